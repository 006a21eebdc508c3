//! Xiangqi (Chinese chess): board, legal moves, FEN, notation and game-end rules.
//!
//! Boards are 128-bit sets with point `rank * 9 + file` (ICCS ranks, rank 0 = Red's back
//! rank). Red is [`Side::White`](crate::game::Side).
//!
//! - [`Position`]: parsed and validated from FEN ([`FenStrictness`]), legal moves, `play`,
//!   check queries, attack queries (`attackers_to`, `attacks_from`) and a zobrist hash.
//! - [`Position::validate`] explains an illegal (from, to) with an [`IllegalMoveReason`].
//! - [`notation`]: ICCS, 1-based coordinates and WXF, parsed against a position.
//! - [`status`]: mate, stalemate (a loss), bare material, repetition rulings and the move
//!   limit, decided in one replay with a per-ply record (mover, capture, check, hash, chased
//!   pieces).
//! - [`chase`]: which enemy pieces a move chases (spec 7); [`repetition`]: the loop, each
//!   side's perpetual check or chase and the AXF/SIMPLE/CASUAL verdict. Pieces keep no
//!   identity of their own: a chased piece is followed through its own moves.
//!
//! ```
//! use arbiter::game::xiangqi::{Position, FenStrictness, notation};
//!
//! let mut pos = Position::startpos();
//! assert_eq!(pos.legal_moves().len(), 44);
//! let m = notation::parse_move(&pos, "h2e2", false).unwrap();
//! assert_eq!(notation::to_wxf(&pos, m), "C2=5");
//! pos.play(m);
//! let same = Position::from_fen(&pos.to_fen(), FenStrictness::Strict).unwrap();
//! assert_eq!(same.zobrist(), pos.zobrist());
//! ```

mod attacks;
pub mod chase;
mod fen_error;
pub mod game;
mod movegen;
pub mod notation;
mod perft;
mod position;
pub mod repetition;
pub mod status;
mod types;
mod validate;

pub use fen_error::{FenError, FenStrictness};
pub use game::XiangqiGame;
pub use movegen::MoveList;
pub use notation::NotationError;
pub use perft::{perft, perft_divide};
pub use position::{CheckTest, Position, START_FEN, SquareSet};
pub use repetition::{ChasedTarget, RepetitionRule, RepetitionRuling, SideLoop};
pub use status::{
    GameRecord, GameStatus, HistoryError, MaterialDraw, MoveLimitCounter, PlyRecord, StatusOptions,
    game_status,
};
pub use types::{FILES, Move, Piece, PieceKind, RANKS, SQUARES, Square, side_name};
pub use validate::{IllegalMove, IllegalMoveReason};
