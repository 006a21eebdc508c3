//! A cache of static evaluations by position key.
//!
//! Iterative deepening visits the same positions at every iteration, and
//! reduced or null-window searches are searched again at full depth or
//! width, so the search asks for the static evaluation of one position
//! many times. The evaluation is a pure function of the position, so a
//! cached value is the value evaluation would give: the tree, and so every
//! result, stays what it was without the cache; only its cost falls.

/// Entries: 2^16, 1 MiB, cleared with each search.
const BITS: u32 = 16;

/// No evaluation is `i32::MIN` (they stay within ±[`crate::score::MATE_BOUND`]),
/// so it marks an empty slot.
const EMPTY: i32 = i32::MIN;

/// A direct-mapped table of (position key, static evaluation).
#[derive(Debug)]
pub(crate) struct EvalCache {
    entries: Vec<(u64, i32)>,
}

impl EvalCache {
    pub(crate) fn new() -> Self {
        EvalCache {
            entries: vec![(0, EMPTY); 1 << BITS],
        }
    }

    /// The evaluation of the position with `key`: the cached one when the
    /// slot holds this key, else `evaluate()`, which is then cached.
    #[inline]
    pub(crate) fn get_or_insert(&mut self, key: u64, evaluate: impl FnOnce() -> i32) -> i32 {
        // The low bits index the slot; the whole key is compared.
        let slot = &mut self.entries[(key & ((1 << BITS) - 1)) as usize];
        if slot.0 == key && slot.1 != EMPTY {
            return slot.1;
        }
        let value = evaluate();
        *slot = (key, value);
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_evaluated_once_until_another_key_takes_its_slot() {
        let mut cache = EvalCache::new();
        let mut calls = 0;
        let mut eval = |key: u64, value: i32| {
            cache.get_or_insert(key, || {
                calls += 1;
                value
            })
        };
        assert_eq!(eval(7, 30), 30);
        assert_eq!(eval(7, 99), 30, "cached");
        // Same slot, other key: evaluated afresh and replaces the first.
        assert_eq!(eval(7 + (1 << BITS), -5), -5);
        assert_eq!(eval(7, 12), 12);
        // Key 0 on an empty slot is not read as cached 0... it is evaluated.
        assert_eq!(eval(0, 41), 41);
        assert_eq!(calls, 4);
    }
}
