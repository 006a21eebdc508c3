//! Iterative deepening over a principal-variation alpha-beta search with
//! aspiration windows, quiescence, a transposition table, check extensions,
//! null-move, reverse futility, futility, late-move and SEE pruning,
//! internal iterative reductions and late-move reductions.

use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::Evaluator;
use super::limits::{Clock, Limits};
use super::ordering::{OrderingTables, order_captures};
use super::params::{
    ASPIRATION_MIN_DEPTH, LMR_BASE, LMR_DIVISOR, LMR_MIN_DEPTH, LMR_MIN_MOVES, MAX_DEPTH, MAX_PLY,
    NODES_PER_STOP_CHECK, NULL_MOVE_BASE_REDUCTION, NULL_MOVE_DEPTH_DIVISOR, NULL_MOVE_MIN_DEPTH,
    SearchParams,
};
use super::score::{
    DRAW, INFINITY, MATE, MATE_BOUND, Score, from_tt, is_mate, mate_in, mated_in, to_tt,
};
use super::tt::{Bound, NO_MOVE, TranspositionTable};
use super::{NoMoveOutcome, RepetitionLoop, RepetitionVerdict, SearchGame};

/// One position of the game before the search root, for repetition rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HistoryEntry {
    /// The position's hash, as [`SearchGame::zobrist`] gives it.
    pub zobrist: u64,
    /// Whether the side to move was in check here (the move that led here
    /// gave check); xiangqi's perpetual-check rule needs it.
    pub in_check: bool,
}

impl HistoryEntry {
    /// The entry for `pos`.
    #[must_use]
    pub fn of<G: SearchGame>(pos: &G) -> Self {
        HistoryEntry {
            zobrist: pos.zobrist(),
            in_check: pos.in_check(),
        }
    }
}

/// Everything one search needs.
#[derive(Debug, Clone)]
pub struct SearchRequest<G: SearchGame> {
    /// The position to search.
    pub root: G,
    /// Positions that preceded `root` in the game, oldest first (those before
    /// the last irreversible move may be omitted), excluding `root` itself.
    pub history: Vec<HistoryEntry>,
    /// The move played from each `history` position, so repetition rules that
    /// look at the moves (xiangqi's perpetual chase) can replay a loop. Empty
    /// when unknown; otherwise as long as `history`.
    pub history_moves: Vec<G::Move>,
    /// What bounds the search.
    pub limits: Limits,
    /// Number of best lines to report, 1 to 5.
    pub multipv: usize,
    /// The rules repetitions and rule draws are judged by.
    pub rules: G::Rules,
}

impl<G: SearchGame> SearchRequest<G> {
    /// A request for `root` without game history, one line, default rules.
    #[must_use]
    pub fn new(root: G, limits: Limits) -> Self {
        SearchRequest {
            root,
            history: Vec::new(),
            history_moves: Vec::new(),
            limits,
            multipv: 1,
            rules: G::Rules::default(),
        }
    }

    /// A request for the position reached from `start` by `moves`, which the
    /// caller has already checked to be legal. The positions on the way
    /// become the history.
    #[must_use]
    pub fn after_moves(start: G, moves: &[G::Move], limits: Limits) -> Self {
        let mut history = Vec::with_capacity(moves.len());
        let mut pos = start;
        for &mv in moves {
            history.push(HistoryEntry::of(&pos));
            pos = pos.play(mv);
        }
        SearchRequest {
            root: pos,
            history,
            history_moves: moves.to_vec(),
            limits,
            multipv: 1,
            rules: G::Rules::default(),
        }
    }
}

/// One completed line of one iteration.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchInfo<M> {
    /// Nominal depth of the iteration, in plies.
    pub depth: u32,
    /// Deepest ply any node of the search has reached so far, quiescence included.
    pub seldepth: u32,
    /// 1-based line number (1 = best).
    pub multipv: usize,
    /// The line's score, from the root side to move's view.
    pub score: Score,
    /// The line's moves, starting from the root.
    pub pv: Vec<M>,
    /// Nodes searched so far, all lines included.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
}

