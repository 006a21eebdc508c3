//! The board's geometry as sets of points, for code that reads a position
//! by its bits ([`Position::pieces`](super::Position::pieces),
//! [`Position::occupied`](super::Position::occupied)), such as an
//! evaluation: `u128` boards with bit `rank * 9 + file`, rank 0 Red's back
//! rank, file 0 the a-file. Halves, lines and rays are read from the tables
//! move generation itself uses, so the two cannot disagree.

use super::attacks::{self, HALF, NORTH, RAYS, SOUTH};
use super::types::side_index;
use crate::Side;

/// The points of file `file` (0 = a).
///
/// # Panics
/// If `file` is 9 or more.
#[must_use]
pub const fn file(file: usize) -> u128 {
    assert!(file < 9, "a xiangqi board has 9 files");
    let mut points = 0u128;
    let mut rank = 0;
    while rank < 10 {
        points |= 1u128 << (rank * 9 + file);
        rank += 1;
    }
    points
}

/// The points of `side`'s own half, up to the river (Red: ranks 0-4).
#[must_use]
pub const fn half(side: Side) -> u128 {
    HALF[side_index(side)]
}

/// The points of `sq`'s file ahead of it for `side` (towards the enemy),
/// without `sq`.
#[inline]
#[must_use]
pub fn file_ahead(sq: usize, side: Side) -> u128 {
    let dir = match side {
        Side::White => NORTH,
        Side::Black => SOUTH,
    };
    RAYS[dir][sq]
}

/// The points strictly between `a` and `b` if they share a rank or file,
/// else none.
#[inline]
#[must_use]
pub fn between(a: usize, b: usize) -> u128 {
    attacks::between(a, b)
}

/// The points a chariot on `sq` reaches under occupancy `occ`: each line
/// up to and including its first piece. Without the occupied ones, they are
/// a cannon's moves too.
#[inline]
#[must_use]
pub fn lines_to_first_piece(sq: usize, occ: u128) -> u128 {
    attacks::chariot_attacks(sq, occ)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_halves_and_lines() {
        // The nine files, ten points each, cover the board once.
        let files: Vec<u128> = (0..9).map(file).collect();
        assert!(files.iter().all(|f| f.count_ones() == 10));
        assert_eq!(files.iter().fold(0, |all, f| all | f), (1u128 << 90) - 1);
        assert_eq!(file(4) & (1u128 << 13), 1u128 << 13, "e2 is on the e-file");
        assert_eq!(half(Side::White) | half(Side::Black), (1u128 << 90) - 1);
        assert_eq!(half(Side::White).count_ones(), 45);
        assert_eq!(file_ahead(4, Side::White).count_ones(), 9);
        assert_eq!(file_ahead(4, Side::Black), 0);
        assert_eq!(file_ahead(85, Side::Black).count_ones(), 9);
        assert_eq!(file_ahead(4, Side::White), file(4) & !((2u128 << 4) - 1));
        assert_eq!(between(4, 85).count_ones(), 8);
        assert_eq!(between(85, 76), 0);
        assert_eq!(between(0, 10), 0);
    }

    #[test]
    fn a_lone_piece_reaches_seventeen_points() {
        for sq in 0..90 {
            assert_eq!(
                lines_to_first_piece(sq, 1u128 << sq).count_ones(),
                17,
                "{sq}"
            );
        }
        // e3 (22) with pieces on e5 (40), c3 (20) and e1 (4): e4 e5, e2 e1, d3 c3, f3..i3.
        let occ = (1u128 << 22) | (1u128 << 40) | (1u128 << 20) | (1u128 << 4);
        assert_eq!(lines_to_first_piece(22, occ).count_ones(), 2 + 2 + 2 + 4);
        assert_eq!(
            (lines_to_first_piece(22, occ) & !occ).count_ones(),
            1 + 1 + 1 + 4
        );
    }
}
