//! A fixed set of search threads behind a bounded queue.
//!
//! Searches never run on the caller's threads (an async runtime stays
//! responsive). Submission never blocks: when every worker is busy and the
//! queue is full, [`SearchPool::try_submit`] fails at once with [`PoolFull`].
//!
//! Memory is bounded and known: each worker owns one transposition table,
//! reused (never reallocated) for every search it runs, so the pool holds
//! `workers × tt_mb` MiB of tables plus under 1 MiB per worker of search
//! stacks and ordering tables, plus the queued requests themselves (a few KiB
//! each). See [`PoolConfig::memory_bytes`].

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::Evaluator;
use super::SearchGame;
use super::engine::search;
use super::memory::SearchMemory;
use super::params::DEFAULT_TT_MB;
use super::request::{SearchEvent, SearchRequest};

/// Sizing of the pool.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PoolConfig {
    /// Search threads; one per core by default.
    pub workers: usize,
    /// Searches that may wait for a free worker before submissions fail.
    pub queue_capacity: usize,
    /// Transposition table size per worker, in MiB.
    pub tt_mb: usize,
    /// How much to lower the workers' scheduling priority (added to their
    /// nice value, at most 19; 0 leaves it). A service lowers it so that the
    /// threads answering cheap calls and health checks get a core as soon
    /// as they have work. Linux only (elsewhere it is ignored).
    pub nice: i32,
}

impl Default for PoolConfig {
    fn default() -> Self {
        let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
        PoolConfig {
            workers,
            queue_capacity: workers * 4,
            tt_mb: DEFAULT_TT_MB,
            nice: 0,
        }
    }
}

/// Per-worker allowance for search stacks, history and killer tables.
pub const WORKER_OVERHEAD_BYTES: usize = 1 << 20;

impl PoolConfig {
    /// Upper bound of the memory the pool holds besides queued requests:
    /// `workers × (tt_mb MiB + 1 MiB)`.
    #[must_use]
    pub fn memory_bytes(&self) -> usize {
        self.workers * (self.tt_mb * 1024 * 1024 + WORKER_OVERHEAD_BYTES)
    }
}

/// The pool and its queue are full; retry later.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("all {workers} search workers are busy and {queued} searches are queued")]
pub struct PoolFull {
    /// Worker threads of the pool.
    pub workers: usize,
    /// Searches waiting when the submission was refused.
    pub queued: usize,
}

/// What the pool reports as it works, for a service's metrics: the engine
/// keeps no global recorder, so the process that owns the pool decides where
/// these go. Every method has an empty default; they are called on the
/// submitting thread or a worker, so they must be cheap.
pub trait PoolObserver: Send + Sync + 'static {
    /// A submission was refused with [`PoolFull`].
    fn rejected(&self) {}
    /// Searches waiting for a worker, after a submission or a worker took one.
    fn queue_length(&self, _queued: usize) {}
    /// Searches running, after one started or finished.
    fn active(&self, _active: usize) {}
    /// A search finished (or was dropped while queued, with 0 nodes).
    fn finished(&self, _nodes: u64, _elapsed: Duration) {}
    /// A worker could not lower its priority by [`PoolConfig::nice`]; the
    /// pool runs on at the inherited priority.
    fn priority_not_lowered(&self, _error: &std::io::Error) {}
}

/// The observer of a pool nobody watches.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoObserver;

impl PoolObserver for NoObserver {}

/// The pool's counters, read at any time ([`SearchPool::stats`]).
#[derive(Debug, Default)]
pub struct PoolStats {
    active: AtomicUsize,
    queued: AtomicUsize,
    nodes: AtomicU64,
    completed: AtomicU64,
    rejected: AtomicU64,
    busy_micros: AtomicU64,
}

