//! Explains why a coordinate move is illegal. shakmaty only says "illegal";
//! players and bots want to know which rule they broke.

use shakmaty::{
    Bitboard, CastlingMode, CastlingSide, Color, Move, Position, Rank, Role, Square, attacks,
    san::San,
    uci::UciMove,
    variant::{Variant as ShakmatyVariant, VariantPosition},
};

use crate::types::{IllegalMove, IllegalReason};

fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

/// The one piece of the side to move that SAN `san` names and that could
/// reach its target by the piece's geometry alone (on an empty board, for a
/// pawn by its push or capture as written), as a coordinate move; `None` when
/// no piece or several fit. A SAN that is illegal but names one piece this way
/// gets that piece's precise reason instead of "no such move".
#[must_use]
pub(crate) fn sole_candidate(pos: &VariantPosition, san: &San) -> Option<UciMove> {
    let San::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    } = *san
    else {
        return None;
    };
    let us = pos.turn();
    let mut candidates = (pos.board().by_color(us) & pos.board().by_role(role))
        .into_iter()
        .filter(|from| file.is_none_or(|f| from.file() == f))
        .filter(|from| rank.is_none_or(|r| from.rank() == r))
        .filter(|&from| reaches_by_geometry(role, us, from, to, capture));
    let from = candidates.next()?;
    if candidates.next().is_some() {
        return None;
    }
    Some(UciMove::Normal {
        from,
        to,
        promotion,
    })
}

/// Whether a `role` of `color` on `from` moves to `to` on an empty board.
fn reaches_by_geometry(role: Role, color: Color, from: Square, to: Square, capture: bool) -> bool {
    if role != Role::Pawn {
        return attacks::attacks(from, role.of(color), Bitboard::EMPTY).contains(to);
    }
    if capture {
        return attacks::pawn_attacks(color, from).contains(to);
    }
    let step = if color == Color::White { 8 } else { -8 };
    let home = if color == Color::White {
        Rank::Second
    } else {
        Rank::Seventh
    };
    let ahead = |n: i32| from.offset(step * n) == Some(to);
    ahead(1) || (from.rank() == home && ahead(2))
}

/// Why a UCI move that shakmaty rejected is illegal: the rule and a sentence.
#[must_use]
pub fn diagnose(pos: &VariantPosition, uci: UciMove) -> IllegalMove {
    let (reason, detail) = diagnose_in(pos, uci, false);
    IllegalMove { reason, detail }
}

