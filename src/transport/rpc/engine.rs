//! The `arbiter.v1.Engine` service: requests become searches on the bounded
//! worker pool, never on the async runtime. The search's handle lives inside
//! the call's future (or the response stream), so a caller that cancels or
//! disconnects drops it, which stops the search within milliseconds.

use std::{
    pin::Pin,
    sync::Arc,
    task::{Context, Poll, ready},
    time::{Duration, Instant},
};

use tokio::sync::{mpsc, watch};
use tokio_stream::{Stream, wrappers::UnboundedReceiverStream};
use tonic::{Request, Response, Status, metadata::MetadataMap};
use tracing::Span;

use super::{
    backend::{self, Backends},
    convert,
    guard::guarded,
    status::{input_error, invalid_argument},
};
use crate::transport::deadline::parse_grpc_timeout;
use crate::transport::shutdown::{self, DrainSignal};
use crate::{
    config::Config,
    proto::{self as pb, engine_server::Engine},
};
use arbiter_engine::{
    self, Analysis, AnalysisError, AnalysisEvent, Limits, PoolConfig, PoolObserver, SearchEvent,
    SearchHandle, SearchInfo, SearchPool, SearchResult, StopReason, Wdl, params::MAX_DEPTH,
};
use arbiter_rules::{Game, MoveInfo, RuleOptions, RuleSet};

/// Most MultiPV lines a call may ask for.
const MAX_MULTIPV: u32 = 5;
/// Time kept back from the caller's deadline to build and send the reply.
const REPLY_MARGIN: Duration = Duration::from_millis(50);
/// Kept back from every move on a game clock for the reply's way back to the
/// bot and on to its game server.
const CLOCK_OVERHEAD: Duration = Duration::from_millis(20);
/// Longest mate a `mate` limit may ask for, in moves.
const MAX_MATE: u32 = 100;

#[derive(Debug)]
struct Settings {
    max_history_moves: usize,
    default_movetime: Duration,
    max_movetime: Duration,
    /// The server's bound on every call (`ARBITER_REQUEST_TIMEOUT_SECS`).
    request_timeout: Duration,
}

/// Searches for the best move on the shared worker pool.
#[derive(Debug, Clone)]
pub struct EngineService {
    pool: Arc<SearchPool>,
    settings: Arc<Settings>,
    /// Turns true when the server starts draining: open Analyze streams then
    /// stop their search and end (see [`SearchStream`]).
    draining: Option<watch::Receiver<bool>>,
    /// The games' external engines, where configured (`rpc/backend.rs`).
    backends: Arc<Backends>,
}

impl EngineService {
    /// Starts the worker pool sized by the configuration.
    pub fn new(config: &Config) -> Result<Self, String> {
        let workers = if config.search_threads == 0 {
            std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
        } else {
            config.search_threads
        };
        let pool = SearchPool::observed(
            PoolConfig {
                workers,
                queue_capacity: config.search_queue,
                tt_mb: config.tt_mb,
                nice: config.search_nice,
            },
            Arc::new(PoolMetrics),
        )
        .map_err(|e| format!("cannot start search workers: {e}"))?;
        let backends = Arc::new(Backends::new(config, workers)?);
        Ok(EngineService {
            pool: Arc::new(pool),
            settings: Arc::new(Settings {
                max_history_moves: config.max_history_moves,
                default_movetime: Duration::from_millis(config.default_movetime_ms),
                max_movetime: Duration::from_millis(config.max_movetime_ms),
                request_timeout: config.request_timeout(),
            }),
            draining: None,
            backends,
        })
    }

    /// The external engines: their health, and their processes to end at
    /// shutdown.
    #[must_use]
    pub fn backends(&self) -> Arc<Backends> {
        Arc::clone(&self.backends)
    }

    /// Ends open Analyze streams when `draining` turns true, each with its
    /// best move so far, so that they do not hold a graceful shutdown.
    #[must_use]
    pub fn with_drain(mut self, draining: watch::Receiver<bool>) -> Self {
        self.draining = Some(draining);
        self
    }
}

