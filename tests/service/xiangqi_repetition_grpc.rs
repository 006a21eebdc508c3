//! Xiangqi repetition rulings over gRPC: GameStatus explanations, the end of the game,
//! ValidateMove after a ruling and LegalMoves flags.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::support::{TestServer, violated_field, xiangqi};
use arbiter::proto as pb;
use tonic::Code;

/// Fairy-Stockfish test.py, "Direct chase by cannon": the red cannon follows the black
/// chariot along the a/b files; the chariot has no protector.
const CHASE_FEN: &str = "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1";
const CHASE_MOVES: [&str; 9] = [
    "c2a2", "a7b7", "a2b2", "b7a7", "b2a2", "a7b7", "a2b2", "b7a7", "b2a2",
];

/// Fairy-Stockfish test.py, "Perpetual check vs. intermittent checks": Black checks on
/// every move, Red only on some.
const CHECK_FEN: &str = "9/3kc4/3a5/3P5/9/4p4/9/4K4/9/3C5 w - - 0 1";
const CHECK_MOVES: [&str; 8] = [
    "d6e6", "e4d4", "e6d6", "d4e4", "d6e6", "e4d4", "e6d6", "d4e4",
];

fn options(rule_set: pb::RuleSet, repetition_count: u32) -> Option<pb::RuleOptions> {
    Some(pb::RuleOptions {
        rule_set: rule_set.into(),
        repetition_count,
        ..Default::default()
    })
}

async fn status(
    t: &TestServer,
    fen: &str,
    moves: &[&str],
    options: Option<pb::RuleOptions>,
) -> pb::GameStatusResponse {
    t.rules()
        .game_status(pb::GameStatusRequest {
            position: xiangqi(fen, moves),
            options,
        })
        .await
        .unwrap()
        .into_inner()
}

#[tokio::test]
async fn perpetual_chase_is_explained() {
    let t = TestServer::start().await;
    let response = status(&t, CHASE_FEN, &CHASE_MOVES, None).await;
    let outcome = response.outcome.unwrap();
    assert_eq!(outcome.result(), pb::Result::BlackWins);
    assert_eq!(outcome.reason(), pb::OutcomeReason::PerpetualChase);
    assert_eq!(outcome.offender(), pb::Side::White);
    assert_eq!(response.rule_set(), pb::RuleSet::Axf);
    let repetition = response.repetition.unwrap();
    assert_eq!(repetition.occurrences, 3);
    assert!(repetition.adjudicated);
    // The position after move 0 recurs after moves 4 and 8: the loop is moves 1-8.
    assert_eq!(repetition.loop_first_ply, 1);
    assert_eq!(repetition.loop_last_ply, 8);
    assert_eq!(repetition.white_status(), pb::LoopStatus::PerpetualChase);
    assert_eq!(repetition.black_status(), pb::LoopStatus::Allowed);
    assert_eq!(repetition.chased.len(), 1);
    let chased = &repetition.chased[0];
    let piece = chased.piece.unwrap();
    assert_eq!(piece.kind(), pb::PieceKind::Chariot);
    assert_eq!(piece.side(), pb::Side::Black);
    assert_eq!(chased.square_at_loop_start, "a7");
    assert_eq!(chased.square_now, "a7");
    assert!(
        repetition
            .explanation
            .contains("red loses by perpetual chase"),
        "{}",
        repetition.explanation
    );
}

#[tokio::test]
async fn count_two_rules_at_the_second_occurrence() {
    let t = TestServer::start().await;
    let response = status(
        &t,
        CHASE_FEN,
        &CHASE_MOVES[..5],
        options(pb::RuleSet::Axf, 2),
    )
    .await;
    let repetition = response.repetition.unwrap();
    assert!(repetition.adjudicated);
    assert_eq!(repetition.occurrences, 2);
    assert_eq!(repetition.loop_first_ply, 1);
    assert_eq!(repetition.loop_last_ply, 4);
    assert_eq!(repetition.chased.len(), 1);
    assert_eq!(response.outcome.unwrap().result(), pb::Result::BlackWins);
}

