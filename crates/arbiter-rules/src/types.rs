//! Descriptions shared by every variant: what the transport turns into wire
//! messages.

use std::{fmt, ops::Deref};

use super::{Outcome, Reason, RuleSet, Side};

/// A move or square in text (UCI, ICCS, SAN, WXF, Chinese, `e2`), kept inline: a
/// move list describes dozens of moves with five or six such texts each, and none
/// needs the heap. Holds at most [`Notation::CAPACITY`] bytes of UTF-8, ASCII but
/// for Chinese notation; the longest texts the games produce are a Chinese move's
/// twelve (four characters of three bytes, `炮二平五`) and, in ASCII, seven (SAN
/// such as `exd8=Q+` or `Qh4xe1#`; 1-based xiangqi moves reach six, `b10b10`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Notation {
    len: u8,
    bytes: [u8; Notation::CAPACITY],
}

impl Notation {
    /// Bytes a notation holds; the rest of a longer text is dropped.
    pub const CAPACITY: usize = 15;

    /// The empty text, usable in constants.
    #[must_use]
    pub const fn new() -> Notation {
        Notation {
            len: 0,
            bytes: [0; Notation::CAPACITY],
        }
    }

    /// Appends an ASCII character; anything else, or anything past the
    /// capacity, is a bug in a notation writer and is left out rather than
    /// panicking in a request.
    #[inline]
    pub(crate) fn push(&mut self, c: char) {
        debug_assert!(c.is_ascii(), "{c:?} after {self:?}");
        if c.is_ascii() {
            self.push_ascii(c as u8);
        }
    }

    /// Appends any character, whole or not at all: past the capacity it is left
    /// out, as in [`Self::push`], so the text stays valid UTF-8.
    #[inline]
    pub(crate) fn push_char(&mut self, c: char) {
        if c.is_ascii() {
            return self.push_ascii(c as u8);
        }
        let len = usize::from(self.len);
        let width = c.len_utf8();
        debug_assert!(len + width <= Notation::CAPACITY, "{c:?} after {self:?}");
        if let Some(slot) = self.bytes.get_mut(len..len + width) {
            c.encode_utf8(slot);
            self.len += width as u8;
        }
    }

    /// Appends ASCII text; non-ASCII bytes, or bytes past the capacity, are left out, as in [`Self::push`].
    #[inline]
    pub(crate) fn push_str(&mut self, text: &str) {
        debug_assert!(text.is_ascii(), "{text:?} after {self:?}");
        for &byte in text.as_bytes() {
            if byte.is_ascii() {
                self.push_ascii(byte);
            }
        }
    }

    /// Appends two ASCII characters at once, such as a square's name read
    /// from a table; anything else is left out, as in [`Self::push`].
    #[inline]
    pub(crate) fn push_pair(&mut self, pair: [u8; 2]) {
        let len = usize::from(self.len);
        debug_assert!(
            pair.is_ascii() && len + 2 <= Notation::CAPACITY,
            "{pair:?} after {self:?}"
        );
        if pair.is_ascii()
            && let Some(slot) = self.bytes.get_mut(len..len + 2)
        {
            slot.copy_from_slice(&pair);
            self.len += 2;
        }
    }

    /// Appends two characters encoded when their table was built (see
    /// [`Wide`]), whole or not at all, as in [`Self::push_char`].
    #[inline]
    pub(crate) fn push_wide(&mut self, pair: [Wide; 2]) {
        let len = usize::from(self.len);
        debug_assert!(len + 6 <= Notation::CAPACITY, "{pair:?} after {self:?}");
        let [Wide([a0, a1, a2]), Wide([b0, b1, b2])] = pair;
        if let Some(slot) = self.bytes.get_mut(len..len + 6) {
            slot.copy_from_slice(&[a0, a1, a2, b0, b1, b2]);
            self.len += 6;
        }
    }

    #[inline]
    fn push_ascii(&mut self, byte: u8) {
        let len = usize::from(self.len);
        debug_assert!(len < Notation::CAPACITY, "{self:?} is full");
        if let Some(slot) = self.bytes.get_mut(len) {
            *slot = byte;
            self.len += 1;
        }
    }

    /// The text as a `str`; always valid, since only whole characters are ever stored.
    #[must_use]
    pub fn as_str(&self) -> &str {
        // Only whole characters are ever stored, so this never fails.
        std::str::from_utf8(self.as_bytes()).unwrap_or_default()
    }

