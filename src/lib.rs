//! Arbiter: a stateless gRPC rules service for Western chess and Xiangqi.
//!
//! Data flows one way, wire → transport → domain → transport → wire. The
//! rules are the `arbiter-rules` crate and the engine the `arbiter-engine`
//! crate, neither of which knows gRPC; this crate is the service around them:
//! [`transport`] is the only code that touches generated protobuf types,
//! [`uci`] speaks UCI/UCCI on stdin, and [`config`] and [`telemetry`]
//! assemble the process.

pub mod arena;
pub mod config;
pub mod engines;
pub mod external;
#[cfg(any(test, feature = "fuzzing"))]
pub mod fuzz;
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
#[doc = include_str!("../docs/api.md")]
#[cfg(doctest)]
pub struct ApiDoctests;
pub mod telemetry;
pub mod transport;
pub mod uci;

/// The generated protobuf and gRPC code, which lives in the transport; the
/// crate's clients reach it here.
pub use transport::proto;
