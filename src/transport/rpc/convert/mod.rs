//! Protobuf ↔ domain conversions, the one home of every mapping between the
//! wire and the rules or the engine. Every request field is read here and
//! nowhere else; unknown enum numbers and out-of-range values become
//! `INVALID_ARGUMENT` naming the field. What all services share (a position,
//! a move, an outcome, the rule options) is at this level; what one service
//! alone reads or answers is in its module: [`rules`], [`engine`],
//! [`records`]. The hand-written LegalMoves answer (`wire`) uses these
//! mappings; nothing here uses `wire`.

pub mod engine;
pub mod records;
pub mod rules;

use tonic::Status;

use super::status::{input_error, invalid_argument};
use crate::proto as pb;
use arbiter_rules::{
    CastlingSide, ChineseCharacters, LoadOptions, MaterialDraw, MoveCoordinates, MoveInfo, Outcome,
    PieceInfo, PieceKind, Reason, RuleOptions, RuleSet, Side, Strictness, Variant,
};

/// A request's position in domain terms.
#[derive(Debug, Clone)]
pub struct PositionInput {
    /// The game the position belongs to.
    pub variant: Variant,
    /// The FEN as sent, not yet read.
    pub fen: String,
    /// The history as sent, in order, not yet parsed; at most the configured history limit.
    pub moves: Vec<String>,
    /// How the FEN and moves are read (strictness, coordinates).
    pub load: LoadOptions,
}

/// Reads `position`, enforcing the history limit.
pub fn position(
    position: Option<pb::Position>,
    max_history_moves: usize,
) -> Result<PositionInput, Status> {
    let Some(pb::Position {
        variant,
        fen,
        moves,
        coordinates,
        fen_strictness,
        chinese_characters,
    }) = position
    else {
        return Err(invalid_argument("position", "is required"));
    };
    let (variant, load) = position_settings(
        variant,
        moves.len(),
        coordinates,
        fen_strictness,
        chinese_characters,
        max_history_moves,
    )?;
    Ok(PositionInput {
        variant,
        fen,
        moves,
        load,
    })
}

/// The domain's variant; `None` for VARIANT_UNSPECIFIED.
#[must_use]
pub fn variant_from_wire(variant: pb::Variant) -> Option<Variant> {
    Some(match variant {
        pb::Variant::Unspecified => return None,
        pb::Variant::Chess => Variant::Chess,
        pb::Variant::Xiangqi => Variant::Xiangqi,
        pb::Variant::Chess960 => Variant::Chess960,
        pb::Variant::Atomic => Variant::Atomic,
        pb::Variant::Antichess => Variant::Antichess,
        pb::Variant::KingOfTheHill => Variant::KingOfTheHill,
        pb::Variant::ThreeCheck => Variant::ThreeCheck,
        pb::Variant::Crazyhouse => Variant::Crazyhouse,
        pb::Variant::RacingKings => Variant::RacingKings,
        pb::Variant::Horde => Variant::Horde,
    })
}

/// The wire variant.
#[must_use]
pub fn variant_to_wire(variant: Variant) -> pb::Variant {
    match variant {
        Variant::Chess => pb::Variant::Chess,
        Variant::Xiangqi => pb::Variant::Xiangqi,
        Variant::Chess960 => pb::Variant::Chess960,
        Variant::Atomic => pb::Variant::Atomic,
        Variant::Antichess => pb::Variant::Antichess,
        Variant::KingOfTheHill => pb::Variant::KingOfTheHill,
        Variant::ThreeCheck => pb::Variant::ThreeCheck,
        Variant::Crazyhouse => pb::Variant::Crazyhouse,
        Variant::RacingKings => pb::Variant::RacingKings,
        Variant::Horde => pb::Variant::Horde,
    }
}

/// The checks every position gets: a known variant, the history limit,
/// known coordinates, strictness and character-set numbers.
fn position_settings(
    variant: i32,
    move_count: usize,
    coordinates: i32,
    fen_strictness: i32,
    chinese_characters: i32,
    max_history_moves: usize,
) -> Result<(Variant, LoadOptions), Status> {
    let variant = match pb::Variant::try_from(variant).map(variant_from_wire) {
        Ok(Some(variant)) => variant,
        Ok(None) => {
            return Err(invalid_argument(
                "position.variant",
                "is required (VARIANT_CHESS, VARIANT_XIANGQI or a chess variant)",
            ));
        }
        Err(_) => {
            return Err(invalid_argument(
                "position.variant",
                &format!("unknown variant number {variant}"),
            ));
        }
    };
    if move_count > max_history_moves {
        return Err(invalid_argument(
            "position.moves",
            &format!("{move_count} moves exceed the limit of {max_history_moves}"),
        ));
    }
    let (one_based, king_square_castling) = match pb::Coordinates::try_from(coordinates) {
        Ok(pb::Coordinates::Unspecified) => (false, false),
        Ok(pb::Coordinates::OneBased) => (true, false),
        Ok(pb::Coordinates::KingTwoSquaresCastling) => (false, true),
        Err(_) => {
            return Err(invalid_argument(
                "position.coordinates",
                &format!("unknown coordinates number {coordinates}"),
            ));
        }
    };
    let strictness = match pb::FenStrictness::try_from(fen_strictness) {
        Ok(pb::FenStrictness::Unspecified | pb::FenStrictness::Strict) => Strictness::Strict,
        Ok(pb::FenStrictness::Lenient) => Strictness::Lenient,
        Err(_) => {
            return Err(invalid_argument(
                "position.fen_strictness",
                &format!("unknown strictness number {fen_strictness}"),
            ));
        }
    };
    let chinese = match pb::ChineseCharacters::try_from(chinese_characters) {
        Ok(pb::ChineseCharacters::Unspecified | pb::ChineseCharacters::Simplified) => {
            ChineseCharacters::Simplified
        }
        Ok(pb::ChineseCharacters::Traditional) => ChineseCharacters::Traditional,
        Err(_) => {
            return Err(invalid_argument(
                "position.chinese_characters",
                &format!("unknown character set number {chinese_characters}"),
            ));
        }
    };
    Ok((
        variant,
        LoadOptions {
            strictness,
            one_based,
            king_square_castling,
            chinese,
        },
    ))
}

