//! The Chinese rules' classes of single moves (mate threat by checks, chase by material
//! won, the general's part) and how a ruling explains itself. The loop verdicts, in both
//! colours, are in tests/data/xiangqi_repetition.txt (`cxq` and `constructed` lines).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use arbiter_rules::xiangqi::chase::chased_by;
use arbiter_rules::xiangqi::cxq::{chased_by_cn, is_mate_threat, mates_in_one};
use arbiter_rules::xiangqi::mate_by_checks::{MAX_CHECKS, NODE_BUDGET, shortest_mate_by_checks};
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

/// `fen` on the board seen from the other side: ranks reversed, colours swapped.
fn mirrored(fen: &str) -> String {
    let mut fields = fen.split_whitespace();
    let board: Vec<String> = fields
        .next()
        .unwrap()
        .split('/')
        .rev()
        .map(|rank| {
            rank.chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect()
        })
        .collect();
    let side = if fields.next() == Some("w") { "b" } else { "w" };
    format!("{} {side} - - 0 1", board.join("/"))
}

/// The length of the shortest mate by checks of the side to move in `fen` and in its
/// mirror (the same for both colours), under the rules' bounds.
fn mate_by_checks_both(fen: &str) -> Option<u32> {
    let red = shortest_mate_by_checks(&position(fen), MAX_CHECKS, NODE_BUDGET);
    let black = shortest_mate_by_checks(&position(&mirrored(fen)), MAX_CHECKS, NODE_BUDGET);
    assert_eq!(red, black, "{fen} and its mirror");
    red
}

#[test]
fn a_mate_threat_is_a_mate_by_checks_were_the_opponent_to_pass() {
    // Constructed positions. After the red chariot's move to a7, Black to move: had
    // Black passed, a7d7 would be mate (d8 covered by the chariot, e9 by the flying
    // general).
    for fen in [
        "3k5/9/R8/9/9/9/9/9/9/4K4 b - - 0 1",
        &mirrored("3k5/9/R8/9/9/9/9/9/9/4K4 b - - 0 1"),
    ] {
        assert!(is_mate_threat(&position(fen)), "{fen}");
    }
    assert_eq!(
        mate_by_checks_both("3k5/9/R8/9/9/9/9/9/9/4K4 w - - 0 1"),
        Some(1)
    );
    // With an advisor to move, there is no mate by checks (a7d7 is met by the advisor
    // taking, a7a9 by the general stepping to d8, and the chariot alone finds no more).
    assert!(!is_mate_threat(&position(
        "3k5/4a4/R8/9/9/9/9/9/9/4K4 b - - 0 1"
    )));
    // A check is a check, not a mate threat.
    assert!(!is_mate_threat(&position(
        "R2k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1"
    )));
}

#[test]
fn a_threat_to_stalemate_by_a_quiet_move_is_not_a_mate_threat() {
    // Constructed. Red's i7i8 would leave the black general without a move (d8 covered
    // along rank 8, e9 by the flying general): a stalemate, which Red wins (spec 5), so
    // a capture that allowed it would win nothing (mates_in_one). But i7i8 is no check,
    // and no series of checks mates (the soldier on f7 keeps the chariot off d7): the
    // rules' 杀 is a threat to mate "by a check or consecutive checks" (照将或连续照将),
    // so this is not one.
    for fen in [
        "3k5/9/5P2R/9/9/9/9/9/9/4K4 w - - 0 1",
        &mirrored("3k5/9/5P2R/9/9/9/9/9/9/4K4 w - - 0 1"),
    ] {
        assert!(mates_in_one(&position(fen)), "{fen}");
        let after = position(fen).null_move().unwrap();
        assert!(!is_mate_threat(&after), "{fen}");
    }
    assert_eq!(
        mate_by_checks_both("3k5/9/5P2R/9/9/9/9/9/9/4K4 w - - 0 1"),
        None
    );
}

