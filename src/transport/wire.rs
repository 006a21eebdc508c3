//! Messages the server writes or reads in protobuf's wire format itself.
//!
//! ## Answers
//!
//! A LegalMoves answer is a few dozen `Move` messages. Built as prost
//! structs, every move costs its own allocations and is measured twice (prost
//! asks each nested message its length once for the parent's length and
//! again for its own prefix), which made building and encoding the answer
//! cost more than generating the moves. Written straight from the domain's
//! moves, each field is visited once; [`FullMoves`] takes each description as
//! the game makes it, so that no list of them is built and read back.
//!
//! The generated server (see `build.rs`) uses [`EncodedLegalMoves`] as the
//! `LegalMovesResponse` type; clients still decode prost's struct. The
//! fields are written in field-number order with proto3's defaults left out,
//! exactly as prost writes them, and the tests hold the two encodings
//! byte-for-byte equal.
//!
//! ## Requests
//!
//! A GameStatus request carries the whole game: prost decodes each history
//! move into its own `String`, which cost about as much as replaying the
//! moves. [`GameStatusRequestView`] keeps the moves' bytes back to back in one
//! buffer and hands out `&str`s; the server checks each for UTF-8, as prost
//! would have, and names the move that is not.

use prost::{
    DecodeError, Message,
    bytes::{Buf, BufMut},
    encoding::{self, DecodeContext, WireType, encode_key, encode_varint},
};

use super::convert;
use crate::{
    game::{MoveCoordinates, MoveInfo, Notation, Outcome, Side, Status},
    proto as pb,
};

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
        let mut answer = FullMoves::with_room_for(moves.len());
        for m in moves {
            answer.push(m);
        }
        answer.finish(status)
    }

    /// The coordinates and repetition flags only (`MOVE_VIEW_COORDINATES`).
    #[must_use]
    pub fn coordinates(moves: &[MoveCoordinates], status: &Status) -> Self {
        let mut out =
            Vec::with_capacity(moves.len() * BYTES_PER_COORDINATE_MOVE + BYTES_FOR_STATUS);
        let mut scratch = MoveBytes::new();
        for m in moves {
            scratch.append_to(&mut out, |body| coordinate_move(body, m));
        }
        position_fields(&mut out, status);
        EncodedLegalMoves { bytes: out }
    }

    #[must_use]
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }
}

/// A full-view answer written move by move, as the game describes them, so
/// that no list of descriptions is kept.
pub struct FullMoves {
    bytes: Vec<u8>,
    /// The move being written, reused from move to move.
    scratch: MoveBytes,
}

impl FullMoves {
    #[must_use]
    pub fn with_room_for(moves: usize) -> Self {
        FullMoves {
            bytes: Vec::with_capacity(moves * BYTES_PER_FULL_MOVE + BYTES_FOR_STATUS),
            scratch: MoveBytes::new(),
        }
    }

    pub fn push(&mut self, m: &MoveInfo) {
        self.scratch
            .append_to(&mut self.bytes, |body| full_move(body, m));
    }

    #[must_use]
    pub fn finish(mut self, status: &Status) -> EncodedLegalMoves {
        position_fields(&mut self.bytes, status);
        EncodedLegalMoves { bytes: self.bytes }
    }
}

fn full_move(out: &mut MoveBytes, m: &MoveInfo) {
    out.notation(1, &m.uci);
    out.notation(2, &m.san);
    if let Some(one_based) = &m.uci_one_based {
        out.notation(3, one_based);
    }
    out.notation(4, &m.from);
    out.notation(5, &m.to);
    out.piece(6, m.piece);
    out.boolean(7, m.captured.is_some());
    if let Some(captured) = m.captured {
        out.piece(8, captured);
    }
    out.boolean(9, m.check);
    out.enumeration(10, convert::castling(m.castling) as i32);
    out.boolean(11, m.en_passant);
    if let Some(promotion) = m.promotion {
        out.enumeration(12, convert::piece_kind(promotion) as i32);
    }
    out.repetition(m.forbidden_repetition);
}

/// The most one `Move` takes: five notations of at most fifteen bytes with
/// their keys and lengths (85), two pieces of two enums (2 × 24), four flags
/// (8), two enums (2 × 11) and the repetition outcome (2 + 33): 198 at worst,
/// though every enum the service writes is under 128 and takes two bytes.
const MAX_MOVE_BYTES: usize = 200;

