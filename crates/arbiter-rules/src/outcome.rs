//! How a game stands: the one outcome model shared by every variant.

use std::fmt;

/// The two sides. In xiangqi, `White` is Red (the side that moves first and
/// is written `w` in FEN).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    /// Chess White; xiangqi Red. Moves first.
    White,
    /// Black in both games.
    Black,
}

impl Side {
    /// The other side.
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
    /// The side to move is in check and has no legal move; it loses.
    Checkmate,
    /// Chess: a draw. Xiangqi: the stalemated side loses.
    Stalemate,
    /// Neither side can win with the material left (chess: shakmaty's
    /// insufficient-material test; xiangqi: the material-draw option).
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
    /// Xiangqi, Chinese rules: one side threatened mate (by a check or a series of
    /// checks) on every move of the loop.
    PerpetualMateThreat,
    /// Xiangqi, Chinese rules: one side checked, threatened mate or chased on every
    /// move of the loop, mixing them (one check one chase, one check one mate threat, ...).
    ForbiddenMixed,
    /// Atomic: the loser's king was caught in an explosion.
    KingExploded,
    /// Antichess: the winner, to move, has no piece left.
    PiecesGivenAway,
    /// King of the Hill: the winner's king reached the centre.
    KingOfTheHill,
    /// Three-check: the winner gave its third check.
    ThirdCheck,
    /// Racing Kings: a king reached the eighth rank (a win), or both did (a draw).
    RaceFinished,
    /// Horde: black captured every white piece.
    HordeDestroyed,
}

/// A short phrase for messages, e.g. `fifty-move rule`.
impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::InsufficientMaterial => "insufficient material",
            Reason::ThreefoldRepetition => "threefold repetition",
            Reason::FivefoldRepetition => "fivefold repetition",
            Reason::FiftyMoveRule => "fifty-move rule",
            Reason::SeventyFiveMoveRule => "seventy-five-move rule",
            Reason::PerpetualCheck => "perpetual check",
            Reason::PerpetualChase => "perpetual chase",
            Reason::MutualPerpetual => "mutual perpetual",
            Reason::Repetition => "repetition",
            Reason::MoveLimit => "move limit",
            Reason::PerpetualMateThreat => "perpetual mate threat",
            Reason::ForbiddenMixed => "mixed perpetual attack",
            Reason::KingExploded => "king exploded",
            Reason::PiecesGivenAway => "all pieces given away",
            Reason::KingOfTheHill => "king of the hill",
            Reason::ThirdCheck => "third check",
            Reason::RaceFinished => "king reached the eighth rank",
            Reason::HordeDestroyed => "horde destroyed",
        })
    }
}

/// The state of a game after the moves so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// No rule ended the game.
    Ongoing,
    /// One side won.
    Decisive {
        /// The side that won.
        winner: Side,
        /// The rule that decided it.
        reason: Reason,
    },
    /// The game is drawn.
    Draw {
        /// The rule that drew it.
        reason: Reason,
    },
}

impl Outcome {
    /// Whether the game has ended: anything but [`Outcome::Ongoing`].
    #[must_use]
    pub fn is_over(self) -> bool {
        !matches!(self, Outcome::Ongoing)
    }

    /// The side that lost a decisive game. When the outcome is what playing a
    /// move would lead to (a forbidden repetition), it is the side that would
    /// complete the repetition: the offender.
    #[must_use]
    pub fn loser(self) -> Option<Side> {
        match self {
            Outcome::Decisive { winner, .. } => Some(winner.opponent()),
            Outcome::Ongoing | Outcome::Draw { .. } => None,
        }
    }
}

/// The reason that ended the game (`checkmate`), or `ongoing`.
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Ongoing => f.write_str("ongoing"),
            Outcome::Decisive { reason, .. } | Outcome::Draw { reason } => reason.fmt(f),
        }
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
    /// Xiangqi: the Chinese Xiangqi Association's rules as implemented, an
    /// approximation of an arbiter's judgement (perpetual check, mate threat,
    /// chase and their mixtures are forbidden).
    Chinese,
}

impl RuleSet {
    /// The name the contract and the explanations use (`AXF`, `SIMPLE`, ...).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            RuleSet::Fide => "FIDE",
            RuleSet::Axf => "AXF",
            RuleSet::Simple => "SIMPLE",
            RuleSet::Casual => "CASUAL",
            RuleSet::Chinese => "CHINESE",
        }
    }
}
