//! Random GameStatus requests for the property tests, built from random
//! games (see `games`) and mangled: unknown fields of every wire type,
//! repeated and split fields, wrong wire types, bad UTF-8, truncation and
//! flipped bytes. The hand reader must accept what prost accepts with the
//! same fields, and refuse what prost refuses (a history move that is not
//! UTF-8 is refused one step later, by `position_input`, so that it can be
//! named); and the two ways a `Position` is read (prost's struct through
//! `convert::position`, the view through `position_input`) must give the
//! same position or the same error.

use proptest::prelude::*;
use prost::{
    Message,
    encoding::{self, WireType, encode_key},
};

use super::games::{Setup, play, setup};
use crate::{
    proto as pb,
    transport::rpc::{
        convert,
        wire::{GameStatusRequestView, PositionView, position_input},
    },
};

/// Cases for the requests, which are cheaper to build and check than the
/// games, and many: some of the mismatches they look for need two rare
/// fields together.
const REQUEST_CASES: u32 = 1024;

proptest! {
    #![proptest_config(ProptestConfig {
        cases: REQUEST_CASES,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// GameStatus requests, mangled: the hand reader and prost agree.
    #[test]
    fn requests_are_read_as_prost_reads_them(
        setup in setup(),
        choices in proptest::collection::vec((any::<u16>(), any::<bool>()), 0..16),
        request in request_plan(),
    ) {
        let history = play(&setup, &choices, |_| {});
        let bytes = request.encode(&setup, &history);
        check_request(&bytes, request.max_history(history.len()));
    }
}

/// How to build and mangle one request.
#[derive(Debug, Clone)]
struct RequestPlan {
    /// Known fields' values where they are not the game's.
    variant: Option<i32>,
    coordinates: i32,
    fen_strictness: i32,
    chinese_characters: i32,
    /// Write defaults (zero enums, an empty FEN) rather than leaving them out.
    explicit_defaults: bool,
    /// Extra history moves of any text, or bytes that are not UTF-8.
    odd_moves: Vec<(usize, Vec<u8>)>,
    /// Fields inserted into the position: (where, field bytes).
    position_extras: Vec<(usize, Vec<u8>)>,
    /// Where to split the position into two `position` fields, if at all.
    split: Option<usize>,
    options: Option<(pb::RuleOptions, Vec<u8>)>,
    /// Fields inserted into the request.
    request_extras: Vec<(usize, Vec<u8>)>,
    mangle: Mangle,
    /// The history limit, relative to the history's length.
    limit_slack: i8,
}

#[derive(Debug, Clone)]
enum Mangle {
    None,
    Truncate(usize),
    Flip(usize, u8),
}

fn any_wire_type() -> impl Strategy<Value = WireType> + Clone {
    prop_oneof![
        Just(WireType::Varint),
        Just(WireType::SixtyFourBit),
        Just(WireType::ThirtyTwoBit),
        Just(WireType::LengthDelimited),
        Just(WireType::StartGroup),
    ]
}

/// A field numbered from `first_unknown` on, which the message does not
/// declare.
fn unknown_tag(first_unknown: u32) -> impl Strategy<Value = u32> {
    prop_oneof![
        3 => first_unknown..=first_unknown + 2,
        1 => first_unknown + 3..=40,
        1 => 100..=5000u32,
        1 => Just(536_870_911u32),
    ]
}

/// A field for `Position`: most often one it does not declare, well formed,
/// of any wire type, or a second value for a declared one; sometimes a
/// declared number with a wrong wire type, or an end-group key with no
/// group.
fn position_extra() -> impl Strategy<Value = Vec<u8>> {
    // The wire type each declared field of `Position` has.
    let declared = prop_oneof![
        (
            prop_oneof![Just(1u32), Just(4), Just(5), Just(6)],
            Just(WireType::Varint)
        ),
        (2..=3u32, Just(WireType::LengthDelimited)),
    ];
    let field = prop_oneof![
        4 => (unknown_tag(6), any_wire_type()),
        3 => declared,
        1 => (1..=5u32, any_wire_type()),
        1 => (1..=5000u32, Just(WireType::EndGroup)),
    ];
    (field, any::<u64>(), "\\PC{0,6}")
        .prop_map(|((tag, wire_type), number, text)| encode_field(tag, wire_type, number, &text))
}

