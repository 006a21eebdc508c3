//! End to end over real gRPC: every RPC, health, reflection, metrics, the
//! admin port, malformed input and graceful shutdown.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::support::{TestServer, chess, http_get, legal_moves_request, violated_field};
use arbiter::proto as pb;
use tokio_stream::StreamExt;
use tonic::Code;
use tonic_health::pb::{
    HealthCheckRequest, health_check_response::ServingStatus, health_client::HealthClient,
};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[tokio::test]
async fn legal_moves_from_the_start() {
    let t = TestServer::start().await;
    let response = t
        .rules()
        .legal_moves(legal_moves_request(chess("", &[])))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(response.moves.len(), 20);
    assert_eq!(response.fen, START);
    assert_eq!(response.side_to_move(), pb::Side::White);
    assert_eq!(response.rule_set(), pb::RuleSet::Fide);
    assert_eq!(response.outcome.unwrap().result(), pb::Result::Ongoing);
    let ucis: Vec<&str> = response.moves.iter().map(|m| m.uci.as_str()).collect();
    let mut sorted = ucis.clone();
    sorted.sort_unstable();
    assert_eq!(ucis, sorted, "moves are sorted by uci");
    let knight = response.moves.iter().find(|m| m.uci == "g1f3").unwrap();
    assert_eq!(knight.san, "Nf3");
    assert_eq!(knight.piece.unwrap().kind(), pb::PieceKind::Knight);
}

/// The coordinates view of a position with castling, promotions and en passant
/// lists exactly the full view's UCI moves, in the same order.
#[tokio::test]
async fn coordinates_view_lists_the_same_moves() {
    let t = TestServer::start().await;
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    ] {
        let list = |view: pb::MoveView| {
            let mut rules = t.rules();
            async move {
                rules
                    .legal_moves(pb::LegalMovesRequest {
                        position: chess(fen, &[]),
                        options: None,
                        view: view.into(),
                    })
                    .await
                    .unwrap()
                    .into_inner()
            }
        };
        let full = list(pb::MoveView::Unspecified).await;
        let short = list(pb::MoveView::Coordinates).await;
        let ucis = |r: &pb::LegalMovesResponse| -> Vec<String> {
            r.moves.iter().map(|m| m.uci.clone()).collect()
        };
        assert_eq!(ucis(&full), ucis(&short), "{fen}");
        assert!(!full.moves.is_empty());
        assert!(
            short
                .moves
                .iter()
                .all(|m| m.san.is_empty() && m.piece.is_none())
        );
        assert_eq!(full.fen, short.fen);
    }
}

#[tokio::test]
async fn legal_moves_accepts_san_and_uci_history_and_flags_moves() {
    let t = TestServer::start().await;
    // Italian game to a position with castling, captures and checks.
    let response = t
        .rules()
        .legal_moves(pb::LegalMovesRequest {
            position: chess(
                "",
                &["e4", "e7e5", "Nf3", "b8c6", "Bc4", "Bc5", "d2d4", "exd4"],
            ),
            options: None,
            view: 0,
        })
        .await
        .unwrap()
        .into_inner();
    let castle = response.moves.iter().find(|m| m.uci == "e1g1").unwrap();
    assert_eq!(castle.san, "O-O");
    assert_eq!(castle.castling(), pb::Castling::Kingside);
    let check = response.moves.iter().find(|m| m.uci == "c4f7").unwrap();
    assert_eq!(check.san, "Bxf7+");
    assert!(check.capture && check.check);
    assert_eq!(check.captured.unwrap().kind(), pb::PieceKind::Pawn);
}

