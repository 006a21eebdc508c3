//! The `LegalMovesResponse` answer, written straight from the domain's moves
//! (see the module doc above for why).

use prost::{
    DecodeError, Message,
    bytes::{Buf, BufMut},
    encoding::{DecodeContext, WireType},
};

use super::{
    boolean, enumeration,
    fields::{
        ANSWER_FEN, ANSWER_IN_CHECK, ANSWER_MOVES, ANSWER_OUTCOME, ANSWER_RULE_SET,
        ANSWER_SIDE_TO_MOVE, MOVE_CAPTURE, MOVE_CAPTURED, MOVE_CASTLING, MOVE_CHECK, MOVE_CHINESE,
        MOVE_DROP, MOVE_EN_PASSANT, MOVE_EXPLOSION_SQUARES, MOVE_FORBIDDEN_REPETITION, MOVE_FROM,
        MOVE_PIECE, MOVE_PROMOTION, MOVE_REPETITION_OUTCOME, MOVE_SAN, MOVE_TO, MOVE_UCI,
        MOVE_UCI_ONE_BASED, OUTCOME_OFFENDER, OUTCOME_REASON, OUTCOME_RESULT, PIECE_KIND_FIELD,
        PIECE_SIDE,
    },
    keep_field, key, key_byte, nested, text, varint,
};
use crate::{proto as pb, transport::rpc::convert};
use arbiter_rules::{MoveCoordinates, MoveInfo, Notation, Outcome, PieceInfo, Side, Status};

/// A `LegalMovesResponse`, already encoded.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EncodedLegalMoves {
    bytes: Vec<u8>,
}

/// Room for a typical move with its description, so that the buffer
/// rarely grows.
const BYTES_PER_FULL_MOVE: usize = 54;
const BYTES_PER_COORDINATE_MOVE: usize = 8;
const BYTES_FOR_STATUS: usize = 128;

/// A move longer than the buffer a move is written into
/// ([`MAX_MOVE_BYTES`]): the answer it belongs to is not written at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveTooLong {
    /// The move, as `Move.uci` names it.
    pub uci: Notation,
}

impl std::fmt::Display for MoveTooLong {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the move {} takes more than the {MAX_MOVE_BYTES} bytes a move is given",
            self.uci
        )
    }
}

impl std::error::Error for MoveTooLong {}

impl EncodedLegalMoves {
    /// Every field of every move (`MOVE_VIEW_FULL`).
    pub fn full(moves: &[MoveInfo], status: &Status) -> Result<Self, MoveTooLong> {
        let mut answer = FullMoves::with_room_for(moves.len());
        for m in moves {
            answer.push(m);
        }
        answer.finish(status)
    }

    /// The coordinates and repetition flags only (`MOVE_VIEW_COORDINATES`).
    pub fn coordinates(moves: &[MoveCoordinates], status: &Status) -> Result<Self, MoveTooLong> {
        let mut answer = CoordinateMoves::with_room_for(moves.len());
        for m in moves {
            answer.push(m);
        }
        answer.finish(status)
    }

    /// The encoded `LegalMovesResponse`, ready to send.
    #[must_use]
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The encoded `LegalMovesResponse`, as a buffer of its own.
    #[must_use]
    pub fn into_bytes(self) -> Vec<u8> {
        self.bytes
    }
}

/// A full-view answer written move by move, as the game describes them, so
/// that no list of descriptions is kept.
pub struct FullMoves {
    bytes: Vec<u8>,
    /// The move being written, reused from move to move.
    scratch: MoveBytes,
    /// The first move that did not fit, which fails the answer.
    too_long: Option<MoveTooLong>,
}

impl FullMoves {
    /// An empty answer with room for `moves` moves, so a typical answer never reallocates.
    #[must_use]
    pub fn with_room_for(moves: usize) -> Self {
        FullMoves {
            bytes: Vec::with_capacity(moves * BYTES_PER_FULL_MOVE + BYTES_FOR_STATUS),
            scratch: MoveBytes::new(),
            too_long: None,
        }
    }

    /// Appends one move, in the order the client will see; a move that
    /// does not fit is left out and fails the answer at [`Self::finish`].
    pub fn push(&mut self, m: &MoveInfo) {
        if !self
            .scratch
            .append_to(&mut self.bytes, |body| full_move(body, m))
        {
            self.too_long.get_or_insert(MoveTooLong { uci: m.uci });
        }
    }

