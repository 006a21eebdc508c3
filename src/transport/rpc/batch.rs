//! `Rules.Batch` and `Rules.BatchStream`: many LegalMoves, ValidateMove and
//! GameStatus requests answered by the same code as the unary calls
//! (`answers.rs`), each item with its own outcome.
//!
//! The work runs on the runtime's own workers, one per core: a batch is split
//! into chunks (at most one per core, [`Workers`]) that are tasks of their
//! own, which the idle workers steal, and each chunk hands its worker back
//! once it has held it for a [`TURN`], so a large batch spreads over the
//! cores without holding up the calls that share them. No item moves to
//! another thread and back: handing chunks to blocking threads cost a
//! quarter of a batch's server time in thread switches. A batch whose
//! caller is gone stops before its next item.
//!
//! The stream reads the items that have arrived (at most [`READ_AHEAD`]),
//! answers them, and queues their results (at most [`RESULTS_BUFFERED`])
//! before it reads more: a client that does not take its results stops the
//! server reading its items, and HTTP/2 flow control then stops the client
//! sending them.

use std::{
    future::poll_fn,
    pin::Pin,
    sync::{
        Arc,
        atomic::{AtomicBool, Ordering},
    },
    task::Poll,
    time::{Duration, Instant},
};

use tokio::sync::mpsc;
use tokio_stream::{Stream, wrappers::ReceiverStream};
use tonic::{Status, Streaming};
use tracing::{Instrument, Span};

use super::{
    answers::{Answers, rpc_status},
    convert,
    guard::SetOnDrop,
    status::invalid_argument,
    wire::{EncodedBatchResponse, EncodedBatchResult},
};
use crate::{
    proto::{self as pb, batch_item::Request as Item, batch_result::Result as Outcome},
    transport::budget::CallBudget,
};

/// Items the stream takes from its client before it answers them.
pub(super) const READ_AHEAD: usize = 256;

/// Results the stream holds for a client that has not taken them yet.
pub(super) const RESULTS_BUFFERED: usize = 256;

/// The fewest items worth a chunk of their own on another core.
const MIN_CHUNK: usize = 16;

/// How long a chunk holds its worker before it lets it run other tasks: the
/// most a task should run between two awaits. Measured in time, not items,
/// since an item costs from about a microsecond (LegalMoves) to hundreds
/// (GameStatus with a long history): a fixed count either hands back every
/// few microseconds (each time a look at the I/O driver, a system call) or
/// holds the worker for milliseconds. Reading the clock costs some tens of
/// nanoseconds an item. 100 µs is the top of tokio's guidance (10-100 µs
/// between awaits); against 50 µs it lifts xiangqi Batch throughput by
/// about 3 % (each hand-back costs some microseconds), and a unary call
/// queued behind a chunk waits at most that long.
const TURN: Duration = Duration::from_micros(100);

/// How batch work is spread: into at most one chunk per core, the items
/// counted against the server's calls in flight.
#[derive(Debug, Clone)]
pub(super) struct Workers {
    count: usize,
    /// What the items count against: the server's calls in flight.
    calls: CallBudget,
}

impl Workers {
    /// One chunk per core, the items counted against `calls`.
    pub(super) fn new(calls: CallBudget) -> Self {
        let count = std::thread::available_parallelism().map_or(1, usize::from);
        Workers { count, calls }
    }
}

/// `Rules.Batch`: every item answered, in order, or `INVALID_ARGUMENT` on
/// `items` when there are more than the server's limit.
pub(super) async fn run(
    answers: &Answers,
    workers: &Workers,
    request: pb::BatchRequest,
) -> Result<EncodedBatchResponse, Status> {
    let pb::BatchRequest { items } = request;
    let max = answers.limits().max_batch_items;
    if items.len() > max {
        return Err(invalid_argument(
            "items",
            &format!(
                "{} items exceed this server's batch limit of {max}",
                items.len()
            ),
        ));
    }
    let _items = workers.calls.try_take_items(items.len())?;
    record_variant(&items);
    // Dropped with this call's future when the caller goes away.
    let abandoned = Arc::new(AtomicBool::new(false));
    let _stop_when_dropped = SetOnDrop(Arc::clone(&abandoned));
    let stop = move || abandoned.load(Ordering::Relaxed);
    let results = answer_all(answers, workers, items, stop).await?;
    Ok(EncodedBatchResponse::new(results))
}

