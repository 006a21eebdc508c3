//! Tunes Arbiter's evaluation weights by Texel's method, and makes the data
//! it tunes them on:
//!
//! ```text
//! arbiter-tune --game xiangqi --extract target/tune/xiangqi.pgn --out target/tune/xiangqi.txt
//! arbiter-tune --game xiangqi --data target/tune/xiangqi.txt --epochs 2000 \
//!     --out crates/arbiter-engine/src/eval/xiangqi/weights.rs
//! ```
//!
//! The first reads self-play games (tools/tune/data.sh plays them) and
//! writes their quiet positions, one a line as `FEN;result;game`, the result
//! being the game's for White (Red): 1, 0.5 or 0. The second fits the
//! sigmoid scale K to the current weights, then moves every weight of the
//! game to minimise the mean squared error of sigmoid(K * eval) against the
//! results, a tenth of the games held out to show overfitting, and writes
//! the weights as the game's `weights.rs` with a note of the run.

mod games;
mod source;
mod tune;

use std::path::PathBuf;
use std::process::ExitCode;

use arbiter_rules::record::{ParseOptions, RecordFormat, RecordResult};
use clap::Parser;

use games::GameKind;
use tune::Sample;

/// Tunes an evaluation's weights on labelled positions, or extracts such
/// positions from a PGN file of games.
#[derive(Debug, Parser)]
#[command(name = "arbiter-tune")]
struct Args {
    /// The game whose evaluation is tuned.
    #[arg(long, value_enum)]
    game: GameKind,
    /// Labelled positions to tune on: `FEN;result[;game]` a line.
    #[arg(long, required_unless_present = "extract")]
    data: Option<PathBuf>,
    /// Instead of tuning, write the quiet positions of this PGN's games.
    #[arg(long, conflicts_with = "data")]
    extract: Option<PathBuf>,
    /// Extraction: plies of each game's start left out (its first moves
    /// repeat across games from the same opening).
    #[arg(long, default_value_t = 8)]
    skip_plies: usize,
    /// Passes over the data (each one step of every weight).
    #[arg(long, default_value_t = 1000)]
    epochs: usize,
    /// Adam's step size, in centipawns.
    #[arg(long, default_value_t = 1.0)]
    rate: f64,
    /// Penalty per squared centipawn a weight moves from its start
    /// (0: none); against overfitting weights few positions use.
    #[arg(long, default_value_t = 0.0)]
    l2: f64,
    /// Hold the weights of the layout groups whose names start with this
    /// (`piece-square`, say) at their start; repeatable.
    #[arg(long)]
    freeze: Vec<String>,
    /// A line for the generated source's header about the data.
    #[arg(long)]
    note: Option<String>,
    /// Where the positions (extraction) or the weights' source go.
    #[arg(long)]
    out: PathBuf,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let result = match &args.extract {
        Some(pgn) => extract(&args, pgn),
        None => run_tuning(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("arbiter-tune: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Writes the quiet positions of `pgn`'s finished games, past the first
/// `skip_plies` of each, once each (a position met again, with any move
/// counters, is left out).
fn extract(args: &Args, pgn: &PathBuf) -> Result<(), String> {
    let data = std::fs::read(pgn).map_err(|e| format!("{}: {e}", pgn.display()))?;
    let games = arbiter_rules::parse_record(
        args.game.variant(),
        &data,
        Some(RecordFormat::Pgn),
        ParseOptions::default(),
    )
    .map_err(|e| format!("{}: {e}", pgn.display()))?;
    let mut seen = std::collections::HashSet::new();
    let mut out = String::new();
    let (mut used, mut unreadable, mut plies, mut loud, mut repeated, mut kept) =
        (0, 0, 0, 0, 0, 0);
    for (index, game) in games.iter().enumerate() {
        let label = match game.result {
            RecordResult::WhiteWins => "1.0",
            RecordResult::Draw => "0.5",
            RecordResult::BlackWins => "0.0",
            RecordResult::Unknown => continue,
        };
        if game.error.is_some() {
            unreadable += 1;
            continue;
        }
        let positions = match args.game.replay(&game.fen, &game.moves) {
            Ok(positions) => positions,
            Err(message) => {
                eprintln!("game {}: {message}", index + 1);
                unreadable += 1;
                continue;
            }
        };
        used += 1;
        for (fen, quiet) in positions.into_iter().skip(args.skip_plies) {
            plies += 1;
            if !quiet {
                loud += 1;
                continue;
            }
            // The FEN without its two move counters.
            let key: Vec<&str> = fen.split(' ').collect();
            let key = key[..key.len().saturating_sub(2)].join(" ");
            if !seen.insert(key) {
                repeated += 1;
                continue;
            }
            kept += 1;
            out.push_str(&format!("{fen};{label};{index}\n"));
        }
    }
    std::fs::write(&args.out, out).map_err(|e| format!("{}: {e}", args.out.display()))?;
    eprintln!(
        "{} games read, {used} used ({unreadable} unreadable); {plies} positions past the first {} plies: \
         {loud} in check or not quiet, {repeated} repeated, {kept} written to {}",
        games.len(),
        args.skip_plies,
        args.out.display()
    );
    Ok(())
}

/// Reads the labelled positions of `path` with the group each belongs to:
/// its game when the line names one, else its line number.
fn read_samples(game: GameKind, path: &PathBuf) -> Result<Vec<(Sample, u64)>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut samples = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |message: String| format!("{}:{}: {message}", path.display(), number + 1);
        let mut fields = line.split(';');
        let fen = fields.next().unwrap_or_default();
        let label: f64 = fields
            .next()
            .ok_or_else(|| at("no result after the FEN".into()))?
            .trim()
            .parse()
            .map_err(|e| at(format!("result: {e}")))?;
        if !(0.0..=1.0).contains(&label) {
            return Err(at(format!("result {label} is not in 0..=1")));
        }
        let group = match fields.next() {
            Some(g) => g.trim().parse().map_err(|e| at(format!("game: {e}")))?,
            None => number as u64,
        };
        let trace = game.trace(fen.trim()).map_err(at)?;
        samples.push((Sample { trace, label }, group));
    }
    Ok(samples)
}

fn run_tuning(args: &Args) -> Result<(), String> {
    let Some(path) = &args.data else {
        return Err("--data or --extract is needed".into());
    };
    let samples = read_samples(args.game, path)?;
    let (train, validation) = tune::split(samples, 10);
    if train.is_empty() {
        return Err(format!("{}: no positions", path.display()));
    }
    eprintln!(
        "{} positions to fit, {} held out",
        train.len(),
        validation.len()
    );
    let start = tune::to_real(args.game.weights());
    let k = tune::fit_k(&train, &start);
    let before = [
        tune::error(&train, &start, k),
        tune::error(&validation, &start, k),
    ];
    eprintln!(
        "K = {k:.6}; error: training {:.6}, validation {:.6}",
        before[0], before[1]
    );
    let mut adam = tune::Adam::new(&start, args.rate, args.l2);
    for group in args.game.layout() {
        if args
            .freeze
            .iter()
            .any(|prefix| group.name.starts_with(prefix.as_str()))
        {
            adam.freeze(group.start..group.start + group.len);
        }
    }
    let mut weights = start.clone();
    // Early stopping: the weights kept are those of the epoch with the
    // lowest validation error (the start, if no epoch beats it).
    let (mut best, mut best_epoch, mut best_error) = (start, 0, before[1]);
    let report_every = (args.epochs / 40).max(1);
    for epoch in 1..=args.epochs {
        adam.step(&train, &mut weights, k);
        let validation_error = tune::error(&validation, &weights, k);
        if validation.is_empty() || validation_error < best_error {
            (best, best_epoch, best_error) = (weights.clone(), epoch, validation_error);
        }
        if epoch % report_every == 0 || epoch == args.epochs {
            eprintln!(
                "epoch {epoch}: training {:.6}, validation {validation_error:.6}",
                tune::error(&train, &weights, k),
            );
        }
    }
    eprintln!("lowest validation error at epoch {best_epoch}: those weights are kept");
    let tuned = tune::to_integer(&best);
    let rounded = tune::to_real(&tuned);
    let after = [
        tune::error(&train, &rounded, k),
        tune::error(&validation, &rounded, k),
    ];
    eprintln!(
        "rounded weights: training {:.6} (was {:.6}), validation {:.6} (was {:.6})",
        after[0], before[0], after[1], before[1]
    );
    let note = source::RunNote {
        game: args.game.name(),
        data: path.display().to_string(),
        note: args.note.clone(),
        train: train.len(),
        validation: validation.len(),
        k,
        epochs: args.epochs,
        best_epoch,
        rate: args.rate,
        l2: args.l2,
        frozen: args.freeze.clone(),
        errors: [before[0], after[0], before[1], after[1]],
    };
    let text = source::weights_module(&note, args.game.layout(), &tuned);
    std::fs::write(&args.out, text).map_err(|e| format!("{}: {e}", args.out.display()))?;
    eprintln!("weights written to {}", args.out.display());
    Ok(())
}
