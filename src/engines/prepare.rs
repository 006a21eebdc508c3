//! A request made ready for an engine process, before any process is asked:
//! the position in the engine's coordinates, the root it may choose from,
//! the options it must have, and its limit.

use arbiter_engine::{Limits, strength::LEVEL_ELO, strength::level_for_elo};
use arbiter_rules::{
    Game, InputError, LoadOptions, Outcome, RuleOptions, RuleSet, Status, Variant, Verdict,
};

use super::Backend;
use crate::external::coordinates::ranks_one_based;
use crate::external::{EngineOption, EnginePosition, Limit};

/// How strong the engine should play, as the request asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Strength {
    /// Full strength.
    Full,
    /// A level 1-19 on Arbiter's scale (20 is [`Strength::Full`]).
    Level(u8),
    /// An Elo rating (1000-2800).
    Elo(u32),
}

/// What a search request asks of an external engine. `game` was loaded
/// from `fen` and `moves` under `load` and `rules` (so both read).
#[derive(Debug, Clone)]
pub struct Request {
    /// The game after the history.
    pub game: Game,
    /// Its status under `rules`, as the caller judged it (computed once:
    /// for a long xiangqi history it is the repetition analysis).
    pub status: Status,
    /// Its variant.
    pub variant: Variant,
    /// The start position as sent (empty: the variant's).
    pub fen: String,
    /// The history as sent, in any notation the game reads.
    pub moves: Vec<String>,
    /// How the FEN and the moves were read.
    pub load: LoadOptions,
    /// The rules of the game.
    pub rules: RuleOptions,
    /// The search's limits, with its deadline.
    pub limits: Limits,
    /// Lines asked for, at least 1.
    pub multipv: usize,
    /// The root restriction as sent; empty = every move.
    pub search_moves: Vec<String>,
    /// How strong to play.
    pub strength: Strength,
}

/// Why a request cannot go to the engine.
#[derive(Debug, thiserror::Error)]
pub enum PrepareError {
    /// The position or a setting does not read (INVALID_ARGUMENT).
    #[error(transparent)]
    Input(#[from] InputError),
    /// A move of `search_moves` does not read or is illegal (INVALID_ARGUMENT).
    #[error("search_moves[{index}]: {detail}")]
    SearchMove {
        /// Its index.
        index: usize,
        /// Why.
        detail: String,
    },
    /// The game is over: there is no move to search (FAILED_PRECONDITION).
    #[error("the game is already over ({0:?}); there is no move to search")]
    GameOver(Outcome),
    /// The engine cannot do what is asked (FAILED_PRECONDITION).
    #[error("{0}")]
    Unsupported(String),
    /// No process of the engine has started yet, so its options are unknown
    /// (UNAVAILABLE).
    #[error("the engine {0} has not started")]
    NotStarted(String),
}

/// A request ready for a process.
#[derive(Debug)]
pub struct Prepared {
    pub(super) root: Game,
    pub(super) rules: RuleOptions,
    /// Xiangqi moves go to the engine with ranks 1-10 (it plays xiangqi
    /// through `UCI_Variant`, as Fairy-Stockfish does).
    pub(super) engine_one_based: bool,
    /// The request reads and writes xiangqi with ranks 1-10.
    pub(super) game_one_based: bool,
    pub(super) position: EnginePosition,
    /// The root moves the engine may answer, in the rules crate's
    /// coordinates (UCI, ICCS).
    pub(super) allowed: Vec<String>,
    /// `searchmoves` in the engine's coordinates; empty = every move.
    pub(super) search_moves: Vec<String>,
    pub(super) options: Vec<(String, String)>,
    pub(super) limit: Limit,
    pub(super) limits: Limits,
    pub(super) multipv: usize,
    pub(super) xiangqi: bool,
    /// The rule set the search plays by.
    pub rule_set: RuleSet,
}

/// The `UCI_Variant` an engine is told for a variant; `None` for chess and
/// Chess960 (standard chess, with `UCI_Chess960` for the latter), which
/// need no `UCI_Variant`.
#[must_use]
pub fn uci_variant(variant: Variant) -> Option<&'static str> {
    match variant {
        Variant::Chess | Variant::Chess960 => None,
        other => other.uci_variant(),
    }
}

fn declared<'a>(options: &'a [EngineOption], name: &str) -> Option<&'a EngineOption> {
    options.iter().find(|o| o.name.eq_ignore_ascii_case(name))
}

