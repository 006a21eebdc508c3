//! Static exchange evaluation with the rules' piece values: what a capture nets its side
//! when both sides then recapture on the point while it pays them, each taking with its
//! least valuable piece. The Chinese rules' chase (CXQ 29: a move after which the next
//! move wins material, directly or through a full exchange) is judged with it.
//!
//! Values are the CXQ's (25.3): chariot = 2 horses = 2 cannons = horse + cannon, horse =
//! cannon, advisor = elephant. A soldier that has crossed the river counts as an advisor
//! (its value "floats" in the rules; trading one for several pieces, or one piece for
//! several of them, is then judged by these numbers, an approximation). The general and
//! an uncrossed soldier are no material. Every capture of the exchange is a legal one,
//! played on the board: a pinned piece does not recapture, a general does not step into
//! an attack, and a cannon's screen comes and goes as the pieces leave.

use super::position::Position;
use super::types::{Piece, Square};
use crate::{PieceKind, Side};

/// Material value of `piece` standing on `sq` (CXQ 25.3, in advisor units).
#[must_use]
pub(crate) fn material_value(piece: Piece, sq: Square) -> i32 {
    match piece.kind {
        PieceKind::Chariot => 4,
        PieceKind::Horse | PieceKind::Cannon => 2,
        PieceKind::Advisor | PieceKind::Elephant => 1,
        PieceKind::Soldier if crossed(piece.side, sq) => 1,
        _ => 0,
    }
}

/// Whether a soldier of `side` on `sq` has crossed the river.
pub(crate) fn crossed(side: Side, sq: Square) -> bool {
    match side {
        Side::White => sq.rank() >= 5,
        Side::Black => sq.rank() <= 4,
    }
}

/// Order in which a side spends its pieces on an exchange: the least valuable first, the
/// general last.
fn spend_order(piece: Piece, sq: Square) -> i32 {
    match piece.kind {
        PieceKind::General => 100,
        _ => material_value(piece, sq),
    }
}

/// Whether the piece on `from` may legally capture on `to` (its own general not exposed
/// afterwards), whoever is to move.
#[must_use]
pub(crate) fn capture_is_legal(pos: &Position, from: Square, to: Square) -> bool {
    let Some(piece) = pos.piece_at(from) else {
        return false;
    };
    pos.piece_at(to).is_some_and(|t| t.side != piece.side)
        && pos.attacks_from(from).contains(to)
        && !pos.relocated(from, to).general_exposed(piece.side)
}

/// The material the capture `from` x `to` nets the capturing side, after the best
/// sequence of recaptures on `to` (each side may stop when going on would lose). The
/// capture must be legal ([`capture_is_legal`]).
#[must_use]
pub(crate) fn exchange_gain(pos: &Position, from: Square, to: Square) -> i32 {
    let (Some(capturer), Some(victim)) = (pos.piece_at(from), pos.piece_at(to)) else {
        return 0;
    };
    let after = pos.relocated(from, to);
    material_value(victim, to) - best_recapture(&after, to, capturer.side.opponent())
}

/// What `side` nets by recapturing on `t` with its cheapest legal piece, or 0 when it
/// has none or recapturing would lose.
fn best_recapture(pos: &Position, t: Square, side: Side) -> i32 {
    let cheapest = pos
        .attackers_to(t, side)
        .iter()
        .filter(|&a| capture_is_legal(pos, a, t))
        .filter_map(|a| pos.piece_at(a).map(|p| (spend_order(p, a), a)))
        .min_by_key(|&(order, a)| (order, a.index()));
    match cheapest {
        Some((_, a)) => exchange_gain(pos, a, t).max(0),
        None => 0,
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::Strictness;

    fn gain(fen: &str, from: &str, to: &str) -> i32 {
        let pos = Position::from_fen(fen, Strictness::Lenient).unwrap();
        let point = |name: &str| {
            let b = name.as_bytes();
            Square::from_index(usize::from(b[1] - b'0') * 9 + usize::from(b[0] - b'a')).unwrap()
        };
        let (from, to) = (point(from), point(to));
        assert!(capture_is_legal(&pos, from, to));
        exchange_gain(&pos, from, to)
    }

    #[test]
    fn an_unprotected_piece_is_won_whole() {
        assert_eq!(gain("3k5/9/9/9/4n4/9/9/9/4R4/5K3 w - - 0 1", "e1", "e5"), 2);
    }

    #[test]
    fn a_protected_horse_costs_the_chariot_its_difference() {
        // The horse on e5 is protected by the chariot on e9: 2 - 4.
        assert_eq!(
            gain("3kr4/9/9/9/4n4/9/9/9/4R4/5K3 w - - 0 1", "e1", "e5"),
            -2
        );
    }

    #[test]
    fn a_horse_takes_a_protected_chariot_for_a_gain() {
        assert_eq!(
            gain("3kr4/9/9/9/4r4/9/3N5/9/9/5K3 w - - 0 1", "d3", "e5"),
            2
        );
    }

    #[test]
    fn a_pinned_protector_does_not_recapture() {
        // The black horse on f7 would retake on e5, but the red chariot on f0 pins it to
        // its general on f9.
        assert_eq!(
            gain("5k3/9/5n3/9/4c4/9/9/9/4R4/3K1R3 w - - 0 1", "e1", "e5"),
            2
        );
    }

    #[test]
    fn the_capturer_leaving_takes_a_cannon_its_screen() {
        // The black cannon on e0 sees e5 only over the chariot on e1, which captures.
        assert_eq!(
            gain("3k5/9/9/9/4n4/9/9/9/4R4/4cK3 w - - 0 1", "e1", "e5"),
            2
        );
    }

    #[test]
    fn the_general_recaptures_only_where_it_is_safe() {
        // The red cannon takes the horse on e7 over the soldier on e3; the black general
        // retakes, unless the red chariot on d7 then attacks the point.
        assert_eq!(
            gain("9/4k4/4n4/9/9/9/4P4/9/9/3KC4 w - - 0 1", "e0", "e7"),
            0
        );
        assert_eq!(
            gain("9/4k4/3Rn4/9/9/9/4P4/9/9/3KC4 w - - 0 1", "e0", "e7"),
            2
        );
    }
}
