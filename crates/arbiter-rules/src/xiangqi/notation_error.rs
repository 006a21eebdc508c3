//! Why a xiangqi move text was not accepted, in any of the notations (`notation.rs`,
//! `chinese.rs`): one error type, so that every caller reports them alike; and
//! [`MoveError`], a game's refusal, which adds the move played after the end.

use std::fmt;

use super::types::Move;
use crate::{IllegalMove, Outcome, PieceKind};

/// Why a move string was not accepted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotationError {
    /// The text is empty.
    Empty,
    /// Not shaped like any accepted notation.
    Malformed(String),
    /// A coordinate outside the board; `hint` points at a likely 0/1-based mix-up.
    BadSquare {
        /// The text as given.
        input: String,
        /// A sentence about the likely mix-up, when there is one.
        hint: Option<&'static str>,
    },
    /// A WXF piece letter that names no xiangqi piece.
    UnknownPiece(char),
    /// The WXF string names a file on which the side to move has no such piece.
    NoSuchPiece {
        /// The text as given.
        input: String,
        /// The kind it names.
        piece: PieceKind,
        /// The file it names, 1-9 from the mover's right as WXF counts.
        file: u8,
    },
    /// Several legal moves fit the WXF string.
    Ambiguous {
        /// The text as given.
        input: String,
        /// Every legal move that fits, for the message.
        candidates: Vec<Move>,
    },
    /// The WXF or Chinese string is well formed but no legal move fits it.
    NoMatchingMove(String),
    /// Text in Chinese characters that is not shaped like a move in Chinese notation.
    Chinese {
        /// The text as given.
        input: String,
        /// What is wrong with it, for the message.
        problem: String,
    },
    /// A Chinese marker (前, 中, 后) or number picks one of several pieces on a file, but
    /// the side to move has no such tandem.
    NoSuchTandem {
        /// The text as given.
        input: String,
        /// The kind it names.
        piece: PieceKind,
    },
    /// The coordinates are fine but the move is illegal here.
    Illegal(IllegalMove),
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Empty => f.write_str("empty move"),
            NotationError::Malformed(s) => write!(
                f,
                "'{s}' is not a move in ICCS (h2e2), 1-based (h3e3), WXF (C2=5) or Chinese (炮二平五) notation"
            ),
            NotationError::BadSquare { input, hint } => {
                write!(f, "'{input}' names a point off the board")?;
                if let Some(h) = hint {
                    write!(f, " ({h})")?;
                }
                Ok(())
            }
            NotationError::UnknownPiece(c) => {
                write!(
                    f,
                    "unknown piece letter '{c}' (expected K A E H R C P, or B N)"
                )
            }
            NotationError::NoSuchPiece { input, piece, file } => {
                write!(
                    f,
                    "'{input}': the side to move has no {} on file {file}",
                    piece.name()
                )
            }
            NotationError::Ambiguous { input, candidates } => {
                write!(f, "'{input}' is ambiguous: it fits")?;
                for m in candidates {
                    write!(f, " {m}")?;
                }
                Ok(())
            }
            NotationError::NoMatchingMove(s) => write!(f, "no legal move matches '{s}'"),
            NotationError::Chinese { input, problem } => {
                write!(f, "'{input}' is not a move in Chinese notation: {problem}")
            }
            NotationError::NoSuchTandem { input, piece } => write!(
                f,
                "'{input}': the side to move has no file with that many {}s",
                piece.name()
            ),
            NotationError::Illegal(e) => write!(f, "illegal move: {e}"),
        }
    }
}

impl std::error::Error for NotationError {}

impl From<IllegalMove> for NotationError {
    fn from(e: IllegalMove) -> Self {
        NotationError::Illegal(e)
    }
}

/// Why a game refuses a move text: what the service answers for a move of a
/// history, a search restriction or a record.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text is no move, or no legal one, of the position it was played in.
    #[error(transparent)]
    Notation(NotationError),
    /// The game had already ended before the move.
    #[error("'{}' follows the end of the game ({outcome})", .text.escape_debug())]
    AfterGameEnd {
        /// The move as written.
        text: String,
        /// How the game had ended.
        outcome: Outcome,
    },
}

impl From<NotationError> for MoveError {
    fn from(error: NotationError) -> Self {
        MoveError::Notation(error)
    }
}