/// When the search must stop so that the answer arrives in time: the
/// earlier of the caller's deadline and the server's request timeout, less
/// the reply margin. Without it, a search as long as the request timeout
/// would be cut off with CANCELLED instead of answering.
fn search_deadline(metadata: &MetadataMap, request_timeout: Duration) -> Option<Instant> {
    let server = Instant::now().checked_add(request_timeout.saturating_sub(REPLY_MARGIN));
    match (caller_deadline(metadata), server) {
        (Some(caller), Some(server)) => Some(caller.min(server)),
        (caller, server) => caller.or(server),
    }
}

/// Where the pool's reports go: the `arbiter_search_*` metrics, and a
/// warning in the log when the workers keep their priority.
struct PoolMetrics;

impl PoolObserver for PoolMetrics {
    fn rejected(&self) {
        metrics::counter!("arbiter_search_rejections_total").increment(1);
    }
    fn queue_length(&self, queued: usize) {
        metrics::gauge!("arbiter_search_queue_length").set(queued as f64);
    }
    fn active(&self, active: usize) {
        metrics::gauge!("arbiter_search_active").set(active as f64);
    }
    fn finished(&self, nodes: u64, elapsed: Duration) {
        metrics::counter!("arbiter_search_nodes_total").increment(nodes);
        metrics::counter!("arbiter_search_completed_total").increment(1);
        metrics::histogram!("arbiter_search_duration_seconds").record(elapsed.as_secs_f64());
    }
    fn priority_not_lowered(&self, error: &std::io::Error) {
        // Failure only costs the Rules calls' latency under load.
        tracing::warn!(%error, "cannot lower the search threads' priority");
    }
}

/// The caller's deadline from the `grpc-timeout` header, if any, less the
/// reply margin.
fn caller_deadline(metadata: &MetadataMap) -> Option<Instant> {
    let timeout = parse_grpc_timeout(metadata.get("grpc-timeout")?.as_bytes())?;
    Instant::now().checked_add(timeout.saturating_sub(REPLY_MARGIN))
}

/// Reads the request's limits; every search is bounded by the movetime cap
/// and the caller's deadline.
fn limits(
    limits: Option<pb::SearchLimits>,
    settings: &Settings,
    deadline: Option<Instant>,
) -> Result<Limits, Status> {
    let mut out = Limits {
        deadline,
        movetime: Some(settings.max_movetime),
        ..Limits::default()
    };
    match limits.and_then(|l| l.limit) {
        None => out.movetime = Some(settings.default_movetime),
        Some(pb::search_limits::Limit::Depth(0)) => {
            return Err(invalid_argument("limits.depth", "must be at least 1"));
        }
        Some(pb::search_limits::Limit::Depth(depth)) => {
            out.depth = Some(depth.min(u32::try_from(MAX_DEPTH).unwrap_or(64)));
        }
        Some(pb::search_limits::Limit::Nodes(0)) => {
            return Err(invalid_argument("limits.nodes", "must be at least 1"));
        }
        Some(pb::search_limits::Limit::Nodes(nodes)) => out.nodes = Some(nodes),
        Some(pb::search_limits::Limit::MovetimeMs(0)) => {
            return Err(invalid_argument("limits.movetime_ms", "must be at least 1"));
        }
        Some(pb::search_limits::Limit::MovetimeMs(ms)) => {
            out.movetime = Some(Duration::from_millis(u64::from(ms)).min(settings.max_movetime));
        }
        Some(pb::search_limits::Limit::Clock(clock)) => {
            out.clock = Some(convert::clock_limits(clock, CLOCK_OVERHEAD)?);
        }
        Some(pb::search_limits::Limit::Mate(n @ 1..=MAX_MATE)) => out.mate = Some(n),
        Some(pb::search_limits::Limit::Mate(n)) => {
            return Err(invalid_argument(
                "limits.mate",
                &format!("must be 1 to {MAX_MATE} moves, got {n}"),
            ));
        }
    }
    Ok(out)
}

fn multipv(requested: u32) -> Result<usize, Status> {
    match requested {
        0 => Ok(1),
        1..=MAX_MULTIPV => Ok(requested as usize),
        _ => Err(invalid_argument(
            "multipv",
            &format!("must be 1 to {MAX_MULTIPV}, got {requested}"),
        )),
    }
}

