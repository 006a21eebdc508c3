//! `arbiter uci`: the real binary driven by real clients (python-chess's
//! `chess.engine` and the PyPI `cchess` package, `uci_clients.py`), and the
//! session's own behaviour through `arbiter::uci::run` (infinite searches
//! answer on `stop` only, xiangqi's 1–10 ranks, bad input reported, zero
//! limits, a line too long to hold).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use arbiter::uci::{self, LocalBackend};
use arbiter_rules::Variant::{Chess, Xiangqi};
use arbiter_rules::{Game, LoadOptions, RuleOptions};

/// Installs the Python packages the clients come from when missing.
pub(crate) fn python_with(packages: &[(&str, &str)]) {
    for (module, package) in packages {
        let present = Command::new("python3")
            .args(["-c", &format!("import {module}")])
            .status()
            .is_ok_and(|s| s.success());
        if !present {
            let installed = Command::new("python3")
                .args([
                    "-m",
                    "pip",
                    "install",
                    "--quiet",
                    "--disable-pip-version-check",
                    package,
                ])
                .status()
                .expect("python3 runs");
            assert!(installed.success(), "pip install {package}");
        }
    }
}

/// Held by the game on a clock and by the tests whose bursts of work would
/// take its CPU (a 100 MB line through a pipe): on a host of two cores the
/// game's moves must stay within their clock.
static CLOCK_GAME: Mutex<()> = Mutex::new(());

#[test]
fn real_uci_clients_play_and_analyse_both_games() {
    let _clock = CLOCK_GAME
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    python_with(&[("chess", "chess"), ("cchess", "cchess")]);
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/engine/uci_clients.py");
    let output = Command::new("python3")
        .args([script, env!("CARGO_BIN_EXE_arbiter")])
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains("chess: a game of"), "{stdout}");
    assert!(stdout.contains("xiangqi:"), "{stdout}");
}

/// A `Write` the test can read back.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn session(script: &str) -> Vec<String> {
    let out = Shared::default();
    uci::run(
        LocalBackend::new(4).unwrap(),
        script.as_bytes(),
        Box::new(out.clone()),
    );
    let text = String::from_utf8(out.0.lock().unwrap().clone()).unwrap();
    text.lines().map(str::to_owned).collect()
}

fn bestmoves(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .map(|l| l.split_whitespace().next().unwrap_or_default().to_owned())
        .collect()
}

#[test]
fn xiangqi_ranks_follow_the_option_and_bad_input_is_reported() {
    let lines = session(
        "setoption name UCI_Variant value xiangqi\n\
         position startpos moves h2e2 h9g7\ngo depth 3\nisready\n\
         setoption name Xiangqi Ranks value 1-10\n\
         position startpos moves h3e3 h10g8\ngo depth 3\nisready\n\
         position startpos moves h2e2\n\
         setoption name Skill Level value 99\n\
         position fen nonsense\ngo depth 1\n",
    );
    let best = bestmoves(&lines);
    assert_eq!(best.len(), 3, "{lines:?}");
    // 0-9: ranks 0 to 9 only; 1-10 after the option (a move to or from rank
    // 10 or any move without a 0).
    assert!(
        best[0]
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
    );
    assert_ne!(best[1], "(none)", "{lines:?}");
    assert!(!best[1].contains('0') || best[1].contains("10"), "{best:?}");
    assert_eq!(best[2], "(none)");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string invalid position")),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("Skill Level must be 1 to 20")),
        "{lines:?}"
    );
}

/// `arbiter uci` as a child process, with its input and its output.
fn spawn_uci() -> (Child, ChildStdin, BufReader<ChildStdout>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let stdin = child.stdin.take().unwrap();
    let stdout = BufReader::new(child.stdout.take().unwrap());
    (child, stdin, stdout)
}

/// Sends each block to one `arbiter uci` process and reads until the block is
/// answered: a block with a `go` by its `bestmove` (a later command would
/// stop the search), any other by the `readyok` of an `isready` sent after it.
fn converse(blocks: &[&str]) -> Vec<Vec<String>> {
    let (mut child, mut stdin, mut stdout) = spawn_uci();
    let mut answers = Vec::new();
    for block in blocks {
        let searches = block.contains("go ");
        if searches {
            writeln!(stdin, "{block}").unwrap();
        } else {
            writeln!(stdin, "{block}\nisready").unwrap();
        }
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            assert_ne!(stdout.read_line(&mut line).unwrap(), 0, "{lines:?}");
            let line = line.trim_end().to_owned();
            let done = if searches {
                line.starts_with("bestmove")
            } else {
                line == "readyok"
            };
            lines.push(line);
            if done {
                break;
            }
        }
        answers.push(lines);
    }
    writeln!(stdin, "quit").unwrap();
    child.wait().unwrap();
    answers
}

