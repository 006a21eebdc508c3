//! Chase classification of single moves (spec 7 exemptions and exceptions), randomized
//! forced repetitions checked against the simple perpetual-check rule, and a long game.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use arbiter_rules::RuleSet;
use arbiter_rules::Strictness;
use arbiter_rules::xiangqi::chase::chased_by;
use arbiter_rules::xiangqi::{GameRecord, Move, Position, StatusOptions, notation};
use arbiter_rules::{LoopStatus, Outcome, Reason, Side};

use crate::support::{data, rng::Rng};

/// The points of the enemy pieces `mv` chases in `fen`, sorted.
fn chased(fen: &str, mv: &str) -> Vec<String> {
    let before = Position::from_fen(fen, Strictness::Lenient).unwrap();
    let m = notation::parse_move(&before, mv, false).unwrap();
    let mut after = before.clone();
    after.play(m);
    let mut out: Vec<String> = chased_by(&before, &after, m)
        .iter()
        .map(|s| s.to_string())
        .collect();
    out.sort();
    out
}

#[test]
fn advisor_attacking_a_protected_chariot_chases() {
    // The chariot on d2 is protected by the one on d5; an advisor attacking a chariot
    // chases it anyway (AXF: a weaker piece attacking a stronger one).
    assert_eq!(
        chased("3k5/9/9/9/3r5/9/9/3r5/9/3AK4 w - - 0 1", "d0e1"),
        ["d2"]
    );
}

#[test]
fn elephant_attacking_a_protected_horse_chases() {
    assert_eq!(
        chased("3k5/9/6r2/9/9/6n2/9/9/9/2B1K4 w - - 0 1", "c0e2"),
        ["g4"]
    );
}

#[test]
fn chariot_attacking_a_protected_horse_does_not_chase() {
    assert!(chased("3k5/9/9/9/2r6/9/9/2n6/9/R3K4 w - - 0 1", "a0a2").is_empty());
    // Without the protector it does.
    assert_eq!(
        chased("3k5/9/9/9/9/9/9/2n6/9/R3K4 w - - 0 1", "a0a2"),
        ["c2"]
    );
}

#[test]
fn horse_attacking_a_protected_chariot_chases() {
    assert_eq!(
        chased("3k5/9/r7r/9/N8/9/9/9/9/4K4 w - - 0 1", "a5c6"),
        ["a7"]
    );
}

#[test]
fn pinned_attacker_does_not_chase() {
    // The red chariot stays pinned on the e-file; its new attack on the horse is not a
    // capture it may make.
    assert!(chased("3k5/9/4r4/9/9/9/9/n8/4R4/4K4 w - - 0 1", "e1e2").is_empty());
}

#[test]
fn general_and_soldier_attacks_are_not_chases() {
    assert!(chased("3k5/9/9/9/9/9/9/9/4n4/5K3 w - - 0 1", "f0f1").is_empty());
    assert!(chased("3k5/9/9/9/3n5/4P4/9/9/9/4K4 w - - 0 1", "e4e5").is_empty());
}

#[test]
fn soldiers_at_home_are_not_targets_but_crossed_ones_are() {
    assert!(chased("3k5/9/9/4p4/9/9/9/9/9/R3K4 w - - 0 1", "a0a6").is_empty());
    assert_eq!(
        chased("3k5/9/9/9/9/4p4/9/9/9/R3K4 w - - 0 1", "a0a4"),
        ["e4"]
    );
}

#[test]
fn exchange_offers_between_same_kinds_are_not_chases() {
    // Chariot on chariot, the target can hit back.
    assert!(chased("3k5/9/9/9/9/9/9/r8/9/4K2R1 w - - 0 1", "h0h2").is_empty());
}

#[test]
fn move_along_its_line_creates_no_chase() {
    // The chariot already attacked the horse along the a-file before moving along it.
    assert!(chased("3k5/9/9/9/9/n8/9/9/9/R3K4 w - - 0 1", "a0a2").is_empty());
}

#[test]
fn cannon_screens_added_or_removed_chase() {
    // The horse steps onto the e-file and becomes the screen of the red cannon on e1,
    // which now attacks the unprotected black horse on e7.
    assert_eq!(
        chased("5k3/9/4n4/9/9/9/6N2/9/4C4/3K5 w - - 0 1", "g3e4"),
        ["e7"]
    );
    // The horse leaves the e-file: the black cannon on e5 becomes the screen, so the red
    // cannon now attacks the horse on e7 (discovered), and the horse itself attacks the
    // black cannon from g4 (direct).
    assert_eq!(
        chased("5k3/9/4n4/9/4c4/9/4N4/9/4C4/3K5 w - - 0 1", "e3g4"),
        ["e5", "e7"]
    );
}

