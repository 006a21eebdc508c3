//! Which enemy pieces a move chases (spec 7, the AXF model).
//!
//! A chase is an attack the move *creates* that threatens to win the target:
//! - direct attacks of the moved piece from its new point (a chariot or cannon only off
//!   the line it moved along, where it attacked the same pieces before);
//! - any other attack of the mover that the move turns into a chase: a freed horse leg or
//!   elephant eye, an opened line, a cannon screen added or removed, an attacker unpinned,
//!   a target pinned so it cannot hit back, or every protector of an already attacked
//!   target undermined: pinned so its recapture becomes illegal, or cut off (its line
//!   blocked, its horse leg or elephant eye filled, its cannon screen added or taken).
//!
//! Cutting a protector whose line to the target runs through the attacker itself is a
//! block of that protector's attack on the attacker, not a chase: AXF diagrams 39-41 rule
//! a side that shuffles an advisor across such a line as idle.
//!
//! Whether an attack qualifies is judged by playing the capture on a copy of the board, so
//! pins, fake roots and flying-general recaptures come out of the ordinary check test.

use super::attacks::{EAST, NORTH, RAYS, SOUTH, WEST, between, horse_attackers};
use super::position::{Position, SquareSet};
use super::types::{Move, Piece, Square};
use crate::PieceKind;
use crate::Side;

/// Enemy pieces chased by `m`, which was played in `before` and led to `after`. Returns
/// the targets' points in `after`. Captures are never part of a repetition loop, so
/// callers may skip them.
#[must_use]
pub fn chased_by(before: &Position, after: &Position, m: Move) -> SquareSet {
    let us = before.side_to_move();
    let them = us.opponent();
    let targets_of =
        |pos: &Position, from: Square| pos.attacks_from(from).0 & pos.side_pieces(them).0;
    let mut chased = 0u128;

    if let Some(mover) = after.piece_at(m.to).filter(|p| can_chase(p.kind)) {
        let mut direct = targets_of(after, m.to);
        if matches!(mover.kind, PieceKind::Chariot | PieceKind::Cannon) {
            direct &= !line_through(m.from, m.to);
        }
        for t in SquareSet(direct).iter() {
            if qualifies(after, m.to, t) {
                chased |= t.bit();
            }
        }
    }

    for a in after.side_pieces(us).iter() {
        if a == m.to || !after.piece_at(a).is_some_and(|p| can_chase(p.kind)) {
            continue;
        }
        for t in SquareSet(targets_of(after, a) & !chased).iter() {
            if qualifies(after, a, t) && newly_chased(before, after, a, t) {
                chased |= t.bit();
            }
        }
    }
    SquareSet(chased)
}

/// Whether the attack of `a` on `t`, a chase in `after`, was not one in `before`.
///
/// An attack that existed before the move becomes a chase when the move frees the
/// attacker (unpinned), takes away the target's chance to hit back, or undermines every
/// protector: pins it (its recapture turns illegal) or cuts it off (a line blocked, a
/// horse's leg or an elephant's eye filled, a cannon's screen added or taken away; the
/// AXF appendix example, a soldier keeping a horse unprotected). A protector whose line
/// to the target runs through the attacker's own point is the exception: cutting that
/// line shields the attacker from the protector's attack, a block, not a chase (AXF 19,
/// diagrams 39-41: the side that shuffles an advisor across that line is idle).
fn newly_chased(before: &Position, after: &Position, a: Square, t: Square) -> bool {
    if qualifies(before, a, t) {
        return false;
    }
    let (Some(attacker), Some(target)) = (before.piece_at(a), before.piece_at(t)) else {
        return true;
    };
    if !before.attacks_from(a).contains(t) {
        return true;
    }
    let captured_before = before.relocated(a, t);
    if captured_before.general_exposed(attacker.side) {
        // The attacker was pinned and is free now.
        return true;
    }
    let real_before = roots(&captured_before, t, target.side).0;
    if real_before == 0 {
        // Not protected before either: the target could hit back then and cannot now.
        return true;
    }
    let (real_after, fake_after) = roots(&after.relocated(a, t), t, target.side);
    let lost = real_before & !real_after;
    if lost & fake_after != 0 {
        // A protector pinned: its recapture is illegal now.
        return true;
    }
    // A protector cut off, unless only along a line through the attacker's point.
    SquareSet(lost)
        .iter()
        .any(|d| between(d.index(), t.index()) & a.bit() == 0)
}

