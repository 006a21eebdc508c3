//! A forced variant win in one or two moves for each Lichess variant, found
//! within a node budget: the variant's ending is scored as a mate.

#![allow(clippy::unwrap_used)]

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use arbiter_engine::eval::VariantEvaluator;
use arbiter_engine::variant::VariantNode;
use arbiter_engine::{Limits, Score, SearchMemory, SearchRequest, search};
use shakmaty::fen::Fen;
use shakmaty::variant::{Variant, VariantPosition};
use shakmaty::{CastlingMode, Position};

const NODE_BUDGET: u64 = 50_000;

/// (variant, FEN, the win at most this many moves away, and the one winning
/// move where only one wins).
const WINS: &[(Variant, &str, i32, &str)] = &[
    // Nxf7: the explosion takes the king on e8.
    (
        Variant::Atomic,
        "rnbqkbnr/ppp2ppp/3p4/4p1N1/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 3",
        1,
        "g5f7",
    ),
    // Ra2: black must take, and white has nothing left.
    (
        Variant::Antichess,
        "8/8/8/8/8/1p6/8/R7 w - - 0 1",
        2,
        "a1a2",
    ),
    (
        Variant::KingOfTheHill,
        "4k3/8/8/8/8/4K3/8/8 w - - 0 1",
        1,
        "",
    ),
    // Qh5+ is white's third check.
    (
        Variant::ThreeCheck,
        "rnbqkbnr/ppppp1pp/5p2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+3 0 2",
        1,
        "d1h5",
    ),
    // R@a8# … R@e8#: a rook dropped on the back rank.
    (
        Variant::Crazyhouse,
        "6k1/5ppp/8/8/8/8/5PPP/6K1[R] w - - 0 1",
        1,
        "",
    ),
    (Variant::RacingKings, "8/2K5/8/8/8/8/8/k7 w - - 0 1", 1, ""),
    // Qxe1: the horde's last pawn.
    (Variant::Horde, "4k3/8/8/8/8/8/3q4/4P3 b - - 0 1", 1, "d2e1"),
];

#[test]
fn variant_wins_are_found_within_node_budget() {
    let mut memory = SearchMemory::new(16);
    let mut failures = Vec::new();
    for &(variant, fen, moves, expected) in WINS {
        let setup = fen.parse::<Fen>().unwrap().into_setup();
        let position = VariantPosition::from_setup(variant, setup, CastlingMode::Standard).unwrap();
        assert!(!position.is_game_over(), "{variant:?} {fen}");
        let limits = Limits {
            nodes: Some(NODE_BUDGET),
            ..Limits::default()
        };
        let request = SearchRequest::new(VariantNode::new(position), limits);
        let result = search(
            &request,
            &VariantEvaluator,
            &mut memory,
            Arc::new(AtomicBool::new(false)),
            &mut |_| {},
        );
        let best = result
            .best_move
            .map(|m| m.to_uci(CastlingMode::Standard).to_string());
        let won = matches!(result.score, Score::Mate(m) if m > 0 && m <= moves);
        if !won || (!expected.is_empty() && best.as_deref() != Some(expected)) {
            failures.push(format!(
                "{variant:?} {fen}: got {best:?} {:?} after {} nodes",
                result.score, result.nodes
            ));
        }
    }
    assert!(failures.is_empty(), "unsolved:\n{}", failures.join("\n"));
}

/// A lost variant position is scored as a mate against the side to move:
/// in king of the hill black cannot stop Ke4.
#[test]
fn variant_losses_are_mate_scores() {
    let setup = "4k3/8/8/8/8/4K3/8/8 b - - 0 1"
        .parse::<Fen>()
        .unwrap()
        .into_setup();
    let position =
        VariantPosition::from_setup(Variant::KingOfTheHill, setup, CastlingMode::Standard).unwrap();
    let request = SearchRequest::new(
        VariantNode::new(position),
        Limits {
            depth: Some(4),
            ..Limits::default()
        },
    );
    let result = search(
        &request,
        &VariantEvaluator,
        &mut SearchMemory::new(1),
        Arc::new(AtomicBool::new(false)),
        &mut |_| {},
    );
    assert!(
        matches!(result.score, Score::Mate(m) if m < 0),
        "{:?}",
        result.score
    );
}

/// Through `Analysis`, as the Engine service searches: a Chess960 mate by
/// castling comes back king-takes-rook, and a crazyhouse mate by a drop as
/// `R@…` with `drop` set.
#[test]
fn analysis_answers_in_each_variants_notation() {
    use arbiter_engine::{Analysis, AnalysisEvent, PoolConfig, SearchEvent, SearchPool, Strength};
    use arbiter_rules::{Game, LoadOptions, RuleOptions, Variant as GameVariant};
    let pool = SearchPool::new(PoolConfig {
        workers: 1,
        queue_capacity: 1,
        tt_mb: 4,
        nice: 0,
    })
    .unwrap();
    let best = |variant: GameVariant, fen: &str, search_moves: &[String]| {
        let game = Game::load(
            variant,
            fen,
            &[] as &[&str],
            LoadOptions::default(),
            &RuleOptions::default(),
        )
        .unwrap();
        let (sender, events) = std::sync::mpsc::channel::<AnalysisEvent>();
        let _handle = Analysis {
            game: &game,
            rules: &RuleOptions::default(),
            limits: Limits {
                nodes: Some(NODE_BUDGET),
                ..Limits::default()
            },
            multipv: 1,
            search_moves,
            strength: Strength::default(),
        }
        .start(&pool, move |event| sender.send(event).is_ok())
        .unwrap();
        loop {
            if let SearchEvent::Done(result) = events.recv().unwrap() {
                return (result.best_move.unwrap(), result.score);
            }
        }
    };
    // O-O mates (the rook from f1 up the f-file; the knights and the a7 rook
    // take the king's squares), against a king move; the
    // king takes its h1 rook.
    let (castle, score) = best(
        GameVariant::Chess960,
        "5k2/R7/3N3N/8/8/8/8/4K2R w K - 0 1",
        &["O-O".to_owned(), "e1e2".to_owned()],
    );
    assert_eq!(castle.uci.to_string(), "e1h1", "{castle:?}");
    assert_eq!(castle.san.to_string(), "O-O#");
    assert_eq!(score, Score::Mate(1));
    let (dropped, score) = best(
        GameVariant::Crazyhouse,
        "6k1/5ppp/8/8/8/8/5PPP/6K1[R] w - - 0 1",
        &[],
    );
    assert!(
        dropped.drop && dropped.uci.to_string().starts_with("R@"),
        "{dropped:?}"
    );
    assert_eq!(score, Score::Mate(1));
}
