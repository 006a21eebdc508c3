//! JSON over HTTP, in the Connect protocol's unary form: `POST
//! /arbiter.v1.Rules/LegalMoves` with `Content-Type: application/json` and
//! the request in the canonical proto3 JSON mapping; the answer in the same
//! mapping (lowerCamelCase names, enum names, 64-bit integers as strings,
//! default values left out), or a Connect error (`errors.rs`).
//!
//! No message has JSON code of its own: the descriptor set reflection serves
//! is read once into a `prost_reflect` pool, and a call goes JSON → dynamic
//! message → protobuf bytes → the gRPC stack in process → protobuf bytes →
//! dynamic message → JSON. The handlers, limits and metrics are the gRPC
//! port's (see the module above).
//!
//! Streams: a method whose response streams (`Engine.Analyze`, and
//! `Rules.BatchStream` and `Rules.Play`) answers NDJSON (`application/x-ndjson`,
//! one JSON message a line) unless the request's `Accept` asks for
//! Server-Sent Events (`text/event-stream`: one `data:` event a message).
//! An error after the first message ends the stream with `{"error": {...}}`
//! (NDJSON) or an `event: error` (SSE); one before it is an ordinary error
//! answer with its HTTP status. A method whose request streams takes its
//! messages as NDJSON in the body (read whole, then sent in order: the
//! exchange is half-duplex over HTTP/1.1).
//!
//! The request body is read within the call's deadline (the request timeout,
//! or `Connect-Timeout-Ms` when shorter), so a body that trickles in ends
//! with `deadline_exceeded`, and the call gets what is left of it. Malformed
//! input is answered as on the gRPC port: a body whose HTTP framing breaks
//! (a bad chunk, or cut short before its `Content-Length`) is `internal`, as
//! a gRPC or gRPC-Web frame cut short is (the gRPC status code table's
//! answer to a request that cannot be read); JSON that does not parse into
//! the method's message is `invalid_argument`, as protobuf that does not
//! decode is (`rpc::codec`). Each such refusal is counted under its method
//! ([`Refusals`](super::Refusals)) and the code its client received: a body
//! cut short by its connection's end counts as `Canceled`, as on the gRPC
//! port (`transport::watch`), though a client that only closed its sending
//! side still reads the `internal`.

use std::{
    sync::Arc,
    time::{Duration, Instant},
};

use bytes::{Buf, BufMut, Bytes, BytesMut};
use http::{HeaderMap, HeaderValue, Method, Request, Response, StatusCode, header};
use http_body_util::{BodyExt, Limited};
use prost_reflect::{
    DescriptorPool, DynamicMessage, MessageDescriptor, MethodDescriptor, SerializeOptions,
};
use tokio::sync::mpsc;
use tonic::Status;
use tower::ServiceExt;

use axum::body::Body;

use super::{GrpcStack, Refusals, errors};
use crate::transport::{deadline::grpc_timeout, watch};

/// What a call's answer is written as, from its method and `Accept`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Output {
    /// One JSON object (unary answers).
    Json,
    /// One JSON object a line.
    Ndjson,
    /// One Server-Sent Event a message.
    Sse,
}

/// A call refused before it reached the gRPC stack: its answer, and the
/// code it counts under (the answer's, unless its client is gone).
struct Refused {
    status: Status,
    counted: tonic::Code,
}

impl From<Status> for Refused {
    fn from(status: Status) -> Self {
        let counted = status.code();
        Refused { status, counted }
    }
}

/// The JSON API: the methods of the served descriptor set, called through
/// the gRPC stack.
#[derive(Clone)]
pub struct JsonApi {
    pool: DescriptorPool,
    grpc: GrpcStack,
    max_bytes: usize,
    timeout: Duration,
    refusals: Arc<dyn Refusals>,
}

impl std::fmt::Debug for JsonApi {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JsonApi")
            .field("max_bytes", &self.max_bytes)
            .finish_non_exhaustive()
    }
}

