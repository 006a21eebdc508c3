//! The HTTP port's connections under the gRPC port's limits: a slowloris
//! (connections that say nothing, headers a byte at a time, bodies a byte at
//! a time, a keep-alive connection left idle) is closed at the deadlines,
//! connections past the cap are closed at once, and real calls on every port
//! are served throughout; under a low file-descriptor limit, a flood of idle
//! HTTP connections leaves the gRPC port and the admin port serving.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::{
    net::SocketAddr,
    time::{Duration, Instant},
};

use crate::{
    connections::{closed_within, health_on_new_connection},
    support::{
        TestServer, http::post_json, http_get, process::ServerProcess, server::metric_value,
        server::scrape,
    },
};
use arbiter::config::Config;
use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::TcpStream,
};

/// What a slow client saw: when the server closed its connection (if it did
/// within 15 s) and what the server sent it.
#[derive(Debug)]
struct Seen {
    closed_after: Option<Duration>,
    received: Vec<u8>,
}

/// Connects to `addr`, sends `head`, then one byte of `drip` every 100 ms
/// (none if empty) until the server closes the connection or 15 s pass.
async fn slow_client(addr: SocketAddr, head: Vec<u8>, drip: &'static [u8]) -> Seen {
    let opened = Instant::now();
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream.write_all(&head).await.unwrap();
    let (mut reader, mut writer) = stream.into_split();
    let mut received = Vec::new();
    let mut buffer = [0u8; 4096];
    let mut tick = tokio::time::interval(Duration::from_millis(100));
    let mut dripped = 0;
    while opened.elapsed() < Duration::from_secs(15) {
        tokio::select! {
            read = reader.read(&mut buffer) => match read {
                Ok(0) | Err(_) => {
                    return Seen { closed_after: Some(opened.elapsed()), received };
                }
                Ok(n) => received.extend_from_slice(&buffer[..n]),
            },
            _ = tick.tick() => {
                if !drip.is_empty() {
                    // The server may have closed its side already.
                    let _ = writer.write_all(&drip[dripped % drip.len()..][..1]).await;
                    dripped += 1;
                }
            }
        }
    }
    Seen {
        closed_after: None,
        received,
    }
}

fn metric(text: &str, name: &str) -> f64 {
    metric_value(text, name, &[])
}

