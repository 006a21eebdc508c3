//! The rules of Western chess (with Chess960 and the Lichess variants, over
//! [shakmaty]) and of xiangqi (Chinese chess, on a board of its own): legal
//! moves, the notations players write, the endings and the rulings that
//! decide them, game records and perft. It is the rules core of the Arbiter
//! service, and knows nothing of it: no wire, no engine, no async runtime.
//!
//! [shakmaty]: https://docs.rs/shakmaty
//!
//! # A tour
//!
//! - [`Game::load`] reads a start position (a FEN; empty for the variant's
//!   start) and replays a history of moves, in any notation the game reads,
//!   under [`LoadOptions`] (how strictly the FEN is read, how coordinates
//!   are written) and [`RuleOptions`] (rule set, repetition count, move
//!   limit…). Every move must be legal, and none may follow the end of the
//!   game. The game then answers in plain values: [`Game::legal_moves`]
//!   (each a [`MoveInfo`]: coordinates, SAN or WXF, Chinese notation, piece,
//!   capture, check), [`Game::status`] (a [`Status`]: the [`Outcome`], the
//!   draws that may be claimed, the repetition ruling), [`Game::validate`]
//!   and [`Game::play`] (a candidate move's [`Verdict`]: an illegal move is
//!   an answer, with its [`IllegalReason`], not an error), [`Game::perft`].
//! - Raw input becomes a position in two stages. Xiangqi reads a FEN into a
//!   [`xiangqi::Setup`] that nothing has judged yet, and
//!   [`xiangqi::Position::from_setup`] is the one way to a position, under a
//!   [`Strictness`] ([`xiangqi::PositionError`] says which rule a setup
//!   breaks). Chess does not repeat shakmaty: [`chess::fen::parse`] reads the
//!   fields into shakmaty's `Setup`, with an error naming the field, rank or
//!   character at fault, and shakmaty's `from_setup` judges it, so a chess
//!   position is shakmaty's (`Chess`, and `VariantPosition` for the variants:
//!   [`chess::ChessGame::position`]).
//! - [`validate_position`] judges a start position in full instead of
//!   stopping at its first problem: a [`Diagnosis`] lists every
//!   [`PositionProblem`] (its [`ProblemKind`], side, squares and sentence,
//!   and whether the [`Strictness`] tolerates it), then the history's first
//!   illegal move, and can give the FEN with its impossible castling rights
//!   and en-passant square [`Dropped`]; its `valid` is [`Game::load`]'s
//!   verdict on the same input.
//! - Every operation has its own error: reading a FEN a [`FenError`], a move
//!   text a [`MoveError`], a setting an [`OptionError`], a record's bytes a
//!   [`record::FormatError`]. [`InputError`] composes them for a whole request
//!   and says where each stands in it (the history's index, the candidate
//!   move, the setting), so a caller can point at it; each `Display`s as a
//!   sentence for a player.
//! - The vocabulary both games share lives here ([`Side`], [`PieceKind`],
//!   [`RuleSet`], [`Reason`], …); what one game alone has lives in its module:
//!   [`chess`] (notation, reasons for illegal moves, FEN, FIDE's endings) and
//!   [`xiangqi`] (board, move generation, ICCS, WXF and Chinese notation,
//!   chases and the repetition rulings of AXF, SIMPLE, CASUAL and the Chinese
//!   rules).
//! - Records: [`parse_record`] and [`write_record`] read and write PGN for
//!   chess, PGN and XQF for xiangqi ([`record`]).
//!
//! # Chess
//!
//! Load a position, list its moves, play one, and let the rules rule a
//! threefold repetition (a draw to claim, under FIDE) and a mate:
//!
//! ```
//! use arbiter_rules::{
//!     Game, IllegalReason, LoadOptions, Outcome, Reason, RuleOptions, Side, Variant, Verdict,
//! };
//!
//! let rules = RuleOptions::default();
//! let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
//! let mut game = Game::load(Variant::Chess, fen, &["e7e5"], LoadOptions::default(), &rules)?;
//!
//! let moves = game.legal_moves(&rules)?;
//! assert_eq!(moves.len(), 29);
//! assert!(moves.iter().any(|m| m.san.as_str() == "Nf3" && m.uci.as_str() == "g1f3"));
//!
//! // A legal move is played in place and described; an illegal one is judged.
//! let Verdict::Legal { info, status_after, .. } = game.play("Nf3", &rules)? else {
//!     panic!("Nf3 is legal");
//! };
//! assert_eq!(info.uci.as_str(), "g1f3");
//! assert_eq!(status_after.side_to_move, Side::Black);
//! let Verdict::Illegal { reason, .. } = game.play("e5e4", &rules)? else {
//!     panic!("the pawn is blocked");
//! };
//! assert_eq!(reason, IllegalReason::PathBlocked);
//!
//! // The knights go out and back twice: the start position stands a third time.
//! let dance = ["g1f3", "g8f6", "f3g1", "f6g8"].repeat(2);
//! let game = Game::load(Variant::Chess, "", &dance, LoadOptions::default(), &rules)?;
//! let status = game.status(&rules)?;
//! assert_eq!(status.outcome, Outcome::Ongoing);
//! assert_eq!(status.claimable_draws, [Reason::ThreefoldRepetition]);
//! let claimed = RuleOptions { claim_draws: true, ..rules };
//! let outcome = game.status(&claimed)?.outcome;
//! assert_eq!(outcome, Outcome::Draw { reason: Reason::ThreefoldRepetition });
//!
//! // Fool's mate.
//! let mate = ["f2f3", "e7e5", "g2g4", "Qh4#"];
//! let game = Game::load(Variant::Chess, "", &mate, LoadOptions::default(), &rules)?;
//! let outcome = game.status(&rules)?.outcome;
//! assert_eq!(outcome, Outcome::Decisive { winner: Side::Black, reason: Reason::Checkmate });
//! # Ok::<(), arbiter_rules::InputError>(())
//! ```
//!
//! # Xiangqi
//!
//! The same game, with xiangqi's own: moves written in WXF and in Chinese,
//! and a repetition ruled under the AXF rules, where the side that checks
//! perpetually loses:
//!
//! ```
//! use arbiter_rules::{
//!     ChineseCharacters, Game, LoadOptions, Outcome, Reason, RuleOptions, RuleSet, Side,
//!     Variant, Verdict,
//! };
//!
//! let rules = RuleOptions::default();
//! let start: [&str; 0] = [];
//! let mut game = Game::load(Variant::Xiangqi, "", &start, LoadOptions::default(), &rules)?;
//! let moves = game.legal_moves(&rules)?;
//! assert_eq!(moves.len(), 44);
//! // Red's central cannon: ICCS h2e2, WXF C2=5, 炮二平五 in Chinese.
//! let cannon = moves.iter().find(|m| m.uci.as_str() == "h2e2").expect("a legal move");
//! assert_eq!((cannon.san.as_str(), cannon.chinese.as_str()), ("C2=5", "炮二平五"));
//!
//! // Moves are read in any notation; Black's horse answers in Chinese.
//! game.play("h2e2", &rules)?;
//! let Verdict::Legal { info, .. } = game.play("马８进７", &rules)? else {
//!     panic!("the horse may go to g7");
//! };
//! assert_eq!(info.uci.as_str(), "h9g7");
//!
//! // Traditional characters, if asked for.
//! let traditional = LoadOptions {
//!     chinese: ChineseCharacters::Traditional,
//!     ..LoadOptions::default()
//! };
//! let game = Game::load(Variant::Xiangqi, "", &["h2e2"], traditional, &rules)?;
//! let horse = game.legal_moves(&rules)?.into_iter().find(|m| m.uci.as_str() == "h9g7");
//! assert_eq!(horse.as_ref().map(|m| m.chinese.as_str()), Some("馬８進７"));
//!
//! // A black soldier checks the red general on every move, and the general steps
//! // aside each time: at the third occurrence, AXF rules the perpetual check lost.
//! let fen = "3k5/9/9/9/9/5p3/9/5p3/5K3/5C3 w - - 0 1";
//! let loop_moves = ["f1e1", "f2e2", "e1f1", "e2f2"].repeat(2);
//! let axf = RuleOptions { rule_set: Some(RuleSet::Axf), ..rules };
//! let game = Game::load(Variant::Xiangqi, fen, &loop_moves, LoadOptions::default(), &axf)?;
//! let status = game.status(&axf)?;
//! let red_wins = Outcome::Decisive { winner: Side::White, reason: Reason::PerpetualCheck };
//! assert_eq!(status.outcome, red_wins);
//! assert_eq!(status.offender, Some(Side::Black));
//! # Ok::<(), arbiter_rules::InputError>(())
//! ```
//!
//! # Raw input, validated
//!
//! A xiangqi FEN is read, then judged; a [`xiangqi::Board`] can be set up by
//! hand the same way. Errors say what is wrong, as a value and as a sentence:
//!
//! ```
//! use arbiter_rules::xiangqi::{Board, FenError, Piece, Position, PositionError, Setup, Square};
//! use arbiter_rules::{
//!     Game, InputError, LoadOptions, MoveError, PieceKind, RuleOptions, Side, Strictness, Variant,
//! };
//!
//! assert_eq!(Setup::from_fen("3k5/9 w"), Err(FenError::WrongRankCount(2)));
//! let setup = Setup::from_fen("3k5/9/9/9/9/9/9/9/9/3K5 w")?;
//! let facing = Position::from_setup(setup, Strictness::Strict);
//! assert_eq!(facing, Err(PositionError::GeneralsFacing { file: 'd' }));
//!
//! let mut setup = Setup { board: Board::empty(), ..Setup::startpos() };
//! let at = |file, rank| Square::new(file, rank).expect("on the board");
//! setup.board.set_piece_at(at(3, 9), Piece::new(Side::Black, PieceKind::General))?;
//! setup.board.set_piece_at(at(4, 0), Piece::new(Side::White, PieceKind::General))?;
//! let position = Position::from_setup(setup, Strictness::Strict)?;
//! assert_eq!(position.to_fen(), "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
//!
//! // Or every problem at once, and the FEN with what can be dropped dropped.
//! use arbiter_rules::{ProblemKind, validate_position};
//! let fen = "4k3/8/8/8/8/8/8/4K2R b KQ e3 0 1";
//! let none: [&str; 0] = [];
//! let diagnosis = validate_position(Variant::Chess, fen, &none, LoadOptions::default(), true)?;
//! assert!(!diagnosis.valid);
//! let kinds: Vec<ProblemKind> = diagnosis.problems.iter().map(|p| p.kind).collect();
//! assert_eq!(kinds, [ProblemKind::InvalidCastlingRights, ProblemKind::InvalidEnPassant]);
//! let sanitized = diagnosis.sanitized.map(|s| s.fen);
//! assert_eq!(sanitized.as_deref(), Some("4k3/8/8/8/8/8/8/4K2R b K - 0 1"));
//!
//! // A request's errors name where they stand.
//! let history = ["e2e4", "e7e6", "Ke3"];
//! let rules = RuleOptions::default();
//! let loaded = Game::load(Variant::Chess, "", &history, LoadOptions::default(), &rules);
//! let error = loaded.expect_err("the king cannot reach e3");
//! let InputError::HistoryMove { index: 2, error: MoveError::Chess(_) } = &error else {
//!     panic!("{error:?}");
//! };
//! let sentence = "move 2 of the history: 'Ke3' is not a legal move in this position";
//! assert_eq!(error.to_string(), sentence);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

