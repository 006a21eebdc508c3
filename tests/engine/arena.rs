//! `arbiter match`, the real binary: engines that misbehave (scripts in
//! tests/engine/fake_engine.py) lose with the reason in words, a perpetual
//! checker loses under AXF and draws under the casual rules, the sequential
//! test stops a one-sided match, a resumed match plays only what its PGN
//! file lacks, and real engines — Stockfish against
//! Fairy-Stockfish in chess, Fairy-Stockfish against Arbiter's own engine in
//! xiangqi — play games that python-chess and cchess read back move for
//! move with the same results. The reference engines are installed by
//! tools/engines.sh when missing.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use serde_json::Value;

const FAKE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/engine/fake_engine.py");

fn arbiter_match(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("match")
        .args(args)
        .arg("--json")
        .output()
        .expect("arbiter runs")
}

/// The JSON lines of a match that ran: its games and its summary.
fn lines(output: &Output) -> (Vec<Value>, Value) {
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stdout}\n{stderr}");
    let mut values: Vec<Value> = stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}")))
        .collect();
    let summary = values.pop().expect("a summary line");
    assert!(summary.get("summary").is_some(), "{summary}");
    (values, summary)
}

fn fake(name: &str, mode: &str, moves: &str) -> String {
    format!("name={name},cmd={FAKE},args={mode} {moves}")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arbiter-arena-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

#[test]
fn misbehaving_engines_lose_with_the_reason_in_words() {
    for (mode, says) in [
        ("illegal", "illegal move e2e5 by Bad"),
        ("garbage", "by Bad"),
        ("crash", "Bad failed: the engine exited"),
        ("hang", "Bad did not answer"),
        ("slow", "Bad lost on time"),
    ] {
        let good = fake("Good", "script", "e2e4;e7e5");
        let bad = fake("Bad", mode, "e2e5");
        let output = arbiter_match(&[
            "--engine",
            &good,
            "--engine",
            &bad,
            "--movetime",
            "100",
            "--games",
            "2",
        ]);
        let (games, summary) = lines(&output);
        assert_eq!(games.len(), 2, "{mode}");
        for game in &games {
            assert_eq!(game["winner"], "Good", "{mode}: {game}");
            let reason = game["reason"].as_str().unwrap();
            assert!(reason.contains(says), "{mode}: {reason}");
        }
        let pairing = &summary["summary"][0];
        assert_eq!(
            (pairing["wins"].as_u64(), pairing["losses"].as_u64()),
            (Some(2), Some(0))
        );
    }
}

/// The two games (colours swapped) of two copies of the fake engine that
/// follow `script` in xiangqi from `fen`, with `extra` arguments; both must
/// have been played.
fn scripted_xiangqi_games(fen: &str, script: &str, extra: &[&str]) -> Vec<Value> {
    let openings = scratch(&format!("scripted-{script}.epd").replace(['/', ';'], "-"));
    std::fs::write(&openings, format!("{fen}\n")).unwrap();
    let (a, b) = (fake("A", "script", script), fake("B", "script", script));
    let mut args = vec![
        "--game",
        "xiangqi",
        "--engine",
        &a,
        "--engine",
        &b,
        "--nodes",
        "1",
        "--games",
        "2",
        "--openings",
        openings.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let output = arbiter_match(&args);
    let (games, _) = lines(&output);
    assert_eq!(games.len(), 2, "{output:?}");
    games
}

/// Spec: the side that checks on every move of a repeating loop loses under
/// AXF; under the casual rules every repetition draws. The script is the
/// published perpetual check by a soldier (tests/data/xiangqi_repetition.txt).
#[test]
fn a_perpetual_checker_loses_under_axf_and_draws_under_casual_rules() {
    for (rule_set, winner, says) in [
        ("axf", Some("red"), "perpetual check by black (AXF)"),
        ("casual", None, "repetition (CASUAL)"),
    ] {
        let games = scripted_xiangqi_games(
            "3k5/9/9/9/9/5p3/9/5p3/5K3/5C3 w - - 0 1",
            "f1e1/e1f1;f2e2/e2f2",
            &["--rule-set", rule_set],
        );
        for game in &games {
            let reason = game["reason"].as_str().unwrap();
            assert!(reason.starts_with(says), "{rule_set}: {reason}");
            match winner {
                // Red's player wins: A in the first game, B in the second.
                Some(_) => assert_eq!(game["winner"], game["white"], "{game}"),
                None => assert!(game["winner"].is_null(), "{game}"),
            }
        }
    }
}

/// The offender is named as xiangqi names its sides: red, not white.
#[test]
fn a_red_perpetual_checker_is_named_red() {
    let games = scripted_xiangqi_games(
        "r8/4k4/5P3/9/9/9/9/9/9/3K5 w - - 0 1",
        "f7e7/e7f7;e8f8/f8e8",
        &[],
    );
    for game in &games {
        let reason = game["reason"].as_str().unwrap();
        assert!(reason.starts_with("perpetual check by red"), "{reason}");
        assert_eq!(game["winner"], game["black"], "{game}");
    }
}

/// A sequential test of a good engine against one that plays an illegal
/// move at once, with `extra` arguments.
fn one_sided_sequential_test(extra: &[&str]) -> Output {
    let good = fake("Good", "script", "e2e4;e7e5");
    let bad = fake("Bad", "illegal", "e2e5");
    let mut args = vec![
        "--engine",
        &good,
        "--engine",
        &bad,
        "--nodes",
        "1",
        "--games",
        "400",
        "--sprt",
        "elo0=0,elo1=5,alpha=0.05,beta=0.05",
    ];
    args.extend_from_slice(extra);
    arbiter_match(&args)
}

#[test]
fn the_sequential_test_stops_a_one_sided_match() {
    let (games, summary) = lines(&one_sided_sequential_test(&[]));
    let sprt = &summary["summary"][0]["sprt"];
    assert_eq!(sprt["verdict"], "H1 accepted", "{summary}");
    assert!(sprt["llr"].as_f64().unwrap() >= sprt["upper"].as_f64().unwrap());
    assert!(games.len() < 400, "{} games", games.len());
}

/// The games of a match's PGN file, by their Round tags.
fn rounds(pgn: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(pgn).unwrap();
    text.lines()
        .filter_map(|line| line.strip_prefix("[Round \""))
        .map(|rest| rest.trim_end_matches("\"]").to_owned())
        .collect()
}

#[test]
fn a_resumed_match_counts_the_recorded_games_and_plays_only_the_rest() {
    let pgn = scratch("resumed.pgn");
    let path = pgn.to_str().unwrap();
    let run = |games: &str, second: &str| {
        arbiter_match(&[
            "--engine",
            "name=A,builtin",
            "--engine",
            second,
            "--nodes",
            "200",
            "--games",
            games,
            "--pgn",
            path,
            "--resume",
        ])
    };
    // A missing file starts the match.
    let (first, summary) = lines(&run("4", "name=B,builtin"));
    assert_eq!(first[0]["resumed"], 0, "{first:?}");
    assert_eq!(first.len(), 5);
    assert_eq!(summary["games"], 4, "{summary}");
    let (rest, summary) = lines(&run("6", "name=B,builtin"));
    assert_eq!(rest[0]["resumed"], 4, "{rest:?}");
    let played: Vec<_> = rest[1..].iter().map(|game| game["game"].clone()).collect();
    assert_eq!(played, [5, 6], "only the new rounds are played");
    assert_eq!(summary["games"], 6, "{summary}");
    let tally = &summary["summary"][0];
    let counted = ["wins", "draws", "losses"]
        .iter()
        .map(|key| tally[key].as_u64().unwrap())
        .sum::<u64>();
    assert_eq!(counted, 6, "{summary}");
    let pairs: u64 = tally["pentanomial"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap())
        .sum();
    assert_eq!(pairs, 3, "the resumed pairs stay whole: {summary}");
    assert_eq!(rounds(&pgn), ["1", "2", "3", "4", "5", "6"]);

    // Another match's file is refused, not counted.
    let output = run("6", "name=C,builtin");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("where this match has C"), "{stderr}");
    let book = scratch("other.epd");
    std::fs::write(&book, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1\n").unwrap();
    let output = arbiter_match(&[
        "--engine",
        "name=A,builtin",
        "--engine",
        "name=B,builtin",
        "--nodes",
        "200",
        "--games",
        "8",
        "--openings",
        book.to_str().unwrap(),
        "--pgn",
        path,
        "--resume",
    ]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("not start from this match's opening 1"),
        "{stderr}"
    );
}

#[test]
fn a_resumed_sequential_test_that_has_its_verdict_plays_no_more() {
    let pgn = scratch("decided.pgn");
    let run = || one_sided_sequential_test(&["--pgn", pgn.to_str().unwrap(), "--resume"]);
    let (first, _) = lines(&run());
    let played = first.len() - 1;
    let (again, summary) = lines(&run());
    assert_eq!(again.len(), 1, "only the resumed line: {again:?}");
    assert_eq!(again[0]["resumed"], played);
    assert_eq!(summary["games"], played, "{summary}");
    assert_eq!(summary["summary"][0]["sprt"]["verdict"], "H1 accepted");
}

#[test]
fn bad_arguments_are_refused_with_the_reason() {
    for (args, says) in [
        (vec!["--engine", "builtin", "--nodes", "10"], "at least two"),
        (
            vec!["--engine", "builtin", "--engine", "name=B,builtin"],
            "give one of --tc",
        ),
        (
            vec![
                "--engine",
                "name=A,builtin",
                "--engine",
                "name=A,builtin",
                "--nodes",
                "9",
            ],
            "two engines are named A",
        ),
        (
            vec![
                "--engine",
                "builtin",
                "--engine",
                "name=B,colour=red",
                "--nodes",
                "9",
            ],
            "unknown key",
        ),
        (
            vec![
                "--engine",
                "builtin",
                "--engine",
                "name=B,builtin",
                "--tc",
                "x+1",
            ],
            "--tc x+1",
        ),
        (
            vec![
                "--engine",
                "builtin",
                "--engine",
                "name=B,builtin",
                "--nodes",
                "9",
                "--rule-set",
                "axf",
            ],
            "rule sets are xiangqi's",
        ),
    ] {
        let output = Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .arg("match")
            .args(&args)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
}

fn reference_engines() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tools/engines.sh");
    let status = Command::new("bash")
        .arg(script)
        .status()
        .expect("bash runs");
    assert!(status.success(), "tools/engines.sh failed");
}

/// Reads a match's PGN with python-chess (chess) or cchess (xiangqi, the
/// first game of each file) and prints, per game, its result, its moves,
/// how many of them carry a note (`+0.35/12 0.412s`, the mover's score,
/// depth and time), whether the noted moves are all the moves after the
/// first noted one, and its `Termination`.
const READ_BACK: &str = r#"
import re, sys
kind, path = sys.argv[1], sys.argv[2]
if kind == "chess":
    # python-chess reads a variant's game on its chess.variant board, by the
    # Variant tag.
    import chess.pgn
    note = re.compile(r"^[+-](\d+\.\d\d|M\d+)/\d+ \d+\.\d{3}s")
    with open(path) as f:
        while (game := chess.pgn.read_game(f)) is not None:
            moves = [m.uci() for m in game.mainline_moves()]
            noted = [bool(note.match(node.comment)) for node in game.mainline()]
            tail = noted[noted.index(True):] if True in noted else []
            print(game.headers["Result"], len(moves), sum(noted), all(tail),
                  game.headers.get("Termination", ""))
else:
    import cchess
    game = cchess.read_from_pgn(path)
    moves = game.dump_iccs_moves()[0] if game.first_move else []
    print(len(moves))
"#;

#[test]
fn stockfish_plays_fairy_stockfish_and_python_chess_reads_the_games_back() {
    reference_engines();
    crate::uci::python_with(&[("chess", "chess")]);
    let pgn = scratch("chess.pgn");
    let output = arbiter_match(&[
        "--engine",
        "name=Stockfish,cmd=/usr/games/stockfish,option.Hash=16,option.Threads=1",
        "--engine",
        "name=Fairy,cmd=/usr/games/fairy-stockfish,option.Hash=16",
        "--nodes",
        "3000",
        "--games",
        "2",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    let (games, _) = lines(&output);
    python_chess_reads_back(&pgn, &games, true);
}

/// python-chess reads every game of `pgn` with the result and the number
/// of plies the match reported, a note on every move the players made (at
/// least one, none missing after it), and the reason in `Termination`,
/// when `reasons`.
fn python_chess_reads_back(pgn: &Path, games: &[Value], reasons: bool) {
    let read = Command::new("python3")
        .args(["-c", READ_BACK, "chess", pgn.to_str().unwrap()])
        .output()
        .unwrap();
    let read = String::from_utf8_lossy(&read.stdout);
    let read: Vec<&str> = read.lines().collect();
    assert_eq!(read.len(), games.len(), "{read:?}");
    for (game, theirs) in games.iter().zip(&read) {
        let mut fields = theirs.splitn(5, ' ');
        assert_eq!(fields.next(), game["result"].as_str(), "{theirs}");
        assert_eq!(
            fields.next().and_then(|n| n.parse::<u64>().ok()),
            game["plies"].as_u64(),
            "{theirs}"
        );
        let noted = fields.next().and_then(|n| n.parse::<u64>().ok());
        assert!(noted.is_some_and(|n| n >= 1), "{theirs}");
        assert_eq!(fields.next(), Some("True"), "{theirs}");
        if reasons {
            assert_eq!(fields.next(), game["reason"].as_str(), "{theirs}");
        }
    }
}

/// A variant's games are written with their `Variant` tag, drops in SAN
/// (`N@f3`), and python-chess replays them on its crazyhouse board to the
/// same result.
#[test]
fn a_crazyhouse_match_is_recorded_and_python_chess_reads_it_back() {
    crate::uci::python_with(&[("chess", "chess")]);
    let pgn = scratch("crazyhouse.pgn");
    let output = arbiter_match(&[
        "--game",
        "crazyhouse",
        "--engine",
        "name=A,builtin",
        "--engine",
        "name=B,builtin",
        "--nodes",
        "1500",
        "--games",
        "2",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    let (games, _) = lines(&output);
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(
        text.matches("[Variant \"Crazyhouse\"]").count(),
        2,
        "{text}"
    );
    python_chess_reads_back(&pgn, &games, false);
}

#[test]
fn fairy_stockfish_plays_arbiter_in_xiangqi_and_cchess_reads_the_game_back() {
    reference_engines();
    crate::uci::python_with(&[("cchess", "cchess")]);
    let pgn = scratch("xiangqi.pgn");
    let output = arbiter_match(&[
        "--game",
        "xiangqi",
        "--engine",
        "name=Fairy,cmd=/usr/games/fairy-stockfish,option.Hash=16",
        "--engine",
        "name=Arbiter,builtin",
        "--nodes",
        "2000",
        "--games",
        "1",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    let (games, _) = lines(&output);
    assert_eq!(games.len(), 1);
    let read = Command::new("python3")
        .args(["-c", READ_BACK, "xiangqi", pgn.to_str().unwrap()])
        .output()
        .unwrap();
    let theirs = String::from_utf8_lossy(&read.stdout);
    assert_eq!(
        theirs.trim().parse::<u64>().ok(),
        games[0]["plies"].as_u64(),
        "{theirs} {}",
        String::from_utf8_lossy(&read.stderr)
    );
}

/// Ctrl-C (SIGINT) stops the match: the summary of what finished is still
/// printed, and no engine process is left.
#[test]
fn an_interrupt_stops_the_match_cleanly_and_leaves_no_engine() {
    reference_engines();
    let child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args([
            "match",
            "--engine",
            "name=Stockfish,cmd=/usr/games/stockfish,option.Hash=16",
            "--engine",
            "name=Fairy,cmd=/usr/games/fairy-stockfish,option.Hash=16",
            "--movetime",
            "50",
            "--games",
            "100",
            "--json",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_secs(3));
    let engines = children(child.id());
    assert!(!engines.is_empty(), "no engine running");
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let output = child.wait_with_output().unwrap();
    let (_, summary) = lines(&output);
    assert_eq!(summary["interrupted"], true, "{summary}");
    for pid in engines {
        assert!(
            !std::path::Path::new(&format!("/proc/{pid}")).exists()
                || std::fs::read_to_string(format!("/proc/{pid}/stat"))
                    .is_ok_and(|stat| stat.contains(") Z ")),
            "engine {pid} outlived the match"
        );
    }
}

/// The PIDs of a process's children (Linux).
fn children(pid: u32) -> Vec<u32> {
    let mut found = Vec::new();
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return found;
    };
    for task in tasks.flatten() {
        if let Ok(text) = std::fs::read_to_string(task.path().join("children")) {
            found.extend(
                text.split_whitespace()
                    .filter_map(|p| p.parse::<u32>().ok()),
            );
        }
    }
    found
}
