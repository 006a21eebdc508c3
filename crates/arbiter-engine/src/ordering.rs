//! Move ordering: hash move, captures by MVV-LVA and capture history,
//! killers, the countermove, then history and continuation history.
//!
//! Alpha-beta prunes most when the best move comes first; these heuristics
//! guess it cheaply.

use super::SearchGame;
use super::params::{
    CAPTURE_HISTORY_DIVISOR, HISTORY_AGE_DIVISOR, HISTORY_BONUS_MAX, HISTORY_MAX, ORDER_CAPTURE,
    ORDER_COUNTERMOVE, ORDER_HASH_MOVE, ORDER_KILLER_FIRST, ORDER_KILLER_SECOND,
    ORDER_LOSING_CAPTURE,
};
use super::tt::NO_MOVE;

/// What the search learns about moves that outlives one search of a game:
/// a history score per quiet move, the quiet reply that last refuted each
/// move, a history score per capture key ([`SearchGame::capture_key`]) and
/// one per pair of moves ([`SearchGame::piece_to`]), the continuation
/// history. A game's next search may start from them, as from the table
/// ([`SearchMemory`](super::SearchMemory)): most of the moves that refuted
/// lines one move ago still do.
#[derive(Debug, Clone)]
pub struct Histories {
    history: Vec<i32>,
    /// MVV-LVA ranks captures by material alone, and most captures tie on
    /// it (a pawn taking a pawn, a piece taking a knight or a bishop). Which
    /// of those refutes depends on the position; this table remembers
    /// captures (by piece, square and victim) that caused cut-offs, as the
    /// quiet history does for quiet moves, to break those ties.
    capture_history: Vec<i32>,
    countermoves: Vec<u16>,
    /// The plain history scores a move whatever came before it; a move's
    /// worth often depends on the move it answers (a retreat after an
    /// attack on the piece) or the move it follows up (a rook to the file a
    /// pawn just opened). This table scores a move (piece and target) after
    /// another (piece and target, either side's: the side is part of the
    /// identity, so the opponent's last move and one's own previous move
    /// share it), indexed `[earlier][later]`.
    continuation: Vec<i16>,
    piece_to_space: usize,
}

/// The [`SearchGame::piece_to`] of no move: the root's predecessors, a null
/// move, or a game without continuation history.
pub const NO_PIECE_TO: u16 = u16::MAX;

/// The moves before a node, as the ordering tables key them.
#[derive(Debug, Clone, Copy)]
pub struct Context {
    /// The opponent's last move's code, for the countermove ([`NO_MOVE`]
    /// at the root or after a null move).
    pub previous: u16,
    /// The [`SearchGame::piece_to`] identities of the opponent's last move
    /// and of the side to move's own move before it ([`NO_PIECE_TO`] where
    /// there is none), for the continuation history.
    pub piece_to: [u16; 2],
}

impl Histories {
    /// Empty histories for move codes below `move_code_space`, capture
    /// keys below `capture_key_space` and piece-to identities below
    /// `piece_to_space`.
    #[must_use]
    pub fn new(move_code_space: usize, capture_key_space: usize, piece_to_space: usize) -> Self {
        Histories {
            history: vec![0; move_code_space],
            capture_history: vec![0; capture_key_space],
            countermoves: vec![NO_MOVE; move_code_space],
            continuation: vec![0; piece_to_space * piece_to_space],
            piece_to_space,
        }
    }

    /// The histories a new search starts from: the scores shrunk by
    /// [`HISTORY_AGE_DIVISOR`], so that they still order the first
    /// iterations' moves but weigh little against what this search learns
    /// (large scores also reduce and extend through LMR's history term).
    #[must_use]
    pub fn aged(mut self) -> Self {
        for score in self.history.iter_mut().chain(&mut self.capture_history) {
            *score /= HISTORY_AGE_DIVISOR;
        }
        for score in &mut self.continuation {
            *score /= HISTORY_AGE_DIVISOR as i16;
        }
        self
    }
}

/// Quiet moves that refuted a sibling, per ply, for one search; and the
/// [`Histories`] it started from and goes on filling.
#[derive(Debug)]
pub struct OrderingTables<M> {
    killers: Vec<[Option<M>; 2]>,
    histories: Histories,
}

/// History gravity: a bonus moves the score towards ±[`HISTORY_MAX`] by a
/// share that shrinks as the score nears it, so old results fade.
fn gravity(entry: &mut i32, bonus: i32) {
    *entry += bonus - *entry * bonus.abs() / HISTORY_MAX;
}

