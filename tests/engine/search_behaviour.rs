//! How the search behaves as a service component: determinism, limits,
//! cancellation, MultiPV, rule-aware draws, and the bounded worker pool.

#![allow(clippy::unwrap_used)]

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use arbiter_engine::chess::ChessNode;
use arbiter_engine::eval::ChessEvaluator;
use arbiter_engine::{
    Limits, PoolConfig, Score, SearchEvent, SearchMemory, SearchPool, SearchRequest, StopReason,
    search,
};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Move, Position};

fn node(fen: &str) -> ChessNode {
    ChessNode::new(
        fen.parse::<Fen>()
            .unwrap()
            .into_position::<Chess>(CastlingMode::Standard)
            .unwrap(),
    )
}

fn moves(start: &ChessNode, ucis: &str) -> Vec<Move> {
    let mut pos = start.position().clone();
    ucis.split_whitespace()
        .map(|u| {
            let m = u.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
            pos.play_unchecked(m);
            m
        })
        .collect()
}

fn run(request: &SearchRequest<ChessNode>) -> arbiter_engine::SearchResult<Move> {
    let mut memory = SearchMemory::new(4);
    search(
        request,
        &ChessEvaluator,
        &mut memory,
        Arc::new(AtomicBool::new(false)),
        &mut |_| {},
    )
}

const MIDDLEGAME: &str = "r1bq1rk1/pp2bppp/2n1pn2/2pp4/2PP4/2NBPN2/PP3PPP/R1BQ1RK1 w - - 2 8";

#[test]
fn node_limited_search_is_deterministic_even_with_a_reused_table() {
    let request = SearchRequest::new(
        node(MIDDLEGAME),
        Limits {
            nodes: Some(60_000),
            ..Limits::default()
        },
    );
    let mut memory = SearchMemory::new(4);
    let stop = Arc::new(AtomicBool::new(false));
    let first = search(
        &request,
        &ChessEvaluator,
        &mut memory,
        Arc::clone(&stop),
        &mut |_| {},
    );
    let second = search(
        &request,
        &ChessEvaluator,
        &mut memory,
        Arc::clone(&stop),
        &mut |_| {},
    );
    let fresh = run(&request);
    assert_eq!(first.nodes, 60_000);
    assert_eq!(first.stop_reason, StopReason::NodeLimit);
    for other in [&second, &fresh] {
        assert_eq!(first.best_move, other.best_move);
        assert_eq!(first.score, other.score);
        assert_eq!(first.pv, other.pv);
        assert_eq!(first.nodes, other.nodes);
        assert_eq!(first.depth, other.depth);
    }
}

#[test]
fn keep_memory_lets_a_node_limited_search_continue_the_last_one() {
    let request = SearchRequest::new(
        node(MIDDLEGAME),
        Limits {
            nodes: Some(60_000),
            keep_memory: true,
            ..Limits::default()
        },
    );
    let mut memory = SearchMemory::new(4);
    let mut again = || {
        search(
            &request,
            &ChessEvaluator,
            &mut memory,
            Arc::new(AtomicBool::new(false)),
            &mut |_| {},
        )
    };
    let first = again();
    let second = again();
    assert_eq!(first.nodes, 60_000);
    assert_eq!(second.nodes, 60_000);
    // The second search starts from what the first left (its table,
    // histories and corrections), so the same nodes search another tree;
    // whether it ends deeper depends on what the corrections change. A
    // search without kept memory would repeat the first exactly.
    let summary = |result: &arbiter_engine::SearchResult<Move>| {
        (
            result.depth,
            result.seldepth,
            result.score,
            result.pv.clone(),
        )
    };
    assert_ne!(summary(&first), summary(&second), "the memory was kept");
    assert_eq!(
        summary(&first),
        summary(&run(&request)),
        "a fresh memory starts over"
    );
}

#[test]
fn depth_limit_reports_every_iteration() {
    let request = SearchRequest::new(
        node(MIDDLEGAME),
        Limits {
            depth: Some(5),
            ..Limits::default()
        },
    );
    let mut depths = Vec::new();
    let mut memory = SearchMemory::new(4);
    let result = search(
        &request,
        &ChessEvaluator,
        &mut memory,
        Arc::new(AtomicBool::new(false)),
        &mut |info| depths.push(info.depth),
    );
    assert_eq!(depths, vec![1, 2, 3, 4, 5]);
    assert_eq!(result.depth, 5);
    assert_eq!(result.stop_reason, StopReason::DepthReached);
    assert!(result.seldepth >= 5);
    assert_eq!(result.pv.first().copied(), result.best_move);
}

