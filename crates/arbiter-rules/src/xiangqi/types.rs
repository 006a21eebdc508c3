//! Squares, pieces and moves: the vocabulary shared by every xiangqi module.

use std::fmt;

use crate::{PieceKind, Side};

/// Number of files (a..i) on the board.
pub const FILES: u8 = 9;
/// Number of ranks (0..9 in ICCS numbering) on the board.
pub const RANKS: u8 = 10;
/// Number of points on the board.
pub const SQUARES: usize = 90;

/// A point of the board, `rank * 9 + file` with ICCS ranks (rank 0 is Red's back rank).
///
/// The index is always below 90, so tables indexed by a `Square` never go out of bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square on `file` (0 = a) and ICCS `rank` (0 = Red's back rank), if on the board.
    #[must_use]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < FILES && rank < RANKS {
            Some(Square(rank * FILES + file))
        } else {
            None
        }
    }

    /// The square with this index (`rank * 9 + file`), if below 90.
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < SQUARES {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// Internal constructor for indices known to be on the board.
    pub(crate) const fn from_index_unchecked(index: u32) -> Square {
        Square(index as u8)
    }

    /// The point's index, `rank * 9 + file`, for the board's tables.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File 0..=8 (a..i).
    #[must_use]
    pub const fn file(self) -> u8 {
        self.0 % FILES
    }

    /// ICCS rank 0..=9.
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.0 / FILES
    }

    /// The single-bit board of this square.
    #[must_use]
    pub const fn bit(self) -> u128 {
        1u128 << self.0
    }

    /// Iterator over all 90 squares in index order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SQUARES as u8).map(Square)
    }
}

/// ICCS name, e.g. `e0`.
impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.file()), self.rank())
    }
}

/// A piece: a kind and the side owning it (`Side::White` is Red).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The owner (`Side::White` is Red).
    pub side: Side,
    /// A xiangqi kind (`PieceKind::XIANGQI`).
    pub kind: PieceKind,
}

impl Piece {
    /// The piece of `kind` owned by `side`.
    #[must_use]
    pub const fn new(side: Side, kind: PieceKind) -> Piece {
        Piece { side, kind }
    }

    /// FEN letter: upper case for Red, lower case for Black.
    #[must_use]
    pub const fn fen_char(self) -> char {
        let c = self.kind.fen_char();
        match self.side {
            Side::White => c,
            Side::Black => c.to_ascii_lowercase(),
        }
    }

    /// Parses a FEN letter, accepting the `E`/`H` aliases for elephant and horse.
    #[must_use]
    pub fn from_fen_char(c: char) -> Option<Piece> {
        let side = if c.is_ascii_uppercase() {
            Side::White
        } else {
            Side::Black
        };
        let kind = match c.to_ascii_uppercase() {
            'K' => PieceKind::General,
            'A' => PieceKind::Advisor,
            'B' | 'E' => PieceKind::Elephant,
            'N' | 'H' => PieceKind::Horse,
            'R' => PieceKind::Chariot,
            'C' => PieceKind::Cannon,
            'P' => PieceKind::Soldier,
            _ => return None,
        };
        Some(Piece { side, kind })
    }

    /// Compact code 1..=14 used by the mailbox and the zobrist table (0 = empty).
    pub(crate) const fn code(self) -> u8 {
        1 + side_index(self.side) as u8 * 7 + self.kind as u8
    }

    pub(crate) const fn from_code(code: u8) -> Option<Piece> {
        if code == 0 || code > 14 {
            return None;
        }
        let c = code - 1;
        let side = if c < 7 { Side::White } else { Side::Black };
        let kind = PieceKind::XIANGQI[(c % 7) as usize];
        Some(Piece { side, kind })
    }
}

/// "red chariot", "black soldier", ...
impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", side_name(self.side), self.kind.name())
    }
}

/// Table index of a side: Red 0, Black 1.
pub(crate) const fn side_index(side: Side) -> usize {
    match side {
        Side::White => 0,
        Side::Black => 1,
    }
}

/// "red" / "black": the xiangqi names of the sides.
#[must_use]
pub(crate) const fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "red",
        Side::Black => "black",
    }
}

/// A move from one point to another. Captures need no flag: the target point says it.
///
/// A `Move` is only meaningful for the position it came from (`legal_moves`, `validate`,
/// the notation parsers).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// The point the piece leaves.
    pub from: Square,
    /// The point it reaches; a capture when an enemy piece stands there.
    pub to: Square,
}

impl Move {
    /// The move from `from` to `to`, unchecked: legality belongs to the position.
    #[must_use]
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }
}

/// ICCS form, e.g. `h2e2`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

/// The point on `file` (0-8) and ICCS `rank` (0-9).
pub(super) fn sq(file: u8, rank: u8) -> Square {
    Square::from_index_unchecked(u32::from(rank) * 9 + u32::from(file))
}

/// The point with index `rank * 9 + file`.
pub(super) fn square(index: usize) -> Square {
    Square::from_index_unchecked(index as u32)
}
