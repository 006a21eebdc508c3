//! Quiescence: below the full-width tree, only captures (and every evasion
//! when in check) are searched, so that the evaluation is never trusted in
//! the middle of an exchange.

use super::Evaluator;
use super::SearchGame;
use super::engine::Searcher;
use super::ordering::pick_next;
use super::params::MAX_PLY;
use super::score::{DRAW, INFINITY, from_tt, to_tt};
use super::tt::{Bound, NO_MOVE};

impl<G: SearchGame, E: Evaluator<G> + ?Sized> Searcher<'_, G, E> {
    pub(super) fn quiescence(&mut self, pos: &G, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let in_check = pos.in_check();
        if pos.is_terminal() {
            return Self::no_move_score(pos, in_check, ply);
        }
        if ply >= MAX_PLY {
            return if in_check {
                DRAW
            } else {
                self.evaluator.evaluate(pos)
            };
        }
        // Any stored result is at least as deep as quiescence.
        let key = pos.zobrist();
        let mut hash_move = NO_MOVE;
        if let Some(hit) = self.tt.probe(key) {
            let score = from_tt(hit.score, ply);
            if hit.bound.settles(score, alpha, beta) {
                return score;
            }
            if self.params.quiescence_uses_table {
                hash_move = hit.move_code;
            }
        }
        let original_alpha = alpha;
        let mut moves = std::mem::take(&mut self.move_buffers[ply]);
        moves.clear();
        let stand_pat;
        if in_check {
            // Every evasion, or a checkmate is missed at the horizon.
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                self.move_buffers[ply] = moves;
                return Self::no_move_score(pos, true, ply);
            }
            stand_pat = -INFINITY;
        } else {
            stand_pat = self.static_eval(pos, key);
            if stand_pat >= beta {
                self.move_buffers[ply] = moves;
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            pos.tactical_moves(&mut moves);
        }
        let mut keys = std::mem::take(&mut self.key_buffers[ply]);
        self.ordering
            .score_captures(pos, &moves, hash_move, &mut keys);
        let mut best = stand_pat;
        let mut best_code = NO_MOVE;
        for index in 0..moves.len() {
            let mv = pick_next(&mut keys, index);
            // Delta pruning: even winning the victim outright cannot reach alpha.
            if !in_check
                && let Some((victim, _)) = pos.capture_values(mv)
                && stand_pat + victim + self.params.delta_margin < alpha
            {
                continue;
            }
            // Captures that lose material in the exchange rarely help.
            if !in_check && pos.static_exchange(mv).is_some_and(|gain| gain < 0) {
                continue;
            }
            let child = pos.play(mv);
            let score = -self.quiescence(&child, ply + 1, -beta, -alpha);
            if self.stopped.is_some() {
                self.move_buffers[ply] = moves;
                self.key_buffers[ply] = keys;
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_code = G::move_code(mv);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.move_buffers[ply] = moves;
        self.key_buffers[ply] = keys;
        // Stored at depth 0, the result settles the same position's next
        // quiescence (a transposition, or the next iteration's) and orders
        // its captures; the table's buckets keep the deeper entries it
        // could otherwise have displaced.
        if self.params.quiescence_uses_table {
            let bound = Bound::of(best, original_alpha, beta);
            self.tt.store(key, best_code, to_tt(best, ply), 0, bound);
        }
        best
    }
}
