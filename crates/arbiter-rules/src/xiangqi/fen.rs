//! Xiangqi FEN: reading with validation under a [`Strictness`], and writing.

use super::attacks::{Bits, HALF, PALACE, ZOBRIST_BLACK_TO_MOVE, between};
use super::fen_error::FenError;
use super::position::{Position, sq, square};
use super::types::{Piece, side_index};
use crate::{PieceKind, Side, Strictness};

/// The standard start position.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

impl Position {
    /// Parses and validates a FEN (spec 3.2/3.3). Accepts `r` for Red, `E`/`H` piece
    /// letters and FENs with only the board and side fields.
    pub fn from_fen(fen: &str, strictness: Strictness) -> Result<Position, FenError> {
        // Fixed arrays rather than collected vectors: a move list's whole load is a few
        // hundred nanoseconds, and two allocations were a tenth of it.
        let mut fields = [""; 6];
        let mut count = 0;
        for field in fen.split_whitespace() {
            if let Some(slot) = fields.get_mut(count) {
                *slot = field;
            }
            count += 1;
        }
        if count == 0 {
            return Err(FenError::Empty);
        }
        if count > 6 {
            return Err(FenError::TooManyFields(count));
        }
        let fields = &fields[..count];
        let mut pos = Position::empty();
        let ranks = fields[0].bytes().filter(|&b| b == b'/').count() + 1;
        if ranks != 10 {
            return Err(FenError::WrongRankCount(ranks));
        }
        // Read byte by byte: every character the board may hold is ASCII, and a
        // `chars()` walk over `split` pieces was a third of reading the FEN.
        let board = fields[0];
        let mut rank: u8 = 9;
        let mut file: u8 = 0;
        for (at, byte) in board.bytes().enumerate() {
            match byte {
                b'/' => {
                    if file < 9 {
                        return Err(FenError::TooFewFiles { rank, files: file });
                    }
                    // Ten ranks were counted above, so this stops at rank 0.
                    rank = rank.saturating_sub(1);
                    file = 0;
                }
                b'1'..=b'9' => {
                    file += byte - b'0';
                    if file > 9 {
                        return Err(FenError::TooManyFiles { rank });
                    }
                }
                _ => {
                    // A byte that is not ASCII starts a character here: every byte
                    // before it was ASCII.
                    let ch = board
                        .get(at..)
                        .and_then(|rest| rest.chars().next())
                        .unwrap_or(char::REPLACEMENT_CHARACTER);
                    let Some(piece) = Piece::from_fen_char(ch) else {
                        return Err(FenError::BadCharacter { rank, ch });
                    };
                    if file >= 9 {
                        return Err(FenError::TooManyFiles { rank });
                    }
                    pos.put(sq(file, rank), piece);
                    file += 1;
                }
            }
        }
        if file < 9 {
            return Err(FenError::TooFewFiles { rank, files: file });
        }
        if let Some(side) = fields.get(1) {
            pos.side = match side.as_bytes() {
                [b'w' | b'W' | b'r' | b'R'] => Side::White,
                [b'b' | b'B'] => Side::Black,
                _ => return Err(FenError::BadSide((*side).to_string())),
            };
        }
        if pos.side == Side::Black {
            pos.zobrist ^= ZOBRIST_BLACK_TO_MOVE;
        }
        // Fields 3 and 4 (castling, en passant) are accepted and ignored.
        if let Some(clock) = fields.get(4) {
            pos.halfmove_clock = clock
                .parse()
                .map_err(|_| FenError::BadHalfmoveClock((*clock).to_string()))?;
        }
        if let Some(number) = fields.get(5) {
            let n: u32 = number
                .parse()
                .map_err(|_| FenError::BadFullmoveNumber((*number).to_string()))?;
            pos.fullmove_number = match (n, strictness) {
                (0, Strictness::Strict) => {
                    return Err(FenError::BadFullmoveNumber((*number).to_string()));
                }
                (0, Strictness::Lenient) => 1,
                (n, _) => n,
            };
        }
        pos.check_placement(strictness)?;
        Ok(pos)
    }

