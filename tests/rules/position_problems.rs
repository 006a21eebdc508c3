//! `validate_position` through the domain: chess against python-chess on
//! positions of every problem kind (`tests/data/chess_position_status.py`:
//! legal game positions, the same perturbed, positions with pieces placed to
//! check, sparse random boards, Chess960), every xiangqi rule of spec 3.3
//! for both sides, the history's first illegal move, and `valid` held to
//! what `Game::load` says.
//!
//! Where shakmaty and python-chess (1.11) judge differently, the difference
//! is named and counted, never silently dropped:
//!
//! - kings counted per side: python-chess's `STATUS_TOO_MANY_KINGS` is more
//!   than two kings on the board (`Board.status`); shakmaty's
//!   `TOO_MANY_KINGS` more than one of a side (`validate` in shakmaty's
//!   position.rs), so two white kings and no black one are a missing king to
//!   the one and both problems to the other;
//! - promotions counted: python-chess flags more than 16 pieces or 8 pawns
//!   of a side; shakmaty counts each side's pawns plus its pieces beyond a
//!   set's (a queen, two rooks, two knights, a bishop of each colour), at
//!   most 8 (`is_standard_material`), so three queens and eight pawns are
//!   too much to shakmaty only;
//! - kings among the 16 pieces: python-chess's piece count includes kings,
//!   shakmaty's material count leaves them to the king rule, so a doubled
//!   king can make 17 pieces to python-chess alone;
//! - two stepping checkers: shakmaty refuses two pawns or knights checking
//!   together (`validate`: "Multiple steppers cannot be checkers"), which no
//!   move gives; python-chess does not look;
//! - checks on a doubled king: python-chess judges checks on the king on the
//!   highest square (`BaseBoard.king` is the `msb` of the kings), shakmaty
//!   on none (`Board::king_of` wants exactly one);
//! - castling letters read differently: when a side's king is not alone on
//!   its home square or no rook stands on its back rank, shakmaty's reader
//!   names the outermost rook of the back rank or the corner, python-chess's
//!   `_set_castling_fen` compares the rook with the king wherever it stands
//!   and reads a `Q` that finds no rook as no right at all (`lsb` of an
//!   empty set is -1): both find the position's rights invalid, and may
//!   name different rooks as dropped.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeSet;
use std::process::Command;

use arbiter_rules::{
    Dropped, Game, LoadOptions, PositionProblem, ProblemKind, RuleOptions, Side, Strictness,
    Variant, validate_position,
};

fn diagnose(variant: Variant, fen: &str, strictness: Strictness) -> arbiter_rules::Diagnosis {
    let options = LoadOptions {
        strictness,
        ..LoadOptions::default()
    };
    validate_position(variant, fen, &[] as &[&str], options, true).unwrap()
}

fn side_name(side: Option<Side>) -> &'static str {
    match side {
        Some(Side::White) => "white",
        Some(Side::Black) => "black",
        None => "none",
    }
}

/// Our problems as python-chess's flags would name them.
fn our_labels(problems: &[PositionProblem]) -> BTreeSet<String> {
    problems
        .iter()
        .map(|p| match p.kind {
            ProblemKind::EmptyBoard => "EMPTY".to_owned(),
            ProblemKind::NoKing => format!("NO_{}_KING", side_name(p.side).to_uppercase()),
            ProblemKind::TooManyKings => "TOO_MANY_KINGS".to_owned(),
            ProblemKind::TooMuchMaterial => {
                format!("MATERIAL_{}", side_name(p.side).to_uppercase())
            }
            ProblemKind::PawnsOnBackRank => "PAWNS_ON_BACKRANK".to_owned(),
            ProblemKind::InvalidCastlingRights => "BAD_CASTLING_RIGHTS".to_owned(),
            ProblemKind::InvalidEnPassant => "INVALID_EP_SQUARE".to_owned(),
            ProblemKind::OppositeCheck => "OPPOSITE_CHECK".to_owned(),
            ProblemKind::TooManyCheckers => "TOO_MANY_CHECKERS".to_owned(),
            ProblemKind::ImpossibleCheck => "IMPOSSIBLE_CHECK".to_owned(),
            other => format!("{other:?}"),
        })
        .collect()
}