/// The README's example, compiled and run with the crate's doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

pub mod chess;
mod diagnosis;
mod dispatch;
mod error;
mod options;
mod outcome;
pub mod record;
mod types;
pub mod xiangqi;

pub use diagnosis::{Diagnosis, Dropped, PositionProblem, ProblemKind, Sanitized};
pub use dispatch::{Game, parse_record, validate_position, write_record};
pub use error::{FenError, InputError, MoveError};
pub use options::{LoadOptions, MaterialDraw, OptionError, OptionField, RuleOptions, Strictness};
pub use outcome::{Outcome, Reason, RuleSet, Side};
pub use types::{
    CastlingSide, ChasedPiece, ChineseCharacters, IllegalMove, IllegalReason, LoopMove,
    LoopMoveClass, LoopStatus, MoveCoordinates, MoveInfo, Notation, PerftReport, PieceInfo,
    PieceKind, RepetitionInfo, Status, Verdict,
};

/// The games the service knows. Every variant but xiangqi is a chess game
/// (played by `chess::ChessGame`, whose `chess::ChessRules` say how the variant
/// differs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Western chess under FIDE rules, through shakmaty.
    Chess,
    /// Xiangqi (Chinese chess), with AXF, SIMPLE and CASUAL repetition rules.
    Xiangqi,
    /// Chess960 (and Double Fischer Random): chess from a shuffled back rank.
    Chess960,
    /// Atomic chess (Lichess rules): captures explode.
    Atomic,
    /// Antichess (giveaway, Lichess rules): capturing is compulsory, losing everything wins.
    Antichess,
    /// King of the Hill: a king on d4, e4, d5 or e5 wins.
    KingOfTheHill,
    /// Three-check: the third check wins.
    ThreeCheck,
    /// Crazyhouse: captured pieces are dropped back in.
    Crazyhouse,
    /// Racing Kings: the first king on the eighth rank wins.
    RacingKings,
    /// Horde: 36 white pawns against the black army.
    Horde,
}

