//! Generated protobuf and gRPC code for the `arbiter.v1` package, and the
//! descriptor set reflection serves. The code is committed in `generated/`,
//! written by `cargo run -p arbiter-protogen` (tools/protogen) from
//! proto/arbiter/v1; a test fails when it is older than the contract.

#![allow(clippy::all, clippy::pedantic, missing_docs, unreachable_pub)]
include!("generated/arbiter.v1.rs");
include!("generated/arbiter.v1.servers.rs");

/// Encoded descriptors of the `arbiter.v1` files, served by reflection.
pub const FILE_DESCRIPTOR_SET: &[u8] = include_bytes!("generated/arbiter_descriptor.bin");
