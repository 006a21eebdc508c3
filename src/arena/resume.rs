//! `arbiter match --resume`: the games an earlier run of the same match
//! wrote to its PGN file, matched to this run's schedule, so that a match
//! that was stopped goes on where it stopped instead of starting over. A
//! sequential test stopped for a reason other than its results (an
//! interrupt, the end of a working day) and resumed this way is the same
//! test: its stopping rule only ever sees the results.

use std::path::Path;

use arbiter_rules::Side;
use arbiter_rules::record::{ParseOptions, RecordError, RecordFormat, RecordResult, RecordedGame};

use super::Plan;
use super::report::player_tags;

/// A game the file holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Recorded {
    /// Its index in the schedule (its `Round` tag less one).
    pub(super) round: usize,
    pub(super) winner: Option<Side>,
}

/// The games of the PGN file at `path` in file order, each one of `plan`'s
/// schedule. A missing file holds none. A game that is not of this
/// schedule (no `Round` in it, other players or another opening in that
/// round, a round seen twice, no result) is an error: the file is another
/// match's, and counting it would bend this one's result.
pub(super) fn recorded(plan: &Plan, path: &Path) -> Result<Vec<Recorded>, String> {
    let file = path.display();
    let data = match std::fs::read(path) {
        Ok(data) => data,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(format!("--resume {file}: {e}")),
    };
    let games = arbiter_rules::parse_record(
        plan.variant,
        &data,
        Some(RecordFormat::Pgn),
        ParseOptions::default(),
    )
    .map_err(|e| format!("--resume {file}: {e}"))?;
    let mut seen = vec![false; plan.schedule.len()];
    games
        .iter()
        .enumerate()
        .map(|(index, game)| {
            let recorded = check(plan, game, &mut seen);
            recorded.map_err(|problem| format!("--resume {file}: game {}: {problem}", index + 1))
        })
        .collect()
}

fn check(plan: &Plan, game: &RecordedGame, seen: &mut [bool]) -> Result<Recorded, String> {
    let tag = |name: &str| {
        game.tags
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.as_str())
    };
    // The file is this program's own writing: a game it cannot read
    // again was cut or edited, and what it says cannot be trusted.
    match &game.error {
        None => {}
        Some(RecordError::Fen(message) | RecordError::Unreadable(message)) => {
            return Err(message.clone());
        }
        Some(RecordError::Move { index, message }) => {
            return Err(format!("move {}: {message}", index + 1));
        }
    }
    let rounds = plan.schedule.len();
    let round = tag("Round")
        .and_then(|text| text.parse::<usize>().ok())
        .filter(|round| (1..=rounds).contains(round))
        .ok_or_else(|| format!("its Round is not a number from 1 to {rounds}"))?
        - 1;
    if std::mem::replace(&mut seen[round], true) {
        return Err(format!("round {} is in the file twice", round + 1));
    }
    let scheduled = plan.schedule[round];
    let [first_tag, second_tag] = player_tags(plan.variant);
    let expected = [
        (first_tag, &plan.engines[scheduled.white].name),
        (second_tag, &plan.engines[scheduled.black].name),
    ];
    for (name, engine) in expected {
        let found = tag(name).unwrap_or("");
        if found != engine {
            return Err(format!(
                "round {} has {name} \"{found}\" where this match has {engine}",
                round + 1
            ));
        }
    }
    // A book changed between the runs would pair this game with another
    // opening's (the move counters of a FEN may be written otherwise).
    let opening = &plan.openings[scheduled.opening];
    let same_position = game
        .fen
        .split_whitespace()
        .take(4)
        .eq(opening.fen.split_whitespace().take(4));
    if !same_position || !game.moves.starts_with(&opening.moves) {
        return Err(format!(
            "round {} does not start from this match's opening {}",
            round + 1,
            scheduled.opening + 1
        ));
    }
    let winner = match game.result {
        RecordResult::WhiteWins => Some(Side::White),
        RecordResult::BlackWins => Some(Side::Black),
        RecordResult::Draw => None,
        RecordResult::Unknown => return Err(format!("round {} has no result", round + 1)),
    };
    Ok(Recorded { round, winner })
}
