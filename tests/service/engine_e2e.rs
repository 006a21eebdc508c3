//! The Engine service over gRPC: answers, determinism, deadlines,
//! cancellation, and back-pressure while Rules keeps answering.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::{Duration, Instant};

use crate::support::{TestServer, best_move_request, chess, legal_moves_request, xiangqi};
use arbiter::{config::Config, proto as pb};
use tokio_stream::StreamExt;
use tonic::Code;

fn nodes(n: u64) -> Option<pb::SearchLimits> {
    Some(pb::SearchLimits {
        limit: Some(pb::search_limits::Limit::Nodes(n)),
    })
}

fn movetime(ms: u32) -> Option<pb::SearchLimits> {
    Some(pb::SearchLimits {
        limit: Some(pb::search_limits::Limit::MovetimeMs(ms)),
    })
}

fn small_pool() -> Config {
    let mut config = Config::for_tests();
    config.search_threads = 1;
    config.search_queue = 0;
    config.tt_mb = 1;
    config
}

#[tokio::test]
async fn best_move_finds_mate_in_one_in_both_games() {
    let t = TestServer::start().await;
    // Scholar's mate pattern: Qxf7#.
    let answer = t
        .engine()
        .best_move(best_move_request(
            chess("", &["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6"]),
            nodes(50_000),
        ))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(answer.best_move.as_ref().unwrap().uci, "h5f7");
    assert_eq!(answer.score.unwrap().value, Some(pb::score::Value::Mate(1)));
    assert_eq!(answer.rule_set(), pb::RuleSet::Fide);
    // Xiangqi: the chariot on rank 8 holds the general, the other mates on
    // rank 9 (the spec's stalemate example with a second chariot).
    let answer = t
        .engine()
        .best_move(best_move_request(
            xiangqi("3k5/R8/9/9/9/9/9/9/9/4K3R w - - 0 1", &[]),
            nodes(50_000),
        ))
        .await
        .unwrap()
        .into_inner();
    let best = answer.best_move.clone().unwrap();
    assert_eq!(best.uci, "i0i9", "{answer:?}");
    assert_eq!(answer.score.unwrap().value, Some(pb::score::Value::Mate(1)));
    assert_eq!(answer.rule_set(), pb::RuleSet::Axf);
}

/// The search rules a repetition with the request's history and rule set,
/// and the move limit with the request's check discount (the positions of
/// tests/engine/xiangqi_rules_search.rs, through the service).
#[tokio::test]
async fn best_move_follows_the_requested_xiangqi_rules() {
    let t = TestServer::start().await;
    let options = |rule_set: pb::RuleSet, check_discount: Option<u32>| {
        Some(pb::RuleOptions {
            rule_set: rule_set.into(),
            check_discount,
            ..Default::default()
        })
    };
    // Orange-xiangqi AXF diagram 32: Red's chariot has chased the cannon
    // through two turns of the loop; e4a4 would complete a perpetual chase.
    let chase = || {
        xiangqi(
            "2bk1a3/4a4/4b4/9/c8/1R7/3r5/4B4/4A4/4KAB2 w - - 0 1",
            &[
                "b4a4", "a5e5", "a4e4", "e5a5", "e4a4", "a5e5", "a4e4", "e5a5",
            ],
        )
    };
    for (rule_set, repeats) in [(pb::RuleSet::Axf, false), (pb::RuleSet::Simple, true)] {
        let answer = t
            .engine()
            .best_move(pb::BestMoveRequest {
                position: chase(),
                limits: nodes(200_000),
                multipv: 0,
                options: options(rule_set, None),
                ..Default::default()
            })
            .await
            .unwrap()
            .into_inner();
        let best = answer.best_move.clone().unwrap().uci;
        assert_eq!(best == "e4a4", repeats, "{rule_set:?}: {answer:?}");
    }
    // Two chariots, 119 plies without capture: the check a1e1 wins in two
    // only if it does not advance the move-limit counter.
    for (check_discount, score) in [
        (Some(0), pb::score::Value::Mate(2)),
        (None, pb::score::Value::Centipawns(0)),
    ] {
        let answer = t
            .engine()
            .best_move(pb::BestMoveRequest {
                position: xiangqi("4k4/9/9/9/9/9/9/9/R8/1R1K5 w - - 119 80", &[]),
                limits: nodes(200_000),
                multipv: 0,
                options: options(pb::RuleSet::Axf, check_discount),
                ..Default::default()
            })
            .await
            .unwrap()
            .into_inner();
        assert_eq!(answer.score.unwrap().value, Some(score), "{answer:?}");
    }
}

#[tokio::test]
async fn node_limited_search_is_deterministic_and_multipv_reports_lines() {
    let t = TestServer::start().await;
    let request = pb::BestMoveRequest {
        position: chess("", &["e4", "c5"]),
        limits: nodes(30_000),
        multipv: 3,
        options: None,
        ..Default::default()
    };
    let first = t
        .engine()
        .best_move(request.clone())
        .await
        .unwrap()
        .into_inner();
    let second = t.engine().best_move(request).await.unwrap().into_inner();
    assert_eq!(first.best_move, second.best_move);
    assert_eq!(first.score, second.score);
    assert_eq!(first.nodes, second.nodes);
    assert_eq!(first.lines.len(), 3);
    assert_eq!(first.lines[0].pv.first(), first.best_move.as_ref());
    let ranks: Vec<u32> = first.lines.iter().map(|l| l.multipv).collect();
    assert_eq!(ranks, [1, 2, 3]);
}