/// One move's fields (either view), written into a fixed buffer and appended
/// to the answer in one copy: no capacity test per field, and a notation is one fixed-size
/// copy of its padded bytes, of which the cursor keeps only the text's.
struct MoveBytes {
    bytes: [u8; MAX_MOVE_BYTES],
    len: usize,
}

impl MoveBytes {
    fn new() -> Self {
        MoveBytes {
            bytes: [0; MAX_MOVE_BYTES],
            len: 0,
        }
    }

    /// Writes one move with `write` and appends it to `out` as field 1 (the
    /// `moves` of either answer), behind its length.
    fn append_to(&mut self, out: &mut Vec<u8>, write: impl FnOnce(&mut MoveBytes)) {
        self.len = 0;
        write(self);
        let body = &self.bytes[..self.len];
        out.reserve(body.len() + 3);
        key(out, 1, WireType::LengthDelimited);
        varint(out, body.len() as u64);
        out.extend_from_slice(body);
    }

    /// Past [`MAX_MOVE_BYTES`] a byte is left out rather than panicking: the
    /// bound above makes that unreachable, and the tests compare every
    /// answer with prost's.
    fn byte(&mut self, byte: u8) {
        debug_assert!(self.len < MAX_MOVE_BYTES);
        if let Some(slot) = self.bytes.get_mut(self.len) {
            *slot = byte;
            self.len += 1;
        }
    }

    fn notation(&mut self, tag: u32, text: &Notation) {
        let len = text.as_bytes().len();
        if len == 0 {
            return;
        }
        let end = self.len + 2 + Notation::CAPACITY;
        debug_assert!(end <= MAX_MOVE_BYTES);
        if let Some([key, length, rest @ ..]) = self.bytes.get_mut(self.len..end) {
            *key = key_byte(tag, WireType::LengthDelimited);
            *length = len as u8;
            rest.copy_from_slice(text.padded());
            self.len += 2 + len;
        }
    }

    /// A `Piece` message. Both of its enums are small non-zero numbers, so it
    /// is six bytes known in advance, written in one copy.
    fn piece(&mut self, tag: u32, piece: crate::game::PieceInfo) {
        let side = side(piece.side);
        let kind = convert::piece_kind(piece.kind) as i32;
        match (u8::try_from(side), u8::try_from(kind)) {
            (Ok(side @ 1..0x80), Ok(kind @ 1..0x80)) => self.put(&[
                key_byte(tag, WireType::LengthDelimited),
                4,
                key_byte(1, WireType::Varint),
                side,
                key_byte(2, WireType::Varint),
                kind,
            ]),
            _ => self.small_message(tag, |out| {
                out.enumeration(1, side);
                out.enumeration(2, kind);
            }),
        }
    }

    fn put(&mut self, bytes: &[u8]) {
        let end = self.len + bytes.len();
        debug_assert!(end <= MAX_MOVE_BYTES);
        if let Some(slot) = self.bytes.get_mut(self.len..end) {
            slot.copy_from_slice(bytes);
            self.len = end;
        }
    }

    /// A message of a few enums, under 128 bytes, so its length is one byte.
    fn small_message(&mut self, tag: u32, body: impl FnOnce(&mut MoveBytes)) {
        self.byte(key_byte(tag, WireType::LengthDelimited));
        let at = self.len;
        self.byte(0);
        body(self);
        let len = self.len - at - 1;
        debug_assert!(len < 0x80);
        if let Some(slot) = self.bytes.get_mut(at) {
            *slot = len as u8;
        }
    }

    /// Fields 13 and 14 of `Move`.
    fn repetition(&mut self, forbidden: Option<Outcome>) {
        if let Some(outcome_if_played) = forbidden {
            self.boolean(13, true);
            let outcome = convert::repetition_outcome(outcome_if_played);
            self.small_message(14, |out| {
                out.enumeration(1, outcome.result);
                out.enumeration(2, outcome.reason);
                out.enumeration(3, outcome.offender);
            });
        }
    }

