//! The `arbiter.v1.Engine` requests and answers: BestMove and Analyze read
//! once (`SearchAsk`), their limits, clock and strength, and the search's
//! lines, scores and final answer.

use std::time::{Duration, Instant};

use tonic::Status;

use super::move_info;
use crate::proto as pb;
use crate::transport::rpc::status::invalid_argument;
use arbiter_engine::{
    AnalysisEvent, ClockLimits, Limits, SearchEvent, SearchInfo, SearchResult, StopReason,
    Strength, Wdl, params::MAX_DEPTH,
};
use arbiter_rules::{MoveInfo, RuleSet};

/// Most MultiPV lines a call may ask for.
const MAX_MULTIPV: u32 = 5;
/// Kept back from every move on a game clock for the reply's way back to the
/// bot and on to its game server.
const CLOCK_OVERHEAD: Duration = Duration::from_millis(20);
/// Longest mate a `mate` limit may ask for, in moves.
const MAX_MATE: u32 = 100;

/// What a BestMove or Analyze request asks for: the two messages have the
/// same fields, read here once (every field destructured, so a field added
/// to the contract fails to compile until it is read), and written back into
/// either by a client (`arbiter uci --connect`, `arbiter match`).
pub struct SearchAsk {
    /// The position to search.
    pub position: Option<pb::Position>,
    /// When to stop; absent means the default movetime.
    pub limits: Option<pb::SearchLimits>,
    /// How many lines; 0 means one.
    pub multipv: u32,
    /// The rule options the root is ruled under.
    pub options: Option<pb::RuleOptions>,
    /// The root moves to consider, in the game's notation; empty means all.
    pub search_moves: Vec<String>,
    /// A level or an Elo; absent means full strength.
    pub strength: Option<pb::Strength>,
    /// The seed of a weakened engine's choices; absent means a fresh one.
    pub seed: Option<u64>,
}

macro_rules! search_ask_from {
    ($($request:ident),+) => {$(
        impl From<pb::$request> for SearchAsk {
            fn from(request: pb::$request) -> Self {
                let pb::$request {
                    position,
                    limits,
                    multipv,
                    options,
                    search_moves,
                    strength,
                    seed,
                } = request;
                SearchAsk { position, limits, multipv, options, search_moves, strength, seed }
            }
        }

        impl From<SearchAsk> for pb::$request {
            fn from(ask: SearchAsk) -> Self {
                let SearchAsk { position, limits, multipv, options, search_moves, strength, seed } =
                    ask;
                pb::$request { position, limits, multipv, options, search_moves, strength, seed }
            }
        }
    )+};
}

search_ask_from!(BestMoveRequest, AnalyzeRequest);

/// The server's bounds on a search's time: what a request without limits
/// gets, and the most any request gets.
#[derive(Debug, Clone, Copy)]
pub struct MovetimeBounds {
    /// A request without limits searches this long.
    pub default: Duration,
    /// No search runs longer.
    pub max: Duration,
}

/// Reads the request's limits; every search is bounded by the movetime cap
/// and the caller's deadline.
pub fn limits(
    limits: Option<pb::SearchLimits>,
    movetime: MovetimeBounds,
    deadline: Option<Instant>,
) -> Result<Limits, Status> {
    let mut out = Limits {
        deadline,
        movetime: Some(movetime.max),
        ..Limits::default()
    };
    match limits.and_then(|l| l.limit) {
        None => out.movetime = Some(movetime.default),
        Some(pb::search_limits::Limit::Depth(0)) => {
            return Err(invalid_argument("limits.depth", "must be at least 1"));
        }
        Some(pb::search_limits::Limit::Depth(depth)) => {
            out.depth = Some(depth.min(u32::try_from(MAX_DEPTH).unwrap_or(64)));
        }
        Some(pb::search_limits::Limit::Nodes(0)) => {
            return Err(invalid_argument("limits.nodes", "must be at least 1"));
        }
        Some(pb::search_limits::Limit::Nodes(nodes)) => out.nodes = Some(nodes),
        Some(pb::search_limits::Limit::MovetimeMs(0)) => {
            return Err(invalid_argument("limits.movetime_ms", "must be at least 1"));
        }
        Some(pb::search_limits::Limit::MovetimeMs(ms)) => {
            out.movetime = Some(Duration::from_millis(u64::from(ms)).min(movetime.max));
        }
        Some(pb::search_limits::Limit::Clock(clock)) => {
            out.clock = Some(clock_limits(clock, CLOCK_OVERHEAD)?);
        }
        Some(pb::search_limits::Limit::Mate(n @ 1..=MAX_MATE)) => out.mate = Some(n),
        Some(pb::search_limits::Limit::Mate(n)) => {
            return Err(invalid_argument(
                "limits.mate",
                &format!("must be 1 to {MAX_MATE} moves, got {n}"),
            ));
        }
    }
    Ok(out)
}

