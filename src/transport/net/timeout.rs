//! The request timeout of both ports: a call that has not answered by its
//! deadline — the client's `grpc-timeout` or the server's request timeout
//! (`ARBITER_REQUEST_TIMEOUT_SECS`), whichever comes first — ends with
//! `DEADLINE_EXCEEDED`, the code gRPC gives an expired deadline on both
//! sides (and under which grpc-go and go-grpc-prometheus count it).
//!
//! It replaces tonic's own `timeout` option, which answers `CANCELLED` from
//! outside every layer of the server, so the call was counted as one its
//! client had abandoned. This layer sits under [`observe`](super::observe),
//! which sees and counts the answer. As with tonic's, the deadline bounds the
//! call until its answer's headers: a stream that has started is not cut by
//! it (`Rules.Play` has its idle timeout, `Engine.Analyze` its search limits).

use std::{
    future::Future,
    pin::Pin,
    task::{Context, Poll},
    time::Duration,
};

use http::{Request, Response};
use tonic::Status;
use tower::{Layer, Service};

use crate::transport::deadline::grpc_timeout;

/// Ends calls past their deadline with `DEADLINE_EXCEEDED`.
#[derive(Debug, Clone, Copy)]
pub struct TimeoutLayer {
    limit: Duration,
}

impl TimeoutLayer {
    /// The server's limit on any call, which a client's `grpc-timeout` may
    /// shorten.
    #[must_use]
    pub fn new(limit: Duration) -> Self {
        TimeoutLayer { limit }
    }
}

impl<S> Layer<S> for TimeoutLayer {
    type Service = Timeout<S>;

    fn layer(&self, inner: S) -> Self::Service {
        Timeout {
            inner,
            limit: self.limit,
        }
    }
}

/// The service [`TimeoutLayer`] wraps.
#[derive(Debug, Clone)]
pub struct Timeout<S> {
    inner: S,
    limit: Duration,
}

/// How long `request` may take: the server's `limit`, or less when its
/// `grpc-timeout` asks for less.
#[must_use]
pub fn call_limit<B>(request: &Request<B>, limit: Duration) -> Duration {
    grpc_timeout(request.headers()).map_or(limit, |asked| asked.min(limit))
}

impl<S, ReqBody> Service<Request<ReqBody>> for Timeout<S>
where
    S: Service<Request<ReqBody>, Response = Response<tonic::body::Body>>,
    S::Future: Send + 'static,
    S::Error: Send + 'static,
{
    type Response = Response<tonic::body::Body>;
    type Error = S::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Self::Response, Self::Error>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<ReqBody>) -> Self::Future {
        let limit = call_limit(&request, self.limit);
        let call = self.inner.call(request);
        Box::pin(async move {
            match tokio::time::timeout(limit, call).await {
                Ok(response) => response,
                Err(_) => Ok(expired(limit).into_http()),
            }
        })
    }
}

/// What a call past its deadline of `limit` ends with.
#[must_use]
pub fn expired(limit: Duration) -> Status {
    Status::deadline_exceeded(format!(
        "no answer within the call's deadline of {} ms",
        limit.as_millis()
    ))
}

#[cfg(test)]
mod tests {
    use std::convert::Infallible;

    use tower::{ServiceExt, service_fn};

    use super::*;

    fn grpc_status(response: &Response<tonic::body::Body>) -> Option<&str> {
        response
            .headers()
            .get("grpc-status")
            .and_then(|v| v.to_str().ok())
    }

    #[tokio::test]
    async fn a_call_past_the_shorter_deadline_is_deadline_exceeded() {
        let slow = service_fn(|_: Request<()>| async {
            tokio::time::sleep(Duration::from_millis(300)).await;
            Ok::<_, Infallible>(Response::new(tonic::body::Body::default()))
        });
        let service = TimeoutLayer::new(Duration::from_secs(10)).layer(slow);
        let asked = |timeout: &str| {
            Request::builder()
                .header("grpc-timeout", timeout)
                .body(())
                .unwrap_or_default()
        };
        let expired = service.clone().oneshot(asked("20m")).await;
        assert_eq!(expired.as_ref().ok().and_then(grpc_status), Some("4"));
        let answered = service.clone().oneshot(asked("60S")).await;
        assert_eq!(answered.as_ref().ok().and_then(grpc_status), None);
        let capped = TimeoutLayer::new(Duration::from_millis(20)).layer(service);
        let expired = capped.oneshot(asked("60S")).await;
        assert_eq!(expired.as_ref().ok().and_then(grpc_status), Some("4"));
    }
}