/// Reads `options`; absent means the variant's defaults.
pub fn rule_options(options: Option<pb::RuleOptions>) -> Result<RuleOptions, Status> {
    let Some(pb::RuleOptions {
        rule_set,
        repetition_count,
        move_limit_plies,
        check_discount,
        material_draw,
        claim_draws,
    }) = options
    else {
        return Ok(RuleOptions::default());
    };
    let defaults = RuleOptions::default();
    let rule_set = match pb::RuleSet::try_from(rule_set) {
        Ok(pb::RuleSet::Unspecified) => None,
        Ok(pb::RuleSet::Fide) => Some(RuleSet::Fide),
        Ok(pb::RuleSet::Axf) => Some(RuleSet::Axf),
        Ok(pb::RuleSet::Simple) => Some(RuleSet::Simple),
        Ok(pb::RuleSet::Casual) => Some(RuleSet::Casual),
        Ok(pb::RuleSet::Chinese) => Some(RuleSet::Chinese),
        Err(_) => {
            return Err(invalid_argument(
                "options.rule_set",
                &format!("unknown rule set number {rule_set}"),
            ));
        }
    };
    let material_draw = match pb::MaterialDraw::try_from(material_draw) {
        Ok(pb::MaterialDraw::Unspecified | pb::MaterialDraw::Basic) => MaterialDraw::Basic,
        Ok(pb::MaterialDraw::None) => MaterialDraw::None,
        Err(_) => {
            return Err(invalid_argument(
                "options.material_draw",
                &format!("unknown material-draw number {material_draw}"),
            ));
        }
    };
    let options = RuleOptions {
        rule_set,
        repetition_count: if repetition_count == 0 {
            defaults.repetition_count
        } else {
            repetition_count
        },
        move_limit_plies: move_limit_plies.unwrap_or(defaults.move_limit_plies),
        check_discount: check_discount.unwrap_or(defaults.check_discount),
        material_draw,
        claim_draws,
    };
    options.validate().map_err(input_error)?;
    Ok(options)
}

/// The wire side (also `pb::Side::from`, which the hand codec uses).
pub(super) fn side(side: Side) -> pb::Side {
    side.into()
}

pub(super) fn piece_kind(kind: PieceKind) -> pb::PieceKind {
    match kind {
        PieceKind::Pawn => pb::PieceKind::Pawn,
        PieceKind::Knight => pb::PieceKind::Knight,
        PieceKind::Bishop => pb::PieceKind::Bishop,
        PieceKind::Rook => pb::PieceKind::Rook,
        PieceKind::Queen => pb::PieceKind::Queen,
        PieceKind::King => pb::PieceKind::King,
        PieceKind::General => pb::PieceKind::General,
        PieceKind::Advisor => pb::PieceKind::Advisor,
        PieceKind::Elephant => pb::PieceKind::Elephant,
        PieceKind::Horse => pb::PieceKind::Horse,
        PieceKind::Chariot => pb::PieceKind::Chariot,
        PieceKind::Cannon => pb::PieceKind::Cannon,
        PieceKind::Soldier => pb::PieceKind::Soldier,
    }
}

pub(super) fn piece(piece: PieceInfo) -> pb::Piece {
    pb::Piece {
        side: side(piece.side).into(),
        kind: piece_kind(piece.kind).into(),
    }
}

/// The wire form of a rule set.
#[must_use]
pub fn rule_set(rule_set: RuleSet) -> pb::RuleSet {
    match rule_set {
        RuleSet::Fide => pb::RuleSet::Fide,
        RuleSet::Axf => pb::RuleSet::Axf,
        RuleSet::Simple => pb::RuleSet::Simple,
        RuleSet::Casual => pb::RuleSet::Casual,
        RuleSet::Chinese => pb::RuleSet::Chinese,
    }
}