#[tokio::test]
async fn rule_sets_judge_the_same_loop_differently() {
    let t = TestServer::start().await;
    let simple = status(&t, CHASE_FEN, &CHASE_MOVES, options(pb::RuleSet::Simple, 0)).await;
    let outcome = simple.outcome.unwrap();
    assert_eq!(outcome.result(), pb::Result::Draw);
    assert_eq!(outcome.reason(), pb::OutcomeReason::RepetitionDraw);
    assert_eq!(outcome.offender(), pb::Side::Unspecified);
    assert_eq!(simple.rule_set(), pb::RuleSet::Simple);
    let repetition = simple.repetition.unwrap();
    assert_eq!(repetition.white_status(), pb::LoopStatus::PerpetualChase);
    assert!(repetition.explanation.contains("SIMPLE"));

    let casual = status(&t, CHASE_FEN, &CHASE_MOVES, options(pb::RuleSet::Casual, 0)).await;
    assert_eq!(
        casual.outcome.unwrap().reason(),
        pb::OutcomeReason::RepetitionDraw
    );
    assert_eq!(
        casual.repetition.unwrap().white_status(),
        pb::LoopStatus::Unspecified
    );

    let check = status(&t, CHECK_FEN, &CHECK_MOVES, options(pb::RuleSet::Simple, 0)).await;
    let outcome = check.outcome.unwrap();
    assert_eq!(outcome.result(), pb::Result::WhiteWins);
    assert_eq!(outcome.reason(), pb::OutcomeReason::PerpetualCheck);
    assert_eq!(outcome.offender(), pb::Side::Black);
}

#[tokio::test]
async fn before_the_count_the_ruling_is_only_announced() {
    let t = TestServer::start().await;
    let response = status(&t, CHASE_FEN, &CHASE_MOVES[..5], None).await;
    assert_eq!(response.outcome.unwrap().result(), pb::Result::Ongoing);
    let repetition = response.repetition.unwrap();
    assert_eq!(repetition.occurrences, 2);
    assert!(!repetition.adjudicated);
    assert!(
        repetition.explanation.contains("if it occurs 3 times"),
        "{}",
        repetition.explanation
    );
}

#[tokio::test]
async fn a_ruled_repetition_ends_the_game() {
    let t = TestServer::start().await;
    let mut moves = CHASE_MOVES.to_vec();
    moves.push("a7b7");
    let error = t
        .rules()
        .game_status(pb::GameStatusRequest {
            position: xiangqi(CHASE_FEN, &moves),
            options: None,
        })
        .await
        .unwrap_err();
    assert_eq!(error.code(), Code::InvalidArgument);
    assert_eq!(violated_field(&error), "position.moves[9]");

    let verdict = t
        .rules()
        .validate_move(pb::ValidateMoveRequest {
            position: xiangqi(CHASE_FEN, &CHASE_MOVES),
            r#move: "a7b7".to_owned(),
            options: None,
        })
        .await
        .unwrap()
        .into_inner();
    assert!(!verdict.legal);
    assert_eq!(verdict.reason(), pb::IllegalReason::GameOver);
}

#[tokio::test]
async fn validate_move_reports_the_ruling_it_completes() {
    let t = TestServer::start().await;
    let verdict = t
        .rules()
        .validate_move(pb::ValidateMoveRequest {
            position: xiangqi(CHASE_FEN, &CHASE_MOVES[..8]),
            r#move: "b2a2".to_owned(),
            options: None,
        })
        .await
        .unwrap()
        .into_inner();
    assert!(verdict.legal);
    let after = verdict.status_after.unwrap();
    let outcome = after.outcome.unwrap();
    assert_eq!(outcome.reason(), pb::OutcomeReason::PerpetualChase);
    assert_eq!(outcome.offender(), pb::Side::White);
}