/// The response stream of `Rules.BatchStream`.
pub(super) type ResultStream = ReceiverStream<Result<EncodedBatchResult, Status>>;

/// `Rules.BatchStream`: a task reads the items, answers them and queues the
/// results, until the client ends its side or goes away.
pub(super) fn stream(
    answers: Answers,
    workers: Workers,
    inbound: Streaming<pb::BatchItem>,
) -> ResultStream {
    let (results, receiver) = mpsc::channel(RESULTS_BUFFERED);
    tokio::spawn(pump(answers, workers, inbound, results));
    ReceiverStream::new(receiver)
}

/// What ended the reading of one round of items.
enum Then {
    /// More items may come.
    More,
    /// The client has sent its last item.
    Finished,
    /// The client's side broke (a message that is not a `BatchItem`, a reset).
    Failed(Status),
}

async fn pump(
    answers: Answers,
    workers: Workers,
    mut inbound: Streaming<pb::BatchItem>,
    results: mpsc::Sender<Result<EncodedBatchResult, Status>>,
) {
    loop {
        let (items, then) = read_round(&mut inbound).await;
        if !items.is_empty() {
            let answered = match workers.calls.try_take_all_items(items.len()) {
                Ok(_items) => {
                    let watched = results.clone();
                    let stop = move || watched.is_closed();
                    let Ok(answered) = answer_all(&answers, &workers, items, stop).await else {
                        return;
                    };
                    answered
                }
                Err(exhausted) => {
                    let error = EncodedBatchResult::encoded(&pb::BatchResult {
                        result: Some(Outcome::Error(rpc_status(&exhausted))),
                    });
                    vec![error; items.len()]
                }
            };
            for result in answered {
                if results.send(Ok(result)).await.is_err() {
                    return;
                }
            }
        }
        match then {
            Then::More => {}
            Then::Finished => return,
            Then::Failed(status) => {
                let _ = results.send(Err(status)).await;
                return;
            }
        }
    }
}

/// Waits for one item, then takes the ones already received, up to
/// [`READ_AHEAD`].
async fn read_round(inbound: &mut Streaming<pb::BatchItem>) -> (Vec<pb::BatchItem>, Then) {
    let mut items = Vec::new();
    match inbound.message().await {
        Ok(Some(item)) => items.push(item),
        Ok(None) => return (items, Then::Finished),
        Err(status) => return (items, Then::Failed(status)),
    }
    while items.len() < READ_AHEAD {
        let ready = poll_fn(|cx| {
            Poll::Ready(match Pin::new(&mut *inbound).poll_next(cx) {
                Poll::Ready(next) => Some(next),
                Poll::Pending => None,
            })
        })
        .await;
        match ready {
            None => break,
            Some(Some(Ok(item))) => items.push(item),
            Some(None) => return (items, Then::Finished),
            Some(Some(Err(status))) => return (items, Then::Failed(status)),
        }
    }
    (items, Then::More)
}

/// The Batch call's `variant` log field, once for its items: their variant
/// when they all name the same one.
fn record_variant(items: &[pb::BatchItem]) {
    let variant = |item: &pb::BatchItem| {
        let position = match &item.request {
            Some(Item::LegalMoves(request)) => request.position.as_ref(),
            Some(Item::ValidateMove(request)) => request.position.as_ref(),
            Some(Item::GameStatus(request)) => request.position.as_ref(),
            None => None,
        };
        position.map(|p| p.variant)
    };
    let Some(first) = items.first().and_then(variant) else {
        return;
    };
    if items.iter().all(|item| variant(item) == Some(first))
        && let Some(shared) = pb::Variant::try_from(first)
            .ok()
            .and_then(convert::variant_from_wire)
    {
        Span::current().record("variant", shared.name());
    }
}

