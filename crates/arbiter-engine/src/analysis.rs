//! The one entry point for "search this game under these rules".
//!
//! A caller hands in a loaded [`Game`] and the request's [`RuleOptions`]; this
//! module decides whether there is anything to search, picks the game's search
//! node, rules and evaluator, carries the history the repetition rulings need,
//! and reports events whose moves are already described ([`MoveInfo`]) for the
//! root position. No caller needs a game's internals or an evaluator.

use std::sync::Arc;

use shakmaty::Position as _;

use super::chess::{ChessNode, ChessRules};
use super::eval::{ChessEvaluator, VariantEvaluator, XiangqiEvaluator};
use super::variant::VariantNode;
use super::xiangqi::XiangqiNode;
use super::{
    Evaluator, HistoryEntry, Limits, PoolFull, SearchEvent, SearchGame, SearchHandle, SearchInfo,
    SearchPool, SearchRequest, SearchResult, Strength,
};
use arbiter_rules::{
    Game, InputError, MoveError, MoveInfo, Outcome, RuleOptions, RuleSet, chess, xiangqi,
};

/// What a search reports, with its moves described for the root position.
pub type AnalysisEvent = SearchEvent<MoveInfo>;

/// Why a search was not started.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AnalysisError {
    /// The position or the options cannot be judged.
    #[error(transparent)]
    Input(#[from] InputError),
    /// The game has already ended: there is no move to search.
    #[error("the game is already over ({0:?}); there is no move to search")]
    GameOver(Outcome),
    /// Every worker is busy and the queue is full.
    #[error(transparent)]
    PoolFull(#[from] PoolFull),
}

/// One search to run: the game as loaded from the request, and how to search it.
#[derive(Debug, Clone)]
pub struct Analysis<'a> {
    /// The game after the request's history; the search starts from its current position.
    pub game: &'a Game,
    /// The rules the game was loaded under; the search respects the same ones.
    pub rules: &'a RuleOptions,
    /// What bounds the search.
    pub limits: Limits,
    /// Lines to report per iteration, at least 1.
    pub multipv: usize,
    /// Restricts the root to these moves, in the notations the game's history
    /// accepts; empty = every legal move.
    pub search_moves: &'a [String],
    /// How strong to play.
    pub strength: Strength,
}

/// A search on the pool and the rule set its answer is made under.
#[derive(Debug)]
pub struct Started {
    /// Dropping it stops the search.
    pub handle: SearchHandle,
    /// The rule set the search judged by, after the variant's default is filled in.
    pub rule_set: RuleSet,
}

impl Analysis<'_> {
    /// Starts the search on `pool`; `sink` receives its events on the worker
    /// thread, ending with [`SearchEvent::Done`], and returns `false` once nobody
    /// listens any more (which stops the search).
    pub fn start<S>(self, pool: &SearchPool, sink: S) -> Result<Started, AnalysisError>
    where
        S: FnMut(AnalysisEvent) -> bool + Send + 'static,
    {
        let status = self.game.status(self.rules).map_err(InputError::from)?;
        if status.outcome.is_over() {
            return Err(AnalysisError::GameOver(status.outcome));
        }
        let rule_set = status.rule_set;
        let handle = match self.game {
            Game::Chess(game) => {
                let root = game.position().clone();
                let search_moves = parse_search_moves(self.search_moves, |text| {
                    game.parse_move(text).map_err(MoveError::Chess)
                })?;
                let history = chess_history(game);
                let describe = {
                    let root = root.clone();
                    move |moves: &[shakmaty::Move]| {
                        let mut pos = root.clone();
                        let mut out = Vec::with_capacity(moves.len());
                        for &m in moves {
                            if !pos.is_legal(m) {
                                break;
                            }
                            out.push(chess::describe(&pos, m));
                            pos.play_unchecked(m);
                        }
                        out
                    }
                };
                match root {
                    // Standard chess and Chess960 (a `Chess` with Chess960
                    // castling): the chess node and evaluator.
                    shakmaty::variant::VariantPosition::Chess(chess_root) => {
                        let request = SearchRequest {
                            root: ChessNode::new(chess_root),
                            history,
                            history_moves: Vec::new(),
                            limits: self.limits,
                            multipv: self.multipv,
                            rules: ChessRules::default(),
                            search_moves,
                            strength: self.strength,
                        };
                        submit(pool, request, Arc::new(ChessEvaluator), describe, sink)?
                    }
                    // The Lichess variants: their endings scored as mates.
                    variant_root => {
                        let request = SearchRequest {
                            root: VariantNode::new(variant_root),
                            history,
                            history_moves: Vec::new(),
                            limits: self.limits,
                            multipv: self.multipv,
                            rules: ChessRules::default(),
                            search_moves,
                            strength: self.strength,
                        };
                        submit(pool, request, Arc::new(VariantEvaluator), describe, sink)?
                    }
                }
            }
            Game::Xiangqi(game) => {
                let root = game.position().clone();
                let one_based = game.one_based();
                let chinese = game.chinese();
                let (history, history_moves) = xiangqi_history(game);
                let search_moves = parse_search_moves(self.search_moves, |text| {
                    game.parse_move(text).map_err(MoveError::Xiangqi)
                })?;
                let request = SearchRequest {
                    root: XiangqiNode::with_move_limit(
                        root.clone(),
                        game.move_limit_counter(),
                        self.rules.check_discount,
                    ),
                    history,
                    history_moves,
                    limits: self.limits,
                    multipv: self.multipv,
                    rules: xiangqi::StatusOptions::new(self.rules, rule_set),
                    search_moves,
                    strength: self.strength,
                };
                let describe = move |moves: &[xiangqi::Move]| {
                    let mut pos = root.clone();
                    let mut out = Vec::with_capacity(moves.len());
                    for &m in moves {
                        if !pos.is_legal(m) {
                            break;
                        }
                        out.push(xiangqi::game::describe(&pos, m, one_based, chinese));
                        pos.play(m);
                    }
                    out
                };
                submit(pool, request, Arc::new(XiangqiEvaluator), describe, sink)?
            }
        };
        Ok(Started { handle, rule_set })
    }
}

