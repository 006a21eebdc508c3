//! One tower layer that gives every RPC its span, its log line and the
//! conventional gRPC server metrics (`grpc_server_started_total`,
//! `grpc_server_handled_total`, `grpc_server_handling_seconds`), so existing
//! dashboards work. The status code is read where gRPC puts it: the response
//! headers for trailers-only errors, otherwise the trailers at the end of the
//! body — which also makes streaming calls count when they end.
//!
//! Each call counts under the code its client received. An answer's code is
//! its status; a call whose answer reached nobody counts by why (`watch`):
//!
//! - its client went away (reset the stream, closed or lost its connection):
//!   `Canceled`, as gRPC servers count it (grpc-go, go-grpc-prometheus),
//!   whatever tonic answers into the void — or `DeadlineExceeded` when the
//!   client's `grpc-timeout` had passed by then, since a client cancels a
//!   call at its deadline;
//! - the server closed its connection (cut at maximum age plus grace; or,
//!   seen while the call read its request, closed by HTTP/2 for a protocol
//!   error or an unanswered keepalive): `Unavailable`, what gRPC clients read
//!   then (a call not reading its request when HTTP/2 closes the connection
//!   cannot tell that from a client gone, and counts `Canceled`);
//! - HTTP/2 reset its stream for a protocol error: `Internal`.
//!
//! A call past its deadline is answered `DEADLINE_EXCEEDED` by the request
//! timeout (`timeout`), and counts so. Malformed input the transport could
//! read (bad base64 in `grpc-web-text`, a gRPC frame cut short) is answered
//! by the layers below, and counts under that answer. Calls the HTTP port's
//! JSON mapping refuses before they reach this layer (JSON that does not
//! parse, a body cut short) are counted through [`ObserveLayer::refused`].
//!
//! Labels name only the methods this server serves, read from the descriptor
//! sets it registers for reflection; any other path counts as
//! `unknown`/`unknown`. A label from the request's path would let a client
//! that sends made-up paths add series without bound, each kept for the life
//! of the process and on every scrape.

use std::{
    collections::HashMap,
    future::Future,
    pin::Pin,
    sync::{Arc, OnceLock},
    task::{Context, Poll, ready},
    time::Instant,
};

use http::{HeaderMap, Request, Response};
use http_body::{Body, Frame};
use metrics::{Counter, Histogram};
use pin_project_lite::pin_project;
use prost::Message as _;
use prost_types::FileDescriptorSet;
use tonic::Code;
use tower::{Layer, Service};
use tracing::{Instrument, Span, field};

use super::connection::ConnectionInfo;
use crate::transport::{
    deadline::grpc_timeout,
    watch::{Failure, RequestWatch},
};

/// Adds metrics and a span to every gRPC call.
#[derive(Debug, Clone)]
pub struct ObserveLayer {
    methods: Arc<Methods>,
}

impl ObserveLayer {
    /// The table of served methods, from the encoded descriptor sets the
    /// server registers for reflection. Metric handles are made here, so the
    /// recorder must be installed first.
    #[must_use]
    pub fn new(descriptor_sets: &[&[u8]]) -> ObserveLayer {
        let mut by_path = HashMap::new();
        for encoded in descriptor_sets {
            let set = match FileDescriptorSet::decode(*encoded) {
                Ok(set) => set,
                Err(e) => {
                    tracing::warn!(error = %e, "a descriptor set did not decode; its methods count as unknown");
                    continue;
                }
            };
            for file in &set.file {
                for service in &file.service {
                    let service_name = match file.package() {
                        "" => service.name().to_owned(),
                        package => format!("{package}.{}", service.name()),
                    };
                    for method in &service.method {
                        let kind = match (method.client_streaming(), method.server_streaming()) {
                            (false, false) => "unary",
                            (false, true) => "server_stream",
                            (true, false) => "client_stream",
                            (true, true) => "bidi_stream",
                        };
                        let path = format!("/{service_name}/{}", method.name());
                        let metrics = MethodMetrics::new(&service_name, method.name(), kind);
                        by_path.insert(path, Arc::new(metrics));
                    }
                }
            }
        }
        ObserveLayer {
            methods: Arc::new(Methods {
                by_path,
                unknown: Arc::new(MethodMetrics::new("unknown", "unknown", "unary")),
            }),
        }
    }
}

