//! gRPC handlers: validate → convert → call the domain → convert. Domain calls
//! run inside `catch_unwind`, so a bug becomes `INTERNAL` for one call and
//! the server keeps serving.

use std::{
    sync::{
        Arc,
        atomic::{AtomicBool, Ordering},
    },
    time::Instant,
};

use tonic::{Request, Response, Status, Streaming};
use tracing::Span;

pub use super::answers::Limits;
use super::{
    answers::{Answers, Method},
    batch, convert,
    guard::{SetOnDrop, guarded},
    play,
    status::input_error,
    wire::{EncodedBatchResponse, EncodedLegalMoves},
};
use crate::{
    proto::{self as pb, rules_server::Rules},
    transport::budget::CallBudget,
};
use arbiter_rules::RuleOptions;

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
            batch_workers: batch::Workers::new(CallBudget::unlimited()),
        }
    }

    /// Counts the batch items being answered against `budget`, the one the
    /// server's global limit admits calls from: a batch then weighs what
    /// its items would weigh as unary calls (see `batch`).
    #[must_use]
    pub fn with_call_budget(mut self, budget: CallBudget) -> Self {
        self.batch_workers = batch::Workers::new(budget);
        self
    }
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
        request: Request<pb::GameStatusRequest>,
    ) -> Result<Response<pb::GameStatusResponse>, Status> {
        self.answers
            .game_status(request.into_inner())
            .map(Response::new)
    }

    async fn batch(
        &self,
        request: Request<pb::BatchRequest>,
    ) -> Result<Response<EncodedBatchResponse>, Status> {
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

    async fn validate_position(
        &self,
        request: Request<pb::ValidatePositionRequest>,
    ) -> Result<Response<pb::ValidatePositionResponse>, Status> {
        let pb::ValidatePositionRequest { position, sanitize } = request.into_inner();
        let input = convert::position(position, self.answers.limits().max_history_moves)?;
        Span::current().record("variant", input.variant.name());
        self.answers.count(Method::ValidatePosition, input.variant);
        let diagnosis = guarded(|| {
            arbiter_rules::validate_position(
                input.variant,
                &input.fen,
                &input.moves,
                input.load,
                sanitize,
            )
        })?
        .map_err(input_error)?;
        Ok(Response::new(convert::rules::diagnosis(diagnosis)))
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
