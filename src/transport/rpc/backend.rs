//! Routing of Engine calls to a game's external engine (`--engine
//! chess=uci:PATH`, `--engine xiangqi=uci:PATH`): which calls go there, the
//! search on a blocking thread, its events into the same channel the
//! built-in engine's reach, and its failures as statuses and metrics. The
//! built-in engine plays every game without an external engine, and the
//! chess variants the chess engine does not offer.
//!
//! Contract (docs/bots-and-uci.md): a process that crashes during a search
//! or does not answer `stop` in time fails its call with UNAVAILABLE (no
//! retry: the next call gets a fresh process after the backoff; one found
//! dead before its search is replaced within the call); one that answers a move or
//! line the rules refuse, or breaks the protocol, fails it with INTERNAL;
//! every process busy and the waiting places taken is RESOURCE_EXHAUSTED.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use arbiter_engine::{AnalysisEvent, Limits, SearchHandle};
use arbiter_rules::{Game, RuleOptions, RuleSet, Variant};
use tokio::sync::{mpsc, watch};
use tonic::Status;
use tracing::Span;

use super::convert::{self, PositionInput};
use super::status::{input_error, invalid_argument};
use crate::config::{Config, EngineChoice};
use crate::engines::{Backend, PrepareError, Request, RunError};
use crate::external::pool::{PoolError, ProcessObserver};
use crate::proto as pb;

/// The external engines of both games, if any, and whether each can start.
#[derive(Debug)]
pub struct Backends {
    chess: Option<Arc<Backend>>,
    xiangqi: Option<Arc<Backend>>,
    health: Arc<Health>,
}

/// Whether every external engine can start (false while one cannot).
#[derive(Debug)]
struct Health {
    /// chess, xiangqi.
    startable: Mutex<[bool; 2]>,
    serving: watch::Sender<bool>,
}

impl Health {
    fn set(&self, index: usize, ok: bool) {
        let mut startable = self
            .startable
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        startable[index] = ok;
        let all = startable.iter().all(|&ok| ok);
        self.serving.send_if_modified(|serving| {
            let changed = *serving != all;
            *serving = all;
            changed
        });
    }
}

/// A game's pool reports: the `arbiter_engine_backend_*` metrics and health.
struct Observer {
    game: &'static str,
    index: usize,
    health: Arc<Health>,
}

impl ProcessObserver for Observer {
    fn started(&self, restart: bool) {
        if restart {
            metrics::counter!("arbiter_engine_backend_restarts_total", "game" => self.game)
                .increment(1);
        }
    }
    fn alive(&self, processes: usize) {
        metrics::gauge!("arbiter_engine_backend_processes", "game" => self.game)
            .set(processes as f64);
    }
    fn startable(&self, ok: bool) {
        if !ok {
            metrics::counter!("arbiter_engine_backend_start_failures_total", "game" => self.game)
                .increment(1);
        }
        self.health.set(self.index, ok);
    }
}

impl Backends {
    /// The engines the configuration names, each with `workers` processes
    /// and the search queue's waiting places, a supervisor thread each
    /// starting its first process at once.
    ///
    /// # Errors
    /// A configuration that does not read, or a thread that cannot start.
    pub fn new(config: &Config, workers: usize) -> Result<Self, String> {
        let choices = config.engine_choices()?;
        let (serving, _) = watch::channel(true);
        let health = Arc::new(Health {
            startable: Mutex::new([true, true]),
            serving,
        });
        let start = |game: &'static str, index: usize, choice: EngineChoice| {
            let EngineChoice::External { command, options } = choice else {
                return Ok(None);
            };
            let observer = Arc::new(Observer {
                game,
                index,
                health: Arc::clone(&health),
            });
            let backend = Arc::new(Backend::new(
                command,
                options,
                index == 1,
                workers,
                config.search_queue,
                observer,
            ));
            backend.warm();
            let supervised = Arc::clone(&backend);
            std::thread::Builder::new()
                .name(format!("engine-{game}"))
                .spawn(move || supervised.supervise())
                .map_err(|e| format!("cannot start the {game} engine's supervisor: {e}"))?;
            tracing::info!(game, command = %backend.command(), workers, "external engine");
            Ok::<_, String>(Some(backend))
        };
        let chess = start("chess", 0, choices.chess)?;
        let xiangqi = start("xiangqi", 1, choices.xiangqi)?;
        Ok(Backends {
            chess,
            xiangqi,
            health,
        })
    }

    /// Turns false while an external engine cannot be started, true again
    /// once it can: the Engine service's health.
    #[must_use]
    pub fn serving(&self) -> watch::Receiver<bool> {
        self.health.serving.subscribe()
    }

    /// Kills every engine process (at shutdown, after the drain).
    pub fn close(&self) {
        for backend in self.chess.iter().chain(&self.xiangqi) {
            backend.close();
        }
    }

    /// The external engine that plays `variant`, if any.
    pub(super) fn route(&self, variant: Variant) -> Option<&Arc<Backend>> {
        let backend = match variant {
            Variant::Xiangqi => self.xiangqi.as_ref(),
            _ => self.chess.as_ref(),
        };
        backend.filter(|b| b.plays(variant))
    }
}

