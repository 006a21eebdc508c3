//! Game end: no legal move, bare material, repetition rulings and the move limit (spec
//! sections 5, 6, 8, 9, 10), decided ply by ply in one replay. Each ply records what the
//! repetition rulings need: mover, capture, check, hash and the pieces it chased.

use std::collections::HashMap;
use std::fmt;

use super::chase::chased_by;
use super::ply::PlyRecord;
use super::position::{Position, SquareSet};
use super::repetition::{RepetitionRuling, rule_repetition};
use super::types::Move;
use crate::{IllegalMove, MaterialDraw, Outcome, Reason, RuleOptions, RuleSet, Side, Variant};

/// Game-end options (spec 11): a request's [`RuleOptions`] resolved for xiangqi,
/// with the rule set decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct StatusOptions {
    /// Plies without capture that draw the game; 0 disables the limit.
    pub move_limit_plies: u32,
    /// Checks per side (since the last capture) that still count toward the limit; later
    /// checks and the replies to them do not advance it.
    pub check_discount: u32,
    /// When bare material draws.
    pub material_draw: MaterialDraw,
    /// How a repetition is judged: AXF, SIMPLE or CASUAL (FIDE is refused when a
    /// game is loaded, and judged like AXF should it ever get here).
    pub rule_set: RuleSet,
    /// Occurrence of a position (2..=5) at which the repetition is ruled on.
    pub repetition_count: u32,
}

impl StatusOptions {
    /// `rules` with `rule_set` decided.
    #[must_use]
    pub fn new(rules: &RuleOptions, rule_set: RuleSet) -> StatusOptions {
        StatusOptions {
            move_limit_plies: rules.move_limit_plies,
            check_discount: rules.check_discount,
            material_draw: rules.material_draw,
            rule_set,
            repetition_count: rules.repetition_count,
        }
    }
}

/// The defaults of [`RuleOptions`] under xiangqi's default rule set.
impl Default for StatusOptions {
    fn default() -> Self {
        StatusOptions::new(&RuleOptions::default(), Variant::Xiangqi.default_rule_set())
    }
}

/// The move-limit counter (spec 10) with what it needs to advance: plies since the last
/// capture, minus the checks beyond each side's discount and the replies to them. The
/// game record and the search advance it the same way, so both draw at the same ply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MoveLimitCounter {
    counter: u32,
    /// Checks given by Red (`[0]`) and Black (`[1]`) since the last capture.
    checks: [u32; 2],
    /// The last move was a check beyond its side's discount.
    previous_check_discounted: bool,
}

impl MoveLimitCounter {
    /// A counter at `plies` (a FEN's halfmove clock) with no checks counted yet.
    #[must_use]
    pub fn new(plies: u32) -> MoveLimitCounter {
        MoveLimitCounter {
            counter: plies,
            checks: [0, 0],
            previous_check_discounted: false,
        }
    }

    /// The counter the move limit compares against.
    #[must_use]
    pub fn value(&self) -> u32 {
        self.counter
    }

    /// Advances over one move by `mover`. A capture resets the counter; a check beyond
    /// `check_discount` checks of its side, and the reply to it, leave it unchanged.
    pub fn advance(&mut self, mover: Side, captured: bool, gives_check: bool, check_discount: u32) {
        let mut discounted = false;
        if captured {
            self.counter = 0;
            self.checks = [0, 0];
        } else {
            let reply_to_discounted = self.previous_check_discounted;
            if gives_check {
                let given = &mut self.checks[usize::from(mover == Side::Black)];
                *given = given.saturating_add(1);
                discounted = *given > check_discount;
            }
            if !discounted && !reply_to_discounted {
                self.counter = self.counter.saturating_add(1);
            }
        }
        self.previous_check_discounted = discounted;
    }
}

/// A replayed history: every position and ply, and how the game stands after them.
#[derive(Debug, Clone)]
pub struct Replay {
    /// How the game stands after the last ply.
    pub outcome: Outcome,
    /// Every ply of the history, in order.
    pub plies: Vec<PlyRecord>,
    /// `positions[i]` is the position before ply `i`; the last one is the current position.
    pub positions: Vec<Position>,
    /// How often the current position (placement and side to move) has occurred since the
    /// last capture, the current occurrence included. Repetition is not adjudicated here.
    pub repetitions: u32,
    /// Current move-limit counter.
    pub limit_counter: u32,
    /// Index into `positions` of the first position of the repetition window (the one
    /// after the last capture, or the start position).
    pub window_start: usize,
    /// The ruling on the current position when it has occurred before in the window:
    /// adjudicated once `repetitions` reaches the count, otherwise what would be ruled.
    pub repetition: Option<RepetitionRuling>,
}

