//! `Rules.Batch` and `Rules.BatchStream` over real gRPC: every result is the
//! unary call's answer (or its error, with the same details), in item order;
//! a bad item fails alone; the item cap; 10,000 items both ways.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::support::{TestServer, chess, legal_moves_request, long_game, violated_field, xiangqi};
use arbiter::{config::Config, proto as pb};
use pb::{batch_item::Request as Item, batch_result::Result as Outcome};
use prost::Message;
use tokio_stream::StreamExt;
use tonic::{Code, Status};
use tonic_types::{ErrorDetails, StatusExt};

fn legal_moves(position: Option<pb::Position>) -> pb::BatchItem {
    pb::BatchItem {
        request: Some(Item::LegalMoves(legal_moves_request(position))),
    }
}

fn validate(position: Option<pb::Position>, candidate: &str) -> pb::BatchItem {
    pb::BatchItem {
        request: Some(Item::ValidateMove(pb::ValidateMoveRequest {
            position,
            r#move: candidate.to_owned(),
            options: None,
        })),
    }
}

fn game_status(position: Option<pb::Position>) -> pb::BatchItem {
    pb::BatchItem {
        request: Some(Item::GameStatus(pb::GameStatusRequest {
            position,
            options: None,
        })),
    }
}

/// The unary call for `item`, as the result a batch should give for it.
async fn unary(t: &TestServer, item: &pb::BatchItem) -> Outcome {
    let mut rules = t.rules();
    let answer: Result<Outcome, Status> = match item.request.clone().unwrap() {
        Item::LegalMoves(r) => rules
            .legal_moves(r)
            .await
            .map(|a| Outcome::LegalMoves(a.into_inner())),
        Item::ValidateMove(r) => rules
            .validate_move(r)
            .await
            .map(|a| Outcome::ValidateMove(a.into_inner())),
        Item::GameStatus(r) => rules
            .game_status(r)
            .await
            .map(|a| Outcome::GameStatus(a.into_inner())),
    };
    answer.unwrap_or_else(|status| Outcome::Error(as_rpc_status(&status)))
}

/// A unary error as the `google.rpc.Status` a batch result carries.
fn as_rpc_status(status: &Status) -> tonic_types::pb::Status {
    tonic_types::pb::Status::decode(status.details()).expect("the error carries its details")
}

/// An item's error, decoded back into a `tonic::Status` to read its details.
fn error_of(result: &pb::BatchResult) -> Status {
    match result.result.as_ref().unwrap() {
        Outcome::Error(error) => Status::with_details(
            Code::from(error.code),
            error.message.clone(),
            error.encode_to_vec().into(),
        ),
        other => panic!("expected an error, got {other:?}"),
    }
}

/// Items of every kind and both games, good and bad.
fn mixed_items() -> Vec<pb::BatchItem> {
    let middle = long_game::chess(40, false);
    let middle: Vec<&str> = middle.iter().map(String::as_str).collect();
    vec![
        legal_moves(chess("", &[])),
        legal_moves(chess("", &middle)),
        legal_moves(xiangqi("", &["h2e2", "h9g7"])),
        validate(chess("", &["e2e4"]), "e7e5"),
        validate(chess("", &[]), "e2e5"),
        validate(xiangqi("", &[]), "C2=5"),
        game_status(chess("", &["f2f3", "e7e5", "g2g4", "d8h4"])),
        game_status(xiangqi("", &["h2e2"])),
        // Errors: a bad FEN, an illegal history move, a bad option, no position.
        legal_moves(chess("not a fen", &[])),
        game_status(chess("", &["e2e4", "e2e4"])),
        pb::BatchItem {
            request: Some(Item::GameStatus(pb::GameStatusRequest {
                position: xiangqi("", &[]),
                options: Some(pb::RuleOptions {
                    rule_set: pb::RuleSet::Fide.into(),
                    ..Default::default()
                }),
            })),
        },
        validate(None, "e2e4"),
    ]
}

#[tokio::test]
async fn each_result_is_the_unary_answer_in_order() {
    let t = TestServer::start().await;
    let items = mixed_items();
    let results = t
        .rules()
        .batch(pb::BatchRequest {
            items: items.clone(),
        })
        .await
        .unwrap()
        .into_inner()
        .results;
    assert_eq!(results.len(), items.len());
    for (i, (item, result)) in items.iter().zip(&results).enumerate() {
        assert_eq!(
            result.result.as_ref().unwrap(),
            &unary(&t, item).await,
            "item {i}"
        );
    }
    // The errors name their fields as the unary calls do.
    assert_eq!(violated_field(&error_of(&results[8])), "position.fen");
    assert_eq!(violated_field(&error_of(&results[9])), "position.moves[1]");
    assert_eq!(violated_field(&error_of(&results[10])), "options.rule_set");
    assert_eq!(violated_field(&error_of(&results[11])), "position");
}