async fn legal_moves(
    t: &TestServer,
    fen: &str,
    moves: &[&str],
    options: Option<pb::RuleOptions>,
) -> Vec<pb::Move> {
    t.rules()
        .legal_moves(pb::LegalMovesRequest {
            position: xiangqi(fen, moves),
            options,
            view: 0,
        })
        .await
        .unwrap()
        .into_inner()
        .moves
}

#[tokio::test]
async fn legal_moves_flag_forbidden_repetitions() {
    let t = TestServer::start().await;
    let moves = legal_moves(&t, CHASE_FEN, &CHASE_MOVES[..8], None).await;
    let flagged: Vec<&pb::Move> = moves.iter().filter(|m| m.forbidden_repetition).collect();
    assert_eq!(flagged.len(), 1, "{flagged:?}");
    assert_eq!(flagged[0].uci, "b2a2");
    let outcome = flagged[0].repetition_outcome.unwrap();
    assert_eq!(outcome.result(), pb::Result::BlackWins);
    assert_eq!(outcome.reason(), pb::OutcomeReason::PerpetualChase);
    // The move stays in the list; other moves carry no outcome.
    assert!(
        moves
            .iter()
            .filter(|m| !m.forbidden_repetition)
            .all(|m| m.repetition_outcome.is_none())
    );

    // SIMPLE does not forbid chases.
    let simple = legal_moves(
        &t,
        CHASE_FEN,
        &CHASE_MOVES[..8],
        options(pb::RuleSet::Simple, 0),
    )
    .await;
    assert!(simple.iter().all(|m| !m.forbidden_repetition));

    // Black's perpetual check: its checking move back is flagged, under SIMPLE too.
    for rules in [pb::RuleSet::Axf, pb::RuleSet::Simple] {
        let moves = legal_moves(&t, CHECK_FEN, &CHECK_MOVES[..7], options(rules, 0)).await;
        let flagged: Vec<&str> = moves
            .iter()
            .filter(|m| m.forbidden_repetition)
            .map(|m| m.uci.as_str())
            .collect();
        assert_eq!(flagged, ["d4e4"]);
    }

    // At count 4 the same position is not yet forbidden.
    let later = legal_moves(
        &t,
        CHASE_FEN,
        &CHASE_MOVES[..8],
        options(pb::RuleSet::Axf, 4),
    )
    .await;
    assert!(later.iter().all(|m| !m.forbidden_repetition));
}

/// The coordinates view lists the same moves, in the same order, with the same
/// repetition flags as the full view, and names the offender of a forbidden move.
#[tokio::test]
async fn coordinates_view_keeps_moves_and_repetition_flags() {
    let t = TestServer::start().await;
    let request = |view: pb::MoveView| pb::LegalMovesRequest {
        position: xiangqi(CHASE_FEN, &CHASE_MOVES[..8]),
        options: None,
        view: view.into(),
    };
    let full = t
        .rules()
        .legal_moves(request(pb::MoveView::Full))
        .await
        .unwrap()
        .into_inner();
    let short = t
        .rules()
        .legal_moves(request(pb::MoveView::Coordinates))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(full.fen, short.fen);
    assert_eq!(full.moves.len(), short.moves.len());
    for (f, s) in full.moves.iter().zip(&short.moves) {
        assert_eq!(f.uci, s.uci);
        assert_eq!(f.forbidden_repetition, s.forbidden_repetition);
        assert_eq!(f.repetition_outcome, s.repetition_outcome);
        assert!(s.san.is_empty() && s.from.is_empty() && s.piece.is_none());
    }
    let flagged = short.moves.iter().find(|m| m.forbidden_repetition).unwrap();
    assert_eq!(flagged.uci, "b2a2");
    assert_eq!(
        flagged.repetition_outcome.unwrap().offender(),
        pb::Side::White
    );

    let unknown = t
        .rules()
        .legal_moves(pb::LegalMovesRequest {
            view: 7,
            ..request(pb::MoveView::Full)
        })
        .await
        .unwrap_err();
    assert_eq!(unknown.code(), Code::InvalidArgument);
    assert_eq!(violated_field(&unknown), "view");
}