/// Waits (up to 10 s) until `done` holds for a scrape, and returns it.
async fn scrape_until(admin: SocketAddr, done: impl Fn(&str) -> bool) -> String {
    let started = Instant::now();
    loop {
        let text = scrape(admin).await;
        if done(&text) || started.elapsed() > Duration::from_secs(10) {
            return text;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn a_slowloris_on_the_http_port_is_closed_at_the_deadlines_while_real_calls_are_served() {
    let _serial = crate::SERIAL.lock().await;
    let mut config = Config::for_tests();
    config.http_max_connections = 8;
    config.handshake_timeout_ms = 1_000;
    config.request_timeout_secs = 3;
    let t = TestServer::start_with(config).await;
    let (http, admin) = (t.http_addr(), t.admin_addr());
    let before = scrape(admin).await;
    let open = |text: &str| metric(text, "arbiter_http_connections_open");

    // Eight slow clients take the eight slots.
    let request_head = format!("POST /arbiter.v1.Rules/LegalMoves HTTP/1.1\r\nHost: {http}\r\n");
    let slow_body = format!(
        "{request_head}Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{{\"position\":"
    );
    let keep_alive = format!("GET / HTTP/1.1\r\nHost: {http}\r\n\r\n");
    let mut idle = Vec::new();
    for _ in 0..3 {
        idle.push(tokio::spawn(slow_client(http, Vec::new(), b"")));
    }
    let mut headers = Vec::new();
    for _ in 0..2 {
        let head = request_head.clone().into_bytes();
        headers.push(tokio::spawn(slow_client(http, head, b"X-Slow: y")));
    }
    let mut bodies = Vec::new();
    for _ in 0..2 {
        let head = slow_body.clone().into_bytes();
        bodies.push(tokio::spawn(slow_client(http, head, b" ")));
    }
    let idle_after_a_request = tokio::spawn(slow_client(http, keep_alive.into_bytes(), b""));
    let text = scrape_until(admin, |text| open(text) >= 8.0).await;
    assert_eq!(open(&text), 8.0, "{text}");

    // Past the cap a connection is closed at once, without a byte.
    for _ in 0..5 {
        let mut refused = TcpStream::connect(http).await.unwrap();
        assert_eq!(
            closed_within(&mut refused, Duration::from_secs(2)).await,
            Some(0)
        );
    }
    // Meanwhile every other port serves.
    t.assert_still_serving().await;
    health_on_new_connection(t.grpc_addr()).await.unwrap();
    assert_eq!(http_get(admin, "/healthz").await.0, 200);

    // Silent peers and headers a byte at a time: closed at the deadline,
    // not before.
    for task in idle.into_iter().chain(headers) {
        let seen = task.await.unwrap();
        let closed = seen.closed_after.expect("closed at the deadline");
        assert!(
            closed >= Duration::from_millis(900) && closed < Duration::from_secs(6),
            "{seen:?}"
        );
    }
    // A body a byte at a time: answered at the request timeout, then closed.
    for task in bodies {
        let seen = task.await.unwrap();
        let closed = seen.closed_after.expect("closed after its answer");
        assert!(closed >= Duration::from_millis(2_900), "{seen:?}");
        let text = String::from_utf8_lossy(&seen.received);
        assert!(text.starts_with("HTTP/1.1 504"), "{text}");
        assert!(text.contains("deadline_exceeded"), "{text}");
    }
    // A keep-alive connection left idle after its answer: closed after the
    // header read timeout.
    let seen = idle_after_a_request.await.unwrap();
    assert!(
        String::from_utf8_lossy(&seen.received).starts_with("HTTP/1.1 200"),
        "{seen:?}"
    );
    let closed = seen
        .closed_after
        .expect("an idle keep-alive connection is closed");
    assert!(closed < Duration::from_secs(6), "{seen:?}");

    // The slots are free again.
    let answer = post_json(
        http,
        "/arbiter.v1.Rules/LegalMoves",
        &[],
        r#"{"position":{"variant":"VARIANT_CHESS"}}"#,
    )
    .await;
    assert_eq!(answer.status, 200);
    let after = scrape_until(admin, |text| open(text) == 0.0).await;
    let delta = |name| metric(&after, name) - metric(&before, name);
    assert_eq!(open(&after), 0.0, "{after}");
    assert_eq!(metric(&after, "arbiter_http_connections_limit"), 8.0);
    assert_eq!(delta("arbiter_http_connections_refused_total"), 5.0);
    assert_eq!(
        delta("arbiter_http_connections_handshake_timeouts_total"),
        5.0
    );
    assert_eq!(delta("arbiter_http_connections_accepted_total"), 9.0);
    let deadline_exceeded = |text: &str| {
        metric_value(
            text,
            "grpc_server_handled_total",
            &[
                ("grpc_method", "LegalMoves"),
                ("grpc_code", "DeadlineExceeded"),
            ],
        )
    };
    assert_eq!(deadline_exceeded(&after) - deadline_exceeded(&before), 2.0);
}

/// The issue this port's cap closes: under a low file-descriptor limit, idle
/// HTTP connections took every descriptor, and gRPC health checks and the
/// admin port's `/healthz` timed out. With the cap below the limit, the
/// flood is refused and the other ports serve.
#[cfg(target_os = "linux")]
#[tokio::test]
async fn idle_http_connections_under_a_low_file_limit_leave_the_other_ports_serving() {
    const FLOOD: usize = 400;
    let _serial = crate::SERIAL.lock().await;
    let server = ServerProcess::start(
        env!("CARGO_BIN_EXE_arbiter"),
        &[
            ("ARBITER_HTTP_MAX_CONNECTIONS", "64"),
            ("ARBITER_MAX_CONNECTIONS", "64"),
        ],
        Some(256),
    );
    let mut flood = Vec::with_capacity(FLOOD);
    for _ in 0..FLOOD {
        flood.push(TcpStream::connect(server.http).await.unwrap());
    }
    let text = scrape_until(server.admin, |text| {
        metric(text, "arbiter_http_connections_refused_total")
            + metric(text, "arbiter_http_connections_accepted_total")
            >= FLOOD as f64
    })
    .await;
    health_on_new_connection(server.grpc).await.unwrap();
    let healthz = tokio::time::timeout(Duration::from_secs(5), http_get(server.admin, "/healthz"))
        .await
        .expect("/healthz answers in time");
    assert_eq!(healthz.0, 200);
    assert_eq!(metric(&text, "arbiter_http_connections_open"), 64.0);
    drop(flood);
}