#[tokio::test]
async fn an_item_without_a_request_fails_alone() {
    let t = TestServer::start().await;
    let results = t
        .rules()
        .batch(pb::BatchRequest {
            items: vec![legal_moves(chess("", &[])), pb::BatchItem { request: None }],
        })
        .await
        .unwrap()
        .into_inner()
        .results;
    assert!(matches!(results[0].result, Some(Outcome::LegalMoves(_))));
    let error = error_of(&results[1]);
    assert_eq!(error.code(), Code::InvalidArgument);
    assert_eq!(violated_field(&error), "request");
}

#[tokio::test]
async fn more_items_than_the_limit_are_refused() {
    let mut config = Config::for_tests();
    config.max_batch_items = 3;
    let t = TestServer::start_with(config).await;
    let items = |n| pb::BatchRequest {
        items: vec![game_status(chess("", &[])); n],
    };
    let accepted = t.rules().batch(items(3)).await.unwrap().into_inner();
    assert_eq!(accepted.results.len(), 3);
    let refused = t.rules().batch(items(4)).await.unwrap_err();
    assert_eq!(refused.code(), Code::InvalidArgument);
    assert_eq!(violated_field(&refused), "items");
    let details: ErrorDetails = refused.get_error_details();
    assert!(details.bad_request().is_some());
}

/// 10,000 items: GameStatus after every prefix of a long game (and every
/// hundredth a bad one), so each result can be told apart from the others.
fn ten_thousand_items() -> (Vec<pb::BatchItem>, Vec<String>) {
    let game = long_game::chess(100, false);
    let mut items = Vec::with_capacity(10_000);
    for i in 0..10_000 {
        let moves: Vec<&str> = game[..i % 100].iter().map(String::as_str).collect();
        items.push(if i % 100 == 99 {
            game_status(chess("8/8/8/8/8/8/8/8 w - - 0 1", &[]))
        } else {
            game_status(chess("", &moves))
        });
    }
    (items, game)
}

/// The FEN of the start position after each prefix of `game`, by the unary call.
async fn prefix_fens(t: &TestServer, game: &[String]) -> Vec<String> {
    let mut fens = Vec::new();
    for n in 0..100 {
        let moves: Vec<&str> = game[..n].iter().map(String::as_str).collect();
        let status = t
            .rules()
            .game_status(pb::GameStatusRequest {
                position: chess("", &moves),
                options: None,
            })
            .await
            .unwrap()
            .into_inner();
        fens.push(status.fen);
    }
    fens
}

fn check_ten_thousand(results: &[pb::BatchResult], fens: &[String]) {
    assert_eq!(results.len(), 10_000);
    for (i, result) in results.iter().enumerate() {
        match result.result.as_ref().unwrap() {
            Outcome::GameStatus(status) => {
                assert_ne!(i % 100, 99, "item {i} should have failed");
                assert_eq!(status.fen, fens[i % 100], "item {i}");
            }
            Outcome::Error(error) => {
                assert_eq!(i % 100, 99, "item {i}: {error:?}");
                assert_eq!(error.code, Code::InvalidArgument as i32);
            }
            other => panic!("item {i}: {other:?}"),
        }
    }
}

#[tokio::test]
async fn a_batch_of_ten_thousand_items() {
    let mut config = Config::for_tests();
    config.max_batch_items = 10_000;
    config.max_request_bytes = 16 << 20;
    let t = TestServer::start_with(config).await;
    let (items, game) = ten_thousand_items();
    let fens = prefix_fens(&t, &game).await;
    let results = t
        .rules()
        .max_encoding_message_size(64 << 20)
        .max_decoding_message_size(64 << 20)
        .batch(pb::BatchRequest { items })
        .await
        .unwrap()
        .into_inner()
        .results;
    check_ten_thousand(&results, &fens);
}

