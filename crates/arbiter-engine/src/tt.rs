//! Transposition table: one fixed-size array of buckets of entries, reused
//! across searches.
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
    /// What a node's best score `best`, searched in the window
    /// (`alpha`, `beta`), says about its true score.
    #[must_use]
    pub fn of(best: i32, alpha: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }

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
    /// The bound in the low two bits, the [`TranspositionTable::age`] of
    /// the search that stored it in the others.
    bound_and_age: u8,
    generation: u16,
}

impl Entry {
    fn bound(self) -> Bound {
        match self.bound_and_age & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        }
    }

    fn age(self) -> u8 {
        self.bound_and_age >> 2
    }
}

/// Entries a key may be stored in: one 64-byte cache line, read at once.
const BUCKET: usize = 4;

/// A key's [`BUCKET`] entries, aligned to the cache line they fill.
#[derive(Debug, Clone, Copy, Default)]
#[repr(align(64))]
struct Bucket([Entry; BUCKET]);

/// Ages run modulo this (six bits of an entry).
const AGES: u8 = 64;

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

/// The search's hash table of results, sized once and shared by a worker's
/// searches.
///
/// A key may sit in any entry of its bucket of [`BUCKET`]. A new result
/// replaces, in order of preference: the same position's entry, an entry of
/// an earlier generation (which reads as empty), or the bucket's least
/// valuable entry: the shallowest, counting each search since it was stored
/// as two plies less. One slot per key would let the many shallow results
/// near the leaves overwrite the few deep ones that save the most work,
/// and continued searches (a game's moves) never free their entries:
/// without the age, the deep results of a position left behind in the
/// game would hold their slots for good.
#[derive(Debug)]
pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    /// Never 0 while searching, so zeroed entries never match.
    generation: u16,
    /// The context of the current generation's entries, when a later search
    /// may continue it.
    context: Option<u64>,
    /// Counts the searches (modulo [`AGES`]), continued or not.
    age: u8,
}

impl TranspositionTable {
    /// Bytes per entry, for the memory formula.
    pub const ENTRY_BYTES: usize = std::mem::size_of::<Entry>();

    /// A table using at most `megabytes` MiB (at least one bucket).
    #[must_use]
    pub fn new(megabytes: usize) -> Self {
        let buckets = (megabytes * 1024 * 1024 / std::mem::size_of::<Bucket>()).max(1);
        TranspositionTable {
            buckets: vec![Bucket::default(); buckets],
            generation: 0,
            context: None,
            age: 0,
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
        self.age = (self.age + 1) % AGES;
        true
    }

    /// Forgets everything: afterwards the table answers as if newly built.
    pub fn new_search(&mut self) {
        self.context = None;
        self.age = (self.age + 1) % AGES;
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // After 65 535 searches the tags wrap; a real clear keeps stale
            // entries from matching.
            self.buckets.fill(Bucket::default());
            self.generation = 1;
        }
    }

    /// The index of `key`'s bucket.
    fn bucket(&self, key: u64) -> usize {
        ((u128::from(key) * self.buckets.len() as u128) >> 64) as usize
    }

    /// The entry for `key` if it was stored in the current generation.
    #[must_use]
    pub fn probe(&self, key: u64) -> Option<Probe> {
        let entry = self.buckets[self.bucket(key)]
            .0
            .iter()
            .find(|entry| entry.generation == self.generation && entry.key == key)?;
        Some(Probe {
            move_code: entry.move_code,
            score: i32::from(entry.score),
            depth: i32::from(entry.depth),
            bound: entry.bound(),
        })
    }