#[test]
fn chess_variants_follow_uci_variant_and_chess960() {
    let answers = converse(&[
        // Crazyhouse: only a drop of the pocket's rook on the eighth rank mates.
        "setoption name UCI_Variant value crazyhouse\n\
         position fen 7k/6pp/8/8/8/8/8/K7[R] w - - 0 1\ngo depth 3",
        // Chess960: king takes rook castles; the two-square form is refused.
        "setoption name UCI_Variant value chess\n\
         setoption name UCI_Chess960 value true\n\
         position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1h1\ngo depth 2",
        "position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1\ngo depth 1",
        "setoption name UCI_Variant value giveaway",
    ]);
    let best: Vec<Vec<String>> = answers.iter().map(|lines| bestmoves(lines)).collect();
    let mate = &best[0][0];
    assert!(mate.starts_with("R@") && mate.ends_with('8'), "{answers:?}");
    assert!(
        answers[0].iter().any(|l| l.contains("score mate 1")),
        "{answers:?}"
    );
    assert!(best[1][0].len() == 4, "{answers:?}");
    assert_eq!(best[2], ["(none)"], "{answers:?}");
    assert!(
        answers[2]
            .iter()
            .any(|l| l.starts_with("info string invalid position")
                && l.contains("king taking its rook (e1h1)")),
        "{answers:?}"
    );
    assert!(
        answers[3]
            .iter()
            .any(|l| l.contains("UCI_Variant must be one of chess, xiangqi, atomic")),
        "{answers:?}"
    );
}

#[test]
fn an_infinite_search_answers_only_on_stop() {
    let (mut child, mut stdin, mut stdout) = spawn_uci();
    writeln!(
        stdin,
        "uci\nsetoption name UCI_ShowWDL value true\nposition startpos moves e2e4\ngo infinite\nisready"
    )
    .unwrap();
    let started = Instant::now();
    let mut line = String::new();
    let mut wdl_seen = false;
    // Depth 6 and readyok while searching, and no bestmove before stop.
    let mut ready = false;
    loop {
        line.clear();
        stdout.read_line(&mut line).unwrap();
        assert!(!line.starts_with("bestmove"), "{line}");
        ready |= line.trim() == "readyok";
        wdl_seen |= line.contains(" wdl ");
        if ready && line.starts_with("info depth 6 ") {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(20), "no depth 6");
    }
    assert!(wdl_seen);
    writeln!(stdin, "stop").unwrap();
    loop {
        line.clear();
        stdout.read_line(&mut line).unwrap();
        if line.starts_with("bestmove") {
            break;
        }
    }
    writeln!(stdin, "quit").unwrap();
    assert!(child.wait().unwrap().success());
    assert!(line.split_whitespace().nth(1).is_some_and(|m| m.len() >= 4));
}

/// A UCCI session with the real binary, each answer awaited as a GUI
/// would: `ucci` makes it xiangqi in UCCI's words (`ucciok`, `info time …
/// nodes …`, `nobestmove`, `bye`); `banmoves` keeps moves out of the answer
/// until the next `position`; a clock in milliseconds after `usemillisec`.
#[test]
fn a_ucci_session_speaks_ucci() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let mut output = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut exchange = |commands: &str, last: &str| -> Vec<String> {
        input.write_all(commands.as_bytes()).unwrap();
        input.flush().unwrap();
        let mut lines = Vec::new();
        for line in output.by_ref() {
            let line = line.unwrap();
            let done = line.starts_with(last);
            lines.push(line);
            if done {
                return lines;
            }
        }
        panic!("the session ended before '{last}': {lines:?}");
    };
    let hello = exchange("ucci\n", "ucciok");
    assert!(
        hello.iter().any(|l| l.starts_with("option usemillisec")),
        "{hello:?}"
    );
    exchange("setoption hashsize 8\nisready\n", "readyok");

    let banned = ["h2e2", "b2e2", "h0g2", "b0c2"];
    let lines = exchange(
        &format!(
            "position startpos\nbanmoves {}\ngo depth 3\n",
            banned.join(" ")
        ),
        "bestmove",
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info depth") && l.contains(" score "))
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info time ") && l.contains(" nodes "))
    );
    let best = bestmoves(&lines);
    assert!(!banned.contains(&best[0].as_str()), "{lines:?}");

    // A new position lifts the ban; the clock is in milliseconds.
    let started = Instant::now();
    let lines = exchange(
        "setoption usemillisec true\nposition startpos\ngo time 300 increment 0 opptime 300\n",
        "bestmove",
    );
    // Read as seconds, 300 would be five minutes, and the move would take
    // seconds.
    assert!(started.elapsed() < Duration::from_secs(3), "{lines:?}");
    let lines = exchange(
        "position fen 3k5/3R5/3R5/9/9/9/9/9/9/4K4 b - - 0 1\ngo depth 2\n",
        "nobestmove",
    );
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "checkmated: {lines:?}"
    );
    assert_eq!(exchange("quit\n", "bye"), ["bye"]);
    assert!(child.wait().unwrap().success());
}

/// The lines of a child's output, read on a thread of their own so that a
/// test can wait for one with a deadline.
fn lines_of(stdout: BufReader<ChildStdout>) -> std::sync::mpsc::Receiver<String> {
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in stdout.lines().map_while(Result::ok) {
            if send.send(line).is_err() {
                return;
            }
        }
    });
    receive
}

