//! What a match prints and writes: a line per game as it finishes (text or
//! JSON), the running score, and at the end each pairing's W/D/L, score,
//! Elo ± 95 %, pentanomial pairs and the sequential test's LLR and verdict;
//! each game appended to the PGN file as it finishes, so an interrupted
//! match keeps what it played.

use std::collections::HashMap;
use std::fs::File;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use arbiter_rules::record::{
    Annotation, RecordFormat, RecordNotation, RecordResult, RecordedGame, WriteOptions,
};
use arbiter_rules::{Side, Variant};
use serde_json::json;

use super::referee::MoveNote;
use super::sprt::{SprtBounds, Tally, Verdict};
use super::{Finished, Plan, Scheduled};
use crate::config::MatchArgs;
use crate::external::EngineScore;

/// `println!` that does not panic when stdout is gone (`arbiter match |
/// head`): the match goes on and its PGN file keeps every game.
macro_rules! out {
    ($($arg:tt)*) => {{
        let _ = writeln!(std::io::stdout(), $($arg)*);
    }};
}

/// The report of a match under way.
pub(super) struct Report {
    json: bool,
    pgn: Option<(PathBuf, File)>,
    /// Per pairing (lower engine index, higher), from the lower's view.
    tallies: HashMap<(usize, usize), Tally>,
    /// A pair's first result (in half points for the pairing's lower
    /// engine), until its second arrives.
    half_pairs: HashMap<(usize, usize, usize), u32>,
    finished: usize,
    date: String,
    progress: bool,
}

impl Report {
    pub(super) fn new(args: &MatchArgs) -> Result<Self, String> {
        let pgn = match &args.pgn {
            Some(path) => {
                let file = File::options()
                    .create(true)
                    .append(true)
                    .open(path)
                    .map_err(|e| format!("--pgn {}: {e}", path.display()))?;
                Some((path.clone(), file))
            }
            None => None,
        };
        Ok(Report {
            json: args.json,
            pgn,
            tallies: HashMap::new(),
            half_pairs: HashMap::new(),
            finished: 0,
            date: today(),
            progress: !args.json && std::io::stderr().is_terminal(),
        })
    }

    /// Says how many games `--resume` counted from `path`, and the score
    /// they make.
    pub(super) fn resumed_from(&self, plan: &Plan, path: &std::path::Path, games: usize) {
        if self.json {
            out!(
                "{}",
                json!({ "resumed": games, "pgn": path.display().to_string() })
            );
        } else {
            out!("Resumed {games} games from {}", path.display());
            let mut pairings: Vec<_> = self.tallies.iter().collect();
            pairings.sort_by_key(|(key, _)| **key);
            for (&(low, high), tally) in pairings {
                Self::print_score(plan, low, high, tally);
            }
        }
        let _ = std::io::stdout().flush();
    }

    /// Counts the game's result in its pairing's tally (a finished game,
    /// or one an earlier run recorded, `--resume`); returns the pairing
    /// (lower engine index, higher).
    pub(super) fn count(&mut self, scheduled: Scheduled, winner: Option<Side>) -> (usize, usize) {
        self.finished += 1;
        // From the pairing's lower engine's view, in half points.
        let low = scheduled.white.min(scheduled.black);
        let high = scheduled.white.max(scheduled.black);
        let low_is_white = scheduled.white == low;
        let half_points = match (winner, low_is_white) {
            (None, _) => 1,
            (Some(Side::White), true) | (Some(Side::Black), false) => 2,
            _ => 0,
        };
        let tally = self.tallies.entry((low, high)).or_default();
        match half_points {
            2 => tally.wins += 1,
            1 => tally.draws += 1,
            _ => tally.losses += 1,
        }
        let pair = (low, high, scheduled.number / 2);
        if let Some(first) = self.half_pairs.remove(&pair) {
            tally.pairs[(first + half_points) as usize] += 1;
        } else {
            self.half_pairs.insert(pair, half_points);
        }
        (low, high)
    }

    /// Records and prints a finished game.
    pub(super) fn game(&mut self, plan: &Plan, finished: &Finished) {
        let Finished {
            round,
            scheduled,
            game,
        } = finished;
        let white = &plan.engines[scheduled.white].name;
        let black = &plan.engines[scheduled.black].name;
        let result = match game.end.winner {
            Some(Side::White) => RecordResult::WhiteWins,
            Some(Side::Black) => RecordResult::BlackWins,
            None => RecordResult::Draw,
        };
        let (low, high) = self.count(*scheduled, game.end.winner);
        let record = self.write_record(plan, *round, white, black, result, game);
        let plies = game.opening.moves.len() + game.moves.len();
        if self.json {
            let line = json!({
                "game": round + 1,
                "white": white,
                "black": black,
                "result": result.token(),
                "winner": game.end.winner.map(|side| if side == Side::White { white } else { black }),
                "reason": game.end.reason,
                "plies": plies,
                "opening": scheduled.opening + 1,
                "record": record,
            });
            out!("{line}");
        } else {
            if self.progress {
                eprint!("\r\x1b[K");
            }
            out!(
                "Finished game {} ({white} vs {black}): {} {{{}}}",
                round + 1,
                result.token(),
                game.end.reason
            );
            Self::print_score(plan, low, high, &self.tallies[&(low, high)]);
            if self.progress {
                eprint!("{}/{} games", self.finished, plan.schedule.len());
            }
        }
        let _ = std::io::stdout().flush();
    }