impl PoolStats {
    /// Searches running now.
    pub fn active(&self) -> usize {
        self.active.load(Ordering::Relaxed)
    }
    /// Searches waiting for a worker.
    pub fn queued(&self) -> usize {
        self.queued.load(Ordering::Relaxed)
    }
    /// Nodes searched by finished searches, in total.
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }
    /// Searches finished, in total.
    pub fn completed(&self) -> u64 {
        self.completed.load(Ordering::Relaxed)
    }
    /// Submissions refused with [`PoolFull`].
    pub fn rejected(&self) -> u64 {
        self.rejected.load(Ordering::Relaxed)
    }
    /// Total wall time spent searching, in microseconds.
    pub fn busy_micros(&self) -> u64 {
        self.busy_micros.load(Ordering::Relaxed)
    }
}

/// Receives a search's events, ending with [`SearchEvent::Done`].
pub type EventReceiver<M> = mpsc::Receiver<SearchEvent<M>>;

/// Runs the search and returns its node count and the delivery of its final
/// event, which the worker calls only after freeing its slot: whoever
/// receives `Done` can immediately submit again.
type Job = Box<dyn FnOnce(&mut SearchMemory) -> (u64, Box<dyn FnOnce() + Send>) + Send>;

struct Queue {
    jobs: VecDeque<(Job, Arc<AtomicBool>)>,
    running: usize,
    shutdown: bool,
}

struct Shared {
    queue: Mutex<Queue>,
    work_available: Condvar,
    config: PoolConfig,
    stats: PoolStats,
    observer: Arc<dyn PoolObserver>,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Queue> {
        // A panicking search must not take the pool down with it.
        self.queue.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The search worker pool.
pub struct SearchPool {
    shared: Arc<Shared>,
    threads: Vec<JoinHandle<()>>,
}

impl std::fmt::Debug for SearchPool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchPool")
            .field("config", &self.shared.config)
            .field("stats", &self.shared.stats)
            .finish()
    }
}

/// Cancels its search when cancelled or dropped: hold it for as long as the
/// caller wants the answer (e.g. inside the request's future), so a caller
/// that goes away stops the search.
#[derive(Debug)]
pub struct SearchHandle {
    stop: Arc<AtomicBool>,
}

impl SearchHandle {
    /// A handle over a search run elsewhere (an external engine's) that
    /// watches `stop`: cancelling or dropping the handle raises it.
    #[must_use]
    pub fn from_flag(stop: Arc<AtomicBool>) -> Self {
        SearchHandle { stop }
    }

    /// Stops the search; its final result is still delivered. Dropping the handle does the same.
    pub fn cancel(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// The flag the search polls; raising it stops the search within a few
    /// milliseconds, and the final result is still delivered.
    #[must_use]
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }
}

impl Drop for SearchHandle {
    fn drop(&mut self) {
        self.cancel();
    }
}

impl SearchPool {
    /// Starts `config.workers` threads, each allocating its table up front.
    ///
    /// # Errors
    /// When the operating system refuses to start a thread.
    pub fn new(config: PoolConfig) -> std::io::Result<Self> {
        Self::observed(config, Arc::new(NoObserver))
    }

    /// [`SearchPool::new`], reporting to `observer` as it works.
    ///
    /// # Errors
    /// When the operating system refuses to start a thread.
    pub fn observed(config: PoolConfig, observer: Arc<dyn PoolObserver>) -> std::io::Result<Self> {
        let config = PoolConfig {
            workers: config.workers.max(1),
            ..config
        };
        let shared = Arc::new(Shared {
            queue: Mutex::new(Queue {
                jobs: VecDeque::new(),
                running: 0,
                shutdown: false,
            }),
            work_available: Condvar::new(),
            config,
            stats: PoolStats::default(),
            observer,
        });
        let mut threads = Vec::with_capacity(shared.config.workers);
        for index in 0..shared.config.workers {
            let shared = Arc::clone(&shared);
            let thread = std::thread::Builder::new()
                .name(format!("search-{index}"))
                .spawn(move || worker(&shared))?;
            threads.push(thread);
        }
        Ok(SearchPool { shared, threads })
    }

