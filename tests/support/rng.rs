//! The one seeded generator: xorshift64 with shifts 13, 7, 17. Every
//! randomized test, bench game and load game draws from it with a fixed
//! seed, so a failure replays exactly.

/// A xorshift64 generator with a fixed seed.
#[derive(Debug, Clone)]
pub(crate) struct Rng(u64);

impl Rng {
    /// A generator starting from `seed`, which must not be zero (zero is the
    /// generator's fixed point: it would return zero for ever).
    pub(crate) const fn new(seed: u64) -> Rng {
        assert!(seed != 0, "a xorshift seed must not be zero");
        Rng(seed)
    }

    /// The next value of the sequence.
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// The next value reduced to `0..n` (by remainder: the slight bias is
    /// irrelevant to a test's choice of moves). `n` must not be zero.
    pub(crate) fn below(&mut self, n: usize) -> usize {
        usize::try_from(self.next_u64() % n as u64).expect("below n, so it fits")
    }
}
