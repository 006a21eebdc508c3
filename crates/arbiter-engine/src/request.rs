//! What a search is asked (the root, the game before it, the limits) and
//! what it answers (a line per completed iteration, then the result).

use std::time::Duration;

use super::SearchGame;
use super::limits::Limits;
use super::score::Score;
use super::strength::Strength;
use super::wdl::Wdl;

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
    /// Restricts the root to these legal moves; empty = every legal move.
    pub search_moves: Vec<G::Move>,
    /// How strong to play ([`Strength::default`]: full strength).
    pub strength: Strength,
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
            search_moves: Vec::new(),
            strength: Strength::default(),
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
            search_moves: Vec::new(),
            strength: Strength::default(),
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
    /// The expected result for `score`, from the game's model.
    pub wdl: Wdl,
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
    /// A forced mate was proven (within the `mate` limit when one was set);
    /// deeper search cannot change the result.
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
    /// The expected result for `score`, from the game's model.
    pub wdl: Wdl,
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
    /// The MultiPV lines of the last completed iteration, best first (below
    /// full strength the line played first, then the others in order).
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
