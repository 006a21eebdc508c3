//! The server's own work for one `Rules.LegalMoves` call, without the
//! transport: decode the request bytes, run the handler, encode the answer.
//! The service-load figures in BENCHMARKS.md add HTTP/2 and loopback on top;
//! this isolates the part a code change to the rules path can move.

// `criterion_group!` writes a public function without a doc comment, and a
// bench has no API to document.
#![allow(missing_docs)]

#[path = "../tests/support/mod.rs"]
mod support;

use std::hint::black_box;

use arbiter::proto::{self as pb, rules_server::Rules};
use arbiter::transport::rpc::rules::{Limits, RulesService};
use criterion::{Criterion, criterion_group, criterion_main};
use prost::Message;

/// The server's allocator, so that the figures match the service's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const XIANGQI_MIDDLE_GAME: &str =
    "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1";

fn request(variant: pb::Variant, fen: &str, view: pb::MoveView) -> Vec<u8> {
    pb::LegalMovesRequest {
        position: Some(pb::Position {
            variant: variant.into(),
            fen: fen.to_owned(),
            ..pb::Position::default()
        }),
        options: None,
        view: view.into(),
    }
    .encode_to_vec()
}

/// One LegalMoves call as the server makes it: the request's bytes
/// decoded, the handler run, the answer encoded, all inside one `block_on`
/// (so that an instruction count of the runtime's `Context::enter` covers
/// the three, whichever of them a change moves work between).
fn legal_moves_call(runtime: &tokio::runtime::Runtime, service: &RulesService, bytes: &[u8]) {
    let encoded = runtime.block_on(async {
        let request = pb::LegalMovesRequest::decode(black_box(bytes)).expect("the request decodes");
        service
            .legal_moves(tonic::Request::new(request))
            .await
            .expect("the call succeeds")
            .into_inner()
            .encode_to_vec()
    });
    black_box(encoded);
}

fn bench(c: &mut Criterion) {
    let service = RulesService::new(Limits {
        max_history_moves: 10_000,
        max_perft_depth: 5,
        max_batch_items: 1000,
        play_idle_timeout: std::time::Duration::from_secs(300),
    });
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .expect("a current-thread runtime");
    let mut group = c.benchmark_group("legal_moves_call");
    for (name, variant, fen, view) in [
        (
            "chess_full",
            pb::Variant::Chess,
            KIWIPETE,
            pb::MoveView::Full,
        ),
        (
            "chess_coordinates",
            pb::Variant::Chess,
            KIWIPETE,
            pb::MoveView::Coordinates,
        ),
        (
            "xiangqi_full",
            pb::Variant::Xiangqi,
            XIANGQI_MIDDLE_GAME,
            pb::MoveView::Full,
        ),
        (
            "xiangqi_coordinates",
            pb::Variant::Xiangqi,
            XIANGQI_MIDDLE_GAME,
            pb::MoveView::Coordinates,
        ),
    ] {
        let bytes = request(variant, fen, view);
        group.bench_function(name, |b| {
            b.iter(|| legal_moves_call(&runtime, &service, &bytes));
        });
    }
    let bytes = pb::GameStatusRequest {
        position: Some(pb::Position {
            variant: pb::Variant::Chess.into(),
            moves: support::long_game::chess(200, false),
            ..pb::Position::default()
        }),
        options: None,
    }
    .encode_to_vec();
    group.bench_function("chess_game_status_200_plies", |b| {
        b.iter(|| {
            black_box(runtime.block_on(async {
                let request = pb::GameStatusRequest::decode(black_box(bytes.as_slice()))
                    .expect("the request decodes");
                service
                    .game_status(tonic::Request::new(request))
                    .await
                    .expect("the call succeeds")
                    .into_inner()
                    .encode_to_vec()
            }))
        });
    });
    group.finish();

    // The positions of the Batch load figures (batch_load.rs), one call
    // each: what a position costs the handler alone, the floor under what
    // it can cost through Batch.
    let fens = support::long_game::chess_middle_game_fens();
    let mut group = c.benchmark_group("legal_moves_middle_game");
    group.throughput(criterion::Throughput::Elements(fens.len() as u64));
    for (name, view) in [
        ("full", pb::MoveView::Full),
        ("coordinates", pb::MoveView::Coordinates),
    ] {
        let requests: Vec<Vec<u8>> = fens
            .iter()
            .map(|fen| request(pb::Variant::Chess, fen, view))
            .collect();
        group.bench_function(name, |b| {
            b.iter(|| {
                for bytes in &requests {
                    legal_moves_call(&runtime, &service, bytes);
                }
            });
        });
    }
    group.finish();

    // A batch item against the unary call: the same LegalMoves answer,
    // spliced into a BatchResponse. Four items are answered in place (one
    // core, no hand-off), a hundred are split over the cores (wall time, not
    // CPU).
    let mut group = c.benchmark_group("batch_call");
    for items in [4_u64, 100] {
        let item = pb::BatchItem {
            request: Some(pb::batch_item::Request::LegalMoves(pb::LegalMovesRequest {
                position: Some(pb::Position {
                    variant: pb::Variant::Chess.into(),
                    fen: KIWIPETE.to_owned(),
                    ..pb::Position::default()
                }),
                options: None,
                view: pb::MoveView::Full.into(),
            })),
        };
        let bytes = pb::BatchRequest {
            items: vec![item; usize::try_from(items).expect("small")],
        }
        .encode_to_vec();
        group.throughput(criterion::Throughput::Elements(items));
        group.bench_function(format!("chess_full_{items}_items"), |b| {
            b.iter(|| {
                black_box(runtime.block_on(async {
                    let request = pb::BatchRequest::decode(black_box(bytes.as_slice()))
                        .expect("the request decodes");
                    service
                        .batch(tonic::Request::new(request))
                        .await
                        .expect("the call succeeds")
                        .into_inner()
                        .encode_to_vec()
                }))
            });
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
