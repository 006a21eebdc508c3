//! What each Rules request kind answers — LegalMoves, ValidateMove,
//! GameStatus — written once and shared by the unary calls, the batch items
//! (`batch.rs`) and the Play session (`play.rs`). Each is synchronous: the
//! unary handlers call it in place, a batch in its chunks.

use std::{sync::Arc, time::Duration};

use tonic::Status;
use tracing::Span;

use super::{
    convert::{self, PositionInput},
    guard::guarded,
    status::input_error,
    wire::{CoordinateMoves, EncodedLegalMoves, FullMoves, MoveTooLong},
};
use crate::{config::Config, proto as pb};
use arbiter_rules::{Game, RuleOptions, RuleSet, Variant, Verdict};

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

/// Room reserved for a full-view answer before its moves are counted: a
/// middle-game position has a few dozen moves, and the buffer grows past it.
const TYPICAL_MOVE_COUNT: usize = 64;

/// The request kinds, as `arbiter_requests_total` names them.
#[derive(Debug, Clone, Copy)]
pub(super) enum Method {
    LegalMoves,
    ValidateMove,
    GameStatus,
    Perft,
    ValidatePosition,
}

impl Method {
    const ALL: [Method; 5] = [
        Method::LegalMoves,
        Method::ValidateMove,
        Method::GameStatus,
        Method::Perft,
        Method::ValidatePosition,
    ];

    fn name(self) -> &'static str {
        match self {
            Method::LegalMoves => "LegalMoves",
            Method::ValidateMove => "ValidateMove",
            Method::GameStatus => "GameStatus",
            Method::Perft => "Perft",
            Method::ValidatePosition => "ValidatePosition",
        }
    }
}

/// `arbiter_requests_total` for each method and variant, registered once, so
/// a call counts through a handle instead of a registry lookup. A batch item
/// counts as a request of its kind.
#[derive(Debug)]
struct RequestCounters([[metrics::Counter; Variant::ALL.len()]; Method::ALL.len()]);

impl RequestCounters {
    fn register() -> Self {
        RequestCounters(Method::ALL.map(|method| {
            Variant::ALL.map(|variant| {
                metrics::counter!(
                    "arbiter_requests_total",
                    "method" => method.name(),
                    "variant" => variant.name()
                )
            })
        }))
    }

    fn count(&self, method: Method, variant: Variant) {
        // `Variant::ALL` lists the variants in declaration order.
        self.0[method as usize][variant as usize].increment(1);
    }
}

/// The Rules answers with the settings and counters they need; cheap to
/// clone (shared behind `Arc`s), so a batch worker takes its own.
#[derive(Debug, Clone)]
pub(super) struct Answers {
    limits: Arc<Limits>,
    requests: Arc<RequestCounters>,
}

impl Answers {
    /// Registers the request counters with the installed metrics recorder.
    pub(super) fn new(limits: Limits) -> Self {
        Answers {
            limits: Arc::new(limits),
            requests: Arc::new(RequestCounters::register()),
        }
    }

    pub(super) fn limits(&self) -> &Limits {
        &self.limits
    }

    pub(super) fn count(&self, method: Method, variant: Variant) {
        self.requests.count(method, variant);
    }

    /// Reads a `Position` under the history limit and loads the game.
    pub(super) fn load(
        &self,
        position: Option<pb::Position>,
        options: &RuleOptions,
    ) -> Result<(Variant, Game), Status> {
        let input = convert::position(position, self.limits.max_history_moves)?;
        Self::load_input(&input, options)
    }

    /// Loads a game from a position already read.
    pub(super) fn load_input(
        input: &PositionInput,
        options: &RuleOptions,
    ) -> Result<(Variant, Game), Status> {
        Span::current().record("variant", input.variant.name());
        let game =
            guarded(|| Game::load(input.variant, &input.fen, &input.moves, input.load, options))?
                .map_err(input_error)?;
        Ok((input.variant, game))
    }

