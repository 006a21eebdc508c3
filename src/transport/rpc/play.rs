//! `Rules.Play`: one game held for the length of a stream. The first message
//! starts it (`start`: a position with its history, the rule options); each
//! move is judged and, when legal, played on the held game in place
//! (`Game::play`), so a move costs the same at ply 300 as at ply 3; an
//! `undo` replays the game without its last move once.
//!
//! Nothing outlives the stream. A message the session cannot act on (move
//! text that does not parse, a second `start`, a move past the game-length
//! limit) is answered with its `error` and changes nothing; a stream whose
//! client sends nothing for the idle timeout ends with `DEADLINE_EXCEEDED`;
//! a panic in the rules ends it with `INTERNAL` (the game may be half
//! played). At drain the session ends with `UNAVAILABLE` between answers
//! (`net::drain`), and the client resends its game to another replica.
//!
//! Answers are queued for a client that has not read them (at most
//! [`ANSWERS_BUFFERED`]); past that the session stops reading its moves.

use tokio::sync::mpsc;
use tokio_stream::wrappers::ReceiverStream;
use tonic::{Status, Streaming};

use super::{
    answers::{Answers, rpc_status, verdict_answer},
    convert::{self, PositionInput},
    guard::guarded,
    status::{input_error, invalid_argument},
};
use crate::proto::{self as pb, play_request::Action};
use arbiter_rules::{Game, RuleOptions, Verdict};

/// Answers held for a client that has not read them yet.
pub(super) const ANSWERS_BUFFERED: usize = 16;

/// The response stream of `Rules.Play`.
pub(super) type AnswerStream = ReceiverStream<Result<pb::PlayResponse, Status>>;

/// Starts a session's task and returns its answers.
pub(super) fn session(answers: Answers, inbound: Streaming<pb::PlayRequest>) -> AnswerStream {
    let (out, receiver) = mpsc::channel(ANSWERS_BUFFERED);
    tokio::spawn(run(answers, inbound, out));
    ReceiverStream::new(receiver)
}

/// `arbiter_play_sessions_open`, up while the session's task runs.
struct OpenSession;

impl OpenSession {
    fn open() -> Self {
        metrics::gauge!("arbiter_play_sessions_open").increment(1.0);
        OpenSession
    }
}

impl Drop for OpenSession {
    fn drop(&mut self) {
        metrics::gauge!("arbiter_play_sessions_open").decrement(1.0);
    }
}

async fn run(
    answers: Answers,
    mut inbound: Streaming<pb::PlayRequest>,
    out: mpsc::Sender<Result<pb::PlayResponse, Status>>,
) {
    let _open = OpenSession::open();
    let idle = answers.limits().play_idle_timeout;
    let mut held: Option<Held> = None;
    loop {
        let message = tokio::select! {
            next = tokio::time::timeout(idle, inbound.message()) => next,
            () = out.closed() => return,
        };
        let request = match message {
            Err(_) => {
                let _ = out
                    .send(Err(Status::deadline_exceeded(format!(
                        "no message for {} s: the session has ended",
                        idle.as_secs()
                    ))))
                    .await;
                return;
            }
            Ok(Err(status)) => {
                let _ = out.send(Err(status)).await;
                return;
            }
            Ok(Ok(None)) => return,
            Ok(Ok(Some(request))) => request,
        };
        let answer = guarded(|| respond(&answers, &mut held, request));
        let fatal = answer.is_err();
        if out.send(answer).await.is_err() || fatal {
            return;
        }
    }
}

/// The game a session holds.
struct Held {
    /// The start position as sent, and the moves played since, as sent:
    /// what an undo replays.
    input: PositionInput,
    options: RuleOptions,
    game: Game,
}

impl Held {
    fn status(&self) -> Result<pb::GameStatusResponse, Status> {
        Ok(convert::rules::status(
            self.game.status(&self.options).map_err(input_error)?,
        ))
    }

    fn plies(&self) -> u32 {
        u32::try_from(self.input.moves.len()).unwrap_or(u32::MAX)
    }
}

