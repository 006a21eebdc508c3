//! The conversation with an engine in UCI or UCCI: the handshake (which also
//! tells the two apart when the caller does not say), options, positions,
//! searches and their `info` lines. What the two protocols say differently
//! is written here once: UCCI has `ucci`/`ucciok`, `setoption NAME VALUE`,
//! no `ucinewgame`, `go time … increment …` for the mover's clock and
//! `nobestmove`.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::ExternalError;
use super::process::EngineProcess;

/// The dialect an engine speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Protocol {
    /// The Universal Chess Interface (also Fairy-Stockfish's and Pikafish's
    /// xiangqi).
    Uci,
    /// The Universal Chinese Chess Protocol of the xiangqi GUIs.
    Ucci,
}

impl Protocol {
    /// The protocol's name in messages and engine specs.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Protocol::Uci => "uci",
            Protocol::Ucci => "ucci",
        }
    }
}

/// An option the engine declared in its handshake.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineOption {
    /// The option's name, as declared (`Hash`, `UCI_Variant`).
    pub name: String,
    /// `check`, `spin`, `combo`, `string` or `button`.
    pub kind: String,
    /// The declared default, if any.
    pub default: Option<String>,
    /// A spin's bounds.
    pub min: Option<i64>,
    /// A spin's upper bound.
    pub max: Option<i64>,
    /// A combo's values (`var`).
    pub values: Vec<String>,
}

/// When a search must stop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// Plies.
    Depth(u32),
    /// Nodes searched.
    Nodes(u64),
    /// Thinking time for this move.
    MoveTime(Duration),
    /// A mate in at most this many moves (UCI's `go mate`; UCCI has none and
    /// searches to twice as many plies instead).
    Mate(u32),
    /// Both sides' clocks.
    Clock {
        /// White's (red's) time left.
        white: Duration,
        /// Black's time left.
        black: Duration,
        /// White's increment.
        white_increment: Duration,
        /// Black's increment.
        black_increment: Duration,
        /// Moves until the next time control; `None`: sudden death.
        moves_to_go: Option<u32>,
        /// The side to move is white (red).
        white_to_move: bool,
    },
}

/// An engine's score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EngineScore {
    /// Centipawns from the side to move's view.
    Centipawns(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

/// What one `info` line said (the fields a match or the service uses).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Info {
    /// `depth`.
    pub depth: Option<u32>,
    /// `seldepth`.
    pub seldepth: Option<u32>,
    /// `multipv`, 1 when absent.
    pub multipv: Option<u32>,
    /// `score cp` / `score mate`, unless the line is a bound (`lowerbound`,
    /// `upperbound`).
    pub score: Option<EngineScore>,
    /// `wdl`, in per mille.
    pub wdl: Option<[u32; 3]>,
    /// `nodes`.
    pub nodes: Option<u64>,
    /// `time`, in milliseconds.
    pub time_ms: Option<u64>,
    /// `pv`, as the engine wrote the moves.
    pub pv: Vec<String>,
}

/// A search's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BestMove {
    /// The move, as the engine wrote it; `None` for `bestmove (none)`,
    /// `bestmove 0000` or UCCI's `nobestmove`.
    pub best: Option<String>,
    /// The reply it expects.
    pub ponder: Option<String>,
    /// The last scored `info` line, if any.
    pub info: Option<Info>,
}

/// A position to search: a FEN (or the start position) and the moves since,
/// in the engine's coordinates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EnginePosition {
    /// `None`: `startpos`.
    pub fen: Option<String>,
    /// The moves played since.
    pub moves: Vec<String>,
    /// Root moves the engine must not play: sent as UCCI's `banmoves` after
    /// the position (it holds for the next search only). UCI has no such
    /// command; restrict a UCI engine with `searchmoves` instead.
    pub banned: Vec<String>,
}

/// An engine that finished its handshake.
#[derive(Debug)]
pub struct Engine {
    process: EngineProcess,
    protocol: Protocol,
    name: String,
    options: Vec<EngineOption>,
}

/// How long an engine may take to answer `stop`, beyond the search's own
/// deadline, before it is held to be hanging.
pub const STOP_GRACE: Duration = Duration::from_millis(1000);

