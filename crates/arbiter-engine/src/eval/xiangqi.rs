//! Xiangqi evaluation: material with phase-dependent cannon and horse values,
//! piece-square terms from readable formulas, mobility, general safety and
//! the patterns of the classical xiangqi evaluations (ElephantEye's,
//! Fairy-Stockfish's).
//!
//! - Soldiers gain most of their value on crossing the river, more near the
//!   enemy palace, less on the last rank where they can only move sideways.
//!   Two crossed soldiers side by side guard each other.
//! - Cannons need screens: worth more with many pieces on the board; horses
//!   have fewer blocked legs as the board empties and gain value.
//! - Mobility is a value per count of points reached, for each of horse,
//!   chariot and cannon: a horse with no or one move is trapped, and the
//!   table can say so where a linear term cannot.
//! - A cannon on the enemy general's file with nothing between them (the
//!   hollow cannon) pins the general's defence; with two pieces between, one
//!   of them stepping aside gives check. A cannon on the enemy's back rank
//!   with the general still on it (the bottom cannon) threatens along it.
//! - A chariot with no piece ahead on its file, or only enemy pieces, has
//!   its file open or half-open.
//! - A general whose advisors and elephants are gone is exposed to chariots,
//!   horses and cannons; the penalty grows with the enemy's attacking force,
//!   and each missing advisor and each missing elephant is weighed against
//!   each kind of enemy attacker.
//!
//! Every weight is in [`WEIGHTS`] (see [`LAYOUT`]); [`trace`] gives a
//! position's evaluation as a function of them, for tuning.

use std::sync::LazyLock;

use super::trace::{Coefficients, Group, NoTrace, Tapered, Trace, Tracer};
use crate::Evaluator;
use crate::xiangqi::XiangqiNode;
use arbiter_rules::PieceKind;
use arbiter_rules::Side;
use arbiter_rules::xiangqi::{Piece, Position, SQUARES, Square, sets};

/// The middlegame/endgame weights, as data ([`LAYOUT`] names their parts).
mod weights;
pub use weights::WEIGHTS;

/// Index of the first material weight, per kind in [`PieceKind::XIANGQI`]
/// order (the general's is never used: both sides always have one).
const MATERIAL: usize = 0;
/// Piece-square weights, 90 per kind in kind order, each laid out from the
/// enemy's back rank (index 0 = its left corner as the side sees the board
/// from behind) to the side's own.
const PIECE_SQUARE: usize = MATERIAL + 7;
/// Mobility by count of reachable points not occupied by an own piece: a
/// weight per count, horse 0..=8, then chariot 0..=17, then cannon 0..=4
/// (a cannon's reachable points are those it could capture on).
const MOBILITY_HORSE: usize = PIECE_SQUARE + 7 * SQUARES;
const MOBILITY_CHARIOT: usize = MOBILITY_HORSE + 9;
const MOBILITY_CANNON: usize = MOBILITY_CHARIOT + 18;
/// Per missing advisor or elephant, times the enemy's attacking pieces.
const MISSING_DEFENDER: usize = MOBILITY_CANNON + 5;
/// A cannon by the number of empty points it can move to, 0..=17.
const CANNON_MOVES: usize = MISSING_DEFENDER + 1;
/// A cannon on the enemy general's file with nothing between them, then
/// with two pieces between (one is never seen: it is check, and the side
/// to move cannot give it while the other side cannot stand in it).
const CANNON_ON_GENERAL_FILE: usize = CANNON_MOVES + 18;
/// A cannon on the enemy's back rank while the enemy general stands on it.
const BOTTOM_CANNON: usize = CANNON_ON_GENERAL_FILE + 2;
/// A chariot with no piece ahead on its file, then with enemy pieces only.
const CHARIOT_FILE: usize = BOTTOM_CANNON + 1;
/// Per pair of crossed soldiers side by side.
const CONNECTED_SOLDIERS: usize = CHARIOT_FILE + 2;
/// Missing advisors times the enemy's horses, chariots, cannons; then
/// missing elephants times the same.
const DEFENDER_SHAPE: usize = CONNECTED_SOLDIERS + 1;
/// The number of xiangqi weights.
pub const WEIGHT_COUNT: usize = DEFENDER_SHAPE + 6;

