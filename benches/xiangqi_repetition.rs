//! Cost of the repetition rulings: replaying a long history (every quiet ply gets its chase
//! set) and answering LegalMoves with forbidden-repetition flags. Throughput is in plies.

#![allow(clippy::unwrap_used)]
// `criterion_group!` writes a public function without a doc comment, and a
// bench has no API to document.
#![allow(missing_docs)]

use std::hint::black_box;

use arbiter_rules::xiangqi::chase::chased_by;
use arbiter_rules::xiangqi::{GameRecord, Position, StatusOptions, XiangqiGame, notation};
use arbiter_rules::{LoadOptions, RuleOptions};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

#[path = "../tests/support/mod.rs"]
mod support;

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("xiangqi_repetition");
    let moves = support::long_game::xiangqi(300);
    let text: Vec<String> = moves
        .iter()
        .map(|&m| notation::format_iccs(m).to_string())
        .collect();
    let options = StatusOptions {
        move_limit_plies: 0,
        ..StatusOptions::default()
    };
    group.throughput(Throughput::Elements(moves.len() as u64));
    group.bench_function("replay_300_plies", |b| {
        b.iter(|| {
            let mut record = GameRecord::new(Position::startpos(), options);
            for &m in black_box(&moves) {
                record.push(m).unwrap();
            }
            record.finish()
        });
    });
    // The chase sets alone, over the same positions.
    let mut positions = vec![Position::startpos()];
    for &m in &moves {
        let mut next = positions[positions.len() - 1].clone();
        next.play(m);
        positions.push(next);
    }
    group.bench_function("chase_sets_300_plies", |b| {
        b.iter(|| {
            let mut total = 0;
            for (i, &m) in moves.iter().enumerate() {
                total += chased_by(&positions[i], &positions[i + 1], black_box(m)).len();
            }
            total
        });
    });
    let rules = RuleOptions {
        move_limit_plies: 0,
        ..RuleOptions::default()
    };
    group.bench_function("load_and_legal_moves_300_plies", |b| {
        b.iter(|| {
            let game =
                XiangqiGame::load("", black_box(&text), LoadOptions::default(), &rules).unwrap();
            game.legal_moves()
        });
    });
    // Fairy-Stockfish "direct chase by cannon", one move before the ruling: LegalMoves
    // must replay the loop for the one candidate that completes it.
    let fen = "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1";
    let chase: Vec<String> = [
        "c2a2", "a7b7", "a2b2", "b7a7", "b2a2", "a7b7", "a2b2", "b7a7",
    ]
    .iter()
    .map(|s| (*s).to_owned())
    .collect();
    group.throughput(Throughput::Elements(chase.len() as u64));
    group.bench_function("legal_moves_with_flag", |b| {
        b.iter(|| {
            let game =
                XiangqiGame::load(fen, black_box(&chase), LoadOptions::default(), &rules).unwrap();
            game.legal_moves()
        });
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
