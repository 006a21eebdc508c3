//! Xiangqi over gRPC: the same Rules contract as chess, with ICCS/WXF
//! notation, 1-based coordinates on request, xiangqi reasons and outcomes.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::support::{TestServer, legal_moves_request, violated_field, xiangqi};
use arbiter::proto as pb;
use tonic::Code;

#[tokio::test]
async fn legal_moves_from_the_start_in_iccs_and_wxf() {
    let t = TestServer::start().await;
    let response = t
        .rules()
        .legal_moves(legal_moves_request(xiangqi("", &[])))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(response.moves.len(), 44);
    let iccs: Vec<&str> = response.moves.iter().map(|m| m.uci.as_str()).collect();
    assert!(iccs.is_sorted(), "moves are sorted by ICCS: {iccs:?}");
    assert_eq!(response.rule_set(), pb::RuleSet::Axf);
    assert_eq!(
        response.fen,
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
    );
    let cannon = response.moves.iter().find(|m| m.uci == "h2e2").unwrap();
    assert_eq!(cannon.san, "C2=5");
    assert_eq!(cannon.piece.unwrap().kind(), pb::PieceKind::Cannon);
    assert!(cannon.uci_one_based.is_empty());
    let capture = response.moves.iter().find(|m| m.uci == "h2h9").unwrap();
    assert!(capture.capture);
    assert_eq!(capture.captured.unwrap().kind(), pb::PieceKind::Horse);
}

#[tokio::test]
async fn one_based_coordinates_only_when_asked() {
    let t = TestServer::start().await;
    let one_based = Some(pb::Position {
        variant: pb::Variant::Xiangqi.into(),
        moves: vec!["h3e3".to_owned(), "h8e8".to_owned()],
        coordinates: pb::Coordinates::OneBased.into(),
        ..Default::default()
    });
    let response = t
        .rules()
        .legal_moves(legal_moves_request(one_based))
        .await
        .unwrap()
        .into_inner();
    let horse = response.moves.iter().find(|m| m.uci == "h0g2").unwrap();
    assert_eq!(horse.uci_one_based, "h1g3");
    assert_eq!(horse.san, "H2+3");
    // The same text read as ICCS is another move: h3 is empty in ICCS terms.
    let error = t
        .rules()
        .legal_moves(legal_moves_request(xiangqi("", &["h3e3"])))
        .await
        .unwrap_err();
    assert_eq!(error.code(), Code::InvalidArgument);
    assert_eq!(violated_field(&error), "position.moves[0]");
}

