//! Server streams at shutdown: an open Analyze stream ends with its best
//! move so far and a Health/Watch stream with NOT_SERVING, both at once when
//! the drain starts, so neither holds the shutdown until its deadline.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::{Duration, Instant};

use crate::support::{TestServer, chess, xiangqi};
use arbiter::{config::Config, proto as pb};
use tokio_stream::StreamExt;
use tonic::{Code, Status, Streaming};
use tonic_health::pb::{
    HealthCheckRequest, HealthCheckResponse, health_check_response::ServingStatus,
    health_client::HealthClient,
};

/// Reads a stream to its end: its messages and how it ended.
async fn rest<T>(stream: &mut Streaming<T>) -> (Vec<T>, Option<Status>) {
    let mut messages = Vec::new();
    loop {
        match tokio::time::timeout(Duration::from_secs(10), stream.next())
            .await
            .expect("the stream ends")
        {
            Some(Ok(message)) => messages.push(message),
            Some(Err(status)) => return (messages, Some(status)),
            None => return (messages, None),
        }
    }
}

async fn analysis(
    t: &TestServer,
    position: Option<pb::Position>,
) -> Streaming<pb::AnalyzeResponse> {
    let mut stream = t
        .engine()
        .analyze(pb::AnalyzeRequest {
            position,
            limits: Some(pb::SearchLimits {
                limit: Some(pb::search_limits::Limit::MovetimeMs(20_000)),
            }),
            multipv: 0,
            options: None,
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    // The search runs: its first line has arrived.
    let first = stream.next().await.unwrap().unwrap();
    assert!(matches!(
        first.event,
        Some(pb::analyze_response::Event::Info(_))
    ));
    stream
}

#[tokio::test]
async fn analyze_streams_end_with_their_best_move_so_far_when_the_drain_starts() {
    let t = TestServer::start().await;
    let mut chess_stream = analysis(&t, chess("", &[])).await;
    let mut xiangqi_stream = analysis(&t, xiangqi("", &[])).await;

    // The drain deadline is 10 s and the searches 20 s.
    let started = Instant::now();
    t.server.shutdown().await.expect("clean shutdown");
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "{:?}",
        started.elapsed()
    );

    for stream in [&mut chess_stream, &mut xiangqi_stream] {
        let (messages, end) = rest(stream).await;
        let Some(pb::AnalyzeResponse {
            event: Some(pb::analyze_response::Event::BestMove(best)),
        }) = messages.last()
        else {
            panic!("the last message is the best move: {messages:?}");
        };
        assert!(best.best_move.is_some(), "{best:?}");
        assert_eq!(best.stop_reason(), pb::StopReason::Time, "{best:?}");
        assert!(best.time_ms < 5_000, "stopped early: {best:?}");
        // The analysis was cut short: the client should resume it elsewhere.
        assert_eq!(end.map(|s| s.code()), Some(Code::Unavailable));
    }
}

async fn watch(t: &TestServer, service: &str) -> Streaming<HealthCheckResponse> {
    let mut stream = HealthClient::new(t.channel.clone())
        .watch(HealthCheckRequest {
            service: service.to_owned(),
        })
        .await
        .unwrap()
        .into_inner();
    let first = stream.next().await.unwrap().unwrap();
    assert_eq!(first.status, ServingStatus::Serving as i32);
    stream
}

#[tokio::test]
async fn watch_streams_see_not_serving_then_end_when_the_drain_starts() {
    let mut config = Config::for_tests();
    // NOT_SERVING is announced a second before the drain starts.
    config.shutdown_delay_secs = 1;
    let t = TestServer::start_with(config).await;
    let mut server_watch = watch(&t, "").await;
    let mut engine_watch = watch(&t, "arbiter.v1.Engine").await;

    let shutdown = tokio::spawn(t.server.shutdown());
    // During the delay the watchers hear NOT_SERVING, and the streams stay
    // open, so that clients can move away before the drain.
    for stream in [&mut server_watch, &mut engine_watch] {
        let update = tokio::time::timeout(Duration::from_secs(5), stream.next())
            .await
            .expect("an update")
            .unwrap()
            .unwrap();
        assert_eq!(update.status, ServingStatus::NotServing as i32);
    }
    let started = Instant::now();
    shutdown.await.unwrap().expect("clean shutdown");
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "{:?}",
        started.elapsed()
    );
    for stream in [&mut server_watch, &mut engine_watch] {
        let (messages, end) = rest(stream).await;
        assert!(
            messages
                .iter()
                .all(|m| m.status == ServingStatus::NotServing as i32),
            "{messages:?}"
        );
        assert_eq!(end.map(|s| s.code()), Some(Code::Unavailable));
    }
}
