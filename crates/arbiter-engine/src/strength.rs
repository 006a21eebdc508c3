//! Playing below full strength, in a human way.
//!
//! A level below [`FULL_STRENGTH`] changes two things, never the rules:
//! - the search gets a node budget that grows with the level
//!   ([`Strength::node_budget`]), so a weak level sees less;
//! - it searches its best few root moves as lines ([`Strength::candidates`])
//!   and picks one of them at random, each with a weight that falls
//!   exponentially with how much worse than the best its score is
//!   ([`Strength::choose`]). The "temperature" of that choice is wide at
//!   level 1 and narrow near 20: a weak level mostly plays plausible moves
//!   close to the best and now and then a real mistake, never a move nobody
//!   would consider, because every candidate is one the search ranked among
//!   its best.
//!
//! Levels 17 to 19 close the distance to the full engine: their budgets
//! double every level rather than every two, and they choose among fewer
//! lines, down to level 19's one (the plain search on a budget, which a
//! seed does not change). A level 19 that chose among four lines of 66,000
//! nodes rated 1845, some 500 below the full engine, and the `elo` requests
//! between the two had no level to go to; this one rates 2173.
//!
//! The choice is a function of the seed alone, so a budget-bound search
//! with the same seed picks the same move.

use super::score::{MATE_BOUND, is_mate};

/// The strongest level: the plain search, no budget, no choice.
pub const FULL_STRENGTH: u8 = 20;
/// The weakest level.
pub const MIN_LEVEL: u8 = 1;
/// Root lines searched below full strength, to choose among, up to
/// [`NARROWING_FROM`]; one fewer each level above it.
const CANDIDATES: usize = 4;
/// The last level of the slow budget growth and of [`CANDIDATES`] lines.
const NARROWING_FROM: u8 = 16;
/// A mate against the mover counts as this big a loss in the choice, so it
/// is picked only at the weakest levels and rarely.
const MATE_LOSS_CP: i32 = 1_000;

/// The levels' ratings, from level 1 up, on Stockfish 15.1's `UCI_Elo` scale,
/// measured in chess at 10 s + 0.1 s a game (BENCHMARKS.md, "Levels"): each
/// measured level (1, 4, … 16, and 17, 18, 19) is the rating that best
/// explains its scores against its anchors, the measured ratings made
/// monotone (adjacent violators pooled), the levels between them
/// interpolated. Level 20, the full engine, is rated by target matches
/// instead (`7385e05`'s search: 41.5 % against `UCI_Elo` 2400, 200 games,
/// 2340 ± 49; a later search's 100 games read 47.0 %, not yet pooled).
/// [`level_for_elo`] maps a rating to the highest level not above it;
/// levels 1 and 4 were pooled (level 4 scored below level 1,
/// both below the weakest anchor), so a rating reaches level 4 first, and
/// levels 7 and 10 likewise (level 10 scored a little below level 7).
pub const LEVEL_ELO: [u32; FULL_STRENGTH as usize] = [
    1128, 1128, 1128, 1128, 1190, 1252, 1315, 1315, 1315, 1315, 1422, 1529, 1636, 1662, 1688, 1713,
    1829, 2065, 2173, 2340,
];

/// Lowest rating an `elo` request may ask for; below level 1's rating it
/// means level 1.
pub const MIN_ELO: u32 = 1000;
/// Highest rating an `elo` request may ask for; above level 20's rating it
/// means the full engine, the strongest there is.
pub const MAX_ELO: u32 = 2800;

/// The level for a rating: the highest whose rating does not exceed it
/// (level 1 below the table).
#[must_use]
pub fn level_for_elo(elo: u32) -> u8 {
    let below = LEVEL_ELO.iter().take_while(|&&rated| rated <= elo).count();
    u8::try_from(below.max(1)).unwrap_or(FULL_STRENGTH)
}

/// A level and the seed of its choices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Strength {
    /// [`MIN_LEVEL`] to [`FULL_STRENGTH`].
    pub level: u8,
    /// Seeds the choice among candidates.
    pub seed: u64,
}

impl Default for Strength {
    fn default() -> Self {
        Strength {
            level: FULL_STRENGTH,
            seed: 0,
        }
    }
}

impl Strength {
    /// Whether this is the plain search.
    #[must_use]
    pub fn is_full(&self) -> bool {
        self.level >= FULL_STRENGTH
    }

    /// Nodes the search may visit at this level; `None` at full strength.
    /// Doubles every two levels up to [`NARROWING_FROM`], every level
    /// after: some 130 nodes at level 1 (a depth-2 glance), 23,552 at 16,
    /// 188,416 at 19 (at 10 s + 0.1 s the full engine searches some
    /// 200,000 a move).
    #[must_use]
    pub fn node_budget(&self) -> Option<u64> {
        if self.is_full() {
            return None;
        }
        let level = self.level.max(MIN_LEVEL);
        let half_steps = level + level.saturating_sub(NARROWING_FROM);
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        Some((92.0 * 2f64.powf(f64::from(half_steps) / 2.0)) as u64)
    }

    /// Root lines searched to choose among: four up to [`NARROWING_FROM`],
    /// then one fewer a level, so level 19 searches one line and plays it;
    /// one at full strength.
    #[must_use]
    pub fn candidates(&self) -> usize {
        let above = usize::from(self.level.saturating_sub(NARROWING_FROM));
        CANDIDATES.saturating_sub(above).max(1)
    }

