//! `Rules.Play` over real gRPC: a game followed move by move answers what
//! ValidateMove and GameStatus answer for the whole history; illegal moves
//! and bad messages change nothing; undo; the limits; a stream cut mid-game.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::Duration;

use crate::support::{TestServer, chess, long_game, violated_field, xiangqi};
use arbiter::{config::Config, proto as pb};
use arbiter_rules::xiangqi::notation;
use pb::play_request::Action;
use prost::Message;
use tokio::sync::mpsc;
use tokio_stream::{StreamExt, wrappers::ReceiverStream};
use tonic::{Code, Status, Streaming};

/// A session: the sender of its messages and the stream of its answers.
struct Session {
    send: mpsc::Sender<pb::PlayRequest>,
    answers: Streaming<pb::PlayResponse>,
}

impl Session {
    async fn open(t: &TestServer) -> Session {
        let (send, receive) = mpsc::channel(4);
        let answers = t
            .rules()
            .play(ReceiverStream::new(receive))
            .await
            .unwrap()
            .into_inner();
        Session { send, answers }
    }

    async fn ask(&mut self, action: Action) -> pb::PlayResponse {
        self.send
            .send(pb::PlayRequest {
                action: Some(action),
            })
            .await
            .unwrap();
        self.answers.next().await.unwrap().unwrap()
    }

    async fn start(&mut self, position: Option<pb::Position>) -> pb::PlayResponse {
        self.ask(Action::Start(pb::PlayStart {
            position,
            options: None,
        }))
        .await
    }

    async fn play(&mut self, text: &str) -> pb::PlayResponse {
        self.ask(Action::Move(text.to_owned())).await
    }
}

fn error_field(answer: &pb::PlayResponse) -> (Code, String) {
    let error = answer.error.as_ref().expect("an error answer");
    let status = Status::with_details(
        Code::from(error.code),
        error.message.clone(),
        error.encode_to_vec().into(),
    );
    (status.code(), violated_field(&status))
}