    fn boolean(&mut self, tag: u32, value: bool) {
        if value {
            self.byte(key_byte(tag, WireType::Varint));
            self.byte(1);
        }
    }

    /// An enum field; negative numbers take ten bytes, as in prost.
    fn enumeration(&mut self, tag: u32, value: i32) {
        if value != 0 {
            self.byte(key_byte(tag, WireType::Varint));
            let mut rest = i64::from(value) as u64;
            while rest >= 0x80 {
                self.byte((rest as u8) | 0x80);
                rest >>= 7;
            }
            self.byte(rest as u8);
        }
    }
}

/// The key of a field numbered below 16, which every `Move` field is.
const fn key_byte(tag: u32, wire_type: WireType) -> u8 {
    ((tag << 3) | wire_type as u32) as u8
}

fn coordinate_move(out: &mut MoveBytes, m: &MoveCoordinates) {
    out.notation(1, &m.uci);
    if let Some(one_based) = &m.uci_one_based {
        out.notation(3, one_based);
    }
    out.repetition(m.forbidden_repetition);
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

fn outcome(out: &mut Vec<u8>, tag: u32, outcome: &crate::proto::Outcome) {
    nested(out, tag, |out| {
        enumeration(out, 1, outcome.result);
        enumeration(out, 2, outcome.reason);
        enumeration(out, 3, outcome.offender);
    });
}

/// A `string` field, given as the bytes of a `str`.
fn text(out: &mut Vec<u8>, tag: u32, utf8: &[u8]) {
    if !utf8.is_empty() {
        key(out, tag, WireType::LengthDelimited);
        varint(out, utf8.len() as u64);
        out.extend_from_slice(utf8);
    }
}

fn boolean(out: &mut Vec<u8>, tag: u32, value: bool) {
    if value {
        key(out, tag, WireType::Varint);
        out.push(1);
    }
}

/// An enum field; negative numbers take ten bytes, as in prost.
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

/// A field key. Every field these answers write has a number below 16, so
/// its key is one byte; prost's general varint loop was a tenth of the
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

/// A `Position` whose history moves share one buffer.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PositionView {
    pub variant: i32,
    pub fen: String,
    pub coordinates: i32,
    pub fen_strictness: i32,
    /// Every move's bytes, back to back; move `i` ends at `move_ends[i]`.
    move_bytes: Vec<u8>,
    move_ends: Vec<usize>,
    /// Where prost puts one move before it is appended (reused).
    scratch: Vec<u8>,
}

impl PositionView {
    #[must_use]
    pub fn move_count(&self) -> usize {
        self.move_ends.len()
    }