fn score(score: arbiter_engine::Score, wdl: Wdl) -> pb::Score {
    pb::Score {
        value: Some(match score {
            arbiter_engine::Score::Centipawns(cp) => pb::score::Value::Centipawns(cp),
            arbiter_engine::Score::Mate(n) => pb::score::Value::Mate(n),
        }),
        wdl: Some(pb::Wdl {
            win: wdl.win,
            draw: wdl.draw,
            loss: wdl.loss,
        }),
    }
}

fn stop_reason(reason: StopReason) -> pb::StopReason {
    match reason {
        StopReason::DepthReached => pb::StopReason::Depth,
        StopReason::NodeLimit => pb::StopReason::Nodes,
        StopReason::TimeUp | StopReason::Stopped => pb::StopReason::Time,
        StopReason::MateFound | StopReason::OnlyMove | StopReason::NoLegalMoves => {
            pb::StopReason::Forced
        }
    }
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

fn moves(moves: &[MoveInfo]) -> Vec<pb::Move> {
    moves.iter().cloned().map(convert::move_info).collect()
}

fn line(info: &SearchInfo<MoveInfo>) -> pb::PvLine {
    pb::PvLine {
        multipv: u32::try_from(info.multipv).unwrap_or(1),
        score: Some(score(info.score, info.wdl)),
        pv: moves(&info.pv),
        depth: info.depth,
        seldepth: info.seldepth,
    }
}

fn no_legal_move() -> Status {
    Status::failed_precondition("the position has no legal move")
}

fn final_answer(
    result: &SearchResult<MoveInfo>,
    rule_set: RuleSet,
) -> Result<pb::BestMoveResponse, Status> {
    let Some(best) = &result.best_move else {
        return Err(no_legal_move());
    };
    Ok(pb::BestMoveResponse {
        best_move: Some(convert::move_info(best.clone())),
        score: Some(score(result.score, result.wdl)),
        pv: moves(&result.pv),
        depth: result.depth,
        seldepth: result.seldepth,
        nodes: result.nodes,
        time_ms: millis(result.elapsed),
        lines: result.lines.iter().map(line).collect(),
        stop_reason: stop_reason(result.stop_reason).into(),
        rule_set: convert::rule_set(rule_set).into(),
    })
}

fn info_event(info: &SearchInfo<MoveInfo>) -> pb::AnalyzeResponse {
    let secs = info.elapsed.as_secs_f64();
    #[allow(
        clippy::cast_precision_loss,
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss
    )]
    let nps = if secs > 0.0 {
        (info.nodes as f64 / secs) as u64
    } else {
        0
    };
    pb::AnalyzeResponse {
        event: Some(pb::analyze_response::Event::Info(pb::AnalysisInfo {
            line: Some(line(info)),
            nodes: info.nodes,
            time_ms: millis(info.elapsed),
            nps,
        })),
    }
}

/// One search event as the wire carries it: an info line, or the final answer
/// (an error when the root had no legal move).
fn wire_event(event: &AnalysisEvent, rule_set: RuleSet) -> Result<pb::AnalyzeResponse, Status> {
    match event {
        SearchEvent::Info(info) => Ok(info_event(info)),
        SearchEvent::Done(result) => Ok(pb::AnalyzeResponse {
            event: Some(pb::analyze_response::Event::BestMove(final_answer(
                result, rule_set,
            )?)),
        }),
    }
}

/// What a BestMove or Analyze request asks for: the two messages have the
/// same fields, read here once (every field destructured, so a field added
/// to the contract fails to compile until it is read).
struct SearchAsk {
    position: Option<pb::Position>,
    limits: Option<pb::SearchLimits>,
    multipv: u32,
    options: Option<pb::RuleOptions>,
    search_moves: Vec<String>,
    strength: Option<pb::Strength>,
    seed: Option<u64>,
}

