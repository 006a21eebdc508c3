//! Correction history: the static evaluation's recent error, by the
//! structure of the position, added to later evaluations of positions with
//! the same structure.
//!
//! A hand-written evaluation misjudges some kinds of position the same way
//! every time (a pawn chain it overrates, a shattered defence it
//! underrates). Within one search those positions share their pawn (or
//! soldier and defender) structure. Where a search below a node proved the
//! static evaluation wrong, this table remembers by how much, keyed by the
//! structure, and pruning decisions at later nodes with that structure
//! (reverse futility, razoring, null move, futility) start from the
//! corrected evaluation. It changes no score a search returns directly,
//! only which lines are pruned and how the stand-pat compares.

use super::score::MATE_BOUND;
use super::{SearchGame, Side};

/// Slots per side: 2^14.
const BITS: u32 = 14;
/// Entries hold centipawns × this, so that small updates are not lost to rounding.
const GRAIN: i32 = 256;
/// The largest correction, in centipawns.
const MAX_CORRECTION: i32 = 64;
/// An update moves an entry by weight/256 of the way towards the new error.
const WEIGHT_SCALE: i32 = 256;
/// The weight of an update from a search of `depth`: deeper results are surer.
fn weight(depth: i32) -> i32 {
    (depth + 1).clamp(1, 16)
}

/// A 64-bit hash of two sides' structures whose high bits (the table's
/// index) depend on every input bit; each game's `structure_key` calls it.
pub(crate) fn structure_hash(white: u64, black: u64) -> u64 {
    let h = white.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ black.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    (h ^ (h >> 29)).wrapping_mul(0xBF58_476D_1CE4_E5B9)
}

#[derive(Debug)]
pub(crate) struct CorrectionHistory {
    entries: Vec<i32>,
}

impl CorrectionHistory {
    pub(crate) fn new() -> Self {
        CorrectionHistory {
            entries: vec![0; 2 << BITS],
        }
    }

    fn slot<G: SearchGame>(pos: &G) -> Option<usize> {
        let key = pos.structure_key()?;
        let side = match pos.side_to_move() {
            Side::White => 0,
            Side::Black => 1,
        };
        Some((side << BITS) | (key >> (64 - BITS)) as usize)
    }

    /// `eval`, the static evaluation of `pos`, with the correction its
    /// structure has earned; unchanged for a game without structure keys.
    pub(crate) fn correct<G: SearchGame>(&self, pos: &G, eval: i32) -> i32 {
        Self::slot(pos).map_or(eval, |slot| {
            (eval + self.entries[slot] / GRAIN).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
        })
    }

    /// Records that a search of `depth` below `pos` found `score` where the
    /// (corrected) static evaluation said `eval`.
    pub(crate) fn update<G: SearchGame>(&mut self, pos: &G, depth: i32, eval: i32, score: i32) {
        let Some(slot) = Self::slot(pos) else {
            return;
        };
        let limit = MAX_CORRECTION * GRAIN;
        let target = (self.entries[slot] + (score - eval) * GRAIN).clamp(-limit, limit);
        let w = weight(depth);
        let entry = &mut self.entries[slot];
        *entry = (*entry * (WEIGHT_SCALE - w) + target * w) / WEIGHT_SCALE;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::ChessNode;
    use crate::chess::tests::position;

    fn node(fen: &str) -> ChessNode {
        ChessNode::new(position(fen))
    }

    #[test]
    fn errors_move_the_correction_of_the_same_pawns_and_side_only_and_within_its_limit() {
        let mut history = CorrectionHistory::new();
        let start = node("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let same_pawns = node("r1bqkb1r/pppppppp/2n2n2/8/8/2N2N2/PPPPPPPP/R1BQKB1R w KQkq - 4 3");
        let other_side = node("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
        let other_pawns = node("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
        assert_eq!(history.correct(&start, 10), 10);
        for _ in 0..200 {
            let eval = history.correct(&start, 10);
            history.update(&start, 12, eval, 10 + 500);
        }
        // Integer steps stop within a centipawn of the limit.
        let full = history.correct(&start, 10) - 10;
        assert!((MAX_CORRECTION - 1..=MAX_CORRECTION).contains(&full));
        assert_eq!(history.correct(&same_pawns, -20), -20 + full);
        assert_eq!(history.correct(&other_side, 10), 10);
        assert_eq!(history.correct(&other_pawns, 10), 10);
        for _ in 0..200 {
            let eval = history.correct(&start, 10);
            history.update(&start, 12, eval, 10 + 30);
        }
        assert!((history.correct(&start, 10) - 40).abs() <= 1);
    }
}