/// Plays `moves` through one session and checks every answer against
/// ValidateMove on the history so far.
async fn follow(t: &TestServer, position: fn(&[&str]) -> Option<pb::Position>, moves: &[String]) {
    let mut session = Session::open(t).await;
    let started = session.start(position(&[])).await;
    assert!(started.legal && started.error.is_none());
    let mut history: Vec<&str> = Vec::new();
    for (i, text) in moves.iter().enumerate() {
        let unary = t
            .rules()
            .validate_move(pb::ValidateMoveRequest {
                position: position(&history),
                r#move: text.clone(),
                options: None,
            })
            .await
            .unwrap()
            .into_inner();
        let answer = session.play(text).await;
        assert!(answer.legal, "ply {i}: {answer:?}");
        assert_eq!(answer.r#move, unary.r#move, "ply {i}");
        assert_eq!(answer.status, unary.status_after, "ply {i}");
        assert_eq!(answer.plies as usize, i + 1);
        history.push(text);
    }
}

#[tokio::test]
async fn a_chess_game_move_by_move_matches_validate_move() {
    let t = TestServer::start().await;
    follow(&t, |m| chess("", m), &long_game::chess(80, false)).await;
    follow(&t, |m| chess("", m), &long_game::chess(30, true)).await;
}

#[tokio::test]
async fn a_xiangqi_game_move_by_move_matches_validate_move() {
    let t = TestServer::start().await;
    let moves: Vec<String> = long_game::xiangqi(80)
        .into_iter()
        .map(notation::format_iccs)
        .map(|m| m.to_string())
        .collect();
    follow(&t, |m| xiangqi("", m), &moves).await;
}

#[tokio::test]
async fn an_illegal_move_changes_nothing_and_undo_takes_back() {
    let t = TestServer::start().await;
    let mut session = Session::open(&t).await;
    let start = session.start(chess("", &["e2e4"])).await;
    assert_eq!(start.plies, 1);
    let illegal = session.play("e7e4").await;
    assert!(!illegal.legal);
    assert_eq!(illegal.reason(), pb::IllegalReason::IllegalPieceMovement);
    assert!(!illegal.detail.is_empty());
    assert_eq!(illegal.status, start.status, "nothing changed");
    assert_eq!(illegal.plies, 1);
    let reply = session.play("e5").await;
    assert!(reply.legal);
    assert_eq!(reply.r#move.as_ref().unwrap().uci, "e7e5");
    // Undo twice: back to the start position, the history of `start` included.
    let undone = session.ask(Action::Undo(pb::PlayUndo {})).await;
    assert!(undone.legal);
    assert_eq!(undone.r#move.unwrap().san, "e5");
    assert_eq!(undone.status, start.status);
    let undone = session.ask(Action::Undo(pb::PlayUndo {})).await;
    assert_eq!(undone.r#move.unwrap().uci, "e2e4");
    assert_eq!(undone.plies, 0);
    let nothing = session.ask(Action::Undo(pb::PlayUndo {})).await;
    assert!(!nothing.legal);
    assert!(nothing.error.is_none());
    assert!(!nothing.detail.is_empty());
    // The game goes on from there.
    assert!(session.play("d2d4").await.legal);
}

#[tokio::test]
async fn messages_the_session_cannot_act_on_are_answered_with_an_error() {
    let t = TestServer::start().await;
    let mut session = Session::open(&t).await;
    let early = session.play("e2e4").await;
    assert_eq!(
        error_field(&early),
        (Code::InvalidArgument, "start".to_owned())
    );
    let bad_start = session.start(chess("not a fen", &[])).await;
    assert_eq!(
        error_field(&bad_start),
        (Code::InvalidArgument, "position.fen".to_owned())
    );
    assert!(session.start(chess("", &[])).await.legal);
    let again = session.start(chess("", &[])).await;
    assert_eq!(
        error_field(&again),
        (Code::InvalidArgument, "start".to_owned())
    );
    let garbage = session.play("#!?").await;
    assert_eq!(
        error_field(&garbage),
        (Code::InvalidArgument, "move".to_owned())
    );
    let empty = session.ask_nothing().await;
    assert_eq!(
        error_field(&empty),
        (Code::InvalidArgument, "action".to_owned())
    );
    assert!(session.play("e2e4").await.legal, "the session went on");
}

impl Session {
    async fn ask_nothing(&mut self) -> pb::PlayResponse {
        self.send
            .send(pb::PlayRequest { action: None })
            .await
            .unwrap();
        self.answers.next().await.unwrap().unwrap()
    }
}

#[tokio::test]
async fn a_game_ending_move_then_game_over() {
    let t = TestServer::start().await;
    let mut session = Session::open(&t).await;
    session.start(chess("", &["f2f3", "e7e5", "g2g4"])).await;
    let mate = session.play("Qh4#").await;
    assert!(mate.legal);
    let outcome = mate.status.unwrap().outcome.unwrap();
    assert_eq!(outcome.reason(), pb::OutcomeReason::Checkmate);
    let after = session.play("a2a3").await;
    assert!(!after.legal);
    assert_eq!(after.reason(), pb::IllegalReason::GameOver);
}

#[tokio::test]
async fn the_game_length_and_idle_limits() {
    let mut config = Config::for_tests();
    config.max_history_moves = 3;
    config.play_idle_timeout_secs = 1;
    let t = TestServer::start_with(config).await;
    let mut session = Session::open(&t).await;
    session.start(chess("", &["e2e4", "e7e5"])).await;
    assert!(session.play("g1f3").await.legal);
    let past = session.play("b8c6").await;
    assert_eq!(
        error_field(&past),
        (Code::InvalidArgument, "move".to_owned())
    );
    assert_eq!(past.plies, 3);
    // Then nothing for longer than the idle timeout.
    let ended = tokio::time::timeout(Duration::from_secs(5), session.answers.next())
        .await
        .expect("the session ends by itself")
        .unwrap()
        .unwrap_err();
    assert_eq!(ended.code(), Code::DeadlineExceeded);
}

/// A client gone mid-game takes its session with it; the next session
/// starts from nothing (no state survives a stream).
#[tokio::test]
async fn a_stream_cut_mid_game() {
    let t = TestServer::start().await;
    let mut session = Session::open(&t).await;
    session.start(chess("", &[])).await;
    for text in ["e2e4", "e7e5", "g1f3"] {
        assert!(session.play(text).await.legal);
    }
    drop(session);
    t.assert_still_serving().await;
    let mut next = Session::open(&t).await;
    let early = next.play("b8c6").await;
    assert_eq!(error_field(&early).1, "start");
    let started = next.start(chess("", &[])).await;
    assert_eq!(started.plies, 0);
    // The client's side closing ends the session cleanly.
    drop(next.send);
    assert!(next.answers.next().await.is_none());
}
