//! Chess evaluation: tapered (middlegame/endgame) material, piece-square
//! terms and mobility (here); pawn structure (`pawns.rs`: passed, connected,
//! doubled, isolated, backward, blocked and unopposed pawns, passers' safe
//! squares and the rooks behind them); piece placement (`pieces.rs`: the
//! bishop pair, rooks' files and ranks, outposts, space, bishops' pawns and
//! diagonals, minors behind pawns and near their king, a queen's
//! infiltration, the material's imbalance); king safety (`king.rs` and
//! here: the shield, the shelter and storm by file, open files, storming
//! pawns, safe checks, castling rights, the king's flank, attack units
//! and attackers on its zone, and the king danger from both sides'
//! attacks, which grows with its square);
//! threats (`threats.rs`: on greater, hanging and weak pieces, by the king
//! and by safe pawn pushes, restricted squares, squares to attack the queen
//! from); how winnable the edge is (`endgame.rs`: the endgame sum scaled by
//! the material left to win with, mating material against a bare king).
//!
//! Material and piece-square values began as PeSTO's published tapered
//! tables; every weight has since been fitted to labelled positions (the
//! runs are in `weights.rs`). Every weight is in [`WEIGHTS`] (see
//! [`LAYOUT`]); [`trace`] gives a position's evaluation as a function of
//! them, for tuning.

use shakmaty::attacks::{bishop_attacks, king_attacks, knight_attacks, ray, rook_attacks};
use shakmaty::{Bitboard, Board, Chess, Color, File, Position, Role};

use super::trace::{Coefficients, NoTrace, Tapered, Trace, Tracer};
use crate::Evaluator;
use crate::chess::ChessNode;

/// The middlegame/endgame weights, as data ([`LAYOUT`] names their parts).
mod weights;
pub use weights::WEIGHTS;
mod layout;
use layout::*;
pub use layout::{LAYOUT, WEIGHT_COUNT};
mod endgame;
mod king;
mod pawns;
mod pieces;
mod threats;
use pawns::PawnSets;
#[cfg(test)]
use pawns::{is_passed, pawn_attacks_of};

/// Phase weight per role; 24 = all minor and major pieces on the board.
const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];
const PHASE_TOTAL: i32 = 24;
/// King-zone attack units per attacked square, by attacker, for the
/// linear weight of the units without a queen.
const KING_ATTACK_UNITS: [i32; 4] = [2, 2, 3, 5];
/// Stockfish's classical weight of a knight, bishop, rook and queen
/// attacking the enemy king's ring, in its king-danger units (see
/// `king::danger`).
const KING_RING_ATTACKER: [i32; 4] = [81, 52, 44, 10];
/// The side to move's bonus, added after the taper (not a tuned weight).
const TEMPO: i32 = 10;

fn role_index(role: Role) -> usize {
    role as usize - 1
}

/// Material plus piece-square value for White, indexed `[role][square]`
/// with a1 = 0 (Black looks squares up mirrored): one lookup per piece.
/// Built at compile time, so that a lookup needs no check that it is.
static PIECE_VALUES: [[Tapered; 64]; 6] = piece_values();

const fn piece_values() -> [[Tapered; 64]; 6] {
    let mut table = [[Tapered(0, 0); 64]; 6];
    let mut role = 0;
    while role < 6 {
        let mut square = 0;
        while square < 64 {
            let material = WEIGHTS[MATERIAL + role];
            let placed = WEIGHTS[psqt_index(role, square)];
            table[role][square] = Tapered(material.0 + placed.0, material.1 + placed.1);
            square += 1;
        }
        role += 1;
    }
    table
}

/// The piece-square weight of `role` on `relative` (a1 = 0, from the
/// piece's side): the layout starts at a8, so the rank is flipped.
#[inline]
const fn psqt_index(role: usize, relative: usize) -> usize {
    PIECE_SQUARE + role * 64 + (relative ^ 56)
}

