//! The HTTP/2 receive windows of both ports: how much request data a client
//! may send before the server has read it.
//!
//! A stream whose handler stops reading (a `Rules.BatchStream` or
//! `Rules.Play` whose client does not take its answers: the session waits to
//! hand over its next answer before it reads its next message) must hold its
//! client back by flow control, and only by flow control. h2 also guards the
//! server's memory against floods of small DATA frames: each unread frame
//! under 256 bytes charges a connection-wide budget with the difference
//! (`256 - payload`), refunded when the application reads it, and a
//! connection whose budget runs out is closed with GOAWAY
//! `ENHANCE_YOUR_CALM` ("too_many_data_frames"), every call on it lost. The
//! budget is half the connection window. With hyper's default windows
//! (1 MiB per stream and per connection) a stalled stream of one-message
//! frames of 11 bytes (a `Play` move, a small `BatchStream` item) spends
//! the 512 KiB budget after about 2,100 frames, 23 KiB of data, long before
//! its 1 MiB window closes: the connection of a client that merely reads
//! slowly was cut, and one stalled stream could also take the whole
//! connection window from the calls beside it.
//!
//! So the stream window is small and the connection window large. A stalled
//! stream holds at most [`STREAM_WINDOW`] bytes in h2; in frames of 7 bytes
//! (the smallest message the API has, a framed `PlayUndo`) that charges
//! about 570 KiB, in frames of 11 bytes 360 KiB, against a budget of half
//! [`CONNECTION_WINDOW`], 1 MiB: one connection holds one stalled stream of
//! the smallest messages, or two of 11-byte moves, or five of 20-byte items,
//! before h2 would close it; a client that sends larger messages, or several
//! in a frame, charges less or nothing. The other calls of the connection
//! keep the rest of the connection window.
//!
//! The cost: a client sends at most 16 KiB of one request before the server
//! acknowledges it, so a request of 1 MiB (the largest allowed, a long
//! record to parse) takes 64 round trips: nothing on a local network, about
//! 3 s at 50 ms. Nearly every request (a position and its history) fits
//! one window. h2 holds at most 2 MiB of unread requests per connection
//! (with 128 streams stalled at once), against 1 MiB before.

/// The receive window of each stream, in bytes: what a client may send on
/// one call before the server has read it.
pub const STREAM_WINDOW: u32 = 16 * 1024;

/// The receive window of each connection, in bytes, shared by its streams;
/// h2's budget for small unread frames is half of it.
pub const CONNECTION_WINDOW: u32 = 2 * 1024 * 1024;