/// [`diagnose`] for a game that reads Chess960 castling as the king's move to
/// its square too (`king_square_castling`): such a move is then judged as the
/// castling it names.
pub(super) fn diagnose_in(
    pos: &VariantPosition,
    uci: UciMove,
    king_square_castling: bool,
) -> (IllegalReason, String) {
    let (from, to, promotion) = match uci {
        UciMove::Normal {
            from,
            to,
            promotion,
        } => (from, to, promotion),
        UciMove::Put { role, to } => return diagnose_drop(pos, role, to),
        UciMove::Null => {
            return (
                IllegalReason::IllegalPieceMovement,
                format!("'{uci}' passes the turn, which no rule allows"),
            );
        }
    };
    let variant = pos.variant();
    let board = pos.board();
    let us = pos.turn();
    let Some(piece) = board.piece_at(from) else {
        return (
            IllegalReason::NoPiece,
            format!("there is no piece on {from}"),
        );
    };
    let name = role_name(piece.role);
    if piece.color != us {
        return (
            IllegalReason::OpponentPiece,
            format!("the {name} on {from} belongs to the opponent"),
        );
    }
    if from == to {
        return (
            IllegalReason::IllegalPieceMovement,
            format!("the {name} on {from} must move to another square"),
        );
    }
    if piece.role == Role::King
        && promotion.is_none()
        && let Some((side, rook)) = chess960_king_square(pos, from, to)
    {
        if king_square_castling {
            return diagnose_castling(pos, from, side);
        }
        return (
            IllegalReason::IllegalPieceMovement,
            format!(
                "Chess960 writes {} castling as the king taking its rook ({from}{rook}); \
                 {from}{to} names it only where the caller asks for the king's-square form",
                match side {
                    CastlingSide::KingSide => "kingside",
                    CastlingSide::QueenSide => "queenside",
                }
            ),
        );
    }
    if piece.role == Role::King
        && let Some(side) = castling_side(pos, from, to)
    {
        if variant == ShakmatyVariant::Antichess {
            return (
                IllegalReason::VariantRule,
                "antichess has no castling".to_owned(),
            );
        }
        // "e1c1n": the castling itself may be fine; the suffix is not.
        if promotion.is_some() {
            return (
                IllegalReason::BadPromotion,
                format!("only a pawn can promote, not the {name} on {from}"),
            );
        }
        return diagnose_castling(pos, from, side);
    }
    if board.color_at(to) == Some(us) {
        return (
            IllegalReason::CapturesOwnPiece,
            format!("{to} holds one of your own pieces"),
        );
    }
    let occupied = board.occupied();
    let geometry = match piece.role {
        Role::Pawn => pawn_geometry(pos, from, to),
        Role::Knight => reach(attacks::knight_attacks(from).contains(to)),
        Role::King => reach(attacks::king_attacks(from).contains(to)),
        Role::Bishop => slide(from, to, occupied, is_diagonal),
        Role::Rook => slide(from, to, occupied, is_orthogonal),
        Role::Queen => slide(from, to, occupied, |a, b| {
            is_diagonal(a, b) || is_orthogonal(a, b)
        }),
    };
    if let Err((reason, detail)) = geometry {
        let detail = if detail.is_empty() {
            format!("a {name} cannot move from {from} to {to}")
        } else {
            detail
        };
        return (reason, detail);
    }
    let last_rank = match us {
        Color::White => Rank::Eighth,
        Color::Black => Rank::First,
    };
    if piece.role == Role::Pawn {
        if to.rank() == last_rank {
            match promotion {
                None => {
                    return (
                        IllegalReason::BadPromotion,
                        format!("a pawn reaching {to} must promote: add q, r, b or n"),
                    );
                }
                Some(Role::King) if variant == ShakmatyVariant::Antichess => {}
                Some(Role::Pawn | Role::King) => {
                    return (
                        IllegalReason::BadPromotion,
                        "a pawn promotes to a queen, rook, bishop or knight".to_owned(),
                    );
                }
                Some(_) => {}
            }
        } else if promotion.is_some() {
            return (
                IllegalReason::BadPromotion,
                format!("a pawn promotes only on the last rank, not on {to}"),
            );
        }
    } else if promotion.is_some() {
        return (
            IllegalReason::BadPromotion,
            format!("only a pawn can promote, not the {name} on {from}"),
        );
    }
    if let Some(reason) = variant_rule(pos, piece.role, from, to) {
        return reason;
    }
    (
        IllegalReason::LeavesKingInCheck,
        if pos.is_check() {
            format!("{uci} does not get your king out of check")
        } else {
            format!("{uci} would leave your king in check")
        },
    )
}

/// What a variant forbids of a move that moves like its piece: antichess's
/// compulsory capture, atomic's king that never captures and explosions
/// that take one's own king, racing kings' ban on check.
fn variant_rule(
    pos: &VariantPosition,
    role: Role,
    from: Square,
    to: Square,
) -> Option<(IllegalReason, String)> {
    let board = pos.board();
    let us = pos.turn();
    let captures = board.by_color(!us).contains(to);
    match pos.variant() {
        ShakmatyVariant::Antichess if !captures => Some((
            IllegalReason::CaptureRequired,
            "a capture is available, and capturing is compulsory in antichess".to_owned(),
        )),
        ShakmatyVariant::Atomic if captures && role == Role::King => Some((
            IllegalReason::VariantRule,
            "a king never captures in atomic: the explosion would take it too".to_owned(),
        )),
        ShakmatyVariant::Atomic
            if captures
                && board
                    .king_of(us)
                    .is_some_and(|king| attacks::king_attacks(to).contains(king)) =>
        {
            Some((
                IllegalReason::VariantRule,
                format!("the explosion on {to} would take your own king"),
            ))
        }
        ShakmatyVariant::RacingKings => {
            let mut occupied = board.occupied().without(from).with(to);
            if captures {
                occupied = occupied.with(to);
            }
            let piece = role.of(us);
            let their_king = board.king_of(!us)?;
            let checks = attacks::attacks(to, piece, occupied).contains(their_king)
                || (board.attacks_to(their_king, us, occupied) & !Bitboard::from(from)).any();
            checks.then(|| {
                (
                    IllegalReason::VariantRule,
                    "no check may be given in racing kings".to_owned(),
                )
            })
        }
        _ => None,
    }
}

