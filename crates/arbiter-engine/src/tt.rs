//! Transposition table: one fixed-size array of entries, reused across
//! searches.
//!
//! A search normally starts a new *generation*; entries from older
//! generations read as empty, so a reused table behaves exactly like a
//! freshly cleared one (node- and depth-limited searches stay deterministic)
//! without touching its memory. A search that need not be reproducible (one
//! bounded only by time or a stop) may instead continue the previous search's
//! generation when that ran in the same context (game and rules), and so
//! start with what it learnt, as a game's next move usually can.

/// What a stored score says about the true value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// The true score is this.
    Exact,
    /// The true score is at least this (a beta cut-off).
    Lower,
    /// The true score is at most this (no move beat alpha).
    Upper,
}

impl Bound {
    /// Whether a stored `score` with this bound settles a node searched in
    /// the window (`alpha`, `beta`) without searching it.
    #[must_use]
    pub fn settles(self, score: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        }
    }
}

#[derive(Debug, Clone, Copy, Default)]
struct Entry {
    key: u64,
    move_code: u16,
    score: i16,
    depth: i8,
    bound: u8,
    generation: u16,
}

/// A table hit.
#[derive(Debug, Clone, Copy)]
pub struct Probe {
    /// `u16::MAX` when no move is stored.
    pub move_code: u16,
    /// The stored score; mates are relative to the node, see [`super::score::from_tt`].
    pub score: i32,
    /// Depth the score was searched to, in plies.
    pub depth: i32,
    /// What the score says about the true value.
    pub bound: Bound,
}

/// The move code stored when a node has no best move.
pub const NO_MOVE: u16 = u16::MAX;

/// The search's hash table of results, sized once and shared by a worker's searches.
#[derive(Debug)]
pub struct TranspositionTable {
    entries: Vec<Entry>,
    /// Never 0 while searching, so zeroed entries never match.
    generation: u16,
    /// The context of the current generation's entries, when a later search
    /// may continue it.
    context: Option<u64>,
}

impl TranspositionTable {
    /// Bytes per entry, for the memory formula.
    pub const ENTRY_BYTES: usize = std::mem::size_of::<Entry>();

    /// A table using at most `megabytes` MiB (at least one entry).
    #[must_use]
    pub fn new(megabytes: usize) -> Self {
        let count = (megabytes * 1024 * 1024 / Self::ENTRY_BYTES).max(1);
        TranspositionTable {
            entries: vec![Entry::default(); count],
            generation: 0,
            context: None,
        }
    }

    /// Starts a search that keeps the previous search's entries if that
    /// search also called this with the same `context`; otherwise the same
    /// as [`TranspositionTable::new_search`].
    /// Returns whether the previous search's entries were kept.
    pub fn continue_search(&mut self, context: u64) -> bool {
        if self.generation == 0 || self.context != Some(context) {
            self.new_search();
            self.context = Some(context);
            return false;
        }
        true
    }

    /// Forgets everything: afterwards the table answers as if newly built.
    pub fn new_search(&mut self) {
        self.context = None;
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // After 65 535 searches the tags wrap; a real clear keeps stale
            // entries from matching.
            self.entries.fill(Entry::default());
            self.generation = 1;
        }
    }

    fn index(&self, key: u64) -> usize {
        ((u128::from(key) * self.entries.len() as u128) >> 64) as usize
    }

    /// The entry for `key` if it was stored in the current generation.
    #[must_use]
    pub fn probe(&self, key: u64) -> Option<Probe> {
        let entry = &self.entries[self.index(key)];
        if entry.generation != self.generation || entry.key != key {
            return None;
        }
        let bound = match entry.bound {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Probe {
            move_code: entry.move_code,
            score: i32::from(entry.score),
            depth: i32::from(entry.depth),
            bound,
        })
    }

    /// Stores a result; `score` must already be adjusted with
    /// [`super::score::to_tt`].
    pub fn store(&mut self, key: u64, move_code: u16, score: i32, depth: i32, bound: Bound) {
        let generation = self.generation;
        let index = self.index(key);
        let entry = &mut self.entries[index];
        let same_position = entry.generation == generation && entry.key == key;
        // Keep a deeper result for the same position unless the new one is exact.
        if same_position && bound != Bound::Exact && i32::from(entry.depth) > depth + 2 {
            return;
        }
        let move_code = if move_code == NO_MOVE && same_position {
            entry.move_code
        } else {
            move_code
        };
        *entry = Entry {
            key,
            move_code,
            score: score.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16,
            depth: depth.clamp(0, i32::from(i8::MAX)) as i8,
            bound: match bound {
                Bound::Exact => 0,
                Bound::Lower => 1,
                Bound::Upper => 2,
            },
            generation,
        };
    }

    /// Size in bytes, for metrics and the memory formula.
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.entries.len() * Self::ENTRY_BYTES
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_search_forgets_entries() {
        let mut tt = TranspositionTable::new(1);
        tt.new_search();
        tt.store(42, 7, 100, 5, Bound::Exact);
        assert_eq!(tt.probe(42).map(|p| p.move_code), Some(7));
        tt.new_search();
        assert!(tt.probe(42).is_none());
    }

    #[test]
    fn continued_search_keeps_entries_of_the_same_context_only() {
        let mut tt = TranspositionTable::new(1);
        tt.continue_search(1);
        tt.store(42, 7, 100, 5, Bound::Exact);
        tt.continue_search(1);
        assert_eq!(tt.probe(42).map(|p| p.move_code), Some(7));
        tt.continue_search(2);
        assert!(tt.probe(42).is_none());
        tt.store(42, 7, 100, 5, Bound::Exact);
        tt.new_search();
        tt.continue_search(2);
        assert!(tt.probe(42).is_none());
    }

    #[test]
    fn entry_is_sixteen_bytes() {
        assert_eq!(TranspositionTable::ENTRY_BYTES, 16);
    }
}