/// When a search must end: `stop` is sent at `stop_at` or when `cancel` is
/// raised, and the engine is held to hang when it has not answered `grace`
/// after that.
#[derive(Debug, Clone, Copy)]
pub struct Until<'a> {
    /// When `stop` is sent.
    pub stop_at: Instant,
    /// How long the engine may take to answer `stop`.
    pub grace: Duration,
    /// Raised when the caller went away.
    pub cancel: &'a AtomicBool,
}

/// How often a search looks at its cancel flag while the engine is silent.
const CANCEL_POLL: Duration = Duration::from_millis(20);

impl Engine {
    /// Starts `command` and makes the handshake within `timeout`: in
    /// `protocol`, or, when `None`, UCI first and then UCCI.
    ///
    /// # Errors
    /// When the program cannot start, dies, or does not complete a handshake.
    pub fn start(
        command: &Path,
        args: &[String],
        protocol: Option<Protocol>,
        timeout: Duration,
    ) -> Result<Self, ExternalError> {
        let mut process = EngineProcess::spawn(command, args)?;
        let tries: &[Protocol] = match protocol {
            Some(Protocol::Uci) => &[Protocol::Uci],
            Some(Protocol::Ucci) => &[Protocol::Ucci],
            None => &[Protocol::Uci, Protocol::Ucci],
        };
        let share = timeout / u32::try_from(tries.len()).unwrap_or(1);
        for &protocol in tries {
            match handshake(&mut process, protocol, Instant::now() + share) {
                Ok((name, options)) => {
                    let mut engine = Engine {
                        process,
                        protocol,
                        name,
                        options,
                    };
                    engine.ready(Instant::now() + timeout)?;
                    return Ok(engine);
                }
                Err(ExternalError::Timeout) => {}
                Err(error) => return Err(error),
            }
        }
        Err(ExternalError::Protocol(format!(
            "no {} handshake within {} ms",
            tries
                .iter()
                .map(|p| p.name())
                .collect::<Vec<_>>()
                .join(" or "),
            timeout.as_millis()
        )))
    }

    /// The protocol the engine speaks.
    #[must_use]
    pub fn protocol(&self) -> Protocol {
        self.protocol
    }

    /// The name the engine gave (`id name`), or its program's.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The options the engine declared.
    #[must_use]
    pub fn options(&self) -> &[EngineOption] {
        &self.options
    }

    /// The declared option called `name` (case-insensitive, as UCI reads
    /// option names).
    #[must_use]
    pub fn option(&self, name: &str) -> Option<&EngineOption> {
        self.options
            .iter()
            .find(|option| option.name.eq_ignore_ascii_case(name))
    }