#[tokio::test]
async fn validate_move_gives_xiangqi_reasons() {
    let t = TestServer::start().await;
    let cases = [
        ("", "b0b1", pb::IllegalReason::IllegalPieceMovement),
        ("", "b0b2", pb::IllegalReason::CapturesOwnPiece),
        ("", "h2h8", pb::IllegalReason::PathBlocked),
        ("", "h2h7", pb::IllegalReason::CannonNeedsOneScreen),
        ("", "e3d3", pb::IllegalReason::SoldierSidewaysBeforeRiver),
        ("", "e0e2", pb::IllegalReason::IllegalPieceMovement),
        ("", "d0d1", pb::IllegalReason::IllegalPieceMovement),
        ("", "a3a2", pb::IllegalReason::SoldierBackward),
        (
            "4k4/9/9/9/9/4N4/9/9/9/4K4 w - - 0 1",
            "e4d6",
            pb::IllegalReason::GeneralsFacing,
        ),
        (
            "3k5/9/9/9/9/9/9/9/4A4/R3K4 w - - 0 1",
            "e0d0",
            pb::IllegalReason::GeneralsFacing,
        ),
        (
            "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1",
            "d0c0",
            pb::IllegalReason::MustStayInPalace,
        ),
    ];
    for (fen, candidate, reason) in cases {
        let response = t
            .rules()
            .validate_move(pb::ValidateMoveRequest {
                position: xiangqi(fen, &[]),
                r#move: candidate.to_owned(),
                options: None,
            })
            .await
            .unwrap()
            .into_inner();
        assert!(!response.legal, "{candidate}");
        assert_eq!(
            response.reason(),
            reason,
            "{candidate}: {}",
            response.detail
        );
    }
    let legal = t
        .rules()
        .validate_move(pb::ValidateMoveRequest {
            position: xiangqi("", &["C2=5"]),
            r#move: "H8+7".to_owned(),
            options: None,
        })
        .await
        .unwrap()
        .into_inner();
    assert!(legal.legal);
    assert_eq!(legal.r#move.unwrap().uci, "h9g7");
}

#[tokio::test]
async fn stalemate_loses_and_perft_matches() {
    let t = TestServer::start().await;
    let status = t
        .rules()
        .game_status(pb::GameStatusRequest {
            position: xiangqi("3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1", &[]),
            options: None,
        })
        .await
        .unwrap()
        .into_inner();
    let outcome = status.outcome.unwrap();
    assert_eq!(outcome.result(), pb::Result::WhiteWins);
    assert_eq!(outcome.reason(), pb::OutcomeReason::Stalemate);
    assert_eq!(status.rule_set(), pb::RuleSet::Axf);

    let perft = t
        .rules()
        .perft(pb::PerftRequest {
            position: xiangqi("", &[]),
            depth: 3,
            divide: true,
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(perft.nodes, 79_666);
    assert_eq!(perft.divide.len(), 44);
}

#[tokio::test]
async fn xiangqi_options_are_checked() {
    let t = TestServer::start().await;
    let error = t
        .rules()
        .game_status(pb::GameStatusRequest {
            position: xiangqi("", &[]),
            options: Some(pb::RuleOptions {
                rule_set: pb::RuleSet::Fide.into(),
                ..Default::default()
            }),
        })
        .await
        .unwrap_err();
    assert_eq!(error.code(), Code::InvalidArgument);
    assert_eq!(violated_field(&error), "options.rule_set");
    let error = t
        .rules()
        .game_status(pb::GameStatusRequest {
            position: xiangqi(
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKAKNR w",
                &[],
            ),
            options: None,
        })
        .await
        .unwrap_err();
    assert_eq!(violated_field(&error), "position.fen");
}

#[tokio::test]
async fn chinese_notation_in_and_out() {
    let t = TestServer::start().await;
    // Chinese moves in the history and as the candidate, in either character set.
    let legal = t
        .rules()
        .validate_move(pb::ValidateMoveRequest {
            position: xiangqi("", &["炮二平五", "馬8進7"]),
            r#move: "马二进三".to_owned(),
            options: None,
        })
        .await
        .unwrap()
        .into_inner();
    assert!(legal.legal, "{}", legal.detail);
    let m = legal.r#move.unwrap();
    assert_eq!((m.uci.as_str(), m.san.as_str()), ("h0g2", "H2+3"));
    assert_eq!(m.chinese, "马二进三");
    // Chinese naming an illegal move is a normal answer with the reason.
    let illegal = t
        .rules()
        .validate_move(pb::ValidateMoveRequest {
            position: xiangqi("", &[]),
            r#move: "炮二平九".to_owned(),
            options: None,
        })
        .await
        .unwrap()
        .into_inner();
    assert!(!illegal.legal);
    assert_eq!(illegal.reason(), pb::IllegalReason::PathBlocked);
    // Malformed Chinese is a bad argument, as malformed WXF is.
    let error = t
        .rules()
        .validate_move(pb::ValidateMoveRequest {
            position: xiangqi("", &[]),
            r#move: "炮二走五".to_owned(),
            options: None,
        })
        .await
        .unwrap_err();
    assert_eq!(error.code(), Code::InvalidArgument);
    assert_eq!(violated_field(&error), "move");
    // Traditional characters on request, in the full view.
    let traditional = Some(pb::Position {
        variant: pb::Variant::Xiangqi.into(),
        chinese_characters: pb::ChineseCharacters::Traditional.into(),
        ..Default::default()
    });
    let moves = t
        .rules()
        .legal_moves(legal_moves_request(traditional))
        .await
        .unwrap()
        .into_inner()
        .moves;
    let horse = moves.iter().find(|m| m.uci == "h0g2").unwrap();
    assert_eq!(horse.chinese, "傌二進三");
    // Records.Format writes Chinese PGN; Parse reads it back.
    let mut records = arbiter::proto::records_client::RecordsClient::new(t.channel.clone());
    let pgn = records
        .format(pb::FormatRequest {
            position: xiangqi("", &["h2e2", "h9g7"]),
            notation: pb::RecordNotation::Chinese.into(),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner()
        .data;
    let text = String::from_utf8(pgn.clone()).unwrap();
    assert!(text.contains("[Format \"Chinese\"]"), "{text}");
    assert!(text.contains("1. 炮二平五 马８进７"), "{text}");
    let games = records
        .parse(pb::ParseRequest {
            data: pgn,
            variant: pb::Variant::Xiangqi.into(),
            format: pb::RecordFormat::Unspecified.into(),
            ..pb::ParseRequest::default()
        })
        .await
        .unwrap()
        .into_inner()
        .games;
    assert_eq!(games[0].position.as_ref().unwrap().moves, ["h2e2", "h9g7"]);
}
