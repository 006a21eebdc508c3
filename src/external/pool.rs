//! A supervised set of engine processes for a service: one slot per search
//! worker, each holding one process that is reused from call to call. A call
//! leases a slot (waiting for one within its deadline, or refused at once
//! when the waiting places are taken), searches on its process and gives it
//! back; a process that crashed, hung or broke the protocol is killed by the
//! caller ([`Lease::fail`]) and started again by the next lease, no sooner
//! than a randomised exponential backoff after the last failure. A
//! supervisor thread ([`EnginePool::supervise`]) keeps trying while no
//! process can be started, so that health turns back to serving by itself.
//!
//! Nothing here knows a rule or the wire: it deals in processes and lines.
//! What the engines answer is the caller's to judge.

use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use super::{Engine, EngineOption, ExternalError, Protocol};

/// How to start the pool's processes.
#[derive(Debug, Clone)]
pub struct ProcessSpec {
    /// The program.
    pub command: PathBuf,
    /// Its arguments.
    pub args: Vec<String>,
    /// The protocol, or `None` to detect it (UCI first, then UCCI).
    pub protocol: Option<Protocol>,
    /// How long a start and its handshake may take.
    pub handshake_timeout: Duration,
}

/// What the pool reports as it runs, for metrics and health.
pub trait ProcessObserver: Send + Sync {
    /// A process was started; `restart` when it replaces one that failed.
    fn started(&self, restart: bool);
    /// The number of processes alive changed.
    fn alive(&self, processes: usize);
    /// Whether a process can be started: `false` after a failed start,
    /// `true` after a successful one.
    fn startable(&self, ok: bool);
}

/// Why no process was leased.
#[derive(Debug, thiserror::Error)]
pub enum PoolError {
    /// Every process is busy and the waiting places are taken.
    #[error("all {processes} engine processes are busy and {queued} calls wait for one")]
    Full {
        /// Processes in the pool.
        processes: usize,
        /// Calls waiting.
        queued: usize,
    },
    /// No process was free before the deadline.
    #[error("no engine process became free in time")]
    Busy,
    /// The process must be started again and its backoff ends after the deadline.
    #[error("the engine is being restarted after a failure")]
    Restarting,
    /// The process could not be started.
    #[error(transparent)]
    Start(ExternalError),
    /// The pool was closed (the server is stopping).
    #[error("the engine pool is closed")]
    Closed,
}

/// Shortest and longest pause before a failed process is started again.
const BACKOFF_MIN: Duration = Duration::from_millis(100);
const BACKOFF_MAX: Duration = Duration::from_secs(10);

/// A slot: its process (none before the first lease or after a failure),
/// the options set on it, and how much of its stderr was already read.
#[derive(Debug, Default)]
struct Slot {
    engine: Option<Engine>,
    applied: Vec<(String, String)>,
    stderr_seen: u64,
    /// Its process replaces one that failed.
    failed_before: bool,
}

#[derive(Debug, Default)]
struct State {
    idle: Vec<Slot>,
    waiting: usize,
    /// Failures since the last successful search, for the backoff.
    failures: u32,
    retry_at: Option<Instant>,
    /// The ids of the processes alive (each its own process group).
    pids: HashSet<u32>,
    /// The options the last started engine declared, and its name.
    declared: Option<(String, Vec<EngineOption>)>,
    startable: bool,
    closed: bool,
}

/// A pool of engine processes (see the module's documentation).
pub struct EnginePool {
    spec: ProcessSpec,
    processes: usize,
    queue: usize,
    state: Mutex<State>,
    changed: Condvar,
    observer: Arc<dyn ProcessObserver>,
}

impl std::fmt::Debug for EnginePool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EnginePool")
            .field("spec", &self.spec)
            .field("processes", &self.processes)
            .finish_non_exhaustive()
    }
}

impl EnginePool {
    /// A pool of `processes` slots (at least one) with `queue` waiting
    /// places; no process is started yet.
    #[must_use]
    pub fn new(
        spec: ProcessSpec,
        processes: usize,
        queue: usize,
        observer: Arc<dyn ProcessObserver>,
    ) -> Self {
        let processes = processes.max(1);
        let state = State {
            idle: (0..processes).map(|_| Slot::default()).collect(),
            startable: true,
            ..State::default()
        };
        EnginePool {
            spec,
            processes,
            queue,
            state: Mutex::new(state),
            changed: Condvar::new(),
            observer,
        }
    }

    /// The program the pool runs.
    #[must_use]
    pub fn command(&self) -> &std::path::Path {
        &self.spec.command
    }

    /// The name and declared options of the last engine started, once one has.
    #[must_use]
    pub fn declared(&self) -> Option<(String, Vec<EngineOption>)> {
        self.lock().declared.clone()
    }

