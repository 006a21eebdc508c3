//! The validated position: placement, side to move, clocks and an incremental zobrist hash.

use super::attacks::{
    ADVISOR_STEPS, Bits, GENERAL_STEPS, LINES, SOLDIER_ATTACKERS, SOLDIER_STEPS,
    ZOBRIST_BLACK_TO_MOVE, ZOBRIST_PIECES, cannon_captures, chariot_attacks, elephant_attacks,
    horse_attackers, horse_attacks,
};
use super::types::{Move, Piece, SQUARES, Square, side_index, square};
use crate::PieceKind;
use crate::Side;

/// A legal xiangqi position. Fields are private to the board's files (this one,
/// `setup.rs` and `check.rs`): every `Position` passed [`Position::from_setup`]
/// (or was reached by legal moves from one), so movegen can rely on exactly one general
/// per side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    /// Piece code per point (0 = empty), see `Piece::code`.
    pub(super) mailbox: [u8; SQUARES],
    pub(super) by_side: [u128; 2],
    pub(super) by_kind: [u128; 7],
    pub(super) side: Side,
    pub(super) halfmove_clock: u32,
    pub(super) fullmove_number: u32,
    pub(super) zobrist: u64,
}

/// A set of points, returned by the attack queries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SquareSet(pub u128);

impl SquareSet {
    /// Whether `sq` is in the set.
    #[must_use]
    pub fn contains(self, sq: Square) -> bool {
        self.0 & sq.bit() != 0
    }
    /// Whether the set has no point.
    #[must_use]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// Points in the set.
    #[must_use]
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }
    /// The points, lowest index first.
    pub fn iter(self) -> impl Iterator<Item = Square> {
        Bits(self.0).map(|i| Square::from_index_unchecked(i as u32))
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::startpos()
    }
}

impl Position {
    /// The side to move (`Side::White` is Red).
    #[must_use]
    pub fn side_to_move(&self) -> Side {
        self.side
    }