fn gravity_i16(entry: &mut i16, bonus: i32) {
    let mut value = i32::from(*entry);
    gravity(&mut value, bonus);
    *entry = value.clamp(-HISTORY_MAX, HISTORY_MAX) as i16;
}

fn history_bonus(depth: i32) -> i32 {
    (depth * depth).min(HISTORY_BONUS_MAX)
}

impl<M: Copy + Eq> OrderingTables<M> {
    /// Tables for plies 0 to `max_ply` without killers, on `histories`.
    pub fn new(max_ply: usize, histories: Histories) -> Self {
        OrderingTables {
            killers: vec![[None, None]; max_ply + 1],
            histories,
        }
    }

    /// The histories, to keep for a later search.
    pub fn into_histories(self) -> Histories {
        self.histories
    }

    fn continuation_index(&self, earlier: u16, later: u16) -> Option<usize> {
        let (earlier, later) = (usize::from(earlier), usize::from(later));
        (earlier < self.histories.piece_to_space && later < self.histories.piece_to_space)
            .then(|| earlier * self.histories.piece_to_space + later)
    }

    /// The continuation history score of the move `piece_to` after the
    /// moves of `context`.
    pub fn continuation(&self, context: Context, piece_to: u16) -> i32 {
        context
            .piece_to
            .iter()
            .filter_map(|&earlier| self.continuation_index(earlier, piece_to))
            .map(|i| i32::from(self.histories.continuation[i]))
            .sum()
    }

    fn update_continuation(&mut self, context: Context, piece_to: u16, bonus: i32) {
        for earlier in context.piece_to {
            if let Some(i) = self.continuation_index(earlier, piece_to) {
                gravity_i16(&mut self.histories.continuation[i], bonus);
            }
        }
    }

    /// Records the continuation of a quiet move that caused a beta cut-off.
    pub fn reward_continuation(&mut self, context: Context, piece_to: u16, depth: i32) {
        self.update_continuation(context, piece_to, history_bonus(depth));
    }

    /// Quiet moves tried before the cut-off move lose some continuation credit.
    pub fn penalise_continuation(&mut self, context: Context, piece_to: u16, depth: i32) {
        self.update_continuation(context, piece_to, -history_bonus(depth));
    }

    /// Records a quiet move that caused a beta cut-off, after the move
    /// `previous` (a move code, [`NO_MOVE`] at the root or after a null move).
    pub fn reward_quiet(&mut self, ply: usize, mv: M, code: u16, previous: u16, depth: i32) {
        if let Some(slot) = self.killers.get_mut(ply)
            && slot[0] != Some(mv)
        {
            slot[1] = slot[0];
            slot[0] = Some(mv);
        }
        if let Some(h) = self.histories.history.get_mut(usize::from(code)) {
            gravity(h, history_bonus(depth));
        }
        if let Some(c) = self.histories.countermoves.get_mut(usize::from(previous)) {
            *c = code;
        }
    }

    /// Quiet moves tried before the cut-off move lose some credit.
    pub fn penalise_quiet(&mut self, code: u16, depth: i32) {
        if let Some(h) = self.histories.history.get_mut(usize::from(code)) {
            gravity(h, -history_bonus(depth));
        }
    }

    /// Records a capture (its [`SearchGame::capture_key`]) that caused a
    /// beta cut-off, with the quiet history's bonus.
    pub fn reward_capture(&mut self, key: u16, depth: i32) {
        if let Some(h) = self.histories.capture_history.get_mut(usize::from(key)) {
            gravity(h, history_bonus(depth));
        }
    }

    /// Captures tried before the cut-off move lose as much credit.
    pub fn penalise_capture(&mut self, key: u16, depth: i32) {
        if let Some(h) = self.histories.capture_history.get_mut(usize::from(key)) {
            gravity(h, -history_bonus(depth));
        }
    }

    /// The capture history score of a capture key.
    pub fn capture_history(&self, key: u16) -> i32 {
        self.histories
            .capture_history
            .get(usize::from(key))
            .copied()
            .unwrap_or(0)
    }

    /// Whether `mv` is one of the killers at `ply`.
    pub fn is_killer(&self, ply: usize, mv: M) -> bool {
        self.killers
            .get(ply)
            .is_some_and(|k| k[0] == Some(mv) || k[1] == Some(mv))
    }

    /// The history score of a quiet move.
    pub fn history(&self, code: u16) -> i32 {
        self.histories
            .history
            .get(usize::from(code))
            .copied()
            .unwrap_or(0)
    }