    /// Whether the last attempt to start a process succeeded.
    #[must_use]
    pub fn startable(&self) -> bool {
        self.lock().startable
    }

    /// Starts one process if none is alive, so that the engine's options are
    /// known before the first call.
    ///
    /// # Errors
    /// When it cannot be started.
    pub fn warm(&self) -> Result<(), PoolError> {
        let deadline = Instant::now() + self.spec.handshake_timeout;
        self.lease_slot(deadline, false).map(drop)
    }

    /// Runs until the pool is closed: whenever a start has failed, tries
    /// again after the backoff, so that the pool recovers without calls.
    /// Meant for a thread of its own.
    pub fn supervise(&self) {
        loop {
            let wait = {
                let mut state = self.lock();
                while state.startable && !state.closed {
                    state = self
                        .changed
                        .wait(state)
                        .unwrap_or_else(PoisonError::into_inner);
                }
                if state.closed {
                    return;
                }
                state.retry_at.map_or(Duration::ZERO, |at| {
                    at.saturating_duration_since(Instant::now())
                })
            };
            std::thread::sleep(wait.max(BACKOFF_MIN));
            let _ = self.warm();
        }
    }

    /// Leases a slot with a running process, waiting for a free one until
    /// `deadline`; a slot without a process gets one started (after the
    /// backoff, if that ends before the deadline).
    ///
    /// # Errors
    /// See [`PoolError`].
    pub fn lease(&self, deadline: Instant) -> Result<Lease<'_>, PoolError> {
        self.lease_slot(deadline, true)
    }

    /// [`Self::lease`], taking a slot with a live process first when
    /// `started_first`, an empty one first otherwise (to start one).
    fn lease_slot(&self, deadline: Instant, started_first: bool) -> Result<Lease<'_>, PoolError> {
        let mut slot = self.take_slot(deadline, started_first)?;
        if slot.engine.is_some() {
            return Ok(Lease {
                pool: self,
                slot: Some(slot),
            });
        }
        let retry_at = self.lock().retry_at;
        if let Some(at) = retry_at.filter(|&at| at > Instant::now()) {
            if at >= deadline {
                self.give_back(slot);
                return Err(PoolError::Restarting);
            }
            std::thread::sleep(at.saturating_duration_since(Instant::now()));
        }
        let timeout = self
            .spec
            .handshake_timeout
            .min(deadline.saturating_duration_since(Instant::now()));
        match Engine::start(
            &self.spec.command,
            &self.spec.args,
            self.spec.protocol,
            timeout,
        ) {
            Ok(engine) => {
                let alive = {
                    let mut state = self.lock();
                    state.pids.insert(engine.process_id());
                    state.declared = Some((engine.name().to_owned(), engine.options().to_vec()));
                    state.startable = true;
                    state.pids.len()
                };
                self.observer.started(slot.failed_before);
                self.observer.alive(alive);
                self.observer.startable(true);
                slot.engine = Some(engine);
                slot.applied.clear();
                slot.stderr_seen = 0;
                Ok(Lease {
                    pool: self,
                    slot: Some(slot),
                })
            }
            Err(error) => {
                {
                    let mut state = self.lock();
                    state.startable = false;
                    Self::back_off(&mut state);
                }
                self.observer.startable(false);
                slot.failed_before = true;
                self.give_back(slot);
                self.changed.notify_all();
                Err(PoolError::Start(error))
            }
        }
    }

    /// Kills every process and refuses leases from now on. Processes on
    /// lease are killed through their process group; their calls then fail.
    pub fn close(&self) {
        let (idle, pids) = {
            let mut state = self.lock();
            state.closed = true;
            let idle = std::mem::take(&mut state.idle);
            (idle, state.pids.drain().collect::<Vec<_>>())
        };
        self.changed.notify_all();
        #[cfg(target_os = "linux")]
        for pid in pids {
            let group = i32::try_from(pid)
                .ok()
                .and_then(rustix::process::Pid::from_raw);
            if let Some(group) = group {
                let _ = rustix::process::kill_process_group(group, rustix::process::Signal::KILL);
            }
        }
        #[cfg(not(target_os = "linux"))]
        drop(pids);
        // Dropping an engine kills and reaps its process.
        drop(idle);
        self.observer.alive(0);
    }

    fn take_slot(&self, deadline: Instant, started_first: bool) -> Result<Slot, PoolError> {
        let mut state = self.lock();
        if state.closed {
            return Err(PoolError::Closed);
        }
        if state.idle.is_empty() && state.waiting >= self.queue {
            return Err(PoolError::Full {
                processes: self.processes,
                queued: state.waiting,
            });
        }
        state.waiting += 1;
        let taken = loop {
            if state.closed {
                break Err(PoolError::Closed);
            }
            // A call takes a slot whose process is alive first: it needs no
            // start. The supervisor takes an empty one, to start it.
            if let Some(index) = state
                .idle
                .iter()
                .position(|s| s.engine.is_some() == started_first)
            {
                break Ok(state.idle.swap_remove(index));
            }
            if let Some(slot) = state.idle.pop() {
                break Ok(slot);
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                break Err(PoolError::Busy);
            }
            state = self
                .changed
                .wait_timeout(state, left)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        };
        state.waiting -= 1;
        taken
    }

    fn give_back(&self, slot: Slot) {
        let mut state = self.lock();
        if state.closed {
            if let Some(engine) = &slot.engine {
                state.pids.remove(&engine.process_id());
            }
            drop(state);
            drop(slot);
            return;
        }
        state.idle.push(slot);
        drop(state);
        // All: the supervisor waits on the same condition as the callers.
        self.changed.notify_all();
    }

    /// One more failure: the next start waits 100 ms × 2^(failures − 1),
    /// at most 10 s, times a random factor of 0.5 to 1 (so that replicas
    /// that failed together do not retry together).
    fn back_off(state: &mut State) {
        state.failures = state.failures.saturating_add(1);
        let exponent = state.failures.saturating_sub(1).min(16);
        let full = BACKOFF_MIN
            .saturating_mul(1u32 << exponent)
            .min(BACKOFF_MAX);
        let factor = 0.5 + 0.5 * random_unit();
        state.retry_at = Some(Instant::now() + full.mul_f64(factor));
    }

    /// Ends the slot's process (dropping the engine kills and reaps it), so
    /// that the slot's next lease starts a fresh one.
    fn retire(&self, slot: &mut Slot) {
        let Some(engine) = slot.engine.take() else {
            return;
        };
        let alive = {
            let mut state = self.lock();
            state.pids.remove(&engine.process_id());
            state.pids.len()
        };
        drop(engine);
        slot.applied.clear();
        self.observer.alive(alive);
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// A number in [0, 1) from the standard library's randomly keyed hasher.
fn random_unit() -> f64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    #[allow(clippy::cast_precision_loss)]
    let unit = (hasher.finish() >> 11) as f64 / (1u64 << 53) as f64;
    unit
}