/// Why a search ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StopReason {
    /// The depth limit was reached.
    DepthReached,
    /// The node limit was reached.
    NodeLimit,
    /// Movetime or deadline.
    TimeUp,
    /// The stop flag was raised (caller cancelled or went away).
    Stopped,
    /// A forced mate was proven; deeper search cannot change the result.
    MateFound,
    /// Only one legal move and no depth or node limit asked for more.
    OnlyMove,
    /// The root has no legal move.
    NoLegalMoves,
}

/// How a search ended: the best move, its line and what the search cost.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchResult<M> {
    /// `None` only when the root has no legal move.
    pub best_move: Option<M>,
    /// The score of the best move, from the root side to move's view.
    pub score: Score,
    /// The principal variation, starting with `best_move`.
    pub pv: Vec<M>,
    /// Deepest completed iteration.
    pub depth: u32,
    /// Deepest ply any node reached, quiescence included.
    pub seldepth: u32,
    /// Nodes searched in total.
    pub nodes: u64,
    /// Wall time of the whole search.
    pub elapsed: Duration,
    /// The MultiPV lines of the last completed iteration, best first.
    pub lines: Vec<SearchInfo<M>>,
    /// The limit or event that ended the search.
    pub stop_reason: StopReason,
}

/// What a running search reports to its caller.
#[derive(Debug, Clone)]
pub enum SearchEvent<M> {
    /// A line of a completed iteration.
    Info(SearchInfo<M>),
    /// The final answer; always the last event.
    Done(SearchResult<M>),
}

/// Runs one search to completion (limits, stop flag) on the calling thread.
/// `on_info` is called for every line of every completed iteration.
pub fn search<G: SearchGame, E: Evaluator<G> + ?Sized>(
    request: &SearchRequest<G>,
    evaluator: &E,
    tt: &mut TranspositionTable,
    stop: Arc<AtomicBool>,
    on_info: &mut dyn FnMut(&SearchInfo<G::Move>),
) -> SearchResult<G::Move> {
    if request.limits.nodes.is_none()
        && request.limits.depth.is_none()
        && G::PARAMS.keep_table_between_searches
    {
        // Not reproducible anyway: where the game allows it, start from
        // what the last search of the same game under the same rules left.
        let mut context = DefaultHasher::new();
        std::any::type_name::<G>().hash(&mut context);
        format!("{:?}", request.rules).hash(&mut context);
        tt.continue_search(context.finish());
    } else {
        tt.new_search();
    }
    let clock = Clock::start(&request.limits, stop);
    let mut searcher = Searcher::new(request, evaluator, tt, clock);
    searcher.iterate(request, on_info)
}

#[derive(Debug, Clone, Copy)]
struct StackEntry<M> {
    zobrist: u64,
    in_check: bool,
    /// Reached by a null move: repetitions never reach across it.
    after_null: bool,
    /// The move that led here, where known.
    mv: Option<M>,
    /// Code of the move that led here ([`NO_MOVE`] for the root, the game
    /// history and null moves), for countermoves.
    move_code: u16,
}

#[derive(Debug, Clone)]
struct RootMove<M> {
    mv: M,
    score: i32,
    pv: Vec<M>,
}

struct Searcher<'a, G: SearchGame, E: ?Sized> {
    evaluator: &'a E,
    tt: &'a mut TranspositionTable,
    clock: Clock,
    rules: G::Rules,
    nodes: u64,
    seldepth: usize,
    stopped: Option<StopReason>,
    /// The game's search settings.
    params: SearchParams,
    stack: Vec<StackEntry<G::Move>>,
    root_index: usize,
    ordering: OrderingTables<G::Move>,
    pv: Vec<Vec<G::Move>>,
    move_buffers: Vec<Vec<G::Move>>,
    /// Quiet moves tried at each ply, for history penalties.
    quiet_buffers: Vec<Vec<u16>>,
    /// Static evaluation at each ply (`-INFINITY` in check), for the
    /// improving heuristic.
    static_evals: Vec<i32>,
    lmr: Vec<[i32; 64]>,
    /// A root move that beat the first move of an iteration that was then
    /// interrupted: proven at least as good, so worth playing.
    interrupted_improvement: Option<RootMove<G::Move>>,
}

