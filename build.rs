//! Compiles the public contract (proto/arbiter/v1) into Rust and writes the
//! descriptor set that server reflection serves. Pure Rust (protox), so no
//! system `protoc` is needed.
//!
//! Two passes: the messages and the clients, then the servers. The servers'
//! pass takes the messages from the first (`crate::proto`), except the
//! messages the server writes or reads itself (`crate::transport::rpc::wire`), so
//! a client still uses prost's types for every message.

use std::{env, fs, path::PathBuf};

use prost::Message as _;

const PROTOS: [&str; 4] = [
    "proto/arbiter/v1/common.proto",
    "proto/arbiter/v1/rules.proto",
    "proto/arbiter/v1/engine.proto",
    "proto/arbiter/v1/records.proto",
];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    for proto in PROTOS {
        println!("cargo:rerun-if-changed={proto}");
    }
    let descriptors = protox::compile(PROTOS, ["proto"])?;
    let out_dir = PathBuf::from(env::var("OUT_DIR")?);
    fs::write(
        out_dir.join("arbiter_descriptor.bin"),
        descriptors.encode_to_vec(),
    )?;
    let messages_dir = out_dir.join("messages");
    let servers_dir = out_dir.join("servers");
    fs::create_dir_all(&messages_dir)?;
    fs::create_dir_all(&servers_dir)?;
    tonic_prost_build::configure()
        .codec_path("crate::transport::rpc::codec::ProtoCodec")
        .build_client(true)
        .build_server(false)
        .extern_path(".google.rpc", "::tonic_types::pb")
        .out_dir(&messages_dir)
        .compile_fds(descriptors.clone())?;
    tonic_prost_build::configure()
        .codec_path("crate::transport::rpc::codec::ProtoCodec")
        .build_client(false)
        .build_server(true)
        .extern_path(".arbiter.v1", "crate::proto")
        .extern_path(".google.rpc", "::tonic_types::pb")
        .extern_path(
            ".arbiter.v1.LegalMovesResponse",
            "crate::transport::rpc::wire::EncodedLegalMoves",
        )
        .extern_path(
            ".arbiter.v1.GameStatusRequest",
            "crate::transport::rpc::wire::GameStatusRequestView",
        )
        .out_dir(&servers_dir)
        .compile_fds(descriptors)?;
    Ok(())
}
