//! The xiangqi search plays by the rules the service judges by: perpetual
//! check loses (AXF and Simple), repetitions draw under Casual, a side
//! without legal moves loses, and the move limit draws.

#![allow(clippy::unwrap_used)]

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use arbiter::eval::XiangqiEvaluator;
use arbiter::game::RuleSet;
use arbiter::game::xiangqi::notation::{format_iccs, parse_iccs};
use arbiter::game::xiangqi::{FenStrictness, Position};
use arbiter::search::xiangqi::{XiangqiNode, XiangqiRules};
use arbiter::search::{Limits, Score, SearchRequest, SearchResult, TranspositionTable, search};

fn run(
    mut request: SearchRequest<XiangqiNode>,
    rules: XiangqiRules,
) -> SearchResult<arbiter::game::xiangqi::Move> {
    request.rules = rules;
    let mut tt = TranspositionTable::new(4);
    search(
        &request,
        &XiangqiEvaluator,
        &mut tt,
        Arc::new(AtomicBool::new(false)),
        &mut |_| {},
    )
}

fn rules(rule_set: RuleSet) -> XiangqiRules {
    XiangqiRules {
        rule_set,
        ..XiangqiRules::default()
    }
}

/// Red, a chariot against five crossed soldiers and two horses, has checked
/// on every move of a loop that has already occurred twice; repeating it once
/// more is a perpetual check.
fn perpetual_check_request() -> SearchRequest<XiangqiNode> {
    let start = Position::from_fen(
        "n3k3n/9/9/9/3R5/9/9/2p6/pp5pp/5K3 w - - 0 1",
        FenStrictness::Strict,
    )
    .unwrap();
    let moves: Vec<_> = ["d5e5", "e9d9", "e5d5", "d9e9", "d5e5", "e9d9"]
        .iter()
        .map(|m| parse_iccs(m).unwrap())
        .collect();
    SearchRequest::after_moves(
        XiangqiNode::new(start),
        &moves,
        Limits {
            depth: Some(6),
            ..Limits::default()
        },
    )
}

#[test]
fn perpetual_check_is_a_draw_under_casual_rules() {
    let result = run(perpetual_check_request(), rules(RuleSet::Casual));
    assert_eq!(result.score, Score::Centipawns(0));
    assert_eq!(result.best_move.map(format_iccs).as_deref(), Some("e5d5"));
}

#[test]
fn perpetual_check_loses_under_axf_and_simple_rules_so_the_engine_avoids_it() {
    for rule_set in [RuleSet::Axf, RuleSet::Simple] {
        let result = run(perpetual_check_request(), rules(rule_set));
        assert_ne!(result.best_move.map(format_iccs).as_deref(), Some("e5d5"));
        assert!(
            matches!(result.score, Score::Centipawns(c) if c < -200),
            "{rule_set:?}: {:?}",
            result.score
        );
    }
}

#[test]
fn no_legal_move_loses_even_without_check() {
    // Black's general is stalemated: the chariot covers d8 and the facing
    // generals rule covers e9. In xiangqi that is a loss, not a draw.
    let stalemated =
        Position::from_fen("3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1", FenStrictness::Strict).unwrap();
    assert!(!stalemated.in_check());
    let result = run(
        SearchRequest::new(XiangqiNode::new(stalemated), Limits::default()),
        XiangqiRules::default(),
    );
    assert_eq!(result.best_move, None);
    assert_eq!(result.score, Score::Mate(0));
}

#[test]
fn move_limit_draws_a_won_position() {
    // A chariot up, but 119 plies without capture: any quiet move reaches
    // the limit of 120.
    let pos = Position::from_fen(
        "3aka3/9/9/9/9/9/9/9/9/R2K5 w - - 119 80",
        FenStrictness::Strict,
    )
    .unwrap();
    let limits = Limits {
        depth: Some(3),
        ..Limits::default()
    };
    let with_limit = run(
        SearchRequest::new(XiangqiNode::new(pos.clone()), limits.clone()),
        XiangqiRules::default(),
    );
    assert_eq!(with_limit.score, Score::Centipawns(0));
    let without = run(
        SearchRequest::new(XiangqiNode::new(pos), limits),
        XiangqiRules {
            move_limit_plies: 0,
            ..XiangqiRules::default()
        },
    );
    assert!(
        matches!(without.score, Score::Centipawns(c) if c > 500)
            || matches!(without.score, Score::Mate(n) if n > 0)
    );
}