impl<'a, G: SearchGame, E: Evaluator<G> + ?Sized> Searcher<'a, G, E> {
    fn new(
        request: &SearchRequest<G>,
        evaluator: &'a E,
        tt: &'a mut TranspositionTable,
        clock: Clock,
    ) -> Self {
        // Entry i was reached by the move played from entry i - 1.
        let moves_known = request.history_moves.len() == request.history.len();
        let reached_by = |i: usize| {
            i.checked_sub(1)
                .filter(|_| moves_known)
                .and_then(|before| request.history_moves.get(before).copied())
        };
        let mut stack: Vec<StackEntry<G::Move>> = request
            .history
            .iter()
            .enumerate()
            .map(|(i, h)| StackEntry {
                zobrist: h.zobrist,
                in_check: h.in_check,
                after_null: false,
                mv: reached_by(i),
                move_code: NO_MOVE,
            })
            .collect();
        let root_index = stack.len();
        stack.push(StackEntry {
            zobrist: request.root.zobrist(),
            in_check: request.root.in_check(),
            after_null: false,
            mv: reached_by(root_index),
            move_code: NO_MOVE,
        });
        let lmr = (0..64)
            .map(|depth| {
                let mut row = [0; 64];
                for (moves, r) in row.iter_mut().enumerate().skip(1) {
                    if depth > 0 {
                        let ln = (f64::from(depth)).ln() * (moves as f64).ln();
                        *r = (LMR_BASE + ln / LMR_DIVISOR) as i32;
                    }
                }
                row
            })
            .collect();
        Searcher {
            evaluator,
            tt,
            clock,
            rules: request.rules.clone(),
            nodes: 0,
            seldepth: 0,
            stopped: None,
            params: G::PARAMS,
            stack,
            root_index,
            ordering: OrderingTables::new(MAX_PLY, G::MOVE_CODE_SPACE),
            pv: vec![Vec::new(); MAX_PLY + 2],
            move_buffers: vec![Vec::new(); MAX_PLY + 2],
            quiet_buffers: vec![Vec::new(); MAX_PLY + 2],
            static_evals: vec![-INFINITY; MAX_PLY + 2],
            lmr,
            interrupted_improvement: None,
        }
    }