impl JsonApi {
    /// The API over the services of `descriptor_set` (encoded), calling
    /// `grpc`. A request body larger than `max_bytes` (the gRPC port's
    /// message limit) is refused `RESOURCE_EXHAUSTED` before it is parsed;
    /// one that has not arrived within `timeout` (the server's request
    /// timeout), `DEADLINE_EXCEEDED`. Calls refused here are counted in
    /// `refusals`.
    pub fn new(
        descriptor_set: &[u8],
        grpc: GrpcStack,
        max_bytes: usize,
        timeout: Duration,
        refusals: Arc<dyn Refusals>,
    ) -> Result<Self, String> {
        let pool = DescriptorPool::decode(descriptor_set)
            .map_err(|e| format!("descriptor set for the JSON API: {e}"))?;
        Ok(JsonApi {
            pool,
            grpc,
            max_bytes,
            timeout,
            refusals,
        })
    }

    /// `/package.Service/Method` → its descriptor.
    fn method(&self, path: &str) -> Option<MethodDescriptor> {
        let (service, method) = path.strip_prefix('/')?.split_once('/')?;
        self.pool
            .get_service_by_name(service)?
            .methods()
            .find(|m| m.name() == method)
    }

    /// Answers one HTTP request; never fails (every failure is an error
    /// answer).
    pub(super) async fn call(&self, request: Request<Body>) -> Response<Body> {
        let path = request.uri().path().to_owned();
        let Some(method) = self.method(&path) else {
            let status = Status::unimplemented(format!("no method at {path}"));
            return self.refuse(&path, StatusCode::NOT_FOUND, &status);
        };
        if request.method() != Method::POST {
            let status = Status::unimplemented("the API takes POST");
            let mut response = self.refuse(&path, StatusCode::METHOD_NOT_ALLOWED, &status);
            response
                .headers_mut()
                .insert(header::ALLOW, HeaderValue::from_static("POST"));
            return response;
        }
        let content_type = essence(request.headers().get(header::CONTENT_TYPE));
        let json_body = content_type == "application/json"
            || (method.is_client_streaming() && content_type == "application/x-ndjson");
        if !json_body {
            let status = Status::invalid_argument(
                "content-type must be application/json (application/grpc-web+proto for gRPC-Web)",
            );
            return self.refuse(&path, StatusCode::UNSUPPORTED_MEDIA_TYPE, &status);
        }
        let Some(output) = output(&method, request.headers().get(header::ACCEPT)) else {
            let status = Status::invalid_argument(if method.is_server_streaming() {
                "this method streams: accept application/x-ndjson or text/event-stream"
            } else {
                "accept application/json"
            });
            return self.refuse(&path, StatusCode::NOT_ACCEPTABLE, &status);
        };
        let grpc_request = match self.grpc_request(&method, request).await {
            Ok(grpc_request) => grpc_request,
            Err(Refused { status, counted }) => {
                self.refusals.refused(&path, counted);
                return self.status_error(&status);
            }
        };
        let response = match self.grpc.clone().oneshot(grpc_request).await {
            Ok(response) => response,
            Err(never) => match never {},
        };
        // Trailers-only: the call failed before any message.
        if let Some(status) = Status::from_header_map(response.headers())
            && status.code() != tonic::Code::Ok
        {
            return self.status_error(&status);
        }
        if output == Output::Json {
            self.unary(method.output(), response.into_body()).await
        } else {
            self.stream(method.output(), response.into_body(), output)
        }
    }

