//! Request options in domain form, validated once per request, and what can
//! be wrong with them ([`OptionError`], naming its [`OptionField`]).

use crate::{
    ChineseCharacters, RuleSet, Variant,
    record::{LinePath, RecordNotation},
};

/// How strictly a FEN is checked, in both games.
///
/// Chess: `Strict` rejects anything shakmaty (and Stockfish) would not handle;
/// `Lenient` also accepts impossible checks and too much material, and drops
/// invalid castling rights or en-passant squares instead of rejecting them.
///
/// Xiangqi (spec 3.3): `Strict` adds the piece-count and piece-placement checks
/// Pikafish makes; `Lenient` accepts anything Fairy-Stockfish's `validate_fen`
/// would, except the always-fatal cases (general count and palace, more than 16
/// pieces, the side not to move in check).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Strictness {
    /// The default: the checks the reference engines make.
    #[default]
    Strict,
    /// Accept what the game's lenient reader can still play, as described above.
    Lenient,
}

/// When bare material ends a xiangqi game (spec 9). Chess always applies
/// FIDE's dead-position rule and ignores this.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum MaterialDraw {
    /// Never.
    None,
    /// Draw when neither side has a chariot, horse, cannon or soldier.
    #[default]
    Basic,
}

/// How a position is read from a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LoadOptions {
    /// How strictly the FEN is checked.
    pub strictness: Strictness,
    /// Xiangqi coordinates with ranks 1-10 (Fairy-Stockfish) instead of ICCS.
    pub one_based: bool,
    /// Chess960: castling may also be written as the king's move to the square
    /// it castles to (`e1g1`), where that names one castling and no other king
    /// move; king takes rook (`e1h1`) is always read. The other chess
    /// variants write castling that way anyway.
    pub king_square_castling: bool,
    /// Xiangqi: the characters moves are described in, in Chinese notation; chess has none.
    pub chinese: ChineseCharacters,
}

/// How a game is judged. `rule_set: None` means the variant's default.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RuleOptions {
    /// The rule set; `None` means the variant's default (chess FIDE, xiangqi AXF).
    pub rule_set: Option<RuleSet>,
    /// Xiangqi: occurrence that triggers a repetition ruling (2..=5).
    pub repetition_count: u32,
    /// Xiangqi: plies without capture before the draw; 0 disables.
    pub move_limit_plies: u32,
    /// Xiangqi: checks per side that count toward the move limit.
    pub check_discount: u32,
    /// Xiangqi: when bare material draws; chess ignores it.
    pub material_draw: MaterialDraw,
    /// Chess: treat claimable draws as claimed.
    pub claim_draws: bool,
}

impl Default for RuleOptions {
    fn default() -> Self {
        RuleOptions {
            rule_set: None,
            repetition_count: DEFAULT_REPETITION_COUNT,
            move_limit_plies: DEFAULT_MOVE_LIMIT_PLIES,
            check_discount: DEFAULT_CHECK_DISCOUNT,
            material_draw: MaterialDraw::Basic,
            claim_draws: false,
        }
    }
}

/// The longest move limit a request may set, in plies.
pub(crate) const MAX_MOVE_LIMIT_PLIES: u32 = 10_000;

/// Default occurrence that triggers a xiangqi repetition ruling: the third.
pub(crate) const DEFAULT_REPETITION_COUNT: u32 = 3;
/// Default xiangqi move limit: 120 plies (60 moves) without capture.
pub(crate) const DEFAULT_MOVE_LIMIT_PLIES: u32 = 120;
/// Default checks per side that count toward the xiangqi move limit.
pub(crate) const DEFAULT_CHECK_DISCOUNT: u32 = 10;

impl RuleOptions {
    /// The rule set the request names, or `variant`'s default.
    #[must_use]
    pub fn rule_set_for(&self, variant: Variant) -> RuleSet {
        self.rule_set.unwrap_or(variant.default_rule_set())
    }

    /// Checks the ranges that do not depend on the variant.
    pub fn validate(&self) -> Result<(), OptionError> {
        if !(2..=5).contains(&self.repetition_count) {
            return Err(OptionError::RepetitionCount(self.repetition_count));
        }
        if self.move_limit_plies > MAX_MOVE_LIMIT_PLIES {
            return Err(OptionError::MoveLimitPlies(self.move_limit_plies));
        }
        Ok(())
    }
}

/// A request setting the domain can refuse; the transport names the wire
/// field it came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OptionField {
    /// `rule_set`: a rule set of the other game.
    RuleSet,
    /// `repetition_count`: outside 2 to 5.
    RepetitionCount,
    /// `move_limit_plies`: above 10000.
    MoveLimitPlies,
    /// `claim_draws`: set for xiangqi, which has no claimable draws.
    ClaimDraws,
    /// How the position's coordinates are written.
    Coordinates,
    /// The variant, where it does not fit what was asked of it.
    Variant,
    /// A game record's format that does not fit the variant (XQF for chess).
    RecordFormat,
    /// A record's move notation that does not fit the variant.
    RecordNotation,
    /// A record's annotations that cannot be written (a variation's move
    /// that is not legal where it stands, a ply past the line's end).
    RecordAnnotations,
}

