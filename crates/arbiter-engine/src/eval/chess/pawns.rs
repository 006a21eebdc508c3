//! Chess pawn structure: the pawn terms of the evaluation (doubled,
//! isolated, connected, passed and backward pawns) and the pawn masks and
//! sets the other terms share.

use shakmaty::attacks::rook_attacks;
use shakmaty::{Bitboard, Board, Chess, Color, File, Position, Rank, Square};

use super::*;
use crate::eval::trace::Tracer;

/// One side's pawns, the enemy's, and what each attacks: computed once a
/// side and read by every term that needs them.
#[derive(Debug, Clone, Copy)]
pub(super) struct PawnSets {
    pub(super) ours: Bitboard,
    pub(super) theirs: Bitboard,
    pub(super) attacks: Bitboard,
    pub(super) enemy_attacks: Bitboard,
}

impl PawnSets {
    pub(super) fn new(board: &Board, us: Color) -> Self {
        let ours = board.pawns() & board.by_color(us);
        let theirs = board.pawns() & board.by_color(!us);
        PawnSets {
            ours,
            theirs,
            attacks: pawn_attacks_of(us, ours),
            enemy_attacks: pawn_attacks_of(!us, theirs),
        }
    }
}

/// `us`'s king shelter score, which depends on the pawns and `key` alone
/// (the king's square and castling rights): from the pawn cache's entry
/// for these pawns when it holds `key`, else `compute`d and stored there.
/// The entry is [`structure`]'s, filled earlier in the same evaluation.
pub(super) fn cached_shelter(
    us: Color,
    pawn_sets: &PawnSets,
    key: u16,
    compute: impl FnOnce() -> Tapered,
) -> Tapered {
    cache::shelter(us, pawn_sets, key, compute)
}

/// `us`'s pawn-structure terms, added to `terms`; returns `us`'s passed pawns.
pub(super) fn structure<T: Tracer>(
    board: &Board,
    us: Color,
    pawn_sets: &PawnSets,
    terms: &mut Terms<'_, T>,
) -> Bitboard {
    let passed = if T::RECORDS {
        pawns_alone(us, pawn_sets, terms)
    } else {
        let (score, passed) = cache::pawns_alone(us, pawn_sets);
        terms.score += score;
        passed
    };
    passers(board, us, passed, terms);
    passed
}

/// `us`'s terms of its passed pawns that depend on more than pawns: the
/// rooks behind them, a piece on the next square, the kings' distance to it.
fn passers<T: Tracer>(board: &Board, us: Color, passed: Bitboard, terms: &mut Terms<'_, T>) {
    let them = !us;
    let occupied = board.occupied();
    let kings = [board.king_of(us), board.king_of(them)];
    for sq in passed {
        // Behind it from our side is ahead of it from theirs.
        let behind = MASKS.passed[them as usize][sq.to_usize()] & Bitboard::from_file(sq.file());
        let rooks_behind = rook_attacks(sq, occupied) & behind & board.rooks();
        terms.add(
            ROOK_BEHIND_PASSER,
            (rooks_behind & board.by_color(us)).count() as i32,
        );
        terms.add(
            ROOK_BEHIND_PASSER + 1,
            (rooks_behind & board.by_color(them)).count() as i32,
        );
        // A passed pawn never stands on its last rank, so it has a next square.
        let Some(next) = sq.offset(if us == Color::White { 8 } else { -8 }) else {
            continue;
        };
        if occupied.contains(next) {
            terms.add(PASSED_BLOCKED + relative_rank(sq, us) as usize, 1);
        }
        for (i, king) in kings.into_iter().enumerate() {
            if let Some(king) = king {
                terms.add(PASSED_KING_DISTANCE + i, king.distance(next) as i32);
            }
        }
    }
}