/// python-chess's flags, the piece and pawn counts folded into one material
/// label per side, and an impossible check by too many checkers said once.
fn their_labels(flags: &str) -> BTreeSet<String> {
    let flags: BTreeSet<&str> = flags.split(',').filter(|f| *f != "VALID").collect();
    flags
        .iter()
        .filter(|f| !(**f == "IMPOSSIBLE_CHECK" && flags.contains("TOO_MANY_CHECKERS")))
        .map(|f| match *f {
            "TOO_MANY_WHITE_PIECES" | "TOO_MANY_WHITE_PAWNS" => "MATERIAL_WHITE".to_owned(),
            "TOO_MANY_BLACK_PIECES" | "TOO_MANY_BLACK_PAWNS" => "MATERIAL_BLACK".to_owned(),
            other => other.to_owned(),
        })
        .collect()
}

/// The FEN's board as 64 piece letters (`.` for empty), a1 first.
fn board_letters(fen: &str) -> Vec<char> {
    let mut squares = vec!['.'; 64];
    for (i, rank) in fen.split(' ').next().unwrap().split('/').enumerate() {
        let mut file = 0;
        for ch in rank.chars() {
            if let Some(d) = ch.to_digit(10) {
                file += d as usize;
            } else {
                squares[(7 - i) * 8 + file] = ch;
                file += 1;
            }
        }
    }
    squares
}

fn letter_at(letters: &[char], square: &str) -> char {
    let b = square.as_bytes();
    letters[usize::from(b[1] - b'1') * 8 + usize::from(b[0] - b'a')]
}

/// Whether python-chess's reader and shakmaty's may name different rooks
/// (or none) for the FEN's castling letters: a side with letters whose king
/// is not alone on its home square (standard chess e1 / e8; Chess960 its
/// back rank) or with no rook on its back rank. Both then find the right
/// invalid, but python-chess's `_set_castling_fen` compares the rook with
/// the king's square wherever the king is, and reads `Q` with no rook as no
/// right at all (`lsb` of an empty set is -1), where shakmaty's reader takes
/// the outermost rook of the back rank, or the corner.
fn castling_read_differently(fen: &str, variant: Variant) -> bool {
    let letters = board_letters(fen);
    let castling = fen.split(' ').nth(2).unwrap_or("-");
    [(true, 0usize), (false, 7usize)]
        .iter()
        .any(|&(white, rank)| {
            let ours = |c: char| c.is_ascii_alphabetic() && c.is_ascii_uppercase() == white;
            if !castling.chars().any(ours) {
                return false;
            }
            let (king, rook) = if white { ('K', 'R') } else { ('k', 'r') };
            let kings: Vec<usize> = (0..64).filter(|&i| letters[i] == king).collect();
            let home = match variant {
                Variant::Chess960 => kings.len() == 1 && kings[0] / 8 == rank,
                _ => kings == [rank * 8 + 4],
            };
            !home || !(0..8).any(|f| letters[rank * 8 + f] == rook)
        })
}

/// Why a label is one side's alone, when a named rule explains it.
fn explained(
    label: &str,
    ours_only: bool,
    fen: &str,
    variant: Variant,
    problems: &[PositionProblem],
) -> Option<&'static str> {
    let letters = board_letters(fen);
    let count = |c: char| letters.iter().filter(|&&l| l == c).count();
    let doubled_king = count('K') > 1 || count('k') > 1;
    match label {
        "TOO_MANY_KINGS" if ours_only && count('K') + count('k') <= 2 => {
            Some("kings counted per side")
        }
        "MATERIAL_WHITE" | "MATERIAL_BLACK" => {
            let white = label.ends_with("WHITE");
            if !ours_only {
                let kings = count(if white { 'K' } else { 'k' });
                return (kings > 1).then_some("kings among the 16 pieces");
            }
            let pieces = letters
                .iter()
                .filter(|l| l.is_ascii_alphabetic() && l.is_ascii_uppercase() == white)
                .count();
            let pawns = count(if white { 'P' } else { 'p' });
            (pieces <= 16 && pawns <= 8).then_some("promotions counted")
        }
        "OPPOSITE_CHECK" | "TOO_MANY_CHECKERS" | "IMPOSSIBLE_CHECK" if doubled_king => {
            Some("checks on a doubled king")
        }
        "IMPOSSIBLE_CHECK" if ours_only => {
            let problem = problems
                .iter()
                .find(|p| p.kind == ProblemKind::ImpossibleCheck)?;
            let steppers = problem
                .squares
                .get(1..)
                .unwrap_or_default()
                .iter()
                .filter(|s| matches!(letter_at(&letters, s).to_ascii_lowercase(), 'p' | 'n'))
                .count();
            (steppers >= 2).then_some("two stepping checkers")
        }
        "BAD_CASTLING_RIGHTS" if castling_read_differently(fen, variant) => {
            Some("castling letters read differently")
        }
        _ => None,
    }
}

