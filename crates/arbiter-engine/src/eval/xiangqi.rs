//! Xiangqi evaluation: material with phase-dependent cannon and horse values,
//! piece-square terms from readable formulas, mobility, and general safety.
//!
//! - Soldiers gain most of their value on crossing the river, more near the
//!   enemy palace, less on the last rank where they can only move sideways.
//! - Cannons need screens: worth more with many pieces on the board; horses
//!   have fewer blocked legs as the board empties and gain value.
//! - A general whose advisors and elephants are gone is exposed to chariots,
//!   horses and cannons; the penalty grows with the enemy's attacking force.

use std::sync::LazyLock;

use crate::Evaluator;
use crate::xiangqi::XiangqiNode;
use arbiter_rules::PieceKind;
use arbiter_rules::Side;
use arbiter_rules::xiangqi::{Position, SQUARES, Square};

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Tapered(i32, i32);

impl std::ops::AddAssign for Tapered {
    fn add_assign(&mut self, o: Tapered) {
        self.0 += o.0;
        self.1 += o.1;
    }
}

/// Opening / endgame material per kind (general excluded).
const MATERIAL: [Tapered; 7] = [
    Tapered(0, 0),
    Tapered(200, 220),
    Tapered(200, 220),
    Tapered(380, 440),
    Tapered(900, 950),
    Tapered(470, 400),
    Tapered(80, 110),
];
/// Phase weight of the attacking pieces; `PHASE_TOTAL` = all of them on board.
const PHASE_WEIGHT: [i32; 7] = [0, 0, 0, 2, 4, 2, 0];
const PHASE_TOTAL: i32 = 32;
/// Per reachable point.
const MOBILITY: [Tapered; 7] = [
    Tapered(0, 0),
    Tapered(0, 0),
    Tapered(0, 0),
    Tapered(8, 8),
    Tapered(4, 4),
    Tapered(2, 2),
    Tapered(0, 0),
];
/// Per missing advisor or elephant, times the enemy's attacking pieces.
const MISSING_DEFENDER: i32 = 6;
const TEMPO: i32 = 10;

/// Relative rank: 0 = own back rank, 9 = the enemy's.
fn relative_rank(sq: usize, side: Side) -> i32 {
    let rank = (sq / 9) as i32;
    match side {
        Side::White => rank,
        Side::Black => 9 - rank,
    }
}

/// Piece-square values for Red, indexed `[kind][point]`; Black mirrors ranks.
#[allow(clippy::needless_range_loop)]
static PIECE_SQUARE: LazyLock<[[Tapered; SQUARES]; 7]> = LazyLock::new(|| {
    let mut table = [[Tapered::default(); SQUARES]; 7];
    for sq in 0..SQUARES {
        let file = (sq % 9) as i32;
        let rank = (sq / 9) as i32;
        // 0 on the edge files, 4 on the central file.
        let file_centrality = 4 - (file - 4).abs();
        // General: stay on the back rank and, if anything, on the central file.
        table[0][sq] = Tapered(-12 * rank + if file == 4 { 6 } else { 0 }, -4 * rank);
        table[1][sq] = if file == 4 {
            Tapered(6, 4)
        } else {
            Tapered(0, 0)
        };
        table[2][sq] = if file == 4 && rank == 2 {
            Tapered(6, 4)
        } else {
            Tapered(0, 0)
        };
        // Horse: central and advanced, best on the enemy's palace flanks; poor on the rim.
        let horse_advance = match rank {
            0 => -15,
            1..=3 => 0,
            4..=5 => 10,
            6..=8 => 20,
            _ => 0,
        };
        table[3][sq] = Tapered(
            horse_advance + file_centrality * 5 - 10,
            horse_advance / 2 + file_centrality * 6 - 10,
        );
        // Chariot: mobility does most of the work; prefer advanced, central files.
        table[4][sq] = Tapered(
            if rank >= 5 { 10 } else { 0 } + file_centrality * 2,
            file_centrality * 2,
        );
        // Cannon: the central file and its own back ranks are natural posts.
        table[5][sq] = Tapered(
            if file == 4 { 20 } else { 0 } + if rank >= 7 { -10 } else { 0 },
            0,
        );
        // Soldier: little before the river, much more across, most near the palace.
        table[6][sq] = if rank <= 4 {
            Tapered(
                if rank == 4 && file_centrality >= 2 {
                    5
                } else {
                    0
                },
                0,
            )
        } else {
            let towards_palace = match rank {
                5 => 0,
                6 | 7 => 25,
                8 => 15,
                _ => -20,
            };
            Tapered(
                70 + file_centrality * 10 + towards_palace,
                90 + file_centrality * 10 + towards_palace,
            )
        };
    }
    table
});