/// Whether an engine with these options plays a chess `variant`.
pub(super) fn offers_variant(options: &[EngineOption], variant: Variant) -> bool {
    match (variant, uci_variant(variant)) {
        (Variant::Chess, _) => true,
        (Variant::Chess960, _) => declared(options, "UCI_Chess960").is_some(),
        (_, Some(name)) => declared(options, "UCI_Variant")
            .is_some_and(|o| o.values.iter().any(|v| v.eq_ignore_ascii_case(name))),
        (_, None) => false,
    }
}

impl Backend {
    /// Reads `request` for this engine: the history in its coordinates, the
    /// root it may choose from, its options and limit.
    ///
    /// # Errors
    /// See [`PrepareError`].
    pub fn prepare(&self, request: Request) -> Result<Prepared, PrepareError> {
        // Before the first process has started (a call at start-up), its
        // start is waited for: the options it declares decide the request.
        if self.pool.declared().is_none() {
            let _ = self.pool.warm();
        }
        let Some((name, declared_options)) = self.pool.declared() else {
            return Err(PrepareError::NotStarted(self.command()));
        };
        let rules = request.rules;
        let status = &request.status;
        if status.outcome.is_over() {
            return Err(PrepareError::GameOver(status.outcome));
        }
        let xiangqi = request.variant == Variant::Xiangqi;
        let engine_one_based = xiangqi && declared(&declared_options, "UCI_Variant").is_some();
        let to_engine = |iccs: &str| {
            if engine_one_based {
                ranks_one_based(iccs)
            } else {
                iccs.to_owned()
            }
        };
        let mut position = history(&request, &to_engine)?;

        // The root: every legal move that does not lose by a forbidden
        // repetition (all of them when each one does: the engine then
        // chooses among losing moves), within the request's own list.
        let legal = request
            .game
            .legal_move_coordinates(&rules)
            .map_err(InputError::from)?;
        let mut allowed: Vec<String> = legal
            .iter()
            .filter(|m| m.forbidden_repetition.is_none())
            .map(|m| m.uci.to_string())
            .collect();
        if allowed.is_empty() {
            allowed = legal.iter().map(|m| m.uci.to_string()).collect();
        }
        if !request.search_moves.is_empty() {
            let mut asked = Vec::new();
            for (index, text) in request.search_moves.iter().enumerate() {
                match request.game.validate(text, &rules) {
                    Ok(Verdict::Legal { info, .. }) => asked.push(info.uci.to_string()),
                    Ok(Verdict::Illegal { detail, .. }) => {
                        return Err(PrepareError::SearchMove { index, detail });
                    }
                    Err(error) => {
                        return Err(PrepareError::SearchMove {
                            index,
                            detail: error.to_string(),
                        });
                    }
                }
            }
            let kept: Vec<String> = asked
                .iter()
                .filter(|m| allowed.contains(m))
                .cloned()
                .collect();
            allowed = if kept.is_empty() { asked } else { kept };
        }
        allowed.sort();
        allowed.dedup();
        let search_moves = if allowed.len() == legal.len() {
            Vec::new()
        } else {
            allowed.iter().map(|m| to_engine(m)).collect()
        };
        // The same root for a UCCI engine, which has no `searchmoves`: every
        // other legal move banned (`banmoves`).
        if !search_moves.is_empty() {
            position.banned = legal
                .iter()
                .map(|m| m.uci.to_string())
                .filter(|m| !allowed.contains(m))
                .map(|m| to_engine(&m))
                .collect();
        }

        let options = self.wanted_options(&name, &declared_options, &request)?;
        let white_to_move = status.fen.split_whitespace().nth(1) != Some("b");
        Ok(Prepared {
            root: request.game,
            rules,
            engine_one_based,
            game_one_based: request.load.one_based,
            position,
            allowed,
            search_moves,
            options,
            limit: limit(&request.limits, white_to_move),
            limits: request.limits,
            multipv: request.multipv,
            xiangqi,
            rule_set: status.rule_set,
        })
    }

