//! The committed protobuf code (`src/transport/generated/`) is the output of
//! `cargo run -p arbiter-protogen` for the contract as it is now: each file's
//! header carries the fingerprint of the inputs it was generated from, and
//! this test recomputes it the way the generator does (FNV-1a 64 over each
//! input's path and bytes, in the generator's order).

#![allow(clippy::unwrap_used)]

use std::{fs, path::PathBuf};

/// The generator's inputs, in its order: the `.proto` files, then itself.
const INPUTS: [&str; 4] = [
    "proto/arbiter/v1/common.proto",
    "proto/arbiter/v1/rules.proto",
    "proto/arbiter/v1/engine.proto",
    "tools/protogen/src/main.rs",
];

const GENERATED: [&str; 2] = [
    "src/transport/generated/arbiter.v1.rs",
    "src/transport/generated/arbiter.v1.servers.rs",
];

fn fingerprint() -> u64 {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for path in INPUTS {
        for byte in path.bytes().chain(fs::read(root.join(path)).unwrap()) {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    }
    hash
}

#[test]
fn generated_code_is_regenerated_from_the_current_contract() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let expected = format!("// inputs: fnv1a64 {:016x}", fingerprint());
    for file in GENERATED {
        let text = fs::read_to_string(root.join(file)).unwrap();
        let stamp = text.lines().nth(1).unwrap_or_default();
        assert_eq!(
            stamp, expected,
            "{file} was generated from another contract: run `cargo run -p arbiter-protogen` and commit src/transport/generated/"
        );
    }
}

/// The generator lists the same inputs as this test, so a new `.proto` file
/// cannot be added to one and forgotten in the other.
#[test]
fn the_generator_reads_the_inputs_this_test_fingerprints() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let generator = fs::read_to_string(root.join("tools/protogen/src/main.rs")).unwrap();
    let protos: Vec<String> = fs::read_dir(root.join("proto/arbiter/v1"))
        .unwrap()
        .map(|entry| {
            format!(
                "proto/arbiter/v1/{}",
                entry.unwrap().file_name().to_string_lossy()
            )
        })
        .collect();
    for proto in &protos {
        assert!(
            INPUTS.contains(&proto.as_str()),
            "{proto} is not fingerprinted here"
        );
        assert!(
            generator.contains(&format!("\"{proto}\"")),
            "{proto} is not compiled by tools/protogen"
        );
    }
    assert_eq!(
        protos.len() + 1,
        INPUTS.len(),
        "an input is not a .proto file of the contract"
    );
}
