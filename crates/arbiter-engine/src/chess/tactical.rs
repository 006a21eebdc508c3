//! Quiescence's moves without the quiet ones.
//!
//! shakmaty offers captures only as its legal moves filtered
//! (`Position::capture_moves`), so a quiescence node paid for every quiet
//! move it then threw away. [`tactical_moves`] generates the legal captures
//! and queen promotions of a position not in check directly, in the order
//! the filtered list has them (the move ordering breaks ties by that order,
//! so the search's tree stays the same): en passant, pawn captures towards
//! the a-file then the h-file (promotions after the others of each
//! direction), queen promotions by a push, then knights, bishops, rooks,
//! queens and the king, each from square a1 on and to square a1 on. Its
//! gain is in BENCHMARKS.md (Engine, instructions per search).

use shakmaty::attacks::{
    aligned, between, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks,
};
use shakmaty::{Bitboard, Board, Color, EnPassantMode, Move, Position, Role, Square};

/// Every file but the a-file, for pawn captures that move a file west.
const NOT_FILE_A: u64 = !0x0101_0101_0101_0101;

/// The legal captures and queen promotions of `position`, which must not be
/// in check, appended to `out` in shakmaty's legal-move order.
pub(super) fn tactical_moves(position: &shakmaty::Chess, out: &mut Vec<Move>) {
    let board = position.board();
    let turn = position.turn();
    let us = board.by_color(turn);
    let them = board.by_color(!turn);
    let occupied = board.occupied();
    let Some(king) = board.king_of(turn) else {
        return;
    };
    let blockers = slider_blockers(board, them, king);
    // A pinned piece may only move along its pin.
    let safe = |from: Square, to: Square| !blockers.contains(from) || aligned(from, to, king);
    if let Some(to) = position.ep_square(EnPassantMode::PseudoLegal) {
        for from in board.pawns() & us & pawn_attacks(!turn, to) {
            let captured = Square::from_coords(to.file(), from.rank());
            let after = occupied.toggled(from).toggled(captured).with(to);
            if board
                .attacks_to(king, !turn, after)
                .without(captured)
                .is_empty()
            {
                out.push(Move::EnPassant { from, to });
            }
        }
    }

    let mut push = |role: Role, from: Square, to: Square, promotion: Option<Role>| {
        if safe(from, to) {
            out.push(Move::Normal {
                role,
                from,
                capture: board.role_at(to),
                to,
                promotion,
            });
        }
    };

    let pawns = (board.pawns() & us).0;
    let (west, east, forward) = match turn {
        Color::White => ((pawns & NOT_FILE_A) << 7, (pawns << 9) & NOT_FILE_A, 8),
        Color::Black => ((pawns & NOT_FILE_A) >> 9, (pawns >> 7) & NOT_FILE_A, -8),
    };
    for (targets, back) in [(west, forward - 1), (east, forward + 1)] {
        let captures = Bitboard(targets) & them;
        for to in captures & !Bitboard::BACKRANKS {
            push(Role::Pawn, offset(to, -back), to, None);
        }
        for to in captures & Bitboard::BACKRANKS {
            for promotion in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                push(Role::Pawn, offset(to, -back), to, Some(promotion));
            }
        }
    }
    let pushes = Bitboard(pawns).shift(forward) & !occupied & Bitboard::BACKRANKS;
    for to in pushes {
        push(Role::Pawn, offset(to, -forward), to, Some(Role::Queen));
    }

    for from in board.knights() & us {
        for to in knight_attacks(from) & them {
            push(Role::Knight, from, to, None);
        }
    }
    for (role, pieces) in [
        (Role::Bishop, board.bishops()),
        (Role::Rook, board.rooks()),
        (Role::Queen, board.queens()),
    ] {
        for from in pieces & us {
            let attacks = match role {
                Role::Bishop => bishop_attacks(from, occupied),
                Role::Rook => rook_attacks(from, occupied),
                _ => bishop_attacks(from, occupied) | rook_attacks(from, occupied),
            };
            for to in attacks & them {
                push(role, from, to, None);
            }
        }
    }
    for to in king_attacks(king) & them {
        if board.attacks_to(to, !turn, occupied).is_empty() {
            out.push(Move::Normal {
                role: Role::King,
                from: king,
                capture: board.role_at(to),
                to,
                promotion: None,
            });
        }
    }
}

/// `to` moved by `delta` squares; the callers only step back along a move
/// that reached `to` on the board.
fn offset(to: Square, delta: i32) -> Square {
    to.offset(delta).unwrap_or(to)
}

/// The pieces (of either side) that alone stand between `king` and an
/// enemy slider aiming at it: the own ones among them are pinned.
fn slider_blockers(board: &Board, enemy: Bitboard, king: Square) -> Bitboard {
    let snipers = (rook_attacks(king, Bitboard::EMPTY) & board.rooks_and_queens())
        | (bishop_attacks(king, Bitboard::EMPTY) & board.bishops_and_queens());
    let mut blockers = Bitboard::EMPTY;
    for sniper in snipers & enemy {
        let between = between(king, sniper) & board.occupied();
        if !between.more_than_one() {
            blockers |= between;
        }
    }
    blockers
}

#[cfg(test)]
mod tests {
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess, Move, Position};

    /// What quiescence searched before: the legal moves, filtered.
    fn filtered(position: &Chess) -> Vec<Move> {
        position
            .legal_moves()
            .into_iter()
            .filter(|m| m.is_capture() || m.promotion() == Some(shakmaty::Role::Queen))
            .collect()
    }

    fn walk(position: &Chess, depth: u32, checked: &mut usize) {
        if !position.is_check() {
            let mut direct = Vec::new();
            super::tactical_moves(position, &mut direct);
            assert_eq!(
                direct,
                filtered(position),
                "{}",
                Fen::from_position(position, shakmaty::EnPassantMode::Legal)
            );
            *checked += 1;
        }
        if depth == 0 {
            return;
        }
        for mv in position.legal_moves() {
            let mut child = position.clone();
            child.play_unchecked(mv);
            walk(&child, depth - 1, checked);
        }
    }

    /// The same moves in the same order as the filtered legal moves, over
    /// the trees of the perft positions that exercise pins, en passant
    /// (also the one a pin along the rank forbids), promotions and
    /// captures by the king.
    #[test]
    fn tactical_moves_are_the_filtered_legal_moves_in_their_order() {
        let positions = [
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                3,
            ),
            (
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                2,
            ),
            ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4),
            (
                "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                3,
            ),
            (
                "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
                3,
            ),
            ("8/8/8/K2pP2q/8/8/8/7k w - d6 0 2", 3),
            ("4k3/1P6/8/8/8/8/6p1/4K2R b K - 0 1", 3),
        ];
        let mut checked = 0;
        for (fen, depth) in positions {
            let position: Chess = fen
                .parse::<Fen>()
                .expect("a valid FEN")
                .into_position(CastlingMode::Standard)
                .expect("a legal position");
            walk(&position, depth, &mut checked);
        }
        assert!(checked > 50_000, "{checked} positions compared");
    }
}
