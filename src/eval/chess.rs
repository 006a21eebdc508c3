//! Chess evaluation: tapered (middlegame/endgame) material and piece-square
//! terms, mobility, pawn structure, rooks on open files, king safety.
//!
//! Piece-square values come from a few readable formulas (centrality,
//! advancement, king shelter) computed once, rather than from opaque tables.

use std::sync::LazyLock;

use shakmaty::attacks::{bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks};
use shakmaty::{Bitboard, Board, Color, File, Position, Rank, Role, Square};

use super::Evaluator;
use crate::search::chess::ChessNode;

/// A middlegame/endgame pair, blended by the game phase.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Tapered(i32, i32);

impl std::ops::AddAssign for Tapered {
    fn add_assign(&mut self, o: Tapered) {
        self.0 += o.0;
        self.1 += o.1;
    }
}
impl std::ops::SubAssign for Tapered {
    fn sub_assign(&mut self, o: Tapered) {
        self.0 -= o.0;
        self.1 -= o.1;
    }
}
impl std::ops::Mul<i32> for Tapered {
    type Output = Tapered;
    fn mul(self, k: i32) -> Tapered {
        Tapered(self.0 * k, self.1 * k)
    }
}

const MATERIAL: [Tapered; 6] = [
    Tapered(82, 94),
    Tapered(337, 281),
    Tapered(365, 297),
    Tapered(477, 512),
    Tapered(1025, 936),
    Tapered(0, 0),
];
/// Phase weight per role; 24 = all minor and major pieces on the board.
const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];
const PHASE_TOTAL: i32 = 24;

/// Per attacked square not defended by an enemy pawn, centred on a typical count.
const MOBILITY: [(Tapered, i32); 4] = [
    (Tapered(4, 4), 4),
    (Tapered(5, 5), 6),
    (Tapered(2, 4), 7),
    (Tapered(1, 2), 13),
];
const BISHOP_PAIR: Tapered = Tapered(30, 50);
const DOUBLED_PAWN: Tapered = Tapered(-10, -20);
const ISOLATED_PAWN: Tapered = Tapered(-10, -15);
const ROOK_OPEN_FILE: Tapered = Tapered(25, 10);
const ROOK_SEMI_OPEN_FILE: Tapered = Tapered(12, 6);
const KING_SHIELD_PAWN: i32 = 12;
/// King-zone attack units per attacked square, by attacker.
const KING_ATTACK_UNITS: [i32; 4] = [2, 2, 3, 5];
const TEMPO: i32 = 10;

fn role_index(role: Role) -> usize {
    role as usize - 1
}

/// Piece-square values for White, indexed `[role][square]`.
static PIECE_SQUARE: LazyLock<[[Tapered; 64]; 6]> = LazyLock::new(|| {
    let mut table = [[Tapered::default(); 64]; 6];
    for sq in Square::ALL {
        let file = sq.file() as i32;
        let rank = sq.rank() as i32;
        // 0 on the rim, 3 in the four central squares.
        let centrality = 3 - ((2 * file - 7).abs().max((2 * rank - 7).abs()) - 1) / 2;
        let file_centrality = 3 - ((2 * file - 7).abs() - 1) / 2;
        let i = sq.to_usize();
        // Pawns: advance, and occupy the centre early.
        let central_file = if (3..=4).contains(&file) { 1 } else { 0 };
        table[0][i] = if (1..=6).contains(&rank) {
            Tapered(
                (rank - 1) * 3 + central_file * (rank - 1).min(3) * 8,
                (rank - 1) * (rank - 1) * 3,
            )
        } else {
            Tapered(0, 0)
        };
        table[1][i] = Tapered(centrality * 12 - 20, centrality * 8 - 15);
        table[2][i] = Tapered(centrality * 6 - 8, centrality * 5 - 8);
        table[3][i] = Tapered(
            if rank == 6 {
                20
            } else {
                file_centrality * 3 - 3
            },
            if rank == 6 { 10 } else { 0 },
        );
        table[4][i] = Tapered(centrality * 2 - 3, centrality * 6 - 9);
        // King: stay home and tucked away in the middlegame, centralise late.
        let shelter = match file {
            0..=2 | 6..=7 => 15,
            _ => -10,
        };
        table[5][i] = Tapered(shelter - rank * 20, centrality * 12 - 18);
    }
    table
});

