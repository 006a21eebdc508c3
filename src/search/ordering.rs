//! Move ordering: hash move, captures by MVV-LVA, killers, then history.
//!
//! Alpha-beta prunes most when the best move comes first; these heuristics
//! guess it cheaply.

use super::SearchGame;
use super::params::{
    HISTORY_MAX, ORDER_CAPTURE, ORDER_HASH_MOVE, ORDER_KILLER_FIRST, ORDER_KILLER_SECOND,
    ORDER_LOSING_CAPTURE,
};
use super::tt::NO_MOVE;

/// Quiet moves that refuted a sibling, per ply, and a history score per move.
#[derive(Debug)]
pub struct OrderingTables<M> {
    killers: Vec<[Option<M>; 2]>,
    history: Vec<i32>,
}

impl<M: Copy + Eq> OrderingTables<M> {
    pub fn new(max_ply: usize, move_code_space: usize) -> Self {
        OrderingTables {
            killers: vec![[None, None]; max_ply + 1],
            history: vec![0; move_code_space],
        }
    }

    /// Records a quiet move that caused a beta cut-off.
    pub fn reward_quiet(&mut self, ply: usize, mv: M, code: u16, depth: i32) {
        if let Some(slot) = self.killers.get_mut(ply)
            && slot[0] != Some(mv)
        {
            slot[1] = slot[0];
            slot[0] = Some(mv);
        }
        if let Some(h) = self.history.get_mut(usize::from(code)) {
            *h = (*h + depth * depth).min(HISTORY_MAX);
        }
    }

    /// Quiet moves tried before the cut-off move lose some credit.
    pub fn penalise_quiet(&mut self, code: u16, depth: i32) {
        if let Some(h) = self.history.get_mut(usize::from(code)) {
            *h = (*h - depth * depth).max(-HISTORY_MAX);
        }
    }

    /// Orders `moves` in place (best first) for the node at `ply`.
    pub fn order<G: SearchGame<Move = M>>(
        &self,
        pos: &G,
        moves: &mut [M],
        hash_move: u16,
        ply: usize,
    ) {
        let killers = self.killers.get(ply).copied().unwrap_or([None, None]);
        let mut keyed: Vec<(i32, M)> = moves
            .iter()
            .map(|&mv| {
                let code = G::move_code(mv);
                let key = if hash_move != NO_MOVE && code == hash_move {
                    ORDER_HASH_MOVE
                } else if let Some((victim, attacker)) = pos.capture_values(mv) {
                    // Captures losing the exchange go after the quiet killers.
                    let band = if pos.static_exchange(mv).is_some_and(|gain| gain < 0) {
                        ORDER_LOSING_CAPTURE
                    } else {
                        ORDER_CAPTURE
                    };
                    band + victim * 16 - attacker / 16
                } else if pos.is_tactical(mv) {
                    ORDER_CAPTURE
                } else if killers[0] == Some(mv) {
                    ORDER_KILLER_FIRST
                } else if killers[1] == Some(mv) {
                    ORDER_KILLER_SECOND
                } else {
                    self.history.get(usize::from(code)).copied().unwrap_or(0)
                };
                (key, mv)
            })
            .collect();
        // Stable sort keeps generation order among equals: determinism.
        keyed.sort_by_key(|k| std::cmp::Reverse(k.0));
        for (slot, (_, mv)) in moves.iter_mut().zip(keyed) {
            *slot = mv;
        }
    }
}

/// Captures ordered by MVV-LVA, for quiescence.
pub fn order_captures<G: SearchGame>(pos: &G, moves: &mut [G::Move]) {
    moves.sort_by_cached_key(|&mv| match pos.capture_values(mv) {
        Some((victim, attacker)) => -(victim * 16 - attacker / 16),
        None => 0,
    });
}
