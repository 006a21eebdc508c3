//! Hostile and absurd requests against an in-process server. Each test
//! checks the answer (a valid result or a client error naming the problem)
//! and then that the server still serves.

#![allow(clippy::unwrap_used)]

use std::time::{Duration, Instant};

use crate::support::{TestServer, chess, wire};
use arbiter::{config::Config, proto as pb};
use shakmaty::{Chess, Position, fen::Fen};
use tonic::{Code, Status};
use tonic_types::StatusExt;

fn field_of(status: &Status) -> String {
    status
        .get_error_details()
        .bad_request()
        .map(|b| b.field_violations[0].field.clone())
        .unwrap_or_default()
}

async fn legal_moves(
    server: &TestServer,
    position: Option<pb::Position>,
) -> Result<pb::LegalMovesResponse, Status> {
    server
        .rules()
        .legal_moves(pb::LegalMovesRequest {
            position,
            options: None,
            view: 0,
        })
        .await
        .map(tonic::Response::into_inner)
}

async fn game_status(
    server: &TestServer,
    position: Option<pb::Position>,
) -> Result<pb::GameStatusResponse, Status> {
    server
        .rules()
        .game_status(pb::GameStatusRequest {
            position,
            options: None,
        })
        .await
        .map(tonic::Response::into_inner)
}

#[tokio::test]
async fn enormous_fen_is_refused_by_length() {
    let server = TestServer::start().await;
    // Under the message cap: the FEN parser refuses it by its length.
    let long = "8/".repeat(250_000);
    let status = legal_moves(&server, chess(&long, &[])).await.unwrap_err();
    assert_eq!(status.code(), Code::InvalidArgument);
    assert_eq!(field_of(&status), "position.fen");
    assert!(status.message().contains("at most"), "{}", status.message());
    // Over the message cap (1 MiB): refused before decoding.
    let huge = "8/".repeat(1_000_000);
    let status = legal_moves(&server, chess(&huge, &[])).await.unwrap_err();
    assert!(
        matches!(status.code(), Code::OutOfRange | Code::ResourceExhausted),
        "{status:?}"
    );
    assert!(status.message().contains("limit"), "{}", status.message());
    server.assert_still_serving().await;
}

#[tokio::test]
async fn hundred_thousand_move_history_is_refused_quickly() {
    let server = TestServer::start().await;
    let cycle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    let moves: Vec<&str> = cycle.iter().copied().cycle().take(100_000).collect();
    let started = Instant::now();
    let status = legal_moves(&server, chess("", &moves)).await.unwrap_err();
    assert_eq!(status.code(), Code::InvalidArgument);
    assert_eq!(field_of(&status), "position.moves");
    assert!(
        status.message().contains("limit of 2048"),
        "{}",
        status.message()
    );
    assert!(started.elapsed() < Duration::from_secs(5));
    server.assert_still_serving().await;
}

#[tokio::test]
async fn hundred_thousand_moves_under_a_raised_limit_stop_at_the_game_end() {
    let mut config = Config::for_tests();
    config.max_history_moves = 200_000;
    let server = TestServer::start_with(config).await;
    let cycle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    let moves: Vec<&str> = cycle.iter().copied().cycle().take(100_000).collect();
    let started = Instant::now();
    let status = legal_moves(&server, chess("", &moves)).await.unwrap_err();
    // Fivefold repetition ends the game after 16 plies; the 17th move is the
    // first that cannot be played.
    assert_eq!(status.code(), Code::InvalidArgument);
    assert_eq!(field_of(&status), "position.moves[16]");
    assert!(
        status.message().contains("fivefold"),
        "{}",
        status.message()
    );
    assert!(started.elapsed() < Duration::from_secs(5));
    server.assert_still_serving().await;
}

