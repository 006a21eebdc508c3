//! Chess outcomes for every reason (FIDE Laws: 5.1 mate, 5.2.1 stalemate,
//! 5.2.2 dead position, 9.2/9.6.1 three- and fivefold repetition, 9.3/9.6.2
//! fifty and seventy-five moves) and a validation reason for every rule.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use arbiter_rules::{
    Game, IllegalReason, InputError, LoadOptions, Outcome, Reason, RuleOptions, Side, Status,
    Variant, Verdict,
};

fn load(fen: &str, moves: &[&str]) -> Game {
    let moves: Vec<String> = moves.iter().map(|m| (*m).to_owned()).collect();
    Game::load(
        Variant::Chess,
        fen,
        &moves,
        LoadOptions::default(),
        &RuleOptions::default(),
    )
    .unwrap_or_else(|e| panic!("{fen} {moves:?}: {e}"))
}

fn status(fen: &str, moves: &[&str]) -> Status {
    load(fen, moves).status(&RuleOptions::default()).unwrap()
}

fn claimed(fen: &str, moves: &[&str]) -> Status {
    let options = RuleOptions {
        claim_draws: true,
        ..RuleOptions::default()
    };
    load(fen, moves).status(&options).unwrap()
}

const SHUFFLE: [&str; 4] = ["Nf3", "Nf6", "Ng1", "Ng8"];

fn shuffles(times: usize) -> Vec<&'static str> {
    SHUFFLE.iter().copied().cycle().take(4 * times).collect()
}

#[test]
fn checkmate_wins() {
    let s = status("", &["f3", "e5", "g4", "Qh4#"]);
    assert_eq!(
        s.outcome,
        Outcome::Decisive {
            winner: Side::Black,
            reason: Reason::Checkmate
        }
    );
    assert!(s.in_check);
}

#[test]
fn stalemate_draws() {
    let s = status("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", &[]);
    assert_eq!(
        s.outcome,
        Outcome::Draw {
            reason: Reason::Stalemate
        }
    );
    assert!(!s.in_check);
}

#[test]
fn dead_positions_draw_at_once() {
    for fen in [
        "8/8/4k3/8/8/3K4/8/8 w - - 0 1",   // K v K
        "8/8/4k3/8/8/3KB3/8/8 w - - 0 1",  // K+B v K
        "8/8/4k3/8/8/3KN3/8/8 b - - 0 1",  // K+N v K
        "8/8/3bk3/8/8/3KB3/8/8 w - - 0 1", // bishops on the same colour
    ] {
        assert_eq!(
            status(fen, &[]).outcome,
            Outcome::Draw {
                reason: Reason::InsufficientMaterial
            },
            "{fen}"
        );
    }
    for fen in [
        "8/8/4k3/8/8/3KNN2/8/8 w - - 0 1",  // two knights can still mate
        "8/8/2b1k3/8/8/3KB3/8/8 w - - 0 1", // bishops on opposite colours
        "8/8/4k3/8/8/3KP3/8/8 w - - 0 1",   // a pawn
    ] {
        assert_eq!(status(fen, &[]).outcome, Outcome::Ongoing, "{fen}");
    }
    // A capture into a dead position ends the game with that move.
    let s = status("8/8/4k3/8/8/3K4/4r3/8 w - - 0 1", &["Kxe2"]);
    assert_eq!(
        s.outcome,
        Outcome::Draw {
            reason: Reason::InsufficientMaterial
        }
    );
}

#[test]
fn threefold_is_a_claim_and_fivefold_is_automatic() {
    let twice = status("", &shuffles(1));
    assert_eq!(twice.outcome, Outcome::Ongoing);
    assert!(twice.claimable_draws.is_empty());
    assert_eq!(twice.repetition.as_ref().unwrap().occurrences, 2);

    let thrice = status("", &shuffles(2));
    assert_eq!(thrice.outcome, Outcome::Ongoing);
    assert_eq!(thrice.claimable_draws, [Reason::ThreefoldRepetition]);
    assert_eq!(
        claimed("", &shuffles(2)).outcome,
        Outcome::Draw {
            reason: Reason::ThreefoldRepetition
        }
    );

    let four = status("", &shuffles(3));
    assert_eq!(four.outcome, Outcome::Ongoing);
    assert_eq!(four.repetition.as_ref().unwrap().occurrences, 4);

    let five = status("", &shuffles(4));
    assert_eq!(
        five.outcome,
        Outcome::Draw {
            reason: Reason::FivefoldRepetition
        }
    );
    assert!(five.claimable_draws.is_empty());
}

