//! Static evaluation, one evaluator per game, each implementing the search's
//! [`Evaluator`](super::Evaluator) for that game's search node.

pub mod chess;
pub mod trace;
pub mod variant;
pub mod xiangqi;

pub use chess::ChessEvaluator;
pub use variant::VariantEvaluator;
pub use xiangqi::XiangqiEvaluator;
