//! What a bot on a clock needs, through `search::Analysis` as the service and
//! `arbiter uci` call it: game clocks answer in time, `mate` finds mates and
//! stops, `search_moves` restricts the root, strength levels are
//! deterministic for a seed and differ across levels, and every score
//! carries a win/draw/loss that sums to 1000. Chess and xiangqi alike.

#![allow(clippy::unwrap_used)]

use std::sync::mpsc;
use std::time::{Duration, Instant};

use arbiter_engine::{
    Analysis, AnalysisError, AnalysisEvent, ClockLimits, Limits, PoolConfig, Score, SearchEvent,
    SearchInfo, SearchPool, SearchResult, StopReason, Strength,
};
use arbiter_rules::{Game, InputError, LoadOptions, RuleOptions, Variant};

use arbiter_rules::MoveInfo;

fn pool() -> SearchPool {
    SearchPool::new(PoolConfig {
        workers: 1,
        queue_capacity: 1,
        tt_mb: 4,
        nice: 0,
    })
    .unwrap()
}

fn game(variant: Variant, fen: &str, moves: &[&str]) -> Game {
    Game::load(
        variant,
        fen,
        moves,
        LoadOptions::default(),
        &RuleOptions::default(),
    )
    .unwrap()
}

struct Run {
    infos: Vec<SearchInfo<MoveInfo>>,
    result: SearchResult<MoveInfo>,
    elapsed: Duration,
}

fn try_run(
    pool: &SearchPool,
    game: &Game,
    limits: Limits,
    multipv: usize,
    search_moves: &[String],
    strength: Strength,
) -> Result<Run, AnalysisError> {
    let (sender, events) = mpsc::channel::<AnalysisEvent>();
    let started = Instant::now();
    let _handle = Analysis {
        game,
        rules: &RuleOptions::default(),
        limits,
        multipv,
        search_moves,
        strength,
    }
    .start(pool, move |event| sender.send(event).is_ok())?;
    let mut infos = Vec::new();
    loop {
        match events.recv().unwrap() {
            SearchEvent::Info(info) => infos.push(info),
            SearchEvent::Done(result) => {
                return Ok(Run {
                    infos,
                    result,
                    elapsed: started.elapsed(),
                });
            }
        }
    }
}

fn run(pool: &SearchPool, game: &Game, limits: Limits) -> Run {
    try_run(pool, game, limits, 1, &[], Strength::default()).unwrap()
}

fn nodes(n: u64) -> Limits {
    Limits {
        nodes: Some(n),
        ..Limits::default()
    }
}

fn best(run: &Run) -> String {
    run.result.best_move.as_ref().unwrap().uci.to_string()
}

fn legal(game: &Game) -> Vec<String> {
    game.legal_moves(&RuleOptions::default())
        .unwrap()
        .into_iter()
        .map(|m| m.uci.to_string())
        .collect()
}

const MIDDLEGAME: &str = "r1bq1rk1/pp2bppp/2n1pn2/2pp4/2PP4/2NBPN2/PP3PPP/R1BQ1RK1 w - - 2 8";

#[test]
fn tiny_clocks_answer_in_time_with_a_legal_move() {
    let pool = pool();
    for (variant, fen) in [(Variant::Chess, MIDDLEGAME), (Variant::Xiangqi, "")] {
        let game = game(variant, fen, &[]);
        for left_ms in [150, 40, 5] {
            let clock = ClockLimits {
                white: Duration::from_millis(left_ms),
                black: Duration::from_secs(600),
                overhead: Duration::from_millis(20),
                ..ClockLimits::default()
            };
            let run = run(
                &pool,
                &game,
                Limits {
                    clock: Some(clock),
                    ..Limits::default()
                },
            );
            assert!(legal(&game).contains(&best(&run)), "{variant:?}");
            // The hard bound is under a third of what is left; the rest of
            // the margin is for a busy machine.
            assert!(
                run.elapsed < Duration::from_millis(left_ms.max(20)),
                "{variant:?} with {left_ms} ms left took {:?}",
                run.elapsed
            );
        }
    }
}