impl ObserveLayer {
    /// Counts a call to `path` that was refused before it reached this
    /// layer (by the HTTP port's JSON mapping), answered with `code`.
    pub fn refused(&self, path: &str, code: Code) {
        let metrics = Arc::clone(self.methods.get(path));
        let span = self.methods.span(path, &metrics);
        metrics.started.increment(1);
        CallInfo {
            metrics,
            started: Instant::now(),
            span,
            watch: None,
            connection: None,
            deadline: None,
        }
        .finish(Ending::Answered(code));
    }
}

impl crate::transport::http::Refusals for ObserveLayer {
    fn refused(&self, path: &str, code: Code) {
        ObserveLayer::refused(self, path, code);
    }
}

impl<S> Layer<S> for ObserveLayer {
    type Service = Observe<S>;

    fn layer(&self, inner: S) -> Self::Service {
        Observe {
            inner,
            methods: Arc::clone(&self.methods),
        }
    }
}

/// The service [`ObserveLayer`] wraps: records each call's metrics and passes it on unchanged.
#[derive(Debug, Clone)]
pub struct Observe<S> {
    inner: S,
    methods: Arc<Methods>,
}

#[derive(Debug)]
struct Methods {
    by_path: HashMap<String, Arc<MethodMetrics>>,
    unknown: Arc<MethodMetrics>,
}

impl Methods {
    fn get(&self, path: &str) -> &Arc<MethodMetrics> {
        self.by_path.get(path).unwrap_or(&self.unknown)
    }

    /// The span of a call to `path`, whose metrics are `metrics`.
    fn span(&self, path: &str, metrics: &Arc<MethodMetrics>) -> Span {
        if Arc::ptr_eq(metrics, &self.unknown) {
            let end = path.floor_char_boundary(LOGGED_PATH);
            tracing::info_span!(
                "rpc",
                service = "unknown",
                method = "unknown",
                path = &path[..end],
                grpc_code = field::Empty,
                duration_ms = field::Empty,
            )
        } else {
            tracing::info_span!(
                "rpc",
                service = %metrics.service,
                method = %metrics.method,
                variant = field::Empty,
                grpc_code = field::Empty,
                duration_ms = field::Empty,
            )
        }
    }
}

/// One method's labels and metric handles, made once, so a call counts
/// through handles instead of looking its labelled series up in the registry.
#[derive(Debug)]
struct MethodMetrics {
    service: String,
    method: String,
    kind: &'static str,
    started: Counter,
    seconds: Histogram,
    /// `grpc_server_handled_total` per status code (0-16), made at the code's
    /// first use, so that a scrape shows only the codes that occurred.
    handled: [OnceLock<Counter>; CODES],
}

/// gRPC status codes 0 (OK) to 16 (UNAUTHENTICATED).
const CODES: usize = 17;

impl MethodMetrics {
    fn new(service: &str, method: &str, kind: &'static str) -> MethodMetrics {
        let labels = [
            ("grpc_service", service.to_owned()),
            ("grpc_method", method.to_owned()),
            ("grpc_type", kind.to_owned()),
        ];
        MethodMetrics {
            service: service.to_owned(),
            method: method.to_owned(),
            kind,
            started: metrics::counter!("grpc_server_started_total", &labels),
            seconds: metrics::histogram!("grpc_server_handling_seconds", &labels),
            handled: std::array::from_fn(|_| OnceLock::new()),
        }
    }

