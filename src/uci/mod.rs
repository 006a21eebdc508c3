//! `arbiter uci`: the UCI protocol on stdin/stdout, for chess, for the chess
//! variants (`UCI_Variant` `atomic`, `antichess`, `kingofthehill`, `3check`,
//! `crazyhouse`, `racingkings`, `horde`, and Chess960 with `UCI_Chess960`,
//! castling king takes rook) and, with
//! `setoption name UCI_Variant value xiangqi`, for xiangqi (moves with ranks
//! 0–9 as Pikafish writes them, or 1–10 as Fairy-Stockfish does with
//! `Xiangqi Ranks`), so bot frameworks, GUIs and match tools can use the
//! engine. A session that opens with `ucci` instead speaks UCCI, the
//! xiangqi GUIs' dialect (`ucci`).
//!
//! One concern per file: `command` reads the commands, `options` holds the
//! settings, `ucci` reads and writes what UCCI says differently, this file
//! runs the session (positions, searches, `stop`, the
//! `info` and `bestmove` lines), and a [`Backend`] searches: `local` on this
//! process's own worker (through `search::Analysis`, no wire), `remote` on a
//! running Arbiter service through `Engine.Analyze`.
//!
//! A position is loaded (and its history judged, which is what the
//! repetition rulings are made from) when `position` arrives; an invalid one
//! is reported with `info string` and answered with `bestmove (none)`. A
//! history that passes the end of the game is played on (`play_on`): the
//! GUI judges the game, the engine answers with a move.

mod command;
mod local;
mod options;
mod play_on;
mod ucci;

use std::io::{BufRead, Write};
use std::sync::{Arc, Mutex, PoisonError, mpsc};
use std::time::Duration;

use arbiter_engine::strength::{fresh_seed, level_for_elo};
use arbiter_engine::{ClockLimits, Limits, Score, Strength, Wdl};
use arbiter_rules::{Game, LoadOptions, RuleOptions, Strictness, Variant};

pub use local::LocalBackend;
use options::{Changed, Options};

/// One line of a completed iteration, in UCI terms.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    /// Iteration depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// 1-based line number.
    pub multipv: usize,
    /// The line's score.
    pub score: Score,
    /// The expected result for the score.
    pub wdl: Wdl,
    /// Nodes so far.
    pub nodes: u64,
    /// Time so far.
    pub elapsed: Duration,
    /// The line's moves as the session writes them.
    pub pv: Vec<String>,
}

/// What a search reports to the session.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// A completed iteration's line.
    Info(Line),
    /// The answer: the move to play and the expected reply; `None` when
    /// there is none (the search failed: the session says why first).
    Done {
        /// The move to play.
        best: Option<String>,
        /// The reply the principal variation expects.
        ponder: Option<String>,
    },
    /// Something the user should read (`info string`).
    Message(String),
}

/// What a search needs from the session.
#[derive(Debug, Clone)]
pub struct Job {
    /// The game.
    pub variant: Variant,
    /// The start position's FEN; empty = the variant's start.
    pub fen: String,
    /// The history, as the GUI sent it.
    pub moves: Vec<String>,
    /// How FEN and moves are read.
    pub load: LoadOptions,
    /// The rules the search plays by.
    pub rules: RuleOptions,
    /// When to stop.
    pub limits: Limits,
    /// Lines to report.
    pub multipv: usize,
    /// Root restriction, as sent.
    pub search_moves: Vec<String>,
    /// How strong to play.
    pub strength: Strength,
}

/// Receives a search's events; the last is [`Event::Done`].
pub type Sink = Box<dyn FnMut(Event) + Send>;

/// A search under way; cancelling makes it answer at once with its best move.
pub trait Running: Send {
    /// Stops the search; its `Done` still follows.
    fn cancel(&mut self);
}

/// Where searches run.
pub trait Backend {
    /// Starts `job`; every event goes to `sink`, ending with [`Event::Done`]
    /// (also when the search cannot start: then after an [`Event::Message`]).
    fn search(&mut self, job: Job, game: &Game, sink: Sink) -> Box<dyn Running>;
    /// A new transposition table of `hash_mb` MiB (also for a new game).
    fn reset(&mut self, hash_mb: usize) -> Result<(), String>;
}