/// The lines up to the first that starts with `prefix`, which must come
/// within `within`.
fn until(lines: &std::sync::mpsc::Receiver<String>, prefix: &str, within: Duration) -> Vec<String> {
    let deadline = Instant::now() + within;
    let mut seen = Vec::new();
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match lines.recv_timeout(left) {
            Ok(line) => {
                let done = line.starts_with(prefix);
                seen.push(line);
                if done {
                    return seen;
                }
            }
            Err(_) => panic!("no '{prefix}' within {within:?}: {seen:?}"),
        }
    }
}

/// `go depth 0` and `go mate 0` are the shallowest searches, answered at
/// once (they used to start a search without any limit).
#[test]
fn a_zero_depth_or_mate_answers_at_once() {
    let (mut child, mut stdin, stdout) = spawn_uci();
    let lines = lines_of(stdout);
    for go in ["go depth 0", "go mate 0"] {
        writeln!(stdin, "position startpos moves e2e4\n{go}").unwrap();
        let answer = until(&lines, "bestmove", Duration::from_secs(10));
        let best = bestmoves(&answer);
        assert!(best[0].len() == 4, "{go}: {answer:?}");
    }
    writeln!(stdin, "quit").unwrap();
    assert!(child.wait().unwrap().success());
}

/// A field of `/proc/<pid>/status` in bytes (`VmRSS`, `VmHWM`: kB there).
fn status_bytes(pid: u32, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status
        .lines()
        .find(|l| l.starts_with(&format!("{field}:")))
        .unwrap();
    let kb: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
    kb * 1024
}

/// A line of 100 MB is skipped as it arrives and reported, and the session
/// goes on: the process's peak memory stays near where it was (it reached
/// 264 MB when the line was held whole).
#[cfg(target_os = "linux")]
#[test]
fn a_hundred_megabyte_line_is_skipped_in_bounded_memory() {
    let _clock = CLOCK_GAME
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let (mut child, mut stdin, stdout) = spawn_uci();
    let lines = lines_of(stdout);
    writeln!(stdin, "isready").unwrap();
    until(&lines, "readyok", Duration::from_secs(10));
    let before = status_bytes(child.id(), "VmRSS");
    let chunk = vec![b'a'; 1 << 20];
    for _ in 0..100 {
        stdin.write_all(&chunk).unwrap();
    }
    writeln!(stdin, "\nisready").unwrap();
    let answer = until(&lines, "readyok", Duration::from_secs(30));
    assert!(
        answer
            .iter()
            .any(|l| l.starts_with("info string a line longer than")),
        "{answer:?}"
    );
    let peak = status_bytes(child.id(), "VmHWM");
    assert!(
        peak < before + (32 << 20),
        "peak {peak} bytes, {before} before the line"
    );
    writeln!(stdin, "quit").unwrap();
    assert!(child.wait().unwrap().success());
}

#[test]
fn a_history_past_a_ruling_is_played_on_and_a_mate_is_not() {
    let shuffle = "h2e2 h9g7 e2h2 g7h9";
    let twice = format!("{shuffle} {shuffle}");
    let knights = "g1f3 g8f6 f3g1 f6g8";
    let answers = converse(&[
        // The start position's third occurrence ends the game after move 8
        // (AXF: a draw); a GUI that counts otherwise sends the rest.
        &format!(
            "setoption name UCI_Variant value xiangqi\n\
             position startpos moves {twice} {shuffle}\ngo depth 3"
        ),
        &format!("position startpos moves {twice}\ngo depth 3"),
        // Chess: the fifth occurrence ends the game without a claim.
        &format!(
            "setoption name UCI_Variant value chess\n\
             position startpos moves {knights} {knights} {knights} {knights}\ngo depth 3"
        ),
        // A mate stays a mate: nothing to start anew from.
        "position startpos moves f2f3 e7e5 g2g4 d8h4\ngo depth 3",
    ]);
    let best: Vec<Vec<String>> = answers.iter().map(|lines| bestmoves(lines)).collect();
    let said = |i: usize, text: &str| answers[i].iter().any(|l| l.contains(text));
    assert!(said(0, "after move 8 of the history"), "{answers:?}");
    assert!(said(1, "with the history's last move"), "{answers:?}");
    assert!(said(2, "with the history's last move"), "{answers:?}");
    for played_on in &best[..3] {
        assert_eq!(played_on.len(), 1, "{answers:?}");
        assert_ne!(played_on[0], "(none)", "{answers:?}");
    }
    // Each restart is from the start position: the answers are its moves.
    for (played_on, variant) in best[..3].iter().zip([Xiangqi, Xiangqi, Chess]) {
        let legal = Game::load(
            variant,
            "",
            played_on,
            LoadOptions::default(),
            &RuleOptions::default(),
        );
        assert!(legal.is_ok(), "{played_on:?}: {legal:?}");
    }
    assert_eq!(best[3], ["(none)"], "{answers:?}");
    assert!(
        said(3, "checkmate") || said(3, "game is over"),
        "{answers:?}"
    );
}
