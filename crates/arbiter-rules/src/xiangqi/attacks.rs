//! Move and attack tables, all generated at compile time by `const fn`s, plus the line
//! (chariot, cannon, flying general) attack functions.
//!
//! Boards are `u128` with bit `rank * 9 + file`. Sliding attacks use the classical ray
//! method: a ray is cut at its first blocker, found with a trailing/leading zero count. It
//! needs only 6 KB of rays, which keeps the hot tables in L1.

use super::types::SQUARES;

/// Every point of the board.
pub(crate) const ALL_SQUARES: u128 = (1u128 << SQUARES) - 1;

const fn on_board(file: i32, rank: i32) -> bool {
    file >= 0 && file < 9 && rank >= 0 && rank < 10
}

const fn bit(file: i32, rank: i32) -> u128 {
    if on_board(file, rank) {
        1u128 << (rank * 9 + file)
    } else {
        0
    }
}

/// Ray directions. North and east run to higher indices, south and west to lower ones.
pub(crate) const NORTH: usize = 0;
pub(crate) const EAST: usize = 1;
pub(crate) const SOUTH: usize = 2;
pub(crate) const WEST: usize = 3;

const DIRS: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

const fn make_rays() -> [[u128; SQUARES]; 4] {
    let mut rays = [[0u128; SQUARES]; 4];
    let mut d = 0;
    while d < 4 {
        let mut sq = 0;
        while sq < SQUARES {
            let (df, dr) = DIRS[d];
            let mut f = (sq % 9) as i32 + df;
            let mut r = (sq / 9) as i32 + dr;
            let mut b = 0u128;
            while on_board(f, r) {
                b |= bit(f, r);
                f += df;
                r += dr;
            }
            rays[d][sq] = b;
            sq += 1;
        }
        d += 1;
    }
    rays
}

/// `RAYS[dir][sq]`: the points strictly beyond `sq` in direction `dir`, to the edge.
pub(crate) static RAYS: [[u128; SQUARES]; 4] = make_rays();

/// Both ranks and files through a point, without the point itself.
pub(crate) static LINES: [u128; SQUARES] = {
    let mut t = [0u128; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        t[sq] = RAYS[0][sq] | RAYS[1][sq] | RAYS[2][sq] | RAYS[3][sq];
        sq += 1;
    }
    t
};

/// Red's palace (d0-f2) and Black's palace (d7-f9), indexed by side.
pub(crate) const PALACE: [u128; 2] = {
    let mut p = [0u128; 2];
    let mut f = 3;
    while f <= 5 {
        let mut r = 0;
        while r <= 2 {
            p[0] |= bit(f, r);
            p[1] |= bit(f, 9 - r);
            r += 1;
        }
        f += 1;
    }
    p
};

/// Red's half (ranks 0-4) and Black's half (ranks 5-9), indexed by side.
pub(crate) const HALF: [u128; 2] = {
    let red = (1u128 << 45) - 1;
    [red, ALL_SQUARES & !red]
};

/// One orthogonal step inside the own palace.
pub(crate) static GENERAL_STEPS: [[u128; SQUARES]; 2] = {
    let mut t = [[0u128; SQUARES]; 2];
    let mut s = 0;
    while s < 2 {
        let mut sq = 0;
        while sq < SQUARES {
            let f = (sq % 9) as i32;
            let r = (sq / 9) as i32;
            let mut d = 0;
            while d < 4 {
                t[s][sq] |= bit(f + DIRS[d].0, r + DIRS[d].1) & PALACE[s];
                d += 1;
            }
            sq += 1;
        }
        s += 1;
    }
    t
};

const DIAGONALS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

/// One diagonal step inside the own palace.
pub(crate) static ADVISOR_STEPS: [[u128; SQUARES]; 2] = {
    let mut t = [[0u128; SQUARES]; 2];
    let mut s = 0;
    while s < 2 {
        let mut sq = 0;
        while sq < SQUARES {
            let f = (sq % 9) as i32;
            let r = (sq / 9) as i32;
            let mut d = 0;
            while d < 4 {
                t[s][sq] |= bit(f + DIAGONALS[d].0, r + DIAGONALS[d].1) & PALACE[s];
                d += 1;
            }
            sq += 1;
        }
        s += 1;
    }
    t
};

/// A blockable step: `target` is reachable when the `block` point (horse leg, elephant
/// eye) is empty. Off-board entries are all zero and so never add a target.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Blockable {
    pub(crate) block: u128,
    pub(crate) target: u128,
}

const NO_STEP: Blockable = Blockable {
    block: 0,
    target: 0,
};

/// Elephant steps: two points diagonally, eye in between, never across the river.
pub(crate) static ELEPHANT_STEPS: [[[Blockable; 4]; SQUARES]; 2] = {
    let mut t = [[[NO_STEP; 4]; SQUARES]; 2];
    let mut s = 0;
    while s < 2 {
        let mut sq = 0;
        while sq < SQUARES {
            let f = (sq % 9) as i32;
            let r = (sq / 9) as i32;
            let mut d = 0;
            while d < 4 {
                let (df, dr) = DIAGONALS[d];
                let target = bit(f + 2 * df, r + 2 * dr) & HALF[s];
                if target != 0 {
                    t[s][sq][d] = Blockable {
                        block: bit(f + df, r + dr),
                        target,
                    };
                }
                d += 1;
            }
            sq += 1;
        }
        s += 1;
    }
    t
};

