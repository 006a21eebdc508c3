//! Reading UCI commands: lines of bounded length, and `position`, `go` and
//! `setoption` into plain values the session acts on. Nothing here searches
//! or prints.

use std::{
    io::{self, BufRead},
    time::Duration,
};

/// The longest line read, in bytes. A `position` with a history as long as
/// any game (a few thousand moves of five bytes) fits many times over; a
/// longer line is skipped as it arrives, never held, so a client cannot grow
/// the process by sending one (a line of 100 MB took it to 264 MB).
pub(crate) const MAX_LINE: usize = 1 << 20;

/// One line of input.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Input {
    /// A line, without its line break (bytes that are not UTF-8 replaced).
    Line(String),
    /// A line longer than [`MAX_LINE`], skipped.
    TooLong,
    /// The end of the input.
    End,
}

/// Reads the next line of `input` into `buffer` (reused from line to line),
/// holding at most [`MAX_LINE`] bytes of it.
pub(crate) fn read_line(input: &mut impl BufRead, buffer: &mut Vec<u8>) -> io::Result<Input> {
    buffer.clear();
    let mut too_long = false;
    loop {
        let available = match input.fill_buf() {
            Ok(available) => available,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(if too_long {
                Input::TooLong
            } else if buffer.is_empty() {
                Input::End
            } else {
                Input::Line(String::from_utf8_lossy(buffer).into_owned())
            });
        }
        let end = available.iter().position(|&b| b == b'\n');
        let chunk = &available[..end.unwrap_or(available.len())];
        if !too_long && buffer.len() + chunk.len() > MAX_LINE {
            too_long = true;
            *buffer = Vec::new();
        }
        if !too_long {
            buffer.extend_from_slice(chunk);
        }
        let consumed = end.map_or(available.len(), |end| end + 1);
        input.consume(consumed);
        if end.is_some() {
            if too_long {
                return Ok(Input::TooLong);
            }
            if buffer.last() == Some(&b'\r') {
                buffer.pop();
            }
            return Ok(Input::Line(String::from_utf8_lossy(buffer).into_owned()));
        }
    }
}

/// A `position` command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PositionCommand {
    /// The FEN after `fen`; empty for `startpos`.
    pub(crate) fen: String,
    /// The moves after `moves`, as sent.
    pub(crate) moves: Vec<String>,
}

/// Reads the words after `position`; `None` when it is neither `startpos`
/// nor `fen …`.
pub(crate) fn position(words: &[&str]) -> Option<PositionCommand> {
    let moves_at = words.iter().position(|w| *w == "moves");
    let (head, tail) = match moves_at {
        Some(i) => (&words[..i], &words[i + 1..]),
        None => (words, &[][..]),
    };
    let fen = match head.split_first() {
        Some((&"startpos", [])) => String::new(),
        Some((&"fen", fen)) if !fen.is_empty() => fen.join(" "),
        _ => return None,
    };
    Some(PositionCommand {
        fen,
        moves: tail.iter().map(|m| (*m).to_owned()).collect(),
    })
}

/// A `go` command's parameters, as sent.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct GoCommand {
    pub(crate) wtime: Option<Duration>,
    pub(crate) btime: Option<Duration>,
    pub(crate) winc: Duration,
    pub(crate) binc: Duration,
    pub(crate) movestogo: Option<u32>,
    pub(crate) depth: Option<u32>,
    pub(crate) nodes: Option<u64>,
    pub(crate) movetime: Option<Duration>,
    pub(crate) mate: Option<u32>,
    /// `infinite` (or `ponder`): search until `stop`, and answer only then.
    pub(crate) infinite: bool,
    pub(crate) search_moves: Vec<String>,
}

const GO_KEYWORDS: &[&str] = &[
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
];

