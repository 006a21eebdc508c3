//! One game, refereed: each move is asked of the side to move and judged by
//! the rules crate before it stands. An illegal or unreadable move, a
//! crash, a hang or a fall of the flag loses; every other ending is the
//! rules' own (mate, stalemate, xiangqi's perpetual check and chase under
//! the rule set, repetition, the move limits, material), with its reason in
//! words.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use arbiter_rules::{
    Game, LoadOptions, MoveInfo, Outcome, RuleOptions, RuleSet, Side, Status, Variant, Verdict,
};

use super::openings::Opening;
use super::player::{MoveLimit, Player, PlayerError, Turn};
use crate::external::EngineScore;

/// How moves are limited in a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Control {
    /// Nodes per move.
    Nodes(u64),
    /// Plies per move.
    Depth(u32),
    /// Time per move.
    MoveTime(Duration),
    /// A game clock: time per game and increment per move.
    Clock {
        /// Each side's time at the start.
        base: Duration,
        /// Added after each move.
        increment: Duration,
    },
}

/// Ending a game on the engines' own scores, as match runners allow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Adjudication {
    /// Resign: the side to move loses when both engines' scores agree it is
    /// at least this many centipawns down for `resign_moves` moves each.
    pub(crate) resign_score: Option<i32>,
    /// Consecutive moves (each side's) the resign score must hold.
    pub(crate) resign_moves: u32,
    /// Draw: both engines' scores within this many centipawns of 0 for
    /// `draw_moves` moves each, from move `draw_after` on.
    pub(crate) draw_score: Option<i32>,
    /// Consecutive moves (each side's) the draw score must hold.
    pub(crate) draw_moves: u32,
    /// The move number from which draws are adjudicated.
    pub(crate) draw_after: u32,
}

/// How long a player whose limit has no time in it (nodes, depth) may think
/// before it is held to hang.
const UNTIMED_DEADLINE: Duration = Duration::from_secs(60);

/// Plies after which a game no rule has ended is drawn (the move limits of
/// both games end every real game long before).
pub(crate) const MAX_PLIES: usize = 2000;

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct GameEnd {
    /// The winner, or `None` for a draw.
    pub(crate) winner: Option<Side>,
    /// The ending in words: `checkmate`, `illegal move e2e5 by Bad`,
    /// `perpetual check by black`, with the rules' explanation where they
    /// give one.
    pub(crate) reason: String,
}

/// A refereed game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PlayedGame {
    /// The opening it started from.
    pub(crate) opening: Opening,
    /// Every move after the opening, in the rules crate's coordinates.
    pub(crate) moves: Vec<String>,
    /// What the mover said of each of those moves, and its time.
    pub(crate) notes: Vec<MoveNote>,
    /// How it ended.
    pub(crate) end: GameEnd,
}

/// What a player said of its move, and the time it took, for the record
/// (a PGN comment after the move, as match runners write it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct MoveNote {
    /// Its last score, from the mover's view.
    pub(crate) score: Option<EngineScore>,
    /// The depth of that score.
    pub(crate) depth: Option<u32>,
    /// From the request to the answer, as the referee's clock saw it.
    pub(crate) elapsed: Duration,
}

/// The moves a game has had so far, with their notes.
#[derive(Default)]
struct Played {
    moves: Vec<String>,
    notes: Vec<MoveNote>,
}

/// What a game needs besides its players.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Table<'a> {
    /// The game.
    pub(crate) variant: Variant,
    /// The rules it is judged by.
    pub(crate) rules: RuleOptions,
    /// Where it starts.
    pub(crate) opening: &'a Opening,
    /// The limit of each move.
    pub(crate) control: Control,
    /// How far past its time a player may answer before it loses on time.
    pub(crate) margin: Duration,
    /// Resign and draw adjudication.
    pub(crate) adjudication: Adjudication,
}

