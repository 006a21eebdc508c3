//! Fits the win/draw/loss model (`search::wdl`) to the engine's own games:
//! plays self-play games at a fixed node budget per move from randomised
//! openings, labels every searched position's score (side to move's view)
//! with that side's result, and fits the model's `a` and `b` by maximum
//! likelihood on a grid, over the positions scored within ±[`FIT_RANGE`]
//! (beyond it the result depends on whether the fixed-budget search later
//! blunders back, which no function of the score alone can know). Prints the
//! fit and a calibration table over every position.
//!
//! `cargo run --release --example wdl_fit -- chess 60 10000` (variant, games,
//! nodes per move; an optional fourth argument seeds the openings).

use std::sync::mpsc;

use arbiter_engine::wdl::WdlModel;
use arbiter_engine::{Analysis, Limits, PoolConfig, Score, SearchEvent, SearchPool, Strength};
use arbiter_rules::{Game, LoadOptions, Outcome, RuleOptions, Side, Variant};

/// The scores the fit uses, in centipawns either side of 0.
const FIT_RANGE: i32 = 400;

/// One labelled position: the score from the side to move and its result
/// (1 win, ½ draw, 0 loss).
struct Sample {
    cp: i32,
    result: f64,
}

fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn load(variant: Variant, moves: &[String], rules: &RuleOptions) -> Game {
    Game::load(variant, "", moves, LoadOptions::default(), rules).expect("legal self-play moves")
}

/// Plays one game; returns the (side to move, score) of every searched
/// position and the outcome.
fn play(
    variant: Variant,
    pool: &SearchPool,
    nodes: u64,
    rng: &mut u64,
    rules: &RuleOptions,
) -> (Vec<(Side, i32)>, Outcome) {
    let mut moves: Vec<String> = Vec::new();
    let opening = 4 + (splitmix(rng) % 5) as usize;
    let mut scored = Vec::new();
    loop {
        let game = load(variant, &moves, rules);
        let status = game.status(rules).expect("status");
        if status.outcome.is_over() {
            return (scored, status.outcome);
        }
        if moves.len() < opening {
            let legal = game.legal_moves(rules).expect("moves");
            let pick = &legal[(splitmix(rng) % legal.len() as u64) as usize];
            moves.push(pick.uci.to_string());
            continue;
        }
        let (sender, events) = mpsc::channel();
        let started = Analysis {
            game: &game,
            rules,
            limits: Limits {
                nodes: Some(nodes),
                ..Limits::default()
            },
            multipv: 1,
            search_moves: &[],
            strength: Strength::default(),
        }
        .start(pool, move |event| sender.send(event).is_ok())
        .expect("search starts");
        let result = loop {
            match events.recv().expect("search answers") {
                SearchEvent::Done(result) => break result,
                SearchEvent::Info(_) => {}
            }
        };
        drop(started);
        if let Score::Centipawns(cp) = result.score {
            scored.push((status.side_to_move, cp));
        }
        let best = result.best_move.expect("a legal move");
        moves.push(best.uci.to_string());
    }
}

fn log_likelihood(model: WdlModel, samples: &[Sample]) -> f64 {
    samples
        .iter()
        .map(|s| {
            let wdl = model.wdl_cp(s.cp);
            let p = if s.result > 0.75 {
                wdl.win
            } else if s.result < 0.25 {
                wdl.loss
            } else {
                wdl.draw
            };
            (f64::from(p.max(1)) / 1000.0).ln()
        })
        .sum()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let variant = match args.get(1).map(String::as_str) {
        Some("xiangqi") => Variant::Xiangqi,
        _ => Variant::Chess,
    };
    let games: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(40);
    let nodes: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let mut rng: u64 = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(1);
    // Chess games end at the first claimable draw, as engines' games do.
    let rules = RuleOptions {
        claim_draws: variant == Variant::Chess,
        ..RuleOptions::default()
    };
    let pool = SearchPool::new(PoolConfig {
        workers: 1,
        queue_capacity: 1,
        tt_mb: 16,
        nice: 0,
    })
    .expect("pool");
    let mut samples = Vec::new();
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    for game in 0..games {
        let (scored, outcome) = play(variant, &pool, nodes, &mut rng, &rules);
        let winner = match outcome {
            Outcome::Decisive { winner, .. } => Some(winner),
            _ => None,
        };
        match winner {
            Some(Side::White) => wins += 1,
            Some(Side::Black) => losses += 1,
            None => draws += 1,
        }
        for (side, cp) in &scored {
            let result = match winner {
                None => 0.5,
                Some(w) if w == *side => 1.0,
                Some(_) => 0.0,
            };
            samples.push(Sample { cp: *cp, result });
        }
        eprintln!(
            "game {} of {games}: {} ({} positions)",
            game + 1,
            outcome,
            scored.len()
        );
    }
    let fitted: Vec<Sample> = samples
        .iter()
        .filter(|s| s.cp.abs() <= FIT_RANGE)
        .map(|s| Sample {
            cp: s.cp,
            result: s.result,
        })
        .collect();
    let mut best = (f64::NEG_INFINITY, WdlModel { a: 0.0, b: 1.0 });
    for a in (0..=600).step_by(5) {
        for b in (10..=600).step_by(5) {
            let model = WdlModel {
                a: f64::from(a),
                b: f64::from(b),
            };
            let ll = log_likelihood(model, &fitted);
            if ll > best.0 {
                best = (ll, model);
            }
        }
    }
    let model = best.1;
    println!(
        "{variant:?}: {games} games at {nodes} nodes per move (white +{wins} ={draws} -{losses}), {} positions",
        samples.len()
    );
    println!(
        "fit on the {} positions within ±{FIT_RANGE} cp: a = {}, b = {} (log-likelihood {:.1})",
        fitted.len(),
        model.a,
        model.b,
        best.0
    );
    println!("| score (cp) | positions | predicted score | observed score |");
    println!("|---|---|---|---|");
    let buckets: [(i32, i32); 9] = [
        (i32::MIN, -400),
        (-400, -200),
        (-200, -100),
        (-100, -30),
        (-30, 30),
        (30, 100),
        (100, 200),
        (200, 400),
        (400, i32::MAX),
    ];
    for (low, high) in buckets {
        let inside: Vec<&Sample> = samples
            .iter()
            .filter(|s| s.cp >= low && s.cp < high)
            .collect();
        if inside.is_empty() {
            continue;
        }
        let n = inside.len() as f64;
        let predicted: f64 = inside
            .iter()
            .map(|s| model.expected_score(s.cp))
            .sum::<f64>()
            / n;
        let observed: f64 = inside.iter().map(|s| s.result).sum::<f64>() / n;
        let label = match (low, high) {
            (i32::MIN, h) => format!("< {h}"),
            (l, i32::MAX) => format!("≥ {l}"),
            (l, h) => format!("{l} to {h}"),
        };
        println!(
            "| {label} | {} | {predicted:.3} | {observed:.3} |",
            inside.len()
        );
    }
}