#[test]
fn repetition_needs_the_same_castling_rights() {
    // The king's walk loses castling rights: the first position is never
    // repeated, so only two later occurrences match.
    let moves = [
        "e4", "e5", "Ke2", "Ke7", "Ke1", "Ke8", "Ke2", "Ke7", "Ke1", "Ke8",
    ];
    let s = status("", &moves);
    assert_eq!(s.repetition.as_ref().unwrap().occurrences, 2);
    assert!(s.claimable_draws.is_empty());
}

#[test]
fn fifty_moves_is_a_claim_and_seventy_five_is_automatic() {
    let fifty = status("8/8/4k3/8/8/3K4/8/R7 w - - 99 80", &["Ra2"]);
    assert_eq!(fifty.halfmove_clock, 100);
    assert_eq!(fifty.outcome, Outcome::Ongoing);
    assert_eq!(fifty.claimable_draws, [Reason::FiftyMoveRule]);
    assert_eq!(
        claimed("8/8/4k3/8/8/3K4/8/R7 w - - 99 80", &["Ra2"]).outcome,
        Outcome::Draw {
            reason: Reason::FiftyMoveRule
        }
    );
    let not_yet = status("8/8/4k3/8/8/3K4/8/R7 w - - 98 80", &["Ra2"]);
    assert!(not_yet.claimable_draws.is_empty());

    let seventy_five = status("8/8/4k3/8/8/3K4/8/R7 w - - 149 100", &["Ra2"]);
    assert_eq!(
        seventy_five.outcome,
        Outcome::Draw {
            reason: Reason::SeventyFiveMoveRule
        }
    );
}

#[test]
fn mate_on_the_last_move_stands_over_seventy_five_moves() {
    let s = status("7k/8/6K1/8/8/8/8/R7 w - - 149 100", &["Ra8#"]);
    assert_eq!(
        s.outcome,
        Outcome::Decisive {
            winner: Side::White,
            reason: Reason::Checkmate
        }
    );
}

#[test]
fn history_past_the_end_of_the_game_is_rejected() {
    let moves: Vec<String> = shuffles(4)
        .into_iter()
        .chain(["Nf3"])
        .map(str::to_owned)
        .collect();
    let error = Game::load(
        Variant::Chess,
        "",
        &moves,
        LoadOptions::default(),
        &RuleOptions::default(),
    )
    .unwrap_err();
    assert!(
        matches!(&error, InputError::HistoryMove { index: 16, error } if error.to_string().contains("fivefold")),
        "{error:?}"
    );
}

fn verdict(fen: &str, moves: &[&str], candidate: &str) -> (IllegalReason, String) {
    match load(fen, moves)
        .validate(candidate, &RuleOptions::default())
        .unwrap()
    {
        Verdict::Illegal { reason, detail } => (reason, detail),
        Verdict::Legal { .. } => panic!("{candidate} should be illegal"),
    }
}