/// Plays one game: `white` has the first move (red in xiangqi). Returns
/// `None` when `stop` was raised before the game ended (an interrupted
/// match), checked before every move.
///
/// # Errors
/// A message when the opening cannot be loaded (checked before the match,
/// so only a bug gets here).
pub(crate) fn play(
    table: Table<'_>,
    players: [&mut dyn Player; 2],
    stop: &AtomicBool,
) -> Result<Option<PlayedGame>, String> {
    let Table {
        variant,
        rules,
        opening,
        control,
        margin,
        adjudication,
    } = table;
    let [white, black] = players;
    let mut game = Game::load(
        variant,
        &opening.fen,
        &opening.moves,
        LoadOptions::default(),
        &rules,
    )
    .map_err(|e| e.to_string())?;
    let mut all_moves = opening.moves.clone();
    let mut played = Played::default();
    let mut status = game.status(&rules).map_err(|e| e.to_string())?;
    let mut clocks = match control {
        Control::Clock { base, .. } => [base, base],
        _ => [Duration::ZERO; 2],
    };
    let mut adjudicator = Adjudicator::new(adjudication);
    let finish = |played: Played, end: GameEnd| {
        Some(PlayedGame {
            opening: opening.clone(),
            moves: played.moves,
            notes: played.notes,
            end,
        })
    };
    for (side, player) in [(Side::White, &mut *white), (Side::Black, &mut *black)] {
        if let Err(error) = player.new_game(variant) {
            return Ok(finish(
                played,
                GameEnd {
                    winner: Some(side.opponent()),
                    reason: format!("{} could not start the game: {error}", player.name()),
                },
            ));
        }
    }
    loop {
        if stop.load(Ordering::Acquire) {
            return Ok(None);
        }
        if let Some(end) = rules_end(&status, rules, variant) {
            return Ok(finish(played, end));
        }
        if all_moves.len() >= MAX_PLIES {
            return Ok(finish(
                played,
                GameEnd {
                    winner: None,
                    reason: format!("draw by the match's limit of {MAX_PLIES} plies"),
                },
            ));
        }
        let side = status.side_to_move;
        let index = usize::from(side == Side::Black);
        let player: &mut dyn Player = if side == Side::White {
            &mut *white
        } else {
            &mut *black
        };
        let (limit, deadline) = turn_limit(control, clocks, side, margin);
        let started = Instant::now();
        let answer = player.think(&Turn {
            game: &game,
            variant,
            fen: &opening.fen,
            moves: &all_moves,
            rules,
            limit,
            deadline,
        });
        let elapsed = started.elapsed();
        let name = player.name().to_owned();
        let loses = |reason: String| GameEnd {
            winner: Some(side.opponent()),
            reason,
        };
        let answer = match answer {
            Ok(answer) => answer,
            Err(PlayerError::External(crate::external::ExternalError::Timeout)) => {
                return Ok(finish(
                    played,
                    loses(format!("{name} did not answer (hung)")),
                ));
            }
            Err(error) => return Ok(finish(played, loses(format!("{name} failed: {error}")))),
        };
        if let Control::Clock { increment, .. } = control {
            if elapsed > clocks[index] + margin {
                return Ok(finish(played, loses(format!("{name} lost on time"))));
            }
            clocks[index] = clocks[index].saturating_sub(elapsed) + increment;
        } else if let Control::MoveTime(time) = control
            && elapsed > time + margin
        {
            return Ok(finish(played, loses(format!("{name} lost on time"))));
        }
        let Some(text) = answer.best else {
            return Ok(finish(played, loses(format!("{name} returned no move"))));
        };
        let info: MoveInfo = match game.play(&text, &rules) {
            Ok(Verdict::Legal {
                info, status_after, ..
            }) => {
                status = *status_after;
                info
            }
            Ok(Verdict::Illegal { detail, .. }) => {
                return Ok(finish(
                    played,
                    loses(format!("illegal move {text} by {name}: {detail}")),
                ));
            }
            Err(error) => {
                return Ok(finish(
                    played,
                    loses(format!("unreadable move {text:?} by {name}: {error}")),
                ));
            }
        };
        let canonical = info.uci.to_string();
        all_moves.push(canonical.clone());
        played.moves.push(canonical);
        played.notes.push(MoveNote {
            score: answer.score,
            depth: answer.depth,
            elapsed,
        });
        if let Some(end) = adjudicator.record(side, answer.score, status.fullmove_number) {
            return Ok(finish(played, end));
        }
    }
}

