//! Why a FEN was rejected, precise enough to point at the offending field,
//! rank or character, or at the rule its position breaks.

use super::position_error::PositionError;

/// A FEN that does not describe a valid xiangqi position. Ranks are ICCS
/// ranks (0-9). Reading the text into a [`Setup`](super::Setup) gives the
/// syntax cases; judging the setup gives [`FenError::Position`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// Longer than [`MAX_FEN_LEN`](super::MAX_FEN_LEN) bytes: refused
    /// unread by [`XiangqiGame::load`](super::XiangqiGame::load), as chess
    /// refuses a request's FEN (the reader itself takes any length).
    #[error("FEN is {0} bytes long; at most {max} are accepted", max = super::MAX_FEN_LEN)]
    TooLong(usize),
    /// The text holds no field at all.
    #[error("empty FEN")]
    Empty,
    /// More than the six FEN fields (the count found).
    #[error("FEN has {0} fields, at most 6 allowed")]
    TooManyFields(usize),
    /// The board field does not have 10 ranks.
    #[error("board has {0} ranks, expected 10 separated by '/'")]
    WrongRankCount(usize),
    /// A rank describes more than 9 files.
    #[error("rank {rank} has more than 9 files")]
    TooManyFiles {
        /// The ICCS rank (the board field starts at rank 9).
        rank: u8,
    },
    /// A rank describes fewer than 9 files.
    #[error("rank {rank} has {files} files, expected 9")]
    TooFewFiles {
        /// The rank.
        rank: u8,
        /// Files the rank describes (fewer than 9).
        files: u8,
    },
    /// A character in a rank that is neither a piece letter nor a digit 1-9.
    #[error("unexpected character '{ch}' in rank {rank}")]
    BadCharacter {
        /// The rank it appears in.
        rank: u8,
        /// The character as written.
        ch: char,
    },
    /// The side field is not `w`, `r` or `b` (the field as written).
    #[error("bad side to move '{0}', expected 'w' (or 'r') or 'b'")]
    BadSide(String),
    /// The half-move clock is not a number (the field as written).
    #[error("bad half-move clock '{0}'")]
    BadHalfmoveClock(String),
    /// The full-move number is not a number, or (when strict) is 0: the
    /// field as written.
    #[error("bad full-move number '{0}', expected a number from 1")]
    BadFullmoveNumber(String),
    /// Well formed, but not a position xiangqi can be played from.
    #[error(transparent)]
    Position(#[from] PositionError),
}