    /// The order key of each of `moves` (see [`pick_next`]) for the node at
    /// `ply` after the moves of `context`, written to `keys`.
    pub fn score<G: SearchGame<Move = M>>(
        &self,
        pos: &G,
        moves: &[M],
        hash_move: u16,
        context: Context,
        ply: usize,
        keys: &mut Vec<(i64, M)>,
    ) {
        let killers = self.killers.get(ply).copied().unwrap_or([None, None]);
        let countermove = self
            .histories
            .countermoves
            .get(usize::from(context.previous))
            .copied()
            .unwrap_or(NO_MOVE);
        keys.clear();
        keys.extend(moves.iter().enumerate().map(|(index, &mv)| {
            let code = G::move_code(mv);
            let key = if hash_move != NO_MOVE && code == hash_move {
                ORDER_HASH_MOVE
            } else if let Some((victim, attacker)) = pos.capture_values(mv) {
                // Captures losing the exchange go after the quiet killers.
                let band = if pos.static_exchange(mv).is_some_and(|gain| gain < 0) {
                    ORDER_LOSING_CAPTURE
                } else {
                    ORDER_CAPTURE
                };
                band + self.capture_order(pos, mv, victim, attacker)
            } else if pos.is_tactical(mv) {
                ORDER_CAPTURE
            } else {
                // The game's `losing_quiet_malus` (0: the exchange is not
                // asked). A killer or the countermove that now loses its
                // piece refuted another position, not this one: it goes
                // among the quiet moves, the malus below its histories.
                let malus = G::PARAMS.losing_quiet_malus;
                let losing = malus != 0 && pos.quiet_exchange(mv).is_some_and(|gain| gain < 0);
                if losing {
                    self.quiet_order(context, pos, mv) - malus
                } else if killers[0] == Some(mv) {
                    ORDER_KILLER_FIRST
                } else if killers[1] == Some(mv) {
                    ORDER_KILLER_SECOND
                } else if countermove != NO_MOVE && code == countermove {
                    ORDER_COUNTERMOVE
                } else {
                    self.quiet_order(context, pos, mv)
                }
            };
            (order_key(key, index), mv)
        }));
    }

    /// A quiet move's order by its main and continuation histories.
    #[inline]
    fn quiet_order<G: SearchGame<Move = M>>(&self, context: Context, pos: &G, mv: M) -> i32 {
        let continuation = pos
            .piece_to(mv)
            .map_or(0, |piece_to| self.continuation(context, piece_to));
        self.history(G::move_code(mv)) + continuation
    }

    /// A capture's order within its band, the main search's and
    /// quiescence's alike: MVV-LVA, the capture history breaking its ties.
    fn capture_order<G: SearchGame<Move = M>>(
        &self,
        pos: &G,
        mv: M,
        victim: i32,
        attacker: i32,
    ) -> i32 {
        let history = pos
            .capture_key(mv)
            .map_or(0, |key| self.capture_history(key));
        victim * 16 - attacker / 16 + history / CAPTURE_HISTORY_DIVISOR
    }

    /// The order keys of captures by MVV-LVA and the capture history, as
    /// [`OrderingTables::score`] orders the captures of the main search
    /// (other moves, such as evasions in check, after the captures in
    /// generation order), the table's move (`hash_move`, [`NO_MOVE`] for
    /// none) before all, for quiescence and [`pick_next`]. Quiescence's
    /// captures are the same kinds of moves whose ties the history breaks
    /// there.
    pub fn score_captures<G: SearchGame<Move = M>>(
        &self,
        pos: &G,
        moves: &[M],
        hash_move: u16,
        keys: &mut Vec<(i64, M)>,
    ) {
        keys.clear();
        keys.extend(moves.iter().enumerate().map(|(index, &mv)| {
            let score = if hash_move != NO_MOVE && G::move_code(mv) == hash_move {
                ORDER_HASH_MOVE
            } else {
                pos.capture_values(mv).map_or(0, |(victim, attacker)| {
                    self.capture_order(pos, mv, victim, attacker)
                })
            };
            (order_key(score, index), mv)
        }));
    }
}

/// A move's order key: its score, then its place in generation order
/// (earlier first), so that no two keys tie and the order is deterministic.
/// Sixteen bits hold any index: a crazyhouse position can have more than
/// 255 legal moves.
fn order_key(score: i32, index: usize) -> i64 {
    let place = u16::try_from(index).map_or(0, |index| u16::MAX - index);
    (i64::from(score) << 16) | i64::from(place)
}

