//! Protobuf and gRPC bytes made by hand, for messages no generated client
//! would send and for clients that speak HTTP/2 without tonic.

/// Appends `value` as a base-128 varint.
pub(crate) fn varint(mut value: u64, out: &mut Vec<u8>) {
    loop {
        let byte = (value & 0x7f) as u8;
        value >>= 7;
        if value == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

/// Appends a length-delimited field.
pub(crate) fn bytes_field(number: u32, bytes: &[u8], out: &mut Vec<u8>) {
    varint(u64::from(number << 3 | 2), out);
    varint(bytes.len() as u64, out);
    out.extend_from_slice(bytes);
}

/// Appends a varint field.
pub(crate) fn varint_field(number: u32, value: u64, out: &mut Vec<u8>) {
    varint(u64::from(number << 3), out);
    varint(value, out);
}

/// One gRPC message frame: no compression, the 4-byte big-endian length,
/// the message. Panics past 4 GiB, which no test sends.
pub(crate) fn grpc_frame(message: &[u8]) -> Vec<u8> {
    let mut frame = vec![0];
    frame.extend(u32::try_from(message.len()).unwrap().to_be_bytes());
    frame.extend_from_slice(message);
    frame
}
