//! `Position` read with its history moves in one buffer, and the checks that
//! turn it into the domain's position.

use prost::{
    DecodeError, Message,
    bytes::{Buf, BufMut},
    encoding::{self, DecodeContext, WireType},
};
use tonic::Status;

use super::{
    fields::{
        POSITION_CHINESE_CHARACTERS, POSITION_COORDINATES, POSITION_FEN, POSITION_FEN_STRICTNESS,
        POSITION_MOVES, POSITION_VARIANT,
    },
    key_byte, length_delimited, read_varint,
};
use crate::transport::rpc::{
    convert::{self, PositionInput},
    status::invalid_argument,
};

/// A `Position` whose history moves share one buffer. Every field of the
/// contract's `Position` has a counterpart here (the tests hold it to the
/// descriptor set), and decoding reads what prost reads.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PositionView {
    /// `Position.variant`.
    pub variant: i32,
    /// `Position.fen`.
    pub fen: String,
    /// `Position.coordinates`.
    pub coordinates: i32,
    /// `Position.fen_strictness`.
    pub fen_strictness: i32,
    /// `Position.chinese_characters`.
    pub chinese_characters: i32,
    /// `Position.moves`: every move's bytes, back to back; move `i` ends at
    /// `move_ends[i]`.
    move_bytes: Vec<u8>,
    move_ends: Vec<usize>,
    /// Where prost puts one move before it is appended (reused).
    scratch: Vec<u8>,
}

/// The keys `parse_common` accepts: each field with its usual wire type.
const VARIANT_KEY: u8 = key_byte(POSITION_VARIANT.number, WireType::Varint);
const FEN_KEY: u8 = key_byte(POSITION_FEN.number, WireType::LengthDelimited);
const MOVES_KEY: u8 = key_byte(POSITION_MOVES.number, WireType::LengthDelimited);
const COORDINATES_KEY: u8 = key_byte(POSITION_COORDINATES.number, WireType::Varint);
const FEN_STRICTNESS_KEY: u8 = key_byte(POSITION_FEN_STRICTNESS.number, WireType::Varint);
const CHINESE_CHARACTERS_KEY: u8 = key_byte(POSITION_CHINESE_CHARACTERS.number, WireType::Varint);

/// The field numbers, as patterns for `merge_field`.
const VARIANT: u32 = POSITION_VARIANT.number;
const FEN: u32 = POSITION_FEN.number;
const MOVES: u32 = POSITION_MOVES.number;
const COORDINATES: u32 = POSITION_COORDINATES.number;
const FEN_STRICTNESS: u32 = POSITION_FEN_STRICTNESS.number;
const CHINESE_CHARACTERS: u32 = POSITION_CHINESE_CHARACTERS.number;