    /// LegalMoves: every legal move in the view asked for, then the status.
    pub(super) fn legal_moves(
        &self,
        request: pb::LegalMovesRequest,
    ) -> Result<EncodedLegalMoves, Status> {
        let pb::LegalMovesRequest {
            position,
            options,
            view,
        } = request;
        let view = convert::rules::move_view(view)?;
        let options = convert::rule_options(options)?;
        let (variant, game) = self.load(position, &options)?;
        self.count(Method::LegalMoves, variant);
        // The moves before the status: a chess game keeps the moves it describes, and
        // its status then reads mate or stalemate from them.
        guarded(|| -> Result<_, Status> {
            Ok(match view {
                pb::MoveView::Unspecified | pb::MoveView::Full => {
                    let mut answer = FullMoves::with_room_for(TYPICAL_MOVE_COUNT);
                    game.describe_legal_moves(&options, |m| answer.push(m))
                        .map_err(input_error)?;
                    answer
                        .finish(&game.status(&options).map_err(input_error)?)
                        .map_err(unwritten)?
                }
                pb::MoveView::Coordinates => {
                    let mut answer = CoordinateMoves::with_room_for(TYPICAL_MOVE_COUNT);
                    game.list_legal_move_coordinates(&options, |m| answer.push(m))
                        .map_err(input_error)?;
                    answer
                        .finish(&game.status(&options).map_err(input_error)?)
                        .map_err(unwritten)?
                }
            })
        })?
    }

    /// ValidateMove: the verdict on the candidate after the history.
    pub(super) fn validate_move(
        &self,
        request: pb::ValidateMoveRequest,
    ) -> Result<pb::ValidateMoveResponse, Status> {
        let pb::ValidateMoveRequest {
            position,
            r#move,
            options,
        } = request;
        let options = convert::rule_options(options)?;
        let (variant, game) = self.load(position, &options)?;
        self.count(Method::ValidateMove, variant);
        let rule_set = options.rule_set_for(variant);
        let verdict = guarded(|| game.validate(&r#move, &options))?.map_err(input_error)?;
        Ok(verdict_answer(verdict, rule_set))
    }

    /// GameStatus: the options are read first, then the position, so the
    /// same request fails on the same field as a unary call and as a batch
    /// item.
    pub(super) fn game_status(
        &self,
        request: pb::GameStatusRequest,
    ) -> Result<pb::GameStatusResponse, Status> {
        let pb::GameStatusRequest { position, options } = request;
        let options = convert::rule_options(options)?;
        let (variant, game) = self.load(position, &options)?;
        self.count(Method::GameStatus, variant);
        let status = guarded(|| game.status(&options))?.map_err(input_error)?;
        Ok(convert::rules::status(status))
    }
}

/// A LegalMoves answer that could not be written because a move outgrew the
/// writer's bound: a bug (a field added to `Move`, a domain change), so
/// `INTERNAL` for the call and an error in the log, never an answer that
/// lacks the move.
fn unwritten(too_long: MoveTooLong) -> Status {
    tracing::error!(error = %too_long, "LegalMoves answer not written");
    Status::internal("the answer could not be written")
}

/// A verdict as ValidateMove answers it.
pub(super) fn verdict_answer(verdict: Verdict, rule_set: RuleSet) -> pb::ValidateMoveResponse {
    match verdict {
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
            status_after: Some(convert::rules::status(*status_after)),
            rule_set: convert::rule_set(rule_set).into(),
        },
        Verdict::Illegal { reason, detail } => pb::ValidateMoveResponse {
            legal: false,
            reason: convert::rules::illegal_reason(reason).into(),
            detail,
            r#move: None,
            fen_after: String::new(),
            status_after: None,
            rule_set: convert::rule_set(rule_set).into(),
        },
    }
}

/// A call's error as the `google.rpc.Status` a batch result or a Play answer
/// carries: the code, the message and the details the unary call would have
/// sent in its `grpc-status-details-bin` trailer.
pub(super) fn rpc_status(status: &Status) -> tonic_types::pb::Status {
    use prost::Message as _;
    if !status.details().is_empty()
        && let Ok(decoded) = tonic_types::pb::Status::decode(status.details())
    {
        return decoded;
    }
    tonic_types::pb::Status {
        code: status.code() as i32,
        message: status.message().to_owned(),
        details: Vec::new(),
    }
}
