//! The chess evaluation's tests: its symmetry, its terms' counts, and the
//! trace that reproduces it.

use super::*;
use crate::chess::tests::position;
use crate::eval::trace::testing::{XorShift, assert_layout_covers};
use shakmaty::attacks::pawn_attacks;
use shakmaty::fen::Fen;
use shakmaty::{Bitboard, Chess, Color, Square};

fn eval(fen: &str) -> i32 {
    let pos: Chess = position(fen);
    ChessEvaluator.evaluate(&ChessNode::new(pos))
}

#[test]
fn start_position_is_balanced() {
    let s = eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    // Only the side to move's bonus: the fixed tempo, and the fitted one's
    // middlegame part (every piece on, so the phase is all middlegame).
    assert_eq!(s, TEMPO + WEIGHTS[SIDE_TO_MOVE].0);
}

#[test]
fn evaluation_is_colour_symmetric() {
    let a = eval("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
    let b = eval("rnbqk2r/pppp1ppp/5n2/2b1p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 4 4");
    assert_eq!(a, b);
}

#[test]
fn passed_pawns_are_recognised() {
    let black_pawns = |squares: &[Square]| {
        squares
            .iter()
            .fold(Bitboard::EMPTY, |b, &s| b | Bitboard::from(s))
    };
    assert!(!is_passed(
        Square::E5,
        Color::White,
        black_pawns(&[Square::D7])
    ));
    assert!(is_passed(
        Square::E5,
        Color::White,
        black_pawns(&[Square::A7, Square::E4])
    ));
    assert!(!is_passed(
        Square::E4,
        Color::Black,
        Bitboard::from(Square::F2)
    ));
    assert!(is_passed(
        Square::E4,
        Color::Black,
        Bitboard::from(Square::F5)
    ));
}

#[test]
fn pawn_attack_sets_match_single_pawn_attacks() {
    let pawns = Bitboard::from(Square::A2)
        | Bitboard::from(Square::H5)
        | Bitboard::from(Square::E4)
        | Bitboard::from(Square::B7);
    for color in Color::ALL {
        let single = pawns
            .into_iter()
            .fold(Bitboard::EMPTY, |acc, sq| acc | pawn_attacks(color, sq));
        assert_eq!(pawn_attacks_of(color, pawns), single);
    }
}

/// Positions along pseudo-random games from a few starts, for the
/// trace test: every phase, drawish endings, both sides to move.
fn sample_positions() -> Vec<Chess> {
    let starts = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        "8/5k2/8/3B4/8/2N5/5K2/8 b - - 0 1",
        "4k3/pp3ppp/8/8/8/8/PPP2PPP/3RK3 w - - 0 1",
    ];
    let mut random = XorShift(0x2545_f491_4f6c_dd1d);
    let mut positions = Vec::new();
    for start in starts {
        for _ in 0..12 {
            let mut pos: Chess = position(start);
            for _ in 0..120 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[random.below(moves.len())];
                pos.play_unchecked(m);
                positions.push(pos.clone());
            }
        }
    }
    positions
}

#[test]
fn trace_reproduces_the_evaluation() {
    let positions = sample_positions();
    assert!(positions.len() > 4000);
    let (mut divided, mut scaled) = (0, 0);
    for pos in positions {
        let t = trace(&pos);
        divided += usize::from(t.divisor > 1);
        scaled += usize::from(t.scale < Trace::FULL_SCALE);
        let fen = Fen::from_position(&pos, shakmaty::EnPassantMode::Legal);
        // The evaluator takes its pawns-alone terms from a cache (the
        // trace computes them), filled by the first call where these pawns
        // are new and read by the second.
        let node = ChessNode::new(pos);
        assert_eq!(
            t.evaluate(&WEIGHTS),
            ChessEvaluator.evaluate(&node),
            "{fen}"
        );
        assert_eq!(
            t.evaluate(&WEIGHTS),
            ChessEvaluator.evaluate(&node),
            "{fen}"
        );
    }
    assert!(divided > 0, "no drawish position sampled");
    assert!(scaled > 0, "no scaled endgame sampled");
}

