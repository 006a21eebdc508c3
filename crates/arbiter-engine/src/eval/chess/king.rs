//! Chess king safety from the king's side: its pawn shield, shelter and
//! open files, the enemy's safe checks and storming pawns, castling
//! rights; as the attacker, the enemy king's flank; and the danger to a
//! king from both sides' attacks, which grows with its square.

use shakmaty::attacks::{between, bishop_attacks, king_attacks, knight_attacks, rook_attacks};
use shakmaty::{Bitboard, Board, CastlingSide, Chess, Color, File, Position, Rank, Square};

use super::pawns::{self, PawnSets, on_files, pawn_shield, pawn_storm, relative_rank};
use super::*;
use crate::eval::trace::Tracer;

/// `us`'s king-safety terms, added to `terms`: its own king's shield and
/// files, and the checks and storms `us` threatens the enemy king with;
/// `attacks_by_kind` is what `us`'s knights, bishops, rooks and queens attack.
pub(super) fn safety<T: Tracer>(
    position: &Chess,
    us: Color,
    pawn_sets: &PawnSets,
    attacks_by_kind: &[Bitboard; 4],
    terms: &mut Terms<'_, T>,
) {
    let board = position.board();
    let them = !us;
    let occupied = board.occupied();
    let our_pawns = pawn_sets.ours;
    let safe = !board.by_color(us) & !pawn_sets.enemy_attacks;
    let our_king = board.king_of(us);
    let their_king = board.king_of(them);
    for (i, side) in [CastlingSide::KingSide, CastlingSide::QueenSide]
        .into_iter()
        .enumerate()
    {
        if position.castles().has(us, side) {
            terms.add(CASTLING_RIGHTS + i, 1);
        }
    }
    if let Some(king) = our_king {
        let rights = [CastlingSide::KingSide, CastlingSide::QueenSide]
            .map(|side| position.castles().has(us, side));
        if T::RECORDS {
            for &index in &Shelter::best(king, us, rights, pawn_sets).weights {
                terms.add(index, 1);
            }
        } else {
            let key = Shelter::key(king, rights);
            terms.score += pawns::cached_shelter(us, pawn_sets, key, || {
                let best = Shelter::best(king, us, rights, pawn_sets);
                best.weights
                    .iter()
                    .map(|&w| WEIGHTS[w])
                    .fold(Tapered::default(), |a, b| a + b)
            });
        }
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
        if let Some(nearest) = our_pawns.into_iter().map(|p| king.distance(p)).min() {
            terms.add(KING_PAWN_DISTANCE, nearest as i32);
        }
        if (board.pawns() & on_files(KING_FLANK[king.file() as usize])).is_empty() {
            terms.add(PAWNLESS_FLANK, 1);
        }
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
        for (i, (checking, attacking)) in checks.into_iter().zip(*attacks_by_kind).enumerate() {
            if !(checking & attacking & safe).is_empty() {
                terms.add(SAFE_CHECK + i, 1);
            }
        }
    }
    if let Some(king) = their_king {
        terms.add(
            PAWN_STORM,
            (pawn_storm(king, them) & our_pawns).count() as i32,
        );
    }
}

/// A king's pawn shelter on a square: the weights it counts once each
/// (three files' shelter and storm, the king's file), and their
/// middlegame sum, to choose between squares by.
struct Shelter {
    weights: [usize; 7],
    middlegame: i32,
}

impl Shelter {
    /// The shelter of `color`'s king on `king`, or where it may still
    /// castle (`rights`: kingside, queenside) the better of its square and
    /// the castled one by middlegame weight (Stockfish's classical).
    fn best(king: Square, color: Color, rights: [bool; 2], pawn_sets: &PawnSets) -> Self {
        let mut best = Shelter::of(king, color, pawn_sets);
        for (right, file) in rights.into_iter().zip([File::G, File::C]) {
            if right {
                let castled = Square::from_coords(file, king.rank());
                let shelter = Shelter::of(castled, color, pawn_sets);
                if shelter.middlegame > best.middlegame {
                    best = shelter;
                }
            }
        }
        best
    }

    /// What [`Shelter::best`] depends on besides the pawns, as a key from 1
    /// (0 is none).
    fn key(king: Square, rights: [bool; 2]) -> u16 {
        1 + u16::from(king) + 64 * u16::from(rights[0]) + 128 * u16::from(rights[1])
    }

