//! Replays the saved fuzz corpus (`fuzz/corpus/<target>/*`) through the
//! same harnesses cargo-fuzz drives, so the corpus runs in every `cargo test`
//! on stable Rust.
//!
//! `cargo test --profile ci --test service -- --ignored write_seed_corpus` rewrites
//! the hand-made seeds (files named `seed-*`); files found by the fuzzer sit
//! beside them under their content hash.

#![allow(clippy::unwrap_used)] // test helpers may panic on broken fixtures

use std::{
    fs,
    path::{Path, PathBuf},
};

use arbiter::{
    fuzz::{self, Target},
    proto as pb,
};

use crate::support::chess;

fn corpus_dir(target: Target) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/corpus")
        .join(target.name())
}

fn replay(target: Target) -> usize {
    let dir = corpus_dir(target);
    let mut count = 0;
    for entry in fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        let data = fs::read(&path).unwrap();
        let outcome = std::panic::catch_unwind(|| fuzz::run(target, &data));
        assert!(
            outcome.is_ok(),
            "{} failed on {}",
            target.name(),
            path.display()
        );
        count += 1;
    }
    count
}

#[test]
fn chess_fen_corpus() {
    assert!(replay(Target::ChessFen) >= 10);
}

#[test]
fn chess_move_corpus() {
    assert!(replay(Target::ChessMove) >= 10);
}

#[test]
fn rules_request_corpus() {
    assert!(replay(Target::RulesRequest) >= 10);
}

#[test]
fn xiangqi_fen_corpus() {
    assert!(replay(Target::XiangqiFen) >= 10);
}

#[test]
fn xiangqi_move_corpus() {
    assert!(replay(Target::XiangqiMove) >= 10);
}

#[test]
fn every_target_has_a_corpus() {
    for target in Target::ALL {
        assert!(
            corpus_dir(target).is_dir(),
            "no corpus for {}",
            target.name()
        );
    }
}

