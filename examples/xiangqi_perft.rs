//! Times a xiangqi perft: `cargo run --release --example xiangqi_perft -- <depth> [FEN]`.

use std::time::Instant;

use arbiter_rules::Strictness;
use arbiter_rules::xiangqi::{Position, perft};

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().and_then(|d| d.parse().ok()).unwrap_or(5);
    let fen: Vec<String> = args.collect();
    let pos = if fen.is_empty() {
        Position::startpos()
    } else {
        match Position::from_fen(&fen.join(" "), Strictness::Lenient) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("bad FEN: {e}");
                std::process::exit(2);
            }
        }
    };
    let start = Instant::now();
    let nodes = perft(&pos, depth);
    let secs = start.elapsed().as_secs_f64();
    println!(
        "depth {depth}: {nodes} nodes in {secs:.3} s = {:.1} M nodes/s",
        nodes as f64 / secs / 1e6
    );
}
