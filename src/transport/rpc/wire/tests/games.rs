//! Random games for the property tests: legal playouts of chess, xiangqi and
//! every chess variant, from the start position and from FENs (some with a
//! repetition under way, a crazyhouse pocket, atomic captures near a king),
//! under random rule options, in both xiangqi coordinate systems. Every
//! position's LegalMoves answer, in both views, must be prost's bytes. Fixed
//! case counts keep CI time bounded.

use proptest::prelude::*;

use super::assert_same;
use crate::{proto as pb, transport::rpc::convert};
use arbiter_rules::{Game, LoadOptions, Outcome, Variant};

/// Cases per property: random games cost a few milliseconds each.
const GAME_CASES: u32 = 128;

/// Starting points: the FEN (empty for the start position) and moves played
/// from it before the random ones, in ICCS or UCI.
const CHESS_STARTS: &[(&str, &[&str])] = &[
    ("", &[]),
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        &[],
    ),
    ("1r5k/P7/8/8/8/8/6PP/7K w - - 0 1", &[]),
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", &[]),
    (
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        &[],
    ),
    ("8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", &[]),
];

const XIANGQI_STARTS: &[(&str, &[&str])] = &[
    ("", &[]),
    (
        "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
        &[],
    ),
    ("r2k5/9/2P6/9/6bN1/4R4/9/2np1pn2/4K4/9 w - - 0 1", &[]),
    ("3k1a3/nPR1a4/2Nr5/9/9/9/9/9/5r3/2c1K4 w - - 0 1", &[]),
    ("3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1", &[]),
    // A perpetual check on its way: the next checks repeat it.
    (
        "4k4/9/9/9/9/9/9/9/4A4/3AK3R w - - 0 1",
        &[
            "i0i9", "e9e8", "i9i8", "e8e9", "i8i9", "e9e8", "i9i8", "e8e9",
        ],
    ),
];

/// The chess variants' starting points: each variant's start position and
/// one position of its own from tests/data/chess_variants.epd.
const VARIANT_STARTS: &[(Variant, &str, &[&str])] = &[
    (Variant::Chess960, "", &[]),
    (
        Variant::Chess960,
        "qrkbrnb1/p3pp2/1p1p3p/2p5/1P1PB1pn/2P4P/PK2PPP1/QR2RNBN w kq - 0 9",
        &[],
    ),
    (Variant::Atomic, "", &[]),
    (
        Variant::Atomic,
        "rnbq1r2/p3p2p/1bp2k1n/3p1pp1/1P2P1PP/1B4NN/2PPKP2/R1BQ3R b - - 3 14",
        &[],
    ),
    (Variant::Antichess, "", &[]),
    (
        Variant::Antichess,
        "rnbqk2r/4pp1p/pppp2pn/8/1P6/3PPP2/P1PQK1PP/RN3BNR w - - 0 8",
        &[],
    ),
    (Variant::KingOfTheHill, "", &[]),
    (
        Variant::KingOfTheHill,
        "8/8/8/5k2/8/5K2/3P4/6R1 b - - 1 34",
        &[],
    ),
    (Variant::ThreeCheck, "", &[]),
    (
        Variant::ThreeCheck,
        "1n2k3/2qp1p2/8/5p2/QP6/6P1/3P4/7K b - - 3+1 0 25",
        &[],
    ),
    (Variant::Crazyhouse, "", &[]),
    (
        Variant::Crazyhouse,
        "r2qk1nr/p1p1N1pp/bQp1pn2/4pPB1/P2p4/P1P4P/2P1BP1b/1R1Kn2R[P] w kq - 3 31",
        &[],
    ),
    (Variant::RacingKings, "", &[]),
    (
        Variant::RacingKings,
        "8/8/8/4n3/8/6K1/1k2B1R1/2R4Q w - - 1 10",
        &[],
    ),
    (Variant::Horde, "", &[]),
    (
        Variant::Horde,
        "8/8/4k3/2P5/PP1PP3/2PP1P2/1PPPP3/P2P1P2 w - - 1 35",
        &[],
    ),
];

/// ICCS (ranks 0-9) to the 1-based form (ranks 1-10).
fn one_based(iccs: &str) -> String {
    let mut out = String::new();
    for c in iccs.chars() {
        match c.to_digit(10) {
            Some(rank) => out.push_str(&(rank + 1).to_string()),
            None => out.push(c),
        }
    }
    out
}

/// A random game setup: variant, start, coordinates and rule options, as a
/// client would send them.
#[derive(Debug, Clone)]
pub(super) struct Setup {
    pub(super) variant: Variant,
    pub(super) fen: &'static str,
    pub(super) prefix: &'static [&'static str],
    pub(super) one_based: bool,
    pub(super) options: pb::RuleOptions,
}

