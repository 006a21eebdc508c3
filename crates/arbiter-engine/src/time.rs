//! Time management for a game on a clock: how much of the side to move's
//! clock one move may spend.
//!
//! Two bounds come out of a clock ([`TimePlan`]):
//! - the **soft** bound is the time the move should take: the search starts
//!   no iteration after it (scaled by how stable the best move has been, see
//!   [`soft_scale`]) and none it is unlikely to finish before the hard bound;
//! - the **hard** bound is never passed: a safe share of what is left, less a
//!   margin for the reply to reach the clock, so the move is made before the
//!   flag falls however the search goes.

use std::time::Duration;

use arbiter_rules::Side;

/// Both sides' clocks before the move, as a game server reports them (for
/// xiangqi, white is red).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ClockLimits {
    /// Time left on White's (red's) clock.
    pub white: Duration,
    /// Time left on Black's clock.
    pub black: Duration,
    /// White's (red's) increment per move.
    pub white_increment: Duration,
    /// Black's increment per move.
    pub black_increment: Duration,
    /// Moves until the next time control; `None` = sudden death.
    pub moves_to_go: Option<u32>,
    /// Kept back from every move for what happens outside the search: the
    /// reply's way to the clock (network, a bot framework, a GUI).
    pub overhead: Duration,
}

/// How the time for one move is bounded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimePlan {
    /// Start no iteration after this (before stability scaling).
    pub soft: Duration,
    /// Never search past this.
    pub hard: Duration,
}

/// Moves a sudden-death clock is assumed to have to last for: games last
/// some 40 moves more from most positions, and a move spent early is worth
/// more than one at the end (which the increment then pays for). 20, some
/// 50 % more time a move early on, scored -15.2 ± 16.2 Elo against this in
/// self-play at 2 s + 0.02 s (docs/engine-changes.md).
const SUDDEN_DEATH_MOVES: u32 = 30;
/// The hard bound's share of what is left, with more moves to come: one move
/// may take several soft shares when the search needs them (a fail low), but
/// never so much that the next moves are starved.
const HARD_SHARE: f64 = 0.3;
/// The hard bound's share when this move is the last before the control.
const HARD_SHARE_LAST_MOVE: f64 = 0.75;
/// The hard bound is at most this many soft bounds.
const HARD_PER_SOFT: u32 = 5;
/// The share of the increment the soft bound spends on top of the clock's
/// share; the rest builds a reserve for the end.
const INCREMENT_SHARE: f64 = 0.75;
/// Shortest hard bound: below it a search would answer a random legal move.
const MIN_HARD: Duration = Duration::from_millis(1);

impl ClockLimits {
    /// The clock and increment of `side`.
    #[must_use]
    pub fn for_side(&self, side: Side) -> (Duration, Duration) {
        match side {
            Side::White => (self.white, self.white_increment),
            Side::Black => (self.black, self.black_increment),
        }
    }

    /// The bounds for a move of `side`.
    #[must_use]
    pub fn plan(&self, side: Side) -> TimePlan {
        let (remaining, increment) = self.for_side(side);
        // What may be used at all: the overhead and an extra tenth are kept
        // back, so that even a search cut at the hard bound answers in time.
        let usable = remaining
            .saturating_sub(self.overhead)
            .saturating_sub(remaining / 10);
        let moves = self
            .moves_to_go
            .map_or(SUDDEN_DEATH_MOVES, |n| n.clamp(1, SUDDEN_DEATH_MOVES));
        let share = if moves == 1 {
            HARD_SHARE_LAST_MOVE
        } else {
            HARD_SHARE
        };
        let hard_cap = usable.mul_f64(share).max(MIN_HARD);
        let soft = (usable / moves + increment.mul_f64(INCREMENT_SHARE)).min(hard_cap);
        let hard = (soft * HARD_PER_SOFT).min(hard_cap).max(soft).max(MIN_HARD);
        TimePlan { soft, hard }
    }
}

/// How much of the soft bound to use, from how many iterations in a row the
/// best move has stayed the same: a move that keeps changing deserves more
/// time, one that has held for several iterations less.
#[must_use]
pub fn soft_scale(stable_iterations: u32) -> f64 {
    match stable_iterations {
        0 => 1.6,
        1 => 1.2,
        2 => 1.0,
        3 => 0.8,
        _ => 0.6,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn clock(white: u64, inc: u64) -> ClockLimits {
        ClockLimits {
            white: ms(white),
            black: ms(1),
            white_increment: ms(inc),
            black_increment: ms(0),
            moves_to_go: None,
            overhead: ms(10),
        }
    }

    #[test]
    fn a_short_clock_leaves_most_of_itself() {
        let plan = clock(150, 0).plan(Side::White);
        assert!(plan.hard <= ms(50), "{plan:?}");
        assert!(plan.soft <= plan.hard);
        let plan = clock(5, 0).plan(Side::White);
        assert_eq!(plan.hard, MIN_HARD);
    }

    #[test]
    fn the_increment_is_spent_and_the_side_chosen() {
        let plan = clock(10_000, 100).plan(Side::White);
        assert!(plan.soft > ms(300) && plan.soft < ms(400), "{plan:?}");
        assert!(plan.hard <= ms(3_000) && plan.hard >= plan.soft);
        let black = clock(10_000, 100).plan(Side::Black);
        assert_eq!(black.hard, MIN_HARD);
    }

    #[test]
    fn the_last_move_before_the_control_may_use_more() {
        let mut last = clock(10_000, 0);
        last.moves_to_go = Some(1);
        let plan = last.plan(Side::White);
        assert!(plan.hard > ms(6_000) && plan.hard < ms(9_000), "{plan:?}");
    }
}
