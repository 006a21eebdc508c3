//! Texel's method: the evaluation, through a sigmoid, as a prediction of the
//! game's result; the weights that minimise its mean squared error.
//!
//! Every position's [`Trace`] is taken once; an evaluation with trial
//! weights is then a sparse dot product, so a full pass over a few hundred
//! thousand positions takes milliseconds and every epoch uses all of them
//! (full-batch gradient, Adam steps).

use arbiter_engine::eval::trace::{Tapered, Trace};

/// One labelled position: its trace and its game's result for White (Red),
/// 1 a win, 0.5 a draw, 0 a loss.
#[derive(Debug, Clone)]
pub(crate) struct Sample {
    pub(crate) trace: Trace,
    pub(crate) label: f64,
}

/// Weights as the tuner moves them: real-valued middlegame/endgame pairs.
pub(crate) type Real = Vec<[f64; 2]>;

/// `weights` as reals.
pub(crate) fn to_real(weights: &[Tapered]) -> Real {
    weights
        .iter()
        .map(|w| [f64::from(w.0), f64::from(w.1)])
        .collect()
}

/// `weights` rounded to the evaluation's integers.
///
/// Rounding saturates at `i32`'s range, far beyond any weight.
#[allow(clippy::cast_possible_truncation)]
pub(crate) fn to_integer(weights: &Real) -> Vec<Tapered> {
    weights
        .iter()
        .map(|w| Tapered(w[0].round() as i32, w[1].round() as i32))
        .collect()
}

/// The share of the middlegame and of the endgame sum in the evaluation,
/// as the trace's phase, scale and divisor make them.
fn blend(trace: &Trace) -> (f64, f64) {
    let total = f64::from(trace.phase_total * trace.divisor);
    let scale = f64::from(trace.scale) / f64::from(Trace::FULL_SCALE);
    (
        f64::from(trace.phase) / total,
        f64::from(trace.phase_total - trace.phase) * scale / total,
    )
}

/// The evaluation for White (Red) with `weights`: the trace's formula
/// without its integer rounding, the tempo counted for the side to move.
pub(crate) fn white_eval(trace: &Trace, weights: &Real) -> f64 {
    let (mut mg, mut eg) = (f64::from(trace.offset.0), f64::from(trace.offset.1));
    for &(i, c) in &trace.coefficients {
        let w = weights[usize::from(i)];
        mg += w[0] * f64::from(c);
        eg += w[1] * f64::from(c);
    }
    let (mg_share, eg_share) = blend(trace);
    let tempo = f64::from(if trace.white_to_move {
        trace.tempo
    } else {
        -trace.tempo
    });
    mg * mg_share + eg * eg_share + tempo
}

/// The predicted result for White of an evaluation `eval`, at scale `k`.
pub(crate) fn sigmoid(k: f64, eval: f64) -> f64 {
    1.0 / (1.0 + (-k * eval).exp())
}

/// Mean squared error of the predictions against the labels.
pub(crate) fn error(samples: &[Sample], weights: &Real, k: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let sum: f64 = samples
        .iter()
        .map(|s| (sigmoid(k, white_eval(&s.trace, weights)) - s.label).powi(2))
        .sum();
    sum / samples.len() as f64
}

/// The scale `k` (per centipawn) that minimises the error with `weights`:
/// a golden-section search, the error being unimodal in `k`.
pub(crate) fn fit_k(samples: &[Sample], weights: &Real) -> f64 {
    let evals: Vec<(f64, f64)> = samples
        .iter()
        .map(|s| (white_eval(&s.trace, weights), s.label))
        .collect();
    let err = |k: f64| -> f64 {
        evals
            .iter()
            .map(|&(e, y)| (sigmoid(k, e) - y).powi(2))
            .sum::<f64>()
    };
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut lo, mut hi) = (1e-4, 0.05);
    let mut a = hi - ratio * (hi - lo);
    let mut b = lo + ratio * (hi - lo);
    let (mut fa, mut fb) = (err(a), err(b));
    for _ in 0..60 {
        if fa < fb {
            hi = b;
            b = a;
            fb = fa;
            a = hi - ratio * (hi - lo);
            fa = err(a);
        } else {
            lo = a;
            a = b;
            fa = fb;
            b = lo + ratio * (hi - lo);
            fb = err(b);
        }
    }
    (lo + hi) / 2.0
}

/// Adam's state and settings.
#[derive(Debug)]
pub(crate) struct Adam {
    /// Step size, in centipawns.
    pub(crate) rate: f64,
    /// Weight of the penalty `l2 * (w - w0)²` per weight, which keeps
    /// weights the data says little about near where they started.
    pub(crate) l2: f64,
    /// The weights the penalty pulls towards.
    origin: Real,
    /// Whether each weight is held where it started.
    frozen: Vec<bool>,
    m: Real,
    v: Real,
    t: i32,
}

impl Adam {
    const BETA1: f64 = 0.9;
    const BETA2: f64 = 0.999;
    const EPSILON: f64 = 1e-8;