pub(super) fn setup() -> impl Strategy<Value = Setup> {
    let chess = (0..CHESS_STARTS.len(), 0..2i32)
        .prop_map(|(start, rule_set)| (Variant::Chess, CHESS_STARTS[start], false, rule_set));
    let variants = (0..VARIANT_STARTS.len(), 0..2i32).prop_map(|(start, rule_set)| {
        let (variant, fen, prefix) = VARIANT_STARTS[start];
        (variant, (fen, prefix), false, rule_set)
    });
    let xiangqi = (
        0..XIANGQI_STARTS.len(),
        any::<bool>(),
        proptest::sample::select(vec![0, 2, 3, 4]),
    )
        .prop_map(|(start, one_based, rule_set)| {
            (Variant::Xiangqi, XIANGQI_STARTS[start], one_based, rule_set)
        });
    (
        prop_oneof![chess, xiangqi, variants],
        prop_oneof![Just(0), 2..=5u32],
        proptest::option::of(0..=150u32),
        proptest::option::of(0..=12u32),
        0..=2i32,
        any::<bool>(),
    )
        .prop_map(
            |(
                (variant, (fen, prefix), one_based, rule_set),
                repetition,
                limit,
                discount,
                material,
                claim,
            )| Setup {
                variant,
                fen,
                prefix,
                one_based,
                options: pb::RuleOptions {
                    rule_set,
                    repetition_count: repetition,
                    move_limit_plies: limit,
                    check_discount: discount,
                    material_draw: material,
                    // Xiangqi has no claimable draws and refuses the option.
                    claim_draws: claim && variant != Variant::Xiangqi,
                },
            },
        )
}

/// Plays the setup's prefix and then `choices` (each picks one legal move,
/// and says whether to write it in SAN/WXF) for as long as the game goes
/// on, calling `each` on every position reached, and returns the history as
/// sent.
pub(super) fn play(
    setup: &Setup,
    choices: &[(u16, bool)],
    mut each: impl FnMut(&Game),
) -> Vec<String> {
    let options = convert::rule_options(Some(setup.options)).expect("valid options");
    let load = LoadOptions {
        one_based: setup.one_based,
        ..LoadOptions::default()
    };
    let mut history: Vec<String> = Vec::new();
    loop {
        let game = Game::load(setup.variant, setup.fen, &history, load, &options)
            .expect("a legal history loads");
        each(&game);
        if game.status(&options).expect("a status").outcome != Outcome::Ongoing {
            break;
        }
        let ply = history.len();
        if let Some(forced) = setup.prefix.get(ply) {
            history.push(if setup.one_based {
                one_based(forced)
            } else {
                (*forced).to_owned()
            });
            continue;
        }
        let Some(&(choice, san)) = choices.get(ply - setup.prefix.len()) else {
            break;
        };
        let moves = game.legal_moves(&options).expect("legal moves");
        let Some(m) = moves.get(usize::from(choice) % moves.len().max(1)) else {
            break;
        };
        history.push(match (&m.uci_one_based, san) {
            (_, true) => m.san.as_str().to_owned(),
            (Some(one_based), false) => one_based.as_str().to_owned(),
            (None, false) => m.uci.as_str().to_owned(),
        });
    }
    history
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: GAME_CASES,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// Every position of a random game answers LegalMoves with prost's bytes,
    /// in both views.
    #[test]
    fn answers_are_prosts_bytes_over_random_games(
        setup in setup(),
        choices in proptest::collection::vec((any::<u16>(), any::<bool>()), 0..40),
    ) {
        let options = convert::rule_options(Some(setup.options)).expect("valid options");
        play(&setup, &choices, |game| assert_same(game, &options));
    }
}

/// The playouts reach the positions the properties are about: captures,
/// checks, promotions, castling, en passant, forbidden repetitions, drops,
/// explosions and every chess variant all appear in the answers of the
/// first few games.
#[test]
fn the_random_games_reach_every_kind_of_move() {
    use proptest::{strategy::ValueTree, test_runner::TestRunner};
    let mut runner = TestRunner::deterministic();
    let strategy = (
        setup(),
        proptest::collection::vec((any::<u16>(), any::<bool>()), 0..40),
    );
    let mut seen = [false; 8];
    let mut variants = std::collections::BTreeSet::new();
    for _ in 0..GAME_CASES {
        let (setup, choices) = strategy.new_tree(&mut runner).expect("a case").current();
        let options = convert::rule_options(Some(setup.options)).expect("valid options");
        variants.insert(setup.variant.name());
        play(&setup, &choices, |game| {
            for m in game.legal_moves(&options).expect("legal moves") {
                let kinds = [
                    m.captured.is_some(),
                    m.check,
                    m.promotion.is_some(),
                    m.castling.is_some(),
                    m.en_passant,
                    m.forbidden_repetition.is_some(),
                    m.drop,
                    !m.explosion_squares.is_empty(),
                ];
                for (seen, kind) in seen.iter_mut().zip(kinds) {
                    *seen |= kind;
                }
            }
        });
    }
    assert_eq!(
        seen, [true; 8],
        "capture, check, promotion, castling, en passant, repetition, drop, explosion"
    );
    assert_eq!(variants.len(), Variant::ALL.len(), "{variants:?}");
}