    /// Stores a result; `score` must already be adjusted with
    /// [`super::score::to_tt`].
    pub fn store(&mut self, key: u64, move_code: u16, score: i32, depth: i32, bound: Bound) {
        let (generation, age) = (self.generation, self.age);
        let index = self.bucket(key);
        let bucket = &mut self.buckets[index].0;
        let same = bucket
            .iter()
            .position(|entry| entry.generation == generation && entry.key == key);
        let slot = same.unwrap_or_else(|| {
            let value = |entry: &Entry| {
                if entry.generation != generation {
                    return i32::MIN;
                }
                let searches_ago = (age + AGES - entry.age()) % AGES;
                i32::from(entry.depth) - 2 * i32::from(searches_ago)
            };
            (0..BUCKET).min_by_key(|&i| value(&bucket[i])).unwrap_or(0)
        });
        let entry = &mut bucket[slot];
        let move_code = if same.is_some() {
            // Keep a deeper result for the same position unless the new one
            // is exact, or the old one is from an earlier search.
            if bound != Bound::Exact && entry.age() == age && i32::from(entry.depth) > depth + 2 {
                return;
            }
            if move_code == NO_MOVE {
                entry.move_code
            } else {
                move_code
            }
        } else {
            move_code
        };
        let bound_bits = match bound {
            Bound::Exact => 0,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        *entry = Entry {
            key,
            move_code,
            score: score.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16,
            depth: depth.clamp(0, i32::from(i8::MAX)) as i8,
            bound_and_age: bound_bits | (age << 2),
            generation,
        };
    }

    /// Size in bytes, for metrics and the memory formula.
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_best_score_bounds_the_true_one_by_where_it_fell_in_the_window() {
        assert_eq!(Bound::of(50, 10, 50), Bound::Lower);
        assert_eq!(Bound::of(70, 10, 50), Bound::Lower);
        assert_eq!(Bound::of(49, 10, 50), Bound::Exact);
        assert_eq!(Bound::of(11, 10, 50), Bound::Exact);
        assert_eq!(Bound::of(10, 10, 50), Bound::Upper);
        assert_eq!(Bound::of(-300, 10, 50), Bound::Upper);
    }

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

    /// Keys that share a bucket: the multiplicative index takes the high
    /// bits, so keys that differ only in their low bits do.
    fn bucket_mates(tt: &TranspositionTable, count: u64) -> Vec<u64> {
        let base = 0x1234_5678_0000_0000;
        let keys: Vec<u64> = (1..=count).map(|i| base + i).collect();
        assert!(keys.iter().all(|&k| tt.bucket(k) == tt.bucket(base)));
        keys
    }

    #[test]
    fn a_full_bucket_gives_up_its_shallowest_entry_and_keeps_the_deep_one() {
        let mut tt = TranspositionTable::new(1);
        tt.new_search();
        let keys = bucket_mates(&tt, BUCKET as u64 + 1);
        for (depth, &key) in [12, 3, 5, 7].iter().zip(&keys) {
            tt.store(key, 1, 0, *depth, Bound::Lower);
        }
        tt.store(keys[BUCKET], 2, 0, 1, Bound::Upper);
        assert!(tt.probe(keys[1]).is_none(), "the depth-3 entry made room");
        for &kept in [keys[0], keys[2], keys[3], keys[BUCKET]].iter() {
            assert!(tt.probe(kept).is_some());
        }
    }

    #[test]
    fn entries_of_earlier_searches_give_way_to_new_ones_in_a_continued_game() {
        let mut tt = TranspositionTable::new(1);
        let keys = bucket_mates(&tt, BUCKET as u64 + 1);
        tt.continue_search(9);
        for &key in &keys[..BUCKET] {
            tt.store(key, 1, 0, 10, Bound::Exact);
        }
        for _ in 0..6 {
            tt.continue_search(9);
        }
        tt.store(keys[0], 1, 0, 8, Bound::Exact);
        // Six searches later a depth-10 entry is worth less than a fresh
        // depth-2 one.
        tt.store(keys[BUCKET], 3, 0, 2, Bound::Lower);
        assert_eq!(tt.probe(keys[BUCKET]).map(|p| p.move_code), Some(3));
        assert!(tt.probe(keys[0]).is_some(), "this search's entry stays");
        let left = keys[1..BUCKET].iter().filter(|&&k| tt.probe(k).is_some());
        assert_eq!(left.count(), BUCKET - 2);
    }

    #[test]
    fn entry_is_sixteen_bytes() {
        assert_eq!(TranspositionTable::ENTRY_BYTES, 16);
    }
}
