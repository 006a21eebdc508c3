//! Why a FEN was rejected, precise enough to point at the offending rank, character or point.

use std::fmt;

use super::types::{Square, side_name};
use crate::game::PieceKind;
use crate::game::Side;

/// A FEN that does not describe a valid xiangqi position. Ranks are ICCS ranks (0-9).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FenError {
    Empty,
    TooManyFields(usize),
    /// The board field does not have 10 ranks.
    WrongRankCount(usize),
    /// A rank describes more than 9 files.
    TooManyFiles {
        rank: u8,
    },
    /// A rank describes fewer than 9 files.
    TooFewFiles {
        rank: u8,
        files: u8,
    },
    BadCharacter {
        rank: u8,
        ch: char,
    },
    BadSide(String),
    BadHalfmoveClock(String),
    BadFullmoveNumber(String),
    NoGeneral(Side),
    MoreThanOneGeneral(Side),
    GeneralOutsidePalace(Side, Square),
    TooManyPieces {
        side: Side,
        count: u32,
    },
    TooManyOfKind {
        side: Side,
        kind: PieceKind,
        count: u32,
        max: u32,
    },
    AdvisorOffPoints(Side, Square),
    ElephantOffPoints(Side, Square),
    SoldierBehindStartRank(Side, Square),
    SoldierOffStartFiles(Side, Square),
    /// Generals face each other on an open file (given as its letter).
    GeneralsFacing {
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
