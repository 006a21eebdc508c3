//! Accepted connections of the gRPC and the HTTP port: TCP options,
//! connection metrics (`arbiter_grpc_connections_*`,
//! `arbiter_http_connections_*`), the cap on open connections, the deadline
//! for a first request, and the hard end of a connection's life.
//!
//! **Cap.** At most `max_open` connections are open at once on each port;
//! one accepted past the cap is closed at once, before any TLS or HTTP work,
//! and counted in `arbiter_<port>_connections_refused_total`. Each open
//! connection costs tens of KiB (HTTP/2 and TLS buffers) and a file
//! descriptor, so without a cap a flood of idle connections grows the
//! process without bound, and takes the descriptors the other ports need.
//!
//! **First request.** A new connection must complete its TLS handshake (if
//! any) and the HTTP/2 preface and send the complete headers of a first
//! request within the handshake timeout, or it is closed
//! (`arbiter_<port>_connections_handshake_timeouts_total`). "A first
//! request" is the moment hyper hands a request to the service, which it
//! does once the request's headers (HTTP/2 HEADERS and CONTINUATION frames,
//! or an HTTP/1.1 head) are complete; [`FirstRequestLayer`] (or the HTTP
//! port's connection service) marks the connection then. After that the
//! deadline is gone: a connection idle between calls is governed by the
//! keepalive settings (HTTP/2) or hyper's header read timeout (HTTP/1.1),
//! and one that holds a call open by the request timeout. This is what
//! keeps a slot from being held by a peer that connects and says nothing
//! (or only the preface, or a header a byte at a time), which the cap alone
//! would turn into a denial of service.
//!
//! **Maximum age** has two phases. At the age, tonic starts the
//! HTTP/2 graceful shutdown of the connection (a GOAWAY: no new calls, the
//! ones in flight continue), so clients reconnect and spread over replicas.
//! A client whose calls never end would keep the connection forever, so when
//! the grace period after the age has passed too, [`Connection`] fails every
//! read and write and the connection closes, cutting what is left.
//!
//! The second phase lives here, under the HTTP/2 layer, rather than in
//! tonic's `max_connection_age_grace`: with that option set, tonic 0.14
//! skips the graceful phase and closes the connection abruptly at age plus
//! grace, without a GOAWAY at the age. The handshake deadline lives here for
//! the same reason: under TLS, nothing above this layer runs before the
//! handshake is done.

use std::{
    future::Future,
    io,
    net::SocketAddr,
    pin::Pin,
    sync::{
        Arc,
        atomic::{AtomicBool, Ordering},
    },
    task::{Context, Poll},
    time::Duration,
};

use http::Request;
use tokio::{
    io::{AsyncRead, AsyncWrite, ReadBuf},
    net::TcpStream,
    sync::{OwnedSemaphorePermit, Semaphore},
    time::Sleep,
};
use tokio_stream::{Stream, StreamExt};
use tonic::transport::server::{Connected, TcpConnectInfo, TcpIncoming, TlsConnectInfo};
use tower::{Layer, Service};

use super::coalesce::Coalesced;

/// The names of a port's connection metrics.
#[derive(Debug, Clone, Copy)]
pub struct Port {
    open: &'static str,
    limit: &'static str,
    accepted: &'static str,
    refused: &'static str,
    handshake_timeouts: &'static str,
    /// Only where connections have a maximum age (the gRPC port).
    expired: Option<&'static str>,
}

impl Port {
    /// The gRPC port's metrics, `arbiter_grpc_connections_*`.
    pub const GRPC: Port = Port {
        open: "arbiter_grpc_connections_open",
        limit: "arbiter_grpc_connections_limit",
        accepted: "arbiter_grpc_connections_accepted_total",
        refused: "arbiter_grpc_connections_refused_total",
        handshake_timeouts: "arbiter_grpc_connections_handshake_timeouts_total",
        expired: Some("arbiter_grpc_connections_expired_total"),
    };

    /// The HTTP port's metrics, `arbiter_http_connections_*`.
    pub const HTTP: Port = Port {
        open: "arbiter_http_connections_open",
        limit: "arbiter_http_connections_limit",
        accepted: "arbiter_http_connections_accepted_total",
        refused: "arbiter_http_connections_refused_total",
        handshake_timeouts: "arbiter_http_connections_handshake_timeouts_total",
        expired: None,
    };

    /// Every counter of the port, so they can be shown at 0 from the start.
    pub fn counters(self) -> impl Iterator<Item = &'static str> {
        [self.accepted, self.refused, self.handshake_timeouts]
            .into_iter()
            .chain(self.expired)
    }

    /// The gauge of the port's open connections.
    #[must_use]
    pub fn open_gauge(self) -> &'static str {
        self.open
    }
}