    /// The text's bytes, for writers that need no `str`.
    #[must_use]
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len)]
    }

    /// The text followed by zeros up to the capacity: a writer can copy a
    /// fixed size, which compiles to a few moves, and cut the tail, where
    /// copying the text's own few bytes is a call into `memcpy`.
    #[must_use]
    pub fn padded(&self) -> &[u8; Notation::CAPACITY] {
        &self.bytes
    }
}

/// A character of three UTF-8 bytes, encoded when a table of them is built:
/// every character Chinese notation writes (piece names, directions,
/// markers, numerals, full-width digits) is one, so a move list copies six
/// bytes for each pair of a move's characters where encoding them was a
/// tenth of a xiangqi LegalMoves call. The bytes are private and made only by
/// [`Wide::of`], so a [`Notation`] stays valid UTF-8.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Wide([u8; 3]);

impl Wide {
    /// `c`'s UTF-8 bytes, or `None` for a character of another width.
    pub(crate) fn encode(c: char) -> Option<Wide> {
        match *c.encode_utf8(&mut [0; 4]).as_bytes() {
            [a, b, c] => Some(Wide([a, b, c])),
            _ => None,
        }
    }

    /// `c`'s UTF-8 bytes. For tables built at compile time: a character of
    /// another width fails the build.
    pub(crate) const fn of(c: char) -> Wide {
        let code = c as u32;
        assert!(
            code >= 0x800 && code <= 0xFFFF,
            "not a three-byte character"
        );
        Wide([
            0xE0 | (code >> 12) as u8,
            0x80 | ((code >> 6) & 0x3F) as u8,
            0x80 | (code & 0x3F) as u8,
        ])
    }
}

impl From<&str> for Notation {
    fn from(text: &str) -> Notation {
        let mut notation = Notation::new();
        notation.push_str(text);
        notation
    }
}

impl Deref for Notation {
    type Target = str;

    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl PartialEq<str> for Notation {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<String> for Notation {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Notation {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

/// A kind of piece, for both games: each kind belongs to one game.
///
/// Xiangqi's kinds come first, so their discriminants (0..=6) index the xiangqi
/// board's per-kind tables directly. Chess positions keep shakmaty's `Role` and
/// name their pieces with these kinds only when describing them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PieceKind {
    /// Xiangqi: the general (FEN `K`), confined to the palace.
    General = 0,
    /// Xiangqi: the advisor (FEN `A`), confined to the palace.
    Advisor = 1,
    /// Xiangqi: the elephant (FEN `B`), which stays on its own side of the river.
    Elephant = 2,
    /// Xiangqi: the horse (FEN `N`), whose leg can be blocked.
    Horse = 3,
    /// Xiangqi: the chariot (FEN `R`).
    Chariot = 4,
    /// Xiangqi: the cannon (FEN `C`), which captures over exactly one screen.
    Cannon = 5,
    /// Xiangqi: the soldier (FEN `P`).
    Soldier = 6,
    /// Chess: the pawn (FEN `P`).
    Pawn,
    /// Chess: the knight (FEN `N`).
    Knight,
    /// Chess: the bishop (FEN `B`).
    Bishop,
    /// Chess: the rook (FEN `R`).
    Rook,
    /// Chess: the queen (FEN `Q`).
    Queen,
    /// Chess: the king (FEN `K`).
    King,
}

impl PieceKind {
    /// The xiangqi kinds, in discriminant order.
    pub const XIANGQI: [PieceKind; 7] = [
        PieceKind::General,
        PieceKind::Advisor,
        PieceKind::Elephant,
        PieceKind::Horse,
        PieceKind::Chariot,
        PieceKind::Cannon,
        PieceKind::Soldier,
    ];

    /// Upper-case FEN letter in its own game (xiangqi `K A B N R C P`, chess
    /// `P N B R Q K`).
    #[must_use]
    pub const fn fen_char(self) -> char {
        match self {
            PieceKind::General | PieceKind::King => 'K',
            PieceKind::Advisor => 'A',
            PieceKind::Elephant | PieceKind::Bishop => 'B',
            PieceKind::Horse | PieceKind::Knight => 'N',
            PieceKind::Chariot | PieceKind::Rook => 'R',
            PieceKind::Cannon => 'C',
            PieceKind::Soldier | PieceKind::Pawn => 'P',
            PieceKind::Queen => 'Q',
        }
    }

    /// Lower-case English name used in messages.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::General => "general",
            PieceKind::Advisor => "advisor",
            PieceKind::Elephant => "elephant",
            PieceKind::Horse => "horse",
            PieceKind::Chariot => "chariot",
            PieceKind::Cannon => "cannon",
            PieceKind::Soldier => "soldier",
            PieceKind::Pawn => "pawn",
            PieceKind::Knight => "knight",
            PieceKind::Bishop => "bishop",
            PieceKind::Rook => "rook",
            PieceKind::Queen => "queen",
            PieceKind::King => "king",
        }
    }
}

/// A piece of one side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PieceInfo {
    /// The side that owns the piece (White is Red in xiangqi).
    pub side: Side,
    /// The kind, always one of the game's own kinds.
    pub kind: PieceKind,
}

