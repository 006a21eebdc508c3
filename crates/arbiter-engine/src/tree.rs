//! The tree below the root: principal-variation alpha-beta with its
//! pruning and reductions (each step with its reason), repetitions inside the
//! tree and against the game's history. The driver above it (iterative
//! deepening, aspiration, the root) is in `engine.rs`, quiescence below it in
//! `quiescence.rs`.

use super::Evaluator;
use super::engine::{Searcher, StackEntry};
use super::node::NodeType;
use super::ordering::{Context, NO_PIECE_TO, pick_next};
use super::params::{
    LMR_CUT_NODE, LMR_MIN_DEPTH, LMR_MIN_MOVES, MAX_PLY, NODES_PER_STOP_CHECK,
    NULL_MOVE_BASE_REDUCTION, NULL_MOVE_DEPTH_DIVISOR, NULL_MOVE_EVAL_REDUCTION_MAX,
    NULL_MOVE_MIN_DEPTH,
};
use super::request::StopReason;
use super::score::{DRAW, INFINITY, MATE_BOUND, from_tt, is_mate, mate_in, mated_in, to_tt};
use super::singular::Singular;
use super::tt::{Bound, NO_MOVE};
use super::{NoMoveOutcome, RepetitionLoop, RepetitionVerdict, SearchGame};

