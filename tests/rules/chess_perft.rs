//! The chess perft suite (tests/data/chess.epd, counts from Stockfish 15.1,
//! see its provenance in docs/development.md) through the domain's
//! perft. The default run covers every depth up to a node budget per
//! position; the ignored test runs every listed depth.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use arbiter_rules::{Game, LoadOptions, RuleOptions, Variant};

use crate::support::data::{self, Entry};

/// Default-run budget per (position, depth): keeps the README's test command
/// well under a minute on two cores.
const DEFAULT_NODE_BUDGET: u64 = 5_000_000;

fn suite() -> Vec<Entry> {
    data::perft_suite(data::CHESS_EPD)
}

fn run(budget: u64) -> usize {
    let mut checked = 0;
    for case in suite() {
        let game = Game::load(
            Variant::Chess,
            &case.fen,
            &[] as &[&str],
            LoadOptions::default(),
            &RuleOptions::default(),
        )
        .unwrap_or_else(|e| panic!("{}: {e}", case.fen));
        for &(depth, expected) in &case.counts {
            if expected > budget {
                continue;
            }
            assert_eq!(
                game.perft(depth, false).nodes,
                expected,
                "{} depth {depth}",
                case.fen
            );
            checked += 1;
        }
    }
    checked
}

#[test]
fn chess_perft_suite_within_budget() {
    let suite = suite();
    assert_eq!(suite.len(), 36);
    let checked = run(DEFAULT_NODE_BUDGET);
    assert!(
        checked >= 150,
        "only {checked} (position, depth) pairs checked"
    );
    // Every position is covered at depth ≥ 4 or is terminal.
    for case in &suite {
        let covered = case
            .counts
            .iter()
            .filter(|(_, n)| *n <= DEFAULT_NODE_BUDGET)
            .map(|(d, _)| *d)
            .max()
            .unwrap_or(0);
        assert!(covered >= 4 || case.counts == [(1, 0)], "{}", case.fen);
    }
}

#[test]
fn divide_sums_to_total() {
    let game = Game::load(
        Variant::Chess,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        &[] as &[&str],
        LoadOptions::default(),
        &RuleOptions::default(),
    )
    .unwrap();
    let report = game.perft(3, true);
    assert_eq!(report.nodes, 97_862);
    assert_eq!(report.divide.len(), 48);
    assert_eq!(report.divide.iter().map(|(_, n)| n).sum::<u64>(), 97_862);
}

#[test]
#[ignore = "full depth: billions of nodes, minutes in release mode"]
fn chess_perft_suite_full_depth() {
    run(u64::MAX);
}
