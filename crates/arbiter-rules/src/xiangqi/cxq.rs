//! The Chinese rules (CXQ 1999, revised 2011) as implemented: how each move of a
//! repeating loop is classed, an approximation of an arbiter's judgement.
//!
//! - **Check** (将): the move attacks the enemy general.
//! - **Mate threat** (杀, CXQ 28.2: a move that threatens to mate "by a check or by
//!   consecutive checks", 照将或连续照将): not a check, and were the opponent to pass, the
//!   mover would mate by a series of checks ([`super::mate_by_checks`]): at most
//!   [`MAX_CHECKS`](super::mate_by_checks::MAX_CHECKS) checks, each answered by any
//!   legal reply, the last leaving the opponent without a legal move, found within
//!   a node budget. Every move of the series is a check, the mating one too: a threat
//!   to stalemate by a quiet move is not 杀.
//! - **Chase** (捉, CXQ 28.3 and 29): after the move, the mover's next move would win
//!   material on a piece that is material (chariot, horse, cannon, advisor, elephant, a
//!   soldier across the river), and it could not before the move (29.2: "produced by the
//!   move just played"; after the mover's own check, detail 2 counts it as new anyway). "Wins material" is a capture whose static exchange
//!   (`see.rs`) nets more than nothing, so an unprotected piece, one with a false
//!   root (a pinned protector) or with too few roots are chased alike. Not chases:
//!   - a capture the general would make first (27.1: the general alone attacking is
//!     idle; with other pieces, or backing them, it is a chase, so the general takes
//!     part in the exchange);
//!   - a capture a soldier would make first (27.2: a soldier's own attack is idle);
//!   - an attack between pieces of one kind when the target can take the attacker (28.5:
//!     an exchange offer);
//!   - a capture after which the opponent mates at once (29.4, detail 7).
//!
//!   Winning material "through a series of checks" (29.1) is not looked for.
//!
//! When a move is several of these, the heaviest counts (27.4): check, then mate threat,
//! then chase.

use super::mate_by_checks::mates_by_checks;
use super::ply::PlyRecord;
use super::position::{Position, SquareSet};
use super::see::{capture_is_legal, exchange_gain, material_value};
use super::types::{Move, Square};
use crate::{LoopMoveClass, PieceKind, Side};

/// Whether the side to move can win at once: it has a legal move after which the
/// opponent has no legal move (checkmate or stalemate, both a loss). This is what a
/// capture must not allow to be a chase (29.4); a mate threat asks for more than a
/// move that ends the game, a mate by checks ([`is_mate_threat`]).
#[must_use]
pub fn mates_in_one(pos: &Position) -> bool {
    pos.legal_moves().iter().any(|&m| {
        let mut next = pos.clone();
        next.play(m);
        !next.has_legal_move()
    })
}

/// Whether the move that led to `after` threatens mate without check: were the
/// opponent (to move in `after`) to pass, the mover would mate by a check or a series
/// of checks ([`mates_by_checks`]: at most
/// [`MAX_CHECKS`](super::mate_by_checks::MAX_CHECKS) checks, within
/// [`NODE_BUDGET`](super::mate_by_checks::NODE_BUDGET) positions; a series the budget
/// does not reach is not a threat).
#[must_use]
pub fn is_mate_threat(after: &Position) -> bool {
    !after.in_check()
        && after
            .null_move()
            .is_some_and(|passed| mates_by_checks(&passed))
}

/// Enemy pieces (their points in `after`) that the quiet move `m`, played in `before`,
/// chases under the Chinese rules. `after_check` says the mover's previous move was a
/// check: a capture it could have made already then counts as new (CXQ detail 2, "after
/// the check, the chase goes from none to a chase").
#[must_use]
pub fn chased_by_cn(before: &Position, after: &Position, m: Move, after_check: bool) -> SquareSet {
    let us = before.side_to_move();
    let mut chased = 0u128;
    for t in after.side_pieces(us.opponent()).iter() {
        if t == m.to {
            continue;
        }
        if wins_material_on(after, t, us) && (after_check || !wins_material_on(before, t, us)) {
            chased |= t.bit();
        }
    }
    SquareSet(chased)
}

/// Whether `us` could, moving next, win material by capturing the piece on `t`.
fn wins_material_on(pos: &Position, t: Square, us: Side) -> bool {
    let Some(target) = pos.piece_at(t) else {
        return false;
    };
    if target.side == us || material_value(target, t) == 0 {
        return false;
    }
    pos.attackers_to(t, us).iter().any(|a| {
        let Some(attacker) = pos.piece_at(a) else {
            return false;
        };
        if matches!(attacker.kind, PieceKind::General | PieceKind::Soldier)
            || !capture_is_legal(pos, a, t)
        {
            return false;
        }
        if attacker.kind == target.kind && capture_is_legal(pos, t, a) {
            return false;
        }
        if exchange_gain(pos, a, t) <= 0 {
            return false;
        }
        // Not a gain if the opponent then mates at once.
        let captured = pos.relocated(a, t);
        let their_turn = if captured.side_to_move() == us {
            captured.null_move()
        } else {
            Some(captured)
        };
        !their_turn.is_some_and(|p| mates_in_one(&p))
    })
}

/// One move of a loop, classed for its mover.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClassedMove {
    /// What the move was.
    pub class: LoopMoveClass,
    /// For a chase, the points (after the move) of the pieces it chased.
    pub chased: SquareSet,
}

/// Classes every move of `plies`, played from `start`, under the Chinese rules.
#[must_use]
pub(crate) fn classify_loop(start: &Position, plies: &[PlyRecord]) -> Vec<ClassedMove> {
    let mut pos = start.clone();
    let mut out = Vec::with_capacity(plies.len());
    // The mover's previous move: two plies back, around the loop (it repeats).
    let previous_checked = |i: usize| {
        let n = plies.len();
        n >= 2 && plies[(i + n - 2) % n].gives_check
    };
    for (i, ply) in plies.iter().enumerate() {
        let before = pos.clone();
        pos.play(ply.mv);
        let classed = if ply.gives_check {
            ClassedMove {
                class: LoopMoveClass::Check,
                chased: SquareSet::default(),
            }
        } else if is_mate_threat(&pos) {
            ClassedMove {
                class: LoopMoveClass::MateThreat,
                chased: SquareSet::default(),
            }
        } else {
            let chased = chased_by_cn(&before, &pos, ply.mv, previous_checked(i));
            ClassedMove {
                class: if chased.is_empty() {
                    LoopMoveClass::Idle
                } else {
                    LoopMoveClass::Chase
                },
                chased,
            }
        };
        out.push(classed);
    }
    out
}
