//! UCCI, the Universal Chinese Chess Protocol (ElephantEye's dialect of
//! UCI that xiangqi GUIs such as XQWizard and 象棋巫师 speak): a session that
//! starts with `ucci` is xiangqi, answers in UCCI's words, and reads UCCI's
//! commands where they differ from UCI's. What is read here:
//!
//! - `setoption <name> [<value>]` (no `name`/`value` keywords):
//!   `usemillisec`, `hashsize` (MiB), `newgame`, `batch`, `debug`, `ponder`;
//!   other options GUIs send (`bookfiles`, `randomness`, `idle`, …) are
//!   accepted and have no effect;
//! - `banmoves <move> …`: root moves the next searches must not play, until
//!   the next `position`;
//! - `go [ponder | draw] [depth <d> | depth infinite | nodes <n> | time <t>
//!   [movestogo <m> | increment <i>] [opptime <t> [oppmovestogo <m> |
//!   oppincrement <i>]]]`: `time` is the side to move's clock, in seconds
//!   unless `usemillisec` is on.
//!
//! Answers: `ucciok`, `info depth <d> score <s> pv …` (a mate is
//! ±(10000 − plies to mate), ElephantEye's convention) with an `info time
//! <ms> nodes <n>` line, `bestmove <m> [ponder <p>]`, `nobestmove`, `bye`.

use std::time::Duration;

use super::{Line, command::GoCommand};
use arbiter_engine::Score;
use arbiter_rules::Side;

/// The score UCCI writes for a mate at once (ElephantEye's `MATE_VALUE`).
const MATE_VALUE: i64 = 10_000;

/// A UCCI `setoption`, as the session acts on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum UcciOption {
    /// `usemillisec`: times in milliseconds rather than seconds.
    UseMillisec(bool),
    /// `hashsize`: the table's size in MiB (0 asks for the default).
    HashSize(usize),
    /// `newgame`: forget the last game.
    NewGame,
    /// An option this engine accepts and ignores (`batch`, `debug`, …).
    Ignored,
    /// A value that does not parse, with the message to report.
    Invalid(String),
}

/// The option lines `ucci` announces.
pub(crate) fn describe() -> Vec<String> {
    vec![
        "option usemillisec type check default false".to_owned(),
        "option hashsize type spin min 0 max 4096 default 16".to_owned(),
        "option newgame type button".to_owned(),
        "option batch type check default false".to_owned(),
        "option ponder type check default false".to_owned(),
    ]
}

/// Reads the words after `setoption`.
pub(crate) fn set_option(words: &[&str]) -> UcciOption {
    let Some((name, value)) = words.split_first() else {
        return UcciOption::Invalid("setoption needs an option name".to_owned());
    };
    let value = value.join(" ");
    let check = || match value.trim().to_ascii_lowercase().as_str() {
        "" | "true" | "on" => Some(true),
        "false" | "off" => Some(false),
        _ => None,
    };
    match name.to_ascii_lowercase().as_str() {
        "usemillisec" => check().map_or_else(
            || UcciOption::Invalid(format!("usemillisec must be true or false, got '{value}'")),
            UcciOption::UseMillisec,
        ),
        "hashsize" => value.trim().parse::<usize>().map_or_else(
            |_| UcciOption::Invalid(format!("hashsize must be a number of MiB, got '{value}'")),
            UcciOption::HashSize,
        ),
        "newgame" => UcciOption::NewGame,
        _ => UcciOption::Ignored,
    }
}

