//! Xiangqi (Chinese chess): board, legal moves, FEN, notation and game-end rules.
//!
//! Boards are 128-bit sets with point `rank * 9 + file` (ICCS ranks, rank 0 = Red's back
//! rank). Red is [`Side::White`](crate::game::Side).

mod attacks;
mod fen_error;
mod movegen;
pub mod notation;
mod perft;
mod position;
pub mod status;
mod types;
mod validate;

pub use fen_error::{FenError, FenStrictness};
pub use movegen::MoveList;
pub use notation::NotationError;
pub use perft::{perft, perft_divide};
pub use position::{Position, START_FEN, SquareSet};
pub use status::{GameStatus, HistoryError, MaterialDraw, PlyRecord, StatusOptions, game_status};
pub use types::{FILES, Move, Piece, PieceKind, RANKS, SQUARES, Square, side_name};
pub use validate::{IllegalMove, IllegalMoveReason};