    fn handled(&self, code: tonic::Code) -> &Counter {
        let index = (code as usize).min(CODES - 1);
        self.handled[index].get_or_init(|| {
            metrics::counter!(
                "grpc_server_handled_total",
                &[
                    ("grpc_service", self.service.clone()),
                    ("grpc_method", self.method.clone()),
                    ("grpc_type", self.kind.to_owned()),
                    ("grpc_code", code_name(code).to_owned()),
                ]
            )
        })
    }
}

/// What is known about a call once its path is read.
#[derive(Debug, Clone)]
struct CallInfo {
    metrics: Arc<MethodMetrics>,
    started: Instant,
    span: Span,
    /// How its request body failed, if it did (`watch`).
    watch: Option<RequestWatch>,
    /// Its connection, which may be cut by the server.
    connection: Option<ConnectionInfo>,
    /// The client's deadline (`grpc-timeout`), if it set one.
    deadline: Option<Instant>,
}

/// How a call ended, as this layer saw it.
#[derive(Debug, Clone, Copy)]
enum Ending {
    /// With an answer whose status is this code.
    Answered(Code),
    /// Its future or its answer's body was dropped before the status went
    /// out: the stream or the connection is gone.
    Dropped,
    /// Its answer's body failed: hyper resets the stream with
    /// INTERNAL_ERROR, which the client reads as INTERNAL.
    Failed,
}

/// The code in a `grpc-status` value; anything unreadable is UNKNOWN, as
/// gRPC clients read it.
fn parse_code(value: &str) -> tonic::Code {
    value
        .parse::<i32>()
        .map_or(tonic::Code::Unknown, tonic::Code::from)
}

fn code_name(code: tonic::Code) -> &'static str {
    match code {
        tonic::Code::Ok => "OK",
        tonic::Code::Cancelled => "Canceled",
        tonic::Code::Unknown => "Unknown",
        tonic::Code::InvalidArgument => "InvalidArgument",
        tonic::Code::DeadlineExceeded => "DeadlineExceeded",
        tonic::Code::NotFound => "NotFound",
        tonic::Code::AlreadyExists => "AlreadyExists",
        tonic::Code::PermissionDenied => "PermissionDenied",
        tonic::Code::ResourceExhausted => "ResourceExhausted",
        tonic::Code::FailedPrecondition => "FailedPrecondition",
        tonic::Code::Aborted => "Aborted",
        tonic::Code::OutOfRange => "OutOfRange",
        tonic::Code::Unimplemented => "Unimplemented",
        tonic::Code::Internal => "Internal",
        tonic::Code::Unavailable => "Unavailable",
        tonic::Code::DataLoss => "DataLoss",
        tonic::Code::Unauthenticated => "Unauthenticated",
    }
}

impl CallInfo {
    /// The code the call's client received (see the module documentation).
    fn code(&self, ending: Ending) -> Code {
        let failure = self.watch.as_ref().and_then(RequestWatch::failure);
        match (failure, ending) {
            (Some(Failure::ConnectionClosed), _) => return Code::Unavailable,
            (Some(Failure::StreamReset), _) => return Code::Internal,
            (Some(Failure::ClientGone), _) | (None, Ending::Dropped) => {}
            (None, Ending::Answered(code)) => return code,
            (None, Ending::Failed) => return Code::Internal,
        }
        // Nobody received an answer.
        if self
            .connection
            .as_ref()
            .is_some_and(ConnectionInfo::cut_by_server)
        {
            Code::Unavailable
        } else if self
            .deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
        {
            Code::DeadlineExceeded
        } else {
            Code::Cancelled
        }
    }

    fn finish(&self, ending: Ending) {
        let code = self.code(ending);
        let elapsed = self.started.elapsed();
        self.metrics.handled(code).increment(1);
        self.metrics.seconds.record(elapsed.as_secs_f64());
        let code = code_name(code);
        self.span.record("grpc_code", code);
        self.span
            .record("duration_ms", elapsed.as_secs_f64() * 1000.0);
        self.span.in_scope(|| {
            if code == "OK" {
                tracing::info!("request handled");
            } else {
                tracing::warn!("request failed");
            }
        });
    }
}

