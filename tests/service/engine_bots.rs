//! The Engine fields bots use, over gRPC: a game clock, `mate`,
//! `search_moves`, `strength` + `seed`, `Score.wdl`, and every bad value
//! refused with INVALID_ARGUMENT naming its field.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::{Duration, Instant};

use crate::support::{TestServer, best_move_request, chess, violated_field, xiangqi};
use arbiter::proto as pb;
use pb::search_limits::Limit;
use tokio_stream::StreamExt;
use tonic::Code;

fn limit(limit: Limit) -> Option<pb::SearchLimits> {
    Some(pb::SearchLimits { limit: Some(limit) })
}

fn clock(white_ms: u64, black_ms: u64) -> Option<pb::SearchLimits> {
    limit(Limit::Clock(pb::ClockLimits {
        white_ms,
        black_ms,
        white_increment_ms: 0,
        black_increment_ms: 0,
        moves_to_go: 0,
    }))
}

fn wdl_sum(score: Option<&pb::Score>) -> u32 {
    let wdl = score.and_then(|s| s.wdl).expect("a wdl");
    wdl.win + wdl.draw + wdl.loss
}

#[tokio::test]
async fn a_bot_with_150_ms_left_gets_a_move_in_time_in_both_games() {
    let t = TestServer::start().await;
    for position in [chess("", &["e4"]), xiangqi("", &["h2e2"])] {
        let started = Instant::now();
        let answer = t
            .engine()
            .best_move(best_move_request(position, clock(600_000, 150)))
            .await
            .unwrap()
            .into_inner();
        assert!(started.elapsed() < Duration::from_millis(150));
        assert!(!answer.best_move.as_ref().unwrap().uci.is_empty());
        assert_eq!(wdl_sum(answer.score.as_ref()), 1000);
        assert_eq!(answer.stop_reason(), pb::StopReason::Time);
    }
}