impl Replay {
    /// The current position: the one after the last ply.
    #[must_use]
    pub fn position(&self) -> &Position {
        // `positions` always holds at least the start position.
        &self.positions[self.positions.len() - 1]
    }
}

/// A history that cannot be replayed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HistoryError {
    /// Move `index` (0-based) is illegal in the position it was played in.
    IllegalMove {
        /// The move's index in the history, from 0.
        index: usize,
        /// Why it is illegal.
        error: IllegalMove,
    },
    /// Move `index` was played after the game had already ended.
    MoveAfterGameEnd {
        /// The move's index in the history, from 0.
        index: usize,
        /// How the game had ended before it.
        outcome: Outcome,
    },
}

impl fmt::Display for HistoryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HistoryError::IllegalMove { index, error } => write!(f, "move {index}: {error}"),
            HistoryError::MoveAfterGameEnd { index, outcome } => {
                write!(
                    f,
                    "move {index} was played after the game ended ({outcome:?})"
                )
            }
        }
    }
}

impl std::error::Error for HistoryError {}

/// A game being replayed move by move: the per-ply records, the move-limit
/// counter and the outcome so far. Callers that parse move text against the
/// current position push as they go, so a history is replayed exactly once.
#[derive(Debug, Clone)]
pub struct GameRecord {
    options: StatusOptions,
    pos: Position,
    positions: Vec<Position>,
    plies: Vec<PlyRecord>,
    limit: MoveLimitCounter,
    outcome: Outcome,
    /// Occurrences of each position (by hash) since the last capture, current included.
    /// Keyed through foldhash, since a move list asks for every quiet move's
    /// result and the keys are already hashes.
    occurrences: HashMap<u64, u32, foldhash::fast::RandomState>,
    window_start: usize,
    /// Set when a repetition ruling ended the game.
    ruling: Option<RepetitionRuling>,
}

impl GameRecord {
    /// A record holding only `start`, judged under `options`.
    #[must_use]
    pub fn new(start: Position, options: StatusOptions) -> GameRecord {
        let counter = start.halfmove_clock();
        let outcome = match terminal(&start, &options) {
            Outcome::Ongoing => move_limit(counter, &options),
            decided => decided,
        };
        let mut occurrences = HashMap::with_hasher(foldhash::fast::RandomState::default());
        occurrences.insert(start.zobrist(), 1);
        GameRecord {
            options,
            pos: start,
            positions: Vec::new(),
            plies: Vec::new(),
            limit: MoveLimitCounter::new(counter),
            outcome,
            occurrences,
            window_start: 0,
            ruling: None,
        }
    }

    /// The options the game is ruled under.
    #[must_use]
    pub fn options(&self) -> &StatusOptions {
        &self.options
    }

    /// How often the position with hash `zobrist` has occurred since the last capture.
    #[must_use]
    pub fn occurrences(&self, zobrist: u64) -> u32 {
        self.occurrences.get(&zobrist).copied().unwrap_or(0)
    }

    /// The most any one position has occurred since the last capture: no move can
    /// complete a repetition of `count` while this is below `count - 1`.
    #[must_use]
    pub(crate) fn most_occurrences(&self) -> u32 {
        self.occurrences.values().copied().max().unwrap_or(0)
    }

    /// The move-limit counter after the moves pushed so far.
    #[must_use]
    pub fn move_limit_counter(&self) -> MoveLimitCounter {
        self.limit
    }

    /// The repetition ruling that ended the game, if one did.
    #[must_use]
    pub fn repetition_ruling(&self) -> Option<&RepetitionRuling> {
        self.ruling.as_ref()
    }

    /// The position after the moves pushed so far.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The outcome after the moves pushed so far.
    #[must_use]
    pub fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// The records of the moves pushed so far.
    #[must_use]
    pub fn plies(&self) -> &[PlyRecord] {
        &self.plies
    }

    /// Plays the next move of the history.
    pub fn push(&mut self, m: Move) -> Result<(), HistoryError> {
        let index = self.plies.len();
        if self.outcome.is_over() {
            return Err(HistoryError::MoveAfterGameEnd {
                index,
                outcome: self.outcome,
            });
        }
        let legal = self
            .pos
            .validate(m.from, m.to)
            .map_err(|error| HistoryError::IllegalMove { index, error })?;
        let mover = self.pos.side_to_move();
        self.positions.push(self.pos.clone());
        let captured = self.pos.play(legal);
        let gives_check = self.pos.in_check();
        let chased = match (captured, self.positions.last()) {
            (None, Some(before)) => chased_by(before, &self.pos, legal),
            _ => SquareSet::default(),
        };
        self.limit.advance(
            mover,
            captured.is_some(),
            gives_check,
            self.options.check_discount,
        );
        self.plies.push(PlyRecord {
            mv: legal,
            mover,
            captured,
            gives_check,
            zobrist_after: self.pos.zobrist(),
            limit_counter: self.limit.value(),
            chased,
        });
        let zobrist = self.pos.zobrist();
        if captured.is_some() {
            self.occurrences.clear();
            self.window_start = self.plies.len();
        }
        let seen = self.occurrences.entry(zobrist).or_insert(0);
        *seen += 1;
        let seen = *seen;
        self.outcome = terminal(&self.pos, &self.options);
        if !self.outcome.is_over() && seen >= self.options.repetition_count {
            let ruling = self.rule_repetition(seen);
            self.outcome = ruling.outcome;
            self.ruling = Some(ruling);
        }
        if !self.outcome.is_over() {
            self.outcome = move_limit(self.limit.value(), &self.options);
        }
        Ok(())
    }

