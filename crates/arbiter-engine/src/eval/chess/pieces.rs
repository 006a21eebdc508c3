//! Chess piece placement: the bishop pair, rooks on open files, on the
//! seventh and on a queen's file, outposts, a queen's infiltration, a
//! bishop's pawns, long diagonal and x-rayed pawns, space, minors behind
//! pawns and near their king; the material's imbalance.

use shakmaty::attacks::{bishop_attacks, knight_attacks};
use shakmaty::{Bitboard, Board, Color, Rank, Role};

use super::pawns::{PawnSets, files_of, on_files};
use super::*;
use crate::eval::trace::Tracer;

/// d4, e4, d5 and e5.
const CENTRE: Bitboard = Bitboard(0x0000_0018_1800_0000);

/// `us`'s piece-placement terms, added to `terms`.
pub(super) fn placement<T: Tracer>(
    board: &Board,
    us: Color,
    pawn_sets: &PawnSets,
    terms: &mut Terms<'_, T>,
) {
    let them = !us;
    let own = board.by_color(us);
    let our_pawns = pawn_sets.ours;
    let their_pawns = pawn_sets.theirs;
    let pawn_threats = pawn_sets.attacks;
    let enemy_pawn_attacks = pawn_sets.enemy_attacks;
    let our_king = board.king_of(us);
    if (board.bishops() & own).more_than_one() {
        terms.add(BISHOP_PAIR, 1);
    }
    let pawns = our_pawns.count() as i32;
    terms.add(KNIGHT_PAWNS, (board.knights() & own).count() as i32 * pawns);
    terms.add(
        KNIGHT_PAWNS + 1,
        (board.rooks() & own).count() as i32 * pawns,
    );

    let our_files = files_of(our_pawns);
    let their_files = files_of(their_pawns);
    for rook in board.rooks() & own {
        let file = 1u8 << rook.file() as u8;
        if our_files & file == 0 {
            let term = if their_files & file == 0 {
                ROOK_OPEN_FILE
            } else {
                ROOK_SEMI_OPEN_FILE
            };
            terms.add(term, 1);
        }
    }

    let outpost_ranks = match us {
        Color::White => [Rank::Fourth, Rank::Fifth, Rank::Sixth],
        Color::Black => [Rank::Fifth, Rank::Fourth, Rank::Third],
    };
    // Every square an enemy pawn attacks now or can after advancing.
    let enemy_pawn_span = {
        let mut span = enemy_pawn_attacks;
        for _ in 0..5 {
            span |= forward(them, span);
        }
        span
    };
    let outpost_squares = pawn_threats
        & !enemy_pawn_span
        & outpost_ranks
            .into_iter()
            .fold(Bitboard::EMPTY, |all, rank| all | Bitboard::from_rank(rank));
    for (i, role) in [Role::Knight, Role::Bishop].into_iter().enumerate() {
        let outposts = (board.by_piece(role.of(us)) & outpost_squares).count() as i32;
        terms.add(OUTPOST + i, outposts);
    }
    let reaching = (board.knights() & own)
        .into_iter()
        .filter(|&sq| !(knight_attacks(sq) & outpost_squares & !own).is_empty())
        .count() as i32;
    terms.add(REACHABLE_OUTPOST, reaching);
    let enemy_half = match us {
        Color::White => Bitboard(0xffff_ffff_0000_0000),
        Color::Black => Bitboard(0x0000_0000_ffff_ffff),
    };
    let infiltrated = board.queens() & own & enemy_half & !enemy_pawn_span;
    terms.add(QUEEN_INFILTRATION, infiltrated.count() as i32);
    let seventh = Bitboard::from_rank(match us {
        Color::White => Rank::Seventh,
        Color::Black => Rank::Second,
    });
    terms.add(
        ROOK_ON_SEVENTH,
        (board.rooks() & own & seventh).count() as i32,
    );
    let bishop_pawns = (board.bishops() & own)
        .into_iter()
        .map(|sq| {
            let colour = if Bitboard::LIGHT_SQUARES.contains(sq) {
                Bitboard::LIGHT_SQUARES
            } else {
                Bitboard::DARK_SQUARES
            };
            (our_pawns & colour).count() as i32
        })
        .sum::<i32>();
    terms.add(BISHOP_PAWNS, bishop_pawns);
    let centre = on_files(0b0011_1100)
        & match us {
            Color::White => Bitboard(0x0000_0000_ffff_ff00),
            Color::Black => Bitboard(0x00ff_ffff_0000_0000),
        };
    let space = centre & !our_pawns & !enemy_pawn_attacks;
    let behind_pawns = {
        let back = |b: Bitboard| backward(us, b);
        let one = back(our_pawns);
        one | back(one) | back(back(one))
    };
    terms.add(SPACE, space.count() as i32);
    terms.add(SPACE + 1, (space & behind_pawns).count() as i32);
    let minors = (board.knights() | board.bishops()) & own;
    terms.add(
        MINOR_BEHIND_PAWN,
        (forward(us, minors) & board.pawns()).count() as i32,
    );
    if let Some(king) = our_king {
        for (i, role) in [Role::Knight, Role::Bishop].into_iter().enumerate() {
            let distance = board
                .by_piece(role.of(us))
                .into_iter()
                .map(|sq| sq.distance(king) as i32)
                .sum::<i32>();
            terms.add(KING_PROTECTOR + i, distance);
        }
    }
    for rook in board.rooks() & own {
        if !(board.queens() & Bitboard::from_file(rook.file())).is_empty() {
            terms.add(ROOK_ON_QUEEN_FILE, 1);
        }
    }
    for bishop in board.bishops() & own {
        if (bishop_attacks(bishop, board.pawns()) & CENTRE).more_than_one() {
            terms.add(LONG_DIAGONAL_BISHOP, 1);
        }
        let xray = bishop_attacks(bishop, Bitboard::EMPTY) & their_pawns;
        terms.add(BISHOP_XRAY_PAWNS, xray.count() as i32);
    }
}