    /// The call's deadline from now: the request timeout, or less when the
    /// request's `Connect-Timeout-Ms` (or `grpc-timeout`) asks for less.
    fn limit(&self, headers: &HeaderMap) -> Duration {
        let asked = headers
            .get("connect-timeout-ms")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<u64>().ok())
            .map(Duration::from_millis)
            .or_else(|| grpc_timeout(headers));
        asked.map_or(self.timeout, |asked| asked.min(self.timeout))
    }

    /// The HTTP request as a gRPC request: its JSON messages framed as
    /// protobuf, its `authorization` and its extensions (the connection's
    /// information) kept, and what is left of its deadline once the body
    /// has arrived as `grpc-timeout`.
    async fn grpc_request(
        &self,
        method: &MethodDescriptor,
        request: Request<Body>,
    ) -> Result<Request<tonic::body::Body>, Refused> {
        let (parts, body) = request.into_parts();
        let limit = self.limit(&parts.headers);
        let started = Instant::now();
        let read = tokio::time::timeout(limit, Limited::new(body, self.max_bytes).collect());
        let body = match read.await {
            Ok(Ok(collected)) => collected.to_bytes(),
            Ok(Err(e)) if e.is::<http_body_util::LengthLimitError>() => {
                return Err(Status::resource_exhausted(format!(
                    "request body larger than {} bytes",
                    self.max_bytes
                ))
                .into());
            }
            Ok(Err(e)) => {
                let status =
                    Status::internal(format!("the request body's HTTP framing broke: {e}"));
                let counted = match watch::failure_of(&*e) {
                    Some(watch::Failure::ClientGone) => tonic::Code::Cancelled,
                    _ => tonic::Code::Internal,
                };
                return Err(Refused { status, counted });
            }
            Err(_) => {
                return Err(Status::deadline_exceeded(format!(
                    "the request body did not arrive within the call's deadline of {} ms",
                    limit.as_millis()
                ))
                .into());
            }
        };
        let input = method.input();
        let mut frames = BytesMut::new();
        if method.is_client_streaming() {
            for (index, line) in body.split(|&b| b == b'\n').enumerate() {
                if line.iter().all(u8::is_ascii_whitespace) {
                    continue;
                }
                let message = parse(&input, line).map_err(|e| {
                    Status::invalid_argument(format!("request line {}: {e}", index + 1))
                })?;
                frame(&mut frames, &message);
            }
        } else {
            let message = parse(&input, &body)
                .map_err(|e| Status::invalid_argument(format!("request body: {e}")))?;
            frame(&mut frames, &message);
        }
        let left = limit
            .saturating_sub(started.elapsed())
            .max(Duration::from_millis(1));
        let millis = u64::try_from(left.as_millis()).unwrap_or(u64::MAX);
        let mut grpc = Request::builder()
            .method(Method::POST)
            .uri(parts.uri.path())
            .version(http::Version::HTTP_2)
            .header(header::CONTENT_TYPE, "application/grpc")
            .header(header::TE, "trailers")
            .header("grpc-timeout", format!("{}m", millis.min(99_999_999)));
        if let Some(token) = parts.headers.get(header::AUTHORIZATION) {
            grpc = grpc.header(header::AUTHORIZATION, token);
        }
        let mut grpc = grpc
            .body(tonic::body::Body::new(http_body_util::Full::new(
                frames.freeze(),
            )))
            .map_err(|e| Status::internal(format!("request: {e}")))?;
        grpc.extensions_mut().extend(parts.extensions);
        Ok(grpc)
    }

    /// A unary answer: the one message, or the status in the trailers.
    async fn unary(&self, output: MessageDescriptor, body: tonic::body::Body) -> Response<Body> {
        let collected = match body.collect().await {
            Ok(collected) => collected,
            Err(e) => return self.status_error(&Status::internal(format!("answer: {e}"))),
        };
        if let Some(status) = collected.trailers().and_then(Status::from_header_map)
            && status.code() != tonic::Code::Ok
        {
            return self.status_error(&status);
        }
        let mut frames = Frames::default();
        frames.push(&collected.to_bytes());
        let message = match frames.next_message() {
            Some(Ok(bytes)) => bytes,
            Some(Err(status)) => return self.status_error(&status),
            None => return self.status_error(&Status::internal("the call answered no message")),
        };
        match to_json(&output, &message) {
            Ok(json) => {
                let mut response = Response::new(Body::from(json));
                response.headers_mut().insert(
                    header::CONTENT_TYPE,
                    HeaderValue::from_static("application/json"),
                );
                response
            }
            Err(status) => self.status_error(&status),
        }
    }

    /// A streamed answer: each message written as it arrives; the stream's
    /// status, if an error, as its last entry. A client that goes away ends
    /// the call (its gRPC stream is dropped, which cancels a search).
    fn stream(
        &self,
        output: MessageDescriptor,
        mut body: tonic::body::Body,
        format: Output,
    ) -> Response<Body> {
        let (sender, receiver) = mpsc::channel::<Result<Bytes, std::convert::Infallible>>(8);
        let pool = self.pool.clone();
        tokio::spawn(async move {
            let mut frames = Frames::default();
            let end = loop {
                let frame = tokio::select! {
                    frame = body.frame() => frame,
                    () = sender.closed() => return,
                };
                match frame {
                    None => break Some(Status::internal("the answer ended without a status")),
                    Some(Err(e)) => break Some(Status::internal(format!("answer: {e}"))),
                    Some(Ok(frame)) => {
                        if let Some(data) = frame.data_ref() {
                            frames.push(data);
                            while let Some(message) = frames.next_message() {
                                let entry = message
                                    .and_then(|message| to_json(&output, &message))
                                    .map(|json| entry(format, false, &json));
                                match entry {
                                    Ok(entry) => {
                                        if sender.send(Ok(entry)).await.is_err() {
                                            return;
                                        }
                                    }
                                    Err(status) => {
                                        let _ = sender
                                            .send(Ok(error_entry(format, &status, &pool)))
                                            .await;
                                        return;
                                    }
                                }
                            }
                        } else if let Some(trailers) = frame.trailers_ref() {
                            break Status::from_header_map(trailers)
                                .filter(|status| status.code() != tonic::Code::Ok);
                        }
                    }
                }
            };
            if let Some(status) = end {
                let _ = sender.send(Ok(error_entry(format, &status, &pool))).await;
            }
        });
        let mut response = Response::new(Body::from_stream(
            tokio_stream::wrappers::ReceiverStream::new(receiver),
        ));
        let content_type = match format {
            Output::Sse => "text/event-stream",
            Output::Json | Output::Ndjson => "application/x-ndjson",
        };
        response
            .headers_mut()
            .insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
        response
            .headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
        response
    }

    fn status_error(&self, status: &Status) -> Response<Body> {
        self.error(errors::http_status(status.code()), status)
    }

    /// An error answer to a call refused before it reached the gRPC stack,
    /// counted under its method and code.
    fn refuse(&self, path: &str, http_status: StatusCode, status: &Status) -> Response<Body> {
        self.refusals.refused(path, status.code());
        self.error(http_status, status)
    }

    fn error(&self, http_status: StatusCode, status: &Status) -> Response<Body> {
        let body = errors::body(status, &self.pool).to_string();
        let mut response = Response::new(Body::from(body));
        *response.status_mut() = http_status;
        response.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        );
        response
    }
}