/// A slot on lease: its process is the caller's until the lease is dropped
/// (the process goes back to the pool) or failed (the process is killed).
pub struct Lease<'a> {
    pool: &'a EnginePool,
    slot: Option<Slot>,
}

impl std::fmt::Debug for Lease<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Lease").finish_non_exhaustive()
    }
}

impl Lease<'_> {
    /// The leased process.
    ///
    /// # Errors
    /// Never in practice: a lease always holds a started engine; the error
    /// stands for a slot emptied by a bug.
    pub fn engine(&mut self) -> Result<&mut Engine, ExternalError> {
        self.slot
            .as_mut()
            .and_then(|slot| slot.engine.as_mut())
            .ok_or_else(|| ExternalError::Protocol("no engine on this lease".to_owned()))
    }

    /// Brings the process's options to `wanted` (name, value), sending only
    /// those that differ from what was set on it before; when any was sent,
    /// also a new game (`ucinewgame`) and `isready`, answered by `deadline`.
    /// Returns whether anything was sent.
    ///
    /// # Errors
    /// When the engine does not answer in time or has gone away.
    pub fn configure(
        &mut self,
        wanted: &[(String, String)],
        deadline: Instant,
    ) -> Result<bool, ExternalError> {
        let Some(slot) = self.slot.as_mut() else {
            return Err(ExternalError::Protocol(
                "no engine on this lease".to_owned(),
            ));
        };
        let Some(engine) = slot.engine.as_mut() else {
            return Err(ExternalError::Protocol(
                "no engine on this lease".to_owned(),
            ));
        };
        let fresh = slot.applied.is_empty();
        let mut sent = false;
        for (name, value) in wanted {
            let current = slot
                .applied
                .iter()
                .find(|(set, _)| set.eq_ignore_ascii_case(name));
            if current.is_some_and(|(_, set)| set == value) {
                continue;
            }
            engine.set_option(name, value)?;
            sent = true;
            slot.applied
                .retain(|(set, _)| !set.eq_ignore_ascii_case(name));
            slot.applied.push((name.clone(), value.clone()));
        }
        if sent || fresh {
            engine.new_game(deadline)?;
        }
        Ok(sent)
    }

    /// The stderr lines the process wrote since the last call (at most 20).
    pub fn fresh_stderr(&mut self) -> Vec<String> {
        let Some(slot) = self.slot.as_mut() else {
            return Vec::new();
        };
        let Some(engine) = slot.engine.as_ref() else {
            return Vec::new();
        };
        let (lines, seen) = engine.stderr_since(slot.stderr_seen);
        slot.stderr_seen = seen;
        lines
    }

    /// The search went well: the backoff starts over.
    pub fn succeeded(&mut self) {
        let mut state = self.pool.lock();
        state.failures = 0;
        state.retry_at = None;
    }

    /// The process crashed, hung or broke the protocol: it is killed, and
    /// the next lease of its slot starts another after the backoff.
    pub fn fail(mut self) {
        let Some(mut slot) = self.slot.take() else {
            return;
        };
        EnginePool::back_off(&mut self.pool.lock());
        self.pool.retire(&mut slot);
        slot.failed_before = true;
        self.pool.give_back(slot);
    }
}