/// The move to search at `index` of `moves`, which stand in generation
/// order with their keys until the first pick: the first is the best by a
/// scan, the rest are then sorted once. Most nodes that cut off do so on
/// their first move, often the hash move, and they never pay for the sort.
/// Keys are unique ([`order_key`]), so an unstable sort is deterministic.
pub fn pick_next<M: Copy>(moves: &mut [(i64, M)], index: usize) -> M {
    match index {
        0 => {
            let best = (0..moves.len()).max_by_key(|&i| moves[i].0).unwrap_or(0);
            moves.swap(0, best);
        }
        1 => moves[1..].sort_unstable_by_key(|&(key, _)| std::cmp::Reverse(key)),
        _ => {}
    }
    moves[index].1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picking_gives_the_order_of_a_stable_sort_by_score() {
        let scores = [5, -3, 5, 900, 0, 5, -3, 1 << 30, 7];
        let mut keyed: Vec<(i64, usize)> = scores
            .iter()
            .enumerate()
            .map(|(index, &score)| (order_key(score, index), index))
            .collect();
        let picked: Vec<usize> = (0..keyed.len())
            .map(|index| pick_next(&mut keyed, index))
            .collect();
        let mut sorted: Vec<usize> = (0..scores.len()).collect();
        sorted.sort_by_key(|&i| std::cmp::Reverse(scores[i]));
        assert_eq!(picked, sorted);
    }

    /// The rook's order keys (above the generation-order bits) in a
    /// position where it may step to e5, where a pawn takes it, or to e2,
    /// after `prepare` has taught the tables at ply 0.
    fn rook_scores(
        prepare: impl FnOnce(&mut OrderingTables<shakmaty::Move>, &[shakmaty::Move]),
    ) -> impl Fn(shakmaty::Square) -> i64 {
        use crate::SearchGame;
        use crate::chess::ChessNode;
        use shakmaty::Role;
        let node = ChessNode::new(crate::chess::tests::position(
            "7k/8/3p4/8/8/8/8/4RK2 w - - 0 1",
        ));
        let mut moves = Vec::new();
        node.legal_moves(&mut moves);
        let mut tables = OrderingTables::new(
            4,
            Histories::new(
                ChessNode::MOVE_CODE_SPACE,
                ChessNode::CAPTURE_KEY_SPACE,
                ChessNode::PIECE_TO_SPACE,
            ),
        );
        prepare(&mut tables, &moves);
        let context = Context {
            previous: NO_MOVE,
            piece_to: [NO_PIECE_TO; 2],
        };
        let mut keys = Vec::new();
        tables.score(&node, &moves, NO_MOVE, context, 0, &mut keys);
        move |square| {
            keys.iter()
                .find(|(_, mv)| mv.role() == Role::Rook && mv.to() == square)
                .map(|&(key, _)| key >> 16)
                .unwrap()
        }
    }

    #[test]
    fn a_quiet_move_losing_its_piece_is_ordered_the_malus_below_one_keeping_it() {
        use shakmaty::Square;
        let score_to = rook_scores(|_, _| {});
        let malus = crate::params::CHESS.losing_quiet_malus;
        assert!(malus > 0);
        assert_eq!(
            score_to(Square::E2) - score_to(Square::E5),
            i64::from(malus)
        );
    }

    #[test]
    fn a_killer_losing_its_piece_is_ordered_among_the_quiet_moves() {
        use crate::SearchGame;
        use crate::chess::ChessNode;
        use shakmaty::Square;
        let teach = |square: Square| {
            move |tables: &mut OrderingTables<shakmaty::Move>, moves: &[shakmaty::Move]| {
                let rook_to =
                    |mv: &&shakmaty::Move| mv.to() == square && mv.from() == Some(Square::E1);
                let &mv = moves.iter().find(rook_to).unwrap();
                tables.reward_quiet(0, mv, ChessNode::move_code(mv), NO_MOVE, 1);
            }
        };
        // A killer that keeps its piece stays in the killers' band.
        let safe_killer = rook_scores(teach(Square::E2));
        assert_eq!(safe_killer(Square::E2), i64::from(ORDER_KILLER_FIRST));
        // One that loses it goes below the quiet moves that keep theirs.
        let losing_killer = rook_scores(teach(Square::E5));
        assert!(losing_killer(Square::E5) < losing_killer(Square::E2));
        assert!(losing_killer(Square::E5) < 0);
    }
}
