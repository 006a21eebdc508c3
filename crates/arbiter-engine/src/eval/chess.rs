//! Chess evaluation: tapered (middlegame/endgame) material and piece-square
//! terms, mobility, pawn structure (passed, connected, doubled, isolated,
//! backward; passers' safe next square and path, rooks behind them), rooks
//! on open files and on the seventh, bishops' own pawns on their colour,
//! threats (pawn, minor and rook attacks on greater pieces; attacked
//! undefended pieces; safe pawn pushes that would attack), knight and bishop
//! outposts, minors behind pawns, space, and king safety (the shield, open
//! files by the king, storming pawns, attack units on its zone, its squares
//! defended by the king alone, safe checks, minors near it).
//!
//! Material and piece-square values began as PeSTO's published tapered
//! tables; every weight has since been fitted to labelled positions (the
//! runs are in `weights.rs`). Every weight is in [`WEIGHTS`] (see
//! [`LAYOUT`]); [`trace`] gives a position's evaluation as a function of
//! them, for tuning.

use shakmaty::attacks::{bishop_attacks, king_attacks, knight_attacks, rook_attacks};
use shakmaty::{Bitboard, Board, CastlingSide, Chess, Color, Position, Rank, Role};

use super::trace::{Coefficients, NoTrace, Tapered, Trace, Tracer};
use crate::Evaluator;
use crate::chess::ChessNode;

/// The middlegame/endgame weights, as data ([`LAYOUT`] names their parts).
mod weights;
pub use weights::WEIGHTS;
mod layout;
use layout::*;
pub use layout::{LAYOUT, WEIGHT_COUNT};
mod pawns;
#[cfg(test)]
use pawns::is_passed;
use pawns::{MASKS, files_of, on_files, pawn_attacks_of, pawn_shield, pawn_storm};

/// Phase weight per role; 24 = all minor and major pieces on the board.
const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];
const PHASE_TOTAL: i32 = 24;
/// King-zone attack units per attacked square, by attacker. The danger they
/// add grows with their square (see [`ChessEvaluator::side`]), so they are
/// not tuned: a trace takes the danger as a constant. (A weight per count of
/// units, fitted on the data of the note in `weights.rs` with the
/// piece-square tables held, came out jagged where few positions have the
/// count, and predicted held-out positions worse than the square held:
/// mean squared error 0.035553 against 0.035399.)
const KING_ATTACK_UNITS: [i32; 4] = [2, 2, 3, 5];
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
    /// The danger its attacks pose to the enemy king: a middlegame bonus,
    /// not linear in the weights.
    danger: i32,
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

/// The chess evaluation described in the module doc; it holds no state.
#[derive(Debug, Clone, Copy, Default)]
pub struct ChessEvaluator;

impl ChessEvaluator {
    /// `us`'s terms from `us`'s side but those that need both sides'
    /// attacks (see [`Self::contested`]), adding `us`'s pieces' phase to
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
        let our_pawns = board.pawns() & own;
        let their_pawns = board.pawns() & board.by_color(them);
        let enemy_pawn_attacks = pawn_attacks_of(them, their_pawns);
        let safe = !own & !enemy_pawn_attacks;
        let their_king = board.king_of(them);
        let king_zone = their_king.map_or(Bitboard::EMPTY, |k| king_attacks(k) | Bitboard::from(k));

        let mut terms = Terms {
            score: Tapered::default(),
            sign,
            tracer,
        };
        let mut king_attack_units = 0;
        let mut king_attackers = 0;
        // What each kind attacks (knight, bishop, rook, queen).
        let mut attacks_by_kind = [Bitboard::EMPTY; 4];
        let pawn_threats = pawn_attacks_of(us, our_pawns);
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
                let attacks = match role {
                    Role::Knight => knight_attacks(sq),
                    Role::Bishop => bishop_attacks(sq, occupied),
                    Role::Rook => rook_attacks(sq, occupied),
                    Role::Queen => bishop_attacks(sq, occupied) | rook_attacks(sq, occupied),
                    Role::Pawn | Role::King => continue,
                };
                terms.add(MOBILITY_START[r - 1] + (attacks & safe).count(), 1);
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
        for (i, side) in [CastlingSide::KingSide, CastlingSide::QueenSide]
            .into_iter()
            .enumerate()
        {
            if position.castles().has(us, side) {
                terms.add(CASTLING_RIGHTS + i, 1);
            }
        }
        let minor_attacks = attacks_by_kind[0] | attacks_by_kind[1];
        let their = |role: Role| board.by_piece(role.of(them));
        for (i, role) in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
            .into_iter()
            .enumerate()
        {
            terms.add(
                THREAT_BY_PAWN + i,
                (pawn_threats & their(role)).count() as i32,
            );
        }
        for (i, role) in [Role::Rook, Role::Queen].into_iter().enumerate() {
            terms.add(
                THREAT_BY_MINOR + i,
                (minor_attacks & their(role)).count() as i32,
            );
        }
        let threats = (attacks_by_kind[2] & their(Role::Queen)).count() as i32;
        terms.add(THREAT_BY_ROOK, threats);
        if (board.bishops() & own).more_than_one() {
            terms.add(BISHOP_PAIR, 1);
        }