#[test]
fn movetime_is_honoured() {
    let request = SearchRequest::new(
        node(MIDDLEGAME),
        Limits {
            movetime: Some(Duration::from_millis(150)),
            ..Limits::default()
        },
    );
    let started = Instant::now();
    let result = run(&request);
    assert!(
        started.elapsed() < Duration::from_millis(250),
        "{:?}",
        started.elapsed()
    );
    assert!(result.best_move.is_some());
}

#[test]
fn stop_flag_ends_an_unlimited_search_within_milliseconds() {
    let request = SearchRequest::new(node(MIDDLEGAME), Limits::default());
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let worker = std::thread::spawn(move || {
        let mut memory = SearchMemory::new(4);
        let result = search(&request, &ChessEvaluator, &mut memory, flag, &mut |_| {});
        (result, Instant::now())
    });
    std::thread::sleep(Duration::from_millis(300));
    let raised = Instant::now();
    stop.store(true, Ordering::Relaxed);
    let (result, finished) = worker.join().unwrap();
    let latency = finished.duration_since(raised);
    assert!(
        latency < Duration::from_millis(20),
        "stopped after {latency:?}"
    );
    assert_eq!(result.stop_reason, StopReason::Stopped);
    assert!(result.best_move.is_some());
}

#[test]
fn multipv_returns_distinct_lines_best_first() {
    let mut request = SearchRequest::new(
        node(MIDDLEGAME),
        Limits {
            depth: Some(5),
            ..Limits::default()
        },
    );
    request.multipv = 3;
    let result = run(&request);
    assert_eq!(result.lines.len(), 3);
    let firsts: Vec<_> = result.lines.iter().map(|l| l.pv[0]).collect();
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
    let cp = |s: Score| match s {
        Score::Centipawns(c) => c,
        Score::Mate(_) => panic!("unexpected mate"),
    };
    assert!(cp(result.lines[0].score) >= cp(result.lines[1].score));
    assert!(cp(result.lines[1].score) >= cp(result.lines[2].score));
    assert_eq!(result.best_move, Some(firsts[0]));
}

/// A bare king against king and rook: hopeless, unless the game's history
/// makes the next king move a third occurrence (FIDE 9.2 repetition).
#[test]
fn repetition_with_game_history_saves_a_lost_position() {
    let start = node("k7/8/8/8/8/8/8/4K2R b - - 0 1");
    let line = moves(&start, "a8b8 h1h2 b8a8 h2h1 a8b8 h1h2 b8a8 h2h1 a8b8 h1h2");
    let limits = Limits {
        depth: Some(6),
        ..Limits::default()
    };
    let with_history = run(&SearchRequest::after_moves(
        start.clone(),
        &line,
        limits.clone(),
    ));
    assert_eq!(with_history.score, Score::Centipawns(0));
    assert_eq!(
        with_history
            .best_move
            .map(|m| m.to_uci(CastlingMode::Standard).to_string()),
        Some("b8a8".to_string())
    );

    let root = with_history_root(&start, &line);
    let without = run(&SearchRequest::new(root, limits));
    assert!(
        matches!(without.score, Score::Centipawns(c) if c < -300)
            || matches!(without.score, Score::Mate(n) if n < 0)
    );
}

fn with_history_root(start: &ChessNode, line: &[Move]) -> ChessNode {
    use arbiter_engine::SearchGame;
    line.iter().fold(start.clone(), |pos, &m| pos.play(m))
}

#[test]
fn fifty_move_rule_draws_unless_mate_comes_first() {
    // 99 reversible plies played: any non-mating move completes the fifty.
    let no_mate = node("8/8/8/3k4/8/8/8/4K2R w - - 99 120");
    assert_eq!(
        run(&SearchRequest::new(
            no_mate,
            Limits {
                depth: Some(4),
                ..Limits::default()
            }
        ))
        .score,
        Score::Centipawns(0)
    );
    let mate = node("k7/8/1K6/8/8/8/8/7R w - - 99 120");
    assert_eq!(
        run(&SearchRequest::new(
            mate,
            Limits {
                depth: Some(4),
                ..Limits::default()
            }
        ))
        .score,
        Score::Mate(1)
    );
}

