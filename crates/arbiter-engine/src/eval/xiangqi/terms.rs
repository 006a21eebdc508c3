//! Board masks and the line measures of the xiangqi evaluation's terms:
//! a cannon's empty points, a chariot's file ahead, what stands between a
//! cannon and the enemy general. All bit operations on the position's
//! `u128` boards (bit `rank * 9 + file`, rank 0 Red's back rank).

use arbiter_rules::Side;

/// All 90 points.
const ALL: u128 = (1u128 << 90) - 1;

/// The points of each file (0 = a).
pub(super) const FILES: [u128; 9] = {
    let mut masks = [0u128; 9];
    let mut sq = 0;
    while sq < 90 {
        masks[sq % 9] |= 1u128 << sq;
        sq += 1;
    }
    masks
};

/// The points of each rank (0 = Red's back rank).
const RANKS: [u128; 10] = {
    let mut masks = [0u128; 10];
    let mut rank = 0;
    while rank < 10 {
        masks[rank] = 0x1ffu128 << (rank * 9);
        rank += 1;
    }
    masks
};

/// The points past the river for `side`: where its soldiers have crossed.
pub(super) const fn enemy_half(side: Side) -> u128 {
    match side {
        Side::White => ALL & !((1u128 << 45) - 1),
        Side::Black => (1u128 << 45) - 1,
    }
}

/// The points with a higher index than `sq`.
#[inline]
const fn above(sq: usize) -> u128 {
    ALL & !((2u128 << sq) - 1)
}

/// The points with a lower index than `sq`.
#[inline]
const fn below(sq: usize) -> u128 {
    (1u128 << sq) - 1
}

/// The highest set bit of a non-empty `bits`.
#[inline]
fn highest(bits: u128) -> usize {
    127 - bits.leading_zeros() as usize
}

/// The points of `sq`'s file ahead of it for `side` (towards the enemy).
#[inline]
pub(super) fn file_ahead(sq: usize, side: Side) -> u128 {
    FILES[sq % 9]
        & match side {
            Side::White => above(sq),
            Side::Black => below(sq),
        }
}

/// The points strictly between `a` and `b`, two points of one file.
#[inline]
pub(super) fn between_on_file(a: usize, b: usize) -> u128 {
    let (low, high) = if a < b { (a, b) } else { (b, a) };
    FILES[a % 9] & above(low) & below(high)
}

/// The empty points a cannon on `sq` can move to (without capturing)
/// under occupancy `occ`: 0 to 17.
#[inline]
pub(super) fn cannon_moves(sq: usize, occ: u128) -> usize {
    let (file, rank) = (sq % 9, sq / 9);
    let up = occ & FILES[file] & above(sq);
    let up = if up == 0 {
        9 - rank
    } else {
        up.trailing_zeros() as usize / 9 - rank - 1
    };
    let down = occ & FILES[file] & below(sq);
    let down = if down == 0 {
        rank
    } else {
        rank - highest(down) / 9 - 1
    };
    let right = occ & RANKS[rank] & above(sq);
    let right = if right == 0 {
        8 - file
    } else {
        right.trailing_zeros() as usize - sq - 1
    };
    let left = occ & RANKS[rank] & below(sq);
    let left = if left == 0 {
        file
    } else {
        sq - highest(left) - 1
    };
    up + down + right + left
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_board_gives_a_cannon_seventeen_points() {
        for sq in 0..90 {
            assert_eq!(cannon_moves(sq, 1u128 << sq), 17, "{sq}");
        }
    }

    #[test]
    fn blockers_cut_a_cannons_lines() {
        // A cannon on e3 (index 22), pieces on e5 (40), c3 (20) and e1 (4).
        let occ = (1u128 << 22) | (1u128 << 40) | (1u128 << 20) | (1u128 << 4);
        // Up: e4 only; down: e2 only; left: d3; right: f3..i3.
        assert_eq!(cannon_moves(22, occ), 1 + 1 + 1 + 4);
    }

    #[test]
    fn masks_ahead_and_between() {
        assert_eq!(file_ahead(4, Side::White).count_ones(), 9);
        assert_eq!(file_ahead(4, Side::Black), 0);
        assert_eq!(file_ahead(85, Side::Black).count_ones(), 9);
        assert_eq!(between_on_file(4, 85).count_ones(), 8);
        assert_eq!(between_on_file(85, 76), 0);
        assert_eq!(enemy_half(Side::White).count_ones(), 45);
    }
}