/// Every position of the generated set: the same problems as python-chess's
/// `status()` but for the named differences above, the same castling rights
/// and en-passant square dropped, the same sanitized FEN whenever both
/// sanitize, and `valid` exactly when `Game::load` accepts the FEN.
#[test]
fn chess_problems_agree_with_python_chess() {
    crate::records::ensure_python("chess", "chess");
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/chess_position_status.py"
    );
    let output = Command::new("python3")
        .args([script, "20261203", "300"])
        .output()
        .expect("python3 runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8(output.stdout).unwrap();
    let mut disagreements = Vec::new();
    let mut differences: std::collections::BTreeMap<&str, usize> = Default::default();
    let mut seen: BTreeSet<String> = BTreeSet::new();
    let mut compared_sanitized = 0;
    let mut lines = 0;
    for line in text.lines() {
        lines += 1;
        let fields: Vec<&str> = line.split('\t').collect();
        let [variant, fen, flags, dropped, sanitized] = fields[..] else {
            panic!("{line}");
        };
        let variant = if variant == "chess960" {
            Variant::Chess960
        } else {
            Variant::Chess
        };
        let diagnosis = diagnose(variant, fen, Strictness::Strict);
        let loads = Game::load(
            variant,
            fen,
            &[] as &[&str],
            LoadOptions::default(),
            &RuleOptions::default(),
        )
        .is_ok();
        assert_eq!(diagnosis.valid, loads, "{fen}");
        assert_eq!(
            diagnosis.valid,
            diagnosis.problems.is_empty(),
            "{fen}: {diagnosis:?}"
        );
        let ours = our_labels(&diagnosis.problems);
        let theirs = their_labels(flags);
        seen.extend(theirs.iter().cloned());
        let mut unexplained = Vec::new();
        let mut explained_here = false;
        for label in ours.symmetric_difference(&theirs) {
            let why = explained(
                label,
                ours.contains(label),
                fen,
                variant,
                &diagnosis.problems,
            );
            match why {
                Some(why) => {
                    *differences.entry(why).or_default() += 1;
                    explained_here = true;
                }
                None => unexplained.push(format!(
                    "{} {label}",
                    if ours.contains(label) {
                        "ours only"
                    } else {
                        "python-chess only"
                    }
                )),
            }
        }
        if !unexplained.is_empty() {
            disagreements.push(format!(
                "{variant:?} {fen}: {} (ours {ours:?}, python-chess {flags})",
                unexplained.join(", ")
            ));
            continue;
        }
        // Sanitizing: compared where both could sanitize (a difference
        // explained above can leave one side with a problem to keep).
        let ours_sanitized = diagnosis.sanitized.as_ref();
        match (ours_sanitized, sanitized) {
            (Some(s), theirs) if theirs != "-" => {
                compared_sanitized += 1;
                let mut dropped_ours: Vec<String> = s
                    .dropped
                    .iter()
                    .map(|d| match d {
                        Dropped::CastlingRight { rook, .. } => rook.clone(),
                        Dropped::EnPassantSquare(square) => format!("ep:{square}"),
                    })
                    .collect();
                dropped_ours.sort();
                let mut dropped_theirs: Vec<String> = dropped
                    .split(',')
                    .filter(|d| *d != "-")
                    .map(str::to_owned)
                    .collect();
                dropped_theirs.sort();
                let read_differently = castling_read_differently(fen, variant);
                if read_differently && dropped_ours != dropped_theirs {
                    *differences
                        .entry("castling letters read differently")
                        .or_default() += 1;
                }
                if s.fen != theirs || (dropped_ours != dropped_theirs && !read_differently) {
                    disagreements.push(format!(
                        "{variant:?} {fen}: sanitized {} dropping {dropped_ours:?}, python-chess {theirs} dropping {dropped_theirs:?}",
                        s.fen
                    ));
                }
            }
            (None, "-") => {}
            _ if explained_here => {}
            (ours, theirs) => disagreements.push(format!(
                "{variant:?} {fen}: sanitized {:?}, python-chess {theirs}",
                ours.map(|s| &s.fen)
            )),
        }
    }
    assert!(
        disagreements.is_empty(),
        "{} of {lines} positions disagree:\n{}",
        disagreements.len(),
        disagreements.join("\n")
    );
    // Every kind of problem was met, and sanitizing was compared often.
    for flag in [
        "NO_WHITE_KING",
        "NO_BLACK_KING",
        "TOO_MANY_KINGS",
        "PAWNS_ON_BACKRANK",
        "BAD_CASTLING_RIGHTS",
        "INVALID_EP_SQUARE",
        "OPPOSITE_CHECK",
        "TOO_MANY_CHECKERS",
        "IMPOSSIBLE_CHECK",
        "MATERIAL_WHITE",
        "MATERIAL_BLACK",
    ] {
        assert!(seen.contains(flag), "no position with {flag}: {seen:?}");
    }
    assert!(compared_sanitized > 500, "{compared_sanitized}");
    eprintln!("{lines} positions; named differences: {differences:?}");
}

