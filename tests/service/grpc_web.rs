//! gRPC-Web over HTTP/1.1, on the gRPC port and on the HTTP port: unary and
//! server-streaming calls with their framing and the trailers in the body,
//! the base64 text form, and CORS preflights allowed and refused.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::net::SocketAddr;

use arbiter::{config::Config, proto as pb};
use base64::{Engine as _, engine::general_purpose::STANDARD};
use prost::Message as _;

use crate::support::{
    TestServer, chess,
    http::{frame, grpc_web_frames, http_request},
    legal_moves_request, xiangqi,
};

fn trailer<'a>(trailers: &'a [(String, String)], name: &str) -> Option<&'a str> {
    trailers
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

async fn grpc_web(
    addr: SocketAddr,
    path: &str,
    message: &[u8],
) -> crate::support::http::HttpResponse {
    http_request(
        addr,
        "POST",
        path,
        &[
            ("content-type", "application/grpc-web+proto"),
            ("x-grpc-web", "1"),
        ],
        &frame(message),
    )
    .await
}

#[tokio::test]
async fn unary_calls_on_both_ports_carry_their_trailers_in_the_body() {
    let t = TestServer::start().await;
    let request = legal_moves_request(chess("", &["e4"])).encode_to_vec();
    for addr in [t.grpc_addr(), t.http_addr()] {
        let answer = grpc_web(addr, "/arbiter.v1.Rules/LegalMoves", &request).await;
        assert_eq!(answer.status, 200, "{addr}: {answer:?}");
        assert!(
            answer
                .header("content-type")
                .unwrap()
                .starts_with("application/grpc-web")
        );
        let (messages, trailers) = grpc_web_frames(&answer.body);
        assert_eq!(messages.len(), 1);
        let moves = pb::LegalMovesResponse::decode(messages[0].as_slice()).unwrap();
        assert_eq!(moves.moves.len(), 20);
        assert_eq!(trailer(&trailers, "grpc-status"), Some("0"), "{trailers:?}");

        // An error: no message, the status (and its details) in the trailers.
        let bad = legal_moves_request(chess("", &["e5", "e4"])).encode_to_vec();
        let answer = grpc_web(addr, "/arbiter.v1.Rules/LegalMoves", &bad).await;
        assert_eq!(answer.status, 200);
        let status = answer.header("grpc-status").map(str::to_owned).or_else(|| {
            trailer(&grpc_web_frames(&answer.body).1, "grpc-status").map(str::to_owned)
        });
        assert_eq!(status.as_deref(), Some("3"), "{answer:?}");
    }
}

#[tokio::test]
async fn the_text_form_is_base64_both_ways() {
    let t = TestServer::start().await;
    let request = legal_moves_request(xiangqi("", &[])).encode_to_vec();
    let answer = http_request(
        t.grpc_addr(),
        "POST",
        "/arbiter.v1.Rules/LegalMoves",
        &[
            ("content-type", "application/grpc-web-text"),
            ("accept", "application/grpc-web-text"),
        ],
        STANDARD.encode(frame(&request)).as_bytes(),
    )
    .await;
    assert_eq!(answer.status, 200);
    assert!(
        answer
            .header("content-type")
            .unwrap()
            .starts_with("application/grpc-web-text")
    );
    // Each piece (message, trailers) is encoded on its own: decode piece by piece.
    let text = String::from_utf8(answer.body).unwrap();
    let mut bytes = Vec::new();
    for piece in text.split_inclusive('=').flat_map(|p| {
        // Padding ends a piece; unpadded pieces run together in multiples of 4.
        vec![p]
    }) {
        bytes.extend(STANDARD.decode(piece.trim()).unwrap_or_else(|_| {
            base64::engine::general_purpose::STANDARD_NO_PAD
                .decode(piece.trim().trim_end_matches('='))
                .unwrap()
        }));
    }
    let (messages, trailers) = grpc_web_frames(&bytes);
    let moves = pb::LegalMovesResponse::decode(messages[0].as_slice()).unwrap();
    assert_eq!(moves.moves.len(), 44);
    assert_eq!(trailer(&trailers, "grpc-status"), Some("0"));
}