#[tokio::test]
async fn en_passant_and_promotion_flags() {
    let t = TestServer::start().await;
    let ep = t
        .rules()
        .validate_move(pb::ValidateMoveRequest {
            position: chess("", &["e4", "a6", "e5", "d5"]),
            r#move: "exd6".to_owned(),
            options: None,
        })
        .await
        .unwrap()
        .into_inner();
    assert!(ep.legal);
    let m = ep.r#move.unwrap();
    assert!(m.en_passant && m.capture);
    assert_eq!(m.uci, "e5d6");
    let promo = t
        .rules()
        .validate_move(pb::ValidateMoveRequest {
            position: chess("8/P6k/8/8/8/8/8/K7 w - - 0 1", &[]),
            r#move: "a7a8n".to_owned(),
            options: None,
        })
        .await
        .unwrap()
        .into_inner();
    assert!(promo.legal);
    assert_eq!(promo.r#move.unwrap().promotion(), pb::PieceKind::Knight);
}

#[tokio::test]
async fn validate_move_explains_illegal_moves() {
    let t = TestServer::start().await;
    let cases: [(&str, &[&str], &str, pb::IllegalReason); 10] = [
        ("", &[], "e3e4", pb::IllegalReason::NoPiece),
        ("", &[], "e7e5", pb::IllegalReason::OpponentPiece),
        ("", &[], "g1g3", pb::IllegalReason::IllegalPieceMovement),
        ("", &[], "a1a3", pb::IllegalReason::PathBlocked),
        ("", &[], "e1g1", pb::IllegalReason::PathBlocked),
        // SAN that names one piece able to make the move by its geometry gets
        // that piece's reason; one that names none is no such move.
        ("", &[], "Nd2", pb::IllegalReason::CapturesOwnPiece),
        ("", &[], "Bc4", pb::IllegalReason::PathBlocked),
        ("", &[], "Nd4", pb::IllegalReason::NoSuchMove),
        ("", &["e4"], "Kf6", pb::IllegalReason::NoSuchMove),
        (
            "",
            &["f3", "e5", "g4", "Qh4"],
            "a2a3",
            pb::IllegalReason::GameOver,
        ),
    ];
    for (fen, moves, candidate, reason) in cases {
        let response = t
            .rules()
            .validate_move(pb::ValidateMoveRequest {
                position: chess(fen, moves),
                r#move: candidate.to_owned(),
                options: None,
            })
            .await
            .unwrap()
            .into_inner();
        assert!(!response.legal, "{candidate}");
        assert_eq!(
            response.reason(),
            reason,
            "{candidate}: {}",
            response.detail
        );
        assert!(!response.detail.is_empty());
    }
}

#[tokio::test]
async fn game_status_reports_mate_and_claims() {
    let t = TestServer::start().await;
    let mate = t
        .rules()
        .game_status(pb::GameStatusRequest {
            position: chess("", &["f3", "e5", "g4", "Qh4#"]),
            options: None,
        })
        .await
        .unwrap()
        .into_inner();
    let outcome = mate.outcome.unwrap();
    assert_eq!(outcome.result(), pb::Result::BlackWins);
    assert_eq!(outcome.reason(), pb::OutcomeReason::Checkmate);
    assert!(mate.in_check);

    let shuffle = ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"];
    let threefold = t
        .rules()
        .game_status(pb::GameStatusRequest {
            position: chess("", &shuffle),
            options: None,
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(threefold.outcome.unwrap().result(), pb::Result::Ongoing);
    assert_eq!(
        threefold.claimable_draws().collect::<Vec<_>>(),
        [pb::OutcomeReason::ThreefoldRepetition]
    );
    let repetition = threefold.repetition.unwrap();
    assert_eq!(repetition.occurrences, 3);
    assert_eq!(
        (repetition.loop_first_ply, repetition.loop_last_ply),
        (0, 7)
    );

    let claimed = t
        .rules()
        .game_status(pb::GameStatusRequest {
            position: chess("", &shuffle),
            options: Some(pb::RuleOptions {
                claim_draws: true,
                ..Default::default()
            }),
        })
        .await
        .unwrap()
        .into_inner();
    let outcome = claimed.outcome.unwrap();
    assert_eq!(outcome.result(), pb::Result::Draw);
    assert_eq!(outcome.reason(), pb::OutcomeReason::ThreefoldRepetition);
}

#[tokio::test]
async fn perft_counts_and_divides() {
    let t = TestServer::start().await;
    let response = t
        .rules()
        .perft(pb::PerftRequest {
            position: chess("", &[]),
            depth: 3,
            divide: true,
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(response.nodes, 8902);
    assert_eq!(response.divide.len(), 20);
    assert_eq!(response.divide.iter().map(|d| d.nodes).sum::<u64>(), 8902);
    let e2e4 = response.divide.iter().find(|d| d.uci == "e2e4").unwrap();
    assert_eq!(e2e4.nodes, 600);

    let too_deep = t
        .rules()
        .perft(pb::PerftRequest {
            position: chess("", &[]),
            depth: 99,
            divide: false,
        })
        .await
        .unwrap_err();
    assert_eq!(too_deep.code(), Code::InvalidArgument);
    assert_eq!(violated_field(&too_deep), "depth");
}

#[tokio::test]
async fn health_reports_every_service() {
    let t = TestServer::start().await;
    let mut health = HealthClient::new(t.channel.clone());
    for service in ["", "arbiter.v1.Rules", "arbiter.v1.Engine"] {
        let response = health
            .check(HealthCheckRequest {
                service: service.to_owned(),
            })
            .await
            .unwrap()
            .into_inner();
        assert_eq!(response.status(), ServingStatus::Serving, "{service:?}");
    }
    let unknown = health
        .check(HealthCheckRequest {
            service: "nope.Service".to_owned(),
        })
        .await
        .unwrap_err();
    assert_eq!(unknown.code(), Code::NotFound);
}

async fn reflection_v1_names(t: &TestServer) -> Vec<String> {
    use tonic_reflection::pb::v1::{
        ServerReflectionRequest, server_reflection_client::ServerReflectionClient,
        server_reflection_request::MessageRequest, server_reflection_response::MessageResponse,
    };
    let mut client = ServerReflectionClient::new(t.channel.clone());
    let request = ServerReflectionRequest {
        host: String::new(),
        message_request: Some(MessageRequest::ListServices(String::new())),
    };
    let mut stream = client
        .server_reflection_info(tokio_stream::iter([request]))
        .await
        .unwrap()
        .into_inner();
    let response = stream.next().await.unwrap().unwrap();
    match response.message_response {
        Some(MessageResponse::ListServicesResponse(list)) => {
            list.service.into_iter().map(|s| s.name).collect()
        }
        other => panic!("unexpected reflection answer {other:?}"),
    }
}

#[tokio::test]
async fn reflection_v1_and_v1alpha_describe_the_contract() {
    use tonic_reflection::pb::v1alpha::{
        ServerReflectionRequest, server_reflection_client::ServerReflectionClient,
        server_reflection_request::MessageRequest, server_reflection_response::MessageResponse,
    };
    let t = TestServer::start().await;
    let names = reflection_v1_names(&t).await;
    for service in [
        "arbiter.v1.Rules",
        "arbiter.v1.Engine",
        "grpc.health.v1.Health",
    ] {
        assert!(names.iter().any(|n| n == service), "{service} in {names:?}");
    }
    let mut client = ServerReflectionClient::new(t.channel.clone());
    let requests = [
        "arbiter.v1.Rules",
        "google.rpc.BadRequest",
        "grpc.health.v1.Health",
    ]
    .map(|symbol| ServerReflectionRequest {
        host: String::new(),
        message_request: Some(MessageRequest::FileContainingSymbol(symbol.to_owned())),
    });
    let mut stream = client
        .server_reflection_info(tokio_stream::iter(requests))
        .await
        .unwrap()
        .into_inner();
    for _ in 0..3 {
        let response = stream.next().await.unwrap().unwrap();
        match response.message_response {
            Some(MessageResponse::FileDescriptorResponse(files)) => {
                assert!(!files.file_descriptor_proto.is_empty());
            }
            other => panic!("symbol not resolved: {other:?}"),
        }
    }
}

#[tokio::test]
async fn metrics_and_admin_endpoints() {
    let t = TestServer::start().await;
    t.rules()
        .legal_moves(legal_moves_request(chess("", &[])))
        .await
        .unwrap();
    let _ = t
        .rules()
        .legal_moves(legal_moves_request(chess("not a fen", &[])))
        .await;
    // A path the server does not serve is answered UNIMPLEMENTED and counted
    // under one fixed label set: labels taken from client-chosen paths would
    // grow the metrics without bound.
    let made_up = t
        .raw_call("/made.up.Service/Method4711", Vec::new())
        .await
        .unwrap_err();
    assert_eq!(made_up.code(), tonic::Code::Unimplemented);
    let (status, body) = http_get(t.admin_addr(), "/metrics").await;
    assert_eq!(status, 200);
    assert!(body.contains(
        "grpc_server_started_total{grpc_service=\"arbiter.v1.Rules\",grpc_method=\"LegalMoves\""
    ));
    assert!(!body.contains("made.up") && !body.contains("Method4711"));
    assert!(body.contains(
        "grpc_server_handled_total{grpc_service=\"unknown\",grpc_method=\"unknown\",grpc_type=\"unary\",grpc_code=\"Unimplemented\"}"
    ));
    assert!(body.contains("grpc_code=\"OK\""));
    assert!(body.contains("grpc_code=\"InvalidArgument\""));
    assert!(body.contains("grpc_server_handling_seconds_bucket"));
    assert!(body.contains("arbiter_requests_total{method=\"LegalMoves\",variant=\"chess\"}"));
    assert_eq!(http_get(t.admin_addr(), "/healthz").await.0, 200);
    assert_eq!(http_get(t.admin_addr(), "/readyz").await.0, 200);
    assert_eq!(http_get(t.admin_addr(), "/debug").await.0, 404);
    assert_eq!(http_get(t.admin_addr(), "/").await.0, 404);
}

/// At least twenty malformed requests: each gets the right code and a field
/// violation, and the server keeps answering.
#[tokio::test]
async fn malformed_requests_get_precise_errors() {
    let t = TestServer::start().await;
    let mut rules = t.rules();
    let position = |variant: i32, fen: &str, moves: &[&str]| {
        Some(pb::Position {
            variant,
            fen: fen.to_owned(),
            moves: moves.iter().map(|m| (*m).to_owned()).collect(),
            ..Default::default()
        })
    };
    let c = pb::Variant::Chess as i32;
    let cases: Vec<(Option<pb::Position>, Option<pb::RuleOptions>, &str)> = vec![
        (None, None, "position"),
        (position(0, "", &[]), None, "position.variant"),
        (position(99, "", &[]), None, "position.variant"),
        (position(c, "garbage", &[]), None, "position.fen"),
        (
            position(c, "8/8/8/8/8/8/8/8 w - - 0 1", &[]),
            None,
            "position.fen",
        ),
        (
            position(c, "k7/8/8/8/8/8/8/8 w - - 0 1", &[]),
            None,
            "position.fen",
        ),
        (
            position(
                c,
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
                &[],
            ),
            None,
            "position.fen",
        ),
        (
            position(
                c,
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1",
                &[],
            ),
            None,
            "position.fen",
        ),
        (
            position(
                c,
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
                &[],
            ),
            None,
            "position.fen",
        ),
        (
            position(
                c,
                "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                &[],
            ),
            None,
            "position.fen",
        ),
        (
            position(c, "P7/8/8/8/8/8/8/k6K w - - 0 1", &[]),
            None,
            "position.fen",
        ),
        (position(c, &"8/".repeat(500), &[]), None, "position.fen"),
        (position(c, "", &["e2e5"]), None, "position.moves[0]"),
        (
            position(c, "", &["e4", "e5", "Ke3"]),
            None,
            "position.moves[2]",
        ),
        (position(c, "", &["e4", "xyz"]), None, "position.moves[1]"),
        (position(c, "", &["e4", ""]), None, "position.moves[1]"),
        (
            position(c, "", &["e4", "e5", "e4"]),
            None,
            "position.moves[2]",
        ),
        (
            position(c, "", &["Nf3", "Nf6", "N"]),
            None,
            "position.moves[2]",
        ),
        (
            position(c, "", &["f3", "e5", "g4", "Qh4", "a3"]),
            None,
            "position.moves[4]",
        ),
        (
            position(c, "", &["a".repeat(100).as_str()]),
            None,
            "position.moves[0]",
        ),
        (
            position(c, "", &[]),
            Some(pb::RuleOptions {
                rule_set: pb::RuleSet::Axf.into(),
                ..Default::default()
            }),
            "options.rule_set",
        ),
        (
            position(c, "", &[]),
            Some(pb::RuleOptions {
                rule_set: 77,
                ..Default::default()
            }),
            "options.rule_set",
        ),
        (
            position(c, "", &[]),
            Some(pb::RuleOptions {
                repetition_count: 9,
                ..Default::default()
            }),
            "options.repetition_count",
        ),
        (
            Some(pb::Position {
                variant: c,
                coordinates: pb::Coordinates::OneBased.into(),
                ..Default::default()
            }),
            None,
            "position.coordinates",
        ),
        (
            Some(pb::Position {
                variant: c,
                fen_strictness: 42,
                ..Default::default()
            }),
            None,
            "position.fen_strictness",
        ),
        (position(c, "", &vec!["Nf3"; 5000]), None, "position.moves"),
    ];
    assert!(cases.len() >= 20);
    for (position, options, field) in cases {
        let error = rules
            .game_status(pb::GameStatusRequest {
                position: position.clone(),
                options,
            })
            .await
            .expect_err(field);
        assert_eq!(
            error.code(),
            Code::InvalidArgument,
            "{field}: {}",
            error.message()
        );
        assert_eq!(violated_field(&error), field, "{}", error.message());
        assert!(!error.message().is_empty());
        // The connection and server survive.
        rules
            .legal_moves(legal_moves_request(chess("", &[])))
            .await
            .expect("server still answers");
    }
    // A candidate that is no move at all is malformed input too.
    let error = rules
        .validate_move(pb::ValidateMoveRequest {
            position: chess("", &[]),
            r#move: "hello world".to_owned(),
            options: None,
        })
        .await
        .unwrap_err();
    assert_eq!(error.code(), Code::InvalidArgument);
    assert_eq!(violated_field(&error), "move");
}

#[tokio::test]
async fn oversized_requests_are_refused_without_dropping_the_connection() {
    let mut config = arbiter::config::Config::for_tests();
    config.max_request_bytes = 4096;
    let t = TestServer::start_with(config).await;
    let mut rules = t.rules();
    let error = rules
        .legal_moves(legal_moves_request(chess(&"x".repeat(10_000), &[])))
        .await
        .unwrap_err();
    assert_eq!(error.code(), Code::ResourceExhausted, "{error:?}");
    assert!(error.message().contains("too large"), "{error:?}");
    rules
        .legal_moves(legal_moves_request(chess("", &[])))
        .await
        .expect("server still answers");
}

#[tokio::test]
async fn graceful_shutdown_finishes_in_flight_calls() {
    let t = TestServer::start().await;
    let mut rules = t.rules();
    let call = tokio::spawn(async move {
        rules
            .perft(pb::PerftRequest {
                position: chess("", &[]),
                depth: 4,
                divide: false,
            })
            .await
    });
    tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    let started = std::time::Instant::now();
    t.server.shutdown().await.expect("clean shutdown");
    assert!(started.elapsed() < std::time::Duration::from_secs(11));
    let response = call.await.unwrap().expect("in-flight call completes");
    assert_eq!(response.into_inner().nodes, 197_281);
}

#[tokio::test]
async fn shutdown_ends_open_streams_at_once() {
    let t = TestServer::start().await;
    let mut watch = HealthClient::new(t.channel.clone())
        .watch(HealthCheckRequest {
            service: String::new(),
        })
        .await
        .unwrap()
        .into_inner();
    let first = watch.next().await.unwrap().unwrap();
    assert_eq!(first.status, ServingStatus::Serving as i32);
    let mut analysis = t
        .engine()
        .analyze(pb::AnalyzeRequest {
            position: chess("", &[]),
            limits: Some(pb::SearchLimits {
                limit: Some(pb::search_limits::Limit::MovetimeMs(20_000)),
            }),
            multipv: 0,
            options: None,
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    analysis.next().await.unwrap().unwrap();

    // The drain deadline is 10 s; neither stream may hold the shutdown.
    let started = std::time::Instant::now();
    t.server.shutdown().await.expect("clean shutdown");
    assert!(
        started.elapsed() < std::time::Duration::from_secs(3),
        "{:?}",
        started.elapsed()
    );

    // The watch saw NOT_SERVING, then the stream ended with UNAVAILABLE.
    let mut statuses = Vec::new();
    let end = loop {
        match watch.next().await {
            Some(Ok(update)) => statuses.push(update.status),
            Some(Err(status)) => break Some(status),
            None => break None,
        }
    };
    assert_eq!(statuses.last(), Some(&(ServingStatus::NotServing as i32)));
    assert_eq!(end.map(|s| s.code()), Some(Code::Unavailable));
    let end = loop {
        match analysis.next().await {
            Some(Ok(_)) => {}
            Some(Err(status)) => break Some(status),
            None => break None,
        }
    };
    assert_eq!(end.map(|s| s.code()), Some(Code::Unavailable));
}
