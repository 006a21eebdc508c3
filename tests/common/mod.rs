//! Shared helpers for the end-to-end tests: an in-process server on
//! ephemeral ports and connected clients.

#![allow(clippy::unwrap_used, clippy::expect_used)]
#![allow(dead_code)]

use std::net::SocketAddr;

use arbiter::{
    config::Config,
    proto::{self as pb, engine_client::EngineClient, rules_client::RulesClient},
    transport::server::{self, RunningServer},
};
use tonic::transport::Channel;

/// A server running inside the test process.
pub struct TestServer {
    pub server: RunningServer,
    pub channel: Channel,
}

impl TestServer {
    pub async fn start() -> TestServer {
        Self::start_with(Config::for_tests()).await
    }

    pub async fn start_with(config: Config) -> TestServer {
        arbiter::telemetry::metrics_handle();
        let server = server::start(config, std::future::pending())
            .await
            .expect("server starts");
        let channel = Channel::from_shared(format!("http://{}", server.grpc_addr))
            .expect("valid uri")
            .connect()
            .await
            .expect("connects");
        TestServer { server, channel }
    }

    pub fn rules(&self) -> RulesClient<Channel> {
        RulesClient::new(self.channel.clone())
    }

    pub fn engine(&self) -> EngineClient<Channel> {
        EngineClient::new(self.channel.clone())
    }

    pub fn admin_addr(&self) -> SocketAddr {
        self.server.admin_addr
    }

    pub fn grpc_addr(&self) -> SocketAddr {
        self.server.grpc_addr
    }
}

pub fn chess(fen: &str, moves: &[&str]) -> Option<pb::Position> {
    Some(pb::Position {
        variant: pb::Variant::Chess.into(),
        fen: fen.to_owned(),
        moves: moves.iter().map(|m| (*m).to_owned()).collect(),
        ..Default::default()
    })
}

pub fn xiangqi(fen: &str, moves: &[&str]) -> Option<pb::Position> {
    Some(pb::Position {
        variant: pb::Variant::Xiangqi.into(),
        fen: fen.to_owned(),
        moves: moves.iter().map(|m| (*m).to_owned()).collect(),
        ..Default::default()
    })
}

/// A plain HTTP/1.1 GET against the admin port; returns (status, body).
pub async fn http_get(addr: SocketAddr, path: &str) -> (u16, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(addr)
        .await
        .expect("admin connects");
    let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.expect("writes");
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.expect("reads");
    let text = String::from_utf8_lossy(&response).into_owned();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = text.split("\r\n\r\n").nth(1).unwrap_or_default().to_owned();
    (status, body)
}

/// The field named by the first BadRequest violation of an error.
pub fn violated_field(status: &tonic::Status) -> String {
    use tonic_types::StatusExt;
    status
        .get_details_bad_request()
        .and_then(|b| b.field_violations.first().map(|v| v.field.clone()))
        .unwrap_or_default()
}