    /// The piece on `sq`, if any.
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Piece::from_code(self.mailbox[sq.index()])
    }

    /// Hash of placement and side to move (clocks excluded), maintained incrementally.
    #[must_use]
    pub fn zobrist(&self) -> u64 {
        self.zobrist
    }

    /// [`Self::zobrist`] after the quiet move `m` (its target empty), without
    /// playing it: listing moves asks this of every quiet move to find the
    /// ones that would repeat a position.
    #[must_use]
    pub fn zobrist_after_quiet(&self, m: Move) -> u64 {
        let code = self.mailbox[m.from.index()] as usize;
        self.zobrist
            ^ ZOBRIST_PIECES[code][m.from.index()]
            ^ ZOBRIST_PIECES[code][m.to.index()]
            ^ ZOBRIST_BLACK_TO_MOVE
    }

    /// Plies since the last capture (soldier moves do not reset it).
    #[must_use]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// Starts at 1 and increases after each Black move.
    #[must_use]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// Where `side`'s general stands.
    #[must_use]
    pub fn general(&self, side: Side) -> Square {
        square(self.pieces(side, PieceKind::General).trailing_zeros() as usize)
    }

    /// All points holding a piece of `side`.
    #[must_use]
    pub fn side_pieces(&self, side: Side) -> SquareSet {
        SquareSet(self.by_side[side_index(side)])
    }

    /// All points holding a piece of this side and kind.
    #[must_use]
    pub fn pieces_of(&self, piece: Piece) -> SquareSet {
        SquareSet(self.pieces(piece.side, piece.kind))
    }

    /// All occupied points.
    #[must_use]
    pub fn occupied_set(&self) -> SquareSet {
        SquareSet(self.occupied())
    }

    /// The points holding `side`'s pieces of `kind`, as raw bits (bit
    /// `rank * 9 + file`): the form an evaluator scans fastest.
    #[must_use]
    pub fn pieces(&self, side: Side, kind: PieceKind) -> u128 {
        self.by_side[side_index(side)] & self.by_kind[kind as usize]
    }

    /// All occupied points, as raw bits (bit `rank * 9 + file`).
    #[must_use]
    pub fn occupied(&self) -> u128 {
        self.by_side[0] | self.by_side[1]
    }

    /// The points holding `side`'s pieces, as raw bits (bit `rank * 9 + file`).
    #[must_use]
    pub fn side_bits(&self, side: Side) -> u128 {
        self.by_side[side_index(side)]
    }

    pub(crate) fn kind_bits(&self, kind: PieceKind) -> u128 {
        self.by_kind[kind as usize]
    }

    /// The points the piece on `from` attacks (could capture on if an enemy stood there),
    /// with the current occupancy. Empty if `from` is empty. The general's flying attack
    /// along an open file is included.
    #[must_use]
    pub fn attacks_from(&self, from: Square) -> SquareSet {
        match self.piece_at(from) {
            Some(piece) => SquareSet(self.attacks_of(piece, from.index(), self.occupied())),
            None => SquareSet(0),
        }
    }

    /// The points `piece` would attack from `from` with the current
    /// occupancy, as [`Self::attacks_from`] answers for the piece standing
    /// there: for a caller that already knows the piece (an evaluation
    /// walking each kind's bits), without reading it off the board.
    #[must_use]
    #[inline]
    pub fn attacks_of_piece(&self, piece: Piece, from: Square) -> SquareSet {
        SquareSet(self.attacks_of(piece, from.index(), self.occupied()))
    }

    #[inline]
    pub(crate) fn attacks_of(&self, piece: Piece, from: usize, occ: u128) -> u128 {
        let s = side_index(piece.side);
        match piece.kind {
            PieceKind::General => {
                let enemy_general = self.pieces(piece.side.opponent(), PieceKind::General);
                GENERAL_STEPS[s][from] | (chariot_attacks(from, occ) & enemy_general)
            }
            PieceKind::Advisor => ADVISOR_STEPS[s][from],
            PieceKind::Elephant => elephant_attacks(s, from, occ),
            PieceKind::Horse => horse_attacks(from, occ),
            PieceKind::Chariot => chariot_attacks(from, occ),
            PieceKind::Cannon => cannon_captures(from, occ),
            PieceKind::Soldier => SOLDIER_STEPS[s][from],
            // Chess kinds never stand on a xiangqi board.
            PieceKind::Pawn
            | PieceKind::Knight
            | PieceKind::Bishop
            | PieceKind::Rook
            | PieceKind::Queen
            | PieceKind::King => 0,
        }
    }

    /// Pieces of `by` attacking `target` with the current occupancy: every kind, the
    /// general's flying attack included.
    #[must_use]
    pub fn attackers_to(&self, target: Square, by: Side) -> SquareSet {
        SquareSet(self.attackers_with(target.index(), by, self.occupied(), self.side_bits(by)))
    }

    /// Attackers of `by` among `their` pieces to `target` under occupancy `occ`.
    /// Static exchange evaluation calls it with pieces taken off one by one: a removed
    /// piece can unblock a chariot or a horse's leg, and give a cannon its screen or
    /// take it away.
    #[must_use]
    pub fn attackers_with(&self, target: usize, by: Side, occ: u128, their: u128) -> u128 {
        let b = side_index(by);
        let t = 1u128 << target;
        let mut att = (chariot_attacks(target, occ)
            & (self.by_kind[PieceKind::Chariot as usize]
                | self.by_kind[PieceKind::General as usize]))
            | (cannon_captures(target, occ) & self.by_kind[PieceKind::Cannon as usize])
            | (horse_attackers(target, occ) & self.by_kind[PieceKind::Horse as usize])
            | (SOLDIER_ATTACKERS[b][target] & self.by_kind[PieceKind::Soldier as usize]);
        // The general steps one point inside its palace and flies only along a file;
        // advisors and elephants only reach points of their own palace or half.
        for i in Bits(their & self.by_kind[PieceKind::General as usize]) {
            let flies = i % 9 == target % 9 && self.by_kind[PieceKind::General as usize] & t != 0;
            if !flies && GENERAL_STEPS[b][i] & t == 0 {
                att &= !(1u128 << i);
            }
        }
        for i in Bits(their & self.by_kind[PieceKind::Advisor as usize]) {
            if ADVISOR_STEPS[b][i] & t != 0 {
                att |= 1u128 << i;
            }
        }
        for i in Bits(their & self.by_kind[PieceKind::Elephant as usize]) {
            if elephant_attacks(b, i, occ) & t != 0 {
                att |= 1u128 << i;
            }
        }
        att & their
    }

    /// Pieces of the side opposing `side` that attack `side`'s general under `occ`.
    /// Only chariots, cannons, horses, soldiers and the flying general can ever reach a
    /// general, which keeps this cheaper than `attackers_with`.
    pub(crate) fn attackers_of_general(&self, side: Side, occ: u128) -> u128 {
        let them = side.opponent();
        let k = self.pieces(side, PieceKind::General).trailing_zeros() as usize;
        self.general_attackers(k, them, occ, self.side_bits(them))
    }

    /// Attackers among `their` (pieces of `them`) on a general standing on `k`.
    /// The lines are traced only where a chariot, general or cannon of
    /// `their` stands on the general's rank or file: tracing them is most of
    /// the cost, and most positions have none there.
    #[inline]
    pub(crate) fn general_attackers(&self, k: usize, them: Side, occ: u128, their: u128) -> u128 {
        let on_lines = their & LINES[k];
        let riders = on_lines
            & (self.by_kind[PieceKind::Chariot as usize]
                | self.by_kind[PieceKind::General as usize]);
        let cannons = on_lines & self.by_kind[PieceKind::Cannon as usize];
        let mut attackers = ((horse_attackers(k, occ) & self.by_kind[PieceKind::Horse as usize])
            | (SOLDIER_ATTACKERS[side_index(them)][k] & self.by_kind[PieceKind::Soldier as usize]))
            & their;
        if riders != 0 {
            attackers |= chariot_attacks(k, occ) & riders;
        }
        if cannons != 0 {
            attackers |= cannon_captures(k, occ) & cannons;
        }
        attackers
    }

    /// The position with the turn passed (for null-move pruning), or `None` when the side to
    /// move is in check, since passing would let its general be captured.
    #[must_use]
    pub fn null_move(&self) -> Option<Position> {
        if self.in_check() {
            return None;
        }
        let mut next = self.clone();
        next.zobrist ^= ZOBRIST_BLACK_TO_MOVE;
        if next.side == Side::Black {
            next.fullmove_number = next.fullmove_number.saturating_add(1);
        }
        next.halfmove_clock = next.halfmove_clock.saturating_add(1);
        next.side = next.side.opponent();
        Some(next)
    }

    /// Plays `m`, which must be legal in this position (from `legal_moves`, `validate` or a
    /// notation parser); legality is not re-checked, to keep search and perft fast. Returns
    /// the captured piece. As a cheap guard that keeps one general per side, a move that
    /// does not start on a piece of the side to move, or lands on an own piece or a
    /// general, is ignored.
    pub fn play(&mut self, m: Move) -> Option<Piece> {
        let from = m.from.index();
        let to = m.to.index();
        let code = self.mailbox[from];
        let piece = Piece::from_code(code).filter(|p| p.side == self.side)?;
        let captured_code = self.mailbox[to];
        let captured = Piece::from_code(captured_code);
        if captured.is_some_and(|c| c.side == self.side || c.kind == PieceKind::General) {
            return None;
        }
        let from_bb = 1u128 << from;
        let to_bb = 1u128 << to;
        if let Some(victim) = captured {
            self.by_side[side_index(victim.side)] &= !to_bb;
            self.by_kind[victim.kind as usize] &= !to_bb;
            self.zobrist ^= ZOBRIST_PIECES[captured_code as usize][to];
            self.halfmove_clock = 0;
        } else {
            self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        }
        let move_bb = from_bb | to_bb;
        self.by_side[side_index(piece.side)] ^= move_bb;
        self.by_kind[piece.kind as usize] ^= move_bb;
        self.mailbox[to] = code;
        self.mailbox[from] = 0;
        self.zobrist ^= ZOBRIST_PIECES[code as usize][from] ^ ZOBRIST_PIECES[code as usize][to];
        self.zobrist ^= ZOBRIST_BLACK_TO_MOVE;
        if self.side == Side::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.side = self.side.opponent();
        captured
    }

    /// The piece on `from` moved to `to` whoever's turn it is, capturing what stands there;
    /// the side to move and the clocks are unchanged. Chase rulings use it to look at
    /// hypothetical captures and recaptures. A no-op when `from` is empty.
    pub(crate) fn relocated(&self, from: Square, to: Square) -> Position {
        let mut next = self.clone();
        let (f, t) = (from.index(), to.index());
        let code = next.mailbox[f];
        let Some(piece) = Piece::from_code(code) else {
            return next;
        };
        let to_bb = 1u128 << t;
        if let Some(victim) = Piece::from_code(next.mailbox[t]) {
            next.by_side[side_index(victim.side)] &= !to_bb;
            next.by_kind[victim.kind as usize] &= !to_bb;
            next.zobrist ^= ZOBRIST_PIECES[victim.code() as usize][t];
        }
        let move_bb = (1u128 << f) | to_bb;
        next.by_side[side_index(piece.side)] ^= move_bb;
        next.by_kind[piece.kind as usize] ^= move_bb;
        next.mailbox[t] = code;
        next.mailbox[f] = 0;
        next.zobrist ^= ZOBRIST_PIECES[code as usize][f] ^ ZOBRIST_PIECES[code as usize][t];
        next
    }

    /// Whether `side`'s general is attacked (or faces the other general), whoever is to
    /// move: after a hypothetical move of `side`, that move was illegal.
    pub(crate) fn general_exposed(&self, side: Side) -> bool {
        self.attackers_of_general(side, self.occupied()) != 0
    }

    /// Zobrist hash computed from scratch (for tests of the incremental one).
    #[must_use]
    pub fn zobrist_from_scratch(&self) -> u64 {
        let mut h = if self.side == Side::Black {
            ZOBRIST_BLACK_TO_MOVE
        } else {
            0
        };
        for (i, &code) in self.mailbox.iter().enumerate() {
            if code != 0 {
                h ^= ZOBRIST_PIECES[code as usize][i];
            }
        }
        h
    }

    /// True when neither side has a chariot, horse, cannon or soldier (spec 9, `BASIC`).
    #[must_use]
    pub fn only_defenders_left(&self) -> bool {
        let attackers = self.by_kind[PieceKind::Chariot as usize]
            | self.by_kind[PieceKind::Horse as usize]
            | self.by_kind[PieceKind::Cannon as usize]
            | self.by_kind[PieceKind::Soldier as usize];
        attackers == 0
    }
}
