//! Repetition rulings (spec 6): the loop, each side's behaviour over it and the verdict
//! under the rule set. AXF's classes come from the chase sets each ply records; the
//! Chinese rules class the loop's moves afresh ([`super::cxq`]) when a ruling needs them.

use std::fmt::Write as _;

pub use super::cxq::ClassedMove;
use super::cxq::classify_loop;
use super::ply::PlyRecord;
use super::position::{Position, SquareSet};
use super::types::{Piece, Square, side_index, side_name};
use crate::{LoopMoveClass, LoopStatus, Outcome, Reason, RuleSet, Side};

/// An enemy piece chased on every move of a side over the loop, followed through its own
/// moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChasedTarget {
    /// The chased piece.
    pub piece: Piece,
    /// Its point when the loop began.
    pub square_at_loop_start: Square,
    /// Its point now; differs from the start when the chased piece moved.
    pub square_now: Square,
}

/// One side's behaviour over the loop.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SideLoop {
    /// Whether the side checked or chased on every move of the loop.
    pub status: LoopStatus,
    /// The pieces it chased on every one of its moves (empty unless a perpetual chase).
    /// Under the Chinese rules: every piece its chases aimed at, when the status is
    /// forbidden.
    pub chased: Vec<ChasedTarget>,
}

/// The ruling on a repeated position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RepetitionRuling {
    /// Occurrences of the current position in the window, this one included.
    pub occurrences: u32,
    /// Whether the count was reached, so the ruling decides the game.
    pub adjudicated: bool,
    /// First ply of the loop (the move played from the first occurrence).
    pub first_ply: usize,
    /// The ply that completed the repetition.
    pub last_ply: usize,
    /// Behaviour of Red (`[0]`) and Black (`[1]`); `None` under CASUAL, which ignores it.
    pub sides: Option<[SideLoop; 2]>,
    /// Each move of the loop, classed for its mover (empty under CASUAL).
    pub moves: Vec<ClassedMove>,
    /// The verdict of the rule set (what it is or, before the count, would be).
    pub outcome: Outcome,
    /// The side that broke a perpetual rule, if one lost by it.
    pub offender: Option<Side>,
    /// The rule set that made the ruling.
    pub rule: RuleSet,
    /// A sentence a player can read.
    pub explanation: String,
}

/// Each side's status over `plies` (the loop), played from `start` (the first occurrence),
/// under AXF.
#[must_use]
pub fn analyse_loop(start: &Position, plies: &[PlyRecord]) -> [SideLoop; 2] {
    [Side::White, Side::Black].map(|side| side_loop(start, plies, side))
}

/// Each side's status over the loop under `rule`, and each move's class. AXF and SIMPLE
/// read the plies' records; the Chinese rules class the moves here.
#[must_use]
pub fn analyse_loop_under(
    rule: RuleSet,
    start: &Position,
    plies: &[PlyRecord],
) -> ([SideLoop; 2], Vec<ClassedMove>) {
    if rule == RuleSet::Chinese {
        let classes = classify_loop(start, plies);
        let sides =
            [Side::White, Side::Black].map(|side| side_loop_cn(start, plies, &classes, side));
        return (sides, classes);
    }
    let classes = plies
        .iter()
        .map(|p| ClassedMove {
            class: if p.gives_check {
                LoopMoveClass::Check
            } else if p.chased.is_empty() {
                LoopMoveClass::Idle
            } else {
                LoopMoveClass::Chase
            },
            chased: if p.gives_check {
                SquareSet::default()
            } else {
                p.chased
            },
        })
        .collect();
    (analyse_loop(start, plies), classes)
}

