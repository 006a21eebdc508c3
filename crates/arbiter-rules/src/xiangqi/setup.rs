//! The raw stage of a position: a [`Setup`] holds whatever a FEN (or an XQF
//! board, or a caller) says, judged by nothing; [`Position::from_setup`] is
//! the one gate into a [`Position`], making the checks of spec 3.3 under a
//! [`Strictness`]. Everything else can then rely on a legal position: one
//! general per side, in its palace, the side not to move out of check.

use super::attacks::{Bits, HALF, PALACE, ZOBRIST_BLACK_TO_MOVE, ZOBRIST_PIECES, between};
use super::position::Position;
use super::position_error::PositionError;
use super::types::{Piece, SQUARES, Square, side_index, sq, square};
use crate::{PieceKind, Side, Strictness};

/// Where the pieces stand, and nothing else: any number of pieces of either
/// side on any points. Only xiangqi's seven kinds have a place on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    /// Piece code per point (0 = empty), see `Piece::code`.
    pub(super) mailbox: [u8; SQUARES],
    pub(super) by_side: [u128; 2],
    pub(super) by_kind: [u128; 7],
    /// The placement's part of the zobrist hash (the side to move is the position's).
    pub(super) zobrist: u64,
}

/// A piece of a chess kind, refused by a xiangqi [`Board`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("a {} is a chess piece, with no place on a xiangqi board", .0.kind.name())]
pub struct NotXiangqi(pub Piece);

impl Board {
    /// A board with no piece on it.
    #[must_use]
    pub const fn empty() -> Board {
        Board {
            mailbox: [0; SQUARES],
            by_side: [0; 2],
            by_kind: [0; 7],
            zobrist: 0,
        }
    }

    /// The pieces of the standard start position.
    #[must_use]
    pub fn startpos() -> Board {
        let mut board = Board::empty();
        let back = [
            PieceKind::Chariot,
            PieceKind::Horse,
            PieceKind::Elephant,
            PieceKind::Advisor,
            PieceKind::General,
            PieceKind::Advisor,
            PieceKind::Elephant,
            PieceKind::Horse,
            PieceKind::Chariot,
        ];
        for (file, kind) in (0u8..).zip(back) {
            board.put(sq(file, 0), Piece::new(Side::White, kind));
            board.put(sq(file, 9), Piece::new(Side::Black, kind));
        }
        for file in [1, 7] {
            board.put(sq(file, 2), Piece::new(Side::White, PieceKind::Cannon));
            board.put(sq(file, 7), Piece::new(Side::Black, PieceKind::Cannon));
        }
        for file in [0, 2, 4, 6, 8] {
            board.put(sq(file, 3), Piece::new(Side::White, PieceKind::Soldier));
            board.put(sq(file, 6), Piece::new(Side::Black, PieceKind::Soldier));
        }
        board
    }

    /// The piece on `square`, if any.
    #[must_use]
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        Piece::from_code(self.mailbox[square.index()])
    }

    /// Puts `piece` on `square` and returns what stood there. A chess kind
    /// (not in [`PieceKind::XIANGQI`]) is refused and the board left as it was.
    pub fn set_piece_at(
        &mut self,
        square: Square,
        piece: Piece,
    ) -> Result<Option<Piece>, NotXiangqi> {
        if !PieceKind::XIANGQI.contains(&piece.kind) {
            return Err(NotXiangqi(piece));
        }
        let replaced = self.remove_piece_at(square);
        self.put(square, piece);
        Ok(replaced)
    }

    /// Takes the piece off `square`, if there is one.
    pub fn remove_piece_at(&mut self, square: Square) -> Option<Piece> {
        let i = square.index();
        let code = self.mailbox[i];
        let piece = Piece::from_code(code)?;
        self.mailbox[i] = 0;
        self.by_side[side_index(piece.side)] &= !square.bit();
        self.by_kind[piece.kind as usize] &= !square.bit();
        self.zobrist ^= ZOBRIST_PIECES[code as usize][i];
        Some(piece)
    }

    /// Every piece with its point, lowest point (a0) first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Bits(self.by_side[0] | self.by_side[1])
            .filter_map(|i| Some((square(i), Piece::from_code(self.mailbox[i])?)))
    }

    /// Puts a xiangqi piece on an empty point: the FEN reader's and the
    /// start position's placement, which know both.
    pub(super) fn put(&mut self, square: Square, piece: Piece) {
        let i = square.index();
        self.mailbox[i] = piece.code();
        self.by_side[side_index(piece.side)] |= square.bit();
        self.by_kind[piece.kind as usize] |= square.bit();
        self.zobrist ^= ZOBRIST_PIECES[piece.code() as usize][i];
    }
}