    /// The running score of a pairing, and the test's LLR.
    fn print_score(plan: &Plan, low: usize, high: usize, tally: &Tally) {
        out!(
            "Score of {} vs {}: {} - {} - {}  [{:.3}] {}",
            plan.engines[low].name,
            plan.engines[high].name,
            tally.wins,
            tally.losses,
            tally.draws,
            tally.score(),
            tally.games()
        );
        if let Some(bounds) = plan.sprt {
            out!(
                "LLR {:.2} ({:.2}, {:.2})",
                tally.llr(&bounds),
                bounds.lower(),
                bounds.upper()
            );
        }
    }

    /// The sequential test's verdict for a two-engine match.
    pub(super) fn verdict(&self, bounds: &SprtBounds) -> Verdict {
        self.tallies
            .get(&(0, 1))
            .map_or(Verdict::Continue, |tally| tally.verdict(bounds))
    }

    /// Prints the summary of every pairing (and the test's result).
    pub(super) fn finish(&mut self, plan: &Plan, interrupted: bool) {
        if self.progress {
            eprint!("\r\x1b[K");
        }
        let mut pairings: Vec<_> = self.tallies.iter().collect();
        pairings.sort_by_key(|(key, _)| **key);
        let mut summaries = Vec::new();
        for (&(low, high), tally) in pairings {
            let (elo, margin) = tally.elo();
            let sprt = plan.sprt.map(|bounds| {
                let llr = tally.llr(&bounds);
                let verdict = match tally.verdict(&bounds) {
                    Verdict::H1 => "H1 accepted",
                    Verdict::H0 => "H0 accepted",
                    Verdict::Continue => "no verdict yet",
                };
                (bounds, llr, verdict)
            });
            if self.json {
                summaries.push(json!({
                    "first": plan.engines[low].name,
                    "second": plan.engines[high].name,
                    "games": tally.games(),
                    "wins": tally.wins,
                    "draws": tally.draws,
                    "losses": tally.losses,
                    "score": tally.score(),
                    "elo": finite(elo),
                    "elo_error_95": finite(margin),
                    "pentanomial": tally.pairs,
                    "sprt": sprt.map(|(bounds, llr, verdict)| json!({
                        "elo0": bounds.elo0, "elo1": bounds.elo1,
                        "alpha": bounds.alpha, "beta": bounds.beta,
                        "llr": llr, "lower": bounds.lower(), "upper": bounds.upper(),
                        "verdict": verdict,
                    })),
                }));
            } else {
                out!(
                    "{} vs {}: {} games, W {} D {} L {}, score {:.1}/{} ({:.1} %)",
                    plan.engines[low].name,
                    plan.engines[high].name,
                    tally.games(),
                    tally.wins,
                    tally.draws,
                    tally.losses,
                    f64::from(tally.wins) + f64::from(tally.draws) / 2.0,
                    tally.games(),
                    100.0 * tally.score()
                );
                out!("Elo difference: {elo:.1} +/- {margin:.1} (95 %)");
                out!("Pentanomial [0, 1/2, 1, 3/2, 2]: {:?}", tally.pairs);
                if let Some((bounds, llr, verdict)) = sprt {
                    out!(
                        "SPRT (elo0 = {}, elo1 = {}, alpha = {}, beta = {}, pentanomial): LLR {llr:.2} ({:.2}, {:.2}) {verdict}",
                        bounds.elo0,
                        bounds.elo1,
                        bounds.alpha,
                        bounds.beta,
                        bounds.lower(),
                        bounds.upper()
                    );
                }
            }
        }
        if self.json {
            out!(
                "{}",
                json!({ "summary": summaries, "games": self.finished, "interrupted": interrupted })
            );
        } else if interrupted {
            out!("Interrupted after {} games", self.finished);
        }
        let _ = std::io::stdout().flush();
    }