/// A field for the request or its options: one they do not declare (most
/// often), or an end-group key with no group.
fn request_extra(first_unknown: u32) -> impl Strategy<Value = Vec<u8>> {
    let field = prop_oneof![
        8 => (unknown_tag(first_unknown), any_wire_type()),
        1 => (1..=5000u32, Just(WireType::EndGroup)),
    ];
    (field, any::<u64>(), "\\PC{0,6}")
        .prop_map(|((tag, wire_type), number, text)| encode_field(tag, wire_type, number, &text))
}

fn encode_field(tag: u32, wire_type: WireType, number: u64, text: &String) -> Vec<u8> {
    let mut out = Vec::new();
    match wire_type {
        // Small numbers (the declared enums' range) as often as large.
        WireType::Varint => {
            let value = if number.is_multiple_of(2) {
                number % 4
            } else {
                number
            };
            encoding::uint64::encode(tag, &value, &mut out);
        }
        WireType::SixtyFourBit => encoding::fixed64::encode(tag, &number, &mut out),
        WireType::ThirtyTwoBit => encoding::fixed32::encode(tag, &(number as u32), &mut out),
        WireType::LengthDelimited => encoding::string::encode(tag, text, &mut out),
        WireType::StartGroup => {
            encode_key(tag, WireType::StartGroup, &mut out);
            // Sometimes a field inside the group, then its end.
            if number.is_multiple_of(2) {
                encoding::uint64::encode(1, &number, &mut out);
            }
            encode_key(tag, WireType::EndGroup, &mut out);
        }
        WireType::EndGroup => encode_key(tag, WireType::EndGroup, &mut out),
    }
    out
}

fn odd_move() -> impl Strategy<Value = Vec<u8>> {
    let not_utf8 = prop_oneof![
        Just(vec![0xC3]),
        Just(vec![0xFF, b'e']),
        Just(vec![b'e', 0xC3, 0xA9, 0xA9]),
    ];
    prop_oneof![
        6 => "\\PC{0,6}".prop_map(String::into_bytes),
        1 => not_utf8,
    ]
}

fn rule_options() -> impl Strategy<Value = pb::RuleOptions> {
    (
        -1..6i32,
        prop_oneof![0..=6u32, Just(u32::MAX)],
        proptest::option::of(0..=20_000u32),
        proptest::option::of(any::<u32>()),
        -1..4i32,
        any::<bool>(),
    )
        .prop_map(
            |(rule_set, repetition, limit, discount, material, claim)| pb::RuleOptions {
                rule_set,
                repetition_count: repetition,
                move_limit_plies: limit,
                check_discount: discount,
                material_draw: material,
                claim_draws: claim,
            },
        )
}

fn request_plan() -> impl Strategy<Value = RequestPlan> {
    let few = |s| proptest::collection::vec((any::<usize>(), s), 0..4);
    (
        (
            proptest::option::of(prop_oneof![0..4i32, any::<i32>()]),
            prop_oneof![4 => 0..2i32, 1 => any::<i32>()],
            prop_oneof![4 => 0..3i32, 1 => any::<i32>()],
            prop_oneof![4 => 0..3i32, 1 => any::<i32>()],
            any::<bool>(),
            few(odd_move().boxed()),
            few(position_extra().boxed()),
        ),
        (
            proptest::option::of(any::<usize>()),
            proptest::option::of((
                rule_options(),
                proptest::collection::vec(request_extra(7), 0..2).prop_map(|f| f.concat()),
            )),
            few(request_extra(3).boxed()),
            prop_oneof![
                6 => Just(Mangle::None),
                1 => any::<usize>().prop_map(Mangle::Truncate),
                1 => (any::<usize>(), 1..=255u8).prop_map(|(at, bits)| Mangle::Flip(at, bits)),
            ],
            -1..2i8,
        ),
    )
        .prop_map(
            |(
                (
                    variant,
                    coordinates,
                    fen_strictness,
                    chinese_characters,
                    explicit_defaults,
                    odd_moves,
                    position_extras,
                ),
                (split, options, request_extras, mangle, limit_slack),
            )| RequestPlan {
                variant,
                coordinates,
                fen_strictness,
                chinese_characters,
                explicit_defaults,
                odd_moves,
                position_extras,
                split,
                options,
                request_extras,
                mangle,
                limit_slack,
            },
        )
}

