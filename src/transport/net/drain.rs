//! Ends open server streams when the drain starts.
//!
//! A graceful shutdown waits for every call in flight, and a
//! `grpc.health.v1.Health/Watch` or an `Engine/Analyze` stream would keep it
//! waiting until the drain deadline. Both end when the drain starts, with
//! `UNAVAILABLE` (retry elsewhere):
//!
//! - a Watch stream ends here, in [`DrainLayer`], once it waits for its next
//!   update. Health turns NOT_SERVING before the drain starts, and an update
//!   already on its way is delivered first, so a watcher sees NOT_SERVING
//!   and then the end.
//! - a `Rules/Play` session and a `Rules/BatchStream` end here too, between
//!   answers: a session's client resends its game (start position and moves)
//!   to another replica; a batch stream's client resends the items that have
//!   no result yet (results come in item order).
//! - an Analyze stream ends in the Engine (`engine::SearchStream`, given
//!   [`signal`](crate::transport::shutdown::signal)): it stops its search and sends the best move so far first,
//!   which a layer that only sees encoded bytes could not do.
//!
//! Unary calls are never cut: their answer is complete before their body
//! starts.

use std::{
    future::Future,
    pin::Pin,
    task::{Context, Poll},
};

use http::{HeaderMap, HeaderValue, Request, Response};
use http_body::{Body, Frame, SizeHint};
use pin_project_lite::pin_project;
use tokio::sync::watch;
use tower::{Layer, Service};

use crate::transport::shutdown::{DrainSignal, SHUTTING_DOWN, signal};

/// Server-streaming methods whose streams this layer ends when the drain
/// starts (Analyze ends itself; see the module documentation).
const STREAMS: [&str; 3] = [
    "/grpc.health.v1.Health/Watch",
    "/arbiter.v1.Rules/Play",
    "/arbiter.v1.Rules/BatchStream",
];

/// Ends the server streams listed in `STREAMS` (`Health/Watch`, `Rules/Play`,
/// `Rules/BatchStream`) once `draining` turns true.
#[derive(Debug, Clone)]
pub struct DrainLayer {
    draining: watch::Receiver<bool>,
}

impl DrainLayer {
    /// A layer that ends the streams once `draining` turns true.
    #[must_use]
    pub fn new(draining: watch::Receiver<bool>) -> Self {
        DrainLayer { draining }
    }
}

impl<S> Layer<S> for DrainLayer {
    type Service = Drain<S>;

    fn layer(&self, inner: S) -> Self::Service {
        Drain {
            inner,
            draining: self.draining.clone(),
        }
    }
}

/// The service [`DrainLayer`] wraps: other calls pass through unchanged.
#[derive(Debug, Clone)]
pub struct Drain<S> {
    inner: S,
    draining: watch::Receiver<bool>,
}

impl<S, ReqBody, ResBody> Service<Request<ReqBody>> for Drain<S>
where
    S: Service<Request<ReqBody>, Response = Response<ResBody>>,
    S::Future: Send + 'static,
{
    type Response = Response<DrainBody<ResBody>>;
    type Error = S::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Self::Response, Self::Error>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<ReqBody>) -> Self::Future {
        let signal = STREAMS
            .contains(&request.uri().path())
            .then(|| signal(&self.draining));
        let future = self.inner.call(request);
        Box::pin(async move {
            let response = future.await?;
            Ok(response.map(|inner| DrainBody {
                inner,
                signal,
                ended: false,
            }))
        })
    }
}

pin_project! {
    /// A response body that ends with `UNAVAILABLE` trailers when the drain
    /// starts while it waits for its next frame.
    pub struct DrainBody<B> {
        #[pin]
        inner: B,
        signal: Option<DrainSignal>,
        ended: bool,
    }
}

fn unavailable() -> HeaderMap {
    let mut trailers = HeaderMap::new();
    trailers.insert("grpc-status", HeaderValue::from_static("14"));
    trailers.insert("grpc-message", HeaderValue::from_static(SHUTTING_DOWN));
    trailers
}

impl<B: Body> Body for DrainBody<B> {
    type Data = B::Data;
    type Error = B::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Self::Data>, Self::Error>>> {
        let this = self.project();
        if *this.ended {
            return Poll::Ready(None);
        }
        if let Poll::Ready(frame) = this.inner.poll_frame(cx) {
            return Poll::Ready(frame);
        }
        if let Some(signal) = this.signal
            && signal.as_mut().poll(cx).is_ready()
        {
            *this.ended = true;
            metrics::counter!("arbiter_streams_ended_by_drain_total").increment(1);
            return Poll::Ready(Some(Ok(Frame::trailers(unavailable()))));
        }
        Poll::Pending
    }

    fn is_end_stream(&self) -> bool {
        self.ended || self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        if self.ended {
            SizeHint::with_exact(0)
        } else {
            self.inner.size_hint()
        }
    }
}