#[test]
fn every_illegal_reason() {
    use IllegalReason as R;
    let castle_fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let cases: Vec<(&str, Vec<&str>, &str, IllegalReason, &str)> = vec![
        ("", vec![], "e4e5", R::NoPiece, "no piece on e4"),
        ("", vec![], "d7d5", R::OpponentPiece, "opponent"),
        ("", vec![], "b1b3", R::IllegalPieceMovement, "knight"),
        ("", vec![], "e2e5", R::IllegalPieceMovement, ""),
        (
            "",
            vec!["e4", "e5"],
            "e4e3",
            R::IllegalPieceMovement,
            "backward",
        ),
        ("", vec![], "c1e3", R::PathBlocked, "blocked on d2"),
        (
            "",
            vec!["e4", "e5"],
            "e4e5",
            R::PathBlocked,
            "straight ahead",
        ),
        ("", vec![], "d1d2", R::CapturesOwnPiece, "own pieces"),
        ("", vec![], "e2d3", R::EnPassantUnavailable, "diagonally"),
        (
            "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1",
            vec![],
            "e2c3",
            R::LeavesKingInCheck,
            "would leave",
        ),
        (
            "4r1k1/8/8/8/8/8/8/4K2R w K - 0 1",
            vec![],
            "h1h2",
            R::LeavesKingInCheck,
            "out of check",
        ),
        (
            "4k3/8/8/8/8/8/8/4KB1r w - - 0 1",
            vec![],
            "f1e2",
            R::LeavesKingInCheck,
            "would leave",
        ),
        (
            castle_fen,
            vec!["Ke2", "Ke7", "Ke1", "Ke8"],
            "e1g1",
            R::CastlingRightLost,
            "lost",
        ),
        (
            castle_fen,
            vec!["Rb1", "Rb8"],
            "e1c1",
            R::CastlingRightLost,
            "queenside",
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            vec!["Rh2", "Rh7"],
            "O-O",
            R::CastlingRightLost,
            "kingside",
        ),
        (
            "r3k2r/8/8/8/8/5r2/8/R3K2R w KQkq - 0 1",
            vec![],
            "e1g1",
            R::CastlingThroughCheck,
            "f1",
        ),
        (
            "r3k2r/8/8/8/8/6r1/8/R3K2R w KQkq - 0 1",
            vec![],
            "e1g1",
            R::LeavesKingInCheck,
            "g1",
        ),
        (
            "r3k2r/8/8/8/8/4r3/8/R3K2R w KQkq - 0 1",
            vec![],
            "e1c1",
            R::CastlingOutOfCheck,
            "check",
        ),
        (
            "r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1",
            vec![],
            "e1c1",
            R::PathBlocked,
            "b1",
        ),
        (
            "8/P6k/8/8/8/8/8/K7 w - - 0 1",
            vec![],
            "a7a8",
            R::BadPromotion,
            "must promote",
        ),
        (
            "8/P6k/8/8/8/8/8/K7 w - - 0 1",
            vec![],
            "a7a8k",
            R::BadPromotion,
            "",
        ),
        (
            "8/7k/P7/8/8/8/8/K7 w - - 0 1",
            vec![],
            "a6a7q",
            R::BadPromotion,
            "last rank",
        ),
        (
            "8/6k1/8/8/8/8/8/K6R w - - 0 1",
            vec![],
            "h1h2q",
            R::BadPromotion,
            "only a pawn",
        ),
        ("", vec![], "Nd4", R::NoSuchMove, "not a legal move"),
        // SAN naming the one piece that could make the move by its geometry gets
        // that piece's precise reason, as the coordinates would.
        ("", vec![], "Ke2", R::CapturesOwnPiece, "own"),
        ("", vec![], "Bc4", R::PathBlocked, ""),
        (
            "3rk3/8/8/8/8/8/8/4K3 w - - 0 1",
            vec![],
            "Kd1",
            R::LeavesKingInCheck,
            "",
        ),
        ("", vec![], "Qh5", R::PathBlocked, ""),
        (
            "7k/8/8/8/8/8/8/KN3N2 w - - 0 1",
            vec![],
            "Nd2",
            R::Ambiguous,
            "more than one",
        ),
        (
            "",
            vec!["f3", "e5", "g4", "Qh4"],
            "Nf3",
            R::GameOver,
            "checkmate",
        ),
    ];
    for (fen, moves, candidate, reason, needle) in cases {
        let (got, detail) = verdict(fen, &moves, candidate);
        assert_eq!(got, reason, "{fen} {moves:?} {candidate}: {detail}");
        assert!(
            detail.contains(needle),
            "{candidate}: '{detail}' lacks '{needle}'"
        );
    }
}

#[test]
fn legal_candidates_come_with_the_game_after_them() {
    let game = load("", &["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6"]);
    let Verdict::Legal {
        info,
        fen_after,
        status_after,
    } = game.validate("h5f7", &RuleOptions::default()).unwrap()
    else {
        panic!("Qxf7 is legal");
    };
    assert_eq!(info.san, "Qxf7#");
    assert!(fen_after.starts_with("r1bqkb1r/pppp1Qpp/"));
    assert_eq!(
        status_after.outcome,
        Outcome::Decisive {
            winner: Side::White,
            reason: Reason::Checkmate
        }
    );
}
