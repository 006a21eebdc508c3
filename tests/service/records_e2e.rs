//! `arbiter.v1.Records` over real gRPC: Parse and Format for both games,
//! the field a bad request names, and registration in health.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::support::{TestServer, chess, violated_field, xiangqi};
use arbiter::proto::{self as pb, records_client::RecordsClient};
use tonic::Code;
use tonic_health::pb::{
    HealthCheckRequest, health_check_response::ServingStatus, health_client::HealthClient,
};

fn format_request(position: Option<pb::Position>, format: pb::RecordFormat) -> pb::FormatRequest {
    pb::FormatRequest {
        position,
        tags: [("White".to_owned(), "A".to_owned())].into(),
        format: format.into(),
        notation: 0,
        encrypted: false,
        annotations: Vec::new(),
    }
}

#[tokio::test]
async fn a_chess_game_formats_and_parses_back() {
    let t = TestServer::start().await;
    let mut records = RecordsClient::new(t.channel.clone());
    let moves = ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"];
    let pgn = records
        .format(format_request(chess("", &moves), pb::RecordFormat::Pgn))
        .await
        .unwrap()
        .into_inner()
        .data;
    let text = String::from_utf8(pgn.clone()).unwrap();
    assert!(text.contains("[White \"A\"]"), "{text}");
    assert!(text.contains("4. Qxf7# 1-0"), "the game's result: {text}");
    let games = records
        .parse(pb::ParseRequest {
            data: pgn,
            variant: pb::Variant::Chess.into(),
            format: 0,
            ..pb::ParseRequest::default()
        })
        .await
        .unwrap()
        .into_inner()
        .games;
    assert_eq!(games.len(), 1);
    let game = &games[0];
    assert_eq!(game.result(), pb::Result::WhiteWins);
    assert_eq!(game.tags["White"], "A");
    let position = game.position.as_ref().unwrap();
    assert_eq!(
        position.moves,
        ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"]
    );
    assert!(game.error.is_none());
}

/// A chess variant's game: written with its `Variant` tag, its result the
/// variant's own ending (king of the hill), read back as that variant.
#[tokio::test]
async fn a_variant_game_formats_and_parses_back() {
    let t = TestServer::start().await;
    let mut records = RecordsClient::new(t.channel.clone());
    let moves = ["e3", "a6", "Ke2", "a5", "Kd3", "a4", "Kd4"];
    let position = pb::Position {
        variant: pb::Variant::KingOfTheHill.into(),
        moves: moves.iter().map(|m| (*m).to_owned()).collect(),
        ..pb::Position::default()
    };
    let pgn = records
        .format(format_request(Some(position), pb::RecordFormat::Pgn))
        .await
        .unwrap()
        .into_inner()
        .data;
    let text = String::from_utf8(pgn.clone()).unwrap();
    assert!(text.contains("[Variant \"King of the Hill\"]"), "{text}");
    assert!(
        text.contains("4. Kd4") && text.contains("[Result \"1-0\"]"),
        "the variant's ending: {text}"
    );
    let games = records
        .parse(pb::ParseRequest {
            data: pgn,
            variant: pb::Variant::KingOfTheHill.into(),
            ..pb::ParseRequest::default()
        })
        .await
        .unwrap()
        .into_inner()
        .games;
    assert_eq!(games[0].result(), pb::Result::WhiteWins);
    assert_eq!(games[0].position.as_ref().unwrap().moves.len(), moves.len());
    assert!(games[0].error.is_none(), "{:?}", games[0].error);
}

#[tokio::test]
async fn an_illegal_move_is_reported_with_its_index() {
    let t = TestServer::start().await;
    let mut records = RecordsClient::new(t.channel.clone());
    let games = records
        .parse(pb::ParseRequest {
            data: b"1. e4 e5 2. Ke3 *\n\n1. d4 *".to_vec(),
            variant: pb::Variant::Chess.into(),
            format: pb::RecordFormat::Pgn.into(),
            ..pb::ParseRequest::default()
        })
        .await
        .unwrap()
        .into_inner()
        .games;
    assert_eq!(games.len(), 2);
    let error = games[0].error.as_ref().unwrap();
    assert_eq!(error.field, "position.moves[2]");
    assert!(error.description.contains("Ke3"), "{error:?}");
    assert_eq!(games[1].position.as_ref().unwrap().moves, ["d2d4"]);
}

