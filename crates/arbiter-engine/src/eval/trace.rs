//! The evaluations' weights as data, and their traces: for a position, how
//! many times each weight counts (White's or Red's count minus Black's), so
//! that a tuner can fit the weights to game results without evaluating
//! anew for every trial set of weights.
//!
//! Each evaluator is generic over a [`Tracer`]: the search runs it with
//! [`NoTrace`], whose calls compile to nothing, so the fast path carries no
//! bookkeeping; the tuner runs it with [`Coefficients`] once per position.
//! The weights of a game are one flat array of [`Tapered`] pairs, with a
//! [`Group`] list naming its parts; what is not linear in them (a king
//! attack table, say) goes into the trace as a constant [`Trace::offset`].

/// A middlegame/endgame pair, blended by the game phase.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tapered(pub i32, pub i32);

impl std::ops::AddAssign for Tapered {
    #[inline]
    fn add_assign(&mut self, o: Tapered) {
        self.0 += o.0;
        self.1 += o.1;
    }
}
impl std::ops::SubAssign for Tapered {
    #[inline]
    fn sub_assign(&mut self, o: Tapered) {
        self.0 -= o.0;
        self.1 -= o.1;
    }
}
impl std::ops::Add for Tapered {
    type Output = Tapered;
    #[inline]
    fn add(self, o: Tapered) -> Tapered {
        Tapered(self.0 + o.0, self.1 + o.1)
    }
}
impl std::ops::Mul<i32> for Tapered {
    type Output = Tapered;
    #[inline]
    fn mul(self, k: i32) -> Tapered {
        Tapered(self.0 * k, self.1 * k)
    }
}

/// A named, contiguous part of a game's weight array: `len` weights from
/// `start`, printed `width` to a line (the rank of a board, say).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Group {
    /// What the weights are, as the generated source's comment says.
    pub name: &'static str,
    /// Index of the first weight.
    pub start: usize,
    /// Number of weights.
    pub len: usize,
    /// Weights per printed line.
    pub width: usize,
}

/// Receives the evaluation's use of each weight as it goes.
pub trait Tracer {
    /// Whether the calls are recorded: an evaluator may take a part of its
    /// score from a cache where they are not, since nobody needs the
    /// weights' counts that make it up.
    const RECORDS: bool = true;
    /// Weight `index` counts `count` more times (negative for Black's).
    fn add(&mut self, index: usize, count: i32);
}

/// The search's tracer: records nothing, and costs nothing once inlined.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoTrace;

impl Tracer for NoTrace {
    const RECORDS: bool = false;
    #[inline(always)]
    fn add(&mut self, _index: usize, _count: i32) {}
}

/// A dense count per weight, for building a [`Trace`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Coefficients(pub Vec<i32>);

impl Coefficients {
    /// All zero, for a game of `weights` weights.
    pub fn new(weights: usize) -> Self {
        Coefficients(vec![0; weights])
    }
}

impl Tracer for Coefficients {
    fn add(&mut self, index: usize, count: i32) {
        self.0[index] += count;
    }
}

/// One position's evaluation as a function of the weights.
///
/// With `mg` and `eg` the sums of `weight * count` over
/// [`coefficients`](Self::coefficients) plus [`offset`](Self::offset), the
/// evaluation is, for the side to move,
/// `±((mg * phase + eg * (phase_total - phase) * scale / 64) / phase_total / divisor) + tempo`
/// in integer arithmetic, `+` when White (Red) is to move;
/// [`evaluate`](Self::evaluate) computes exactly that. `scale`, `divisor`
/// and the offset were decided with the weights the trace was taken with
/// and are taken as constants of the position.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Trace {
    /// `(weight index, White's count minus Black's)`, the zero counts left out.
    pub coefficients: Vec<(u16, i16)>,
    /// The part of the evaluation that is not linear in the weights, from
    /// White's side, middlegame and endgame.
    pub offset: Tapered,
    /// The game phase, `0..=phase_total` (`phase_total`: every piece on).
    pub phase: i32,
    /// The phase of the full set of pieces.
    pub phase_total: i32,
    /// What the blended score is divided by (drawish material: more than 1).
    pub divisor: i32,
    /// The endgame sum's factor out of [`Trace::FULL_SCALE`] (how winnable
    /// the stronger side's endgame edge is).
    pub scale: i32,
    /// Whether White (Red) is to move.
    pub white_to_move: bool,
    /// The side to move's bonus, added last.
    pub tempo: i32,
}

impl Trace {
    /// The [`scale`](Self::scale) that takes the endgame sum whole.
    pub const FULL_SCALE: i32 = 64;

    /// The sparse form of `coefficients`.
    ///
    /// # Panics
    /// If a weight index exceeds `u16` or a count `i16`: neither happens
    /// with the games' weight arrays and boards.
    #[allow(clippy::expect_used)]
    pub fn sparse(coefficients: &Coefficients) -> Vec<(u16, i16)> {
        coefficients
            .0
            .iter()
            .enumerate()
            .filter(|&(_, &c)| c != 0)
            .map(|(i, &c)| {
                (
                    u16::try_from(i).expect("weight index fits u16"),
                    i16::try_from(c).expect("count fits i16"),
                )
            })
            .collect()
    }

    /// The middlegame and endgame sums, from White's side.
    pub fn tapered(&self, weights: &[Tapered]) -> Tapered {
        let mut sum = self.offset;
        for &(i, c) in &self.coefficients {
            sum += weights[usize::from(i)] * i32::from(c);
        }
        sum
    }

    /// The evaluation for the side to move with `weights`, exactly as the
    /// game's evaluator computes it (with the weights the trace was taken
    /// with, the same number).
    pub fn evaluate(&self, weights: &[Tapered]) -> i32 {
        self.relative(self.blend(self.tapered(weights)))
    }

    /// A White-side middlegame/endgame total blended by the phase. The
    /// evaluators score through this and [`Trace::relative`] too, so the
    /// trace and the search share one formula.
    #[inline]
    pub fn blend(&self, total: Tapered) -> i32 {
        (total.0 * self.phase
            + total.1 * (self.phase_total - self.phase) * self.scale / Self::FULL_SCALE)
            / self.phase_total
    }

    /// A blended White-side score for the side to move: divided by the
    /// drawish divisor, its sign turned for Black, the tempo added.
    #[inline]
    pub fn relative(&self, blended: i32) -> i32 {
        let score = blended / self.divisor;
        let relative = if self.white_to_move { score } else { -score };
        relative + self.tempo
    }
}

/// Test support shared by the games' evaluators.
#[cfg(test)]
pub(crate) mod testing {
    use super::Group;

    /// Asserts that `layout`'s groups follow each other without a gap and
    /// cover all `count` weights.
    pub(crate) fn assert_layout_covers(layout: &[Group], count: usize) {
        let mut next = 0;
        for group in layout {
            assert_eq!(group.start, next, "{}", group.name);
            next += group.len;
        }
        assert_eq!(next, count);
    }

    /// A xorshift64 generator: the random games of the trace tests, the
    /// same on every run.
    pub(crate) struct XorShift(pub(crate) u64);

    impl XorShift {
        /// An index below `len` (`len` > 0).
        pub(crate) fn below(&mut self, len: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % len as u64) as usize
        }
    }
}
