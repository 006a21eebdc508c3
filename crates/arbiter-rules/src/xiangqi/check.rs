//! Check detection: whether a side is in check, and whether a move gives check
//! without playing it.

use super::attacks::{
    Bits, HORSE_ATTACKERS, LINES, RAYS, SOLDIER_ATTACKERS, between, first_blocker, horse_attackers,
};
use super::position::{Position, SquareSet};
use super::types::{Move, side_index};
use crate::PieceKind;

/// Tells whether moves of one position give check without playing them, from what is
/// worked out once per position.
///
/// The mover checks from its new point if the board after the move lets it reach the
/// opposing general: one line lookup for a chariot or cannon, the horse's legs, a soldier's
/// fixed steps. Every other piece of the mover's side stays where it is, so its attack on
/// the general can change only where the move empties or fills a point of that attack:
/// between the general and a chariot, cannon or general of the mover's side on its lines,
/// on the leg of a horse aimed at it, or the attacker's own point. Those points are
/// `discovery`; a move that touches none of them leaves the other pieces' attacks as they
/// were: check only if the general was attacked before the move (`already`). A move that
/// touches one, when nothing attacked the general before, is looked up on the lines through
/// the two points it touched and over the horses' legs. No position read from a FEN has
/// its side not to move in check; one a chase ruling relocates may, and then every attacker
/// is tested.
#[derive(Debug, Clone, Copy)]
pub struct CheckTest {
    general: Option<usize>,
    discovery: u128,
    already: bool,
}

impl CheckTest {
    /// Whether the legal move `m` of `pos` (the position this test was made for) leaves the
    /// opponent in check.
    #[must_use]
    pub fn gives_check(&self, pos: &Position, m: Move) -> bool {
        let Some(k) = self.general else {
            return false;
        };
        let Some(mover) = pos.piece_at(m.from) else {
            return false;
        };
        let us = pos.side;
        let (from_bb, to_bb) = (m.from.bit(), m.to.bit());
        let occ = (pos.occupied() ^ from_bb) | to_bb;
        let to = m.to.index();
        let direct = match mover.kind {
            PieceKind::Chariot | PieceKind::General => {
                LINES[k] & to_bb != 0 && between(k, to) & occ == 0
            }
            PieceKind::Cannon => LINES[k] & to_bb != 0 && (between(k, to) & occ).count_ones() == 1,
            PieceKind::Horse => horse_attackers(k, occ) & to_bb != 0,
            PieceKind::Soldier => SOLDIER_ATTACKERS[side_index(us)][k] & to_bb != 0,
            // Advisors and elephants never give check; chess kinds never stand here.
            PieceKind::Advisor | PieceKind::Elephant => false,
            PieceKind::Pawn
            | PieceKind::Knight
            | PieceKind::Bishop
            | PieceKind::Rook
            | PieceKind::Queen
            | PieceKind::King => false,
        };
        if direct {
            return true;
        }
        let touched = from_bb | to_bb;
        if touched & self.discovery == 0 {
            return self.already;
        }
        let staying = pos.side_bits(us) & !from_bb;
        if self.already {
            return pos.general_attackers(k, us, occ, staying) != 0;
        }
        // Nothing attacked the general before the move, so an attack now runs along a
        // line through a point the move emptied or filled, or over a leg it emptied.
        let riders = staying
            & (pos.by_kind[PieceKind::Chariot as usize] | pos.by_kind[PieceKind::General as usize]);
        let cannons = staying & pos.by_kind[PieceKind::Cannon as usize];
        for (dir, rays) in RAYS.iter().enumerate() {
            let ray = rays[k];
            let blockers = ray & occ;
            if ray & touched == 0 || blockers == 0 {
                continue;
            }
            let first = first_blocker(dir, blockers);
            if riders & (1u128 << first) != 0 {
                return true;
            }
            let beyond = rays[first] & occ;
            if beyond != 0 && cannons & (1u128 << first_blocker(dir, beyond)) != 0 {
                return true;
            }
        }
        horse_attackers(k, occ) & staying & pos.by_kind[PieceKind::Horse as usize] != 0
    }
}

impl Position {
    /// Whether the legal move `m` leaves the opponent in check. For many moves of one
    /// position, [`Self::check_test`] once and [`CheckTest::gives_check`] per move.
    #[must_use]
    pub fn gives_check(&self, m: Move) -> bool {
        self.check_test().gives_check(self, m)
    }

    /// What [`CheckTest::gives_check`] needs of this position, computed once per move list.
    #[must_use]
    pub fn check_test(&self) -> CheckTest {
        let us = self.side;
        let general = self.pieces(us.opponent(), PieceKind::General);
        if general == 0 {
            return CheckTest {
                general: None,
                discovery: 0,
                already: false,
            };
        }
        let k = general.trailing_zeros() as usize;
        let ours = self.side_bits(us);
        let occ = self.occupied();
        let riders = ours
            & LINES[k]
            & (self.by_kind[PieceKind::Chariot as usize]
                | self.by_kind[PieceKind::Cannon as usize]
                | self.by_kind[PieceKind::General as usize]);
        let mut discovery = riders;
        for s in Bits(riders) {
            discovery |= between(k, s);
        }
        let horses = ours & self.by_kind[PieceKind::Horse as usize];
        for step in &HORSE_ATTACKERS[k] {
            if step.target & horses != 0 {
                discovery |= step.block | (step.target & horses);
            }
        }
        discovery |=
            SOLDIER_ATTACKERS[side_index(us)][k] & ours & self.by_kind[PieceKind::Soldier as usize];
        CheckTest {
            general: Some(k),
            discovery,
            already: self.general_attackers(k, us, occ, ours) != 0,
        }
    }