/// Reads `multipv`: 0 means one line.
pub fn multipv(requested: u32) -> Result<usize, Status> {
    match requested {
        0 => Ok(1),
        1..=MAX_MULTIPV => Ok(requested as usize),
        _ => Err(invalid_argument(
            "multipv",
            &format!("must be 1 to {MAX_MULTIPV}, got {requested}"),
        )),
    }
}

fn score(score: arbiter_engine::Score, wdl: Wdl) -> pb::Score {
    pb::Score {
        value: Some(match score {
            arbiter_engine::Score::Centipawns(cp) => pb::score::Value::Centipawns(cp),
            arbiter_engine::Score::Mate(n) => pb::score::Value::Mate(n),
        }),
        wdl: Some(pb::Wdl {
            win: wdl.win,
            draw: wdl.draw,
            loss: wdl.loss,
        }),
    }
}

fn stop_reason(reason: StopReason) -> pb::StopReason {
    match reason {
        StopReason::DepthReached => pb::StopReason::Depth,
        StopReason::NodeLimit => pb::StopReason::Nodes,
        StopReason::TimeUp | StopReason::Stopped => pb::StopReason::Time,
        StopReason::MateFound | StopReason::OnlyMove | StopReason::NoLegalMoves => {
            pb::StopReason::Forced
        }
    }
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

fn moves(moves: &[MoveInfo]) -> Vec<pb::Move> {
    moves.iter().cloned().map(move_info).collect()
}

fn line(info: &SearchInfo<MoveInfo>) -> pb::PvLine {
    pb::PvLine {
        multipv: u32::try_from(info.multipv).unwrap_or(1),
        score: Some(score(info.score, info.wdl)),
        pv: moves(&info.pv),
        depth: info.depth,
        seldepth: info.seldepth,
    }
}

fn no_legal_move() -> Status {
    Status::failed_precondition("the position has no legal move")
}

/// The BestMove answer of a finished search; FAILED_PRECONDITION when the
/// root had no legal move.
pub fn final_answer(
    result: &SearchResult<MoveInfo>,
    rule_set: RuleSet,
) -> Result<pb::BestMoveResponse, Status> {
    let Some(best) = &result.best_move else {
        return Err(no_legal_move());
    };
    Ok(pb::BestMoveResponse {
        best_move: Some(move_info(best.clone())),
        score: Some(score(result.score, result.wdl)),
        pv: moves(&result.pv),
        depth: result.depth,
        seldepth: result.seldepth,
        nodes: result.nodes,
        time_ms: millis(result.elapsed),
        lines: result.lines.iter().map(line).collect(),
        stop_reason: stop_reason(result.stop_reason).into(),
        rule_set: super::rule_set(rule_set).into(),
    })
}

fn info_event(info: &SearchInfo<MoveInfo>) -> pb::AnalyzeResponse {
    let secs = info.elapsed.as_secs_f64();
    #[allow(
        clippy::cast_precision_loss,
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss
    )]
    let nps = if secs > 0.0 {
        (info.nodes as f64 / secs) as u64
    } else {
        0
    };
    pb::AnalyzeResponse {
        event: Some(pb::analyze_response::Event::Info(pb::AnalysisInfo {
            line: Some(line(info)),
            nodes: info.nodes,
            time_ms: millis(info.elapsed),
            nps,
        })),
    }
}

