//! Regenerates `src/transport/generated/` from `proto/arbiter/v1`:
//!
//! ```text
//! cargo run -p arbiter-protogen
//! ```
//!
//! The generated code is committed rather than produced by a build script, so
//! that building Arbiter compiles no protobuf compiler (protox, prost-build and
//! their parsers were a sixth of the test suite's build). Each generated file
//! starts with a fingerprint of the inputs (the `.proto` files and this
//! program); a test in `tests/rules/` recomputes it and fails, naming this
//! command, when a `.proto` file changed and the code was not regenerated.
//!
//! Pure Rust (protox), so no system `protoc` is needed. Two passes: the
//! messages and the clients, then the servers. The servers' pass takes the
//! messages from the first (`crate::proto`), except the answers the server
//! writes itself (`crate::transport::rpc::wire`: LegalMovesResponse and the
//! BatchResponse and BatchResult that carry it), so a client still uses
//! prost's types for every message. `google.rpc` (imported for batch errors)
//! is tonic-types' generated code.

use std::{error::Error, fs, path::Path};

use prost::Message as _;

mod openapi;

/// The contract's files; what they import is found under `proto/`.
const PROTOS: [&str; 4] = [
    "proto/arbiter/v1/common.proto",
    "proto/arbiter/v1/rules.proto",
    "proto/arbiter/v1/engine.proto",
    "proto/arbiter/v1/records.proto",
];

/// This program, part of the fingerprint: its settings shape the output too.
const GENERATOR: &str = "tools/protogen/src/main.rs";

/// The OpenAPI writer, part of the fingerprint too.
const OPENAPI_GENERATOR: &str = "tools/protogen/src/openapi.rs";

const OUT: &str = "src/transport/generated";

fn main() -> Result<(), Box<dyn Error>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    std::env::set_current_dir(&root)?;
    let fingerprint = fingerprint(&root)?;
    let header = header(fingerprint);
    let descriptors = protox::compile(PROTOS, ["proto"])?;

    let scratch = root.join("target/protogen");
    let messages_dir = scratch.join("messages");
    let servers_dir = scratch.join("servers");
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
            ".arbiter.v1.BatchResponse",
            "crate::transport::rpc::wire::EncodedBatchResponse",
        )
        .extern_path(
            ".arbiter.v1.BatchResult",
            "crate::transport::rpc::wire::EncodedBatchResult",
        )
        .out_dir(&servers_dir)
        .compile_fds(descriptors.clone())?;

    let out = root.join(OUT);
    fs::create_dir_all(&out)?;
    for (from, to) in [
        (messages_dir.join("arbiter.v1.rs"), "arbiter.v1.rs"),
        (servers_dir.join("arbiter.v1.rs"), "arbiter.v1.servers.rs"),
    ] {
        let code = fs::read_to_string(from)?;
        fs::write(out.join(to), format!("{header}{code}"))?;
    }
    fs::write(
        out.join("arbiter_descriptor.bin"),
        descriptors.encode_to_vec(),
    )?;
    let document = openapi::document(
        &descriptors,
        "arbiter.v1",
        &format!("fnv1a64 {fingerprint:016x}"),
    );
    fs::write(
        out.join("openapi.json"),
        serde_json::to_string_pretty(&document)? + "\n",
    )?;
    println!("wrote {OUT}/ (inputs fnv1a64 {fingerprint:016x})");
    Ok(())
}

/// FNV-1a (64-bit) over each input's path and bytes: every `.proto` file
/// under `proto/` (imports included), by path, then this program and its
/// OpenAPI writer. Stable
/// across Rust and crate versions, and simple enough that the freshness test
/// repeats it without a dependency.
fn fingerprint(root: &Path) -> Result<u64, Box<dyn Error>> {
    let mut inputs = Vec::new();
    protos_under(&root.join("proto"), root, &mut inputs)?;
    inputs.sort();
    inputs.push(GENERATOR.to_owned());
    inputs.push(OPENAPI_GENERATOR.to_owned());
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for path in &inputs {
        for byte in path
            .bytes()
            .chain(fs::read(root.join(path))?.iter().copied())
        {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    }
    Ok(hash)
}

/// The `.proto` files under `dir`, as `/`-separated paths relative to `root`.
fn protos_under(dir: &Path, root: &Path, out: &mut Vec<String>) -> Result<(), Box<dyn Error>> {
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            protos_under(&path, root, out)?;
        } else if path.extension().is_some_and(|e| e == "proto") {
            let relative = path.strip_prefix(root)?;
            let parts: Vec<_> = relative.iter().map(|p| p.to_string_lossy()).collect();
            out.push(parts.join("/"));
        }
    }
    Ok(())
}

fn header(fingerprint: u64) -> String {
    format!(
        "// @generated by `cargo run -p arbiter-protogen` from proto/arbiter/v1; do not edit.\n\
         // inputs: fnv1a64 {fingerprint:016x}\n\
         // One file because it is the generator's output for one protobuf package.\n"
    )
}
