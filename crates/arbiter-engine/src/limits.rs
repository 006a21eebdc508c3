//! Search limits and the clock that enforces them.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::params::NEXT_ITERATION_TIME_FRACTION;
use super::time::{ClockLimits, soft_scale};
use arbiter_rules::Side;

/// What bounds a search. Every limit that is set applies; the first reached
/// stops the search. With none set the search runs until stopped.
#[derive(Debug, Clone, Default)]
pub struct Limits {
    /// Deepest iteration to complete, in plies.
    pub depth: Option<u32>,
    /// Exact: a node-limited search is deterministic.
    pub nodes: Option<u64>,
    /// Time budget from the start of the search.
    pub movetime: Option<Duration>,
    /// An absolute deadline (e.g. the caller's RPC deadline minus a reply
    /// margin); the search honours the earlier of this and `movetime`.
    pub deadline: Option<Instant>,
    /// The game clock: the search plans its own time from the side to
    /// move's clock ([`ClockLimits::plan`]), within the limits above.
    pub clock: Option<ClockLimits>,
    /// Stop as soon as a mate in at most this many moves is proven for the
    /// side to move; without one, search to `4 × mate + 4` plies.
    pub mate: Option<u32>,
    /// Continue the previous search's memory (table and histories, as a
    /// search bounded only by time does) even when `nodes` or `depth` is
    /// set. Such a search is no longer reproducible: its answer depends on
    /// the searches before it. For self-play tests at a fixed number of
    /// nodes that should see what a game's searches pass on.
    pub keep_memory: bool,
}

/// Decides when to stop: node budget, wall clock, external stop flag.
#[derive(Debug)]
pub(crate) struct Clock {
    started: Instant,
    /// Never search past this.
    deadline: Option<Instant>,
    /// The clock's soft bound: start no iteration after it (scaled).
    soft: Option<Duration>,
    node_limit: Option<u64>,
    stop: Arc<AtomicBool>,
}

impl Clock {
    pub(crate) fn new(limits: &Limits, side: Side, stop: Arc<AtomicBool>) -> Self {
        let started = Instant::now();
        let plan = limits.clock.map(|clock| clock.plan(side));
        // `checked_add`: a bound too far to represent is no bound.
        let deadline = [
            limits.movetime.and_then(|t| started.checked_add(t)),
            limits.deadline,
            plan.and_then(|p| started.checked_add(p.hard)),
        ]
        .into_iter()
        .flatten()
        .min();
        Clock {
            started,
            deadline,
            soft: plan.map(|p| p.soft),
            node_limit: limits.nodes,
            stop,
        }
    }

    pub(crate) fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    pub(crate) fn node_budget_spent(&self, nodes: u64) -> bool {
        self.node_limit.is_some_and(|limit| nodes >= limit)
    }

    /// The expensive check (clock read, atomic load), done every few nodes.
    pub(crate) fn should_stop(&self) -> bool {
        self.stop.load(Ordering::Relaxed) || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    pub(crate) fn stop_requested(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Whether another iteration is worth starting: iterations grow by a
    /// factor of a few, so one started late rarely finishes (though its
    /// first move, the previous best, usually does and can still improve).
    /// On a game clock, also not past the soft bound (longer while the best
    /// move keeps changing, shorter once it has held for
    /// `stable_iterations`), nor when the last iteration, `last_iteration`
    /// long, says the next would run into the hard bound.
    pub(crate) fn worth_next_iteration(
        &self,
        stable_iterations: u32,
        last_iteration: Duration,
    ) -> bool {
        let elapsed = self.elapsed();
        if let Some(soft) = self.soft {
            if elapsed >= soft.mul_f64(soft_scale(stable_iterations)) {
                return false;
            }
            if let Some(deadline) = self.deadline {
                let hard = deadline.saturating_duration_since(self.started);
                if elapsed + last_iteration * 2 >= hard {
                    return false;
                }
            }
            return true;
        }
        match self.deadline {
            Some(deadline) => {
                let total = deadline.saturating_duration_since(self.started);
                elapsed < total.mul_f64(NEXT_ITERATION_TIME_FRACTION)
            }
            None => true,
        }
    }
}
