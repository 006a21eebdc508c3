//! Request options in domain form, validated once per request.

use super::{InputError, RuleSet};

/// How strictly a FEN is checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Strictness {
    #[default]
    Strict,
    Lenient,
}

/// Xiangqi's insufficient-material rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MaterialDraw {
    None,
    #[default]
    Basic,
}

/// How a position is read from a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LoadOptions {
    pub strictness: Strictness,
    /// Xiangqi coordinates with ranks 1-10 (Fairy-Stockfish) instead of ICCS.
    pub one_based: bool,
}

/// How a game is judged. `rule_set: None` means the variant's default.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RuleOptions {
    pub rule_set: Option<RuleSet>,
    /// Xiangqi: occurrence that triggers a repetition ruling (2..=5).
    pub repetition_count: u32,
    /// Xiangqi: plies without capture before the draw; 0 disables.
    pub move_limit_plies: u32,
    /// Xiangqi: checks per side that count toward the move limit.
    pub check_discount: u32,
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

pub const DEFAULT_REPETITION_COUNT: u32 = 3;
pub const DEFAULT_MOVE_LIMIT_PLIES: u32 = 120;
pub const DEFAULT_CHECK_DISCOUNT: u32 = 10;

impl RuleOptions {
    /// Checks the ranges that do not depend on the variant.
    pub fn validate(&self) -> Result<(), InputError> {
        if !(2..=5).contains(&self.repetition_count) {
            return Err(InputError::Option {
                field: "options.repetition_count",
                message: format!(
                    "must be 0 (default {DEFAULT_REPETITION_COUNT}) or 2 to 5, got {}",
                    self.repetition_count
                ),
            });
        }
        if self.move_limit_plies > 10_000 {
            return Err(InputError::Option {
                field: "options.move_limit_plies",
                message: format!("must be at most 10000, got {}", self.move_limit_plies),
            });
        }
        Ok(())
    }
}