    /// How many centipawns of loss make a candidate e times less likely.
    fn temperature(&self) -> f64 {
        let weakness = f64::from(FULL_STRENGTH - self.level.clamp(MIN_LEVEL, FULL_STRENGTH));
        // Level 19: 14 cp (a blunder of a pawn is a one-in-a-thousand event);
        // level 10: 95 cp; level 1: 176 cp (a piece is lost now and then).
        5.0 + 9.0 * weakness
    }

    /// The index of the candidate to play among `scores` (internal scores of
    /// the searched root lines, best first), of which only the first
    /// [`Strength::candidates`] count (a caller may have asked for more
    /// lines to see); 0 at full strength or with one candidate.
    #[must_use]
    pub fn choose(&self, scores: &[i32]) -> usize {
        let scores = &scores[..scores.len().min(self.candidates())];
        let Some(&top) = scores.first() else {
            return 0;
        };
        if scores.len() == 1 {
            return 0;
        }
        // A mate the mover has found is not given away: humans at every
        // level take a mate they see.
        if top >= MATE_BOUND {
            return 0;
        }
        let temperature = self.temperature();
        let weights: Vec<f64> = scores
            .iter()
            .map(|&score| {
                let loss = if is_mate(score) && score < 0 {
                    MATE_LOSS_CP
                } else {
                    top.saturating_sub(score).clamp(0, MATE_LOSS_CP)
                };
                (-f64::from(loss) / temperature).exp()
            })
            .collect();
        let total: f64 = weights.iter().sum();
        let mut pick = unit_interval(splitmix64(self.seed)) * total;
        for (index, weight) in weights.iter().enumerate() {
            if pick < *weight {
                return index;
            }
            pick -= weight;
        }
        0
    }
}

/// A seed for a caller that gave none: different on every call (the
/// standard library's per-instance hash keys, mixed with the time).
#[must_use]
pub fn fresh_seed() -> u64 {
    use std::hash::BuildHasher;
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    std::collections::hash_map::RandomState::new().hash_one(nanos)
}

/// One step of SplitMix64: a well-mixed 64-bit value from a seed.
fn splitmix64(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A value in `[0, 1)` from the top 53 bits.
#[allow(clippy::cast_precision_loss)]
fn unit_interval(bits: u64) -> f64 {
    (bits >> 11) as f64 / (1u64 << 53) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_maps_to_levels_in_order() {
        assert_eq!(level_for_elo(LEVEL_ELO[0] - 1), 1);
        // The lowest request is one of the weakest levels (1-4 are pooled).
        assert_eq!(
            LEVEL_ELO[usize::from(level_for_elo(MIN_ELO)) - 1],
            LEVEL_ELO[0]
        );
        assert_eq!(level_for_elo(MAX_ELO), FULL_STRENGTH);
        assert_eq!(level_for_elo(LEVEL_ELO[19]), FULL_STRENGTH);
        assert_eq!(level_for_elo(LEVEL_ELO[19] - 1), FULL_STRENGTH - 1);
        assert!(LEVEL_ELO.windows(2).all(|pair| pair[0] <= pair[1]));
        let mut last = 0;
        for elo in MIN_ELO..=MAX_ELO {
            let level = level_for_elo(elo);
            assert!(level >= last);
            assert!(elo < LEVEL_ELO[0] || LEVEL_ELO[usize::from(level) - 1] <= elo);
            last = level;
        }
    }

    #[test]
    fn weaker_levels_err_more_often_and_the_seed_decides() {
        let scores = [40, 20, -60, -300];
        let mistakes = |level: u8| {
            (0..2000u64)
                .filter(|&seed| Strength { level, seed }.choose(&scores) != 0)
                .count()
        };
        let (weak, mid, strong) = (mistakes(1), mistakes(10), mistakes(17));
        assert!(weak > mid && mid > strong, "{weak} {mid} {strong}");
        // Level 19 plays the best line; level 17 chooses among three lines
        // even when a fourth scores as well.
        assert_eq!(mistakes(19), 0);
        let even = [0; 4];
        let picks: std::collections::BTreeSet<usize> = (0..200)
            .map(|seed| Strength { level: 17, seed }.choose(&even))
            .collect();
        assert_eq!(picks, [0, 1, 2].into());
        assert_eq!(Strength::default().choose(&scores), 0);
        let s = Strength { level: 5, seed: 42 };
        assert_eq!(s.choose(&scores), s.choose(&scores));
        // A found mate is always played.
        assert_eq!(
            Strength { level: 1, seed: 7 }.choose(&[MATE_BOUND + 5, 0, 0]),
            0
        );
    }

    #[test]
    fn budgets_grow_with_the_level_and_the_top_levels_narrow() {
        let strength = |level| Strength { level, seed: 0 };
        let budget = |level| strength(level).node_budget().unwrap_or(u64::MAX);
        assert!((MIN_LEVEL..FULL_STRENGTH).all(|level| budget(level) < budget(level + 1)));
        assert_eq!(budget(16), 23_552);
        assert_eq!(budget(17), 2 * budget(16));
        assert_eq!(budget(19), 188_416);
        assert_eq!(strength(FULL_STRENGTH).node_budget(), None);
        let lines: Vec<usize> = (MIN_LEVEL..=FULL_STRENGTH)
            .map(|level| strength(level).candidates())
            .collect();
        assert_eq!(lines[..16], [4; 16]);
        assert_eq!(lines[16..], [3, 2, 1, 1]);
    }
}