/// Chess castling side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CastlingSide {
    /// Castling with the rook on the h-file (`O-O`).
    Kingside,
    /// Castling with the rook on the a-file (`O-O-O`).
    Queenside,
}

/// A legal move, described for a client.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveInfo {
    /// Chess UCI or xiangqi ICCS.
    pub uci: Notation,
    /// Chess SAN with suffix or xiangqi WXF.
    pub san: Notation,
    /// Xiangqi 1-based coordinates, when asked for.
    pub uci_one_based: Option<Notation>,
    /// Xiangqi: Chinese notation (`炮二平五`), in the characters asked for; empty in chess.
    pub chinese: Notation,
    /// The square the piece leaves, in the coordinates of [`Self::uci`] (`e2`, `h2`).
    pub from: Notation,
    /// The square the piece reaches, in the coordinates of [`Self::uci`].
    pub to: Notation,
    /// The moving piece.
    pub piece: PieceInfo,
    /// The captured piece; `None` for a move that captures nothing.
    pub captured: Option<PieceInfo>,
    /// Whether the move gives check.
    pub check: bool,
    /// Chess: the side castled to; always `None` in xiangqi.
    pub castling: Option<CastlingSide>,
    /// Chess: whether the move is an en-passant capture; always `false` in xiangqi.
    pub en_passant: bool,
    /// Chess: the kind a pawn promotes to; `None` for every other move and in xiangqi.
    pub promotion: Option<PieceKind>,
    /// Crazyhouse: the move drops [`Self::piece`] from the pocket (no `from`).
    pub drop: bool,
    /// Atomic, on a capture: the squares the explosion empties (the capturer's
    /// among them), in square order; empty otherwise.
    pub explosion_squares: Vec<Notation>,
    /// Set when playing the move completes a repetition the rules forbid.
    pub forbidden_repetition: Option<Outcome>,
}

impl MoveInfo {
    /// Nothing said yet: the start a description fills in place.
    pub(crate) const EMPTY: MoveInfo = MoveInfo {
        uci: Notation::new(),
        san: Notation::new(),
        uci_one_based: None,
        chinese: Notation::new(),
        from: Notation::new(),
        to: Notation::new(),
        piece: PieceInfo {
            side: Side::White,
            kind: PieceKind::Pawn,
        },
        captured: None,
        check: false,
        castling: None,
        en_passant: false,
        promotion: None,
        drop: false,
        explosion_squares: Vec::new(),
        forbidden_repetition: None,
    };

    /// Back to [`Self::EMPTY`] in place, keeping the explosion squares'
    /// allocation: a move list describes each of its moves into one value.
    /// Field by field, since a copy of the constant is a call into `memcpy`
    /// per move (a twentieth of a chess move's description).
    #[inline]
    pub(crate) fn reset(&mut self) {
        self.uci = Notation::new();
        self.san = Notation::new();
        self.uci_one_based = None;
        self.chinese = Notation::new();
        self.from = Notation::new();
        self.to = Notation::new();
        self.piece = MoveInfo::EMPTY.piece;
        self.captured = None;
        self.check = false;
        self.castling = None;
        self.en_passant = false;
        self.promotion = None;
        self.drop = false;
        self.explosion_squares.clear();
        self.forbidden_repetition = None;
    }
}

/// A legal move as coordinates only, for clients that need no description.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveCoordinates {
    /// Chess UCI or xiangqi ICCS.
    pub uci: Notation,
    /// Xiangqi 1-based coordinates, when asked for.
    pub uci_one_based: Option<Notation>,
    /// Set when playing the move completes a repetition the rules forbid.
    pub forbidden_repetition: Option<Outcome>,
}

