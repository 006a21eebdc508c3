//! Iterative deepening over a principal-variation alpha-beta search with
//! aspiration windows, quiescence, a transposition table, check extensions,
//! null-move, reverse futility, futility, late-move and SEE pruning,
//! internal iterative reductions, late-move reductions and singular
//! extensions.

use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use super::Evaluator;
use super::correction::CorrectionHistory;
use super::eval_cache::EvalCache;
use super::limits::Clock;
use super::memory::SearchMemory;
use super::node::NodeType;
use super::ordering::{Histories, NO_PIECE_TO, OrderingTables};
use super::params::{
    ASPIRATION_MIN_DEPTH, LMR_BASE, LMR_DIVISOR, MAX_DEPTH, MAX_PLY, SearchParams,
};
use super::request::{SearchInfo, SearchRequest, SearchResult, StopReason};
use super::score::{DRAW, INFINITY, MATE, Score, is_mate, mate_in, mated_in};
use super::strength::Strength;
use super::tt::{NO_MOVE, TranspositionTable};
use super::{NoMoveOutcome, SearchGame};

/// Runs one search to completion (limits, stop flag) on the calling thread.
/// `on_info` is called for every line of every completed iteration (up to
/// the requested MultiPV, also when a lower strength searches more).
pub fn search<G: SearchGame, E: Evaluator<G> + ?Sized>(
    request: &SearchRequest<G>,
    evaluator: &E,
    memory: &mut SearchMemory,
    stop: Arc<AtomicBool>,
    on_info: &mut dyn FnMut(&SearchInfo<G::Move>),
) -> SearchResult<G::Move> {
    let mut limits = request.limits.clone();
    if let Some(budget) = request.strength.node_budget() {
        limits.nodes = Some(limits.nodes.map_or(budget, |n| n.min(budget)));
    }
    let same_game = memory.continues_game(&request.root, &request.history);
    let continued = if (limits.keep_memory || (limits.nodes.is_none() && limits.depth.is_none()))
        && G::PARAMS.keep_table_between_searches
    {
        // Not reproducible anyway: where the game allows it, start from
        // what the last search of the same game under the same rules left.
        let mut context = DefaultHasher::new();
        std::any::type_name::<G>().hash(&mut context);
        format!("{:?}", request.rules).hash(&mut context);
        memory.tt.continue_search(context.finish())
    } else {
        memory.tt.new_search();
        false
    };
    // The same context means the same kind of game, so the same move codes;
    // the histories and corrections describe one game, so they go on only
    // with it. (The table may go on whatever the game: another game's
    // entries do not match this one's positions, and age out.)
    let keep_histories = continued && same_game && G::PARAMS.keep_histories_between_searches;
    let histories = match memory.histories.take() {
        Some(kept) if keep_histories => kept.aged(),
        _ => Histories::new(G::MOVE_CODE_SPACE, G::CAPTURE_KEY_SPACE, G::PIECE_TO_SPACE),
    };
    // The evaluation's errors by structure are averages, not counts: kept
    // as they are.
    let correction = match memory.correction.take() {
        Some(kept) if keep_histories => kept,
        _ => CorrectionHistory::new(),
    };
    let clock = Clock::new(&limits, request.root.side_to_move(), stop);
    let mut searcher = Searcher::new(
        request,
        evaluator,
        &mut memory.tt,
        clock,
        histories,
        correction,
    );
    let result = searcher.iterate(request, on_info);
    memory.histories = Some(searcher.ordering.into_histories());
    memory.correction = Some(searcher.correction);
    memory.searched(&request.root);
    result
}

#[derive(Debug, Clone, Copy)]
pub(super) struct StackEntry<M> {
    pub(super) zobrist: u64,
    pub(super) in_check: bool,
    /// Whether the check here earns the check extension: not when the
    /// checking move gave up material in its exchange (see `negamax`).
    pub(super) extends_check: bool,
    /// Reached by a null move: repetitions never reach across it.
    pub(super) after_null: bool,
    /// The move that led here, where known.
    pub(super) mv: Option<M>,
    /// Code of the move that led here ([`NO_MOVE`] for the root, the game
    /// history and null moves), for countermoves.
    pub(super) move_code: u16,
    /// [`SearchGame::piece_to`] of the move that led here
    /// ([`NO_PIECE_TO`] where `move_code` is [`NO_MOVE`]), for the
    /// continuation history.
    pub(super) piece_to: u16,
}

