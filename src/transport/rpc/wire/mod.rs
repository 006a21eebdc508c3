//! The LegalMoves answer, written in protobuf's wire format by the server
//! itself instead of built as prost structs and encoded by prost.
//!
//! ## Why it is not prost's
//!
//! A LegalMoves answer is a few dozen `Move` messages. As prost structs,
//! every move costs its own allocations (a `String` per notation), is
//! measured twice (prost asks each nested message its length once for the
//! parent's length and again for its own prefix) and is dropped again.
//! Measured against prost's structs on the same build (BENCHMARKS.md,
//! "Hand-written parts"), that is 2.4 to 2.7 times the instructions of a
//! full-view call and a fifth to three tenths of unary full-view LegalMoves
//! throughput under load; inside a Batch (two more levels of nesting, each measured
//! again) a LegalMoves item costs about three times as much. Written straight from
//! the domain's moves, each field is visited once; [`FullMoves`] takes each
//! description as the game makes it, so that no list of them is built and
//! read back. Every request, and every other answer, is prost's.
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
//! ## A move that does not fit
//!
//! Each move is written into a fixed buffer sized for the longest move the
//! games describe (`legal_moves::MAX_MOVE_BYTES`). A move that would not fit
//! is never cut short: the answer fails as a whole, `INTERNAL` with an error
//! logged (see [`FullMoves::finish`]), so a contract or domain change that
//! outgrows the bound shows at once instead of sending a wrong answer.
//!
//! ## Staying in step with the contract
//!
//! Every field number lives in `fields`, in a table per message. The tests
//! walk the descriptor set tools/protogen compiles and fail when one of these
//! messages has a field the tables lack, and compare this codec with prost's
//! over random games of every variant and rule options.
//!
//! This module depends on [`super::convert`] for the enum numbers, never the
//! other way round.

mod batch;
mod fields;
mod legal_moves;
#[cfg(test)]
mod tests;

use prost::{
    DecodeError,
    bytes::{Buf, BufMut},
    encoding::{self, DecodeContext, WireType, encode_key, encode_varint},
};

pub use batch::{EncodedBatchResponse, EncodedBatchResult};
pub use legal_moves::{CoordinateMoves, EncodedLegalMoves, FullMoves, MoveTooLong};

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
