//! Compiles the public contract (proto/arbiter/v1) into Rust and writes the
//! descriptor set that server reflection serves. Pure Rust (protox), so no
//! system `protoc` is needed.

use std::{env, fs, path::PathBuf};

use prost::Message as _;

const PROTOS: [&str; 3] = [
    "proto/arbiter/v1/common.proto",
    "proto/arbiter/v1/rules.proto",
    "proto/arbiter/v1/engine.proto",
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
    tonic_prost_build::configure()
        .codec_path("crate::transport::codec::ProtoCodec")
        .build_client(true)
        .build_server(true)
        .compile_fds(descriptors)?;
    Ok(())
}
