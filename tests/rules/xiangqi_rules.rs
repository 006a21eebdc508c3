//! FEN parsing and validation, move validation reasons, hashing and game-end rulings.

#![allow(clippy::unwrap_used)]

use arbiter_rules::PieceKind;
use arbiter_rules::Strictness;
use arbiter_rules::xiangqi::{
    FenError, HistoryError, Move, Position, PositionError, Replay, SQUARES, START_FEN, Square,
    StatusOptions, notation::parse_iccs, replay,
};
use arbiter_rules::{IllegalReason, MaterialDraw};
use arbiter_rules::{Outcome, Reason, Side};

use crate::support::{data, rng::Rng};

fn strict(fen: &str) -> Result<Position, FenError> {
    Position::from_fen(fen, Strictness::Strict)
}

fn lenient(fen: &str) -> Result<Position, FenError> {
    Position::from_fen(fen, Strictness::Lenient)
}

fn sq(name: &str) -> Square {
    parse_iccs(&format!("{name}{name}")).unwrap().from
}

fn suite_positions() -> Vec<Position> {
    data::xiangqi_suite_fens()
        .map(|fen| lenient(fen).unwrap())
        .collect()
}

// ---------------------------------------------------------------- FEN

#[test]
fn start_position_round_trips() {
    let pos = strict(START_FEN).unwrap();
    assert_eq!(pos, Position::startpos());
    assert_eq!(pos.to_fen(), START_FEN);
    assert_eq!(pos.side_to_move(), Side::White);
    assert_eq!(pos.halfmove_clock(), 0);
    assert_eq!(pos.fullmove_number(), 1);
}

#[test]
fn fen_aliases_and_short_form() {
    let aliased = "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r";
    let pos = strict(aliased).unwrap();
    assert_eq!(pos.to_fen(), START_FEN);
    let black = strict("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b").unwrap();
    assert_eq!(
        black.to_fen(),
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1"
    );
    let clocks =
        strict("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w KQ e3 7 12").unwrap();
    assert_eq!(clocks.halfmove_clock(), 7);
    assert_eq!(clocks.fullmove_number(), 12);
    assert_ne!(black.zobrist(), pos.zobrist(), "side to move is hashed");
    assert_eq!(clocks.zobrist(), pos.zobrist(), "clocks are not hashed");
}

fn fen_err(fen: &str) -> FenError {
    strict(fen).unwrap_err()
}