#[tokio::test]
async fn deeply_repetitive_history_is_judged_by_fide_rules() {
    let server = TestServer::start().await;
    let cycle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    // Eight plies: the start position occurs three times (claimable draw).
    let eight: Vec<&str> = cycle.iter().copied().cycle().take(8).collect();
    let status = game_status(&server, chess("", &eight)).await.unwrap();
    assert_eq!(
        status.claimable_draws,
        vec![pb::OutcomeReason::ThreefoldRepetition as i32]
    );
    assert_eq!(status.repetition.unwrap().occurrences, 3);
    // Sixteen plies: five occurrences end the game.
    let sixteen: Vec<&str> = cycle.iter().copied().cycle().take(16).collect();
    let status = game_status(&server, chess("", &sixteen)).await.unwrap();
    let outcome = status.outcome.unwrap();
    assert_eq!(outcome.result, pb::Result::Draw as i32);
    assert_eq!(outcome.reason, pb::OutcomeReason::FivefoldRepetition as i32);
    // The whole allowed history, repeating: refused at the first move after
    // the end, without replaying the rest.
    let all: Vec<&str> = cycle.iter().copied().cycle().take(2048).collect();
    let status = game_status(&server, chess("", &all)).await.unwrap_err();
    assert_eq!(field_of(&status), "position.moves[16]");
    server.assert_still_serving().await;
}

#[tokio::test]
async fn perft_depth_99_is_refused() {
    let server = TestServer::start().await;
    let status = server
        .rules()
        .perft(pb::PerftRequest {
            position: chess("", &[]),
            depth: 99,
            divide: true,
        })
        .await
        .unwrap_err();
    assert_eq!(status.code(), Code::InvalidArgument);
    assert_eq!(field_of(&status), "depth");
    assert!(status.message().contains("limit"), "{}", status.message());
    let status = server
        .rules()
        .perft(pb::PerftRequest {
            position: chess("", &[]),
            depth: u32::MAX,
            divide: false,
        })
        .await
        .unwrap_err();
    assert_eq!(status.code(), Code::InvalidArgument);
    server.assert_still_serving().await;
}

/// Until the engine is wired in, Engine answers UNIMPLEMENTED; afterwards,
/// limits out of range are INVALID_ARGUMENT or capped to a valid answer.
fn acceptable_engine_answer(result: &Result<pb::BestMoveResponse, Status>) -> bool {
    match result {
        Ok(answer) => answer.best_move.is_some(),
        Err(status) => matches!(
            status.code(),
            Code::InvalidArgument | Code::Unimplemented | Code::ResourceExhausted
        ),
    }
}

#[tokio::test]
async fn huge_search_limits_and_multipv_1000_are_handled() {
    let server = TestServer::start().await;
    let limits = [
        pb::search_limits::Limit::Depth(u32::MAX),
        pb::search_limits::Limit::Nodes(u64::MAX),
        pb::search_limits::Limit::MovetimeMs(u32::MAX),
        pb::search_limits::Limit::Depth(0),
    ];
    for limit in limits {
        let result = tokio::time::timeout(
            Duration::from_secs(60),
            server.engine().best_move(pb::BestMoveRequest {
                position: chess("", &[]),
                limits: Some(pb::SearchLimits { limit: Some(limit) }),
                multipv: 1000,
                options: None,
                ..Default::default()
            }),
        )
        .await
        .unwrap()
        .map(tonic::Response::into_inner);
        assert!(acceptable_engine_answer(&result), "{limit:?}: {result:?}");
    }
    server.assert_still_serving().await;
}

#[tokio::test]
async fn negative_search_limits_on_the_wire_are_handled() {
    let server = TestServer::start().await;
    // A uint32 field carrying a negative int64 varint (ten bytes of -1):
    // prost truncates it; the server must not trust it.
    let mut position = Vec::new();
    wire::varint_field(1, 1, &mut position);
    for field in [1, 2, 3] {
        let mut limits = Vec::new();
        wire::varint_field(field, u64::MAX, &mut limits);
        let mut body = Vec::new();
        wire::bytes_field(1, &position, &mut body);
        wire::bytes_field(2, &limits, &mut body);
        wire::varint_field(3, u64::MAX, &mut body);
        let result = tokio::time::timeout(
            Duration::from_secs(60),
            server.raw_call("/arbiter.v1.Engine/BestMove", body),
        )
        .await
        .unwrap();
        if let Err(status) = result {
            assert!(
                matches!(
                    status.code(),
                    Code::InvalidArgument | Code::Unimplemented | Code::ResourceExhausted
                ),
                "{status:?}"
            );
        }
    }
    server.assert_still_serving().await;
}

