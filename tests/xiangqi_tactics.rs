//! Xiangqi tactics solved within fixed node budgets.
//!
//! Each position is a composed, minimal illustration of a classic xiangqi
//! mating pattern as taught in the standard literature (staggered chariots,
//! horse behind cannon, iron bolt, palcorner horse, flying general, double
//! cannon, two soldiers knocking at the door, ...), Each is
//! given with Red to move and with colours reversed (Black to move). Mate
//! distances and the winning move were confirmed independently with
//! Fairy-Stockfish 11.1 (`UCI_Variant xiangqi`, 2 M nodes, MultiPV 2).

#![allow(clippy::unwrap_used)]

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use arbiter::eval::XiangqiEvaluator;
use arbiter::game::xiangqi::notation::format_iccs;
use arbiter::game::xiangqi::{FenStrictness, Position};
use arbiter::search::xiangqi::XiangqiNode;
use arbiter::search::{Limits, Score, SearchRequest, TranspositionTable, search};

enum Expect {
    /// The side to move mates in at most this many moves.
    MateIn(i32),
    /// The only move that wins material (ICCS).
    #[allow(dead_code)]
    Best(&'static str),
}
use Expect::{Best, MateIn};

const NODE_BUDGET: u64 = 3_000_000;

const TACTICS: &[(&str, &str, Expect)] = &[
    (
        "staggered chariots (Red to move)",
        "4k4/R8/9/9/9/9/9/9/1R7/3K5 w - - 0 1",
        MateIn(1),
    ),
    (
        "staggered chariots (colours reversed, Black to move)",
        "3k5/1r7/9/9/9/9/9/9/r8/4K4 b - - 0 1",
        MateIn(1),
    ),
    (
        "horse behind cannon (Red to move)",
        "4k4/9/4N4/9/C8/9/9/9/9/3K5 w - - 0 1",
        MateIn(1),
    ),
    (
        "horse behind cannon (colours reversed, Black to move)",
        "3k5/9/9/9/9/c8/9/4n4/9/4K4 b - - 0 1",
        MateIn(1),
    ),
    (
        "iron bolt (Red to move)",
        "3aka3/R8/4C4/9/9/9/9/9/9/4K4 w - - 0 1",
        MateIn(1),
    ),
    (
        "iron bolt (colours reversed, Black to move)",
        "4k4/9/9/9/9/9/9/4c4/r8/3AKA3 b - - 0 1",
        MateIn(1),
    ),
    (
        "palcorner horse with chariot (Red to move)",
        "3aka3/9/6N2/9/9/9/9/9/7R1/3K5 w - - 0 1",
        MateIn(2),
    ),
    (
        "palcorner horse with chariot (colours reversed, Black to move)",
        "3k5/7r1/9/9/9/9/9/6n2/9/3AKA3 b - - 0 1",
        MateIn(2),
    ),
    (
        "flying general with chariot (Red to move)",
        "3k5/R8/9/9/9/9/9/9/4R4/4K4 w - - 0 1",
        MateIn(1),
    ),
    (
        "flying general with chariot (colours reversed, Black to move)",
        "4k4/4r4/9/9/9/9/9/9/r8/3K5 b - - 0 1",
        MateIn(1),
    ),
    (
        "flying general with soldier (Red to move)",
        "5k3/9/4P4/4N4/9/9/9/9/9/4K4 w - - 0 1",
        MateIn(1),
    ),
    (
        "flying general with soldier (colours reversed, Black to move)",
        "4k4/9/9/9/9/9/4n4/4p4/9/5K3 b - - 0 1",
        MateIn(1),
    ),
    (
        "two soldiers knocking at the door (Red to move)",
        "4k4/9/3P1P3/9/9/9/9/9/4A4/4K4 w - - 0 1",
        MateIn(2),
    ),
    (
        "two soldiers knocking at the door (colours reversed, Black to move)",
        "4k4/4a4/9/9/9/9/9/3p1p3/9/4K4 b - - 0 1",
        MateIn(2),
    ),
    (
        "chariot and cannon on the central file (Red to move)",
        "3aka3/9/9/9/9/3R3C1/4C4/9/9/3K5 w - - 0 1",
        MateIn(1),
    ),
    (
        "chariot and cannon on the central file (colours reversed, Black to move)",
        "3k5/9/9/4c4/3r3c1/9/9/9/9/3AKA3 b - - 0 1",
        MateIn(1),
    ),
    (
        "chariot with the general's support (Red to move)",
        "5k3/4a4/9/9/9/9/6R2/9/4R4/4K4 w - - 0 1",
        MateIn(1),
    ),
    (
        "chariot with the general's support (colours reversed, Black to move)",
        "4k4/4r4/9/6r2/9/9/9/9/4A4/5K3 b - - 0 1",
        MateIn(1),
    ),
    (
        "soldier and chariot (Red to move)",
        "4ka3/3P3R1/9/9/9/9/9/9/9/3K5 w - - 0 1",
        MateIn(1),
    ),
    (
        "soldier and chariot (colours reversed, Black to move)",
        "3k5/9/9/9/9/9/9/9/3p3r1/4KA3 b - - 0 1",
        MateIn(1),
    ),
    (
        "palcorner horse with cannon (Red to move)",
        "3k1a3/4a4/9/1N7/9/9/9/7C1/9/5K3 w - - 0 1",
        MateIn(3),
    ),
    (
        "palcorner horse with cannon (colours reversed, Black to move)",
        "5k3/9/7c1/9/9/9/1n7/9/4A4/3K1A3 b - - 0 1",
        MateIn(3),
    ),
    (
        "chariot and horse (Red to move)",
        "9/4k4/9/1N5R1/9/9/9/9/9/3K5 w - - 0 1",
        MateIn(2),
    ),
    (
        "chariot and horse (colours reversed, Black to move)",
        "3k5/9/9/9/9/9/1n5r1/9/4K4/9 b - - 0 1",
        MateIn(2),
    ),
    (
        "double cannon (Red to move)",
        "3k5/1R2a4/9/9/4C4/9/9/9/4C4/5K3 w - - 0 1",
        MateIn(1),
    ),
    (
        "double cannon (colours reversed, Black to move)",
        "5k3/4c4/9/9/9/4c4/9/9/1r2A4/3K5 b - - 0 1",
        MateIn(1),
    ),
    (
        "cannon and soldier with the general's support (Red to move)",
        "4ka3/4a4/9/3P5/9/9/9/9/9/C2K5 w - - 0 1",
        MateIn(3),
    ),
    (
        "cannon and soldier with the general's support (colours reversed, Black to move)",
        "c2k5/9/9/9/9/9/3p5/9/4A4/4KA3 b - - 0 1",
        MateIn(3),
    ),
    (
        "horse and cannon (Red to move)",
        "3ak4/4a4/9/9/4N4/9/9/9/4C4/3K5 w - - 0 1",
        MateIn(4),
    ),
    (
        "horse and cannon (colours reversed, Black to move)",
        "3k5/4c4/9/9/9/4n4/9/9/4A4/3AK4 b - - 0 1",
        MateIn(4),
    ),
];

#[test]
fn classic_xiangqi_patterns_are_solved_within_node_budget() {
    assert!(TACTICS.len() >= 30);
    let mut tt = TranspositionTable::new(16);
    let mut failures = Vec::new();
    for (source, fen, expect) in TACTICS {
        let position = Position::from_fen(fen, FenStrictness::Strict).unwrap();
        let limits = Limits {
            nodes: Some(NODE_BUDGET),
            ..Limits::default()
        };
        let request = SearchRequest::new(XiangqiNode::new(position), limits);
        let result = search(
            &request,
            &XiangqiEvaluator,
            &mut tt,
            Arc::new(AtomicBool::new(false)),
            &mut |_| {},
        );
        let best = result.best_move.map(format_iccs);
        let solved = match expect {
            MateIn(n) => matches!(result.score, Score::Mate(m) if m > 0 && m <= *n),
            Best(iccs) => best.as_deref() == Some(*iccs),
        };
        if !solved {
            failures.push(format!(
                "{source}: got {best:?} {:?} after {} nodes",
                result.score, result.nodes
            ));
        }
    }
    assert!(failures.is_empty(), "unsolved:\n{}", failures.join("\n"));
}