impl OptionField {
    /// The setting's name in messages.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            OptionField::RuleSet => "rule_set",
            OptionField::RepetitionCount => "repetition_count",
            OptionField::MoveLimitPlies => "move_limit_plies",
            OptionField::ClaimDraws => "claim_draws",
            OptionField::Coordinates => "coordinates",
            OptionField::Variant => "variant",
            OptionField::RecordFormat => "format",
            OptionField::RecordNotation => "notation",
            OptionField::RecordAnnotations => "annotations",
        }
    }
}

/// A setting that does not fit the variant, is out of range, or asks a
/// record format for what it cannot hold. Each names its setting
/// ([`OptionError::field`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    /// FIDE asked of xiangqi.
    #[error("FIDE is the chess rule set; xiangqi supports AXF, SIMPLE, CASUAL and CHINESE")]
    FideForXiangqi,
    /// A xiangqi rule set asked of chess.
    #[error("{0:?} is a xiangqi rule set; chess supports FIDE")]
    XiangqiRuleSetForChess(RuleSet),
    /// A repetition count outside 2 to 5 (0 having been read as the default).
    #[error("must be 0 (default {DEFAULT_REPETITION_COUNT}) or 2 to 5, got {0}")]
    RepetitionCount(u32),
    /// A move limit above 10000 plies.
    #[error("must be at most {MAX_MOVE_LIMIT_PLIES}, got {0}")]
    MoveLimitPlies(u32),
    /// Claimed draws asked of xiangqi, which has none to claim.
    #[error("xiangqi has no claimable draws")]
    ClaimDrawsForXiangqi,
    /// One-based coordinates asked of chess: they exist for xiangqi only.
    #[error("one-based coordinates exist only for xiangqi")]
    OneBasedForChess,
    /// Castling as the king's move to its square asked of xiangqi.
    #[error("castling coordinates exist only for chess")]
    CastlingForXiangqi,
    /// Xiangqi given to a chess game's loader.
    #[error("xiangqi is not a chess variant")]
    NotChess,
    /// XQF asked of chess.
    #[error("XQF is a xiangqi format; chess records are PGN")]
    XqfForChess,
    /// A xiangqi notation asked of chess PGN.
    #[error("chess PGN writes its moves in SAN")]
    XiangqiNotationForChess(RecordNotation),
    /// SAN asked of xiangqi PGN.
    #[error("SAN is chess's notation; xiangqi PGN writes ICCS, WXF or Chinese")]
    SanForXiangqi,
    /// Annotations asked of a format that has none (all but chess PGN).
    #[error("only chess PGN writes comments, NAGs and variations")]
    AnnotationsNotWritten,
    /// An annotation out of ply order, or past its line's last move.
    #[error(
        "{line}annotations[{annotation}]: ply {ply} is not after the previous annotation's and within the line's {moves} moves",
        line = line.prefix()
    )]
    AnnotationPly {
        /// The line the annotation belongs to.
        line: LinePath,
        /// The annotation's index in the line's list.
        annotation: usize,
        /// The ply it gives.
        ply: usize,
        /// The line's moves.
        moves: usize,
    },
    /// A variation's move that cannot be played where it stands.
    #[error("{line}.moves[{index}]: {error}")]
    VariationMove {
        /// The variation.
        line: LinePath,
        /// The move's index in the variation.
        index: usize,
        /// Why it cannot be played.
        error: crate::chess::MoveError,
    },
}

impl OptionError {
    /// The setting at fault.
    #[must_use]
    pub fn field(&self) -> OptionField {
        match self {
            OptionError::FideForXiangqi | OptionError::XiangqiRuleSetForChess(_) => {
                OptionField::RuleSet
            }
            OptionError::RepetitionCount(_) => OptionField::RepetitionCount,
            OptionError::MoveLimitPlies(_) => OptionField::MoveLimitPlies,
            OptionError::ClaimDrawsForXiangqi => OptionField::ClaimDraws,
            OptionError::OneBasedForChess | OptionError::CastlingForXiangqi => {
                OptionField::Coordinates
            }
            OptionError::NotChess => OptionField::Variant,
            OptionError::XqfForChess => OptionField::RecordFormat,
            OptionError::XiangqiNotationForChess(_) | OptionError::SanForXiangqi => {
                OptionField::RecordNotation
            }
            OptionError::AnnotationsNotWritten
            | OptionError::AnnotationPly { .. }
            | OptionError::VariationMove { .. } => OptionField::RecordAnnotations,
        }
    }
}