/// `us`'s pawn-structure terms that depend on the pawns alone, added to
/// `terms`; returns `us`'s passed pawns.
fn pawns_alone<T: Tracer>(us: Color, pawn_sets: &PawnSets, terms: &mut Terms<'_, T>) -> Bitboard {
    let them = !us;
    let our_pawns = pawn_sets.ours;
    let their_pawns = pawn_sets.theirs;

    // Pawn files as eight bits (a-file = bit 0): a file's pawns beyond the
    // first are doubled, and all of them are isolated when neither
    // neighbouring file has one.
    let our_files = files_of(our_pawns);
    let doubled = our_pawns.count() as i32 - our_files.count_ones() as i32;
    if doubled > 0 {
        terms.add(DOUBLED_PAWN, doubled);
    }
    let isolated_files = our_files & !((our_files << 1) | (our_files >> 1));
    let isolated_pawns = our_pawns & on_files(isolated_files);
    let isolated = isolated_pawns.count() as i32;
    if isolated > 0 {
        terms.add(ISOLATED_PAWN, isolated);
    }

    let beside = (our_pawns.shift(1) & !Bitboard::from_file(File::A))
        | (our_pawns.shift(-1) & !Bitboard::from_file(File::H));
    let connected = our_pawns & (pawn_sets.attacks | beside);
    for sq in connected {
        terms.add(CONNECTED_PAWN + relative_rank(sq, us) as usize, 1);
    }

    let mut passed = Bitboard::EMPTY;
    for sq in our_pawns {
        if is_passed(sq, us, their_pawns) {
            passed.add(sq);
            terms.add(PASSED_PAWN + relative_rank(sq, us) as usize, 1);
        }
    }

    // The pawns whose next square an enemy pawn attacks; few, so the
    // support test below runs for few.
    let stop_attacked = match us {
        Color::White => pawn_sets.enemy_attacks.shift(-8),
        Color::Black => pawn_sets.enemy_attacks.shift(8),
    };
    let backward_pawns: Bitboard = (our_pawns & stop_attacked)
        .into_iter()
        .filter(|&sq| {
            // Behind it from our side is ahead of it from theirs.
            let behind_or_beside =
                MASKS.passed[them as usize][sq.to_usize()] | Bitboard::from_rank(sq.rank());
            (behind_or_beside & neighbours(sq) & our_pawns).is_empty() && !passed.contains(sq)
        })
        .collect();
    terms.add(BACKWARD_PAWN, backward_pawns.count() as i32);
    let unopposed = (isolated_pawns | backward_pawns)
        .into_iter()
        .filter(|&sq| {
            let ahead = MASKS.passed[us as usize][sq.to_usize()] & Bitboard::from_file(sq.file());
            (ahead & their_pawns).is_empty()
        })
        .count() as i32;
    terms.add(WEAK_UNOPPOSED, unopposed);
    for sq in our_pawns & backward(us, their_pawns) {
        let rank = relative_rank(sq, us);
        if rank == 4 || rank == 5 {
            terms.add(BLOCKED_PAWN + rank as usize - 4, 1);
        }
    }

    for sq in our_pawns & !passed {
        let ahead = MASKS.passed[us as usize][sq.to_usize()];
        if !(ahead & Bitboard::from_file(sq.file()) & their_pawns).is_empty() {
            continue;
        }
        let behind_or_beside =
            MASKS.passed[them as usize][sq.to_usize()] | Bitboard::from_rank(sq.rank());
        let sentries = (ahead & neighbours(sq) & their_pawns).count();
        let helpers = (behind_or_beside & neighbours(sq) & our_pawns).count();
        if helpers >= sentries {
            terms.add(CANDIDATE_PASSER + relative_rank(sq, us) as usize, 1);
        }
    }
    // Each pawn's defenders, one side's diagonal, then the other's.
    let not_a = our_pawns & !Bitboard::from_file(File::A);
    let not_h = our_pawns & !Bitboard::from_file(File::H);
    let (west, east) = match us {
        Color::White => (not_a.shift(7), not_h.shift(9)),
        Color::Black => (not_a.shift(-9), not_h.shift(-7)),
    };
    let support = (west & our_pawns).count() + (east & our_pawns).count();
    terms.add(PAWN_SUPPORT, support as i32);
    passed
}

