//! Chess960 and the Lichess variants through the domain: perft against
//! Stockfish 15.1 (Chess960) and Fairy-Stockfish 11.1 (the others; python-chess
//! where 11.1 breaks the Lichess rules of atomic and racing kings) from
//! tests/data/chess_variants.epd, and the start positions, FEN forms, moves
//! and endings each variant has. The default run covers every depth up to a
//! node budget per position; the ignored test runs every listed depth.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use arbiter_rules::{
    Game, IllegalReason, LoadOptions, Outcome, Reason, RuleOptions, Side, Variant, Verdict,
};

use crate::support::data::{self, Entry};

/// Default-run budget per (position, depth): the whole file within a few
/// seconds in the ci profile.
const DEFAULT_NODE_BUDGET: u64 = 1_000_000;

/// The variant as `UCI_Variant` (and the file) names it.
fn variant(name: &str) -> Variant {
    match name {
        "chess960" => Variant::Chess960,
        "atomic" => Variant::Atomic,
        "antichess" => Variant::Antichess,
        "kingofthehill" => Variant::KingOfTheHill,
        "3check" => Variant::ThreeCheck,
        "crazyhouse" => Variant::Crazyhouse,
        "racingkings" => Variant::RacingKings,
        "horde" => Variant::Horde,
        other => panic!("unknown variant {other}"),
    }
}

fn suite() -> Vec<(Variant, Entry)> {
    data::CHESS_VARIANTS_EPD
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let (name, rest) = line.split_once(": ").unwrap();
            // Fairy-Stockfish 11.1's own counts where they break the Lichess
            // rules (see the generator) are kept on the line for the record.
            let rest = rest.split(" ;fsf11").next().unwrap();
            let mut entries = data::perft_suite(rest);
            (variant(name), entries.remove(0))
        })
        .collect()
}

pub(crate) fn load(variant: Variant, fen: &str, moves: &[&str]) -> Game {
    Game::load(
        variant,
        fen,
        moves,
        LoadOptions::default(),
        &RuleOptions::default(),
    )
    .unwrap_or_else(|e| panic!("{variant:?} {fen} {moves:?}: {e}"))
}

