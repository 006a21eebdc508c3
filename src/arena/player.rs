//! The players of a match: an external UCI/UCCI engine, or one of Arbiter's
//! own search backends (in process, or a service's `Engine` over gRPC).
//! Each is asked for a move in a position the referee has already judged;
//! what it answers is judged again by the referee, never trusted.

use std::sync::mpsc;
use std::time::{Duration, Instant};

use arbiter_engine::{ClockLimits, Limits, Score, Strength};
use arbiter_rules::{Game, LoadOptions, RuleOptions, Variant};

use super::spec::{EngineKind, EngineSpec};
use crate::engines::uci_variant;
use crate::external::coordinates::{ranks_iccs, ranks_one_based};
use crate::external::{self, Engine, EnginePosition, EngineScore, ExternalError, Protocol};
use crate::uci::{self, Backend, Event, Job};

/// How long an engine has to start and answer its handshake.
const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// How a move is limited.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum MoveLimit {
    /// Nodes per move.
    Nodes(u64),
    /// Plies per move.
    Depth(u32),
    /// Time per move.
    MoveTime(Duration),
    /// The game clocks.
    Clock {
        /// White's (red's) time left.
        white: Duration,
        /// Black's time left.
        black: Duration,
        /// The increment per move, the same for both.
        increment: Duration,
        /// The side to move is white (red).
        white_to_move: bool,
    },
}

/// A position to move in, as the referee holds it.
pub(crate) struct Turn<'a> {
    /// The game, loaded and judged by the referee.
    pub(crate) game: &'a Game,
    /// The variant.
    pub(crate) variant: Variant,
    /// The start position's FEN; empty for the variant's start.
    pub(crate) fen: &'a str,
    /// The moves since, in the rules crate's coordinates (UCI, ICCS).
    pub(crate) moves: &'a [String],
    /// The rules the game is judged by.
    pub(crate) rules: RuleOptions,
    /// The move's limit.
    pub(crate) limit: MoveLimit,
    /// When the player must have answered: its time left plus the margin
    /// (a clock), or the limit plus a margin (fixed time), or a generous
    /// bound (nodes, depth) past which it is held to hang.
    pub(crate) deadline: Instant,
}

/// A player's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Answer {
    /// The move in the rules crate's coordinates, or `None` when the player
    /// says it has none.
    pub(crate) best: Option<String>,
    /// Its score from its own side's view, when it gave one.
    pub(crate) score: Option<EngineScore>,
    /// The depth of that score, when the player gave one.
    pub(crate) depth: Option<u32>,
}

