//! Game records through the domain: chess PGN against python-chess (its
//! random games with tags, comments, NAGs and variations read identically;
//! Arbiter's PGN read back identically), xiangqi PGN and XQF (plain and
//! encrypted) read by the `cchess` package move for move, and bad input:
//! truncated PGN, an illegal move in the middle of a file, XQF with a bad
//! key checksum or a wrong key. The Python packages are installed with pip
//! when missing; the scripts are `tests/data/chess_pgn.py` and
//! `tests/data/xiangqi_records.py`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::{path::PathBuf, process::Command};

use crate::support::long_game;
use arbiter_rules::{
    ChineseCharacters, Variant, parse_record,
    record::{
        Annotation, ParseOptions, RecordError, RecordFormat, RecordNotation, RecordResult,
        RecordedGame, WriteOptions,
    },
    write_record,
    xiangqi::notation::format_iccs,
};

/// Installs `package` for `python3` unless `module` imports already.
pub(crate) fn ensure_python(module: &str, package: &str) {
    let present = Command::new("python3")
        .args(["-c", &format!("import {module}")])
        .status()
        .expect("python3 runs");
    if !present.success() {
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
            .expect("pip runs");
        assert!(installed.success(), "pip install {package}");
    }
}

fn script(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

fn run(name: &str, args: &[&str]) -> String {
    let out = Command::new("python3")
        .arg(script(name))
        .args(args)
        .output()
        .expect("python3 runs");
    assert!(
        out.status.success(),
        "{name} {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arbiter-records-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// A game as the scripts print it.
fn describe(game: &RecordedGame, fen_of: impl Fn(&str) -> String) -> String {
    let mut tags: Vec<&(String, String)> = game
        .tags
        .iter()
        .filter(|(n, _)| n != "FEN" && n != "SetUp")
        .collect();
    tags.sort();
    let mut out = String::new();
    for (name, value) in tags {
        out.push_str(&format!("TAG {name}\t{value}\n"));
    }
    out.push_str(&format!("FEN {}\n", fen_of(&game.fen)));
    out.push_str(&format!("MOVES {}\n", game.moves.join(" ")));
    annotations(&game.annotations, "", &mut out);
    out.push_str(&format!("RESULT {}\nEND", game.result.token()));
    out
}

/// A line's annotations as the script prints them.
fn annotations(annotations: &[Annotation], path: &str, out: &mut String) {
    for annotation in annotations {
        let ply = annotation.ply;
        let mut nags = annotation.nags.clone();
        nags.sort_unstable();
        for nag in nags {
            out.push_str(&format!("NOTE {path} {ply} N {nag}\n"));
        }
        for comment in &annotation.comments {
            out.push_str(&format!("NOTE {path} {ply} C {comment}\n"));
        }
        for (v, variation) in annotation.variations.iter().enumerate() {
            assert_eq!(variation.error, None, "{path}/{ply}.{v}");
            let at = format!("{path}/{ply}.{v}");
            out.push_str(&format!("VAR {at} {}\n", variation.moves.join(" ")));
            self::annotations(&variation.annotations, &at, out);
        }
    }
}

/// python-chess's FEN of a position (it writes the en-passant square only
/// when a capture is possible, as shakmaty does).
fn same_fen(fen: &str) -> String {
    fen.to_owned()
}

#[test]
fn python_chess_random_games_read_identically_and_back() {
    ensure_python("chess", "chess");
    let pgn = scratch("chess.pgn");
    let expected = run("chess_pgn.py", &["write", "40", "7", pgn.to_str().unwrap()]);
    let data = std::fs::read(&pgn).unwrap();
    let keep = ParseOptions {
        keep_annotations: true,
    };
    let games = parse_record(Variant::Chess, &data, Some(RecordFormat::Pgn), keep).unwrap();
    assert_eq!(games.len(), 40);
    assert!(
        games.iter().filter(|g| !g.annotations.is_empty()).count() > 20,
        "the random games are annotated"
    );
    // Skipped by default: the same games without their annotations.
    let plain = parse_record(
        Variant::Chess,
        &data,
        Some(RecordFormat::Pgn),
        ParseOptions::default(),
    )
    .unwrap();
    for (plain, kept) in plain.iter().zip(&games) {
        assert!(plain.annotations.is_empty());
        assert_eq!(plain.moves, kept.moves);
    }
    let ours: Vec<String> = games.iter().map(|g| describe(g, same_fen)).collect();
    let theirs: Vec<&str> = expected.trim_end().split("\nEND\n").collect();
    for (i, (ours, theirs)) in ours.iter().zip(&theirs).enumerate() {
        assert!(games[i].error.is_none(), "game {i}: {:?}", games[i].error);
        let theirs = theirs.trim_end_matches("\nEND");
        assert_eq!(ours.trim_end_matches("\nEND"), theirs, "game {i}");
    }
    // Arbiter's PGN of the same games, read back by python-chess.
    let mut written = Vec::new();
    for game in &games {
        written.extend(
            write_record(
                Variant::Chess,
                game,
                RecordFormat::Pgn,
                WriteOptions {
                    notation: RecordNotation::Default,
                    encrypted: false,
                },
            )
            .unwrap(),
        );
    }
    let ours_pgn = scratch("ours.pgn");
    std::fs::write(&ours_pgn, &written).unwrap();
    let read_back = run("chess_pgn.py", &["read", ours_pgn.to_str().unwrap()]);
    assert!(!read_back.contains("ERROR"), "{read_back}");
    let read_back: Vec<&str> = read_back.trim_end().split("\nEND\n").collect();
    assert_eq!(read_back.len(), 40);
    for (i, (back, theirs)) in read_back.iter().zip(&theirs).enumerate() {
        // Tags python-chess adds when missing are the roster's; ours writes the roster too.
        let moves = |text: &str| {
            text.lines()
                .filter(|l| {
                    ["MOVES", "FEN", "RESULT", "NOTE", "VAR"]
                        .iter()
                        .any(|kind| l.starts_with(kind))
                })
                .map(str::to_owned)
                .collect::<Vec<_>>()
        };
        assert_eq!(moves(back), moves(theirs), "game {i} read back");
        for tag in ["Event", "Site", "White", "Black", "Round", "ECO"] {
            let line = |text: &str| {
                text.lines()
                    .find(|l| l.starts_with(&format!("TAG {tag}\t")))
                    .map(str::to_owned)
            };
            assert_eq!(line(back), line(theirs), "game {i} tag {tag}");
        }
    }
}

#[test]
fn an_illegal_move_stops_its_game_and_the_file_reads_on() {
    let pgn = b"[Event \"one\"]\n\n1. e4 e5 2. Ke3 Nc6 1-0\n\n[Event \"two\"]\n\n1. d4 d5 *\n";
    let games = parse_record(Variant::Chess, pgn, None, ParseOptions::default()).unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].moves, ["e2e4", "e7e5"]);
    match &games[0].error {
        Some(RecordError::Move { index, message }) => {
            assert_eq!(*index, 2);
            assert!(message.contains("Ke3"), "{message}");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(games[0].result, RecordResult::WhiteWins);
    assert_eq!(games[1].moves, ["d2d4", "d7d5"]);
    assert!(games[1].error.is_none());
}

#[test]
fn truncated_pgn_keeps_what_it_has() {
    let full = b"[Event \"cut\"]\n[White \"A\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1/2-1/2\n";
    for cut in 0..full.len() {
        // Never a panic, never an error for text cut anywhere.
        let games =
            parse_record(Variant::Chess, &full[..cut], None, ParseOptions::default()).unwrap();
        assert!(games.len() <= 1, "cut at {cut}");
        if let Some(game) = games.first() {
            assert!(game.moves.len() <= 6);
        }
    }
    // Cut inside a tag's value: the reader says so.
    let games = parse_record(Variant::Chess, &full[..10], None, ParseOptions::default()).unwrap();
    assert!(
        matches!(games[0].error, Some(RecordError::Unreadable(_))),
        "{games:?}"
    );
    let before_move_three = full.len() - " 3. Bb5 a6 1/2-1/2\n".len();
    let games = parse_record(
        Variant::Chess,
        &full[..before_move_three],
        None,
        ParseOptions::default(),
    )
    .unwrap();
    assert_eq!(games[0].moves, ["e2e4", "e7e5", "g1f3", "b8c6"]);
    assert_eq!(games[0].result, RecordResult::Unknown);
    // A FEN tag that is no position.
    let games = parse_record(
        Variant::Chess,
        b"[FEN \"8/8 w\"]\n\n1. e4 *",
        None,
        ParseOptions::default(),
    )
    .unwrap();
    assert!(matches!(games[0].error, Some(RecordError::Fen(_))));
}

fn xiangqi_game(plies: usize) -> RecordedGame {
    RecordedGame {
        tags: vec![
            ("Event".to_owned(), "Arbiter".to_owned()),
            ("Red".to_owned(), "Hu".to_owned()),
            ("Black".to_owned(), "Lü".to_owned()),
        ],
        moves: long_game::xiangqi(plies)
            .into_iter()
            .map(|m| format_iccs(m).to_string())
            .collect(),
        result: RecordResult::Draw,
        ..RecordedGame::default()
    }
}

fn write(
    game: &RecordedGame,
    format: RecordFormat,
    notation: RecordNotation,
    encrypted: bool,
) -> Vec<u8> {
    write_record(
        Variant::Xiangqi,
        game,
        format,
        WriteOptions {
            notation,
            encrypted,
        },
    )
    .unwrap()
}

#[test]
fn cchess_reads_our_xiangqi_pgn_and_xqf_move_for_move() {
    ensure_python("cchess", "cchess");
    let mut files = Vec::new();
    let mut games = Vec::new();
    for (i, plies) in [0, 1, 40, 120].into_iter().enumerate() {
        let game = xiangqi_game(plies);
        for (name, data) in [
            (
                format!("g{i}.pgn"),
                write(&game, RecordFormat::Pgn, RecordNotation::Iccs, false),
            ),
            (
                format!("g{i}-plain.xqf"),
                write(&game, RecordFormat::Xqf, RecordNotation::Default, false),
            ),
            (
                format!("g{i}-encrypted.xqf"),
                write(&game, RecordFormat::Xqf, RecordNotation::Default, true),
            ),
        ] {
            // Our own reader first: the same game back.
            let back =
                parse_record(Variant::Xiangqi, &data, None, ParseOptions::default()).unwrap();
            assert_eq!(back.len(), 1, "{name}");
            assert_eq!(back[0].moves, game.moves, "{name}");
            assert!(back[0].error.is_none(), "{name}: {:?}", back[0].error);
            assert_eq!(back[0].result, RecordResult::Draw, "{name}");
            let path = scratch(&name);
            std::fs::write(&path, &data).unwrap();
            files.push(path.to_str().unwrap().to_owned());
            games.push(game.moves.join(" "));
        }
    }
    let args: Vec<&str> = std::iter::once("read")
        .chain(files.iter().map(String::as_str))
        .collect();
    let read = run("xiangqi_records.py", &args);
    let read: Vec<&str> = read.trim_end().split("\nEND").map(str::trim).collect();
    for ((file, moves), described) in files.iter().zip(&games).zip(&read) {
        assert!(
            described
                .starts_with("FEN rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
            "{file}: {described}"
        );
        let theirs = described
            .lines()
            .find_map(|l| l.strip_prefix("MOVES"))
            .unwrap()
            .trim();
        assert_eq!(theirs, moves.as_str(), "{file}");
    }
}

#[test]
fn xiangqi_pgn_in_wxf_and_iccs_reads_back() {
    let game = xiangqi_game(60);
    for notation in [
        RecordNotation::Wxf,
        RecordNotation::Iccs,
        RecordNotation::Chinese(ChineseCharacters::Simplified),
        RecordNotation::Chinese(ChineseCharacters::Traditional),
    ] {
        let data = write(&game, RecordFormat::Pgn, notation, false);
        let text = String::from_utf8(data.clone()).unwrap();
        assert!(text.contains("[Red \"Hu\"]"), "{text}");
        let back = parse_record(
            Variant::Xiangqi,
            &data,
            Some(RecordFormat::Pgn),
            ParseOptions::default(),
        )
        .unwrap();
        assert_eq!(back[0].moves, game.moves, "{notation:?}");
    }
    // Chinese moves, a third soldier's form among them; a marker naming no piece
    // stops the game with the reason.
    let chinese = "[Game \"Chinese Chess\"]\n\n1. 炮二平五 马８进７ 2. 中兵进一 *\n  =====\n\n\
                   [FEN \"3k5/9/4P4/4P4/4P4/9/9/9/9/4K4 w - - 0 1\"]\n\n1. 中兵平四 *"
        .as_bytes();
    let back = parse_record(Variant::Xiangqi, chinese, None, ParseOptions::default()).unwrap();
    assert_eq!(back.len(), 2, "{back:?}");
    assert_eq!(back[0].moves, ["h2e2", "h9g7"]);
    match &back[0].error {
        Some(RecordError::Move { index: 2, message }) => {
            assert!(
                message.contains("中兵") && message.contains("soldiers"),
                "{message}"
            );
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(back[1].moves, ["e6f6"]);
    assert!(back[1].error.is_none(), "{:?}", back[1].error);
}

/// cchess writes PGN in Chinese (`Game.save_to`); Arbiter reads it move for move.
#[test]
fn cchess_pgn_in_chinese_reads_move_for_move() {
    ensure_python("cchess", "cchess");
    for plies in [1, 40, 120] {
        let game = xiangqi_game(plies);
        let path = scratch(&format!("cchess-{plies}.pgn"));
        run(
            "xiangqi_records.py",
            &["write", &game.moves.join(" "), path.to_str().unwrap()],
        );
        let data = std::fs::read(&path).unwrap();
        let back = parse_record(
            Variant::Xiangqi,
            &data,
            Some(RecordFormat::Pgn),
            ParseOptions::default(),
        )
        .unwrap();
        assert_eq!(back.len(), 1, "{plies} plies");
        assert!(
            back[0].error.is_none(),
            "{plies} plies: {:?}",
            back[0].error
        );
        assert_eq!(back[0].moves, game.moves, "{plies} plies");
    }
}

#[test]
fn xqf_with_a_bad_checksum_a_wrong_key_or_cut_short_is_refused() {
    let game = xiangqi_game(30);
    let good = write(&game, RecordFormat::Xqf, RecordNotation::Default, true);
    // The key checksum: one key byte changed.
    let mut bad_sum = good.clone();
    bad_sum[13] = bad_sum[13].wrapping_add(1);
    let error =
        parse_record(Variant::Xiangqi, &bad_sum, None, ParseOptions::default()).unwrap_err();
    assert!(error.to_string().contains("checksum"), "{error}");
    // A wrong key that keeps the checksum: the board or the moves do not decode.
    let mut wrong_key = good.clone();
    wrong_key[13] = wrong_key[13].wrapping_add(2);
    wrong_key[12] = wrong_key[12].wrapping_sub(2);
    match parse_record(Variant::Xiangqi, &wrong_key, None, ParseOptions::default()) {
        Err(_) => {}
        Ok(games) => assert!(
            games[0].error.is_some() || games[0].moves != game.moves,
            "a wrong key read the same game"
        ),
    }
    // Cut inside the header, and inside the moves.
    assert!(
        parse_record(
            Variant::Xiangqi,
            &good[..500],
            None,
            ParseOptions::default()
        )
        .is_err()
    );
    let cut = parse_record(
        Variant::Xiangqi,
        &good[..good.len() - 10],
        None,
        ParseOptions::default(),
    );
    assert!(cut.is_err(), "{cut:?}");
    // Not XQF at all, asked as XQF.
    assert!(
        parse_record(
            Variant::Xiangqi,
            b"[Event \"x\"]",
            Some(RecordFormat::Xqf),
            ParseOptions::default()
        )
        .is_err()
    );
    // Every cut and every single-byte change: never a panic.
    for at in (0..good.len()).step_by(7) {
        let _ = parse_record(Variant::Xiangqi, &good[..at], None, ParseOptions::default());
        let mut changed = good.clone();
        changed[at] ^= 0x5A;
        let _ = parse_record(Variant::Xiangqi, &changed, None, ParseOptions::default());
    }
}

/// A variant's PGN: written with its `Variant` tag (drops in SAN, `@e6` for
/// a pawn's as python-chess writes it, a
/// three-check FEN with its counters), read back move for move; a tag
/// naming another chess is that game's error, python-chess's aliases read.
#[test]
fn variant_pgn_is_written_with_its_tag_and_reads_back() {
    let options = |notation| WriteOptions {
        notation,
        encrypted: false,
    };
    let cases = [
        (
            Variant::Crazyhouse,
            "",
            vec![
                "e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5a5", "P@e6", "f7e6",
            ],
            "Crazyhouse",
        ),
        (
            Variant::ThreeCheck,
            "rnbqkbnr/ppp2ppp/8/3pp3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3 +0+0",
            vec!["f1b5", "c7c6", "b5c6", "b7c6"],
            "Three-check",
        ),
        (
            Variant::Chess960,
            "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1",
            vec!["g2g4", "g7g5", "h1g3", "h8g6", "f1g1"],
            "Chess960",
        ),
    ];
    for (variant, fen, moves, tag) in cases {
        let game = RecordedGame {
            fen: fen.to_owned(),
            moves: moves.iter().map(|m| (*m).to_owned()).collect(),
            result: RecordResult::Unknown,
            ..RecordedGame::default()
        };
        let pgn = write_record(
            variant,
            &game,
            RecordFormat::Pgn,
            options(RecordNotation::Default),
        )
        .unwrap_or_else(|e| panic!("{variant:?}: {e}"));
        let text = String::from_utf8(pgn.clone()).unwrap();
        assert!(text.contains(&format!("[Variant \"{tag}\"]")), "{text}");
        // A pawn's drop as python-chess and Lichess write it.
        assert!(
            variant != Variant::Crazyhouse || text.contains("4. @e6"),
            "{text}"
        );
        let read = parse_record(variant, &pgn, None, ParseOptions::default()).unwrap();
        assert_eq!(read.len(), 1);
        assert!(
            read[0].error.is_none(),
            "{variant:?}: {:?}\n{text}",
            read[0].error
        );
        assert_eq!(read[0].moves.len(), moves.len(), "{variant:?}\n{text}");
        // As another chess, the same record is refused with a reason.
        let other = parse_record(Variant::Atomic, &pgn, None, ParseOptions::default()).unwrap();
        assert!(
            matches!(&other[0].error, Some(RecordError::Fen(m)) if m.contains(tag)),
            "{:?}",
            other[0].error
        );
    }
    // python-chess's alias for three-check.
    let aliased = parse_record(
        Variant::ThreeCheck,
        b"[Variant \"3check\"]\n\n1. e4 e5 2. Bb5 *\n",
        None,
        ParseOptions::default(),
    )
    .unwrap();
    assert!(aliased[0].error.is_none(), "{:?}", aliased[0].error);
    assert_eq!(aliased[0].moves, ["e2e4", "e7e5", "f1b5"]);
}
