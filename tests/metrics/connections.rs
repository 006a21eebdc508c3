//! The connection cap and the deadline for a first request, against idle
//! connections that send the HTTP/2 preface (or nothing) and then wait: past
//! the cap they are closed at once, the ones admitted are closed at the
//! deadline, real clients are served again as soon as slots free up, and the
//! server's memory stays bounded however many such connections arrive.
//!
//! The tests run one at a time ([`SERIAL`](crate::SERIAL)): they read exact
//! deltas of the process-wide connection metrics.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::{
    net::SocketAddr,
    path::Path,
    time::{Duration, Instant},
};

use crate::support::{TestServer, process::ServerProcess, server::metric_value, server::scrape};
use arbiter::{
    config::Config,
    transport::net::server::{self, RunningServer},
};
use rcgen::{
    BasicConstraints, CertificateParams, CertifiedIssuer, DnType, ExtendedKeyUsagePurpose, IsCa,
    KeyPair,
};
use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::TcpStream,
};
use tonic::transport::{Certificate, Channel, ClientTlsConfig};
use tonic_health::pb::{HealthCheckRequest, health_client::HealthClient};

/// The client connection preface and an empty SETTINGS frame: what an idle
/// HTTP/2 client sends before its first request.
const PREFACE: &[u8] = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n\x00\x00\x00\x04\x00\x00\x00\x00\x00";

pub(crate) async fn idle_connection(addr: SocketAddr) -> TcpStream {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream.write_all(PREFACE).await.unwrap();
    stream
}

/// Reads until the server closes the connection, for at most `within`:
/// `Some(bytes the server sent)` if it closed, `None` if still open.
pub(crate) async fn closed_within(stream: &mut TcpStream, within: Duration) -> Option<usize> {
    let mut received = 0;
    let mut buffer = [0u8; 4096];
    let deadline = tokio::time::Instant::now() + within;
    loop {
        match tokio::time::timeout_at(deadline, stream.read(&mut buffer)).await {
            Err(_) => return None,
            Ok(Ok(0) | Err(_)) => return Some(received),
            Ok(Ok(n)) => received += n,
        }
    }
}

/// One health check on a new plaintext connection, bounded in time.
pub(crate) async fn health_on_new_connection(addr: SocketAddr) -> Result<(), String> {
    let attempt = async {
        let channel = Channel::from_shared(format!("http://{addr}"))
            .unwrap()
            .connect()
            .await
            .map_err(|e| format!("connect: {e:?}"))?;
        HealthClient::new(channel)
            .check(HealthCheckRequest {
                service: String::new(),
            })
            .await
            .map(|_| ())
            .map_err(|s| format!("call: {s:?}"))
    };
    tokio::time::timeout(Duration::from_secs(5), attempt)
        .await
        .map_err(|_| "timed out".to_owned())?
}

fn connection_metric(text: &str, name: &str) -> f64 {
    metric_value(text, name, &[])
}

#[tokio::test]
async fn connections_past_the_cap_are_refused_and_silent_ones_closed_at_the_deadline() {
    let _serial = crate::SERIAL.lock().await;
    let mut config = Config::for_tests();
    config.max_connections = 8;
    config.handshake_timeout_ms = 800;
    let t = TestServer::start_with(config).await;
    let addr = t.grpc_addr();
    // The test's own client holds the first slot; it has sent requests.
    t.assert_still_serving().await;
    let before = scrape(t.admin_addr()).await;

    // Seven idle connections take the other slots.
    let opened = Instant::now();
    let mut idle = Vec::new();
    for _ in 0..7 {
        idle.push(idle_connection(addr).await);
    }
    // The server answers each with its own preface: they are admitted.
    let mut first_bytes = [0u8; 9];
    for stream in &mut idle {
        stream.read_exact(&mut first_bytes).await.unwrap();
        assert_eq!(first_bytes[3], 4, "a SETTINGS frame");
    }

    // (a) Past the cap, connections are closed at once, before any HTTP/2.
    for _ in 0..5 {
        let mut refused = idle_connection(addr).await;
        let sent = closed_within(&mut refused, Duration::from_secs(2)).await;
        assert_eq!(sent, Some(0), "closed without a byte");
    }
    assert!(health_on_new_connection(addr).await.is_err());
    // The client admitted before the flood is still served.
    t.assert_still_serving().await;

    // (b) The silent ones are closed once the deadline has passed, not
    // before.
    for stream in &mut idle {
        assert_eq!(closed_within(stream, Duration::ZERO).await, None);
    }
    let closed = closed_within(&mut idle[0], Duration::from_secs(5)).await;
    assert!(closed.is_some(), "closed at the deadline");
    assert!(
        opened.elapsed() >= Duration::from_millis(700),
        "not before the deadline: {:?}",
        opened.elapsed()
    );
    for stream in &mut idle[1..] {
        let closed = closed_within(stream, Duration::from_secs(5)).await;
        assert!(closed.is_some(), "closed at the deadline");
    }

    // (c) Slots are free again: new clients are served, and the client that
    // had sent requests kept its connection past the deadline.
    health_on_new_connection(addr).await.unwrap();
    t.assert_still_serving().await;

    let after = scrape(t.admin_addr()).await;
    let delta = |name| connection_metric(&after, name) - connection_metric(&before, name);
    assert!(
        delta("arbiter_grpc_connections_refused_total") >= 6.0,
        "{after}"
    );
    assert_eq!(
        delta("arbiter_grpc_connections_handshake_timeouts_total"),
        7.0,
        "{after}"
    );
    assert_eq!(
        connection_metric(&after, "arbiter_grpc_connections_limit"),
        8.0
    );
    t.server.shutdown().await.unwrap();
}