    /// Whether the side to move is in check (facing generals cannot occur in a position).
    #[must_use]
    pub fn in_check(&self) -> bool {
        self.attackers_of_general(self.side, self.occupied()) != 0
    }

    /// Alias of [`Position::in_check`].
    #[must_use]
    pub fn is_check(&self) -> bool {
        self.in_check()
    }

    /// The pieces giving check to the side to move.
    #[must_use]
    pub fn checkers(&self) -> SquareSet {
        SquareSet(self.attackers_of_general(self.side, self.occupied()))
    }
}

#[cfg(test)]
mod tests {
    use super::Position;
    use crate::Strictness;

    /// The board-reading check test must agree with playing the move, on every move three
    /// plies deep from every reference position (cannon screens made and removed, horse legs
    /// freed, discovered chariot lines among them).
    #[test]
    fn gives_check_agrees_with_the_played_position() {
        let suite = include_str!("../../../../tests/data/xiangqi.epd");
        let (mut moves, mut checks) = (0, 0);
        for line in suite.lines().filter(|l| !l.trim().is_empty()) {
            let fen = line.split(';').next().unwrap_or_default().trim();
            let root = Position::from_fen(fen, Strictness::Lenient).unwrap();
            let mut frontier = vec![root];
            for _ in 0..3 {
                let mut next = Vec::new();
                for pos in &frontier {
                    for m in pos.legal_moves() {
                        let mut after = pos.clone();
                        after.play(m);
                        assert_eq!(pos.gives_check(m), after.in_check(), "{fen} {m:?}");
                        checks += usize::from(after.in_check());
                        moves += 1;
                        next.push(after);
                    }
                }
                frontier = next;
            }
        }
        assert!(moves > 100_000 && checks > 1_000, "{moves} {checks}");
    }

    /// Checks that only a piece other than the mover gives: a horse's leg freed, a chariot's
    /// line opened, a cannon's second screen taken away, a cannon's screen put in place.
    #[test]
    fn discovered_checks_are_seen() {
        for fen in [
            "4k4/3P5/3H5/9/9/9/9/9/9/3K5 w - - 0 1",
            "4k4/9/9/9/4H4/9/9/9/4R4/3K5 w - - 0 1",
            "4k4/9/9/9/4H4/9/4P4/9/4C4/3K5 w - - 0 1",
            "4k4/9/9/9/9/9/9/9/4C4/3K1H3 w - - 0 1",
        ] {
            let pos = Position::from_fen(fen, Strictness::Lenient).unwrap();
            let mut checks = 0;
            for m in pos.legal_moves() {
                let mut after = pos.clone();
                after.play(m);
                assert_eq!(pos.gives_check(m), after.in_check(), "{fen} {m:?}");
                checks += usize::from(after.in_check());
            }
            assert!(checks > 0, "{fen}");
        }
    }

    /// A position whose side not to move is in check already (no FEN gives one; a
    /// relocation can): a move keeps the check unless it takes the checking piece off its
    /// line or leg, or fills its path.
    #[test]
    fn gives_check_from_a_position_already_in_check() {
        use crate::xiangqi::Square;
        let point = |file: u32, rank: u32| Square::from_index_unchecked(rank * 9 + file);
        for (fen, from, to) in [
            (
                "4k4/9/9/9/9/9/9/9/3R5/3K5 w - - 0 1",
                point(3, 1),
                point(4, 1),
            ),
            (
                "4k4/9/9/9/4P4/9/9/9/3C5/3K5 w - - 0 1",
                point(3, 1),
                point(4, 1),
            ),
            (
                "4k4/9/9/3H5/9/9/9/9/9/3K5 w - - 0 1",
                point(3, 6),
                point(3, 7),
            ),
            (
                "3k5/9/3P5/9/9/9/9/9/9/4K4 w - - 0 1",
                point(3, 7),
                point(3, 8),
            ),
        ] {
            let pos = Position::from_fen(fen, Strictness::Lenient)
                .unwrap()
                .relocated(from, to);
            let after_moves: Vec<_> = pos
                .legal_moves()
                .iter()
                .map(|&m| (m, pos.clone()))
                .collect();
            let (mut kept, mut lifted) = (0, 0);
            for (m, mut after) in after_moves {
                after.play(m);
                assert_eq!(pos.gives_check(m), after.in_check(), "{fen} {m:?}");
                if after.in_check() {
                    kept += 1;
                } else {
                    lifted += 1;
                }
            }
            assert!(
                kept > 0 && lifted > 0,
                "{fen}: {kept} kept, {lifted} lifted"
            );
        }
    }
}