#[test]
fn endgame_scale_follows_the_material_left() {
    let scale = |fen: &str| trace(&position(fen)).scale;
    // Opposite-coloured bishops (f2 dark, d5 light), White's two passers.
    assert_eq!(scale("4k3/8/8/3b4/7P/8/P4B2/4K3 w - - 0 1"), 18 + 4 * 2);
    // The same with a white knight: by White's pieces and pawns.
    assert_eq!(scale("4k3/8/8/3b4/7P/8/P4B2/4K1N1 w - - 0 1"), 22 + 3 * 4);
    // Bishops of one colour (f2 and e5 dark): by White's pawns.
    assert_eq!(scale("4k3/8/8/4b3/7P/8/P4B2/4K3 w - - 0 1"), 36 + 7 * 2);
    // Rook against rook, White a pawn up on one flank, Black's king by its pawns.
    assert_eq!(scale("r5k1/6pp/8/8/8/8/5PPP/R5K1 w - - 0 1"), 36);
    // The same with White's pawns on both flanks: by White's pawns.
    assert_eq!(scale("r5k1/6pp/8/8/8/8/P5PP/R5K1 w - - 0 1"), 36 + 7 * 3);
    // One queen, against a rook and a knight.
    assert_eq!(scale("rn4k1/5ppp/8/8/8/8/5PPP/3Q2K1 w - - 0 1"), 37 + 3);
    // Against a bare king: whole, and a queen against pawns: by the pawns.
    assert_eq!(
        scale("6k1/8/8/8/8/8/5PPP/3Q2K1 w - - 0 1"),
        Trace::FULL_SCALE
    );
    assert_eq!(scale("6k1/6pp/8/8/8/8/5PPP/3Q2K1 w - - 0 1"), 36 + 7 * 3);
    // Every piece on: whole.
    assert_eq!(
        scale("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        Trace::FULL_SCALE
    );
}

/// White's count minus Black's of the weight `index` in `fen`'s trace.
fn coefficient(fen: &str, index: usize) -> i16 {
    let pos: Chess = position(fen);
    trace(&pos)
        .coefficients
        .iter()
        .find(|&&(i, _)| usize::from(i) == index)
        .map_or(0, |&(_, count)| count)
}

#[test]
fn outposts_are_pawn_defended_squares_no_enemy_pawn_can_attack() {
    // The knight on d5, defended by e4, with no black pawn on c or e.
    assert_eq!(
        coefficient("4k3/p6p/8/3N4/4P3/8/8/4K3 w - - 0 1", OUTPOST),
        1
    );
    // c7 can advance to c6 and drive it away.
    assert_eq!(
        coefficient("4k3/p1p4p/8/3N4/4P3/8/8/4K3 w - - 0 1", OUTPOST),
        0
    );
    // Undefended, it is no outpost.
    assert_eq!(coefficient("4k3/p6p/8/3N4/8/8/8/4K3 w - - 0 1", OUTPOST), 0);
    // Black's bishop on e4 (rank 5 from Black's side), defended by d5.
    assert_eq!(
        coefficient("4k3/8/8/3p4/4b3/8/P6P/4K3 w - - 0 1", OUTPOST + 1),
        -1
    );
}

#[test]
fn hanging_pieces_are_attacked_and_undefended() {
    assert_eq!(coefficient("4k3/8/8/n7/8/8/8/R3K3 w - - 0 1", HANGING), 1);
    // b6 defends the knight.
    assert_eq!(coefficient("4k3/8/1p6/n7/8/8/8/R3K3 w - - 0 1", HANGING), 0);
}

#[test]
fn backward_pawns_cannot_advance_safely_nor_be_supported() {
    // e3: e4 is attacked by d5, and no white pawn stands on d or f at its
    // rank or behind. Black's chain b7-c6-d5 is supported link by link.
    assert_eq!(
        coefficient("4k3/1p6/2p5/3p4/3P4/4P3/8/4K3 w - - 0 1", BACKWARD_PAWN),
        1
    );
    // With f2 beside it, e3 can be supported.
    assert_eq!(
        coefficient("4k3/1p6/2p5/3p4/3P4/4P3/5P2/4K3 w - - 0 1", BACKWARD_PAWN),
        0
    );
}

#[test]
fn rooks_on_the_seventh_and_bishops_pawns_are_counted() {
    assert_eq!(
        coefficient("4k3/R7/8/8/8/8/8/4K3 w - - 0 1", ROOK_ON_SEVENTH),
        1
    );
    assert_eq!(
        coefficient("4k3/8/8/8/8/8/r7/4K3 w - - 0 1", ROOK_ON_SEVENTH),
        -1
    );
    // The dark-squared bishop on c1 and its pawns on d2 and e3; h3 is light.
    assert_eq!(
        coefficient("4k3/8/8/8/8/4P2P/3P4/2B1K3 w - - 0 1", BISHOP_PAWNS),
        2
    );
}

#[test]
fn storming_pawns_stand_one_to_three_ranks_before_the_enemy_king() {
    // f6 and g5 storm the king on g8; h4 is four ranks away.
    assert_eq!(
        coefficient("6k1/8/5P2/6P1/7P/8/8/4K3 w - - 0 1", PAWN_STORM),
        2
    );
}

#[test]
fn passed_pawns_safe_squares_and_rooks_behind_them() {
    // d4's next square is free, but e8's king guards d7 and d8.
    let guarded = "4k3/8/8/8/3P4/8/8/4K3 w - - 0 1";
    assert_eq!(coefficient(guarded, PASSED_SAFE_STOP + 3), 1);
    assert_eq!(coefficient(guarded, PASSED_SAFE_PATH + 3), 0);
    let free = "7k/8/8/8/3P4/8/8/4K3 w - - 0 1";
    assert_eq!(coefficient(free, PASSED_SAFE_PATH + 3), 1);
    // c7's knight attacks d5.
    let attacked = "7k/2n5/8/8/3P4/8/8/4K3 w - - 0 1";
    assert_eq!(coefficient(attacked, PASSED_SAFE_STOP + 3), 0);
    // On the seventh the path is the next square: only the first weight.
    let seventh = "7k/3P4/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(coefficient(seventh, PASSED_SAFE_STOP + 6), 1);
    assert_eq!(coefficient(seventh, PASSED_SAFE_PATH + 6), 0);
    assert_eq!(
        coefficient("4k3/8/8/3P4/8/8/8/3RK3 w - - 0 1", ROOK_BEHIND_PASSER),
        1
    );
    assert_eq!(
        coefficient("4k3/8/8/3P4/8/8/7K/3r4 w - - 0 1", ROOK_BEHIND_PASSER + 1),
        1
    );
    // A knight between: the rook is not behind the pawn on an open line.
    assert_eq!(
        coefficient("4k3/8/8/3P4/8/3N4/8/3RK3 w - - 0 1", ROOK_BEHIND_PASSER),
        0
    );
}

#[test]
fn weak_squares_by_the_king_and_threats_by_pawn_pushes() {
    // The rook on a7 attacks f7, g7 and h7, which only the king defends.
    assert_eq!(
        coefficient("6k1/R7/8/8/8/8/8/4K3 w - - 0 1", KING_ZONE_WEAK),
        3
    );
    // f8's bishop defends g7.
    assert_eq!(
        coefficient("5bk1/R7/8/8/8/8/8/4K3 w - - 0 1", KING_ZONE_WEAK),
        2
    );
    // d2-d4 (through d3) attacks the knight on c5 and the rook on e5.
    assert_eq!(
        coefficient("4k3/8/8/2n1r3/8/8/3P4/7K w - - 0 1", THREAT_BY_PUSH),
        2
    );
    // With d8's queen guarding d4 and nothing of White's on it, the push is not safe.
    assert_eq!(
        coefficient("3qk3/8/8/2n1r3/8/8/3P4/7K w - - 0 1", THREAT_BY_PUSH),
        0
    );
}

#[test]
fn space_minors_behind_pawns_and_king_protectors() {
    // White: 10 central squares of its half free of its pawns and of
    // Black's attacks, 4 of them behind d4 and e4; Black: 8, as d4 and e4
    // attack c5, d5, e5 and f5.
    let centre = "4k3/8/8/8/3PP3/8/8/4K3 w - - 0 1";
    assert_eq!(coefficient(centre, SPACE), 2);
    assert_eq!(coefficient(centre, SPACE + 1), 4);
    let knight = "4k3/8/8/8/3P4/3N4/8/4K3 w - - 0 1";
    assert_eq!(coefficient(knight, MINOR_BEHIND_PAWN), 1);
    assert_eq!(coefficient(knight, KING_PROTECTOR), 2);
}

#[test]
fn threats_on_weak_pieces_by_the_king_and_on_the_queen() {
    // e3's knight attacks the bishop on d5, which nothing defends.
    let weak = "4k3/8/8/3b4/8/4N3/8/4K3 w - - 0 1";
    assert_eq!(coefficient(weak, THREAT_ON_WEAK + 2), 1);
    // c6 defends it.
    let defended = "4k3/8/2p5/3b4/8/4N3/8/4K3 w - - 0 1";
    assert_eq!(coefficient(defended, THREAT_ON_WEAK + 2), 0);
    assert_eq!(
        coefficient("4k3/8/8/8/8/8/3n4/4K3 w - - 0 1", THREAT_BY_KING),
        1
    );
    // From c3 and e3, both safe, d1's knight would attack the queen on d5.
    assert_eq!(
        coefficient("4k3/8/8/3q4/8/8/8/3NK3 w - - 0 1", QUEEN_THREAT),
        2
    );
}

#[test]
fn restricted_squares_leave_out_what_the_enemy_holds_firmly() {
    // Both sides attack g6, g7, g8 and h8 (White's rook and bishop, Black's
    // king). White attacks g7 twice, Black once: for Black, g7 is held
    // firmly by White and not restricted; for White all four are.
    assert_eq!(
        coefficient("8/7k/8/8/8/8/1B6/K5R1 w - - 0 1", RESTRICTED),
        1
    );
}

#[test]
fn rooks_bishops_and_blocked_pawns() {
    assert_eq!(
        coefficient("3qk3/8/8/8/8/8/8/3RK3 w - - 0 1", ROOK_ON_QUEEN_FILE),
        1
    );
    // b2 sees d4 and e5.
    assert_eq!(
        coefficient("4k3/8/8/8/8/8/1B6/4K3 w - - 0 1", LONG_DIAGONAL_BISHOP),
        1
    );
    // g7 is on b2's diagonal, the knight on e5 between them or not.
    assert_eq!(
        coefficient("4k3/6p1/8/4n3/8/8/1B6/4K3 w - - 0 1", BISHOP_XRAY_PAWNS),
        1
    );
    // d5 (White's fifth rank) is blocked; d6 is on Black's third.
    assert_eq!(
        coefficient("4k3/8/3p4/3P4/8/8/8/4K3 w - - 0 1", BLOCKED_PAWN),
        1
    );
}

#[test]
fn king_attackers_castling_rights_outposts_and_unopposed_pawns() {
    // f1's rook (f7, f8: 6 units) and h5's knight (g7: 2 units) attack
    // the zone of g8's king.
    let attack = "6k1/8/8/7N/8/8/8/4KR2 w - - 0 1";
    assert_eq!(coefficient(attack, KING_ATTACKERS + 1), 1);
    assert_eq!(coefficient(attack, KING_ATTACK_NO_QUEEN), 8);
    // Of the king's flank in Black's camp, the rook attacks f4 to f8 and
    // the knight g7 (and f6 and f4 again).
    assert_eq!(coefficient(attack, KING_FLANK_ATTACK), 6);
    let castles = "r3k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1";
    assert_eq!(coefficient(castles, CASTLING_RIGHTS), 0);
    assert_eq!(coefficient(castles, CASTLING_RIGHTS + 1), 1);
    // c3's knight reaches d5, defended by e4 and out of a7's and h7's reach.
    assert_eq!(
        coefficient("4k3/p6p/8/8/4P3/2N5/8/4K3 w - - 0 1", REACHABLE_OUTPOST),
        1
    );
    assert_eq!(
        coefficient("4k3/8/8/3Q4/8/8/8/4K3 w - - 0 1", QUEEN_INFILTRATION),
        1
    );
    assert_eq!(
        coefficient("4k3/8/8/8/8/8/P7/4K3 w - - 0 1", WEAK_UNOPPOSED),
        1
    );
    // a7 opposes a2, and a2 opposes a7.
    assert_eq!(
        coefficient("4k3/p7/8/8/8/8/P7/4K3 w - - 0 1", WEAK_UNOPPOSED),
        0
    );
}

#[test]
fn candidate_and_unstoppable_passers_and_pawn_support() {
    // d4: c7 guards its way, e3 can support it; e3 itself is passed.
    assert_eq!(
        coefficient("4k3/2p5/8/8/3P4/4P3/8/4K3 w - - 0 1", CANDIDATE_PASSER + 3),
        1
    );
    // c3 and e3 defend d4.
    assert_eq!(
        coefficient("4k3/8/8/8/3P4/2P1P3/8/4K3 w - - 0 1", PAWN_SUPPORT),
        2
    );
    // a5 needs three moves; h8's king is seven squares from a8, six if it moves first.
    for fen in [
        "7k/8/8/P7/8/8/8/4K3 w - - 0 1",
        "7k/8/8/P7/8/8/8/4K3 b - - 0 1",
    ] {
        assert_eq!(coefficient(fen, UNSTOPPABLE_PASSER), 1, "{fen}");
    }
    // b8's king is in the square; a knight could stop the pawn.
    for fen in [
        "1k6/8/8/P7/8/8/8/4K3 w - - 0 1",
        "7k/8/8/P7/8/8/8/n3K3 w - - 0 1",
    ] {
        assert_eq!(coefficient(fen, UNSTOPPABLE_PASSER), 0, "{fen}");
    }
}

#[test]
fn king_pawns_trapped_rooks_and_the_side_to_move() {
    // g1 is five squares from b2; no pawn stands on its flank (e to h),
    // while a2 and b2 stand on a8's (a to c).
    let king = "k7/8/8/8/8/8/PP6/6K1 w - - 0 1";
    assert_eq!(coefficient(king, KING_PAWN_DISTANCE), 5);
    assert_eq!(coefficient(king, PAWNLESS_FLANK), 1);
    // h1's rook has g1 alone, behind f1's king.
    assert_eq!(
        coefficient("4k3/8/8/8/8/8/6PP/5K1R w - - 0 1", TRAPPED_ROOK),
        1
    );
    let pieces = "4k3/8/8/8/8/2N5/PP6/R3K3 w - - 0 1";
    assert_eq!(coefficient(pieces, KNIGHT_PAWNS), 2);
    assert_eq!(coefficient(pieces, KNIGHT_PAWNS + 1), 2);
    assert_eq!(
        coefficient("4k3/8/8/8/8/8/8/4K3 b - - 0 1", SIDE_TO_MOVE),
        -1
    );
}

#[test]
fn layout_covers_the_weights_in_order() {
    assert_layout_covers(&LAYOUT, WEIGHT_COUNT);
}

#[test]
fn extra_queen_is_winning() {
    // The lone king on the rim, near the other: more than in the centre.
    assert!(eval("4k3/8/4K3/8/8/8/8/3Q4 w - - 0 1") > eval("8/8/8/4k3/8/8/8/3QK3 w - - 0 1"));
    // Two knights cannot force the mate: no bonus.
    let knights: Chess = position("4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1");
    assert_eq!(endgame::mating(knights.board()), Tapered(0, 0));
    let bishop_knight: Chess = position("4k3/8/8/8/8/8/8/1N2KB2 w - - 0 1");
    assert!(endgame::mating(bishop_knight.board()).1 > 0);
    // Bishops of one colour (c1 and e3, both dark) cannot either; of both can.
    let dark_bishops: Chess = position("4k3/8/8/8/8/4B3/8/2B1K3 w - - 0 1");
    assert_eq!(endgame::mating(dark_bishops.board()), Tapered(0, 0));
    let bishops: Chess = position("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1");
    assert!(endgame::mating(bishops.board()).1 > 0);
    // From Black's side, negative.
    let black_rook: Chess = position("4k2r/8/8/8/8/8/8/4K3 w - - 0 1");
    assert!(endgame::mating(black_rook.board()).1 < 0);
    assert!(eval("4k3/8/8/8/8/8/8/3QK3 w - - 0 1") > 800);
    assert!(eval("4k3/8/8/8/8/8/8/3QK3 b - - 0 1") < -800);
}

#[test]
fn king_ring_leaves_the_edge_and_the_squares_two_own_pawns_guard() {
    let board = position("6k1/8/8/8/8/8/5PPP/6K1 w - - 0 1").board().clone();
    let ring = king::ring(&board, Square::G1, Color::White);
    // Centred on g2 (off the first rank); g3 is guarded by f2 and h2.
    let expected = [
        Square::F1,
        Square::G1,
        Square::H1,
        Square::F2,
        Square::G2,
        Square::H2,
        Square::F3,
        Square::H3,
    ]
    .into_iter()
    .fold(Bitboard::EMPTY, |b, s| b | Bitboard::from(s));
    assert_eq!(ring, expected);
}

#[test]
fn king_blockers_stand_alone_between_it_and_an_enemy_slider() {
    // The knight on e2 is pinned by the rook, the pawn on d2 by the
    // bishop; the queen's file has two pieces in it.
    let board = position("3qk3/8/8/8/1b6/8/3PN3/3QK3 w - - 0 1")
        .board()
        .clone();
    let blockers = king::blockers(&board, Square::E1, Color::White);
    assert_eq!(blockers, Bitboard::from(Square::D2));
    let board = position("3qr1k1/8/8/8/1b6/8/3PN3/3QK3 w - - 0 1")
        .board()
        .clone();
    let blockers = king::blockers(&board, Square::E1, Color::White);
    assert_eq!(
        blockers,
        Bitboard::from(Square::D2) | Bitboard::from(Square::E2)
    );
}

#[test]
fn king_danger_grows_with_the_attack_and_mirrors_with_the_colours() {
    // Black castled; White's queen, knight and bishop aim at h7.
    let attacked = "r1bq1rk1/pppn1ppp/4p3/3pP1NQ/3P4/3B4/PPP2PPP/R1B1K2R w KQ - 0 1";
    let quiet = "r1bq1rk1/pppn1ppp/4p3/3pP3/3P4/3B1N2/PPP1QPPP/R1B1K2R w KQ - 0 1";
    let danger = |fen: &str| trace(&position(fen)).offset;
    assert!(
        danger(attacked).0 > danger(quiet).0 + 50,
        "{:?}",
        danger(attacked)
    );
    let mirrored = "r1b1k2r/ppp2ppp/3b4/3p4/3Pp1nq/4P3/PPPN1PPP/R1BQ1RK1 b kq - 0 1";
    assert_eq!(
        danger(mirrored),
        Tapered(-danger(attacked).0, -danger(attacked).1)
    );
}

#[test]
fn king_shelter_storm_and_file_by_the_edge_and_the_nearest_pawns() {
    // White's king behind f2, g2, h2 (relative rank index 1, files 2, 1
    // and 0 from the edge); Black's has no pawns: every file empty.
    let sheltered = "6k1/8/8/8/8/8/5PPP/6K1 w - - 0 1";
    for edge in 0..3 {
        assert_eq!(coefficient(sheltered, KING_SHELTER + edge * 8 + 1), 1);
        assert_eq!(coefficient(sheltered, KING_SHELTER + edge * 8), -1);
    }
    // White's king file has own pawns only (index 1), Black's the enemy's
    // only (index 2).
    assert_eq!(coefficient(sheltered, KING_ON_FILE + 1), 1);
    assert_eq!(coefficient(sheltered, KING_ON_FILE + 2), -1);
    // A black pawn on g3 right before White's g2 is a blocked storm; on h4,
    // not right before h2, an unblocked one at relative rank index 3.
    let stormed = "6k1/8/8/8/7p/6p1/5PPP/6K1 w - - 0 1";
    assert_eq!(coefficient(stormed, KING_STORM_BLOCKED + 2), 1);
    assert_eq!(coefficient(stormed, KING_STORM + 3), 1);
    // Castling rights let the king count the best of its square and the
    // castled ones by middlegame weight: what it would count standing on
    // e1, g1 or c1 without rights (Black's part is the same in all four).
    let shelter = |fen: &str| {
        (KING_SHELTER..KING_ON_FILE + 4)
            .map(|i| i32::from(coefficient(fen, i)) * WEIGHTS[i].0)
            .sum::<i32>()
    };
    let can_castle = shelter("4k3/8/8/8/8/8/P4PPP/R3K2R w KQ - 0 1");
    let best = [
        "4k3/8/8/8/8/8/P4PPP/R3K2R w - - 0 1",
        "4k3/8/8/8/8/8/P4PPP/R5KR w - - 0 1",
        "4k3/8/8/8/8/8/P4PPP/R1K4R w - - 0 1",
    ]
    .map(shelter)
    .into_iter()
    .max();
    assert_eq!(Some(can_castle), best);
}
