//! `arbiter match`: engine-against-engine matches in chess, its variants and
//! xiangqi, every move refereed by the rules crate. One concern per file:
//! `spec` reads the `--engine` specs, `player` asks an external engine or
//! Arbiter's own for a move, `referee` plays and judges one game,
//! `openings` reads the book, `sprt` keeps the score, Elo and the
//! sequential test, `report` writes the lines, the JSON and the records;
//! this file schedules the games on worker threads and stops the match.

mod args;
mod openings;
mod player;
mod referee;
mod report;
mod resume;
mod spec;
mod sprt;

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, mpsc};
use std::time::Duration;

use arbiter_rules::{RuleOptions, Variant};

use crate::config::MatchArgs;

use openings::Opening;
use player::Player;
use referee::{Adjudication, Control, PlayedGame, Table};
use report::Report;
use spec::EngineSpec;
use sprt::{SprtBounds, Verdict};

/// A match's settings, read and checked from the command line.
struct Plan {
    variant: Variant,
    rules: RuleOptions,
    engines: Vec<EngineSpec>,
    /// Every game to play: (first engine, second engine, opening), the
    /// first engine with the first move; pairs of games share an opening
    /// with colours swapped.
    schedule: Vec<Scheduled>,
    openings: Vec<Opening>,
    control: Control,
    margin: Duration,
    adjudication: Adjudication,
    concurrency: usize,
    sprt: Option<SprtBounds>,
}

/// One game of the schedule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Scheduled {
    /// The engine with the first move.
    white: usize,
    /// Its opponent.
    black: usize,
    /// Index into the openings.
    opening: usize,
    /// The game's number in its pairing, from 0: games 2k and 2k+1 are a pair.
    number: usize,
}

/// A finished game, as a worker hands it back.
struct Finished {
    round: usize,
    scheduled: Scheduled,
    game: PlayedGame,
}

/// Runs `arbiter match`; the exit code is 0 when the match ran (whatever
/// its result), 2 for bad arguments, 1 when it could not be played.
pub fn run(args: &MatchArgs) -> std::process::ExitCode {
    let plan = match args.plan() {
        Ok(plan) => plan,
        Err(message) => {
            eprintln!("arbiter match: {message}");
            return std::process::ExitCode::from(2);
        }
    };
    let mut report = match Report::new(args) {
        Ok(report) => report,
        Err(message) => {
            eprintln!("arbiter match: {message}");
            return std::process::ExitCode::from(2);
        }
    };
    let mut pending: Vec<usize> = (0..plan.schedule.len()).collect();
    if args.resume
        && let Some(path) = &args.pgn
    {
        let recorded = match resume::recorded(&plan, path) {
            Ok(recorded) => recorded,
            Err(message) => {
                eprintln!("arbiter match: {message}");
                return std::process::ExitCode::from(2);
            }
        };
        let mut done = vec![false; plan.schedule.len()];
        for game in &recorded {
            done[game.round] = true;
            report.count(plan.schedule[game.round], game.winner);
        }
        pending.retain(|&round| !done[round]);
        report.resumed_from(&plan, path, recorded.len());
    }
    let stop = Arc::new(AtomicBool::new(false));
    if let Some(bounds) = plan.sprt
        && report.verdict(&bounds) != Verdict::Continue
    {
        stop.store(true, Ordering::Release);
    }
    let interrupted = Arc::new(AtomicBool::new(false));
    watch_interrupt(&stop, &interrupted);
    let next = Arc::new(AtomicUsize::new(0));
    let (plan, pending) = (Arc::new(plan), Arc::new(pending));
    let (sender, results) = mpsc::channel::<Result<Finished, String>>();
    let workers: Vec<_> = (0..plan.concurrency.min(pending.len()))
        .map(|_| {
            let (plan, pending, next, stop, sender) = (
                Arc::clone(&plan),
                Arc::clone(&pending),
                Arc::clone(&next),
                Arc::clone(&stop),
                sender.clone(),
            );
            std::thread::spawn(move || worker(&plan, &pending, &next, &stop, &sender))
        })
        .collect();
    drop(sender);
    let mut failed = None;
    for result in results {
        match result {
            // A game that finished after the match was stopped does not
            // count: an interrupt may have reached it halfway.
            Ok(_) if stop.load(Ordering::Acquire) => {}
            Ok(finished) => {
                report.game(&plan, &finished);
                if let Some(bounds) = plan.sprt
                    && report.verdict(&bounds) != Verdict::Continue
                {
                    stop.store(true, Ordering::Release);
                }
            }
            Err(message) => {
                failed.get_or_insert(message);
                stop.store(true, Ordering::Release);
            }
        }
    }
    for worker in workers {
        let _ = worker.join();
    }
    report.finish(&plan, interrupted.load(Ordering::Acquire));
    match failed {
        Some(message) => {
            eprintln!("arbiter match: {message}");
            std::process::ExitCode::FAILURE
        }
        None => std::process::ExitCode::SUCCESS,
    }
}

