//! Match statistics: the score and its Elo with a 95 % interval, and the
//! sequential probability ratio test that stops a match between two
//! engines. The test is the generalised SPRT over game pairs (pentanomial:
//! each pair plays one opening with colours swapped, so the pair's two
//! games share the opening's bias), with logistic Elo bounds, as fishtest
//! and fastchess compute it:
//! LLR = N · (s₁ − s₀) · (2·m − s₀ − s₁) / (2·v), where m and v are the mean
//! and variance of a pair's score (in [0, 1]) and sᵢ the score Eloᵢ expects.

use std::str::FromStr;

/// The SPRT's hypotheses and error rates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct SprtBounds {
    /// The Elo of H0 (the change is not better than this).
    pub(crate) elo0: f64,
    /// The Elo of H1.
    pub(crate) elo1: f64,
    /// The false-positive rate.
    pub(crate) alpha: f64,
    /// The false-negative rate.
    pub(crate) beta: f64,
}

impl FromStr for SprtBounds {
    type Err = String;

    /// `elo0=0,elo1=5,alpha=0.05,beta=0.05` (every key required).
    fn from_str(text: &str) -> Result<Self, String> {
        let (mut elo0, mut elo1, mut alpha, mut beta) = (None, None, None, None);
        for part in text.split(',').map(str::trim) {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| format!("`{part}`: expected KEY=VALUE"))?;
            let value: f64 = value
                .trim()
                .parse()
                .map_err(|_| format!("`{part}`: not a number"))?;
            match key.trim() {
                "elo0" => elo0 = Some(value),
                "elo1" => elo1 = Some(value),
                "alpha" => alpha = Some(value),
                "beta" => beta = Some(value),
                other => return Err(format!("unknown key `{other}` (elo0, elo1, alpha, beta)")),
            }
        }
        let (Some(elo0), Some(elo1), Some(alpha), Some(beta)) = (elo0, elo1, alpha, beta) else {
            return Err("give elo0, elo1, alpha and beta".to_owned());
        };
        if elo0 >= elo1 {
            return Err("elo0 must be below elo1".to_owned());
        }
        if !(0.0 < alpha && alpha < 0.5 && 0.0 < beta && beta < 0.5) {
            return Err("alpha and beta must be between 0 and 0.5".to_owned());
        }
        Ok(SprtBounds {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }
}

impl SprtBounds {
    /// The LLR at or below which H0 is accepted.
    #[must_use]
    pub(crate) fn lower(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// The LLR at or above which H1 is accepted.
    #[must_use]
    pub(crate) fn upper(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }
}

/// The count added to every result category before the moments are taken.
const REGULARISATION: f64 = 1e-3;

/// Samples (pairs, or games when no pair is complete) before the test may
/// decide. The LLR rests on the variance measured so far, which a handful
/// of samples cannot estimate: one lost game has a variance of a
/// regularising thousandth and an LLR far below any bound.
pub(crate) const MIN_SAMPLES: f64 = 30.0;

/// The expected score of an Elo difference (logistic).
#[must_use]
pub(crate) fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference a score stands for (±∞ at 0 and 1).
#[must_use]
pub(crate) fn elo_of(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// A match's results from the first engine's view.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Tally {
    /// Games won, drawn and lost.
    pub(crate) wins: u32,
    /// Draws.
    pub(crate) draws: u32,
    /// Losses.
    pub(crate) losses: u32,
    /// Pairs by their score in half points: 0 (two losses) to 4 (two wins).
    pub(crate) pairs: [u32; 5],
}

/// What the test concludes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// H1 accepted: the first engine is stronger by about elo1.
    H1,
    /// H0 accepted.
    H0,
    /// Keep playing.
    Continue,
}

impl Tally {
    /// Games counted.
    #[must_use]
    pub(crate) fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The score, from 0 to 1.
    #[must_use]
    pub(crate) fn score(&self) -> f64 {
        let games = self.games();
        if games == 0 {
            return 0.5;
        }
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(games)
    }

    /// The Elo difference and the half-width of its 95 % interval, from the
    /// pairs when there are any (pentanomial), else from the games.
    #[must_use]
    pub(crate) fn elo(&self) -> (f64, f64) {
        let (mean, variance, n) = self.moments();
        if n == 0.0 {
            return (0.0, f64::INFINITY);
        }
        let margin = 1.959_964 * (variance / n).sqrt();
        let elo = elo_of(mean);
        if !elo.is_finite() {
            // All won or all lost: no finite estimate, no interval.
            return (elo, f64::INFINITY);
        }
        let clamp = |s: f64| s.clamp(1e-6, 1.0 - 1e-6);
        let high = elo_of(clamp(mean + margin));
        let low = elo_of(clamp(mean - margin));
        (elo, (high - low) / 2.0)
    }

    /// The log-likelihood ratio of H1 against H0.
    #[must_use]
    pub(crate) fn llr(&self, bounds: &SprtBounds) -> f64 {
        let (mean, variance, n) = self.moments();
        if n == 0.0 || variance <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (expected_score(bounds.elo0), expected_score(bounds.elo1));
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
    }

