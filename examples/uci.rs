//! A minimal UCI front end over the search, for engine-vs-engine matches
//! while tuning (`cargo run --release --example uci`). Not part of the
//! service. `setoption name UCI_Variant value xiangqi` switches to xiangqi
//! with Fairy-Stockfish's 1-based coordinates.

use std::io::{BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use arbiter::game::Strictness;
use arbiter::game::xiangqi::Position as XiangqiPosition;
use arbiter::game::xiangqi::notation::{format_one_based, parse_one_based};
use arbiter::search::Evaluator;
use arbiter::search::chess::ChessNode;
use arbiter::search::eval::{ChessEvaluator, XiangqiEvaluator};
use arbiter::search::xiangqi::XiangqiNode;
use arbiter::search::{
    Limits, Score, SearchGame, SearchInfo, SearchRequest, TranspositionTable, search,
};
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

type XiangqiGame = (XiangqiPosition, Vec<arbiter::game::xiangqi::Move>);

fn parse_xiangqi(words: &[&str]) -> Option<XiangqiGame> {
    let mut pos = XiangqiPosition::startpos();
    let mut rest = words;
    if rest.first() == Some(&"startpos") {
        rest = &rest[1..];
    } else if rest.first() == Some(&"fen") {
        let end = rest
            .iter()
            .position(|w| *w == "moves")
            .unwrap_or(rest.len());
        pos = XiangqiPosition::from_fen(&rest[1..end].join(" "), Strictness::Lenient).ok()?;
        rest = &rest[end..];
    }
    let start = pos.clone();
    let mut moves = Vec::new();
    if rest.first() == Some(&"moves") {
        for w in &rest[1..] {
            let m = parse_one_based(w).ok()?;
            if !pos.legal_moves().contains(&m) {
                return None;
            }
            pos.play(m);
            moves.push(m);
        }
    }
    Some((start, moves))
}

fn score_text(score: Score) -> String {
    match score {
        Score::Centipawns(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    }
}

fn print_info<M: Copy>(info: &SearchInfo<M>, format: impl Fn(M) -> String) {
    let pv: Vec<String> = info.pv.iter().map(|&m| format(m)).collect();
    println!(
        "info depth {} seldepth {} multipv {} score {} nodes {} time {} pv {}",
        info.depth,
        info.seldepth,
        info.multipv,
        score_text(info.score),
        info.nodes,
        info.elapsed.as_millis(),
        pv.join(" ")
    );
}

fn run<G: SearchGame, E: Evaluator<G> + 'static>(
    request: SearchRequest<G>,
    evaluator: E,
    mut table: TranspositionTable,
    stop: Arc<AtomicBool>,
    format: fn(G::Move) -> String,
) -> JoinHandle<TranspositionTable> {
    std::thread::spawn(move || {
        let result = search(&request, &evaluator, &mut table, stop, &mut |info| {
            print_info(info, format)
        });
        match result.best_move {
            Some(m) => println!("bestmove {}", format(m)),
            None => println!("bestmove 0000"),
        }
        let _ = std::io::stdout().flush();
        table
    })
}

fn main() {
    let mut xiangqi = false;
    let mut xiangqi_game: XiangqiGame = (XiangqiPosition::startpos(), Vec::new());
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
                    && name.eq_ignore_ascii_case("uci_variant")
                {
                    xiangqi = value.eq_ignore_ascii_case("xiangqi");
                }
                if let (Some(name), Some(value)) = (words.get(2), words.get(4))
                    && name.eq_ignore_ascii_case("hash")
                {
                    tt_mb = value.parse().unwrap_or(16);
                    wait(&mut running, &mut tt);
                    tt = Some(TranspositionTable::new(tt_mb));
                }
            }
            Some("ucinewgame") => {}
            Some("position") if xiangqi => {
                if let Some(g) = parse_xiangqi(&words[1..]) {
                    xiangqi_game = g;
                }
            }
            Some("position") => {
                if let Some(g) = parse_position(&words[1..]) {
                    game = g;
                }
            }
            Some("go") => {
                wait(&mut running, &mut tt);
                let mut limits = Limits::default();
                let mut i = 1;
                let white = if xiangqi {
                    xiangqi_game.1.len().is_multiple_of(2)
                        == (xiangqi_game.0.side_to_move() == arbiter::game::Side::White)
                } else {
                    game.1.len().is_multiple_of(2) == game.0.turn().is_white()
                };
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
                stop.store(false, Ordering::Relaxed);
                let table = tt.take().unwrap_or_else(|| TranspositionTable::new(tt_mb));
                let stop = Arc::clone(&stop);
                running = Some(if xiangqi {
                    let request = SearchRequest::after_moves(
                        XiangqiNode::new(xiangqi_game.0.clone()),
                        &xiangqi_game.1,
                        limits,
                    );
                    run(request, XiangqiEvaluator, table, stop, |m| {
                        format_one_based(m).to_string()
                    })
                } else {
                    let request =
                        SearchRequest::after_moves(ChessNode::new(game.0.clone()), &game.1, limits);
                    run(request, ChessEvaluator, table, stop, |m| {
                        m.to_uci(CastlingMode::Standard).to_string()
                    })
                });
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