/// The longest request path a log line repeats, in bytes: the path of an
/// unknown method comes from the client.
const LOGGED_PATH: usize = 128;

impl<S, ResBody> Service<Request<tonic::body::Body>> for Observe<S>
where
    S: Service<Request<tonic::body::Body>, Response = Response<ResBody>>,
    S::Future: Send + 'static,
    ResBody: Body,
{
    type Response = Response<ObservedBody<ResBody>>;
    type Error = S::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Self::Response, Self::Error>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<tonic::body::Body>) -> Self::Future {
        let path = request.uri().path();
        let metrics = Arc::clone(self.methods.get(path));
        let span = self.methods.span(path, &metrics);
        metrics.started.increment(1);
        let started = Instant::now();
        let extensions = request.extensions();
        let unanswered = Unanswered(Some(CallInfo {
            metrics,
            started,
            span: span.clone(),
            watch: extensions.get::<RequestWatch>().cloned(),
            connection: ConnectionInfo::of(extensions).cloned(),
            deadline: grpc_timeout(request.headers()).and_then(|t| started.checked_add(t)),
        }));
        let future = self.inner.call(request).instrument(span);
        Box::pin(async move {
            let mut unanswered = unanswered;
            let result = future.await;
            let info = unanswered.0.take();
            let mut response = match result {
                Ok(response) => response,
                Err(e) => {
                    if let Some(info) = info {
                        info.finish(Ending::Failed);
                    }
                    return Err(e);
                }
            };
            resource_exhausted_for_oversize(response.headers_mut());
            let code = response
                .headers()
                .get("grpc-status")
                .and_then(|v| v.to_str().ok())
                .map(parse_code);
            let info = match (info, code) {
                (Some(info), Some(code)) => {
                    info.finish(Ending::Answered(code));
                    None
                }
                (info, _) => info,
            };
            Ok(response.map(|body| ObservedBody { inner: body, info }))
        })
    }
}

/// A call whose response has not been produced yet. hyper drops the call's
/// future when the stream or the connection goes away first; the call then
/// counts by why (see the module documentation) rather than not at all.
struct Unanswered(Option<CallInfo>);

impl Drop for Unanswered {
    fn drop(&mut self) {
        if let Some(info) = self.0.take() {
            info.finish(Ending::Dropped);
        }
    }
}

/// tonic reports a request over the size limit as OUT_OF_RANGE; gRPC's
/// convention (and grpc-go, grpc-java) is RESOURCE_EXHAUSTED, which is what
/// clients retry-classify on.
fn resource_exhausted_for_oversize(headers: &mut HeaderMap) {
    let oversize = headers.get("grpc-status").is_some_and(|v| v == "11")
        && headers
            .get("grpc-message")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|m| m.contains("too%20large") || m.contains("too large"));
    if oversize {
        headers.insert("grpc-status", http::HeaderValue::from_static("8"));
    }
}

pin_project! {
    /// A response body that records the call's status when its trailers pass.
    pub struct ObservedBody<B> {
        #[pin]
        inner: B,
        info: Option<CallInfo>,
    }

    impl<B> PinnedDrop for ObservedBody<B> {
        fn drop(this: Pin<&mut Self>) {
            // Dropped before the trailers: the stream or its connection is
            // gone.
            if let Some(info) = this.project().info.take() {
                info.finish(Ending::Dropped);
            }
        }
    }
}

fn trailer_code(trailers: &HeaderMap) -> tonic::Code {
    trailers
        .get("grpc-status")
        .and_then(|v| v.to_str().ok())
        .map_or(tonic::Code::Unknown, parse_code)
}