/// Reads the words after `go` into the session's terms; `mover` is the side
/// to move, whose clock `time` is. Unknown words are skipped.
pub(crate) fn go(words: &[&str], millis: bool, mover: Side) -> GoCommand {
    let mut go = GoCommand::default();
    let unit = |value: Option<&&str>| -> Option<Duration> {
        let number: f64 = value?.parse().ok()?;
        let number = number.max(0.0);
        Some(if millis {
            Duration::from_secs_f64(number / 1000.0)
        } else {
            Duration::from_secs_f64(number)
        })
    };
    let count = |value: Option<&&str>| value.and_then(|v| v.parse::<u32>().ok());
    let (mut own, mut own_inc, mut opp, mut opp_inc) = (None, Duration::ZERO, None, Duration::ZERO);
    let mut i = 0;
    while i < words.len() {
        let next = words.get(i + 1);
        let mut takes_value = true;
        match words[i] {
            "ponder" => {
                go.infinite = true;
                takes_value = false;
            }
            "depth" if next == Some(&"infinite") => go.infinite = true,
            // As in UCI: depth 0 is the shallowest search, not none.
            "depth" => go.depth = count(next).map(|d| d.max(1)),
            "nodes" => go.nodes = next.and_then(|v| v.parse::<u64>().ok()).map(|n| n.max(1)),
            "time" => own = unit(next),
            "increment" => own_inc = unit(next).unwrap_or_default(),
            "movestogo" => go.movestogo = count(next).filter(|&m| m > 0),
            "opptime" => opp = unit(next),
            "oppincrement" => opp_inc = unit(next).unwrap_or_default(),
            _ => takes_value = false,
        }
        i += if takes_value { 2 } else { 1 };
    }
    let (red, black) = match mover {
        Side::White => ((own, own_inc), (opp, opp_inc)),
        Side::Black => ((opp, opp_inc), (own, own_inc)),
    };
    if own.is_some() {
        // The opponent's clock, when not given, is not the mover's concern.
        go.wtime = Some(red.0.unwrap_or_default());
        go.btime = Some(black.0.unwrap_or_default());
        go.winc = red.1;
        go.binc = black.1;
    }
    go
}

/// A completed iteration as UCCI's two `info` lines.
pub(crate) fn info_lines(line: &Line) -> [String; 2] {
    let score = match line.score {
        Score::Centipawns(cp) => i64::from(cp),
        Score::Mate(moves) => {
            let moves = i64::from(moves);
            if moves > 0 {
                MATE_VALUE - (2 * moves - 1)
            } else {
                -MATE_VALUE - 2 * moves
            }
        }
    };
    let millis = u64::try_from(line.elapsed.as_millis()).unwrap_or(u64::MAX);
    [
        format!(
            "info depth {} score {score} pv {}",
            line.depth,
            line.pv.join(" ")
        ),
        format!("info time {millis} nodes {}", line.nodes),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(s: &str) -> Vec<&str> {
        s.split_whitespace().collect()
    }

    #[test]
    fn clocks_are_the_side_to_moves_in_seconds_or_milliseconds() {
        let g = go(&split("time 60 increment 2 opptime 30"), false, Side::Black);
        assert_eq!(g.btime, Some(Duration::from_secs(60)));
        assert_eq!(g.binc, Duration::from_secs(2));
        assert_eq!(g.wtime, Some(Duration::from_secs(30)));
        let g = go(&split("time 1500 movestogo 10"), true, Side::White);
        assert_eq!(g.wtime, Some(Duration::from_millis(1500)));
        assert_eq!(g.btime, Some(Duration::ZERO));
        assert_eq!(g.movestogo, Some(10));
        assert!(go(&split("depth infinite"), false, Side::White).infinite);
        assert_eq!(
            go(&split("draw depth 7"), false, Side::White).depth,
            Some(7)
        );
        assert_eq!(
            go(&split("nodes 5000"), false, Side::White).nodes,
            Some(5000)
        );
    }

    #[test]
    fn options_and_mate_scores() {
        assert_eq!(
            set_option(&split("usemillisec true")),
            UcciOption::UseMillisec(true)
        );
        assert_eq!(set_option(&split("hashsize 64")), UcciOption::HashSize(64));
        assert_eq!(set_option(&split("newgame")), UcciOption::NewGame);
        assert_eq!(set_option(&split("bookfiles a.obk")), UcciOption::Ignored);
        assert!(matches!(
            set_option(&split("hashsize lots")),
            UcciOption::Invalid(_)
        ));
        let line = |score| Line {
            depth: 3,
            seldepth: 5,
            multipv: 1,
            score,
            wdl: arbiter_engine::Wdl {
                win: 1000,
                draw: 0,
                loss: 0,
            },
            nodes: 10,
            elapsed: Duration::from_millis(4),
            pv: vec!["h2e2".to_owned()],
        };
        assert_eq!(
            info_lines(&line(Score::Mate(1)))[0],
            "info depth 3 score 9999 pv h2e2"
        );
        assert_eq!(
            info_lines(&line(Score::Mate(-2)))[0],
            "info depth 3 score -9996 pv h2e2"
        );
        assert_eq!(
            info_lines(&line(Score::Centipawns(-35)))[1],
            "info time 4 nodes 10"
        );
    }
}
