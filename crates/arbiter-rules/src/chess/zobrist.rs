//! The repetition window's hashes, carried from move to move.
//!
//! shakmaty updates a hash itself only for a move that touches neither a
//! king, a castling right nor en passant. A game's history is full of the
//! others (every double push sets an en-passant square, and the move after
//! it gives up too), and a hash from scratch walks every piece on the board:
//! that was a seventh of replaying a 200-ply game. Every move is carried over
//! here: the pieces it moves, then the castling rights and the en-passant
//! file it changes.

use shakmaty::{
    Bitboard, CastlingSide, Chess, Color, EnPassantMode, Move, Piece, Position, Role, Square,
    zobrist::{Zobrist64, ZobristValue},
};

/// The hash shakmaty gives the position, en passant counted only when a
/// capture is legal (as FIDE counts a position's repetitions); in the
/// variants it covers the pockets, promoted pieces and remaining checks too,
/// which are part of what repeats.
pub(super) fn hash(pos: &impl Position) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

/// A move's change to the hash, worked out in two halves: what the move
/// and the position before it decide, then what only the position after it
/// knows (the castling rights left, whether en passant is capturable).
pub(super) struct Carry {
    hash: Zobrist64,
    rights_before: Bitboard,
    castling_before: Zobrist64,
}

impl Carry {
    /// `current` is `before`'s hash; `m` is a legal move of `before`.
    pub(super) fn before(current: u64, before: &Chess, m: Move) -> Option<Carry> {
        let us = before.turn();
        let mut z = Zobrist64(current);
        z ^= Zobrist64::zobrist_for_white_turn();
        match m {
            Move::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            } => {
                z ^= piece(from, role.of(us));
                z ^= piece(to, promotion.unwrap_or(role).of(us));
                if let Some(captured) = capture {
                    z ^= piece(to, captured.of(!us));
                }
            }
            Move::EnPassant { from, to } => {
                z ^= piece(from, Role::Pawn.of(us));
                z ^= piece(to, Role::Pawn.of(us));
                z ^= piece(
                    Square::from_coords(to.file(), from.rank()),
                    Role::Pawn.of(!us),
                );
            }
            Move::Castle { king, rook } => {
                let side = CastlingSide::from_queen_side(rook < king);
                z ^= piece(king, Role::King.of(us));
                z ^= piece(side.king_to(us), Role::King.of(us));
                z ^= piece(rook, Role::Rook.of(us));
                z ^= piece(side.rook_to(us), Role::Rook.of(us));
            }
            // Not a chess move.
            Move::Put { .. } => return None,
        }
        z ^= en_passant(before);
        Some(Carry {
            hash: z,
            rights_before: before.castles().castling_rights(),
            castling_before: castling(before),
        })
    }

    /// [`hash`] of `after`, the position the move led to.
    pub(super) fn after(self, after: &Chess) -> u64 {
        let mut z = self.hash;
        if after.castles().castling_rights() != self.rights_before {
            z ^= self.castling_before ^ castling(after);
        }
        z ^= en_passant(after);
        z.0
    }
}

fn piece(square: Square, piece: Piece) -> Zobrist64 {
    Zobrist64::zobrist_for_piece(square, piece)
}

fn castling(pos: &Chess) -> Zobrist64 {
    let mut z = Zobrist64::default();
    for color in Color::ALL {
        for side in CastlingSide::ALL {
            if pos.castles().has(color, side) {
                z ^= Zobrist64::zobrist_for_castling_right(color, side);
            }
        }
    }
    z
}

fn en_passant(pos: &Chess) -> Zobrist64 {
    pos.ep_square(EnPassantMode::Legal)
        .map_or_else(Zobrist64::default, |square| {
            Zobrist64::zobrist_for_en_passant_file(square.file())
        })
}

#[cfg(test)]
mod tests {
    use shakmaty::{CastlingMode, fen::Fen};

    use super::*;

    /// Every line of `plies` moves from `fen`, chosen by a small generator
    /// with a fixed seed, checked ply by ply against a hash from scratch.
    fn walk(fen: &str, lines: u64, plies: usize) -> usize {
        let start: Chess = fen
            .parse::<Fen>()
            .expect("a FEN")
            .into_position(CastlingMode::Chess960)
            .expect("a legal position");
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut checked = 0;
        for _ in 0..lines {
            let mut pos = start.clone();
            let mut current = hash(&pos);
            for _ in 0..plies {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let m = moves[(seed % moves.len() as u64) as usize];
                let carry = Carry::before(current, &pos, m).expect("a chess move");
                let mut after = pos.clone();
                after.play_unchecked(m);
                current = carry.after(&after);
                assert_eq!(
                    current,
                    hash(&after),
                    "{m:?} from {}",
                    Fen::from_position(&pos, EnPassantMode::Legal)
                );
                pos = after;
                checked += 1;
            }
        }
        checked
    }

    #[test]
    fn carried_hashes_equal_hashes_from_scratch() {
        // The start, Kiwipete (castling both ways, en passant, promotions
        // after a few plies), a position with en passant capturable at once,
        // one where an en-passant capture would expose the king, and a
        // Chess960 start whose king castles onto a rook's square.
        let mut checked = 0;
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "8/8/8/K2pP2q/8/8/8/7k w - d6 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "1r1k2rb/pppppppp/8/8/8/8/PPPPPPPP/1R1K2RB w GBgb - 0 1",
        ] {
            checked += walk(fen, 40, 60);
        }
        // The lines are long enough that most of them run their course.
        assert!(checked > 6 * 40 * 40, "only {checked} plies checked");
    }
}