fn options(rule: RuleSet, count: u32) -> StatusOptions {
    StatusOptions {
        rule_set: rule,
        repetition_count: count,
        move_limit_plies: 0,
        ..StatusOptions::default()
    }
}

/// A quiet legal move of the side to move whose reverse is legal right after it.
fn reversible(pos: &Position, rng: &mut Rng) -> Option<Move> {
    let moves: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| pos.piece_at(m.to).is_none())
        .collect();
    for _ in 0..20 {
        if moves.is_empty() {
            return None;
        }
        let m = moves[rng.below(moves.len())];
        let mut after = pos.clone();
        after.play(m);
        // The reverse is judged after the opponent's reply too; checked when played.
        if after.has_legal_move() {
            return Some(m);
        }
    }
    None
}

/// The start positions of tests/data/xiangqi_repetition.txt.
fn seed_positions() -> Vec<Position> {
    data::XIANGQI_REPETITION
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.split(" | ").nth(1))
        .map(|fen| Position::from_fen(fen, Strictness::Lenient).unwrap())
        .collect()
}

/// Quiet moves `a` (a check) and reply `b` such that `a`, `b`, back, back can be played
/// and the way back checks too.
fn checking_cycle(pos: &Position) -> Option<(Move, Move)> {
    let back = |m: Move| Move::new(m.to, m.from);
    for a in pos.legal_moves() {
        if pos.piece_at(a.to).is_some() || !pos.gives_check(a) {
            continue;
        }
        let mut p1 = pos.clone();
        p1.play(a);
        for b in p1.legal_moves() {
            if p1.piece_at(b.to).is_some() {
                continue;
            }
            let mut p2 = p1.clone();
            p2.play(b);
            let Ok(a2) = p2.validate(back(a).from, back(a).to) else {
                continue;
            };
            if !p2.gives_check(a2) {
                continue;
            }
            let mut p3 = p2.clone();
            p3.play(a2);
            if p3.validate(back(b).from, back(b).to).is_ok() {
                return Some((a, b));
            }
        }
    }
    None
}

#[test]
fn randomized_forced_repetitions_agree_with_the_perpetual_check_rule() {
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    let mut judged = 0;
    let mut decisive_checks = 0;
    let mut found = 0;
    for game in 0..1000 {
        let rule = [
            RuleSet::Axf,
            RuleSet::Simple,
            RuleSet::Casual,
            RuleSet::Chinese,
        ][(game + game / 7) % 4];
        let count = 2 + (game % 4) as u32;
        // Start from the start position or from one of the sparse positions of the
        // adjudication data, where checks are easy to find, then play a few random moves.
        let seeds = seed_positions();
        let start = if game % 5 == 0 {
            Position::startpos()
        } else {
            seeds[rng.below(seeds.len())].clone()
        };
        let mut record = GameRecord::new(start, options(rule, count));
        for _ in 0..rng.below(if game % 5 == 0 { 40 } else { 8 }) {
            let moves = record.position().legal_moves();
            if moves.is_empty() || record.outcome().is_over() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            record.push(m).unwrap();
        }
        if record.outcome().is_over() {
            continue;
        }
        // Then each side shuffles one piece back and forth until the game is ruled. Every
        // other game looks for a shuffle in which the side to move checks on both moves.
        let cycle = if game % 2 == 0 {
            checking_cycle(record.position())
        } else {
            None
        };
        found += usize::from(cycle.is_some());
        let (a, b) = match cycle {
            Some(pair) => pair,
            None => {
                let Some(a) = reversible(record.position(), &mut rng) else {
                    continue;
                };
                let mut probe = record.position().clone();
                probe.play(a);
                let Some(b) = reversible(&probe, &mut rng) else {
                    continue;
                };
                (a, b)
            }
        };
        let cycle = [a, b, Move::new(a.to, a.from), Move::new(b.to, b.from)];
        let mut ruled = false;
        'play: for _ in 0..count + 1 {
            for &m in &cycle {
                if record.outcome().is_over() {
                    break 'play;
                }
                if record.position().validate(m.from, m.to).is_err() {
                    break 'play;
                }
                record.push(m).unwrap();
                if record.repetition_ruling().is_some() {
                    ruled = true;
                    break 'play;
                }
            }
        }
        if !ruled {
            continue;
        }
        judged += 1;
        let ruling = record.repetition_ruling().unwrap();
        assert_eq!(record.outcome(), ruling.outcome);
        // Only a loop with every move played counts for the simple rule; a ruling can
        // come earlier when an opening position recurs, so compare against the loop.
        let plies = &record.plies()[ruling.first_ply..=ruling.last_ply];
        let all_checks = |side: Side| {
            plies
                .iter()
                .filter(|p| p.mover == side)
                .all(|p| p.gives_check)
        };
        let (red, black) = (all_checks(Side::White), all_checks(Side::Black));
        match rule {
            RuleSet::Casual => assert_eq!(
                ruling.outcome,
                Outcome::Draw {
                    reason: Reason::Repetition
                }
            ),
            // A lone perpetual checker loses under the Chinese rules too, and two draw.
            RuleSet::Axf | RuleSet::Simple | RuleSet::Chinese | RuleSet::Fide => {
                let expected = match (red, black) {
                    (true, true) => Some(Outcome::Draw {
                        reason: Reason::MutualPerpetual,
                    }),
                    (true, false) => Some(Outcome::Decisive {
                        winner: Side::Black,
                        reason: Reason::PerpetualCheck,
                    }),
                    (false, true) => Some(Outcome::Decisive {
                        winner: Side::White,
                        reason: Reason::PerpetualCheck,
                    }),
                    (false, false) => None,
                };
                if let Some(expected) = expected {
                    decisive_checks += usize::from(matches!(expected, Outcome::Decisive { .. }));
                    assert_eq!(ruling.outcome, expected, "game {game}");
                } else {
                    assert!(
                        !matches!(
                            ruling.outcome,
                            Outcome::Decisive {
                                reason: Reason::PerpetualCheck,
                                ..
                            }
                        ),
                        "game {game}"
                    );
                    if rule == RuleSet::Simple {
                        assert!(matches!(ruling.outcome, Outcome::Draw { .. }));
                    }
                }
                let sides = ruling.sides.as_ref().unwrap();
                assert_eq!(sides[0].status == LoopStatus::PerpetualCheck, red);
                assert_eq!(sides[1].status == LoopStatus::PerpetualCheck, black);
            }
        }
    }
    println!(
        "{judged} ruled games, {found} checking shuffles, {decisive_checks} perpetual-check losses"
    );
    assert!(judged > 500, "only {judged} games reached a ruling");
    assert!(
        decisive_checks > 25,
        "only {decisive_checks} perpetual checks"
    );
}

