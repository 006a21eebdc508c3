//! Property tests over the parsers and the request path, with a fixed case
//! count so CI time stays bounded. Independent truth comes from shakmaty
//! replaying the same random games directly.

#![allow(clippy::unwrap_used)] // test helpers may panic on broken fixtures

use arbiter::{fuzz, proto as pb};
use arbiter_rules::{
    Game, InputError, LoadOptions, RuleOptions, Strictness, Variant, validate_position,
};
use proptest::prelude::*;
use shakmaty::{CastlingMode, Chess, Position, san::SanPlus};

/// Plays a random legal game: `choices[i]` picks the i-th move among the
/// legal ones; `san[i]` says whether it is written in SAN or UCI.
fn random_game(choices: &[u16], san: &[bool]) -> (Vec<String>, Chess) {
    let mut position = Chess::default();
    let mut moves = Vec::new();
    for (i, &choice) in choices.iter().enumerate() {
        let legal = position.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[usize::from(choice) % legal.len()];
        moves.push(if san.get(i).copied().unwrap_or(false) {
            SanPlus::from_move(position.clone(), m).to_string()
        } else {
            m.to_uci(CastlingMode::Standard).to_string()
        });
        position.play_unchecked(m);
    }
    (moves, position)
}

fn fen_of(position: &Chess) -> String {
    shakmaty::fen::Fen::from_position(position, shakmaty::EnPassantMode::Legal).to_string()
}

/// Text that looks like FEN: real fields, shuffled and mutated.
fn fen_like() -> impl Strategy<Value = String> {
    let board = prop_oneof![
        Just("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR".to_owned()),
        "[rnbqkpRNBQKP1-8/]{0,80}",
    ];
    let side = prop_oneof![Just("w"), Just("b"), Just("x"), Just("")];
    let castling = prop_oneof![
        Just("KQkq"),
        Just("-"),
        Just("Kk"),
        Just("AHah"),
        Just("QQ")
    ];
    let ep = prop_oneof![Just("-"), Just("e3"), Just("e6"), Just("z9"), Just("a")];
    let number = prop_oneof![
        (0u64..200).prop_map(|n| n.to_string()),
        Just("-1".to_owned()),
        Just("99999999999999999999".to_owned()),
    ];
    (
        board,
        side,
        castling,
        ep,
        number.clone(),
        number,
        3usize..=7,
    )
        .prop_map(|(board, side, castling, ep, half, full, fields)| {
            let all = [
                board,
                side.to_owned(),
                castling.to_owned(),
                ep.to_owned(),
                half,
                full,
            ];
            all.iter()
                .take(fields.min(6))
                .cloned()
                .collect::<Vec<_>>()
                .join(" ")
        })
}

fn position_strategy() -> impl Strategy<Value = pb::Position> {
    let variant = prop_oneof![Just(0), Just(1), Just(1), Just(1), Just(2), -3i32..100];
    let fen = prop_oneof![Just(String::new()), fen_like(), ".{0,300}"];
    let moves = prop::collection::vec(
        prop_oneof![
            "[a-h][1-8][a-h][1-8][qrbnk]?",
            "[前后中一二三]?[车马炮兵卒相仕帅将]?[一二九1-9１９]?[进退平]?[一二九1-9１９]?",
            "[NBRQK]?[a-h]?[1-8]?x?[a-h][1-8](=[QRBN])?[+#]?",
            Just("O-O".to_owned()),
            ".{0,20}",
        ],
        0..40,
    );
    (variant, fen, moves, -1i32..3, -1i32..4, -1i32..4).prop_map(
        |(variant, fen, moves, coordinates, fen_strictness, chinese_characters)| pb::Position {
            variant,
            fen,
            moves,
            coordinates,
            fen_strictness,
            chinese_characters,
        },
    )
}

/// A board of `files` × `cells.len() / files` squares in FEN, `.` for empty.
fn board_fen(cells: &[char], files: usize) -> String {
    let ranks: Vec<String> = cells
        .chunks(files)
        .map(|rank| {
            let mut text = String::new();
            let mut empty = 0;
            for &cell in rank {
                if cell == '.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    text.push(cell);
                }
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            text
        })
        .collect();
    ranks.join("/")
}

