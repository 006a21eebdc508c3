//! Generated protobuf and gRPC code for the `arbiter.v1` package (both passes of
//! `build.rs`), and the descriptor set reflection serves.

#![allow(clippy::all, clippy::pedantic, missing_docs, unreachable_pub)]
include!(concat!(env!("OUT_DIR"), "/messages/arbiter.v1.rs"));
include!(concat!(env!("OUT_DIR"), "/servers/arbiter.v1.rs"));

/// Encoded descriptors of the `arbiter.v1` files, served by reflection.
pub const FILE_DESCRIPTOR_SET: &[u8] =
    include_bytes!(concat!(env!("OUT_DIR"), "/arbiter_descriptor.bin"));