/// Why a player gave no answer.
#[derive(Debug, thiserror::Error)]
pub(crate) enum PlayerError {
    /// The engine process failed (crashed, hung, broke the protocol).
    #[error(transparent)]
    External(#[from] ExternalError),
    /// Arbiter's own backend could not search.
    #[error("{0}")]
    Backend(String),
    /// The player cannot play this game at all.
    #[error("{0}")]
    Unsupported(String),
}

/// One side of a game.
pub(crate) trait Player: Send {
    /// The name the results use.
    fn name(&self) -> &str;
    /// Prepares for a new game of `variant`.
    ///
    /// # Errors
    /// When the player cannot play it, or is not ready in time.
    fn new_game(&mut self, variant: Variant) -> Result<(), PlayerError>;
    /// The player's move.
    ///
    /// # Errors
    /// When it gives no answer (see [`PlayerError`]).
    fn think(&mut self, turn: &Turn<'_>) -> Result<Answer, PlayerError>;
}

/// Builds the player a spec names.
///
/// # Errors
/// When the engine cannot be started.
pub(crate) fn player(spec: &EngineSpec, variant: Variant) -> Result<Box<dyn Player>, PlayerError> {
    match &spec.kind {
        EngineKind::Command {
            command,
            args,
            protocol,
        } => {
            let mut player = ExternalPlayer {
                name: spec.name.clone(),
                command: command.clone(),
                args: args.clone(),
                protocol: *protocol,
                options: spec.options.clone(),
                engine: None,
                one_based: false,
            };
            player.new_game(variant)?;
            Ok(Box::new(player))
        }
        EngineKind::Builtin => {
            reject_options(spec)?;
            let backend = uci::LocalBackend::new(16).map_err(PlayerError::Backend)?;
            Ok(Box::new(BackendPlayer {
                name: spec.name.clone(),
                backend: Box::new(backend),
            }))
        }
        EngineKind::Grpc { address } => {
            reject_options(spec)?;
            let backend = crate::transport::uci_remote::RemoteBackend::new(address, None, None)
                .map_err(PlayerError::Backend)?
                .by_best_move();
            Ok(Box::new(BackendPlayer {
                name: spec.name.clone(),
                backend: Box::new(backend),
            }))
        }
    }
}

fn reject_options(spec: &EngineSpec) -> Result<(), PlayerError> {
    match spec.options.first() {
        Some((name, _)) => Err(PlayerError::Unsupported(format!(
            "{}: option.{name}: Arbiter's engine takes no options in a match",
            spec.name
        ))),
        None => Ok(()),
    }
}

/// A UCI or UCCI program, restarted for a game when its last one failed.
struct ExternalPlayer {
    name: String,
    command: std::path::PathBuf,
    args: Vec<String>,
    protocol: Option<Protocol>,
    options: Vec<(String, String)>,
    engine: Option<Engine>,
    /// Xiangqi with ranks 1-10, as Fairy-Stockfish writes them.
    one_based: bool,
}

impl ExternalPlayer {
    fn engine(&mut self) -> Result<&mut Engine, PlayerError> {
        if self.engine.is_none() {
            let engine =
                Engine::start(&self.command, &self.args, self.protocol, HANDSHAKE_TIMEOUT)?;
            self.engine = Some(engine);
        }
        self.engine
            .as_mut()
            .ok_or_else(|| PlayerError::Backend("no engine".to_owned()))
    }
}

impl Player for ExternalPlayer {
    fn name(&self) -> &str {
        &self.name
    }

    fn new_game(&mut self, variant: Variant) -> Result<(), PlayerError> {
        let options = self.options.clone();
        let name = self.name.clone();
        let engine = self.engine()?;
        let mut one_based = false;
        if let Some(value) = uci_variant(variant) {
            match engine.option("UCI_Variant") {
                Some(option)
                    if option.values.is_empty() || option.values.iter().any(|v| v == value) =>
                {
                    engine.set_option("UCI_Variant", value)?;
                    // Fairy-Stockfish numbers xiangqi's ranks 1-10.
                    one_based = variant == Variant::Xiangqi;
                }
                Some(_) => {
                    return Err(PlayerError::Unsupported(format!(
                        "{name} does not offer UCI_Variant {value}"
                    )));
                }
                // A xiangqi engine without the option (Pikafish, a UCCI
                // engine) plays xiangqi in ICCS coordinates.
                None if variant == Variant::Xiangqi => {}
                None => {
                    return Err(PlayerError::Unsupported(format!(
                        "{name} has no UCI_Variant option: it cannot play {}",
                        variant.name()
                    )));
                }
            }
        }
        if variant == Variant::Chess960 {
            if engine.option("UCI_Chess960").is_none() {
                return Err(PlayerError::Unsupported(format!(
                    "{name} has no UCI_Chess960 option"
                )));
            }
            engine.set_option("UCI_Chess960", "true")?;
        }
        for (option, value) in &options {
            engine.set_option(option, value)?;
        }
        let ready = engine.new_game(Instant::now() + HANDSHAKE_TIMEOUT);
        self.one_based = one_based;
        if let Err(error) = ready {
            self.engine = None;
            return Err(error.into());
        }
        Ok(())
    }

