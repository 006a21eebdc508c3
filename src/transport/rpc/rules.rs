//! gRPC handlers: validate → convert → call the domain → convert. Domain calls
//! run inside `catch_unwind`, so a bug becomes `INTERNAL` for one call and
//! the server keeps serving.

use std::{
    panic::{AssertUnwindSafe, catch_unwind},
    sync::{
        Arc,
        atomic::{AtomicBool, Ordering},
    },
    time::Instant,
};

use tonic::{Request, Response, Status};
use tracing::Span;

use super::{
    convert,
    wire::{self, EncodedLegalMoves, FullMoves, GameStatusRequestView},
};
use crate::{
    config::Config,
    game::{Game, RuleOptions, Variant, Verdict},
    proto::{self as pb, rules_server::Rules},
};

/// Room reserved for a full-view answer before its moves are counted: a
/// middle-game position has a few dozen moves, and the buffer grows past it.
const TYPICAL_MOVE_COUNT: usize = 64;

/// Settings the handlers need, shared by every call.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Most moves accepted in a history (`max_history_moves` in the configuration).
    pub max_history_moves: usize,
    /// Deepest perft a call may ask for (`max_perft_depth` in the configuration).
    pub max_perft_depth: u32,
}

impl From<&Config> for Limits {
    fn from(config: &Config) -> Self {
        Limits {
            max_history_moves: config.max_history_moves,
            max_perft_depth: config.max_perft_depth,
        }
    }
}

/// The `arbiter.v1.Rules` service.
#[derive(Debug, Clone)]
pub struct RulesService {
    limits: Arc<Limits>,
    requests: Arc<RequestCounters>,
}

impl RulesService {
    /// Registers the service's counters with the installed metrics recorder,
    /// which must therefore be installed first.
    #[must_use]
    pub fn new(limits: Limits) -> Self {
        RulesService {
            limits: Arc::new(limits),
            requests: Arc::new(RequestCounters::register()),
        }
    }

    fn load(
        &self,
        position: Option<pb::Position>,
        options: &RuleOptions,
    ) -> Result<(Variant, Game), Status> {
        let input = convert::position(position, self.limits.max_history_moves)?;
        Self::load_input(&input, options)
    }

    fn load_input(
        input: &convert::PositionInput<impl AsRef<str>>,
        options: &RuleOptions,
    ) -> Result<(Variant, Game), Status> {
        Span::current().record("variant", input.variant.name());
        let game =
            guarded(|| Game::load(input.variant, &input.fen, &input.moves, input.load, options))??;
        Ok((input.variant, game))
    }
}

/// Sets its flag when dropped: a handler's future is dropped when its call is
/// cancelled, which is how blocking work learns that nobody waits for it.
struct SetOnDrop(Arc<AtomicBool>);

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

#[derive(Debug, Clone, Copy)]
enum Method {
    LegalMoves,
    ValidateMove,
    GameStatus,
    Perft,
}

impl Method {
    const ALL: [Method; 4] = [
        Method::LegalMoves,
        Method::ValidateMove,
        Method::GameStatus,
        Method::Perft,
    ];

    fn name(self) -> &'static str {
        match self {
            Method::LegalMoves => "LegalMoves",
            Method::ValidateMove => "ValidateMove",
            Method::GameStatus => "GameStatus",
            Method::Perft => "Perft",
        }
    }
}

/// `arbiter_requests_total` for each method and variant, registered once, so
/// a call counts through a handle instead of a registry lookup.
#[derive(Debug)]
struct RequestCounters([[metrics::Counter; 2]; 4]);

impl RequestCounters {
    const VARIANTS: [Variant; 2] = [Variant::Chess, Variant::Xiangqi];

    fn register() -> Self {
        RequestCounters(Method::ALL.map(|method| {
            RequestCounters::VARIANTS.map(|variant| {
                metrics::counter!(
                    "arbiter_requests_total",
                    "method" => method.name(),
                    "variant" => variant.name()
                )
            })
        }))
    }

    fn count(&self, method: Method, variant: Variant) {
        let variant = match variant {
            Variant::Chess => 0,
            Variant::Xiangqi => 1,
        };
        self.0[method as usize][variant].increment(1);
    }
}

#[tonic::async_trait]
impl Rules for RulesService {
    async fn legal_moves(
        &self,
        request: Request<pb::LegalMovesRequest>,
    ) -> Result<Response<EncodedLegalMoves>, Status> {
        let pb::LegalMovesRequest {
            position,
            options,
            view,
        } = request.into_inner();
        let view = convert::move_view(view)?;
        let options = convert::rule_options(options)?;
        let (variant, game) = self.load(position, &options)?;
        self.requests.count(Method::LegalMoves, variant);
        // The moves before the status: a chess game keeps the moves it describes, and
        // its status then reads mate or stalemate from them.
        let answer = guarded(|| -> Result<_, Status> {
            Ok(match view {
                pb::MoveView::Unspecified | pb::MoveView::Full => {
                    let mut answer = FullMoves::with_room_for(TYPICAL_MOVE_COUNT);
                    game.describe_legal_moves(&options, |m| answer.push(m))?;
                    answer.finish(&game.status(&options)?)
                }
                pb::MoveView::Coordinates => {
                    let moves = game.legal_move_coordinates(&options)?;
                    EncodedLegalMoves::coordinates(&moves, &game.status(&options)?)
                }
            })
        })??;
        Ok(Response::new(answer))
    }

    async fn validate_move(
        &self,
        request: Request<pb::ValidateMoveRequest>,
    ) -> Result<Response<pb::ValidateMoveResponse>, Status> {
        let pb::ValidateMoveRequest {
            position,
            r#move,
            options,
        } = request.into_inner();
        let options = convert::rule_options(options)?;
        let (variant, game) = self.load(position, &options)?;
        self.requests.count(Method::ValidateMove, variant);
        let rule_set = options.rule_set_for(variant);
        let verdict = guarded(|| game.validate(&r#move, &options))??;
        Ok(Response::new(match verdict {
            Verdict::Legal {
                info,
                fen_after,
                status_after,
            } => pb::ValidateMoveResponse {
                legal: true,
                reason: pb::IllegalReason::Unspecified.into(),
                detail: String::new(),
                r#move: Some(convert::move_info(info)),
                fen_after,
                status_after: Some(convert::status(*status_after)),
                rule_set: convert::rule_set(rule_set).into(),
            },
            Verdict::Illegal { reason, detail } => pb::ValidateMoveResponse {
                legal: false,
                reason: convert::illegal_reason(reason).into(),
                detail,
                r#move: None,
                fen_after: String::new(),
                status_after: None,
                rule_set: convert::rule_set(rule_set).into(),
            },
        }))
    }

    async fn game_status(
        &self,
        request: Request<GameStatusRequestView>,
    ) -> Result<Response<pb::GameStatusResponse>, Status> {
        let GameStatusRequestView { position, options } = request.into_inner();
        let options: RuleOptions = convert::rule_options(options)?;
        let input = wire::position_input(position.as_ref(), self.limits.max_history_moves)?;
        let (variant, game) = Self::load_input(&input, &options)?;
        self.requests.count(Method::GameStatus, variant);
        let status = guarded(|| game.status(&options))??;
        Ok(Response::new(convert::status(status)))
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
        let max = self.limits.max_perft_depth;
        if depth > max {
            return Err(super::status::invalid_argument(
                "depth",
                &format!("{depth} exceeds this server's perft depth limit of {max}"),
            ));
        }
        let (variant, game) = self.load(position, &RuleOptions::default())?;
        self.requests.count(Method::Perft, variant);
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