#[tokio::test]
async fn unknown_enum_values_name_their_field() {
    let server = TestServer::start().await;
    let cases = [
        (
            pb::Position {
                variant: 99,
                ..Default::default()
            },
            "position.variant",
        ),
        (
            pb::Position {
                variant: -1,
                ..Default::default()
            },
            "position.variant",
        ),
        (
            pb::Position {
                variant: 1,
                coordinates: 7,
                ..Default::default()
            },
            "position.coordinates",
        ),
        (
            pb::Position {
                variant: 1,
                fen_strictness: -5,
                ..Default::default()
            },
            "position.fen_strictness",
        ),
    ];
    for (position, field) in cases {
        let status = legal_moves(&server, Some(position)).await.unwrap_err();
        assert_eq!(status.code(), Code::InvalidArgument);
        assert_eq!(field_of(&status), field);
    }
    let status = server
        .rules()
        .game_status(pb::GameStatusRequest {
            position: chess("", &[]),
            options: Some(pb::RuleOptions {
                rule_set: 42,
                ..Default::default()
            }),
        })
        .await
        .unwrap_err();
    assert_eq!(status.code(), Code::InvalidArgument);
    assert_eq!(field_of(&status), "options.rule_set");
    server.assert_still_serving().await;
}

#[tokio::test]
async fn empty_requests_are_invalid_argument() {
    let server = TestServer::start().await;
    for path in [
        "/arbiter.v1.Rules/LegalMoves",
        "/arbiter.v1.Rules/ValidateMove",
        "/arbiter.v1.Rules/GameStatus",
        "/arbiter.v1.Rules/Perft",
    ] {
        let status = server.raw_call(path, Vec::new()).await.unwrap_err();
        assert_eq!(status.code(), Code::InvalidArgument, "{path}");
        assert_eq!(field_of(&status), "position", "{path}");
    }
    let result = server
        .raw_call("/arbiter.v1.Engine/BestMove", Vec::new())
        .await;
    if let Err(status) = result {
        assert!(
            matches!(status.code(), Code::InvalidArgument | Code::Unimplemented),
            "{status:?}"
        );
    }
    server.assert_still_serving().await;
}

#[tokio::test]
async fn invalid_utf8_in_strings_is_invalid_argument() {
    let server = TestServer::start().await;
    // Position { variant: CHESS, fen: <invalid UTF-8> }
    let mut position = Vec::new();
    wire::varint_field(1, 1, &mut position);
    wire::bytes_field(
        2,
        b"rnbqkbnr/\xff\xfe/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &mut position,
    );
    let mut body = Vec::new();
    wire::bytes_field(1, &position, &mut body);
    let status = server
        .raw_call("/arbiter.v1.Rules/LegalMoves", body)
        .await
        .unwrap_err();
    assert_eq!(status.code(), Code::InvalidArgument);
    assert!(
        status.message().contains("protobuf"),
        "{}",
        status.message()
    );
    // A move in the history with invalid UTF-8.
    let mut position = Vec::new();
    wire::varint_field(1, 1, &mut position);
    wire::bytes_field(3, b"e2e4", &mut position);
    wire::bytes_field(3, b"\xc3\x28", &mut position);
    let mut body = Vec::new();
    wire::bytes_field(1, &position, &mut body);
    let status = server
        .raw_call("/arbiter.v1.Rules/GameStatus", body)
        .await
        .unwrap_err();
    assert_eq!(status.code(), Code::InvalidArgument);
    // Bytes that are no protobuf at all.
    let status = server
        .raw_call("/arbiter.v1.Rules/LegalMoves", vec![0xff; 64])
        .await
        .unwrap_err();
    assert_eq!(status.code(), Code::InvalidArgument);
    server.assert_still_serving().await;
}

#[tokio::test]
async fn a_history_that_becomes_illegal_halfway_names_the_move() {
    let server = TestServer::start().await;
    let moves = [
        "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "Ke7", "Bxd8", "Kxd8",
    ];
    let status = legal_moves(&server, chess("", &moves)).await.unwrap_err();
    assert_eq!(status.code(), Code::InvalidArgument);
    // Everything up to Ke7 is legal; Bxd8 is not (the bishop on c6 does not
    // reach d8).
    assert_eq!(field_of(&status), "position.moves[8]");
    let moves = ["e2e4", "e7e5", "e1e3", "e8e6"];
    let status = legal_moves(&server, chess("", &moves)).await.unwrap_err();
    assert_eq!(field_of(&status), "position.moves[2]");
    server.assert_still_serving().await;
}