/// The parts of [`WEIGHTS`], in order.
pub const LAYOUT: [Group; 18] = [
    group(
        "material: general, advisor, elephant, horse, chariot, cannon, soldier",
        MATERIAL,
        7,
        7,
    ),
    group(
        "piece-square: general (the enemy's back rank first, rank by rank)",
        PIECE_SQUARE,
        SQUARES,
        9,
    ),
    group("piece-square: advisor", PIECE_SQUARE + SQUARES, SQUARES, 9),
    group(
        "piece-square: elephant",
        PIECE_SQUARE + 2 * SQUARES,
        SQUARES,
        9,
    ),
    group(
        "piece-square: horse",
        PIECE_SQUARE + 3 * SQUARES,
        SQUARES,
        9,
    ),
    group(
        "piece-square: chariot",
        PIECE_SQUARE + 4 * SQUARES,
        SQUARES,
        9,
    ),
    group(
        "piece-square: cannon",
        PIECE_SQUARE + 5 * SQUARES,
        SQUARES,
        9,
    ),
    group(
        "piece-square: soldier",
        PIECE_SQUARE + 6 * SQUARES,
        SQUARES,
        9,
    ),
    group(
        "mobility: horse, by points reached 0..=8",
        MOBILITY_HORSE,
        9,
        9,
    ),
    group(
        "mobility: chariot, by points reached 0..=17",
        MOBILITY_CHARIOT,
        18,
        9,
    ),
    group(
        "mobility: cannon, by points it could capture on 0..=4",
        MOBILITY_CANNON,
        5,
        5,
    ),
    group(
        "missing advisor or elephant, per enemy attacker",
        MISSING_DEFENDER,
        1,
        1,
    ),
    group(
        "cannon: by empty points it can move to 0..=17",
        CANNON_MOVES,
        18,
        9,
    ),
    group(
        "cannon on the enemy general's file: nothing between, two pieces between",
        CANNON_ON_GENERAL_FILE,
        2,
        2,
    ),
    group(
        "bottom cannon: on the enemy's back rank, the general on it too",
        BOTTOM_CANNON,
        1,
        1,
    ),
    group(
        "chariot file ahead: open, enemy pieces only",
        CHARIOT_FILE,
        2,
        2,
    ),
    group(
        "crossed soldiers side by side, per pair",
        CONNECTED_SOLDIERS,
        1,
        1,
    ),
    group(
        "missing advisors times enemy horses, chariots, cannons; missing elephants times the same",
        DEFENDER_SHAPE,
        6,
        3,
    ),
];

const fn group(name: &'static str, start: usize, len: usize, width: usize) -> Group {
    Group {
        name,
        start,
        len,
        width,
    }
}

/// Phase weight of the attacking pieces; `PHASE_TOTAL` = all of them on board.
const PHASE_WEIGHT: [i32; 7] = [0, 0, 0, 2, 4, 2, 0];
const PHASE_TOTAL: i32 = 32;
/// The side to move's bonus, added after the taper (not a tuned weight).
const TEMPO: i32 = 10;

/// Relative rank: 0 = own back rank, 9 = the enemy's.
fn relative_rank(sq: usize, side: Side) -> i32 {
    let rank = (sq / 9) as i32;
    match side {
        Side::White => rank,
        Side::Black => 9 - rank,
    }
}

/// The piece-square weight of kind `k` on `relative` (rank 0 = the side's
/// own back rank): the layout starts at the enemy's back rank.
#[inline]
fn psqt_index(k: usize, relative: usize) -> usize {
    PIECE_SQUARE + k * SQUARES + mirror(relative)
}

/// Material plus piece-square value, indexed `[side][kind][point]` (Red
/// first; Black's points mirrored by rank into the table, so a lookup needs
/// no mirroring). One lookup per piece.
static PIECE_VALUES: LazyLock<[[[Tapered; SQUARES]; 7]; 2]> = LazyLock::new(|| {
    let mut table = [[[Tapered::default(); SQUARES]; 7]; 2];
    for (s, side) in table.iter_mut().enumerate() {
        for (k, row) in side.iter_mut().enumerate() {
            for (sq, value) in row.iter_mut().enumerate() {
                let relative = if s == 0 { sq } else { mirror(sq) };
                *value = WEIGHTS[MATERIAL + k] + WEIGHTS[psqt_index(k, relative)];
            }
        }
    }
    table
});

