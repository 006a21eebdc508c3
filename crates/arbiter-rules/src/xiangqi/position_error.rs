//! Why a [`Setup`](super::Setup) is not a position xiangqi can be played
//! from, precise enough to point at the side, kind and point at fault.

use super::types::{Square, side_name};
use crate::{PieceKind, Side};

/// The first rule of spec 3.3 a setup breaks, as [`Position::from_setup`]
/// checks them: the full-move number, each side's general and piece count,
/// then (when strict) each side's pieces by kind, then the generals facing
/// each other and the side not to move in check.
///
/// [`Position::from_setup`]: super::Position::from_setup
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// A full-move number of 0, refused when strict (moves count from 1).
    #[error("bad full-move number '0', expected a number from 1")]
    FullmoveNumberZero,
    /// The side has no general.
    #[error("no {} general", side_name(*.0))]
    NoGeneral(Side),
    /// The side has two or more generals.
    #[error("more than one {} general", side_name(*.0))]
    MoreThanOneGeneral(Side),
    /// The side's general stands outside its palace, on the given point.
    #[error("{} general outside its palace at {}", side_name(*.0), .1)]
    GeneralOutsidePalace(Side, Square),
    /// A side has more than the 16 pieces of a full set.
    #[error("{count} {} pieces, at most 16 allowed", side_name(*side))]
    TooManyPieces {
        /// The side.
        side: Side,
        /// Its pieces on the board.
        count: u32,
    },
    /// A side has more pieces of one kind than a full set holds.
    #[error("{count} {} {}s, at most {max} allowed", side_name(*side), kind.name())]
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
    #[error("{} advisor off its five points at {}", side_name(*.0), .1)]
    AdvisorOffPoints(Side, Square),
    /// An elephant off its seven points on its own side of the river.
    #[error("{} elephant off its seven points at {}", side_name(*.0), .1)]
    ElephantOffPoints(Side, Square),
    /// A soldier behind its side's start rank, where it can never stand.
    #[error("{} soldier behind its start rank at {}", side_name(*.0), .1)]
    SoldierBehindStartRank(Side, Square),
    /// A soldier that has not crossed the river yet stands off the five start files.
    #[error(
        "{} soldier at {} has not crossed the river but is off the five start files",
        side_name(*.0),
        .1
    )]
    SoldierOffStartFiles(Side, Square),
    /// Generals face each other on an open file (given as its letter).
    #[error("generals face each other on file {file}")]
    GeneralsFacing {
        /// The file's letter, `a` to `i`.
        file: char,
    },
    /// The side that is not to move is in check: it could be captured at once.
    #[error("side not to move is in check ({} general attacked)", side_name(*.0))]
    SideNotToMoveInCheck(Side),
}