fn seed_fens() -> Vec<String> {
    let mut fens: Vec<String> = fuzz::MOVE_POSITIONS.map(str::to_owned).to_vec();
    fens.extend(
        [
            "",
            "8/8/8/8/8/8/8/8 w - - 0 1",
            "QQQQQQQQ/QQQQQQQQ/8/8/8/8/8/k6K w - - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4294967296 1",
            "k7/8/8/8/8/8/8/QQQQKQQQ w - - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - 0 1",
            "r\u{e9}bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ]
        .map(str::to_owned),
    );
    fens.push("8/".repeat(40));
    fens
}

const SEED_MOVES: [&str; 24] = [
    "e2e4",
    "e4",
    "Nf3",
    "O-O",
    "O-O-O",
    "0-0",
    "e1g1",
    "e1h1",
    "b7b8q",
    "b7b8",
    "bxa8=Q",
    "g2g1n",
    "exf6",
    "e5f6",
    "Nb6",
    "Nac7",
    "N1b3",
    "e7e8k",
    "a1a1",
    "@@@@",
    "",
    "   e2e4   ",
    "Kd1+",
    "\u{265e}f3",
];

fn seed_xiangqi_fens() -> Vec<String> {
    let mut fens: Vec<String> = fuzz::XIANGQI_MOVE_POSITIONS.map(str::to_owned).to_vec();
    fens.extend(
        [
            "",
            "9/9/9/9/9/9/9/9/9/9 w - - 0 1",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9 w - - 0 1",
            "rnbakabnr/10/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x - - 0 1",
            "4k4/9/9/PPPPPPPPP/PPPPPPPPP/9/9/9/9/4K4 w - - 0 1",
            "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
            "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 99999999999 1",
        ]
        .map(str::to_owned),
    );
    fens
}

const SEED_XIANGQI_MOVES: [&str; 20] = [
    "h2e2",
    "h3e3",
    "H2-E2",
    "b0c2",
    "b1c3",
    "C2.5",
    "H2+3",
    "R1+1",
    "C8.5",
    "P7+1",
    "+C.5",
    "e0e1",
    "e1e2",
    "a0a10",
    "z9z9",
    "",
    "   h2e2  ",
    "\u{70ae}\u{4e8c}\u{5e73}\u{4e94}",
    "h2e2h2e2",
    "K5+1",
];

fn seed_requests() -> Vec<Vec<u8>> {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let repetition = ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"];
    let mut requests = Vec::new();
    for pos in [
        chess("", &[]),
        chess(kiwipete, &["e2a6", "b4c3"]),
        chess("", &repetition),
        chess("", &["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]),
        chess("", &["e4", "e5", "e4"]),
        chess("not a fen", &[]),
        None,
    ] {
        requests.push(fuzz::encode_rules_request(
            0,
            &pb::LegalMovesRequest {
                position: pos.clone(),
                options: None,
                view: 0,
            },
        ));
        requests.push(fuzz::encode_rules_request(
            1,
            &pb::ValidateMoveRequest {
                position: pos.clone(),
                r#move: "e2e4".to_owned(),
                options: Some(pb::RuleOptions {
                    claim_draws: true,
                    ..Default::default()
                }),
            },
        ));
        requests.push(fuzz::encode_rules_request(
            2,
            &pb::GameStatusRequest {
                position: pos.clone(),
                options: Some(pb::RuleOptions {
                    rule_set: 77,
                    ..Default::default()
                }),
            },
        ));
        requests.push(fuzz::encode_rules_request(
            3,
            &pb::PerftRequest {
                position: pos,
                depth: 2,
                divide: true,
            },
        ));
    }
    requests.push(fuzz::encode_rules_request(
        0,
        &pb::LegalMovesRequest {
            position: Some(pb::Position {
                variant: 99,
                ..Default::default()
            }),
            options: None,
            view: 0,
        },
    ));
    requests.push(fuzz::encode_rules_request(
        0,
        &pb::LegalMovesRequest {
            position: chess("", &[]),
            options: None,
            view: 99,
        },
    ));
    let xiangqi = |fen: &str, moves: &[&str], coordinates: i32| {
        Some(pb::Position {
            variant: pb::Variant::Xiangqi.into(),
            fen: fen.to_owned(),
            moves: moves.iter().map(|m| (*m).to_owned()).collect(),
            coordinates,
            fen_strictness: 0,
            chinese_characters: 0,
        })
    };
    for pos in [
        xiangqi("", &["h2e2", "h9g7", "C2.5"], 0),
        xiangqi("", &["h3e3", "h10g8"], 1),
        xiangqi(fuzz::XIANGQI_MOVE_POSITIONS[1], &[], 0),
        xiangqi("4k4/9/9/PPPPPPPPP/PPPPPPPPP/9/9/9/9/4K4 w - - 0 1", &[], 0),
        xiangqi("", &["h2e2", "h2e2"], 0),
    ] {
        requests.push(fuzz::encode_rules_request(
            0,
            &pb::LegalMovesRequest {
                position: pos.clone(),
                options: Some(pb::RuleOptions {
                    rule_set: pb::RuleSet::Axf.into(),
                    ..Default::default()
                }),
                view: pb::MoveView::Coordinates.into(),
            },
        ));
        requests.push(fuzz::encode_rules_request(
            2,
            &pb::GameStatusRequest {
                position: pos.clone(),
                options: None,
            },
        ));
        requests.push(fuzz::encode_rules_request(
            1,
            &pb::ValidateMoveRequest {
                position: pos,
                r#move: "h0g2".to_owned(),
                options: None,
            },
        ));
    }
    // Engine requests (selectors 4 and 5), with the harness's tiny limits.
    let limit = |limit| Some(pb::SearchLimits { limit: Some(limit) });
    use pb::search_limits::Limit;
    for (pos, limits, multipv) in [
        (chess("", &[]), limit(Limit::Nodes(500)), 1),
        (chess(kiwipete, &[]), limit(Limit::Depth(2)), 3),
        (
            chess("", &["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]),
            None,
            0,
        ),
        (chess("", &[]), limit(Limit::Depth(0)), 0),
        (chess("", &[]), limit(Limit::MovetimeMs(5)), 9),
        (xiangqi("", &["h2e2"], 0), limit(Limit::Nodes(800)), 2),
        (xiangqi("", &[], 0), limit(Limit::Depth(99)), 1),
        (None, None, 0),
    ] {
        requests.push(fuzz::encode_rules_request(
            4,
            &pb::BestMoveRequest {
                position: pos.clone(),
                limits,
                multipv,
                options: None,
                ..Default::default()
            },
        ));
        requests.push(fuzz::encode_rules_request(
            5,
            &pb::AnalyzeRequest {
                position: pos,
                limits,
                multipv,
                options: None,
                ..Default::default()
            },
        ));
    }
    requests.push(vec![0, 0x0a, 0x05, 0x12, 0x03, 0xff, 0xfe, 0xfd]);
    requests.push(vec![2, 0xff, 0xff, 0xff]);
    requests
}

fn write_seeds(target: Target, seeds: impl IntoIterator<Item = Vec<u8>>) {
    let dir = corpus_dir(target);
    fs::create_dir_all(&dir).unwrap();
    for entry in fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with("seed-"))
        {
            fs::remove_file(path).unwrap();
        }
    }
    for (index, seed) in seeds.into_iter().enumerate() {
        fs::write(dir.join(format!("seed-{index:03}")), seed).unwrap();
    }
}

#[test]
#[ignore = "rewrites fuzz/corpus/*/seed-*; run by hand"]
fn write_seed_corpus() {
    write_seeds(
        Target::ChessFen,
        seed_fens().into_iter().map(String::into_bytes),
    );
    let moves = (0..fuzz::MOVE_POSITIONS.len()).flat_map(|selector| {
        SEED_MOVES.iter().map(move |m| {
            let mut bytes = vec![u8::try_from(selector).unwrap()];
            bytes.extend(m.as_bytes());
            bytes
        })
    });
    write_seeds(Target::ChessMove, moves);
    write_seeds(Target::RulesRequest, seed_requests());
    write_seeds(
        Target::XiangqiFen,
        seed_xiangqi_fens().into_iter().map(String::into_bytes),
    );
    let xiangqi_moves = (0..fuzz::XIANGQI_MOVE_POSITIONS.len() * 2).flat_map(|selector| {
        SEED_XIANGQI_MOVES.iter().map(move |m| {
            let mut bytes = vec![u8::try_from(selector).unwrap()];
            bytes.extend(m.as_bytes());
            bytes
        })
    });
    write_seeds(Target::XiangqiMove, xiangqi_moves);
}