/// The xiangqi evaluation described in the module doc; it holds no state.
#[derive(Debug, Clone, Copy, Default)]
pub struct XiangqiEvaluator;

const KINDS: [PieceKind; 7] = PieceKind::XIANGQI;

impl XiangqiEvaluator {
    /// `side`'s terms from its own side, adding its pieces' phase to
    /// `phase`, its attacking pieces to `attackers` and each weight's use
    /// to `tracer`.
    #[inline]
    fn side<T: Tracer>(
        position: &Position,
        side: Side,
        phase: &mut i32,
        attackers: &mut i32,
        tracer: &mut T,
    ) -> Tapered {
        let sign = if side == Side::White { 1 } else { -1 };
        let values = &PIECE_VALUES[usize::from(side == Side::Black)];
        let own = position.side_bits(side);
        let occupied = position.occupied();
        let enemy_general = position.general(side.opponent()).index();
        let mut score = Tapered::default();
        // Weight `index` counts `count` times for `side`.
        macro_rules! term {
            ($index:expr, $count:expr) => {{
                let (index, count): (usize, i32) = ($index, $count);
                score += WEIGHTS[index] * count;
                tracer.add(index, sign * count);
            }};
        }
        for (k, &kind) in KINDS.iter().enumerate() {
            let bits = position.pieces(side, kind);
            *phase += PHASE_WEIGHT[k] * bits.count_ones() as i32;
            for sq in points(bits) {
                score += values[k][sq];
                let relative = if side == Side::White { sq } else { mirror(sq) };
                tracer.add(MATERIAL + k, sign);
                tracer.add(psqt_index(k, relative), sign);
            }
        }
        // One loop per attacking kind: the kind is then a constant, and
        // `attacks_of_piece` inlines to that kind's attack function.
        let reached = |kind, sq| {
            Square::from_index(sq).map_or(0, |s| {
                let piece = Piece { side, kind };
                (position.attacks_of_piece(piece, s).0 & !own).count_ones() as usize
            })
        };
        for sq in points(position.pieces(side, PieceKind::Horse)) {
            term!(MOBILITY_HORSE + reached(PieceKind::Horse, sq).min(8), 1);
        }
        for sq in points(position.pieces(side, PieceKind::Chariot)) {
            term!(
                MOBILITY_CHARIOT + reached(PieceKind::Chariot, sq).min(17),
                1
            );
            let ahead = sets::file_ahead(sq, side);
            if ahead & occupied == 0 {
                term!(CHARIOT_FILE, 1);
            } else if ahead & own == 0 {
                term!(CHARIOT_FILE + 1, 1);
            }
        }
        for sq in points(position.pieces(side, PieceKind::Cannon)) {
            term!(MOBILITY_CANNON + reached(PieceKind::Cannon, sq).min(4), 1);
            // The empty points along its lines: where it can move, 0 to 17.
            let moves = sets::lines_to_first_piece(sq, occupied) & !occupied;
            term!(CANNON_MOVES + moves.count_ones() as usize, 1);
            if sq % 9 == enemy_general % 9 {
                match (sets::between(sq, enemy_general) & occupied).count_ones() {
                    0 => term!(CANNON_ON_GENERAL_FILE, 1),
                    2 => term!(CANNON_ON_GENERAL_FILE + 1, 1),
                    _ => {}
                }
            }
            if relative_rank(sq, side) == 9 && relative_rank(enemy_general, side) == 9 {
                term!(BOTTOM_CANNON, 1);
            }
        }
        // Horses, chariots, cannons and crossed soldiers attack.
        let crossed = position.pieces(side, PieceKind::Soldier) & sets::half(side.opponent());
        *attackers += (position.pieces(side, PieceKind::Horse)
            | position.pieces(side, PieceKind::Chariot)
            | position.pieces(side, PieceKind::Cannon)
            | crossed)
            .count_ones() as i32;
        let pairs = (crossed & (crossed >> 1) & !const { sets::file(8) }).count_ones() as i32;
        term!(CONNECTED_SOLDIERS, pairs);
        let enemy = side.opponent();
        let missing = |kind| 2 - (position.pieces(side, kind).count_ones() as i32).min(2);
        let enemy_count = |kind| position.pieces(enemy, kind).count_ones() as i32;
        let enemy_attackers = [
            enemy_count(PieceKind::Horse),
            enemy_count(PieceKind::Chariot),
            enemy_count(PieceKind::Cannon),
        ];
        for (i, defender) in [PieceKind::Advisor, PieceKind::Elephant]
            .into_iter()
            .enumerate()
        {
            let missing = missing(defender);
            for (j, &count) in enemy_attackers.iter().enumerate() {
                term!(DEFENDER_SHAPE + 3 * i + j, missing * count);
            }
        }
        score
    }