fn kinds(variant: Variant, fen: &str, strictness: Strictness) -> Vec<(ProblemKind, Option<Side>)> {
    diagnose(variant, fen, strictness)
        .problems
        .iter()
        .map(|p| (p.kind, p.side))
        .collect()
}

fn xiangqi(fen: &str) -> Vec<(ProblemKind, Option<Side>)> {
    kinds(Variant::Xiangqi, fen, Strictness::Strict)
}

/// A xiangqi board with the generals on e0 and d9 and `extra` pieces
/// (letter, ICCS point) added, Red to move.
fn xiangqi_board(extra: &[(char, &str)], side: char) -> String {
    let mut board = [['.'; 9]; 10];
    board[0][4] = 'K';
    board[9][3] = 'k';
    for &(letter, point) in extra {
        let b = point.as_bytes();
        board[usize::from(b[1] - b'0')][usize::from(b[0] - b'a')] = letter;
    }
    let ranks: Vec<String> = board
        .iter()
        .rev()
        .map(|rank| {
            let mut text = String::new();
            let mut empty = 0;
            for &cell in rank {
                if cell == '.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    text.push(cell);
                }
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            text
        })
        .collect();
    format!("{} {side} - - 0 1", ranks.join("/"))
}

/// Every rule of spec 3.3, for each side: the kind, the side and the
/// points, every problem of a position at once, and which ones LENIENT
/// tolerates.
#[test]
fn xiangqi_problems_for_both_sides() {
    use ProblemKind::*;
    let red = Some(Side::White);
    let black = Some(Side::Black);
    // Generals: missing, doubled, outside the palace.
    assert_eq!(xiangqi("9/9/9/9/9/9/9/9/9/4K4 w"), [(NoGeneral, black)]);
    assert_eq!(xiangqi("3k5/9/9/9/9/9/9/9/9/9 w"), [(NoGeneral, red)]);
    assert_eq!(
        xiangqi("3k5/9/9/9/9/9/9/9/9/3KK4 w"),
        [(TooManyGenerals, red)]
    );
    assert_eq!(
        xiangqi("3kk4/9/9/9/9/9/9/9/9/5K3 w"),
        [(TooManyGenerals, black)]
    );
    assert_eq!(
        xiangqi("3k5/9/9/9/9/9/9/9/9/6K2 w"),
        [(GeneralOutsidePalace, red)]
    );
    assert_eq!(
        xiangqi("9/9/9/9/9/3k5/9/9/9/4K4 w"),
        [(GeneralOutsidePalace, black)]
    );
    // Advisors and elephants off their points, soldiers behind their start
    // or off the start files.
    for (letter, point, kind, side) in [
        ('A', "e2", AdvisorOffPoints, red),
        ('a', "e7", AdvisorOffPoints, black),
        ('B', "b0", ElephantOffPoints, red),
        ('B', "e5", ElephantOffPoints, red),
        ('b', "e2", ElephantOffPoints, black),
        ('P', "a2", SoldierBehindStart, red),
        ('p', "a7", SoldierBehindStart, black),
        ('P', "b3", SoldierOffStartFiles, red),
        ('p', "b6", SoldierOffStartFiles, black),
    ] {
        let at = xiangqi_board(&[(letter, point)], 'w');
        let found = diagnose(Variant::Xiangqi, &at, Strictness::Strict);
        assert_eq!(
            found
                .problems
                .iter()
                .map(|p| (p.kind, p.side))
                .collect::<Vec<_>>(),
            [(kind, side)],
            "{at}"
        );
        assert_eq!(found.problems[0].squares, [point], "{at}");
        assert!(!found.valid);
        // LENIENT plays on with it.
        let lenient = diagnose(Variant::Xiangqi, &at, Strictness::Lenient);
        assert!(lenient.valid, "{at}: {lenient:?}");
        assert!(lenient.problems[0].tolerated);
    }
    // Too many pieces of a kind, and of a side.
    let three_chariots = xiangqi_board(&[('R', "a4"), ('R', "b4"), ('R', "c4")], 'w');
    assert_eq!(xiangqi(&three_chariots), [(TooManyOfKind, red)]);
    let six_soldiers: Vec<(char, &str)> = ["a4", "b4", "c4", "d4", "f4", "g4"]
        .iter()
        .map(|p| ('p', *p))
        .collect();
    assert_eq!(
        xiangqi(&xiangqi_board(&six_soldiers, 'w')),
        [(TooManyOfKind, black)]
    );
    let crowd = "rrrrkrrrr/rrrrrrrrr/9/9/9/9/9/9/9/4K4 w";
    assert!(xiangqi(crowd).contains(&(TooManyPieces, black)), "{crowd}");
    let crowd = "3k5/9/9/9/9/9/9/9/RRRRRRRRR/RRRRKRRRR b";
    assert!(xiangqi(crowd).contains(&(TooManyPieces, red)), "{crowd}");
    // Flying generals, and the side not to move in check, for each side.
    assert_eq!(
        xiangqi("4k4/9/9/9/9/9/9/9/9/4K4 w"),
        [(GeneralsFacing, None)]
    );
    assert_eq!(
        xiangqi("4k4/9/9/9/9/9/9/9/9/4K4 b"),
        [(GeneralsFacing, None)]
    );
    let red_checks = xiangqi_board(&[('R', "d5")], 'w');
    assert_eq!(xiangqi(&red_checks), [(OppositeCheck, black)]);
    let black_checks = xiangqi_board(&[('r', "e5")], 'b');
    assert_eq!(xiangqi(&black_checks), [(OppositeCheck, red)]);
    let found = diagnose(Variant::Xiangqi, &black_checks, Strictness::Strict);
    assert_eq!(found.problems[0].squares, ["e0", "e5"]);
    // Every problem at once, not only the first.
    let many = "3kk4/9/9/9/9/9/9/P8/9/R2AKA2R w - - 0 1";
    let all = xiangqi(many);
    for expected in [(TooManyGenerals, black), (SoldierBehindStart, red)] {
        assert!(all.contains(&expected), "{all:?}");
    }
    // A FEN that cannot be read is a problem, not an error.
    assert_eq!(xiangqi("3k5/9 w"), [(Syntax, None)]);
    let start = diagnose(Variant::Xiangqi, "", Strictness::Strict);
    assert!(start.valid && start.problems.is_empty());
    assert_eq!(
        start.sanitized.unwrap().fen,
        arbiter_rules::xiangqi::START_FEN
    );
}