/// The answer to one message; an error the session survives is in the
/// answer's `error`.
fn respond(
    answers: &Answers,
    held: &mut Option<Held>,
    request: pb::PlayRequest,
) -> pb::PlayResponse {
    let answer = match (request.action, held.as_mut()) {
        (Some(Action::Start(start)), None) => start_game(answers, start).map(|(game, answer)| {
            *held = Some(game);
            answer
        }),
        (Some(Action::Start(_)), Some(_)) => Err(invalid_argument(
            "start",
            "the session has already started; a session holds one game",
        )),
        (Some(Action::Move(text)), Some(game)) => play_move(answers, game, &text),
        (Some(Action::Undo(pb::PlayUndo {})), Some(game)) => undo(game),
        (Some(Action::Move(_) | Action::Undo(_)), None) => Err(invalid_argument(
            "start",
            "the first message of a session must be start",
        )),
        (None, _) => Err(invalid_argument(
            "action",
            "is required: set start, move or undo",
        )),
    };
    answer.unwrap_or_else(|status| pb::PlayResponse {
        error: Some(rpc_status(&status)),
        plies: held.as_ref().map_or(0, Held::plies),
        ..pb::PlayResponse::default()
    })
}

fn start_game(answers: &Answers, start: pb::PlayStart) -> Result<(Held, pb::PlayResponse), Status> {
    let pb::PlayStart { position, options } = start;
    let options = convert::rule_options(options)?;
    let input = convert::position(position, answers.limits().max_history_moves)?;
    let (_, game) = Answers::load_input(&input, &options)?;
    let held = Held {
        input,
        options,
        game,
    };
    let answer = pb::PlayResponse {
        legal: true,
        status: Some(held.status()?),
        plies: held.plies(),
        ..pb::PlayResponse::default()
    };
    Ok((held, answer))
}

fn play_move(answers: &Answers, held: &mut Held, text: &str) -> Result<pb::PlayResponse, Status> {
    let max = answers.limits().max_history_moves;
    if held.input.moves.len() >= max {
        return Err(invalid_argument(
            "move",
            &format!("the game has reached this server's limit of {max} moves"),
        ));
    }
    let verdict = held.game.play(text, &held.options).map_err(input_error)?;
    let legal = matches!(verdict, Verdict::Legal { .. });
    if legal {
        held.input.moves.push(text.to_owned());
    }
    let rule_set = held.options.rule_set_for(held.input.variant);
    let pb::ValidateMoveResponse {
        legal,
        reason,
        detail,
        r#move,
        status_after,
        ..
    } = verdict_answer(verdict, rule_set);
    let status = match status_after {
        Some(status) => status,
        None => held.status()?,
    };
    Ok(pb::PlayResponse {
        legal,
        reason,
        detail,
        r#move,
        status: Some(status),
        plies: held.plies(),
        error: None,
    })
}

/// Takes back the last move: the game is replayed once without it, and the
/// move is described as it was played.
fn undo(held: &mut Held) -> Result<pb::PlayResponse, Status> {
    let Some(last) = held.input.moves.pop() else {
        return Ok(pb::PlayResponse {
            legal: false,
            detail: "there is no move to take back".to_owned(),
            status: Some(held.status()?),
            plies: 0,
            ..pb::PlayResponse::default()
        });
    };
    let replayed = Answers::load_input(&held.input, &held.options).map(|(_, game)| game);
    let game = match replayed {
        Ok(game) => game,
        Err(status) => {
            // The moves replayed before; put the move back rather than lose the game.
            held.input.moves.push(last);
            return Err(status);
        }
    };
    held.game = game;
    let taken_back = match held
        .game
        .validate(&last, &held.options)
        .map_err(input_error)?
    {
        Verdict::Legal { info, .. } => Some(convert::move_info(info)),
        Verdict::Illegal { .. } => None,
    };
    Ok(pb::PlayResponse {
        legal: true,
        r#move: taken_back,
        status: Some(held.status()?),
        plies: held.plies(),
        ..pb::PlayResponse::default()
    })
}
