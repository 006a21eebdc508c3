//! Search speed in nodes per second, per game: fixed node-limited searches
//! (deterministic, so every sample does the same work).

// `criterion_group!` writes a public function without a doc comment, and a
// bench has no API to document.
#![allow(missing_docs)]

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use arbiter_engine::Evaluator;
use arbiter_engine::chess::ChessNode;
use arbiter_engine::eval::{ChessEvaluator, XiangqiEvaluator};
use arbiter_engine::xiangqi::XiangqiNode;
use arbiter_engine::{Limits, SearchGame, SearchMemory, SearchRequest, search};
use arbiter_rules::Strictness;
use arbiter_rules::xiangqi::Position;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

const NODES: u64 = 200_000;

fn bench_game<G: SearchGame, E: Evaluator<G>>(
    c: &mut Criterion,
    name: &str,
    root: G,
    evaluator: E,
) {
    let request = SearchRequest::new(
        root,
        Limits {
            nodes: Some(NODES),
            ..Limits::default()
        },
    );
    let mut memory = SearchMemory::new(16);
    let mut group = c.benchmark_group("search");
    group.throughput(Throughput::Elements(NODES));
    group.sample_size(10);
    group.bench_function(name, |b| {
        b.iter(|| {
            search(
                &request,
                &evaluator,
                &mut memory,
                Arc::new(AtomicBool::new(false)),
                &mut |_| {},
            )
        })
    });
    group.finish();
}

fn chess(fen: &str) -> ChessNode {
    let position: Chess = fen
        .parse::<Fen>()
        .ok()
        .and_then(|f| f.into_position(CastlingMode::Standard).ok())
        .unwrap_or_default();
    ChessNode::new(position)
}

fn xiangqi(fen: &str) -> XiangqiNode {
    XiangqiNode::new(Position::from_fen(fen, Strictness::Strict).unwrap_or_default())
}

fn benches(c: &mut Criterion) {
    bench_game(
        c,
        "chess/startpos",
        chess("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        ChessEvaluator,
    );
    bench_game(
        c,
        "chess/middlegame",
        chess("r1bq1rk1/pp2bppp/2n1pn2/2pp4/2PP4/2NBPN2/PP3PPP/R1BQ1RK1 w - - 2 8"),
        ChessEvaluator,
    );
    bench_game(
        c,
        "xiangqi/startpos",
        xiangqi("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"),
        XiangqiEvaluator,
    );
    bench_game(
        c,
        "xiangqi/middlegame",
        xiangqi("r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN1C1N2/9/R1BAKAB1R w - - 4 3"),
        XiangqiEvaluator,
    );
}

criterion_group!(search_benches, benches);
criterion_main!(search_benches);
