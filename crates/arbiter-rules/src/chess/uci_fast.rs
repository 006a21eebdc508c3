//! Turning a UCI move of a game's history into a legal move without
//! shakmaty's general check: `UciMove::to_move` generates every candidate
//! move to the target square and returns the list by value, which is most of
//! the cost of replaying a long history (GameStatus with 200 plies).
//!
//! Only ordinary moves take this path: castling, en passant and anything
//! that is not plainly legal return `None`, and the caller asks shakmaty,
//! which then also produces the error. The test compares both on every
//! from–to–promotion combination of thousands of positions.

use shakmaty::{Bitboard, Chess, Move, Position, Rank, Role, Square, attacks};

/// The move `from`–`to` (with `promotion`) if it is an ordinary legal move
/// of `pos` (neither castling nor en passant); `None` when shakmaty has to
/// decide.
pub(crate) fn ordinary_legal_move(
    pos: &Chess,
    from: Square,
    to: Square,
    promotion: Option<Role>,
) -> Option<Move> {
    let board = pos.board();
    let us = pos.turn();
    let piece = board.piece_at(from).filter(|p| p.color == us)?;
    if board.by_color(us).contains(to) {
        return None;
    }
    let capture = board.role_at(to);
    let reaches = match piece.role {
        Role::Pawn => {
            let last_rank = us.relative_rank(to.rank()) == Rank::Eighth;
            let promotes_well = match promotion {
                None => !last_rank,
                Some(Role::Knight | Role::Bishop | Role::Rook | Role::Queen) => last_rank,
                Some(_) => false,
            };
            let forward = if us.is_white() { 8 } else { -8 };
            let reaches = if capture.is_some() {
                attacks::pawn_attacks(us, from).contains(to)
            } else if from.offset(forward) == Some(to) {
                true
            } else {
                // A double step from the pawn's own second rank, over an
                // empty square. A diagonal step onto an empty square is en
                // passant or nothing; shakmaty decides.
                us.relative_rank(from.rank()) == Rank::Second
                    && from.offset(2 * forward) == Some(to)
                    && from
                        .offset(forward)
                        .is_some_and(|over| !board.occupied().contains(over))
            };
            promotes_well && reaches
        }
        // Castling, however written, is shakmaty's.
        Role::King if from.distance(to) > 1 => return None,
        _ => promotion.is_none() && attacks::attacks(from, piece, board.occupied()).contains(to),
    };
    if !reaches {
        return None;
    }
    // Legal iff no enemy piece attacks our king once the move is made: the
    // mover leaves `from`, occupies `to`, and a captured piece attacks no more.
    let occupied = board.occupied().without(from).with(to);
    let king = if piece.role == Role::King {
        to
    } else {
        board.king_of(us)?
    };
    let attackers = board.attacks_to(king, !us, occupied) & !Bitboard::from(to);
    attackers.is_empty().then_some(Move::Normal {
        role: piece.role,
        from,
        capture,
        to,
        promotion,
    })
}

#[cfg(test)]
mod tests {
    use shakmaty::{CastlingMode, Chess, Move, Position, Role, Square, fen::Fen, uci::UciMove};

    use super::ordinary_legal_move;

    const PROMOTIONS: [Option<Role>; 7] = [
        None,
        Some(Role::Pawn),
        Some(Role::Knight),
        Some(Role::Bishop),
        Some(Role::Rook),
        Some(Role::Queen),
        Some(Role::King),
    ];

    /// Every answer of the fast path is shakmaty's answer, and every legal
    /// move that is neither castling nor en passant takes the fast path, on
    /// every reference position and every position one and two moves later.
    #[test]
    fn agrees_with_shakmaty_on_every_square_pair() {
        let suite = include_str!("../../../../tests/data/chess.epd");
        let mut positions = Vec::new();
        for line in suite.lines().filter(|l| !l.trim().is_empty()) {
            let fen = line.split(';').next().unwrap_or_default().trim();
            let root: Chess = fen
                .parse::<Fen>()
                .unwrap()
                .into_position(CastlingMode::Chess960)
                .unwrap();
            for m in root.legal_moves() {
                let child = root.clone().play(m).unwrap();
                for reply in child.legal_moves().into_iter().step_by(3) {
                    positions.push(child.clone().play(reply).unwrap());
                }
                positions.push(child);
            }
            positions.push(root);
        }
        assert!(positions.len() > 5_000, "{}", positions.len());
        let mut fast = 0;
        for pos in &positions {
            for from in Square::ALL {
                for to in Square::ALL {
                    for promotion in PROMOTIONS {
                        let Some(m) = ordinary_legal_move(pos, from, to, promotion) else {
                            continue;
                        };
                        let uci = UciMove::Normal {
                            from,
                            to,
                            promotion,
                        };
                        assert_eq!(uci.to_move(pos).ok(), Some(m), "{uci} in {pos:?}");
                        fast += 1;
                    }
                }
            }
            for m in pos.legal_moves() {
                if let Move::Normal {
                    from,
                    to,
                    promotion,
                    ..
                } = m
                {
                    assert_eq!(ordinary_legal_move(pos, from, to, promotion), Some(m));
                }
            }
        }
        assert!(fast > 100_000, "{fast}");
    }
}