/// Inserts each `(where, field)` between the fields of `fields`.
fn insert(fields: &mut Vec<Vec<u8>>, extras: &[(usize, Vec<u8>)]) {
    for (at, field) in extras {
        let at = at % (fields.len() + 1);
        fields.insert(at, field.clone());
    }
}

impl RequestPlan {
    fn max_history(&self, history: usize) -> usize {
        (history + self.odd_moves.len()).saturating_add_signed(isize::from(self.limit_slack))
    }

    fn encode(&self, setup: &Setup, history: &[String]) -> Vec<u8> {
        let variant = self
            .variant
            .unwrap_or(convert::variant_to_wire(setup.variant) as i32);
        let coordinates = if setup.one_based { 1 } else { self.coordinates };
        let scalar = |tag: u32, value: i32| {
            let mut out = Vec::new();
            if value != 0 || self.explicit_defaults {
                encoding::int32::encode(tag, &value, &mut out);
            }
            out
        };
        let mut fields = vec![scalar(1, variant)];
        if !setup.fen.is_empty() || self.explicit_defaults {
            let mut out = Vec::new();
            encoding::string::encode(2, &setup.fen.to_owned(), &mut out);
            fields.push(out);
        }
        let mut moves: Vec<Vec<u8>> = history.iter().map(|m| m.clone().into_bytes()).collect();
        for (at, text) in &self.odd_moves {
            moves.insert(at % (moves.len() + 1), text.clone());
        }
        for text in &moves {
            let mut out = Vec::new();
            encoding::bytes::encode(3, text, &mut out);
            fields.push(out);
        }
        fields.push(scalar(4, coordinates));
        fields.push(scalar(5, self.fen_strictness));
        fields.push(scalar(6, self.chinese_characters));
        insert(&mut fields, &self.position_extras);
        let bodies: Vec<Vec<u8>> = match self.split {
            Some(at) => {
                let at = at % (fields.len() + 1);
                vec![fields[..at].concat(), fields[at..].concat()]
            }
            None => vec![fields.concat()],
        };
        let mut request: Vec<Vec<u8>> = bodies
            .iter()
            .map(|body| {
                let mut out = Vec::new();
                encoding::bytes::encode(1, body, &mut out);
                out
            })
            .collect();
        if let Some((options, unknown)) = &self.options {
            let mut body = options.encode_to_vec();
            body.extend_from_slice(unknown);
            let mut out = Vec::new();
            encoding::bytes::encode(2, &body, &mut out);
            request.push(out);
        }
        insert(&mut request, &self.request_extras);
        let mut bytes = request.concat();
        match self.mangle {
            Mangle::None => {}
            Mangle::Truncate(at) => bytes.truncate(at % (bytes.len() + 1)),
            Mangle::Flip(at, bits) => {
                let len = bytes.len();
                if let Some(byte) = bytes.get_mut(at % len.max(1)) {
                    *byte ^= bits;
                }
            }
        }
        bytes
    }
}

/// The hand reader against prost on one request, and the two position
/// readings against each other.
fn check_request(bytes: &[u8], max_history: usize) {
    let by_prost = pb::GameStatusRequest::decode(bytes);
    let by_hand = GameStatusRequestView::decode(bytes);
    match (by_prost, by_hand) {
        (Ok(prost), Ok(view)) => {
            assert_eq!(view.options, prost.options);
            assert_eq!(view.position.is_some(), prost.position.is_some());
            if let (Some(view), Some(prost)) = (&view.position, &prost.position) {
                assert_same_position(view, prost);
            }
            assert_eq!(view.encode_to_vec(), prost.encode_to_vec());
            assert_eq!(view.encoded_len(), prost.encoded_len());
            assert_same_reading(view.position.as_ref(), prost.position, max_history);
        }
        (Err(_), Ok(view)) => {
            // prost refuses a `string` that is not UTF-8 while decoding; the
            // view refuses it when the moves are read, naming the move.
            assert!(
                view.position.as_ref().is_some_and(|p| p.moves().is_err()),
                "prost refused {bytes:?}, the view read it as {view:?}"
            );
        }
        (Ok(_), Err(error)) => panic!("prost read {bytes:?}, the view refused it: {error}"),
        (Err(_), Err(_)) => {}
    }
    // The view's own field-by-field decoding, on the first position body.
    if let Some(body) = first_position_body(bytes) {
        match (pb::Position::decode(body), PositionView::decode(body)) {
            (Ok(prost), Ok(view)) => assert_same_position(&view, &prost),
            (Ok(_), Err(error)) => panic!("prost read {body:?}, the view refused it: {error}"),
            (Err(_), Ok(view)) => assert!(view.moves().is_err(), "{body:?}"),
            (Err(_), Err(_)) => {}
        }
    }
}

