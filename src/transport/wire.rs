//! Answers the server writes in protobuf's wire format itself.
//!
//! A LegalMoves answer is a few dozen `Move` messages. Built as prost
//! structs, every move costs its own allocations and is measured twice (prost
//! asks each nested message its length once for the parent's length and
//! again for its own prefix), which made building and encoding the answer
//! cost more than generating the moves. Written straight from the domain's
//! moves, each field is visited once.
//!
//! The generated server (see `build.rs`) uses [`EncodedLegalMoves`] as the
//! `LegalMovesResponse` type; clients still decode prost's struct. The
//! fields are written in field-number order with proto3's defaults left out,
//! exactly as prost writes them, and the tests hold the two encodings
//! byte-for-byte equal.

use prost::{
    DecodeError, Message,
    bytes::{Buf, BufMut},
    encoding::{self, DecodeContext, WireType, encode_key, encode_varint},
};

use super::convert;
use crate::game::{CastlingSide, MoveCoordinates, MoveInfo, Notation, Outcome, Side, Status};

/// A `LegalMovesResponse`, already encoded.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EncodedLegalMoves {
    bytes: Vec<u8>,
}

/// Room for a typical move with its description, so that the buffer
/// rarely grows.
const BYTES_PER_FULL_MOVE: usize = 40;
const BYTES_PER_COORDINATE_MOVE: usize = 8;
const BYTES_FOR_STATUS: usize = 128;

impl EncodedLegalMoves {
    /// Every field of every move (`MOVE_VIEW_FULL`).
    #[must_use]
    pub fn full(moves: &[MoveInfo], status: &Status) -> Self {
        let mut out = Vec::with_capacity(moves.len() * BYTES_PER_FULL_MOVE + BYTES_FOR_STATUS);
        for m in moves {
            nested(&mut out, 1, |out| full_move(out, m));
        }
        position_fields(&mut out, status);
        EncodedLegalMoves { bytes: out }
    }

    /// The coordinates and repetition flags only (`MOVE_VIEW_COORDINATES`).
    #[must_use]
    pub fn coordinates(moves: &[MoveCoordinates], status: &Status) -> Self {
        let mut out =
            Vec::with_capacity(moves.len() * BYTES_PER_COORDINATE_MOVE + BYTES_FOR_STATUS);
        for m in moves {
            nested(&mut out, 1, |out| coordinate_move(out, m));
        }
        position_fields(&mut out, status);
        EncodedLegalMoves { bytes: out }
    }

    #[must_use]
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }
}

fn full_move(out: &mut Vec<u8>, m: &MoveInfo) {
    text(out, 1, m.uci.as_bytes());
    text(out, 2, m.san.as_bytes());
    text(
        out,
        3,
        m.uci_one_based.as_ref().map_or(&[], Notation::as_bytes),
    );
    text(out, 4, m.from.as_bytes());
    text(out, 5, m.to.as_bytes());
    piece(out, 6, m.piece);
    boolean(out, 7, m.captured.is_some());
    if let Some(captured) = m.captured {
        piece(out, 8, captured);
    }
    boolean(out, 9, m.check);
    let castling = match m.castling {
        None => crate::proto::Castling::Unspecified,
        Some(CastlingSide::Kingside) => crate::proto::Castling::Kingside,
        Some(CastlingSide::Queenside) => crate::proto::Castling::Queenside,
    };
    enumeration(out, 10, castling as i32);
    boolean(out, 11, m.en_passant);
    if let Some(promotion) = m.promotion {
        enumeration(out, 12, convert::piece_kind(promotion) as i32);
    }
    repetition(out, m.forbidden_repetition);
}

fn coordinate_move(out: &mut Vec<u8>, m: &MoveCoordinates) {
    text(out, 1, m.uci.as_bytes());
    text(
        out,
        3,
        m.uci_one_based.as_ref().map_or(&[], Notation::as_bytes),
    );
    repetition(out, m.forbidden_repetition);
}

/// Fields 13 and 14 of `Move`.
fn repetition(out: &mut Vec<u8>, forbidden: Option<Outcome>) {
    if let Some(outcome_if_played) = forbidden {
        boolean(out, 13, true);
        outcome(out, 14, &convert::repetition_outcome(outcome_if_played));
    }
}

/// Fields 2 to 6 of `LegalMovesResponse`.
fn position_fields(out: &mut Vec<u8>, status: &Status) {
    text(out, 2, status.fen.as_bytes());
    enumeration(out, 3, side(status.side_to_move));
    boolean(out, 4, status.in_check);
    outcome(out, 5, &convert::outcome(status.outcome, status.offender));
    enumeration(out, 6, convert::rule_set(status.rule_set) as i32);
}

fn side(side: Side) -> i32 {
    crate::proto::Side::from(side) as i32
}

fn piece(out: &mut Vec<u8>, tag: u32, piece: crate::game::PieceInfo) {
    nested(out, tag, |out| {
        enumeration(out, 1, side(piece.side));
        enumeration(out, 2, convert::piece_kind(piece.kind) as i32);
    });
}

fn outcome(out: &mut Vec<u8>, tag: u32, outcome: &crate::proto::Outcome) {
    nested(out, tag, |out| {
        enumeration(out, 1, outcome.result);
        enumeration(out, 2, outcome.reason);
        enumeration(out, 3, outcome.offender);
    });
}

/// A `string` field, given as the bytes of a `str` or a [`Notation`].
fn text(out: &mut Vec<u8>, tag: u32, utf8: &[u8]) {
    if !utf8.is_empty() {
        encode_key(tag, WireType::LengthDelimited, out);
        encode_varint(utf8.len() as u64, out);
        out.extend_from_slice(utf8);
    }
}

