//! `BatchResult` and `BatchResponse` as the server writes them: a
//! LegalMoves answer inside a batch result is the unary call's encoded
//! answer ([`EncodedLegalMoves`], not copied) with a key and a length in front, so a
//! batch item costs what the unary call's answer costs and no prost struct
//! of its moves is built (building and measuring those was most of a
//! batch's server time). The other outcomes are small and written by prost.

use prost::{
    DecodeError, Message,
    bytes::{Buf, BufMut},
    encoding::{DecodeContext, WireType, encoded_len_varint},
};

use super::{
    EncodedLegalMoves,
    fields::{BATCH_RESPONSE_RESULTS, BATCH_RESULT_LEGAL_MOVES},
    keep_field, key, varint,
};
use crate::proto as pb;

/// A `BatchResult`, already encoded: a few bytes of head (a LegalMoves
/// answer's key and length) and a body, so that the answer's own buffer
/// becomes the body and is not copied.
#[derive(Debug, Clone, Default)]
pub struct EncodedBatchResult {
    head: Head,
    body: Vec<u8>,
}

/// A field key and a length, at most 1 + 10 bytes.
#[derive(Debug, Clone, Default)]
struct Head {
    bytes: [u8; 11],
    len: u8,
}

impl Head {
    fn as_bytes(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len)]
    }
}

impl EncodedBatchResult {
    /// The result of a LegalMoves item.
    #[must_use]
    pub fn legal_moves(answer: EncodedLegalMoves) -> Self {
        let body = answer.into_bytes();
        let mut written = Vec::with_capacity(11);
        key(
            &mut written,
            BATCH_RESULT_LEGAL_MOVES.number,
            WireType::LengthDelimited,
        );
        varint(&mut written, body.len() as u64);
        let mut head = Head::default();
        head.bytes[..written.len()].copy_from_slice(&written);
        head.len = written.len() as u8;
        EncodedBatchResult { head, body }
    }

    /// Any other result (a ValidateMove or GameStatus answer, an error), as
    /// prost writes it.
    #[must_use]
    pub fn encoded(result: &pb::BatchResult) -> Self {
        EncodedBatchResult {
            head: Head::default(),
            body: result.encode_to_vec(),
        }
    }

    fn bytes(&self) -> impl Iterator<Item = &u8> {
        self.head.as_bytes().iter().chain(&self.body)
    }
}

/// Equal when the encodings are, however they are split.
impl PartialEq for EncodedBatchResult {
    fn eq(&self, other: &Self) -> bool {
        self.encoded_len() == other.encoded_len() && self.bytes().eq(other.bytes())
    }
}

impl Eq for EncodedBatchResult {}

impl Message for EncodedBatchResult {
    fn encode_raw(&self, buf: &mut impl BufMut) {
        buf.put_slice(self.head.as_bytes());
        buf.put_slice(&self.body);
    }

    /// Keeps each field as it was encoded (see [`keep_field`]).
    fn merge_field(
        &mut self,
        tag: u32,
        wire_type: WireType,
        buf: &mut impl Buf,
        ctx: DecodeContext,
    ) -> Result<(), DecodeError> {
        keep_field(&mut self.body, tag, wire_type, buf, ctx)
    }

    fn encoded_len(&self) -> usize {
        usize::from(self.head.len) + self.body.len()
    }

    fn clear(&mut self) {
        *self = EncodedBatchResult::default();
    }
}

/// A `BatchResponse`: the results, each a length-delimited `results` field.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EncodedBatchResponse {
    results: Vec<EncodedBatchResult>,
}

impl EncodedBatchResponse {
    /// The response carrying `results` in their order.
    #[must_use]
    pub fn new(results: Vec<EncodedBatchResult>) -> Self {
        EncodedBatchResponse { results }
    }

    /// How many results the response carries.
    #[must_use]
    pub fn len(&self) -> usize {
        self.results.len()
    }

    /// Whether the response carries no result.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.results.is_empty()
    }
}

impl Message for EncodedBatchResponse {
    fn encode_raw(&self, buf: &mut impl BufMut) {
        let mut head = Vec::with_capacity(11);
        for result in &self.results {
            head.clear();
            key(
                &mut head,
                BATCH_RESPONSE_RESULTS.number,
                WireType::LengthDelimited,
            );
            varint(&mut head, result.encoded_len() as u64);
            buf.put_slice(&head);
            result.encode_raw(buf);
        }
    }

    /// Reads `results` back into encoded results; any other field (none in
    /// the contract today) is skipped, as prost skips unknown fields.
    fn merge_field(
        &mut self,
        tag: u32,
        wire_type: WireType,
        buf: &mut impl Buf,
        ctx: DecodeContext,
    ) -> Result<(), DecodeError> {
        if tag == BATCH_RESPONSE_RESULTS.number {
            let mut result = EncodedBatchResult::default();
            prost::encoding::message::merge(wire_type, &mut result, buf, ctx)?;
            self.results.push(result);
            Ok(())
        } else {
            prost::encoding::skip_field(wire_type, tag, buf, ctx)
        }
    }

    fn encoded_len(&self) -> usize {
        self.results
            .iter()
            .map(|result| {
                let len = result.encoded_len();
                1 + encoded_len_varint(len as u64) + len
            })
            .sum()
    }

    fn clear(&mut self) {
        self.results.clear();
    }
}
