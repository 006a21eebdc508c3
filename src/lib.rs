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

/// Generated protobuf and gRPC code for the `arbiter.v1` package.
pub mod proto {
    #![allow(clippy::all, clippy::pedantic, missing_docs)]
    include!(concat!(env!("OUT_DIR"), "/messages/arbiter.v1.rs"));
    include!(concat!(env!("OUT_DIR"), "/servers/arbiter.v1.rs"));

    /// Encoded descriptors of the `arbiter.v1` files, served by reflection.
    pub const FILE_DESCRIPTOR_SET: &[u8] =
        include_bytes!(concat!(env!("OUT_DIR"), "/arbiter_descriptor.bin"));
}
