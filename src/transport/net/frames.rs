//! Response bodies cut into pieces that h2 copies into its write buffer.
//!
//! h2 copies a small DATA frame into the connection's write buffer, but keeps
//! a larger one aside, to be written from its own memory, and buffers nothing
//! else until that frame has gone out. "Small" is under 256 bytes on a socket
//! that takes vectored writes (TLS) and under 1024 on one that does not (the
//! plaintext `connection::Connection`). A larger unary answer (a list of
//! legal moves) therefore costs two socket writes: headers and data, then the
//! trailers, and the answers of other calls on the same connection wait for
//! the first. Handing h2 the body in small pieces lets it gather headers,
//! data and trailers, and the answers of neighbouring calls, into one write.
//! That halves the writes per LegalMoves call and the system time that goes
//! with them, for the server and for its client.
//!
//! Only bodies up to the size of h2's write buffer are cut: beyond it a write
//! straight from the frame's own memory is the better trade.
//!
//! The sizes are h2's, not its API: `CHAIN_THRESHOLD`,
//! `CHAIN_THRESHOLD_WITHOUT_VECTORED_IO` and the 16 KiB write buffer are
//! private to its `codec::framed_write`. The tests (`h2_writes`) run the h2
//! this build links over a socket that counts writes, and fail when it
//! copies differently. Measured against plain hyper/h2 behaviour (no layer,
//! the socket's own vectored writes; BENCHMARKS.md), the layer is worth
//! 13-20 % of unary LegalMoves throughput as a share of Health/Check's
//! (6-11 % in back-to-back calls per second) and 1-3 µs of server CPU per
//! call.

use std::{
    future::Future,
    pin::Pin,
    task::{Context, Poll, ready},
};

use http::Response;
use http_body::{Body, Frame, SizeHint};
use pin_project_lite::pin_project;
use prost::bytes::Bytes;
use tower::{Layer, Service};

/// The largest DATA payload h2 copies rather than writes separately on a
/// socket that takes vectored writes (one less than its `CHAIN_THRESHOLD`).
pub const VECTORED_PIECE_BYTES: usize = 255;

/// The same on a socket that does not (`CHAIN_THRESHOLD_WITHOUT_VECTORED_IO`).
pub const PLAIN_PIECE_BYTES: usize = 1023;

/// Bodies larger than this pass through whole (h2's write buffer is 16 KiB).
pub const MAX_CUT_BYTES: usize = 16 * 1024;

/// Cuts every response body's data into pieces of at most `piece_bytes`.
#[derive(Debug, Clone, Copy)]
pub struct SmallFramesLayer {
    piece_bytes: usize,
}

impl SmallFramesLayer {
    /// `vectored`: whether the sockets take vectored writes (TLS does).
    #[must_use]
    pub fn for_sockets(vectored: bool) -> Self {
        SmallFramesLayer {
            piece_bytes: if vectored {
                VECTORED_PIECE_BYTES
            } else {
                PLAIN_PIECE_BYTES
            },
        }
    }
}

impl<S> Layer<S> for SmallFramesLayer {
    type Service = SmallFrames<S>;

    fn layer(&self, inner: S) -> Self::Service {
        SmallFrames {
            inner,
            piece_bytes: self.piece_bytes,
        }
    }
}

/// The service [`SmallFramesLayer`] wraps: the same responses, their body data in smaller pieces.
#[derive(Debug, Clone)]
pub struct SmallFrames<S> {
    inner: S,
    piece_bytes: usize,
}

impl<S, Request, ResBody> Service<Request> for SmallFrames<S>
where
    S: Service<Request, Response = Response<ResBody>>,
{
    type Response = Response<SmallFramesBody<ResBody>>;
    type Error = S::Error;
    type Future = SmallFramesFuture<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request) -> Self::Future {
        SmallFramesFuture {
            inner: self.inner.call(request),
            piece_bytes: self.piece_bytes,
        }
    }
}

pin_project! {
    /// The inner service's future, its response body wrapped.
    pub struct SmallFramesFuture<F> {
        #[pin]
        inner: F,
        piece_bytes: usize,
    }
}

impl<F, ResBody, E> Future for SmallFramesFuture<F>
where
    F: Future<Output = Result<Response<ResBody>, E>>,
{
    type Output = Result<Response<SmallFramesBody<ResBody>>, E>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.project();
        let response = ready!(this.inner.poll(cx))?;
        let piece_bytes = *this.piece_bytes;
        Poll::Ready(Ok(
            response.map(|body| SmallFramesBody::new(body, piece_bytes))
        ))
    }
}