#[tokio::test]
async fn analyze_streams_over_grpc_web() {
    let t = TestServer::start().await;
    let request = pb::AnalyzeRequest {
        position: chess("", &[]),
        limits: Some(pb::SearchLimits {
            limit: Some(pb::search_limits::Limit::Depth(4)),
        }),
        ..Default::default()
    }
    .encode_to_vec();
    for addr in [t.grpc_addr(), t.http_addr()] {
        let answer = grpc_web(addr, "/arbiter.v1.Engine/Analyze", &request).await;
        assert_eq!(answer.status, 200);
        let (messages, trailers) = grpc_web_frames(&answer.body);
        let events: Vec<pb::AnalyzeResponse> = messages
            .iter()
            .map(|m| pb::AnalyzeResponse::decode(m.as_slice()).unwrap())
            .collect();
        assert!(events.len() >= 2, "{events:?}");
        assert!(matches!(
            events.last().unwrap().event,
            Some(pb::analyze_response::Event::BestMove(_))
        ));
        assert!(
            events[..events.len() - 1]
                .iter()
                .all(|e| matches!(e.event, Some(pb::analyze_response::Event::Info(_))))
        );
        assert_eq!(trailer(&trailers, "grpc-status"), Some("0"));
    }
}

async fn preflight(addr: SocketAddr, origin: &str) -> crate::support::http::HttpResponse {
    http_request(
        addr,
        "OPTIONS",
        "/arbiter.v1.Rules/LegalMoves",
        &[
            ("origin", origin),
            ("access-control-request-method", "POST"),
            (
                "access-control-request-headers",
                "content-type,x-grpc-web,authorization",
            ),
        ],
        b"",
    )
    .await
}

#[tokio::test]
async fn cors_allows_the_configured_origins_only() {
    let mut config = Config::for_tests();
    config.cors_origins = vec!["https://games.example".to_owned()];
    let t = TestServer::start_with(config).await;
    for addr in [t.grpc_addr(), t.http_addr()] {
        let allowed = preflight(addr, "https://games.example").await;
        assert_eq!(
            allowed.header("access-control-allow-origin"),
            Some("https://games.example"),
            "{addr}: {allowed:?}"
        );
        let headers = allowed
            .header("access-control-allow-headers")
            .unwrap()
            .to_ascii_lowercase();
        assert!(headers.contains("x-grpc-web") && headers.contains("authorization"));
        let refused = preflight(addr, "https://elsewhere.example").await;
        assert_eq!(
            refused.header("access-control-allow-origin"),
            None,
            "{refused:?}"
        );

        // The answer to the call itself names the origin and exposes grpc-status.
        let answer = http_request(
            addr,
            "POST",
            "/arbiter.v1.Rules/LegalMoves",
            &[
                ("content-type", "application/grpc-web+proto"),
                ("origin", "https://games.example"),
            ],
            &frame(&legal_moves_request(chess("", &[])).encode_to_vec()),
        )
        .await;
        assert_eq!(
            answer.header("access-control-allow-origin"),
            Some("https://games.example")
        );
        assert!(
            answer
                .header("access-control-expose-headers")
                .unwrap()
                .contains("grpc-status")
        );
    }

    // With no origins configured, none is allowed; `*` allows any.
    let closed = TestServer::start().await;
    assert_eq!(
        preflight(closed.http_addr(), "https://games.example")
            .await
            .header("access-control-allow-origin"),
        None
    );
    let mut config = Config::for_tests();
    config.cors_origins = vec!["*".to_owned()];
    let open = TestServer::start_with(config).await;
    assert_eq!(
        preflight(open.grpc_addr(), "https://any.example")
            .await
            .header("access-control-allow-origin"),
        Some("*")
    );
}

#[tokio::test]
async fn plain_grpc_still_works_beside_grpc_web() {
    let t = TestServer::start().await;
    t.assert_still_serving().await;
}
