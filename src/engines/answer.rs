//! What an engine answers, judged and described by the rules crate: each
//! move of a line played on a copy of the root game (so a move is legal, or
//! the answer is refused), the line cut where the game ends under Arbiter's
//! rules, and each first move held to the root the engine was allowed.

use std::time::Duration;

use arbiter_engine::{Score, SearchInfo, SearchResult, StopReason, Wdl, wdl};
use arbiter_rules::{MoveInfo, Verdict};

use super::Prepared;
use crate::external::coordinates::{ranks_iccs, ranks_one_based};
use crate::external::{EngineScore, Info, Limit};

/// A move as the engine wrote it, in the text the request's game reads.
fn rules_text(prepared: &Prepared, engine_move: &str) -> String {
    let iccs = if prepared.engine_one_based {
        ranks_iccs(engine_move)
    } else {
        engine_move.to_owned()
    };
    if prepared.xiangqi && prepared.game_one_based {
        ranks_one_based(&iccs)
    } else {
        iccs
    }
}

/// A line from the root, described: every move legal, the first one among
/// the allowed root moves; cut after a move that ends the game.
///
/// # Errors
/// A sentence naming the move refused.
pub(super) fn describe_line(prepared: &Prepared, line: &[String]) -> Result<Vec<MoveInfo>, String> {
    let mut game = prepared.root.clone();
    let mut out = Vec::with_capacity(line.len());
    for (ply, engine_move) in line.iter().enumerate() {
        let text = rules_text(prepared, engine_move);
        match game.play(&text, &prepared.rules) {
            Ok(Verdict::Legal {
                info, status_after, ..
            }) => {
                if ply == 0 && !prepared.allowed.iter().any(|m| &*info.uci == m.as_str()) {
                    return Err(format!(
                        "{engine_move} is not among the moves it was allowed (searchmoves)"
                    ));
                }
                out.push(info);
                if status_after.outcome.is_over() {
                    break;
                }
            }
            Ok(Verdict::Illegal { detail, .. }) => {
                return Err(format!("{engine_move} (move {}): {detail}", ply + 1));
            }
            Err(error) => return Err(format!("{engine_move} (move {}): {error}", ply + 1)),
        }
    }
    Ok(out)
}

fn score(score: Option<EngineScore>) -> Score {
    match score {
        Some(EngineScore::Centipawns(cp)) => Score::Centipawns(cp),
        Some(EngineScore::Mate(n)) => Score::Mate(n),
        None => Score::Centipawns(0),
    }
}

/// The engine's own win/draw/loss when it reports one (`UCI_ShowWDL`),
/// else Arbiter's model of the score for the game.
fn wdl(prepared: &Prepared, info: &Info, score: Score) -> Wdl {
    match info.wdl {
        Some([win, draw, loss]) if win + draw + loss == 1000 => Wdl { win, draw, loss },
        _ if prepared.xiangqi => wdl::XIANGQI.wdl(score),
        _ => wdl::CHESS.wdl(score),
    }
}

/// An `info` line with a score and a line, described.
///
/// # Errors
/// As [`describe_line`].
pub(super) fn info_line(prepared: &Prepared, info: &Info) -> Result<SearchInfo<MoveInfo>, String> {
    let pv = describe_line(prepared, &info.pv)?;
    let score = score(info.score);
    let depth = info.depth.unwrap_or(0);
    Ok(SearchInfo {
        depth,
        seldepth: info.seldepth.unwrap_or(depth),
        multipv: usize::try_from(info.multipv.unwrap_or(1)).unwrap_or(1),
        score,
        wdl: wdl(prepared, info, score),
        pv,
        nodes: info.nodes.unwrap_or(0),
        elapsed: Duration::from_millis(info.time_ms.unwrap_or(0)),
    })
}

/// The final answer: the best move (which must be legal and allowed), the
/// last line reported for each MultiPV rank, the best line when it starts
/// with the best move.
///
/// # Errors
/// No move, or a move or line refused (see [`describe_line`]).
pub(super) fn result(
    prepared: &Prepared,
    best: Option<&str>,
    lines: &[Option<Info>],
    elapsed: Duration,
    cancelled: bool,
) -> Result<SearchResult<MoveInfo>, String> {
    let Some(best) = best else {
        return Err("it answered no move in a position with legal moves".to_owned());
    };
    let best_info = describe_line(prepared, &[best.to_owned()])?;
    let Some(best_move) = best_info.first().cloned() else {
        return Err(format!("{best}: no move"));
    };
    let described: Vec<SearchInfo<MoveInfo>> = lines
        .iter()
        .take(prepared.multipv)
        .flatten()
        .map(|info| info_line(prepared, info))
        .collect::<Result<_, _>>()?;
    let first = lines.first().and_then(Option::as_ref);
    let main = described.first();
    let pv = match main {
        Some(line) if line.pv.first().is_some_and(|m| m.uci == best_move.uci) => line.pv.clone(),
        _ => vec![best_move.clone()],
    };
    let score = score(first.and_then(|info| info.score));
    let depth = main.map_or(0, |line| line.depth);
    let stop_reason = match (prepared.limit, score) {
        (Limit::Mate(_), Score::Mate(n)) if n > 0 => StopReason::MateFound,
        (Limit::Depth(limit), _) if depth >= limit => StopReason::DepthReached,
        (Limit::Nodes(_), _) if !cancelled => StopReason::NodeLimit,
        _ if cancelled => StopReason::Stopped,
        _ => StopReason::TimeUp,
    };
    Ok(SearchResult {
        best_move: Some(best_move),
        score,
        wdl: first.map_or_else(|| wdl::CHESS.wdl(score), |info| wdl(prepared, info, score)),
        pv,
        depth,
        seldepth: main.map_or(0, |line| line.seldepth),
        nodes: lines
            .iter()
            .flatten()
            .filter_map(|info| info.nodes)
            .max()
            .unwrap_or(0),
        elapsed,
        lines: described,
        stop_reason,
    })
}