    fn iterate(
        &mut self,
        request: &SearchRequest<G>,
        on_info: &mut dyn FnMut(&SearchInfo<G::Move>),
    ) -> SearchResult<G::Move> {
        let root = &request.root;
        let mut moves = Vec::new();
        root.legal_moves(&mut moves);
        if moves.is_empty() {
            let score = match root.no_move_outcome(root.in_check()) {
                NoMoveOutcome::Loss => mated_in(0),
                NoMoveOutcome::Draw => DRAW,
            };
            return self.result(
                None,
                score,
                Vec::new(),
                0,
                Vec::new(),
                StopReason::NoLegalMoves,
            );
        }
        let mut root_moves: Vec<RootMove<G::Move>> = moves
            .into_iter()
            .map(|mv| RootMove {
                mv,
                score: -INFINITY,
                pv: vec![mv],
            })
            .collect();
        let lines = request.multipv.clamp(1, 5).min(root_moves.len());
        let max_depth = request
            .limits
            .depth
            .map_or(MAX_DEPTH, |d| (d as i32).clamp(1, MAX_DEPTH));

        let mut completed: Vec<SearchInfo<G::Move>> = Vec::new();
        let mut completed_depth = 0;
        let mut reason = StopReason::DepthReached;

        for depth in 1..=max_depth {
            let mut iteration_lines = Vec::with_capacity(lines);
            for line in 0..lines {
                let previous = root_moves[line].score;
                let (mut alpha, mut beta) = if depth >= ASPIRATION_MIN_DEPTH && !is_mate(previous) {
                    (
                        previous - self.params.aspiration_window,
                        previous + self.params.aspiration_window,
                    )
                } else {
                    (-INFINITY, INFINITY)
                };
                let mut widen = self.params.aspiration_window;
                loop {
                    self.interrupted_improvement = None;
                    let score = self.search_root(root, &mut root_moves[line..], depth, alpha, beta);
                    if self.stopped.is_some() {
                        break;
                    }
                    if score <= alpha {
                        beta = (alpha + beta) / 2;
                        alpha = (score - widen).max(-INFINITY);
                    } else if score >= beta {
                        beta = (score + widen).min(INFINITY);
                    } else {
                        break;
                    }
                    widen *= 2;
                    if widen > 1000 {
                        alpha = -INFINITY;
                        beta = INFINITY;
                    }
                }
                if self.stopped.is_some() {
                    break;
                }
                let info = SearchInfo {
                    depth: depth as u32,
                    seldepth: self.seldepth as u32,
                    multipv: line + 1,
                    score: Score::from_internal(root_moves[line].score),
                    pv: root_moves[line].pv.clone(),
                    nodes: self.nodes,
                    elapsed: self.clock.elapsed(),
                };
                on_info(&info);
                iteration_lines.push(info);
            }
            if let Some(why) = self.stopped {
                reason = why;
                // A line-1 move that beat the previous best before the stop
                // is at least as good: keep it.
                if iteration_lines.is_empty()
                    && let Some(first) = completed.first_mut()
                    && let Some(better) = self.interrupted_improvement.take()
                {
                    first.pv = better.pv;
                    first.score = Score::from_internal(better.score);
                }
                if !iteration_lines.is_empty() {
                    completed_depth = depth;
                    let done = iteration_lines.len();
                    iteration_lines.extend(completed.drain(..).skip(done));
                    completed = iteration_lines;
                }
                break;
            }
            completed = iteration_lines;
            completed_depth = depth;
            let best = root_moves[0].score;
            if root_moves.len() == 1
                && request.limits.depth.is_none()
                && request.limits.nodes.is_none()
            {
                reason = StopReason::OnlyMove;
                break;
            }
            if lines == 1 && is_mate(best) && depth > 2 * (MATE - best.abs()) + 2 {
                reason = StopReason::MateFound;
                break;
            }
            if !self.clock.worth_next_iteration() {
                reason = StopReason::TimeUp;
                break;
            }
        }

        let (best_move, score, pv) = match completed.first() {
            Some(first) => {
                let internal = match first.score {
                    Score::Centipawns(cp) => cp,
                    Score::Mate(n) if n > 0 => mate_in((2 * n - 1) as usize),
                    Score::Mate(n) => mated_in((-2 * n) as usize),
                };
                (first.pv.first().copied(), internal, first.pv.clone())
            }
            // Stopped before depth 1 finished: any legal move beats none.
            None => (Some(root_moves[0].mv), DRAW, vec![root_moves[0].mv]),
        };
        self.result(best_move, score, pv, completed_depth, completed, reason)
    }

    fn result(
        &self,
        best_move: Option<G::Move>,
        score: i32,
        pv: Vec<G::Move>,
        depth: i32,
        lines: Vec<SearchInfo<G::Move>>,
        stop_reason: StopReason,
    ) -> SearchResult<G::Move> {
        SearchResult {
            best_move,
            score: Score::from_internal(score),
            pv,
            depth: depth.max(0) as u32,
            seldepth: self.seldepth as u32,
            nodes: self.nodes,
            elapsed: self.clock.elapsed(),
            lines,
            stop_reason,
        }
    }