/// The material imbalance, White's less Black's, added to `total` and
/// told to `tracer` (White +): per pair in [`IMBALANCE_OURS_PAIRS`] the
/// product of a side's counts of the two kinds, per pair in
/// [`IMBALANCE_THEIRS_PAIRS`] the product of its count of the first kind and
/// the enemy's of the second.
///
/// Both sides at once, because only the difference counts; with the same
/// material on both sides every product cancels and nothing is multiplied
/// (not the common case: a search's nodes mostly stand inside exchanges).
pub(super) fn imbalance<T: Tracer>(board: &Board, total: &mut Tapered, tracer: &mut T) {
    let counts = |color: Color| -> [i32; IMBALANCE_KINDS] {
        let side = board.by_color(color);
        let bishops = (board.bishops() & side).count() as i32;
        [
            i32::from(bishops > 1),
            (board.pawns() & side).count() as i32,
            (board.knights() & side).count() as i32,
            bishops,
            (board.rooks() & side).count() as i32,
            (board.queens() & side).count() as i32,
        ]
    };
    let white = counts(Color::White);
    let black = counts(Color::Black);
    if white == black {
        return;
    }
    const OURS: usize = IMBALANCE_OURS_PAIRS.len();
    const PAIRS: usize = OURS + IMBALANCE_THEIRS_PAIRS.len();
    // The products first, then one pass over the weights, which lie in
    // the layout's order (ours, then theirs): loops of fixed length over
    // constant pairs, which the compiler unrolls without bounds checks.
    let mut products = [0; PAIRS];
    for (count, &(i, j)) in products.iter_mut().zip(&IMBALANCE_OURS_PAIRS) {
        *count = white[i] * white[j] - black[i] * black[j];
    }
    for (count, &(i, j)) in products[OURS..].iter_mut().zip(&IMBALANCE_THEIRS_PAIRS) {
        *count = white[i] * black[j] - black[i] * white[j];
    }
    let weights = &WEIGHTS[IMBALANCE_OURS..IMBALANCE_OURS + PAIRS];
    for (k, (&weight, &count)) in weights.iter().zip(&products).enumerate() {
        *total += weight * count;
        tracer.add(IMBALANCE_OURS + k, count);
    }
}