    /// Where each history move lies in `move_bytes`, oldest first.
    fn move_ranges(&self) -> impl Iterator<Item = std::ops::Range<usize>> + '_ {
        let starts = std::iter::once(0).chain(self.move_ends.iter().copied());
        starts
            .zip(self.move_ends.iter().copied())
            .map(|(start, end)| start..end)
    }

    /// The history moves' bytes, oldest first (UTF-8 not yet checked).
    pub fn move_bytes(&self) -> impl Iterator<Item = &[u8]> {
        self.move_ranges().map(|range| &self.move_bytes[range])
    }

    /// The history moves as text, or the index of the first that is not
    /// UTF-8. One check of the whole buffer usually settles it: valid UTF-8
    /// cut at character boundaries gives valid pieces.
    pub fn moves(&self) -> Result<Vec<&str>, usize> {
        if let Ok(all) = std::str::from_utf8(&self.move_bytes) {
            // Sized once: collecting through `Option` would lose the length
            // and grow the vector step by step.
            let mut pieces = Vec::with_capacity(self.move_count());
            for range in self.move_ranges() {
                match all.get(range) {
                    Some(piece) => pieces.push(piece),
                    None => break,
                }
            }
            if pieces.len() == self.move_count() {
                return Ok(pieces);
            }
        }
        self.move_bytes()
            .enumerate()
            .map(|(index, text)| std::str::from_utf8(text).map_err(|_| index))
            .collect()
    }

    fn push_move(&mut self, text: &[u8]) {
        self.move_bytes.extend_from_slice(text);
        self.move_ends.push(self.move_bytes.len());
    }

    /// Reads an encoded `Position` the way every client writes one: known
    /// fields, each with its usual wire type, a UTF-8 FEN. `None` for anything
    /// else (unknown fields, a malformed message), which is left to prost's
    /// field-by-field decoding and its errors. prost's generic `Buf` reads
    /// cost about 20 ns per history move; a slice walk a fraction of that.
    fn parse_common(mut bytes: &[u8]) -> Option<PositionView> {
        let mut view = PositionView::default();
        while let Some((&key, rest)) = bytes.split_first() {
            bytes = rest;
            match key {
                // Field 1, 4 or 5, varint.
                0x08 | 0x20 | 0x28 => {
                    let (value, rest) = read_varint(bytes)?;
                    bytes = rest;
                    // As prost reads an int32: the low 32 bits.
                    let value = value as i32;
                    match key {
                        0x08 => view.variant = value,
                        0x20 => view.coordinates = value,
                        _ => view.fen_strictness = value,
                    }
                }
                // Field 2 or 3, length-delimited.
                0x12 | 0x1a => {
                    let (len, rest) = read_varint(bytes)?;
                    let len = usize::try_from(len).ok()?;
                    let text = rest.get(..len)?;
                    bytes = &rest[len..];
                    if key == 0x12 {
                        view.fen = std::str::from_utf8(text).ok()?.to_owned();
                    } else {
                        if view.move_ends.capacity() == 0 {
                            // The history is the rest of the message, and a
                            // move of four or five characters takes six or
                            // seven bytes: room for it at once rather than
                            // growing by doubling.
                            view.move_bytes.reserve(rest.len());
                            view.move_ends.reserve(rest.len() / 6);
                        }
                        view.push_move(text);
                    }
                }
                _ => return None,
            }
        }
        Some(view)
    }
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

impl Message for PositionView {
    fn encode_raw(&self, buf: &mut impl BufMut) {
        if self.variant != 0 {
            encoding::int32::encode(1, &self.variant, buf);
        }
        if !self.fen.is_empty() {
            encoding::string::encode(2, &self.fen, buf);
        }
        for text in self.move_bytes() {
            encode_key(3, WireType::LengthDelimited, buf);
            encode_varint(text.len() as u64, buf);
            buf.put_slice(text);
        }
        if self.coordinates != 0 {
            encoding::int32::encode(4, &self.coordinates, buf);
        }
        if self.fen_strictness != 0 {
            encoding::int32::encode(5, &self.fen_strictness, buf);
        }
    }

    fn merge_field(
        &mut self,
        tag: u32,
        wire_type: WireType,
        buf: &mut impl Buf,
        ctx: DecodeContext,
    ) -> Result<(), DecodeError> {
        match tag {
            1 => encoding::int32::merge(wire_type, &mut self.variant, buf, ctx),
            2 => encoding::string::merge(wire_type, &mut self.fen, buf, ctx),
            3 => {
                let mut text = std::mem::take(&mut self.scratch);
                let merged = encoding::bytes::merge(wire_type, &mut text, buf, ctx);
                if merged.is_ok() {
                    self.push_move(&text);
                }
                self.scratch = text;
                merged
            }
            4 => encoding::int32::merge(wire_type, &mut self.coordinates, buf, ctx),
            5 => encoding::int32::merge(wire_type, &mut self.fen_strictness, buf, ctx),
            _ => encoding::skip_field(wire_type, tag, buf, ctx),
        }
    }

    fn encoded_len(&self) -> usize {
        let mut len = 0;
        if self.variant != 0 {
            len += encoding::int32::encoded_len(1, &self.variant);
        }
        if !self.fen.is_empty() {
            len += encoding::string::encoded_len(2, &self.fen);
        }
        for text in self.move_bytes() {
            len +=
                encoding::key_len(3) + encoding::encoded_len_varint(text.len() as u64) + text.len();
        }
        if self.coordinates != 0 {
            len += encoding::int32::encoded_len(4, &self.coordinates);
        }
        if self.fen_strictness != 0 {
            len += encoding::int32::encoded_len(5, &self.fen_strictness);
        }
        len
    }

    fn clear(&mut self) {
        *self = PositionView::default();
    }
}

/// `GameStatusRequest` as the server decodes it (see the module doc).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GameStatusRequestView {
    pub position: Option<PositionView>,
    pub options: Option<pb::RuleOptions>,
}

