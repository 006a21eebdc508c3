//! Whether a move gives check, answered from the position before it.

use shakmaty::{Bitboard, Chess, Move, Piece, Position, Role, attacks};

/// Tells whether moves of one position give check, from what the position aims at the
/// opponent's king, computed once for a whole move list. Per move, an ordinary move is
/// two lookups: does its piece land where that kind of piece attacks the king, and does
/// it leave the line of one of its own sliders that it alone blocked. The other moves go
/// to the board test of [`gives_check`].
///
/// The squares are those of the position before the move. A piece that leaves a line to
/// the king cannot open that line for itself: it would have been giving check already,
/// and the side not to move is never in check. A promotion, which can (the promoted
/// piece looks through the square the pawn left), en passant, which empties a third
/// square, and castling go to [`gives_check`].
pub(super) struct CheckTest {
    king: Option<shakmaty::Square>,
    /// Where each role of the side to move attacks the king from, indexed by `Role`.
    check_squares: [Bitboard; 7],
    /// Pieces of the side to move that alone stand between the king and one of their
    /// own sliders.
    pub(super) discoverers: Bitboard,
}

impl CheckTest {
    pub(super) fn new(pos: &Chess) -> CheckTest {
        let board = pos.board();
        let us = pos.turn();
        let Some(king) = board.king_of(!us) else {
            return CheckTest {
                king: None,
                check_squares: [Bitboard::EMPTY; 7],
                discoverers: Bitboard::EMPTY,
            };
        };
        let occupied = board.occupied();
        let rook = attacks::rook_attacks(king, occupied);
        let bishop = attacks::bishop_attacks(king, occupied);
        let mut check_squares = [Bitboard::EMPTY; 7];
        check_squares[Role::Pawn as usize] = attacks::pawn_attacks(!us, king);
        check_squares[Role::Knight as usize] = attacks::knight_attacks(king);
        check_squares[Role::Bishop as usize] = bishop;
        check_squares[Role::Rook as usize] = rook;
        check_squares[Role::Queen as usize] = rook | bishop;
        let ours = board.by_color(us);
        let snipers = ((attacks::rook_attacks(king, Bitboard::EMPTY) & board.rooks_and_queens())
            | (attacks::bishop_attacks(king, Bitboard::EMPTY) & board.bishops_and_queens()))
            & ours;
        let mut discoverers = Bitboard::EMPTY;
        for sniper in snipers {
            let between = attacks::between(king, sniper) & occupied;
            if !between.more_than_one() {
                discoverers |= between & ours;
            }
        }
        CheckTest {
            king: Some(king),
            check_squares,
            discoverers,
        }
    }

    /// Whether the legal move `m` of `pos` (the position this test was made for) leaves
    /// the opponent in check. Inlined into the move describer, per move.
    #[inline]
    pub(super) fn gives_check(&self, pos: &Chess, m: Move) -> bool {
        let Some(king) = self.king else {
            return false;
        };
        match m {
            Move::Normal {
                role,
                from,
                to,
                promotion: None,
                ..
            } => {
                self.check_squares[role as usize].contains(to)
                    || (self.discoverers.contains(from) && !attacks::aligned(from, to, king))
            }
            _ => gives_check(pos, m),
        }
    }
}

/// Whether the legal move `m` leaves the opponent in check, read from the
/// board as it would be rather than by playing the move on a copy. [`CheckTest`]
/// answers ordinary moves with less; this takes the others.
pub(super) fn gives_check(pos: &Chess, m: Move) -> bool {
    let board = pos.board();
    let us = pos.turn();
    let Some(king) = board.king_of(!us) else {
        return false;
    };
    let (from, to) = match m {
        Move::Normal { from, to, .. } | Move::EnPassant { from, to } => (from, to),
        // The rook's new square and the king's path make castling the one
        // move whose check is simplest to see on the played position.
        Move::Castle { .. } | Move::Put { .. } => {
            return played(pos, m).is_check();
        }
    };
    let mut occupied = (board.occupied() ^ Bitboard::from(from)) | Bitboard::from(to);
    if let Move::EnPassant { .. } = m {
        occupied ^= Bitboard::from(shakmaty::Square::from_coords(to.file(), from.rank()));
    }
    let arriving = Piece {
        color: us,
        role: m.promotion().unwrap_or(m.role()),
    };
    let direct = shakmaty::attacks::attacks(to, arriving, occupied).contains(king);
    // Every other piece of ours stands where it stood; only the lines
    // through the squares the move emptied or filled have changed.
    let discovered = (board.attacks_to(king, us, occupied) & !Bitboard::from(from)).any();
    direct || discovered
}

/// The position after the legal move `m`.
pub(super) fn played(pos: &Chess, m: Move) -> Chess {
    let mut after = pos.clone();
    after.play_unchecked(m);
    after
}