    fn check_placement(&self, strictness: Strictness) -> Result<(), FenError> {
        for side in [Side::White, Side::Black] {
            let s = side_index(side);
            let generals = self.pieces(side, PieceKind::General);
            match generals.count_ones() {
                0 => return Err(FenError::NoGeneral(side)),
                1 => {}
                _ => return Err(FenError::MoreThanOneGeneral(side)),
            }
            if generals & !PALACE[s] != 0 {
                return Err(FenError::GeneralOutsidePalace(side, self.general(side)));
            }
            let count = self.by_side[s].count_ones();
            if count > 16 {
                return Err(FenError::TooManyPieces { side, count });
            }
        }
        if strictness == Strictness::Strict {
            for side in [Side::White, Side::Black] {
                self.check_strict_placement(side)?;
            }
        }
        let red = self.general(Side::White);
        let black = self.general(Side::Black);
        if red.file() == black.file() && between(red.index(), black.index()) & self.occupied() == 0
        {
            return Err(FenError::GeneralsFacing {
                file: char::from(b'a' + red.file()),
            });
        }
        let waiting = self.side.opponent();
        if self.attackers_of_general(waiting, self.occupied()) != 0 {
            return Err(FenError::SideNotToMoveInCheck(waiting));
        }
        Ok(())
    }

    fn check_strict_placement(&self, side: Side) -> Result<(), FenError> {
        let s = side_index(side);
        for (kind, max) in [
            (PieceKind::Advisor, 2),
            (PieceKind::Elephant, 2),
            (PieceKind::Horse, 2),
            (PieceKind::Chariot, 2),
            (PieceKind::Cannon, 2),
            (PieceKind::Soldier, 5),
        ] {
            let count = self.pieces(side, kind).count_ones();
            if count > max {
                return Err(FenError::TooManyOfKind {
                    side,
                    kind,
                    count,
                    max,
                });
            }
        }
        let advisor_points = PALACE[s] & advisor_points_mask();
        if let Some(i) = Bits(self.pieces(side, PieceKind::Advisor) & !advisor_points).next() {
            return Err(FenError::AdvisorOffPoints(side, square(i)));
        }
        let elephant_points = elephant_points_mask(s);
        if let Some(i) = Bits(self.pieces(side, PieceKind::Elephant) & !elephant_points).next() {
            return Err(FenError::ElephantOffPoints(side, square(i)));
        }
        for i in Bits(self.pieces(side, PieceKind::Soldier)) {
            let sq = square(i);
            let (start_rank, crossed) = match side {
                Side::White => (3, sq.rank() >= 5),
                Side::Black => (6, sq.rank() <= 4),
            };
            let behind = match side {
                Side::White => sq.rank() < start_rank,
                Side::Black => sq.rank() > start_rank,
            };
            if behind {
                return Err(FenError::SoldierBehindStartRank(side, sq));
            }
            if !crossed && sq.file() % 2 == 1 {
                return Err(FenError::SoldierOffStartFiles(side, sq));
            }
        }
        Ok(())
    }

    /// Canonical FEN: `K A B N R C P` letters, `w`/`b`, `- -`, both clocks.
    #[must_use]
    pub fn to_fen(&self) -> String {
        let mut out = String::with_capacity(90);
        for rank in (0..10u8).rev() {
            let mut empty = 0;
            for file in 0..9u8 {
                match self.piece_at(sq(file, rank)) {
                    Some(p) => {
                        if empty > 0 {
                            out.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        out.push(p.fen_char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                out.push('/');
            }
        }
        let side = match self.side {
            Side::White => 'w',
            Side::Black => 'b',
        };
        out.push(' ');
        out.push(side);
        out.push_str(" - - ");
        push_decimal(&mut out, self.halfmove_clock);
        out.push(' ');
        push_decimal(&mut out, self.fullmove_number);
        out
    }
}

/// d0 f0 e1 d2 f2 and their mirrors: the advisor points of both palaces.
fn advisor_points_mask() -> u128 {
    let mut m = 0;
    for (f, r) in [(3, 0), (5, 0), (4, 1), (3, 2), (5, 2)] {
        m |= sq(f, r).bit() | sq(f, 9 - r).bit();
    }
    m
}

/// The seven elephant points of one side.
fn elephant_points_mask(side: usize) -> u128 {
    let mut m = 0;
    for (f, r) in [(2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4)] {
        m |= if side == 0 {
            sq(f, r).bit()
        } else {
            sq(f, 9 - r).bit()
        };
    }
    m & HALF[side]
}

/// Appends `n` in decimal.
fn push_decimal(out: &mut String, n: u32) {
    out.push_str(crate::types::decimal(n, &mut [0; 10]));
}