/// A media type without its parameters, lower case.
fn essence(value: Option<&HeaderValue>) -> String {
    value
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase()
}

/// The answer's form for `method` under `accept`, or `None` when `accept`
/// allows none the method can give.
fn output(method: &MethodDescriptor, accept: Option<&HeaderValue>) -> Option<Output> {
    let accepted: Vec<String> = match accept.and_then(|v| v.to_str().ok()) {
        None => return Some(default_output(method)),
        Some(text) => text
            .split(',')
            .map(|t| {
                t.split(';')
                    .next()
                    .unwrap_or_default()
                    .trim()
                    .to_ascii_lowercase()
            })
            .filter(|t| !t.is_empty())
            .collect(),
    };
    if accepted.is_empty() {
        return Some(default_output(method));
    }
    let any = |kinds: &[&str]| accepted.iter().any(|a| kinds.contains(&a.as_str()));
    if method.is_server_streaming() {
        if any(&["text/event-stream"]) {
            Some(Output::Sse)
        } else if any(&[
            "application/x-ndjson",
            "application/json",
            "application/*",
            "*/*",
        ]) {
            Some(Output::Ndjson)
        } else {
            None
        }
    } else if any(&["application/json", "application/*", "*/*"]) {
        Some(Output::Json)
    } else {
        None
    }
}

