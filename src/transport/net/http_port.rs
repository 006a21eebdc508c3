//! The HTTP port's connections, under the same limits as the gRPC port's:
//! a cap on open connections, a deadline for the first request's headers
//! (`connection`), and then hyper's own bounds. Slow clients cannot hold the
//! port's slots, or the process's file descriptors, that way:
//!
//! - a peer that connects and sends nothing, or its headers a byte at a
//!   time, is closed at the handshake timeout (`ARBITER_HANDSHAKE_TIMEOUT_MS`);
//! - over HTTP/1.1, every later request's headers must arrive within the
//!   same timeout, and since hyper starts that timer as soon as a connection
//!   waits for its next request, a keep-alive connection idle for as long is
//!   closed too;
//! - over HTTP/2, keepalive PINGs close a peer that does not answer, as on
//!   the gRPC port, and a stream's receive window is as small (`flow`);
//! - a request body that arrives slowly is bounded by the request timeout
//!   (`ARBITER_REQUEST_TIMEOUT_SECS`): the JSON mapping reads it within the
//!   call's deadline, a gRPC-Web call is read by its handler under the
//!   timeout layer.
//!
//! axum's own `serve` has none of these bounds (no header timeout, no cap),
//! so the port accepts and serves its connections here, with hyper-util's
//! HTTP/1.1-or-HTTP/2 server, and drains them gracefully at shutdown.

use std::{io, time::Duration};

use axum::Router;
use http::Request;
use hyper::body::Incoming;
use hyper_util::{
    rt::{TokioExecutor, TokioIo, TokioTimer},
    server::{conn::auto, graceful::GracefulShutdown},
};
use tokio::{net::TcpListener, sync::watch};
use tonic::transport::server::Connected as _;
use tower::ServiceExt as _;

use super::{
    connection::{ConnectionLimits, Slots},
    flow,
};

/// What the HTTP port's connections are held to.
#[derive(Debug, Clone, Copy)]
pub struct HttpLimits {
    /// The cap on open connections and the first request's deadline.
    pub connections: ConnectionLimits,
    /// HTTP/1.1: the time a request's headers may take to arrive, and so the
    /// longest a keep-alive connection may wait for its next request.
    pub header_read_timeout: Duration,
    /// HTTP/2: PING a connection silent this long (`None`: never).
    pub keepalive_interval: Option<Duration>,
    /// HTTP/2: close a connection whose PING is unanswered this long.
    pub keepalive_timeout: Duration,
    /// HTTP/2: concurrent streams per connection.
    pub max_concurrent_streams: u32,
}

/// Serves `router` on `listener` under `limits` until `stop` turns true;
/// then stops accepting, asks every open connection to finish (HTTP/1.1:
/// after its current request; HTTP/2: a GOAWAY) and waits for them.
///
/// The port's slots (and with them its limit gauge) are made when this is
/// called, not when the future is first polled: the server announces itself
/// only after, and a scrape right then must already show the limit.
pub fn serve(
    listener: TcpListener,
    router: Router,
    limits: HttpLimits,
    stop: watch::Receiver<bool>,
) -> impl Future<Output = io::Result<()>> + Send + 'static {
    let slots = Slots::new(limits.connections);
    accept_loop(listener, router, limits, slots, stop)
}

async fn accept_loop(
    listener: TcpListener,
    router: Router,
    limits: HttpLimits,
    slots: Slots,
    mut stop: watch::Receiver<bool>,
) -> io::Result<()> {
    let builder = builder(&limits);
    let graceful = GracefulShutdown::new();
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            _ = stop.wait_for(|&stop| stop) => break,
        };
        let stream = match accepted {
            Ok((stream, _)) => stream,
            Err(e) => {
                // Out of file descriptors or memory: let connections close
                // before accepting more, rather than spin.
                tracing::warn!(error = %e, "HTTP port: cannot accept a connection");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        // As on the gRPC port: no Nagle delay on an answer's last bytes.
        let _ = stream.set_nodelay(true);
        let Some(connection) = slots.admit(stream) else {
            continue;
        };
        let info = connection.connect_info();
        let router = router.clone();
        let service = hyper::service::service_fn(move |mut request: Request<Incoming>| {
            // hyper calls the service once a request's headers are in.
            info.mark_requested();
            request.extensions_mut().insert(info.clone());
            router.clone().oneshot(request)
        });
        let served = graceful.watch(
            builder
                .serve_connection(TokioIo::new(connection), service)
                .into_owned(),
        );
        tokio::spawn(async move {
            if let Err(e) = served.await {
                tracing::debug!(error = %e, "HTTP connection ended with an error");
            }
        });
    }
    drop(listener);
    graceful.shutdown().await;
    Ok(())
}

/// hyper's server for both protocols, with the port's timers and limits.
fn builder(limits: &HttpLimits) -> auto::Builder<TokioExecutor> {
    let mut builder = auto::Builder::new(TokioExecutor::new());
    builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_read_timeout);
    builder
        .http2()
        .timer(TokioTimer::new())
        .keep_alive_interval(limits.keepalive_interval)
        .keep_alive_timeout(limits.keepalive_timeout)
        .max_concurrent_streams(limits.max_concurrent_streams)
        .initial_stream_window_size(flow::STREAM_WINDOW)
        .initial_connection_window_size(flow::CONNECTION_WINDOW);
    builder
}
