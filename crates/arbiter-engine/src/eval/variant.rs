//! Evaluation for the Lichess variants: material with values that fit each
//! variant, and the one term each variant's goal calls for. Antichess wants
//! to lose material; three-check counts the checks given; king of the hill
//! and racing kings the king's road to its goal; crazyhouse counts the
//! pockets as material in hand.

use shakmaty::variant::{Variant, VariantPosition};
use shakmaty::{Color, Position, Role, Square};

use crate::Evaluator;
use crate::variant::VariantNode;

/// Centipawns per piece (pawn, knight, bishop, rook, queen); kings count 0.
const VALUES: [i32; 6] = [100, 320, 330, 500, 900, 0];

fn value(role: Role) -> i32 {
    VALUES[role as usize - 1]
}

/// The variant evaluator: stateless, one for every worker.
#[derive(Debug, Clone, Copy, Default)]
pub struct VariantEvaluator;

/// King steps (Chebyshev distance) from `square` to the nearest centre square.
fn to_centre(square: Square) -> i32 {
    let file = i32::from(square.file() as u8);
    let rank = i32::from(square.rank() as u8);
    let d = |x: i32| {
        if x < 3 {
            3 - x
        } else if x > 4 {
            x - 4
        } else {
            0
        }
    };
    d(file).max(d(rank))
}

/// White's score in centipawns.
fn white_score(pos: &VariantPosition) -> i32 {
    let board = pos.board();
    let mut material = 0;
    for color in Color::ALL {
        let sign = if color == Color::White { 1 } else { -1 };
        for role in Role::ALL {
            let count = (board.by_color(color) & board.by_role(role)).count() as i32;
            material += sign * count * value(role);
        }
        if let Some(pockets) = pos.pockets() {
            for role in Role::ALL {
                // A piece in hand can go anywhere: worth a little more.
                material += sign * i32::from(*pockets.get(color).get(role)) * value(role) * 11 / 10;
            }
        }
    }
    let king_term = |f: &dyn Fn(Square) -> i32| {
        board.king_of(Color::White).map_or(0, f) - board.king_of(Color::Black).map_or(0, f)
    };
    match pos.variant() {
        // Fewer pieces is closer to the win.
        Variant::Antichess => -material,
        Variant::ThreeCheck => {
            let given = |color| {
                pos.remaining_checks()
                    .map_or(0, |r| 3 - u32::from(*r.get(color)) as i32)
            };
            // The checks still needed to win weigh ever more.
            let weight = |checks: i32| [0, 150, 450, 0][checks.clamp(0, 3) as usize];
            material + weight(given(Color::White)) - weight(given(Color::Black))
        }
        Variant::KingOfTheHill => material - 40 * king_term(&to_centre),
        Variant::RacingKings => material + 80 * king_term(&|sq: Square| i32::from(sq.rank() as u8)),
        _ => material,
    }
}

impl Evaluator<VariantNode> for VariantEvaluator {
    fn evaluate(&self, node: &VariantNode) -> i32 {
        let pos = node.position();
        let score = white_score(pos).clamp(-20_000, 20_000);
        if pos.turn() == Color::White {
            score
        } else {
            -score
        }
    }
}
