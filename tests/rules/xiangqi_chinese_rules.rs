//! The Chinese rules' classes of single moves (mate threat, chase by material won, the
//! general's part) and how a ruling explains itself. The loop verdicts, in both colours,
//! are in tests/data/xiangqi_repetition.txt (`cxq` lines).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use arbiter_rules::xiangqi::chase::chased_by;
use arbiter_rules::xiangqi::cxq::{chased_by_cn, is_mate_threat, mates_in_one};
use arbiter_rules::xiangqi::{GameRecord, Position, StatusOptions, notation};
use arbiter_rules::{LoopMoveClass, LoopStatus, Outcome, Reason, RuleSet, Side, Strictness};

fn position(fen: &str) -> Position {
    Position::from_fen(fen, Strictness::Lenient).unwrap()
}

/// The points of the pieces `mv` chases in `fen` under the Chinese rules and under AXF.
fn chased_both(fen: &str, mv: &str) -> (Vec<String>, Vec<String>) {
    let before = position(fen);
    let m = notation::parse_move(&before, mv, false).unwrap();
    let mut after = before.clone();
    after.play(m);
    let names = |set: arbiter_rules::xiangqi::SquareSet| -> Vec<String> {
        set.iter().map(|s| s.to_string()).collect()
    };
    (
        names(chased_by_cn(&before, &after, m, false)),
        names(chased_by(&before, &after, m)),
    )
}

#[test]
fn the_general_backing_another_piece_chases_but_alone_is_idle() {
    // CXQ 27.1 and detail 9. The red general steps to d1 behind the black horse on d2,
    // which the red chariot attacks and the black chariot on d5 protects: chariot takes,
    // chariot retakes, the general retakes, and Red is a horse up. Not an AXF chase: the
    // horse is protected, and the general's attacks never count there.
    assert_eq!(
        chased_both("5k3/9/9/9/3r5/9/9/R2n5/4K4/9 w - - 0 1", "e1d1"),
        (vec!["d2".to_owned()], vec![])
    );
    // The general alone, on a protected or an unprotected horse: idle.
    assert_eq!(
        chased_both("5k3/9/9/9/3r5/9/9/3n5/4K4/9 w - - 0 1", "e1d1"),
        (vec![], vec![])
    );
    assert_eq!(
        chased_both("5k3/9/9/9/9/9/9/3n5/4K4/9 w - - 0 1", "e1d1"),
        (vec![], vec![])
    );
}

#[test]
fn a_piece_with_too_few_protectors_is_chased() {
    // AXF diagram 86, Red's first move: the chariot on h6 joins the one on i0 against the
    // black cannon on i6, protected once by the chariot on i7. Taking it wins material
    // (cannon, chariot, chariot), a chase under the Chinese rules; AXF counts the cannon
    // as protected.
    assert_eq!(
        chased_both("3akab2/9/4b3r/8c/p8/7R1/P8/9/4A4/r1BAK3R w - - 0 1", "h4h6"),
        (vec!["i6".to_owned()], vec![])
    );
}

#[test]
fn a_mate_threat_is_a_mate_in_one_were_the_opponent_to_pass() {
    // After the red chariot's move to a7, Black to move: had Black passed, a7a8 would
    // leave the black general without a move (spec 5's stalemate, a loss).
    let after = position("3k5/9/R8/9/9/9/9/9/9/4K4 b - - 0 1");
    assert!(is_mate_threat(&after));
    assert!(mates_in_one(&position(
        "3k5/9/R8/9/9/9/9/9/9/4K4 w - - 0 1"
    )));
    // With an advisor to move, there is no mate in one.
    let after = position("3k5/4a4/R8/9/9/9/9/9/9/4K4 b - - 0 1");
    assert!(!is_mate_threat(&after));
    // A check is a check, not a mate threat.
    assert!(!is_mate_threat(&position(
        "R2k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1"
    )));
}

/// Plays `moves` from `fen` under `rule` (count 2) until the game ends.
fn judged(fen: &str, moves: &str, rule: RuleSet) -> GameRecord {
    let options = StatusOptions {
        rule_set: rule,
        repetition_count: 2,
        ..StatusOptions::default()
    };
    let mut record = GameRecord::new(position(fen), options);
    for text in moves.split_whitespace() {
        if record.outcome().is_over() {
            break;
        }
        let m = notation::parse_move(record.position(), text, false).unwrap();
        record.push(m).unwrap();
    }
    record
}

#[test]
fn one_check_one_chase_explains_itself_under_both_rule_sets() {
    // The orange-xiangqi "one check one chase" loop (AXF rule 12).
    let (fen, moves) = (
        "1R1C1abr1/4k4/4b4/p7p/2p6/9/r1P3P2/B8/9/2B1KA3 w - - 0 1",
        "b9b8 e8e9 b8b9 e9e8 b9b8 e8e9",
    );
    let chinese = judged(fen, moves, RuleSet::Chinese);
    let ruling = chinese.repetition_ruling().unwrap();
    assert_eq!(
        ruling.outcome,
        Outcome::Decisive {
            winner: Side::Black,
            reason: Reason::ForbiddenMixed
        }
    );
    assert_eq!(ruling.offender, Some(Side::White));
    let sides = ruling.sides.as_ref().unwrap();
    assert_eq!(
        [sides[0].status, sides[1].status],
        [LoopStatus::ForbiddenMixed, LoopStatus::Allowed]
    );
    assert!(!sides[0].chased.is_empty());
    let classes: Vec<LoopMoveClass> = ruling.moves.iter().map(|m| m.class).collect();
    let red: Vec<LoopMoveClass> = ruling
        .moves
        .iter()
        .zip(&chinese.plies()[ruling.first_ply..])
        .filter(|(_, p)| p.mover == Side::White)
        .map(|(m, _)| m.class)
        .collect();
    assert!(red.contains(&LoopMoveClass::Check) && red.contains(&LoopMoveClass::Chase));
    assert_eq!(classes.len(), ruling.last_ply - ruling.first_ply + 1);
    assert!(
        ruling.explanation.contains("Chinese rules"),
        "{}",
        ruling.explanation
    );
    assert!(
        ruling.explanation.contains("checks b9b8"),
        "{}",
        ruling.explanation
    );

    let axf = judged(fen, moves, RuleSet::Axf);
    let ruling = axf.repetition_ruling().unwrap();
    assert_eq!(
        ruling.outcome,
        Outcome::Draw {
            reason: Reason::Repetition
        }
    );
    assert!(ruling.moves.iter().any(|m| m.class == LoopMoveClass::Check));
}
