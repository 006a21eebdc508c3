//! Perft against the reference suite `tests/data/xiangqi.epd` (counts from Fairy-Stockfish
//! 11.1, cross-checked with pyffish; see the suite's README in the project's shared data).

#![allow(clippy::unwrap_used)]
use arbiter_rules::Strictness;
use arbiter_rules::xiangqi::{Position, perft};

use crate::support::data::{self, Entry};

/// Node budget of the default run: every listed depth up to this many leaves.
const DEFAULT_NODE_CAP: u64 = 2_000_000;

fn suite() -> Vec<Entry> {
    data::perft_suite(data::XIANGQI_EPD)
}

fn run(cap: u64) -> usize {
    let mut checked = 0;
    let mut failures = Vec::new();
    for (line, case) in suite().iter().enumerate() {
        let pos = Position::from_fen(&case.fen, Strictness::Lenient)
            .unwrap_or_else(|e| panic!("line {}: {e}: {}", line + 1, case.fen));
        for &(depth, expected) in &case.counts {
            if expected > cap {
                continue;
            }
            let got = perft(&pos, depth);
            checked += 1;
            if got != expected {
                failures.push(format!(
                    "line {} depth {depth}: got {got}, expected {expected} ({})",
                    line + 1,
                    case.fen
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    checked
}

#[test]
fn suite_up_to_two_million_nodes() {
    assert!(run(DEFAULT_NODE_CAP) > 200);
}

#[test]
#[ignore = "slow: every listed depth (run in release)"]
fn suite_every_depth() {
    run(u64::MAX);
}

#[test]
#[ignore = "slow: start position depth 5 (run in release)"]
fn startpos_depth_5() {
    assert_eq!(perft(&Position::startpos(), 5), 133_312_995);
}

#[test]
fn every_suite_fen_is_strictly_valid_and_round_trips() {
    for case in suite() {
        let pos = Position::from_fen(&case.fen, Strictness::Lenient).unwrap();
        let again = Position::from_fen(&pos.to_fen(), Strictness::Lenient).unwrap();
        assert_eq!(pos, again);
        assert_eq!(pos.to_fen(), case.fen, "canonical FEN");
    }
}
