//! Xiangqi perft speed: the start position and two middle games of the perft suite
//! (`tests/data/xiangqi.epd` lines 2 and 30). Throughput is in leaf nodes.

#![allow(clippy::unwrap_used)]
// `criterion_group!` writes a public function without a doc comment, and a
// bench has no API to document.
#![allow(missing_docs)]

use std::hint::black_box;

use arbiter_rules::Strictness;
use arbiter_rules::xiangqi::{Position, START_FEN, perft};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const CASES: [(&str, &str, u32); 4] = [
    ("startpos_d4", START_FEN, 4),
    ("startpos_d5", START_FEN, 5),
    (
        "fs_midgame_d4",
        "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
        4,
    ),
    (
        "playout25_d4",
        "rn1a5/4k4/3c1C2b/p1p1p1p1p/9/P1P6/4P1P1P/R8/4c3R/1NBAK1BN1 b - - 1 13",
        4,
    ),
];

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("xiangqi_perft");
    group.sample_size(10);
    for (name, fen, depth) in CASES {
        let pos = Position::from_fen(fen, Strictness::Lenient).unwrap();
        group.throughput(Throughput::Elements(perft(&pos, depth)));
        group.bench_function(name, |b| b.iter(|| perft(black_box(&pos), depth)));
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