impl Message for GameStatusRequestView {
    fn encode_raw(&self, buf: &mut impl BufMut) {
        if let Some(position) = &self.position {
            encoding::message::encode(1, position, buf);
        }
        if let Some(options) = &self.options {
            encoding::message::encode(2, options, buf);
        }
    }

    fn merge_field(
        &mut self,
        tag: u32,
        wire_type: WireType,
        buf: &mut impl Buf,
        ctx: DecodeContext,
    ) -> Result<(), DecodeError> {
        match tag {
            1 => {
                if self.position.is_none() && wire_type == WireType::LengthDelimited {
                    let chunk = buf.chunk();
                    if let Some((len, rest)) = read_varint(chunk)
                        && let Ok(len) = usize::try_from(len)
                        && let Some(body) = rest.get(..len)
                        && let Some(view) = PositionView::parse_common(body)
                    {
                        let consumed = chunk.len() - rest.len() + len;
                        self.position = Some(view);
                        buf.advance(consumed);
                        return Ok(());
                    }
                }
                encoding::message::merge(wire_type, self.position.get_or_insert_default(), buf, ctx)
            }
            2 => {
                encoding::message::merge(wire_type, self.options.get_or_insert_default(), buf, ctx)
            }
            _ => encoding::skip_field(wire_type, tag, buf, ctx),
        }
    }

    fn encoded_len(&self) -> usize {
        self.position
            .as_ref()
            .map_or(0, |p| encoding::message::encoded_len(1, p))
            + self
                .options
                .as_ref()
                .map_or(0, |o| encoding::message::encoded_len(2, o))
    }

    fn clear(&mut self) {
        *self = GameStatusRequestView::default();
    }
}

#[cfg(test)]
mod tests {
    use prost::Message;

