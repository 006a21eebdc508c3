//! The domain core: rules of the games, free of any transport concern.
//!
//! Nothing in here knows about gRPC, protobuf or the async runtime; the
//! transport layer converts wire types into these and back. This module is
//! the vocabulary both games use (the files below re-exported here); the
//! dispatcher over the games, [`Game`], has a file of its own.

pub mod chess;
mod dispatch;
pub mod error;
pub mod options;
pub mod outcome;
pub mod record;
pub mod types;
pub mod xiangqi;

pub use dispatch::{Game, parse_record, write_record};
pub use error::{InputError, OptionField};
pub use options::{ChineseCharacters, LoadOptions, MaterialDraw, RuleOptions, Strictness};
pub use outcome::{Outcome, Reason, RuleSet, Side};
pub use types::{
    CastlingSide, ChasedPiece, IllegalReason, LoopMove, LoopMoveClass, LoopStatus, MoveCoordinates,
    MoveInfo, Notation, PerftReport, PieceInfo, PieceKind, RepetitionInfo, Status, Verdict,
};

/// The games the service knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Western chess under FIDE rules, through shakmaty.
    Chess,
    /// Xiangqi (Chinese chess), with AXF, SIMPLE and CASUAL repetition rules.
    Xiangqi,
}

impl Variant {
    /// Lower-case name for logs and metric labels.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Variant::Chess => "chess",
            Variant::Xiangqi => "xiangqi",
        }
    }

    /// The rule set a game is judged under when a request names none.
    #[must_use]
    pub fn default_rule_set(self) -> RuleSet {
        match self {
            Variant::Chess => RuleSet::Fide,
            Variant::Xiangqi => RuleSet::Axf,
        }
    }
}