    /// Appends the status fields that follow the moves and ends the answer;
    /// `Err` when a move did not fit, so that no answer lacks a move.
    pub fn finish(mut self, status: &Status) -> Result<EncodedLegalMoves, MoveTooLong> {
        if let Some(too_long) = self.too_long {
            return Err(too_long);
        }
        position_fields(&mut self.bytes, status);
        Ok(EncodedLegalMoves { bytes: self.bytes })
    }
}

/// A coordinates-view answer written move by move, as the game lists them,
/// so that no list of moves is kept.
pub struct CoordinateMoves {
    bytes: Vec<u8>,
    scratch: MoveBytes,
    /// The first move that did not fit, which fails the answer.
    too_long: Option<MoveTooLong>,
}

impl CoordinateMoves {
    /// An empty answer with room for `moves` moves, so a typical answer never reallocates.
    #[must_use]
    pub fn with_room_for(moves: usize) -> Self {
        CoordinateMoves {
            bytes: Vec::with_capacity(moves * BYTES_PER_COORDINATE_MOVE + BYTES_FOR_STATUS),
            scratch: MoveBytes::new(),
            too_long: None,
        }
    }

    /// Appends one move, in the order the client will see. Nearly every move
    /// is its UCI text alone: six to nine bytes whose lengths are one byte
    /// each, written in place with one capacity check; the rest go through
    /// the general writer. A move that does not fit is left out and fails
    /// the answer at [`Self::finish`].
    pub fn push(&mut self, m: &MoveCoordinates) {
        let text = m.uci.as_bytes().len();
        if m.uci_one_based.is_some() || m.forbidden_repetition.is_some() || text == 0 {
            if !self
                .scratch
                .append_to(&mut self.bytes, |body| coordinate_move(body, m))
            {
                self.too_long.get_or_insert(MoveTooLong { uci: m.uci });
            }
            return;
        }
        const { assert!(2 + Notation::CAPACITY < 0x80) };
        let start = self.bytes.len();
        self.bytes.reserve(4 + Notation::CAPACITY);
        self.bytes.extend_from_slice(&[
            key_byte(ANSWER_MOVES.number, WireType::LengthDelimited),
            (2 + text) as u8,
            key_byte(MOVE_UCI.number, WireType::LengthDelimited),
            text as u8,
        ]);
        // A fixed-size copy of the padded text, cut to the text.
        self.bytes.extend_from_slice(m.uci.padded());
        self.bytes.truncate(start + 4 + text);
    }

    /// Appends the status fields that follow the moves and ends the answer;
    /// `Err` when a move did not fit, so that no answer lacks a move.
    pub fn finish(mut self, status: &Status) -> Result<EncodedLegalMoves, MoveTooLong> {
        if let Some(too_long) = self.too_long {
            return Err(too_long);
        }
        position_fields(&mut self.bytes, status);
        Ok(EncodedLegalMoves { bytes: self.bytes })
    }
}

/// Every field of `Move`, in number order, defaults left out.
fn full_move(out: &mut MoveBytes, m: &MoveInfo) {
    out.notation(MOVE_UCI.number, &m.uci);
    out.notation(MOVE_SAN.number, &m.san);
    if let Some(one_based) = &m.uci_one_based {
        out.notation(MOVE_UCI_ONE_BASED.number, one_based);
    }
    out.notation(MOVE_FROM.number, &m.from);
    out.notation(MOVE_TO.number, &m.to);
    out.piece(MOVE_PIECE.number, m.piece);
    out.boolean(MOVE_CAPTURE.number, m.captured.is_some());
    if let Some(captured) = m.captured {
        out.piece(MOVE_CAPTURED.number, captured);
    }
    out.boolean(MOVE_CHECK.number, m.check);
    out.enumeration(MOVE_CASTLING.number, convert::castling(m.castling) as i32);
    out.boolean(MOVE_EN_PASSANT.number, m.en_passant);
    if let Some(promotion) = m.promotion {
        out.enumeration(MOVE_PROMOTION.number, convert::piece_kind(promotion) as i32);
    }
    out.repetition(m.forbidden_repetition);
    out.notation(MOVE_CHINESE.number, &m.chinese);
    out.boolean(MOVE_DROP.number, m.drop);
    for square in &m.explosion_squares {
        out.long_key_text(MOVE_EXPLOSION_SQUARES.number, square);
    }
}

/// The coordinates view of `Move`: `uci`, `uci_one_based` and the
/// repetition fields.
fn coordinate_move(out: &mut MoveBytes, m: &MoveCoordinates) {
    out.notation(MOVE_UCI.number, &m.uci);
    if let Some(one_based) = &m.uci_one_based {
        out.notation(MOVE_UCI_ONE_BASED.number, one_based);
    }
    out.repetition(m.forbidden_repetition);
}