/// Where the session writes; shared with the search's thread.
#[derive(Clone)]
struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    fn line(&self, text: &str) {
        let mut out = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        // A GUI that has gone away cannot be told; the session ends at EOF.
        let _ = writeln!(out, "{text}").and_then(|()| out.flush());
    }
}

/// The answer of an `infinite` search waits for `stop`.
#[derive(Debug, Default)]
struct Pending {
    infinite: bool,
    stopped: bool,
    held: Option<String>,
}

struct Current {
    running: Box<dyn Running>,
    /// The answer if the search vanishes without one: a legal move of the
    /// position searched (the first by coordinates).
    fallback: String,
    done: mpsc::Receiver<()>,
    pending: Arc<Mutex<Pending>>,
}

/// The protocol a session speaks: UCI until the first command is `ucci`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Dialect {
    Uci,
    Ucci {
        /// `setoption usemillisec`: times in milliseconds, not seconds.
        millis: bool,
    },
}

/// A UCI session over any backend.
struct Session<B: Backend> {
    backend: B,
    options: Options,
    out: Output,
    dialect: Dialect,
    /// The position of the last `position`, `None` when it was invalid.
    position: Option<(Game, command::PositionCommand)>,
    /// UCCI's `banmoves`: root moves not to play, until the next `position`.
    banned: Vec<String>,
    current: Option<Current>,
}

/// Runs a session with `backend` until `quit` or the end of `input`.
pub fn run<B: Backend>(backend: B, input: impl BufRead, output: Box<dyn Write + Send>) {
    let mut session = Session {
        backend,
        options: Options::default(),
        out: Output(Arc::new(Mutex::new(output))),
        dialect: Dialect::Uci,
        position: None,
        banned: Vec::new(),
        current: None,
    };
    session.set_position(command::PositionCommand {
        fen: String::new(),
        moves: Vec::new(),
    });
    let mut input = input;
    let mut buffer = Vec::new();
    loop {
        let line = match command::read_line(&mut input, &mut buffer) {
            Ok(command::Input::Line(line)) => line,
            Ok(command::Input::TooLong) => {
                session.out.line(&format!(
                    "info string a line longer than {} bytes was ignored",
                    command::MAX_LINE
                ));
                continue;
            }
            Ok(command::Input::End) | Err(_) => break,
        };
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&first, rest)) = words.split_first() else {
            continue;
        };
        match first {
            "uci" => {
                self::identify(&session.out);
            }
            "ucci" => session.start_ucci(),
            "isready" => session.out.line("readyok"),
            "ucinewgame" => {
                session.stop();
                if let Err(e) = session.backend.reset(session.options.hash_mb) {
                    session.out.line(&format!("info string {e}"));
                }
            }
            "setoption" if session.dialect != Dialect::Uci => session.set_ucci_option(rest),
            "setoption" => session.set_option(rest),
            "position" => match command::position(rest) {
                Some(position) => session.set_position(position),
                None => session
                    .out
                    .line("info string position needs 'startpos' or 'fen <FEN>'"),
            },
            "banmoves" => session.banned = rest.iter().map(|m| (*m).to_owned()).collect(),
            "go" => {
                let go = match session.dialect {
                    Dialect::Uci => command::go(rest),
                    Dialect::Ucci { millis } => ucci::go(rest, millis, session.side_to_move()),
                };
                session.go(&go);
            }
            "stop" | "ponderhit" => session.stop(),
            "quit" => {
                session.stop();
                if session.dialect != Dialect::Uci {
                    session.out.line("bye");
                }
                break;
            }
            _ => {}
        }
    }
    session.stop();
}

fn identify(out: &Output) {
    out.line(&format!("id name Arbiter {}", env!("CARGO_PKG_VERSION")));
    out.line("id author the Arbiter authors");
    for option in Options::describe() {
        out.line(&option);
    }
    out.line("uciok");
}

impl<B: Backend> Session<B> {
    /// `ucci`: the session is xiangqi from now on, in UCCI's words.
    fn start_ucci(&mut self) {
        self.stop();
        self.dialect = Dialect::Ucci { millis: false };
        self.options.variant = Variant::Xiangqi;
        self.options.chess960 = false;
        self.options.one_based = false;
        self.set_position(command::PositionCommand {
            fen: String::new(),
            moves: Vec::new(),
        });
        self.out
            .line(&format!("id name Arbiter {}", env!("CARGO_PKG_VERSION")));
        self.out.line("id copyright GPL-3.0-or-later");
        self.out.line("id author the Arbiter authors");
        for option in ucci::describe() {
            self.out.line(&option);
        }
        self.out.line("ucciok");
    }

