//! Xiangqi (Chinese chess): board, legal moves, FEN, notation and game-end rules.
//!
//! Boards are 128-bit sets with point `rank * 9 + file` (ICCS ranks, rank 0 = Red's back
//! rank). Red is [`Side::White`](crate::Side).
//!
//! - [`Setup`]: a position as given (a FEN read by [`Setup::from_fen`], an XQF board, a
//!   [`Board`] built piece by piece), judged by nothing yet; [`Position::from_setup`] is
//!   the one way to a [`Position`], under a [`Strictness`](crate::Strictness) (spec 3.3),
//!   and [`Position::from_fen`] takes both steps.
//! - [`Position`]: legal moves, `play`, check queries, attack queries (`attackers_to`,
//!   `attacks_from`) and a zobrist hash.
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
//!   material won); [`mate_by_checks`]: the bounded search for a mate by a series of
//!   checks a mate threat threatens; `see.rs`: static exchange evaluation with the rules'
//!   piece values.
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
pub mod mate_by_checks;
mod movegen;
pub mod notation;
mod notation_error;
mod perft;
pub(crate) mod pgn;
mod ply;
mod position;
mod position_error;
pub(crate) mod problems;
pub mod repetition;
mod see;
pub mod sets;
mod setup;
pub mod status;
mod types;
mod validate;
pub(crate) mod xqf;

pub use check::CheckTest;
pub use fen::{MAX_FEN_LEN, START_FEN};
pub use fen_error::FenError;
pub use game::XiangqiGame;
pub use movegen::MoveList;
pub use notation::NotationError;
pub use notation_error::MoveError;
pub use perft::{perft, perft_divide};
pub use ply::PlyRecord;
pub use position::{Position, SquareSet};
pub use position_error::PositionError;
pub use repetition::{ChasedTarget, ClassedMove, RepetitionRuling, SideLoop};
pub use setup::{Board, NotXiangqi, Setup};
pub use status::{GameRecord, HistoryError, MoveLimitCounter, Replay, StatusOptions, replay};
pub(crate) use types::side_name;
pub use types::{FILES, Move, Piece, RANKS, SQUARES, Square};