/// The pawns-alone terms of the positions a thread evaluated last, by
/// their pawns: a search meets far fewer pawn structures than positions
/// (pieces move more often than pawns), so most evaluations find theirs
/// here. A cached value is the value [`pawns_alone`] gives, so the
/// evaluation stays what it was; only its cost falls.
mod cache {
    use std::cell::RefCell;

    use super::*;
    use crate::eval::trace::NoTrace;

    /// Slots: 2^12 of an entry per colour, 384 KiB. (At 2^11 a 100,000-node
    /// search from the opening missed 20 % of its lookups, at 2^13 17 %:
    /// most misses are structures met for the first time.)
    const BITS: u32 = 12;

    /// One side's pawns-alone terms for the pawns `ours` and `theirs`. All
    /// zero, an entry is the true one of a board without pawns, so the
    /// table needs no empty mark.
    #[derive(Clone, Copy)]
    struct Entry {
        ours: Bitboard,
        theirs: Bitboard,
        score: Tapered,
        passed: Bitboard,
        /// The key [`shelter`] was last computed for (0: none yet).
        shelter_key: u16,
        shelter: Tapered,
    }

    const ZERO: Entry = Entry {
        ours: Bitboard::EMPTY,
        theirs: Bitboard::EMPTY,
        score: Tapered(0, 0),
        passed: Bitboard::EMPTY,
        shelter_key: 0,
        shelter: Tapered(0, 0),
    };

