//! Static evaluation, one evaluator per game.

pub mod chess;
pub mod xiangqi;

pub use chess::ChessEvaluator;
pub use xiangqi::XiangqiEvaluator;

/// Scores a quiet position in centipawns from the side to move's view.
/// Implementations hold no mutable state, so one instance serves every
/// worker thread.
pub trait Evaluator<G>: Send + Sync {
    fn evaluate(&self, position: &G) -> i32;
}