/// Plays the pending games of the schedule (their rounds, in order) until
/// none is left or the match stops.
/// Each worker keeps its own players (engine processes), reused from game
/// to game and dropped (their processes killed) when it ends.
fn worker(
    plan: &Plan,
    pending: &[usize],
    next: &AtomicUsize,
    stop: &AtomicBool,
    results: &mpsc::Sender<Result<Finished, String>>,
) {
    let mut players: Vec<Option<Box<dyn Player>>> = plan.engines.iter().map(|_| None).collect();
    while !stop.load(Ordering::Acquire) {
        let Some(&round) = pending.get(next.fetch_add(1, Ordering::AcqRel)) else {
            return;
        };
        let scheduled = plan.schedule[round];
        let outcome = match play_scheduled(plan, &mut players, scheduled, stop) {
            Ok(Some(game)) => Ok(Finished {
                round,
                scheduled,
                game,
            }),
            Ok(None) => return,
            Err(message) => Err(message),
        };
        if results.send(outcome).is_err() {
            return;
        }
    }
}

fn play_scheduled(
    plan: &Plan,
    players: &mut [Option<Box<dyn Player>>],
    scheduled: Scheduled,
    stop: &AtomicBool,
) -> Result<Option<PlayedGame>, String> {
    for index in [scheduled.white, scheduled.black] {
        if players[index].is_none() {
            let spec = &plan.engines[index];
            let made =
                player::player(spec, plan.variant).map_err(|e| format!("{}: {e}", spec.name))?;
            players[index] = Some(made);
        }
    }
    let (first, second) = if scheduled.white < scheduled.black {
        let (low, high) = players.split_at_mut(scheduled.black);
        (&mut low[scheduled.white], &mut high[0])
    } else {
        let (low, high) = players.split_at_mut(scheduled.white);
        (&mut high[0], &mut low[scheduled.black])
    };
    let (Some(white), Some(black)) = (first.as_deref_mut(), second.as_deref_mut()) else {
        return Err("an engine could not be started".to_owned());
    };
    let table = Table {
        variant: plan.variant,
        rules: plan.rules,
        opening: &plan.openings[scheduled.opening],
        control: plan.control,
        margin: plan.margin,
        adjudication: plan.adjudication,
    };
    referee::play(table, [white, black], stop)
}

/// Sets `stop` and `interrupted` on Ctrl-C (SIGINT) or SIGTERM. Engines run
/// in process groups of their own, so the terminal's Ctrl-C reaches this
/// process alone; the match stops scheduling, finishes its report with the
/// games that finished, and its workers end their engines.
fn watch_interrupt(stop: &Arc<AtomicBool>, interrupted: &Arc<AtomicBool>) {
    let (stop, interrupted) = (Arc::clone(stop), Arc::clone(interrupted));
    let spawned = std::thread::Builder::new()
        .name("match-signals".to_owned())
        .spawn(move || {
            let Ok(runtime) = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
            else {
                return;
            };
            // The handlers are installed in the runtime's context.
            let signal = {
                let _context = runtime.enter();
                crate::transport::net::server::termination_signal()
            };
            runtime.block_on(signal);
            interrupted.store(true, Ordering::Release);
            stop.store(true, Ordering::Release);
            eprintln!("arbiter match: interrupted; finishing the report");
        });
    drop(spawned);
}