#[test]
fn a_clock_spends_a_share_of_the_side_to_moves_time() {
    let pool = pool();
    // Black to move with 2 s left: a few hundred milliseconds at most, and the
    // white clock (a minute) is not the one spent.
    let game = game(Variant::Chess, MIDDLEGAME, &["a2a3"]);
    let clock = ClockLimits {
        white: Duration::from_secs(60),
        black: Duration::from_secs(2),
        ..ClockLimits::default()
    };
    let run = run(
        &pool,
        &game,
        Limits {
            clock: Some(clock),
            ..Limits::default()
        },
    );
    assert!(
        run.elapsed < Duration::from_millis(700),
        "{:?}",
        run.elapsed
    );
    assert!(run.result.depth >= 3, "depth {}", run.result.depth);
    assert_eq!(run.result.stop_reason, StopReason::TimeUp);
}

#[test]
fn mate_limits_find_the_mate_and_stop() {
    let pool = pool();
    let cases = [
        // Immortal Game after 20...Na6: mate in 3.
        (
            Variant::Chess,
            "r1b1k1nr/p2p1ppp/n2B4/1p1NPN1P/6P1/3P1Q2/P1P1K3/q5b1 w kq - 2 21",
            3,
        ),
        // Legal's mate after 5...Bxd1: mate in 2.
        (
            Variant::Chess,
            "rn1qkbnr/ppp2p1p/3p2p1/4N3/2B1P3/2N5/PPPP1PPP/R1BbK2R w KQkq - 0 6",
            2,
        ),
        // 适情雅趣 No. 192: mate in 3 from the start.
        (
            Variant::Xiangqi,
            "2bak3C/4aP2N/4b4/5C3/9/9/9/3p5/4p2r1/3K5 w - - 0 1",
            3,
        ),
    ];
    for (variant, fen, n) in cases {
        let game = game(variant, fen, &[]);
        let run = run(
            &pool,
            &game,
            Limits {
                mate: Some(n),
                movetime: Some(Duration::from_secs(20)),
                ..Limits::default()
            },
        );
        assert!(
            matches!(run.result.score, Score::Mate(m) if m > 0 && m <= n as i32),
            "{fen}: {:?}",
            run.result.score
        );
        assert_eq!(run.result.stop_reason, StopReason::MateFound, "{fen}");
        assert_eq!(run.result.wdl.win, 1000);
    }
    // No mate in 1 at the start: the search ends at its depth bound.
    let start = game(Variant::Chess, "", &[]);
    let run = run(
        &pool,
        &start,
        Limits {
            mate: Some(1),
            ..Limits::default()
        },
    );
    assert_eq!(run.result.stop_reason, StopReason::DepthReached);
    assert_eq!(run.result.depth, 8);
}

#[test]
fn search_moves_restrict_the_root_and_bad_ones_are_named() {
    let pool = pool();
    for (variant, allowed) in [
        (Variant::Chess, ["a2a3", "h2h3", "g1h3"]),
        (Variant::Xiangqi, ["a3a4", "i3i4", "h0i2"]),
    ] {
        let game = game(variant, "", &[]);
        let texts: Vec<String> = allowed.iter().map(|s| (*s).to_owned()).collect();
        let run = try_run(&pool, &game, nodes(20_000), 5, &texts, Strength::default()).unwrap();
        assert!(texts.contains(&best(&run)), "{variant:?}: {}", best(&run));
        assert_eq!(run.result.lines.len(), 3);
        for line in run.result.lines.iter().chain(&run.infos) {
            assert!(texts.contains(&line.pv[0].uci.to_string()), "{variant:?}");
        }
        let mut bad = texts.clone();
        bad.insert(1, "e2e5".to_owned());
        let error = try_run(&pool, &game, nodes(1000), 1, &bad, Strength::default())
            .err()
            .unwrap();
        assert!(
            matches!(
                error,
                AnalysisError::Input(InputError::SearchMove { index: 1, .. })
            ),
            "{variant:?}: {error:?}"
        );
    }
}