    /// `color`'s shelter for its king on `king`: on the three files around
    /// it, the own pawn nearest the own side in front of the king and not
    /// attacked by an enemy pawn, the enemy's nearest pawn there, blocked
    /// or not by an own pawn right before it; and the king's file's pawns.
    fn of(king: Square, color: Color, pawn_sets: &PawnSets) -> Self {
        let rank = relative_rank(king, color);
        // The king's rank and those before it, from `color`'s side.
        let in_front = Bitboard(match color {
            Color::White => u64::MAX << (8 * rank),
            Color::Black => u64::MAX >> (8 * rank),
        });
        let ours = pawn_sets.ours & in_front & !pawn_sets.enemy_attacks;
        let theirs = pawn_sets.theirs & in_front;
        // The relative rank of the pawn of `pawns` (on one file) nearest
        // `color`'s side, 0 for none: its lowest square for White, highest
        // for Black.
        let nearest = |pawns: Bitboard| {
            let pawn = match color {
                Color::White => pawns.first(),
                Color::Black => pawns.last(),
            };
            pawn.map_or(0, |p| relative_rank(p, color) as usize)
        };
        let centre = king.file().clamp(File::B, File::G);
        let mut weights = [0; 7];
        for (i, file) in [centre.offset(-1), Some(centre), centre.offset(1)]
            .into_iter()
            .flatten()
            .enumerate()
        {
            let on_file = Bitboard::from_file(file);
            let edge = (file as usize).min(7 - file as usize);
            let our_rank = nearest(ours & on_file);
            let their_rank = nearest(theirs & on_file);
            weights[2 * i] = KING_SHELTER + edge * 8 + our_rank;
            weights[2 * i + 1] = if our_rank != 0 && our_rank + 1 == their_rank {
                KING_STORM_BLOCKED + their_rank
            } else {
                KING_STORM + edge * 8 + their_rank
            };
        }
        let file = Bitboard::from_file(king.file());
        let own_open = usize::from((pawn_sets.ours & file).is_empty());
        let their_open = usize::from((pawn_sets.theirs & file).is_empty());
        weights[6] = KING_ON_FILE + 2 * own_open + their_open;
        let middlegame = weights.iter().map(|&w| WEIGHTS[w].0).sum();
        Shelter {
            weights,
            middlegame,
        }
    }
}

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

