//! The xiangqi search plays by the rules the service judges by: perpetual
//! check loses (AXF, Simple and Chinese), perpetual chase loses (AXF), a
//! perpetual mate threat loses (Chinese), repetitions
//! draw under Casual, a side without legal moves loses, and the move limit
//! draws, with checks beyond the discount not counted. Where a test leans on
//! a ruling, `replay` (the service's own ruling) is asked first, so the
//! search is shown to agree with it.

#![allow(clippy::unwrap_used)]

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use arbiter_engine::eval::XiangqiEvaluator;
use arbiter_engine::xiangqi::XiangqiNode;
use arbiter_engine::{Limits, Score, SearchMemory, SearchRequest, SearchResult, search};
use arbiter_rules::Strictness;
use arbiter_rules::xiangqi::notation::{format_iccs, parse_iccs};
use arbiter_rules::xiangqi::{Move, MoveLimitCounter, Position, StatusOptions, replay};
use arbiter_rules::{Outcome, Reason, RuleSet, Side};

fn run(
    mut request: SearchRequest<XiangqiNode>,
    rules: StatusOptions,
) -> SearchResult<arbiter_rules::xiangqi::Move> {
    request.rules = rules;
    let mut memory = SearchMemory::new(4);
    search(
        &request,
        &XiangqiEvaluator,
        &mut memory,
        Arc::new(AtomicBool::new(false)),
        &mut |_| {},
    )
}

fn rules(rule_set: RuleSet) -> StatusOptions {
    StatusOptions {
        rule_set,
        ..StatusOptions::default()
    }
}