#[tokio::test]
async fn a_stream_of_ten_thousand_items() {
    let t = TestServer::start().await;
    let (items, game) = ten_thousand_items();
    let fens = prefix_fens(&t, &game).await;
    let results: Vec<pb::BatchResult> = t
        .rules()
        .batch_stream(tokio_stream::iter(items))
        .await
        .unwrap()
        .into_inner()
        .map(Result::unwrap)
        .collect()
        .await;
    check_ten_thousand(&results, &fens);
}

/// Results come out while the client is still sending: the stream answers
/// one item before the next is sent.
#[tokio::test]
async fn a_stream_answers_as_items_arrive() {
    let t = TestServer::start().await;
    let (send, receive) = tokio::sync::mpsc::channel(1);
    let mut results = t
        .rules()
        .batch_stream(tokio_stream::wrappers::ReceiverStream::new(receive))
        .await
        .unwrap()
        .into_inner();
    for (i, item) in mixed_items().into_iter().enumerate() {
        let expected = unary(&t, &item).await;
        send.send(item).await.unwrap();
        let result = results.next().await.unwrap().unwrap();
        assert_eq!(result.result.unwrap(), expected, "item {i}");
    }
    drop(send);
    assert!(
        results.next().await.is_none(),
        "the stream ends with the items"
    );
}

/// A client that stops reading does not make the server buffer without
/// bound, and a stream dropped mid-job leaves the server serving.
#[tokio::test]
async fn a_stream_dropped_mid_job_leaves_the_server_serving() {
    let t = TestServer::start().await;
    let (items, _) = ten_thousand_items();
    let mut results = t
        .rules()
        .batch_stream(tokio_stream::iter(items))
        .await
        .unwrap()
        .into_inner();
    let first = results.next().await.unwrap().unwrap();
    assert!(matches!(first.result, Some(Outcome::GameStatus(_))));
    drop(results);
    t.assert_still_serving().await;
}

/// A batch weighs what its items would as unary calls: with one call held
/// open, a Batch of as many items as the limit is refused while one item
/// fewer runs; a batch larger than the whole limit still runs on an idle
/// server; and a stream's round finding the budget spent answers each of
/// its items with the refusal, then goes on once calls finish.
#[tokio::test]
async fn batch_items_count_against_the_global_limit() {
    const LEGAL_MOVES: &str = "/arbiter.v1.Rules/LegalMoves";
    let mut config = Config::for_tests();
    config.max_concurrent_requests = 4;
    let t = TestServer::start_with(config).await;
    let batch = |n: usize| pb::BatchRequest {
        items: vec![legal_moves(chess("", &[])); n],
    };
    let mut rules = t.rules();
    for n in [4, 50] {
        let results = rules.batch(batch(n)).await.unwrap().into_inner().results;
        assert_eq!(results.len(), n, "alone, a batch of {n} runs");
    }

    let (held, release) = TestServer::stalled_call(t.channel.clone(), LEGAL_MOVES);
    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    let refused = rules.batch(batch(4)).await.unwrap_err();
    assert_eq!(refused.code(), Code::ResourceExhausted, "{refused:?}");
    assert!(refused.message().contains("limit of 4"), "{refused:?}");
    assert_eq!(
        rules
            .batch(batch(3))
            .await
            .unwrap()
            .into_inner()
            .results
            .len(),
        3
    );

    // The stream's call is admitted now; its rounds count when they run.
    let (send, receive) = tokio::sync::mpsc::channel(1);
    let mut results = rules
        .batch_stream(tokio_stream::wrappers::ReceiverStream::new(receive))
        .await
        .unwrap()
        .into_inner();
    let mut more_held = Vec::new();
    for _ in 0..3 {
        more_held.push(TestServer::stalled_call(t.channel.clone(), LEGAL_MOVES));
    }
    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    send.send(legal_moves(chess("", &[]))).await.unwrap();
    match results.next().await.unwrap().unwrap().result.unwrap() {
        Outcome::Error(status) => {
            assert_eq!(status.code, Code::ResourceExhausted as i32, "{status:?}");
        }
        other => panic!("expected the refusal, got {other:?}"),
    }
    for (call, release) in more_held {
        drop(release);
        let _ = call.await;
    }
    drop(release);
    let _ = held.await;
    send.send(legal_moves(chess("", &[]))).await.unwrap();
    let answered = results.next().await.unwrap().unwrap().result.unwrap();
    assert!(
        matches!(answered, Outcome::LegalMoves(ref a) if a.moves.len() == 20),
        "{answered:?}"
    );
    drop(send);
    assert!(results.next().await.is_none());
}
