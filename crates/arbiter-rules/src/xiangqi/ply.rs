//! One played ply, as the repetition rulings need it: written by the replay
//! ([`GameRecord`](super::GameRecord)), read by the rulings
//! ([`repetition`](super::repetition)) and the search.

use super::position::SquareSet;
use super::types::{Move, Piece};
use crate::Side;

/// One played ply, as the repetition rulings need it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlyRecord {
    /// The move played.
    pub mv: Move,
    /// The side that played it.
    pub mover: Side,
    /// The piece it captured; `None` for a quiet move, which keeps the repetition window open.
    pub captured: Option<Piece>,
    /// The move checks the opponent's general.
    pub gives_check: bool,
    /// Hash of the position after the move (placement and side to move).
    pub zobrist_after: u64,
    /// Move-limit counter after the move (plies since capture, minus discounted checks).
    pub limit_counter: u32,
    /// Enemy pieces (their points after the move) the move chases (spec 7). Empty for
    /// captures, which never belong to a repetition loop.
    pub chased: SquareSet,
}