/// A connection that has started its first request is past the deadline,
/// even if that request is still arriving.
#[tokio::test]
async fn a_connection_with_a_request_under_way_is_not_closed_at_the_deadline() {
    let _serial = crate::SERIAL.lock().await;
    let mut config = Config::for_tests();
    config.handshake_timeout_ms = 300;
    let t = TestServer::start_with(config).await;
    let tcp = TcpStream::connect(t.grpc_addr()).await.unwrap();
    let (client, connection) = h2::client::handshake(tcp).await.unwrap();
    let mut connection = tokio::spawn(connection);
    let request = http::Request::builder()
        .method("POST")
        .uri(format!(
            "http://{}/grpc.health.v1.Health/Check",
            t.grpc_addr()
        ))
        .header("content-type", "application/grpc")
        .header("te", "trailers")
        .body(())
        .unwrap();
    let mut client = client.ready().await.unwrap();
    // The headers are complete; the message is not sent yet.
    let (response, mut body) = client.send_request(request, false).unwrap();
    assert!(
        tokio::time::timeout(Duration::from_secs(1), &mut connection)
            .await
            .is_err(),
        "the connection stays open"
    );
    body.send_data(prost::bytes::Bytes::from_static(&[0, 0, 0, 0, 0]), true)
        .unwrap();
    let response = tokio::time::timeout(Duration::from_secs(5), response)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(response.status(), 200);
    drop(client);
    t.server.shutdown().await.unwrap();
}

fn pki(dir: &Path) -> String {
    let mut params = CertificateParams::new(Vec::<String>::new()).unwrap();
    params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    params
        .distinguished_name
        .push(DnType::CommonName, "test CA");
    let ca = CertifiedIssuer::self_signed(params, KeyPair::generate().unwrap()).unwrap();
    let mut params = CertificateParams::new(vec!["localhost".to_owned()]).unwrap();
    params.extended_key_usages = vec![ExtendedKeyUsagePurpose::ServerAuth];
    let key = KeyPair::generate().unwrap();
    let cert = params.signed_by(&key, &ca).unwrap();
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(dir.join("server.pem"), cert.pem()).unwrap();
    std::fs::write(dir.join("server.key"), key.serialize_pem()).unwrap();
    ca.pem()
}

async fn tls_channel(server: &RunningServer, ca_pem: &str) -> Channel {
    let tls = ClientTlsConfig::new()
        .ca_certificate(Certificate::from_pem(ca_pem))
        .domain_name("localhost");
    Channel::from_shared(format!("https://{}", server.grpc_addr))
        .unwrap()
        .tls_config(tls)
        .unwrap()
        .connect()
        .await
        .unwrap()
}

