//! GameStatus requests read by the hand codec as prost reads them.

use prost::Message;

use super::game_status_request;
use crate::{
    proto as pb,
    transport::rpc::wire::{GameStatusRequestView, PositionView},
};

#[test]
fn a_request_view_reads_what_prost_reads() {
    let moves: Vec<String> = ["i1i10", "e10e9", "", "é", "x".repeat(300).as_str()]
        .iter()
        .map(|m| (*m).to_owned())
        .collect();
    let request = game_status_request(moves.clone());
    let bytes = request.encode_to_vec();
    let view = GameStatusRequestView::decode(bytes.as_slice()).unwrap();
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
    let view = PositionView::decode(position.as_slice()).unwrap();
    assert_eq!(view.moves(), Err(0));
    let mut position = Vec::new();
    prost::encoding::string::encode(3, &"e2e4".to_owned(), &mut position);
    prost::encoding::bytes::encode(3, &vec![0xFF], &mut position);
    let view = PositionView::decode(position.as_slice()).unwrap();
    assert_eq!(view.moves(), Err(1));
    let mut position = Vec::new();
    prost::encoding::string::encode(3, &"é".to_owned(), &mut position);
    prost::encoding::string::encode(3, &"e2e4".to_owned(), &mut position);
    let view = PositionView::decode(position.as_slice()).unwrap();
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
        let view = GameStatusRequestView::decode(request.as_slice()).unwrap();
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
        assert!(GameStatusRequestView::decode(&bytes[..cut]).is_err());
        assert!(pb::GameStatusRequest::decode(&bytes[..cut]).is_err());
    }
    // A history move sent as a number instead of a string.
    let mut wrong_type = Vec::new();
    prost::encoding::int32::encode(3, &7, &mut wrong_type);
    let mut request = Vec::new();
    prost::encoding::bytes::encode(1, &wrong_type, &mut request);
    assert!(GameStatusRequestView::decode(request.as_slice()).is_err());
    assert!(pb::GameStatusRequest::decode(request.as_slice()).is_err());
    // A variant number in a varint longer than 64 bits.
    let mut overlong = vec![0x08];
    overlong.extend([0xff; 9]);
    overlong.push(0x7f);
    let mut request = Vec::new();
    prost::encoding::bytes::encode(1, &overlong, &mut request);
    assert!(GameStatusRequestView::decode(request.as_slice()).is_err());
    assert!(pb::GameStatusRequest::decode(request.as_slice()).is_err());
}