/// A side's status under the Chinese rules: forbidden when every one of its moves is a
/// check, a mate threat or a chase (of any piece: CXQ 28.12, "one piece or several"); the
/// kind is the one its moves share, or mixed.
fn side_loop_cn(
    start: &Position,
    plies: &[PlyRecord],
    classes: &[ClassedMove],
    side: Side,
) -> SideLoop {
    let own: Vec<LoopMoveClass> = plies
        .iter()
        .zip(classes)
        .filter(|(p, _)| p.mover == side)
        .map(|(_, c)| c.class)
        .collect();
    let allowed = SideLoop {
        status: LoopStatus::Allowed,
        chased: Vec::new(),
    };
    if own.is_empty() || own.contains(&LoopMoveClass::Idle) {
        return allowed;
    }
    let all = |class: LoopMoveClass| own.iter().all(|&c| c == class);
    let status = if all(LoopMoveClass::Check) {
        LoopStatus::PerpetualCheck
    } else if all(LoopMoveClass::MateThreat) {
        LoopStatus::PerpetualMateThreat
    } else if all(LoopMoveClass::Chase) {
        LoopStatus::PerpetualChase
    } else {
        LoopStatus::ForbiddenMixed
    };
    // Every enemy piece, followed through its moves; kept when one of the side's chases
    // aimed at it.
    let mut pieces: Vec<(Square, Square, bool)> = start
        .side_pieces(side.opponent())
        .iter()
        .map(|sq| (sq, sq, false))
        .collect();
    for (ply, classed) in plies.iter().zip(classes) {
        for (_, now, hit) in &mut pieces {
            if ply.mover == side {
                *hit |= classed.chased.contains(*now);
            } else if *now == ply.mv.from {
                *now = ply.mv.to;
            }
        }
    }
    let chased = pieces
        .into_iter()
        .filter(|&(_, _, hit)| hit)
        .filter_map(|(at_start, now, _)| {
            start.piece_at(at_start).map(|piece| ChasedTarget {
                piece,
                square_at_loop_start: at_start,
                square_now: now,
            })
        })
        .collect();
    SideLoop { status, chased }
}

fn side_loop(start: &Position, plies: &[PlyRecord], side: Side) -> SideLoop {
    let own: Vec<&PlyRecord> = plies.iter().filter(|p| p.mover == side).collect();
    if own.is_empty() {
        return SideLoop {
            status: LoopStatus::Allowed,
            chased: Vec::new(),
        };
    }
    if own.iter().all(|p| p.gives_check) {
        return SideLoop {
            status: LoopStatus::PerpetualCheck,
            chased: Vec::new(),
        };
    }
    // Candidates: every enemy piece, as (point at loop start, point now). A check is
    // classified CHECK, not chase (spec 6.5 default), so it clears the candidates.
    let mut candidates: Vec<(Square, Square)> = start
        .side_pieces(side.opponent())
        .iter()
        .map(|sq| (sq, sq))
        .collect();
    for ply in plies {
        if candidates.is_empty() {
            break;
        }
        if ply.mover == side {
            if ply.gives_check {
                candidates.clear();
            } else {
                candidates.retain(|&(_, now)| ply.chased.contains(now));
            }
        } else {
            for (_, now) in &mut candidates {
                if *now == ply.mv.from {
                    *now = ply.mv.to;
                }
            }
        }
    }
    let chased: Vec<ChasedTarget> = candidates
        .into_iter()
        .filter_map(|(at_start, now)| {
            start.piece_at(at_start).map(|piece| ChasedTarget {
                piece,
                square_at_loop_start: at_start,
                square_now: now,
            })
        })
        .collect();
    let status = if chased.is_empty() {
        LoopStatus::Allowed
    } else {
        LoopStatus::PerpetualChase
    };
    SideLoop { status, chased }
}