    /// The configuration the pool runs with, with `workers` at least 1.
    #[must_use]
    pub fn config(&self) -> &PoolConfig {
        &self.shared.config
    }

    /// The pool's counters.
    #[must_use]
    pub fn stats(&self) -> &PoolStats {
        &self.shared.stats
    }

    /// Queues a search. `sink` receives every [`SearchEvent`], ending with
    /// `Done`; when it returns `false` (its receiver is gone) the search
    /// stops. The search also stops when the returned handle is dropped.
    ///
    /// # Errors
    /// [`PoolFull`] at once when every worker is busy and the queue is full.
    pub fn try_submit<G, E, S>(
        &self,
        request: SearchRequest<G>,
        evaluator: Arc<E>,
        mut sink: S,
    ) -> Result<SearchHandle, PoolFull>
    where
        G: SearchGame,
        E: Evaluator<G> + ?Sized + 'static,
        S: FnMut(SearchEvent<G::Move>) -> bool + Send + 'static,
    {
        let stop = Arc::new(AtomicBool::new(false));
        let job_stop = Arc::clone(&stop);
        let job: Job = Box::new(move |memory: &mut SearchMemory| {
            let info_stop = Arc::clone(&job_stop);
            let mut forward = |info: &super::SearchInfo<G::Move>| {
                if !sink(SearchEvent::Info(info.clone())) {
                    info_stop.store(true, Ordering::Relaxed);
                }
            };
            let result = search(&request, &*evaluator, memory, job_stop, &mut forward);
            let nodes = result.nodes;
            let deliver: Box<dyn FnOnce() + Send> = Box::new(move || {
                sink(SearchEvent::Done(result));
            });
            (nodes, deliver)
        });

        let shared = &self.shared;
        let mut queue = shared.lock();
        let workers = shared.config.workers;
        let outstanding = queue.running + queue.jobs.len();
        if queue.shutdown || outstanding >= workers + shared.config.queue_capacity {
            shared.stats.rejected.fetch_add(1, Ordering::Relaxed);
            shared.observer.rejected();
            return Err(PoolFull {
                workers,
                queued: queue.jobs.len(),
            });
        }
        queue.jobs.push_back((job, Arc::clone(&stop)));
        let queued = queue.jobs.len();
        drop(queue);
        shared.stats.queued.store(queued, Ordering::Relaxed);
        shared.observer.queue_length(queued);
        shared.work_available.notify_one();
        Ok(SearchHandle { stop })
    }

    /// [`SearchPool::try_submit`] with the events delivered on a channel.
    ///
    /// # Errors
    /// [`PoolFull`] as for `try_submit`.
    pub fn try_submit_channel<G, E>(
        &self,
        request: SearchRequest<G>,
        evaluator: Arc<E>,
    ) -> Result<(SearchHandle, EventReceiver<G::Move>), PoolFull>
    where
        G: SearchGame,
        E: Evaluator<G> + ?Sized + 'static,
    {
        let (sender, receiver) = mpsc::channel();
        let handle =
            self.try_submit(request, evaluator, move |event| sender.send(event).is_ok())?;
        Ok((handle, receiver))
    }
}

