//! External engines behind the Engine service (`ARBITER_ENGINE_CHESS`,
//! `ARBITER_ENGINE_XIANGQI`), on the real binary: Stockfish and
//! Fairy-Stockfish answer BestMove and Analyze with moves the rules crate
//! described; the root is restricted so that no engine can play a move that
//! loses by perpetual check under AXF; engines that crash, hang, answer an
//! illegal move or garbage fail their call as documented while the next call
//! succeeds on a restarted process; an engine that cannot start turns the
//! Engine service's health NOT_SERVING; and after SIGTERM no engine process
//! is left. The reference engines are installed by tools/engines.sh when
//! missing.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use arbiter::proto::{self as pb, engine_client::EngineClient};
use tonic::{Code, Request, transport::Channel};
use tonic_health::pb::{HealthCheckRequest, health_client::HealthClient};

use crate::support::{best_move_request, chess, http_get, process::ServerProcess, xiangqi};

const FAKE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/engine/fake_engine.py");

/// Black's soldier has checked on every move of a loop seen twice; `d4e4`
/// completes it a third time: a perpetual check, lost under AXF, a draw
/// under the casual rules (tests/service/xiangqi_repetition_grpc.rs).
const PERPETUAL_FEN: &str = "9/3kc4/3a5/3P5/9/4p4/9/4K4/9/3C5 w - - 0 1";
const PERPETUAL_MOVES: [&str; 7] = ["d6e6", "e4d4", "e6d6", "d4e4", "d6e6", "e4d4", "e6d6"];

fn reference_engines() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tools/engines.sh");
    let status = Command::new("bash")
        .arg(script)
        .status()
        .expect("bash runs");
    assert!(status.success(), "tools/engines.sh failed");
}

/// A wrapper script running the fake engine in `mode` with `moves`; with
/// `once`, the misbehaviour happens on the first search only.
fn fake(dir: &Path, name: &str, mode: &str, moves: &str, once: bool) -> PathBuf {
    let path = dir.join(name);
    let once = if once {
        format!("FAKE_ONCE={} ", dir.join(format!("{name}.once")).display())
    } else {
        String::new()
    };
    std::fs::write(
        &path,
        format!("#!/bin/sh\n{once}exec python3 {FAKE} {mode} '{moves}'\n"),
    )
    .unwrap();
    Command::new("chmod").arg("+x").arg(&path).status().unwrap();
    path
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "arbiter-engine-backend-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn server(env: &[(&str, &str)]) -> ServerProcess {
    let mut env = env.to_vec();
    env.push(("ARBITER_DRAIN_TIMEOUT_SECS", "2"));
    ServerProcess::start(env!("CARGO_BIN_EXE_arbiter"), &env, None)
}

async fn client(server: &ServerProcess) -> EngineClient<Channel> {
    EngineClient::connect(format!("http://{}", server.grpc))
        .await
        .unwrap()
}

fn movetime(ms: u32) -> Option<pb::SearchLimits> {
    Some(pb::SearchLimits {
        limit: Some(pb::search_limits::Limit::MovetimeMs(ms)),
    })
}

fn depth(d: u32) -> Option<pb::SearchLimits> {
    Some(pb::SearchLimits {
        limit: Some(pb::search_limits::Limit::Depth(d)),
    })
}

fn rules(rule_set: pb::RuleSet) -> Option<pb::RuleOptions> {
    Some(pb::RuleOptions {
        rule_set: rule_set.into(),
        ..Default::default()
    })
}

/// BestMove: the answer and the engine named by the `arbiter-engine` header.
async fn best_move(
    client: &mut EngineClient<Channel>,
    request: pb::BestMoveRequest,
) -> Result<(pb::BestMoveResponse, String), tonic::Status> {
    let response = client.best_move(Request::new(request)).await?;
    let engine = response
        .metadata()
        .get("arbiter-engine")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    Ok((response.into_inner(), engine))
}

