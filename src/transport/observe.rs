//! One tower layer that gives every RPC its span, its log line and the
//! conventional gRPC server metrics (`grpc_server_started_total`,
//! `grpc_server_handled_total`, `grpc_server_handling_seconds`), so existing
//! dashboards work. The status code is read where gRPC puts it: the response
//! headers for trailers-only errors, otherwise the trailers at the end of the
//! body — which also makes streaming calls count when they end.

use std::{
    future::Future,
    pin::Pin,
    task::{Context, Poll, ready},
    time::Instant,
};

use http::{HeaderMap, Request, Response};
use http_body::{Body, Frame};
use pin_project_lite::pin_project;
use tower::{Layer, Service};
use tracing::{Instrument, Span, field};

/// Adds metrics and a span to every gRPC call.
#[derive(Debug, Clone, Copy, Default)]
pub struct ObserveLayer;

impl<S> Layer<S> for ObserveLayer {
    type Service = Observe<S>;

    fn layer(&self, inner: S) -> Self::Service {
        Observe { inner }
    }
}

#[derive(Debug, Clone)]
pub struct Observe<S> {
    inner: S,
}

/// What is known about a call once its path is read.
#[derive(Debug, Clone)]
struct CallInfo {
    service: String,
    method: String,
    kind: &'static str,
    started: Instant,
    span: Span,
}

fn split_path(path: &str) -> (String, String) {
    let mut parts = path.trim_start_matches('/').splitn(2, '/');
    let service = parts.next().unwrap_or_default().to_owned();
    let method = parts.next().unwrap_or_default().to_owned();
    (service, method)
}

fn call_kind(method: &str) -> &'static str {
    match method {
        "Analyze" | "Watch" | "ServerReflectionInfo" => "server_stream",
        _ => "unary",
    }
}

fn code_name(code: &str) -> &'static str {
    match code.parse::<i32>().map(tonic::Code::from) {
        Ok(tonic::Code::Ok) => "OK",
        Ok(tonic::Code::Cancelled) => "Canceled",
        Ok(tonic::Code::Unknown) => "Unknown",
        Ok(tonic::Code::InvalidArgument) => "InvalidArgument",
        Ok(tonic::Code::DeadlineExceeded) => "DeadlineExceeded",
        Ok(tonic::Code::NotFound) => "NotFound",
        Ok(tonic::Code::AlreadyExists) => "AlreadyExists",
        Ok(tonic::Code::PermissionDenied) => "PermissionDenied",
        Ok(tonic::Code::ResourceExhausted) => "ResourceExhausted",
        Ok(tonic::Code::FailedPrecondition) => "FailedPrecondition",
        Ok(tonic::Code::Aborted) => "Aborted",
        Ok(tonic::Code::OutOfRange) => "OutOfRange",
        Ok(tonic::Code::Unimplemented) => "Unimplemented",
        Ok(tonic::Code::Internal) => "Internal",
        Ok(tonic::Code::Unavailable) => "Unavailable",
        Ok(tonic::Code::DataLoss) => "DataLoss",
        Ok(tonic::Code::Unauthenticated) => "Unauthenticated",
        Err(_) => "Unknown",
    }
}

impl CallInfo {
    fn finish(&self, code: &'static str) {
        let elapsed = self.started.elapsed();
        let labels = [
            ("grpc_service", self.service.clone()),
            ("grpc_method", self.method.clone()),
            ("grpc_type", self.kind.to_owned()),
        ];
        metrics::counter!(
            "grpc_server_handled_total",
            &[
                ("grpc_service", self.service.clone()),
                ("grpc_method", self.method.clone()),
                ("grpc_type", self.kind.to_owned()),
                ("grpc_code", code.to_owned()),
            ]
        )
        .increment(1);
        metrics::histogram!("grpc_server_handling_seconds", &labels).record(elapsed.as_secs_f64());
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

impl<S, ReqBody, ResBody> Service<Request<ReqBody>> for Observe<S>
where
    S: Service<Request<ReqBody>, Response = Response<ResBody>>,
    S::Future: Send + 'static,
    ResBody: Body,
{
    type Response = Response<ObservedBody<ResBody>>;
    type Error = S::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Self::Response, Self::Error>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<ReqBody>) -> Self::Future {
        let (service, method) = split_path(request.uri().path());
        let kind = call_kind(&method);
        let span = tracing::info_span!(
            "rpc",
            service = %service,
            method = %method,
            variant = field::Empty,
            grpc_code = field::Empty,
            duration_ms = field::Empty,
        );
        metrics::counter!(
            "grpc_server_started_total",
            &[
                ("grpc_service", service.clone()),
                ("grpc_method", method.clone()),
                ("grpc_type", kind.to_owned()),
            ]
        )
        .increment(1);
        let info = CallInfo {
            service,
            method,
            kind,
            started: Instant::now(),
            span: span.clone(),
        };
        let future = self.inner.call(request).instrument(span);
        Box::pin(async move {
            let mut response = future.await?;
            resource_exhausted_for_oversize(response.headers_mut());
            let code = response
                .headers()
                .get("grpc-status")
                .and_then(|v| v.to_str().ok())
                .map(code_name);
            let info = match code {
                Some(code) => {
                    info.finish(code);
                    None
                }
                None => Some(info),
            };
            Ok(response.map(|body| ObservedBody { inner: body, info }))
        })
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
            // The client went away before the trailers: gRPC calls that
            // "Canceled".
            if let Some(info) = this.project().info.take() {
                info.finish("Canceled");
            }
        }
    }
}

fn trailer_code(trailers: &HeaderMap) -> &'static str {
    trailers
        .get("grpc-status")
        .and_then(|v| v.to_str().ok())
        .map_or("Unknown", code_name)
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
                        info.finish(trailer_code(trailers));
                    }
                }
            }
            Some(Err(_)) => {
                if let Some(info) = this.info.take() {
                    info.finish("Internal");
                }
            }
            None => {
                if let Some(info) = this.info.take() {
                    info.finish("OK");
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