#[tokio::test]
async fn a_xiangqi_game_as_xqf_both_ways() {
    let t = TestServer::start().await;
    let mut records = RecordsClient::new(t.channel.clone());
    let moves = ["C2=5", "H8+7", "H2+3", "R9=8"];
    for encrypted in [false, true] {
        let mut request = format_request(xiangqi("", &moves), pb::RecordFormat::Xqf);
        request.encrypted = encrypted;
        let data = records.format(request).await.unwrap().into_inner().data;
        assert!(data.starts_with(b"XQ"));
        assert_eq!(data[2], if encrypted { 18 } else { 10 });
        let games = records
            .parse(pb::ParseRequest {
                data,
                variant: pb::Variant::Xiangqi.into(),
                format: 0,
                ..pb::ParseRequest::default()
            })
            .await
            .unwrap()
            .into_inner()
            .games;
        assert_eq!(
            games[0].position.as_ref().unwrap().moves,
            ["h2e2", "h9g7", "h0g2", "i9h9"]
        );
        assert_eq!(games[0].tags["Red"], "A", "White is written as Red");
    }
}

#[tokio::test]
async fn bad_requests_name_their_field() {
    let t = TestServer::start().await;
    let mut records = RecordsClient::new(t.channel.clone());
    let no_variant = records
        .parse(pb::ParseRequest {
            data: b"1. e4 *".to_vec(),
            variant: 0,
            format: 0,
            ..pb::ParseRequest::default()
        })
        .await
        .unwrap_err();
    assert_eq!(violated_field(&no_variant), "variant");
    let chess_xqf = records
        .format(format_request(chess("", &["e4"]), pb::RecordFormat::Xqf))
        .await
        .unwrap_err();
    assert_eq!(chess_xqf.code(), Code::InvalidArgument);
    assert_eq!(violated_field(&chess_xqf), "format");
    let illegal = records
        .format(format_request(
            chess("", &["e4", "e4"]),
            pb::RecordFormat::Pgn,
        ))
        .await
        .unwrap_err();
    assert_eq!(violated_field(&illegal), "position.moves[1]");
    let bad_xqf = records
        .parse(pb::ParseRequest {
            data: b"XQ\x12 too short".to_vec(),
            variant: pb::Variant::Xiangqi.into(),
            format: 0,
            ..pb::ParseRequest::default()
        })
        .await
        .unwrap_err();
    assert_eq!(violated_field(&bad_xqf), "data");
    // Bytes that are no text: refused, not read as an empty game.
    for variant in [pb::Variant::Chess, pb::Variant::Xiangqi] {
        let nul = records
            .parse(pb::ParseRequest {
                data: vec![0; 1_000_000],
                variant: variant.into(),
                format: 0,
                ..pb::ParseRequest::default()
            })
            .await
            .unwrap_err();
        assert_eq!(violated_field(&nul), "data", "{variant:?}: {nul:?}");
        assert!(nul.message().contains("NUL"), "{nul:?}");
    }
    // Tags PGN cannot write: refused naming the tag, not left out unsaid.
    for name in ["", "White Elo", "Event]", "Ev\"ent"] {
        for format in [pb::RecordFormat::Pgn, pb::RecordFormat::Xqf] {
            let mut request = format_request(xiangqi("", &["h2e2"]), format);
            request.tags.insert(name.to_owned(), "x".to_owned());
            request.tags.insert("Event".to_owned(), "kept".to_owned());
            let refused = records.format(request).await.unwrap_err();
            assert_eq!(refused.code(), Code::InvalidArgument, "{name:?}");
            assert_eq!(violated_field(&refused), format!("tags[{name:?}]"));
        }
    }
    let health = HealthClient::new(t.channel.clone())
        .check(HealthCheckRequest {
            service: "arbiter.v1.Records".to_owned(),
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(health.status, ServingStatus::Serving as i32);
}

/// Comments, NAGs and variations over the wire: kept when asked, written
/// back by Format as they were read, and bad ones refused naming the field.
#[tokio::test]
async fn annotations_are_kept_when_asked_and_written_back() {
    let t = TestServer::start().await;
    let mut records = RecordsClient::new(t.channel.clone());
    let pgn = b"{ Start } 1. e4 $1 { best by test } ( 1. d4 d5 ( 1... Nf6 ) ) 1... e5 2. Nf3 *";
    let parse = |keep_annotations| pb::ParseRequest {
        data: pgn.to_vec(),
        variant: pb::Variant::Chess.into(),
        keep_annotations,
        ..pb::ParseRequest::default()
    };
    let skipped = records
        .parse(parse(false))
        .await
        .unwrap()
        .into_inner()
        .games;
    assert!(skipped[0].annotations.is_empty());
    let game = records
        .parse(parse(true))
        .await
        .unwrap()
        .into_inner()
        .games
        .remove(0);
    let annotations = &game.annotations;
    assert_eq!(annotations.len(), 2, "{annotations:?}");
    assert_eq!(
        (annotations[0].ply, &annotations[0].comments[..]),
        (0, &["Start".to_owned()][..])
    );
    let first = &annotations[1];
    assert_eq!((first.ply, &first.nags[..]), (1, &[1][..]));
    assert_eq!(first.comments, ["best by test"]);
    let variation = &first.variations[0];
    assert_eq!(variation.moves, ["d2d4", "d7d5"]);
    assert_eq!(variation.annotations[0].ply, 2);
    assert_eq!(variation.annotations[0].variations[0].moves, ["g8f6"]);

    let format = |annotations| pb::FormatRequest {
        position: game.position.clone(),
        format: pb::RecordFormat::Pgn.into(),
        annotations,
        ..pb::FormatRequest::default()
    };
    let written = records
        .format(format(game.annotations.clone()))
        .await
        .unwrap()
        .into_inner()
        .data;
    let text = String::from_utf8(written.clone()).unwrap();
    assert!(
        text.contains(
            "{ Start } 1. e4 $1 { best by test } ( 1. d4 d5 ( 1... Nf6 ) ) 1... e5 2. Nf3 *"
        ),
        "{text}"
    );
    let again = records
        .parse(pb::ParseRequest {
            data: written,
            variant: pb::Variant::Chess.into(),
            keep_annotations: true,
            ..pb::ParseRequest::default()
        })
        .await
        .unwrap()
        .into_inner()
        .games;
    assert_eq!(
        again[0].annotations, game.annotations,
        "read back as written"
    );

    let mut illegal = game.annotations.clone();
    illegal[1].variations[0].moves[1] = "e7e4".to_owned();
    let status = records.format(format(illegal)).await.unwrap_err();
    assert_eq!(status.code(), tonic::Code::InvalidArgument, "{status:?}");
    assert_eq!(violated_field(&status), "annotations", "{status:?}");
    assert!(
        status
            .message()
            .contains("annotations[1].variations[0].moves[1]"),
        "{status:?}"
    );
    let mut bad_nag = game.annotations.clone();
    bad_nag[1].nags = vec![300];
    let status = records.format(format(bad_nag)).await.unwrap_err();
    assert_eq!(violated_field(&status), "annotations[1].nags", "{status:?}");
    let mut past_the_end = game.annotations.clone();
    past_the_end[1].ply = 9;
    let status = records.format(format(past_the_end)).await.unwrap_err();
    assert_eq!(violated_field(&status), "annotations", "{status:?}");
    let status = records
        .format(pb::FormatRequest {
            position: xiangqi("", &[]),
            annotations: game.annotations.clone(),
            ..pb::FormatRequest::default()
        })
        .await
        .unwrap_err();
    assert_eq!(violated_field(&status), "annotations", "{status:?}");
}

/// Variations nested as deep as a request allows are cut at the documented
/// depth instead of overflowing the answer's (recursive) encoding; the
/// server keeps serving.
#[tokio::test]
async fn deeply_nested_variations_are_cut_at_the_limit() {
    let t = TestServer::start().await;
    let mut records = RecordsClient::new(t.channel.clone());
    let depth = 20_000;
    let pgn = format!("1. e4 {}{} *", "( 1. d4 ".repeat(depth), ")".repeat(depth));
    let games = records
        .parse(pb::ParseRequest {
            data: pgn.into_bytes(),
            variant: pb::Variant::Chess.into(),
            keep_annotations: true,
            ..pb::ParseRequest::default()
        })
        .await
        .unwrap()
        .into_inner()
        .games;
    let mut nesting = 0;
    let mut annotations = &games[0].annotations;
    while let Some(variation) = annotations.first().and_then(|a| a.variations.first()) {
        nesting += 1;
        annotations = &variation.annotations;
    }
    assert_eq!(nesting, arbiter_rules::chess::pgn::MAX_VARIATION_DEPTH);
    assert_eq!(games[0].position.as_ref().unwrap().moves, ["e2e4"]);
}
