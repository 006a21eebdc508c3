//! Chess evaluation: tapered (middlegame/endgame) material and piece-square
//! terms, mobility, pawn structure, rooks on open files, king safety.
//!
//! Material and piece-square values are PeSTO's published tapered tables;
//! the other terms are small corrections on top of them.

use std::sync::LazyLock;

use shakmaty::attacks::{bishop_attacks, king_attacks, knight_attacks, rook_attacks};
use shakmaty::{Bitboard, Board, Color, File, Position, Rank, Role, Square};

use crate::Evaluator;
use crate::chess::ChessNode;

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
/// Per squared relative rank of a passed pawn, on top of the pawn table
/// (which already rewards every advanced pawn in the endgame).
const PASSED_PAWN: Tapered = Tapered(2, 4);
/// King-zone attack units per attacked square, by attacker.
const KING_ATTACK_UNITS: [i32; 4] = [2, 2, 3, 5];
const TEMPO: i32 = 10;

fn role_index(role: Role) -> usize {
    role as usize - 1
}

/// PeSTO's piece-square tables (Ronald Friederich's PeSTO engine, as
/// published on the Chess Programming Wiki, "PeSTO's Evaluation Function"),
/// middlegame then endgame, per role, laid out from a8 (index 0) to h1
/// (index 63) as White sees the board. They were tuned together with the
/// material values in [`MATERIAL`].
#[rustfmt::skip]
const PESTO: [[[i32; 64]; 2]; 6] = [
    // Pawn
    [[
          0,   0,   0,   0,   0,   0,   0,   0,
         98, 134,  61,  95,  68, 126,  34, -11,
         -6,   7,  26,  31,  65,  56,  25, -20,
        -14,  13,   6,  21,  23,  12,  17, -23,
        -27,  -2,  -5,  12,  17,   6,  10, -25,
        -26,  -4,  -4, -10,   3,   3,  33, -12,
        -35,  -1, -20, -23, -15,  24,  38, -22,
          0,   0,   0,   0,   0,   0,   0,   0,
    ], [
          0,   0,   0,   0,   0,   0,   0,   0,
        178, 173, 158, 134, 147, 132, 165, 187,
         94, 100,  85,  67,  56,  53,  82,  84,
         32,  24,  13,   5,  -2,   4,  17,  17,
         13,   9,  -3,  -7,  -7,  -8,   3,  -1,
          4,   7,  -6,   1,   0,  -5,  -1,  -8,
         13,   8,   8,  10,  13,   0,   2,  -7,
          0,   0,   0,   0,   0,   0,   0,   0,
    ]],
    // Knight
    [[
       -167, -89, -34, -49,  61, -97, -15,-107,
        -73, -41,  72,  36,  23,  62,   7, -17,
        -47,  60,  37,  65,  84, 129,  73,  44,
         -9,  17,  19,  53,  37,  69,  18,  22,
        -13,   4,  16,  13,  28,  19,  21,  -8,
        -23,  -9,  12,  10,  19,  17,  25, -16,
        -29, -53, -12,  -3,  -1,  18, -14, -19,
       -105, -21, -58, -33, -17, -28, -19, -23,
    ], [
        -58, -38, -13, -28, -31, -27, -63, -99,
        -25,  -8, -25,  -2,  -9, -25, -24, -52,
        -24, -20,  10,   9,  -1,  -9, -19, -41,
        -17,   3,  22,  22,  22,  11,   8, -18,
        -18,  -6,  16,  25,  16,  17,   4, -18,
        -23,  -3,  -1,  15,  10,  -3, -20, -22,
        -42, -20, -10,  -5,  -2, -20, -23, -44,
        -29, -51, -23, -15, -22, -18, -50, -64,
    ]],
    // Bishop
    [[
        -29,   4, -82, -37, -25, -42,   7,  -8,
        -26,  16, -18, -13,  30,  59,  18, -47,
        -16,  37,  43,  40,  35,  50,  37,  -2,
         -4,   5,  19,  50,  37,  37,   7,  -2,
         -6,  13,  13,  26,  34,  12,  10,   4,
          0,  15,  15,  15,  14,  27,  18,  10,
          4,  15,  16,   0,   7,  21,  33,   1,
        -33,  -3, -14, -21, -13, -12, -39, -21,
    ], [
        -14, -21, -11,  -8,  -7,  -9, -17, -24,
         -8,  -4,   7, -12,  -3, -13,  -4, -14,
          2,  -8,   0,  -1,  -2,   6,   0,   4,
         -3,   9,  12,   9,  14,  10,   3,   2,
         -6,   3,  13,  19,   7,  10,  -3,  -9,
        -12,  -3,   8,  10,  13,   3,  -7, -15,
        -14, -18,  -7,  -1,   4,  -9, -15, -27,
        -23,  -9, -23,  -5,  -9, -16,  -5, -17,
    ]],
    // Rook
    [[
         32,  42,  32,  51,  63,   9,  31,  43,
         27,  32,  58,  62,  80,  67,  26,  44,
         -5,  19,  26,  36,  17,  45,  61,  16,
        -24, -11,   7,  26,  24,  35,  -8, -20,
        -36, -26, -12,  -1,   9,  -7,   6, -23,
        -45, -25, -16, -17,   3,   0,  -5, -33,
        -44, -16, -20,  -9,  -1,  11,  -6, -71,
        -19, -13,   1,  17,  16,   7, -37, -26,
    ], [
         13,  10,  18,  15,  12,  12,   8,   5,
         11,  13,  13,  11,  -3,   3,   8,   3,
          7,   7,   7,   5,   4,  -3,  -5,  -3,
          4,   3,  13,   1,   2,   1,  -1,   2,
          3,   5,   8,   4,  -5,  -6,  -8, -11,
         -4,   0,  -5,  -1,  -7, -12,  -8, -16,
         -6,  -6,   0,   2,  -9,  -9, -11,  -3,
         -9,   2,   3,  -1,  -5, -13,   4, -20,
    ]],
    // Queen
    [[
        -28,   0,  29,  12,  59,  44,  43,  45,
        -24, -39,  -5,   1, -16,  57,  28,  54,
        -13, -17,   7,   8,  29,  56,  47,  57,
        -27, -27, -16, -16,  -1,  17,  -2,   1,
         -9, -26,  -9, -10,  -2,  -4,   3,  -3,
        -14,   2, -11,  -2,  -5,   2,  14,   5,
        -35,  -8,  11,   2,   8,  15,  -3,   1,
         -1, -18,  -9,  10, -15, -25, -31, -50,
    ], [
         -9,  22,  22,  27,  27,  19,  10,  20,
        -17,  20,  32,  41,  58,  25,  30,   0,
        -20,   6,   9,  49,  47,  35,  19,   9,
          3,  22,  24,  45,  57,  40,  57,  36,
        -18,  28,  19,  47,  31,  34,  39,  23,
        -16, -27,  15,   6,   9,  17,  10,   5,
        -22, -23, -30, -16, -16, -23, -36, -32,
        -33, -28, -22, -43,  -5, -32, -20, -41,
    ]],
    // King
    [[
        -65,  23,  16, -15, -56, -34,   2,  13,
         29,  -1, -20,  -7,  -8,  -4, -38, -29,
         -9,  24,   2, -16, -20,   6,  22, -22,
        -17, -20, -12, -27, -30, -25, -14, -36,
        -49,  -1, -27, -39, -46, -44, -33, -51,
        -14, -14, -22, -46, -44, -30, -15, -27,
          1,   7,  -8, -64, -43, -16,   9,   8,
        -15,  36,  12, -54,   8, -28,  24,  14,
    ], [
        -74, -35, -18, -18, -11,  15,   4, -17,
        -12,  17,  14,  17,  17,  38,  23,  11,
         10,  17,  23,  15,  20,  45,  44,  13,
         -8,  22,  24,  27,  26,  33,  26,   3,
        -18,  -4,  21,  24,  27,  23,   9, -11,
        -19,  -3,  11,  21,  23,  16,   7,  -9,
        -27, -11,   4,  13,  14,   4,  -5, -17,
        -53, -34, -21, -11, -28, -14, -24, -43,
    ]],
];

