//! Repetition rulings (spec 6): the loop, each side's behaviour over it and the verdict
//! under the rule set.

use std::fmt::Write as _;

use super::ply::PlyRecord;
use super::position::Position;
use super::types::{Piece, Square, side_index, side_name};
use crate::game::{LoopStatus, Outcome, Reason, RuleSet, Side};

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
    /// The verdict of the rule set (what it is or, before the count, would be).
    pub outcome: Outcome,
    /// The side that broke a perpetual rule, if one lost by it.
    pub offender: Option<Side>,
    /// The rule set that made the ruling.
    pub rule: RuleSet,
    /// A sentence a player can read.
    pub explanation: String,
}

/// Each side's status over `plies` (the loop), played from `start` (the first occurrence).
#[must_use]
pub fn analyse_loop(start: &Position, plies: &[PlyRecord]) -> [SideLoop; 2] {
    [Side::White, Side::Black].map(|side| side_loop(start, plies, side))
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

/// Rules on the repetition of the current position. `start` is the position the loop
/// starts from (the first occurrence), `loop_plies` the moves from there to now and
/// `first_ply` the index of the first of them in the history.
#[must_use]
pub fn rule_repetition(
    rule: RuleSet,
    count: u32,
    occurrences: u32,
    start: &Position,
    loop_plies: &[PlyRecord],
    first_ply: usize,
) -> RepetitionRuling {
    let adjudicated = occurrences >= count;
    let sides = (rule != RuleSet::Casual).then(|| analyse_loop(start, loop_plies));
    let (outcome, offender) = match &sides {
        Some([red, black]) => verdict(rule, red.status, black.status),
        None => verdict(rule, LoopStatus::Allowed, LoopStatus::Allowed),
    };
    let last_ply = (first_ply + loop_plies.len()).saturating_sub(1);
    let explanation = explain(rule, count, occurrences, sides.as_ref(), outcome, offender);
    RepetitionRuling {
        occurrences,
        adjudicated,
        first_ply,
        last_ply,
        sides,
        outcome,
        offender,
        rule,
        explanation,
    }
}

fn describe_side(side: Side, loop_: &SideLoop) -> String {
    let name = side_name(side);
    match loop_.status {
        LoopStatus::PerpetualCheck => format!("{name} checked on every move"),
        LoopStatus::PerpetualChase => {
            let mut text = format!("{name} chased the ");
            for (i, t) in loop_.chased.iter().enumerate() {
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
            text.push_str(" on every move");
            text
        }
        LoopStatus::Allowed => format!("{name}'s moves were allowed"),
    }
}

fn explain(
    rule: RuleSet,
    count: u32,
    occurrences: u32,
    sides: Option<&[SideLoop; 2]>,
    outcome: Outcome,
    offender: Option<Side>,
) -> String {
    let mut text = format!("The position has occurred {occurrences} times");
    if let Some(sides) = sides {
        let _ = write!(
            text,
            "; over the loop {} and {}",
            describe_side(Side::White, &sides[side_index(Side::White)]),
            describe_side(Side::Black, &sides[side_index(Side::Black)])
        );
    }
    let verdict = match (outcome, offender) {
        (Outcome::Decisive { winner, reason }, Some(offender)) => {
            let what = if reason == Reason::PerpetualCheck {
                "perpetual check"
            } else {
                "perpetual chase"
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
        ) => "both sides break the same rule, so it is a draw".to_owned(),
        _ => "no perpetual rule is broken, so it is a draw".to_owned(),
    };
    if occurrences >= count {
        let _ = write!(text, ": under {} rules {verdict}.", rule.name());
    } else {
        let _ = write!(
            text,
            ": if it occurs {count} times, under {} rules {verdict}.",
            rule.name()
        );
    }
    text
}