/// Reads the words after `go`. A clock may be negative in some GUIs' output
/// once a flag has fallen: it reads as zero. Unknown words are skipped.
pub(crate) fn go(words: &[&str]) -> GoCommand {
    let mut go = GoCommand::default();
    let mut i = 0;
    let number = |i: usize| -> Option<i64> { words.get(i + 1).and_then(|v| v.parse().ok()) };
    let millis = |i: usize| number(i).map(|ms| Duration::from_millis(ms.max(0).unsigned_abs()));
    let count = |i: usize| number(i).and_then(|n| u32::try_from(n.max(0)).ok());
    while i < words.len() {
        let mut takes_value = true;
        match words[i] {
            "wtime" => go.wtime = millis(i),
            "btime" => go.btime = millis(i),
            "winc" => go.winc = millis(i).unwrap_or_default(),
            "binc" => go.binc = millis(i).unwrap_or_default(),
            "movestogo" => go.movestogo = count(i).filter(|&n| n > 0),
            // A zero depth or mate is the shallowest search, not none: a
            // GUI that asks for it wants a move at once.
            "depth" => go.depth = count(i).map(|n| n.max(1)),
            "nodes" => go.nodes = number(i).map(|n| n.max(1).unsigned_abs()),
            "movetime" => go.movetime = millis(i),
            "mate" => go.mate = count(i).map(|n| n.max(1)),
            "infinite" | "ponder" => {
                go.infinite = true;
                takes_value = false;
            }
            "searchmoves" => {
                let rest = &words[i + 1..];
                let end = rest
                    .iter()
                    .position(|w| GO_KEYWORDS.contains(w))
                    .unwrap_or(rest.len());
                go.search_moves = rest[..end].iter().map(|m| (*m).to_owned()).collect();
                i += end;
                takes_value = false;
            }
            _ => takes_value = false,
        }
        i += if takes_value { 2 } else { 1 };
    }
    go
}

/// A `setoption name <name> [value <value>]` command; the name may have
/// spaces (`Skill Level`), and is matched without regard to case.
pub(crate) fn set_option(words: &[&str]) -> Option<(String, String)> {
    let name_at = words.iter().position(|w| w.eq_ignore_ascii_case("name"))?;
    let value_at = words
        .iter()
        .position(|w| w.eq_ignore_ascii_case("value"))
        .unwrap_or(words.len());
    if value_at < name_at {
        return None;
    }
    let name = words[name_at + 1..value_at].join(" ");
    let value = words.get(value_at + 1..).unwrap_or_default().join(" ");
    Some((name, value))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(s: &str) -> Vec<&str> {
        s.split_whitespace().collect()
    }

    #[test]
    fn positions_are_read() {
        assert_eq!(
            position(&split("startpos moves e2e4 e7e5")),
            Some(PositionCommand {
                fen: String::new(),
                moves: vec!["e2e4".into(), "e7e5".into()],
            })
        );
        let p = position(&split("fen 8/8/8/8/8/8/8/K6k w - - 0 1")).unwrap();
        assert_eq!(p.fen, "8/8/8/8/8/8/8/K6k w - - 0 1");
        assert!(p.moves.is_empty());
        assert_eq!(position(&split("moves e2e4")), None);
        assert_eq!(position(&split("fen")), None);
    }

    #[test]
    fn go_parameters_are_read() {
        let g = go(&split(
            "wtime 1000 btime -5 winc 10 movestogo 3 searchmoves e2e4 d2d4 depth 4 infinite",
        ));
        assert_eq!(g.wtime, Some(Duration::from_millis(1000)));
        assert_eq!(g.btime, Some(Duration::ZERO));
        assert_eq!(g.winc, Duration::from_millis(10));
        assert_eq!(g.movestogo, Some(3));
        assert_eq!(g.search_moves, vec!["e2e4", "d2d4"]);
        assert_eq!(g.depth, Some(4));
        assert!(g.infinite);
        assert_eq!(go(&split("mate 2 nodes 500")).mate, Some(2));
    }

    #[test]
    fn a_zero_depth_or_mate_is_the_shallowest_search() {
        assert_eq!(go(&split("depth 0")).depth, Some(1));
        assert_eq!(go(&split("depth -3")).depth, Some(1));
        assert_eq!(go(&split("mate 0")).mate, Some(1));
        assert_eq!(go(&split("depth x")).depth, None);
    }

    #[test]
    fn lines_are_read_within_the_bound() {
        let mut text = b"uci\r\n".to_vec();
        text.extend(std::iter::repeat_n(b'x', MAX_LINE + 1));
        text.extend_from_slice(b"\nisready\n\xff\npartial");
        let mut input = io::BufReader::with_capacity(4096, text.as_slice());
        let mut buffer = Vec::new();
        let mut read = || read_line(&mut input, &mut buffer).unwrap();
        assert_eq!(read(), Input::Line("uci".into()));
        assert_eq!(read(), Input::TooLong);
        assert_eq!(read(), Input::Line("isready".into()));
        assert_eq!(read(), Input::Line("\u{fffd}".into()));
        assert_eq!(read(), Input::Line("partial".into()));
        assert_eq!(read(), Input::End);
        assert!(buffer.capacity() <= MAX_LINE + 4096);
    }

    #[test]
    fn options_are_read() {
        assert_eq!(
            set_option(&split("name Skill Level value 5")),
            Some(("Skill Level".into(), "5".into()))
        );
        assert_eq!(
            set_option(&split("name Clear Hash")),
            Some(("Clear Hash".into(), String::new()))
        );
    }
}
