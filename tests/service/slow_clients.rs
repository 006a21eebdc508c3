//! Clients that read their answers slowly, or late, over a stream whose
//! requests keep coming in small messages: HTTP/2 flow control slows them
//! down, nothing disconnects them, and other calls on their connection are
//! answered meanwhile.
//!
//! The requests go out one message to a DATA frame (the client's stream
//! yields between items, as a client that sends each item as it is made
//! does), the case in which frames the server has not read yet cost it the
//! most.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::{Duration, Instant};

use crate::support::{TestServer, chess, legal_moves_request};
use arbiter::proto::{self as pb, rules_client::RulesClient};
use pb::{batch_item::Request as Item, batch_result::Result as Outcome, play_request::Action};
use tokio::sync::mpsc;
use tokio_stream::{StreamExt, wrappers::ReceiverStream};
use tonic::transport::{Channel, Endpoint};

/// Another call on the same connection, which must be answered within
/// `within` while the slow stream is held up.
async fn a_call_beside(rules: &mut RulesClient<Channel>, within: Duration) {
    let answer = tokio::time::timeout(
        within,
        rules.legal_moves(legal_moves_request(chess("", &["e2e4"]))),
    )
    .await
    .expect("a call beside the slow stream is answered in time")
    .expect("a call beside the slow stream succeeds")
    .into_inner();
    assert_eq!(answer.moves.len(), 20);
}

/// Sends `messages` one by one into a channel of one place: each leaves in
/// a DATA frame of its own.
fn trickle<T: Send + 'static>(
    messages: impl Iterator<Item = T> + Send + 'static,
) -> mpsc::Receiver<T> {
    let (send, receive) = mpsc::channel(1);
    tokio::spawn(async move {
        for message in messages {
            if send.send(message).await.is_err() {
                return;
            }
        }
    });
    receive
}

/// 20,000 items read at one millisecond a result: the server's answers
/// wait in the client's window and its queue, the server stops reading
/// items, and the client is held by flow control until it reads more.
/// Every result arrives, and calls beside it are served throughout.
#[tokio::test]
async fn a_batch_stream_read_at_a_millisecond_a_result_gets_every_result() {
    const ITEMS: usize = 20_000;
    let t = TestServer::start().await;
    // A small item (about 15 bytes framed) with a large answer (the start
    // position's twenty moves in full): the answers fill the client's
    // window long before the items run out.
    let item = pb::BatchItem {
        request: Some(Item::LegalMoves(legal_moves_request(chess("", &[])))),
    };
    let items = trickle(std::iter::repeat_n(item, ITEMS));
    let mut results = t
        .rules()
        .batch_stream(ReceiverStream::new(items))
        .await
        .unwrap()
        .into_inner();
    let mut rules = t.rules();
    let started = Instant::now();
    let mut received = 0;
    while let Some(result) = tokio::time::timeout(Duration::from_secs(30), results.next())
        .await
        .unwrap_or_else(|_| panic!("no result for 30 s after {received}"))
    {
        let result = result.unwrap_or_else(|status| panic!("after {received} results: {status:?}"));
        assert!(
            matches!(&result.result, Some(Outcome::LegalMoves(answer)) if answer.moves.len() == 20),
            "result {received}: {result:?}"
        );
        received += 1;
        if received % 4_000 == 0 {
            a_call_beside(&mut rules, Duration::from_secs(10)).await;
        }
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
    assert_eq!(received, ITEMS);
    assert!(
        started.elapsed() >= Duration::from_secs(20),
        "the client read slowly"
    );
    t.assert_still_serving().await;
}

/// A Play client that pipelines its moves and reads the answers only
/// seconds later, through HTTP/2's default stream window of 64 KiB
/// (grpc-go's): the session stops reading once its answers wait, the client
/// is held by flow control, and when it reads, every answer is there. (The
/// client's connection window stays larger, or its own unread answers would
/// hold up the call beside.)
#[tokio::test]
async fn a_play_session_whose_answers_are_read_late_gets_every_answer() {
    const MOVES: usize = 6_000;
    let t = TestServer::start().await;
    let channel = Endpoint::from_shared(format!("http://{}", t.grpc_addr()))
        .unwrap()
        .initial_stream_window_size(65_535)
        .initial_connection_window_size(4 << 20)
        .connect()
        .await
        .unwrap();
    let mut rules = RulesClient::new(channel);
    // A knight out and back, over and over: a move, then its undo (each
    // message a few bytes), so the game never ends.
    let start = Action::Start(pb::PlayStart {
        position: chess("", &[]),
        options: None,
    });
    let actions = std::iter::once(start).chain((0..MOVES).map(|i| {
        if i % 2 == 0 {
            Action::Move("g1f3".to_owned())
        } else {
            Action::Undo(pb::PlayUndo {})
        }
    }));
    let requests = trickle(actions.map(|action| pb::PlayRequest {
        action: Some(action),
    }));
    let mut answers = rules
        .play(ReceiverStream::new(requests))
        .await
        .unwrap()
        .into_inner();
    // Nothing read for a while: the answers stop, then the moves.
    tokio::time::sleep(Duration::from_secs(3)).await;
    a_call_beside(&mut rules, Duration::from_secs(10)).await;
    let mut received = 0;
    while let Some(answer) = tokio::time::timeout(Duration::from_secs(30), answers.next())
        .await
        .unwrap_or_else(|_| panic!("no answer for 30 s after {received}"))
    {
        let answer = answer.unwrap_or_else(|status| panic!("after {received} answers: {status:?}"));
        assert!(
            answer.legal && answer.error.is_none(),
            "answer {received}: {answer:?}"
        );
        assert_eq!(answer.plies as usize, received % 2, "answer {received}");
        received += 1;
        if received == MOVES + 1 {
            break;
        }
    }
    assert_eq!(received, MOVES + 1);
    t.assert_still_serving().await;
}
