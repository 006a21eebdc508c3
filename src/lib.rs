//! Arbiter: a stateless gRPC rules service for Western chess and Xiangqi.
//!
//! The crate is layered so that data flows one way, wire → transport →
//! domain → transport → wire: [`game`] holds the rules and knows nothing of
//! gRPC; [`transport`] is the only code that touches generated protobuf
//! types; [`config`] and [`telemetry`] assemble the process.

pub mod config;
#[cfg(any(test, feature = "fuzzing"))]
pub mod fuzz;
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
pub mod game;
pub mod search;
pub mod telemetry;
pub mod transport;
pub mod uci;

/// The generated protobuf and gRPC code, which lives in the transport; the
/// crate's clients reach it here.
pub use transport::proto;