#[test]
fn fen_syntax_errors() {
    assert_eq!(fen_err("  "), FenError::Empty);
    assert_eq!(
        fen_err(&format!("{START_FEN} extra")),
        FenError::TooManyFields(7)
    );
    assert_eq!(
        fen_err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
        FenError::WrongRankCount(9)
    );
    assert_eq!(
        fen_err("rnbakabnr1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
        FenError::TooManyFiles { rank: 9 }
    );
    assert_eq!(
        fen_err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/8/RNBAKABNR w"),
        FenError::TooFewFiles { rank: 1, files: 8 }
    );
    let bad = fen_err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w");
    assert_eq!(bad, FenError::BadCharacter { rank: 0, ch: 'X' });
    assert_eq!(bad.to_string(), "unexpected character 'X' in rank 0");
    // The board is read byte by byte: a character beyond ASCII is still named
    // whole, a zero is not a count of empty points, a count may overrun the
    // rank, and the last rank is checked for its length too.
    assert_eq!(
        fen_err("rnbakabn車/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
        FenError::BadCharacter { rank: 9, ch: '車' }
    );
    assert_eq!(
        fen_err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN0R w"),
        FenError::BadCharacter { rank: 0, ch: '0' }
    );
    assert_eq!(
        fen_err("rnbakabnr/9/1c5c1/p1p1p1p1p/46/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
        FenError::TooManyFiles { rank: 5 }
    );
    assert_eq!(
        fen_err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w"),
        FenError::TooFewFiles { rank: 0, files: 8 }
    );
    assert_eq!(
        fen_err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x"),
        FenError::BadSide("x".into())
    );
    assert_eq!(
        fen_err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1"),
        FenError::BadHalfmoveClock("x".into())
    );
    assert_eq!(
        fen_err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 -3"),
        FenError::BadFullmoveNumber("-3".into())
    );
    assert_eq!(
        fen_err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 0"),
        FenError::BadFullmoveNumber("0".into())
    );
    assert_eq!(
        lenient("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 0")
            .unwrap()
            .fullmove_number(),
        1
    );
}

#[test]
fn fen_general_errors() {
    assert_eq!(
        fen_err("3k5/9/9/9/9/9/9/9/9/9 w"),
        FenError::Position(PositionError::NoGeneral(Side::White))
    );
    let two = fen_err("3k5/9/9/9/9/9/9/9/4K4/3K5 w");
    assert_eq!(
        two,
        FenError::Position(PositionError::MoreThanOneGeneral(Side::White))
    );
    assert_eq!(two.to_string(), "more than one red general");
    let outside = fen_err("4k4/9/9/9/9/9/3K5/9/9/9 w");
    assert_eq!(
        outside,
        FenError::Position(PositionError::GeneralOutsidePalace(Side::White, sq("d3")))
    );
    assert_eq!(outside.to_string(), "red general outside its palace at d3");
    assert!(matches!(
        lenient("4k4/9/9/9/9/9/3K5/9/9/9 w"),
        Err(FenError::Position(PositionError::GeneralOutsidePalace(..)))
    ));
    let facing = fen_err("4k4/9/9/9/9/9/9/9/9/4K4 w");
    assert_eq!(
        facing,
        FenError::Position(PositionError::GeneralsFacing { file: 'e' })
    );
    assert_eq!(facing.to_string(), "generals face each other on file e");
    assert!(lenient("4k4/9/9/9/9/9/9/9/9/4K4 w").is_err());
    let check = fen_err("3k5/3R5/9/9/9/9/9/9/9/4K4 w");
    assert_eq!(
        check,
        FenError::Position(PositionError::SideNotToMoveInCheck(Side::Black))
    );
    assert!(
        check
            .to_string()
            .starts_with("side not to move is in check")
    );
    assert!(strict("3k5/3R5/9/9/9/9/9/9/9/4K4 b").is_ok());
}

#[test]
fn fen_piece_count_errors() {
    // 17 red pieces: the start position plus a soldier on b5.
    let seventeen = "rnbakabnr/9/1c5c1/p1p1p1p1p/1P7/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
    assert_eq!(
        fen_err(seventeen),
        FenError::Position(PositionError::TooManyPieces {
            side: Side::White,
            count: 17
        })
    );
    assert!(lenient(seventeen).is_err());
    let three_chariots = "3k5/9/9/9/9/9/9/R8/R8/R3K4 w";
    assert_eq!(
        fen_err(three_chariots),
        FenError::Position(PositionError::TooManyOfKind {
            side: Side::White,
            kind: PieceKind::Chariot,
            count: 3,
            max: 2
        })
    );
    assert!(lenient(three_chariots).is_ok());
}

#[test]
fn fen_placement_errors_strict_only() {
    let cases: [(&str, FenError, &str); 5] = [
        (
            "3k5/9/9/9/9/9/9/9/9/2A1K4 w",
            FenError::Position(PositionError::AdvisorOffPoints(Side::White, sq("c0"))),
            "red advisor off its five points at c0",
        ),
        (
            "3k5/9/9/9/4b4/9/9/9/9/4K4 w",
            FenError::Position(PositionError::ElephantOffPoints(Side::Black, sq("e5"))),
            "black elephant off its seven points at e5",
        ),
        (
            "3k5/9/9/9/9/9/9/4P4/9/4K4 w",
            FenError::Position(PositionError::SoldierBehindStartRank(Side::White, sq("e2"))),
            "red soldier behind its start rank at e2",
        ),
        (
            "3k5/9/9/9/9/9/1P7/9/9/4K4 w",
            FenError::Position(PositionError::SoldierOffStartFiles(Side::White, sq("b3"))),
            "red soldier at b3 has not crossed the river but is off the five start files",
        ),
        (
            "3k5/9/9/1p7/9/9/9/9/9/4K4 w",
            FenError::Position(PositionError::SoldierOffStartFiles(Side::Black, sq("b6"))),
            "black soldier at b6 has not crossed the river but is off the five start files",
        ),
    ];
    for (fen, error, text) in cases {
        assert_eq!(fen_err(fen), error, "{fen}");
        assert_eq!(error.to_string(), text);
        assert!(lenient(fen).is_ok(), "{fen}");
    }
}

// ---------------------------------------------------------------- moves

#[test]
fn zobrist_is_incremental_and_clocks_advance() {
    let mut rng = Rng::new(0x2545_F491_4F6C_DD1D);
    for start in suite_positions().into_iter().take(20) {
        let mut pos = start;
        for _ in 0..60 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            let before = pos.clone();
            let captured = pos.play(m);
            assert_eq!(pos.zobrist(), pos.zobrist_from_scratch());
            for quiet in moves.iter().filter(|q| before.piece_at(q.to).is_none()) {
                let mut after = before.clone();
                after.play(*quiet);
                assert_eq!(before.zobrist_after_quiet(*quiet), after.zobrist());
            }
            assert_eq!(captured, before.piece_at(m.to));
            let expected_clock = if captured.is_some() {
                0
            } else {
                before.halfmove_clock() + 1
            };
            assert_eq!(pos.halfmove_clock(), expected_clock);
            let expected_number =
                before.fullmove_number() + u32::from(before.side_to_move() == Side::Black);
            assert_eq!(pos.fullmove_number(), expected_number);
            assert_eq!(before.gives_check(m), pos.in_check());
            assert_eq!(
                Position::from_fen(&pos.to_fen(), Strictness::Lenient).unwrap(),
                pos
            );
        }
    }
}

/// `validate` accepts exactly the generated moves, for every point pair of every suite
/// position.
#[test]
fn validate_agrees_with_move_generation() {
    for pos in suite_positions() {
        let legal = pos.legal_moves();
        for from in Square::all() {
            for to in Square::all() {
                let ok = pos.validate(from, to).is_ok();
                assert_eq!(
                    ok,
                    legal.contains(&Move::new(from, to)),
                    "{} {from}{to}",
                    pos.to_fen()
                );
            }
        }
    }
}

fn reason(fen: &str, mv: &str) -> IllegalReason {
    let pos = strict(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let m = parse_iccs(mv).unwrap();
    let err = pos.validate(m.from, m.to).unwrap_err();
    assert!(!err.detail.is_empty());
    err.reason
}

#[test]
fn every_illegal_move_reason() {
    use IllegalReason as R;
    let cases = [
        (START_FEN, "e4e5", R::NoPiece),
        (START_FEN, "a6a5", R::OpponentPiece),
        (START_FEN, "a0a3", R::CapturesOwnPiece),
        (START_FEN, "a0b1", R::IllegalPieceMovement),
        (START_FEN, "b0b3", R::IllegalPieceMovement),
        (START_FEN, "a0a5", R::PathBlocked),
        (START_FEN, "b2c4", R::IllegalPieceMovement),
        (START_FEN, "b2b7", R::CannonNeedsOneScreen),
        (
            "3k5/9/2c6/9/9/9/9/2C6/9/4K4 w",
            "c2c7",
            R::CannonNeedsOneScreen,
        ),
        (
            "3k5/9/2c6/9/2p6/9/2P6/2C6/9/4K4 w",
            "c2c7",
            R::CannonNeedsOneScreen,
        ),
        ("3k5/9/9/9/2p6/9/9/2C6/9/4K4 w", "c2c6", R::PathBlocked),
        (START_FEN, "b0d1", R::HorseLegBlocked),
        (
            "3k5/9/9/9/9/9/9/9/3N5/2B1K4 w",
            "c0e2",
            R::ElephantEyeBlocked,
        ),
        (
            "3k5/9/9/9/9/2B6/9/9/9/4K4 w",
            "c4e6",
            R::ElephantCrossesRiver,
        ),
        ("3k5/9/9/9/9/9/9/9/9/5K3 w", "f0g0", R::MustStayInPalace),
        (START_FEN, "d0c1", R::MustStayInPalace),
        (START_FEN, "a3b3", R::SoldierSidewaysBeforeRiver),
        ("3k5/9/9/9/4P4/9/9/9/9/4K4 w", "e5e4", R::SoldierBackward),
        (
            "3k5/9/9/9/4P4/9/9/9/9/4K4 w",
            "e5e7",
            R::IllegalPieceMovement,
        ),
        ("3k5/9/9/9/9/9/9/9/9/4K4 w", "e0d0", R::GeneralsFacing),
        ("4k4/9/9/9/4P4/9/9/9/9/4K4 w", "e5d5", R::GeneralsFacing),
        (
            "4k4/4r4/9/9/9/9/9/9/4R4/4K4 w",
            "e1a1",
            R::LeavesKingInCheck,
        ),
        ("5k3/9/9/9/9/9/9/9/4r4/3K5 w", "d0e0", R::LeavesKingInCheck),
        // A piece stepping between the general and a cannon becomes its screen.
        (
            "5k3/4c4/9/9/9/9/9/9/3R5/4K4 w",
            "d1e1",
            R::LeavesKingInCheck,
        ),
    ];
    for (fen, mv, expected) in cases {
        assert_eq!(reason(fen, mv), expected, "{fen} {mv}");
    }
    let pos = strict("3k5/9/9/9/9/9/9/9/3N5/2B1K4 w").unwrap();
    let err = pos.validate(sq("c0"), sq("e2")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the elephant on c0 is blocked: its eye d1 is occupied"
    );
    assert!(pos.validate(sq("d1"), sq("e3")).is_ok());
}

// ---------------------------------------------------------------- game end

fn moves(list: &str) -> Vec<Move> {
    list.split_whitespace()
        .map(|m| parse_iccs(m).unwrap())
        .collect()
}

fn status(fen: &str, list: &str, options: &StatusOptions) -> Replay {
    replay(&lenient(fen).unwrap(), &moves(list), options).unwrap()
}

/// The early-stopping test for a legal move agrees with the full count, two plies deep
/// from every suite position and on positions with none.
#[test]
fn has_legal_move_agrees_with_the_count() {
    let mut positions = suite_positions();
    positions.push(lenient("3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1").unwrap());
    positions.push(lenient("1R2k4/9/R8/9/9/9/9/9/9/3K5 b").unwrap());
    let mut seen = 0;
    let mut without_moves = 0;
    let mut in_check = 0;
    for root in positions {
        let mut tree = vec![root];
        let mut level = 0..1;
        for _ in 0..2 {
            for parent in level.clone() {
                for m in tree[parent].legal_moves() {
                    let mut child = tree[parent].clone();
                    child.play(m);
                    tree.push(child);
                }
            }
            level = level.end..tree.len();
        }
        for pos in &tree {
            let count = pos.count_legal_moves();
            assert_eq!(pos.has_legal_move(), count > 0, "{}", pos.to_fen());
            seen += 1;
            without_moves += usize::from(count == 0);
            in_check += usize::from(pos.in_check());
        }
    }
    assert!(
        seen > 10_000 && without_moves >= 2 && in_check > 100,
        "{seen} {without_moves} {in_check}"
    );
}

#[test]
fn checkmate_and_stalemate_lose() {
    let defaults = StatusOptions::default();
    let stalemate = status("3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1", "", &defaults);
    assert_eq!(
        stalemate.outcome,
        Outcome::Decisive {
            winner: Side::White,
            reason: Reason::Stalemate
        }
    );
    // Every suite position without legal moves: mate if in check, else stalemate.
    for pos in suite_positions() {
        if pos.has_legal_move() {
            continue;
        }
        let s = replay(&pos, &[], &defaults).unwrap();
        let reason = if pos.in_check() {
            Reason::Checkmate
        } else {
            Reason::Stalemate
        };
        assert_eq!(
            s.outcome,
            Outcome::Decisive {
                winner: pos.side_to_move().opponent(),
                reason
            }
        );
    }
    // Mate delivered by the last move of the history: two chariots.
    let mate = status("4k4/9/R8/9/9/9/9/9/1R7/3K5 w", "a7a8 e9f9 b1b9", &defaults);
    assert_eq!(
        mate.outcome,
        Outcome::Decisive {
            winner: Side::White,
            reason: Reason::Checkmate
        }
    );
    assert!(mate.plies[2].gives_check);
}

#[test]
fn bare_material_draws_only_in_basic_mode() {
    let fen = "3k5/4a4/9/9/9/9/9/4B4/9/4K4 w";
    let basic = status(fen, "", &StatusOptions::default());
    assert_eq!(
        basic.outcome,
        Outcome::Draw {
            reason: Reason::InsufficientMaterial
        }
    );
    let none = StatusOptions {
        material_draw: MaterialDraw::None,
        ..StatusOptions::default()
    };
    assert_eq!(status(fen, "", &none).outcome, Outcome::Ongoing);
    // One side with a soldier: the game goes on.
    let soldier = status("3k5/9/9/9/9/9/4P4/9/9/4K4 w", "", &StatusOptions::default());
    assert_eq!(soldier.outcome, Outcome::Ongoing);
}

#[test]
fn move_limit_after_quiet_plies() {
    let fen = "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 118 70";
    let defaults = StatusOptions::default();
    assert_eq!(status(fen, "a0a1", &defaults).outcome, Outcome::Ongoing);
    assert_eq!(
        status(fen, "a0a1 d9d8", &defaults).outcome,
        Outcome::Draw {
            reason: Reason::MoveLimit
        }
    );
    let off = StatusOptions {
        move_limit_plies: 0,
        ..defaults
    };
    assert_eq!(status(fen, "a0a1 d9d8", &off).outcome, Outcome::Ongoing);
    let err = replay(&lenient(fen).unwrap(), &moves("a0a1 d9d8 a1a2"), &defaults).unwrap_err();
    assert!(matches!(
        err,
        HistoryError::MoveAfterGameEnd { index: 2, .. }
    ));
    let err = replay(&lenient(fen).unwrap(), &moves("a0b1"), &defaults).unwrap_err();
    assert!(matches!(err, HistoryError::IllegalMove { index: 0, .. }));
}

#[test]
fn checks_beyond_the_discount_do_not_count() {
    let fen = "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1";
    // Red checks on every move, Black steps between d9 and d8.
    let line = "a0a9 d9d8 a9a8 d8d9 a8a9 d9d8 a9a8 d8d9";
    let count_all = status(fen, line, &StatusOptions::default());
    assert!(count_all.plies.iter().step_by(2).all(|p| p.gives_check));
    assert_eq!(count_all.limit_counter, 8);
    let two = StatusOptions {
        check_discount: 2,
        ..StatusOptions::default()
    };
    let limited = status(fen, line, &two);
    let counters: Vec<u32> = limited.plies.iter().map(|p| p.limit_counter).collect();
    assert_eq!(counters, [1, 2, 3, 4, 4, 4, 4, 4]);
    let none = StatusOptions {
        check_discount: 0,
        ..StatusOptions::default()
    };
    assert_eq!(status(fen, line, &none).limit_counter, 0);
}

#[test]
fn repetition_is_counted_not_adjudicated() {
    let fen = "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1";
    let s = status(fen, "a0a9 d9d8 a9a8 d8d9 a8a9", &StatusOptions::default());
    assert_eq!(s.repetitions, 2);
    assert_eq!(s.outcome, Outcome::Ongoing);
    let s = status(
        fen,
        "a0a9 d9d8 a9a8 d8d9 a8a9 d9d8 a9a8 d8d9 a8a9",
        &StatusOptions::default(),
    );
    assert_eq!(s.repetitions, 3);
    assert_eq!(s.positions.len(), 10);
    assert_eq!(s.position().zobrist(), s.plies[8].zobrist_after);
    // A capture starts a new window.
    let s = status(
        "3k5/9/9/9/9/9/9/9/r8/R3K4 w",
        "a0a1",
        &StatusOptions::default(),
    );
    assert_eq!(s.repetitions, 1);
    assert_eq!(
        s.plies[0].captured.map(|p| p.kind),
        Some(PieceKind::Chariot)
    );
}

#[test]
fn null_move_passes_the_turn_unless_in_check() {
    let start = Position::startpos();
    let passed = start.null_move().unwrap();
    assert_eq!(passed.side_to_move(), Side::Black);
    assert_eq!(passed.zobrist(), passed.zobrist_from_scratch());
    assert_eq!(passed.legal_moves().len(), 44);
    let in_check = strict("3k5/3R5/9/9/9/9/9/9/9/4K4 b").unwrap();
    assert!(in_check.in_check());
    assert!(in_check.null_move().is_none());
}

#[test]
fn attack_queries() {
    let pos = Position::startpos();
    // The red cannon on h2 attacks the black horse on h9 over the cannon on h7.
    assert!(pos.attacks_from(sq("h2")).contains(sq("h9")));
    assert!(pos.attackers_to(sq("h9"), Side::White).contains(sq("h2")));
    // Elephants and advisors attack inside their own half and palace.
    assert!(pos.attackers_to(sq("e2"), Side::White).contains(sq("c0")));
    assert!(pos.attackers_to(sq("e1"), Side::White).contains(sq("d0")));
    // A hobbled horse does not attack.
    assert!(!pos.attacks_from(sq("b0")).contains(sq("d1")));
    assert_eq!(pos.attackers_to(sq("e5"), Side::Black).len(), 1);
    assert_eq!(pos.attackers_to(sq("e4"), Side::Black).len(), 0);
    assert!(pos.checkers().is_empty());
}

#[test]
fn a_pieces_attacks_are_the_same_asked_by_piece_or_by_point() {
    // The start, a middlegame with screens and hobbled horses, and an
    // ending with the generals on one file behind their screens.
    for fen in [
        START_FEN,
        "r1bakab1r/9/1cn3nc1/p1p1p3p/6p2/2P6/P3P1P1P/1CN1B1NC1/9/R2AKAB1R w",
        "3ak4/4a4/4c4/9/9/2p6/9/4C4/4A4/4K4 w",
    ] {
        let pos = strict(fen).unwrap();
        let mut asked = 0;
        for index in 0..SQUARES {
            let point = Square::from_index(index).unwrap();
            if let Some(piece) = pos.piece_at(point) {
                assert_eq!(
                    pos.attacks_of_piece(piece, point),
                    pos.attacks_from(point),
                    "{fen} {point:?}"
                );
                asked += 1;
            }
        }
        assert!(asked >= 2, "{fen}");
    }
}

#[test]
fn play_ignores_moves_that_would_break_the_position() {
    let start = Position::startpos();
    for mv in ["e4e5", "a6a5", "a0a3"] {
        let mut pos = start.clone();
        assert_eq!(pos.play(parse_iccs(mv).unwrap()), None);
        assert_eq!(pos, start, "{mv}");
    }
    // Capturing a general is never legal; play refuses it.
    let mut pos = strict("3k5/9/9/9/9/9/9/9/9/3RK4 b").unwrap();
    let before = pos.clone();
    assert_eq!(pos.play(parse_iccs("d0d9").unwrap()), None);
    assert_eq!(pos, before);
}