/// Why a drop (`P@e4`) is illegal.
fn diagnose_drop(pos: &VariantPosition, role: Role, to: Square) -> (IllegalReason, String) {
    let us = pos.turn();
    let name = role_name(role);
    let Some(pockets) = pos.pockets() else {
        return (
            IllegalReason::NotInPocket,
            "pieces are dropped only in crazyhouse".to_owned(),
        );
    };
    if role == Role::King || *pockets.get(us).get(role) == 0 {
        return (
            IllegalReason::NotInPocket,
            format!("you have no {name} in your pocket"),
        );
    }
    if pos.board().occupied().contains(to) {
        return (
            IllegalReason::BadDrop,
            format!("{to} is occupied: a piece is dropped only onto an empty square"),
        );
    }
    if role == Role::Pawn && Bitboard::BACKRANKS.contains(to) {
        return (
            IllegalReason::BadDrop,
            "a pawn cannot be dropped on the first or last rank".to_owned(),
        );
    }
    (
        IllegalReason::LeavesKingInCheck,
        format!("a {name} dropped on {to} does not get your king out of check"),
    )
}

type Geometry = Result<(), (IllegalReason, String)>;

fn reach(ok: bool) -> Geometry {
    if ok {
        Ok(())
    } else {
        Err((IllegalReason::IllegalPieceMovement, String::new()))
    }
}

fn is_diagonal(a: Square, b: Square) -> bool {
    a.file().distance(b.file()) == a.rank().distance(b.rank())
}

fn is_orthogonal(a: Square, b: Square) -> bool {
    a.file() == b.file() || a.rank() == b.rank()
}

fn slide(
    from: Square,
    to: Square,
    occupied: Bitboard,
    direction_ok: impl Fn(Square, Square) -> bool,
) -> Geometry {
    if !direction_ok(from, to) {
        return Err((IllegalReason::IllegalPieceMovement, String::new()));
    }
    let blockers = attacks::between(from, to) & occupied;
    match blockers.first() {
        None => Ok(()),
        Some(blocker) => Err((
            IllegalReason::PathBlocked,
            format!("the way from {from} to {to} is blocked on {blocker}"),
        )),
    }
}

fn pawn_geometry(pos: &VariantPosition, from: Square, to: Square) -> Geometry {
    let us = pos.turn();
    let forward: i32 = if us == Color::White { 1 } else { -1 };
    let start_rank = if us == Color::White {
        Rank::Second
    } else {
        Rank::Seventh
    };
    let df = i32::from(to.file() as u8) - i32::from(from.file() as u8);
    let dr = i32::from(to.rank() as u8) - i32::from(from.rank() as u8);
    let occupied = pos.board().occupied();
    if df == 0 && dr == forward {
        return if occupied.contains(to) {
            Err((
                IllegalReason::PathBlocked,
                format!("a pawn cannot capture straight ahead: {to} is occupied"),
            ))
        } else {
            Ok(())
        };
    }
    if df == 0 && dr == 2 * forward && from.rank() == start_rank {
        let middle = attacks::between(from, to);
        if let Some(blocker) = (middle | Bitboard::from(to)).intersect(occupied).first() {
            return Err((
                IllegalReason::PathBlocked,
                format!("the pawn's way to {to} is blocked on {blocker}"),
            ));
        }
        return Ok(());
    }
    if df.abs() == 1 && dr == forward {
        if pos.board().color_at(to) == Some(!us) {
            return Ok(());
        }
        return Err((
            IllegalReason::EnPassantUnavailable,
            format!(
                "a pawn moves diagonally only to capture; {to} is empty and no en-passant capture is available there"
            ),
        ));
    }
    Err((
        IllegalReason::IllegalPieceMovement,
        if dr * forward < 0 {
            "pawns never move backward".to_owned()
        } else {
            String::new()
        },
    ))
}

