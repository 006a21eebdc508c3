//! The `arbiter.v1.Rules` answers: legal moves, a game's status and its
//! repetition ruling, an illegal move's reason, a position's diagnosis, and
//! the requested move view.

use tonic::Status;

use super::{outcome, piece, reason, rule_set, side};
use crate::proto as pb;
use crate::transport::rpc::status::invalid_argument;
use arbiter_rules::{
    Diagnosis, Dropped, IllegalReason, LoopMove, LoopMoveClass, LoopStatus, PositionProblem,
    ProblemKind, Status as GameStatus,
};

/// The requested view of a move list; unknown numbers are refused.
pub fn move_view(view: i32) -> Result<pb::MoveView, Status> {
    pb::MoveView::try_from(view)
        .map_err(|_| invalid_argument("view", &format!("unknown move view number {view}")))
}

/// The wire LegalMoves answer as prost's struct (the batch's form; the
/// unary call writes the same fields through `wire::EncodedLegalMoves`).
#[must_use]
pub fn legal_moves(moves: Vec<pb::Move>, status: &GameStatus) -> pb::LegalMovesResponse {
    pb::LegalMovesResponse {
        moves,
        fen: status.fen.clone(),
        side_to_move: side(status.side_to_move).into(),
        in_check: status.in_check,
        outcome: Some(outcome(status.outcome, status.offender)),
        rule_set: rule_set(status.rule_set).into(),
    }
}

fn loop_status(status: Option<LoopStatus>) -> pb::LoopStatus {
    match status {
        None => pb::LoopStatus::Unspecified,
        Some(LoopStatus::Allowed) => pb::LoopStatus::Allowed,
        Some(LoopStatus::PerpetualCheck) => pb::LoopStatus::PerpetualCheck,
        Some(LoopStatus::PerpetualChase) => pb::LoopStatus::PerpetualChase,
        Some(LoopStatus::PerpetualMateThreat) => pb::LoopStatus::PerpetualMateThreat,
        Some(LoopStatus::ForbiddenMixed) => pb::LoopStatus::ForbiddenMixed,
    }
}

fn loop_move(m: LoopMove) -> pb::LoopMove {
    pb::LoopMove {
        ply: m.ply,
        side: side(m.side).into(),
        r#move: m.mv,
        class: match m.class {
            LoopMoveClass::Idle => pb::LoopMoveClass::Idle,
            LoopMoveClass::Check => pb::LoopMoveClass::Check,
            LoopMoveClass::MateThreat => pb::LoopMoveClass::MateThreat,
            LoopMoveClass::Chase => pb::LoopMoveClass::Chase,
        }
        .into(),
        chased: m.chased,
    }
}

/// The wire status.
#[must_use]
pub fn status(status: GameStatus) -> pb::GameStatusResponse {
    let GameStatus {
        fen,
        side_to_move,
        in_check,
        outcome: result,
        offender,
        rule_set: rules,
        claimable_draws,
        halfmove_clock,
        fullmove_number,
        repetition,
        move_limit_counter,
    } = status;
    pb::GameStatusResponse {
        fen,
        side_to_move: side(side_to_move).into(),
        in_check,
        outcome: Some(outcome(result, offender)),
        rule_set: rule_set(rules).into(),
        claimable_draws: claimable_draws
            .into_iter()
            .map(|r| reason(r).into())
            .collect(),
        halfmove_clock,
        fullmove_number,
        repetition: repetition.map(|r| pb::Repetition {
            occurrences: r.occurrences,
            adjudicated: r.adjudicated,
            loop_first_ply: r.loop_first_ply,
            loop_last_ply: r.loop_last_ply,
            white_status: loop_status(r.white_status).into(),
            black_status: loop_status(r.black_status).into(),
            chased: r
                .chased
                .into_iter()
                .map(|c| pb::ChasedPiece {
                    piece: Some(piece(c.piece)),
                    square_at_loop_start: c.square_at_loop_start,
                    square_now: c.square_now,
                })
                .collect(),
            explanation: r.explanation,
            loop_moves: r.loop_moves.into_iter().map(loop_move).collect(),
        }),
        move_limit_counter,
    }
}