/// Every item's result in item order, computed in chunks over the workers;
/// `CANCELLED` once `stop` says nobody waits any more.
async fn answer_all(
    answers: &Answers,
    workers: &Workers,
    items: Vec<pb::BatchItem>,
    stop: impl Fn() -> bool + Clone + Send + 'static,
) -> Result<Vec<EncodedBatchResult>, Status> {
    let chunks = workers.count.min(items.len().div_ceil(MIN_CHUNK)).max(1);
    let chunk_len = items.len().div_ceil(chunks).max(1);
    let mut items = items.into_iter();
    // This call's own task answers the first chunk; the others are tasks
    // that idle workers take.
    let first: Vec<pb::BatchItem> = items.by_ref().take(chunk_len).collect();
    let mut others = Vec::with_capacity(chunks.saturating_sub(1));
    loop {
        let chunk: Vec<pb::BatchItem> = items.by_ref().take(chunk_len).collect();
        if chunk.is_empty() {
            break;
        }
        let answers = answers.clone();
        let stop = stop.clone();
        others.push(tokio::spawn(async move {
            answer_chunk(&answers, chunk, stop).await
        }));
    }
    let abandoned = || Status::cancelled("the batch was abandoned");
    // Outside the call's span, as the spawned chunks are: each item would
    // otherwise record its variant into it, a formatted field per item that
    // cost a sixth of a LegalMoves item at the `info` level.
    let mut results = answer_chunk(answers, first, stop)
        .instrument(Span::none())
        .await
        .ok_or_else(abandoned)?;
    for chunk in others {
        let answered = chunk
            .await
            .map_err(|_| Status::internal("a batch worker failed"))?
            .ok_or_else(abandoned)?;
        results.extend(answered);
    }
    Ok(results)
}

/// One chunk's results, yielding to the runtime after each [`TURN`]; `None`
/// once `stop` says nobody waits any more.
async fn answer_chunk(
    answers: &Answers,
    chunk: Vec<pb::BatchItem>,
    stop: impl Fn() -> bool,
) -> Option<Vec<EncodedBatchResult>> {
    let mut results = Vec::with_capacity(chunk.len());
    let mut turn_began = Instant::now();
    for item in chunk {
        if stop() {
            return None;
        }
        if turn_began.elapsed() >= TURN {
            tokio::task::yield_now().await;
            turn_began = Instant::now();
        }
        results.push(answer(answers, item));
    }
    Some(results)
}

/// One item's result: the unary call's answer or its error.
fn answer(answers: &Answers, item: pb::BatchItem) -> EncodedBatchResult {
    let outcome = match item.request {
        Some(Item::LegalMoves(request)) => match answers.legal_moves(request) {
            Ok(answer) => return EncodedBatchResult::legal_moves(answer),
            Err(status) => Err(status),
        },
        Some(Item::ValidateMove(request)) => {
            answers.validate_move(request).map(Outcome::ValidateMove)
        }
        Some(Item::GameStatus(request)) => answers.game_status(request).map(Outcome::GameStatus),
        None => Err(invalid_argument(
            "request",
            "is required: set legal_moves, validate_move or game_status",
        )),
    };
    EncodedBatchResult::encoded(&pb::BatchResult {
        result: Some(outcome.unwrap_or_else(|status| Outcome::Error(rpc_status(&status)))),
    })
}

#[cfg(test)]
mod tests {
    use std::sync::{
        Arc,
        atomic::{AtomicBool, Ordering},
    };

    use super::{Answers, answer_chunk};
    use crate::{proto as pb, transport::rpc::answers::Limits};

    /// LegalMoves of the start position: a few microseconds an item, so a
    /// chunk of thousands outlasts many turns.
    fn items(count: usize) -> Vec<pb::BatchItem> {
        let item = pb::BatchItem {
            request: Some(pb::batch_item::Request::LegalMoves(pb::LegalMovesRequest {
                position: Some(pb::Position {
                    variant: pb::Variant::Chess.into(),
                    ..pb::Position::default()
                }),
                options: None,
                view: pb::MoveView::Full.into(),
            })),
        };
        vec![item; count]
    }

    /// A chunk hands its worker back while it works: on a runtime of one
    /// thread, a task queued before a long chunk runs before the chunk
    /// ends, and its stop signal ends the chunk early.
    #[test]
    fn a_long_chunk_lets_other_tasks_run() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .expect("a runtime");
        let answers = Answers::new(Limits {
            max_history_moves: 10_000,
            max_perft_depth: 5,
            max_batch_items: 10_000,
            play_idle_timeout: std::time::Duration::from_secs(60),
        });
        let stopped = Arc::new(AtomicBool::new(false));
        let results = runtime.block_on(async {
            let signal = Arc::clone(&stopped);
            tokio::spawn(async move { signal.store(true, Ordering::Relaxed) });
            let stop = move || stopped.load(Ordering::Relaxed);
            answer_chunk(&answers, items(2_000), stop).await
        });
        assert!(results.is_none(), "the chunk never let the other task run");
    }
}
