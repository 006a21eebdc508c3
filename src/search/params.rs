//! Every search tunable, named in one place.
//!
//! Glossary:
//! - *ply*: one move by one side. *Depth*: remaining plies of full-width search.
//! - *PVS*: principal-variation search; after the first move, others are
//!   searched with a null window and re-searched only if they beat alpha.
//! - *Aspiration window*: the root is searched in a narrow window around the
//!   previous iteration's score, widened on failure.
//! - *Null-move pruning (NMP)*: let the opponent move twice; if we still beat
//!   beta at reduced depth, the node is almost surely a cut.
//! - *Late-move reductions (LMR)*: quiet moves ordered late are searched
//!   shallower first, and again at full depth only if they surprise.
//! - *Reverse futility pruning (RFP)*: near the leaves, a static evaluation far
//!   above beta is trusted.
//! - *Late-move pruning (LMP)*: near the leaves, quiet moves past a count are
//!   skipped once enough moves have been tried.
//! - *Delta pruning*: quiescence skips captures that cannot lift the score
//!   back to alpha even if the victim were free.
//! - *MVV-LVA*: most valuable victim, least valuable attacker first.
//! - *Killers*: quiet moves that caused a cut at the same ply in a sibling.
//! - *History*: quiet moves rewarded by depth² each time they cause a cut,
//!   and penalised as much when tried before the move that did; *gravity*
//!   scales each update by how far the score still is from its bound.
//! - *Countermove*: the quiet move that last refuted the opponent's previous
//!   move.
//! - *Futility pruning*: near the leaves, quiet moves are skipped when the
//!   static evaluation plus a margin cannot reach alpha.
//! - *SEE*: static exchange evaluation, the material a capture nets if both
//!   sides keep recapturing on its square.
//! - *Improving*: the static evaluation is better than two plies ago; pruning
//!   is less eager when it is.
//! - *Internal iterative reduction (IIR)*: a node without a hash move is
//!   searched one ply shallower, since its ordering is a guess anyway.

/// Deepest iteration the search will attempt.
pub const MAX_DEPTH: i32 = 64;
/// Stack limit in plies, including quiescence and extensions.
pub const MAX_PLY: usize = 128;

/// Half-width of the first aspiration window, in centipawns.
pub const ASPIRATION_WINDOW: i32 = 25;
/// Aspiration windows start from this depth; shallower ones are full-width.
pub const ASPIRATION_MIN_DEPTH: i32 = 4;

/// NMP applies from this depth.
pub const NULL_MOVE_MIN_DEPTH: i32 = 3;
/// Base depth reduction of a null move, plus depth / [`NULL_MOVE_DEPTH_DIVISOR`].
pub const NULL_MOVE_BASE_REDUCTION: i32 = 3;
pub const NULL_MOVE_DEPTH_DIVISOR: i32 = 4;

/// RFP applies up to this depth, with this margin per ply of depth.
pub const RFP_MAX_DEPTH: i32 = 6;
pub const RFP_MARGIN_PER_DEPTH: i32 = 90;

/// LMP applies up to this depth; quiet moves beyond
/// `LMP_BASE + depth * depth` are skipped.
pub const LMP_MAX_DEPTH: i32 = 4;
pub const LMP_BASE: usize = 4;

/// Futility pruning applies up to this depth; a quiet move is skipped when
/// `static eval + FUTILITY_MARGIN_BASE + FUTILITY_MARGIN_PER_DEPTH * depth`
/// stays below alpha.
pub const FUTILITY_MAX_DEPTH: i32 = 6;
pub const FUTILITY_MARGIN_BASE: i32 = 60;
pub const FUTILITY_MARGIN_PER_DEPTH: i32 = 90;

/// Captures losing more than `SEE_CAPTURE_MARGIN * depth` in the exchange
/// are skipped up to this depth outside PV nodes.
pub const SEE_PRUNE_MAX_DEPTH: i32 = 4;
pub const SEE_CAPTURE_MARGIN: i32 = 90;

/// IIR applies from this depth.
pub const IIR_MIN_DEPTH: i32 = 4;

/// LMR applies from this depth and after this many moves were searched.
pub const LMR_MIN_DEPTH: i32 = 3;
pub const LMR_MIN_MOVES: usize = 3;
/// LMR reduction = `LMR_BASE + ln(depth) * ln(moves) / LMR_DIVISOR`.
pub const LMR_BASE: f64 = 0.75;
pub const LMR_DIVISOR: f64 = 2.25;
/// One ply less (more) reduction per this much positive (negative) history.
pub const LMR_HISTORY_DIVISOR: i32 = 6_000;

/// Quiescence delta-pruning margin in centipawns.
pub const DELTA_MARGIN: i32 = 200;

/// Move ordering bands: hash move, then captures (MVV-LVA), killers, quiets.
pub const ORDER_HASH_MOVE: i32 = 1 << 30;
pub const ORDER_CAPTURE: i32 = 1 << 28;
pub const ORDER_KILLER_FIRST: i32 = 1 << 27;
pub const ORDER_KILLER_SECOND: i32 = (1 << 27) - 1;
pub const ORDER_COUNTERMOVE: i32 = (1 << 27) - 2;
/// Captures that lose the static exchange: after killers, above history.
pub const ORDER_LOSING_CAPTURE: i32 = 1 << 26;
/// History scores stay within ±this (gravity), far below the killer band.
pub const HISTORY_MAX: i32 = 16_384;
/// Largest single history update (depth² is capped here).
pub const HISTORY_BONUS_MAX: i32 = 1_600;

/// A new iteration starts only before this fraction of the time budget.
/// Time not spent on a move is lost, and an interrupted iteration still
/// keeps a root move proven better than the previous best, so only the last
/// few percent are left unused.
pub const NEXT_ITERATION_TIME_FRACTION: f64 = 0.9;

/// How many nodes pass between two checks of the clock and the stop flag.
/// At ~1 M nodes/s this is a check every ~1 ms.
pub const NODES_PER_STOP_CHECK: u64 = 1024;

/// Default transposition table size per worker, in MiB.
pub const DEFAULT_TT_MB: usize = 16;
