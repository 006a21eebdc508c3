//! Western chess: an adapter over shakmaty that adds what a rules service
//! needs beyond move generation — notation in both directions, reasons for
//! illegal moves, repetition from the move history, and the full FIDE
//! outcome model with automatic endings and claims. Positions are
//! shakmaty's: [`fen::parse`] reads a FEN's fields into shakmaty's `Setup`
//! and shakmaty's `from_setup` judges it ([`FenError`] and its
//! [`PositionProblem`]s name what is wrong); a [`ChessGame`] plays a
//! `VariantPosition`.
//!
//! One concern per file, as for xiangqi: the game and its endings
//! (`game.rs`), FEN (`fen/`), notation (`notation.rs`) and its errors
//! (`move_error.rs`: [`parse_move`]'s [`MoveParseError`], a game's
//! [`MoveError`]), check detection (`check.rs`), reasons for illegal moves
//! (`validate.rs`, [`diagnose`]), the fast path for history moves
//! (`uci_fast.rs`), the repetition hashes (`zobrist.rs`), which variant is
//! played (`variant.rs`: Chess960 and the Lichess variants, all through
//! shakmaty's `VariantPosition`) and PGN (`pgn.rs`).

mod check;
pub mod fen;
mod game;
mod move_error;
mod notation;
mod order;
pub mod pgn;
pub(crate) mod problems;
mod uci_fast;
mod validate;
mod variant;
pub(crate) use variant::ChessRules;
mod zobrist;

pub use fen::{FenError, PositionProblem};
pub use game::ChessGame;
pub(crate) use game::check_rule_set;
pub use move_error::{MoveError, MoveParseError, MoveSyntaxError};
pub use notation::{describe, parse_move};
pub use validate::diagnose;
