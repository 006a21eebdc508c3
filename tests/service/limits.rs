//! Load shedding, timeouts and connection lifetime (maximum age with its
//! grace period, keepalive pings). A "stalled" call — request headers sent,
//! message held back — occupies a concurrency slot for as long as the test
//! wants, without burning CPU; calls past a limit are then refused at once
//! with RESOURCE_EXHAUSTED.

#![allow(clippy::unwrap_used)]

use std::time::{Duration, Instant};

use crate::support::{TestServer, chess, legal_moves_request, wire::grpc_frame};
use arbiter::{config::Config, proto as pb};
use prost::Message;
use tonic::{Code, Status, transport::Channel};

const LEGAL_MOVES: &str = "/arbiter.v1.Rules/LegalMoves";

async fn quick_call(channel: Channel) -> Result<(), Status> {
    pb::rules_client::RulesClient::new(channel)
        .legal_moves(legal_moves_request(chess("", &[])))
        .await
        .map(|_| ())
}

async fn second_connection(server: &TestServer) -> Channel {
    Channel::from_shared(format!("http://{}", server.server.grpc_addr))
        .unwrap()
        .connect()
        .await
        .unwrap()
}

/// Probes until a call is refused (the stalled call reached the server) or
/// five seconds pass.
async fn first_refusal(channel: &Channel) -> Status {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        match quick_call(channel.clone()).await {
            Err(status) => return status,
            Ok(()) if Instant::now() < deadline => {
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
            Ok(()) => panic!("no call was refused while the slot was held"),
        }
    }
}

fn start_position_request() -> Vec<u8> {
    legal_moves_request(chess("", &[])).encode_to_vec()
}

#[tokio::test]
async fn per_connection_limit_sheds_only_that_connection() {
    let mut config = Config::for_tests();
    config.max_requests_per_connection = 1;
    let server = TestServer::start_with(config).await;
    let (stalled, release) = TestServer::stalled_call(server.channel.clone(), LEGAL_MOVES);
    tokio::time::sleep(Duration::from_millis(100)).await;

    let status = first_refusal(&server.channel).await;
    assert_eq!(status.code(), Code::ResourceExhausted, "{status:?}");
    // Another connection is not affected by the first one's load.
    quick_call(second_connection(&server).await).await.unwrap();

    // The stalled call completes normally once its message arrives.
    release.send(start_position_request()).await.unwrap();
    drop(release);
    stalled.await.unwrap().unwrap();
    server.assert_still_serving().await;
}

#[tokio::test]
async fn global_limit_sheds_every_connection_but_not_health() {
    let mut config = Config::for_tests();
    config.max_concurrent_requests = 1;
    let server = TestServer::start_with(config).await;
    let (stalled, release) = TestServer::stalled_call(server.channel.clone(), LEGAL_MOVES);
    tokio::time::sleep(Duration::from_millis(100)).await;

    let other = second_connection(&server).await;
    let status = first_refusal(&other).await;
    assert_eq!(status.code(), Code::ResourceExhausted, "{status:?}");
    assert!(
        status.message().contains("limit of 1"),
        "{}",
        status.message()
    );
    let health = tonic_health::pb::health_client::HealthClient::new(other)
        .check(tonic_health::pb::HealthCheckRequest {
            service: "arbiter.v1.Rules".to_owned(),
        })
        .await;
    assert!(health.is_ok(), "health checks are exempt: {health:?}");

    release.send(start_position_request()).await.unwrap();
    drop(release);
    stalled.await.unwrap().unwrap();
    server.assert_still_serving().await;
}

/// DEADLINE_EXCEEDED, the code gRPC gives an expired deadline (it was
/// CANCELLED, tonic's answer, which counted as a call the client abandoned).
#[tokio::test]
async fn a_call_past_the_request_timeout_is_deadline_exceeded() {
    let mut config = Config::for_tests();
    config.request_timeout_secs = 1;
    let server = TestServer::start_with(config).await;
    let started = Instant::now();
    let (stalled, _release) = TestServer::stalled_call(server.channel.clone(), LEGAL_MOVES);
    let status = tokio::time::timeout(Duration::from_secs(10), stalled)
        .await
        .unwrap()
        .unwrap()
        .unwrap_err();
    assert_eq!(status.code(), Code::DeadlineExceeded, "{status:?}");
    assert!(started.elapsed() >= Duration::from_secs(1));
    server.assert_still_serving().await;
}

