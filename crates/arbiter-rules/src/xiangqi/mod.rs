//! Xiangqi (Chinese chess): board, legal moves, FEN, notation and game-end rules.
//!
//! Boards are 128-bit sets with point `rank * 9 + file` (ICCS ranks, rank 0 = Red's back
//! rank). Red is [`Side::White`](crate::Side).
//!
//! - [`Position`]: parsed and validated from FEN ([`Strictness`](crate::Strictness)), legal moves, `play`,
//!   check queries, attack queries (`attackers_to`, `attacks_from`) and a zobrist hash.
//! - [`Position::validate`] explains an illegal (from, to) with an [`IllegalReason`](crate::IllegalReason).
//! - [`notation`]: ICCS, 1-based coordinates and WXF, parsed against a position;
//!   [`chinese`]: Chinese notation (`炮二平五`), read and written, in either character set.
//! - [`status`]: mate, stalemate (a loss), bare material, repetition rulings and the move
//!   limit, decided in one replay with a per-ply record (mover, capture, check, hash, chased
//!   pieces).
//! - [`chase`]: which enemy pieces a move chases (spec 7); [`repetition`]: the loop, each
//!   side's perpetual check or chase and the AXF/SIMPLE/CASUAL/CHINESE verdict. Pieces
//!   keep no identity of their own: a chased piece is followed through its own moves.
//! - [`cxq`]: the Chinese rules' classes of a loop's moves (check, mate threat, chase by
//!   material won); [`see`]: static exchange evaluation with the rules' piece values.
//!
//! ```
//! use arbiter_rules::Strictness;
//! use arbiter_rules::xiangqi::{Position, notation};
//!
//! let mut pos = Position::startpos();
//! assert_eq!(pos.legal_moves().len(), 44);
//! let m = notation::parse_move(&pos, "h2e2", false).unwrap();
//! assert_eq!(notation::to_wxf(&pos, m), "C2=5");
//! pos.play(m);
//! let same = Position::from_fen(&pos.to_fen(), Strictness::Strict).unwrap();
//! assert_eq!(same.zobrist(), pos.zobrist());
//! ```

mod attacks;
pub mod chase;
mod check;
pub mod chinese;
pub mod cxq;
mod fen;
mod fen_error;
mod files;
pub mod game;
mod movegen;
pub mod notation;
mod notation_error;
mod perft;
pub mod pgn;
mod ply;
mod position;
pub mod repetition;
pub mod see;
pub mod status;
mod types;
mod validate;
pub mod xqf;

pub use check::CheckTest;
pub use fen::START_FEN;
pub use fen_error::FenError;
pub use game::XiangqiGame;
pub use movegen::MoveList;
pub use notation::NotationError;
pub use perft::{perft, perft_divide};
pub use ply::PlyRecord;
pub use position::{Position, SquareSet};
pub use repetition::{ChasedTarget, ClassedMove, RepetitionRuling, SideLoop};
pub use status::{GameRecord, HistoryError, MoveLimitCounter, Replay, StatusOptions, replay};
pub use types::{FILES, Move, Piece, RANKS, SQUARES, Square, side_name};
pub use validate::IllegalMove;