impl<B: Body> Body for ObservedBody<B> {
    type Data = B::Data;
    type Error = B::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Self::Data>, Self::Error>>> {
        let this = self.project();
        let mut frame = ready!(this.inner.poll_frame(cx));
        match &mut frame {
            Some(Ok(frame)) => {
                if let Some(trailers) = frame.trailers_mut() {
                    resource_exhausted_for_oversize(trailers);
                    if let Some(info) = this.info.take() {
                        info.finish(Ending::Answered(trailer_code(trailers)));
                    }
                }
            }
            Some(Err(_)) => {
                if let Some(info) = this.info.take() {
                    info.finish(Ending::Failed);
                }
            }
            None => {
                if let Some(info) = this.info.take() {
                    info.finish(Ending::Answered(Code::Ok));
                }
            }
        }
        Poll::Ready(frame)
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.inner.size_hint()
    }
}

#[cfg(test)]
mod tests {
    use super::ObserveLayer;

    #[test]
    fn every_served_method_has_its_labels_and_kind() {
        let layer = ObserveLayer::new(&[
            crate::proto::FILE_DESCRIPTOR_SET,
            tonic_health::pb::FILE_DESCRIPTOR_SET,
            tonic_reflection::pb::v1::FILE_DESCRIPTOR_SET,
            tonic_reflection::pb::v1alpha::FILE_DESCRIPTOR_SET,
        ]);
        let methods = &layer.methods;
        for (path, service, method, kind) in [
            (
                "/arbiter.v1.Rules/LegalMoves",
                "arbiter.v1.Rules",
                "LegalMoves",
                "unary",
            ),
            (
                "/arbiter.v1.Rules/Perft",
                "arbiter.v1.Rules",
                "Perft",
                "unary",
            ),
            (
                "/arbiter.v1.Rules/ValidatePosition",
                "arbiter.v1.Rules",
                "ValidatePosition",
                "unary",
            ),
            (
                "/arbiter.v1.Rules/Batch",
                "arbiter.v1.Rules",
                "Batch",
                "unary",
            ),
            (
                "/arbiter.v1.Rules/BatchStream",
                "arbiter.v1.Rules",
                "BatchStream",
                "bidi_stream",
            ),
            (
                "/arbiter.v1.Rules/Play",
                "arbiter.v1.Rules",
                "Play",
                "bidi_stream",
            ),
            (
                "/arbiter.v1.Records/Parse",
                "arbiter.v1.Records",
                "Parse",
                "unary",
            ),
            (
                "/arbiter.v1.Engine/Analyze",
                "arbiter.v1.Engine",
                "Analyze",
                "server_stream",
            ),
            (
                "/grpc.health.v1.Health/Check",
                "grpc.health.v1.Health",
                "Check",
                "unary",
            ),
            (
                "/grpc.health.v1.Health/Watch",
                "grpc.health.v1.Health",
                "Watch",
                "server_stream",
            ),
            (
                "/grpc.reflection.v1.ServerReflection/ServerReflectionInfo",
                "grpc.reflection.v1.ServerReflection",
                "ServerReflectionInfo",
                "bidi_stream",
            ),
            (
                "/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo",
                "grpc.reflection.v1alpha.ServerReflection",
                "ServerReflectionInfo",
                "bidi_stream",
            ),
        ] {
            let found = methods.get(path);
            assert_eq!(
                (found.service.as_str(), found.method.as_str(), found.kind),
                (service, method, kind),
                "{path}"
            );
        }
        for path in [
            "/arbiter.v1.Rules/Nope",
            "/",
            "",
            "/arbiter.v1.Rules/LegalMoves/x",
        ] {
            assert_eq!(methods.get(path).service, "unknown", "{path}");
        }
        // Twelve arbiter methods, two of health, one per reflection version.
        assert_eq!(methods.by_path.len(), 16, "{:?}", methods.by_path.keys());
    }
}
