//! Rules.ValidatePosition end to end: every problem of a chess and a
//! xiangqi position in one answer, sanitizing, a FEN that cannot be read
//! answered as a problem, the history's illegal move named by index, bad
//! requests refused with INVALID_ARGUMENT on their field, and the JSON
//! example of docs/api.md over the HTTP port.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use arbiter::proto as pb;
use tonic::Code;

use crate::support::{TestServer, chess, http::post_json, violated_field, xiangqi};

fn request(position: Option<pb::Position>, sanitize: bool) -> pb::ValidatePositionRequest {
    pb::ValidatePositionRequest { position, sanitize }
}

fn kinds(answer: &pb::ValidatePositionResponse) -> Vec<(pb::ProblemKind, pb::Side)> {
    answer
        .problems
        .iter()
        .map(|p| (p.kind(), p.side()))
        .collect()
}

#[tokio::test]
async fn every_problem_in_one_answer() {
    let t = TestServer::start().await;
    let mut rules = t.rules();

    // No black king, a pawn on the last rank, castling rights with no rook.
    let fen = "4P3/8/8/8/8/8/8/4K3 w KQ - 0 1";
    let answer = rules
        .validate_position(request(chess(fen, &[]), true))
        .await
        .unwrap()
        .into_inner();
    assert!(!answer.valid);
    assert_eq!(
        kinds(&answer),
        [
            (pb::ProblemKind::NoKing, pb::Side::Black),
            (pb::ProblemKind::PawnsOnBackRank, pb::Side::White),
            (pb::ProblemKind::InvalidCastlingRights, pb::Side::White),
        ]
    );
    assert_eq!(answer.problems[1].squares, ["e8"]);
    assert_eq!(answer.problems[2].squares, ["a1", "h1"]);
    assert!(answer.problems.iter().all(|p| !p.message.is_empty()));
    // Other problems remain: nothing is repaired but rights and squares.
    assert_eq!(answer.sanitized_fen, "");
    assert!(answer.dropped.is_empty());

    // Only a right and an en-passant square to drop: sanitized.
    let fen = "4k3/8/8/8/8/8/8/4K2R b KQ e3 0 1";
    let answer = rules
        .validate_position(request(chess(fen, &[]), true))
        .await
        .unwrap()
        .into_inner();
    assert!(!answer.valid);
    assert_eq!(
        kinds(&answer),
        [
            (pb::ProblemKind::InvalidCastlingRights, pb::Side::White),
            (pb::ProblemKind::InvalidEnPassant, pb::Side::Unspecified),
        ]
    );
    assert_eq!(answer.sanitized_fen, "4k3/8/8/8/8/8/8/4K2R b K - 0 1");
    let dropped: Vec<(pb::DroppedKind, pb::Side, &str)> = answer
        .dropped
        .iter()
        .map(|d| (d.kind(), d.side(), d.square.as_str()))
        .collect();
    assert_eq!(
        dropped,
        [
            (pb::DroppedKind::CastlingRight, pb::Side::White, "a1"),
            (
                pb::DroppedKind::EnPassantSquare,
                pb::Side::Unspecified,
                "e3"
            ),
        ]
    );
    // LENIENT tolerates both: valid, the problems still told.
    let mut lenient = chess(fen, &[]).unwrap();
    lenient.fen_strictness = pb::FenStrictness::Lenient.into();
    let answer = rules
        .validate_position(request(Some(lenient), false))
        .await
        .unwrap()
        .into_inner();
    assert!(answer.valid);
    assert_eq!(answer.problems.len(), 2);
    assert!(answer.problems.iter().all(|p| p.tolerated));
    assert_eq!(answer.sanitized_fen, "", "not asked for");

    // Xiangqi: a black advisor off its points, and the generals facing.
    let fen = "4k4/9/4a4/9/9/9/9/9/9/4K4 w - - 0 1";
    let answer = rules
        .validate_position(request(xiangqi(fen, &[]), true))
        .await
        .unwrap()
        .into_inner();
    assert!(!answer.valid);
    assert_eq!(
        kinds(&answer),
        [(pb::ProblemKind::AdvisorOffPoints, pb::Side::Black)]
    );
    let fen = "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1";
    let answer = rules
        .validate_position(request(xiangqi(fen, &[]), true))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(
        kinds(&answer),
        [(pb::ProblemKind::GeneralsFacing, pb::Side::Unspecified)]
    );
    assert_eq!(answer.problems[0].squares, ["e0", "e9"]);

    // A valid game: no problem, its FEN canonical.
    let answer = rules
        .validate_position(request(xiangqi("", &["h2e2", "h9g7"]), true))
        .await
        .unwrap()
        .into_inner();
    assert!(answer.valid && answer.problems.is_empty());
    assert_eq!(
        answer.sanitized_fen,
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
    );
}