// Connection lifetime. These tests speak HTTP/2 directly (the h2 crate, or
// bare frames on a socket) to see what a gRPC client library would hide:
// GOAWAY frames, PINGs and the moment the server closes the connection.

fn h2_request(server: &TestServer) -> http::Request<()> {
    http::Request::post(format!("http://{}{LEGAL_MOVES}", server.grpc_addr()))
        .header("content-type", "application/grpc")
        .header("te", "trailers")
        .body(())
        .unwrap()
}

/// An HTTP/2 connection to the server, driven by its own task; the task
/// ends when the connection closes.
async fn h2_connect(
    server: &TestServer,
) -> (
    h2::client::SendRequest<prost::bytes::Bytes>,
    tokio::task::JoinHandle<Result<(), h2::Error>>,
) {
    let tcp = tokio::net::TcpStream::connect(server.grpc_addr())
        .await
        .unwrap();
    let (send, connection) = h2::client::handshake(tcp).await.unwrap();
    (send, tokio::spawn(connection))
}

/// Reads an h2 response to the end and returns its `grpc-status`.
async fn grpc_status_of(response: h2::client::ResponseFuture) -> Result<String, h2::Error> {
    let mut body = response.await?.into_body();
    while let Some(chunk) = body.data().await {
        let chunk = chunk?;
        let _ = body.flow_control().release_capacity(chunk.len());
    }
    let trailers = body.trailers().await?.unwrap_or_default();
    Ok(trailers
        .get("grpc-status")
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default())
}

#[tokio::test]
async fn an_aged_connection_gets_goaway_and_its_calls_in_flight_finish() {
    let mut config = Config::for_tests();
    config.max_connection_age_secs = 1;
    config.max_connection_age_grace_secs = 30;
    let server = TestServer::start_with(config).await;
    let (mut send, connection) = h2_connect(&server).await;

    // A call in flight across the age: headers now, message later.
    let (response, mut request_body) = send.send_request(h2_request(&server), false).unwrap();
    tokio::time::sleep(Duration::from_millis(1500)).await;

    // Past the age the server has said GOAWAY: no new call on this connection.
    let refused = match send.clone().ready().await {
        Ok(mut ready) => ready
            .send_request(h2_request(&server), true)
            .map(|_| ())
            .unwrap_err(),
        Err(e) => e,
    };
    assert!(refused.is_go_away() && refused.is_remote(), "{refused:?}");

    // ... but the call in flight completes normally.
    request_body
        .send_data(grpc_frame(&start_position_request()).into(), true)
        .unwrap();
    assert_eq!(grpc_status_of(response).await.unwrap(), "0");
    // With nothing left in flight the server closes the connection, long
    // before the grace period ends.
    tokio::time::timeout(Duration::from_secs(5), connection)
        .await
        .expect("the aged connection closes once idle")
        .unwrap()
        .ok();

    // A gRPC client reconnects by itself: the test server's channel is older
    // than the age too.
    quick_call(server.channel.clone()).await.unwrap();
    quick_call(server.channel.clone()).await.unwrap();
}

#[tokio::test]
async fn an_aged_connection_is_cut_when_the_grace_period_ends() {
    let mut config = Config::for_tests();
    config.max_connection_age_secs = 1;
    config.max_connection_age_grace_secs = 1;
    let server = TestServer::start_with(config).await;
    let (mut send, connection) = h2_connect(&server).await;
    let started = Instant::now();
    let (response, _request_body) = send.send_request(h2_request(&server), false).unwrap();

    // The call never ends by itself; the connection is closed under it.
    let outcome = tokio::time::timeout(Duration::from_secs(10), grpc_status_of(response))
        .await
        .expect("the call is cut");
    assert!(outcome.is_err(), "{outcome:?}");
    let elapsed = started.elapsed();
    assert!(
        elapsed >= Duration::from_millis(1900) && elapsed < Duration::from_secs(5),
        "{elapsed:?}"
    );
    tokio::time::timeout(Duration::from_secs(5), connection)
        .await
        .expect("the connection task ends")
        .unwrap()
        .ok();
    server.assert_still_serving().await;
}

