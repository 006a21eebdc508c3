//! The hand codec against prost: fixed cases byte for byte (`answers`,
//! `batch`), the tables against the descriptor set (`contract`), random games
//! of every variant (`games`), and the bound of a move (`answers`).

mod answers;
mod batch;
mod contract;
mod games;

use prost::Message;

use super::{CoordinateMoves, EncodedLegalMoves, FullMoves};
use crate::{proto as pb, transport::rpc::convert};
use arbiter_rules::{Game, LoadOptions, RuleOptions, Variant};

/// The answer as the prost structs would have encoded it.
pub(super) fn via_prost(game: &Game, options: &RuleOptions, full: bool) -> Vec<u8> {
    let moves = if full {
        game.legal_moves(options)
            .unwrap()
            .into_iter()
            .map(convert::move_info)
            .collect()
    } else {
        game.legal_move_coordinates(options)
            .unwrap()
            .into_iter()
            .map(convert::move_coordinates)
            .collect()
    };
    convert::rules::legal_moves(moves, &game.status(options).unwrap()).encode_to_vec()
}

pub(super) fn direct(game: &Game, options: &RuleOptions, full: bool) -> Vec<u8> {
    let status = game.status(options).unwrap();
    let answer = if full {
        let listed = EncodedLegalMoves::full(&game.legal_moves(options).unwrap(), &status).unwrap();
        // The server's route: each move written as it is described, into a
        // buffer that starts with no room and has to grow.
        let mut each = FullMoves::with_room_for(0);
        game.describe_legal_moves(options, |m| each.push(m))
            .unwrap();
        assert_eq!(
            each.finish(&status).unwrap(),
            listed,
            "described one at a time"
        );
        listed
    } else {
        let listed =
            EncodedLegalMoves::coordinates(&game.legal_move_coordinates(options).unwrap(), &status)
                .unwrap();
        let mut each = CoordinateMoves::with_room_for(0);
        game.list_legal_move_coordinates(options, |m| each.push(m))
            .unwrap();
        assert_eq!(
            each.finish(&status).unwrap(),
            listed,
            "listed one at a time"
        );
        listed
    };
    answer.encode_to_vec()
}

pub(super) fn game(variant: Variant, fen: &str, moves: &[&str], options: &RuleOptions) -> Game {
    let moves: Vec<String> = moves.iter().map(|m| (*m).to_owned()).collect();
    Game::load(variant, fen, &moves, LoadOptions::default(), options).unwrap()
}

pub(super) fn assert_same(game: &Game, options: &RuleOptions) {
    for full in [true, false] {
        let expected = via_prost(game, options, full);
        let written = direct(game, options, full);
        assert_eq!(written, expected, "full view: {full}");
        let decoded = pb::LegalMovesResponse::decode(written.as_slice()).unwrap();
        assert_eq!(decoded.encode_to_vec(), expected);
    }
}
