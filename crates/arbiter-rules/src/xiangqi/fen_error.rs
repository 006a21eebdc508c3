//! Why a FEN was rejected, precise enough to point at the offending rank, character or point.

use std::fmt;

use super::types::{Square, side_name};
use crate::PieceKind;
use crate::Side;

/// A FEN that does not describe a valid xiangqi position. Ranks are ICCS ranks (0-9).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FenError {
    /// The text holds no field at all.
    Empty,
    /// More than the six FEN fields (the count found).
    TooManyFields(usize),
    /// The board field does not have 10 ranks.
    WrongRankCount(usize),
    /// A rank describes more than 9 files.
    TooManyFiles {
        /// The ICCS rank (the board field starts at rank 9).
        rank: u8,
    },
    /// A rank describes fewer than 9 files.
    TooFewFiles {
        /// The rank.
        rank: u8,
        /// Files the rank describes (fewer than 9).
        files: u8,
    },
    /// A character in a rank that is neither a piece letter nor a digit 1-9.
    BadCharacter {
        /// The rank it appears in.
        rank: u8,
        /// The character as written.
        ch: char,
    },
    /// The side field is not `w`, `r` or `b` (the field as written).
    BadSide(String),
    /// The half-move clock is not a number (the field as written).
    BadHalfmoveClock(String),
    /// The full-move number is not a number from 1 (the field as written).
    BadFullmoveNumber(String),
    /// The side has no general.
    NoGeneral(Side),
    /// The side has two or more generals.
    MoreThanOneGeneral(Side),
    /// The side's general stands outside its palace, on the given point.
    GeneralOutsidePalace(Side, Square),
    /// A side has more than the 16 pieces of a full set.
    TooManyPieces {
        /// The side.
        side: Side,
        /// Its pieces on the board.
        count: u32,
    },
    /// A side has more pieces of one kind than a full set holds.
    TooManyOfKind {
        /// The side.
        side: Side,
        /// The kind.
        kind: PieceKind,
        /// Pieces of that kind on the board.
        count: u32,
        /// The most a full set holds: 5 soldiers, 2 of each other kind.
        max: u32,
    },
    /// An advisor off its five palace points, on the given point.
    AdvisorOffPoints(Side, Square),
    /// An elephant off its seven points on its own side of the river.
    ElephantOffPoints(Side, Square),
    /// A soldier behind its side's start rank, where it can never stand.
    SoldierBehindStartRank(Side, Square),
    /// A soldier that has not crossed the river yet stands off the five start files.
    SoldierOffStartFiles(Side, Square),
    /// Generals face each other on an open file (given as its letter).
    GeneralsFacing {
        /// The file's letter, `a` to `i`.
        file: char,
    },
    /// The side that is not to move is in check: it could be captured at once.
    SideNotToMoveInCheck(Side),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => f.write_str("empty FEN"),
            FenError::TooManyFields(n) => write!(f, "FEN has {n} fields, at most 6 allowed"),
            FenError::WrongRankCount(n) => {
                write!(f, "board has {n} ranks, expected 10 separated by '/'")
            }
            FenError::TooManyFiles { rank } => write!(f, "rank {rank} has more than 9 files"),
            FenError::TooFewFiles { rank, files } => {
                write!(f, "rank {rank} has {files} files, expected 9")
            }
            FenError::BadCharacter { rank, ch } => {
                write!(f, "unexpected character '{ch}' in rank {rank}")
            }
            FenError::BadSide(s) => {
                write!(f, "bad side to move '{s}', expected 'w' (or 'r') or 'b'")
            }
            FenError::BadHalfmoveClock(s) => write!(f, "bad half-move clock '{s}'"),
            FenError::BadFullmoveNumber(s) => {
                write!(f, "bad full-move number '{s}', expected a number from 1")
            }
            FenError::NoGeneral(side) => write!(f, "no {} general", side_name(*side)),
            FenError::MoreThanOneGeneral(side) => {
                write!(f, "more than one {} general", side_name(*side))
            }
            FenError::GeneralOutsidePalace(side, sq) => {
                write!(f, "{} general outside its palace at {sq}", side_name(*side))
            }
            FenError::TooManyPieces { side, count } => {
                write!(f, "{count} {} pieces, at most 16 allowed", side_name(*side))
            }
            FenError::TooManyOfKind {
                side,
                kind,
                count,
                max,
            } => write!(
                f,
                "{count} {} {}s, at most {max} allowed",
                side_name(*side),
                kind.name()
            ),
            FenError::AdvisorOffPoints(side, sq) => {
                write!(
                    f,
                    "{} advisor off its five points at {sq}",
                    side_name(*side)
                )
            }
            FenError::ElephantOffPoints(side, sq) => {
                write!(
                    f,
                    "{} elephant off its seven points at {sq}",
                    side_name(*side)
                )
            }
            FenError::SoldierBehindStartRank(side, sq) => {
                write!(
                    f,
                    "{} soldier behind its start rank at {sq}",
                    side_name(*side)
                )
            }
            FenError::SoldierOffStartFiles(side, sq) => write!(
                f,
                "{} soldier at {sq} has not crossed the river but is off the five start files",
                side_name(*side)
            ),
            FenError::GeneralsFacing { file } => {
                write!(f, "generals face each other on file {file}")
            }
            FenError::SideNotToMoveInCheck(side) => write!(
                f,
                "side not to move is in check ({} general attacked)",
                side_name(*side)
            ),
        }
    }
}

impl std::error::Error for FenError {}
