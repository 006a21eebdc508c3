//! JSON over HTTP on the HTTP port: every Rules, Records and Engine method
//! with good and bad input, Connect's error form with the BadRequest details
//! decoded, streams as NDJSON and Server-Sent Events by `Accept`, and the
//! limits and the Engine token on this path.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use arbiter::config::{Config, Secret};
use serde_json::Value;

use crate::support::{
    TestServer,
    http::{http_request, post_json},
};

const SCHOLAR: &str = r#"["e4","e5","Bc4","Nc6","Qh5","Nf6"]"#;

fn field_violation(error: &Value) -> &str {
    error["details"]
        .as_array()
        .and_then(|d| d.iter().find(|d| d["type"] == "google.rpc.BadRequest"))
        .and_then(|d| d["debug"]["fieldViolations"][0]["field"].as_str())
        .unwrap_or_default()
}

#[tokio::test]
async fn rules_methods_answer_canonical_json() {
    let t = TestServer::start().await;
    let http = t.http_addr();

    let moves = post_json(
        http,
        "/arbiter.v1.Rules/LegalMoves",
        &[],
        r#"{"position":{"variant":"VARIANT_CHESS"}}"#,
    )
    .await;
    assert_eq!(moves.status, 200, "{:?}", moves);
    assert_eq!(moves.header("content-type"), Some("application/json"));
    let body = moves.json();
    assert_eq!(body["moves"].as_array().unwrap().len(), 20);
    assert_eq!(body["sideToMove"], "SIDE_WHITE");
    assert!(body["moves"][0]["uci"].is_string());

    let mate = post_json(
        http,
        "/arbiter.v1.Rules/ValidateMove",
        &[],
        &format!(r#"{{"position":{{"variant":"VARIANT_CHESS","moves":{SCHOLAR}}},"move":"Qxf7"}}"#),
    )
    .await
    .json();
    assert_eq!(mate["legal"], true);
    assert_eq!(mate["move"]["san"], "Qxf7#");
    assert_eq!(
        mate["statusAfter"]["outcome"]["reason"],
        "OUTCOME_REASON_CHECKMATE"
    );

    let illegal = post_json(
        http,
        "/arbiter.v1.Rules/ValidateMove",
        &[],
        r#"{"position":{"variant":"VARIANT_CHESS"},"move":"e2e5"}"#,
    )
    .await
    .json();
    assert_eq!(
        illegal["legal"],
        Value::Null,
        "false is the default, left out"
    );
    assert!(
        illegal["reason"]
            .as_str()
            .unwrap()
            .starts_with("ILLEGAL_REASON_")
    );
    assert!(!illegal["detail"].as_str().unwrap().is_empty());

    // The original field names are read too (`side_to_move` style), as grpcurl sends them.
    let status = post_json(
        http,
        "/arbiter.v1.Rules/GameStatus",
        &[],
        r#"{"position":{"variant":"VARIANT_CHESS","moves":["Nf3","Nf6","Ng1","Ng8","Nf3","Nf6","Ng1","Ng8"]},"options":{"claim_draws":true}}"#,
    )
    .await
    .json();
    assert_eq!(status["outcome"]["result"], "RESULT_DRAW");

    let perft = post_json(
        http,
        "/arbiter.v1.Rules/Perft",
        &[],
        r#"{"position":{"variant":"VARIANT_XIANGQI"},"depth":2,"divide":true}"#,
    )
    .await
    .json();
    assert_eq!(perft["nodes"], "1920", "uint64 is a string in proto3 JSON");
    assert_eq!(perft["divide"].as_array().unwrap().len(), 44);

    let batch = post_json(
        http,
        "/arbiter.v1.Rules/Batch",
        &[],
        r#"{"items":[{"gameStatus":{"position":{"variant":"VARIANT_CHESS"}}},{"gameStatus":{"position":{"variant":"VARIANT_CHESS","moves":["e2e4","e2e4"]}}}]}"#,
    )
    .await
    .json();
    let results = batch["results"].as_array().unwrap();
    assert_eq!(
        results[0]["gameStatus"]["outcome"]["result"],
        "RESULT_ONGOING"
    );
    assert_eq!(results[1]["error"]["code"], 3);
}

#[tokio::test]
async fn streaming_requests_take_ndjson_and_answer_it() {
    let t = TestServer::start().await;
    let http = t.http_addr();
    let batch = http_request(
        http,
        "POST",
        "/arbiter.v1.Rules/BatchStream",
        &[("content-type", "application/x-ndjson")],
        b"{\"gameStatus\":{\"position\":{\"variant\":\"VARIANT_CHESS\"}}}\n{\"gameStatus\":{\"position\":{\"variant\":\"VARIANT_XIANGQI\"}}}\n",
    )
    .await;
    assert_eq!(batch.status, 200);
    assert_eq!(batch.header("content-type"), Some("application/x-ndjson"));
    let lines = batch.lines();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert_eq!(lines[1]["gameStatus"]["sideToMove"], "SIDE_WHITE");

    let play = http_request(
        http,
        "POST",
        "/arbiter.v1.Rules/Play",
        &[("content-type", "application/x-ndjson")],
        b"{\"start\":{\"position\":{\"variant\":\"VARIANT_CHESS\"}}}\n{\"move\":\"e4\"}\n{\"move\":\"Ke3\"}\n",
    )
    .await;
    let lines = play.lines();
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(lines[1]["move"]["san"], "e4");
    assert!(lines[2]["legal"].is_null());

    let bad_line = http_request(
        http,
        "POST",
        "/arbiter.v1.Rules/BatchStream",
        &[("content-type", "application/x-ndjson")],
        b"{\"gameStatus\":{}}\n{\"nonsense\":1}\n",
    )
    .await;
    assert_eq!(bad_line.status, 400);
    assert!(
        bad_line.json()["message"]
            .as_str()
            .unwrap()
            .contains("line 2")
    );
}

#[tokio::test]
async fn bad_input_keeps_the_grpc_error_model() {
    let t = TestServer::start().await;
    let http = t.http_addr();

    let illegal_history = post_json(
        http,
        "/arbiter.v1.Rules/LegalMoves",
        &[],
        r#"{"position":{"variant":"VARIANT_CHESS","moves":["e4","Ke3"]}}"#,
    )
    .await;
    assert_eq!(illegal_history.status, 400);
    let error = illegal_history.json();
    assert_eq!(error["code"], "invalid_argument");
    assert!(error["message"].as_str().unwrap().contains("Ke3"));
    assert_eq!(field_violation(&error), "position.moves[1]");
    assert!(
        error["details"][0]["value"].is_string(),
        "Connect's bytes are kept"
    );

    for (path, body, field) in [
        (
            "/arbiter.v1.Rules/ValidateMove",
            r#"{"move":"e4"}"#,
            "position",
        ),
        (
            "/arbiter.v1.Rules/GameStatus",
            r#"{"position":{"variant":"VARIANT_CHESS","fen":"8/8/8"}}"#,
            "position.fen",
        ),
        (
            "/arbiter.v1.Rules/Perft",
            r#"{"position":{"variant":"VARIANT_CHESS"},"depth":9}"#,
            "depth",
        ),
        (
            "/arbiter.v1.Engine/BestMove",
            r#"{"position":{"variant":"VARIANT_CHESS"},"searchMoves":["e4","Ke2"]}"#,
            "search_moves[1]",
        ),
        (
            "/arbiter.v1.Records/Format",
            r#"{"position":{"variant":"VARIANT_CHESS","moves":["e5"]}}"#,
            "position.moves[0]",
        ),
        (
            "/arbiter.v1.Records/Parse",
            r#"{"variant":"VARIANT_XIANGQI","format":"RECORD_FORMAT_XQF","data":"AAAA"}"#,
            "data",
        ),
    ] {
        let answer = post_json(http, path, &[], body).await;
        assert_eq!(answer.status, 400, "{path}: {answer:?}");
        assert_eq!(field_violation(&answer.json()), field, "{path}");
    }

    // JSON the mapping refuses: an unknown field, an unknown enum name, not JSON.
    for body in [
        r#"{"posture":{}}"#,
        r#"{"position":{"variant":"VARIANT_GO"}}"#,
        "{",
        r#"{} {}"#,
    ] {
        let answer = post_json(http, "/arbiter.v1.Rules/LegalMoves", &[], body).await;
        assert_eq!(answer.status, 400, "{body}");
        assert_eq!(answer.json()["code"], "invalid_argument");
    }

    let unknown = post_json(http, "/arbiter.v1.Rules/Castle", &[], "{}").await;
    assert_eq!(unknown.status, 404);
    assert_eq!(unknown.json()["code"], "unimplemented");
    let get = http_request(http, "GET", "/arbiter.v1.Rules/LegalMoves", &[], b"").await;
    assert_eq!(get.status, 405);
    let text = http_request(
        http,
        "POST",
        "/arbiter.v1.Rules/LegalMoves",
        &[("content-type", "text/plain")],
        b"{}",
    )
    .await;
    assert_eq!(text.status, 415);
    let html = post_json(
        http,
        "/arbiter.v1.Rules/LegalMoves",
        &[("accept", "text/html")],
        "{}",
    )
    .await;
    assert_eq!(html.status, 406);
    t.assert_still_serving().await;
}

#[tokio::test]
async fn records_and_the_engine_over_json() {
    let t = TestServer::start().await;
    let http = t.http_addr();
    let pgn = post_json(
        http,
        "/arbiter.v1.Records/Format",
        &[],
        r#"{"position":{"variant":"VARIANT_CHESS","moves":["e4","e5"]}}"#,
    )
    .await
    .json();
    let data = pgn["data"].as_str().expect("bytes are base64");
    let parsed = post_json(
        http,
        "/arbiter.v1.Records/Parse",
        &[],
        &format!(r#"{{"variant":"VARIANT_CHESS","data":"{data}"}}"#),
    )
    .await
    .json();
    assert_eq!(
        parsed["games"][0]["position"]["moves"],
        serde_json::json!(["e2e4", "e7e5"])
    );

    let best = post_json(
        http,
        "/arbiter.v1.Engine/BestMove",
        &[],
        r#"{"position":{"variant":"VARIANT_CHESS","fen":"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"},"limits":{"depth":3}}"#,
    )
    .await
    .json();
    assert_eq!(best["bestMove"]["uci"], "a1a8");

    // Analyze streams NDJSON by default and Server-Sent Events when asked.
    let request = r#"{"position":{"variant":"VARIANT_XIANGQI"},"limits":{"depth":4}}"#;
    let ndjson = post_json(http, "/arbiter.v1.Engine/Analyze", &[], request).await;
    assert_eq!(ndjson.status, 200);
    assert_eq!(ndjson.header("content-type"), Some("application/x-ndjson"));
    let lines = ndjson.lines();
    assert!(lines.len() >= 2, "{lines:?}");
    assert!(lines[0]["info"]["line"]["score"].is_object());
    assert!(lines.last().unwrap()["bestMove"]["bestMove"]["uci"].is_string());

    let sse = post_json(
        http,
        "/arbiter.v1.Engine/Analyze",
        &[("accept", "text/event-stream")],
        request,
    )
    .await;
    assert_eq!(sse.header("content-type"), Some("text/event-stream"));
    let text = String::from_utf8(sse.body).unwrap();
    let events: Vec<Value> = text
        .split("\n\n")
        .filter_map(|e| e.strip_prefix("data: "))
        .map(|d| serde_json::from_str(d).unwrap())
        .collect();
    assert_eq!(events.len(), lines.len(), "{text}");
    assert!(events.last().unwrap()["bestMove"].is_object());

    // An error before the first message is an ordinary error answer.
    let bad = post_json(
        http,
        "/arbiter.v1.Engine/Analyze",
        &[],
        r#"{"position":{"variant":"VARIANT_CHESS","moves":["e5"]}}"#,
    )
    .await;
    assert_eq!(bad.status, 400);
    assert_eq!(field_violation(&bad.json()), "position.moves[0]");
}

#[tokio::test]
async fn limits_and_the_engine_token_apply_on_the_http_path() {
    let mut config = Config::for_tests();
    config.engine_token = Some(Secret::parse("sesame").unwrap());
    config.max_history_moves = 4;
    config.max_request_bytes = 2048;
    config.max_batch_items = 2;
    let t = TestServer::start_with(config).await;
    let http = t.http_addr();
    let request = r#"{"position":{"variant":"VARIANT_CHESS"},"limits":{"depth":1}}"#;

    let anonymous = post_json(http, "/arbiter.v1.Engine/BestMove", &[], request).await;
    assert_eq!(anonymous.status, 401);
    assert_eq!(anonymous.json()["code"], "unauthenticated");
    let wrong = post_json(
        http,
        "/arbiter.v1.Engine/Analyze",
        &[("authorization", "Bearer open")],
        request,
    )
    .await;
    assert_eq!(wrong.status, 401);
    let allowed = post_json(
        http,
        "/arbiter.v1.Engine/BestMove",
        &[("authorization", "Bearer sesame")],
        request,
    )
    .await;
    assert_eq!(allowed.status, 200, "{allowed:?}");
    // Rules never need it.
    let rules = post_json(
        http,
        "/arbiter.v1.Rules/LegalMoves",
        &[],
        r#"{"position":{"variant":"VARIANT_XIANGQI"}}"#,
    )
    .await;
    assert_eq!(rules.status, 200);

    let long = post_json(
        http,
        "/arbiter.v1.Rules/GameStatus",
        &[],
        r#"{"position":{"variant":"VARIANT_CHESS","moves":["Nf3","Nf6","Ng1","Ng8","Nf3"]}}"#,
    )
    .await;
    assert_eq!(long.status, 400);
    assert_eq!(field_violation(&long.json()), "position.moves");

    let batch = post_json(
        http,
        "/arbiter.v1.Rules/Batch",
        &[],
        r#"{"items":[{"gameStatus":{}},{"gameStatus":{}},{"gameStatus":{}}]}"#,
    )
    .await;
    assert_eq!(batch.status, 400);
    assert_eq!(field_violation(&batch.json()), "items");

    let huge = format!(r#"{{"position":{{"fen":"{}"}}}}"#, "x".repeat(4096));
    let refused = post_json(http, "/arbiter.v1.Rules/LegalMoves", &[], &huge).await;
    assert_eq!(refused.status, 429);
    assert_eq!(refused.json()["code"], "resource_exhausted");
    t.assert_still_serving().await;
}

#[tokio::test]
async fn the_page_and_the_openapi_document_are_served() {
    let t = TestServer::start().await;
    let page = http_request(t.http_addr(), "GET", "/", &[], b"").await;
    assert_eq!(page.status, 200);
    assert!(
        page.header("content-type")
            .unwrap()
            .starts_with("text/html")
    );
    assert!(String::from_utf8_lossy(&page.body).contains("playground.js"));
    for asset in ["/playground.js", "/playground.css"] {
        assert_eq!(
            http_request(t.http_addr(), "GET", asset, &[], b"")
                .await
                .status,
            200
        );
    }
    let openapi = http_request(t.http_addr(), "GET", "/openapi.json", &[], b"")
        .await
        .json();
    assert!(openapi["openapi"].as_str().unwrap().starts_with("3."));
    assert!(openapi["paths"]["/arbiter.v1.Rules/LegalMoves"]["post"].is_object());
    // The admin port still serves nothing of it.
    let (status, _) = crate::support::http_get(t.admin_addr(), "/openapi.json").await;
    assert_eq!(status, 404);
}
