//! A minimal UCI front end over the search, for engine-vs-engine matches
//! while tuning (`cargo run --release --example uci`). Not part of the
//! service.

use std::io::{BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use arbiter::eval::ChessEvaluator;
use arbiter::search::chess::ChessNode;
use arbiter::search::{Limits, Score, SearchRequest, TranspositionTable, search};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Move, Position};

fn parse_position(words: &[&str]) -> Option<(Chess, Vec<Move>)> {
    let mut pos = Chess::default();
    let mut rest = words;
    if rest.first() == Some(&"startpos") {
        rest = &rest[1..];
    } else if rest.first() == Some(&"fen") {
        let end = rest
            .iter()
            .position(|w| *w == "moves")
            .unwrap_or(rest.len());
        let fen: Fen = rest[1..end].join(" ").parse().ok()?;
        pos = fen.into_position(CastlingMode::Standard).ok()?;
        rest = &rest[end..];
    }
    let mut moves = Vec::new();
    if rest.first() == Some(&"moves") {
        let start = pos.clone();
        let mut cur = start.clone();
        for w in &rest[1..] {
            let m = w.parse::<UciMove>().ok()?.to_move(&cur).ok()?;
            cur.play_unchecked(m);
            moves.push(m);
        }
        return Some((start, moves));
    }
    Some((pos, moves))
}

fn main() {
    let stdin = std::io::stdin();
    let mut game: (Chess, Vec<Move>) = (Chess::default(), Vec::new());
    let mut tt_mb = 16;
    let stop = Arc::new(AtomicBool::new(false));
    let mut running: Option<JoinHandle<TranspositionTable>> = None;
    let mut tt = Some(TranspositionTable::new(tt_mb));
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split_whitespace().collect();
        let wait = |running: &mut Option<JoinHandle<TranspositionTable>>,
                    tt: &mut Option<TranspositionTable>| {
            if let Some(h) = running.take() {
                *tt = h.join().ok();
            }
        };
        match words.first().copied() {
            Some("uci") => {
                println!(
                    "id name Arbiter\nid author Arbiter\noption name Hash type spin default 16 min 1 max 1024\nuciok"
                );
            }
            Some("isready") => println!("readyok"),
            Some("setoption") => {
                if let (Some(name), Some(value)) = (words.get(2), words.get(4))
                    && name.eq_ignore_ascii_case("hash")
                {
                    tt_mb = value.parse().unwrap_or(16);
                    wait(&mut running, &mut tt);
                    tt = Some(TranspositionTable::new(tt_mb));
                }
            }
            Some("ucinewgame") => {}
            Some("position") => {
                if let Some(g) = parse_position(&words[1..]) {
                    game = g;
                }
            }
            Some("go") => {
                wait(&mut running, &mut tt);
                let mut limits = Limits::default();
                let mut i = 1;
                let white = game.1.len().is_multiple_of(2) == game.0.turn().is_white();
                let (mut time_left, mut inc) = (None, 0u64);
                while i < words.len() {
                    let value = words.get(i + 1).and_then(|v| v.parse::<u64>().ok());
                    match (words[i], value) {
                        ("depth", Some(v)) => limits.depth = Some(v as u32),
                        ("nodes", Some(v)) => limits.nodes = Some(v),
                        ("movetime", Some(v)) => limits.movetime = Some(Duration::from_millis(v)),
                        ("wtime", Some(v)) if white => time_left = Some(v),
                        ("btime", Some(v)) if !white => time_left = Some(v),
                        ("winc", Some(v)) if white => inc = v,
                        ("binc", Some(v)) if !white => inc = v,
                        _ => {}
                    }
                    i += 1;
                }
                if let Some(t) = time_left {
                    limits.movetime = Some(Duration::from_millis((t / 30 + inc / 2).min(t / 2)));
                }
                let request =
                    SearchRequest::after_moves(ChessNode::new(game.0.clone()), &game.1, limits);
                stop.store(false, Ordering::Relaxed);
                let stop = Arc::clone(&stop);
                let mut table = tt.take().unwrap_or_else(|| TranspositionTable::new(tt_mb));
                running = Some(std::thread::spawn(move || {
                    let result = search(&request, &ChessEvaluator, &mut table, stop, &mut |info| {
                        let score = match info.score {
                            Score::Centipawns(cp) => format!("cp {cp}"),
                            Score::Mate(n) => format!("mate {n}"),
                        };
                        let pv: Vec<String> = info
                            .pv
                            .iter()
                            .map(|m| m.to_uci(CastlingMode::Standard).to_string())
                            .collect();
                        println!(
                            "info depth {} seldepth {} multipv {} score {} nodes {} time {} pv {}",
                            info.depth,
                            info.seldepth,
                            info.multipv,
                            score,
                            info.nodes,
                            info.elapsed.as_millis(),
                            pv.join(" ")
                        );
                    });
                    match result.best_move {
                        Some(m) => println!("bestmove {}", m.to_uci(CastlingMode::Standard)),
                        None => println!("bestmove 0000"),
                    }
                    let _ = std::io::stdout().flush();
                    table
                }));
            }
            Some("stop") => {
                stop.store(true, Ordering::Relaxed);
                wait(&mut running, &mut tt);
            }
            Some("quit") => {
                stop.store(true, Ordering::Relaxed);
                wait(&mut running, &mut tt);
                break;
            }
            _ => {}
        }
        let _ = std::io::stdout().flush();
    }
}