/// Red, a chariot against five crossed soldiers and two horses, has checked
/// on every move of a loop that has already occurred twice; repeating it once
/// more is a perpetual check.
fn perpetual_check_request() -> SearchRequest<XiangqiNode> {
    let start = Position::from_fen(
        "n3k3n/9/9/9/3R5/9/9/2p6/pp5pp/5K3 w - - 0 1",
        Strictness::Strict,
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
        Position::from_fen("3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1", Strictness::Strict).unwrap();
    assert!(!stalemated.in_check());
    let result = run(
        SearchRequest::new(XiangqiNode::new(stalemated), Limits::default()),
        StatusOptions::default(),
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
        Strictness::Strict,
    )
    .unwrap();
    let limits = Limits {
        depth: Some(3),
        ..Limits::default()
    };
    let with_limit = run(
        SearchRequest::new(XiangqiNode::new(pos.clone()), limits.clone()),
        StatusOptions::default(),
    );
    assert_eq!(with_limit.score, Score::Centipawns(0));
    let without = run(
        SearchRequest::new(XiangqiNode::new(pos), limits),
        StatusOptions {
            move_limit_plies: 0,
            ..StatusOptions::default()
        },
    );
    assert!(
        matches!(without.score, Score::Centipawns(c) if c > 500)
            || matches!(without.score, Score::Mate(n) if n > 0)
    );
}

fn moves(text: &str) -> Vec<Move> {
    text.split_whitespace()
        .map(|m| parse_iccs(m).unwrap())
        .collect()
}

fn position(fen: &str) -> Position {
    Position::from_fen(fen, Strictness::Strict).unwrap()
}

/// The service's ruling after `played` from `fen` (3rd occurrence decides).
fn ruling(fen: &str, played: &[Move], rule: RuleSet) -> Outcome {
    let options = StatusOptions {
        rule_set: rule,
        ..StatusOptions::default()
    };
    replay(&position(fen), played, &options).unwrap().outcome
}

fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

/// Orange-xiangqi's repetition suite, AXF diagram 32 (tests/data/xiangqi_repetition.txt):
/// Red's chariot follows Black's unprotected cannon, which threatens mate, along
/// ranks 4 and 5; Red chases it on every move. The loop is b4a4 a5e5 a4e4 e5a5 e4a4...
const CHASE_FEN: &str = "2bk1a3/4a4/4b4/9/c8/1R7/3r5/4B4/4A4/4KAB2 w - - 0 1";
const CHASE_LOOP: &str = "b4a4 a5e5 a4e4 e5a5 e4a4 a5e5 a4e4 e5a5";

#[test]
fn perpetual_chase_loses_under_axf_so_the_engine_steps_out_of_the_loop() {
    // Two turns of the loop are played; e4a4 now would be the third occurrence
    // of the position after b4a4.
    let played = moves(CHASE_LOOP);
    let mut completing = played.clone();
    completing.push(parse_iccs("e4a4").unwrap());
    assert_eq!(
        ruling(CHASE_FEN, &completing, RuleSet::Axf),
        Outcome::Decisive {
            winner: Side::Black,
            reason: Reason::PerpetualChase
        }
    );
    assert_eq!(
        ruling(CHASE_FEN, &completing, RuleSet::Simple),
        Outcome::Draw {
            reason: Reason::Repetition
        }
    );

    let request =
        || SearchRequest::after_moves(XiangqiNode::new(position(CHASE_FEN)), &played, depth(6));
    let axf = run(request(), rules(RuleSet::Axf));
    assert_ne!(
        axf.best_move.map(format_iccs).as_deref(),
        Some("e4a4"),
        "{axf:?}"
    );
    assert!(
        !matches!(axf.score, Score::Mate(n) if n < 0),
        "{:?}",
        axf.score
    );

    // Where only perpetual check loses, repeating is a draw, and with a mate
    // threat against it Red takes the draw.
    let simple = run(request(), rules(RuleSet::Simple));
    assert_eq!(
        simple.best_move.map(format_iccs).as_deref(),
        Some("e4a4"),
        "{simple:?}"
    );
    assert_eq!(simple.score, Score::Centipawns(0));
}

#[test]
fn the_engine_completes_a_repetition_its_opponent_loses_by_perpetual_chase() {
    // The same loop entered one turn later: the game starts where Red is to
    // play e4a4, so the third occurrence of the start position comes with
    // Black's flight e5a5, and the chaser loses.
    let mut start = position(CHASE_FEN);
    for m in moves("b4a4 a5e5 a4e4 e5a5") {
        start.play(m);
    }
    let fen = start.to_fen();
    let played = moves("e4a4 a5e5 a4e4 e5a5 e4a4 a5e5 a4e4");
    let mut completing = played.clone();
    completing.push(parse_iccs("e5a5").unwrap());
    assert_eq!(
        ruling(&fen, &completing, RuleSet::Axf),
        Outcome::Decisive {
            winner: Side::Black,
            reason: Reason::PerpetualChase
        }
    );

    let request =
        || SearchRequest::after_moves(XiangqiNode::new(position(&fen)), &played, depth(4));
    let axf = run(request(), rules(RuleSet::Axf));
    assert_eq!(axf.best_move.map(format_iccs).as_deref(), Some("e5a5"));
    assert_eq!(axf.score, Score::Mate(1));

    // Under SIMPLE the same flight is only a draw.
    let simple = run(request(), rules(RuleSet::Simple));
    assert!(
        !matches!(simple.score, Score::Mate(_)),
        "{:?}",
        simple.score
    );
}

#[test]
fn the_search_needs_the_history_moves_to_rule_a_chase() {
    // Without the moves of the history the loop cannot be replayed, so the
    // repetition is scored a draw rather than guessed.
    let played = moves(CHASE_LOOP);
    let mut request =
        SearchRequest::after_moves(XiangqiNode::new(position(CHASE_FEN)), &played, depth(6));
    request.history_moves.clear();
    let result = run(request, rules(RuleSet::Axf));
    assert_eq!(result.best_move.map(format_iccs).as_deref(), Some("e4a4"));
    assert_eq!(result.score, Score::Centipawns(0));
}

/// Two chariots against a bare general, 119 plies without capture: a1e1 e9f9
/// e1e8 wins in two (Black is left without a legal move, a loss in xiangqi),
/// but only if the check a1e1 does not advance the move-limit counter to 120
/// first. Fairy-Stockfish 11.1 (no move limit) confirms the win in two.
const LIMIT_FEN: &str = "4k4/9/9/9/9/9/9/9/R8/1R1K5 w - - 119 80";

#[test]
fn move_limit_counts_checks_as_the_rules_do() {
    let mate = moves("a1e1 e9f9 e1e8");
    for (discount, expected) in [
        (
            0,
            Outcome::Decisive {
                winner: Side::White,
                reason: Reason::Stalemate,
            },
        ),
        (
            10,
            Outcome::Draw {
                reason: Reason::MoveLimit,
            },
        ),
    ] {
        let options = StatusOptions {
            check_discount: discount,
            ..StatusOptions::default()
        };
        let status = replay(&position(LIMIT_FEN), &mate, &options);
        // Under the default discount the game ends after the first check, so
        // the rest of the line is refused.
        let outcome = match status {
            Ok(status) => status.outcome,
            Err(_) => {
                replay(&position(LIMIT_FEN), &mate[..1], &options)
                    .unwrap()
                    .outcome
            }
        };
        assert_eq!(outcome, expected, "discount {discount}");
    }

    let search_with = |discount: u32| {
        let pos = position(LIMIT_FEN);
        let node = XiangqiNode::with_move_limit(pos, MoveLimitCounter::new(119), discount);
        run(SearchRequest::new(node, depth(5)), StatusOptions::default())
    };
    // Every check is past a discount of zero: the counter stays at 119 and
    // the win stands.
    let discounted = search_with(0);
    assert_eq!(discounted.score, Score::Mate(2), "{discounted:?}");
    assert_eq!(
        discounted.best_move.map(format_iccs).as_deref(),
        Some("a1e1")
    );
    // The first check still counts under the default discount of ten: any
    // move reaches the limit.
    let counted = search_with(10);
    assert_eq!(counted.score, Score::Centipawns(0), "{counted:?}");
}

#[test]
fn the_move_limit_counter_follows_the_line_searched() {
    let pos = position(LIMIT_FEN);
    let node = XiangqiNode::with_move_limit(pos, MoveLimitCounter::new(119), 0);
    use arbiter_engine::SearchGame as _;
    let after_check = node.play(parse_iccs("a1e1").unwrap());
    assert_eq!(after_check.move_limit_counter().value(), 119);
    let after_reply = after_check.play(parse_iccs("e9f9").unwrap());
    assert_eq!(after_reply.move_limit_counter().value(), 119);
    let quiet = after_reply.play(parse_iccs("b0b1").unwrap());
    assert_eq!(quiet.move_limit_counter().value(), 120);
}

#[test]
fn a_repetition_count_of_two_is_ruled_at_the_first_return() {
    // The chase loop again, one turn in: with a count of 2 Black's flight
    // e5a5 returns to the start position and already decides the game.
    let mut start = position(CHASE_FEN);
    for m in moves("b4a4 a5e5 a4e4 e5a5") {
        start.play(m);
    }
    let fen = start.to_fen();
    let played = moves("e4a4 a5e5 a4e4");
    let mut completing = played.clone();
    completing.push(parse_iccs("e5a5").unwrap());
    let options = StatusOptions {
        repetition_count: 2,
        ..StatusOptions::default()
    };
    assert_eq!(
        replay(&position(&fen), &completing, &options)
            .unwrap()
            .outcome,
        Outcome::Decisive {
            winner: Side::Black,
            reason: Reason::PerpetualChase
        }
    );
    let search_with = |repetition_count: u32| {
        let request =
            SearchRequest::after_moves(XiangqiNode::new(position(&fen)), &played, depth(4));
        run(
            request,
            StatusOptions {
                repetition_count,
                ..StatusOptions::default()
            },
        )
    };
    let two = search_with(2);
    assert_eq!(two.best_move.map(format_iccs).as_deref(), Some("e5a5"));
    assert_eq!(two.score, Score::Mate(1));
    // Under the default count the same flight decides nothing yet.
    assert!(!matches!(search_with(3).score, Score::Mate(_)));
}

/// Orange-xiangqi's "perpetual kill" (tests/data/xiangqi_repetition.txt, a `cxq` line):
/// each move of the red cannon between c2 and g2 threatens mate, which AXF allows
/// (rule 9) and the Chinese rules forbid (长杀).
const MATE_THREAT_FEN: &str = "3aka3/4n4/4b4/4C4/p3p3p/9/2c6/2C6/4K4/9 w - - 0 1";

fn lenient(fen: &str) -> Position {
    Position::from_fen(fen, Strictness::Lenient).unwrap()
}

fn ruling_lenient(fen: &str, played: &[Move], rule: RuleSet) -> Outcome {
    let options = StatusOptions {
        rule_set: rule,
        ..StatusOptions::default()
    };
    replay(&lenient(fen), played, &options).unwrap().outcome
}

#[test]
fn under_the_chinese_rules_the_engine_exploits_a_perpetual_mate_threat() {
    // Black's g3c3 makes the third occurrence of the start position.
    let played = moves("c2g2 c3g3 g2c2 g3c3 c2g2 c3g3 g2c2");
    let mut completing = played.clone();
    completing.push(parse_iccs("g3c3").unwrap());
    assert_eq!(
        ruling_lenient(MATE_THREAT_FEN, &completing, RuleSet::Chinese),
        Outcome::Decisive {
            winner: Side::Black,
            reason: Reason::PerpetualMateThreat
        }
    );
    assert_eq!(
        ruling_lenient(MATE_THREAT_FEN, &completing, RuleSet::Axf),
        Outcome::Draw {
            reason: Reason::Repetition
        }
    );
    let request = || {
        SearchRequest::after_moves(
            XiangqiNode::new(lenient(MATE_THREAT_FEN)),
            &played,
            depth(4),
        )
    };
    let chinese = run(request(), rules(RuleSet::Chinese));
    assert_eq!(chinese.best_move.map(format_iccs).as_deref(), Some("g3c3"));
    assert_eq!(chinese.score, Score::Mate(1));
    let axf = run(request(), rules(RuleSet::Axf));
    assert!(!matches!(axf.score, Score::Mate(_)), "{:?}", axf.score);
}

#[test]
fn under_the_chinese_rules_the_engine_does_not_walk_into_a_perpetual_mate_threat() {
    // Red to move: g2c2 would let Black complete the loop, which Red loses.
    let played = moves("c2g2 c3g3 g2c2 g3c3 c2g2 c3g3");
    let request = || {
        SearchRequest::after_moves(
            XiangqiNode::new(lenient(MATE_THREAT_FEN)),
            &played,
            depth(6),
        )
    };
    let chinese = run(request(), rules(RuleSet::Chinese));
    assert_ne!(
        chinese.best_move.map(format_iccs).as_deref(),
        Some("g2c2"),
        "{chinese:?}"
    );
    assert!(
        !matches!(chinese.score, Score::Mate(n) if n < 0),
        "{:?}",
        chinese.score
    );
    // Under AXF the loop is a draw, and Red, otherwise worse, takes it.
    let axf = run(request(), rules(RuleSet::Axf));
    assert_eq!(axf.best_move.map(format_iccs).as_deref(), Some("g2c2"));
    assert_eq!(axf.score, Score::Centipawns(0));
}