/// One side's part of the evaluation, from its own side.
struct Side {
    score: Tapered,
    /// Its pieces' attacks on the enemy king's ring, for `king::danger`.
    ring: RingAttack,
    /// The pieces of either side that alone shield its king from an enemy
    /// slider (`king::blockers`).
    shields: Bitboard,
    /// Every square its pieces attack (pawns and king included).
    attacks: Bitboard,
    /// Every square its pieces but the king attack.
    defends: Bitboard,
    /// Its passed pawns.
    passed: Bitboard,
    /// Every square two or more of its pieces attack (pawns and king included).
    twice: Bitboard,
    /// Every square its pawns attack.
    pawn_attacks: Bitboard,
    /// Every square its king attacks.
    king_attacks: Bitboard,
    /// What its knights, bishops, rooks and queens attack, by kind.
    by_kind: [Bitboard; 4],
}

/// A side's attack on the enemy king's ring (Stockfish's classical
/// `kingRing`: the squares around the king, moved off the edge, less those
/// two of the king's own pawns guard).
#[derive(Debug, Clone, Copy, Default)]
struct RingAttack {
    /// The ring's squares.
    squares: Bitboard,
    /// The pieces and pawns attacking the ring.
    attackers: i32,
    /// The pieces' [`KING_RING_ATTACKER`] weights, summed.
    weight: i32,
    /// The pieces' attacks on the squares next to the enemy king, counted
    /// by piece.
    adjacent: i32,
    /// The middlegame part of its mobility weights.
    mobility: i32,
}

/// A side's score as its terms are summed, and the tracer told of each
/// weight they use, with the side's sign (White +1).
struct Terms<'t, T> {
    score: Tapered,
    sign: i32,
    tracer: &'t mut T,
}

impl<T: Tracer> Terms<'_, T> {
    /// `count` times weight `index`.
    #[inline]
    fn add(&mut self, index: usize, count: i32) {
        self.score += WEIGHTS[index] * count;
        self.tracer.add(index, self.sign * count);
    }
}

/// The chess evaluation described in the module doc; it holds no state
/// (its per-thread cache of the pawn terms and the king shelter, in
/// `pawns.rs`, changes no score).
#[derive(Debug, Clone, Copy, Default)]
pub struct ChessEvaluator;

