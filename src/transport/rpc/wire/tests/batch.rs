//! Batch results written by the hand codec (LegalMoves answers spliced in),
//! byte for byte as prost writes the same `BatchResponse`.

use prost::Message;

use super::{direct, game};
use crate::{
    proto::{self as pb, batch_result::Result as Outcome},
    transport::rpc::wire::{EncodedBatchResponse, EncodedBatchResult, EncodedLegalMoves},
};
use arbiter_rules::{RuleOptions, Variant};

/// A LegalMoves answer of each view and game, an empty one (checkmate), and
/// every other kind of outcome, including default messages, whose oneof
/// member must still be written.
fn outcomes() -> Vec<Outcome> {
    let options = RuleOptions::default();
    let mut outcomes = Vec::new();
    for (variant, fen, moves) in [
        (
            Variant::Chess,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            &[][..],
        ),
        (
            Variant::Chess,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            &["f2f3", "e7e5", "g2g4", "d8h4"][..],
        ),
        (
            Variant::Xiangqi,
            "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
            &[][..],
        ),
    ] {
        let game = game(variant, fen, moves, &options);
        for full in [true, false] {
            let bytes = direct(&game, &options, full);
            outcomes.push(Outcome::LegalMoves(
                pb::LegalMovesResponse::decode(bytes.as_slice()).unwrap(),
            ));
        }
    }
    outcomes.push(Outcome::LegalMoves(pb::LegalMovesResponse::default()));
    outcomes.push(Outcome::ValidateMove(pb::ValidateMoveResponse {
        legal: true,
        ..pb::ValidateMoveResponse::default()
    }));
    outcomes.push(Outcome::ValidateMove(pb::ValidateMoveResponse::default()));
    outcomes.push(Outcome::GameStatus(pb::GameStatusResponse::default()));
    outcomes.push(Outcome::Error(tonic_types::pb::Status {
        code: 3,
        message: "position.moves[3]: no such move".to_owned(),
        details: Vec::new(),
    }));
    outcomes
}

fn encoded(outcome: &Outcome) -> EncodedBatchResult {
    match outcome {
        Outcome::LegalMoves(answer) => EncodedBatchResult::legal_moves(
            EncodedLegalMoves::decode(answer.encode_to_vec().as_slice()).unwrap(),
        ),
        other => EncodedBatchResult::encoded(&pb::BatchResult {
            result: Some(other.clone()),
        }),
    }
}

#[test]
fn batch_responses_match_prost_byte_for_byte() {
    let outcomes = outcomes();
    let by_prost = pb::BatchResponse {
        results: outcomes
            .iter()
            .map(|outcome| pb::BatchResult {
                result: Some(outcome.clone()),
            })
            .collect(),
    };
    let written = EncodedBatchResponse::new(outcomes.iter().map(encoded).collect());
    assert_eq!(written.len(), outcomes.len());
    assert_eq!(written.encoded_len(), by_prost.encoded_len());
    assert_eq!(written.encode_to_vec(), by_prost.encode_to_vec());
    assert_eq!(
        pb::BatchResponse::decode(written.encode_to_vec().as_slice()).unwrap(),
        by_prost
    );
    assert!(EncodedBatchResponse::default().is_empty());
}

#[test]
fn each_streamed_result_matches_prost() {
    for outcome in outcomes() {
        let by_prost = pb::BatchResult {
            result: Some(outcome.clone()),
        };
        let written = encoded(&outcome);
        assert_eq!(
            written.encode_to_vec(),
            by_prost.encode_to_vec(),
            "{outcome:?}"
        );
    }
}

#[test]
fn a_decoded_batch_encodes_to_the_same_bytes() {
    let written = EncodedBatchResponse::new(outcomes().iter().map(encoded).collect());
    let bytes = written.encode_to_vec();
    let decoded = EncodedBatchResponse::decode(bytes.as_slice()).unwrap();
    assert_eq!(decoded, written);
    assert_eq!(decoded.encode_to_vec(), bytes);
}