impl Variant {
    /// Every variant, in the contract's order.
    pub const ALL: [Variant; 10] = [
        Variant::Chess,
        Variant::Xiangqi,
        Variant::Chess960,
        Variant::Atomic,
        Variant::Antichess,
        Variant::KingOfTheHill,
        Variant::ThreeCheck,
        Variant::Crazyhouse,
        Variant::RacingKings,
        Variant::Horde,
    ];

    /// Lower-case name for logs and metric labels (the chess variants as
    /// Lichess's API spells them, in snake case).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Variant::Chess => "chess",
            Variant::Xiangqi => "xiangqi",
            Variant::Chess960 => "chess960",
            Variant::Atomic => "atomic",
            Variant::Antichess => "antichess",
            Variant::KingOfTheHill => "king_of_the_hill",
            Variant::ThreeCheck => "three_check",
            Variant::Crazyhouse => "crazyhouse",
            Variant::RacingKings => "racing_kings",
            Variant::Horde => "horde",
        }
    }

    /// How the game names `side` in words: xiangqi's first side is red,
    /// every chess variant's white.
    #[must_use]
    pub fn side_name(self, side: Side) -> &'static str {
        match (self, side) {
            (Variant::Xiangqi, _) => xiangqi::side_name(side),
            (_, Side::White) => "white",
            (_, Side::Black) => "black",
        }
    }

    /// The variant's `UCI_Variant` value, as Fairy-Stockfish, python-chess
    /// and lichess-bot spell it; `None` for Chess960, which UCI plays as
    /// `chess` with `UCI_Chess960`.
    #[must_use]
    pub fn uci_variant(self) -> Option<&'static str> {
        Some(match self {
            Variant::Chess => "chess",
            Variant::Chess960 => return None,
            Variant::Xiangqi => "xiangqi",
            Variant::Atomic => "atomic",
            Variant::Antichess => "antichess",
            Variant::KingOfTheHill => "kingofthehill",
            Variant::ThreeCheck => "3check",
            Variant::Crazyhouse => "crazyhouse",
            Variant::RacingKings => "racingkings",
            Variant::Horde => "horde",
        })
    }

    /// The variant a `UCI_Variant` value names (see [`Variant::uci_variant`]).
    #[must_use]
    pub fn from_uci_variant(value: &str) -> Option<Variant> {
        Variant::ALL
            .into_iter()
            .find(|variant| variant.uci_variant() == Some(value))
    }

    /// Whether the variant is a chess game (everything but xiangqi).
    #[must_use]
    pub fn is_chess(self) -> bool {
        self != Variant::Xiangqi
    }

    /// The rule set a game is judged under when a request names none.
    #[must_use]
    pub fn default_rule_set(self) -> RuleSet {
        match self {
            Variant::Xiangqi => RuleSet::Axf,
            _ => RuleSet::Fide,
        }
    }
}
