//! What a whole request can get wrong, composed from each operation's own
//! error: [`FenError`] (reading a start position), [`MoveError`] (a move
//! text against a game), [`OptionError`] (a setting), [`FormatError`] (a
//! record's bytes). [`InputError`] says where in the request each came from
//! (a history's index, the candidate move, a setting), never which wire
//! field: the transport names that, from these, in one match.

use crate::{OptionError, chess, record::FormatError, xiangqi};

/// A FEN that is not a position of its game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// A chess FEN (any chess variant).
    #[error(transparent)]
    Chess(chess::FenError),
    /// A xiangqi FEN.
    #[error(transparent)]
    Xiangqi(xiangqi::FenError),
}

/// A move text a game refuses.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// A chess move (any chess variant).
    #[error(transparent)]
    Chess(chess::MoveError),
    /// A xiangqi move.
    #[error(transparent)]
    Xiangqi(xiangqi::MoveError),
}

impl MoveError {
    /// Whether the move was refused only because the game had ended
    /// before it (by mate, or by a rule such as repetition).
    #[must_use]
    pub fn follows_game_end(&self) -> bool {
        matches!(
            self,
            MoveError::Chess(chess::MoveError::AfterGameEnd { .. })
                | MoveError::Xiangqi(xiangqi::MoveError::AfterGameEnd { .. })
        )
    }
}

/// Something in a request that cannot be accepted. Never a panic: every
/// malformed input ends up here, typed by what is wrong and naming where it
/// stands in the request.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InputError {
    /// The start position's FEN is malformed or describes an impossible
    /// position.
    #[error("invalid FEN: {0}")]
    Fen(FenError),
    /// A move of the history cannot be read or is illegal at its point (or
    /// a record's main-line move, when a record is written).
    #[error("move {index} of the history: {error}")]
    HistoryMove {
        /// The move's index in the history, from 0.
        index: usize,
        /// What is wrong with it.
        error: MoveError,
    },
    /// A move of a root restriction (a search's `search_moves`) cannot be
    /// read or is illegal in the position to search.
    #[error("search move {index}: {error}")]
    SearchMove {
        /// The move's index in the list, from 0.
        index: usize,
        /// What is wrong with it.
        error: MoveError,
    },
    /// A candidate move cannot be read at all. (One that reads but is
    /// illegal is no error: it is judged, [`Verdict::Illegal`](crate::Verdict::Illegal).)
    #[error("invalid move: {0}")]
    CandidateMove(MoveError),
    /// A setting does not fit the variant or is out of range.
    #[error("{field}: {0}", field = .0.field().name())]
    Option(OptionError),
    /// A game record that cannot be read or written as a whole.
    #[error(transparent)]
    Record(FormatError),
}

impl From<FenError> for InputError {
    fn from(error: FenError) -> Self {
        InputError::Fen(error)
    }
}

impl From<OptionError> for InputError {
    fn from(error: OptionError) -> Self {
        InputError::Option(error)
    }
}

impl From<FormatError> for InputError {
    fn from(error: FormatError) -> Self {
        InputError::Record(error)
    }
}

impl From<chess::FenError> for FenError {
    fn from(error: chess::FenError) -> Self {
        FenError::Chess(error)
    }
}

impl From<xiangqi::FenError> for FenError {
    fn from(error: xiangqi::FenError) -> Self {
        FenError::Xiangqi(error)
    }
}

impl From<chess::MoveError> for MoveError {
    fn from(error: chess::MoveError) -> Self {
        MoveError::Chess(error)
    }
}

impl From<xiangqi::MoveError> for MoveError {
    fn from(error: xiangqi::MoveError) -> Self {
        MoveError::Xiangqi(error)
    }
}