#[test]
fn stalemate_is_a_draw_and_checkmate_is_reported_at_the_root() {
    let stalemated = node("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1");
    let result = run(&SearchRequest::new(stalemated, Limits::default()));
    assert_eq!(result.stop_reason, StopReason::NoLegalMoves);
    assert_eq!(result.best_move, None);
    assert_eq!(result.score, Score::Centipawns(0));

    let mated = node("k1Q5/8/1K6/8/8/8/8/8 b - - 0 1");
    let result = run(&SearchRequest::new(mated, Limits::default()));
    assert_eq!(result.score, Score::Mate(0));
}

#[test]
fn full_pool_rejects_at_once_and_frees_workers_on_cancel() {
    let pool = SearchPool::new(PoolConfig {
        workers: 1,
        queue_capacity: 1,
        tt_mb: 1,
        nice: 0,
    })
    .unwrap();
    let evaluator = Arc::new(ChessEvaluator);
    let endless = || SearchRequest::new(node(MIDDLEGAME), Limits::default());
    let (running, running_events) = pool
        .try_submit_channel(endless(), Arc::clone(&evaluator))
        .unwrap();
    let (queued, queued_events) = pool
        .try_submit_channel(endless(), Arc::clone(&evaluator))
        .unwrap();

    let started = Instant::now();
    let rejected = pool.try_submit_channel(endless(), Arc::clone(&evaluator));
    assert!(rejected.is_err());
    assert!(started.elapsed() < Duration::from_millis(10));
    assert_eq!(pool.stats().rejected(), 1);

    // The first search is running once it reports an iteration.
    assert!(matches!(
        running_events.recv().unwrap(),
        SearchEvent::Info(_)
    ));
    // Dropping the handle of the queued search cancels it before it starts.
    drop(queued);
    running.cancel();
    let done = running_events
        .iter()
        .find_map(|e| match e {
            SearchEvent::Done(result) => Some(result),
            SearchEvent::Info(_) => None,
        })
        .unwrap();
    assert_eq!(done.stop_reason, StopReason::Stopped);
    // The cancelled queued job never searches and closes its channel.
    assert!(
        queued_events
            .iter()
            .all(|e| matches!(e, SearchEvent::Info(_)))
    );

    let (_again, events) = pool
        .try_submit_channel(
            SearchRequest::new(
                node(MIDDLEGAME),
                Limits {
                    depth: Some(3),
                    ..Limits::default()
                },
            ),
            evaluator,
        )
        .unwrap();
    let last = events.iter().last().unwrap();
    assert!(matches!(last, SearchEvent::Done(r) if r.depth == 3));
    assert!(pool.stats().completed() >= 2);
}

#[test]
fn a_gone_receiver_stops_the_search() {
    let pool = SearchPool::new(PoolConfig {
        workers: 1,
        queue_capacity: 0,
        tt_mb: 1,
        nice: 0,
    })
    .unwrap();
    let (handle, events) = pool
        .try_submit_channel(
            SearchRequest::new(node(MIDDLEGAME), Limits::default()),
            Arc::new(ChessEvaluator),
        )
        .unwrap();
    std::mem::forget(handle); // keep the flag down: only the receiver goes
    // Wait for the first iteration, then hang up.
    assert!(matches!(events.recv().unwrap(), SearchEvent::Info(_)));
    drop(events);
    let deadline = Instant::now() + Duration::from_secs(2);
    while pool.stats().active() > 0 || pool.stats().completed() == 0 {
        assert!(Instant::now() < deadline, "search kept running");
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn a_single_legal_move_is_answered_at_once() {
    // Black's king has a single legal move: taking the rook.
    let forced = node("k7/1R6/8/8/8/8/8/K7 b - - 0 1");
    let started = Instant::now();
    let result = run(&SearchRequest::new(
        forced,
        Limits {
            movetime: Some(Duration::from_secs(5)),
            ..Limits::default()
        },
    ));
    assert_eq!(result.stop_reason, StopReason::OnlyMove);
    assert!(started.elapsed() < Duration::from_millis(500));
    assert_eq!(
        result
            .best_move
            .map(|m| m.to_uci(CastlingMode::Standard).to_string()),
        Some("a8b7".to_string())
    );
}