/// The most one `Move` takes: six notations of at most fifteen bytes with
/// their keys and lengths (102), two pieces of two enums (2 × 24), five flags
/// (11: `drop`'s key is two bytes), two enums (2 × 11) and the repetition
/// outcome (2 + 33): 218 at worst, and an atomic capture's explosion
/// squares, at most the nine around its target of five bytes each (a
/// two-byte key, a length, a square's two letters): 263,
/// though every enum the service writes is under 128 and takes two bytes.
/// A move past it (a field added to `Move`, a domain that describes more)
/// fails its answer rather than being cut (see [`MoveBytes::append_to`]).
pub(super) const MAX_MOVE_BYTES: usize = 218 + 9 * 5;

/// A move of at most this many bytes is appended by one fixed-size copy (see
/// [`MoveBytes::append_to`]): a full-view chess move takes about 30, a xiangqi
/// move about 50.
const SHORT_MOVE: usize = 64;

/// One move's fields (either view), written into a fixed buffer and appended
/// to the answer in one copy: no capacity test per field, and a notation is
/// one fixed-size copy of its padded bytes, of which the cursor keeps only
/// the text's.
struct MoveBytes {
    bytes: [u8; MAX_MOVE_BYTES],
    len: usize,
    /// Whether a write of the current move did not fit: nothing of the move
    /// is then appended.
    overflowed: bool,
}

impl MoveBytes {
    fn new() -> Self {
        MoveBytes {
            bytes: [0; MAX_MOVE_BYTES],
            len: 0,
            overflowed: false,
        }
    }

    /// Writes one move with `write` and appends it to `out` as
    /// `LegalMovesResponse.moves`, behind its length; `false`, and nothing
    /// appended, when the move did not fit in [`MAX_MOVE_BYTES`].
    #[must_use]
    fn append_to(&mut self, out: &mut Vec<u8>, write: impl FnOnce(&mut MoveBytes)) -> bool {
        self.len = 0;
        self.overflowed = false;
        write(self);
        if self.overflowed {
            return false;
        }
        let len = self.len;
        // Nearly every move is under SHORT_MOVE bytes: it is appended as a fixed-size
        // copy of the buffer's head, cut to the move, which compiles to a few moves
        // where copying its own length was a call into `memcpy` per move.
        if len <= SHORT_MOVE
            && let Some(head) = self.bytes.get(..SHORT_MOVE)
        {
            // Its length is then one byte.
            const { assert!(SHORT_MOVE < 0x80) };
            let start = out.len();
            out.reserve(2 + SHORT_MOVE);
            out.extend_from_slice(&[
                key_byte(ANSWER_MOVES.number, WireType::LengthDelimited),
                len as u8,
            ]);
            out.extend_from_slice(head);
            out.truncate(start + 2 + len);
            return true;
        }
        let body = &self.bytes[..len];
        out.reserve(body.len() + 3);
        key(out, ANSWER_MOVES.number, WireType::LengthDelimited);
        varint(out, body.len() as u64);
        out.extend_from_slice(body);
        true
    }

    /// Past [`MAX_MOVE_BYTES`] nothing is written and the move is marked as
    /// too long, as by every writer below.
    fn byte(&mut self, byte: u8) {
        if let Some(slot) = self.bytes.get_mut(self.len) {
            *slot = byte;
            self.len += 1;
        } else {
            self.overflowed = true;
        }
    }

    fn notation(&mut self, tag: u32, text: &Notation) {
        let len = text.as_bytes().len();
        if len == 0 {
            return;
        }
        let end = self.len + 2 + Notation::CAPACITY;
        if let Some([key, length, rest @ ..]) = self.bytes.get_mut(self.len..end) {
            *key = key_byte(tag, WireType::LengthDelimited);
            *length = len as u8;
            rest.copy_from_slice(text.padded());
            self.len += 2 + len;
        } else {
            self.overflowed = true;
        }
    }

    /// A `Piece` message. Both of its enums are small non-zero numbers, so it
    /// is six bytes known in advance, written in one copy.
    fn piece(&mut self, tag: u32, piece: PieceInfo) {
        let side = side(piece.side);
        let kind = convert::piece_kind(piece.kind) as i32;
        match (u8::try_from(side), u8::try_from(kind)) {
            (Ok(side @ 1..0x80), Ok(kind @ 1..0x80)) => self.put(&[
                key_byte(tag, WireType::LengthDelimited),
                4,
                key_byte(PIECE_SIDE.number, WireType::Varint),
                side,
                key_byte(PIECE_KIND_FIELD.number, WireType::Varint),
                kind,
            ]),
            _ => self.small_message(tag, |out| {
                out.enumeration(PIECE_SIDE.number, side);
                out.enumeration(PIECE_KIND_FIELD.number, kind);
            }),
        }
    }

