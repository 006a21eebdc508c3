//! Chess perft speed through the service's domain layer (shakmaty with bulk
//! counting): the start position and "kiwipete". Throughput is in leaf nodes.

#![allow(clippy::unwrap_used)]
// `criterion_group!` writes a public function without a doc comment, and a
// bench has no API to document.
#![allow(missing_docs)]

use std::hint::black_box;

use arbiter_rules::{Game, LoadOptions, RuleOptions, Variant};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const CASES: [(&str, &str, u32); 3] = [
    ("startpos_d5", "", 5),
    (
        "kiwipete_d4",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
    ),
    (
        "cpw6_d4",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        4,
    ),
];

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("chess_perft");
    group.sample_size(10);
    for (name, fen, depth) in CASES {
        let game = Game::load(
            Variant::Chess,
            fen,
            &[] as &[&str],
            LoadOptions::default(),
            &RuleOptions::default(),
        )
        .unwrap();
        group.throughput(Throughput::Elements(game.perft(depth, false).nodes));
        group.bench_function(name, |b| b.iter(|| black_box(&game).perft(depth, false)));
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
