//! Search limits and the clock that enforces them.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::params::NEXT_ITERATION_TIME_FRACTION;

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
}

/// Decides when to stop: node budget, wall clock, external stop flag.
#[derive(Debug)]
pub(crate) struct Clock {
    started: Instant,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    stop: Arc<AtomicBool>,
}

impl Clock {
    pub(crate) fn start(limits: &Limits, stop: Arc<AtomicBool>) -> Self {
        let started = Instant::now();
        let from_movetime = limits.movetime.map(|t| started + t);
        let deadline = match (from_movetime, limits.deadline) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Clock {
            started,
            deadline,
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
    pub(crate) fn worth_next_iteration(&self) -> bool {
        match self.deadline {
            Some(deadline) => {
                let total = deadline.saturating_duration_since(self.started);
                self.elapsed() < total.mul_f64(NEXT_ITERATION_TIME_FRACTION)
            }
            None => true,
        }
    }
}