fn best(answer: &pb::BestMoveResponse) -> String {
    answer.best_move.as_ref().unwrap().uci.clone()
}

/// Ends the server by SIGTERM and checks that none of its engine processes
/// (its children before the signal) is left.
fn stop_without_leaks(mut server: ServerProcess) {
    let children = server.children();
    assert!(
        !children.is_empty(),
        "the server runs its engines as children"
    );
    assert!(server.terminate(), "the server exits 0 after SIGTERM");
    let deadline = Instant::now() + Duration::from_secs(2);
    loop {
        let left: Vec<_> = children
            .iter()
            .filter(|pid| Path::new(&format!("/proc/{pid}")).exists())
            .collect();
        if left.is_empty() {
            return;
        }
        assert!(Instant::now() < deadline, "engine processes left: {left:?}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[tokio::test]
async fn stockfish_answers_best_move_and_analysis_with_described_moves() {
    reference_engines();
    let server = server(&[("ARBITER_ENGINE_CHESS", "uci:/usr/games/stockfish")]);
    let mut client = client(&server).await;
    let mut request = best_move_request(chess("", &["e4", "e5", "Nf3"]), movetime(100));
    request.multipv = 2;
    let (answer, engine) = best_move(&mut client, request).await.unwrap();
    assert!(engine.contains("Stockfish"), "{engine}");
    let first = answer.best_move.as_ref().unwrap();
    assert!(
        !first.san.is_empty(),
        "described by the rules crate: {first:?}"
    );
    assert_eq!(answer.lines.len(), 2);
    assert_eq!(answer.pv.first().map(|m| &m.uci), Some(&first.uci));
    let wdl = answer.score.unwrap().wdl.unwrap();
    assert_eq!(wdl.win + wdl.draw + wdl.loss, 1000);

    // Analyze streams Stockfish's info lines, then the best move.
    let request = pb::AnalyzeRequest {
        position: chess("", &[]),
        limits: depth(10),
        ..Default::default()
    };
    let mut stream = client.analyze(request).await.unwrap().into_inner();
    let (mut infos, mut last) = (0, None);
    while let Some(message) = stream.message().await.unwrap() {
        match message.event.unwrap() {
            pb::analyze_response::Event::Info(info) => {
                infos += 1;
                assert!(!info.line.unwrap().pv.is_empty());
            }
            pb::analyze_response::Event::BestMove(answer) => last = Some(answer),
        }
    }
    let last = last.expect("a final answer");
    assert!(infos >= 5, "{infos} info lines");
    assert_eq!(last.depth, 10);
    assert_eq!(last.stop_reason(), pb::StopReason::Depth);

    // A process that died while idle is replaced within the next call.
    for pid in server.children() {
        Command::new("kill")
            .args(["-KILL", &pid.to_string()])
            .status()
            .unwrap();
    }
    // A level goes to Stockfish's own strength options.
    let mut request = best_move_request(chess("", &[]), movetime(50));
    request.strength = Some(pb::Strength {
        value: Some(pb::strength::Value::Elo(1500)),
    });
    best_move(&mut client, request)
        .await
        .expect("a fresh process, with UCI_Elo");

    // A mate limit and a game clock reach the engine as `go mate` and `go wtime …`.
    let mut request = best_move_request(
        chess(
            "rn1qkbnr/ppp2p1p/3p2p1/4N3/2B1P3/2N5/PPPP1PPP/R1BbK2R w KQkq - 0 6",
            &[],
        ),
        Some(pb::SearchLimits {
            limit: Some(pb::search_limits::Limit::Mate(2)),
        }),
    );
    let (answer, _) = best_move(&mut client, request.clone()).await.unwrap();
    assert_eq!(best(&answer), "c4f7");
    assert_eq!(answer.stop_reason(), pb::StopReason::Forced);
    assert!(matches!(
        answer.score.unwrap().value,
        Some(pb::score::Value::Mate(2))
    ));
    request.limits = Some(pb::SearchLimits {
        limit: Some(pb::search_limits::Limit::Clock(pb::ClockLimits {
            white_ms: 2000,
            black_ms: 2000,
            white_increment_ms: 0,
            black_increment_ms: 0,
            moves_to_go: 0,
        })),
    });
    let started = Instant::now();
    best_move(&mut client, request).await.unwrap();
    assert!(started.elapsed() < Duration::from_secs(2));

    // Stockfish offers no UCI_Variant: atomic stays with the built-in engine.
    let request = best_move_request(
        Some(pb::Position {
            variant: pb::Variant::Atomic.into(),
            ..Default::default()
        }),
        depth(2),
    );
    let (_, engine) = best_move(&mut client, request).await.unwrap();
    assert_eq!(engine, "builtin");
    drop(client);
    stop_without_leaks(server);
}

#[tokio::test]
async fn fairy_stockfish_plays_xiangqi_by_arbiters_repetition_rules() {
    reference_engines();
    let server = server(&[("ARBITER_ENGINE_XIANGQI", "uci:/usr/games/fairy-stockfish")]);
    let mut client = client(&server).await;
    let (answer, engine) = best_move(
        &mut client,
        best_move_request(xiangqi("", &["h2e2", "h9g7"]), depth(8)),
    )
    .await
    .unwrap();
    assert!(engine.to_lowercase().contains("fairy"), "{engine}");
    // ICCS (ranks 0-9) on the wire, whatever the engine's coordinates.
    let m = answer.best_move.unwrap();
    assert!(!m.san.is_empty() && m.uci.len() == 4, "{m:?}");

    let mut request = best_move_request(xiangqi(PERPETUAL_FEN, &PERPETUAL_MOVES), depth(8));
    request.options = rules(pb::RuleSet::Axf);
    let (answer, _) = best_move(&mut client, request).await.unwrap();
    assert_ne!(best(&answer), "d4e4", "a perpetual check under AXF");

    // Analyze streams Fairy-Stockfish's lines, described, in ICCS.
    let request = pb::AnalyzeRequest {
        position: xiangqi("", &["h2e2"]),
        limits: depth(6),
        multipv: 2,
        ..Default::default()
    };
    let mut stream = client.analyze(request).await.unwrap().into_inner();
    let (mut infos, mut last) = (0, None);
    while let Some(message) = stream.message().await.unwrap() {
        match message.event.unwrap() {
            pb::analyze_response::Event::Info(info) => {
                infos += 1;
                let line = info.line.unwrap();
                assert!(
                    line.pv
                        .iter()
                        .all(|m| !m.san.is_empty() && m.uci.len() == 4)
                );
            }
            pb::analyze_response::Event::BestMove(answer) => last = Some(answer),
        }
    }
    assert!(infos >= 6, "{infos} info lines");
    assert_eq!(last.expect("a final answer").lines.len(), 2);
    drop(client);
    stop_without_leaks(server);
}

/// Fairy-Stockfish as the chess backend plays the Lichess variants it offers
/// by `UCI_Variant` (a three-check FEN with its counters: the third check
/// wins at once; crazyhouse with pockets), once it has started (the server
/// waits for its handshake before serving, so even the first call knows
/// which variants it offers), and a variant it does not offer
/// (atomic, in the Debian build) stays with the built-in engine.
#[tokio::test]
async fn fairy_stockfish_plays_the_chess_variants_it_offers() {
    reference_engines();
    let server = server(&[("ARBITER_ENGINE_CHESS", "uci:/usr/games/fairy-stockfish")]);
    let mut client = client(&server).await;
    let variant_position = |variant: pb::Variant, fen: &str| pb::Position {
        variant: variant.into(),
        fen: fen.to_owned(),
        ..pb::Position::default()
    };
    // White has given two checks: Bxf7+ is the third, and wins.
    let three_check = variant_position(
        pb::Variant::ThreeCheck,
        "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq - 2 3 +2+0",
    );
    let (answer, engine) = best_move(&mut client, best_move_request(Some(three_check), depth(6)))
        .await
        .unwrap();
    assert!(engine.contains("Fairy"), "{engine}");
    let m = answer.best_move.unwrap();
    assert!(m.check, "the third check: {m:?}");
    // Each side has a pawn in its pocket.
    let crazyhouse = pb::Position {
        moves: ["e4", "d5", "exd5", "Qxd5", "Nc3", "Qa5"]
            .map(str::to_owned)
            .to_vec(),
        ..variant_position(pb::Variant::Crazyhouse, "")
    };
    let (answer, engine) = best_move(&mut client, best_move_request(Some(crazyhouse), depth(6)))
        .await
        .unwrap();
    assert!(engine.contains("Fairy"), "{engine}");
    assert!(
        !answer.pv.is_empty() && answer.pv.iter().all(|m| !m.san.is_empty()),
        "{:?}",
        answer.pv
    );
    let atomic = variant_position(pb::Variant::Atomic, "");
    let (_, engine) = best_move(&mut client, best_move_request(Some(atomic), depth(3)))
        .await
        .unwrap();
    assert_eq!(engine, "builtin");
    drop(client);
    stop_without_leaks(server);
}

#[tokio::test]
async fn an_engine_that_prefers_a_forbidden_repetition_is_kept_from_it() {
    let dir = temp_dir("prefer");
    let engine = fake(&dir, "prefer.sh", "prefer", "d4e4/d4c4/d4d3", false);
    let server = server(&[(
        "ARBITER_ENGINE_XIANGQI",
        &format!("uci:{}", engine.display()),
    )]);
    let mut client = client(&server).await;
    let ask = |rule_set| {
        let mut request = best_move_request(xiangqi(PERPETUAL_FEN, &PERPETUAL_MOVES), depth(3));
        request.options = rules(rule_set);
        request
    };
    let (answer, engine) = best_move(&mut client, ask(pb::RuleSet::Axf)).await.unwrap();
    assert_eq!(engine, "fake-prefer");
    assert_eq!(best(&answer), "d4c4", "searchmoves left d4e4 out");
    // Under the casual rules repeating is a draw, and allowed.
    let (answer, _) = best_move(&mut client, ask(pb::RuleSet::Casual))
        .await
        .unwrap();
    assert_eq!(best(&answer), "d4e4");
    // The request's own search_moves intersect with the rules'.
    let mut request = ask(pb::RuleSet::Axf);
    request.search_moves = vec!["d4e4".to_owned(), "d4d3".to_owned()];
    let (answer, _) = best_move(&mut client, request).await.unwrap();
    assert_eq!(best(&answer), "d4d3");
    // The fake has neither strength options nor MultiPV: refused, clearly.
    let mut request = ask(pb::RuleSet::Axf);
    request.strength = Some(pb::Strength {
        value: Some(pb::strength::Value::Level(5)),
    });
    let error = best_move(&mut client, request).await.unwrap_err();
    assert_eq!(error.code(), Code::FailedPrecondition, "{error:?}");
    assert!(error.message().contains("Skill Level"), "{error:?}");
    let mut request = ask(pb::RuleSet::Axf);
    request.multipv = 2;
    let error = best_move(&mut client, request).await.unwrap_err();
    assert_eq!(error.code(), Code::FailedPrecondition, "{error:?}");
    drop(client);
    stop_without_leaks(server);
    // A UCCI engine (no `searchmoves`) is kept from it by `banmoves`. Its
    // protocol is found after UCI's handshake goes unanswered.
    let engine = fake(&dir, "ucci.sh", "ucci", "d4e4/d4c4/d4d3", false);
    let server = self::server(&[(
        "ARBITER_ENGINE_XIANGQI",
        &format!("uci:{}", engine.display()),
    )]);
    let mut client = self::client(&server).await;
    let (answer, engine) = best_move(&mut client, ask(pb::RuleSet::Axf)).await.unwrap();
    assert_eq!(engine, "fake-ucci");
    assert_eq!(best(&answer), "d4c4", "banmoves left d4e4 out");
    let (answer, _) = best_move(&mut client, ask(pb::RuleSet::Casual))
        .await
        .unwrap();
    assert_eq!(
        best(&answer),
        "d4e4",
        "nothing banned under the casual rules"
    );
    drop(client);
    stop_without_leaks(server);
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test]
async fn misbehaving_engines_fail_their_call_and_the_next_one_succeeds() {
    let dir = temp_dir("misbehave");
    let cases = [
        ("crash", Code::Unavailable, "crash"),
        ("hang", Code::Unavailable, "timeout"),
        ("illegal", Code::Internal, "illegal"),
        ("garbage", Code::Internal, "illegal"),
        ("babble", Code::Internal, "protocol"),
    ];
    for (mode, code, kind) in cases {
        // The illegal answer is e2e5; the next calls play e7e5 after e2e4.
        let engine = fake(&dir, &format!("{mode}.sh"), mode, "e2e5;e7e5", true);
        let server = server(&[("ARBITER_ENGINE_CHESS", &format!("uci:{}", engine.display()))]);
        let mut client = client(&server).await;
        let position = if mode == "illegal" {
            chess("", &[])
        } else {
            chess("", &["e2e4"])
        };
        let started = Instant::now();
        let error = best_move(&mut client, best_move_request(position, movetime(100)))
            .await
            .expect_err(mode);
        assert_eq!(error.code(), code, "{mode}: {error:?}");
        assert!(started.elapsed() < Duration::from_secs(3), "{mode}");
        // The next call gets a fresh process, which behaves.
        let (answer, _) = best_move(
            &mut client,
            best_move_request(chess("", &["e2e4"]), movetime(100)),
        )
        .await
        .unwrap_or_else(|e| panic!("{mode}: the next call: {e:?}"));
        assert_eq!(best(&answer), "e7e5", "{mode}");
        let (_, metrics) = http_get(server.admin, "/metrics").await;
        let counted =
            format!("arbiter_engine_backend_errors_total{{game=\"chess\",kind=\"{kind}\"}} 1");
        assert!(metrics.contains(&counted), "{mode}: {counted}");
        assert!(
            metrics.contains("arbiter_engine_backend_restarts_total{game=\"chess\"} 1"),
            "{mode}"
        );
        drop(client);
        stop_without_leaks(server);
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test]
async fn an_engine_that_cannot_start_turns_engine_health_not_serving() {
    let server = server(&[("ARBITER_ENGINE_CHESS", "uci:/nonexistent/engine")]);
    let channel = Channel::from_shared(format!("http://{}", server.grpc))
        .unwrap()
        .connect()
        .await
        .unwrap();
    let mut health = HealthClient::new(channel.clone());
    let status = |service: &str| HealthCheckRequest {
        service: service.to_owned(),
    };
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let engine = health
            .check(status("arbiter.v1.Engine"))
            .await
            .unwrap()
            .into_inner()
            .status;
        if engine == 2 {
            break;
        }
        assert!(Instant::now() < deadline, "Engine health stays {engine}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // SERVING (1) for the rest: only the Engine service depends on it.
    let rules = health.check(status("arbiter.v1.Rules")).await.unwrap();
    assert_eq!(rules.into_inner().status, 1);
    let mut client = EngineClient::new(channel);
    let error = best_move(&mut client, best_move_request(chess("", &[]), movetime(50)))
        .await
        .unwrap_err();
    assert_eq!(error.code(), Code::Unavailable, "{error:?}");
    // Xiangqi is the built-in engine's, which needs nothing.
    let (_, engine) = best_move(&mut client, best_move_request(xiangqi("", &[]), depth(2)))
        .await
        .unwrap();
    assert_eq!(engine, "builtin");
}
