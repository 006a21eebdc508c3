//! The committed protobuf code (`src/transport/generated/`) is the output of
//! `cargo run -p arbiter-protogen` for the contract as it is now: each file's
//! header carries the fingerprint of the inputs it was generated from, and
//! this test recomputes it the way the generator does (FNV-1a 64 over each
//! input's path and bytes: every `.proto` under `proto/` by path, then the
//! generator).

#![allow(clippy::unwrap_used)]

use std::{
    fs,
    path::{Path, PathBuf},
};

const GENERATOR: &str = "tools/protogen/src/main.rs";
const OPENAPI_GENERATOR: &str = "tools/protogen/src/openapi.rs";

const GENERATED: [&str; 2] = [
    "src/transport/generated/arbiter.v1.rs",
    "src/transport/generated/arbiter.v1.servers.rs",
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn protos_under(dir: &Path, out: &mut Vec<String>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            protos_under(&path, out);
        } else if path.extension().is_some_and(|e| e == "proto") {
            let relative = path.strip_prefix(root()).unwrap();
            let parts: Vec<_> = relative.iter().map(|p| p.to_string_lossy()).collect();
            out.push(parts.join("/"));
        }
    }
}

fn fingerprint() -> u64 {
    let mut inputs = Vec::new();
    protos_under(&root().join("proto"), &mut inputs);
    inputs.sort();
    inputs.push(GENERATOR.to_owned());
    inputs.push(OPENAPI_GENERATOR.to_owned());
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for path in &inputs {
        for byte in path.bytes().chain(fs::read(root().join(path)).unwrap()) {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    }
    hash
}

#[test]
fn generated_code_is_regenerated_from_the_current_contract() {
    let expected = format!("// inputs: fnv1a64 {:016x}", fingerprint());
    for file in GENERATED {
        let text = fs::read_to_string(root().join(file)).unwrap();
        let stamp = text.lines().nth(1).unwrap_or_default();
        assert_eq!(
            stamp, expected,
            "{file} was generated from another contract: run `cargo run -p arbiter-protogen` and commit src/transport/generated/"
        );
    }
}

/// The OpenAPI document `/openapi.json` serves is the generator's output for
/// the same inputs: it carries their fingerprint too.
#[test]
fn the_openapi_document_is_regenerated_from_the_current_contract() {
    let text = fs::read_to_string(root().join("src/transport/generated/openapi.json")).unwrap();
    let expected = format!("\"x-arbiter-inputs\": \"fnv1a64 {:016x}\"", fingerprint());
    assert!(
        text.contains(&expected),
        "openapi.json was generated from another contract: run `cargo run -p arbiter-protogen` and commit src/transport/generated/"
    );
    // Every RPC of the contract has its path.
    let mut protos = Vec::new();
    protos_under(&root().join("proto/arbiter/v1"), &mut protos);
    for proto in protos {
        let source = fs::read_to_string(root().join(&proto)).unwrap();
        let mut service = None;
        for line in source.lines().map(str::trim) {
            if let Some(rest) = line.strip_prefix("service ") {
                service = rest.split_whitespace().next().map(str::to_owned);
            } else if let (Some(rest), Some(service)) = (line.strip_prefix("rpc "), &service) {
                let method = rest.split('(').next().unwrap().trim();
                let path = format!("\"/arbiter.v1.{service}/{method}\"");
                assert!(text.contains(&path), "openapi.json has no {path}");
            }
        }
    }
}

/// Every file of the `arbiter.v1` package is compiled by the generator, so a
/// new `.proto` file cannot be added to the contract and forgotten there.
#[test]
fn the_generator_compiles_every_file_of_the_contract() {
    let generator = fs::read_to_string(root().join(GENERATOR)).unwrap();
    let mut protos = Vec::new();
    protos_under(&root().join("proto/arbiter/v1"), &mut protos);
    assert!(!protos.is_empty());
    for proto in &protos {
        assert!(
            generator.contains(&format!("\"{proto}\"")),
            "{proto} is not compiled by tools/protogen"
        );
    }
}