macro_rules! search_ask_from {
    ($($request:ident),+) => {$(
        impl From<pb::$request> for SearchAsk {
            fn from(request: pb::$request) -> Self {
                let pb::$request {
                    position,
                    limits,
                    multipv,
                    options,
                    search_moves,
                    strength,
                    seed,
                } = request;
                SearchAsk { position, limits, multipv, options, search_moves, strength, seed }
            }
        }
    )+};
}

search_ask_from!(BestMoveRequest, AnalyzeRequest);

/// A search started on the pool or an external engine: its handle, its
/// events (domain types, converted on the async side; an external engine's
/// failure as a status), the rule set its answer names, and the engine
/// that searches (the `arbiter-engine` response header).
struct Submitted {
    handle: SearchHandle,
    events: mpsc::UnboundedReceiver<Result<AnalysisEvent, Status>>,
    rule_set: RuleSet,
    /// `None`: the built-in engine.
    external: Option<Arc<crate::engines::Backend>>,
}

impl Submitted {
    fn engine(external: Option<&Arc<crate::engines::Backend>>) -> String {
        external.map_or_else(|| "builtin".to_owned(), |b| backend::engine_name(b))
    }
}

/// The response header naming the engine that answered: `builtin`, or the
/// external engine's `id name`.
const ENGINE_HEADER: &str = "arbiter-engine";

fn with_engine<T>(mut response: Response<T>, engine: &str) -> Response<T> {
    let value = tonic::metadata::MetadataValue::try_from(engine)
        .unwrap_or_else(|_| tonic::metadata::MetadataValue::from_static("external"));
    response.metadata_mut().insert(ENGINE_HEADER, value);
    response
}

impl EngineService {
    /// Validates the request and submits its search, which must end by the
    /// caller's deadline (see [`search_deadline`]); `method` labels
    /// `arbiter_requests_total`.
    fn submit<R: Into<SearchAsk>>(
        &self,
        method: &'static str,
        request: Request<R>,
    ) -> Result<Submitted, Status> {
        let deadline = search_deadline(request.metadata(), self.settings.request_timeout);
        let ask: SearchAsk = request.into_inner().into();
        let position = ask.position;
        let options: RuleOptions = convert::rule_options(ask.options)?;
        let multipv = multipv(ask.multipv)?;
        let limits = limits(ask.limits, &self.settings, deadline)?;
        let strength = convert::strength(ask.strength, ask.seed)?;
        if ask.search_moves.len() > self.settings.max_history_moves {
            return Err(invalid_argument(
                "search_moves",
                &format!(
                    "{} moves exceed the limit of {}",
                    ask.search_moves.len(),
                    self.settings.max_history_moves
                ),
            ));
        }
        let input = convert::position(position, self.settings.max_history_moves)?;
        Span::current().record("variant", input.variant.name());
        let game = guarded(|| {
            Game::load(
                input.variant,
                &input.fen,
                &input.moves,
                input.load,
                &options,
            )
        })?
        .map_err(input_error)?;
        if let Some(external) = self.backends.route(input.variant) {
            let variant = input.variant.name();
            let started = backend::submit(
                external,
                backend::Call {
                    game,
                    input,
                    rules: options,
                    limits,
                    multipv,
                    search_moves: ask.search_moves,
                    strength: ask.strength,
                    infos: method == "Analyze",
                },
            )?;
            metrics::counter!("arbiter_requests_total", "method" => method, "variant" => variant)
                .increment(1);
            return Ok(Submitted {
                handle: started.handle,
                events: started.events,
                rule_set: started.rule_set,
                external: Some(started.backend),
            });
        }
        let (sender, events) = mpsc::unbounded_channel();
        let analysis = Analysis {
            game: &game,
            rules: &options,
            limits,
            multipv,
            search_moves: &ask.search_moves,
            strength,
        };
        let started =
            guarded(|| analysis.start(&self.pool, move |event| sender.send(Ok(event)).is_ok()))?;
        // A search refused for a full pool was still asked for.
        if matches!(started, Ok(_) | Err(AnalysisError::PoolFull(_))) {
            metrics::counter!("arbiter_requests_total", "method" => method, "variant" => input.variant.name())
                .increment(1);
        }
        let started = started.map_err(|error| match error {
            AnalysisError::Input(error) => input_error(error),
            AnalysisError::GameOver(_) => Status::failed_precondition(error.to_string()),
            AnalysisError::PoolFull(full) => Status::resource_exhausted(format!(
                "all {} search workers are busy and {} searches are queued; retry later",
                full.workers, full.queued
            )),
        })?;
        Ok(Submitted {
            handle: started.handle,
            events,
            rule_set: started.rule_set,
            external: None,
        })
    }
}