    /// Sets an option. Values are written as given; the engine judges them.
    ///
    /// # Errors
    /// When the engine has gone away.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), ExternalError> {
        let line = match self.protocol {
            Protocol::Uci if value.is_empty() => format!("setoption name {name}"),
            Protocol::Uci => format!("setoption name {name} value {value}"),
            Protocol::Ucci => format!("setoption {name} {value}"),
        };
        self.process.send(&line)
    }

    /// Tells the engine a new game starts (UCI's `ucinewgame`; UCCI has
    /// none) and waits until it is ready.
    ///
    /// # Errors
    /// When the engine does not answer `isready` by `deadline`.
    pub fn new_game(&mut self, deadline: Instant) -> Result<(), ExternalError> {
        if self.protocol == Protocol::Uci {
            self.process.send("ucinewgame")?;
        }
        self.ready(deadline)
    }

    /// `isready`, answered by `readyok` before `deadline`.
    ///
    /// # Errors
    /// When the engine does not answer in time or has gone away.
    pub fn ready(&mut self, deadline: Instant) -> Result<(), ExternalError> {
        self.process.send("isready")?;
        loop {
            if self.process.recv(deadline)?.trim() == "readyok" {
                return Ok(());
            }
        }
    }

    /// Searches `position` within `limit` and returns the engine's answer.
    /// `on_info` sees every `info` line. When the engine has not answered by
    /// `deadline` it is sent `stop`; if it does not answer within
    /// [`STOP_GRACE`] after that, the search fails with
    /// [`ExternalError::Timeout`] (and the engine should be replaced).
    ///
    /// # Errors
    /// When the engine hangs, dies or answers outside the protocol.
    pub fn search(
        &mut self,
        position: &EnginePosition,
        limit: Limit,
        search_moves: &[String],
        deadline: Instant,
        on_info: impl FnMut(&Info),
    ) -> Result<BestMove, ExternalError> {
        let never = AtomicBool::new(false);
        let until = Until {
            stop_at: deadline,
            grace: STOP_GRACE,
            cancel: &never,
        };
        self.search_until(position, limit, search_moves, until, on_info)
    }

    /// [`Self::search`] with its own grace after `stop`, which is also sent
    /// as soon as `until.cancel` is raised (its caller went away), checked
    /// every few milliseconds.
    ///
    /// # Errors
    /// As [`Self::search`].
    pub fn search_until(
        &mut self,
        position: &EnginePosition,
        limit: Limit,
        search_moves: &[String],
        until: Until<'_>,
        mut on_info: impl FnMut(&Info),
    ) -> Result<BestMove, ExternalError> {
        let cancel = until.cancel;
        self.process.send(&self.position_command(position))?;
        if self.protocol == Protocol::Ucci && !position.banned.is_empty() {
            self.process
                .send(&format!("banmoves {}", position.banned.join(" ")))?;
        }
        self.process.send(&self.go_command(limit, search_moves))?;
        let mut last: Option<Info> = None;
        let mut stop_sent = false;
        let mut wait_until = until.stop_at;
        loop {
            let poll = if stop_sent {
                wait_until
            } else {
                wait_until.min(Instant::now() + CANCEL_POLL)
            };
            let line = match self.process.recv(poll) {
                Ok(line) => line,
                Err(ExternalError::Timeout)
                    if !stop_sent
                        && (Instant::now() >= wait_until || cancel.load(Ordering::Relaxed)) =>
                {
                    self.process.send("stop")?;
                    stop_sent = true;
                    wait_until = Instant::now() + until.grace;
                    continue;
                }
                Err(ExternalError::Timeout) if !stop_sent => continue,
                Err(error) => return Err(error),
            };
            let mut words = line.split_whitespace();
            match words.next() {
                Some("info") => {
                    let info = parse_info(words);
                    on_info(&info);
                    if info.score.is_some() && info.multipv.unwrap_or(1) == 1 {
                        last = Some(info);
                    }
                }
                Some("bestmove") => {
                    let best = words
                        .next()
                        .filter(|m| !matches!(*m, "(none)" | "0000" | "none"))
                        .map(str::to_owned);
                    let ponder = match (words.next(), words.next()) {
                        (Some("ponder"), Some(reply)) => Some(reply.to_owned()),
                        _ => None,
                    };
                    return Ok(BestMove {
                        best,
                        ponder,
                        info: last,
                    });
                }
                Some("nobestmove") => {
                    return Ok(BestMove {
                        best: None,
                        ponder: None,
                        info: last,
                    });
                }
                _ => {}
            }
        }
    }

    /// Asks the engine to quit and ends its process.
    pub fn quit(mut self) {
        let _ = self.process.send("quit");
        self.process.kill();
    }

    /// The last lines the engine wrote to stderr.
    #[must_use]
    pub fn stderr_tail(&self) -> String {
        self.process.stderr_tail()
    }

    /// The stderr lines written after the first `seen`, and the count to
    /// pass next time (see [`EngineProcess::stderr_since`]).
    #[must_use]
    pub fn stderr_since(&self, seen: u64) -> (Vec<String>, u64) {
        self.process.stderr_since(seen)
    }

    /// The engine's process id, which is also its process group's.
    #[must_use]
    pub fn process_id(&self) -> u32 {
        self.process.id()
    }

    fn position_command(&self, position: &EnginePosition) -> String {
        let mut line = match (&position.fen, self.protocol) {
            (Some(fen), _) => format!("position fen {fen}"),
            (None, Protocol::Uci) => "position startpos".to_owned(),
            (None, Protocol::Ucci) => format!("position fen {XIANGQI_START_FEN}"),
        };
        if !position.moves.is_empty() {
            line.push_str(" moves");
            for m in &position.moves {
                line.push(' ');
                line.push_str(m);
            }
        }
        line
    }

    fn go_command(&self, limit: Limit, search_moves: &[String]) -> String {
        let ms = |d: Duration| d.as_millis().max(1);
        let mut line = match (limit, self.protocol) {
            (Limit::Depth(depth), _) => format!("go depth {depth}"),
            (Limit::Nodes(nodes), _) => format!("go nodes {nodes}"),
            (Limit::MoveTime(time), Protocol::Uci) => format!("go movetime {}", ms(time)),
            (Limit::MoveTime(time), Protocol::Ucci) => {
                format!("go time {} movestogo 1", ms(time))
            }
            (Limit::Mate(moves), Protocol::Uci) => format!("go mate {moves}"),
            (Limit::Mate(moves), Protocol::Ucci) => format!("go depth {}", moves * 2),
            (
                Limit::Clock {
                    white,
                    black,
                    white_increment,
                    black_increment,
                    moves_to_go,
                    ..
                },
                Protocol::Uci,
            ) => {
                let mut go = format!(
                    "go wtime {} btime {} winc {} binc {}",
                    ms(white),
                    ms(black),
                    white_increment.as_millis(),
                    black_increment.as_millis()
                );
                if let Some(moves) = moves_to_go.filter(|&m| m > 0) {
                    go.push_str(&format!(" movestogo {moves}"));
                }
                go
            }
            (
                Limit::Clock {
                    white,
                    black,
                    white_increment,
                    black_increment,
                    white_to_move,
                    ..
                },
                Protocol::Ucci,
            ) => {
                let (own, own_inc, theirs, their_inc) = if white_to_move {
                    (white, white_increment, black, black_increment)
                } else {
                    (black, black_increment, white, white_increment)
                };
                format!(
                    "go time {} increment {} opptime {} oppincrement {}",
                    ms(own),
                    own_inc.as_millis(),
                    ms(theirs),
                    their_inc.as_millis()
                )
            }
        };
        if !search_moves.is_empty() && self.protocol == Protocol::Uci {
            line.push_str(" searchmoves");
            for m in search_moves {
                line.push(' ');
                line.push_str(m);
            }
        }
        line
    }
}

