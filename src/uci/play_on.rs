//! Positions whose history reaches or passes the end of the game.
//!
//! The service refuses a move that follows the end of the game, because it
//! judges games. A UCI engine does not: GUIs and match runners judge the game
//! themselves and may play on past a ruling they do not apply (a repetition
//! their own rules count differently, a history sent move by move as FENs),
//! and they expect a legal move for every position that has one. So where a
//! history ends the game, the game starts anew from the position reached
//! there: the moves after it are replayed, and judged, as a new game's, and
//! what came before the ruling no longer counts for repetitions.

use arbiter_rules::{Game, InputError, LoadOptions, RuleOptions, Variant};

use super::command::PositionCommand;

/// A position to search: the game, the start and moves it is searched from
/// (the request's own unless it played on), and what was done about rulings.
pub(super) struct Loaded {
    pub(super) game: Game,
    pub(super) position: PositionCommand,
    /// One sentence per ruling played past, for `info string`.
    pub(super) notices: Vec<String>,
}

/// Loads `position` as [`Game::load`] does, but plays on where a rule ended
/// the game (see the module's doc). A position over by a rule that its own
/// FEN already shows (mate, stalemate, a move limit reached by the FEN's
/// clock) stays over: there is nothing to start anew from.
pub(super) fn load(
    variant: Variant,
    position: &PositionCommand,
    load: LoadOptions,
    rules: &RuleOptions,
) -> Result<Loaded, InputError> {
    let mut fen = position.fen.clone();
    let mut moves = position.moves.clone();
    let mut played = 0;
    let mut notices = Vec::new();
    loop {
        match Game::load(variant, &fen, &moves, load, rules) {
            // Index 0 would restart from the same FEN: no progress.
            Err(InputError::HistoryMove { index, error })
                if index > 0 && error.follows_game_end() =>
            {
                let reached = Game::load(variant, &fen, &moves[..index], load, rules)?;
                let status = reached.status(rules)?;
                notices.push(format!(
                    "the game ended ({}) after move {} of the history; \
                     the moves after it are played on as a new game",
                    status.outcome,
                    played + index
                ));
                fen = status.fen;
                moves.drain(..index);
                played += index;
            }
            Err(error) => return Err(error),
            Ok(game) => {
                let status = game.status(rules)?;
                if status.outcome.is_over() && !moves.is_empty() {
                    let fresh = Game::load(variant, &status.fen, &[] as &[&str], load, rules)?;
                    if !fresh.status(rules)?.outcome.is_over() {
                        notices.push(format!(
                            "the game ended ({}) with the history's last move; \
                             the position reached is searched as a new game's",
                            status.outcome
                        ));
                        return Ok(Loaded {
                            game: fresh,
                            position: PositionCommand {
                                fen: status.fen,
                                moves: Vec::new(),
                            },
                            notices,
                        });
                    }
                }
                return Ok(Loaded {
                    game,
                    position: PositionCommand { fen, moves },
                    notices,
                });
            }
        }
    }
}