impl Default for Board {
    /// The start position's pieces.
    fn default() -> Self {
        Board::startpos()
    }
}

/// A xiangqi position as given, not yet judged: the pieces, the side to
/// move and the clocks, as a FEN states them ([`Setup::from_fen`]). A
/// [`Position`] is made from it by [`Position::from_setup`], which refuses
/// what cannot be played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// Where the pieces stand.
    pub board: Board,
    /// The side to move (`Side::White` is Red).
    pub side_to_move: Side,
    /// Plies since the last capture, as the move limit counts them.
    pub halfmove_clock: u32,
    /// The move number, from 1 (a strict [`Position::from_setup`] refuses 0;
    /// a lenient one reads it as 1).
    pub fullmove_number: u32,
}

impl Setup {
    /// The standard start position, Red to move.
    #[must_use]
    pub fn startpos() -> Setup {
        Setup {
            board: Board::startpos(),
            side_to_move: Side::White,
            halfmove_clock: 0,
            fullmove_number: 1,
        }
    }
}

impl Default for Setup {
    /// The start position.
    fn default() -> Self {
        Setup::startpos()
    }
}

impl Position {
    /// The standard start position.
    #[must_use]
    pub fn startpos() -> Position {
        let Setup {
            board,
            side_to_move,
            halfmove_clock,
            fullmove_number,
        } = Setup::startpos();
        // The start position is legal: no need to judge it.
        Position {
            mailbox: board.mailbox,
            by_side: board.by_side,
            by_kind: board.by_kind,
            side: side_to_move,
            halfmove_clock,
            fullmove_number,
            zobrist: board.zobrist,
        }
    }

    /// The position `setup` describes, if it is one xiangqi can be played
    /// from (spec 3.3). Always refused: a side without exactly one general,
    /// a general outside its palace, more than 16 pieces a side, the side not
    /// to move in check (the generals facing each other included). Refused
    /// when `Strict` only: more pieces of a kind than a set holds, advisors,
    /// elephants or soldiers on points they can never reach, a full-move
    /// number of 0 (read as 1 when `Lenient`).
    pub fn from_setup(setup: Setup, strictness: Strictness) -> Result<Position, PositionError> {
        let Setup {
            board,
            side_to_move,
            halfmove_clock,
            fullmove_number,
        } = setup;
        let fullmove_number = match (fullmove_number, strictness) {
            (0, Strictness::Strict) => return Err(PositionError::FullmoveNumberZero),
            (0, Strictness::Lenient) => 1,
            (n, _) => n,
        };
        let position = Position {
            mailbox: board.mailbox,
            by_side: board.by_side,
            by_kind: board.by_kind,
            side: side_to_move,
            halfmove_clock,
            fullmove_number,
            zobrist: match side_to_move {
                Side::White => board.zobrist,
                Side::Black => board.zobrist ^ ZOBRIST_BLACK_TO_MOVE,
            },
        };
        position.check_placement(strictness)?;
        Ok(position)
    }