/// Defenders of `side` that could recapture on `t` in `captured`: (real roots, fake roots).
fn roots(captured: &Position, t: Square, side: Side) -> (u128, u128) {
    let mut real = 0;
    let mut fake = 0;
    for d in captured.attackers_to(t, side).iter() {
        if captured.relocated(d, t).general_exposed(side) {
            fake |= d.bit();
        } else {
            real |= d.bit();
        }
    }
    (real, fake)
}

/// Generals and soldiers may attack freely (AXF: their attacks are never chases).
fn can_chase(kind: PieceKind) -> bool {
    !matches!(kind, PieceKind::General | PieceKind::Soldier)
}

/// The whole rank or file through `from` and `to` (they share one), both points included.
fn line_through(from: Square, to: Square) -> u128 {
    let f = from.index();
    let line = if from.file() == to.file() {
        RAYS[NORTH][f] | RAYS[SOUTH][f]
    } else if from.rank() == to.rank() {
        RAYS[EAST][f] | RAYS[WEST][f]
    } else {
        0
    };
    line | from.bit()
}

/// A soldier that has crossed the river is a valid target; one at home is not.
fn crossed(piece: Piece, sq: Square) -> bool {
    match piece.side {
        Side::White => sq.rank() >= 5,
        Side::Black => sq.rank() <= 4,
    }
}

/// Whether the piece on `a` attacks the enemy piece on `t` in a way that counts as a chase
/// in `pos` (spec 7: who attacks, what is attacked, exemptions, protection).
fn qualifies(pos: &Position, a: Square, t: Square) -> bool {
    let (Some(attacker), Some(target)) = (pos.piece_at(a), pos.piece_at(t)) else {
        return false;
    };
    if attacker.side == target.side
        || !can_chase(attacker.kind)
        || target.kind == PieceKind::General
        || (target.kind == PieceKind::Soldier && !crossed(target, t))
        || !pos.attacks_from(a).contains(t)
    {
        return false;
    }
    // A piece that may not legally capture (pinned to its own general, or the capture
    // would let the generals face) does not chase; capturing its own pinner is legal.
    let captured = pos.relocated(a, t);
    if captured.general_exposed(attacker.side) {
        return false;
    }
    // Same kinds offer an exchange, unless the target cannot hit back (a hobbled horse,
    // a pinned target).
    if attacker.kind == target.kind
        && pos.attacks_from(t).contains(a)
        && !pos.relocated(t, a).general_exposed(target.side)
    {
        return false;
    }
    let stronger_target = match attacker.kind {
        PieceKind::Horse | PieceKind::Cannon => target.kind == PieceKind::Chariot,
        PieceKind::Advisor | PieceKind::Elephant => matches!(
            target.kind,
            PieceKind::Chariot | PieceKind::Horse | PieceKind::Cannon
        ),
        _ => false,
    };
    if stronger_target || chariot_pinned_by_horse(pos, t, target) {
        return true;
    }
    // A real root is a piece that can legally recapture after the capture; a pinned
    // defender, or a general that would step into check or face the other general, is fake.
    roots(&captured, t, target.side).0 == 0
}

/// AXF 19: a chariot pinned to its general by an enemy horse may be attacked as a chase
/// whatever protects it.
fn chariot_pinned_by_horse(pos: &Position, t: Square, target: Piece) -> bool {
    if target.kind != PieceKind::Chariot {
        return false;
    }
    let general = pos.general(target.side).index();
    let occ = pos.occupied_set().0;
    let horses = pos
        .pieces_of(Piece::new(target.side.opponent(), PieceKind::Horse))
        .0;
    horse_attackers(general, occ & !t.bit()) & !horse_attackers(general, occ) & horses != 0
}