/// `us`'s attacks on the enemy king's flank, in the enemy's camp (its first
/// five ranks): the squares `us` attacks, attacks twice, and that the enemy
/// defends.
pub(super) fn flank<T: Tracer>(
    board: &Board,
    us: &Side,
    them: &Side,
    color: Color,
    terms: &mut Terms<'_, T>,
) {
    if let Some(king) = board.king_of(!color) {
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
}

/// Stockfish's classical king-danger units for safe checks by a knight,
/// bishop, rook and queen: one square to check from, more than one.
const SAFE_CHECK_DANGER: [[i32; 2]; 4] = [[792, 1283], [645, 967], [1084, 1897], [772, 1119]];

/// Centipawns per 100 of Stockfish's classical internal units: its minor
/// and major pieces' middlegame values against ours (a knight 781 against
/// 357, a queen 2538 against 1085).
const UNITS_PERCENT: i32 = 46;

/// The share of Stockfish's king-danger penalty taken, in percent of its
/// value in our units.
const DANGER_PERCENT: i32 = 33;

/// The ring of `color`'s king on `king` (Stockfish's classical
/// `kingRing`): the squares around it, as if it stood off the board's
/// edge, less those two of its own pawns attack.
pub(super) fn ring(board: &Board, king: Square, color: Color) -> Bitboard {
    let centre = Square::from_coords(
        king.file().clamp(File::B, File::G),
        king.rank().clamp(Rank::Second, Rank::Seventh),
    );
    let pawns = board.pawns() & board.by_color(color);
    let west = forward(color, pawns & !Bitboard::from_file(File::A)).shift(-1);
    let east = forward(color, pawns & !Bitboard::from_file(File::H)).shift(1);
    (king_attacks(centre) | Bitboard::from(centre)) & !(west & east)
}

/// The danger to `color`'s king from `attacker`'s pieces, `defender`
/// being its own side: Stockfish's classical king danger (the ring's
/// attackers by weight, the attacks next to the king, its weak ring
/// squares, safe and unsafe checks, pieces pinned to it or shielding a
/// discovered check, attacks on its flank squared, the mobility
/// difference; less without the attacker's queen, with a knight by the
/// king, and for the flank's defenders), as a penalty that grows with the
/// square of the danger in the middlegame and linearly in the endgame,
/// from `attacker`'s side. It is not linear in the weights, so a trace
/// takes it as a constant.
pub(super) fn danger(board: &Board, color: Color, defender: &Side, attacker: &Side) -> Tapered {
    let Some(king) = board.king_of(color) else {
        return Tapered::default();
    };
    let them = !color;
    let occupied = board.occupied();
    let ring_squares = attacker.ring.squares;
    // Squares the enemy attacks that we defend once at most, and only with
    // the king or queen if at all.
    let weak = attacker.attacks
        & !defender.twice
        & (!defender.attacks | defender.king_attacks | defender.by_kind[3]);
    let safe = !board.by_color(them) & (!defender.attacks | (weak & attacker.twice));
    let x_ray = occupied ^ (board.queens() & board.by_color(color));
    let straight = rook_attacks(king, x_ray);
    let diagonal = bishop_attacks(king, x_ray);

    let mut units = 0;
    let mut unsafe_checks = Bitboard::EMPTY;
    let check = |squares: Bitboard, kind: usize| {
        SAFE_CHECK_DANGER[kind][usize::from(squares.more_than_one())]
    };
    let rook_checks = straight & attacker.by_kind[2] & safe;
    if rook_checks.is_empty() {
        unsafe_checks |= straight & attacker.by_kind[2];
    } else {
        units += check(rook_checks, 2);
    }
    let queen_checks =
        (straight | diagonal) & attacker.by_kind[3] & safe & !defender.by_kind[3] & !rook_checks;
    if !queen_checks.is_empty() {
        units += check(queen_checks, 3);
    }
    let bishop_checks = diagonal & attacker.by_kind[1] & safe & !queen_checks;
    if bishop_checks.is_empty() {
        unsafe_checks |= diagonal & attacker.by_kind[1];
    } else {
        units += check(bishop_checks, 1);
    }
    let knight_checks = knight_attacks(king) & attacker.by_kind[0];
    if (knight_checks & safe).is_empty() {
        unsafe_checks |= knight_checks;
    } else {
        units += check(knight_checks & safe, 0);
    }

    let camp = match color {
        Color::White => Bitboard(0x0000_00ff_ffff_ffff),
        Color::Black => Bitboard(0xffff_ffff_ff00_0000),
    };
    let flank = on_files(KING_FLANK[king.file() as usize]) & camp;
    let flank_attacked = flank & attacker.attacks;
    let flank_attack = (flank_attacked.count() + (flank_attacked & attacker.twice).count()) as i32;
    let flank_defence = (flank & defender.attacks).count() as i32;
    let mobility = (attacker.ring.mobility - defender.ring.mobility) * 100 / UNITS_PERCENT;
    let no_queen = (board.queens() & board.by_color(them)).is_empty();
    let knight_guard = !(defender.by_kind[0] & defender.king_attacks).is_empty();

    units += attacker.ring.attackers * attacker.ring.weight
        + 183 * (ring_squares & weak).count() as i32
        + 148 * unsafe_checks.count() as i32
        + 98 * defender.shields.count() as i32
        + 69 * attacker.ring.adjacent
        + 3 * flank_attack * flank_attack / 8
        + mobility
        - 873 * i32::from(no_queen)
        - 100 * i32::from(knight_guard)
        - 4 * flank_defence
        + 37;
    if units <= 100 {
        return Tapered::default();
    }
    Tapered(
        units * units / 4096 * UNITS_PERCENT * DANGER_PERCENT / 10_000,
        units / 16 * UNITS_PERCENT * DANGER_PERCENT / 10_000,
    )
}

/// The pieces of either side that alone stand between `color`'s king on
/// `king` and an enemy slider: pinned, or shielding a discovered check.
pub(super) fn blockers(board: &Board, king: Square, color: Color) -> Bitboard {
    let enemy = board.by_color(!color);
    let snipers = ((rook_attacks(king, Bitboard::EMPTY) & board.rooks_and_queens())
        | (bishop_attacks(king, Bitboard::EMPTY) & board.bishops_and_queens()))
        & enemy;
    let occupied = board.occupied() ^ snipers;
    let mut found = Bitboard::EMPTY;
    for sniper in snipers {
        let between = between(king, sniper) & occupied;
        if !between.more_than_one() {
            found |= between;
        }
    }
    found
}