/// The xiangqi start position, which UCCI positions name by FEN.
const XIANGQI_START_FEN: &str =
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// Sends `uci` or `ucci` and reads the engine's name and options up to
/// `uciok` / `ucciok`.
fn handshake(
    process: &mut EngineProcess,
    protocol: Protocol,
    deadline: Instant,
) -> Result<(String, Vec<EngineOption>), ExternalError> {
    let (ask, ok) = match protocol {
        Protocol::Uci => ("uci", "uciok"),
        Protocol::Ucci => ("ucci", "ucciok"),
    };
    process.send(ask)?;
    let mut name = None;
    let mut options = Vec::new();
    loop {
        let line = process.recv(deadline)?;
        let trimmed = line.trim();
        if trimmed == ok {
            let name = name.unwrap_or_else(|| {
                Path::new(process.command()).file_name().map_or_else(
                    || process.command().to_owned(),
                    |n| n.to_string_lossy().into_owned(),
                )
            });
            return Ok((name, options));
        }
        if let Some(rest) = trimmed.strip_prefix("id name ") {
            name = Some(rest.trim().to_owned());
        } else if let Some(option) = trimmed
            .strip_prefix("option ")
            .and_then(|rest| parse_option(rest, protocol))
        {
            options.push(option);
        }
    }
}

/// An `option` line's declaration. UCI writes `name N type T default D min
/// A max B var V…`, where a name may hold spaces; UCCI writes `N type T …`.
fn parse_option(rest: &str, protocol: Protocol) -> Option<EngineOption> {
    let words: Vec<&str> = rest.split_whitespace().collect();
    let keyword = |w: &str| matches!(w, "type" | "default" | "min" | "max" | "var");
    let mut i = 0;
    if protocol == Protocol::Uci || words.first() == Some(&"name") {
        if words.first() != Some(&"name") {
            return None;
        }
        i = 1;
    }
    let start = i;
    while i < words.len() && !keyword(words[i]) {
        i += 1;
    }
    let name = words[start..i].join(" ");
    if name.is_empty() {
        return None;
    }
    let mut option = EngineOption {
        name,
        kind: String::new(),
        default: None,
        min: None,
        max: None,
        values: Vec::new(),
    };
    while i < words.len() {
        let key = words[i];
        i += 1;
        let from = i;
        while i < words.len() && !keyword(words[i]) {
            i += 1;
        }
        let value = words[from..i].join(" ");
        match key {
            "type" => option.kind = value,
            "default" => option.default = Some(value),
            "min" => option.min = value.parse().ok(),
            "max" => option.max = value.parse().ok(),
            "var" => option.values.push(value),
            _ => {}
        }
    }
    Some(option)
}