impl Drop for Lease<'_> {
    /// Gives the process back, unless the lease is dropped by a panic: then
    /// the process may be mid-search or mid-line, and the next call would
    /// read the end of this one's conversation, so it is killed and its slot
    /// starts a fresh one (without a backoff: the engine did nothing wrong).
    fn drop(&mut self) {
        let Some(mut slot) = self.slot.take() else {
            return;
        };
        if std::thread::panicking() {
            self.pool.retire(&mut slot);
        }
        self.pool.give_back(slot);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_grows_and_stays_bounded() {
        let mut state = State::default();
        let mut last = Duration::ZERO;
        for failures in 1..=20u32 {
            EnginePool::back_off(&mut state);
            let wait = state
                .retry_at
                .unwrap()
                .saturating_duration_since(Instant::now());
            assert!(wait <= BACKOFF_MAX, "{failures}: {wait:?}");
            if failures <= 5 {
                // Half the full pause at least, which doubles each time.
                assert!(wait >= BACKOFF_MIN * (1 << (failures - 1)) / 2 - Duration::from_millis(5));
                assert!(wait + Duration::from_millis(5) >= last / 2);
            }
            last = wait;
        }
    }

    struct Quiet;
    impl ProcessObserver for Quiet {
        fn started(&self, _: bool) {}
        fn alive(&self, _: usize) {}
        fn startable(&self, _: bool) {}
    }

    /// A panic while a process is on lease (a bug in the code that drives
    /// it) kills that process instead of handing it, mid-conversation, to
    /// the next call; the next lease starts a fresh one.
    #[test]
    fn a_lease_dropped_by_a_panic_kills_its_process() {
        let fake = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/engine/fake_engine.py");
        let pool = EnginePool::new(
            ProcessSpec {
                command: PathBuf::from("python3"),
                args: vec![
                    fake.display().to_string(),
                    "script".to_owned(),
                    "e2e4".to_owned(),
                ],
                protocol: None,
                handshake_timeout: Duration::from_secs(10),
            },
            1,
            0,
            Arc::new(Quiet),
        );
        let deadline = || Instant::now() + Duration::from_secs(10);
        let first = {
            let mut lease = pool.lease(deadline()).unwrap();
            lease.engine().unwrap().process_id()
        };
        let panicked = std::thread::scope(|scope| {
            scope
                .spawn(|| {
                    let mut lease = pool.lease(deadline()).unwrap();
                    assert_eq!(lease.engine().unwrap().process_id(), first, "reused");
                    panic!("a bug while the engine searches");
                })
                .join()
        });
        assert!(panicked.is_err());
        let alive = |pid: u32| {
            std::fs::read_to_string(format!("/proc/{pid}/stat"))
                .is_ok_and(|stat| !stat.contains(") Z "))
        };
        assert!(!alive(first), "the process of the panicked lease is gone");
        let mut lease = pool.lease(deadline()).unwrap();
        let second = lease.engine().unwrap().process_id();
        assert_ne!(second, first);
        assert!(alive(second));
        drop(lease);
        pool.close();
        assert!(!alive(second), "closing the pool ends its processes");
    }

    #[test]
    fn a_missing_program_fails_to_start_and_is_not_startable() {
        let pool = EnginePool::new(
            ProcessSpec {
                command: PathBuf::from("/nonexistent/engine"),
                args: Vec::new(),
                protocol: None,
                handshake_timeout: Duration::from_secs(1),
            },
            1,
            0,
            Arc::new(Quiet),
        );
        assert!(matches!(pool.warm(), Err(PoolError::Start(_))));
        assert!(!pool.startable());
        // The backoff now holds the next start past a short deadline.
        let soon = Instant::now() + Duration::from_millis(1);
        assert!(matches!(pool.lease(soon), Err(PoolError::Restarting)));
        pool.close();
        assert!(matches!(pool.warm(), Err(PoolError::Closed)));
    }
}