    fn think(&mut self, turn: &Turn<'_>) -> Result<Answer, PlayerError> {
        let one_based = self.one_based;
        let position = EnginePosition {
            fen: (!turn.fen.is_empty()).then(|| turn.fen.to_owned()),
            moves: turn
                .moves
                .iter()
                .map(|m| {
                    if one_based {
                        ranks_one_based(m)
                    } else {
                        m.clone()
                    }
                })
                .collect(),
            banned: Vec::new(),
        };
        let limit = match turn.limit {
            MoveLimit::Nodes(nodes) => external::Limit::Nodes(nodes),
            MoveLimit::Depth(depth) => external::Limit::Depth(depth),
            MoveLimit::MoveTime(time) => external::Limit::MoveTime(time),
            MoveLimit::Clock {
                white,
                black,
                increment,
                white_to_move,
            } => external::Limit::Clock {
                white,
                black,
                white_increment: increment,
                black_increment: increment,
                moves_to_go: None,
                white_to_move,
            },
        };
        let engine = self.engine()?;
        let answer = engine.search(&position, limit, &[], turn.deadline, |_| {});
        match answer {
            Ok(best) => Ok(Answer {
                best: best
                    .best
                    .map(|m| if one_based { ranks_iccs(&m) } else { m }),
                score: best.info.as_ref().and_then(|info| info.score),
                depth: best.info.and_then(|info| info.depth),
            }),
            Err(error) => {
                // A process that hung or broke the protocol is not asked again.
                if let Some(engine) = self.engine.take() {
                    engine.quit();
                }
                Err(error.into())
            }
        }
    }
}

/// Arbiter's own engine through a `uci::Backend`: in process, or a
/// service's `Engine` over gRPC.
struct BackendPlayer {
    name: String,
    backend: Box<dyn Backend + Send>,
}

impl Player for BackendPlayer {
    fn name(&self) -> &str {
        &self.name
    }

    fn new_game(&mut self, _variant: Variant) -> Result<(), PlayerError> {
        self.backend.reset(16).map_err(PlayerError::Backend)
    }

    fn think(&mut self, turn: &Turn<'_>) -> Result<Answer, PlayerError> {
        let mut limits = Limits::default();
        match turn.limit {
            MoveLimit::Nodes(nodes) => limits.nodes = Some(nodes),
            MoveLimit::Depth(depth) => limits.depth = Some(depth),
            MoveLimit::MoveTime(time) => limits.movetime = Some(time),
            MoveLimit::Clock {
                white,
                black,
                increment,
                ..
            } => {
                limits.clock = Some(ClockLimits {
                    white,
                    black,
                    white_increment: increment,
                    black_increment: increment,
                    moves_to_go: None,
                    overhead: Duration::from_millis(10),
                });
            }
        }
        let job = Job {
            variant: turn.variant,
            fen: turn.fen.to_owned(),
            moves: turn.moves.to_vec(),
            load: LoadOptions::default(),
            rules: turn.rules,
            limits,
            multipv: 1,
            search_moves: Vec::new(),
            strength: Strength::default(),
        };
        let (sender, events) = mpsc::channel();
        let mut running = self.backend.search(
            job,
            turn.game,
            Box::new(move |event| {
                let _ = sender.send(event);
            }),
        );
        let mut score = None;
        let mut depth = None;
        let mut message = None;
        let mut cancelled = false;
        let mut wait_until = turn.deadline;
        loop {
            match events.recv_timeout(wait_until.saturating_duration_since(Instant::now())) {
                Ok(Event::Info(line)) if line.multipv == 1 => {
                    score = Some(match line.score {
                        Score::Centipawns(cp) => EngineScore::Centipawns(cp),
                        Score::Mate(n) => EngineScore::Mate(n),
                    });
                    depth = Some(line.depth);
                }
                Ok(Event::Info(_)) => {}
                Ok(Event::Message(text)) => message = Some(text),
                Ok(Event::Done { best, .. }) => {
                    return match (best, message) {
                        (None, Some(text)) => Err(PlayerError::Backend(text)),
                        (best, _) => Ok(Answer { best, score, depth }),
                    };
                }
                Err(mpsc::RecvTimeoutError::Timeout) if !cancelled => {
                    running.cancel();
                    cancelled = true;
                    wait_until = Instant::now() + external::protocol::STOP_GRACE;
                }
                Err(_) => return Err(PlayerError::External(ExternalError::Timeout)),
            }
        }
    }
}
