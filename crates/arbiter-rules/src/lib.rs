//! The domain core: rules of the games, free of any transport concern.
//!
//! Nothing in here knows about gRPC, protobuf or the async runtime; the
//! transport layer converts wire types into these and back. This module is
//! the vocabulary both games use (the files below re-exported here); the
//! dispatcher over the games, [`Game`], has a file of its own.

#![deny(missing_docs)]

pub mod chess;
mod dispatch;
mod error;
mod options;
mod outcome;
pub mod record;
mod types;
pub mod xiangqi;

pub use dispatch::{Game, parse_record, write_record};
pub use error::{FenError, InputError, MoveError};
pub use options::{LoadOptions, MaterialDraw, OptionError, OptionField, RuleOptions, Strictness};
pub use outcome::{Outcome, Reason, RuleSet, Side};
pub use types::{
    CastlingSide, ChasedPiece, ChineseCharacters, IllegalMove, IllegalReason, LoopMove,
    LoopMoveClass, LoopStatus, MoveCoordinates, MoveInfo, Notation, PerftReport, PieceInfo,
    PieceKind, RepetitionInfo, Status, Verdict,
};

/// The games the service knows. Every variant but xiangqi is a chess game
/// (played by `chess::ChessGame`, whose `chess::ChessRules` say how the variant
/// differs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Western chess under FIDE rules, through shakmaty.
    Chess,
    /// Xiangqi (Chinese chess), with AXF, SIMPLE and CASUAL repetition rules.
    Xiangqi,
    /// Chess960 (and Double Fischer Random): chess from a shuffled back rank.
    Chess960,
    /// Atomic chess (Lichess rules): captures explode.
    Atomic,
    /// Antichess (giveaway, Lichess rules): capturing is compulsory, losing everything wins.
    Antichess,
    /// King of the Hill: a king on d4, e4, d5 or e5 wins.
    KingOfTheHill,
    /// Three-check: the third check wins.
    ThreeCheck,
    /// Crazyhouse: captured pieces are dropped back in.
    Crazyhouse,
    /// Racing Kings: the first king on the eighth rank wins.
    RacingKings,
    /// Horde: 36 white pawns against the black army.
    Horde,
}

impl Variant {
    /// Every variant, in the contract's order.
    pub const ALL: [Variant; 10] = [
        Variant::Chess,
        Variant::Xiangqi,
        Variant::Chess960,
        Variant::Atomic,
        Variant::Antichess,
        Variant::KingOfTheHill,
        Variant::ThreeCheck,
        Variant::Crazyhouse,
        Variant::RacingKings,
        Variant::Horde,
    ];

    /// Lower-case name for logs and metric labels (the chess variants as
    /// Lichess's API spells them, in snake case).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Variant::Chess => "chess",
            Variant::Xiangqi => "xiangqi",
            Variant::Chess960 => "chess960",
            Variant::Atomic => "atomic",
            Variant::Antichess => "antichess",
            Variant::KingOfTheHill => "king_of_the_hill",
            Variant::ThreeCheck => "three_check",
            Variant::Crazyhouse => "crazyhouse",
            Variant::RacingKings => "racing_kings",
            Variant::Horde => "horde",
        }
    }

    /// Whether the variant is a chess game (everything but xiangqi).
    #[must_use]
    pub fn is_chess(self) -> bool {
        self != Variant::Xiangqi
    }

    /// The rule set a game is judged under when a request names none.
    #[must_use]
    pub fn default_rule_set(self) -> RuleSet {
        match self {
            Variant::Xiangqi => RuleSet::Axf,
            _ => RuleSet::Fide,
        }
    }
}
