//! Requests and positions built the way the tests write them: a position
//! from a FEN (empty for the start position) and its history.

use arbiter::proto as pb;

/// A chess position (empty FEN: the start position) and its history.
pub(crate) fn chess(fen: &str, moves: &[&str]) -> Option<pb::Position> {
    Some(pb::Position {
        variant: pb::Variant::Chess.into(),
        fen: fen.to_owned(),
        moves: moves.iter().map(|m| (*m).to_owned()).collect(),
        ..Default::default()
    })
}

/// A xiangqi position (empty FEN: the start position) and its history.
pub(crate) fn xiangqi(fen: &str, moves: &[&str]) -> Option<pb::Position> {
    Some(pb::Position {
        variant: pb::Variant::Xiangqi.into(),
        fen: fen.to_owned(),
        moves: moves.iter().map(|m| (*m).to_owned()).collect(),
        ..Default::default()
    })
}

/// A LegalMoves request with default options and view.
pub(crate) fn legal_moves_request(position: Option<pb::Position>) -> pb::LegalMovesRequest {
    pb::LegalMovesRequest {
        position,
        options: None,
        view: 0,
    }
}

/// A BestMove request for one line under default options.
pub(crate) fn best_move_request(
    position: Option<pb::Position>,
    limits: Option<pb::SearchLimits>,
) -> pb::BestMoveRequest {
    pb::BestMoveRequest {
        position,
        limits,
        multipv: 0,
        options: None,
        ..Default::default()
    }
}