        let passed = pawns::structure(board, us, &mut terms);
        let our_files = files_of(our_pawns);
        let their_files = files_of(their_pawns);
        for rook in board.rooks() & own {
            let file = 1u8 << rook.file() as u8;
            if our_files & file == 0 {
                let term = if their_files & file == 0 {
                    ROOK_OPEN_FILE
                } else {
                    ROOK_SEMI_OPEN_FILE
                };
                terms.add(term, 1);
            }
        }

        let our_king = board.king_of(us);
        if let Some(king) = our_king {
            terms.add(
                KING_SHIELD_PAWN,
                (pawn_shield(king, us) & our_pawns).count() as i32,
            );
            let file = Bitboard::from_file(king.file());
            if (our_pawns & file).is_empty() {
                terms.add(KING_OPEN_FILE, 1);
            }
            let open = [king.file().offset(-1), king.file().offset(1)]
                .into_iter()
                .flatten()
                .filter(|&f| (our_pawns & Bitboard::from_file(f)).is_empty())
                .count() as i32;
            terms.add(KING_OPEN_FILE + 1, open);
        }
        if let Some(king) = their_king {
            let diagonal = bishop_attacks(king, occupied);
            let straight = rook_attacks(king, occupied);
            let checks = [
                knight_attacks(king),
                diagonal,
                straight,
                diagonal | straight,
            ];
            for (i, (checking, attacking)) in checks.into_iter().zip(attacks_by_kind).enumerate() {
                if !(checking & attacking & safe).is_empty() {
                    terms.add(SAFE_CHECK + i, 1);
                }
            }
        }
        let outpost_ranks = match us {
            Color::White => [Rank::Fourth, Rank::Fifth, Rank::Sixth],
            Color::Black => [Rank::Fifth, Rank::Fourth, Rank::Third],
        };
        // Every square an enemy pawn attacks now or can after advancing.
        let enemy_pawn_span = {
            let mut span = enemy_pawn_attacks;
            for _ in 0..5 {
                span |= forward(them, span);
            }
            span
        };
        let outpost_squares = pawn_threats
            & !enemy_pawn_span
            & outpost_ranks
                .into_iter()
                .fold(Bitboard::EMPTY, |all, rank| all | Bitboard::from_rank(rank));
        for (i, role) in [Role::Knight, Role::Bishop].into_iter().enumerate() {
            let outposts = (board.by_piece(role.of(us)) & outpost_squares).count() as i32;
            terms.add(OUTPOST + i, outposts);
        }
        let reaching = (board.knights() & own)
            .into_iter()
            .filter(|&sq| !(knight_attacks(sq) & outpost_squares & !own).is_empty())
            .count() as i32;
        terms.add(REACHABLE_OUTPOST, reaching);
        let enemy_half = match us {
            Color::White => Bitboard(0xffff_ffff_0000_0000),
            Color::Black => Bitboard(0x0000_0000_ffff_ffff),
        };
        let infiltrated = board.queens() & own & enemy_half & !enemy_pawn_span;
        terms.add(QUEEN_INFILTRATION, infiltrated.count() as i32);
        let seventh = Bitboard::from_rank(match us {
            Color::White => Rank::Seventh,
            Color::Black => Rank::Second,
        });
        terms.add(
            ROOK_ON_SEVENTH,
            (board.rooks() & own & seventh).count() as i32,
        );
        let bishop_pawns = (board.bishops() & own)
            .into_iter()
            .map(|sq| {
                let colour = if Bitboard::LIGHT_SQUARES.contains(sq) {
                    Bitboard::LIGHT_SQUARES
                } else {
                    Bitboard::DARK_SQUARES
                };
                (our_pawns & colour).count() as i32
            })
            .sum::<i32>();
        terms.add(BISHOP_PAWNS, bishop_pawns);
        if let Some(king) = their_king {
            terms.add(
                PAWN_STORM,
                (pawn_storm(king, them) & our_pawns).count() as i32,
            );
        }
        let centre = on_files(0b0011_1100)
            & match us {
                Color::White => Bitboard(0x0000_0000_ffff_ff00),
                Color::Black => Bitboard(0x00ff_ffff_0000_0000),
            };
        let space = centre & !our_pawns & !enemy_pawn_attacks;
        let behind_pawns = {
            let back = |b: Bitboard| backward(us, b);
            let one = back(our_pawns);
            one | back(one) | back(back(one))
        };
        terms.add(SPACE, space.count() as i32);
        terms.add(SPACE + 1, (space & behind_pawns).count() as i32);
        let minors = (board.knights() | board.bishops()) & own;
        terms.add(
            MINOR_BEHIND_PAWN,
            (forward(us, minors) & board.pawns()).count() as i32,
        );
        if let Some(king) = our_king {
            for (i, role) in [Role::Knight, Role::Bishop].into_iter().enumerate() {
                let distance = board
                    .by_piece(role.of(us))
                    .into_iter()
                    .map(|sq| sq.distance(king) as i32)
                    .sum::<i32>();
                terms.add(KING_PROTECTOR + i, distance);
            }
        }
        for rook in board.rooks() & own {
            if !(board.queens() & Bitboard::from_file(rook.file())).is_empty() {
                terms.add(ROOK_ON_QUEEN_FILE, 1);
            }
        }
        for bishop in board.bishops() & own {
            if (bishop_attacks(bishop, board.pawns()) & CENTRE).more_than_one() {
                terms.add(LONG_DIAGONAL_BISHOP, 1);
            }
            let xray = bishop_attacks(bishop, Bitboard::EMPTY) & their_pawns;
            terms.add(BISHOP_XRAY_PAWNS, xray.count() as i32);
        }
        let king_area = our_king.map_or(Bitboard::EMPTY, king_attacks);
        twice |= defends & king_area;
        let attacks = defends | king_area;
        // Attacks on the enemy king grow quadratically: two attackers are far
        // more than twice as dangerous as one.
        let danger = (king_attack_units * king_attack_units / 6).min(500);
        Side {
            score: terms.score,
            danger,
            attacks,
            defends,
            passed,
            twice,
            pawn_attacks: pawn_threats,
            king_attacks: king_area,
            by_kind: attacks_by_kind,
        }
    }

    /// `us`'s terms that need both sides' attacks: hanging pieces (the
    /// enemy's pieces, neither pawns nor the king, that `us` attacks and the
    /// enemy does not defend), passed pawns' safe squares, weak squares by
    /// the enemy king and threats by safe pawn pushes. A square is attacked
    /// exactly when it is in the union of its side's attacks, each computed
    /// on the same board, so the union answers what `Board::attacks_to`
    /// would for each square, for both sides at once.
    fn contested<T: Tracer>(
        board: &Board,
        us: &mut Side,
        them: &Side,
        color: Color,
        tracer: &mut T,
    ) {
        let mut terms = Terms {
            score: Tapered::default(),
            sign: if color == Color::White { 1 } else { -1 },
            tracer,
        };
        let theirs = board.by_color(!color);
        let pieces = theirs & !board.pawns() & !board.kings();
        terms.add(
            HANGING,
            (pieces & us.attacks & !them.attacks).count() as i32,
        );

        let occupied = board.occupied();
        for sq in us.passed {
            let rank = pawns::relative_rank(sq, color) as usize;
            let Some(next) = forward(color, Bitboard::from(sq)).first() else {
                continue;
            };
            if occupied.contains(next) || them.attacks.contains(next) {
                continue;
            }
            terms.add(PASSED_SAFE_STOP + rank, 1);
            let path = MASKS.passed[color as usize][sq.to_usize()] & Bitboard::from_file(sq.file());
            // On the seventh the path is the next square: no second weight.
            if path.more_than_one() && (path & (occupied | them.attacks)).is_empty() {
                terms.add(PASSED_SAFE_PATH + rank, 1);
            }
        }

        if let Some(king) = board.king_of(!color) {
            let weak = king_attacks(king) & us.attacks & !them.defends;
            terms.add(KING_ZONE_WEAK, weak.count() as i32);
        }

        let our_pawns = board.pawns() & board.by_color(color);
        let their_pawn_attacks = pawn_attacks_of(!color, board.pawns() & theirs);
        let empty = !occupied;
        let single = forward(color, our_pawns) & empty;
        let third = Bitboard::from_rank(match color {
            Color::White => Rank::Third,
            Color::Black => Rank::Sixth,
        });
        let pushes = (single | (forward(color, single & third) & empty))
            & !their_pawn_attacks
            & (us.attacks | !them.attacks);
        let threats = pawn_attacks_of(color, pushes) & pieces;
        terms.add(THREAT_BY_PUSH, threats.count() as i32);

        if let Some(king) = board.king_of(!color) {
            // The enemy king's flank, in the enemy's camp (its first five ranks).
            let camp = match color {
                Color::White => Bitboard(0xffff_ffff_ff00_0000),
                Color::Black => Bitboard(0x0000_00ff_ffff_ffff),
            };
            let area = on_files(KING_FLANK[king.file() as usize]) & camp;
            let attacked = area & us.attacks;
            terms.add(KING_FLANK_ATTACK, attacked.count() as i32);
            terms.add(KING_FLANK_ATTACK + 1, (attacked & us.twice).count() as i32);
            terms.add(KING_FLANK_ATTACK + 2, (area & them.attacks).count() as i32);
        }

        // Squares the enemy holds firmly: its pawns attack them, or it
        // attacks them twice where we do not.
        let strongly_protected = them.pawn_attacks | (them.twice & !us.twice);
        let weak = theirs & !strongly_protected & us.attacks;
        let minor_attacks = us.by_kind[0] | us.by_kind[1];
        for (i, role) in [Role::Pawn, Role::Knight, Role::Bishop]
            .into_iter()
            .enumerate()
        {
            let targets = weak & board.by_piece(role.of(!color));
            terms.add(THREAT_ON_WEAK + i, (minor_attacks & targets).count() as i32);
            terms.add(
                THREAT_ON_WEAK + 3 + i,
                (us.by_kind[2] & targets).count() as i32,
            );
        }
        terms.add(THREAT_BY_KING, (us.king_attacks & weak).count() as i32);
        let restricted = them.attacks & us.attacks & !strongly_protected;
        terms.add(RESTRICTED, restricted.count() as i32);
        let queens = board.queens() & theirs;
        if let (Some(queen), false) = (queens.first(), queens.more_than_one()) {
            let safe = !board.by_color(color) & !strongly_protected;
            let knights = us.by_kind[0] & knight_attacks(queen) & safe;
            terms.add(QUEEN_THREAT, knights.count() as i32);
            let sliders = (us.by_kind[1] & bishop_attacks(queen, occupied))
                | (us.by_kind[2] & rook_attacks(queen, occupied));
            terms.add(QUEEN_THREAT + 1, (sliders & safe & us.twice).count() as i32);
        }
        us.score += terms.score;
    }

    /// The evaluation for the side to move, reporting to `tracer`; also
    /// returns the parts of the trace that are not weight counts.
    #[inline]
    fn evaluate_traced<T: Tracer>(position: &Chess, tracer: &mut T) -> (i32, Trace) {
        let board = position.board();
        let mut phase = 0;
        let mut white = Self::side(position, Color::White, &mut phase, tracer);
        let mut black = Self::side(position, Color::Black, &mut phase, tracer);
        Self::contested(board, &mut white, &black, Color::White, tracer);
        Self::contested(board, &mut black, &white, Color::Black, tracer);
        let mut total = white.score;
        total -= black.score;
        let offset = Tapered(white.danger - black.danger, 0);
        total += offset;
        let mut parts = Trace {
            coefficients: Vec::new(),
            offset,
            phase: phase.min(PHASE_TOTAL),
            phase_total: PHASE_TOTAL,
            divisor: 1,
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
        }
        (parts.relative(blended), parts)
    }
}

/// The trace of `position`'s evaluation: `trace(p).evaluate(&WEIGHTS)` is
/// [`ChessEvaluator`]'s score of `p`, and a tuner can score other weights
/// with it (the king danger and the drawish divisor held as they are).
pub fn trace(position: &Chess) -> Trace {
    let mut coefficients = Coefficients::new(WEIGHT_COUNT);
    let (_, mut trace) = ChessEvaluator::evaluate_traced(position, &mut coefficients);
    trace.coefficients = Trace::sparse(&coefficients);
    trace
}

/// d4, e4, d5 and e5.
const CENTRE: Bitboard = Bitboard(0x0000_0018_1800_0000);

/// The files of a king's flank by its file, as bits (a-file = bit 0): a to
/// c, a to d, a to d, c to f, c to f, e to h, e to h, f to h.
const KING_FLANK: [u8; 8] = [
    0b0000_0111,
    0b0000_1111,
    0b0000_1111,
    0b0011_1100,
    0b0011_1100,
    0b1111_0000,
    0b1111_0000,
    0b1110_0000,
];

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