/// A response stream that owns its search: dropping the stream (the client
/// cancelled or went away) drops the handle, which stops the search.
///
/// When the server starts draining, the stream stops its search, sends the
/// final best move the search then reports (the best so far), and ends with
/// `UNAVAILABLE`: the analysis was cut short, and the client should resume
/// it on another server.
struct SearchStream {
    inner: UnboundedReceiverStream<Result<AnalysisEvent, Status>>,
    rule_set: RuleSet,
    handle: SearchHandle,
    /// Resolves when the drain starts; `None` without a drain signal.
    drain: Option<DrainSignal>,
    draining: bool,
    ended: bool,
}

impl Stream for SearchStream {
    type Item = Result<pb::AnalyzeResponse, Status>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let this = &mut *self;
        if this.ended {
            return Poll::Ready(None);
        }
        if !this.draining
            && let Some(signal) = &mut this.drain
            && signal.as_mut().poll(cx).is_ready()
        {
            this.draining = true;
            this.drain = None;
            // The search stops within milliseconds and still reports its
            // result, which arrives on `inner` before it closes.
            this.handle.cancel();
        }
        match ready!(Pin::new(&mut this.inner).poll_next(cx)) {
            Some(Ok(event)) => Poll::Ready(Some(wire_event(&event, this.rule_set))),
            Some(Err(status)) => {
                this.ended = true;
                Poll::Ready(Some(Err(status)))
            }
            None if this.draining => {
                this.ended = true;
                Poll::Ready(Some(Err(shutdown::ended_by_drain())))
            }
            None => Poll::Ready(None),
        }
    }
}

type AnalyzeStream = Pin<Box<dyn Stream<Item = Result<pb::AnalyzeResponse, Status>> + Send>>;

#[tonic::async_trait]
impl Engine for EngineService {
    async fn best_move(
        &self,
        request: Request<pb::BestMoveRequest>,
    ) -> Result<Response<pb::BestMoveResponse>, Status> {
        let Submitted {
            handle,
            mut events,
            rule_set,
            external,
        } = self.submit("BestMove", request)?;
        // Holding the handle here ties the search to this call's future.
        let _handle = handle;
        while let Some(event) = events.recv().await {
            if let SearchEvent::Done(result) = event? {
                let engine = Submitted::engine(external.as_ref());
                return final_answer(&result, rule_set)
                    .map(|answer| with_engine(Response::new(answer), &engine));
            }
        }
        Err(Status::internal("the search ended without an answer"))
    }

    type AnalyzeStream = AnalyzeStream;

    async fn analyze(
        &self,
        request: Request<pb::AnalyzeRequest>,
    ) -> Result<Response<Self::AnalyzeStream>, Status> {
        let Submitted {
            handle,
            events,
            rule_set,
            external,
        } = self.submit("Analyze", request)?;
        let engine = Submitted::engine(external.as_ref());
        let stream: Self::AnalyzeStream = Box::pin(SearchStream {
            inner: UnboundedReceiverStream::new(events),
            rule_set,
            handle,
            drain: self.draining.as_ref().map(shutdown::signal),
            draining: false,
            ended: false,
        });
        Ok(with_engine(Response::new(stream), &engine))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grpc_timeout_header_is_read() {
        let mut metadata = MetadataMap::new();
        metadata.insert("grpc-timeout", "2S".parse().unwrap());
        let deadline = caller_deadline(&metadata).unwrap();
        let left = deadline.saturating_duration_since(Instant::now());
        assert!(left > Duration::from_millis(1800) && left <= Duration::from_secs(2));
        metadata.insert("grpc-timeout", "bogus".parse().unwrap());
        assert!(caller_deadline(&metadata).is_none());
    }
}
