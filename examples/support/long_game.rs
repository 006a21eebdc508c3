//! A long chess game for load tests and benchmarks, shared by
//! `examples/load.rs` and `benches/rules_call.rs` through `#[path]`.

use shakmaty::{CastlingMode, Chess, Position};

/// A deterministic 200-ply game that does not end early: a seeded random
/// walk that avoids moves after which the game is over.
pub fn long_game(plies: usize, san: bool) -> Vec<String> {
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut position = Chess::default();
    let mut moves = Vec::new();
    let mut quiet_plies = 0;
    while moves.len() < plies {
        let legal = position.legal_moves();
        let start = usize::try_from(next() % legal.len() as u64).unwrap_or(0);
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
