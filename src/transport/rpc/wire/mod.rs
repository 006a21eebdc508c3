//! Messages the server writes or reads in protobuf's wire format itself.
//!
//! ## Answers (`legal_moves`)
//!
//! A LegalMoves answer is a few dozen `Move` messages. Built as prost
//! structs, every move costs its own allocations and is measured twice (prost
//! asks each nested message its length once for the parent's length and
//! again for its own prefix), so building and encoding the answer would cost
//! more than generating the moves. Written straight from the domain's moves,
//! each field is visited once; [`FullMoves`] takes each description as the
//! game makes it, so that no list of them is built and read back.
//!
//! The generated server (see tools/protogen) uses [`EncodedLegalMoves`] as the
//! `LegalMovesResponse` type; clients still decode prost's struct. The
//! fields are written in field-number order with proto3's defaults left out,
//! exactly as prost writes them, and the tests hold the two encodings
//! byte-for-byte equal.
//!
//! A batch's results (`batch`) carry the same encoded LegalMoves answers,
//! so a LegalMoves item costs what the unary call's answer costs; the
//! server writes `BatchResponse` and `BatchResult` as
//! [`EncodedBatchResponse`] and [`EncodedBatchResult`].
//!
//! ## Requests (`position`, `game_status`)
//!
//! A GameStatus request carries the whole game: prost would decode each
//! history move into its own `String`, which costs about as much as
//! replaying the moves. [`GameStatusRequestView`] keeps the moves' bytes back
//! to back in one buffer and hands out `&str`s; [`position_input`] checks
//! each for UTF-8, as prost would have, and names the move that is not.
//!
//! ## Staying in step with the contract
//!
//! Every field number lives in `fields`, in a table per message. The tests
//! walk the descriptor set tools/protogen compiles and fail when one of these
//! messages has a field the tables lack, and compare this codec with prost's
//! over random games, options and requests (unknown fields included).
//!
//! This module depends on [`super::convert`] for the enum numbers and the
//! position checks, never the other way round.

mod batch;
mod fields;
mod game_status;
mod legal_moves;
mod position;
#[cfg(test)]
mod tests;

use prost::{
    DecodeError,
    bytes::{Buf, BufMut},
    encoding::{self, DecodeContext, WireType, encode_key, encode_varint},
};

pub use batch::{EncodedBatchResponse, EncodedBatchResult};
pub use game_status::GameStatusRequestView;
pub use legal_moves::{CoordinateMoves, EncodedLegalMoves, FullMoves};
pub use position::{PositionView, position_input};

/// The key of a field numbered below 16 (see the check in `fields`).
const fn key_byte(tag: u32, wire_type: WireType) -> u8 {
    ((tag << 3) | wire_type as u32) as u8
}

/// A field key. Every field the answers write has a number below 16, so its
/// key is one byte; prost's general varint loop would be a tenth of the
/// cost of writing a move list.
fn key(out: &mut Vec<u8>, tag: u32, wire_type: WireType) {
    if tag < 16 {
        out.push(((tag << 3) | wire_type as u32) as u8);
    } else {
        encode_key(tag, wire_type, out);
    }
}

fn varint(out: &mut Vec<u8>, value: u64) {
    match u8::try_from(value) {
        Ok(byte) if byte < 0x80 => out.push(byte),
        _ => encode_varint(value, out),
    }
}

/// A `string` field, given as the bytes of a `str`; empty is left out.
fn text(out: &mut Vec<u8>, tag: u32, utf8: &[u8]) {
    if !utf8.is_empty() {
        key(out, tag, WireType::LengthDelimited);
        varint(out, utf8.len() as u64);
        out.extend_from_slice(utf8);
    }
}

/// A `bool` field; `false` is left out.
fn boolean(out: &mut Vec<u8>, tag: u32, value: bool) {
    if value {
        key(out, tag, WireType::Varint);
        out.push(1);
    }
}

/// An enum field; 0 is left out, and negative numbers take ten bytes, as in
/// prost.
fn enumeration(out: &mut Vec<u8>, tag: u32, value: i32) {
    if value != 0 {
        key(out, tag, WireType::Varint);
        varint(out, i64::from(value) as u64);
    }
}

/// A message field: the body is written in place after a one-byte length,
/// which is widened in the rare case that the body reaches 128 bytes.
fn nested(out: &mut Vec<u8>, tag: u32, body: impl FnOnce(&mut Vec<u8>)) {
    key(out, tag, WireType::LengthDelimited);
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

/// A length-delimited field written into any buffer (the re-encoding side
/// of the request views).
fn length_delimited(buf: &mut impl BufMut, tag: u32, bytes: &[u8]) {
    encode_key(tag, WireType::LengthDelimited, buf);
    encode_varint(bytes.len() as u64, buf);
    buf.put_slice(bytes);
}

/// A varint at the start of `bytes`, and the bytes after it; `None` where
/// prost refuses one (cut short, or more than 64 bits).
fn read_varint(bytes: &[u8]) -> Option<(u64, &[u8])> {
    let mut value = 0u64;
    for (i, &byte) in bytes.iter().enumerate().take(10) {
        if i == 9 && byte > 1 {
            return None;
        }
        value |= u64::from(byte & 0x7f) << (7 * i);
        if byte < 0x80 {
            return Some((value, &bytes[i + 1..]));
        }
    }
    None
}

/// Reads one field of an already-encoded message back as it was encoded, so
/// that a decoded answer encodes to the same bytes (the clients' side and
/// the tests decode what the server wrote). proto3 has no groups; they are
/// skipped, as prost skips unknown fields.
fn keep_field(
    out: &mut Vec<u8>,
    tag: u32,
    wire_type: WireType,
    buf: &mut impl Buf,
    ctx: DecodeContext,
) -> Result<(), DecodeError> {
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