fn boolean(out: &mut Vec<u8>, tag: u32, value: bool) {
    if value {
        encode_key(tag, WireType::Varint, out);
        out.push(1);
    }
}

/// An enum field; negative numbers take ten bytes, as in prost.
fn enumeration(out: &mut Vec<u8>, tag: u32, value: i32) {
    if value != 0 {
        encode_key(tag, WireType::Varint, out);
        encode_varint(i64::from(value) as u64, out);
    }
}

/// A message field: the body is written in place after a one-byte length,
/// which is widened in the rare case that the body reaches 128 bytes.
fn nested(out: &mut Vec<u8>, tag: u32, body: impl FnOnce(&mut Vec<u8>)) {
    encode_key(tag, WireType::LengthDelimited, out);
    let at = out.len();
    out.push(0);
    body(out);
    let len = out.len() - at - 1;
    match u8::try_from(len) {
        Ok(short) if short < 0x80 => out[at] = short,
        _ => {
            let mut prefix = Vec::with_capacity(4);
            encode_varint(len as u64, &mut prefix);
            out.splice(at..=at, prefix);
        }
    }
}

impl Message for EncodedLegalMoves {
    fn encode_raw(&self, buf: &mut impl BufMut) {
        buf.put_slice(&self.bytes);
    }

    /// Keeps each field as it was encoded, so that a decoded answer encodes
    /// to the same bytes (proto3 has no groups; they are skipped, as prost
    /// skips unknown fields).
    fn merge_field(
        &mut self,
        tag: u32,
        wire_type: WireType,
        buf: &mut impl Buf,
        ctx: DecodeContext,
    ) -> Result<(), DecodeError> {
        let out = &mut self.bytes;
        match wire_type {
            WireType::Varint => {
                let mut value = 0u64;
                encoding::uint64::merge(wire_type, &mut value, buf, ctx)?;
                encode_key(tag, wire_type, out);
                encode_varint(value, out);
            }
            WireType::SixtyFourBit => {
                let mut value = 0u64;
                encoding::fixed64::merge(wire_type, &mut value, buf, ctx)?;
                encode_key(tag, wire_type, out);
                out.put_u64_le(value);
            }
            WireType::ThirtyTwoBit => {
                let mut value = 0u32;
                encoding::fixed32::merge(wire_type, &mut value, buf, ctx)?;
                encode_key(tag, wire_type, out);
                out.put_u32_le(value);
            }
            WireType::LengthDelimited => {
                let mut value = Vec::new();
                encoding::bytes::merge(wire_type, &mut value, buf, ctx)?;
                encode_key(tag, wire_type, out);
                encode_varint(value.len() as u64, out);
                out.extend_from_slice(&value);
            }
            WireType::StartGroup | WireType::EndGroup => {
                encoding::skip_field(wire_type, tag, buf, ctx)?;
            }
        }
        Ok(())
    }

    fn encoded_len(&self) -> usize {
        self.bytes.len()
    }

    fn clear(&mut self) {
        self.bytes.clear();
    }
}

#[cfg(test)]
mod tests {
    use prost::Message;

    use super::EncodedLegalMoves;
    use crate::{
        game::{Game, LoadOptions, RuleOptions, Variant},
        proto as pb,
        transport::convert,
    };

    /// The answer as the prost structs would have encoded it.
    fn via_prost(game: &Game, options: &RuleOptions, full: bool) -> Vec<u8> {
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
        let status = game.status(options).unwrap();
        pb::LegalMovesResponse {
            moves,
            side_to_move: pb::Side::from(status.side_to_move).into(),
            in_check: status.in_check,
            outcome: Some(convert::outcome(status.outcome, status.offender)),
            rule_set: convert::rule_set(status.rule_set).into(),
            fen: status.fen,
        }
        .encode_to_vec()
    }

    fn direct(game: &Game, options: &RuleOptions, full: bool) -> Vec<u8> {
        let status = game.status(options).unwrap();
        let answer = if full {
            EncodedLegalMoves::full(&game.legal_moves(options).unwrap(), &status)
        } else {
            EncodedLegalMoves::coordinates(&game.legal_move_coordinates(options).unwrap(), &status)
        };
        answer.encode_to_vec()
    }

    fn game(variant: Variant, fen: &str, moves: &[&str], options: &RuleOptions) -> Game {
        let moves: Vec<String> = moves.iter().map(|m| (*m).to_owned()).collect();
        Game::load(variant, fen, &moves, LoadOptions::default(), options).unwrap()
    }

    fn assert_same(game: &Game, options: &RuleOptions) {
        for full in [true, false] {
            let expected = via_prost(game, options, full);
            let written = direct(game, options, full);
            assert_eq!(written, expected, "full view: {full}");
            let decoded = pb::LegalMovesResponse::decode(written.as_slice()).unwrap();
            assert_eq!(decoded.encode_to_vec(), expected);
        }
    }

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
        assert_eq!(status.outcome, crate::game::Outcome::Ongoing);
        let moves = repeated.legal_moves(&options).unwrap();
        assert!(
            moves.iter().any(|m| m.forbidden_repetition.is_some()),
            "{moves:?}"
        );
        assert_same(&repeated, &options);
    }

    #[test]
    fn a_long_nested_message_gets_a_wider_length() {
        let mut out = Vec::new();
        super::nested(&mut out, 1, |out| {
            super::text(out, 1, "x".repeat(200).as_bytes())
        });
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
}
