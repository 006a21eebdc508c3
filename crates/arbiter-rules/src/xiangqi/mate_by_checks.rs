//! Mate by a check or a series of checks (照将或连续照将), the mate a Chinese-rules mate
//! threat (杀, CXQ 28.2) threatens: the side to move gives check, every legal reply is
//! answered by another check, and a check leaves the opponent without a legal move.
//!
//! Every move of the attacker is a check, the mating one included: the rule text asks
//! for a mate "by a check or by consecutive checks", and a quiet move that leaves the
//! opponent without a move (a stalemate, 困毙, lost like a mate) is neither. The
//! defender tries every legal reply, captures of the checking piece and counter-checks
//! included. Repetitions inside a series are not looked at: it is too short to repeat.
//!
//! The search is bounded twice, because it runs whenever a loop is ruled (and in the
//! engine's search, when a line repeats):
//! - by length: at most [`MAX_CHECKS`] checks;
//! - by work: series of one check, then two, ... are searched in turn, and a search
//!   longer than one check stops once [`NODE_BUDGET`] positions have been visited. The
//!   series of one check (mate in one) is always searched in full.
//!
//! When the budget runs out the longer series is not found: the answer is "no mate"
//! unless a shorter one was proven, so a move is classed a mate threat only on a proof.
//! The search visits moves in the order the move generator lists them, so the answer,
//! budget included, depends on the position alone.

use super::position::Position;

/// The most checks a series may have. Five checks (nine plies) leave room for the usual
/// mating combinations by checks (连将杀: two chariots taking turns, horse and cannon,
/// doubled cannons) and for the threats an arbiter can be expected to read over the
/// board, while the tree of checks and replies stays small: in 284 middlegame positions
/// from random play, a search of five checks visited at most about 2,000 positions and
/// most of them fewer than 200, inside [`NODE_BUDGET`].
pub const MAX_CHECKS: u32 = 5;

/// The positions (checks played and replies played) one question may visit beyond the
/// series of one check: about ten milliseconds at most (half a microsecond a position
/// measured), so that ruling a loop, which asks it once per move that is not a check
/// (the engine's search too, when a line repeats), stays cheap.
pub const NODE_BUDGET: u32 = 20_000;

/// Whether the side to move in `pos` mates by a series of at most [`MAX_CHECKS`] checks,
/// found within [`NODE_BUDGET`].
#[must_use]
pub fn mates_by_checks(pos: &Position) -> bool {
    shortest_mate_by_checks(pos, MAX_CHECKS, NODE_BUDGET).is_some()
}

/// The number of checks of the shortest series by which the side to move in `pos`
/// mates, searching series of 1, 2, ... `max_checks` checks in turn; `None` when there
/// is none that long, or when the budget (`budget` positions, spent by the searches
/// longer than one check) ran out before one was found.
#[must_use]
pub fn shortest_mate_by_checks(pos: &Position, max_checks: u32, budget: u32) -> Option<u32> {
    if max_checks == 0 {
        return None;
    }
    let mut whole = Search { left: u32::MAX };
    if whole.attack(pos, 1) {
        return Some(1);
    }
    let mut search = Search { left: budget };
    for checks in 2..=max_checks {
        if search.attack(pos, checks) {
            return Some(checks);
        }
        if search.left == 0 {
            return None;
        }
    }
    None
}

/// One bounded search: `left` positions may still be visited.
struct Search {
    left: u32,
}

impl Search {
    /// Counts one position visited; false once the budget is spent.
    fn visit(&mut self) -> bool {
        if self.left == 0 {
            return false;
        }
        self.left -= 1;
        true
    }

    /// Whether the side to move mates by at most `checks` checks. False when the budget
    /// ran out before a proof.
    fn attack(&mut self, pos: &Position, checks: u32) -> bool {
        let test = pos.check_test();
        for &m in pos.legal_moves().iter() {
            if !test.gives_check(pos, m) {
                continue;
            }
            if !self.visit() {
                return false;
            }
            let mut next = pos.clone();
            next.play(m);
            if self.defence_fails(&next, checks - 1) {
                return true;
            }
            if self.left == 0 {
                return false;
            }
        }
        false
    }

    /// Whether the side to move, in check, is mated: it has no legal move, or every
    /// reply is met by a mate of at most `checks` more checks.
    fn defence_fails(&mut self, pos: &Position, checks: u32) -> bool {
        if checks == 0 {
            return !pos.has_legal_move();
        }
        let replies = pos.legal_moves();
        for &r in replies.iter() {
            if !self.visit() {
                return false;
            }
            let mut next = pos.clone();
            next.play(r);
            if !self.attack(&next, checks) {
                return false;
            }
        }
        true
    }
}