/// What the xiangqi diagnosis refuses is what `Position::from_setup`
/// refuses, under both strictnesses, on positions made by scattering
/// pieces at random.
#[test]
fn xiangqi_validity_is_the_loaders() {
    let mut rng = crate::support::rng::Rng::new(37);
    let letters = [
        'K', 'k', 'A', 'a', 'B', 'b', 'N', 'n', 'R', 'r', 'C', 'c', 'P', 'p',
    ];
    let mut invalid = 0;
    for _ in 0..3000 {
        let mut extra: Vec<(char, String)> = Vec::new();
        for _ in 0..rng.below(8) {
            let letter = letters[rng.below(letters.len())];
            let point = format!("{}{}", char::from(b'a' + rng.below(9) as u8), rng.below(10));
            extra.push((letter, point));
        }
        let pairs: Vec<(char, &str)> = extra.iter().map(|(l, p)| (*l, p.as_str())).collect();
        let side = if rng.below(2) == 0 { 'w' } else { 'b' };
        let fen = xiangqi_board(&pairs, side);
        for strictness in [Strictness::Strict, Strictness::Lenient] {
            let found = diagnose(Variant::Xiangqi, &fen, strictness);
            let loads = arbiter_rules::xiangqi::Position::from_fen(&fen, strictness).is_ok();
            assert_eq!(found.valid, loads, "{fen} {strictness:?}: {found:?}");
            assert_eq!(
                found.valid,
                found.problems.iter().all(|p| p.tolerated),
                "{fen} {strictness:?}: {found:?}"
            );
            invalid += usize::from(!found.valid);
        }
    }
    assert!(invalid > 500, "{invalid}");
}