pin_project! {
    /// The wrapped body, with the uncut remainder of its last data frame.
    pub struct SmallFramesBody<B> {
        #[pin]
        inner: B,
        rest: Bytes,
        piece_bytes: usize,
    }
}

impl<B> SmallFramesBody<B> {
    fn new(inner: B, piece_bytes: usize) -> Self {
        SmallFramesBody {
            inner,
            rest: Bytes::new(),
            piece_bytes,
        }
    }
}

impl<B: Body<Data = Bytes>> Body for SmallFramesBody<B> {
    type Data = Bytes;
    type Error = B::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        let this = self.project();
        if !this.rest.is_empty() {
            let piece = this.rest.split_to((*this.piece_bytes).min(this.rest.len()));
            return Poll::Ready(Some(Ok(Frame::data(piece))));
        }
        let frame = ready!(this.inner.poll_frame(cx));
        Poll::Ready(match frame {
            Some(Ok(frame)) => match frame.into_data() {
                Ok(mut data) if data.len() > *this.piece_bytes && data.len() <= MAX_CUT_BYTES => {
                    *this.rest = data.split_off(*this.piece_bytes);
                    Some(Ok(Frame::data(data)))
                }
                Ok(data) => Some(Ok(Frame::data(data))),
                Err(frame) => Some(Ok(frame)),
            },
            other => other,
        })
    }

    fn is_end_stream(&self) -> bool {
        self.rest.is_empty() && self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        let inner = self.inner.size_hint();
        let rest = self.rest.len() as u64;
        let mut hint = SizeHint::new();
        hint.set_lower(inner.lower().saturating_add(rest));
        if let Some(upper) = inner.upper() {
            hint.set_upper(upper.saturating_add(rest));
        }
        hint
    }
}

#[cfg(test)]
mod tests {
    use std::{
        collections::VecDeque,
        convert::Infallible,
        future::poll_fn,
        pin::Pin,
        task::{Context, Poll},
    };

    use http::HeaderMap;
    use http_body::{Body, Frame};
    use prost::bytes::Bytes;

    use super::{MAX_CUT_BYTES, PLAIN_PIECE_BYTES, SmallFramesBody, VECTORED_PIECE_BYTES};

    const PIECE_BYTES: usize = VECTORED_PIECE_BYTES;

    /// A body that yields the given frames, each at its first poll.
    struct Frames(VecDeque<Frame<Bytes>>);

    impl Body for Frames {
        type Data = Bytes;
        type Error = Infallible;

        fn poll_frame(
            mut self: Pin<&mut Self>,
            _: &mut Context<'_>,
        ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
            Poll::Ready(self.0.pop_front().map(Ok))
        }

        fn is_end_stream(&self) -> bool {
            self.0.is_empty()
        }

        fn size_hint(&self) -> http_body::SizeHint {
            let data = self.0.iter().filter_map(Frame::data_ref).map(Bytes::len);
            http_body::SizeHint::with_exact(data.sum::<usize>() as u64)
        }
    }

    async fn next<B: Body + Unpin>(body: &mut B) -> Option<Frame<B::Data>>
    where
        B::Error: std::fmt::Debug,
    {
        poll_fn(|cx| Pin::new(&mut *body).poll_frame(cx))
            .await
            .map(|frame| frame.expect("the test bodies do not fail"))
    }

    async fn pieces(frames: Vec<Frame<Bytes>>) -> (Vec<Bytes>, Option<HeaderMap>) {
        let mut body = SmallFramesBody::new(Frames(frames.into()), PIECE_BYTES);
        let mut data = Vec::new();
        let mut trailers = None;
        while let Some(frame) = next(&mut body).await {
            match frame.into_data() {
                Ok(bytes) => data.push(bytes),
                Err(frame) => trailers = frame.into_trailers().ok(),
            }
        }
        assert!(body.is_end_stream());
        (data, trailers)
    }

    fn bytes(len: usize) -> Bytes {
        (0..len)
            .map(|i| (i % 251) as u8)
            .collect::<Vec<u8>>()
            .into()
    }

    #[tokio::test]
    async fn a_medium_body_arrives_in_pieces_in_order_with_its_trailers() {
        let body = bytes(1451);
        let mut trailers = HeaderMap::new();
        trailers.insert("grpc-status", http::HeaderValue::from_static("0"));
        let (data, got) = pieces(vec![
            Frame::data(body.clone()),
            Frame::trailers(trailers.clone()),
        ])
        .await;
        assert_eq!(data.len(), 6);
        assert!(data.iter().all(|piece| piece.len() <= PIECE_BYTES));
        assert_eq!(data.concat(), body.to_vec());
        assert_eq!(got, Some(trailers));
    }