fn run(budget: u64) -> usize {
    let mut checked = 0;
    let mut wrong = Vec::new();
    for (variant, case) in suite() {
        let game = load(variant, &case.fen, &[]);
        for &(depth, expected) in &case.counts {
            if expected > budget {
                continue;
            }
            let ours = game.perft(depth, false).nodes;
            if ours != expected {
                wrong.push(format!(
                    "{variant:?} {} depth {depth}: ours {ours}, reference {expected}",
                    case.fen
                ));
            }
            checked += 1;
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    checked
}

#[test]
fn variant_perft_suite_within_budget() {
    let suite = suite();
    for v in [
        Variant::Atomic,
        Variant::Antichess,
        Variant::KingOfTheHill,
        Variant::ThreeCheck,
        Variant::Crazyhouse,
        Variant::RacingKings,
        Variant::Horde,
    ] {
        assert!(suite.iter().filter(|(x, _)| *x == v).count() >= 20, "{v:?}");
    }
    assert!(
        suite
            .iter()
            .filter(|(x, _)| *x == Variant::Chess960)
            .count()
            >= 100
    );
    let checked = run(DEFAULT_NODE_BUDGET);
    assert!(
        checked >= 700,
        "only {checked} (position, depth) pairs checked"
    );
    // Every position is covered at depth 3 or its deepest listed depth (some
    // racing kings lines stop at 2, where python-chess stopped).
    for (variant, case) in &suite {
        let covered = case
            .counts
            .iter()
            .filter(|(_, n)| *n <= DEFAULT_NODE_BUDGET)
            .map(|(d, _)| *d)
            .max()
            .unwrap_or(0);
        let listed = case.counts.last().map_or(0, |&(d, _)| d);
        assert!(
            covered >= listed.min(3) || case.counts.last().is_some_and(|&(_, n)| n == 0),
            "{variant:?} {}",
            case.fen
        );
    }
}

#[test]
#[ignore = "every listed depth: about a billion nodes"]
fn variant_perft_suite_full_depth() {
    run(u64::MAX);
}

/// Our outcome in the corpus's words (python-chess's terminations; its
/// variant win, loss and draw are all `variant`).
fn outcome_code(outcome: Outcome) -> String {
    let name = |reason: Reason| match reason {
        Reason::Checkmate => "checkmate",
        Reason::Stalemate => "stalemate",
        Reason::InsufficientMaterial => "insufficient_material",
        Reason::FivefoldRepetition => "fivefold_repetition",
        Reason::SeventyFiveMoveRule => "seventyfive_moves",
        _ => "variant",
    };
    match outcome {
        Outcome::Ongoing => "*".to_owned(),
        // Antichess's stalemate is a win: a variant ending for python-chess.
        Outcome::Decisive {
            winner,
            reason: Reason::Stalemate,
        } => format!("{} variant", side_code(winner)),
        Outcome::Decisive { winner, reason } => format!("{} {}", side_code(winner), name(reason)),
        Outcome::Draw { reason } => format!("D {}", name(reason)),
    }
}

fn side_code(side: Side) -> &'static str {
    match side {
        Side::White => "W",
        Side::Black => "B",
    }
}

/// Every position of the python-chess corpus: the same legal moves with the
/// same SAN, in UCI order, and the same outcome, each game followed move by
/// move with `Game::play` (so the history and its repetition hashes are the
/// ones replayed). python-chess and shakmaty agree on every position of the
/// corpus; a finished game's moves are not compared, since python-chess still
/// generates moves after some variant endings (an exploded king, a king on the
/// hill, a third check) that shakmaty, like Lichess, does not offer.
#[test]
fn python_chess_corpus_agrees() {
    let options = RuleOptions::default();
    let mut game: Option<(Variant, Game)> = None;
    let mut positions = [0usize; 8];
    let mut disagreements = Vec::new();
    for (number, line) in data::CHESS_VARIANTS_CORPUS.lines().enumerate() {
        if let Some(header) = line.strip_prefix("= ") {
            let (name, fen) = header.split_once(' ').unwrap();
            let v = variant(name);
            game = Some((v, load(v, fen, &[])));
            continue;
        }
        let (v, current) = game.as_mut().expect("a game header first");
        let mut fields = line.split(" | ");
        let (sans, outcome, next) = (
            fields.next().unwrap(),
            fields.next().unwrap().trim(),
            fields.next().unwrap_or("").trim(),
        );
        let status = current.status(&options).unwrap();
        let ours = outcome_code(status.outcome);
        if ours != outcome {
            disagreements.push(format!(
                "line {}: {v:?} {}: outcome {ours}, python-chess {outcome}",
                number + 1,
                status.fen
            ));
        }
        if !status.outcome.is_over() {
            let moves = current.legal_moves(&options).unwrap();
            let ours: Vec<String> = moves.iter().map(|m| m.san.to_string()).collect();
            if ours.join(" ") != sans.trim() {
                disagreements.push(format!(
                    "line {}: {v:?} {}: moves\n  ours   {}\n  theirs {}",
                    number + 1,
                    status.fen,
                    ours.join(" "),
                    sans
                ));
            }
        }
        positions[Variant::ALL.iter().position(|x| x == v).unwrap() - 2] += 1;
        if !next.is_empty() {
            match current.play(next, &options).unwrap() {
                Verdict::Legal { .. } => {}
                Verdict::Illegal { detail, .. } => {
                    panic!("line {}: {next} refused: {detail}", number + 1)
                }
            }
        }
    }
    assert!(
        disagreements.is_empty(),
        "{} disagreements:\n{}",
        disagreements.len(),
        disagreements.join("\n")
    );
    assert!(positions.iter().all(|&n| n >= 500), "{positions:?}");
}

fn status(game: &Game) -> arbiter_rules::Status {
    game.status(&RuleOptions::default()).unwrap()
}

fn illegal(game: &Game, text: &str) -> IllegalReason {
    match game.validate(text, &RuleOptions::default()).unwrap() {
        Verdict::Illegal { reason, .. } => reason,
        Verdict::Legal { .. } => panic!("{text} is legal"),
    }
}

/// Each variant's start position when `fen` is empty, and Chess960's by number.
#[test]
fn start_positions() {
    for (v, fen) in [
        (
            Variant::Chess960,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (
            Variant::ThreeCheck,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
        ),
        (
            Variant::Crazyhouse,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
        ),
        (
            Variant::RacingKings,
            "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
        ),
        (
            Variant::Antichess,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
        ),
    ] {
        assert_eq!(status(&load(v, "", &[])).fen, fen, "{v:?}");
    }
    let horde = status(&load(Variant::Horde, "", &[])).fen;
    assert!(
        horde.starts_with("rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/"),
        "{horde}"
    );
    let n0 = status(&load(Variant::Chess960, "0", &[])).fen;
    assert_eq!(
        n0,
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"
    );
    for bad in ["960", "99999999999"] {
        let err = Game::load(
            Variant::Chess960,
            bad,
            &[] as &[&str],
            LoadOptions::default(),
            &RuleOptions::default(),
        )
        .unwrap_err();
        assert!(err.to_string().contains("numbered 0 to 959"), "{err}");
    }
}

/// Chess960 castles king-takes-rook, in UCI and SAN; `e1g1` is read where it
/// names one castling and the caller asked for it; Shredder-FEN reads like X-FEN.
#[test]
fn chess960_castling() {
    let fen = "1r2k2r/8/8/8/8/8/8/1R2K2R w HBhb - 0 1";
    let game = load(Variant::Chess960, fen, &[]);
    assert_eq!(status(&game).fen, "1r2k2r/8/8/8/8/8/8/1R2K2R w KQkq - 0 1");
    let moves = game.legal_moves(&RuleOptions::default()).unwrap();
    let uci = |san: &str| {
        moves
            .iter()
            .find(|m| m.san == san)
            .map(|m| m.uci.to_string())
    };
    assert_eq!(uci("O-O").as_deref(), Some("e1h1"));
    assert_eq!(uci("O-O-O").as_deref(), Some("e1b1"));
    let castled = "1r2k2r/8/8/8/8/8/8/1R3RK1 b kq - 1 1";
    for text in ["O-O", "e1h1"] {
        let after = load(Variant::Chess960, fen, &[text]);
        assert_eq!(status(&after).fen, castled, "{text}");
    }
    // The king's-square form only when asked, and only where it names one
    // castling and no step of the king.
    let asked = LoadOptions {
        king_square_castling: true,
        ..LoadOptions::default()
    };
    let with = |fen: &str, moves: &[&str], options| {
        Game::load(
            Variant::Chess960,
            fen,
            moves,
            options,
            &RuleOptions::default(),
        )
    };
    let refused = with(fen, &["e1g1"], LoadOptions::default()).unwrap_err();
    assert!(
        refused.to_string().contains("king taking its rook (e1h1)"),
        "{refused}"
    );
    let after = with(fen, &["e1g1"], asked).unwrap();
    assert_eq!(status(&after).fen, castled);
    let queenside = with(fen, &["e1c1"], asked).unwrap();
    assert_eq!(
        status(&queenside).fen,
        "1r2k2r/8/8/8/8/8/8/2KR3R b kq - 1 1"
    );
    assert!(with(fen, &["e1h1"], asked).is_ok());
    // Asked for, an illegal castling in that form gets castling's reason.
    let through_check =
        with("1r2k2r/8/8/8/8/8/6r1/1R2K2R w HBhb - 0 1", &["e1g1"], asked).unwrap_err();
    assert!(
        through_check
            .to_string()
            .contains("castling kingside the king would stand in check"),
        "{through_check}"
    );
    // King takes rook where the rook stands on g1 is castling, not the
    // king's-square form, and is judged as such without asking.
    let rook_on_g1 = "4k3/8/8/8/8/8/8/4K1R1 w G - 0 1";
    let castled = with(rook_on_g1, &["e1g1"], LoadOptions::default()).unwrap();
    assert_eq!(status(&castled).fen, "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    let attacked_f1 = with(
        "4k3/8/8/8/8/8/5r2/4K1R1 w G - 0 1",
        &["e1g1"],
        LoadOptions::default(),
    )
    .unwrap_err();
    assert!(
        attacked_f1.to_string().contains("through f1"),
        "{attacked_f1}"
    );
    // From f1, g1 is the king's step (and the right is lost), not castling.
    let step = with("4k3/8/8/8/8/8/8/5K1R w H - 0 1", &["f1g1"], asked).unwrap();
    assert_eq!(status(&step).fen, "4k3/8/8/8/8/8/8/6KR b - - 1 1");
    // Xiangqi has no castling to write.
    assert!(
        Game::load(
            Variant::Xiangqi,
            "",
            &[] as &[&str],
            asked,
            &RuleOptions::default()
        )
        .is_err()
    );
}

/// Atomic captures list the squares their explosion empties.
#[test]
fn atomic_explosion_squares() {
    let game = load(Variant::Atomic, "", &["g1f3", "d7d5", "f3e5", "b8d7"]);
    let moves = game.legal_moves(&RuleOptions::default()).unwrap();
    let exploded = |uci: &str| -> Vec<String> {
        let m = moves.iter().find(|m| m.uci == uci).unwrap();
        m.explosion_squares
            .iter()
            .map(ToString::to_string)
            .collect()
    };
    // The knight takes on d7: it, its victim, and the bishop, queen and king
    // beside them go; the pawns beside them stay.
    assert_eq!(exploded("e5d7"), ["d7", "c8", "d8", "e8"]);
    // En passant: the capturer explodes where it lands, its victim where it
    // stood; the pawns beside them stay.
    let ep = load(Variant::Atomic, "", &["e2e4", "a7a6", "e4e5", "d7d5"]);
    let ep_moves = ep.legal_moves(&RuleOptions::default()).unwrap();
    let m = ep_moves.iter().find(|m| m.uci == "e5d6").unwrap();
    assert!(m.en_passant);
    let squares: Vec<String> = m
        .explosion_squares
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(squares, ["d5", "d6"]);
    assert!(exploded("e2e4").is_empty());
    let chess = load(Variant::Chess, "", &["g1f3", "d7d5", "f3e5", "b8d7"]);
    let plain = chess.legal_moves(&RuleOptions::default()).unwrap();
    assert!(plain.iter().all(|m| m.explosion_squares.is_empty()));
}

/// Three-check counters in both forms, and the third check ending the game.
#[test]
fn three_check_counters_and_ending() {
    let suffix = load(
        Variant::ThreeCheck,
        "rnbqkbnr/ppppp1pp/5p2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 +2+0",
        &[],
    );
    assert!(
        status(&suffix).fen.contains(" 1+3 "),
        "{}",
        status(&suffix).fen
    );
    let game = load(Variant::ThreeCheck, &status(&suffix).fen, &["Qh5+"]);
    let s = status(&game);
    assert!(s.in_check);
    assert_eq!(
        s.outcome,
        Outcome::Decisive {
            winner: Side::White,
            reason: Reason::ThirdCheck
        }
    );
    let too_many = Game::load(
        Variant::ThreeCheck,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0+0 0 1",
        &[] as &[&str],
        LoadOptions::default(),
        &RuleOptions::default(),
    )
    .unwrap_err();
    assert!(too_many.to_string().contains("three checks"), "{too_many}");
}

/// Crazyhouse pockets, promoted pieces, drops and their reasons.
#[test]
fn crazyhouse_drops() {
    let game = load(Variant::Crazyhouse, "", &["e4", "d5", "exd5", "Qxd5"]);
    let s = status(&game);
    assert!(s.fen.contains("[Pp]"), "{}", s.fen);
    let moves = game.legal_moves(&RuleOptions::default()).unwrap();
    let drop = moves.iter().find(|m| m.uci == "P@e4").expect("P@e4");
    assert!(drop.drop);
    assert_eq!(drop.san.to_string(), "@e4");
    assert_eq!(drop.from.to_string(), "");
    load(
        Variant::Crazyhouse,
        "",
        &["e4", "d5", "exd5", "Qxd5", "@e4"],
    );
    assert_eq!(illegal(&game, "N@e4"), IllegalReason::NotInPocket);
    assert_eq!(illegal(&game, "P@d2"), IllegalReason::BadDrop);
    assert_eq!(illegal(&game, "P@d8"), IllegalReason::BadDrop);
    let promoted = load(
        Variant::Crazyhouse,
        "4k3/8/8/8/8/8/8/Q~3K3[] w - - 0 1",
        &[],
    );
    assert!(status(&promoted).fen.starts_with("4k3/8/8/8/8/8/8/Q~3K3[]"));
    let standard = load(Variant::Chess, "", &[]);
    assert_eq!(illegal(&standard, "P@e4"), IllegalReason::NotInPocket);
}

/// Each variant's own ending, with its reason.
#[test]
fn variant_endings() {
    let cases: [(Variant, &str, &[&str], Outcome); 5] = [
        (
            Variant::Atomic,
            "rnbqkbnr/pppp1ppp/8/4p3/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 2",
            &["Ng5", "d6", "Nxf7"],
            Outcome::Decisive {
                winner: Side::White,
                reason: Reason::KingExploded,
            },
        ),
        (
            Variant::KingOfTheHill,
            "4k3/8/8/8/8/4K3/8/8 w - - 0 1",
            &["Ke4"],
            Outcome::Decisive {
                winner: Side::White,
                reason: Reason::KingOfTheHill,
            },
        ),
        (
            Variant::RacingKings,
            "8/2K5/8/8/8/8/8/k7 w - - 0 1",
            &["Kc8"],
            Outcome::Decisive {
                winner: Side::White,
                reason: Reason::RaceFinished,
            },
        ),
        (
            Variant::RacingKings,
            "8/2K3k1/8/8/8/8/8/8 w - - 0 1",
            &["Kc8", "Kg8"],
            Outcome::Draw {
                reason: Reason::RaceFinished,
            },
        ),
        (
            Variant::Horde,
            "4k3/8/8/8/8/8/3q4/4P3 b - - 0 1",
            &["Qxe1"],
            Outcome::Decisive {
                winner: Side::Black,
                reason: Reason::HordeDestroyed,
            },
        ),
    ];
    for (v, fen, moves, expected) in cases {
        assert_eq!(
            status(&load(v, fen, moves)).outcome,
            expected,
            "{v:?} {fen} {moves:?}"
        );
    }
    // Antichess: giving the last piece away wins, and so does being stalemated.
    let forced = load(Variant::Antichess, "8/8/8/8/8/8/p7/R7 w - - 0 1", &[]);
    assert_eq!(illegal(&forced, "a1b1"), IllegalReason::CaptureRequired);
    let won = load(
        Variant::Antichess,
        "8/8/8/8/8/1p6/8/R7 w - - 0 1",
        &["Ra2", "bxa2"],
    );
    assert_eq!(
        status(&won).outcome,
        Outcome::Decisive {
            winner: Side::White,
            reason: Reason::PiecesGivenAway
        }
    );
    let stalemated = load(Variant::Antichess, "8/8/8/8/8/p7/P7/8 w - - 0 1", &[]);
    assert_eq!(
        status(&stalemated).outcome,
        Outcome::Decisive {
            winner: Side::White,
            reason: Reason::Stalemate
        }
    );
    // Atomic: a king never captures; racing kings: no check.
    let atomic = load(Variant::Atomic, "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", &[]);
    assert_eq!(illegal(&atomic, "e1d2"), IllegalReason::VariantRule);
    let race = load(Variant::RacingKings, "8/8/8/8/8/k7/8/6RK w - - 0 1", &[]);
    assert_eq!(illegal(&race, "g1a1"), IllegalReason::VariantRule);
}