#[derive(Debug, Clone, Copy, Default)]
pub struct ChessEvaluator;

impl ChessEvaluator {
    fn side(board: &Board, us: Color, phase_material: &mut i32) -> (Tapered, i32) {
        let them = !us;
        let occupied = board.occupied();
        let own = board.by_color(us);
        let our_pawns = board.pawns() & own;
        let their_pawns = board.pawns() & board.by_color(them);
        let mut enemy_pawn_attacks = Bitboard::EMPTY;
        for sq in their_pawns {
            enemy_pawn_attacks |= pawn_attacks(them, sq);
        }
        let safe = !own & !enemy_pawn_attacks;
        let their_king = board.king_of(them);
        let king_zone = their_king.map_or(Bitboard::EMPTY, |k| king_attacks(k) | Bitboard::from(k));

        let mut score = Tapered::default();
        let mut king_attack_units = 0;
        for role in Role::ALL {
            let r = role_index(role);
            for sq in board.by_piece(role.of(us)) {
                let relative = if us == Color::White {
                    sq
                } else {
                    sq.flip_vertical()
                };
                score += MATERIAL[r];
                score += PIECE_SQUARE[r][relative.to_usize()];
                *phase_material += PHASE_WEIGHT[r];
                let attacks = match role {
                    Role::Knight => knight_attacks(sq),
                    Role::Bishop => bishop_attacks(sq, occupied),
                    Role::Rook => rook_attacks(sq, occupied),
                    Role::Queen => bishop_attacks(sq, occupied) | rook_attacks(sq, occupied),
                    Role::Pawn | Role::King => continue,
                };
                let (weight, typical) = MOBILITY[r - 1];
                score += weight * ((attacks & safe).count() as i32 - typical);
                king_attack_units +=
                    (attacks & king_zone).count() as i32 * KING_ATTACK_UNITS[r - 1];
            }
        }
        if (board.bishops() & own).more_than_one() {
            score += BISHOP_PAIR;
        }

        for file in File::ALL {
            let file_bb = Bitboard::from_file(file);
            let on_file = (our_pawns & file_bb).count() as i32;
            if on_file > 1 {
                score += DOUBLED_PAWN * (on_file - 1);
            }
            if on_file > 0 {
                let neighbours = file_bb.shift(1) & !Bitboard::from_file(File::A)
                    | file_bb.shift(-1) & !Bitboard::from_file(File::H);
                if (our_pawns & neighbours).is_empty() {
                    score += ISOLATED_PAWN * on_file;
                }
            }
            let rooks_here = (board.rooks() & own & file_bb).count() as i32;
            if rooks_here > 0 && (our_pawns & file_bb).is_empty() {
                score += if (their_pawns & file_bb).is_empty() {
                    ROOK_OPEN_FILE
                } else {
                    ROOK_SEMI_OPEN_FILE
                } * rooks_here;
            }
        }

        for sq in our_pawns {
            if is_passed(sq, us, their_pawns) {
                let rank = relative_rank(sq, us);
                score += Tapered(3 * rank * rank, 7 * rank * rank);
            }
        }

        // Attacks on the enemy king grow quadratically: two attackers are far
        // more than twice as dangerous as one.
        let danger = (king_attack_units * king_attack_units / 6).min(500);
        let mut middlegame_extra = danger;
        if let Some(king) = board.king_of(us) {
            let shield = pawn_shield(king, us) & our_pawns;
            middlegame_extra += shield.count() as i32 * KING_SHIELD_PAWN;
        }
        (score, middlegame_extra)
    }
}

fn relative_rank(sq: Square, color: Color) -> i32 {
    match color {
        Color::White => sq.rank() as i32,
        Color::Black => 7 - sq.rank() as i32,
    }
}

/// Pawn-structure masks, per colour (`Color as usize`, Black = 0) and square:
/// the squares an enemy pawn must not occupy for a pawn to be passed, and the
/// king's pawn shield (three files, two ranks in front of it).
struct Masks {
    passed: [[Bitboard; 64]; 2],
    shield: [[Bitboard; 64]; 2],
}