/// A Chess960 king's move beyond its reach to the square it would castle to,
/// with that castling's rook: castling in the form Chess960 reads only when
/// asked (`notation::castling_by_king_square`).
fn chess960_king_square(
    pos: &VariantPosition,
    from: Square,
    to: Square,
) -> Option<(CastlingSide, Square)> {
    if pos.castles().mode() != CastlingMode::Chess960 || from.distance(to) < 2 {
        return None;
    }
    let us = pos.turn();
    [CastlingSide::KingSide, CastlingSide::QueenSide]
        .into_iter()
        .find(|side| side.king_to(us) == to)
        .and_then(|side| Some((side, pos.castles().rook(us, side)?)))
        // King takes rook where the rook stands on the king's square.
        .filter(|&(_, rook)| rook != to)
}

/// Recognises castling written as the king's two-square move or as king
/// takes own rook.
fn castling_side(pos: &VariantPosition, from: Square, to: Square) -> Option<CastlingSide> {
    let us = pos.turn();
    let back = if us == Color::White {
        Rank::First
    } else {
        Rank::Eighth
    };
    if pos.castles().mode() == CastlingMode::Chess960 {
        // King takes own rook, wherever they stand on the back rank.
        let own_rook = pos.board().by_piece(Role::Rook.of(us)).contains(to);
        return (from.rank() == back && to.rank() == back && own_rook)
            .then(|| CastlingSide::from_queen_side(to < from));
    }
    if from.rank() != back || to.rank() != back || from.file() != shakmaty::File::E {
        return None;
    }
    match to.file() {
        shakmaty::File::G | shakmaty::File::H => Some(CastlingSide::KingSide),
        shakmaty::File::C | shakmaty::File::A => Some(CastlingSide::QueenSide),
        _ => None,
    }
}

fn diagnose_castling(
    pos: &VariantPosition,
    king: Square,
    side: CastlingSide,
) -> (IllegalReason, String) {
    let us = pos.turn();
    let name = match side {
        CastlingSide::KingSide => "kingside",
        CastlingSide::QueenSide => "queenside",
    };
    let castles = pos.castles();
    let Some(rook) = castles.rook(us, side) else {
        return (
            IllegalReason::CastlingRightLost,
            format!(
                "the right to castle {name} was lost (king or rook moved, or the rook was captured)"
            ),
        );
    };
    if pos.is_check() {
        return (
            IllegalReason::CastlingOutOfCheck,
            "a king in check may not castle".to_owned(),
        );
    }
    let path = castles.path(us, side);
    if let Some(blocker) = (path & pos.board().occupied()).first() {
        return (
            IllegalReason::PathBlocked,
            format!("castling {name} is blocked by the piece on {blocker}"),
        );
    }
    let king_to = Square::from_coords(side.king_to_file(), king.rank());
    let occupied_without_king = pos.board().occupied() ^ Bitboard::from(king);
    for sq in attacks::between(king, king_to) {
        if !pos
            .board()
            .attacks_to(sq, !us, occupied_without_king)
            .is_empty()
        {
            return (
                IllegalReason::CastlingThroughCheck,
                format!("the king would pass through {sq}, which is attacked"),
            );
        }
    }
    let m = Move::Castle { king, rook };
    debug_assert!(!pos.is_legal(m));
    (
        IllegalReason::LeavesKingInCheck,
        format!("after castling {name} the king would stand in check on {king_to}"),
    )
}

#[cfg(test)]
mod tests {
    use shakmaty::fen::Fen;

    use super::*;

    /// Found by the chess_move fuzz target: a legal castling with a
    /// promotion suffix reached the castling diagnosis, which assumes the
    /// castling itself is illegal.
    #[test]
    fn castling_with_a_promotion_suffix_is_a_bad_promotion() {
        let pos: VariantPosition = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"
            .parse::<Fen>()
            .unwrap()
            .into_position::<shakmaty::Chess>(CastlingMode::Standard)
            .unwrap()
            .into();
        for text in ["e1c1n", "e1g1q", "e1a1r"] {
            let uci: UciMove = text.parse().unwrap();
            assert!(uci.to_move(&pos).is_err());
            let IllegalMove { reason, detail } = diagnose(&pos, uci);
            assert_eq!(reason, IllegalReason::BadPromotion, "{text}: {detail}");
        }
    }
}