    /// Appends the game to the PGN file; returns the file's path, or the
    /// reason it could not be written.
    fn write_record(
        &mut self,
        plan: &Plan,
        round: usize,
        white: &str,
        black: &str,
        result: RecordResult,
        game: &super::PlayedGame,
    ) -> Option<String> {
        let (path, file) = self.pgn.as_mut()?;
        let mut moves = game.opening.moves.clone();
        moves.extend(game.moves.iter().cloned());
        let [white_tag, black_tag] = player_tags(plan.variant);
        let tags = vec![
            ("Event".to_owned(), "Arbiter match".to_owned()),
            ("Site".to_owned(), "?".to_owned()),
            ("Date".to_owned(), self.date.clone()),
            ("Round".to_owned(), (round + 1).to_string()),
            (white_tag.to_owned(), white.to_owned()),
            (black_tag.to_owned(), black.to_owned()),
            ("Termination".to_owned(), game.end.reason.clone()),
        ];
        // Chess PGN (any chess variant's) carries each played move's note
        // and the ending in comments, as match runners write them; xiangqi
        // PGN is written without comments.
        let annotations = if plan.variant != Variant::Xiangqi {
            let first = game.opening.moves.len();
            let mut annotations: Vec<Annotation> = game
                .notes
                .iter()
                .enumerate()
                .map(|(index, note)| Annotation {
                    ply: first + index + 1,
                    comments: vec![move_comment(note)],
                    nags: Vec::new(),
                    variations: Vec::new(),
                })
                .collect();
            match annotations.last_mut() {
                Some(last) if last.ply == moves.len() => {
                    last.comments.push(game.end.reason.clone());
                }
                _ => annotations.push(Annotation {
                    ply: moves.len(),
                    comments: vec![game.end.reason.clone()],
                    nags: Vec::new(),
                    variations: Vec::new(),
                }),
            }
            annotations
        } else {
            Vec::new()
        };
        let record = RecordedGame {
            tags,
            fen: game.opening.fen.clone(),
            moves,
            result,
            error: None,
            annotations,
        };
        let written = arbiter_rules::write_record(
            plan.variant,
            &record,
            RecordFormat::Pgn,
            WriteOptions {
                // Xiangqi in ICCS (`H2-E2`), which every xiangqi PGN reader
                // takes (cchess reads no WXF); chess in SAN.
                notation: if plan.variant == Variant::Xiangqi {
                    RecordNotation::Iccs
                } else {
                    RecordNotation::Default
                },
                encrypted: false,
            },
        )
        .map_err(|e| e.to_string())
        .and_then(|bytes| {
            file.write_all(&bytes)
                .and_then(|()| file.write_all(b"\n"))
                .and_then(|()| file.flush())
                .map_err(|e| e.to_string())
        });
        match written {
            Ok(()) => Some(path.display().to_string()),
            Err(error) => {
                eprintln!(
                    "arbiter match: game {} not written to {}: {error}",
                    round + 1,
                    path.display()
                );
                None
            }
        }
    }
}

/// The PGN tags naming the first and the second player: xiangqi's first
/// is Red.
pub(super) fn player_tags(variant: Variant) -> [&'static str; 2] {
    if variant == Variant::Xiangqi {
        ["Red", "Black"]
    } else {
        ["White", "Black"]
    }
}

/// `None` for an infinite figure (JSON has no infinity).
fn finite(x: f64) -> Option<f64> {
    x.is_finite().then_some(x)
}

/// Today's date in UTC as PGN writes it (`2026.12.03`).
fn today() -> String {
    let days = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400);
    // Howard Hinnant's civil-from-days, for days since 1970-01-01.
    let z = i64::try_from(days).unwrap_or(0) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

/// A move's comment as match runners write it: the mover's score in pawns
/// from its own view (`+0.35`, `-M3` when it is mated in 3) and the depth
/// it reached (`/12`), then the time the move took (`0.412s`).
fn move_comment(note: &MoveNote) -> String {
    let time = format!("{:.3}s", note.elapsed.as_secs_f64());
    let score = match note.score {
        None => return time,
        Some(EngineScore::Centipawns(cp)) => {
            let sign = if cp < 0 { "-" } else { "+" };
            let cp = cp.unsigned_abs();
            format!("{sign}{}.{:02}", cp / 100, cp % 100)
        }
        Some(EngineScore::Mate(moves)) => {
            let sign = if moves < 0 { "-" } else { "+" };
            format!("{sign}M{}", moves.unsigned_abs())
        }
    };
    let depth = note
        .depth
        .map(|depth| format!("/{depth}"))
        .unwrap_or_default();
    format!("{score}{depth} {time}")
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    fn note(score: Option<EngineScore>, depth: Option<u32>, millis: u64) -> MoveNote {
        MoveNote {
            score,
            depth,
            elapsed: Duration::from_millis(millis),
        }
    }

    #[test]
    fn a_move_comment_is_the_movers_score_depth_and_time() {
        let cp = |n| Some(EngineScore::Centipawns(n));
        assert_eq!(
            move_comment(&note(cp(35), Some(12), 412)),
            "+0.35/12 0.412s"
        );
        assert_eq!(move_comment(&note(cp(-7), Some(3), 5)), "-0.07/3 0.005s");
        assert_eq!(move_comment(&note(cp(-250), None, 1500)), "-2.50 1.500s");
        assert_eq!(move_comment(&note(cp(0), Some(1), 0)), "+0.00/1 0.000s");
        let mate = |n| Some(EngineScore::Mate(n));
        assert_eq!(move_comment(&note(mate(4), Some(20), 90)), "+M4/20 0.090s");
        assert_eq!(move_comment(&note(mate(-3), Some(9), 90)), "-M3/9 0.090s");
        assert_eq!(move_comment(&note(None, Some(9), 100)), "0.100s");
    }
}
