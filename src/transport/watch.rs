//! How a call's request stopped arriving, for the observing layer
//! (`net::observe`): read from the transport's own errors, before gRPC-Web
//! or tonic turn them into a status. Both ports watch their requests: the
//! gRPC port with [`WatchRequestsLayer`], the HTTP port's gRPC-Web with
//! [`watched`].
//!
//! A request body fails for one of four reasons, and the call is counted by
//! what its client received:
//!
//! - the client went away: it reset its stream, sent a GOAWAY with an
//!   error, or its connection closed or broke (`Canceled`, as gRPC servers
//!   count a call their client cancelled; `DeadlineExceeded` once the
//!   client's deadline had passed);
//! - the server's HTTP/2 layer closed the connection (a GOAWAY for a
//!   protocol error or a flood, or a keepalive PING unanswered): the client
//!   reads `UNAVAILABLE`;
//! - the server's HTTP/2 layer reset this stream for a protocol error of the
//!   client's: the client reads `INTERNAL`;
//! - the bytes arrived but could not be read as the protocol requires (bad
//!   base64 in `grpc-web-text`, malformed chunked encoding): this is no
//!   transport failure, the layers above answer it, and the call counts
//!   under the code of that answer.
//!
//! A body cut short by its connection's end (an end of file before its
//! length) is the client going away: a client that only closed its sending
//! side is answered, but nothing tells it from one that left.
//!
//! [`WatchRequestsLayer`] sits outside gRPC-Web, which folds the transport's
//! errors into plain `INTERNAL` statuses; it leaves a [`RequestWatch`] in the
//! request's extensions for the observing layer to read when the call ends.

use std::{
    error::Error,
    pin::Pin,
    sync::{
        Arc,
        atomic::{AtomicU8, Ordering},
    },
    task::{Context, Poll, ready},
};

use http::Request;
use http_body::{Body, Frame, SizeHint};
use pin_project_lite::pin_project;
use tower::{Layer, Service};

/// Why a request body failed (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Failure {
    /// The client reset its stream or lost its connection.
    ClientGone = 1,
    /// The server's HTTP/2 layer closed the connection.
    ConnectionClosed = 2,
    /// The server's HTTP/2 layer reset the stream.
    StreamReset = 3,
}

/// Where a call's request failure is recorded; cloned into the request's
/// extensions.
#[derive(Debug, Clone, Default)]
pub struct RequestWatch(Arc<AtomicU8>);

impl RequestWatch {
    /// The failure recorded, if the request body failed.
    #[must_use]
    pub fn failure(&self) -> Option<Failure> {
        match self.0.load(Ordering::Relaxed) {
            1 => Some(Failure::ClientGone),
            2 => Some(Failure::ConnectionClosed),
            3 => Some(Failure::StreamReset),
            _ => None,
        }
    }

    fn record(&self, failure: Failure) {
        self.0.store(failure as u8, Ordering::Relaxed);
    }
}

/// What a request body's `error` says about the transport: `None` when it is
/// no transport failure (the bytes could not be read as the protocol
/// requires).
#[must_use]
pub fn failure_of(error: &(dyn Error + 'static)) -> Option<Failure> {
    let mut next = Some(error);
    while let Some(error) = next {
        if let Some(h2) = error.downcast_ref::<h2::Error>() {
            return Some(if h2.is_io() || h2.is_remote() {
                Failure::ClientGone
            } else if h2.is_go_away() {
                Failure::ConnectionClosed
            } else {
                Failure::StreamReset
            });
        }
        if let Some(hyper) = error.downcast_ref::<hyper::Error>() {
            if hyper.is_timeout() {
                // A keepalive PING unanswered.
                return Some(Failure::ConnectionClosed);
            }
            if hyper.is_parse() {
                return None;
            }
            if hyper.is_incomplete_message() || hyper.is_closed() || hyper.is_canceled() {
                return Some(Failure::ClientGone);
            }
        }
        if let Some(io) = error.downcast_ref::<std::io::Error>() {
            return match io.kind() {
                // Bytes that break the protocol's framing (a bad chunk size).
                std::io::ErrorKind::InvalidData | std::io::ErrorKind::InvalidInput => None,
                // The connection ended or broke (an end of file before the
                // body's length, a reset).
                _ => Some(Failure::ClientGone),
            };
        }
        next = error.source();
    }
    // Nothing the transport names: a body that failed for no known reason
    // was most likely cut off with its client.
    Some(Failure::ClientGone)
}

/// Wraps every request body to record its failure, and puts the
/// [`RequestWatch`] in the request's extensions. It must see the body before
/// gRPC-Web does: it sits outside that layer.
#[derive(Debug, Clone, Copy, Default)]
pub struct WatchRequestsLayer;

impl<S> Layer<S> for WatchRequestsLayer {
    type Service = WatchRequests<S>;

    fn layer(&self, inner: S) -> Self::Service {
        WatchRequests { inner }
    }
}

/// The service [`WatchRequestsLayer`] wraps.
#[derive(Debug, Clone)]
pub struct WatchRequests<S> {
    inner: S,
}

impl<S> Service<Request<tonic::body::Body>> for WatchRequests<S>
where
    S: Service<Request<tonic::body::Body>>,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = S::Future;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<tonic::body::Body>) -> Self::Future {
        self.inner
            .call(watched(request).map(tonic::body::Body::new))
    }
}

/// `request` with its body watched and the watch in its extensions.
pub fn watched<B>(request: Request<B>) -> Request<WatchedBody<B>> {
    let watch = RequestWatch::default();
    let (mut parts, inner) = request.into_parts();
    parts.extensions.insert(watch.clone());
    Request::from_parts(parts, WatchedBody { inner, watch })
}

pin_project! {
    /// A request body that records why it failed.
    pub struct WatchedBody<B> {
        #[pin]
        inner: B,
        watch: RequestWatch,
    }
}

impl<B> Body for WatchedBody<B>
where
    B: Body,
    B::Error: Error + 'static,
{
    type Data = B::Data;
    type Error = B::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Self::Data>, Self::Error>>> {
        let this = self.project();
        let frame = ready!(this.inner.poll_frame(cx));
        if let Some(Err(error)) = &frame
            && let Some(failure) = failure_of(error)
        {
            this.watch.record(failure);
        }
        Poll::Ready(frame)
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}