    fn put(&mut self, bytes: &[u8]) {
        let end = self.len + bytes.len();
        if let Some(slot) = self.bytes.get_mut(self.len..end) {
            slot.copy_from_slice(bytes);
            self.len = end;
        } else {
            self.overflowed = true;
        }
    }

    /// A message of a few enums, under 128 bytes, so its length is one byte
    /// (a longer one marks the move as too long).
    fn small_message(&mut self, tag: u32, body: impl FnOnce(&mut MoveBytes)) {
        self.byte(key_byte(tag, WireType::LengthDelimited));
        let at = self.len;
        self.byte(0);
        body(self);
        match (self.len.checked_sub(at + 1), self.bytes.get_mut(at)) {
            (Some(len @ 0..0x80), Some(slot)) => *slot = len as u8,
            _ => self.overflowed = true,
        }
    }

    /// `Move.forbidden_repetition` and `Move.repetition_outcome`.
    fn repetition(&mut self, forbidden: Option<Outcome>) {
        if let Some(outcome_if_played) = forbidden {
            self.boolean(MOVE_FORBIDDEN_REPETITION.number, true);
            let outcome = convert::repetition_outcome(outcome_if_played);
            self.small_message(MOVE_REPETITION_OUTCOME.number, |out| {
                out.enumeration(OUTCOME_RESULT.number, outcome.result);
                out.enumeration(OUTCOME_REASON.number, outcome.reason);
                out.enumeration(OUTCOME_OFFENDER.number, outcome.offender);
            });
        }
    }

    /// A short text under a key of any size (`Move.explosion_squares` is
    /// field 17); an empty one is still written, as a repeated field's
    /// element must be.
    fn long_key_text(&mut self, tag: u32, text: &Notation) {
        self.long_key(tag, WireType::LengthDelimited);
        let bytes = text.as_bytes();
        self.byte(bytes.len() as u8);
        self.put(bytes);
    }

    /// A `bool` field; `false` is left out. Its key may take two bytes
    /// (`Move.drop` is field 16).
    fn boolean(&mut self, tag: u32, value: bool) {
        if value {
            self.long_key(tag, WireType::Varint);
            self.byte(1);
        }
    }

    /// A key of any size (one byte below field 16, two from 16 on).
    fn long_key(&mut self, tag: u32, wire_type: WireType) {
        let mut key = (tag << 3) | wire_type as u32;
        while key >= 0x80 {
            self.byte((key as u8) | 0x80);
            key >>= 7;
        }
        self.byte(key as u8);
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

/// The fields of `LegalMovesResponse` after its moves.
fn position_fields(out: &mut Vec<u8>, status: &Status) {
    text(out, ANSWER_FEN.number, status.fen.as_bytes());
    enumeration(out, ANSWER_SIDE_TO_MOVE.number, side(status.side_to_move));
    boolean(out, ANSWER_IN_CHECK.number, status.in_check);
    outcome(
        out,
        ANSWER_OUTCOME.number,
        &convert::outcome(status.outcome, status.offender),
    );
    enumeration(
        out,
        ANSWER_RULE_SET.number,
        convert::rule_set(status.rule_set) as i32,
    );
}

fn side(side: Side) -> i32 {
    pb::Side::from(side) as i32
}

fn outcome(out: &mut Vec<u8>, tag: u32, outcome: &pb::Outcome) {
    nested(out, tag, |out| {
        enumeration(out, OUTCOME_RESULT.number, outcome.result);
        enumeration(out, OUTCOME_REASON.number, outcome.reason);
        enumeration(out, OUTCOME_OFFENDER.number, outcome.offender);
    });
}

impl Message for EncodedLegalMoves {
    fn encode_raw(&self, buf: &mut impl BufMut) {
        buf.put_slice(&self.bytes);
    }

    /// Keeps each field as it was encoded (see [`keep_field`]).
    fn merge_field(
        &mut self,
        tag: u32,
        wire_type: WireType,
        buf: &mut impl Buf,
        ctx: DecodeContext,
    ) -> Result<(), DecodeError> {
        keep_field(&mut self.bytes, tag, wire_type, buf, ctx)
    }

    fn encoded_len(&self) -> usize {
        self.bytes.len()
    }

    fn clear(&mut self) {
        self.bytes.clear();
    }
}