    fn set_ucci_option(&mut self, words: &[&str]) {
        match ucci::set_option(words) {
            ucci::UcciOption::UseMillisec(millis) => self.dialect = Dialect::Ucci { millis },
            ucci::UcciOption::HashSize(mb) => {
                let mb = if mb == 0 { 16 } else { mb };
                match self.options.set("Hash", &mb.to_string()) {
                    Ok(_) => {
                        self.stop();
                        if let Err(e) = self.backend.reset(self.options.hash_mb) {
                            self.out.line(&format!("info string {e}"));
                        }
                    }
                    Err(e) => self.out.line(&format!("info string {e}")),
                }
            }
            ucci::UcciOption::NewGame => {
                self.stop();
                if let Err(e) = self.backend.reset(self.options.hash_mb) {
                    self.out.line(&format!("info string {e}"));
                }
            }
            ucci::UcciOption::Ignored => {}
            ucci::UcciOption::Invalid(message) => self.out.line(&format!("info string {message}")),
        }
    }

    /// The side to move in the current position (Red/White when there is
    /// none: a `go` then answers that there is nothing to search).
    fn side_to_move(&self) -> arbiter_rules::Side {
        self.position
            .as_ref()
            .and_then(|(game, _)| game.status(&self.rules()).ok())
            .map_or(arbiter_rules::Side::White, |status| status.side_to_move)
    }

    fn rules(&self) -> RuleOptions {
        RuleOptions {
            rule_set: (self.options.variant == Variant::Xiangqi)
                .then_some(self.options.xiangqi_rules),
            ..RuleOptions::default()
        }
    }

    fn load_options(&self) -> LoadOptions {
        LoadOptions {
            strictness: Strictness::Lenient,
            one_based: self.options.one_based && self.options.variant == Variant::Xiangqi,
            ..LoadOptions::default()
        }
    }

    fn set_option(&mut self, words: &[&str]) {
        let Some((name, value)) = command::set_option(words) else {
            self.out.line("info string setoption needs 'name <name>'");
            return;
        };
        match self.options.set(&name, &value) {
            Ok(Changed::Setting) => {}
            Ok(Changed::Hash | Changed::ClearHash) => {
                self.stop();
                if let Err(e) = self.backend.reset(self.options.hash_mb) {
                    self.out.line(&format!("info string {e}"));
                }
            }
            Ok(Changed::Game) => {
                self.set_position(command::PositionCommand {
                    fen: String::new(),
                    moves: Vec::new(),
                });
            }
            Err(e) => self.out.line(&format!("info string {e}")),
        }
    }

    fn set_position(&mut self, position: command::PositionCommand) {
        let loaded = play_on::load(
            self.options.game(),
            &position,
            self.load_options(),
            &self.rules(),
        );
        self.banned.clear();
        self.position = match loaded {
            Ok(loaded) => {
                for notice in &loaded.notices {
                    self.out.line(&format!("info string {notice}"));
                }
                Some((loaded.game, loaded.position))
            }
            Err(e) => {
                self.out.line(&format!("info string invalid position: {e}"));
                None
            }
        };
    }

