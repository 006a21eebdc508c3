//! Accepted gRPC connections: TCP options, connection metrics, and the hard
//! end of a connection's life.
//!
//! Maximum connection age has two phases. At the age, tonic starts the
//! HTTP/2 graceful shutdown of the connection (a GOAWAY: no new calls, the
//! ones in flight continue), so clients reconnect and spread over replicas.
//! A client whose calls never end would keep the connection forever, so when
//! the grace period after the age has passed too, [`Connection`] fails every
//! read and write and the connection closes, cutting what is left.
//!
//! The second phase lives here, under the HTTP/2 layer, rather than in
//! tonic's `max_connection_age_grace`: with that option set, tonic 0.14
//! skips the graceful phase and closes the connection abruptly at age plus
//! grace, without a GOAWAY at the age.

use std::{
    future::Future,
    io,
    pin::Pin,
    task::{Context, Poll},
    time::Duration,
};

use tokio::{
    io::{AsyncRead, AsyncWrite, ReadBuf},
    net::TcpStream,
    time::Sleep,
};
use tokio_stream::{Stream, StreamExt};
use tonic::transport::server::{Connected, TcpConnectInfo, TcpIncoming};

/// The accepted connections of `incoming`, each closed by force `hard_limit`
/// after it was accepted (if set).
pub fn incoming(
    incoming: TcpIncoming,
    hard_limit: Option<Duration>,
) -> impl Stream<Item = io::Result<Connection>> {
    incoming.map(move |accepted| accepted.map(|stream| Connection::new(stream, hard_limit)))
}

/// One accepted TCP connection.
#[derive(Debug)]
pub struct Connection {
    stream: TcpStream,
    deadline: Option<Pin<Box<Sleep>>>,
    expired: bool,
}

impl Connection {
    fn new(stream: TcpStream, hard_limit: Option<Duration>) -> Self {
        metrics::counter!("arbiter_grpc_connections_accepted_total").increment(1);
        metrics::gauge!("arbiter_grpc_connections_open").increment(1.0);
        Connection {
            stream,
            deadline: hard_limit.map(|limit| Box::pin(tokio::time::sleep(limit))),
            expired: false,
        }
    }

    /// Fails once the hard limit has passed. HTTP/2 always has a read
    /// pending, so polling the timer here wakes the connection in time.
    fn check(&mut self, cx: &mut Context<'_>) -> io::Result<()> {
        if !self.expired
            && let Some(deadline) = &mut self.deadline
            && deadline.as_mut().poll(cx).is_ready()
        {
            self.expired = true;
            metrics::counter!("arbiter_grpc_connections_expired_total").increment(1);
            tracing::debug!("connection closed: maximum age and grace period passed");
        }
        if self.expired {
            Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "maximum connection age and its grace period passed",
            ))
        } else {
            Ok(())
        }
    }
}

impl Drop for Connection {
    fn drop(&mut self) {
        metrics::gauge!("arbiter_grpc_connections_open").decrement(1.0);
    }
}

impl Connected for Connection {
    type ConnectInfo = TcpConnectInfo;

    fn connect_info(&self) -> Self::ConnectInfo {
        self.stream.connect_info()
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
