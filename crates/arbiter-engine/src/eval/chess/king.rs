//! Chess king safety from the king's side: its pawn shield and open files,
//! the enemy's safe checks and storming pawns, castling rights; and, as
//! the attacker, the enemy king's flank.

use shakmaty::attacks::{bishop_attacks, knight_attacks, rook_attacks};
use shakmaty::{Bitboard, Board, CastlingSide, Chess, Color, Position};

use super::pawns::{PawnSets, on_files, pawn_shield, pawn_storm};
use super::*;
use crate::eval::trace::Tracer;

/// `us`'s king-safety terms, added to `terms`: its own king's shield and
/// files, and the checks and storms `us` threatens the enemy king with;
/// `attacks_by_kind` is what `us`'s knights, bishops, rooks and queens attack.
pub(super) fn safety<T: Tracer>(
    position: &Chess,
    us: Color,
    pawn_sets: &PawnSets,
    attacks_by_kind: &[Bitboard; 4],
    terms: &mut Terms<'_, T>,
) {
    let board = position.board();
    let them = !us;
    let occupied = board.occupied();
    let our_pawns = pawn_sets.ours;
    let safe = !board.by_color(us) & !pawn_sets.enemy_attacks;
    let our_king = board.king_of(us);
    let their_king = board.king_of(them);
    for (i, side) in [CastlingSide::KingSide, CastlingSide::QueenSide]
        .into_iter()
        .enumerate()
    {
        if position.castles().has(us, side) {
            terms.add(CASTLING_RIGHTS + i, 1);
        }
    }
    if let Some(king) = our_king {
        terms.add(
            KING_SHIELD_PAWN,
            (pawn_shield(king, us) & our_pawns).count() as i32,
        );
        let file = Bitboard::from_file(king.file());
        if (our_pawns & file).is_empty() {
            terms.add(KING_OPEN_FILE, 1);
        }
        let open = [king.file().offset(-1), king.file().offset(1)]
            .into_iter()
            .flatten()
            .filter(|&f| (our_pawns & Bitboard::from_file(f)).is_empty())
            .count() as i32;
        terms.add(KING_OPEN_FILE + 1, open);
        if let Some(nearest) = our_pawns.into_iter().map(|p| king.distance(p)).min() {
            terms.add(KING_PAWN_DISTANCE, nearest as i32);
        }
        if (board.pawns() & on_files(KING_FLANK[king.file() as usize])).is_empty() {
            terms.add(PAWNLESS_FLANK, 1);
        }
    }
    if let Some(king) = their_king {
        let diagonal = bishop_attacks(king, occupied);
        let straight = rook_attacks(king, occupied);
        let checks = [
            knight_attacks(king),
            diagonal,
            straight,
            diagonal | straight,
        ];
        for (i, (checking, attacking)) in checks.into_iter().zip(*attacks_by_kind).enumerate() {
            if !(checking & attacking & safe).is_empty() {
                terms.add(SAFE_CHECK + i, 1);
            }
        }
    }
    if let Some(king) = their_king {
        terms.add(
            PAWN_STORM,
            (pawn_storm(king, them) & our_pawns).count() as i32,
        );
    }
}

/// The files of a king's flank by its file, as bits (a-file = bit 0): a to
/// c, a to d, a to d, c to f, c to f, e to h, e to h, f to h.
const KING_FLANK: [u8; 8] = [
    0b0000_0111,
    0b0000_1111,
    0b0000_1111,
    0b0011_1100,
    0b0011_1100,
    0b1111_0000,
    0b1111_0000,
    0b1110_0000,
];

/// `us`'s attacks on the enemy king's flank, in the enemy's camp (its first
/// five ranks): the squares `us` attacks, attacks twice, and that the enemy
/// defends.
pub(super) fn flank<T: Tracer>(
    board: &Board,
    us: &Side,
    them: &Side,
    color: Color,
    terms: &mut Terms<'_, T>,
) {
    if let Some(king) = board.king_of(!color) {
        let camp = match color {
            Color::White => Bitboard(0xffff_ffff_ff00_0000),
            Color::Black => Bitboard(0x0000_00ff_ffff_ffff),
        };
        let area = on_files(KING_FLANK[king.file() as usize]) & camp;
        let attacked = area & us.attacks;
        terms.add(KING_FLANK_ATTACK, attacked.count() as i32);
        terms.add(KING_FLANK_ATTACK + 1, (attacked & us.twice).count() as i32);
        terms.add(KING_FLANK_ATTACK + 2, (area & them.attacks).count() as i32);
    }
}
