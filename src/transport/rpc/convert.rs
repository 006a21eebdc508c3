//! Protobuf ↔ domain conversions. Every request field is read here and
//! nowhere else; unknown enum numbers and out-of-range values become
//! `INVALID_ARGUMENT` naming the field. The hand-written LegalMoves answer
//! (`wire`) uses these mappings; nothing here uses `wire`.

use std::time::Duration;

use tonic::Status;

use super::status::{input_error, invalid_argument};
use crate::proto as pb;
use arbiter_engine::{ClockLimits, Strength};
use arbiter_rules::{
    CastlingSide, ChineseCharacters, Diagnosis, Dropped, IllegalReason, LoadOptions, LoopMove,
    LoopMoveClass, LoopStatus, MaterialDraw, MoveCoordinates, MoveInfo, Outcome, PieceInfo,
    PieceKind, PositionProblem, ProblemKind, Reason, RuleOptions, RuleSet, Side,
    Status as GameStatus, Strictness, Variant,
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

/// Longest clock a request may report, per side: a week.
const MAX_CLOCK_MS: u64 = 7 * 24 * 3600 * 1000;

/// Reads a game clock; `overhead` is kept back from every move.
pub fn clock_limits(clock: pb::ClockLimits, overhead: Duration) -> Result<ClockLimits, Status> {
    let pb::ClockLimits {
        white_ms,
        black_ms,
        white_increment_ms,
        black_increment_ms,
        moves_to_go,
    } = clock;
    let millis = |field: &str, ms: u64| {
        if ms > MAX_CLOCK_MS {
            Err(invalid_argument(
                &format!("limits.clock.{field}"),
                &format!("must be at most {MAX_CLOCK_MS} (a week), got {ms}"),
            ))
        } else {
            Ok(Duration::from_millis(ms))
        }
    };
    Ok(ClockLimits {
        white: millis("white_ms", white_ms)?,
        black: millis("black_ms", black_ms)?,
        white_increment: millis("white_increment_ms", white_increment_ms)?,
        black_increment: millis("black_increment_ms", black_increment_ms)?,
        moves_to_go: (moves_to_go > 0).then_some(moves_to_go),
        overhead,
    })
}

/// Reads a strength and its seed; absent means full strength, an absent
/// seed a fresh one.
pub fn strength(strength: Option<pb::Strength>, seed: Option<u64>) -> Result<Strength, Status> {
    use arbiter_engine::strength::{FULL_STRENGTH, MAX_ELO, MIN_ELO, MIN_LEVEL, level_for_elo};
    let level = match strength.and_then(|s| s.value) {
        None => FULL_STRENGTH,
        Some(pb::strength::Value::Level(level)) => u8::try_from(level)
            .ok()
            .filter(|l| (MIN_LEVEL..=FULL_STRENGTH).contains(l))
            .ok_or_else(|| {
                invalid_argument(
                    "strength.level",
                    &format!("must be {MIN_LEVEL} to {FULL_STRENGTH}, got {level}"),
                )
            })?,
        Some(pb::strength::Value::Elo(elo)) if (MIN_ELO..=MAX_ELO).contains(&elo) => {
            level_for_elo(elo)
        }
        Some(pb::strength::Value::Elo(elo)) => {
            return Err(invalid_argument(
                "strength.elo",
                &format!("must be {MIN_ELO} to {MAX_ELO}, got {elo}"),
            ));
        }
    };
    Ok(Strength {
        level,
        seed: seed.unwrap_or_else(arbiter_engine::strength::fresh_seed),
    })
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

fn side(side: Side) -> pb::Side {
    match side {
        Side::White => pb::Side::White,
        Side::Black => pb::Side::Black,
    }
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

fn piece(piece: PieceInfo) -> pb::Piece {
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

fn reason(reason: Reason) -> pb::OutcomeReason {
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

/// The requested view of a move list; unknown numbers are refused.
pub fn move_view(view: i32) -> Result<pb::MoveView, Status> {
    pb::MoveView::try_from(view)
        .map_err(|_| invalid_argument("view", &format!("unknown move view number {view}")))
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

/// The wire LegalMoves answer as prost's struct (the batch's form; the
/// unary call writes the same fields through `wire::EncodedLegalMoves`).
#[must_use]
pub fn legal_moves(moves: Vec<pb::Move>, status: &GameStatus) -> pb::LegalMovesResponse {
    pb::LegalMovesResponse {
        moves,
        fen: status.fen.clone(),
        side_to_move: side(status.side_to_move).into(),
        in_check: status.in_check,
        outcome: Some(outcome(status.outcome, status.offender)),
        rule_set: rule_set(status.rule_set).into(),
    }
}

fn loop_status(status: Option<LoopStatus>) -> pb::LoopStatus {
    match status {
        None => pb::LoopStatus::Unspecified,
        Some(LoopStatus::Allowed) => pb::LoopStatus::Allowed,
        Some(LoopStatus::PerpetualCheck) => pb::LoopStatus::PerpetualCheck,
        Some(LoopStatus::PerpetualChase) => pb::LoopStatus::PerpetualChase,
        Some(LoopStatus::PerpetualMateThreat) => pb::LoopStatus::PerpetualMateThreat,
        Some(LoopStatus::ForbiddenMixed) => pb::LoopStatus::ForbiddenMixed,
    }
}

fn loop_move(m: LoopMove) -> pb::LoopMove {
    pb::LoopMove {
        ply: m.ply,
        side: side(m.side).into(),
        r#move: m.mv,
        class: match m.class {
            LoopMoveClass::Idle => pb::LoopMoveClass::Idle,
            LoopMoveClass::Check => pb::LoopMoveClass::Check,
            LoopMoveClass::MateThreat => pb::LoopMoveClass::MateThreat,
            LoopMoveClass::Chase => pb::LoopMoveClass::Chase,
        }
        .into(),
        chased: m.chased,
    }
}

/// The wire status.
#[must_use]
pub fn status(status: GameStatus) -> pb::GameStatusResponse {
    let GameStatus {
        fen,
        side_to_move,
        in_check,
        outcome: result,
        offender,
        rule_set: rules,
        claimable_draws,
        halfmove_clock,
        fullmove_number,
        repetition,
        move_limit_counter,
    } = status;
    pb::GameStatusResponse {
        fen,
        side_to_move: side(side_to_move).into(),
        in_check,
        outcome: Some(outcome(result, offender)),
        rule_set: rule_set(rules).into(),
        claimable_draws: claimable_draws
            .into_iter()
            .map(|r| reason(r).into())
            .collect(),
        halfmove_clock,
        fullmove_number,
        repetition: repetition.map(|r| pb::Repetition {
            occurrences: r.occurrences,
            adjudicated: r.adjudicated,
            loop_first_ply: r.loop_first_ply,
            loop_last_ply: r.loop_last_ply,
            white_status: loop_status(r.white_status).into(),
            black_status: loop_status(r.black_status).into(),
            chased: r
                .chased
                .into_iter()
                .map(|c| pb::ChasedPiece {
                    piece: Some(piece(c.piece)),
                    square_at_loop_start: c.square_at_loop_start,
                    square_now: c.square_now,
                })
                .collect(),
            explanation: r.explanation,
            loop_moves: r.loop_moves.into_iter().map(loop_move).collect(),
        }),
        move_limit_counter,
    }
}

/// The wire form of an illegal-move reason.
#[must_use]
pub fn illegal_reason(reason: IllegalReason) -> pb::IllegalReason {
    match reason {
        IllegalReason::NoPiece => pb::IllegalReason::NoPiece,
        IllegalReason::OpponentPiece => pb::IllegalReason::OpponentPiece,
        IllegalReason::IllegalPieceMovement => pb::IllegalReason::IllegalPieceMovement,
        IllegalReason::PathBlocked => pb::IllegalReason::PathBlocked,
        IllegalReason::CapturesOwnPiece => pb::IllegalReason::CapturesOwnPiece,
        IllegalReason::LeavesKingInCheck => pb::IllegalReason::LeavesKingInCheck,
        IllegalReason::CastlingRightLost => pb::IllegalReason::CastlingRightLost,
        IllegalReason::CastlingThroughCheck => pb::IllegalReason::CastlingThroughCheck,
        IllegalReason::CastlingOutOfCheck => pb::IllegalReason::CastlingOutOfCheck,
        IllegalReason::BadPromotion => pb::IllegalReason::BadPromotion,
        IllegalReason::GameOver => pb::IllegalReason::GameOver,
        IllegalReason::NoSuchMove => pb::IllegalReason::NoSuchMove,
        IllegalReason::Ambiguous => pb::IllegalReason::Ambiguous,
        IllegalReason::EnPassantUnavailable => pb::IllegalReason::EnPassantUnavailable,
        IllegalReason::GeneralsFacing => pb::IllegalReason::GeneralsFacing,
        IllegalReason::HorseLegBlocked => pb::IllegalReason::HorseLegBlocked,
        IllegalReason::ElephantEyeBlocked => pb::IllegalReason::ElephantEyeBlocked,
        IllegalReason::ElephantCrossesRiver => pb::IllegalReason::ElephantCrossesRiver,
        IllegalReason::MustStayInPalace => pb::IllegalReason::MustStayInPalace,
        IllegalReason::CannonNeedsOneScreen => pb::IllegalReason::CannonNeedsOneScreen,
        IllegalReason::SoldierSidewaysBeforeRiver => pb::IllegalReason::SoldierSidewaysBeforeRiver,
        IllegalReason::SoldierBackward => pb::IllegalReason::SoldierBackward,
        IllegalReason::CaptureRequired => pb::IllegalReason::CaptureRequired,
        IllegalReason::NotInPocket => pb::IllegalReason::NotInPocket,
        IllegalReason::BadDrop => pb::IllegalReason::BadDrop,
        IllegalReason::VariantRule => pb::IllegalReason::VariantRule,
    }
}

/// The wire answer to ValidatePosition.
#[must_use]
pub fn diagnosis(diagnosis: Diagnosis) -> pb::ValidatePositionResponse {
    let Diagnosis {
        valid,
        problems,
        sanitized,
    } = diagnosis;
    let (sanitized_fen, dropped) = sanitized.map_or_else(Default::default, |s| (s.fen, s.dropped));
    pb::ValidatePositionResponse {
        valid,
        problems: problems.into_iter().map(position_problem).collect(),
        sanitized_fen,
        dropped: dropped
            .into_iter()
            .map(|d| match d {
                Dropped::CastlingRight { side: whose, rook } => pb::Dropped {
                    kind: pb::DroppedKind::CastlingRight.into(),
                    side: side(whose).into(),
                    square: rook,
                },
                Dropped::EnPassantSquare(square) => pb::Dropped {
                    kind: pb::DroppedKind::EnPassantSquare.into(),
                    side: pb::Side::Unspecified.into(),
                    square,
                },
            })
            .collect(),
    }
}

fn position_problem(problem: PositionProblem) -> pb::PositionProblem {
    let PositionProblem {
        kind,
        side: whose,
        squares,
        move_index,
        message,
        tolerated,
    } = problem;
    pb::PositionProblem {
        kind: problem_kind(kind).into(),
        side: whose.map_or(pb::Side::Unspecified, side).into(),
        squares,
        message,
        move_index: move_index.map(|i| u32::try_from(i).unwrap_or(u32::MAX)),
        tolerated,
    }
}

fn problem_kind(kind: ProblemKind) -> pb::ProblemKind {
    match kind {
        ProblemKind::Syntax => pb::ProblemKind::Syntax,
        ProblemKind::IllegalMove => pb::ProblemKind::IllegalMove,
        ProblemKind::EmptyBoard => pb::ProblemKind::EmptyBoard,
        ProblemKind::NoKing => pb::ProblemKind::NoKing,
        ProblemKind::TooManyKings => pb::ProblemKind::TooManyKings,
        ProblemKind::PawnsOnBackRank => pb::ProblemKind::PawnsOnBackRank,
        ProblemKind::InvalidCastlingRights => pb::ProblemKind::InvalidCastlingRights,
        ProblemKind::InvalidEnPassant => pb::ProblemKind::InvalidEnPassant,
        ProblemKind::OppositeCheck => pb::ProblemKind::OppositeCheck,
        ProblemKind::TooManyCheckers => pb::ProblemKind::TooManyCheckers,
        ProblemKind::ImpossibleCheck => pb::ProblemKind::ImpossibleCheck,
        ProblemKind::TooMuchMaterial => pb::ProblemKind::TooMuchMaterial,
        ProblemKind::VariantRule => pb::ProblemKind::VariantRule,
        ProblemKind::NoGeneral => pb::ProblemKind::NoGeneral,
        ProblemKind::TooManyGenerals => pb::ProblemKind::TooManyGenerals,
        ProblemKind::GeneralOutsidePalace => pb::ProblemKind::GeneralOutsidePalace,
        ProblemKind::TooManyPieces => pb::ProblemKind::TooManyPieces,
        ProblemKind::TooManyOfKind => pb::ProblemKind::TooManyOfKind,
        ProblemKind::AdvisorOffPoints => pb::ProblemKind::AdvisorOffPoints,
        ProblemKind::ElephantOffPoints => pb::ProblemKind::ElephantOffPoints,
        ProblemKind::SoldierBehindStart => pb::ProblemKind::SoldierBehindStart,
        ProblemKind::SoldierOffStartFiles => pb::ProblemKind::SoldierOffStartFiles,
        ProblemKind::GeneralsFacing => pb::ProblemKind::GeneralsFacing,
    }
}