/// The xiangqi evaluation described in the module doc; it holds no state.
#[derive(Debug, Clone, Copy, Default)]
pub struct XiangqiEvaluator;

const KINDS: [PieceKind; 7] = PieceKind::XIANGQI;

impl XiangqiEvaluator {
    fn side(position: &Position, side: Side, phase: &mut i32, attackers: &mut i32) -> Tapered {
        let own = position.side_bits(side);
        let mut score = Tapered::default();
        for (k, &kind) in KINDS.iter().enumerate() {
            let mut bits = position.pieces(side, kind);
            while bits != 0 {
                let sq = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let relative = if side == Side::White { sq } else { mirror(sq) };
                score += MATERIAL[k];
                score += PIECE_SQUARE[k][relative];
                *phase += PHASE_WEIGHT[k];
                if matches!(
                    kind,
                    PieceKind::Horse | PieceKind::Chariot | PieceKind::Cannon
                ) {
                    *attackers += 1;
                    let from = Square::from_index(sq).map_or(0, |s| {
                        (position.attacks_from(s).0 & !own).count_ones() as i32
                    });
                    let weight = MOBILITY[k];
                    score += Tapered(weight.0 * from, weight.1 * from);
                }
                if kind == PieceKind::Soldier && relative_rank(sq, side) >= 5 {
                    *attackers += 1;
                }
            }
        }
        score
    }
}

fn mirror(sq: usize) -> usize {
    (9 - sq / 9) * 9 + sq % 9
}

impl Evaluator<XiangqiNode> for XiangqiEvaluator {
    fn evaluate(&self, node: &XiangqiNode) -> i32 {
        let position = node.position();
        let mut phase = 0;
        let (mut red_attackers, mut black_attackers) = (0, 0);
        let red = Self::side(position, Side::White, &mut phase, &mut red_attackers);
        let black = Self::side(position, Side::Black, &mut phase, &mut black_attackers);
        let mut mg = red.0 - black.0;
        let mut eg = red.1 - black.1;
        for (side, enemy_attackers, sign) in [
            (Side::White, black_attackers, 1),
            (Side::Black, red_attackers, -1),
        ] {
            let defenders = (position.pieces(side, PieceKind::Advisor)
                | position.pieces(side, PieceKind::Elephant))
            .count_ones() as i32;
            let penalty = (4 - defenders) * MISSING_DEFENDER * enemy_attackers;
            mg -= sign * penalty;
            eg -= sign * penalty / 2;
        }
        let phase = phase.min(PHASE_TOTAL);
        let score = (mg * phase + eg * (PHASE_TOTAL - phase)) / PHASE_TOTAL;
        let relative = if position.side_to_move() == Side::White {
            score
        } else {
            -score
        };
        relative + TEMPO
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
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

    #[test]
    fn crossed_soldier_is_worth_more() {
        let home = eval("3k5/9/9/9/9/9/4P4/9/9/4K4 w - - 0 1");
        let crossed = eval("3k5/9/9/4P4/9/9/9/9/9/4K4 w - - 0 1");
        assert!(crossed > home + 50, "{crossed} vs {home}");
    }
}