impl<G: SearchGame, E: Evaluator<G> + ?Sized> Searcher<'_, G, E> {
    /// Pushes `pos`, reached by `mv` (`None`: a null move), whose
    /// [`SearchGame::piece_to`] is `piece_to`.
    pub(super) fn push(&mut self, pos: &G, mv: Option<G::Move>, piece_to: u16) {
        let in_check = pos.in_check();
        self.stack.push(StackEntry {
            zobrist: pos.zobrist(),
            in_check,
            extends_check: in_check,
            after_null: mv.is_none(),
            mv,
            move_code: mv.map_or(NO_MOVE, G::move_code),
            piece_to,
        });
    }

    /// The moves before the node on top of the stack: the opponent's last
    /// move and the mover's own before it.
    fn context(&self) -> Context {
        let before = |back: usize| {
            self.stack
                .len()
                .checked_sub(back)
                .map_or(NO_PIECE_TO, |i| self.stack[i].piece_to)
        };
        Context {
            previous: self.stack[self.stack.len() - 1].move_code,
            piece_to: [before(1), before(2)],
        }
    }

    /// Counts a node and decides whether to stop.
    pub(super) fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.stopped.is_some() {
            return true;
        }
        if self.clock.node_budget_spent(self.nodes) {
            self.stopped = Some(StopReason::NodeLimit);
        } else if self.nodes.is_multiple_of(NODES_PER_STOP_CHECK) && self.clock.should_stop() {
            self.stopped = Some(if self.clock.stop_requested() {
                StopReason::Stopped
            } else {
                StopReason::TimeUp
            });
        }
        self.stopped.is_some()
    }

    /// The score of a repetition ending at the top of the stack, if the
    /// current position repeats: 2-fold inside the search tree, 3-fold (or
    /// the game's own count, if lower) when the earlier occurrences are in
    /// the game history. Like the game's own
    /// ruling, the loop runs from the first occurrence since the last
    /// irreversible move.
    pub(super) fn repetition_score(&self, pos: &G, ply: usize) -> Option<i32> {
        let current = self.stack.len() - 1;
        let hash = self.stack[current].zobrist;
        let window = (pos.reversible_plies() as usize).min(current);
        let needed_in_history = G::repetition_history_occurrences(&self.rules).max(1);
        let mut earlier_in_history = 0;
        let mut repeats = false;
        let mut first = current;
        for distance in 1..=window {
            let index = current - distance;
            if self.stack[index + 1].after_null {
                break;
            }
            if distance < 4 || distance % 2 == 1 || self.stack[index].zobrist != hash {
                continue;
            }
            first = index;
            if index >= self.root_index || {
                earlier_in_history += 1;
                earlier_in_history >= needed_in_history
            } {
                repeats = true;
            }
        }
        repeats.then(|| self.judge_loop(pos, first, current, ply))
    }

    pub(super) fn judge_loop(&self, pos: &G, start: usize, end: usize, ply: usize) -> i32 {
        let checked = |from_end: usize| {
            (start + 1..=end)
                .rev()
                .skip(from_end)
                .step_by(2)
                .all(|i| self.stack[i].in_check)
        };
        let repetition = RepetitionLoop {
            mover_checked_throughout: checked(0),
            side_to_move_checked_throughout: checked(1),
        };
        let moves: Option<Vec<G::Move>> = self.stack[start + 1..=end]
            .iter()
            .map(|entry| entry.mv)
            .collect();
        match pos.judge_repetition_loop(&self.rules, repetition, moves.as_deref()) {
            RepetitionVerdict::Draw => DRAW,
            RepetitionVerdict::SideToMoveWins => mate_in(ply),
            RepetitionVerdict::SideToMoveLoses => mated_in(ply),
        }
    }

    /// The evaluator's score of `pos`, whose key is `key`, through the
    /// cache, with the correction history's adjustment.
    pub(super) fn static_eval(&mut self, pos: &G, key: u64) -> i32 {
        let evaluator = self.evaluator;
        let raw = self
            .eval_cache
            .get_or_insert(key, || evaluator.evaluate(pos));
        self.correction.correct(pos, raw)
    }

    pub(super) fn no_move_score(pos: &G, in_check: bool, ply: usize) -> i32 {
        match pos.no_move_outcome(in_check) {
            NoMoveOutcome::Loss => mated_in(ply),
            NoMoveOutcome::Draw => DRAW,
            NoMoveOutcome::Win => mate_in(ply),
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn negamax(
        &mut self,
        pos: &G,
        mut depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        node: NodeType,
        allow_null: bool,
    ) -> i32 {
        let is_pv = node == NodeType::Pv;
        if is_pv {
            self.pv[ply].clear();
        }
        let in_check = self.stack[self.stack.len() - 1].in_check;
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY {
            return self.evaluator.evaluate(pos);
        }

        if pos.is_terminal() {
            return Self::no_move_score(pos, in_check, ply);
        }
        if let Some(score) = self.repetition_score(pos, ply) {
            return score;
        }
        if pos.rule_draw(&self.rules) {
            // A mate delivered on the last move stands, and so does a
            // stalemate where it loses (xiangqi), as in the game's ruling.
            let buffer = &mut self.move_buffers[ply];
            buffer.clear();
            pos.legal_moves(buffer);
            if buffer.is_empty() {
                return Self::no_move_score(pos, in_check, ply);
            }
            return DRAW;
        }

        // Mate-distance pruning: no line from here beats a mate already found closer to the root.
        alpha = alpha.max(mated_in(ply));
        beta = beta.min(mate_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }

        // Check extension: a check is searched one ply deeper so forced
        // sequences are not cut at the horizon. Where the game's settings
        // say so, a check that gives up material in its exchange is not (the
        // parent marks it): such checks are cheap to find, most are bad, and
        // extending each of them lets a spite check push the horizon away
        // at every ply.
        if in_check && self.stack[self.stack.len() - 1].extends_check {
            depth += 1;
        }
        if depth <= 0 {
            return self.quiescence(pos, ply, alpha, beta);
        }

        let key = self.stack[self.stack.len() - 1].zobrist;
        let context = self.context();
        // Set while this node is searched again without its hash move (the
        // singular extension's test, `singular.rs`): that search neither
        // trusts nor writes the table, prunes nothing before the moves, and
        // skips the move.
        let excluded = self.excluded[ply];
        let mut hash_move = NO_MOVE;
        let mut singular_candidate = None;
        if let Some(hit) = self.tt.probe(key) {
            hash_move = hit.move_code;
            let score = from_tt(hit.score, ply);
            if excluded == NO_MOVE {
                if !is_pv && hit.depth >= depth && hit.bound.settles(score, alpha, beta) {
                    return score;
                }
                if depth >= self.params.singular_min_depth
                    && hit.depth >= depth - 3
                    && hit.bound != Bound::Upper
                    && hash_move != NO_MOVE
                    && !is_mate(score)
                {
                    singular_candidate = Some(score);
                }
            }
        }

        let static_eval = if in_check {
            -INFINITY
        } else {
            self.static_eval(pos, key)
        };
        self.static_evals[ply] = static_eval;
        // Better than two plies ago (when our side last moved): pruning can
        // wait. A check two plies ago gives no reference, so count as improving.
        let improving = !in_check
            && (ply < 2
                || self.static_evals[ply - 2] == -INFINITY
                || static_eval > self.static_evals[ply - 2]);

        if !is_pv && !in_check && excluded == NO_MOVE {
            // Reverse futility: far above beta near the leaves, trust it.
            if depth <= self.params.rfp_max_depth
                && !is_mate(beta)
                && static_eval - self.params.rfp_margin_per_depth * (depth - i32::from(improving))
                    >= beta
            {
                return static_eval;
            }
            // Razoring: so far below alpha near the leaves that no quiet
            // move can make up the gap, only a capture could; quiescence,
            // which tries the captures, decides, and a fail-low there is
            // trusted.
            if depth <= self.params.razor_max_depth
                && !is_mate(alpha)
                && static_eval
                    + self.params.razor_margin_base
                    + self.params.razor_margin_per_depth_squared * depth * depth
                    < alpha
            {
                let score = self.quiescence(pos, ply, alpha - 1, alpha);
                if self.stopped.is_some() {
                    return 0;
                }
                if score < alpha {
                    return score;
                }
            }
            // Null move: if passing still beats beta, a real move will too.
            if allow_null
                && depth >= NULL_MOVE_MIN_DEPTH
                && static_eval >= beta
                && !is_mate(beta)
                && let Some(null) = pos.play_null()
            {
                let mut reduction = NULL_MOVE_BASE_REDUCTION + depth / NULL_MOVE_DEPTH_DIVISOR;
                if self.params.null_move_eval_divisor != 0 {
                    reduction += ((static_eval - beta) / self.params.null_move_eval_divisor)
                        .min(NULL_MOVE_EVAL_REDUCTION_MAX);
                }
                self.double_extensions[ply + 1] = self.double_extensions[ply];
                self.push(&null, None, NO_PIECE_TO);
                let score = -self.negamax(
                    &null,
                    depth - 1 - reduction,
                    ply + 1,
                    -beta,
                    -beta + 1,
                    node.zero_window_child(),
                    false,
                );
                self.stack.pop();
                if self.stopped.is_some() {
                    return 0;
                }
                if score >= beta {
                    return if is_mate(score) { beta } else { score };
                }
            }
        }

        // Internal iterative reduction: without a hash move the ordering is
        // a guess, so spend less here and let the next iteration fill the table.
        if hash_move == NO_MOVE && depth >= self.params.iir_min_depth {
            depth -= 1;
        }

        // Singular extension, multi-cut or negative extension (`singular.rs`).
        let mut hash_move_extension = 0;
        if let Some(stored) = singular_candidate {
            match self.singular(pos, depth, ply, beta, node, hash_move, stored) {
                Singular::Extend(plies) => hash_move_extension = plies,
                Singular::Cut(score) => return score,
                Singular::Stopped => return 0,
            }
        }

        let mut moves = std::mem::take(&mut self.move_buffers[ply]);
        moves.clear();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            self.move_buffers[ply] = moves;
            return Self::no_move_score(pos, in_check, ply);
        }
        // The hash move, when legal here, is searched before the other moves
        // are given their keys (an exchange evaluation per capture, histories
        // per quiet move): most nodes that have one cut off on it and never
        // need the keys, and those that do get keys from histories the hash
        // move's search has just taught.
        let hash_first =
            (self.params.hash_move_before_keys && hash_move != NO_MOVE && excluded == NO_MOVE)
                .then(|| {
                    moves
                        .iter()
                        .copied()
                        .find(|&mv| G::move_code(mv) == hash_move)
                })
                .flatten();
        let mut keys = std::mem::take(&mut self.key_buffers[ply]);
        let mut scored = false;

        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_code = NO_MOVE;
        let mut best_is_tactical = false;
        let mut quiets_tried = std::mem::take(&mut self.quiet_buffers[ply]);
        quiets_tried.clear();
        let mut captures_tried = std::mem::take(&mut self.capture_buffers[ply]);
        captures_tried.clear();
        let lmp_full = self.params.lmp_base + (depth * depth) as usize;
        let lmp_limit = if improving || !self.params.lmp_halved_when_not_improving {
            lmp_full
        } else {
            lmp_full / 2
        };
        // Once a mate is in hand (alpha a mate score) the search hunts a
        // shorter one, and a quiet move may be it: in xiangqi a quiet move
        // that leaves the opponent no move wins. No futility pruning then.
        let hunting_mate = alpha >= MATE_BOUND;
        // Futility: whether a quiet move judged at `at_depth` is hopeless
        // (asked only where `prunable` below holds: outside PV nodes and
        // checks, so alpha stays what it was before the moves until a cut).
        let futility = self.params;
        let alpha_before_moves = alpha;
        let futile = move |at_depth: i32| {
            !hunting_mate
                && at_depth <= futility.futility_max_depth
                && static_eval
                    + futility.futility_margin_base
                    + futility.futility_margin_per_depth * at_depth.max(0)
                    <= alpha_before_moves
        };
        for index in 0..moves.len() {
            let mv = match hash_first {
                Some(mv) if index == 0 => mv,
                _ => {
                    if !scored {
                        self.ordering
                            .score(pos, &moves, hash_move, context, ply, &mut keys);
                        scored = true;
                        if hash_first.is_some() {
                            // Picks the hash move, already searched, out of the way.
                            pick_next(&mut keys, 0);
                        }
                    }
                    pick_next(&mut keys, index)
                }
            };
            let code = G::move_code(mv);
            if code == excluded {
                continue;
            }
            let tactical = pos.is_tactical(mv);
            // Every capture is tactical.
            let capture_key = if tactical { pos.capture_key(mv) } else { None };
            let prunable = !is_pv && !in_check && best_score > -MATE_BOUND;
            // Late-move pruning: near the leaves, late quiet moves rarely matter.
            let late =
                prunable && !tactical && depth <= self.params.lmp_max_depth && index >= lmp_limit;
            if late && !self.params.lmp_spares_checks {
                continue;
            }
            let piece_to = pos.piece_to(mv).unwrap_or(NO_PIECE_TO);
            let child = pos.play(mv);
            self.push(&child, Some(mv), piece_to);
            let gives_check = self.stack[self.stack.len() - 1].in_check;
            if late && !gives_check {
                self.stack.pop();
                continue;
            }
            if gives_check && !self.params.extend_losing_checks {
                let exchange = if tactical {
                    pos.static_exchange(mv)
                } else {
                    pos.quiet_exchange(mv)
                };
                if exchange.is_some_and(|gain| gain < 0) {
                    let top = self.stack.len() - 1;
                    self.stack[top].extends_check = false;
                }
            }
            // Futility pruning: a quiet, non-checking move cannot lift a
            // hopeless static evaluation to alpha this close to the leaves.
            // Captures that clearly lose the exchange are skipped likewise
            // near the leaves, unless they give check (sacrifices that mate).
            // A late quiet move is judged at the depth its reduction would
            // leave it, where the game's settings say so.
            let futility_depth = if self.params.futility_at_reduced_depth
                && depth >= LMR_MIN_DEPTH
                && index >= LMR_MIN_MOVES
            {
                depth - self.lmr[(depth as usize).min(63)][index.min(63)]
            } else {
                depth
            };
            if prunable
                && !gives_check
                && ((!tactical && futile(futility_depth))
                    || (tactical
                        && depth <= self.params.see_prune_max_depth
                        && pos
                            .static_exchange(mv)
                            .is_some_and(|gain| gain < -self.params.see_capture_margin * depth)))
            {
                self.stack.pop();
                continue;
            }
            let score = if index == 0 {
                let child_node = if is_pv {
                    NodeType::Pv
                } else {
                    node.zero_window_child()
                };
                let extension = if code == hash_move {
                    hash_move_extension
                } else {
                    0
                };
                self.double_extensions[ply + 1] =
                    self.double_extensions[ply] + u8::from(extension >= 2);
                -self.negamax(
                    &child,
                    depth - 1 + extension,
                    ply + 1,
                    -beta,
                    -alpha,
                    child_node,
                    true,
                )
            } else {
                self.double_extensions[ply + 1] = self.double_extensions[ply];
                // Late-move reduction for quiet, non-checking moves.
                let reduction = if depth >= LMR_MIN_DEPTH
                    && index >= LMR_MIN_MOVES
                    && !tactical
                    && !in_check
                    && !gives_check
                {
                    let mut r = self.lmr[(depth as usize).min(63)][index.min(63)];
                    r -= i32::from(is_pv);
                    // A cut node's late moves are unlikely to matter: an
                    // earlier one should have refuted it.
                    if node == NodeType::Cut {
                        r += LMR_CUT_NODE;
                    }
                    r += i32::from(!improving);
                    r -= i32::from(self.ordering.is_killer(ply, mv));
                    if self.params.lmr_history_divisor != 0 {
                        r -= self.ordering.history(code) / self.params.lmr_history_divisor;
                    }
                    r.clamp(0, depth - 2)
                } else {
                    0
                };
                // A reduced search expects to fail low, its child to fail high.
                let first_child = if reduction > 0 {
                    NodeType::Cut
                } else {
                    node.zero_window_child()
                };
                let mut s = -self.negamax(
                    &child,
                    depth - 1 - reduction,
                    ply + 1,
                    -alpha - 1,
                    -alpha,
                    first_child,
                    true,
                );
                if s > alpha && reduction > 0 && self.stopped.is_none() {
                    s = -self.negamax(
                        &child,
                        depth - 1,
                        ply + 1,
                        -alpha - 1,
                        -alpha,
                        node.zero_window_child(),
                        true,
                    );
                }
                if s > alpha && s < beta && is_pv && self.stopped.is_none() {
                    s = -self.negamax(
                        &child,
                        depth - 1,
                        ply + 1,
                        -beta,
                        -alpha,
                        NodeType::Pv,
                        true,
                    );
                }
                s
            };
            self.stack.pop();
            if self.stopped.is_some() {
                self.move_buffers[ply] = moves;
                self.key_buffers[ply] = keys;
                self.quiet_buffers[ply] = quiets_tried;
                self.capture_buffers[ply] = captures_tried;
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_code = code;
                    best_is_tactical = tactical;
                    alpha = score;
                    if is_pv {
                        let (head, tail) = self.pv.split_at_mut(ply + 1);
                        let line = &mut head[ply];
                        line.clear();
                        line.push(mv);
                        line.extend_from_slice(&tail[0]);
                    }
                    if score >= beta {
                        if let Some(key) = capture_key {
                            self.ordering.reward_capture(key, depth);
                        } else if !tactical {
                            self.ordering
                                .reward_quiet(ply, mv, code, context.previous, depth);
                            self.ordering.reward_continuation(context, piece_to, depth);
                            for &(tried, tried_piece_to) in &quiets_tried {
                                self.ordering.penalise_quiet(tried, depth);
                                self.ordering
                                    .penalise_continuation(context, tried_piece_to, depth);
                            }
                        }
                        // The captures searched first did not refute this
                        // node, whichever move did.
                        for &tried in &captures_tried {
                            self.ordering.penalise_capture(tried, depth);
                        }
                        break;
                    }
                }
            }
            if let Some(key) = capture_key {
                captures_tried.push(key);
            } else if !tactical {
                quiets_tried.push((code, piece_to));
            }
        }
        self.move_buffers[ply] = moves;
        self.key_buffers[ply] = keys;
        self.quiet_buffers[ply] = quiets_tried;
        self.capture_buffers[ply] = captures_tried;

        if excluded != NO_MOVE {
            // Without the hash move there may be no move at all; either
            // way the result speaks only of the other moves and is not stored.
            return if best_score == -INFINITY {
                original_alpha
            } else {
                best_score
            };
        }
        let bound = Bound::of(best_score, original_alpha, beta);
        self.tt
            .store(key, best_code, to_tt(best_score, ply), depth, bound);
        // The search's verdict teaches the correction history where it says
        // more than a bound on the wrong side of the evaluation would, and
        // only for a quiet best move or none: a winning capture's gain is
        // the tactics', not an error of the evaluation.
        let informative = match bound {
            Bound::Lower => best_score > static_eval,
            Bound::Upper => best_score < static_eval,
            Bound::Exact => true,
        };
        if informative && !in_check && !best_is_tactical && !is_mate(best_score) {
            self.correction.update(pos, depth, static_eval, best_score);
        }
        best_score
    }
}