/// Horse steps grouped by leg: for each orthogonal neighbour (the leg), the two points
/// one step further and one to the side.
pub(crate) static HORSE_STEPS: [[Blockable; 4]; SQUARES] = {
    let mut t = [[NO_STEP; 4]; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let f = (sq % 9) as i32;
        let r = (sq / 9) as i32;
        let mut d = 0;
        while d < 4 {
            let (df, dr) = DIRS[d];
            let leg = bit(f + df, r + dr);
            if leg != 0 {
                // Sideways offsets perpendicular to the leg direction.
                let target =
                    bit(f + 2 * df + dr, r + 2 * dr + df) | bit(f + 2 * df - dr, r + 2 * dr - df);
                t[sq][d] = Blockable { block: leg, target };
            }
            d += 1;
        }
        sq += 1;
    }
    t
};

/// Horses that attack `sq`, grouped by their leg: for each diagonal neighbour `d` of `sq`
/// (which is the leg of every horse attacking through it), the two horse points behind it.
/// `block` is the leg, `target` the two horse points.
pub(crate) static HORSE_ATTACKERS: [[Blockable; 4]; SQUARES] = {
    let mut t = [[NO_STEP; 4]; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let f = (sq % 9) as i32;
        let r = (sq / 9) as i32;
        let mut d = 0;
        while d < 4 {
            let (df, dr) = DIAGONALS[d];
            let leg = bit(f + df, r + dr);
            if leg != 0 {
                let sources = bit(f + 2 * df, r + dr) | bit(f + df, r + 2 * dr);
                t[sq][d] = Blockable {
                    block: leg,
                    target: sources,
                };
            }
            d += 1;
        }
        sq += 1;
    }
    t
};

/// Soldier steps: forward, plus sideways once across the river.
pub(crate) static SOLDIER_STEPS: [[u128; SQUARES]; 2] = {
    let mut t = [[0u128; SQUARES]; 2];
    let mut s = 0;
    while s < 2 {
        let forward: i32 = if s == 0 { 1 } else { -1 };
        let mut sq = 0;
        while sq < SQUARES {
            let f = (sq % 9) as i32;
            let r = (sq / 9) as i32;
            let mut b = bit(f, r + forward);
            let crossed = if s == 0 { r >= 5 } else { r <= 4 };
            if crossed {
                b |= bit(f + 1, r) | bit(f - 1, r);
            }
            t[s][sq] = b;
            sq += 1;
        }
        s += 1;
    }
    t
};

/// `SOLDIER_ATTACKERS[side][sq]`: points from which a soldier of `side` attacks `sq`.
pub(crate) static SOLDIER_ATTACKERS: [[u128; SQUARES]; 2] = {
    let mut t = [[0u128; SQUARES]; 2];
    let mut s = 0;
    while s < 2 {
        let mut from = 0;
        while from < SQUARES {
            let mut targets = SOLDIER_STEPS[s][from];
            while targets != 0 {
                let to = targets.trailing_zeros() as usize;
                t[s][to] |= 1u128 << from;
                targets &= targets - 1;
            }
            from += 1;
        }
        s += 1;
    }
    t
};

/// The nearest of `blockers` (points on ray `dir` of some point) to that point.
#[inline]
pub(crate) fn first_blocker(dir: usize, blockers: u128) -> usize {
    if dir < 2 {
        blockers.trailing_zeros() as usize
    } else {
        127 - blockers.leading_zeros() as usize
    }
}

/// Chariot moves and attacks from `sq`: each line up to and including its first piece.
#[inline]
#[must_use]
pub(crate) fn chariot_attacks(sq: usize, occ: u128) -> u128 {
    let mut att = 0;
    for dir in 0..4 {
        let ray = RAYS[dir][sq];
        let blockers = ray & occ;
        att |= if blockers == 0 {
            ray
        } else {
            ray ^ RAYS[dir][first_blocker(dir, blockers)]
        };
    }
    att
}

/// Cannon captures from `sq`: on each line, the first piece behind the first piece (the
/// screen). Returns occupied points of either colour; the caller keeps the enemy ones.
#[inline]
#[must_use]
pub(crate) fn cannon_captures(sq: usize, occ: u128) -> u128 {
    let mut att = 0;
    for dir in 0..4 {
        let blockers = RAYS[dir][sq] & occ;
        if blockers != 0 {
            let beyond = RAYS[dir][first_blocker(dir, blockers)] & occ;
            if beyond != 0 {
                att |= 1u128 << first_blocker(dir, beyond);
            }
        }
    }
    att
}

/// Horse moves and attacks from `sq`, legs checked against `occ`.
#[inline]
#[must_use]
pub(crate) fn horse_attacks(sq: usize, occ: u128) -> u128 {
    let mut att = 0;
    for step in &HORSE_STEPS[sq] {
        if occ & step.block == 0 {
            att |= step.target;
        }
    }
    att
}

