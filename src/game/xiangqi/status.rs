//! Game end without repetition rulings: no legal move, bare material and the move limit
//! (spec sections 5, 8, 9, 10). Records per ply what the repetition rulings build on.

use std::fmt;

use super::position::Position;
use super::types::{Move, Piece};
use super::validate::IllegalMove;
use crate::game::{Outcome, Reason, Side};

/// When bare material ends the game (spec 9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum MaterialDraw {
    /// Never.
    None,
    /// Draw when neither side has a chariot, horse, cannon or soldier.
    #[default]
    Basic,
}

/// Game-end options (spec 11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct StatusOptions {
    /// Plies without capture that draw the game; 0 disables the limit.
    pub move_limit_plies: u32,
    /// Checks per side (since the last capture) that still count toward the limit; later
    /// checks and the replies to them do not advance it.
    pub check_discount: u32,
    pub material_draw: MaterialDraw,
}

impl Default for StatusOptions {
    fn default() -> Self {
        StatusOptions {
            move_limit_plies: 120,
            check_discount: 10,
            material_draw: MaterialDraw::Basic,
        }
    }
}

/// One played ply, as the repetition rulings need it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlyRecord {
    pub mv: Move,
    pub mover: Side,
    pub captured: Option<Piece>,
    /// The move checks the opponent's general.
    pub gives_check: bool,
    /// Hash of the position after the move (placement and side to move).
    pub zobrist_after: u64,
    /// Move-limit counter after the move (plies since capture, minus discounted checks).
    pub limit_counter: u32,
}

/// The standing of a game after a start position and its moves.
#[derive(Debug, Clone)]
pub struct GameStatus {
    pub outcome: Outcome,
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
}

impl GameStatus {
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
    IllegalMove { index: usize, error: IllegalMove },
    /// Move `index` was played after the game had already ended.
    MoveAfterGameEnd { index: usize, outcome: Outcome },
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
    counter: u32,
    checks: [u32; 2],
    previous_check_discounted: bool,
    outcome: Outcome,
}

impl GameRecord {
    #[must_use]
    pub fn new(start: Position, options: StatusOptions) -> GameRecord {
        let counter = start.halfmove_clock();
        let outcome = rule(&start, counter, &options);
        GameRecord {
            options,
            pos: start,
            positions: Vec::new(),
            plies: Vec::new(),
            counter,
            checks: [0, 0],
            previous_check_discounted: false,
            outcome,
        }
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
        let mut discounted = false;
        if captured.is_some() {
            self.counter = 0;
            self.checks = [0, 0];
        } else {
            let reply_to_discounted = self.previous_check_discounted;
            if gives_check {
                let given = &mut self.checks[usize::from(mover == Side::Black)];
                *given += 1;
                discounted = *given > self.options.check_discount;
            }
            if !discounted && !reply_to_discounted {
                self.counter = self.counter.saturating_add(1);
            }
        }
        self.previous_check_discounted = discounted;
        self.plies.push(PlyRecord {
            mv: legal,
            mover,
            captured,
            gives_check,
            zobrist_after: self.pos.zobrist(),
            limit_counter: self.counter,
        });
        self.outcome = rule(&self.pos, self.counter, &self.options);
        Ok(())
    }

    /// The status after the whole history.
    #[must_use]
    pub fn finish(self) -> GameStatus {
        let GameRecord {
            pos,
            mut positions,
            plies,
            counter,
            outcome,
            ..
        } = self;
        let current = pos.zobrist();
        let since_capture = plies
            .iter()
            .rposition(|p| p.captured.is_some())
            .map_or(0, |i| i + 1);
        // positions[since_capture..] plus the current one are the repetition window.
        let earlier = positions[since_capture..]
            .iter()
            .filter(|p| p.zobrist() == current)
            .count();
        positions.push(pos);
        GameStatus {
            outcome,
            plies,
            positions,
            repetitions: u32::try_from(earlier + 1).unwrap_or(u32::MAX),
            limit_counter: counter,
            window_start: since_capture,
        }
    }
}

/// Replays `moves` from `start` and rules on the result.
pub fn game_status(
    start: &Position,
    moves: &[Move],
    options: &StatusOptions,
) -> Result<GameStatus, HistoryError> {
    let mut record = GameRecord::new(start.clone(), *options);
    for &m in moves {
        record.push(m)?;
    }
    Ok(record.finish())
}

/// The ruling on one position given the move-limit counter.
fn rule(pos: &Position, counter: u32, options: &StatusOptions) -> Outcome {
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
    if options.move_limit_plies != 0 && counter >= options.move_limit_plies {
        return Outcome::Draw {
            reason: Reason::MoveLimit,
        };
    }
    Outcome::Ongoing
}