#[test]
fn mates_by_a_series_of_checks() {
    // Constructed positions in the patterns the rule books name (the published
    // diagrams were not at hand), each in both colours.
    //
    // Two checks: a9 drives the general to e8, then b7b8 mates (e9 covered along rank
    // 9, e7 by the soldier, f8 by the flying general).
    assert_eq!(
        mate_by_checks_both("4k4/9/1R7/4P4/9/9/7n1/9/R8/5K3 w - - 0 1"),
        Some(2)
    );
    // Three checks, the two chariots taking turns (双车错): a9 (or b9), e8; b8, e7; a7
    // mate. The advisor on e1 keeps the chariots off the e-file.
    let fen = "4k4/9/9/9/9/9/9/9/RR2A4/5K3 w - - 0 1";
    assert_eq!(mate_by_checks_both(fen), Some(3));
    // Bounded: not found when at most two checks may be played, or when the budget
    // for series longer than one check is spent.
    assert_eq!(
        shortest_mate_by_checks(&position(fen), 2, NODE_BUDGET),
        None
    );
    assert_eq!(shortest_mate_by_checks(&position(fen), MAX_CHECKS, 5), None);
    // A series of one check is searched whatever the budget.
    assert_eq!(
        shortest_mate_by_checks(
            &position("3k5/9/R8/9/9/9/9/9/9/4K4 w - - 0 1"),
            MAX_CHECKS,
            0
        ),
        Some(1)
    );
    // No checks, no mate; the start position has none.
    assert_eq!(mate_by_checks_both(arbiter_rules::xiangqi::START_FEN), None);
}

#[test]
fn a_mate_threat_by_two_checks_counts_like_one_by_a_single_check() {
    // Constructed loop, in both colours: Red's chariot goes b7-b8 (threatening a9, mate
    // at once) and back (threatening a9 e8 b8, mate by two checks); Black's horse
    // shuffles h3-i5. Under the Chinese rules both red moves are mate threats, so Red
    // threatens mate on every move (长杀) and loses; counting only mates in one, b8b7
    // would be idle and the loop a draw. Under AXF mate threats are idle: a draw.
    let fen = "4k4/9/1R7/4P4/9/9/7n1/9/R8/5K3 w - - 0 1";
    let moves = "b7b8 h3i5 b8b7 i5h3 b7b8 h3i5 b8b7 i5h3";
    // b8b7 threatens no mate in one.
    let mut after = position(fen);
    for text in moves.split_whitespace().take(3) {
        let m = notation::parse_move(&after, text, false).unwrap();
        after.play(m);
    }
    assert!(!mates_in_one(&after.null_move().unwrap()));
    assert!(is_mate_threat(&after));

    let flip = |text: &str| -> String {
        text.chars()
            .map(|c| {
                c.to_digit(10)
                    .map_or(c, |d| char::from_digit(9 - d, 10).unwrap())
            })
            .collect()
    };
    let black_moves: Vec<String> = moves.split_whitespace().map(flip).collect();
    for (fen, moves, threatening) in [
        (fen.to_owned(), moves.to_owned(), Side::White),
        (mirrored(fen), black_moves.join(" "), Side::Black),
    ] {
        let chinese = judged(&fen, &moves, RuleSet::Chinese);
        let ruling = chinese.repetition_ruling().unwrap();
        assert_eq!(
            ruling.outcome,
            Outcome::Decisive {
                winner: threatening.opponent(),
                reason: Reason::PerpetualMateThreat
            },
            "{}",
            ruling.explanation
        );
        assert_eq!(ruling.offender, Some(threatening));
        let classes: Vec<LoopMoveClass> = ruling
            .moves
            .iter()
            .zip(&chinese.plies()[ruling.first_ply..])
            .filter(|(_, p)| p.mover == threatening)
            .map(|(m, _)| m.class)
            .collect();
        assert_eq!(classes, [LoopMoveClass::MateThreat; 2]);
        assert!(
            ruling
                .explanation
                .contains("threatened mate by checks on every move"),
            "{}",
            ruling.explanation
        );

        let axf = judged(&fen, &moves, RuleSet::Axf);
        assert_eq!(
            axf.repetition_ruling().unwrap().outcome,
            Outcome::Draw {
                reason: Reason::Repetition
            }
        );
    }
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