static MASKS: LazyLock<Masks> = LazyLock::new(|| {
    let mut masks = Masks {
        passed: [[Bitboard::EMPTY; 64]; 2],
        shield: [[Bitboard::EMPTY; 64]; 2],
    };
    for color in Color::ALL {
        let step: i32 = if color == Color::White { 1 } else { -1 };
        for sq in Square::ALL {
            let file = sq.file() as i32;
            let rank = sq.rank() as i32;
            let mut passed = Bitboard::EMPTY;
            let mut shield = Bitboard::EMPTY;
            for f in (file - 1).max(0)..=(file + 1).min(7) {
                let mut r = rank + step;
                while (0..8).contains(&r) {
                    let target = Bitboard::from(Square::from_coords(
                        File::new(f as u32),
                        Rank::new(r as u32),
                    ));
                    passed |= target;
                    if (r - rank).abs() <= 2 {
                        shield |= target;
                    }
                    r += step;
                }
            }
            masks.passed[color as usize][sq.to_usize()] = passed;
            masks.shield[color as usize][sq.to_usize()] = shield;
        }
    }
    masks
});

fn is_passed(sq: Square, color: Color, their_pawns: Bitboard) -> bool {
    (MASKS.passed[color as usize][sq.to_usize()] & their_pawns).is_empty()
}

/// The three squares in front of the king and the three beyond them.
fn pawn_shield(king: Square, color: Color) -> Bitboard {
    MASKS.shield[color as usize][king.to_usize()]
}

impl Evaluator<ChessNode> for ChessEvaluator {
    fn evaluate(&self, node: &ChessNode) -> i32 {
        let position = node.position();
        let board = position.board();
        let mut phase = 0;
        let (white, white_mg) = Self::side(board, Color::White, &mut phase);
        let (black, black_mg) = Self::side(board, Color::Black, &mut phase);
        let mut total = white;
        total -= black;
        total.0 += white_mg - black_mg;
        let phase = phase.min(PHASE_TOTAL);
        let mut score = (total.0 * phase + total.1 * (PHASE_TOTAL - phase)) / PHASE_TOTAL;

        // Without pawns, an edge of less than a rook rarely wins.
        let stronger = if score > 0 {
            Color::White
        } else {
            Color::Black
        };
        if (board.pawns() & board.by_color(stronger)).is_empty() {
            let minor_or_less =
                non_pawn_material(board, stronger) - non_pawn_material(board, !stronger) < 400;
            if minor_or_less {
                score /= 8;
            }
        }
        let relative = if position.turn() == Color::White {
            score
        } else {
            -score
        };
        relative + TEMPO
    }
}

fn non_pawn_material(board: &Board, color: Color) -> i32 {
    [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
        .into_iter()
        .map(|role| board.by_piece(role.of(color)).count() as i32 * MATERIAL[role_index(role)].1)
        .sum()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess};

    fn eval(fen: &str) -> i32 {
        let pos: Chess = fen
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        ChessEvaluator.evaluate(&ChessNode::new(pos))
    }

    #[test]
    fn start_position_is_balanced() {
        let s = eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert_eq!(s, TEMPO);
    }

    #[test]
    fn evaluation_is_colour_symmetric() {
        let a = eval("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
        let b = eval("rnbqk2r/pppp1ppp/5n2/2b1p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 4 4");
        assert_eq!(a, b);
    }

    #[test]
    fn passed_pawns_are_recognised() {
        let black_pawns = |squares: &[Square]| {
            squares
                .iter()
                .fold(Bitboard::EMPTY, |b, &s| b | Bitboard::from(s))
        };
        assert!(!is_passed(
            Square::E5,
            Color::White,
            black_pawns(&[Square::D7])
        ));
        assert!(is_passed(
            Square::E5,
            Color::White,
            black_pawns(&[Square::A7, Square::E4])
        ));
        assert!(!is_passed(
            Square::E4,
            Color::Black,
            Bitboard::from(Square::F2)
        ));
        assert!(is_passed(
            Square::E4,
            Color::Black,
            Bitboard::from(Square::F5)
        ));
    }

    #[test]
    fn extra_queen_is_winning() {
        assert!(eval("4k3/8/8/8/8/8/8/3QK3 w - - 0 1") > 800);
        assert!(eval("4k3/8/8/8/8/8/8/3QK3 b - - 0 1") < -800);
    }
}