#[test]
fn long_game_is_replayed_once() {
    // 300 plies of random play without the move limit, then a shuffle that repeats: the
    // replay and the ruling must stay cheap (no per-ply rescans of the history).
    let mut rng = Rng::new(12345);
    let opts = StatusOptions {
        move_limit_plies: 0,
        repetition_count: 5,
        ..StatusOptions::default()
    };
    let started = std::time::Instant::now();
    let mut played = 0;
    for _ in 0..20 {
        let mut record = GameRecord::new(Position::startpos(), opts);
        while record.plies().len() < 300 && !record.outcome().is_over() {
            let moves = record.position().legal_moves();
            let m = moves[rng.below(moves.len())];
            record.push(m).unwrap();
        }
        played += record.plies().len();
        let _ = record.finish();
    }
    let elapsed = started.elapsed();
    println!("{played} plies replayed in {elapsed:?}");
}

#[test]
fn attackers_include_the_general_step_but_not_a_flight_onto_other_pieces() {
    let pos = Position::from_fen("5k3/9/9/9/9/9/9/9/9/3K5 w - - 0 1", Strictness::Lenient).unwrap();
    let sq = |name: &str| notation::parse_iccs(&format!("{name}{name}")).unwrap().from;
    // The red general on d0 steps to d1 and e0, not diagonally to e1.
    assert!(pos.attackers_to(sq("d1"), Side::White).contains(sq("d0")));
    assert!(pos.attackers_to(sq("e0"), Side::White).contains(sq("d0")));
    assert!(!pos.attackers_to(sq("e1"), Side::White).contains(sq("d0")));
    // Along an open file the general only "attacks" the other general.
    assert!(!pos.attackers_to(sq("d5"), Side::White).contains(sq("d0")));
}

#[test]
fn idle_shuffle_is_an_adjudicated_draw() {
    // Red's chariot and Black's general shuffle without checking or chasing.
    let fen = "4k4/9/9/9/9/9/9/9/9/R4K3 w - - 0 1";
    let start = Position::from_fen(fen, Strictness::Lenient).unwrap();
    let mut record = GameRecord::new(start, options(RuleSet::Axf, 3));
    for mv in [
        "a0a1", "e9d9", "a1a0", "d9e9", "a0a1", "e9d9", "a1a0", "d9e9",
    ] {
        let m = notation::parse_move(record.position(), mv, false).unwrap();
        record.push(m).unwrap();
    }
    let status = record.finish();
    let ruling = status.repetition.unwrap();
    assert!(ruling.adjudicated);
    assert_eq!(status.outcome, ruling.outcome);
    assert_eq!(
        status.outcome,
        Outcome::Draw {
            reason: Reason::Repetition
        }
    );
}