/// A call for an external engine, read and judged by the handler.
pub(super) struct Call {
    pub(super) game: Game,
    pub(super) input: PositionInput,
    pub(super) rules: RuleOptions,
    pub(super) limits: Limits,
    pub(super) multipv: usize,
    pub(super) search_moves: Vec<String>,
    pub(super) strength: Option<pb::Strength>,
    /// Stream every `info` line (Analyze) or only the answer (BestMove).
    pub(super) infos: bool,
}

/// A search started on an external engine: its handle (dropping it stops
/// the search), its events, the rule set, and the engine's name.
pub(super) struct Started {
    pub(super) handle: SearchHandle,
    pub(super) events: mpsc::UnboundedReceiver<Result<AnalysisEvent, Status>>,
    pub(super) rule_set: RuleSet,
    pub(super) backend: Arc<Backend>,
}

/// The name the `arbiter-engine` header gives an external engine: its `id
/// name`, or `external` before its first process has started.
pub(super) fn engine_name(backend: &Backend) -> String {
    backend.name().unwrap_or_else(|| "external".to_owned())
}

/// Prepares the call (errors in the request come back at once) and runs
/// the search on a blocking thread, inside the call's span.
pub(super) fn submit(backend: &Arc<Backend>, call: Call) -> Result<Started, Status> {
    let game_label = if call.input.variant == Variant::Xiangqi {
        "xiangqi"
    } else {
        "chess"
    };
    // Judged here, on the async side, so that a game already over is
    // refused before anything streams; the rest is read on the blocking
    // thread, which may have to wait for the engine's first start.
    let judged = call.game.status(&call.rules).map_err(input_error)?;
    if judged.outcome.is_over() {
        return Err(Status::failed_precondition(
            PrepareError::GameOver(judged.outcome).to_string(),
        ));
    }
    let rule_set = judged.rule_set;
    let request = Request {
        game: call.game,
        status: judged,
        variant: call.input.variant,
        fen: call.input.fen,
        moves: call.input.moves,
        load: call.input.load,
        rules: call.rules,
        limits: call.limits,
        multipv: call.multipv,
        search_moves: call.search_moves,
        strength: convert::engine::external_strength(call.strength),
    };
    metrics::counter!("arbiter_engine_backend_calls_total", "game" => game_label).increment(1);
    let stop = Arc::new(AtomicBool::new(false));
    let handle = SearchHandle::from_flag(Arc::clone(&stop));
    let (sender, events) = mpsc::unbounded_channel();
    let span = Span::current();
    let runner = Arc::clone(backend);
    let infos = call.infos;
    tokio::task::spawn_blocking(move || {
        let _entered = span.enter();
        let prepared = match runner.prepare(request) {
            Ok(prepared) => prepared,
            Err(error) => {
                let _ = sender.send(Err(prepare_status(error, game_label)));
                return;
            }
        };
        let mut sink = |event| sender.send(Ok(event)).is_ok();
        if let Err(error) = runner.run(&prepared, infos, &stop, &mut sink) {
            let kind = error.kind();
            metrics::counter!("arbiter_engine_backend_errors_total", "game" => game_label, "kind" => kind)
                .increment(1);
            tracing::warn!(game = game_label, kind, %error, "external engine call failed");
            let _ = sender.send(Err(status(&error, game_label)));
        }
        stop.store(true, Ordering::Relaxed);
    });
    Ok(Started {
        handle,
        events,
        rule_set,
        backend: Arc::clone(backend),
    })
}

/// A request the engine cannot take, as the client reads it.
fn prepare_status(error: PrepareError, game: &str) -> Status {
    match error {
        PrepareError::Input(error) => input_error(error),
        PrepareError::SearchMove { index, detail } => {
            invalid_argument(&format!("search_moves[{index}]"), &detail)
        }
        PrepareError::GameOver(_) | PrepareError::Unsupported(_) => {
            Status::failed_precondition(error.to_string())
        }
        PrepareError::NotStarted(_) => {
            Status::unavailable(format!("the {game} engine cannot be started; retry later"))
        }
    }
}

/// A failure as the client reads it; the details (stderr, the move refused)
/// are in the server's log, not in the answer.
fn status(error: &RunError, game: &str) -> Status {
    match error {
        RunError::Pool(PoolError::Full { .. }) => Status::resource_exhausted(format!(
            "every {game} engine process is busy and the queue is full; retry later"
        )),
        RunError::Pool(error) => Status::unavailable(format!("the {game} engine: {error}")),
        RunError::Crashed(_) => Status::unavailable(format!(
            "the {game} engine crashed during the search; retry"
        )),
        RunError::Hung => Status::unavailable(format!(
            "the {game} engine did not answer stop in time and was restarted; retry"
        )),
        RunError::Protocol(_) => Status::internal(format!(
            "the {game} engine broke the protocol and was restarted"
        )),
        RunError::Illegal(reason) => Status::internal(format!(
            "the {game} engine answered a move the rules refuse ({reason}) and was restarted"
        )),
    }
}
