//! The house's load-bearing walls (ARCHITECTURE.md, "Forbidden dependencies")
//! that Cargo cannot keep. Between crates, Cargo keeps them: `arbiter-rules`
//! has no dependency on the engine, the service or the gRPC stack, so it
//! cannot name them; the test below only checks that those dependencies stay
//! absent from its tree. Within a crate, the sources are read with a Rust
//! parser: every path a file names (in a `use`, grouped or not, and in its
//! code) is resolved against the file's module, so `use crate::{xiangqi::X}`
//! or `super::super::xiangqi::X` are caught as surely as `crate::xiangqi::X`.

#![allow(clippy::unwrap_used)]

use std::{
    collections::BTreeSet,
    fs,
    path::{Path, PathBuf},
    process::Command,
};

use syn::visit::Visit;

/// Module prefixes a folder's files must never name, and why. Paths are
/// absolute: `crate::…` within the folder's crate, or an external crate's
/// name.
const FORBIDDEN: &[(&str, &[&str], &str)] = &[
    (
        "crates/arbiter-rules/src/chess",
        &["crate::xiangqi"],
        "the games stand apart; what they share lives at the crate's root",
    ),
    (
        "crates/arbiter-rules/src/xiangqi",
        &["crate::chess", "shakmaty"],
        "the games stand apart; what they share lives at the crate's root",
    ),
    (
        "src/transport",
        &[
            "arbiter_engine::eval",
            "arbiter_rules::chess",
            "arbiter_rules::xiangqi",
        ],
        "the transport converts and routes; searches are set up by arbiter_engine::Analysis",
    ),
    (
        "src/external",
        &[
            "arbiter_rules",
            "arbiter_engine",
            "crate::transport",
            "crate::proto",
            "crate::arena",
            "tonic",
            "prost",
            "tokio",
        ],
        "an engine process is driven line by line; its caller judges what it answers",
    ),
    (
        "src/engines",
        &[
            "crate::transport",
            "crate::proto",
            "crate::arena",
            "crate::uci",
            "tonic",
            "prost",
            "tokio",
            "arbiter_engine::eval",
            "arbiter_rules::chess",
            "arbiter_rules::xiangqi",
        ],
        "an external engine is asked in the rules' terms through Game; the wire and the runtime are the transport's",
    ),
    (
        "src/uci",
        &[
            "crate::transport",
            "crate::proto",
            "tonic",
            "prost",
            "tokio",
            "arbiter_engine::eval",
            "arbiter_rules::chess",
            "arbiter_rules::xiangqi",
        ],
        "the UCI protocol knows no wire; it searches through arbiter_engine::Analysis or a Backend",
    ),
];

/// Packages that must not be in a library crate's dependency tree (normal
/// dependencies, transitively), and why.
const FORBIDDEN_PACKAGES: &[(&str, &[&str], &str)] = &[
    (
        "arbiter-rules",
        &[
            "arbiter-engine",
            "arbiter",
            "tokio",
            "tonic",
            "prost",
            "tracing-subscriber",
            "metrics",
            "metrics-exporter-prometheus",
        ],
        "the rules know no wire, no engine and no process",
    ),
    (
        "arbiter-engine",
        &[
            "arbiter",
            "tokio",
            "tonic",
            "prost",
            "tracing-subscriber",
            "metrics",
            "metrics-exporter-prometheus",
        ],
        "the engine knows no wire and no runtime; its pool reports through PoolObserver",
    ),
];

/// Longest source file, in lines, unless its first lines say why it must be one
/// file or that it is generated (`@generated`, the code from tools/protogen).
const MAX_LINES: usize = 700;

/// The source folders of the workspace's crates, with each one's root file.
const CRATES: &[(&str, &str)] = &[
    ("src", "lib.rs"),
    ("crates/arbiter-rules/src", "lib.rs"),
    ("crates/arbiter-engine/src", "lib.rs"),
];

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

/// The module a file is, as segments under `crate`: `src/transport/rpc/mod.rs`
/// is `[transport, rpc]`, `crates/arbiter-rules/src/chess/fen/write.rs` is
/// `[chess, fen, write]`.
fn module_of(file: &Path, crate_src: &Path) -> Vec<String> {
    let relative = file.strip_prefix(crate_src).unwrap();
    let mut segments: Vec<String> = relative
        .iter()
        .map(|part| part.to_string_lossy().into_owned())
        .collect();
    let last = segments.pop().unwrap();
    let stem = last.trim_end_matches(".rs");
    if !matches!(stem, "mod" | "lib" | "main") {
        segments.push(stem.to_owned());
    }
    segments
}

/// Every path a file names, resolved to an absolute one where it starts with
/// `crate`, `self` or `super` (a path that starts with any other name is kept
/// as written: an external crate, or a name in scope, which a `use` of the
/// same file names in full). Inline `mod` blocks (tests) are entered.
struct Paths {
    module: Vec<String>,
    found: BTreeSet<String>,
}

impl Paths {
    fn resolve(&self, segments: &[String]) -> String {
        let mut module = self.module.clone();
        let mut rest = segments;
        match rest.first().map(String::as_str) {
            Some("crate") => {
                module.clear();
                rest = &rest[1..];
            }
            Some("self") => rest = &rest[1..],
            Some("super") => {
                while rest.first().map(String::as_str) == Some("super") {
                    module.pop();
                    rest = &rest[1..];
                }
            }
            _ => return segments.join("::"),
        }
        let mut absolute = vec!["crate".to_owned()];
        absolute.extend(module);
        absolute.extend(rest.iter().cloned());
        absolute.join("::")
    }

