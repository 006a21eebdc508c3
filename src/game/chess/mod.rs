//! Western chess: an adapter over shakmaty that adds what a rules service
//! needs beyond move generation — notation in both directions, reasons for
//! illegal moves, repetition from the move history, and the full FIDE
//! outcome model with automatic endings and claims.
//!
//! One concern per file, as for xiangqi: the game and its endings
//! (`game.rs`), FEN (`fen.rs`), notation (`notation.rs`), check detection
//! (`check.rs`), reasons for illegal moves (`validate.rs`), the fast path for
//! history moves (`uci_fast.rs`) and the repetition hashes (`zobrist.rs`).

mod check;
pub mod fen;
mod game;
mod notation;
pub mod pgn;
mod uci_fast;
mod validate;
mod zobrist;

pub use game::{ChessGame, check_rule_set};
pub use notation::{MoveParseError, describe, parse_move};
pub use validate::diagnose;
