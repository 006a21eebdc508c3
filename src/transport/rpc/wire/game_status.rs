//! `GameStatusRequest` as the server decodes it: the position through
//! [`PositionView`], the options through prost's `RuleOptions`.

use prost::{
    DecodeError, Message,
    bytes::{Buf, BufMut},
    encoding::{self, DecodeContext, WireType},
};

use super::{
    PositionView,
    fields::{STATUS_REQUEST_OPTIONS, STATUS_REQUEST_POSITION},
    read_varint,
};
use crate::proto as pb;

/// `GameStatusRequest` as the server decodes it (see the module doc).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GameStatusRequestView {
    /// `GameStatusRequest.position`.
    pub position: Option<PositionView>,
    /// `GameStatusRequest.options`.
    pub options: Option<pb::RuleOptions>,
}

/// The field numbers, as patterns for `merge_field`.
const POSITION: u32 = STATUS_REQUEST_POSITION.number;
const OPTIONS: u32 = STATUS_REQUEST_OPTIONS.number;

impl Message for GameStatusRequestView {
    fn encode_raw(&self, buf: &mut impl BufMut) {
        if let Some(position) = &self.position {
            encoding::message::encode(POSITION, position, buf);
        }
        if let Some(options) = &self.options {
            encoding::message::encode(OPTIONS, options, buf);
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
            POSITION => {
                // The first position of the request, whole in the buffer's
                // first chunk and written the usual way, is read in one slice
                // walk; anything else is merged field by field, as prost does.
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
            OPTIONS => {
                encoding::message::merge(wire_type, self.options.get_or_insert_default(), buf, ctx)
            }
            _ => encoding::skip_field(wire_type, tag, buf, ctx),
        }
    }

    fn encoded_len(&self) -> usize {
        self.position
            .as_ref()
            .map_or(0, |p| encoding::message::encoded_len(POSITION, p))
            + self
                .options
                .as_ref()
                .map_or(0, |o| encoding::message::encoded_len(OPTIONS, o))
    }

    fn clear(&mut self) {
        *self = GameStatusRequestView::default();
    }
}