    fn slot(pawn_sets: &PawnSets) -> usize {
        let (ours, theirs) = (pawn_sets.ours, pawn_sets.theirs);
        let mixed = (ours.0 ^ theirs.0.rotate_left(32)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (mixed >> (64 - BITS)) as usize
    }

    thread_local! {
        /// Per colour (`Color as usize`), direct-mapped; allocated in a
        /// thread's first evaluation, so that the service's other threads
        /// carry none.
        static TABLE: RefCell<Vec<[Entry; 2]>> = RefCell::new(vec![[ZERO; 2]; 1 << BITS]);
    }

    /// [`pawns_alone`]'s score and passed pawns for `us`, from the table
    /// when it holds these pawns, else computed and stored.
    pub(super) fn pawns_alone(us: Color, pawn_sets: &PawnSets) -> (Tapered, Bitboard) {
        let (ours, theirs) = (pawn_sets.ours, pawn_sets.theirs);
        let slot = slot(pawn_sets);
        TABLE.with_borrow_mut(|table| {
            let entry = &mut table[slot][us as usize];
            if entry.ours != ours || entry.theirs != theirs {
                let mut terms = Terms {
                    score: Tapered::default(),
                    sign: 0,
                    tracer: &mut NoTrace,
                };
                let passed = super::pawns_alone(us, pawn_sets, &mut terms);
                *entry = Entry {
                    ours,
                    theirs,
                    score: terms.score,
                    passed,
                    shelter_key: 0,
                    shelter: Tapered::default(),
                };
            }
            (entry.score, entry.passed)
        })
    }

    /// See [`super::cached_shelter`]. Should the entry hold other pawns
    /// (it cannot while [`pawns_alone`] fills it first), the shelter is
    /// computed and not stored.
    pub(super) fn shelter(
        us: Color,
        pawn_sets: &PawnSets,
        key: u16,
        compute: impl FnOnce() -> Tapered,
    ) -> Tapered {
        TABLE.with_borrow_mut(|table| {
            let entry = &mut table[slot(pawn_sets)][us as usize];
            if entry.ours != pawn_sets.ours || entry.theirs != pawn_sets.theirs {
                return compute();
            }
            if entry.shelter_key != key {
                entry.shelter = compute();
                entry.shelter_key = key;
            }
            entry.shelter
        })
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        /// The shelter is kept only in the entry of its own pawns, by its
        /// key, and a new structure in the slot forgets it.
        #[test]
        fn shelter_is_kept_by_its_pawns_and_key() {
            // A thread of its own, so that the table starts empty.
            std::thread::spawn(|| {
                let board = |fen: &str| Board::from_ascii_board_fen(fen.as_bytes()).expect("board");
                let sheltered = PawnSets::new(&board("4k3/pp6/8/8/8/8/5PPP/6K1"), Color::White);
                let key = 7;
                let stored = || -> Tapered { panic!("computed again, though stored") };
                // No entry holds these pawns yet: computed each time, never stored.
                assert_eq!(
                    shelter(Color::White, &sheltered, key, || Tapered(3, 4)),
                    Tapered(3, 4)
                );
                assert_eq!(
                    shelter(Color::White, &sheltered, key, || Tapered(5, 6)),
                    Tapered(5, 6)
                );
                // Once the pawn terms fill the entry, the next computation is kept.
                pawns_alone(Color::White, &sheltered);
                assert_eq!(
                    shelter(Color::White, &sheltered, key, || Tapered(3, 4)),
                    Tapered(3, 4)
                );
                assert_eq!(
                    shelter(Color::White, &sheltered, key, stored),
                    Tapered(3, 4)
                );
                // Another key (king square, castling rights) replaces it.
                assert_eq!(
                    shelter(Color::White, &sheltered, key + 1, || Tapered(8, 9)),
                    Tapered(8, 9)
                );
                assert_eq!(
                    shelter(Color::White, &sheltered, key + 1, stored),
                    Tapered(8, 9)
                );
                // The other colour's entry is its own.
                assert_eq!(
                    shelter(Color::Black, &sheltered, key + 1, || Tapered(1, 1)),
                    Tapered(1, 1)
                );
                // Pawns that share the slot replace the entry, and the shelter with it.
                let colliding = (0..1u64 << 20)
                    .map(|bits| PawnSets {
                        ours: Bitboard(bits << 8),
                        ..sheltered
                    })
                    .find(|other| other.ours != sheltered.ours && slot(other) == slot(&sheltered))
                    .expect("one of 2^20 structures shares its slot of 2^12");
                pawns_alone(Color::White, &colliding);
                assert_eq!(
                    shelter(Color::White, &colliding, key + 1, || Tapered(2, 2)),
                    Tapered(2, 2)
                );
                pawns_alone(Color::White, &sheltered);
                assert_eq!(
                    shelter(Color::White, &sheltered, key + 1, || Tapered(4, 4)),
                    Tapered(4, 4)
                );
            })
            .join()
            .expect("the checks hold");
        }
    }
}

/// `us`'s `passed` pawns the enemy king cannot catch by the rule of the
/// square, when the enemy has nothing but its king and pawns: the king,
/// moving first when it is the enemy's turn, is farther from the pawn's
/// promotion square than the pawn's moves to it (a double step counted),
/// and nothing stands on the pawn's path.
pub(super) fn unstoppable<T: Tracer>(
    position: &Chess,
    us: Color,
    passed: Bitboard,
    terms: &mut Terms<'_, T>,
) {
    let board = position.board();
    let them = !us;
    if !(board.by_color(them) & !board.pawns() & !board.kings()).is_empty() {
        return;
    }
    let Some(king) = board.king_of(them) else {
        return;
    };
    let tempo = i32::from(position.turn() == them);
    let last = match us {
        Color::White => Rank::Eighth,
        Color::Black => Rank::First,
    };
    let count = passed
        .into_iter()
        .filter(|&sq| {
            let path = MASKS.passed[us as usize][sq.to_usize()] & Bitboard::from_file(sq.file());
            let rank = relative_rank(sq, us);
            let moves = 7 - rank - i32::from(rank == 1);
            let promotion = Square::from_coords(sq.file(), last);
            (path & board.occupied()).is_empty() && king.distance(promotion) as i32 - tempo > moves
        })
        .count() as i32;
    terms.add(UNSTOPPABLE_PASSER, count);
}

/// Every square attacked by `pawns` of `color`, by shifting the whole set.
pub(super) fn pawn_attacks_of(color: Color, pawns: Bitboard) -> Bitboard {
    let not_a = pawns & !Bitboard::from_file(File::A);
    let not_h = pawns & !Bitboard::from_file(File::H);
    match color {
        Color::White => not_a.shift(7) | not_h.shift(9),
        Color::Black => not_a.shift(-9) | not_h.shift(-7),
    }
}

/// The files holding a piece of `pieces`, as bits (a-file = bit 0).
pub(super) fn files_of(pieces: Bitboard) -> u8 {
    let mut ranks = pieces.0;
    ranks |= ranks >> 32;
    ranks |= ranks >> 16;
    ranks |= ranks >> 8;
    (ranks & 0xff) as u8
}

/// Every square of the files in `files` (a-file = bit 0).
pub(super) fn on_files(files: u8) -> Bitboard {
    Bitboard(u64::from(files) * 0x0101_0101_0101_0101)
}

/// The two files beside `sq`'s.
fn neighbours(sq: Square) -> Bitboard {
    let file = 1u8 << sq.file() as u8;
    on_files((file << 1) | (file >> 1))
}

pub(super) fn relative_rank(sq: Square, color: Color) -> i32 {
    match color {
        Color::White => sq.rank() as i32,
        Color::Black => 7 - sq.rank() as i32,
    }
}

/// Pawn-structure masks, per colour (`Color as usize`, Black = 0) and square:
/// the squares an enemy pawn must not occupy for a pawn to be passed, and the
/// king's pawn shield (three files, two ranks in front of it).
pub(super) struct Masks {
    pub(super) passed: [[Bitboard; 64]; 2],
    shield: [[Bitboard; 64]; 2],
}

/// Built at compile time, so that a lookup needs no check that it is.
pub(super) static MASKS: Masks = masks();

const fn masks() -> Masks {
    let mut masks = Masks {
        passed: [[Bitboard::EMPTY; 64]; 2],
        shield: [[Bitboard::EMPTY; 64]; 2],
    };
    let mut color = 0;
    while color < 2 {
        // `Color as usize`: Black = 0 steps down the board, White = 1 up.
        let step: i32 = if color == 1 { 1 } else { -1 };
        let mut square = 0;
        while square < 64 {
            let file = (square % 8) as i32;
            let rank = (square / 8) as i32;
            let (mut passed, mut shield) = (0u64, 0u64);
            let mut f = if file > 0 { file - 1 } else { 0 };
            while f <= file + 1 && f < 8 {
                let mut r = rank + step;
                while r >= 0 && r < 8 {
                    let target = 1u64 << (r * 8 + f);
                    passed |= target;
                    if (r - rank).abs() <= 2 {
                        shield |= target;
                    }
                    r += step;
                }
                f += 1;
            }
            masks.passed[color][square] = Bitboard(passed);
            masks.shield[color][square] = Bitboard(shield);
            square += 1;
        }
        color += 1;
    }
    masks
}

pub(super) fn is_passed(sq: Square, color: Color, their_pawns: Bitboard) -> bool {
    (MASKS.passed[color as usize][sq.to_usize()] & their_pawns).is_empty()
}

/// The three squares in front of the king and the three beyond them.
pub(super) fn pawn_shield(king: Square, color: Color) -> Bitboard {
    MASKS.shield[color as usize][king.to_usize()]
}

/// The squares on the king's file and its neighbours, one to three ranks in
/// front of it from `color`'s side: where the enemy's storming pawns stand.
pub(super) fn pawn_storm(king: Square, color: Color) -> Bitboard {
    let ahead = MASKS.passed[color as usize][king.to_usize()];
    let beyond = king
        .offset(if color == Color::White { 24 } else { -24 })
        .map_or(Bitboard::EMPTY, |far| {
            MASKS.passed[color as usize][far.to_usize()]
        });
    ahead & !beyond
}