#[tokio::test]
async fn mate_search_moves_and_strength_answer() {
    let t = TestServer::start().await;
    // Legal's mate after 5...Bxd1: mate in 2, proven and stopped.
    let answer = t
        .engine()
        .best_move(best_move_request(
            chess(
                "rn1qkbnr/ppp2p1p/3p2p1/4N3/2B1P3/2N5/PPPP1PPP/R1BbK2R w KQkq - 0 6",
                &[],
            ),
            limit(Limit::Mate(2)),
        ))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(answer.stop_reason(), pb::StopReason::Forced);
    assert_eq!(
        answer.score.as_ref().unwrap().value,
        Some(pb::score::Value::Mate(2))
    );
    assert_eq!(answer.score.unwrap().wdl.unwrap().win, 1000);

    // The root restricted, in SAN and UCI alike, through Analyze.
    let mut stream = t
        .engine()
        .analyze(pb::AnalyzeRequest {
            position: chess("", &[]),
            limits: limit(Limit::Nodes(20_000)),
            multipv: 3,
            search_moves: vec!["a3".to_owned(), "h2h3".to_owned()],
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    let mut last = None;
    while let Some(message) = stream.next().await {
        match message.unwrap().event.unwrap() {
            pb::analyze_response::Event::Info(info) => {
                let line = info.line.unwrap();
                assert!(["a2a3", "h2h3"].contains(&line.pv[0].uci.as_str()));
                assert_eq!(wdl_sum(line.score.as_ref()), 1000);
            }
            pb::analyze_response::Event::BestMove(answer) => last = Some(answer),
        }
    }
    let answer = last.unwrap();
    assert_eq!(answer.lines.len(), 2);

    // A level with a seed and a node budget plays the same move twice.
    let weak = |seed| pb::BestMoveRequest {
        position: xiangqi("", &[]),
        strength: Some(pb::Strength {
            value: Some(pb::strength::Value::Level(3)),
        }),
        seed: Some(seed),
        ..Default::default()
    };
    let first = t.engine().best_move(weak(7)).await.unwrap().into_inner();
    let again = t.engine().best_move(weak(7)).await.unwrap().into_inner();
    assert_eq!(first.best_move, again.best_move);
    let by_elo = pb::BestMoveRequest {
        position: chess("", &[]),
        strength: Some(pb::Strength {
            value: Some(pb::strength::Value::Elo(1050)),
        }),
        ..Default::default()
    };
    let answer = t.engine().best_move(by_elo).await.unwrap().into_inner();
    assert!(answer.nodes < 2_000, "{}", answer.nodes);
}

#[tokio::test]
async fn bad_bot_fields_are_invalid_arguments_naming_the_field() {
    let t = TestServer::start().await;
    let base = || best_move_request(chess("", &[]), limit(Limit::Nodes(1_000)));
    let cases: Vec<(pb::BestMoveRequest, &str)> = vec![
        (
            pb::BestMoveRequest {
                search_moves: vec!["e4".into(), "d4".into(), "e5".into()],
                ..base()
            },
            "search_moves[2]",
        ),
        (
            pb::BestMoveRequest {
                search_moves: vec!["zz".into()],
                ..base()
            },
            "search_moves[0]",
        ),
        (
            pb::BestMoveRequest {
                strength: Some(pb::Strength {
                    value: Some(pb::strength::Value::Level(21)),
                }),
                ..base()
            },
            "strength.level",
        ),
        (
            pb::BestMoveRequest {
                strength: Some(pb::Strength {
                    value: Some(pb::strength::Value::Level(0)),
                }),
                ..base()
            },
            "strength.level",
        ),
        (
            pb::BestMoveRequest {
                strength: Some(pb::Strength {
                    value: Some(pb::strength::Value::Elo(5000)),
                }),
                ..base()
            },
            "strength.elo",
        ),
        (
            best_move_request(chess("", &[]), limit(Limit::Mate(0))),
            "limits.mate",
        ),
        (
            best_move_request(chess("", &[]), clock(u64::MAX, 1_000)),
            "limits.clock.white_ms",
        ),
    ];
    for (request, field) in cases {
        let status = t.engine().best_move(request).await.unwrap_err();
        assert_eq!(status.code(), Code::InvalidArgument, "{field}: {status:?}");
        assert_eq!(violated_field(&status), field);
    }
    // Xiangqi moves are read in the position's coordinates.
    let status = t
        .engine()
        .best_move(pb::BestMoveRequest {
            position: xiangqi("", &[]),
            search_moves: vec!["h2e2".into(), "e2e4".into()],
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_eq!(violated_field(&status), "search_moves[1]");
}

/// `arbiter uci --connect`: the same protocol, searched by the service.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn uci_connect_searches_on_the_service_and_stops() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    let t = TestServer::start().await;
    let address = format!("http://{}", t.grpc_addr());
    tokio::task::spawn_blocking(move || {
        let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(["uci", "--connect", &address])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let next_bestmove = |stdout: &mut BufReader<_>| -> (String, bool) {
            let mut line = String::new();
            let mut infos = false;
            loop {
                line.clear();
                assert!(stdout.read_line(&mut line).unwrap() > 0, "the session ended");
                infos |= line.starts_with("info depth");
                if line.starts_with("bestmove") {
                    return (line.trim().to_owned(), infos);
                }
            }
        };
        writeln!(
            stdin,
            "uci\nsetoption name UCI_Variant value xiangqi\nposition startpos moves h2e2\ngo depth 4"
        )
        .unwrap();
        let (best, infos) = next_bestmove(&mut stdout);
        assert!(infos, "info lines before {best}");
        assert!(best.len() > "bestmove ".len(), "{best}");
        writeln!(stdin, "go infinite").unwrap();
        std::thread::sleep(Duration::from_millis(300));
        writeln!(stdin, "stop").unwrap();
        let (best, _) = next_bestmove(&mut stdout);
        assert_ne!(best, "bestmove (none)");
        writeln!(stdin, "quit").unwrap();
        assert!(child.wait().unwrap().success());
    })
    .await
    .unwrap();
}