/// The limits every accepted connection lives under.
#[derive(Debug, Clone, Copy)]
pub struct ConnectionLimits {
    /// The port, whose metrics count the connection.
    pub port: Port,
    /// Most connections open at once (at least 1).
    pub max_open: usize,
    /// Time from accept to the complete headers of the first request.
    pub handshake_timeout: Duration,
    /// Closed by force this long after it was accepted (maximum age plus
    /// grace), if set.
    pub hard_limit: Option<Duration>,
}

/// The accepted connections of `incoming` under `limits`: past
/// `limits.max_open` open ones, a new connection is closed as soon as it is
/// accepted and the stream goes on to the next.
pub fn incoming(
    incoming: TcpIncoming,
    limits: ConnectionLimits,
) -> impl Stream<Item = io::Result<Connection>> {
    let slots = Slots::new(limits);
    incoming.filter_map(move |accepted| match accepted {
        Ok(stream) => slots.admit(stream).map(Ok),
        Err(e) => Some(Err(e)),
    })
}

/// The open-connection slots of one port.
#[derive(Debug)]
pub struct Slots {
    slots: Arc<Semaphore>,
    limits: ConnectionLimits,
}

impl Slots {
    /// `limits.max_open` slots, the port's limit gauge set.
    #[must_use]
    pub fn new(limits: ConnectionLimits) -> Self {
        #[allow(clippy::cast_precision_loss)]
        metrics::gauge!(limits.port.limit).set(limits.max_open as f64);
        Slots {
            slots: Arc::new(Semaphore::new(limits.max_open)),
            limits,
        }
    }

    /// The accepted `stream` as a connection holding a slot, or `None` when
    /// every slot is taken: the stream is then closed at once. Logged at
    /// debug only: a flood would otherwise flood the logs too; the counter
    /// is the signal.
    #[must_use]
    pub fn admit(&self, stream: TcpStream) -> Option<Connection> {
        match Arc::clone(&self.slots).try_acquire_owned() {
            Ok(slot) => Some(Connection::new(stream, slot, self.limits)),
            Err(_) => {
                metrics::counter!(self.limits.port.refused).increment(1);
                tracing::debug!(
                    peer = ?stream.peer_addr().ok(),
                    max_open = self.limits.max_open,
                    "connection refused: the port is at its connection limit"
                );
                None
            }
        }
    }
}

/// The connection information a call's request extensions carry:
/// `ConnectionInfo` on plaintext connections, `TlsConnectInfo<ConnectionInfo>`
/// under TLS. It takes the place of tonic's `TcpConnectInfo`, so a handler
/// reads the peer's address here; `tonic::Request::remote_addr` finds none.
#[derive(Debug, Clone)]
pub struct ConnectionInfo {
    tcp: TcpConnectInfo,
    requested: Arc<AtomicBool>,
    cut: Arc<AtomicBool>,
}

impl ConnectionInfo {
    /// The local address of the connection.
    #[must_use]
    pub fn local_addr(&self) -> Option<SocketAddr> {
        self.tcp.local_addr()
    }

    /// The peer's address.
    #[must_use]
    pub fn remote_addr(&self) -> Option<SocketAddr> {
        self.tcp.remote_addr()
    }

    /// Whether the server has cut the connection (at its maximum age plus
    /// grace): its calls still running end with the connection, and their
    /// clients read `UNAVAILABLE`.
    #[must_use]
    pub fn cut_by_server(&self) -> bool {
        self.cut.load(Ordering::Relaxed)
    }

    /// The connection information a request on an HTTP/2 or HTTP/1.1
    /// connection carries, read from `extensions` (plain or under TLS).
    #[must_use]
    pub fn of(extensions: &http::Extensions) -> Option<&ConnectionInfo> {
        extensions.get::<ConnectionInfo>().or_else(|| {
            extensions
                .get::<TlsConnectInfo<ConnectionInfo>>()
                .map(TlsConnectInfo::get_ref)
        })
    }

    /// Records that the connection has sent a request; from then on the
    /// handshake deadline no longer applies. Reads first, so that the calls
    /// after the first do not write the shared flag again.
    pub fn mark_requested(&self) {
        if !self.requested.load(Ordering::Relaxed) {
            self.requested.store(true, Ordering::Relaxed);
        }
    }
}

/// Marks each call's connection as having sent a request (see the module
/// documentation). It must see every call, so it sits in front of every
/// layer that may refuse one.
#[derive(Debug, Clone, Copy, Default)]
pub struct FirstRequestLayer;

impl<S> Layer<S> for FirstRequestLayer {
    type Service = FirstRequest<S>;

    fn layer(&self, inner: S) -> Self::Service {
        FirstRequest { inner }
    }
}

/// The service [`FirstRequestLayer`] wraps: marks the connection, then passes the call on unchanged.
#[derive(Debug, Clone)]
pub struct FirstRequest<S> {
    inner: S,
}