#[derive(Debug, Clone)]
pub(super) struct RootMove<M> {
    pub(super) mv: M,
    pub(super) score: i32,
    pub(super) pv: Vec<M>,
}

pub(super) struct Searcher<'a, G: SearchGame, E: ?Sized> {
    pub(super) evaluator: &'a E,
    pub(super) tt: &'a mut TranspositionTable,
    pub(super) clock: Clock,
    pub(super) rules: G::Rules,
    pub(super) nodes: u64,
    pub(super) seldepth: usize,
    pub(super) stopped: Option<StopReason>,
    /// The game's search settings.
    pub(super) params: SearchParams,
    pub(super) stack: Vec<StackEntry<G::Move>>,
    pub(super) root_index: usize,
    pub(super) ordering: OrderingTables<G::Move>,
    pub(super) pv: Vec<Vec<G::Move>>,
    pub(super) move_buffers: Vec<Vec<G::Move>>,
    /// The order keys of each ply's moves, for picking them one at a time.
    pub(super) key_buffers: Vec<Vec<(i64, G::Move)>>,
    /// Quiet moves tried at each ply (move code and piece-to), for history
    /// penalties.
    pub(super) quiet_buffers: Vec<Vec<(u16, u16)>>,
    /// Captures tried at each ply (their capture keys), for capture history
    /// penalties.
    pub(super) capture_buffers: Vec<Vec<u16>>,
    /// Static evaluation at each ply (`-INFINITY` in check), for the
    /// improving heuristic.
    pub(super) static_evals: Vec<i32>,
    /// The move a singular-extension search leaves out at each ply
    /// (`NO_MOVE`: none): the node is searched again without it, to learn
    /// whether the hash move alone holds it.
    pub(super) excluded: Vec<u16>,
    /// Double extensions on the path to each ply: bounded, so that a line
    /// of singular moves cannot double the search's depth.
    pub(super) double_extensions: Vec<u8>,
    pub(super) lmr: Vec<[i32; 64]>,
    pub(super) eval_cache: EvalCache,
    pub(super) correction: CorrectionHistory,
    /// A root move that beat the first move of an iteration that was then
    /// interrupted: proven at least as good, so worth playing.
    pub(super) interrupted_improvement: Option<RootMove<G::Move>>,
}