/// A root restriction is read in the game's castling notation, and so is
/// the reason a move of it is refused: in a Chess960 game that reads the
/// king's-square form, `e1g1` into check is castling into check, not a
/// request to write castling as king takes rook.
#[test]
fn search_moves_are_diagnosed_in_the_games_castling_notation() {
    let pool = pool();
    let fen = "1r2k2r/8/8/8/8/8/6r1/1R2K2R w HBhb - 0 1";
    let asked = LoadOptions {
        king_square_castling: true,
        ..LoadOptions::default()
    };
    let game = Game::load(
        Variant::Chess960,
        fen,
        &[] as &[&str],
        asked,
        &RuleOptions::default(),
    )
    .unwrap();
    let texts = vec!["e1d1".to_owned(), "e1g1".to_owned()];
    let error = try_run(&pool, &game, nodes(1000), 1, &texts, Strength::default())
        .err()
        .unwrap();
    let AnalysisError::Input(InputError::SearchMove { index: 1, error }) = error else {
        panic!("{error:?}");
    };
    let message = error.to_string();
    assert!(
        message.contains("castling kingside the king would stand in check"),
        "{message}"
    );
}

/// The moves `level` plays with each seed, over a few positions of each game.
fn picks(pool: &SearchPool, level: u8, seeds: std::ops::Range<u64>) -> Vec<String> {
    let positions = [
        game(Variant::Chess, MIDDLEGAME, &[]),
        game(Variant::Chess, "", &["e2e4", "e7e5", "g1f3"]),
        game(Variant::Xiangqi, "", &["h2e2", "h9g7"]),
    ];
    let mut out = Vec::new();
    for position in &positions {
        for seed in seeds.clone() {
            let run = try_run(
                pool,
                position,
                Limits::default(),
                1,
                &[],
                Strength { level, seed },
            )
            .unwrap();
            out.push(best(&run));
        }
    }
    out
}

#[test]
fn levels_are_deterministic_for_a_seed_and_differ_across_levels() {
    let pool = pool();
    let weak = picks(&pool, 2, 0..8);
    assert_eq!(weak, picks(&pool, 2, 0..8), "the same seeds, other moves");
    let strong = picks(&pool, 19, 0..8);
    assert_ne!(weak, strong);
    // The weak level varies its moves with the seed; every one is legal.
    let distinct: std::collections::BTreeSet<&String> = weak.iter().collect();
    assert!(distinct.len() > 3, "{weak:?}");
    // Below full strength the budget bounds the search even without a limit.
    let game = game(Variant::Chess, MIDDLEGAME, &[]);
    let run = try_run(
        &pool,
        &game,
        Limits::default(),
        1,
        &[],
        Strength { level: 3, seed: 1 },
    )
    .unwrap();
    assert!(run.result.nodes <= Strength { level: 3, seed: 1 }.node_budget().unwrap());
    assert!(legal(&game).contains(&best(&run)));
    assert_eq!(run.result.lines.len(), 1);
    assert_eq!(
        run.result.lines[0].pv.first(),
        run.result.best_move.as_ref(),
        "the line played comes first"
    );
}

#[test]
fn every_score_carries_a_wdl_summing_to_1000() {
    let pool = pool();
    for (variant, fen) in [
        (Variant::Chess, MIDDLEGAME),
        (Variant::Chess, "7k/8/8/8/8/8/Q7/K7 w - - 0 1"),
        (Variant::Xiangqi, ""),
    ] {
        let game = game(variant, fen, &[]);
        let run = try_run(&pool, &game, nodes(30_000), 3, &[], Strength::default()).unwrap();
        for wdl in run
            .infos
            .iter()
            .chain(&run.result.lines)
            .map(|i| i.wdl)
            .chain([run.result.wdl])
        {
            assert_eq!(wdl.win + wdl.draw + wdl.loss, 1000, "{fen}: {wdl:?}");
        }
        if fen.starts_with("7k") {
            assert!(run.result.wdl.win > 900, "{:?}", run.result.wdl);
        }
    }
}