    fn go(&mut self, go: &command::GoCommand) {
        self.stop();
        let pending = Arc::new(Mutex::new(Pending {
            infinite: go.infinite,
            ..Pending::default()
        }));
        let (done_sender, done) = mpsc::channel();
        let none = match self.dialect {
            Dialect::Uci => "bestmove (none)",
            Dialect::Ucci { .. } => "nobestmove",
        };
        let Some((game, position)) = &self.position else {
            self.out.line("info string no valid position to search");
            self.out.line(none);
            return;
        };
        let mut search_moves = go.search_moves.clone();
        if !self.banned.is_empty() {
            let allowed: Vec<String> = game
                .legal_moves(&self.rules())
                .unwrap_or_default()
                .into_iter()
                .map(|m| m.uci_one_based.as_ref().unwrap_or(&m.uci).to_string())
                .filter(|m| !self.banned.contains(m))
                .collect();
            if allowed.is_empty() {
                self.out.line(none);
                return;
            }
            search_moves = allowed;
        }
        let strength = Strength {
            level: if self.options.limit_strength {
                level_for_elo(self.options.elo)
            } else {
                self.options.skill
            },
            seed: fresh_seed(),
        };
        // The first legal move the search may play (by coordinates).
        let fallback = game
            .legal_moves(&self.rules())
            .unwrap_or_default()
            .into_iter()
            .map(|m| m.uci_one_based.as_ref().unwrap_or(&m.uci).to_string())
            .find(|m| search_moves.is_empty() || search_moves.contains(m))
            .map_or_else(|| none.to_owned(), |m| format!("bestmove {m}"));
        let job = Job {
            variant: self.options.game(),
            fen: position.fen.clone(),
            moves: position.moves.clone(),
            load: self.load_options(),
            rules: self.rules(),
            limits: limits(go, &self.options),
            multipv: self.options.multipv,
            search_moves,
            strength,
        };
        let out = self.out.clone();
        let show_wdl = self.options.show_wdl;
        let dialect = self.dialect;
        let held = Arc::clone(&pending);
        let sink: Sink = Box::new(move |event| match event {
            Event::Info(line) => match dialect {
                Dialect::Uci => out.line(&info_line(&line, show_wdl)),
                Dialect::Ucci { .. } => {
                    for text in ucci::info_lines(&line) {
                        out.line(&text);
                    }
                }
            },
            Event::Message(text) => out.line(&format!("info string {text}")),
            Event::Done { best, ponder } => {
                let answer = match (best, ponder) {
                    (Some(best), Some(ponder)) => format!("bestmove {best} ponder {ponder}"),
                    (Some(best), None) => format!("bestmove {best}"),
                    (None, _) => none.to_owned(),
                };
                let mut pending = held.lock().unwrap_or_else(PoisonError::into_inner);
                if pending.infinite && !pending.stopped {
                    pending.held = Some(answer);
                } else {
                    out.line(&answer);
                }
                let _ = done_sender.send(());
            }
        });
        let running = self.backend.search(job, game, sink);
        self.current = Some(Current {
            running,
            fallback,
            done,
            pending,
        });
    }

    /// Stops the search under way, if any, and returns once its `bestmove`
    /// is written.
    fn stop(&mut self) {
        let Some(mut current) = self.current.take() else {
            return;
        };
        {
            let mut pending = current
                .pending
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            pending.stopped = true;
            if let Some(answer) = pending.held.take() {
                self.out.line(&answer);
            }
        }
        current.running.cancel();
        if current.done.recv().is_err() {
            // Stopped before the worker picked it up, the search reported
            // nothing; a GUI still needs a legal move.
            self.out.line(&current.fallback);
        }
    }
}

/// The search limits of a `go` under the session's `options` (`Move
/// Overhead`, `Keep Memory`). A clock applies when the side to move's
/// time is given (`wtime` for White / red, `btime` for Black).
fn limits(go: &command::GoCommand, options: &Options) -> Limits {
    let overhead = options.overhead;
    let clock = (go.wtime.is_some() || go.btime.is_some()).then(|| ClockLimits {
        // A side whose time is not given gets no time to spend.
        white: go.wtime.unwrap_or_default(),
        black: go.btime.unwrap_or_default(),
        white_increment: go.winc,
        black_increment: go.binc,
        moves_to_go: go.movestogo,
        overhead,
    });
    Limits {
        depth: go.depth,
        nodes: go.nodes,
        movetime: go.movetime,
        deadline: None,
        clock: if go.infinite { None } else { clock },
        mate: go.mate,
        keep_memory: options.keep_memory,
    }
}

fn info_line(line: &Line, show_wdl: bool) -> String {
    let score = match line.score {
        Score::Centipawns(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    };
    let wdl = if show_wdl {
        format!(" wdl {} {} {}", line.wdl.win, line.wdl.draw, line.wdl.loss)
    } else {
        String::new()
    };
    let millis = u64::try_from(line.elapsed.as_millis()).unwrap_or(u64::MAX);
    let nps = line.nodes.saturating_mul(1000) / millis.max(1);
    format!(
        "info depth {} seldepth {} multipv {} score {score}{wdl} nodes {} nps {nps} time {millis} pv {}",
        line.depth,
        line.seldepth,
        line.multipv,
        line.nodes,
        line.pv.join(" ")
    )
}