/// The wire form of an illegal-move reason.
#[must_use]
pub fn illegal_reason(reason: IllegalReason) -> pb::IllegalReason {
    match reason {
        IllegalReason::NoPiece => pb::IllegalReason::NoPiece,
        IllegalReason::OpponentPiece => pb::IllegalReason::OpponentPiece,
        IllegalReason::IllegalPieceMovement => pb::IllegalReason::IllegalPieceMovement,
        IllegalReason::PathBlocked => pb::IllegalReason::PathBlocked,
        IllegalReason::CapturesOwnPiece => pb::IllegalReason::CapturesOwnPiece,
        IllegalReason::LeavesKingInCheck => pb::IllegalReason::LeavesKingInCheck,
        IllegalReason::CastlingRightLost => pb::IllegalReason::CastlingRightLost,
        IllegalReason::CastlingThroughCheck => pb::IllegalReason::CastlingThroughCheck,
        IllegalReason::CastlingOutOfCheck => pb::IllegalReason::CastlingOutOfCheck,
        IllegalReason::BadPromotion => pb::IllegalReason::BadPromotion,
        IllegalReason::GameOver => pb::IllegalReason::GameOver,
        IllegalReason::NoSuchMove => pb::IllegalReason::NoSuchMove,
        IllegalReason::Ambiguous => pb::IllegalReason::Ambiguous,
        IllegalReason::EnPassantUnavailable => pb::IllegalReason::EnPassantUnavailable,
        IllegalReason::GeneralsFacing => pb::IllegalReason::GeneralsFacing,
        IllegalReason::HorseLegBlocked => pb::IllegalReason::HorseLegBlocked,
        IllegalReason::ElephantEyeBlocked => pb::IllegalReason::ElephantEyeBlocked,
        IllegalReason::ElephantCrossesRiver => pb::IllegalReason::ElephantCrossesRiver,
        IllegalReason::MustStayInPalace => pb::IllegalReason::MustStayInPalace,
        IllegalReason::CannonNeedsOneScreen => pb::IllegalReason::CannonNeedsOneScreen,
        IllegalReason::SoldierSidewaysBeforeRiver => pb::IllegalReason::SoldierSidewaysBeforeRiver,
        IllegalReason::SoldierBackward => pb::IllegalReason::SoldierBackward,
        IllegalReason::CaptureRequired => pb::IllegalReason::CaptureRequired,
        IllegalReason::NotInPocket => pb::IllegalReason::NotInPocket,
        IllegalReason::BadDrop => pb::IllegalReason::BadDrop,
        IllegalReason::VariantRule => pb::IllegalReason::VariantRule,
    }
}

/// The wire answer to ValidatePosition.
#[must_use]
pub fn diagnosis(diagnosis: Diagnosis) -> pb::ValidatePositionResponse {
    let Diagnosis {
        valid,
        problems,
        sanitized,
    } = diagnosis;
    let (sanitized_fen, dropped) = sanitized.map_or_else(Default::default, |s| (s.fen, s.dropped));
    pb::ValidatePositionResponse {
        valid,
        problems: problems.into_iter().map(position_problem).collect(),
        sanitized_fen,
        dropped: dropped
            .into_iter()
            .map(|d| match d {
                Dropped::CastlingRight { side: whose, rook } => pb::Dropped {
                    kind: pb::DroppedKind::CastlingRight.into(),
                    side: side(whose).into(),
                    square: rook,
                },
                Dropped::EnPassantSquare(square) => pb::Dropped {
                    kind: pb::DroppedKind::EnPassantSquare.into(),
                    side: pb::Side::Unspecified.into(),
                    square,
                },
            })
            .collect(),
    }
}

fn position_problem(problem: PositionProblem) -> pb::PositionProblem {
    let PositionProblem {
        kind,
        side: whose,
        squares,
        move_index,
        message,
        tolerated,
    } = problem;
    pb::PositionProblem {
        kind: problem_kind(kind).into(),
        side: whose.map_or(pb::Side::Unspecified, side).into(),
        squares,
        message,
        move_index: move_index.map(|i| u32::try_from(i).unwrap_or(u32::MAX)),
        tolerated,
    }
}

fn problem_kind(kind: ProblemKind) -> pb::ProblemKind {
    match kind {
        ProblemKind::Syntax => pb::ProblemKind::Syntax,
        ProblemKind::IllegalMove => pb::ProblemKind::IllegalMove,
        ProblemKind::EmptyBoard => pb::ProblemKind::EmptyBoard,
        ProblemKind::NoKing => pb::ProblemKind::NoKing,
        ProblemKind::TooManyKings => pb::ProblemKind::TooManyKings,
        ProblemKind::PawnsOnBackRank => pb::ProblemKind::PawnsOnBackRank,
        ProblemKind::InvalidCastlingRights => pb::ProblemKind::InvalidCastlingRights,
        ProblemKind::InvalidEnPassant => pb::ProblemKind::InvalidEnPassant,
        ProblemKind::OppositeCheck => pb::ProblemKind::OppositeCheck,
        ProblemKind::TooManyCheckers => pb::ProblemKind::TooManyCheckers,
        ProblemKind::ImpossibleCheck => pb::ProblemKind::ImpossibleCheck,
        ProblemKind::TooMuchMaterial => pb::ProblemKind::TooMuchMaterial,
        ProblemKind::VariantRule => pb::ProblemKind::VariantRule,
        ProblemKind::NoGeneral => pb::ProblemKind::NoGeneral,
        ProblemKind::TooManyGenerals => pb::ProblemKind::TooManyGenerals,
        ProblemKind::GeneralOutsidePalace => pb::ProblemKind::GeneralOutsidePalace,
        ProblemKind::TooManyPieces => pb::ProblemKind::TooManyPieces,
        ProblemKind::TooManyOfKind => pb::ProblemKind::TooManyOfKind,
        ProblemKind::AdvisorOffPoints => pb::ProblemKind::AdvisorOffPoints,
        ProblemKind::ElephantOffPoints => pb::ProblemKind::ElephantOffPoints,
        ProblemKind::SoldierBehindStart => pb::ProblemKind::SoldierBehindStart,
        ProblemKind::SoldierOffStartFiles => pb::ProblemKind::SoldierOffStartFiles,
        ProblemKind::GeneralsFacing => pb::ProblemKind::GeneralsFacing,
    }
}