impl<S, B> Service<Request<B>> for FirstRequest<S>
where
    S: Service<Request<B>>,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = S::Future;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<B>) -> Self::Future {
        if let Some(info) = ConnectionInfo::of(request.extensions()) {
            info.mark_requested();
        }
        self.inner.call(request)
    }
}

/// Why a connection was closed by force.
#[derive(Debug, Clone, Copy)]
enum Closed {
    /// No complete request headers within the handshake timeout.
    NoRequest,
    /// Maximum age and its grace period passed.
    Age,
}

impl Closed {
    fn error(self) -> io::Error {
        let message = match self {
            Closed::NoRequest => "no request within the handshake timeout",
            Closed::Age => "maximum connection age and its grace period passed",
        };
        io::Error::new(io::ErrorKind::TimedOut, message)
    }
}

/// One accepted TCP connection, holding one of the open-connection slots
/// until it is dropped.
#[derive(Debug)]
pub struct Connection {
    stream: Coalesced<TcpStream>,
    _slot: OwnedSemaphorePermit,
    /// The deadline for the first request, until the connection has sent
    /// one (`requested`, set by [`FirstRequestLayer`]).
    handshake: Option<Pin<Box<Sleep>>>,
    requested: Arc<AtomicBool>,
    deadline: Option<Pin<Box<Sleep>>>,
    closed: Option<Closed>,
    /// Set when the connection is closed by force, for the calls on it.
    cut: Arc<AtomicBool>,
    port: Port,
}

impl Connection {
    fn new(stream: TcpStream, slot: OwnedSemaphorePermit, limits: ConnectionLimits) -> Self {
        metrics::counter!(limits.port.accepted).increment(1);
        metrics::gauge!(limits.port.open).increment(1.0);
        Connection {
            stream: Coalesced::new(stream),
            _slot: slot,
            handshake: Some(Box::pin(tokio::time::sleep(limits.handshake_timeout))),
            requested: Arc::new(AtomicBool::new(false)),
            deadline: limits
                .hard_limit
                .map(|limit| Box::pin(tokio::time::sleep(limit))),
            closed: None,
            cut: Arc::new(AtomicBool::new(false)),
            port: limits.port,
        }
    }

    /// Fails once a deadline has passed: the handshake timeout without a
    /// request, or the hard limit. HTTP/2 (and a TLS handshake) always has a
    /// read pending, so polling the timers here wakes the connection in time.
    fn check(&mut self, cx: &mut Context<'_>) -> io::Result<()> {
        if self.closed.is_none()
            && let Some(handshake) = &mut self.handshake
        {
            if self.requested.load(Ordering::Relaxed) {
                self.handshake = None;
            } else if handshake.as_mut().poll(cx).is_ready() {
                self.closed = Some(Closed::NoRequest);
                metrics::counter!(self.port.handshake_timeouts).increment(1);
                tracing::debug!("connection closed: no request within the handshake timeout");
            }
        }
        if self.closed.is_none()
            && let Some(deadline) = &mut self.deadline
            && deadline.as_mut().poll(cx).is_ready()
        {
            self.closed = Some(Closed::Age);
            // Before the first failed read or write, so that the calls the
            // failure ends see it.
            self.cut.store(true, Ordering::Relaxed);
            if let Some(expired) = self.port.expired {
                metrics::counter!(expired).increment(1);
            }
            tracing::debug!("connection closed: maximum age and grace period passed");
        }
        match self.closed {
            Some(closed) => Err(closed.error()),
            None => Ok(()),
        }
    }
}

impl Drop for Connection {
    fn drop(&mut self) {
        metrics::gauge!(self.port.open).decrement(1.0);
    }
}

impl Connected for Connection {
    type ConnectInfo = ConnectionInfo;

    fn connect_info(&self) -> Self::ConnectInfo {
        ConnectionInfo {
            tcp: self.stream.get_ref().connect_info(),
            requested: Arc::clone(&self.requested),
            cut: Arc::clone(&self.cut),
        }
    }
}

impl AsyncRead for Connection {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        if let Err(e) = self.check(cx) {
            return Poll::Ready(Err(e));
        }
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Connection {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        if let Err(e) = self.check(cx) {
            return Poll::Ready(Err(e));
        }
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        if let Err(e) = self.check(cx) {
            return Poll::Ready(Err(e));
        }
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
    }

    /// No: h2 then copies DATA frames of up to 1023 bytes (instead of 255)
    /// into its write buffer, so `frames::SmallFramesLayer` can hand it an
    /// answer in a few large pieces rather than many small ones. Everything
    /// h2 buffers goes out in one write either way; only a frame of 1 KiB or
    /// more costs a second `write` instead of a `writev`.
    fn is_write_vectored(&self) -> bool {
        false
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        if let Err(e) = self.check(cx) {
            return Poll::Ready(Err(e));
        }
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}