    /// The options a search needs, in the order they are set: the
    /// operator's, then the game (`UCI_Variant`, `UCI_Chess960`), the lines
    /// (`MultiPV`), `UCI_ShowWDL` and the strength. Each is set on every
    /// search (to its default when unused), so that one call's setting does
    /// not leak into the next; the pool sends only those that change.
    fn wanted_options(
        &self,
        name: &str,
        declared_options: &[EngineOption],
        request: &Request,
    ) -> Result<Vec<(String, String)>, PrepareError> {
        let has = |option: &str| declared(declared_options, option).map(|o| o.name.clone());
        let mut wanted = self.options.clone();
        if let Some(option) = has("UCI_Variant") {
            let value = uci_variant(request.variant).unwrap_or("chess");
            wanted.push((option, value.to_owned()));
        }
        if let Some(option) = has("UCI_Chess960") {
            let on = request.variant == Variant::Chess960;
            wanted.push((option, on.to_string()));
        }
        match has("MultiPV") {
            Some(option) => wanted.push((option, request.multipv.to_string())),
            None if request.multipv > 1 => {
                return Err(PrepareError::Unsupported(format!(
                    "{name} has no MultiPV option: it reports one line"
                )));
            }
            None => {}
        }
        if let Some(option) = has("UCI_ShowWDL") {
            wanted.push((option, "true".to_owned()));
        }
        let limit_strength = has("UCI_LimitStrength");
        let elo = declared(declared_options, "UCI_Elo").filter(|_| limit_strength.is_some());
        let skill = declared(declared_options, "Skill Level");
        let refuse = || {
            PrepareError::Unsupported(format!(
                "{name} has neither UCI_LimitStrength with UCI_Elo nor Skill Level: it plays at full strength only"
            ))
        };
        // An Elo goes to UCI_Elo, a level to Skill Level; each to the other
        // when the engine has only that one (a level through Arbiter's
        // measured table, an Elo through the level it maps to).
        let (rating, level) = match request.strength {
            Strength::Full => (None, None),
            Strength::Elo(rating) if elo.is_some() => (Some(rating), None),
            Strength::Elo(rating) if skill.is_some() => (None, Some(level_for_elo(rating))),
            Strength::Level(level) if skill.is_some() => (None, Some(level)),
            Strength::Level(level) if elo.is_some() => {
                let index = usize::from(level.saturating_sub(1));
                (LEVEL_ELO.get(index).copied(), None)
            }
            Strength::Elo(_) | Strength::Level(_) => return Err(refuse()),
        };
        if let (Some(option), Some(elo)) = (&limit_strength, elo) {
            wanted.push((option.clone(), rating.is_some().to_string()));
            if let Some(rating) = rating {
                let rating = i64::from(rating);
                let clamped = rating.clamp(elo.min.unwrap_or(rating), elo.max.unwrap_or(rating));
                wanted.push((elo.name.clone(), clamped.to_string()));
            }
        }
        if let Some(skill) = skill {
            let (low, high) = (skill.min.unwrap_or(0), skill.max.unwrap_or(20));
            let value = match level {
                // Levels 1-20 spread over the engine's range, 20 its top.
                Some(level) => low + (high - low) * (i64::from(level) - 1) / 19,
                None => high,
            };
            wanted.push((skill.name.clone(), value.to_string()));
        }
        Ok(wanted)
    }
}

/// The start position and the history in the engine's coordinates: the
/// history replayed from its start, each move written in coordinates by the
/// rules crate (the request may have sent SAN, WXF or Chinese).
fn history(
    request: &Request,
    to_engine: &impl Fn(&str) -> String,
) -> Result<EnginePosition, PrepareError> {
    let rules = request.rules;
    let mut replay = Game::load(
        request.variant,
        &request.fen,
        &[] as &[&str],
        request.load,
        &rules,
    )?;
    let start = replay.status(&rules).map_err(InputError::from)?.fen;
    let mut moves = Vec::with_capacity(request.moves.len());
    for text in &request.moves {
        match replay.play(text, &rules)? {
            Verdict::Legal { info, .. } => moves.push(to_engine(&info.uci)),
            Verdict::Illegal { detail, .. } => {
                // The game was loaded from the same moves: not reached.
                return Err(PrepareError::Unsupported(format!(
                    "the history does not replay: {text}: {detail}"
                )));
            }
        }
    }
    let standard_start = request.fen.trim().is_empty()
        && matches!(request.variant, Variant::Chess | Variant::Xiangqi);
    Ok(EnginePosition {
        fen: (!standard_start).then_some(start),
        moves,
        banned: Vec::new(),
    })
}

/// The engine's limit: a mate, a depth, nodes or the clock when asked
/// for, else the move time. Depth- and node-limited searches are still
/// bounded by the move-time cap and the deadline (`stop`).
fn limit(limits: &Limits, white_to_move: bool) -> Limit {
    if let Some(mate) = limits.mate {
        Limit::Mate(mate)
    } else if let Some(depth) = limits.depth {
        Limit::Depth(depth)
    } else if let Some(nodes) = limits.nodes {
        Limit::Nodes(nodes)
    } else if let Some(clock) = limits.clock {
        Limit::Clock {
            white: clock.white,
            black: clock.black,
            white_increment: clock.white_increment,
            black_increment: clock.black_increment,
            moves_to_go: clock.moves_to_go,
            white_to_move,
        }
    } else {
        Limit::MoveTime(limits.movetime.unwrap_or(std::time::Duration::from_secs(1)))
    }
}