    /// Searches the candidate root moves; on return the best one is first
    /// with its score and PV. Returns the best score (a bound when outside
    /// the window).
    #[allow(clippy::needless_range_loop)]
    fn search_root(
        &mut self,
        root: &G,
        candidates: &mut [RootMove<G::Move>],
        depth: i32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        // Previous best first, then by previous score; stable for determinism.
        if depth > 1 {
            candidates[1..].sort_by_key(|c| std::cmp::Reverse(c.score));
        }
        let mut best_score = -INFINITY;
        let mut best_index = 0;
        for i in 0..candidates.len() {
            let mv = candidates[i].mv;
            // (indexing: the slice is rotated and updated inside the loop)
            let child = root.play(mv);
            self.push(&child, Some(mv));
            let score = if i == 0 {
                -self.negamax(&child, depth - 1, 1, -beta, -alpha, true, true)
            } else {
                let mut s = -self.negamax(&child, depth - 1, 1, -alpha - 1, -alpha, false, true);
                if s > alpha && s < beta && self.stopped.is_none() {
                    s = -self.negamax(&child, depth - 1, 1, -beta, -alpha, true, true);
                }
                s
            };
            self.stack.pop();
            if self.stopped.is_some() {
                break;
            }
            if score > best_score {
                best_score = score;
                best_index = i;
                let mut pv = vec![mv];
                pv.extend_from_slice(&self.pv[1]);
                candidates[i].pv = pv;
                candidates[i].score = score;
                if score > alpha {
                    if i > 0 {
                        self.interrupted_improvement = Some(candidates[i].clone());
                    }
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            } else {
                candidates[i].score = -INFINITY;
            }
        }
        if best_index > 0 {
            candidates[..=best_index].rotate_right(1);
        }
        best_score
    }

    /// Pushes `pos`, reached by `mv` (`None`: a null move).
    fn push(&mut self, pos: &G, mv: Option<G::Move>) {
        self.stack.push(StackEntry {
            zobrist: pos.zobrist(),
            in_check: pos.in_check(),
            after_null: mv.is_none(),
            mv,
            move_code: mv.map_or(NO_MOVE, G::move_code),
        });
    }

    /// Counts a node and decides whether to stop.
    fn tick(&mut self) -> bool {
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
    fn repetition_score(&self, pos: &G, ply: usize) -> Option<i32> {
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

    fn judge_loop(&self, pos: &G, start: usize, end: usize, ply: usize) -> i32 {
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

    fn no_move_score(pos: &G, in_check: bool, ply: usize) -> i32 {
        match pos.no_move_outcome(in_check) {
            NoMoveOutcome::Loss => mated_in(ply),
            NoMoveOutcome::Draw => DRAW,
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        pos: &G,
        mut depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        is_pv: bool,
        allow_null: bool,
    ) -> i32 {
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
        // sequences are not cut at the horizon.
        if in_check {
            depth += 1;
        }
        if depth <= 0 {
            return self.quiescence(pos, ply, alpha, beta);
        }

        let key = self.stack[self.stack.len() - 1].zobrist;
        let previous_move = self.stack[self.stack.len() - 1].move_code;
        let mut hash_move = NO_MOVE;
        if let Some(hit) = self.tt.probe(key) {
            hash_move = hit.move_code;
            let score = from_tt(hit.score, ply);
            if !is_pv && hit.depth >= depth && hit.bound.settles(score, alpha, beta) {
                return score;
            }
        }

        let static_eval = if in_check {
            -INFINITY
        } else {
            self.evaluator.evaluate(pos)
        };
        self.static_evals[ply] = static_eval;
        // Better than two plies ago (when our side last moved): pruning can
        // wait. A check two plies ago gives no reference, so count as improving.
        let improving = !in_check
            && (ply < 2
                || self.static_evals[ply - 2] == -INFINITY
                || static_eval > self.static_evals[ply - 2]);

        if !is_pv && !in_check {
            // Reverse futility: far above beta near the leaves, trust it.
            if depth <= self.params.rfp_max_depth
                && !is_mate(beta)
                && static_eval - self.params.rfp_margin_per_depth * (depth - i32::from(improving))
                    >= beta
            {
                return static_eval;
            }
            // Null move: if passing still beats beta, a real move will too.
            if allow_null
                && depth >= NULL_MOVE_MIN_DEPTH
                && static_eval >= beta
                && !is_mate(beta)
                && let Some(null) = pos.play_null()
            {
                let reduction = NULL_MOVE_BASE_REDUCTION + depth / NULL_MOVE_DEPTH_DIVISOR;
                self.push(&null, None);
                let score = -self.negamax(
                    &null,
                    depth - 1 - reduction,
                    ply + 1,
                    -beta,
                    -beta + 1,
                    false,
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

        let mut moves = std::mem::take(&mut self.move_buffers[ply]);
        moves.clear();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            self.move_buffers[ply] = moves;
            return Self::no_move_score(pos, in_check, ply);
        }
        self.ordering
            .order(pos, &mut moves, hash_move, previous_move, ply);

        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_code = NO_MOVE;
        let mut quiets_tried = std::mem::take(&mut self.quiet_buffers[ply]);
        quiets_tried.clear();
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
        let futile = !is_pv
            && !in_check
            && !hunting_mate
            && depth <= self.params.futility_max_depth
            && static_eval
                + self.params.futility_margin_base
                + self.params.futility_margin_per_depth * depth
                <= alpha;
        for (index, &mv) in moves.iter().enumerate() {
            let tactical = pos.is_tactical(mv);
            let code = G::move_code(mv);
            let prunable = !is_pv && !in_check && best_score > -MATE_BOUND;
            // Late-move pruning: near the leaves, late quiet moves rarely matter.
            let late =
                prunable && !tactical && depth <= self.params.lmp_max_depth && index >= lmp_limit;
            if late && !self.params.lmp_spares_checks {
                continue;
            }
            let child = pos.play(mv);
            self.push(&child, Some(mv));
            let gives_check = self.stack[self.stack.len() - 1].in_check;
            if late && !gives_check {
                self.stack.pop();
                continue;
            }
            // Futility pruning: a quiet, non-checking move cannot lift a
            // hopeless static evaluation to alpha this close to the leaves.
            // Captures that clearly lose the exchange are skipped likewise
            // near the leaves, unless they give check (sacrifices that mate).
            if prunable
                && !gives_check
                && ((futile && !tactical)
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
                -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha, is_pv, true)
            } else {
                // Late-move reduction for quiet, non-checking moves.
                let reduction = if depth >= LMR_MIN_DEPTH
                    && index >= LMR_MIN_MOVES
                    && !tactical
                    && !in_check
                    && !gives_check
                {
                    let mut r = self.lmr[(depth as usize).min(63)][index.min(63)];
                    r -= i32::from(is_pv);
                    r += i32::from(!improving);
                    r -= i32::from(self.ordering.is_killer(ply, mv));
                    if self.params.lmr_history_divisor != 0 {
                        r -= self.ordering.history(code) / self.params.lmr_history_divisor;
                    }
                    r.clamp(0, depth - 2)
                } else {
                    0
                };
                let mut s = -self.negamax(
                    &child,
                    depth - 1 - reduction,
                    ply + 1,
                    -alpha - 1,
                    -alpha,
                    false,
                    true,
                );
                if s > alpha && reduction > 0 && self.stopped.is_none() {
                    s = -self.negamax(&child, depth - 1, ply + 1, -alpha - 1, -alpha, false, true);
                }
                if s > alpha && s < beta && is_pv && self.stopped.is_none() {
                    s = -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha, true, true);
                }
                s
            };
            self.stack.pop();
            if self.stopped.is_some() {
                self.move_buffers[ply] = moves;
                self.quiet_buffers[ply] = quiets_tried;
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_code = code;
                    alpha = score;
                    if is_pv {
                        let (head, tail) = self.pv.split_at_mut(ply + 1);
                        let line = &mut head[ply];
                        line.clear();
                        line.push(mv);
                        line.extend_from_slice(&tail[0]);
                    }
                    if score >= beta {
                        if !tactical {
                            self.ordering
                                .reward_quiet(ply, mv, code, previous_move, depth);
                            for &tried in &quiets_tried {
                                self.ordering.penalise_quiet(tried, depth);
                            }
                        }
                        break;
                    }
                }
            }
            if !tactical {
                quiets_tried.push(code);
            }
        }
        self.move_buffers[ply] = moves;
        self.quiet_buffers[ply] = quiets_tried;

        let bound = if best_score >= beta {
            Bound::Lower
        } else if alpha > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt
            .store(key, best_code, to_tt(best_score, ply), depth, bound);
        best_score
    }

    fn quiescence(&mut self, pos: &G, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let in_check = pos.in_check();
        if ply >= MAX_PLY {
            return if in_check {
                DRAW
            } else {
                self.evaluator.evaluate(pos)
            };
        }
        // Any stored result is at least as deep as quiescence.
        if let Some(hit) = self.tt.probe(pos.zobrist()) {
            let score = from_tt(hit.score, ply);
            if hit.bound.settles(score, alpha, beta) {
                return score;
            }
        }
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
            stand_pat = self.evaluator.evaluate(pos);
            if stand_pat >= beta {
                self.move_buffers[ply] = moves;
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            pos.tactical_moves(&mut moves);
        }
        order_captures(pos, &mut moves);
        let mut best = stand_pat;
        for &mv in &moves {
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
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.move_buffers[ply] = moves;
        best
    }
}
