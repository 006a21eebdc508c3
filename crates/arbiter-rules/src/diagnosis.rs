//! A position's diagnosis: every problem that keeps a start position (and
//! the history played from it) from being a game, not only the first one a
//! load stops at, each with its kind, side, squares and a sentence; and, when
//! asked, the FEN with what can be dropped without changing the game dropped
//! (castling rights and an en-passant square no game could have).
//!
//! This is the vocabulary both games write their findings in; each game
//! finds its own problems (`chess::problems`, `xiangqi::problems`), and
//! [`validate_position`](crate::validate_position) (beside the other
//! per-game dispatch) gives the one verdict: a position is
//! [`Diagnosis::valid`] exactly when [`Game::load`](crate::Game::load)
//! accepts it under the same [`LoadOptions`](crate::LoadOptions), because the
//! verdict *is* that load.

use crate::Side;

/// What is wrong with a position, for both games. Every problem a game can
/// find has its own kind, so a caller can act on it without reading the
/// sentence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ProblemKind {
    /// The FEN cannot be read at all (a field, rank or character at fault,
    /// or too long); nothing else is judged.
    Syntax,
    /// A move of the history cannot be read or is not legal where it stands
    /// ([`PositionProblem::move_index`] says which).
    IllegalMove,
    /// Chess: no piece on the board.
    EmptyBoard,
    /// Chess: a side without its king (where the variant requires one).
    NoKing,
    /// Chess: a side with more than one king (or, in crazyhouse, a king in
    /// a pocket).
    TooManyKings,
    /// Chess: pawns on the first or last rank (horde: the white pawns may
    /// stand on the first).
    PawnsOnBackRank,
    /// Chess: castling rights whose king or rook is not on its square.
    InvalidCastlingRights,
    /// Chess: an en-passant square no double pawn push of the side that
    /// just moved can have left.
    InvalidEnPassant,
    /// The side not to move is in check (xiangqi: its general attacked).
    OppositeCheck,
    /// Chess: more than two pieces give check.
    TooManyCheckers,
    /// Chess: a check no last move could have given (two aligned sliders,
    /// two stepping pieces, a check the en-passant square contradicts;
    /// racing kings: any check).
    ImpossibleCheck,
    /// Chess: more pieces of a kind than promotions could have produced (or
    /// more pawns than eight; crazyhouse: board and pockets together).
    TooMuchMaterial,
    /// Chess: a rule of the variant itself (three-check counters at zero for
    /// both sides, crazyhouse's 64-piece total, racing kings' pawns or both
    /// kings home with black to move).
    VariantRule,
    /// Xiangqi: a side without its general.
    NoGeneral,
    /// Xiangqi: a side with more than one general.
    TooManyGenerals,
    /// Xiangqi: a general outside its palace.
    GeneralOutsidePalace,
    /// Xiangqi: more than the 16 pieces of a set on one side.
    TooManyPieces,
    /// Xiangqi: more pieces of a kind than a set holds (2 advisors,
    /// elephants, horses, chariots, cannons; 5 soldiers).
    TooManyOfKind,
    /// Xiangqi: an advisor off its five palace points.
    AdvisorOffPoints,
    /// Xiangqi: an elephant off its seven points on its side of the river.
    ElephantOffPoints,
    /// Xiangqi: a soldier behind its start rank.
    SoldierBehindStart,
    /// Xiangqi: a soldier that has not crossed the river, off the five start
    /// files.
    SoldierOffStartFiles,
    /// Xiangqi: the generals face each other on an open file.
    GeneralsFacing,
}

/// One problem of a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionProblem {
    /// What is wrong.
    pub kind: ProblemKind,
    /// The side it concerns, when it concerns one.
    pub side: Option<Side>,
    /// The squares involved, in the game's coordinates (chess `e1`; xiangqi
    /// ICCS `e0`), in the order the sentence names them.
    pub squares: Vec<String>,
    /// [`ProblemKind::IllegalMove`]: the move's index in the history, from 0.
    pub move_index: Option<usize>,
    /// The problem as a sentence for a player.
    pub message: String,
    /// Whether the strictness the position was read under accepts the
    /// problem anyway ([`Strictness::Lenient`](crate::Strictness::Lenient):
    /// chess drops the rights and the square, plays on despite an
    /// impossible check or too much material; xiangqi plays on with pieces
    /// a set cannot have). A position whose problems are all tolerated is
    /// valid.
    pub tolerated: bool,
}

impl PositionProblem {
    /// A problem with no side and no squares.
    pub(crate) fn new(kind: ProblemKind, message: impl Into<String>) -> PositionProblem {
        PositionProblem {
            kind,
            side: None,
            squares: Vec::new(),
            move_index: None,
            message: message.into(),
            tolerated: false,
        }
    }

    /// The same problem concerning `side`.
    pub(crate) fn of(mut self, side: Side) -> PositionProblem {
        self.side = Some(side);
        self
    }

    /// The same problem with the squares involved.
    pub(crate) fn at(
        mut self,
        squares: impl IntoIterator<Item = impl ToString>,
    ) -> PositionProblem {
        self.squares = squares.into_iter().map(|s| s.to_string()).collect();
        self
    }
}

/// Something the sanitized FEN left out of the FEN as given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Dropped {
    /// A castling right of `side` whose king or rook is not where castling
    /// needs it; `rook` is the square the right named (the corner when the
    /// FEN's letter found no rook).
    CastlingRight {
        /// Whose right.
        side: Side,
        /// The rook's square the right named.
        rook: String,
    },
    /// An en-passant square no double pawn push left.
    EnPassantSquare(String),
}

/// The FEN made playable by dropping, and only dropping, castling rights and
/// an en-passant square no game could have; nothing else is repaired.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sanitized {
    /// The start position's canonical FEN with the drops (chess: the
    /// en-passant square only when a capture is legal, as every answer
    /// writes it).
    pub fen: String,
    /// What was dropped, castling rights first (in square order), then the
    /// en-passant square.
    pub dropped: Vec<Dropped>,
}

/// Everything [`validate_position`](crate::validate_position) found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnosis {
    /// Whether the position and its history can be played: what
    /// [`Game::load`](crate::Game::load) says with the same options.
    pub valid: bool,
    /// Every problem found: the start position's, tolerated or not, then the
    /// history's first illegal move (a history is judged only from a start
    /// position the strictness accepts, and stops at its first bad move).
    pub problems: Vec<PositionProblem>,
    /// When asked for: the sanitized FEN, if dropping castling rights and
    /// the en-passant square leaves a start position the strictness accepts
    /// (`None` when other problems remain).
    pub sanitized: Option<Sanitized>,
}