#[tokio::test]
async fn finished_games_and_bad_limits_are_refused() {
    let t = TestServer::start().await;
    let over = t
        .engine()
        .best_move(best_move_request(
            chess("", &["f3", "e5", "g4", "Qh4#"]),
            None,
        ))
        .await
        .unwrap_err();
    assert_eq!(over.code(), Code::FailedPrecondition);
    let multipv = t
        .engine()
        .best_move(pb::BestMoveRequest {
            position: chess("", &[]),
            limits: nodes(100),
            multipv: 6,
            options: None,
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_eq!(multipv.code(), Code::InvalidArgument);
}

#[tokio::test]
async fn the_call_deadline_bounds_the_search() {
    let t = TestServer::start().await;
    let mut request = tonic::Request::new(best_move_request(chess("", &[]), movetime(20_000)));
    request.set_timeout(Duration::from_secs(2));
    let started = Instant::now();
    let answer = t.engine().best_move(request).await.unwrap().into_inner();
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
    assert!(answer.best_move.is_some());
    assert_eq!(answer.stop_reason(), pb::StopReason::Time);
}

#[tokio::test]
async fn analyze_streams_iterations_then_the_best_move() {
    let t = TestServer::start().await;
    let mut stream = t
        .engine()
        .analyze(pb::AnalyzeRequest {
            position: xiangqi("", &[]),
            limits: Some(pb::SearchLimits {
                limit: Some(pb::search_limits::Limit::Depth(4)),
            }),
            multipv: 2,
            options: None,
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    let mut infos = 0;
    let mut last = None;
    while let Some(message) = stream.next().await {
        match message.unwrap().event.unwrap() {
            pb::analyze_response::Event::Info(info) => {
                infos += 1;
                assert!(!info.line.unwrap().pv.is_empty());
            }
            pb::analyze_response::Event::BestMove(best) => last = Some(best),
        }
    }
    assert!(
        infos >= 4 * 2,
        "one info per iteration and line, got {infos}"
    );
    let best = last.expect("final message");
    assert_eq!(best.depth, 4);
    assert!(best.best_move.is_some());
}

#[tokio::test]
async fn cancelling_analyze_frees_the_worker() {
    let t = TestServer::start_with(small_pool()).await;
    let mut stream = t
        .engine()
        .analyze(pb::AnalyzeRequest {
            position: chess("", &[]),
            limits: movetime(20_000),
            multipv: 0,
            options: None,
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    stream.next().await.unwrap().unwrap();
    drop(stream);
    // The single worker must become free within a short time.
    let started = Instant::now();
    loop {
        let result = t
            .engine()
            .best_move(best_move_request(chess("", &[]), nodes(1_000)))
            .await;
        match result {
            Ok(_) => break,
            Err(status) if status.code() == Code::ResourceExhausted => {
                assert!(
                    started.elapsed() < Duration::from_secs(2),
                    "worker not freed"
                );
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
            Err(status) => panic!("{status:?}"),
        }
    }
}

#[tokio::test]
async fn a_full_pool_rejects_at_once_while_rules_keep_answering() {
    let t = TestServer::start_with(small_pool()).await;
    let mut engine = t.engine();
    let busy = tokio::spawn(async move {
        engine
            .best_move(best_move_request(chess("", &[]), movetime(1_500)))
            .await
    });
    tokio::time::sleep(Duration::from_millis(200)).await;
    let started = Instant::now();
    let rejected = t
        .engine()
        .best_move(best_move_request(chess("", &[]), nodes(1_000)))
        .await
        .unwrap_err();
    assert_eq!(rejected.code(), Code::ResourceExhausted);
    assert!(started.elapsed() < Duration::from_millis(500));
    let started = Instant::now();
    let moves = t
        .rules()
        .legal_moves(legal_moves_request(chess("", &[])))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(moves.moves.len(), 20);
    assert!(started.elapsed() < Duration::from_millis(500));
    assert!(busy.await.unwrap().is_ok());
    let (_, metrics) = crate::support::http_get(t.admin_addr(), "/metrics").await;
    assert!(
        metrics.contains("arbiter_search_rejections_total"),
        "{metrics}"
    );
}

#[tokio::test]
async fn the_request_timeout_bounds_the_search_and_it_still_answers() {
    let mut config = Config::for_tests();
    config.request_timeout_secs = 1;
    let t = TestServer::start_with(config).await;
    let started = Instant::now();
    let answer = t
        .engine()
        .best_move(best_move_request(chess("", &[]), movetime(5_000)))
        .await
        .unwrap()
        .into_inner();
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "{:?}",
        started.elapsed()
    );
    assert!(answer.best_move.is_some());
    assert_eq!(answer.stop_reason(), pb::StopReason::Time);
}