fn worker(shared: &Shared) {
    if shared.config.nice != 0
        && let Err(error) = lower_priority(shared.config.nice)
    {
        shared.observer.priority_not_lowered(&error);
    }
    let mut memory = SearchMemory::new(shared.config.tt_mb);
    loop {
        let (job, stop) = {
            let mut queue = shared.lock();
            loop {
                if queue.shutdown {
                    return;
                }
                if let Some(next) = queue.jobs.pop_front() {
                    queue.running += 1;
                    shared
                        .stats
                        .queued
                        .store(queue.jobs.len(), Ordering::Relaxed);
                    shared.observer.queue_length(queue.jobs.len());
                    break next;
                }
                queue = shared
                    .work_available
                    .wait(queue)
                    .unwrap_or_else(PoisonError::into_inner);
            }
        };
        let active = shared.stats.active.fetch_add(1, Ordering::Relaxed) + 1;
        shared.observer.active(active);
        let started = Instant::now();
        // A caller that left while queued gets no search at all.
        let (nodes, deliver) = if stop.load(Ordering::Relaxed) {
            (0, None)
        } else {
            // A panicking search loses its answer (the caller sees its event
            // channel close) but not the worker.
            match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| job(&mut memory))) {
                Ok((nodes, deliver)) => (nodes, Some(deliver)),
                Err(_) => {
                    memory = SearchMemory::new(shared.config.tt_mb);
                    (0, None)
                }
            }
        };
        let elapsed = started.elapsed();
        shared.stats.nodes.fetch_add(nodes, Ordering::Relaxed);
        shared.stats.completed.fetch_add(1, Ordering::Relaxed);
        shared
            .stats
            .busy_micros
            .fetch_add(elapsed.as_micros() as u64, Ordering::Relaxed);
        shared.observer.finished(nodes, elapsed);
        let active = shared.stats.active.fetch_sub(1, Ordering::Relaxed) - 1;
        shared.observer.active(active);
        shared.lock().running -= 1;
        if let Some(deliver) = deliver {
            deliver();
        }
    }
}

/// Adds `nice` to the calling thread's nice value (on Linux the value is
/// per thread, so only this worker is lowered).
#[cfg(target_os = "linux")]
fn lower_priority(nice: i32) -> std::io::Result<()> {
    use rustix::process::{getpriority_process, setpriority_process};
    getpriority_process(None)
        .and_then(|current| setpriority_process(None, current.saturating_add(nice).min(19)))
        .map_err(std::io::Error::from)
}

#[cfg(not(target_os = "linux"))]
fn lower_priority(_nice: i32) -> std::io::Result<()> {
    Ok(())
}

impl Drop for SearchPool {
    fn drop(&mut self) {
        let mut queue = self.shared.lock();
        queue.shutdown = true;
        for (_, stop) in queue.jobs.drain(..) {
            stop.store(true, Ordering::Relaxed);
        }
        drop(queue);
        self.shared.work_available.notify_all();
        for thread in self.threads.drain(..) {
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The nice values of this process's threads named `search-*`.
    #[cfg(target_os = "linux")]
    fn search_thread_nice_values() -> Vec<i32> {
        let mut values = Vec::new();
        for task in std::fs::read_dir("/proc/self/task").unwrap() {
            let dir = task.unwrap().path();
            let comm = std::fs::read_to_string(dir.join("comm")).unwrap_or_default();
            let stat = std::fs::read_to_string(dir.join("stat")).unwrap_or_default();
            // Fields after the parenthesised name: state is field 3, nice 19.
            let after_name = stat.rsplit(')').next().unwrap_or_default();
            if comm.starts_with("search-")
                && let Some(nice) = after_name.split_whitespace().nth(16)
            {
                values.push(nice.parse().unwrap());
            }
        }
        values
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn search_workers_run_at_the_lower_priority() {
        let base = rustix::process::getpriority_process(None).unwrap();
        let pool = SearchPool::new(PoolConfig {
            workers: 1,
            queue_capacity: 0,
            tt_mb: 1,
            nice: 3,
        })
        .unwrap();
        let expected = (base + 3).min(19);
        // A new thread names itself once it runs, which on a busy host can
        // be a while after the pool has been built.
        let started = std::time::Instant::now();
        while !search_thread_nice_values().contains(&expected)
            && started.elapsed() < std::time::Duration::from_secs(5)
        {
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        assert!(
            search_thread_nice_values().contains(&expected),
            "{:?}, wanted {expected}",
            search_thread_nice_values()
        );
        // The calling thread keeps its priority.
        assert_eq!(rustix::process::getpriority_process(None).unwrap(), base);
        drop(pool);
    }
}