/// Which characters xiangqi moves are written in, in Chinese notation (spec 2.4): input
/// takes both sets, and the variants players type, whatever this says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ChineseCharacters {
    /// 车 马 炮 相 仕 帅 兵 / 车 马 炮 象 士 将 卒, 进 退 平, 前 中 后: mainland usage, the default.
    #[default]
    Simplified,
    /// 俥 傌 炮 相 仕 帥 兵 / 車 馬 砲 象 士 將 卒, 進 退 平, 前 中 後: Taiwan and Hong Kong usage.
    Traditional,
}

/// A move refused as illegal: the rule it breaks and a sentence naming the
/// points and pieces involved ("the knight on g1 cannot reach g3"), in
/// either game. A candidate move's [`Verdict::Illegal`] says the same.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{detail}")]
pub struct IllegalMove {
    /// The rule the move breaks.
    pub reason: IllegalReason,
    /// A sentence naming the points and pieces involved.
    pub detail: String,
}

/// Why a candidate move is not legal: the rule it breaks, in either game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IllegalReason {
    /// There is no piece on the origin square.
    NoPiece,
    /// The piece on the origin square belongs to the opponent.
    OpponentPiece,
    /// The piece cannot move like that at all (wrong shape or distance).
    IllegalPieceMovement,
    /// A slider (chess), a chariot or a non-capturing cannon would pass over a piece.
    PathBlocked,
    /// The destination holds a piece of the mover's own side.
    CapturesOwnPiece,
    /// The mover's own king (chess) or general (xiangqi) would be in check.
    LeavesKingInCheck,
    /// Chess: the castling right was lost (king or rook moved, rook captured).
    CastlingRightLost,
    /// Chess: the king would pass through an attacked square.
    CastlingThroughCheck,
    /// Chess: the king is in check, so it may not castle.
    CastlingOutOfCheck,
    /// Chess: a pawn reaching the last rank needs a promotion piece, and only then.
    BadPromotion,
    /// The game is already over (checkmate, stalemate or a rule ending).
    GameOver,
    /// The text names no move of this position.
    NoSuchMove,
    /// The text fits more than one legal move.
    Ambiguous,
    /// Chess: an en-passant capture that is not available now.
    EnPassantUnavailable,
    /// Xiangqi: afterwards the two generals would face each other on an open file.
    GeneralsFacing,
    /// Xiangqi: the square that blocks the horse's leg is occupied.
    HorseLegBlocked,
    /// Xiangqi: the elephant's eye (the point between its start and end) is occupied.
    ElephantEyeBlocked,
    /// Xiangqi: an elephant may not cross the river.
    ElephantCrossesRiver,
    /// Xiangqi: the general or an advisor would leave its palace.
    MustStayInPalace,
    /// Xiangqi: a cannon capture without exactly one piece between.
    CannonNeedsOneScreen,
    /// Xiangqi: a soldier moves sideways only after crossing the river.
    SoldierSidewaysBeforeRiver,
    /// Xiangqi: a soldier never moves backward.
    SoldierBackward,
    /// Antichess: a capture is available, and capturing is compulsory.
    CaptureRequired,
    /// Crazyhouse: no such piece in the pocket (or no drops in this variant).
    NotInPocket,
    /// Crazyhouse: a drop onto an occupied square, or a pawn onto the first or last rank.
    BadDrop,
    /// A rule of the chess variant itself (atomic: a king capturing, a capture
    /// exploding one's own king; racing kings: giving check).
    VariantRule,
}

/// A side's behaviour over a repeating loop (xiangqi).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LoopStatus {
    /// Neither perpetual check nor perpetual chase.
    Allowed,
    /// Every move of the side in the loop gave check.
    PerpetualCheck,
    /// Every move of the side in the loop chased the same enemy piece (Chinese rules:
    /// some enemy piece).
    PerpetualChase,
    /// Chinese rules: every move of the side threatened mate (by a check or a series of
    /// checks) without giving check.
    PerpetualMateThreat,
    /// Chinese rules: every move of the side was a check, a mate threat or a chase,
    /// of more than one of these kinds.
    ForbiddenMixed,
}

impl LoopStatus {
    /// Whether the status breaks a perpetual rule (under the rule set that gave it).
    #[must_use]
    pub fn is_forbidden(self) -> bool {
        self != LoopStatus::Allowed
    }
}