/// The body of the request's first field when it is a length-delimited
/// field 1, as it is before mangling.
fn first_position_body(bytes: &[u8]) -> Option<&[u8]> {
    let (&key, rest) = bytes.split_first()?;
    if key != 0x0a {
        return None;
    }
    let (len, rest) = super::super::read_varint(rest)?;
    rest.get(..usize::try_from(len).ok()?)
}

/// Every field of `Position`, compared (the destructuring stops the build
/// when the contract gains a field this test does not compare).
fn assert_same_position(view: &PositionView, prost: &pb::Position) {
    let pb::Position {
        variant,
        fen,
        moves,
        coordinates,
        fen_strictness,
        chinese_characters,
    } = prost;
    assert_eq!(view.variant, *variant);
    assert_eq!(&view.fen, fen);
    let read: Vec<&[u8]> = view.move_bytes().collect();
    let sent: Vec<&[u8]> = moves.iter().map(String::as_bytes).collect();
    assert_eq!(read, sent);
    assert_eq!(
        view.moves().ok(),
        Some(moves.iter().map(String::as_str).collect())
    );
    assert_eq!(view.coordinates, *coordinates);
    assert_eq!(view.fen_strictness, *fen_strictness);
    assert_eq!(view.chinese_characters, *chinese_characters);
}

/// `convert::position` (every other handler) and `position_input`
/// (GameStatus) give the same position or the same error.
fn assert_same_reading(view: Option<&PositionView>, prost: Option<pb::Position>, max: usize) {
    match (position_input(view, max), convert::position(prost, max)) {
        (Ok(by_view), Ok(by_prost)) => {
            assert_eq!(by_view.variant, by_prost.variant);
            assert_eq!(by_view.fen, by_prost.fen);
            assert_eq!(by_view.moves, by_prost.moves);
            assert_eq!(by_view.load, by_prost.load);
        }
        (Err(by_view), Err(by_prost)) => {
            assert_eq!(by_view.code(), by_prost.code());
            assert_eq!(by_view.message(), by_prost.message());
        }
        (by_view, by_prost) => panic!("the readings differ: {by_view:?} / {by_prost:?}"),
    }
}

/// Every field number up to 20 with every wire type, after a usual
/// position and inside a request: each read as prost reads it. The random
/// requests reach these only now and then; here each is tried.
#[test]
fn every_nearby_field_number_and_wire_type_is_read_as_prost_reads_it() {
    let position = super::game_status_request(vec!["h2e2".to_owned(), "h9g7".to_owned()])
        .position
        .expect("a position");
    let base = position.encode_to_vec();
    let wire_types = [
        WireType::Varint,
        WireType::SixtyFourBit,
        WireType::ThirtyTwoBit,
        WireType::LengthDelimited,
        WireType::StartGroup,
        WireType::EndGroup,
    ];
    for tag in 1..=20 {
        for wire_type in wire_types {
            for number in [0, 7, 301, u64::MAX] {
                let extra = encode_field(tag, wire_type, number, &"x".to_owned());
                for body in [
                    [base.as_slice(), &extra].concat(),
                    [&extra, base.as_slice()].concat(),
                ] {
                    let mut request = Vec::new();
                    encoding::bytes::encode(1, &body, &mut request);
                    check_request(&request, 10);
                    // The same field beside the position, in the request.
                    let mut request = Vec::new();
                    encoding::bytes::encode(1, &base, &mut request);
                    request.extend_from_slice(&extra);
                    check_request(&request, 10);
                }
            }
        }
    }
}
