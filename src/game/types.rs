//! Descriptions shared by every variant: what the transport turns into wire
//! messages.

use super::{Outcome, Reason, RuleSet, Side};

/// A kind of piece, for both games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PieceKind {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
    General,
    Advisor,
    Elephant,
    Horse,
    Chariot,
    Cannon,
    Soldier,
}

/// A piece of one side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PieceInfo {
    pub side: Side,
    pub kind: PieceKind,
}

/// Chess castling side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CastlingSide {
    Kingside,
    Queenside,
}

/// A legal move, described for a client.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveInfo {
    /// Chess UCI or xiangqi ICCS.
    pub uci: String,
    /// Chess SAN with suffix or xiangqi WXF.
    pub san: String,
    /// Xiangqi 1-based coordinates, when asked for.
    pub uci_one_based: Option<String>,
    pub from: String,
    pub to: String,
    pub piece: PieceInfo,
    pub captured: Option<PieceInfo>,
    pub check: bool,
    pub castling: Option<CastlingSide>,
    pub en_passant: bool,
    pub promotion: Option<PieceKind>,
    /// Set when playing the move completes a repetition the rules forbid.
    pub forbidden_repetition: Option<Outcome>,
}

/// A legal move as coordinates only, for clients that need no description.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveCoordinates {
    /// Chess UCI or xiangqi ICCS.
    pub uci: String,
    /// Xiangqi 1-based coordinates, when asked for.
    pub uci_one_based: Option<String>,
    /// Set when playing the move completes a repetition the rules forbid.
    pub forbidden_repetition: Option<Outcome>,
}

/// Why a candidate move is not legal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IllegalReason {
    NoPiece,
    OpponentPiece,
    IllegalPieceMovement,
    PathBlocked,
    CapturesOwnPiece,
    LeavesKingInCheck,
    CastlingRightLost,
    CastlingThroughCheck,
    CastlingOutOfCheck,
    BadPromotion,
    GameOver,
    NoSuchMove,
    Ambiguous,
    EnPassantUnavailable,
    GeneralsFacing,
    HorseLegBlocked,
    ElephantEyeBlocked,
    ElephantCrossesRiver,
    MustStayInPalace,
    CannonNeedsOneScreen,
    SoldierSidewaysBeforeRiver,
    SoldierBackward,
}

/// A side's behaviour over a repeating loop (xiangqi).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LoopStatus {
    Allowed,
    PerpetualCheck,
    PerpetualChase,
}

/// A piece chased on every move of the perpetual chaser.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChasedPiece {
    pub piece: PieceInfo,
    pub square_at_loop_start: String,
    pub square_now: String,
}

/// How the current position repeats earlier ones.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RepetitionInfo {
    /// Occurrences of the current position in the window, this one included.
    pub occurrences: u32,
    /// Whether a rule was applied because of the count.
    pub adjudicated: bool,
    /// Index (into the history) of the first move of the loop.
    pub loop_first_ply: u32,
    /// Index of the move that completed the repetition.
    pub loop_last_ply: u32,
    pub white_status: Option<LoopStatus>,
    pub black_status: Option<LoopStatus>,
    pub chased: Vec<ChasedPiece>,
    pub explanation: String,
}

/// Everything GameStatus reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Status {
    pub fen: String,
    pub side_to_move: Side,
    pub in_check: bool,
    pub outcome: Outcome,
    /// The side that broke a rule, for perpetual rulings.
    pub offender: Option<Side>,
    pub rule_set: RuleSet,
    pub claimable_draws: Vec<Reason>,
    pub halfmove_clock: u32,
    pub fullmove_number: u32,
    pub repetition: Option<RepetitionInfo>,
    pub move_limit_counter: u32,
}

/// The answer to "is this move legal here?".
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    Legal {
        info: MoveInfo,
        fen_after: String,
        status_after: Box<Status>,
    },
    Illegal {
        reason: IllegalReason,
        detail: String,
    },
}

/// A perft result with optional per-move counts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PerftReport {
    pub nodes: u64,
    pub divide: Vec<(String, u64)>,
}