/// Lenient chess tolerates what a lenient load drops or accepts; the
/// history is judged after the FEN, its first bad move named by index; a
/// FEN that cannot be read is a problem of its own.
#[test]
fn chess_strictness_history_and_syntax() {
    let bad_rights = "4k3/8/8/8/8/8/8/4K3 w KQ - 0 1";
    let strict = diagnose(Variant::Chess, bad_rights, Strictness::Strict);
    assert!(!strict.valid);
    let sanitized = strict.sanitized.unwrap();
    assert_eq!(sanitized.fen, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(
        sanitized.dropped,
        [
            Dropped::CastlingRight {
                side: Side::White,
                rook: "a1".into()
            },
            Dropped::CastlingRight {
                side: Side::White,
                rook: "h1".into()
            },
        ]
    );
    let lenient = diagnose(Variant::Chess, bad_rights, Strictness::Lenient);
    assert!(
        lenient.valid
            && !lenient.problems.is_empty()
            && lenient.problems.iter().all(|p| p.tolerated)
    );

    let moves = ["e4", "e5", "Ke3"];
    let found =
        validate_position(Variant::Chess, "", &moves, LoadOptions::default(), false).unwrap();
    assert!(!found.valid);
    assert_eq!(found.problems.len(), 1);
    assert_eq!(found.problems[0].kind, ProblemKind::IllegalMove);
    assert_eq!(found.problems[0].move_index, Some(2));
    assert!(found.sanitized.is_none());

    // Three checkers: the king first, then the checkers in square order.
    let three = diagnose(
        Variant::Chess,
        "4r2k/8/8/8/8/5n2/8/r3K3 w - - 0 1",
        Strictness::Strict,
    );
    assert_eq!(three.problems.len(), 1, "{three:?}");
    assert_eq!(three.problems[0].kind, ProblemKind::TooManyCheckers);
    assert_eq!(three.problems[0].squares, ["e1", "a1", "f3", "e8"]);
    assert!(
        three.problems[0]
            .message
            .starts_with("the king on e1 is checked by 3 pieces (a1, f3, e8)")
    );

    let unread = diagnose(
        Variant::Chess,
        "k7/8/8/8/8/8/8/K8 w - - 0 1",
        Strictness::Strict,
    );
    assert_eq!(unread.problems[0].kind, ProblemKind::Syntax);
    assert!(unread.problems[0].message.contains("covers 9 files"));

    // The variants' own rules: three-check counters, the horde's king.
    let spent = "4k3/8/8/8/8/8/8/4K3 w - - 0+0 0 1";
    let found = kinds(Variant::ThreeCheck, spent, Strictness::Strict);
    assert_eq!(found, [(ProblemKind::VariantRule, None)]);
    let horde = diagnose(
        Variant::Horde,
        "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1",
        Strictness::Strict,
    );
    assert!(horde.valid, "{horde:?}");
    let kingless = diagnose(
        Variant::Horde,
        "8/8/8/8/8/8/8/PPPP4 w - - 0 1",
        Strictness::Strict,
    );
    assert_eq!(kingless.problems[0].kind, ProblemKind::NoKing);
    // Crazyhouse: a king in a pocket; racing kings: a check, and pawns.
    let pocket_king = "4k3/8/8/8/8/8/8/4K3[K] w - - 0 1";
    let found = kinds(Variant::Crazyhouse, pocket_king, Strictness::Strict);
    assert_eq!(found, [(ProblemKind::TooManyKings, None)]);
    let racing_check = "8/8/8/8/8/8/k6R/7K b - - 0 1";
    let found = diagnose(Variant::RacingKings, racing_check, Strictness::Strict);
    assert_eq!(found.problems[0].kind, ProblemKind::ImpossibleCheck);
    assert_eq!(found.problems[0].squares, ["a2", "h2"]);
    assert!(found.problems[0].message.contains("racing kings"));
    let racing_pawn = "8/8/8/8/8/8/k6P/7K w - - 0 1";
    let found = kinds(Variant::RacingKings, racing_pawn, Strictness::Strict);
    assert_eq!(found, [(ProblemKind::VariantRule, None)]);
    // Antichess kings are ordinary pieces: none is no problem.
    let kingless = diagnose(
        Variant::Antichess,
        "8/8/8/8/8/8/8/4Q3 b - - 0 1",
        Strictness::Strict,
    );
    assert!(kingless.valid, "{kingless:?}");
}