/// What one move of a repeating loop was for its mover (xiangqi).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LoopMoveClass {
    /// None of the others: offers, exchanges, blocks, attacks that are no chase.
    Idle,
    /// The move gave check.
    Check,
    /// Chinese rules: not a check, and were the opponent to pass, the mover would mate
    /// by a check or a series of checks.
    MateThreat,
    /// The move chased one or more enemy pieces.
    Chase,
}

/// One move of a repeating loop, classified (xiangqi).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoopMove {
    /// Index of the move in the history.
    pub ply: u32,
    /// The side that played it.
    pub side: Side,
    /// The move, in ICCS.
    pub mv: String,
    /// How the rule set classed it.
    pub class: LoopMoveClass,
    /// For a chase, the points (ICCS, after the move) of the pieces it chased.
    pub chased: Vec<String>,
}

/// A piece chased on every move of the perpetual chaser.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChasedPiece {
    /// The chased piece.
    pub piece: PieceInfo,
    /// Its square when the loop began, in ICCS (`e3`, ranks 0-9).
    pub square_at_loop_start: String,
    /// Its square now, in ICCS; differs from the start when the chased piece moved.
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
    /// Xiangqi: Red's behaviour over the loop; `None` in chess.
    pub white_status: Option<LoopStatus>,
    /// Xiangqi: Black's behaviour over the loop; `None` in chess.
    pub black_status: Option<LoopStatus>,
    /// Xiangqi: the pieces chased on every move of the perpetual chaser; empty otherwise.
    pub chased: Vec<ChasedPiece>,
    /// A sentence for players naming the loop and the ruling.
    pub explanation: String,
    /// Xiangqi: every move of the loop with its class; empty in chess.
    pub loop_moves: Vec<LoopMove>,
}

/// Everything GameStatus reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Status {
    /// The position after the history, canonical FEN.
    pub fen: String,
    /// The side to move after the history.
    pub side_to_move: Side,
    /// Whether the side to move is in check.
    pub in_check: bool,
    /// The outcome after the history; ongoing when no rule ended the game.
    pub outcome: Outcome,
    /// The side that broke a rule, for perpetual rulings.
    pub offender: Option<Side>,
    /// The rule set applied.
    pub rule_set: RuleSet,
    /// Chess: the draws the side to move could claim now, unless the options already claim them; empty in xiangqi.
    pub claimable_draws: Vec<Reason>,
    /// Plies since the last capture (chess: or pawn move).
    pub halfmove_clock: u32,
    /// Full-move number: starts at 1 and increases after Black's move.
    pub fullmove_number: u32,
    /// Set when the current position occurred earlier in the repetition window.
    pub repetition: Option<RepetitionInfo>,
    /// Xiangqi: plies counted toward the move limit, after the check discount; 0 in chess.
    pub move_limit_counter: u32,
}

/// The answer to "is this move legal here?".
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// The move is legal.
    Legal {
        /// The move, normalised and fully described.
        info: MoveInfo,
        /// The position after the move, canonical FEN.
        fen_after: String,
        /// The game's status after the move (boxed: it dwarfs the illegal case).
        status_after: Box<Status>,
    },
    /// The move is not legal.
    Illegal {
        /// The rule the move breaks.
        reason: IllegalReason,
        /// A sentence for players ("the knight on g1 cannot reach g3").
        detail: String,
    },
}

/// A perft result with optional per-move counts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PerftReport {
    /// Leaf nodes at the requested depth; depth 0 counts the position itself.
    pub nodes: u64,
    /// With divide: each legal move (coordinate notation) and the leaf count below it; empty otherwise.
    pub divide: Vec<(String, u64)>,
}

/// `n` in decimal, written into `digits`: both games' FEN writers put two or
/// three numbers into every answer, and the formatting machinery costs more
/// than the digits.
pub(crate) fn decimal(mut n: u32, digits: &mut [u8; 10]) -> &str {
    let mut start = digits.len();
    loop {
        start -= 1;
        // `n % 10` is a single digit, so the cast cannot truncate.
        digits[start] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    // Every byte from `start` on is an ASCII digit.
    std::str::from_utf8(&digits[start..]).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    #[test]
    fn decimal_writes_every_width() {
        for n in [0, 7, 10, 99, 100, 65_535, 1_000_000_007, u32::MAX] {
            assert_eq!(super::decimal(n, &mut [0; 10]), n.to_string());
        }
    }
}