    /// The test's verdict now: none before [`MIN_SAMPLES`].
    #[must_use]
    pub(crate) fn verdict(&self, bounds: &SprtBounds) -> Verdict {
        let llr = self.llr(bounds);
        let (_, _, samples) = self.moments();
        if samples < MIN_SAMPLES {
            Verdict::Continue
        } else if llr >= bounds.upper() {
            Verdict::H1
        } else if llr <= bounds.lower() {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }

    /// Mean and variance of one sample's score and the number of samples:
    /// pairs (scores 0, ¼, ½, ¾, 1) when there are any, else games.
    fn moments(&self) -> (f64, f64, f64) {
        let pairs: u32 = self.pairs.iter().sum();
        // Every category gets a thousandth of a count, as fishtest
        // regularises: a run with one kind of result (all wins) still has a
        // variance, and so a verdict.
        let count = |n: u32| f64::from(n) + REGULARISATION;
        let samples: Vec<(f64, f64)> = if pairs > 0 {
            self.pairs
                .iter()
                .zip([0.0, 0.25, 0.5, 0.75, 1.0])
                .map(|(&n, score)| (score, count(n)))
                .collect()
        } else if self.games() > 0 {
            vec![
                (1.0, count(self.wins)),
                (0.5, count(self.draws)),
                (0.0, count(self.losses)),
            ]
        } else {
            return (0.5, 0.0, 0.0);
        };
        let n: f64 = samples.iter().map(|(_, count)| count).sum();
        let mean = samples.iter().map(|(x, c)| x * c).sum::<f64>() / n;
        let variance = samples
            .iter()
            .map(|(x, c)| c * (x - mean).powi(2))
            .sum::<f64>()
            / n;
        (mean, variance, n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_read_and_refuse() {
        let b: SprtBounds = "elo0=0,elo1=5,alpha=0.05,beta=0.05".parse().unwrap();
        assert!((b.upper() - 2.944).abs() < 1e-3);
        assert!((b.lower() + 2.944).abs() < 1e-3);
        assert!(
            "elo0=5,elo1=0,alpha=0.05,beta=0.05"
                .parse::<SprtBounds>()
                .is_err()
        );
        assert!("elo0=0,elo1=5".parse::<SprtBounds>().is_err());
        assert!(
            "elo0=0,elo1=5,alpha=0.6,beta=0.05"
                .parse::<SprtBounds>()
                .is_err()
        );
    }

    #[test]
    fn elo_follows_the_score() {
        assert!(elo_of(0.5).abs() < 1e-9);
        assert!((elo_of(expected_score(100.0)) - 100.0).abs() < 1e-6);
        let even = Tally {
            wins: 10,
            draws: 20,
            losses: 10,
            pairs: [0; 5],
        };
        let (elo, margin) = even.elo();
        assert!(elo.abs() < 1e-9 && margin > 0.0 && margin.is_finite());
    }

    /// A one-sided run of pairs accepts H1, the mirror image H0; an even one
    /// keeps playing. The reference figure: 200 pairs of 40 ¼ + 100 ½ + 60 ¾
    /// have m = 0.525 and v = (40·0.275² + 100·0.025² + 60·0.225²) / 200 =
    /// 0.030625, so with elo0 = 0, elo1 = 5:
    /// LLR = 200 · (s₁ − ½) · (1.05 − ½ − s₁) / 0.06125.
    #[test]
    fn the_llr_follows_the_formula_and_decides() {
        let bounds: SprtBounds = "elo0=0,elo1=5,alpha=0.05,beta=0.05".parse().unwrap();
        let tally = Tally {
            pairs: [0, 40, 100, 60, 0],
            ..Tally::default()
        };
        let s1 = expected_score(5.0);
        let expected = 200.0 * (s1 - 0.5) * (1.05 - 0.5 - s1) / 0.061_25;
        // Within the regularisation's thousandth of a count per category.
        assert!(
            (tally.llr(&bounds) - expected).abs() < 1e-3,
            "{}",
            tally.llr(&bounds)
        );
        let strong = Tally {
            pairs: [10, 60, 200, 120, 50],
            ..Tally::default()
        };
        assert_eq!(strong.verdict(&bounds), Verdict::H1);
        let weak = Tally {
            pairs: [50, 120, 200, 60, 10],
            ..Tally::default()
        };
        assert_eq!(weak.verdict(&bounds), Verdict::H0);
        let even = Tally {
            pairs: [1, 2, 4, 2, 1],
            ..Tally::default()
        };
        assert_eq!(even.verdict(&bounds), Verdict::Continue);
    }

    /// One lost game (or a few one-sided pairs) is far past the bounds by
    /// the formula, but no evidence yet: the test waits for a sample.
    #[test]
    fn no_verdict_before_a_sample() {
        let bounds: SprtBounds = "elo0=0,elo1=10,alpha=0.05,beta=0.05".parse().unwrap();
        let one_loss = Tally {
            losses: 1,
            ..Tally::default()
        };
        assert!(one_loss.llr(&bounds) < bounds.lower());
        assert_eq!(one_loss.verdict(&bounds), Verdict::Continue);
        let few_pairs = Tally {
            pairs: [0, 0, 0, 0, 29],
            ..Tally::default()
        };
        assert_eq!(few_pairs.verdict(&bounds), Verdict::Continue);
        let enough = Tally {
            pairs: [0, 0, 0, 0, 30],
            ..Tally::default()
        };
        assert_eq!(enough.verdict(&bounds), Verdict::H1);
    }
}
