//! The house's load-bearing walls (ARCHITECTURE.md, "Forbidden dependencies"),
//! checked on the sources: a module may not name a module it must never
//! depend on, and a source file stays a file of one concern in size.

#![allow(clippy::unwrap_used)]

use std::{
    fs,
    path::{Path, PathBuf},
};

/// The paths a file of each folder must never name, and why.
const FORBIDDEN: &[(&str, &[&str], &str)] = &[
    (
        "src/game",
        &[
            "crate::transport",
            "crate::search",
            "crate::config",
            "crate::telemetry",
            "crate::proto",
            "tonic",
            "prost",
            "tokio",
        ],
        "the rules know no wire, no engine and no process",
    ),
    (
        "src/game/chess",
        &["xiangqi::"],
        "the games stand apart; what they share lives in game/ itself",
    ),
    (
        "src/game/xiangqi",
        &["chess::", "shakmaty"],
        "the games stand apart; what they share lives in game/ itself",
    ),
    (
        "src/search",
        &[
            "crate::transport",
            "crate::proto",
            "tonic",
            "prost",
            "tokio",
        ],
        "the engine knows no wire; its events are domain types",
    ),
    (
        "src/transport",
        &[
            "search::eval",
            "crate::game::chess::",
            "crate::game::xiangqi::",
        ],
        "the transport converts and routes; searches are set up by search::Analysis",
    ),
    (
        "src/uci",
        &[
            "crate::transport",
            "crate::proto",
            "tonic",
            "prost",
            "tokio",
            "search::eval",
            "crate::game::chess::",
            "crate::game::xiangqi::",
        ],
        "the UCI protocol knows no wire; it searches through search::Analysis or a Backend",
    ),
];

/// Longest source file, in lines, unless its first lines say why it must be one
/// file or that it is generated (`@generated`, the code from tools/protogen).
const MAX_LINES: usize = 700;

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The code of a file without its comments, so that a doc comment may name
/// what the code may not use.
fn code(text: &str) -> String {
    text.lines()
        .map(|line| line.split("//").next().unwrap_or_default())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn no_module_names_what_it_must_not_depend_on() {
    let mut broken = Vec::new();
    for (folder, never, why) in FORBIDDEN {
        let mut files = Vec::new();
        sources(&root().join(folder), &mut files);
        assert!(!files.is_empty(), "{folder} has no sources");
        for file in files {
            let text = code(&fs::read_to_string(&file).unwrap());
            for name in *never {
                if text.contains(name) {
                    broken.push(format!(
                        "{} names `{name}`: {why}",
                        file.strip_prefix(root()).unwrap().display()
                    ));
                }
            }
        }
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

#[test]
fn source_files_stay_files_of_one_concern() {
    let mut files = Vec::new();
    sources(&root().join("src"), &mut files);
    let long: Vec<String> = files
        .iter()
        .filter_map(|file| {
            let text = fs::read_to_string(file).unwrap();
            let lines = text.lines().count();
            let explained = text
                .lines()
                .take(12)
                .any(|line| line.contains("one file because") || line.contains("@generated"));
            (lines > MAX_LINES && !explained).then(|| {
                format!(
                    "{}: {lines} lines",
                    file.strip_prefix(root()).unwrap().display()
                )
            })
        })
        .collect();
    assert!(
        long.is_empty(),
        "over {MAX_LINES} lines:\n{}",
        long.join("\n")
    );
}
