//! What can be wrong with a FEN, each case precise enough to name the
//! field, rank or character at fault.

use std::fmt;

use super::{super::variant::CHESS960_POSITIONS, MAX_FEN_LEN};

/// A FEN that does not describe a valid chess position, precise enough to
/// point at the field, rank or character at fault.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FenError {
    /// Longer than [`MAX_FEN_LEN`] bytes.
    TooLong(usize),
    /// Not 4 to 6 space-separated fields.
    FieldCount(usize),
    /// The board does not have 8 ranks.
    RankCount(usize),
    /// Two digits in a row on a rank (1-based), with the rank's text.
    TwoDigits {
        /// The rank, 1 to 8.
        rank: usize,
        /// The rank's text as written.
        text: String,
    },
    /// A character that is neither a piece letter nor a digit 1-8.
    BadCharacter {
        /// The rank, 1 to 8.
        rank: usize,
        /// The character as written.
        ch: char,
    },
    /// A rank that does not cover 8 files.
    RankWidth {
        /// The rank, 1 to 8.
        rank: usize,
        /// The rank's text as written.
        text: String,
        /// Files the rank covers (not 8).
        files: u32,
    },
    /// The side field is not `w` or `b` (the field as written).
    BadSide(String),
    /// A castling character other than `K Q k q`.
    BadCastling {
        /// The castling field as written.
        field: String,
        /// The character at fault.
        ch: char,
    },
    /// A castling character given twice.
    RepeatedCastling {
        /// The castling field as written.
        field: String,
        /// The character given twice.
        ch: char,
    },
    /// The en-passant field is neither `-` nor a square on rank 3 or 6 (the field as written).
    BadEnPassant(String),
    /// The half-move clock is not a non-negative number (the field as written).
    BadHalfmoveClock(String),
    /// The full-move number is not a number from 1 (the field as written).
    BadFullmoveNumber(String),
    /// Well formed, but not a legal position: one sentence per problem found.
    Illegal(String),
    /// A chess variant's FEN (read by shakmaty's reader) with a bad field:
    /// the sentence names the field and what it may hold.
    VariantField(&'static str),
    /// A Chess960 start-position number above 959 (the number as written).
    Chess960Number(String),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::TooLong(len) => write!(
                f,
                "FEN is {len} bytes long; at most {MAX_FEN_LEN} are accepted"
            ),
            FenError::FieldCount(count) => write!(
                f,
                "expected 6 space-separated fields (board, side, castling, en passant, halfmove clock, fullmove number), found {count}"
            ),
            FenError::RankCount(ranks) => {
                write!(f, "board must have 8 ranks separated by '/', found {ranks}")
            }
            FenError::TwoDigits { rank, text } => {
                write!(f, "rank {rank}: two digits in a row ('{text}')")
            }
            FenError::BadCharacter { rank, ch } => write!(
                f,
                "rank {rank}: '{}' is not a piece letter (PNBRQK/pnbrqk) or a digit 1-8",
                ch.escape_debug()
            ),
            FenError::RankWidth { rank, text, files } => {
                write!(
                    f,
                    "rank {rank} ('{text}') covers {files} files instead of 8"
                )
            }
            FenError::BadSide(side) => {
                write!(f, "side to move must be 'w' or 'b', found '{side}'")
            }
            FenError::BadCastling { field, ch } => write!(
                f,
                "castling field '{field}': '{}' is not one of K, Q, k, q (or '-' for none)",
                ch.escape_debug()
            ),
            FenError::RepeatedCastling { field, ch } => {
                write!(f, "castling field '{field}' repeats '{ch}'")
            }
            FenError::BadEnPassant(ep) => write!(
                f,
                "en-passant field must be '-' or a square on rank 3 or 6, found '{ep}'"
            ),
            FenError::BadHalfmoveClock(half) => write!(
                f,
                "halfmove clock must be a non-negative number, found '{half}'"
            ),
            FenError::BadFullmoveNumber(full) => {
                write!(f, "fullmove number must be a number from 1, found '{full}'")
            }
            FenError::Illegal(problems) => f.write_str(problems),
            FenError::VariantField(message) => f.write_str(message),
            FenError::Chess960Number(number) => write!(
                f,
                "Chess960 start positions are numbered 0 to {}, not {number}",
                CHESS960_POSITIONS - 1
            ),
        }
    }
}

impl std::error::Error for FenError {}