#[tokio::test]
async fn nine_queens_are_served() {
    let server = TestServer::start().await;
    let fen = "6rk/6pp/8/8/8/QQQQQQQQ/8/3QK3 w - - 0 1";
    let answer = legal_moves(&server, chess(fen, &[])).await.unwrap();
    // Independent truth: shakmaty's own move generator.
    let position: Chess = fen
        .parse::<Fen>()
        .unwrap()
        .into_position(shakmaty::CastlingMode::Standard)
        .unwrap();
    assert_eq!(answer.moves.len(), position.legal_moves().len());
    assert_eq!(answer.fen.matches('Q').count(), 9);
    let perft = server
        .rules()
        .perft(pb::PerftRequest {
            position: chess(fen, &[]),
            depth: 2,
            divide: false,
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(perft.nodes, shakmaty::perft(&position, 2));
    server.assert_still_serving().await;
}

fn xiangqi(fen: &str, strictness: pb::FenStrictness) -> Option<pb::Position> {
    Some(pb::Position {
        variant: pb::Variant::Xiangqi.into(),
        fen: fen.to_owned(),
        moves: Vec::new(),
        coordinates: 0,
        fen_strictness: strictness.into(),
        chinese_characters: 0,
    })
}

#[tokio::test]
async fn sixteen_soldiers_across_the_river() {
    let server = TestServer::start().await;
    // Eight soldiers a side (five is the most a game can have), all across
    // the river.
    let fen = "4k4/9/9/PPPPPPPP1/9/9/pppppppp1/9/9/4K4 w - - 0 1";
    let status = legal_moves(&server, xiangqi(fen, pb::FenStrictness::Strict))
        .await
        .unwrap_err();
    assert_eq!(status.code(), Code::InvalidArgument);
    assert_eq!(field_of(&status), "position.fen");
    assert!(
        status.message().contains("soldiers"),
        "{}",
        status.message()
    );
    // Lenient FEN accepts it. Counted by hand: eight soldiers step forward,
    // the one on h6 also sideways to i6 (the others are hemmed in by their
    // neighbours), and the general has d0, f0 and e1.
    let answer = legal_moves(&server, xiangqi(fen, pb::FenStrictness::Lenient))
        .await
        .unwrap();
    assert_eq!(
        answer.moves.len(),
        12,
        "{:?}",
        answer.moves.iter().map(|m| &m.uci).collect::<Vec<_>>()
    );
    let game = game_status(&server, xiangqi(fen, pb::FenStrictness::Lenient))
        .await
        .unwrap();
    assert_eq!(game.outcome.unwrap().result, pb::Result::Ongoing as i32);
    server.assert_still_serving().await;
}

#[tokio::test]
async fn xiangqi_enormous_fen_and_endless_history_are_refused_quickly() {
    let mut config = Config::for_tests();
    config.max_history_moves = 200_000;
    let server = TestServer::start_with(config).await;
    let long = "9/".repeat(250_000);
    let status = legal_moves(&server, xiangqi(&long, pb::FenStrictness::Lenient))
        .await
        .unwrap_err();
    assert_eq!(status.code(), Code::InvalidArgument);
    assert_eq!(field_of(&status), "position.fen");
    // Horses out and back, 100,000 plies: the repetition rules end the game
    // long before; the answer names the first move after the end.
    let cycle = ["h0g2", "h9g7", "g2h0", "g7h9"];
    let moves: Vec<String> = cycle
        .iter()
        .copied()
        .cycle()
        .take(100_000)
        .map(str::to_owned)
        .collect();
    let started = Instant::now();
    let result = game_status(
        &server,
        Some(pb::Position {
            variant: pb::Variant::Xiangqi.into(),
            moves,
            ..Default::default()
        }),
    )
    .await;
    let status = result.unwrap_err();
    assert_eq!(status.code(), Code::InvalidArgument);
    assert!(
        field_of(&status).starts_with("position.moves["),
        "{status:?}"
    );
    assert!(started.elapsed() < Duration::from_secs(5));
    server.assert_still_serving().await;
}
