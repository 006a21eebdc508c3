//! Request options in domain form, validated once per request.

use super::{InputError, OptionField, RuleSet, Variant};

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

/// Which characters xiangqi moves are written in, in Chinese notation (spec 2.4): input
/// takes both sets, and the variants players type, whatever this says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ChineseCharacters {
    /// 车 马 炮 相 仕 帅 兵 / 车 马 炮 象 士 将 卒, 进 退 平, 前 中 后: mainland usage, the default.
    #[default]
    Simplified,
    /// 俥 傌 炮 相 仕 帥 兵 / 車 馬 砲 象 士 將 卒, 進 退 平, 前 中 後: Taiwan and Hong Kong usage.
    Traditional,
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

/// Default occurrence that triggers a xiangqi repetition ruling: the third.
pub const DEFAULT_REPETITION_COUNT: u32 = 3;
/// Default xiangqi move limit: 120 plies (60 moves) without capture.
pub const DEFAULT_MOVE_LIMIT_PLIES: u32 = 120;
/// Default checks per side that count toward the xiangqi move limit.
pub const DEFAULT_CHECK_DISCOUNT: u32 = 10;

impl RuleOptions {
    /// The rule set the request names, or `variant`'s default.
    #[must_use]
    pub fn rule_set_for(&self, variant: Variant) -> RuleSet {
        self.rule_set.unwrap_or(variant.default_rule_set())
    }

    /// Checks the ranges that do not depend on the variant.
    pub fn validate(&self) -> Result<(), InputError> {
        if !(2..=5).contains(&self.repetition_count) {
            return Err(InputError::Option {
                field: OptionField::RepetitionCount,
                message: format!(
                    "must be 0 (default {DEFAULT_REPETITION_COUNT}) or 2 to 5, got {}",
                    self.repetition_count
                ),
            });
        }
        if self.move_limit_plies > 10_000 {
            return Err(InputError::Option {
                field: OptionField::MoveLimitPlies,
                message: format!("must be at most 10000, got {}", self.move_limit_plies),
            });
        }
        Ok(())
    }
}