/// Orange-xiangqi's "one check one chase" (AXF rule 12), from the position after Red's
/// first check b9b8: Red alternates the chase b8b9 and the check b9b8.
const CHECK_CHASE_FEN: &str = "3C1abr1/1R2k4/4b4/p7p/2p6/9/r1P3P2/B8/9/2B1KA3 b - - 0 1";
const CHECK_CHASE_MOVES: [&str; 8] = [
    "e8e9", "b8b9", "e9e8", "b9b8", "e8e9", "b8b9", "e9e8", "b9b8",
];

#[tokio::test]
async fn chinese_rules_explain_one_check_one_chase() {
    let t = TestServer::start().await;
    let response = status(
        &t,
        CHECK_CHASE_FEN,
        &CHECK_CHASE_MOVES,
        options(pb::RuleSet::Chinese, 0),
    )
    .await;
    assert_eq!(response.rule_set(), pb::RuleSet::Chinese);
    let outcome = response.outcome.unwrap();
    assert_eq!(outcome.result(), pb::Result::BlackWins);
    assert_eq!(outcome.reason(), pb::OutcomeReason::ForbiddenMixed);
    assert_eq!(outcome.offender(), pb::Side::White);
    let repetition = response.repetition.unwrap();
    assert_eq!(repetition.white_status(), pb::LoopStatus::ForbiddenMixed);
    assert_eq!(repetition.black_status(), pb::LoopStatus::Allowed);
    assert!(!repetition.chased.is_empty());
    let classes: Vec<(&str, pb::LoopMoveClass)> = repetition
        .loop_moves
        .iter()
        .map(|m| (m.r#move.as_str(), m.class()))
        .collect();
    // The loop runs from the first occurrence: two turns of four moves.
    let turn = [
        ("e8e9", pb::LoopMoveClass::Idle),
        ("b8b9", pb::LoopMoveClass::Chase),
        ("e9e8", pb::LoopMoveClass::Idle),
        ("b9b8", pb::LoopMoveClass::Check),
    ];
    assert_eq!(classes, [turn, turn].concat());
    assert!(
        repetition.loop_moves[1]
            .chased
            .iter()
            .any(|p| !p.is_empty())
    );
    assert_eq!(repetition.loop_moves[1].side(), pb::Side::White);
    assert!(
        repetition.explanation.contains("Chinese rules"),
        "{}",
        repetition.explanation
    );

    // AXF allows it: a draw, with the same moves classed check and chase.
    let axf = status(&t, CHECK_CHASE_FEN, &CHECK_CHASE_MOVES, None).await;
    assert_eq!(axf.outcome.unwrap().result(), pb::Result::Draw);
    let classes: Vec<pb::LoopMoveClass> = axf
        .repetition
        .unwrap()
        .loop_moves
        .iter()
        .map(pb::LoopMove::class)
        .collect();
    assert!(classes.contains(&pb::LoopMoveClass::Check));
}

#[tokio::test]
async fn chinese_rules_flag_the_move_that_completes_a_forbidden_mixture() {
    let t = TestServer::start().await;
    let moves = &CHECK_CHASE_MOVES[..7];
    let chinese = legal_moves(&t, CHECK_CHASE_FEN, moves, options(pb::RuleSet::Chinese, 0)).await;
    let flagged: Vec<&pb::Move> = chinese.iter().filter(|m| m.forbidden_repetition).collect();
    assert_eq!(flagged.len(), 1, "{flagged:?}");
    assert_eq!(flagged[0].uci, "b9b8");
    let outcome = flagged[0].repetition_outcome.unwrap();
    assert_eq!(outcome.result(), pb::Result::BlackWins);
    assert_eq!(outcome.reason(), pb::OutcomeReason::ForbiddenMixed);
    let axf = legal_moves(&t, CHECK_CHASE_FEN, moves, None).await;
    assert!(axf.iter().all(|m| !m.forbidden_repetition));
}