#[tokio::test]
async fn syntax_and_history_are_answers_and_bad_requests_are_errors() {
    let t = TestServer::start().await;
    let mut rules = t.rules();

    let answer = rules
        .validate_position(request(chess("k7/8/8/8/8/8/8/K8 w - - 0 1", &[]), true))
        .await
        .unwrap()
        .into_inner();
    assert!(!answer.valid);
    assert_eq!(answer.problems.len(), 1);
    assert_eq!(answer.problems[0].kind(), pb::ProblemKind::Syntax);
    assert!(answer.problems[0].message.contains("9 files"));

    let answer = rules
        .validate_position(request(chess("", &["e4", "e5", "Ke3"]), false))
        .await
        .unwrap()
        .into_inner();
    assert!(!answer.valid);
    assert_eq!(answer.problems[0].kind(), pb::ProblemKind::IllegalMove);
    assert_eq!(answer.problems[0].move_index, Some(2));

    let missing = rules
        .validate_position(request(None, true))
        .await
        .unwrap_err();
    assert_eq!(missing.code(), Code::InvalidArgument);
    assert_eq!(violated_field(&missing), "position");

    let mut unknown = chess("", &[]).unwrap();
    unknown.variant = 99;
    let refused = rules
        .validate_position(request(Some(unknown), false))
        .await
        .unwrap_err();
    assert_eq!(refused.code(), Code::InvalidArgument);
    assert_eq!(violated_field(&refused), "position.variant");

    let mut one_based = chess("", &[]).unwrap();
    one_based.coordinates = pb::Coordinates::OneBased.into();
    let refused = rules
        .validate_position(request(Some(one_based), false))
        .await
        .unwrap_err();
    assert_eq!(violated_field(&refused), "position.coordinates");
}

/// The curl example of docs/api.md, answered over the HTTP port.
#[tokio::test]
async fn the_documented_json_example() {
    let t = TestServer::start().await;
    let answer = post_json(
        t.http_addr(),
        "/arbiter.v1.Rules/ValidatePosition",
        &[],
        r#"{"position":{"variant":"VARIANT_CHESS","fen":"4k3/8/8/8/8/8/8/4K2R b KQ e3 0 1"},"sanitize":true}"#,
    )
    .await;
    assert_eq!(answer.status, 200, "{answer:?}");
    let body = answer.json();
    assert_eq!(body["valid"], serde_json::Value::Null, "false, left out");
    assert_eq!(
        body["problems"][0]["kind"],
        "PROBLEM_KIND_INVALID_CASTLING_RIGHTS"
    );
    assert_eq!(
        body["problems"][1]["kind"],
        "PROBLEM_KIND_INVALID_EN_PASSANT"
    );
    assert_eq!(body["sanitizedFen"], "4k3/8/8/8/8/8/8/4K2R b K - 0 1");
    assert_eq!(body["dropped"][1]["kind"], "DROPPED_KIND_EN_PASSANT_SQUARE");
}
