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
    convert::{
        self,
        engine::{MovetimeBounds, SearchAsk, final_answer, wire_event},
    },
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
    self, Analysis, AnalysisError, AnalysisEvent, PoolConfig, PoolObserver, SearchEvent,
    SearchHandle, SearchPool,
};
use arbiter_rules::{Game, RuleOptions, RuleSet};

/// Time kept back from the caller's deadline to build and send the reply.
const REPLY_MARGIN: Duration = Duration::from_millis(50);

#[derive(Debug)]
struct Settings {
    max_history_moves: usize,
    movetime: MovetimeBounds,
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
                movetime: MovetimeBounds {
                    default: Duration::from_millis(config.default_movetime_ms),
                    max: Duration::from_millis(config.max_movetime_ms),
                },
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
        let multipv = convert::engine::multipv(ask.multipv)?;
        let limits = convert::engine::limits(ask.limits, self.settings.movetime, deadline)?;
        let strength = convert::engine::strength(ask.strength, ask.seed)?;
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
