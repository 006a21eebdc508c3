//! The one test-server helper: an in-process server on ephemeral ports,
//! connected clients, a plain HTTP GET for the admin port, and a raw codec
//! that sends bytes no generated client would (invalid UTF-8, negative
//! varints).

use std::net::SocketAddr;

use super::requests::{chess, legal_moves_request};
use arbiter::{
    config::Config,
    proto::{engine_client::EngineClient, rules_client::RulesClient},
    transport::net::server::{self, RunningServer},
};
use http::uri::PathAndQuery;
use prost::bytes::{Buf, BufMut};
use tonic::{
    Request, Status,
    codec::{Codec, DecodeBuf, Decoder, EncodeBuf, Encoder},
    transport::Channel,
};
use tonic_health::pb::{
    HealthCheckRequest, health_check_response::ServingStatus, health_client::HealthClient,
};

/// A server running inside the test process.
pub(crate) struct TestServer {
    pub(crate) server: RunningServer,
    pub(crate) channel: Channel,
}

impl TestServer {
    pub(crate) async fn start() -> TestServer {
        Self::start_with(Config::for_tests()).await
    }

    pub(crate) async fn start_with(config: Config) -> TestServer {
        let server = server::start(
            config,
            &arbiter::telemetry::metrics_only(),
            std::future::pending(),
        )
        .await
        .expect("server starts");
        let channel = Channel::from_shared(format!("http://{}", server.grpc_addr))
            .expect("valid uri")
            .connect()
            .await
            .expect("connects");
        TestServer { server, channel }
    }

    pub(crate) fn rules(&self) -> RulesClient<Channel> {
        RulesClient::new(self.channel.clone())
    }

    pub(crate) fn engine(&self) -> EngineClient<Channel> {
        EngineClient::new(self.channel.clone())
    }

    pub(crate) fn admin_addr(&self) -> SocketAddr {
        self.server.admin_addr
    }

    pub(crate) fn grpc_addr(&self) -> SocketAddr {
        self.server.grpc_addr
    }

    /// The HTTP port: JSON, gRPC-Web and the playground.
    pub(crate) fn http_addr(&self) -> SocketAddr {
        self.server.http_addr
    }

    /// Proves the server still serves: health is SERVING and the start
    /// position has its 20 moves.
    pub(crate) async fn assert_still_serving(&self) {
        let health = HealthClient::new(self.channel.clone())
            .check(HealthCheckRequest {
                service: String::new(),
            })
            .await
            .unwrap()
            .into_inner();
        assert_eq!(health.status, ServingStatus::Serving as i32);
        let moves = self
            .rules()
            .legal_moves(legal_moves_request(chess("", &[])))
            .await
            .unwrap()
            .into_inner();
        assert_eq!(moves.moves.len(), 20);
    }

    /// Starts a call to `path` whose request message has not arrived yet:
    /// the server holds a concurrency slot for it until the returned sender
    /// delivers the message (raw protobuf) or is dropped.
    pub(crate) fn stalled_call(
        channel: Channel,
        path: &'static str,
    ) -> (
        tokio::task::JoinHandle<Result<(), Status>>,
        tokio::sync::mpsc::Sender<Vec<u8>>,
    ) {
        let (sender, receiver) = tokio::sync::mpsc::channel(1);
        let call = tokio::spawn(async move {
            let mut grpc = tonic::client::Grpc::new(channel);
            grpc.ready().await.unwrap();
            grpc.streaming(
                Request::new(tokio_stream::wrappers::ReceiverStream::new(receiver)),
                PathAndQuery::from_static(path),
                RawCodec,
            )
            .await
            .map(|_| ())
        });
        (call, sender)
    }

    /// Sends `body` as the raw protobuf of a call to `path`.
    pub(crate) async fn raw_call(
        &self,
        path: &'static str,
        body: Vec<u8>,
    ) -> Result<Vec<u8>, Status> {
        let mut grpc = tonic::client::Grpc::new(self.channel.clone());
        grpc.ready().await.unwrap();
        grpc.unary(
            Request::new(body),
            PathAndQuery::from_static(path),
            RawCodec,
        )
        .await
        .map(tonic::Response::into_inner)
    }
}

/// A plain HTTP/1.1 GET against the admin port; returns (status, body).
/// Panics if the answer takes more than 30 s, so a test never hangs on it.
pub(crate) async fn http_get(addr: SocketAddr, path: &str) -> (u16, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let exchange = async {
        let mut stream = tokio::net::TcpStream::connect(addr)
            .await
            .expect("admin connects");
        let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
        stream.write_all(request.as_bytes()).await.expect("writes");
        let mut response = Vec::new();
        stream.read_to_end(&mut response).await.expect("reads");
        response
    };
    let response = tokio::time::timeout(std::time::Duration::from_secs(30), exchange)
        .await
        .unwrap_or_else(|_| panic!("no answer to GET {path} from {addr} within 30 s"));
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
pub(crate) fn violated_field(status: &tonic::Status) -> String {
    use tonic_types::StatusExt;
    status
        .get_details_bad_request()
        .and_then(|b| b.field_violations.first().map(|v| v.field.clone()))
        .unwrap_or_default()
}

/// Sends and receives message bodies as they are.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct RawCodec;

#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct RawCoder;

impl Codec for RawCodec {
    type Encode = Vec<u8>;
    type Decode = Vec<u8>;
    type Encoder = RawCoder;
    type Decoder = RawCoder;

    fn encoder(&mut self) -> RawCoder {
        RawCoder
    }

    fn decoder(&mut self) -> RawCoder {
        RawCoder
    }
}

impl Encoder for RawCoder {
    type Item = Vec<u8>;
    type Error = Status;

    fn encode(&mut self, item: Vec<u8>, dst: &mut EncodeBuf<'_>) -> Result<(), Status> {
        dst.put_slice(&item);
        Ok(())
    }
}

impl Decoder for RawCoder {
    type Item = Vec<u8>;
    type Error = Status;

    fn decode(&mut self, src: &mut DecodeBuf<'_>) -> Result<Option<Vec<u8>>, Status> {
        Ok(Some(src.copy_to_bytes(src.remaining()).to_vec()))
    }
}

/// The sum of the samples of metric `name` in Prometheus text whose labels
/// include every pair of `labels` (0 when there are none).
pub(crate) fn metric_value(text: &str, name: &str, labels: &[(&str, &str)]) -> f64 {
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| {
            let (series, value) = line.rsplit_once(' ')?;
            let (metric, label_text) = match series.split_once('{') {
                Some((metric, rest)) => (metric, rest.strip_suffix('}')?),
                None => (series, ""),
            };
            let matches = metric == name
                && labels.iter().all(|(key, wanted)| {
                    label_text
                        .split(',')
                        .any(|pair| pair == format!("{key}=\"{wanted}\""))
                });
            if matches {
                value.parse::<f64>().ok()
            } else {
                None
            }
        })
        .sum()
}

/// The admin port's `/metrics` text.
pub(crate) async fn scrape(admin: SocketAddr) -> String {
    let (status, body) = http_get(admin, "/metrics").await;
    assert_eq!(status, 200, "{body}");
    body
}