/// Points from which a horse would attack `sq` given `occ` (the reverse leg lookup).
#[inline]
#[must_use]
pub(crate) fn horse_attackers(sq: usize, occ: u128) -> u128 {
    let mut src = 0;
    for step in &HORSE_ATTACKERS[sq] {
        if occ & step.block == 0 {
            src |= step.target;
        }
    }
    src
}

/// Elephant moves of `side` from `sq`, eyes checked against `occ`.
#[inline]
#[must_use]
pub(crate) fn elephant_attacks(side: usize, sq: usize, occ: u128) -> u128 {
    let mut att = 0;
    for step in &ELEPHANT_STEPS[side][sq] {
        if occ & step.block == 0 {
            att |= step.target;
        }
    }
    att
}

/// Points strictly between `a` and `b` if they share a rank or file, else empty.
#[inline]
#[must_use]
pub(crate) fn between(a: usize, b: usize) -> u128 {
    let (fa, ra, fb, rb) = (a % 9, a / 9, b % 9, b / 9);
    if ra == rb {
        if fa < fb {
            RAYS[EAST][a] & RAYS[WEST][b]
        } else {
            RAYS[WEST][a] & RAYS[EAST][b]
        }
    } else if fa == fb {
        if ra < rb {
            RAYS[NORTH][a] & RAYS[SOUTH][b]
        } else {
            RAYS[SOUTH][a] & RAYS[NORTH][b]
        }
    } else {
        0
    }
}

/// Iterator over the set bits of a board, lowest first.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Bits(pub(crate) u128);

impl Iterator for Bits {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            None
        } else {
            let i = self.0.trailing_zeros() as usize;
            self.0 &= self.0 - 1;
            Some(i)
        }
    }
}

const fn splitmix64(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

/// Zobrist keys per piece code (1..=14; 0 unused) and point, from a fixed splitmix64 seed
/// so hashes are stable across runs and builds.
pub(crate) static ZOBRIST_PIECES: [[u64; SQUARES]; 15] = {
    let mut t = [[0u64; SQUARES]; 15];
    let mut state = 0x5851_F42D_4C95_7F2D_u64;
    let mut p = 1;
    while p < 15 {
        let mut sq = 0;
        while sq < SQUARES {
            let (s, v) = splitmix64(state);
            state = s;
            t[p][sq] = v;
            sq += 1;
        }
        p += 1;
    }
    t
};

/// Zobrist key toggled when Black is to move.
pub(crate) const ZOBRIST_BLACK_TO_MOVE: u64 = splitmix64(0x1234_5678_9ABC_DEF0).1;

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn sq(name: &str) -> usize {
        let b = name.as_bytes();
        (b[1] - b'0') as usize * 9 + (b[0] - b'a') as usize
    }

    #[test]
    fn horse_attack_tables_are_mutual() {
        for h in 0..SQUARES {
            for occ in [0u128, ALL_SQUARES & 0x5555_5555_5555_5555_5555_5555_5555] {
                let occ = occ & !(1u128 << h);
                for t in Bits(horse_attacks(h, occ)) {
                    assert!(horse_attackers(t, occ) & (1u128 << h) != 0, "{h} -> {t}");
                }
                for t in Bits(horse_attackers(h, occ)) {
                    assert!(horse_attacks(t, occ) & (1u128 << h) != 0, "{t} -> {h}");
                }
            }
        }
    }

    #[test]
    fn line_attacks() {
        let occ = (1u128 << sq("e5")) | (1u128 << sq("e7")) | (1u128 << sq("b2"));
        let e2 = sq("e2");
        let rook = chariot_attacks(e2, occ);
        assert!(rook & (1u128 << sq("e5")) != 0);
        assert!(rook & (1u128 << sq("e6")) == 0);
        assert!(rook & (1u128 << sq("b2")) != 0);
        assert!(rook & (1u128 << sq("a2")) == 0);
        assert!(rook & (1u128 << sq("i2")) != 0);
        assert!(rook & (1u128 << sq("e0")) != 0);
        assert_eq!(cannon_captures(e2, occ), 1u128 << sq("e7"));
        assert_eq!(between(sq("e2"), sq("e7")).count_ones(), 4);
        assert_eq!(between(sq("a0"), sq("b1")), 0);
        assert_eq!(GENERAL_STEPS[0][sq("e1")].count_ones(), 4);
        assert_eq!(ADVISOR_STEPS[1][sq("e8")].count_ones(), 4);
        assert_eq!(elephant_attacks(0, sq("e2"), 0).count_ones(), 4);
        assert_eq!(elephant_attacks(0, sq("c4"), 0).count_ones(), 2);
        assert_eq!(SOLDIER_STEPS[0][sq("e5")].count_ones(), 3);
        assert_eq!(SOLDIER_STEPS[1][sq("e5")].count_ones(), 1);
        assert_eq!(SOLDIER_STEPS[0][sq("e9")].count_ones(), 2);
    }
}