#[tokio::test]
async fn without_a_maximum_age_a_connection_stays_open() {
    let server = TestServer::start().await;
    let (mut send, _connection) = h2_connect(&server).await;
    let (response, mut request_body) = send.send_request(h2_request(&server), false).unwrap();
    tokio::time::sleep(Duration::from_millis(1500)).await;
    request_body
        .send_data(grpc_frame(&start_position_request()).into(), true)
        .unwrap();
    assert_eq!(grpc_status_of(response).await.unwrap(), "0");
    let mut ready = send.ready().await.unwrap();
    let (response, _) = ready.send_request(h2_request(&server), false).unwrap();
    drop(response);
}

/// HTTP/2 frame types seen on a bare socket.
const FRAME_PING: u8 = 0x6;
const FRAME_GOAWAY: u8 = 0x7;

/// Opens a bare HTTP/2 connection (preface and an empty SETTINGS frame) that
/// then never answers anything, like a peer that has gone away without
/// closing its socket. Returns the socket.
async fn silent_peer(server: &TestServer) -> tokio::net::TcpStream {
    use tokio::io::AsyncWriteExt;
    let mut tcp = tokio::net::TcpStream::connect(server.grpc_addr())
        .await
        .unwrap();
    tcp.write_all(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n")
        .await
        .unwrap();
    tcp.write_all(&[0, 0, 0, 0x4, 0, 0, 0, 0, 0]).await.unwrap();
    tcp
}

/// Reads frames until the server closes the socket or `limit` passes;
/// returns the frame types seen, each with its arrival time, and whether
/// the socket was closed.
async fn read_frames(
    tcp: &mut tokio::net::TcpStream,
    limit: Duration,
) -> (Vec<(u8, Duration)>, bool) {
    use tokio::io::AsyncReadExt;
    let started = Instant::now();
    let mut frames = Vec::new();
    loop {
        let mut header = [0u8; 9];
        let left = limit.saturating_sub(started.elapsed());
        match tokio::time::timeout(left, tcp.read_exact(&mut header)).await {
            Err(_) => return (frames, false),
            Ok(Err(_)) => return (frames, true),
            Ok(Ok(_)) => {}
        }
        let length =
            usize::from(header[0]) << 16 | usize::from(header[1]) << 8 | usize::from(header[2]);
        let mut payload = vec![0; length];
        if tcp.read_exact(&mut payload).await.is_err() {
            return (frames, true);
        }
        frames.push((header[3], started.elapsed()));
    }
}

#[tokio::test]
async fn keepalive_pings_drop_a_peer_that_does_not_answer() {
    let mut config = Config::for_tests();
    config.keepalive_interval_secs = 1;
    config.keepalive_timeout_secs = 1;
    let server = TestServer::start_with(config).await;
    let mut tcp = silent_peer(&server).await;
    let (frames, closed) = read_frames(&mut tcp, Duration::from_secs(6)).await;
    let ping = frames
        .iter()
        .find(|(kind, _)| *kind == FRAME_PING)
        .unwrap_or_else(|| panic!("no PING in {frames:?}"));
    assert!(ping.1 >= Duration::from_millis(900), "{frames:?}");
    assert!(closed, "the silent peer was not dropped: {frames:?}");
    server.assert_still_serving().await;
}

#[tokio::test]
async fn keepalive_pings_are_off_when_the_interval_is_zero() {
    let mut config = Config::for_tests();
    config.keepalive_interval_secs = 0;
    config.keepalive_timeout_secs = 1;
    let server = TestServer::start_with(config).await;
    let mut tcp = silent_peer(&server).await;
    let (frames, closed) = read_frames(&mut tcp, Duration::from_secs(3)).await;
    assert!(
        !closed
            && frames
                .iter()
                .all(|(kind, _)| *kind != FRAME_PING && *kind != FRAME_GOAWAY),
        "{frames:?}"
    );
}

#[tokio::test]
async fn a_peer_that_answers_keepalive_pings_keeps_its_connection() {
    let mut config = Config::for_tests();
    config.keepalive_interval_secs = 1;
    config.keepalive_timeout_secs = 1;
    let server = TestServer::start_with(config).await;
    // The h2 client acknowledges PINGs as the protocol requires.
    let (send, connection) = h2_connect(&server).await;
    tokio::time::sleep(Duration::from_millis(4500)).await;
    assert!(!connection.is_finished(), "the connection was dropped");
    let mut ready = send.ready().await.unwrap();
    let (response, mut request_body) = ready.send_request(h2_request(&server), false).unwrap();
    request_body
        .send_data(grpc_frame(&start_position_request()).into(), true)
        .unwrap();
    assert_eq!(grpc_status_of(response).await.unwrap(), "0");
}