/// The ending the rules give the position, if it is over; an offender is
/// named as the game names its sides (xiangqi's first side is red).
fn rules_end(status: &Status, rules: RuleOptions, variant: Variant) -> Option<GameEnd> {
    let explanation = status
        .repetition
        .as_ref()
        .filter(|r| r.adjudicated && !r.explanation.is_empty())
        .map(|r| format!(": {}", r.explanation))
        .unwrap_or_default();
    let rule_set = match rules.rule_set {
        Some(rule_set) if rule_set != RuleSet::Fide => format!(" ({})", rule_set.name()),
        _ => String::new(),
    };
    match status.outcome {
        Outcome::Ongoing => None,
        Outcome::Decisive { winner, reason } => Some(GameEnd {
            winner: Some(winner),
            reason: match status.offender {
                Some(offender) => {
                    let offender = variant.side_name(offender);
                    format!("{reason} by {offender}{rule_set}{explanation}")
                }
                None => format!("{reason}{rule_set}{explanation}"),
            },
        }),
        Outcome::Draw { reason } => Some(GameEnd {
            winner: None,
            reason: format!("{reason}{rule_set}{explanation}"),
        }),
    }
}

/// The limit of the side to move's search and the moment it must have
/// answered by.
fn turn_limit(
    control: Control,
    clocks: [Duration; 2],
    side: Side,
    margin: Duration,
) -> (MoveLimit, Instant) {
    let now = Instant::now();
    match control {
        Control::Nodes(nodes) => (MoveLimit::Nodes(nodes), now + UNTIMED_DEADLINE),
        Control::Depth(depth) => (MoveLimit::Depth(depth), now + UNTIMED_DEADLINE),
        Control::MoveTime(time) => (MoveLimit::MoveTime(time), now + time + margin),
        Control::Clock { increment, .. } => {
            let own = clocks[usize::from(side == Side::Black)];
            (
                MoveLimit::Clock {
                    white: clocks[0],
                    black: clocks[1],
                    increment,
                    white_to_move: side == Side::White,
                },
                now + own + margin,
            )
        }
    }
}

/// Follows the engines' scores for resign and draw adjudication. Each
/// counter is a run of consecutive moves of one side (white, black).
struct Adjudicator {
    rules: Adjudication,
    /// Moves on which the side's own score said it was lost.
    down: [u32; 2],
    /// Moves on which the side's own score said it was won.
    up: [u32; 2],
    /// Moves on which the side's score was within the draw band.
    level: [u32; 2],
}

impl Adjudicator {
    fn new(rules: Adjudication) -> Self {
        Adjudicator {
            rules,
            down: [0; 2],
            up: [0; 2],
            level: [0; 2],
        }
    }

    /// Records the mover's score after its move; the game ends when both
    /// engines have agreed long enough.
    fn record(
        &mut self,
        side: Side,
        score: Option<EngineScore>,
        move_number: u32,
    ) -> Option<GameEnd> {
        let index = usize::from(side == Side::Black);
        let cp = match score {
            Some(EngineScore::Centipawns(cp)) => Some(cp),
            Some(EngineScore::Mate(n)) => Some(if n > 0 { 100_000 } else { -100_000 }),
            None => None,
        };
        let run = |counter: &mut u32, holds: bool| *counter = if holds { *counter + 1 } else { 0 };
        if let Some(threshold) = self.rules.resign_score {
            run(&mut self.down[index], cp.is_some_and(|cp| cp <= -threshold));
            run(&mut self.up[index], cp.is_some_and(|cp| cp >= threshold));
            let need = self.rules.resign_moves.max(1);
            for loser in [Side::White, Side::Black] {
                let (l, w) = (
                    usize::from(loser == Side::Black),
                    usize::from(loser == Side::White),
                );
                if self.down[l] >= need && self.up[w] >= need {
                    return Some(GameEnd {
                        winner: Some(loser.opponent()),
                        reason: format!(
                            "{loser} resigns (adjudicated: both engines' scores at least {threshold} cp for {need} moves)"
                        ),
                    });
                }
            }
        }
        if let Some(band) = self.rules.draw_score {
            let holds =
                move_number >= self.rules.draw_after && cp.is_some_and(|cp| cp.abs() <= band);
            run(&mut self.level[index], holds);
            let need = self.rules.draw_moves.max(1);
            if self.level[0] >= need && self.level[1] >= need {
                return Some(GameEnd {
                    winner: None,
                    reason: format!(
                        "draw (adjudicated: both engines' scores within {band} cp for {need} moves)"
                    ),
                });
            }
        }
        None
    }
}
