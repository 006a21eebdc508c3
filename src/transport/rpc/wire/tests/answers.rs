//! LegalMoves answers written by the hand codec, byte for byte as prost
//! writes them, and the bound of one move.

use prost::Message;

use super::{assert_same, direct, game};
use crate::transport::rpc::{
    convert,
    wire::{EncodedLegalMoves, FullMoves, MoveTooLong, legal_moves::MAX_MOVE_BYTES, nested, text},
};
use arbiter_rules::{
    CastlingSide, Game, LoadOptions, MoveInfo, Notation, Outcome, PieceInfo, PieceKind, Reason,
    RuleOptions, Side, Variant,
};

#[test]
fn chess_answers_match_prost_byte_for_byte() {
    let options = RuleOptions::default();
    for (fen, moves) in [
        // Kiwipete: castling both ways, captures, checks.
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            &[][..],
        ),
        // Promotions with and without capture, check and mate.
        ("1r5k/P7/8/8/8/8/6PP/7K w - - 0 1", &[][..]),
        // En passant.
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            &["e2e4", "a7a6", "e4e5", "d7d5"][..],
        ),
        // Checkmated: no moves, a decisive outcome.
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            &["f2f3", "e7e5", "g2g4", "d8h4"][..],
        ),
    ] {
        assert_same(&game(Variant::Chess, fen, moves, &options), &options);
    }
}

#[test]
fn variant_answers_match_prost_byte_for_byte() {
    let options = RuleOptions::default();
    for (variant, fen, moves) in [
        // Atomic: a capture next to the king lists four explosion squares
        // (a field whose key takes two bytes), the other captures one or more.
        (Variant::Atomic, "", &["g1f3", "d7d5", "f3e5", "b8d7"][..]),
        // An atomic en-passant capture.
        (Variant::Atomic, "", &["e2e4", "a7a6", "e4e5", "d7d5"][..]),
        // Crazyhouse drops.
        (
            Variant::Crazyhouse,
            "r1bqkbnr/pppp1ppp/2n5/8/4P3/5N2/PPP2PPP/RNBQKB1R[Pp] w KQkq - 0 1",
            &[][..],
        ),
    ] {
        let game = game(variant, fen, moves, &options);
        let moves = game.legal_moves(&options).unwrap();
        if variant == Variant::Atomic {
            assert!(
                moves.iter().any(|m| !m.explosion_squares.is_empty()),
                "{moves:?}"
            );
        }
        assert_same(&game, &options);
    }
}

#[test]
fn xiangqi_answers_match_prost_byte_for_byte() {
    let options = RuleOptions::default();
    let middle_game =
        "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1";
    assert_same(
        &game(Variant::Xiangqi, middle_game, &[], &options),
        &options,
    );
    // A perpetual check in the making: the repeating check is marked as
    // forbidden, with the outcome it would bring.
    let start = "4k4/9/9/9/9/9/9/9/4A4/3AK3R w - - 0 1";
    let checks = [
        "i0i9", "e9e8", "i9i8", "e8e9", "i8i9", "e9e8", "i9i8", "e8e9",
    ];
    let repeated = game(Variant::Xiangqi, start, &checks, &options);
    let status = repeated.status(&options).unwrap();
    assert_eq!(status.outcome, arbiter_rules::Outcome::Ongoing);
    let moves = repeated.legal_moves(&options).unwrap();
    assert!(
        moves.iter().any(|m| m.forbidden_repetition.is_some()),
        "{moves:?}"
    );
    assert_same(&repeated, &options);
    // 1-based coordinates add `uci_one_based` to every move.
    let one_based = Game::load(
        Variant::Xiangqi,
        middle_game,
        &[] as &[String],
        LoadOptions {
            one_based: true,
            ..LoadOptions::default()
        },
        &options,
    )
    .unwrap();
    assert!(
        one_based
            .legal_moves(&options)
            .unwrap()
            .iter()
            .all(|m| m.uci_one_based.is_some())
    );
    assert_same(&one_based, &options);
}

