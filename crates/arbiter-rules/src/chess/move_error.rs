//! Why a chess move text was not accepted: as read against a position
//! ([`MoveParseError`], from [`parse_move`](super::parse_move)), and as a
//! game judges it ([`MoveError`]: an illegal move explained, a move after
//! the end of the game).

use shakmaty::uci::UciMove;

use crate::{IllegalMove, IllegalReason, Outcome};

/// A text that is no move at all, in any notation chess reads.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveSyntaxError {
    /// Nothing but white space.
    #[error("the move is empty")]
    Empty,
    /// Longer than any move can be written (its first 16 characters).
    #[error("'{0}…' is too long to be a move")]
    TooLong(String),
    /// Neither UCI nor SAN (the text, trimmed).
    #[error("'{}' is neither UCI (e2e4, e7e8q, P@e4) nor SAN (Nf3, O-O, @e4)", .0.escape_debug())]
    Unreadable(String),
}

/// Why a move text names no legal move of a position, as
/// [`parse_move`](super::parse_move) reads it: a syntax problem told apart
/// from a well-formed move that is not legal there.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveParseError {
    /// Not a move in UCI or SAN.
    #[error(transparent)]
    Syntax(MoveSyntaxError),
    /// Well-formed UCI that is not a legal move here; [`diagnose`](super::diagnose)
    /// says why.
    #[error("'{0}' is not a legal move in this position")]
    IllegalUci(UciMove),
    /// Well-formed SAN that names no legal move here (the text as given).
    #[error("'{0}' is not a legal move in this position")]
    IllegalSan(String),
    /// SAN that fits more than one legal move (the text as given).
    #[error("'{0}' fits more than one legal move; add the origin file or rank")]
    AmbiguousSan(String),
}

/// Why a game refuses a move text: what the service answers for a move of a
/// history, a search restriction or a record.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// Not a move in UCI or SAN.
    #[error(transparent)]
    Syntax(MoveSyntaxError),
    /// A move, but not a legal one here: the rule it breaks and a sentence
    /// naming the piece and squares (SAN that names no move or several:
    /// [`IllegalReason::NoSuchMove`](crate::IllegalReason::NoSuchMove) or
    /// [`IllegalReason::Ambiguous`](crate::IllegalReason::Ambiguous)).
    #[error(transparent)]
    Illegal(IllegalMove),
    /// The game had already ended before the move.
    #[error("'{text}' follows the end of the game ({outcome})")]
    AfterGameEnd {
        /// The move as written.
        text: String,
        /// How the game had ended.
        outcome: Outcome,
    },
}

impl MoveParseError {
    /// The refusal as a game reports it: an illegal UCI move with the rule
    /// it breaks (`diagnose` finds it), SAN naming no legal move or several
    /// as such.
    pub(super) fn explain(self, diagnose: impl FnOnce(UciMove) -> IllegalMove) -> MoveError {
        let reason = match self {
            MoveParseError::Syntax(syntax) => return MoveError::Syntax(syntax),
            MoveParseError::IllegalUci(uci) => return MoveError::Illegal(diagnose(uci)),
            MoveParseError::IllegalSan(_) => IllegalReason::NoSuchMove,
            MoveParseError::AmbiguousSan(_) => IllegalReason::Ambiguous,
        };
        MoveError::Illegal(IllegalMove {
            reason,
            detail: self.to_string(),
        })
    }
}