impl PositionView {
    /// Moves in the history.
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
    /// field-by-field decoding and its errors. A slice walk costs a fraction
    /// of prost's generic `Buf` reads per history move.
    pub(super) fn parse_common(mut bytes: &[u8]) -> Option<PositionView> {
        let mut view = PositionView::default();
        while let Some((&key, rest)) = bytes.split_first() {
            bytes = rest;
            match key {
                VARIANT_KEY | COORDINATES_KEY | FEN_STRICTNESS_KEY | CHINESE_CHARACTERS_KEY => {
                    let (value, rest) = read_varint(bytes)?;
                    bytes = rest;
                    // As prost reads an int32: the low 32 bits.
                    let value = value as i32;
                    match key {
                        VARIANT_KEY => view.variant = value,
                        COORDINATES_KEY => view.coordinates = value,
                        FEN_STRICTNESS_KEY => view.fen_strictness = value,
                        _ => view.chinese_characters = value,
                    }
                }
                FEN_KEY | MOVES_KEY => {
                    let (len, rest) = read_varint(bytes)?;
                    let len = usize::try_from(len).ok()?;
                    let text = rest.get(..len)?;
                    bytes = &rest[len..];
                    if key == FEN_KEY {
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

impl Message for PositionView {
    fn encode_raw(&self, buf: &mut impl BufMut) {
        if self.variant != 0 {
            encoding::int32::encode(POSITION_VARIANT.number, &self.variant, buf);
        }
        if !self.fen.is_empty() {
            encoding::string::encode(POSITION_FEN.number, &self.fen, buf);
        }
        for text in self.move_bytes() {
            length_delimited(buf, POSITION_MOVES.number, text);
        }
        if self.coordinates != 0 {
            encoding::int32::encode(POSITION_COORDINATES.number, &self.coordinates, buf);
        }
        if self.fen_strictness != 0 {
            encoding::int32::encode(POSITION_FEN_STRICTNESS.number, &self.fen_strictness, buf);
        }
        if self.chinese_characters != 0 {
            encoding::int32::encode(
                POSITION_CHINESE_CHARACTERS.number,
                &self.chinese_characters,
                buf,
            );
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
            VARIANT => encoding::int32::merge(wire_type, &mut self.variant, buf, ctx),
            FEN => encoding::string::merge(wire_type, &mut self.fen, buf, ctx),
            MOVES => {
                let mut text = std::mem::take(&mut self.scratch);
                let merged = encoding::bytes::merge(wire_type, &mut text, buf, ctx);
                if merged.is_ok() {
                    self.push_move(&text);
                }
                self.scratch = text;
                merged
            }
            COORDINATES => encoding::int32::merge(wire_type, &mut self.coordinates, buf, ctx),
            FEN_STRICTNESS => encoding::int32::merge(wire_type, &mut self.fen_strictness, buf, ctx),
            CHINESE_CHARACTERS => {
                encoding::int32::merge(wire_type, &mut self.chinese_characters, buf, ctx)
            }
            _ => encoding::skip_field(wire_type, tag, buf, ctx),
        }
    }

    fn encoded_len(&self) -> usize {
        let mut len = 0;
        if self.variant != 0 {
            len += encoding::int32::encoded_len(POSITION_VARIANT.number, &self.variant);
        }
        if !self.fen.is_empty() {
            len += encoding::string::encoded_len(POSITION_FEN.number, &self.fen);
        }
        for text in self.move_bytes() {
            len += encoding::key_len(POSITION_MOVES.number)
                + encoding::encoded_len_varint(text.len() as u64)
                + text.len();
        }
        if self.coordinates != 0 {
            len += encoding::int32::encoded_len(POSITION_COORDINATES.number, &self.coordinates);
        }
        if self.fen_strictness != 0 {
            len +=
                encoding::int32::encoded_len(POSITION_FEN_STRICTNESS.number, &self.fen_strictness);
        }
        if self.chinese_characters != 0 {
            len += encoding::int32::encoded_len(
                POSITION_CHINESE_CHARACTERS.number,
                &self.chinese_characters,
            );
        }
        len
    }

    fn clear(&mut self) {
        *self = PositionView::default();
    }
}

/// Reads a position decoded by [`PositionView`]: the checks
/// [`convert::position`] makes of prost's `Position`, and each history move
/// must be UTF-8, as prost requires of a `string`.
pub fn position_input(
    position: Option<&PositionView>,
    max_history_moves: usize,
) -> Result<PositionInput<&str>, Status> {
    let Some(view) = position else {
        return Err(invalid_argument("position", "is required"));
    };
    let (variant, load) = convert::position_settings(
        view.variant,
        view.move_count(),
        view.coordinates,
        view.fen_strictness,
        view.chinese_characters,
        max_history_moves,
    )?;
    let moves = view.moves().map_err(|index| {
        invalid_argument(&format!("position.moves[{index}]"), "is not valid UTF-8")
    })?;
    Ok(PositionInput {
        variant,
        fen: view.fen.clone(),
        moves,
        load,
    })
}