/// Under TLS the deadline covers the handshake too, and a TLS client that
/// has made a call keeps its connection past it.
#[tokio::test]
async fn under_tls_the_deadline_covers_the_handshake() {
    let _serial = crate::SERIAL.lock().await;
    let dir = std::env::temp_dir().join(format!("arbiter-connections-{}", std::process::id()));
    let ca_pem = pki(&dir);
    let mut config = Config::for_tests();
    config.tls_cert = Some(dir.join("server.pem"));
    config.tls_key = Some(dir.join("server.key"));
    config.handshake_timeout_ms = 500;
    let server = server::start(
        config,
        &arbiter::telemetry::metrics_only(),
        std::future::pending(),
    )
    .await
    .unwrap();

    let mut health = HealthClient::new(tls_channel(&server, &ca_pem).await);
    let check = HealthCheckRequest {
        service: String::new(),
    };
    health.check(check.clone()).await.unwrap();
    let before = scrape(server.admin_addr).await;

    // A peer that opens TCP and never starts the TLS handshake.
    let opened = Instant::now();
    let mut silent = TcpStream::connect(server.grpc_addr).await.unwrap();
    let closed = closed_within(&mut silent, Duration::from_secs(5)).await;
    assert_eq!(closed, Some(0), "closed at the deadline");
    assert!(opened.elapsed() >= Duration::from_millis(400));

    // The TLS client's connection outlived the deadline: the same one
    // serves again, no new connection was accepted.
    health.check(check).await.unwrap();
    let after = scrape(server.admin_addr).await;
    let delta = |name| connection_metric(&after, name) - connection_metric(&before, name);
    assert_eq!(
        delta("arbiter_grpc_connections_handshake_timeouts_total"),
        1.0
    );
    assert_eq!(delta("arbiter_grpc_connections_accepted_total"), 1.0);
    server.shutdown().await.unwrap();
    let _ = std::fs::remove_dir_all(dir);
}

/// Idle connections arriving far beyond the cap leave the real binary's
/// resident memory where it was: the cap, not the flood, bounds it. Without
/// the cap each of these connections would cost tens of KiB for as long as
/// it stays open (the deadline here is a minute).
///
/// Resident memory moves in steps of 2 MiB (transparent huge pages). On a
/// 2-core host, this flood grew it by 2.0 to 8.4 MB with the cap of 8 (six
/// runs beside two engine matches, one cold CI run) and by 16.8 to 21.0 MB
/// with a cap of 1,000 (four runs): the bound sits between the two.
#[cfg(target_os = "linux")]
#[tokio::test]
async fn memory_stays_bounded_under_a_flood_of_idle_connections() {
    const FLOOD: usize = 600;
    const BOUND: u64 = 12 << 20;

    let _serial = crate::SERIAL.lock().await;
    let server = ServerProcess::start(
        env!("CARGO_BIN_EXE_arbiter"),
        &[
            ("ARBITER_MAX_CONNECTIONS", "8"),
            ("ARBITER_HANDSHAKE_TIMEOUT_MS", "60000"),
        ],
        None,
    );
    let (grpc, admin) = (server.grpc, server.admin);

    // Warm up: a served call, then its connection closes.
    health_on_new_connection(grpc).await.unwrap();
    let metric = |text: &str, name: &str| metric_value(text, name, &[]);
    let started = Instant::now();
    while metric(&scrape(admin).await, "arbiter_grpc_connections_open") > 0.0 {
        assert!(started.elapsed() < Duration::from_secs(10));
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let resident_before = server.resident_bytes();

    let mut flood = Vec::with_capacity(FLOOD);
    for _ in 0..FLOOD {
        flood.push(idle_connection(grpc).await);
    }
    let started = Instant::now();
    let text = loop {
        let text = scrape(admin).await;
        let handled = metric(&text, "arbiter_grpc_connections_refused_total")
            + metric(&text, "arbiter_grpc_connections_accepted_total");
        // The warm-up connection plus the flood.
        if handled >= (FLOOD + 1) as f64 || started.elapsed() > Duration::from_secs(20) {
            break text;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let resident_after = server.resident_bytes();
    assert_eq!(
        metric(&text, "arbiter_grpc_connections_open"),
        8.0,
        "{text}"
    );
    assert_eq!(
        metric(&text, "arbiter_grpc_connections_refused_total"),
        (FLOOD - 8) as f64,
        "{text}"
    );
    let grew = resident_after.saturating_sub(resident_before);
    assert!(
        grew < BOUND,
        "resident memory grew by {grew} bytes ({resident_before} -> {resident_after})"
    );

    // The flood leaves; real clients are served again.
    drop(flood);
    let started = Instant::now();
    while health_on_new_connection(grpc).await.is_err() {
        assert!(started.elapsed() < Duration::from_secs(10), "served again");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}
