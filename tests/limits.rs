//! Load shedding: a slow call (a deep perft) holds its slot while other
//! calls arrive; those past a limit are refused at once with
//! RESOURCE_EXHAUSTED, and the slow call still completes correctly.

#![allow(clippy::unwrap_used)]

mod support;

use std::time::Duration;

use arbiter::{config::Config, proto as pb};
use support::{TestServer, chess};
use tonic::{Code, transport::Channel};

/// Position 3 of the standard perft suite; 11,030,083 leaves at depth 6
/// (chessprogramming.org), long enough to be in flight while we probe.
const POSITION_3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
const POSITION_3_DEPTH_6: u64 = 11_030_083;

fn slow_config() -> Config {
    let mut config = Config::for_tests();
    config.max_perft_depth = 6;
    config
}

async fn start_slow_perft(server: &TestServer) -> tokio::task::JoinHandle<u64> {
    let mut rules = server.rules();
    let handle = tokio::spawn(async move {
        rules
            .perft(pb::PerftRequest {
                position: chess(POSITION_3, &[]),
                depth: 6,
                divide: false,
            })
            .await
            .unwrap()
            .into_inner()
            .nodes
    });
    tokio::time::sleep(Duration::from_millis(50)).await;
    handle
}

async fn quick_call(channel: Channel) -> Result<(), tonic::Status> {
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn per_connection_limit_sheds_only_that_connection() {
    let mut config = slow_config();
    config.max_requests_per_connection = 1;
    let server = TestServer::start_with(config).await;
    let slow = start_slow_perft(&server).await;

    let status = quick_call(server.channel.clone()).await.unwrap_err();
    let in_flight = !slow.is_finished();
    // Another connection is not affected by the first one's load.
    quick_call(second_connection(&server).await).await.unwrap();

    assert_eq!(slow.await.unwrap(), POSITION_3_DEPTH_6);
    assert!(
        in_flight,
        "the perft ended before the probe; the test proved nothing"
    );
    assert_eq!(status.code(), Code::ResourceExhausted, "{status:?}");
    server.assert_still_serving().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn global_limit_sheds_every_connection_but_not_health() {
    let mut config = slow_config();
    config.max_concurrent_requests = 1;
    let server = TestServer::start_with(config).await;
    let slow = start_slow_perft(&server).await;

    let other = second_connection(&server).await;
    let status = quick_call(other.clone()).await.unwrap_err();
    let in_flight = !slow.is_finished();
    let health = tonic_health::pb::health_client::HealthClient::new(other)
        .check(tonic_health::pb::HealthCheckRequest {
            service: "arbiter.v1.Rules".to_owned(),
        })
        .await;

    assert_eq!(slow.await.unwrap(), POSITION_3_DEPTH_6);
    assert!(
        in_flight,
        "the perft ended before the probe; the test proved nothing"
    );
    assert_eq!(status.code(), Code::ResourceExhausted, "{status:?}");
    assert!(
        status.message().contains("limit of 1"),
        "{}",
        status.message()
    );
    assert!(health.is_ok(), "health checks are exempt: {health:?}");
    server.assert_still_serving().await;
}