    /// The evaluation for the side to move, reporting to `tracer`; also
    /// returns the parts of the trace that are not weight counts.
    #[inline]
    fn evaluate_traced<T: Tracer>(position: &Position, tracer: &mut T) -> (i32, Trace) {
        let mut phase = 0;
        let (mut red_attackers, mut black_attackers) = (0, 0);
        let red = Self::side(
            position,
            Side::White,
            &mut phase,
            &mut red_attackers,
            tracer,
        );
        let black = Self::side(
            position,
            Side::Black,
            &mut phase,
            &mut black_attackers,
            tracer,
        );
        let mut total = red;
        total -= black;
        for (side, enemy_attackers, sign) in [
            (Side::White, black_attackers, 1),
            (Side::Black, red_attackers, -1),
        ] {
            let defenders = (position.pieces(side, PieceKind::Advisor)
                | position.pieces(side, PieceKind::Elephant))
            .count_ones() as i32;
            let count = (4 - defenders) * enemy_attackers;
            total += WEIGHTS[MISSING_DEFENDER] * (sign * count);
            tracer.add(MISSING_DEFENDER, sign * count);
        }
        let parts = Trace {
            coefficients: Vec::new(),
            offset: Tapered::default(),
            phase: phase.min(PHASE_TOTAL),
            phase_total: PHASE_TOTAL,
            divisor: 1,
            scale: Trace::FULL_SCALE,
            white_to_move: position.side_to_move() == Side::White,
            tempo: TEMPO,
        };
        (parts.relative(parts.blend(total)), parts)
    }
}

/// The trace of `position`'s evaluation: `trace(p).evaluate(&WEIGHTS)` is
/// [`XiangqiEvaluator`]'s score of `p`, and a tuner can score other
/// weights with it.
pub fn trace(position: &Position) -> Trace {
    let mut coefficients = Coefficients::new(WEIGHT_COUNT);
    let (_, mut trace) = XiangqiEvaluator::evaluate_traced(position, &mut coefficients);
    trace.coefficients = Trace::sparse(&coefficients);
    trace
}

/// The points of `bits`, lowest first.
fn points(bits: u128) -> Points {
    Points(bits)
}

struct Points(u128);

impl Iterator for Points {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let sq = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(sq)
    }
}

fn mirror(sq: usize) -> usize {
    (9 - sq / 9) * 9 + sq % 9
}

