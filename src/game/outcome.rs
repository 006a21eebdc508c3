//! How a game stands: the one outcome model shared by every variant.

use std::fmt;

/// The two sides. In xiangqi, `White` is Red (the side that moves first and
/// is written `w` in FEN).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    White,
    Black,
}

impl Side {
    #[must_use]
    pub fn opponent(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::White => "white",
            Side::Black => "black",
        })
    }
}

/// Why a game ended (or could be ended by a claim).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Reason {
    Checkmate,
    /// Chess: a draw. Xiangqi: the stalemated side loses.
    Stalemate,
    InsufficientMaterial,
    /// Chess (FIDE 9.2): claimable, not automatic.
    ThreefoldRepetition,
    /// Chess (FIDE 9.6.1): ends the game automatically.
    FivefoldRepetition,
    /// Chess (FIDE 9.3): claimable, not automatic.
    FiftyMoveRule,
    /// Chess (FIDE 9.6.2): ends the game automatically.
    SeventyFiveMoveRule,
    /// Xiangqi: one side checked on every move of the repeating loop.
    PerpetualCheck,
    /// Xiangqi: one side chased the same piece on every move of the loop.
    PerpetualChase,
    /// Xiangqi: both sides perpetually checked, or both perpetually chased.
    MutualPerpetual,
    /// Xiangqi: a repetition that no perpetual rule forbids is a draw.
    Repetition,
    /// Xiangqi: the natural move limit without capture was reached.
    MoveLimit,
}

/// The state of a game after the moves so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    Ongoing,
    Decisive { winner: Side, reason: Reason },
    Draw { reason: Reason },
}

impl Outcome {
    #[must_use]
    pub fn is_over(self) -> bool {
        !matches!(self, Outcome::Ongoing)
    }
}

/// The rule set a ruling was made under; every ruling names one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum RuleSet {
    /// FIDE Laws of Chess (Western chess).
    #[default]
    Fide,
    /// Asian / World Xiangqi Federation rules, the xiangqi default.
    Axf,
    /// Xiangqi: only perpetual check loses, any other repetition draws.
    Simple,
    /// Xiangqi: every repetition is a draw.
    Casual,
}