/// Reads a root restriction with the game's parser; each move parsed is
/// legal in the root position. A duplicate is kept (it restricts nothing more).
fn parse_search_moves<M>(
    texts: &[String],
    parse: impl Fn(&str) -> Result<M, MoveError>,
) -> Result<Vec<M>, InputError> {
    texts
        .iter()
        .enumerate()
        .map(|(index, text)| parse(text).map_err(|error| InputError::SearchMove { index, error }))
        .collect()
}

/// Submits `request`, describing each event's moves on the worker thread (the
/// descriptions need the game's move type; the caller's side gets domain data).
fn submit<G, E, D, S>(
    pool: &SearchPool,
    request: SearchRequest<G>,
    evaluator: Arc<E>,
    describe: D,
    mut sink: S,
) -> Result<SearchHandle, PoolFull>
where
    G: SearchGame,
    E: Evaluator<G> + 'static,
    D: Fn(&[G::Move]) -> Vec<MoveInfo> + Send + 'static,
    S: FnMut(AnalysisEvent) -> bool + Send + 'static,
{
    pool.try_submit(request, evaluator, move |event| {
        sink(match event {
            SearchEvent::Info(info) => SearchEvent::Info(described_line(&info, &describe)),
            SearchEvent::Done(result) => SearchEvent::Done(described_result(&result, &describe)),
        })
    })
}

fn described_line<M>(
    info: &SearchInfo<M>,
    describe: &impl Fn(&[M]) -> Vec<MoveInfo>,
) -> SearchInfo<MoveInfo> {
    SearchInfo {
        depth: info.depth,
        seldepth: info.seldepth,
        multipv: info.multipv,
        score: info.score,
        wdl: info.wdl,
        pv: describe(&info.pv),
        nodes: info.nodes,
        elapsed: info.elapsed,
    }
}

/// The result with its moves described. The best move leads the principal
/// variation when the PV starts with it; otherwise it is described alone.
fn described_result<M: Copy + PartialEq>(
    result: &SearchResult<M>,
    describe: &impl Fn(&[M]) -> Vec<MoveInfo>,
) -> SearchResult<MoveInfo> {
    let pv = match result.best_move {
        Some(best) if result.pv.first() == Some(&best) => describe(&result.pv),
        Some(best) => describe(&[best]),
        None => Vec::new(),
    };
    SearchResult {
        best_move: pv.first().cloned(),
        score: result.score,
        wdl: result.wdl,
        pv,
        depth: result.depth,
        seldepth: result.seldepth,
        nodes: result.nodes,
        elapsed: result.elapsed,
        lines: result
            .lines
            .iter()
            .map(|line| described_line(line, describe))
            .collect(),
        stop_reason: result.stop_reason,
    }
}

/// The positions of the repetition window before the current one (chess's
/// window holds hashes only).
fn chess_history(game: &chess::ChessGame) -> Vec<HistoryEntry> {
    let window = game.window();
    window[..window.len().saturating_sub(1)]
        .iter()
        .map(|&zobrist| HistoryEntry {
            zobrist,
            in_check: false,
        })
        .collect()
}

/// The positions since the last capture (before the current one) and the
/// moves played from them, which xiangqi's chase rulings replay.
fn xiangqi_history(game: &xiangqi::XiangqiGame) -> (Vec<HistoryEntry>, Vec<xiangqi::Move>) {
    let record = game.record();
    let positions = &record.positions;
    let end = positions.len().saturating_sub(1);
    let start = record.window_start.min(end);
    let history = positions[start..end]
        .iter()
        .map(|p| HistoryEntry {
            zobrist: p.zobrist(),
            in_check: p.in_check(),
        })
        .collect();
    let moves = record.plies[start..end.min(record.plies.len())]
        .iter()
        .map(|ply| ply.mv)
        .collect();
    (history, moves)
}