/// One search event as the wire carries it: an info line, or the final answer
/// (an error when the root had no legal move).
pub fn wire_event(event: &AnalysisEvent, rule_set: RuleSet) -> Result<pb::AnalyzeResponse, Status> {
    match event {
        SearchEvent::Info(info) => Ok(info_event(info)),
        SearchEvent::Done(result) => Ok(pb::AnalyzeResponse {
            event: Some(pb::analyze_response::Event::BestMove(final_answer(
                result, rule_set,
            )?)),
        }),
    }
}

/// Longest clock a request may report, per side: a week.
const MAX_CLOCK_MS: u64 = 7 * 24 * 3600 * 1000;

/// Reads a game clock; `overhead` is kept back from every move.
pub fn clock_limits(clock: pb::ClockLimits, overhead: Duration) -> Result<ClockLimits, Status> {
    let pb::ClockLimits {
        white_ms,
        black_ms,
        white_increment_ms,
        black_increment_ms,
        moves_to_go,
    } = clock;
    let millis = |field: &str, ms: u64| {
        if ms > MAX_CLOCK_MS {
            Err(invalid_argument(
                &format!("limits.clock.{field}"),
                &format!("must be at most {MAX_CLOCK_MS} (a week), got {ms}"),
            ))
        } else {
            Ok(Duration::from_millis(ms))
        }
    };
    Ok(ClockLimits {
        white: millis("white_ms", white_ms)?,
        black: millis("black_ms", black_ms)?,
        white_increment: millis("white_increment_ms", white_increment_ms)?,
        black_increment: millis("black_increment_ms", black_increment_ms)?,
        moves_to_go: (moves_to_go > 0).then_some(moves_to_go),
        overhead,
    })
}

/// Reads a strength and its seed; absent means full strength, an absent
/// seed a fresh one.
pub fn strength(strength: Option<pb::Strength>, seed: Option<u64>) -> Result<Strength, Status> {
    use arbiter_engine::strength::{FULL_STRENGTH, MAX_ELO, MIN_ELO, MIN_LEVEL, level_for_elo};
    let level = match strength.and_then(|s| s.value) {
        None => FULL_STRENGTH,
        Some(pb::strength::Value::Level(level)) => u8::try_from(level)
            .ok()
            .filter(|l| (MIN_LEVEL..=FULL_STRENGTH).contains(l))
            .ok_or_else(|| {
                invalid_argument(
                    "strength.level",
                    &format!("must be {MIN_LEVEL} to {FULL_STRENGTH}, got {level}"),
                )
            })?,
        Some(pb::strength::Value::Elo(elo)) if (MIN_ELO..=MAX_ELO).contains(&elo) => {
            level_for_elo(elo)
        }
        Some(pb::strength::Value::Elo(elo)) => {
            return Err(invalid_argument(
                "strength.elo",
                &format!("must be {MIN_ELO} to {MAX_ELO}, got {elo}"),
            ));
        }
    };
    Ok(Strength {
        level,
        seed: seed.unwrap_or_else(arbiter_engine::strength::fresh_seed),
    })
}

/// The strength asked of an external engine, read from a request whose
/// strength [`strength`] has already accepted: a level 1-19 or an Elo (the
/// engine maps them to its own options); level 20 and none are full
/// strength.
#[must_use]
pub fn external_strength(strength: Option<pb::Strength>) -> crate::engines::Strength {
    use crate::engines::Strength as External;
    match strength.and_then(|s| s.value) {
        None => External::Full,
        Some(pb::strength::Value::Level(level)) => match u8::try_from(level) {
            Ok(level @ 1..=19) => External::Level(level),
            _ => External::Full,
        },
        Some(pb::strength::Value::Elo(elo)) => External::Elo(elo),
    }
}
