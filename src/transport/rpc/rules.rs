//! gRPC handlers: validate → convert → call the domain → convert. Domain calls
//! run inside `catch_unwind`, so a bug becomes `INTERNAL` for one call and
//! the server keeps serving.

use std::{
    panic::{AssertUnwindSafe, catch_unwind},
    sync::{
        Arc,
        atomic::{AtomicBool, Ordering},
    },
    time::{Duration, Instant},
};

use tonic::{Request, Response, Status, Streaming};

use super::{
    answers::{Answers, Method},
    batch, play,
    wire::{self, EncodedLegalMoves, GameStatusRequestView},
};
use crate::{
    config::Config,
    game::RuleOptions,
    proto::{self as pb, rules_server::Rules},
};

/// Settings the handlers need, shared by every call.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Most moves accepted in a history (`max_history_moves` in the
    /// configuration); also the longest game a Play session holds.
    pub max_history_moves: usize,
    /// Deepest perft a call may ask for (`max_perft_depth` in the configuration).
    pub max_perft_depth: u32,
    /// Most items in one Batch call (`max_batch_items` in the configuration).
    pub max_batch_items: usize,
    /// How long a Play session waits for its next message
    /// (`play_idle_timeout_secs` in the configuration).
    pub play_idle_timeout: Duration,
}

impl From<&Config> for Limits {
    fn from(config: &Config) -> Self {
        Limits {
            max_history_moves: config.max_history_moves,
            max_perft_depth: config.max_perft_depth,
            max_batch_items: config.max_batch_items,
            play_idle_timeout: Duration::from_secs(config.play_idle_timeout_secs),
        }
    }
}

/// The `arbiter.v1.Rules` service.
#[derive(Debug, Clone)]
pub struct RulesService {
    answers: Answers,
    /// Bounds the batch work running on blocking threads at once.
    batch_workers: batch::Workers,
}

impl RulesService {
    /// Registers the service's counters with the installed metrics recorder,
    /// which must therefore be installed first.
    #[must_use]
    pub fn new(limits: Limits) -> Self {
        RulesService {
            answers: Answers::new(limits),
            batch_workers: batch::Workers::new(),
        }
    }
}

/// Sets its flag when dropped: a handler's future is dropped when its call is
/// cancelled, which is how blocking work learns that nobody waits for it.
pub(super) struct SetOnDrop(pub(super) Arc<AtomicBool>);

impl Drop for SetOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Runs domain code, turning a panic into `INTERNAL` for this call only.
pub fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, Status> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|panic| {
        let message = panic
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".to_owned());
        metrics::counter!("arbiter_handler_panics_total").increment(1);
        tracing::error!(panic = %message, "handler panicked");
        Status::internal("internal error while handling the request")
    })
}

#[tonic::async_trait]
impl Rules for RulesService {
    async fn legal_moves(
        &self,
        request: Request<pb::LegalMovesRequest>,
    ) -> Result<Response<EncodedLegalMoves>, Status> {
        self.answers
            .legal_moves(request.into_inner())
            .map(Response::new)
    }

    async fn validate_move(
        &self,
        request: Request<pb::ValidateMoveRequest>,
    ) -> Result<Response<pb::ValidateMoveResponse>, Status> {
        self.answers
            .validate_move(request.into_inner())
            .map(Response::new)
    }

    async fn game_status(
        &self,
        request: Request<GameStatusRequestView>,
    ) -> Result<Response<pb::GameStatusResponse>, Status> {
        let GameStatusRequestView { position, options } = request.into_inner();
        self.answers
            .game_status(options, |max| wire::position_input(position.as_ref(), max))
            .map(Response::new)
    }

    async fn batch(
        &self,
        request: Request<pb::BatchRequest>,
    ) -> Result<Response<pb::BatchResponse>, Status> {
        batch::run(&self.answers, &self.batch_workers, request.into_inner())
            .await
            .map(Response::new)
    }

    type BatchStreamStream = batch::ResultStream;

    async fn batch_stream(
        &self,
        request: Request<Streaming<pb::BatchItem>>,
    ) -> Result<Response<Self::BatchStreamStream>, Status> {
        Ok(Response::new(batch::stream(
            self.answers.clone(),
            self.batch_workers.clone(),
            request.into_inner(),
        )))
    }

    type PlayStream = play::AnswerStream;

    async fn play(
        &self,
        request: Request<Streaming<pb::PlayRequest>>,
    ) -> Result<Response<Self::PlayStream>, Status> {
        Ok(Response::new(play::session(
            self.answers.clone(),
            request.into_inner(),
        )))
    }

    async fn perft(
        &self,
        request: Request<pb::PerftRequest>,
    ) -> Result<Response<pb::PerftResponse>, Status> {
        let pb::PerftRequest {
            position,
            depth,
            divide,
        } = request.into_inner();
        let max = self.answers.limits().max_perft_depth;
        if depth > max {
            return Err(super::status::invalid_argument(
                "depth",
                &format!("{depth} exceeds this server's perft depth limit of {max}"),
            ));
        }
        let (variant, game) = self.answers.load(position, &RuleOptions::default())?;
        self.answers.count(Method::Perft, variant);
        let started = Instant::now();
        // Deep perft takes seconds: keep it off the async workers, and stop it
        // when this call is dropped (client gone, deadline passed).
        let abandoned = Arc::new(AtomicBool::new(false));
        let _stop_when_dropped = SetOnDrop(Arc::clone(&abandoned));
        let report = tokio::task::spawn_blocking(move || {
            guarded(|| game.perft_until(depth, divide, &|| abandoned.load(Ordering::Relaxed)))
        })
        .await
        .map_err(|_| Status::internal("perft task failed"))??
        .ok_or_else(|| Status::cancelled("perft stopped"))?;
        metrics::counter!("arbiter_perft_nodes_total", "variant" => variant.name())
            .increment(report.nodes);
        Ok(Response::new(pb::PerftResponse {
            nodes: report.nodes,
            divide: report
                .divide
                .into_iter()
                .map(|(uci, nodes)| pb::PerftDivide { uci, nodes })
                .collect(),
            elapsed_micros: u64::try_from(started.elapsed().as_micros()).unwrap_or(u64::MAX),
        }))
    }
}

impl From<crate::game::Side> for pb::Side {
    fn from(side: crate::game::Side) -> Self {
        match side {
            crate::game::Side::White => pb::Side::White,
            crate::game::Side::Black => pb::Side::Black,
        }
    }
}

#[cfg(test)]
mod tests {
    use metrics_exporter_prometheus::PrometheusBuilder;
    use tonic::Code;

    use super::guarded;

    #[test]
    fn a_panic_becomes_internal_and_is_counted() {
        let recorder = PrometheusBuilder::new().build_recorder();
        let handle = recorder.handle();
        let result = metrics::with_local_recorder(&recorder, || {
            guarded(|| -> u32 { panic!("a bug in the rules") })
        });
        let status = result.unwrap_err();
        assert_eq!(status.code(), Code::Internal);
        // The panic message stays in the logs, not in the client's answer.
        assert!(!status.message().contains("a bug in the rules"));
        assert!(
            handle.render().contains("arbiter_handler_panics_total 1"),
            "{}",
            handle.render()
        );
    }

    #[test]
    fn a_normal_return_passes_through() {
        assert_eq!(guarded(|| 42).unwrap(), 42);
    }
}