/// The verdict of `rule` on the two sides' loop statuses: the outcome and the offender.
#[must_use]
pub fn verdict(rule: RuleSet, red: LoopStatus, black: LoopStatus) -> (Outcome, Option<Side>) {
    use LoopStatus::{PerpetualChase as Chase, PerpetualCheck as Check};
    let loses = |offender: Side, reason: Reason| {
        (
            Outcome::Decisive {
                winner: offender.opponent(),
                reason,
            },
            Some(offender),
        )
    };
    let draw = |reason: Reason| (Outcome::Draw { reason }, None);
    match rule {
        RuleSet::Casual => draw(Reason::Repetition),
        RuleSet::Simple => match (red, black) {
            (Check, Check) => draw(Reason::MutualPerpetual),
            (Check, _) => loses(Side::White, Reason::PerpetualCheck),
            (_, Check) => loses(Side::Black, Reason::PerpetualCheck),
            _ => draw(Reason::Repetition),
        },
        RuleSet::Chinese => match (red, black) {
            // A lone perpetual checker loses whatever the other side does (CXQ 26.1).
            (Check, Check) => draw(Reason::MutualPerpetual),
            (Check, _) => loses(Side::White, Reason::PerpetualCheck),
            (_, Check) => loses(Side::Black, Reason::PerpetualCheck),
            (LoopStatus::Allowed, LoopStatus::Allowed) => draw(Reason::Repetition),
            (forbidden, LoopStatus::Allowed) => loses(Side::White, forbidden_reason(forbidden)),
            (LoopStatus::Allowed, forbidden) => loses(Side::Black, forbidden_reason(forbidden)),
            // Both forbidden (CXQ 26.3).
            _ => draw(Reason::MutualPerpetual),
        },
        RuleSet::Axf | RuleSet::Fide => match (red, black) {
            (Check, Check) | (Chase, Chase) => draw(Reason::MutualPerpetual),
            (Check, _) => loses(Side::White, Reason::PerpetualCheck),
            (_, Check) => loses(Side::Black, Reason::PerpetualCheck),
            (Chase, _) => loses(Side::White, Reason::PerpetualChase),
            (_, Chase) => loses(Side::Black, Reason::PerpetualChase),
            _ => draw(Reason::Repetition),
        },
    }
}

/// The reason a side with a forbidden `status` loses by.
fn forbidden_reason(status: LoopStatus) -> Reason {
    match status {
        LoopStatus::PerpetualCheck => Reason::PerpetualCheck,
        LoopStatus::PerpetualMateThreat => Reason::PerpetualMateThreat,
        LoopStatus::PerpetualChase => Reason::PerpetualChase,
        LoopStatus::ForbiddenMixed | LoopStatus::Allowed => Reason::ForbiddenMixed,
    }
}

/// Rules on the repetition of the current position. `start` is the position the loop
/// starts from (the first occurrence), `loop_plies` the moves from there to now and
/// `first_ply` the index of the first of them in the history.
#[must_use]
pub(crate) fn rule_repetition(
    rule: RuleSet,
    count: u32,
    occurrences: u32,
    start: &Position,
    loop_plies: &[PlyRecord],
    first_ply: usize,
) -> RepetitionRuling {
    let adjudicated = occurrences >= count;
    let (sides, moves) = if rule == RuleSet::Casual {
        (None, Vec::new())
    } else {
        let (sides, moves) = analyse_loop_under(rule, start, loop_plies);
        (Some(sides), moves)
    };
    let (outcome, offender) = match &sides {
        Some([red, black]) => verdict(rule, red.status, black.status),
        None => verdict(rule, LoopStatus::Allowed, LoopStatus::Allowed),
    };
    let last_ply = (first_ply + loop_plies.len()).saturating_sub(1);
    let explanation = explain(
        rule,
        count,
        occurrences,
        sides.as_ref(),
        (loop_plies, &moves, first_ply),
        outcome,
        offender,
    );
    RepetitionRuling {
        occurrences,
        adjudicated,
        first_ply,
        last_ply,
        sides,
        moves,
        outcome,
        offender,
        rule,
        explanation,
    }
}

fn describe_targets(text: &mut String, chased: &[ChasedTarget]) {
    for (i, t) in chased.iter().enumerate() {
        if i > 0 {
            text.push_str(" and the ");
        }
        let _ = write!(text, "{} {}", side_name(t.piece.side), t.piece.kind.name());
        if t.square_at_loop_start == t.square_now {
            let _ = write!(text, " on {}", t.square_now);
        } else {
            let _ = write!(text, " ({} to {})", t.square_at_loop_start, t.square_now);
        }
    }
}

