//! Legal move generation with check and pin detection.
//!
//! Before generating, one pass over the enemy pieces aligned with (or a horse jump from)
//! the own general finds:
//! - the checkers;
//! - the "pinned" own pieces whose departure could expose the general: the only piece
//!   between the general and a chariot or the enemy general, either of the two pieces
//!   between it and a cannon, or a piece on the leg of a horse aimed at it;
//! - the empty points between the general and a cannon with nothing between: a piece
//!   landing there becomes a screen and gives check to its own side.
//!
//! When not in check, a move of an unpinned piece other than the general is legal unless
//! it lands on such a point, so its targets are accepted as a whole board (and merely
//! counted at perft leaves). General moves, pinned pieces and every move when in check are
//! tested one by one against the occupancy after the move.

use std::ops::Deref;

use super::attacks::{
    ADVISOR_STEPS, ALL_SQUARES, Bits, GENERAL_STEPS, HORSE_ATTACKERS, LINES, SOLDIER_ATTACKERS,
    SOLDIER_STEPS, between, cannon_captures, chariot_attacks, elephant_attacks, horse_attacks,
};
use super::position::Position;
use super::types::{Move, Square, side_index};
use crate::PieceKind;

/// Upper bound on the legal moves of a position: 16 pieces can reach at most 17 points
/// each.
const MAX_MOVES: usize = 288;

/// A fixed-capacity list of moves, so move generation never allocates.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl std::fmt::Debug for MoveList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl MoveList {
    fn new() -> MoveList {
        let none = Square::from_index_unchecked(0);
        MoveList {
            moves: [Move::new(none, none); MAX_MOVES],
            len: 0,
        }
    }

    #[inline]
    fn push(&mut self, m: Move) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = m;
            self.len += 1;
        }
    }
}

impl Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl std::ops::DerefMut for MoveList {
    fn deref_mut(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
}

impl IntoIterator for MoveList {
    type Item = Move;
    type IntoIter = std::iter::Take<std::array::IntoIter<Move, MAX_MOVES>>;
    fn into_iter(self) -> Self::IntoIter {
        self.moves.into_iter().take(self.len)
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// Receives generated moves: collects them, counts them, or notes that there is one.
trait Sink {
    fn add(&mut self, from: usize, to: usize);
    fn add_all(&mut self, from: usize, targets: u128);
    /// Whether generation can stop: it is asked after each piece's moves.
    fn satisfied(&self) -> bool {
        false
    }
}

impl Sink for MoveList {
    #[inline]
    fn add(&mut self, from: usize, to: usize) {
        self.push(Move::new(
            Square::from_index_unchecked(from as u32),
            Square::from_index_unchecked(to as u32),
        ));
    }

    #[inline]
    fn add_all(&mut self, from: usize, targets: u128) {
        for to in Bits(targets) {
            self.add(from, to);
        }
    }
}

struct Counter(u64);

impl Sink for Counter {
    #[inline]
    fn add(&mut self, _from: usize, _to: usize) {
        self.0 += 1;
    }

    #[inline]
    fn add_all(&mut self, _from: usize, targets: u128) {
        self.0 += u64::from(targets.count_ones());
    }
}

/// Stops at the first legal move: testing a game's start for mate or stalemate needs
/// to know only whether one exists.
struct AnyMove(bool);

impl Sink for AnyMove {
    #[inline]
    fn add(&mut self, _from: usize, _to: usize) {
        self.0 = true;
    }

    #[inline]
    fn add_all(&mut self, _from: usize, targets: u128) {
        self.0 |= targets != 0;
    }

    #[inline]
    fn satisfied(&self) -> bool {
        self.0
    }
}

/// What the enemy aims at the own general, computed once per generation.
struct Threats {
    checkers: u128,
    pinned: u128,
    forbidden: u128,
}

impl Position {
    /// All legal moves of the side to move.
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut list, ALL_SQUARES);
        list
    }

    /// The legal captures of the side to move, in the order
    /// [`Position::legal_moves`] lists them: a search's quiescence needs
    /// only these, and skips generating (and testing) the quiet moves.
    #[must_use]
    pub fn legal_captures(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut list, self.side_bits(self.side_to_move().opponent()));
        list
    }

    /// The number of legal moves, without listing them (perft leaves).
    #[must_use]
    pub fn count_legal_moves(&self) -> u64 {
        let mut counter = Counter(0);
        self.generate(&mut counter, ALL_SQUARES);
        counter.0
    }

    /// Whether the side to move has at least one legal move.
    #[must_use]
    pub fn has_legal_move(&self) -> bool {
        let mut any = AnyMove(false);
        self.generate(&mut any, ALL_SQUARES);
        any.0
    }

    /// Whether `m` is a legal move here.
    #[must_use]
    pub fn is_legal(&self, m: Move) -> bool {
        self.legal_moves().contains(&m)
    }