fn default_output(method: &MethodDescriptor) -> Output {
    if method.is_server_streaming() {
        Output::Ndjson
    } else {
        Output::Json
    }
}

/// One JSON request message (canonical proto3 JSON; unknown fields refused).
fn parse(input: &MessageDescriptor, json: &[u8]) -> Result<DynamicMessage, serde_json::Error> {
    let mut deserializer = serde_json::Deserializer::from_slice(json);
    let message = DynamicMessage::deserialize(input.clone(), &mut deserializer)?;
    deserializer.end()?;
    Ok(message)
}

/// Appends `message` as one gRPC frame (uncompressed, 4-byte length).
fn frame(frames: &mut BytesMut, message: &DynamicMessage) {
    use prost::Message as _;
    let length = message.encoded_len();
    frames.reserve(5 + length);
    frames.put_u8(0);
    frames.put_u32(u32::try_from(length).unwrap_or(u32::MAX));
    message.encode_raw(frames);
}

/// One answer message's protobuf bytes as canonical JSON.
fn to_json(output: &MessageDescriptor, message: &[u8]) -> Result<Vec<u8>, Status> {
    let message = DynamicMessage::decode(output.clone(), message)
        .map_err(|e| Status::internal(format!("answer does not decode: {e}")))?;
    let mut json = Vec::new();
    message
        .serialize_with_options(
            &mut serde_json::Serializer::new(&mut json),
            &SerializeOptions::new(),
        )
        .map_err(|e| Status::internal(format!("answer as JSON: {e}")))?;
    Ok(json)
}

/// A streamed message or error as NDJSON or SSE.
fn entry(format: Output, error: bool, json: &[u8]) -> Bytes {
    let mut out = Vec::with_capacity(json.len() + 24);
    match format {
        Output::Sse => {
            if error {
                out.extend_from_slice(b"event: error\n");
            }
            out.extend_from_slice(b"data: ");
            out.extend_from_slice(json);
            out.extend_from_slice(b"\n\n");
        }
        Output::Json | Output::Ndjson => {
            out.extend_from_slice(json);
            out.push(b'\n');
        }
    }
    Bytes::from(out)
}

fn error_entry(format: Output, status: &Status, pool: &DescriptorPool) -> Bytes {
    let error = errors::body(status, pool);
    match format {
        Output::Sse => entry(format, true, error.to_string().as_bytes()),
        Output::Json | Output::Ndjson => entry(
            format,
            true,
            serde_json::json!({ "error": error }).to_string().as_bytes(),
        ),
    }
}

/// gRPC frames read from an answer's body as its data arrives.
#[derive(Default)]
struct Frames {
    buffer: BytesMut,
}

impl Frames {
    fn push(&mut self, data: &[u8]) {
        self.buffer.extend_from_slice(data);
    }

    /// The next complete message, if one has arrived.
    fn next_message(&mut self) -> Option<Result<Bytes, Status>> {
        if self.buffer.len() < 5 {
            return None;
        }
        let compressed = self.buffer[0];
        let length = usize::try_from(u32::from_be_bytes([
            self.buffer[1],
            self.buffer[2],
            self.buffer[3],
            self.buffer[4],
        ]))
        .unwrap_or(usize::MAX);
        if compressed != 0 {
            return Some(Err(Status::internal("a compressed answer frame")));
        }
        if self.buffer.len() - 5 < length {
            return None;
        }
        self.buffer.advance(5);
        Some(Ok(self.buffer.split_to(length).freeze()))
    }
}