    /// A fresh optimiser for weights starting at `origin`.
    pub(crate) fn new(origin: &Real, rate: f64, l2: f64) -> Self {
        let len = origin.len();
        Adam {
            rate,
            l2,
            origin: origin.clone(),
            frozen: vec![false; len],
            m: vec![[0.0; 2]; len],
            v: vec![[0.0; 2]; len],
            t: 0,
        }
    }

    /// Holds the weights `range` where they are.
    pub(crate) fn freeze(&mut self, range: std::ops::Range<usize>) {
        for f in &mut self.frozen[range] {
            *f = true;
        }
    }

    /// One full-batch step of `weights` down the error's gradient (plus
    /// the penalty's). A weight no sample uses has a zero gradient and does
    /// not move.
    pub(crate) fn step(&mut self, samples: &[Sample], weights: &mut Real, k: f64) {
        let mut gradient = gradient(samples, weights, k);
        if self.l2 > 0.0 {
            for (g, (w, o)) in gradient.iter_mut().zip(weights.iter().zip(&self.origin)) {
                for p in 0..2 {
                    if g[p] != 0.0 {
                        g[p] += 2.0 * self.l2 * (w[p] - o[p]);
                    }
                }
            }
        }
        self.t += 1;
        let c1 = 1.0 - Self::BETA1.powi(self.t);
        let c2 = 1.0 - Self::BETA2.powi(self.t);
        for (i, g) in gradient.iter().enumerate() {
            if self.frozen[i] {
                continue;
            }
            for p in 0..2 {
                self.m[i][p] = Self::BETA1 * self.m[i][p] + (1.0 - Self::BETA1) * g[p];
                self.v[i][p] = Self::BETA2 * self.v[i][p] + (1.0 - Self::BETA2) * g[p] * g[p];
                let m = self.m[i][p] / c1;
                let v = self.v[i][p] / c2;
                weights[i][p] -= self.rate * m / (v.sqrt() + Self::EPSILON);
            }
        }
    }
}

/// The gradient of the mean squared error in each weight.
fn gradient(samples: &[Sample], weights: &Real, k: f64) -> Real {
    let mut gradient = vec![[0.0; 2]; weights.len()];
    let n = samples.len().max(1) as f64;
    for s in samples {
        let p = sigmoid(k, white_eval(&s.trace, weights));
        // d(error)/d(eval), the 1/n of the mean included.
        let d = 2.0 * (p - s.label) * p * (1.0 - p) * k / n;
        let (mg_share, eg_share) = blend(&s.trace);
        for &(i, c) in &s.trace.coefficients {
            let g = &mut gradient[usize::from(i)];
            g[0] += d * f64::from(c) * mg_share;
            g[1] += d * f64::from(c) * eg_share;
        }
    }
    gradient
}

/// Splits `samples` into a training and a validation set, holding out
/// about one group in `every`: a sample's group is its game when the data
/// names one, so that no game has positions on both sides (neighbouring
/// positions of a game are nearly the same and would make the validation
/// error as optimistic as the training error). The split depends only on
/// the groups, so it is the same from run to run.
pub(crate) fn split(samples: Vec<(Sample, u64)>, every: u64) -> (Vec<Sample>, Vec<Sample>) {
    let mut train = Vec::with_capacity(samples.len());
    let mut validation = Vec::new();
    for (sample, group) in samples {
        if mix(group).is_multiple_of(every) {
            validation.push(sample);
        } else {
            train.push(sample);
        }
    }
    (train, validation)
}

/// SplitMix64's finaliser: spreads consecutive group numbers evenly.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameKind;

    #[test]
    fn real_evaluation_matches_the_integer_one_up_to_rounding() {
        let cases = [
            (
                GameKind::Chess,
                "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 4 4",
            ),
            (GameKind::Chess, "8/5k2/8/3B4/8/2N5/5K2/8 b - - 0 1"),
            (
                GameKind::Xiangqi,
                "r1bakab1r/9/1cn4cn/p1p1p1p1p/9/9/P1P1P1P1P/1CN4CN/9/R1BAKAB1R b - - 0 1",
            ),
        ];
        for (game, fen) in cases {
            let trace = game.trace(fen).unwrap();
            let weights = game.weights();
            let relative = f64::from(trace.evaluate(weights));
            let white = if trace.white_to_move {
                relative
            } else {
                -relative
            };
            let real = white_eval(&trace, &to_real(weights));
            assert!((real - white).abs() < 2.0, "{fen}: {real} vs {white}");
        }
    }

    #[test]
    fn a_step_lowers_the_error() {
        let label = |fen: &str, label| Sample {
            trace: GameKind::Chess.trace(fen).unwrap(),
            label,
        };
        let samples = [
            label("4k3/8/8/8/8/8/PPP5/4K3 w - - 0 1", 1.0),
            label("4k3/ppp5/8/8/8/8/8/4K3 w - - 0 1", 0.0),
            label("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", 1.0),
        ];
        let mut weights = to_real(GameKind::Chess.weights());
        let before = error(&samples, &weights, 0.004);
        let mut adam = Adam::new(&weights, 1.0, 0.0);
        adam.step(&samples, &mut weights, 0.004);
        assert!(error(&samples, &weights, 0.004) < before);
    }
}