#[test]
fn a_long_nested_message_gets_a_wider_length() {
    let mut out = Vec::new();
    nested(&mut out, 1, |out| text(out, 1, "x".repeat(200).as_bytes()));
    let mut expected = Vec::new();
    prost::encoding::string::encode(1, &"x".repeat(200), &mut expected);
    let mut wrapped = Vec::new();
    prost::encoding::bytes::encode(1, &expected, &mut wrapped);
    assert_eq!(out, wrapped);
}

#[test]
fn a_decoded_answer_encodes_to_the_same_bytes() {
    let options = RuleOptions::default();
    let game = game(
        Variant::Chess,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        &[],
        &options,
    );
    let written = direct(&game, &options, true);
    let decoded = EncodedLegalMoves::decode(written.as_slice()).unwrap();
    assert_eq!(decoded.as_bytes(), written.as_slice());
}

/// A move with every field the contract has, each as long as the domain's
/// types let it be: six notations of [`Notation::CAPACITY`] bytes, both
/// pieces, every flag, and the nine explosion squares an atomic capture can
/// have.
fn longest_move(squares: usize) -> MoveInfo {
    let long = Notation::from("x".repeat(Notation::CAPACITY).as_str());
    let piece = PieceInfo {
        side: Side::Black,
        kind: PieceKind::King,
    };
    MoveInfo {
        uci: long,
        san: long,
        uci_one_based: Some(long),
        chinese: long,
        from: long,
        to: long,
        piece,
        captured: Some(piece),
        check: true,
        castling: Some(CastlingSide::Queenside),
        en_passant: true,
        promotion: Some(PieceKind::Queen),
        drop: true,
        explosion_squares: vec![Notation::from("h8"); squares],
        forbidden_repetition: Some(Outcome::Decisive {
            winner: Side::White,
            reason: Reason::PerpetualMateThreat,
        }),
    }
}

/// The longest move the bound is computed for fits, and is written as
/// prost writes it.
#[test]
fn the_longest_move_fits_its_bound() {
    let options = RuleOptions::default();
    let status = game(Variant::Atomic, "", &[], &options)
        .status(&options)
        .unwrap();
    let m = longest_move(9);
    let written = EncodedLegalMoves::full(std::slice::from_ref(&m), &status).unwrap();
    let by_prost = convert::rules::legal_moves(vec![convert::move_info(m)], &status);
    assert_eq!(written.as_bytes(), by_prost.encode_to_vec().as_slice());
    assert!(by_prost.moves[0].encoded_len() <= MAX_MOVE_BYTES);
}

/// A move past the bound fails the whole answer, whichever way it is
/// written: no answer goes out cut short or without the move.
#[test]
fn a_move_past_the_bound_fails_the_answer() {
    let options = RuleOptions::default();
    let game = game(
        Variant::Atomic,
        "",
        &["g1f3", "d7d5", "f3e5", "b8d7"],
        &options,
    );
    let status = game.status(&options).unwrap();
    let mut moves = game.legal_moves(&options).unwrap();
    let too_long = longest_move(MAX_MOVE_BYTES / 4);
    let prost_len = convert::move_info(too_long.clone()).encoded_len();
    assert!(prost_len > MAX_MOVE_BYTES, "{prost_len}");
    moves.insert(3, too_long.clone());
    let expected = MoveTooLong { uci: too_long.uci };
    assert_eq!(EncodedLegalMoves::full(&moves, &status), Err(expected));
    let mut each = FullMoves::with_room_for(0);
    for m in &moves {
        each.push(m);
    }
    assert_eq!(each.finish(&status), Err(expected));
    assert!(expected.to_string().contains(&MAX_MOVE_BYTES.to_string()));
    // The same answer without it is written, and is prost's.
    moves.remove(3);
    let written = EncodedLegalMoves::full(&moves, &status).unwrap();
    let by_prost =
        convert::rules::legal_moves(moves.into_iter().map(convert::move_info).collect(), &status);
    assert_eq!(written.as_bytes(), by_prost.encode_to_vec().as_slice());
}
