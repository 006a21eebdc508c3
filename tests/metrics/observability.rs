//! What the metrics say about calls a client abandons, which method the
//! Engine's domain counter names, and which series a fresh process shows at
//! 0. Each test uses methods (or variants) no
//! other test in this file uses, since the metrics recorder is shared by the
//! whole test process.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::{Duration, Instant};

use crate::support::{
    TestServer, best_move_request, chess, server::metric_value, server::scrape, xiangqi,
};
use arbiter::proto as pb;
use tokio_stream::StreamExt;
use tonic::transport::Channel;

/// `grpc_server_handled_total` of one method and code.
fn handled(text: &str, method: &str, code: &str) -> f64 {
    metric_value(
        text,
        "grpc_server_handled_total",
        &[("grpc_method", method), ("grpc_code", code)],
    )
}

/// Waits (up to 10 s) until `done` holds for a scrape, and returns it.
async fn scrape_until(t: &TestServer, done: impl Fn(&str) -> bool) -> String {
    let started = Instant::now();
    loop {
        let text = scrape(t.admin_addr()).await;
        if done(&text) || started.elapsed() > Duration::from_secs(10) {
            return text;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn own_channel(t: &TestServer) -> Channel {
    Channel::from_shared(format!("http://{}", t.grpc_addr()))
        .unwrap()
        .connect()
        .await
        .unwrap()
}

/// A BestMove whose client gives up while the search runs: hyper drops the
/// call's future when the stream is reset, before there is any answer.
#[tokio::test]
async fn a_unary_call_its_client_drops_mid_flight_counts_as_canceled() {
    let _serial = crate::SERIAL.lock().await;
    let t = TestServer::start().await;
    let before = scrape(t.admin_addr()).await;
    let mut engine = pb::engine_client::EngineClient::new(own_channel(&t).await);
    let call = tokio::spawn(async move {
        engine
            .best_move(best_move_request(
                chess("", &[]),
                Some(pb::SearchLimits {
                    limit: Some(pb::search_limits::Limit::MovetimeMs(20_000)),
                }),
            ))
            .await
    });
    let started_calls = |text: &str| {
        metric_value(
            text,
            "grpc_server_started_total",
            &[("grpc_method", "BestMove")],
        )
    };
    scrape_until(&t, |text| started_calls(text) > started_calls(&before)).await;
    tokio::time::sleep(Duration::from_millis(100)).await;
    call.abort();

    let text = scrape_until(&t, |text| {
        handled(text, "BestMove", "Canceled") > handled(&before, "BestMove", "Canceled")
    })
    .await;
    assert_eq!(
        handled(&text, "BestMove", "Canceled") - handled(&before, "BestMove", "Canceled"),
        1.0,
        "{text}"
    );
    for code in ["Unknown", "OK", "Internal"] {
        assert_eq!(
            handled(&text, "BestMove", code),
            handled(&before, "BestMove", code),
            "{code}"
        );
    }
}

/// Starts a LegalMoves call over a bare HTTP/2 connection and sends part of
/// its message: the server has the call, and waits for the rest.
async fn half_sent_call(
    t: &TestServer,
) -> (
    h2::SendStream<prost::bytes::Bytes>,
    tokio::task::JoinHandle<()>,
) {
    let tcp = tokio::net::TcpStream::connect(t.grpc_addr()).await.unwrap();
    let (mut client, connection) = h2::client::handshake(tcp).await.unwrap();
    let connection = tokio::spawn(async move {
        let _ = connection.await;
    });
    let request = http::Request::builder()
        .method("POST")
        .uri(format!(
            "http://{}/arbiter.v1.Rules/LegalMoves",
            t.grpc_addr()
        ))
        .header("content-type", "application/grpc")
        .header("te", "trailers")
        .body(())
        .unwrap();
    client = client.ready().await.unwrap();
    let (_response, mut body) = client.send_request(request, false).unwrap();
    // A message announced as 100 bytes, of which 3 arrive.
    body.send_data(
        prost::bytes::Bytes::from_static(&[0, 0, 0, 0, 100, 10, 1, 2]),
        false,
    )
    .unwrap();
    (body, connection)
}

/// The connection of a call whose message is still arriving goes away (a
/// load generator ending its run): tonic fails to read the request, which
/// it answers UNKNOWN, but the client left; it counts as `Canceled`.
#[tokio::test]
async fn a_call_whose_connection_is_lost_mid_request_counts_as_canceled() {
    let _serial = crate::SERIAL.lock().await;
    let t = TestServer::start().await;
    let before = scrape(t.admin_addr()).await;
    let started_calls = |text: &str| {
        metric_value(
            text,
            "grpc_server_started_total",
            &[("grpc_method", "LegalMoves")],
        )
    };

    // The connection closes under the call.
    let (body, connection) = half_sent_call(&t).await;
    scrape_until(&t, |text| {
        started_calls(text) >= started_calls(&before) + 1.0
    })
    .await;
    connection.abort();
    drop(body);

    // The client resets the stream instead.
    let (mut body, _connection) = half_sent_call(&t).await;
    scrape_until(&t, |text| {
        started_calls(text) >= started_calls(&before) + 2.0
    })
    .await;
    body.send_reset(h2::Reason::CANCEL);

    let text = scrape_until(&t, |text| {
        handled(text, "LegalMoves", "Canceled") >= handled(&before, "LegalMoves", "Canceled") + 2.0
    })
    .await;
    assert_eq!(
        handled(&text, "LegalMoves", "Canceled") - handled(&before, "LegalMoves", "Canceled"),
        2.0,
        "{text}"
    );
    for code in ["Unknown", "Internal", "OK"] {
        assert_eq!(
            handled(&text, "LegalMoves", code),
            handled(&before, "LegalMoves", code),
            "{code}: {text}"
        );
    }
}

/// `arbiter_requests_total` names the method the client called.
#[tokio::test]
async fn analyze_calls_count_as_analyze_in_the_domain_counter() {
    let _serial = crate::SERIAL.lock().await;
    let t = TestServer::start().await;
    let requests = |text: &str, method: &str| {
        metric_value(
            text,
            "arbiter_requests_total",
            &[("method", method), ("variant", "xiangqi")],
        )
    };
    let before = scrape(t.admin_addr()).await;
    let mut stream = t
        .engine()
        .analyze(pb::AnalyzeRequest {
            position: xiangqi("", &[]),
            limits: Some(pb::SearchLimits {
                limit: Some(pb::search_limits::Limit::Depth(2)),
            }),
            multipv: 0,
            options: None,
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    while let Some(message) = stream.next().await {
        message.unwrap();
    }
    let text = scrape(t.admin_addr()).await;
    assert_eq!(
        requests(&text, "Analyze") - requests(&before, "Analyze"),
        1.0,
        "{text}"
    );
    assert_eq!(
        requests(&text, "BestMove"),
        requests(&before, "BestMove"),
        "{text}"
    );
}

/// Calls on the HTTP port count as gRPC calls of their method (there is no
/// `http_*` family): JSON and gRPC-Web alike, with the code their status had.
#[tokio::test]
async fn http_calls_count_under_their_grpc_method() {
    use crate::support::http::{frame, http_request, post_json};
    use prost::Message as _;

    let _serial = crate::SERIAL.lock().await;
    let t = TestServer::start().await;
    let before = scrape(t.admin_addr()).await;
    let ok = post_json(
        t.http_addr(),
        "/arbiter.v1.Rules/Perft",
        &[],
        r#"{"position":{"variant":"VARIANT_CHESS"},"depth":1}"#,
    )
    .await;
    assert_eq!(ok.status, 200);
    let bad = post_json(
        t.http_addr(),
        "/arbiter.v1.Rules/Perft",
        &[],
        r#"{"position":{"variant":"VARIANT_CHESS","moves":["e5"]},"depth":1}"#,
    )
    .await;
    assert_eq!(bad.status, 400);
    let request = pb::PerftRequest {
        position: chess("", &[]),
        depth: 1,
        ..Default::default()
    };
    let web = http_request(
        t.http_addr(),
        "POST",
        "/arbiter.v1.Rules/Perft",
        &[("content-type", "application/grpc-web+proto")],
        &frame(&request.encode_to_vec()),
    )
    .await;
    assert_eq!(web.status, 200);
    let after = scrape_until(&t, |text| {
        handled(text, "Perft", "OK") - handled(&before, "Perft", "OK") >= 2.0
    })
    .await;
    assert_eq!(
        handled(&after, "Perft", "OK") - handled(&before, "Perft", "OK"),
        2.0
    );
    assert_eq!(
        handled(&after, "Perft", "InvalidArgument") - handled(&before, "Perft", "InvalidArgument"),
        1.0
    );
    assert!(!after.contains("\nhttp_"), "no http_* family");
}

/// The unlabelled counters and gauges the operations guide lists are on a
/// fresh process's page at 0, before anything has counted: an alert on a
/// counter's rate, or a dashboard's series, sees them from the start.
#[tokio::test]
async fn listed_counters_and_gauges_are_on_the_page_at_zero_from_the_start() {
    use crate::support::process::ServerProcess;

    let _serial = crate::SERIAL.lock().await;
    let server = ServerProcess::start(env!("CARGO_BIN_EXE_arbiter"), &[], None);
    let text = scrape(server.admin).await;
    let sample = |name: &str| {
        text.lines()
            .find(|line| line.split_whitespace().next() == Some(name))
            .and_then(|line| line.split_whitespace().nth(1))
            .and_then(|value| value.parse::<f64>().ok())
    };
    for name in [
        "arbiter_handler_panics_total",
        "arbiter_shed_requests_total",
        "arbiter_engine_auth_failures_total",
        "arbiter_streams_ended_by_drain_total",
        "arbiter_grpc_connections_accepted_total",
        "arbiter_grpc_connections_refused_total",
        "arbiter_grpc_connections_handshake_timeouts_total",
        "arbiter_grpc_connections_expired_total",
        "arbiter_http_connections_accepted_total",
        "arbiter_http_connections_refused_total",
        "arbiter_http_connections_handshake_timeouts_total",
        "arbiter_search_rejections_total",
        "arbiter_search_completed_total",
        "arbiter_search_nodes_total",
        "arbiter_grpc_connections_open",
        "arbiter_http_connections_open",
        "arbiter_play_sessions_open",
        "arbiter_search_active",
        "arbiter_search_queue_length",
    ] {
        assert_eq!(sample(name), Some(0.0), "{name}:\n{text}");
    }
    for (name, limit) in [
        ("arbiter_grpc_connections_limit", 1024.0),
        ("arbiter_http_connections_limit", 1024.0),
    ] {
        assert_eq!(sample(name), Some(limit), "{name}:\n{text}");
    }
}