/// The side's moves of one class, as `h2e2 (ply 4)`, joined.
fn moves_of(side: Side, (plies, moves, first_ply): LoopView<'_>, class: LoopMoveClass) -> String {
    let listed: Vec<String> = plies
        .iter()
        .zip(moves)
        .enumerate()
        .filter(|(_, (p, m))| p.mover == side && m.class == class)
        .map(|(i, (p, _))| format!("{} (ply {})", p.mv, first_ply + i))
        .collect();
    listed.join(", ")
}

/// The loop's plies, their classes and the index of the first in the history.
type LoopView<'a> = (&'a [PlyRecord], &'a [ClassedMove], usize);

fn describe_side(side: Side, loop_: &SideLoop, view: LoopView<'_>) -> String {
    let name = side_name(side);
    match loop_.status {
        LoopStatus::PerpetualCheck => format!("{name} checked on every move"),
        LoopStatus::PerpetualChase => {
            let mut text = format!("{name} chased the ");
            describe_targets(&mut text, &loop_.chased);
            text.push_str(" on every move");
            text
        }
        LoopStatus::PerpetualMateThreat => {
            format!("{name} threatened mate by checks on every move")
        }
        LoopStatus::ForbiddenMixed => {
            let mut parts = Vec::new();
            for (class, what) in [
                (LoopMoveClass::Check, "checks"),
                (LoopMoveClass::MateThreat, "mate threats by checks"),
                (LoopMoveClass::Chase, "chases"),
            ] {
                let listed = moves_of(side, view, class);
                if !listed.is_empty() {
                    parts.push(format!("{what} {listed}"));
                }
            }
            let mut text = format!(
                "every move of {name} was a check, a mate threat or a chase ({})",
                parts.join("; ")
            );
            if !loop_.chased.is_empty() {
                text.push_str(", chasing the ");
                describe_targets(&mut text, &loop_.chased);
            }
            text
        }
        LoopStatus::Allowed => {
            let idle = moves_of(side, view, LoopMoveClass::Idle);
            if idle.is_empty() {
                format!("{name}'s moves were allowed")
            } else {
                format!("{name}'s moves were allowed (idle: {idle})")
            }
        }
    }
}

fn explain(
    rule: RuleSet,
    count: u32,
    occurrences: u32,
    sides: Option<&[SideLoop; 2]>,
    view: LoopView<'_>,
    outcome: Outcome,
    offender: Option<Side>,
) -> String {
    let mut text = format!("The position has occurred {occurrences} times");
    if let Some(sides) = sides {
        let _ = write!(
            text,
            "; over the loop {} and {}",
            describe_side(Side::White, &sides[side_index(Side::White)], view),
            describe_side(Side::Black, &sides[side_index(Side::Black)], view)
        );
    }
    let verdict = match (outcome, offender) {
        (Outcome::Decisive { winner, reason }, Some(offender)) => {
            let what = match reason {
                Reason::PerpetualCheck => "perpetual check",
                Reason::PerpetualMateThreat => "perpetual mate threat",
                Reason::ForbiddenMixed => "perpetual mixed attack",
                _ => "perpetual chase",
            };
            format!(
                "{} loses by {what} and {} wins",
                side_name(offender),
                side_name(winner)
            )
        }
        (
            Outcome::Draw {
                reason: Reason::MutualPerpetual,
            },
            _,
        ) if rule == RuleSet::Chinese => {
            "both sides' moves are forbidden, so it is a draw".to_owned()
        }
        (
            Outcome::Draw {
                reason: Reason::MutualPerpetual,
            },
            _,
        ) => "both sides break the same rule, so it is a draw".to_owned(),
        _ => "no perpetual rule is broken, so it is a draw".to_owned(),
    };
    let rules = if rule == RuleSet::Chinese {
        "the Chinese rules (as implemented)".to_owned()
    } else {
        format!("{} rules", rule.name())
    };
    if occurrences >= count {
        let _ = write!(text, ": under {rules} {verdict}.");
    } else {
        let _ = write!(
            text,
            ": if it occurs {count} times, under {rules} {verdict}."
        );
    }
    text
}