/// A variant and a well-formed FEN for it whose position may break any
/// rule: pieces scattered (kings and generals among them, in any number),
/// any side to move, castling letters, an en-passant square, three-check
/// counters and crazyhouse pockets where the variant reads them.
fn diagnosable() -> impl Strategy<Value = (Variant, String)> {
    let cell = |pieces: &'static str| prop_oneof![6 => Just('.'), 1 => prop::sample::select(pieces.chars().collect::<Vec<_>>())];
    let chess = (
        1usize..10,
        prop::collection::vec(cell("KkQqRrBbNnPp"), 64),
        prop_oneof![Just("w"), Just("b")],
        prop_oneof![Just("KQkq"), Just("-"), Just("Kq"), Just("HAha"), Just("k")],
        prop_oneof![Just("-"), Just("e3"), Just("d6"), Just("a3")],
        prop_oneof![Just("[]"), Just("[Qp]"), Just("[Kk]")],
        prop_oneof![Just("3+3 "), Just("0+0 "), Just("1+2 ")],
    )
        .prop_map(|(index, cells, side, castling, ep, pocket, checks)| {
            let variant = Variant::ALL[if index == 1 { 0 } else { index }];
            let pocket = if variant == Variant::Crazyhouse {
                pocket
            } else {
                ""
            };
            let checks = if variant == Variant::ThreeCheck {
                checks
            } else {
                ""
            };
            let board = board_fen(&cells, 8);
            (
                variant,
                format!("{board}{pocket} {side} {castling} {ep} {checks}0 1"),
            )
        });
    let xiangqi = (
        prop::collection::vec(cell("KkAaBbNnRrCcPp"), 90),
        prop_oneof![Just("w"), Just("b")],
        prop_oneof![Just("0 1"), Just("0 0")],
    )
        .prop_map(|(cells, side, clocks)| {
            (
                Variant::Xiangqi,
                format!("{} {side} - - {clocks}", board_fen(&cells, 9)),
            )
        });
    prop_oneof![chess, xiangqi]
}