impl ChessEvaluator {
    /// `us`'s terms from `us`'s side but those that need both sides'
    /// attacks (see [`threats::contested`]), adding `us`'s pieces' phase to
    /// `phase_material` and each weight's use to `tracer`.
    #[inline]
    fn side<T: Tracer>(
        position: &Chess,
        us: Color,
        phase_material: &mut i32,
        tracer: &mut T,
    ) -> Side {
        let board = position.board();
        let sign = if us == Color::White { 1 } else { -1 };
        let them = !us;
        let occupied = board.occupied();
        let own = board.by_color(us);
        let pawn_sets = PawnSets::new(board, us);
        let our_king = board.king_of(us);
        // Stockfish's classical mobility area: neither squares enemy pawns
        // attack, nor own pawns that are blocked or have yet to advance two
        // ranks, nor the own king and queens, nor a piece that alone
        // shields the own king from an enemy slider.
        let low_ranks = match us {
            Color::White => Bitboard(0x0000_0000_00ff_ff00),
            Color::Black => Bitboard(0x00ff_ff00_0000_0000),
        };
        let stuck_pawns = pawn_sets.ours & (backward(us, occupied) | low_ranks);
        let shields = our_king.map_or(Bitboard::EMPTY, |k| king::blockers(board, k, us));
        let mobility_area = !(stuck_pawns
            | (own & (board.kings() | board.queens()))
            | shields
            | pawn_sets.enemy_attacks);
        let their_king = board.king_of(them);
        let king_zone = their_king.map_or(Bitboard::EMPTY, |k| king_attacks(k) | Bitboard::from(k));
        let king_ring = their_king.map_or(Bitboard::EMPTY, |k| king::ring(board, k, them));
        let king_adjacent = their_king.map_or(Bitboard::EMPTY, king_attacks);

        let mut terms = Terms {
            score: Tapered::default(),
            sign,
            tracer,
        };
        let mut king_attack_units = 0;
        let mut king_attackers = 0;
        let mut ring = RingAttack {
            squares: king_ring,
            attackers: (pawn_sets.attacks & king_ring).count() as i32,
            ..RingAttack::default()
        };
        // What each kind attacks (knight, bishop, rook, queen).
        let mut attacks_by_kind = [Bitboard::EMPTY; 4];
        let pawn_threats = pawn_sets.attacks;
        // Sliders see through the queens, rooks through their own rooks too
        // (Stockfish's classical x-rays: what stands behind is attacked as
        // soon as the front piece moves or exchanges).
        let through_queens = occupied ^ board.queens();
        let through_rooks = through_queens ^ (board.rooks() & own);
        // What the pawns and pieces so far attack, and what two of them do.
        let mut defends = pawn_threats;
        let mut twice = Bitboard::EMPTY;
        for role in Role::ALL {
            let r = role_index(role);
            for sq in board.by_piece(role.of(us)) {
                let relative = if us == Color::White {
                    sq
                } else {
                    sq.flip_vertical()
                };
                terms.score += PIECE_VALUES[r][relative.to_usize()];
                terms.tracer.add(MATERIAL + r, sign);
                terms.tracer.add(psqt_index(r, relative.to_usize()), sign);
                *phase_material += PHASE_WEIGHT[r];
                let mut attacks = match role {
                    Role::Knight => knight_attacks(sq),
                    Role::Bishop => bishop_attacks(sq, through_queens),
                    Role::Rook => rook_attacks(sq, through_rooks),
                    Role::Queen => bishop_attacks(sq, occupied) | rook_attacks(sq, occupied),
                    Role::Pawn | Role::King => continue,
                };
                // A pinned piece moves along its pin's line only.
                if let Some(king) = our_king
                    && shields.contains(sq)
                {
                    attacks &= ray(king, sq);
                }
                let mobility = (attacks & mobility_area).count();
                terms.add(MOBILITY_START[r - 1] + mobility, 1);
                ring.mobility += WEIGHTS[MOBILITY_START[r - 1] + mobility].0;
                if !(attacks & king_ring).is_empty() {
                    ring.attackers += 1;
                    ring.weight += KING_RING_ATTACKER[r - 1];
                    ring.adjacent += (attacks & king_adjacent).count() as i32;
                }
                if role == Role::Rook
                    && mobility <= 3
                    && let Some(king) = our_king
                    && (king.file() < File::E) == (sq.file() < king.file())
                {
                    terms.add(TRAPPED_ROOK, 1);
                }
                let on_zone = (attacks & king_zone).count() as i32;
                king_attack_units += on_zone * KING_ATTACK_UNITS[r - 1];
                king_attackers += usize::from(on_zone > 0);
                attacks_by_kind[r - 1] |= attacks;
                twice |= defends & attacks;
                defends |= attacks;
            }
        }
        if king_attackers > 0 {
            terms.add(KING_ATTACKERS + king_attackers.min(5) - 1, 1);
        }
        if (board.queens() & own).is_empty() {
            terms.add(KING_ATTACK_NO_QUEEN, king_attack_units);
        }

        threats::direct(board, us, pawn_threats, &attacks_by_kind, &mut terms);
        let passed = pawns::structure(board, us, &pawn_sets, &mut terms);
        pawns::unstoppable(position, us, passed, &mut terms);
        pieces::placement(board, us, &pawn_sets, &mut terms);
        king::safety(position, us, &pawn_sets, &attacks_by_kind, &mut terms);
        let king_area = our_king.map_or(Bitboard::EMPTY, king_attacks);
        twice |= defends & king_area;
        let attacks = defends | king_area;
        Side {
            score: terms.score,
            ring,
            shields,
            attacks,
            defends,
            passed,
            twice,
            pawn_attacks: pawn_threats,
            king_attacks: king_area,
            by_kind: attacks_by_kind,
        }
    }