    /// Rules on the current position, which has occurred `seen` times in the window. The
    /// loop runs from its first occurrence; that scan happens only on a repetition.
    fn rule_repetition(&self, seen: u32) -> RepetitionRuling {
        let current = self.pos.zobrist();
        let first = self.positions[self.window_start..]
            .iter()
            .position(|p| p.zobrist() == current)
            .map_or(self.window_start, |i| self.window_start + i);
        let start = self.positions.get(first).unwrap_or(&self.pos);
        rule_repetition(
            self.options.rule_set,
            self.options.repetition_count,
            seen,
            start,
            &self.plies[first..],
            first,
        )
    }

    /// How often the current position has occurred in the window, and the
    /// ruling on it when it has occurred before.
    fn current_repetition(&self) -> (u32, Option<RepetitionRuling>) {
        let repetitions = self.occurrences(self.pos.zobrist()).max(1);
        let repetition = match &self.ruling {
            Some(ruling) => Some(ruling.clone()),
            None if repetitions >= 2 => Some(self.rule_repetition(repetitions)),
            None => None,
        }
        .map(|mut ruling| {
            // Adjudicated only if the ruling decided the game. (A repeated position has
            // the same mate and material status each time, so a higher-ranked ending
            // would have come first; this keeps the report honest regardless.)
            ruling.adjudicated &= self.ruling.is_some();
            ruling
        });
        (repetitions, repetition)
    }

    /// Brings `replay`, the [`Self::finish`] of this record before its last
    /// push, up to date with that push: one ply and one position appended,
    /// the summary fields recomputed as `finish` would.
    pub(crate) fn extend_replay(&self, replay: &mut Replay) {
        debug_assert_eq!(replay.plies.len() + 1, self.plies.len());
        if let Some(ply) = self.plies.last() {
            replay.plies.push(ply.clone());
        }
        replay.positions.push(self.pos.clone());
        let (repetitions, repetition) = self.current_repetition();
        replay.outcome = self.outcome;
        replay.repetitions = repetitions;
        replay.limit_counter = self.limit.value();
        replay.window_start = self.window_start;
        replay.repetition = repetition;
    }

    /// The status after the whole history.
    #[must_use]
    pub fn finish(self) -> Replay {
        let (repetitions, repetition) = self.current_repetition();
        let GameRecord {
            pos,
            mut positions,
            plies,
            limit,
            outcome,
            window_start,
            ..
        } = self;
        positions.push(pos);
        Replay {
            outcome,
            plies,
            positions,
            repetitions,
            limit_counter: limit.value(),
            window_start,
            repetition,
        }
    }
}

/// Replays `moves` from `start` and rules on the result.
pub fn replay(
    start: &Position,
    moves: &[Move],
    options: &StatusOptions,
) -> Result<Replay, HistoryError> {
    let mut record = GameRecord::new(start.clone(), *options);
    for &m in moves {
        record.push(m)?;
    }
    Ok(record.finish())
}

/// The rulings that outrank a repetition: no legal move, then bare material (spec 10).
fn terminal(pos: &Position, options: &StatusOptions) -> Outcome {
    let to_move = pos.side_to_move();
    if !pos.has_legal_move() {
        let reason = if pos.in_check() {
            Reason::Checkmate
        } else {
            Reason::Stalemate
        };
        return Outcome::Decisive {
            winner: to_move.opponent(),
            reason,
        };
    }
    if options.material_draw == MaterialDraw::Basic && pos.only_defenders_left() {
        return Outcome::Draw {
            reason: Reason::InsufficientMaterial,
        };
    }
    Outcome::Ongoing
}

/// The move limit, the last ruling (spec 10).
fn move_limit(counter: u32, options: &StatusOptions) -> Outcome {
    if options.move_limit_plies != 0 && counter >= options.move_limit_plies {
        return Outcome::Draw {
            reason: Reason::MoveLimit,
        };
    }
    Outcome::Ongoing
}