    fn threats(&self, k: usize, own: u128, enemy: u128, occ: u128) -> Threats {
        let them = self.side_to_move().opponent();
        let mut t = Threats {
            checkers: 0,
            pinned: 0,
            forbidden: 0,
        };
        let line_pieces = enemy & LINES[k];
        let riders =
            line_pieces & (self.kind_bits(PieceKind::Chariot) | self.kind_bits(PieceKind::General));
        for s in Bits(riders) {
            let blockers = between(k, s) & occ;
            if blockers == 0 {
                t.checkers |= 1u128 << s;
            } else if blockers & (blockers - 1) == 0 {
                t.pinned |= blockers & own;
            }
        }
        for s in Bits(line_pieces & self.kind_bits(PieceKind::Cannon)) {
            let line = between(k, s);
            let blockers = line & occ;
            match blockers.count_ones() {
                0 => t.forbidden |= line,
                1 => t.checkers |= 1u128 << s,
                2 => t.pinned |= blockers & own,
                _ => {}
            }
        }
        let horses = enemy & self.kind_bits(PieceKind::Horse);
        for step in &HORSE_ATTACKERS[k] {
            let aimed = step.target & horses;
            if aimed != 0 {
                if occ & step.block == 0 {
                    t.checkers |= aimed;
                } else {
                    t.pinned |= step.block & own;
                }
            }
        }
        t.checkers |=
            SOLDIER_ATTACKERS[side_index(them)][k] & enemy & self.kind_bits(PieceKind::Soldier);
        t
    }

    /// Generates the legal moves that land on `targets`.
    fn generate<S: Sink>(&self, sink: &mut S, targets: u128) {
        let us = self.side_to_move();
        let them = us.opponent();
        let u = side_index(us);
        let own = self.side_bits(us);
        let enemy = self.side_bits(them);
        let occ = own | enemy;
        let not_own = targets & !own;
        let k = self.pieces(us, PieceKind::General).trailing_zeros() as usize;
        let threats = self.threats(k, own, enemy, occ);
        let in_check = threats.checkers != 0;

        // A move that must be checked against the position after it.
        let emit_tested = |sink: &mut S, from: usize, targets: u128| {
            for to in Bits(targets) {
                let to_bb = 1u128 << to;
                let occ_after = (occ & !(1u128 << from)) | to_bb;
                let general = if from == k { to } else { k };
                if self.general_attackers(general, them, occ_after, enemy & !to_bb) == 0 {
                    sink.add(from, to);
                }
            }
        };
        let emit = |sink: &mut S, from: usize, targets: u128| {
            if in_check || threats.pinned & (1u128 << from) != 0 {
                emit_tested(sink, from, targets);
            } else {
                sink.add_all(from, targets & !threats.forbidden);
            }
        };

        for from in Bits(own & self.kind_bits(PieceKind::Chariot)) {
            emit(sink, from, chariot_attacks(from, occ) & not_own);
            if sink.satisfied() {
                return;
            }
        }
        for from in Bits(own & self.kind_bits(PieceKind::Cannon)) {
            let moves = (chariot_attacks(from, occ) & !occ) | (cannon_captures(from, occ) & enemy);
            emit(sink, from, moves & not_own);
            if sink.satisfied() {
                return;
            }
        }
        for from in Bits(own & self.kind_bits(PieceKind::Horse)) {
            emit(sink, from, horse_attacks(from, occ) & not_own);
            if sink.satisfied() {
                return;
            }
        }
        for from in Bits(own & self.kind_bits(PieceKind::Soldier)) {
            emit(sink, from, SOLDIER_STEPS[u][from] & not_own);
            if sink.satisfied() {
                return;
            }
        }
        for from in Bits(own & self.kind_bits(PieceKind::Elephant)) {
            emit(sink, from, elephant_attacks(u, from, occ) & not_own);
            if sink.satisfied() {
                return;
            }
        }
        for from in Bits(own & self.kind_bits(PieceKind::Advisor)) {
            emit(sink, from, ADVISOR_STEPS[u][from] & not_own);
            if sink.satisfied() {
                return;
            }
        }
        emit_tested(sink, k, GENERAL_STEPS[u][k] & not_own);
    }
}

#[cfg(test)]
mod tests {
    use super::super::position::Position;
    use crate::Strictness;

    fn walk(position: &Position, depth: u32, compared: &mut usize) {
        let filtered: Vec<_> = position
            .legal_moves()
            .iter()
            .copied()
            .filter(|m| position.occupied() & (1u128 << m.to.index()) != 0)
            .collect();
        assert_eq!(
            position.legal_captures().to_vec(),
            filtered,
            "{}",
            position.to_fen()
        );
        *compared += 1;
        if depth == 0 {
            return;
        }
        for m in position.legal_moves().iter() {
            let mut child = position.clone();
            child.play(*m);
            walk(&child, depth - 1, compared);
        }
    }

    /// The captures alone, in the legal moves' order, in and out of check,
    /// with pinned pieces and cannon screens, over the perft positions' trees.
    #[test]
    fn legal_captures_are_the_legal_moves_onto_pieces_in_their_order() {
        let positions = [
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
                3,
            ),
            (
                "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
                2,
            ),
            ("4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1", 3),
            ("3aka3/9/9/9/4c4/9/9/9/9/3AK4 b - - 0 1", 4),
        ];
        let mut compared = 0;
        for (fen, depth) in positions {
            let position = Position::from_fen(fen, Strictness::Lenient).expect("a valid FEN");
            walk(&position, depth, &mut compared);
        }
        assert!(compared > 50_000, "{compared} positions compared");
    }
}