pub(super) fn reason(reason: Reason) -> pb::OutcomeReason {
    match reason {
        Reason::Checkmate => pb::OutcomeReason::Checkmate,
        Reason::Stalemate => pb::OutcomeReason::Stalemate,
        Reason::InsufficientMaterial => pb::OutcomeReason::InsufficientMaterial,
        Reason::ThreefoldRepetition => pb::OutcomeReason::ThreefoldRepetition,
        Reason::FivefoldRepetition => pb::OutcomeReason::FivefoldRepetition,
        Reason::FiftyMoveRule => pb::OutcomeReason::FiftyMoveRule,
        Reason::SeventyFiveMoveRule => pb::OutcomeReason::SeventyFiveMoveRule,
        Reason::PerpetualCheck => pb::OutcomeReason::PerpetualCheck,
        Reason::PerpetualChase => pb::OutcomeReason::PerpetualChase,
        Reason::MutualPerpetual => pb::OutcomeReason::MutualPerpetual,
        Reason::Repetition => pb::OutcomeReason::RepetitionDraw,
        Reason::MoveLimit => pb::OutcomeReason::MoveLimit,
        Reason::PerpetualMateThreat => pb::OutcomeReason::PerpetualMateThreat,
        Reason::ForbiddenMixed => pb::OutcomeReason::ForbiddenMixed,
        Reason::KingExploded => pb::OutcomeReason::KingExploded,
        Reason::PiecesGivenAway => pb::OutcomeReason::PiecesGivenAway,
        Reason::KingOfTheHill => pb::OutcomeReason::KingOfTheHill,
        Reason::ThirdCheck => pb::OutcomeReason::ThirdCheck,
        Reason::RaceFinished => pb::OutcomeReason::RaceFinished,
        Reason::HordeDestroyed => pb::OutcomeReason::HordeDestroyed,
    }
}

/// The wire outcome; `offender` is the side that broke a repetition rule.
#[must_use]
pub fn outcome(outcome: Outcome, offender: Option<Side>) -> pb::Outcome {
    let (result, why) = match outcome {
        Outcome::Ongoing => (pb::Result::Ongoing, pb::OutcomeReason::Unspecified),
        Outcome::Decisive {
            winner: Side::White,
            reason: r,
        } => (pb::Result::WhiteWins, reason(r)),
        Outcome::Decisive {
            winner: Side::Black,
            reason: r,
        } => (pb::Result::BlackWins, reason(r)),
        Outcome::Draw { reason: r } => (pb::Result::Draw, reason(r)),
    };
    pb::Outcome {
        result: result.into(),
        reason: why.into(),
        offender: offender.map_or(pb::Side::Unspecified, side).into(),
    }
}

/// The wire outcome of playing a move that completes a forbidden repetition,
/// naming the offender the domain rules on.
pub(super) fn repetition_outcome(outcome_if_played: Outcome) -> pb::Outcome {
    outcome(outcome_if_played, outcome_if_played.loser())
}

/// The wire move, coordinates only.
#[must_use]
pub fn move_coordinates(m: MoveCoordinates) -> pb::Move {
    pb::Move {
        uci: m.uci.to_string(),
        uci_one_based: m.uci_one_based.map(|n| n.to_string()).unwrap_or_default(),
        forbidden_repetition: m.forbidden_repetition.is_some(),
        repetition_outcome: m.forbidden_repetition.map(repetition_outcome),
        ..pb::Move::default()
    }
}

pub(super) fn castling(castling: Option<CastlingSide>) -> pb::Castling {
    match castling {
        None => pb::Castling::Unspecified,
        Some(CastlingSide::Kingside) => pb::Castling::Kingside,
        Some(CastlingSide::Queenside) => pb::Castling::Queenside,
    }
}

/// The wire move.
#[must_use]
pub fn move_info(info: MoveInfo) -> pb::Move {
    let MoveInfo {
        uci,
        san,
        uci_one_based,
        chinese,
        from,
        to,
        piece: mover,
        captured,
        check,
        castling,
        en_passant,
        promotion,
        drop,
        explosion_squares,
        forbidden_repetition,
    } = info;
    pb::Move {
        uci: uci.to_string(),
        san: san.to_string(),
        uci_one_based: uci_one_based.map(|n| n.to_string()).unwrap_or_default(),
        from: from.to_string(),
        chinese: chinese.to_string(),
        to: to.to_string(),
        piece: Some(piece(mover)),
        capture: captured.is_some(),
        captured: captured.map(piece),
        check,
        castling: self::castling(castling).into(),
        en_passant,
        promotion: promotion
            .map_or(pb::PieceKind::Unspecified, piece_kind)
            .into(),
        forbidden_repetition: forbidden_repetition.is_some(),
        repetition_outcome: forbidden_repetition.map(repetition_outcome),
        drop,
        explosion_squares: explosion_squares.iter().map(ToString::to_string).collect(),
    }
}

impl From<Side> for pb::Side {
    fn from(side: Side) -> Self {
        match side {
            Side::White => pb::Side::White,
            Side::Black => pb::Side::Black,
        }
    }
}
