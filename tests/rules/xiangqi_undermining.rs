//! The chase that undermining creates (spec 7, "Should"): a move that takes the last real
//! protector away from a piece its side already attacks. Every way of undermining a
//! protector is tried, for Red and, on the mirrored board, for Black; attacks that leave
//! a real protector, and blocks of a protector's line through the attacker itself (AXF 19,
//! diagrams 39-41), stay idle. The full loop of the AXF appendix example is in
//! tests/data/xiangqi_repetition.txt (`chase-undermine-by-screen`).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use arbiter_rules::Strictness;
use arbiter_rules::xiangqi::chase::chased_by;
use arbiter_rules::xiangqi::{Position, notation};

/// The board seen from the other side: ranks reversed, colours and the side to move swapped.
fn mirror_fen(fen: &str) -> String {
    let mut fields = fen.split_whitespace();
    let board = fields.next().unwrap();
    let side = fields.next().unwrap();
    let ranks: Vec<String> = board
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
    let side = if side == "w" { "b" } else { "w" };
    format!("{} {side} - - 0 1", ranks.join("/"))
}

/// An ICCS point or move on the mirrored board.
fn mirror_points(text: &str) -> String {
    text.chars()
        .map(|c| match c.to_digit(10) {
            Some(d) => char::from_digit(9 - d, 10).unwrap(),
            None => c,
        })
        .collect()
}

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

/// `mv` chases exactly `expected` in `fen`, and the mirrored move does the same on the
/// mirrored board (Black undermining Red's protector).
fn assert_chases(fen: &str, mv: &str, expected: &[&str]) {
    assert_eq!(chased(fen, mv), expected, "{fen} {mv}");
    let mirrored: Vec<String> = expected.iter().map(|p| mirror_points(p)).collect();
    let mut mirrored: Vec<&str> = mirrored.iter().map(String::as_str).collect();
    mirrored.sort_unstable();
    let fen = mirror_fen(fen);
    let mv = mirror_points(mv);
    assert_eq!(chased(&fen, &mv), mirrored, "{fen} {mv}");
}

#[test]
fn blocking_a_chariot_protector_chases() {
    // The red chariot on a5 attacks the black horse on c5, protected along the c-file by
    // the chariot on c9. The red horse lands on c7, between them: the horse is unprotected.
    assert_chases("2r2k3/N8/9/9/R1n6/9/9/9/9/4K4 w - - 0 1", "a8c7", &["c5"]);
}

#[test]
fn a_block_that_leaves_a_protector_is_idle() {
    // As above, but the black horse on e6 protects c5 too: the attack stays an ordinary
    // attack on a protected piece.
    assert_chases("2r2k3/N8/9/4n4/R1n6/9/9/9/9/4K4 w - - 0 1", "a8c7", &[]);
}

#[test]
fn adding_a_second_screen_to_a_cannon_protector_chases() {
    // The black cannon on c9 protects c5 over the red soldier on c7; the red horse lands on
    // c6, a second piece between them.
    assert_chases("2c2k3/9/N1P6/9/R1n6/9/9/9/9/4K4 w - - 0 1", "a7c6", &["c5"]);
}

#[test]
fn taking_the_screen_from_a_cannon_protector_chases() {
    // The red soldier on c7 is the cannon's screen; it steps aside.
    assert_chases("2c2k3/9/2P6/9/R1n6/9/9/9/9/4K4 w - - 0 1", "c7d7", &["c5"]);
}

#[test]
fn blocking_a_horse_protector_leg_chases() {
    // The black horse on e6 protects c5 over its leg d6; the red soldier steps onto d6.
    assert_chases("5k3/9/9/4n4/R1nP5/9/9/9/9/4K4 w - - 0 1", "d5d6", &["c5"]);
}

#[test]
fn filling_an_elephant_protector_eye_chases() {
    // The black elephant on e7 protects the one on c5 over its eye d6.
    assert_chases("5k3/9/4b4/9/R1bP5/9/9/9/9/4K4 w - - 0 1", "d5d6", &["c5"]);
}

#[test]
fn pinning_the_protector_chases() {
    // The red chariot steps to b9 and pins the black chariot on c9 to its general on f9:
    // its recapture on c5 would be illegal. (Its attack on the chariot itself is an
    // exchange offer: the chariot can take it.)
    assert_chases("2r2k3/1R7/9/9/R1n6/9/9/9/9/4K4 w - - 0 1", "b8b9", &["c5"]);
}

#[test]
fn blocking_a_protector_line_through_the_attacker_is_idle() {
    // The black chariot on c0 protects c5 only through the red chariot on c2 (it
    // recaptures once the chariot has taken). The red horse on c1 blocks c0's attack on
    // the chariot itself: a block, not a chase (AXF 19, diagrams 39-41).
    assert_chases("5k3/9/9/9/2n6/9/1N7/2R6/4K4/2r6 w - - 0 1", "b3c1", &[]);
}