    /// The evaluation for the side to move, reporting to `tracer`; also
    /// returns the parts of the trace that are not weight counts.
    #[inline]
    fn evaluate_traced<T: Tracer>(position: &Chess, tracer: &mut T) -> (i32, Trace) {
        let board = position.board();
        let mut phase = 0;
        let mut white = Self::side(position, Color::White, &mut phase, tracer);
        let mut black = Self::side(position, Color::Black, &mut phase, tracer);
        threats::contested(board, &mut white, &black, Color::White, tracer);
        threats::contested(board, &mut black, &white, Color::Black, tracer);
        let mut total = white.score;
        total -= black.score;
        pieces::imbalance(board, &mut total, tracer);
        let to_move = if position.turn() == Color::White {
            1
        } else {
            -1
        };
        total += WEIGHTS[SIDE_TO_MOVE] * to_move;
        tracer.add(SIDE_TO_MOVE, to_move);
        let mut offset = king::danger(board, Color::Black, &black, &white) + endgame::mating(board);
        offset -= king::danger(board, Color::White, &white, &black);
        total += offset;
        let mut parts = Trace {
            coefficients: Vec::new(),
            offset,
            phase: phase.min(PHASE_TOTAL),
            phase_total: PHASE_TOTAL,
            divisor: 1,
            scale: Trace::FULL_SCALE,
            white_to_move: position.turn() == Color::White,
            tempo: TEMPO,
        };
        let blended = parts.blend(total);

        // Without pawns, an edge of less than a rook rarely wins.
        let stronger = if blended > 0 {
            Color::White
        } else {
            Color::Black
        };
        if (board.pawns() & board.by_color(stronger)).is_empty()
            && non_pawn_material(board, stronger) - non_pawn_material(board, !stronger) < 400
        {
            parts.divisor = 8;
            return (parts.relative(blended), parts);
        }
        let strong = if total.1 > 0 {
            Color::White
        } else {
            Color::Black
        };
        let strong_passed = if strong == Color::White {
            white.passed
        } else {
            black.passed
        };
        parts.scale = endgame::scale(board, strong, strong_passed);
        (parts.relative(parts.blend(total)), parts)
    }
}

/// The trace of `position`'s evaluation: `trace(p).evaluate(&WEIGHTS)` is
/// [`ChessEvaluator`]'s score of `p`, and a tuner can score other weights
/// with it (the king danger, the endgame scale and the drawish divisor held
/// as they are).
pub fn trace(position: &Chess) -> Trace {
    let mut coefficients = Coefficients::new(WEIGHT_COUNT);
    let (_, mut trace) = ChessEvaluator::evaluate_traced(position, &mut coefficients);
    trace.coefficients = Trace::sparse(&coefficients);
    trace
}

/// `pieces` one rank forward from `color`'s side.
fn forward(color: Color, pieces: Bitboard) -> Bitboard {
    match color {
        Color::White => pieces.shift(8),
        Color::Black => pieces.shift(-8),
    }
}

/// `pieces` one rank back from `color`'s side.
fn backward(color: Color, pieces: Bitboard) -> Bitboard {
    forward(!color, pieces)
}

impl Evaluator<ChessNode> for ChessEvaluator {
    fn evaluate(&self, node: &ChessNode) -> i32 {
        Self::evaluate_traced(node.position(), &mut NoTrace).0
    }
}

fn non_pawn_material(board: &Board, color: Color) -> i32 {
    [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
        .into_iter()
        .map(|role| {
            board.by_piece(role.of(color)).count() as i32 * WEIGHTS[MATERIAL + role_index(role)].1
        })
        .sum()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests;