    #[tokio::test]
    async fn small_and_large_bodies_pass_whole() {
        let small = bytes(PIECE_BYTES);
        let large = bytes(MAX_CUT_BYTES + 1);
        let (data, trailers) =
            pieces(vec![Frame::data(small.clone()), Frame::data(large.clone())]).await;
        assert_eq!(data, vec![small, large]);
        assert_eq!(trailers, None);
    }

    #[tokio::test]
    async fn plain_sockets_take_larger_pieces() {
        let mut cut = SmallFramesBody::new(
            Frames(vec![Frame::data(bytes(1451))].into()),
            PLAIN_PIECE_BYTES,
        );
        let mut lengths = Vec::new();
        while let Some(frame) = next(&mut cut).await {
            lengths.extend(frame.into_data().ok().map(|b| b.len()));
        }
        assert_eq!(lengths, vec![1023, 428]);
    }

    #[tokio::test]
    async fn the_body_ends_only_after_its_last_piece() {
        let mut cut =
            SmallFramesBody::new(Frames(vec![Frame::data(bytes(1000))].into()), PIECE_BYTES);
        let first = next(&mut cut).await.and_then(|f| f.into_data().ok());
        assert_eq!(first.map(|b| b.len()), Some(PIECE_BYTES));
        assert_eq!(cut.size_hint().exact(), Some(1000 - PIECE_BYTES as u64));
        assert!(!cut.is_end_stream());
    }

    /// What this layer relies on in h2, checked against the h2 this build
    /// links: a server connection over an in-memory socket that counts the
    /// writes h2 makes for one response (headers, the body in the given
    /// DATA frames, trailers). When h2 changes how much it copies into its
    /// write buffer, these fail and the piece sizes above must follow (or
    /// the layer go).
    mod h2_writes {
        use std::{
            io::{self, IoSlice},
            pin::Pin,
            sync::{Arc, Mutex},
            task::{Context, Poll},
        };

        use http::{HeaderMap, HeaderValue, Request, Response};
        use prost::bytes::Bytes;
        use tokio::io::{AsyncRead, AsyncWrite, DuplexStream, ReadBuf};

        use super::super::{MAX_CUT_BYTES, PLAIN_PIECE_BYTES, VECTORED_PIECE_BYTES};
        use crate::transport::net::coalesce::Coalesced;

        /// The server's end of the connection: every write h2 makes is
        /// counted, and it takes vectored writes or not, as asked.
        struct Counted {
            inner: DuplexStream,
            vectored: bool,
            writes: Arc<Mutex<usize>>,
        }

        impl Counted {
            fn count(&self) {
                *self.writes.lock().expect("the count is never poisoned") += 1;
            }
        }

        impl AsyncRead for Counted {
            fn poll_read(
                mut self: Pin<&mut Self>,
                cx: &mut Context<'_>,
                buf: &mut ReadBuf<'_>,
            ) -> Poll<io::Result<()>> {
                Pin::new(&mut self.inner).poll_read(cx, buf)
            }
        }

        impl AsyncWrite for Counted {
            fn poll_write(
                mut self: Pin<&mut Self>,
                cx: &mut Context<'_>,
                buf: &[u8],
            ) -> Poll<io::Result<usize>> {
                let written = Pin::new(&mut self.inner).poll_write(cx, buf);
                if written.is_ready() {
                    self.count();
                }
                written
            }

            /// One write of all the slices, as `writev` is.
            fn poll_write_vectored(
                mut self: Pin<&mut Self>,
                cx: &mut Context<'_>,
                bufs: &[IoSlice<'_>],
            ) -> Poll<io::Result<usize>> {
                let all: Vec<u8> = bufs.iter().flat_map(|b| b.iter().copied()).collect();
                let written = Pin::new(&mut self.inner).poll_write(cx, &all);
                if written.is_ready() {
                    self.count();
                }
                written
            }

            fn is_write_vectored(&self) -> bool {
                self.vectored
            }

            fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
                Pin::new(&mut self.inner).poll_flush(cx)
            }

            fn poll_shutdown(
                mut self: Pin<&mut Self>,
                cx: &mut Context<'_>,
            ) -> Poll<io::Result<()>> {
                Pin::new(&mut self.inner).poll_shutdown(cx)
            }
        }