fn options_strategy() -> impl Strategy<Value = Option<pb::RuleOptions>> {
    prop::option::of(
        (
            -1i32..6,
            0u32..10,
            prop::option::of(0u32..500),
            prop::option::of(0u32..50),
            -1i32..4,
            any::<bool>(),
        )
            .prop_map(
                |(
                    rule_set,
                    repetition_count,
                    move_limit_plies,
                    check_discount,
                    material_draw,
                    claim_draws,
                )| {
                    pb::RuleOptions {
                        rule_set,
                        repetition_count,
                        move_limit_plies,
                        check_discount,
                        material_draw,
                        claim_draws,
                    }
                },
            ),
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn any_text_as_fen_is_handled(text in ".{0,400}") {
        fuzz::chess_fen(text.as_bytes());
    }

    #[test]
    fn fen_like_text_is_handled(text in fen_like()) {
        fuzz::chess_fen(text.as_bytes());
    }

    #[test]
    fn any_move_text_is_handled(selector in any::<u8>(), text in ".{0,24}") {
        let mut data = vec![selector];
        data.extend(text.as_bytes());
        fuzz::chess_move(&data);
    }

    #[test]
    fn move_like_text_is_handled(
        selector in any::<u8>(),
        text in "[NBRQKa-h1-8x=+#O0-]{1,8}",
    ) {
        let mut data = vec![selector];
        data.extend(text.as_bytes());
        fuzz::chess_move(&data);
    }

    #[test]
    fn any_text_as_xiangqi_fen_is_handled(text in ".{0,300}") {
        fuzz::xiangqi_fen(text.as_bytes());
    }

    #[test]
    fn xiangqi_fen_like_text_is_handled(
        board in "[rnbakcpRNBAKCP1-9/]{0,100}",
        side in prop_oneof![Just("w"), Just("b"), Just("r"), Just("")],
        rest in prop_oneof![Just(" - - 0 1"), Just(""), Just(" - - 7 x")],
    ) {
        fuzz::xiangqi_fen(format!("{board} {side}{rest}").as_bytes());
    }

    #[test]
    fn xiangqi_move_like_text_is_handled(
        selector in any::<u8>(),
        text in prop_oneof![
            "[a-i][0-9]{1,2}-?[a-i][0-9]{1,2}",
            "[+-]?[RHEAKCPrheakcp][1-9+-][.+=-][1-9]",
            ".{0,12}",
        ],
    ) {
        let mut data = vec![selector];
        data.extend(text.as_bytes());
        fuzz::xiangqi_move(&data);
    }

    #[test]
    fn random_games_replay_to_the_same_position(
        choices in prop::collection::vec(any::<u16>(), 0..200),
        san in prop::collection::vec(any::<bool>(), 200),
    ) {
        let (moves, expected) = random_game(&choices, &san);
        let game = Game::load(Variant::Chess, "", &moves, LoadOptions::default(), &RuleOptions::default());
        // Independent truth: shakmaty's own replay. The only loads that may
        // fail are those whose game ended (fivefold, 75 moves) before the
        // last move.
        match game {
            Ok(game) => {
                let status = game.status(&RuleOptions::default()).unwrap();
                prop_assert_eq!(status.fen, fen_of(&expected));
            }
            Err(InputError::HistoryMove { error, .. }) => {
                let message = error.to_string();
                prop_assert!(message.contains("follows the end of the game"), "{}", message);
            }
            Err(other) => prop_assert!(false, "unexpected {:?}", other),
        }
    }

    #[test]
    fn a_history_that_turns_illegal_names_the_first_bad_move(
        choices in prop::collection::vec(any::<u16>(), 1..60),
        cut in any::<prop::sample::Index>(),
        junk in prop_oneof![Just("e1e1"), Just("Qz9"), Just("hello"), Just("a1a8q")],
    ) {
        let (mut moves, _) = random_game(&choices, &[]);
        prop_assume!(!moves.is_empty());
        let at = cut.index(moves.len());
        moves.insert(at, junk.to_owned());
        moves.push("e2e4".to_owned());
        match Game::load(Variant::Chess, "", &moves, LoadOptions::default(), &RuleOptions::default()) {
            Err(InputError::HistoryMove { index, .. }) => prop_assert!(index <= at),
            other => prop_assert!(false, "expected a history error, got {:?}", other.map(|_| ())),
        }
    }

    #[test]
    fn valid_looking_requests_get_an_answer_or_a_client_error(
        selector in 0u8..6,
        position in prop::option::of(position_strategy()),
        options in options_strategy(),
        candidate in ".{0,12}",
        depth in 0u32..6,
        divide in any::<bool>(),
    ) {
        let data = match selector {
            0 => fuzz::encode_rules_request(0, &pb::LegalMovesRequest { position, options, view: 0 }),
            1 => fuzz::encode_rules_request(
                1,
                &pb::ValidateMoveRequest { position, r#move: candidate, options },
            ),
            2 => fuzz::encode_rules_request(2, &pb::GameStatusRequest { position, options }),
            3 => fuzz::encode_rules_request(3, &pb::PerftRequest { position, depth, divide }),
            // Engine requests: depth doubles as the node budget (0 is
            // refused) and as MultiPV (beyond 5 is refused).
            4 => fuzz::encode_rules_request(4, &pb::BestMoveRequest {
                position,
                limits: Some(pb::SearchLimits {
                    limit: Some(pb::search_limits::Limit::Nodes(u64::from(depth) * 200)),
                }),
                multipv: depth,
                options,
                ..Default::default()
            }),
            _ => fuzz::encode_rules_request(5, &pb::AnalyzeRequest {
                position,
                limits: Some(pb::SearchLimits {
                    limit: Some(pb::search_limits::Limit::Depth(depth)),
                }),
                multipv: depth.min(2),
                options,
                ..Default::default()
            }),
        };
        fuzz::rules_request(&data);
    }

    /// A diagnosis never panics, is valid exactly when the load accepts the
    /// position (its problems then all tolerated), and its sanitized FEN
    /// loads under the same strictness.
    #[test]
    fn a_diagnosis_is_the_loads_verdict(
        (variant, fen) in prop_oneof![
            4 => diagnosable(),
            1 => (0usize..10, prop_oneof![fen_like(), ".{0,80}"])
                .prop_map(|(v, fen)| (Variant::ALL[v], fen)),
        ],
        moves in prop::collection::vec(
            prop_oneof!["[a-h][1-8][a-h][1-8]", "[a-i][0-9][a-i][0-9]", "[NBRQK]?[a-h][1-8]"],
            0..3,
        ),
        lenient in any::<bool>(),
        sanitize in any::<bool>(),
    ) {
        let options = LoadOptions {
            strictness: if lenient { Strictness::Lenient } else { Strictness::Strict },
            ..LoadOptions::default()
        };
        let rules = RuleOptions::default();
        let loads = Game::load(variant, &fen, &moves, options, &rules).is_ok();
        let found = validate_position(variant, &fen, &moves, options, sanitize).unwrap();
        prop_assert_eq!(found.valid, loads, "{:?} {} {:?}", variant, fen, found);
        prop_assert_eq!(found.valid, found.problems.iter().all(|p| p.tolerated), "{:?}", found);
        prop_assert!(found.sanitized.is_none() || sanitize);
        if let Some(sanitized) = &found.sanitized {
            let none: [&str; 0] = [];
            let reloaded = Game::load(variant, &sanitized.fen, &none, options, &rules);
            prop_assert!(reloaded.is_ok(), "{:?} {} -> {}", variant, fen, sanitized.fen);
        }
    }

    #[test]
    fn arbitrary_bytes_as_requests_never_break_the_handlers(
        data in prop::collection::vec(any::<u8>(), 0..512),
    ) {
        fuzz::rules_request(&data);
    }
}

/// The random legal games above are real games: the harness would notice if
/// the generator only produced the empty game.
#[test]
fn random_game_generator_plays_moves() {
    let (moves, position) = random_game(&[1, 2, 3, 4, 5, 6], &[true, false]);
    assert_eq!(moves.len(), 6);
    assert_ne!(fen_of(&position), fen_of(&Chess::default()));
}