    use super::{EncodedLegalMoves, FullMoves};
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
            let listed = EncodedLegalMoves::full(&game.legal_moves(options).unwrap(), &status);
            // The server's route: each move written as it is described, into a
            // buffer that starts with no room and has to grow.
            let mut each = FullMoves::with_room_for(0);
            game.describe_legal_moves(options, |m| each.push(m))
                .unwrap();
            assert_eq!(each.finish(&status), listed, "described one at a time");
            listed
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
        super::nested(&mut out, 1, |out| {
            super::text(out, 1, "x".repeat(200).as_bytes())
        });
        let mut expected = Vec::new();
        prost::encoding::string::encode(1, &"x".repeat(200), &mut expected);
        let mut wrapped = Vec::new();
        prost::encoding::bytes::encode(1, &expected, &mut wrapped);
        assert_eq!(out, wrapped);
    }

    fn game_status_request(moves: Vec<String>) -> pb::GameStatusRequest {
        pb::GameStatusRequest {
            position: Some(pb::Position {
                variant: pb::Variant::Xiangqi.into(),
                fen: "4k4/9/9/9/9/9/9/9/4A4/3AK3R w - - 0 1".to_owned(),
                moves,
                coordinates: pb::Coordinates::OneBased.into(),
                fen_strictness: pb::FenStrictness::Lenient.into(),
            }),
            options: Some(pb::RuleOptions {
                repetition_count: 4,
                move_limit_plies: Some(0),
                ..pb::RuleOptions::default()
            }),
        }
    }

    #[test]
    fn a_request_view_reads_what_prost_reads() {
        let moves: Vec<String> = ["i1i10", "e10e9", "", "é", "x".repeat(300).as_str()]
            .iter()
            .map(|m| (*m).to_owned())
            .collect();
        let request = game_status_request(moves.clone());
        let bytes = request.encode_to_vec();
        let view = super::GameStatusRequestView::decode(bytes.as_slice()).unwrap();
        let position = view.position.as_ref().unwrap();
        let expected = request.position.as_ref().unwrap();
        assert_eq!(position.variant, expected.variant);
        assert_eq!(position.fen, expected.fen);
        assert_eq!(position.coordinates, expected.coordinates);
        assert_eq!(position.fen_strictness, expected.fen_strictness);
        assert_eq!(position.move_count(), moves.len());
        let read: Vec<&[u8]> = position.move_bytes().collect();
        let sent: Vec<&[u8]> = moves.iter().map(String::as_bytes).collect();
        assert_eq!(read, sent);
        assert_eq!(view.options, request.options);
        // And back: the same bytes, so nothing was lost or reordered.
        assert_eq!(view.encode_to_vec(), bytes);
        assert_eq!(view.encoded_len(), bytes.len());
    }

    #[test]
    fn a_move_that_is_not_utf8_is_named_even_when_the_buffer_is() {
        // "é" is 0xC3 0xA9: cut between two moves, the buffer is valid UTF-8
        // but neither move is.
        let mut position = Vec::new();
        prost::encoding::bytes::encode(3, &vec![b'e', 0xC3], &mut position);
        prost::encoding::bytes::encode(3, &vec![0xA9], &mut position);
        let view = super::PositionView::decode(position.as_slice()).unwrap();
        assert_eq!(view.moves(), Err(0));
        let mut position = Vec::new();
        prost::encoding::string::encode(3, &"e2e4".to_owned(), &mut position);
        prost::encoding::bytes::encode(3, &vec![0xFF], &mut position);
        let view = super::PositionView::decode(position.as_slice()).unwrap();
        assert_eq!(view.moves(), Err(1));
        let mut position = Vec::new();
        prost::encoding::string::encode(3, &"é".to_owned(), &mut position);
        prost::encoding::string::encode(3, &"e2e4".to_owned(), &mut position);
        let view = super::PositionView::decode(position.as_slice()).unwrap();
        assert_eq!(view.moves(), Ok(vec!["é", "e2e4"]));
    }

    #[test]
    fn unusual_encodings_are_read_like_prost_reads_them() {
        let position = game_status_request(vec!["h2e2".to_owned(), "h9g7".to_owned()])
            .position
            .unwrap()
            .encode_to_vec();
        // An unknown field (tag 9) after the known ones, and the variant sent
        // a second time: the last one counts.
        let mut unusual = position.clone();
        prost::encoding::string::encode(9, &"future".to_owned(), &mut unusual);
        prost::encoding::int32::encode(1, &1, &mut unusual);
        for body in [position, unusual] {
            let mut request = Vec::new();
            prost::encoding::bytes::encode(1, &body, &mut request);
            let view = super::GameStatusRequestView::decode(request.as_slice()).unwrap();
            let prost = pb::GameStatusRequest::decode(request.as_slice()).unwrap();
            let (view, prost) = (view.position.unwrap(), prost.position.unwrap());
            assert_eq!(view.variant, prost.variant);
            assert_eq!(view.fen, prost.fen);
            assert_eq!(view.coordinates, prost.coordinates);
            let moves: Vec<&[u8]> = view.move_bytes().collect();
            let expected: Vec<&[u8]> = prost.moves.iter().map(String::as_bytes).collect();
            assert_eq!(moves, expected);
        }
    }

    #[test]
    fn a_request_view_refuses_what_prost_refuses() {
        let bytes = game_status_request(vec!["e2e4".to_owned()]).encode_to_vec();
        // Cut short inside the position.
        for cut in [3, bytes.len() / 2, bytes.len() - 1] {
            assert!(super::GameStatusRequestView::decode(&bytes[..cut]).is_err());
            assert!(pb::GameStatusRequest::decode(&bytes[..cut]).is_err());
        }
        // A history move sent as a number instead of a string.
        let mut wrong_type = Vec::new();
        prost::encoding::int32::encode(3, &7, &mut wrong_type);
        let mut request = Vec::new();
        prost::encoding::bytes::encode(1, &wrong_type, &mut request);
        assert!(super::GameStatusRequestView::decode(request.as_slice()).is_err());
        assert!(pb::GameStatusRequest::decode(request.as_slice()).is_err());
        // A variant number in a varint longer than 64 bits.
        let mut overlong = vec![0x08];
        overlong.extend([0xff; 9]);
        overlong.push(0x7f);
        let mut request = Vec::new();
        prost::encoding::bytes::encode(1, &overlong, &mut request);
        assert!(super::GameStatusRequestView::decode(request.as_slice()).is_err());
        assert!(pb::GameStatusRequest::decode(request.as_slice()).is_err());
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