/// The fields of an `info` line, after the word `info`.
fn parse_info<'a>(words: impl Iterator<Item = &'a str>) -> Info {
    let words: Vec<&str> = words.collect();
    let mut info = Info::default();
    let number = |i: usize| words.get(i).and_then(|w| w.parse::<u64>().ok());
    let mut i = 0;
    while i < words.len() {
        match words[i] {
            "depth" => info.depth = number(i + 1).and_then(|n| u32::try_from(n).ok()),
            "seldepth" => info.seldepth = number(i + 1).and_then(|n| u32::try_from(n).ok()),
            "multipv" => info.multipv = number(i + 1).and_then(|n| u32::try_from(n).ok()),
            "nodes" => info.nodes = number(i + 1),
            "time" => info.time_ms = number(i + 1),
            "score" => {
                let value = words.get(i + 2).and_then(|w| w.parse::<i32>().ok());
                let bound = matches!(words.get(i + 3), Some(&("lowerbound" | "upperbound")));
                info.score = match (words.get(i + 1), value) {
                    _ if bound => None,
                    (Some(&"cp"), Some(cp)) => Some(EngineScore::Centipawns(cp)),
                    (Some(&"mate"), Some(n)) => Some(EngineScore::Mate(n)),
                    _ => None,
                };
                i += 2;
            }
            "wdl" => {
                let w = |k: usize| number(i + k).and_then(|n| u32::try_from(n).ok());
                if let (Some(win), Some(draw), Some(loss)) = (w(1), w(2), w(3)) {
                    info.wdl = Some([win, draw, loss]);
                }
                i += 3;
            }
            "pv" => {
                info.pv = words[i + 1..].iter().map(|m| (*m).to_owned()).collect();
                break;
            }
            "string" => break,
            _ => {}
        }
        i += 1;
    }
    info
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uci_options_with_spaces_in_their_names_are_read() {
        let option = parse_option(
            "name Skill Level type spin default 20 min -20 max 20",
            Protocol::Uci,
        )
        .unwrap();
        assert_eq!(option.name, "Skill Level");
        assert_eq!(option.kind, "spin");
        assert_eq!(option.default.as_deref(), Some("20"));
        assert_eq!((option.min, option.max), (Some(-20), Some(20)));
        let combo = parse_option(
            "name UCI_Variant type combo default chess var chess var xiangqi",
            Protocol::Uci,
        )
        .unwrap();
        assert_eq!(combo.values, ["chess", "xiangqi"]);
        let ucci = parse_option(
            "hashsize type spin min 0 max 1024 default 16",
            Protocol::Ucci,
        )
        .unwrap();
        assert_eq!(ucci.name, "hashsize");
    }

    #[test]
    fn info_lines_are_read_and_bounds_carry_no_score() {
        let info = parse_info(
            "depth 12 seldepth 18 multipv 1 score cp -35 wdl 120 700 180 nodes 123456 nps 1 time 250 pv e2e4 e7e5"
                .split_whitespace(),
        );
        assert_eq!(info.depth, Some(12));
        assert_eq!(info.seldepth, Some(18));
        assert_eq!(info.score, Some(EngineScore::Centipawns(-35)));
        assert_eq!(info.wdl, Some([120, 700, 180]));
        assert_eq!(info.nodes, Some(123_456));
        assert_eq!(info.time_ms, Some(250));
        assert_eq!(info.pv, ["e2e4", "e7e5"]);
        let bound = parse_info("depth 9 score cp 80 lowerbound nodes 10".split_whitespace());
        assert_eq!(bound.score, None);
        assert_eq!(bound.nodes, Some(10));
        let mate = parse_info("depth 5 score mate -3 pv a1a2".split_whitespace());
        assert_eq!(mate.score, Some(EngineScore::Mate(-3)));
    }
}