impl<'a, G: SearchGame, E: Evaluator<G> + ?Sized> Searcher<'a, G, E> {
    pub(super) fn new(
        request: &SearchRequest<G>,
        evaluator: &'a E,
        tt: &'a mut TranspositionTable,
        clock: Clock,
        histories: Histories,
        correction: CorrectionHistory,
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
                extends_check: h.in_check,
                after_null: false,
                mv: reached_by(i),
                move_code: NO_MOVE,
                piece_to: NO_PIECE_TO,
            })
            .collect();
        let root_index = stack.len();
        stack.push(StackEntry {
            zobrist: request.root.zobrist(),
            in_check: request.root.in_check(),
            extends_check: request.root.in_check(),
            after_null: false,
            mv: reached_by(root_index),
            move_code: NO_MOVE,
            piece_to: NO_PIECE_TO,
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
            ordering: OrderingTables::new(MAX_PLY, histories),
            pv: vec![Vec::new(); MAX_PLY + 2],
            move_buffers: vec![Vec::new(); MAX_PLY + 2],
            key_buffers: vec![Vec::new(); MAX_PLY + 2],
            quiet_buffers: vec![Vec::new(); MAX_PLY + 2],
            capture_buffers: vec![Vec::new(); MAX_PLY + 2],
            static_evals: vec![-INFINITY; MAX_PLY + 2],
            excluded: vec![NO_MOVE; MAX_PLY + 2],
            double_extensions: vec![0; MAX_PLY + 2],
            lmr,
            eval_cache: EvalCache::new(),
            correction,
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
                NoMoveOutcome::Win => mate_in(0),
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
        if !request.search_moves.is_empty() {
            let allowed: Vec<G::Move> = moves
                .iter()
                .copied()
                .filter(|mv| request.search_moves.contains(mv))
                .collect();
            // The caller checked them; a list of none legal searches all.
            if !allowed.is_empty() {
                moves = allowed;
            }
        }
        let mut root_moves: Vec<RootMove<G::Move>> = moves
            .into_iter()
            .map(|mv| RootMove {
                mv,
                score: -INFINITY,
                pv: vec![mv],
            })
            .collect();
        let reported = request.multipv.clamp(1, 5).min(root_moves.len());
        // Below full strength the candidates to choose among are searched as
        // lines; only the requested ones are reported.
        let lines = reported
            .max(request.strength.candidates())
            .min(root_moves.len());
        let mate_limit = request
            .limits
            .mate
            .map(|n| n.clamp(1, MAX_DEPTH as u32) as i32);
        let max_depth = match (request.limits.depth, mate_limit) {
            (Some(d), _) => (d as i32).clamp(1, MAX_DEPTH),
            (None, Some(n)) => (4 * n + 4).min(MAX_DEPTH),
            (None, None) => MAX_DEPTH,
        };
        let mut stable_iterations = 0u32;
        let mut last_best: Option<G::Move> = None;
        let mut iteration_started = self.clock.elapsed();

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
                let score = Score::from_internal(root_moves[line].score);
                let info = SearchInfo {
                    depth: depth as u32,
                    seldepth: self.seldepth as u32,
                    multipv: line + 1,
                    score,
                    wdl: G::WDL.wdl(score),
                    pv: root_moves[line].pv.clone(),
                    nodes: self.nodes,
                    elapsed: self.clock.elapsed(),
                };
                if line < reported {
                    on_info(&info);
                }
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
                    first.wdl = G::WDL.wdl(first.score);
                }
                if !iteration_lines.is_empty() {
                    completed_depth = depth;
                    let done = iteration_lines.len();
                    iteration_lines.extend(completed.drain(..).skip(done));
                    completed = iteration_lines;
                }
                break;
            }
            // Each line searches only the moves the lines above it left, so
            // a move that failed low under a null window in one line can score
            // above that line in the next: rank the lines, best first, for the
            // report and for the next iteration.
            if lines > 1 {
                let mut ranked: Vec<_> = root_moves[..lines]
                    .iter()
                    .cloned()
                    .zip(iteration_lines.drain(..))
                    .collect();
                ranked.sort_by_key(|(root_move, _)| std::cmp::Reverse(root_move.score));
                for (index, (root_move, mut info)) in ranked.into_iter().enumerate() {
                    root_moves[index] = root_move;
                    info.multipv = index + 1;
                    iteration_lines.push(info);
                }
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
            if let Some(n) = mate_limit
                && best >= mate_in((2 * n - 1) as usize)
            {
                reason = StopReason::MateFound;
                break;
            }
            let best_move = root_moves[0].mv;
            if last_best == Some(best_move) {
                stable_iterations += 1;
            } else {
                stable_iterations = 0;
            }
            last_best = Some(best_move);
            let now = self.clock.elapsed();
            let iteration_time = now.saturating_sub(iteration_started);
            iteration_started = now;
            if !self
                .clock
                .worth_next_iteration(stable_iterations, iteration_time)
            {
                reason = StopReason::TimeUp;
                break;
            }
        }
        if !request.strength.is_full() && completed.len() > 1 {
            completed = played_first(completed, &request.strength);
        }
        completed.truncate(reported);

        let (best_move, score, pv) = match completed.first() {
            Some(first) => (
                first.pv.first().copied(),
                first.score.to_internal(),
                first.pv.clone(),
            ),
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
        let score = Score::from_internal(score);
        SearchResult {
            best_move,
            score,
            wdl: G::WDL.wdl(score),
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
            self.push(&child, Some(mv), root.piece_to(mv).unwrap_or(NO_PIECE_TO));
            let score = if i == 0 {
                -self.negamax(&child, depth - 1, 1, -beta, -alpha, NodeType::Pv, true)
            } else {
                let mut s = -self.negamax(
                    &child,
                    depth - 1,
                    1,
                    -alpha - 1,
                    -alpha,
                    NodeType::Cut,
                    true,
                );
                if s > alpha && s < beta && self.stopped.is_none() {
                    s = -self.negamax(&child, depth - 1, 1, -beta, -alpha, NodeType::Pv, true);
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
}

/// The lines with the one `strength` chooses to play first, the others after
/// it in their order, renumbered.
fn played_first<M>(mut lines: Vec<SearchInfo<M>>, strength: &Strength) -> Vec<SearchInfo<M>> {
    let scores: Vec<i32> = lines.iter().map(|line| line.score.to_internal()).collect();
    let chosen = strength.choose(&scores).min(lines.len() - 1);
    lines[..=chosen].rotate_right(1);
    for (index, line) in lines.iter_mut().enumerate() {
        line.multipv = index + 1;
    }
    lines
}
