//! One search on a leased process: options brought up to date, the position
//! and `go`, `info` lines described as they come (for a stream), the answer
//! judged, and the process handed back, or killed when it crashed, hung,
//! broke the protocol or answered a move the rules refuse.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use arbiter_engine::{AnalysisEvent, SearchEvent};

use super::{Backend, Prepared, answer};
use crate::external::pool::PoolError;
use crate::external::{ExternalError, Limit, Until};

/// Longest wait for an engine to answer `stop` before it is held to hang:
/// a quarter of the time left at the start, within these bounds.
const MAX_STOP_GRACE: Duration = Duration::from_millis(500);
const MIN_STOP_GRACE: Duration = Duration::from_millis(50);
/// A `go movetime` search is sent `stop` this long after its time, should
/// the engine overrun it.
const MOVETIME_SLACK: Duration = Duration::from_millis(50);
/// The bound on a search whose request has no deadline at all.
const NO_DEADLINE: Duration = Duration::from_secs(30);

/// Why a search on an external engine failed. The process is replaced after
/// each kind but [`RunError::Pool`].
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// No process: all busy, restarting, or not startable.
    #[error(transparent)]
    Pool(#[from] PoolError),
    /// The process exited during the call.
    #[error("the engine crashed: {0}")]
    Crashed(ExternalError),
    /// The process did not answer `stop` in time.
    #[error("the engine did not answer stop in time")]
    Hung,
    /// The process wrote what the protocol does not allow.
    #[error("the engine broke the protocol: {0}")]
    Protocol(String),
    /// The process answered a move or line the rules refuse.
    #[error("the engine answered a move Arbiter refuses: {0}")]
    Illegal(String),
}

impl RunError {
    /// The kind, as the metrics label it.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            RunError::Pool(PoolError::Full { .. }) => "busy",
            RunError::Pool(_) => "unavailable",
            RunError::Crashed(_) => "crash",
            RunError::Hung => "timeout",
            RunError::Protocol(_) => "protocol",
            RunError::Illegal(_) => "illegal",
        }
    }
}

fn classify(error: ExternalError) -> RunError {
    match error {
        ExternalError::Exited { .. } => RunError::Crashed(error),
        ExternalError::Timeout => RunError::Hung,
        ExternalError::Protocol(text) => RunError::Protocol(text),
        ExternalError::Spawn { .. } => RunError::Crashed(error),
    }
}

impl Backend {
    /// Searches `prepared` on a leased process, on the calling (blocking)
    /// thread; `sink` gets every event (each described `info` line when
    /// `infos`, then the final answer) and returns `false` once nobody
    /// listens. `cancel` raised stops the search; the answer is then still
    /// delivered.
    ///
    /// # Errors
    /// See [`RunError`]; after an error no final answer was delivered.
    pub fn run(
        &self,
        prepared: &Prepared,
        infos: bool,
        cancel: &AtomicBool,
        sink: &mut dyn FnMut(AnalysisEvent) -> bool,
    ) -> Result<(), RunError> {
        let started = Instant::now();
        let hard = prepared
            .limits
            .deadline
            .unwrap_or_else(|| started + NO_DEADLINE);
        let left = hard.saturating_duration_since(started);
        let grace = (left / 4).clamp(MIN_STOP_GRACE, MAX_STOP_GRACE);
        let latest = hard.checked_sub(grace).unwrap_or(started);
        // A process may have to be started first (its handshake bounded by
        // the call's deadline); the search's own time counts from then on.
        let mut lease = self.pool.lease(latest)?;
        // A process that died while idle is found out by its first line
        // (the options, or `isready`): replaced at once, within the call.
        if let Err(error) = lease.configure(&prepared.options, hard) {
            tracing::info!(engine = %self.command(), %error, "idle engine process gone; restarting");
            lease.fail();
            lease = self.pool.lease(latest)?;
        }
        let searching = Instant::now();
        let cap = match prepared.limit {
            Limit::MoveTime(time) => searching + time + MOVETIME_SLACK,
            _ => prepared.limits.movetime.map_or(hard, |cap| searching + cap),
        };
        let stop_at = cap.min(latest);
        let mut lines = vec![None; prepared.multipv.max(1)];
        let mut refused: Option<String> = None;
        let searched = lease.configure(&prepared.options, hard).and_then(|_| {
            let engine = lease.engine()?;
            let until = Until {
                stop_at,
                grace,
                cancel,
            };
            engine.search_until(
                &prepared.position,
                prepared.limit,
                &prepared.search_moves,
                until,
                |info| {
                    if info.score.is_none() || info.pv.is_empty() || refused.is_some() {
                        return;
                    }
                    let rank = usize::try_from(info.multipv.unwrap_or(1)).unwrap_or(1);
                    if let Some(slot) = rank.checked_sub(1).and_then(|i| lines.get_mut(i)) {
                        *slot = Some(info.clone());
                    }
                    if infos {
                        match answer::info_line(prepared, info) {
                            Ok(line) => {
                                if !sink(SearchEvent::Info(line)) {
                                    cancel.store(true, Ordering::Relaxed);
                                }
                            }
                            Err(reason) => {
                                refused = Some(reason);
                                cancel.store(true, Ordering::Relaxed);
                            }
                        }
                    }
                },
            )
        });
        for line in lease.fresh_stderr() {
            tracing::info!(engine = %self.command(), stderr = %line, "engine stderr");
        }
        let best = match searched {
            Ok(best) => best,
            Err(error) => {
                lease.fail();
                return Err(classify(error));
            }
        };
        let cancelled = cancel.load(Ordering::Relaxed);
        let judged = match refused {
            Some(reason) => Err(reason),
            None => answer::result(
                prepared,
                best.best.as_deref(),
                &lines,
                started.elapsed(),
                cancelled,
            ),
        };
        match judged {
            Ok(result) => {
                lease.succeeded();
                drop(lease);
                sink(SearchEvent::Done(result));
                Ok(())
            }
            Err(reason) => {
                lease.fail();
                Err(RunError::Illegal(reason))
            }
        }
    }
}
