//! Ends open server streams when the drain starts.
//!
//! A graceful shutdown waits for every call in flight, and a
//! `grpc.health.v1.Health/Watch` or an `Engine/Analyze` stream would keep it
//! waiting until the drain deadline. When the drain starts, such a stream
//! that is waiting for its next message ends instead, with `UNAVAILABLE`
//! (retry elsewhere), which also stops an Analyze search. A message already
//! on its way is delivered first, and unary calls are never cut: their
//! answer is complete before their body starts.

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

/// Server-streaming methods whose streams end when the drain starts.
const STREAMS: [&str; 2] = ["/grpc.health.v1.Health/Watch", "/arbiter.v1.Engine/Analyze"];

/// Ends the [`STREAMS`] once `draining` turns true.
#[derive(Debug, Clone)]
pub struct DrainLayer {
    draining: watch::Receiver<bool>,
}

impl DrainLayer {
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

#[derive(Debug, Clone)]
pub struct Drain<S> {
    inner: S,
    draining: watch::Receiver<bool>,
}

type DrainSignal = Pin<Box<dyn Future<Output = ()> + Send>>;

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
        let signal = STREAMS.contains(&request.uri().path()).then(|| {
            let mut draining = self.draining.clone();
            Box::pin(async move {
                let _ = draining.wait_for(|&draining| draining).await;
            }) as DrainSignal
        });
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
    trailers.insert(
        "grpc-message",
        HeaderValue::from_static("the server is shutting down; retry on another connection"),
    );
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
