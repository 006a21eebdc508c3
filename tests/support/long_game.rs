//! The long test games: deterministic random walks (seeded [`Rng`]) that do
//! not end before their length, for the load example, the benches and the
//! tests that replay long histories.

use arbiter_rules::xiangqi::{self, GameRecord, StatusOptions};
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position, fen::Fen, uci::UciMove};

use super::rng::Rng;

/// A chess game of `plies` plies (UCI, or SAN if `san`) from the start
/// position that does not end early: a seeded random walk that avoids moves
/// after which the game is over and, after 60 quiet plies, plays an
/// irreversible move so no clock rule ends it. Shorter only if no such move
/// exists.
pub(crate) fn chess(plies: usize, san: bool) -> Vec<String> {
    let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
    let mut position = Chess::default();
    let mut moves = Vec::new();
    let mut quiet_plies = 0;
    while moves.len() < plies {
        let legal = position.legal_moves();
        let start = rng.below(legal.len());
        let pick = (0..legal.len())
            .map(|i| legal[(start + i) % legal.len()])
            .find(|&m| {
                let mut after = position.clone();
                after.play_unchecked(m);
                !after.legal_moves().is_empty()
                    && !after.is_insufficient_material()
                    && (quiet_plies < 60 || position.is_irreversible(m))
            });
        let Some(m) = pick else {
            break;
        };
        moves.push(if san {
            shakmaty::san::SanPlus::from_move(position.clone(), m).to_string()
        } else {
            m.to_uci(CastlingMode::Standard).to_string()
        });
        quiet_plies = if position.is_irreversible(m) {
            0
        } else {
            quiet_plies + 1
        };
        position.play_unchecked(m);
    }
    moves
}

/// The chess middle-game positions of the load figures: plies 20-59 of
/// [`chess`]'s game, as FENs: 40 positions.
pub(crate) fn chess_middle_game_fens() -> Vec<String> {
    let mut position = Chess::default();
    let mut fens = Vec::new();
    for (ply, text) in chess(60, false).iter().enumerate() {
        let m = text.parse::<UciMove>().unwrap().to_move(&position).unwrap();
        position.play_unchecked(m);
        if ply >= 19 {
            fens.push(Fen::from_position(&position, EnPassantMode::Legal).to_string());
        }
    }
    fens
}

/// A xiangqi game of exactly `plies` plies from the start position that
/// neither ends nor repeats a position three times (move limit off): seeded
/// random games, drawn again until one lasts.
pub(crate) fn xiangqi(plies: usize) -> Vec<xiangqi::Move> {
    let options = StatusOptions {
        move_limit_plies: 0,
        ..StatusOptions::default()
    };
    let mut rng = Rng::new(0x2545_F491_4F6C_DD1D);
    loop {
        let mut record = GameRecord::new(xiangqi::Position::startpos(), options);
        let mut moves = Vec::new();
        while moves.len() < plies && !record.outcome().is_over() {
            let legal = record.position().legal_moves();
            let m = legal[rng.below(legal.len())];
            record.push(m).unwrap();
            moves.push(m);
        }
        if moves.len() == plies && !record.outcome().is_over() {
            return moves;
        }
    }
}
