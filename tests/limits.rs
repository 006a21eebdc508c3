//! Load shedding and timeouts. A "stalled" call — request headers sent,
//! message held back — occupies a concurrency slot for as long as the test
//! wants, without burning CPU; calls past a limit are then refused at once
//! with RESOURCE_EXHAUSTED.

#![allow(clippy::unwrap_used)]

mod common;

use std::time::{Duration, Instant};

use arbiter::{config::Config, proto as pb};
use prost::Message;
use common::{TestServer, chess};
use tonic::{Code, Status, transport::Channel};

const LEGAL_MOVES: &str = "/arbiter.v1.Rules/LegalMoves";

async fn quick_call(channel: Channel) -> Result<(), Status> {
    pb::rules_client::RulesClient::new(channel)
        .legal_moves(pb::LegalMovesRequest {
            position: chess("", &[]),
            options: None,
        })
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
    pb::LegalMovesRequest {
        position: chess("", &[]),
        options: None,
    }
    .encode_to_vec()
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

#[tokio::test]
async fn a_call_past_the_request_timeout_is_cancelled() {
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
    assert_eq!(status.code(), Code::Cancelled, "{status:?}");
    assert!(started.elapsed() >= Duration::from_secs(1));
    server.assert_still_serving().await;
}