/// Material plus piece-square value for White, indexed `[role][square]`
/// with a1 = 0 (Black looks squares up mirrored).
static PIECE_SQUARE: LazyLock<[[Tapered; 64]; 6]> = LazyLock::new(|| {
    let mut table = [[Tapered::default(); 64]; 6];
    for (role, row) in table.iter_mut().enumerate() {
        for (square, value) in row.iter_mut().enumerate() {
            // The PeSTO layout starts at a8: flip the rank.
            let pesto = square ^ 56;
            *value = Tapered(
                MATERIAL[role].0 + PESTO[role][0][pesto],
                MATERIAL[role].1 + PESTO[role][1][pesto],
            );
        }
    }
    table
});

/// The chess evaluation described in the module doc; it holds no state.
#[derive(Debug, Clone, Copy, Default)]
pub struct ChessEvaluator;

impl ChessEvaluator {
    fn side(board: &Board, us: Color, phase_material: &mut i32) -> (Tapered, i32) {
        let them = !us;
        let occupied = board.occupied();
        let own = board.by_color(us);
        let our_pawns = board.pawns() & own;
        let their_pawns = board.pawns() & board.by_color(them);
        let enemy_pawn_attacks = pawn_attacks_of(them, their_pawns);
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
                score += PASSED_PAWN * (rank * rank);
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

/// Every square attacked by `pawns` of `color`, by shifting the whole set.
fn pawn_attacks_of(color: Color, pawns: Bitboard) -> Bitboard {
    let not_a = pawns & !Bitboard::from_file(File::A);
    let not_h = pawns & !Bitboard::from_file(File::H);
    match color {
        Color::White => not_a.shift(7) | not_h.shift(9),
        Color::Black => not_a.shift(-9) | not_h.shift(-7),
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
    use shakmaty::attacks::pawn_attacks;
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
    fn pawn_attack_sets_match_single_pawn_attacks() {
        let pawns = Bitboard::from(Square::A2)
            | Bitboard::from(Square::H5)
            | Bitboard::from(Square::E4)
            | Bitboard::from(Square::B7);
        for color in Color::ALL {
            let single = pawns
                .into_iter()
                .fold(Bitboard::EMPTY, |acc, sq| acc | pawn_attacks(color, sq));
            assert_eq!(pawn_attacks_of(color, pawns), single);
        }
    }

    #[test]
    fn extra_queen_is_winning() {
        assert!(eval("4k3/8/8/8/8/8/8/3QK3 w - - 0 1") > 800);
        assert!(eval("4k3/8/8/8/8/8/8/3QK3 b - - 0 1") < -800);
    }
}