    /// The position as a [`Setup`]: what its FEN says.
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: Board {
                mailbox: self.mailbox,
                by_side: self.by_side,
                by_kind: self.by_kind,
                zobrist: match self.side {
                    Side::White => self.zobrist,
                    Side::Black => self.zobrist ^ ZOBRIST_BLACK_TO_MOVE,
                },
            },
            side_to_move: self.side,
            halfmove_clock: self.halfmove_clock,
            fullmove_number: self.fullmove_number,
        }
    }

    fn check_placement(&self, strictness: Strictness) -> Result<(), PositionError> {
        for side in [Side::White, Side::Black] {
            let s = side_index(side);
            let generals = self.pieces(side, PieceKind::General);
            match generals.count_ones() {
                0 => return Err(PositionError::NoGeneral(side)),
                1 => {}
                _ => return Err(PositionError::MoreThanOneGeneral(side)),
            }
            if generals & !PALACE[s] != 0 {
                return Err(PositionError::GeneralOutsidePalace(
                    side,
                    self.general(side),
                ));
            }
            let count = self.by_side[s].count_ones();
            if count > 16 {
                return Err(PositionError::TooManyPieces { side, count });
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
            return Err(PositionError::GeneralsFacing {
                file: char::from(b'a' + red.file()),
            });
        }
        let waiting = self.side.opponent();
        if self.attackers_of_general(waiting, self.occupied()) != 0 {
            return Err(PositionError::SideNotToMoveInCheck(waiting));
        }
        Ok(())
    }

    fn check_strict_placement(&self, side: Side) -> Result<(), PositionError> {
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
                return Err(PositionError::TooManyOfKind {
                    side,
                    kind,
                    count,
                    max,
                });
            }
        }
        let advisor_points = PALACE[s] & advisor_points_mask();
        if let Some(i) = Bits(self.pieces(side, PieceKind::Advisor) & !advisor_points).next() {
            return Err(PositionError::AdvisorOffPoints(side, square(i)));
        }
        let elephant_points = elephant_points_mask(s);
        if let Some(i) = Bits(self.pieces(side, PieceKind::Elephant) & !elephant_points).next() {
            return Err(PositionError::ElephantOffPoints(side, square(i)));
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
                return Err(PositionError::SoldierBehindStartRank(side, sq));
            }
            if !crossed && sq.file() % 2 == 1 {
                return Err(PositionError::SoldierOffStartFiles(side, sq));
            }
        }
        Ok(())
    }
}

/// d0 f0 e1 d2 f2 and their mirrors: the advisor points of both palaces.
pub(super) fn advisor_points_mask() -> u128 {
    let mut m = 0;
    for (f, r) in [(3, 0), (5, 0), (4, 1), (3, 2), (5, 2)] {
        m |= sq(f, r).bit() | sq(f, 9 - r).bit();
    }
    m
}

/// The seven elephant points of one side.
pub(super) fn elephant_points_mask(side: usize) -> u128 {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_setup_is_the_start_position() {
        let pos = Position::from_setup(Setup::startpos(), Strictness::Strict).unwrap();
        assert_eq!(pos, Position::startpos());
        assert_eq!(pos.zobrist(), pos.zobrist_from_scratch());
        assert_eq!(pos.to_setup(), Setup::startpos());
    }

    #[test]
    fn a_board_is_edited_piece_by_piece() {
        let e0 = Square::new(4, 0).unwrap();
        let mut board = Board::startpos();
        let general = Piece::new(Side::White, PieceKind::General);
        assert_eq!(board.remove_piece_at(e0), Some(general));
        assert_eq!(board.piece_at(e0), None);
        let chariot = Piece::new(Side::White, PieceKind::Chariot);
        assert_eq!(board.set_piece_at(e0, chariot), Ok(None));
        assert_eq!(board.set_piece_at(e0, general), Ok(Some(chariot)));
        assert_eq!(board, Board::startpos());
        let queen = Piece::new(Side::White, PieceKind::Queen);
        assert_eq!(board.set_piece_at(e0, queen), Err(NotXiangqi(queen)));
        assert_eq!(board.pieces().count(), 32);
    }

    #[test]
    fn the_setup_is_judged_under_the_strictness() {
        let mut setup = Setup::startpos();
        setup.fullmove_number = 0;
        assert_eq!(
            Position::from_setup(setup.clone(), Strictness::Strict),
            Err(PositionError::FullmoveNumberZero)
        );
        let lenient = Position::from_setup(setup, Strictness::Lenient).unwrap();
        assert_eq!(lenient.fullmove_number(), 1);

        let mut setup = Setup::startpos();
        let e0 = Square::new(4, 0).unwrap();
        setup.board.remove_piece_at(e0);
        assert_eq!(
            Position::from_setup(setup, Strictness::Lenient),
            Err(PositionError::NoGeneral(Side::White))
        );
    }
}
