//! Win/draw/loss expectation from a score.
//!
//! The model is the one Stockfish's `UCI_ShowWDL` popularised, with one
//! fitted pair of parameters per game ([`SearchGame::WDL`](super::SearchGame::WDL)):
//!
//! ```text
//! win  = 1 / (1 + exp((a - cp) / b))
//! loss = 1 / (1 + exp((a + cp) / b))
//! draw = 1 - win - loss
//! ```
//!
//! `a` is the score at which the side to move wins half its games, `b` how
//! quickly the expectation changes around it. Both are fitted by maximum
//! likelihood to positions of the engine's own games (each position's score
//! from its side to move, labelled with that side's result); the fit, its
//! data and its command are in BENCHMARKS.md (Win/draw/loss).

use super::score::{MATE_BOUND, Score};

/// The parameters of the logistic model, in centipawns.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WdlModel {
    /// Score at which the side to move wins half its games.
    pub a: f64,
    /// Spread: how many centipawns move the win chance by a factor of e.
    pub b: f64,
}

/// Chess: fitted by `examples/wdl_fit.rs` on 240 self-play games at 10,000
/// nodes a move (22,422 positions within ±400 cp); BENCHMARKS.md has the
/// calibration.
pub const CHESS: WdlModel = WdlModel { a: 150.0, b: 140.0 };

/// Xiangqi: fitted the same way on 100 self-play games (8,739 positions).
/// The wide draw band is what those games show: at that budget a xiangqi
/// advantage of a few hundred is often not converted before the move limit.
pub const XIANGQI: WdlModel = WdlModel { a: 575.0, b: 320.0 };

/// Expected result in per mille from the side to move's view; the three
/// always sum to 1000.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Wdl {
    /// Games won, per mille.
    pub win: u32,
    /// Games drawn, per mille.
    pub draw: u32,
    /// Games lost, per mille.
    pub loss: u32,
}

impl WdlModel {
    /// The expectation for a reported score: a mate for the side to move is
    /// a win, a mate against it a loss.
    #[must_use]
    pub fn wdl(&self, score: Score) -> Wdl {
        match score {
            Score::Mate(n) if n > 0 => Wdl {
                win: 1000,
                draw: 0,
                loss: 0,
            },
            Score::Mate(_) => Wdl {
                win: 0,
                draw: 0,
                loss: 1000,
            },
            Score::Centipawns(cp) => self.wdl_cp(cp),
        }
    }

    /// The expectation for a score in centipawns.
    #[must_use]
    pub fn wdl_cp(&self, cp: i32) -> Wdl {
        let cp = f64::from(cp.clamp(-MATE_BOUND, MATE_BOUND));
        let win = 1.0 / (1.0 + ((self.a - cp) / self.b).exp());
        let loss = 1.0 / (1.0 + ((self.a + cp) / self.b).exp());
        // a ≥ 0 keeps win + loss ≤ 1; rounding may still overshoot by one.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let per_mille = |p: f64| (p * 1000.0).round().clamp(0.0, 1000.0) as u32;
        let win = per_mille(win);
        let loss = per_mille(loss).min(1000 - win);
        Wdl {
            win,
            draw: 1000 - win - loss,
            loss,
        }
    }

    /// The expected score (win = 1, draw = ½) for `cp`, as a fraction.
    #[must_use]
    pub fn expected_score(&self, cp: i32) -> f64 {
        let wdl = self.wdl_cp(cp);
        (f64::from(wdl.win) + f64::from(wdl.draw) / 2.0) / 1000.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MODEL: WdlModel = WdlModel { a: 150.0, b: 60.0 };

    #[test]
    fn sums_to_a_thousand_and_grows_with_the_score() {
        let mut last_win = 0;
        for cp in (-3000..=3000).step_by(7) {
            let wdl = MODEL.wdl_cp(cp);
            assert_eq!(wdl.win + wdl.draw + wdl.loss, 1000, "{cp}");
            assert!(wdl.win >= last_win, "{cp}");
            last_win = wdl.win;
        }
        let even = MODEL.wdl_cp(0);
        assert_eq!(even.win, even.loss);
        assert_eq!(MODEL.wdl(Score::Mate(3)).win, 1000);
        assert_eq!(MODEL.wdl(Score::Mate(-1)).loss, 1000);
        assert_eq!(MODEL.wdl_cp(150).win, 500);
    }
}
