//! Times a chess perft: `cargo run --release --example chess_perft -- <depth> [FEN]`.

use std::time::Instant;

use arbiter_rules::{Game, LoadOptions, RuleOptions, Variant};

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().and_then(|d| d.parse().ok()).unwrap_or(6);
    let fen = args.collect::<Vec<_>>().join(" ");
    let game = match Game::load(
        Variant::Chess,
        &fen,
        &[] as &[&str],
        LoadOptions::default(),
        &RuleOptions::default(),
    ) {
        Ok(game) => game,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let start = Instant::now();
    let nodes = game.perft(depth, false).nodes;
    let secs = start.elapsed().as_secs_f64();
    #[allow(clippy::cast_precision_loss)]
    let rate = nodes as f64 / secs / 1e6;
    println!("depth {depth}: {nodes} nodes in {secs:.3} s = {rate:.1} M nodes/s");
}
