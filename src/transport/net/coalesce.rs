//! A socket writer that sends what h2 writes between two flushes in as few
//! system calls as it can.
//!
//! On a socket without vectored writes (the plaintext
//! [`Connection`](super::connection::Connection), see its
//! `is_write_vectored`), h2 writes a large DATA frame in two calls: its
//! write buffer (the frame's head and the first KiB of the payload, after any
//! small frames before it), then the rest of the payload from the frame's own
//! memory. A Batch answer of 200 KiB is thirteen 16 KiB frames and so 26
//! `send` calls, each of which on loopback also runs the receiver's side of
//! TCP on the sender's CPU. [`Coalesced`] holds a write of up to
//! [`HOLD_BYTES`] back (copied) and sends it together with the next one in
//! one `writev`, or alone when h2 flushes: one call a frame. h2 flushes its socket after every round of
//! writes (`FramedWrite::flush`), so nothing stays held while h2 waits.

use std::{
    io::{self, IoSlice},
    pin::Pin,
    task::{Context, Poll, ready},
};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// The largest write held back: h2's write buffer (16 KiB) with a frame
/// head and the KiB it copies of a large frame. A larger write goes out at
/// once (with what is held, in one `writev`).
pub const HOLD_BYTES: usize = 18 * 1024;

/// `inner`, its small writes held until the next write or flush.
#[derive(Debug)]
pub struct Coalesced<W> {
    inner: W,
    held: Vec<u8>,
}

impl<W> Coalesced<W> {
    /// Wraps `inner`, holding nothing yet.
    pub fn new(inner: W) -> Self {
        Coalesced {
            inner,
            held: Vec::new(),
        }
    }

    /// The wrapped stream.
    pub fn get_ref(&self) -> &W {
        &self.inner
    }
}

impl<W: AsyncWrite + Unpin> Coalesced<W> {
    /// Sends everything held; then the stream holds nothing.
    fn poll_send_held(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while !self.held.is_empty() {
            let sent = ready!(Pin::new(&mut self.inner).poll_write(cx, &self.held))?;
            if sent == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            self.held.drain(..sent);
        }
        Poll::Ready(Ok(()))
    }
}

impl<W: AsyncRead + Unpin> AsyncRead for Coalesced<W> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<W: AsyncWrite + Unpin> AsyncWrite for Coalesced<W> {
    /// Holds a small `buf` when nothing is held; otherwise sends what is
    /// held and `buf` together (the payload is not copied), and counts the
    /// bytes of `buf` that went.
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        loop {
            if this.held.is_empty() && buf.len() <= HOLD_BYTES {
                this.held.extend_from_slice(buf);
                return Poll::Ready(Ok(buf.len()));
            }
            if this.held.is_empty() {
                return Pin::new(&mut this.inner).poll_write(cx, buf);
            }
            let both = [IoSlice::new(&this.held), IoSlice::new(buf)];
            let sent = ready!(Pin::new(&mut this.inner).poll_write_vectored(cx, &both))?;
            if sent == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            if sent >= this.held.len() {
                let of_buf = sent - this.held.len();
                this.held.clear();
                if of_buf > 0 {
                    return Poll::Ready(Ok(of_buf));
                }
            } else {
                this.held.drain(..sent);
            }
        }
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.poll_send_held(cx))?;
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.poll_send_held(cx))?;
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }

    /// As the wrapped stream says, so that h2 cuts frames as it would.
    fn is_write_vectored(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use std::{
        pin::Pin,
        task::{Context, Poll},
    };

    use tokio::io::{AsyncWrite, AsyncWriteExt};

    use super::{Coalesced, HOLD_BYTES};

    /// A socket that records each write call's bytes and takes at most
    /// `limit` bytes a call.
    #[derive(Default)]
    struct Recorder {
        calls: Vec<Vec<u8>>,
        limit: Option<usize>,
    }

    impl AsyncWrite for Recorder {
        fn poll_write(
            mut self: Pin<&mut Self>,
            _: &mut Context<'_>,
            buf: &[u8],
        ) -> Poll<std::io::Result<usize>> {
            let take = self.limit.map_or(buf.len(), |limit| limit.min(buf.len()));
            self.calls.push(buf[..take].to_vec());
            Poll::Ready(Ok(take))
        }

        fn poll_write_vectored(
            mut self: Pin<&mut Self>,
            _: &mut Context<'_>,
            bufs: &[std::io::IoSlice<'_>],
        ) -> Poll<std::io::Result<usize>> {
            let all: Vec<u8> = bufs.iter().flat_map(|b| b.iter().copied()).collect();
            let take = self.limit.map_or(all.len(), |limit| limit.min(all.len()));
            self.calls.push(all[..take].to_vec());
            Poll::Ready(Ok(take))
        }

        fn poll_flush(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<std::io::Result<()>> {
            Poll::Ready(Ok(()))
        }

        fn poll_shutdown(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<std::io::Result<()>> {
            Poll::Ready(Ok(()))
        }
    }

    fn bytes(count: usize, seed: u8) -> Vec<u8> {
        (0..count).map(|i| seed.wrapping_add(i as u8)).collect()
    }

    #[tokio::test]
    async fn a_head_and_a_large_payload_leave_in_one_call() {
        let mut socket = Coalesced::new(Recorder::default());
        let head = bytes(1033, 1);
        let payload = bytes(15_000, 7);
        socket.write_all(&head).await.expect("held");
        socket.write_all(&payload).await.expect("sent");
        socket.flush().await.expect("flushed");
        let calls = &socket.get_ref().calls;
        assert_eq!(calls.len(), 1);
        assert_eq!(calls[0], [head, payload].concat());
    }

    #[tokio::test]
    async fn a_small_write_waits_for_the_next_or_the_flush() {
        let mut socket = Coalesced::new(Recorder::default());
        socket.write_all(b"headers").await.expect("held");
        assert!(socket.get_ref().calls.is_empty());
        socket.write_all(b"data").await.expect("sent");
        socket.write_all(b"trailers").await.expect("held");
        assert_eq!(socket.get_ref().calls, [b"headersdata".to_vec()]);
        socket.flush().await.expect("flushed");
        assert_eq!(
            socket.get_ref().calls,
            [b"headersdata".to_vec(), b"trailers".to_vec()]
        );
        socket.shutdown().await.expect("shut");
    }

    #[tokio::test]
    async fn a_large_write_alone_goes_straight_through() {
        let mut socket = Coalesced::new(Recorder::default());
        let payload = bytes(HOLD_BYTES + 1, 3);
        socket.write_all(&payload).await.expect("sent");
        assert_eq!(socket.get_ref().calls, [payload]);
    }

    /// A socket that takes a few bytes a call still receives every byte, in
    /// order, whatever was held.
    #[tokio::test]
    async fn short_writes_lose_and_reorder_nothing() {
        let mut socket = Coalesced::new(Recorder {
            calls: Vec::new(),
            limit: Some(700),
        });
        let pieces = [
            bytes(1000, 1),
            bytes(HOLD_BYTES, 2),
            bytes(10, 3),
            bytes(40_000, 4),
        ];
        for piece in &pieces {
            socket.write_all(piece).await.expect("written");
        }
        socket.shutdown().await.expect("shut");
        let written: Vec<u8> = socket.get_ref().calls.concat();
        assert_eq!(written, pieces.concat());
    }
}