    fn use_tree(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree) {
        match tree {
            syn::UseTree::Path(path) => {
                prefix.push(path.ident.to_string());
                self.use_tree(prefix, &path.tree);
                prefix.pop();
            }
            syn::UseTree::Name(name) => {
                prefix.push(name.ident.to_string());
                self.found.insert(self.resolve(prefix));
                prefix.pop();
            }
            syn::UseTree::Rename(rename) => {
                prefix.push(rename.ident.to_string());
                self.found.insert(self.resolve(prefix));
                prefix.pop();
            }
            syn::UseTree::Glob(_) => {
                self.found.insert(self.resolve(prefix));
            }
            syn::UseTree::Group(group) => {
                for item in &group.items {
                    self.use_tree(prefix, item);
                }
            }
        }
    }
}

impl<'ast> Visit<'ast> for Paths {
    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        let mut prefix = Vec::new();
        self.use_tree(&mut prefix, &item.tree);
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        if segments.len() > 1 {
            self.found.insert(self.resolve(&segments));
        }
        syn::visit::visit_path(self, path);
    }

    fn visit_item_mod(&mut self, item: &'ast syn::ItemMod) {
        if item.content.is_some() {
            self.module.push(item.ident.to_string());
            syn::visit::visit_item_mod(self, item);
            self.module.pop();
        }
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        // Paths inside a macro's tokens (`assert!(matches!(x, crate::a::B))`)
        // are read as far as they parse as expressions.
        if let Ok(args) = mac.parse_body_with(
            syn::punctuated::Punctuated::<syn::Expr, syn::Token![,]>::parse_terminated,
        ) {
            for arg in &args {
                self.visit_expr(arg);
            }
        }
        syn::visit::visit_macro(self, mac);
    }
}

/// The absolute paths `file` names.
fn named_paths(file: &Path, crate_src: &Path) -> BTreeSet<String> {
    let text = fs::read_to_string(file).unwrap();
    let syntax =
        syn::parse_file(&text).unwrap_or_else(|e| panic!("{} does not parse: {e}", file.display()));
    let mut paths = Paths {
        module: module_of(file, crate_src),
        found: BTreeSet::new(),
    };
    paths.visit_file(&syntax);
    paths.found
}

fn crate_src_of(folder: &str) -> &'static str {
    CRATES
        .iter()
        .map(|(src, _)| *src)
        .filter(|src| folder.starts_with(src))
        .max_by_key(|src| src.len())
        .unwrap()
}

fn is_under(path: &str, prefix: &str) -> bool {
    path == prefix || path.starts_with(&format!("{prefix}::"))
}

#[test]
fn no_module_names_what_it_must_not_depend_on() {
    let mut broken = Vec::new();
    for (folder, never, why) in FORBIDDEN {
        let crate_src = root().join(crate_src_of(folder));
        let mut files = Vec::new();
        sources(&root().join(folder), &mut files);
        assert!(!files.is_empty(), "{folder} has no sources");
        for file in files {
            for path in named_paths(&file, &crate_src) {
                for name in *never {
                    if is_under(&path, name) {
                        broken.push(format!(
                            "{} names `{path}`: {why}",
                            file.strip_prefix(root()).unwrap().display()
                        ));
                    }
                }
            }
        }
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

/// The reader itself: a grouped import, a relative path and a path in code
/// are each resolved to the module they name.
#[test]
fn the_import_reader_resolves_grouped_and_relative_paths() {
    let dir = std::env::temp_dir().join(format!("arbiter-architecture-{}", std::process::id()));
    let src = dir.join("src");
    fs::create_dir_all(src.join("chess")).unwrap();
    let file = src.join("chess").join("game.rs");
    fs::write(
        &file,
        "use crate::{types::Side, xiangqi::{Position as P}};\n\
         use super::super::xiangqi::Move;\n\
         fn f() { let _ = crate::xiangqi::perft::run(); let _ = shakmaty::Chess::default(); }\n\
         mod tests { use super::super::board::Board; }\n",
    )
    .unwrap();
    let found = named_paths(&file, &src);
    fs::remove_dir_all(&dir).unwrap();
    for expected in [
        "crate::types::Side",
        "crate::xiangqi::Position",
        "crate::xiangqi::Move",
        "crate::xiangqi::perft::run",
        "shakmaty::Chess::default",
        "crate::chess::board::Board",
    ] {
        assert!(found.contains(expected), "{expected} not in {found:?}");
    }
}

/// The packages in `package`'s normal-dependency tree on this host, from
/// `cargo tree` (the package itself included).
fn dependency_tree(package: &str) -> BTreeSet<String> {
    let output = Command::new(env!("CARGO"))
        .args(["tree", "--offline", "-e", "normal", "--prefix", "none"])
        .args(["--format", "{p}", "-p", package])
        .current_dir(root())
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "cargo tree -p {package}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .map(str::to_owned)
        .collect()
}

#[test]
fn library_crates_do_not_depend_on_the_service_stack() {
    let mut broken = Vec::new();
    for (package, never, why) in FORBIDDEN_PACKAGES {
        let tree = dependency_tree(package);
        assert!(tree.contains(*package), "the tree reader found nothing");
        for name in *never {
            if tree.contains(*name) {
                broken.push(format!("{package} depends on {name}: {why}"));
            }
        }
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

#[test]
fn source_files_stay_files_of_one_concern() {
    let mut files = Vec::new();
    for (src, _) in CRATES {
        sources(&root().join(src), &mut files);
    }
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