impl Evaluator<XiangqiNode> for XiangqiEvaluator {
    fn evaluate(&self, node: &XiangqiNode) -> i32 {
        Self::evaluate_traced(node.position(), &mut NoTrace).0
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::eval::trace::testing::{XorShift, assert_layout_covers};
    use arbiter_rules::Strictness;

    fn eval(fen: &str) -> i32 {
        XiangqiEvaluator.evaluate(&XiangqiNode::new(
            Position::from_fen(fen, Strictness::Strict).unwrap(),
        ))
    }

    #[test]
    fn start_position_is_balanced() {
        assert_eq!(
            eval("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"),
            TEMPO
        );
    }

    #[test]
    fn mirrored_positions_score_the_same_for_the_side_to_move() {
        let a = eval("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
        // The same position with colours swapped.
        let c = eval("rnbakabnr/9/1c2c4/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 1 1");
        assert_eq!(a, c);
    }

    /// Positions along pseudo-random games from a few starts, for the
    /// trace test: every phase, both sides to move, defenders lost.
    fn sample_positions() -> Vec<Position> {
        let starts = [
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "r1bakab1r/9/1cn4cn/p1p1p1p1p/9/9/P1P1P1P1P/1CN4CN/9/R1BAKAB1R w - - 0 1",
            "4k4/9/9/4p4/2r6/9/4P4/4C4/4A4/3AK4 w - - 0 1",
        ];
        let mut random = XorShift(0x9e37_79b9_7f4a_7c15);
        let mut positions = Vec::new();
        for start in starts {
            for _ in 0..15 {
                let mut pos = Position::from_fen(start, Strictness::Strict).unwrap();
                for _ in 0..120 {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let m = moves[random.below(moves.len())];
                    pos.play(m);
                    positions.push(pos.clone());
                }
            }
        }
        positions
    }

    #[test]
    fn trace_reproduces_the_evaluation() {
        let positions = sample_positions();
        assert!(positions.len() > 4000);
        for pos in positions {
            let t = trace(&pos);
            let fen = pos.to_fen();
            assert_eq!(
                t.evaluate(&WEIGHTS),
                XiangqiEvaluator.evaluate(&XiangqiNode::new(pos)),
                "{fen}"
            );
        }
    }

    #[test]
    fn layout_covers_the_weights_in_order() {
        assert_layout_covers(&LAYOUT, WEIGHT_COUNT);
    }

    /// The trace's count of weight `index` in `fen` (Red's minus Black's).
    fn count(fen: &str, index: usize) -> i16 {
        let t = trace(&Position::from_fen(fen, Strictness::Strict).unwrap());
        t.coefficients
            .iter()
            .find(|&&(i, _)| usize::from(i) == index)
            .map_or(0, |&(_, c)| c)
    }

    #[test]
    fn patterns_are_counted() {
        // A hollow cannon: Red's cannon on the black general's file, nothing
        // between; Black has no advisor or elephant against it.
        let hollow = "4k4/9/9/9/9/9/9/4C4/9/3K5 w - - 0 1";
        assert_eq!(count(hollow, CANNON_ON_GENERAL_FILE), 1);
        assert_eq!(count(hollow, CANNON_ON_GENERAL_FILE + 1), 0);
        assert_eq!(count(hollow, DEFENDER_SHAPE + 2), -2);
        assert_eq!(count(hollow, DEFENDER_SHAPE + 5), -2);
        assert_eq!(count(hollow, DEFENDER_SHAPE), 0);
        // Two pieces between: the cannon's central pressure.
        let screened = "4k4/4a4/9/9/4p4/9/9/4C4/9/3K5 w - - 0 1";
        assert_eq!(count(screened, CANNON_ON_GENERAL_FILE), 0);
        assert_eq!(count(screened, CANNON_ON_GENERAL_FILE + 1), 1);
        // A bottom cannon, and Black's chariot on a file open ahead of it.
        let bottom = "3k4C/9/9/9/9/9/9/9/r8/4K4 b - - 0 1";
        assert_eq!(count(bottom, BOTTOM_CANNON), 1);
        assert_eq!(count(bottom, CHARIOT_FILE), -1);
        // Red's chariot: only a black soldier ahead (half-open); Black's: open.
        let files = "3k5/9/9/9/p8/9/9/9/9/R3K3r w - - 0 1";
        assert_eq!(count(files, CHARIOT_FILE), -1);
        assert_eq!(count(files, CHARIOT_FILE + 1), 1);
        // Three crossed soldiers in a row: two pairs; an uncrossed one apart.
        let soldiers = "3k5/9/9/9/2PPP4/9/8P/9/9/4K4 w - - 0 1";
        assert_eq!(count(soldiers, CONNECTED_SOLDIERS), 2);
        // A cannon alone on an empty board moves to 17 points; the general
        // and the other pieces here cut it to fewer.
        assert_eq!(count(bottom, CANNON_MOVES + 17), 0);
        assert_eq!(
            count("3k5/9/9/9/9/1C7/9/9/9/4K4 w - - 0 1", CANNON_MOVES + 17),
            1
        );
    }

    #[test]
    fn crossed_soldier_is_worth_more() {
        let home = eval("3k5/9/9/9/9/9/4P4/9/9/4K4 w - - 0 1");
        let crossed = eval("3k5/9/9/4P4/9/9/9/9/9/4K4 w - - 0 1");
        assert!(crossed > home + 50, "{crossed} vs {home}");
    }
}
