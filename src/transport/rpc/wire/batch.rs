//! `BatchResult` and `BatchResponse` as the server writes them: a
//! LegalMoves answer inside a batch result is the unary call's encoded
//! answer ([`EncodedLegalMoves`]) with a key and a length in front, so a
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

/// A `BatchResult`, already encoded.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EncodedBatchResult {
    bytes: Vec<u8>,
}

impl EncodedBatchResult {
    /// The result of a LegalMoves item.
    #[must_use]
    pub fn legal_moves(answer: &EncodedLegalMoves) -> Self {
        let answer = answer.as_bytes();
        let mut bytes = Vec::with_capacity(answer.len() + 6);
        key(
            &mut bytes,
            BATCH_RESULT_LEGAL_MOVES.number,
            WireType::LengthDelimited,
        );
        varint(&mut bytes, answer.len() as u64);
        bytes.extend_from_slice(answer);
        EncodedBatchResult { bytes }
    }

    /// Any other result (a ValidateMove or GameStatus answer, an error), as
    /// prost writes it.
    #[must_use]
    pub fn encoded(result: &pb::BatchResult) -> Self {
        EncodedBatchResult {
            bytes: result.encode_to_vec(),
        }
    }
}

impl Message for EncodedBatchResult {
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
            varint(&mut head, result.bytes.len() as u64);
            buf.put_slice(&head);
            buf.put_slice(&result.bytes);
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
            .map(|result| 1 + encoded_len_varint(result.bytes.len() as u64) + result.bytes.len())
            .sum()
    }

    fn clear(&mut self) {
        self.results.clear();
    }
}
