//! Perft: the number of leaf nodes of the legal-move tree, the standard movegen check.

use super::position::Position;
use super::types::Move;

/// Leaf count of the legal-move tree of `depth` plies. Leaves are counted, not played.
#[must_use]
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        _ => pos
            .legal_moves()
            .iter()
            .map(|&m| {
                let mut child = pos.clone();
                child.play(m);
                perft(&child, depth - 1)
            })
            .sum(),
    }
}

/// Perft split by root move (`depth >= 1`), in generation order.
#[must_use]
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    pos.legal_moves()
        .iter()
        .map(|&m| {
            let mut child = pos.clone();
            child.play(m);
            (m, perft(&child, depth.saturating_sub(1)))
        })
        .collect()
}
