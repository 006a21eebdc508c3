//! Score encoding: centipawns, with mate scores counting plies to the mate.

/// Larger than any evaluation; `MATE - ply` is a mate delivered at `ply`.
pub const MATE: i32 = 30_000;
/// Scores beyond this magnitude are mates.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// Bound of every alpha-beta window.
pub const INFINITY: i32 = MATE + 1;
/// The score of a drawn position.
pub const DRAW: i32 = 0;

/// A score as reported to callers, from the side to move's view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// No mate found: the evaluation in centipawns.
    Centipawns(i32),
    /// Mate in this many moves (of the side to move); negative when the side
    /// to move is being mated.
    Mate(i32),
}

impl Score {
    /// Converts an internal score (mate distance in plies from the root).
    #[must_use]
    pub fn from_internal(score: i32) -> Score {
        if score >= MATE_BOUND {
            Score::Mate((MATE - score + 1) / 2)
        } else if score <= -MATE_BOUND {
            Score::Mate(-((MATE + score) / 2))
        } else {
            Score::Centipawns(score)
        }
    }

    /// The internal score this stands for (the inverse of
    /// [`Score::from_internal`] up to the parity of a mate's plies: a mate
    /// for the side to move is taken to end on its own move).
    #[must_use]
    pub fn to_internal(self) -> i32 {
        match self {
            Score::Centipawns(cp) => cp,
            Score::Mate(n) if n > 0 => mate_in((2 * n - 1) as usize),
            Score::Mate(n) => mated_in((-2 * n) as usize),
        }
    }
}

/// The internal score of being mated at `ply` from the root.
#[must_use]
pub fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

/// The internal score of mating at `ply` from the root.
#[must_use]
pub fn mate_in(ply: usize) -> i32 {
    MATE - ply as i32
}

/// Whether an internal score is a mate score.
#[must_use]
pub fn is_mate(score: i32) -> bool {
    score.abs() >= MATE_BOUND
}

/// Mate scores are stored relative to the node, not the root, so a table hit
/// at another ply still reports the right distance.
#[must_use]
pub fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// Undoes [`to_tt`]: turns a stored node-relative mate score back into one relative to the root at `ply`.
#[must_use]
pub fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_distances_convert_to_moves() {
        assert_eq!(Score::from_internal(mate_in(1)), Score::Mate(1));
        assert_eq!(Score::from_internal(mate_in(3)), Score::Mate(2));
        assert_eq!(Score::from_internal(mated_in(0)), Score::Mate(0));
        assert_eq!(Score::from_internal(mated_in(2)), Score::Mate(-1));
        assert_eq!(Score::from_internal(35), Score::Centipawns(35));
    }

    #[test]
    fn tt_adjustment_round_trips() {
        for s in [mate_in(5), mated_in(7), 120, -40] {
            assert_eq!(from_tt(to_tt(s, 9), 9), s);
        }
    }
}