        /// The writes h2 makes for one response whose body is handed over
        /// as DATA frames of `pieces` bytes, all queued before the
        /// connection next writes (as a unary gRPC answer is).
        async fn writes_for(vectored: bool, pieces: &[usize]) -> usize {
            writes_through(vectored, |socket| socket, pieces).await
        }

        /// [`writes_for`] with h2 writing to `wrap` of the counted socket.
        async fn writes_through<S>(
            vectored: bool,
            wrap: impl FnOnce(Counted) -> S,
            pieces: &[usize],
        ) -> usize
        where
            S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
        {
            let (client_end, server_end) = tokio::io::duplex(1 << 20);
            let writes = Arc::new(Mutex::new(0));
            let server_end = wrap(Counted {
                inner: server_end,
                vectored,
                writes: Arc::clone(&writes),
            });
            let body: Vec<Bytes> = pieces.iter().map(|&n| Bytes::from(vec![7; n])).collect();
            let server = tokio::spawn(async move {
                let mut connection = h2::server::handshake(server_end)
                    .await
                    .expect("the server handshake");
                let mut before = None;
                while let Some(request) = connection.accept().await {
                    let (_, mut respond) = request.expect("a request");
                    before = Some(*writes.lock().expect("not poisoned"));
                    let mut send = respond
                        .send_response(Response::new(()), false)
                        .expect("the headers");
                    for piece in &body {
                        send.send_data(piece.clone(), false).expect("a piece");
                    }
                    let mut trailers = HeaderMap::new();
                    trailers.insert("grpc-status", HeaderValue::from_static("0"));
                    send.send_trailers(trailers).expect("the trailers");
                }
                (before, writes)
            });
            let (mut client, connection) = h2::client::handshake(client_end)
                .await
                .expect("the client handshake");
            let driver = tokio::spawn(connection);
            let request = Request::get("http://arbiter/").body(()).expect("a request");
            let (response, _) = client.send_request(request, true).expect("sent");
            let mut body = response.await.expect("a response").into_body();
            let mut received = 0;
            while let Some(data) = body.data().await {
                let data = data.expect("the body");
                received += data.len();
                let _ = body.flow_control().release_capacity(data.len());
            }
            assert_eq!(received, pieces.iter().sum::<usize>());
            assert!(body.trailers().await.expect("trailers").is_some());
            drop(client);
            driver.abort();
            let (before, writes) = server.await.expect("the server ends");
            let after = *writes.lock().expect("not poisoned");
            after - before.expect("the request arrived")
        }

        #[tokio::test]
        async fn plaintext_pieces_under_1024_bytes_leave_with_headers_and_trailers_in_one_write() {
            let piece = PLAIN_PIECE_BYTES;
            assert_eq!(writes_for(false, &[piece, piece, 454]).await, 1);
            // One byte more and h2 writes the frame from its own memory.
            assert!(writes_for(false, &[piece + 1]).await > 1);
            assert!(writes_for(false, &[2 * piece + 454]).await > 1);
        }

        #[tokio::test]
        async fn vectored_pieces_under_256_bytes_leave_with_headers_and_trailers_in_one_write() {
            let piece = VECTORED_PIECE_BYTES;
            assert_eq!(writes_for(true, &[piece; 6]).await, 1);
            assert!(writes_for(true, &[piece + 1]).await > 1);
        }

        /// A body past [`MAX_CUT_BYTES`] goes to h2 whole, which writes each
        /// 16 KiB DATA frame in two calls on a plaintext socket (its head and
        /// first KiB, then the rest); `net::coalesce` makes that one `writev`
        /// a frame. When h2 writes such frames differently, this fails and
        /// the coalescing's gain (BENCHMARKS.md, "Floors") needs measuring again.
        #[tokio::test]
        async fn large_frames_take_one_write_each_through_the_coalescing_socket() {
            let frames = 3;
            let body = [frames * 16 * 1024];
            let plain = writes_for(false, &body).await;
            let coalesced = writes_through(true, Coalesced::new, &body).await;
            assert!(plain >= 2 * frames, "{plain} writes without coalescing");
            assert!(
                coalesced <= frames + 1,
                "{coalesced} writes with coalescing"
            );
        }

        /// Up to [`MAX_CUT_BYTES`], the pieces fill h2's write buffer at
        /// most twice.
        #[tokio::test]
        async fn a_body_of_the_largest_cut_size_takes_at_most_two_writes() {
            let pieces = vec![PLAIN_PIECE_BYTES; MAX_CUT_BYTES / PLAIN_PIECE_BYTES];
            assert!(writes_for(false, &pieces).await <= 2);
        }
    }
}
