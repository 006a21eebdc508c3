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
//! - *Razoring*: near the leaves, a static evaluation far below alpha is
//!   checked by quiescence alone.
//! - *Late-move pruning (LMP)*: near the leaves, quiet moves past a count are
//!   skipped once enough moves have been tried.
//! - *Delta pruning*: quiescence skips captures that cannot lift the score
//!   back to alpha even if the victim were free.
//! - *Hash move*: the move the transposition table stored for the position,
//!   searched first; chess searches it before the other moves are given
//!   their order keys, which most nodes it cuts off never need.
//! - *MVV-LVA*: most valuable victim, least valuable attacker first.
//! - *Killers*: quiet moves that caused a cut at the same ply in a sibling.
//! - *History*: quiet moves rewarded by depth² each time they cause a cut,
//!   and penalised as much when tried before the move that did; *gravity*
//!   scales each update by how far the score still is from its bound.
//! - *Capture history*: the same for captures, keyed by the moving piece's
//!   kind, the target square and the captured kind; it orders captures of
//!   equal victims (and a little across victims) inside their SEE band.
//! - *Countermove*: the quiet move that last refuted the opponent's previous
//!   move.
//! - *Continuation history*: a history per pair of moves, by moving piece
//!   and target square: how often a quiet move refuted after the opponent's
//!   last move and after the mover's own move before it. Chess only so far
//!   (a game opts in through `SearchGame::piece_to`).
//! - *Correction history*: the static evaluation's recent error by side to
//!   move and structure (chess: pawns; xiangqi: soldiers, advisors and
//!   elephants), added to later evaluations of the same structure before
//!   pruning judges them (`correction.rs`; a game opts in through
//!   `SearchGame::structure_key`).
//! - *Futility pruning*: near the leaves, quiet moves are skipped when the
//!   static evaluation plus a margin cannot reach alpha; a late quiet move
//!   may be judged at the depth LMR would leave it (its *reduced depth*).
//! - *SEE*: static exchange evaluation, the material a capture nets if both
//!   sides keep recapturing on its square.
//! - *Improving*: the static evaluation is better than two plies ago; pruning
//!   is less eager when it is.
//! - *Internal iterative reduction (IIR)*: a node without a hash move is
//!   searched one ply shallower, since its ordering is a guess anyway.
//! - *Singular extension (SE)*: a hash move that alone holds its node (no
//!   other move reaches near its stored bound in a shallower search without
//!   it) is searched a ply deeper; *multi-cut* cuts a node that several
//!   moves refute, a *negative extension* searches a hash move that is not
//!   alone a ply shallower; a *double extension* searches one that stands
//!   far above the others, outside the principal variation, two plies
//!   deeper, a bounded number of times on one path.
//! - *Cut node*: a zero-window node expected to fail high (the child of a
//!   reduced search, or of a full-depth zero-window search from an all or
//!   PV node); an *all node* is expected to fail low. LMR reduces a cut
//!   node's late moves more, since an earlier move should refute it.

/// Deepest iteration the search will attempt.
pub const MAX_DEPTH: i32 = 64;
/// Stack limit in plies, including quiescence and extensions.
pub const MAX_PLY: usize = 128;

/// Aspiration windows start from this depth; shallower ones are full-width.
pub const ASPIRATION_MIN_DEPTH: i32 = 4;

/// NMP applies from this depth.
pub const NULL_MOVE_MIN_DEPTH: i32 = 3;
/// Base depth reduction of a null move, plus depth / [`NULL_MOVE_DEPTH_DIVISOR`].
pub const NULL_MOVE_BASE_REDUCTION: i32 = 3;
/// Divisor of the depth term of the null-move reduction.
pub const NULL_MOVE_DEPTH_DIVISOR: i32 = 4;
/// Most plies the null move's reduction grows by for a static evaluation
/// far above beta ([`SearchParams::null_move_eval_divisor`]).
pub const NULL_MOVE_EVAL_REDUCTION_MAX: i32 = 3;

/// LMR applies from this depth and after this many moves were searched.
pub const LMR_MIN_DEPTH: i32 = 3;
/// Moves searched at full depth before LMR reduces the rest.
pub const LMR_MIN_MOVES: usize = 3;
/// LMR reduction = `LMR_BASE + ln(depth) * ln(moves) / LMR_DIVISOR`.
pub const LMR_BASE: f64 = 0.75;
/// Divisor of the LMR reduction's `ln(depth) * ln(moves)` term.
pub const LMR_DIVISOR: f64 = 2.25;
/// Extra LMR reduction of a late move at a cut node.
pub const LMR_CUT_NODE: i32 = 1;

/// The settings of the selective search that depend on a game's evaluation
/// scale, move counts and rules; each game picks its own through
/// [`SearchGame::PARAMS`](super::SearchGame::PARAMS). A depth limit of 0
/// turns a pruning off (no node is searched at depth 0), and an
/// `iir_min_depth` above [`MAX_DEPTH`] never reduces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchParams {
    /// Half-width of the first aspiration window, in centipawns.
    pub aspiration_window: i32,
    /// RFP applies up to this depth, with this margin per ply of depth.
    pub rfp_max_depth: i32,
    /// RFP margin per ply of depth, in centipawns.
    pub rfp_margin_per_depth: i32,
    /// Razoring applies up to this depth outside PV nodes: a node whose
    /// static evaluation plus `razor_margin_base +
    /// razor_margin_per_depth_squared * depth²` stays below alpha is left to
    /// quiescence, and fails low when quiescence does.
    pub razor_max_depth: i32,
    /// The razoring margin at depth 0, in centipawns.
    pub razor_margin_base: i32,
    /// The razoring margin per squared ply of depth, in centipawns.
    pub razor_margin_per_depth_squared: i32,
    /// LMP applies up to this depth; moves from index `lmp_base + depth²`
    /// on are skipped, from half that index when the position is not
    /// improving and `lmp_halved_when_not_improving` is set.
    pub lmp_max_depth: i32,
    /// The base of the LMP move count, `lmp_base + depth²`.
    pub lmp_base: usize,
    /// Whether the LMP count halves when the position is not improving.
    pub lmp_halved_when_not_improving: bool,
    /// Whether LMP keeps late quiet moves that give check (it then has to
    /// play each late move to find out).
    pub lmp_spares_checks: bool,
    /// Futility pruning applies up to this depth; a quiet move is skipped
    /// when `static eval + futility_margin_base + futility_margin_per_depth *
    /// depth` stays below alpha (the move's reduced depth, with
    /// `futility_at_reduced_depth`).
    pub futility_max_depth: i32,
    /// Futility margin at depth 0, in centipawns.
    pub futility_margin_base: i32,
    /// Futility margin added per ply of depth, in centipawns.
    pub futility_margin_per_depth: i32,
    /// Whether futility pruning judges a late quiet move at the depth its
    /// late-move reduction would leave it (the node's depth less the
    /// reduction table's plies), not at the node's depth: a move the search
    /// would only look at shallowly needs only a shallow margin.
    pub futility_at_reduced_depth: bool,
    /// Captures losing more than `see_capture_margin * depth` in the
    /// exchange are skipped up to this depth outside PV nodes (only where
    /// the game implements [`SearchGame::static_exchange`](super::SearchGame::static_exchange)).
    pub see_prune_max_depth: i32,
    /// Exchange loss tolerated per ply of depth before a capture is pruned, in centipawns.
    pub see_capture_margin: i32,
    /// IIR applies from this depth.
    pub iir_min_depth: i32,
    /// LMR reduces one ply less (more) per this much positive (negative)
    /// history; 0 leaves history out of the reduction.
    pub lmr_history_divisor: i32,
    /// Whether a check that gives up material in its exchange (a capture
    /// or the checking piece's arrival losing it) still earns the check
    /// extension.
    pub extend_losing_checks: bool,
    /// Whether a node searches the hash move before it gives the other
    /// moves their order keys (`tree.rs`), which spares the keys' cost
    /// where the hash move cuts off and changes which histories the keys
    /// read.
    pub hash_move_before_keys: bool,
    /// Singular extensions apply from this depth: where the table holds a
    /// lower bound for the hash move at most 3 plies shallower, the node is
    /// searched again without it at half depth against that bound less
    /// 2 × depth. If no other move comes near, the hash move is extended a
    /// ply; if even that lowered bound beats beta, the node is cut
    /// (multi-cut); else, if the stored bound beats beta, the hash move is
    /// searched a ply shallower (negative extension).
    pub singular_min_depth: i32,
    /// A singular hash move whose alternatives fail this far below the
    /// lowered bound, at a node outside the principal variation, is
    /// extended two plies instead of one.
    pub double_extension_margin: i32,
    /// At most this many double extensions on one path from the root.
    pub double_extensions_max: u8,
    /// The null move is reduced a ply more per this many centipawns its
    /// node's static evaluation stands above beta, at most
    /// [`NULL_MOVE_EVAL_REDUCTION_MAX`] plies: the further above, the surer
    /// the cut, and the less the verifying search needs to see. 0 turns it off.
    pub null_move_eval_divisor: i32,
    /// A quiet move whose piece the opponent wins on its new square (a
    /// negative exchange there) is ordered this much lower than its
    /// histories say, below nearly every quiet move that keeps its piece:
    /// such a move seldom refutes a node, and the histories, which know
    /// only the move, cannot tell where the square has since become
    /// unsafe. A killer or the countermove that loses its piece so loses
    /// its band too and is ordered the same way: it refuted another
    /// position. 0 leaves the exchange out of the order.
    pub losing_quiet_malus: i32,
    /// Quiescence delta-pruning margin in centipawns.
    pub delta_margin: i32,
    /// Whether quiescence stores its result in the table (at depth 0) and
    /// searches the table's move first; it always takes a stored result
    /// that settles its window.
    pub quiescence_uses_table: bool,
    /// Whether a search bounded only by time continues from the table the
    /// previous search of the same game and rules left
    /// ([`SearchMemory`](super::SearchMemory)), instead of an empty one.
    pub keep_table_between_searches: bool,
    /// Whether such a search also continues the histories (aged, see
    /// [`HISTORY_AGE_DIVISOR`]) instead of starting them empty.
    pub keep_histories_between_searches: bool,
}

/// Chess: the values the sequential tests kept (BENCHMARKS.md, Engine
/// changes); changing any of them needs a test of its own.
pub const CHESS: SearchParams = SearchParams {
    aspiration_window: 25,
    rfp_max_depth: 6,
    rfp_margin_per_depth: 90,
    razor_max_depth: 3,
    razor_margin_base: 200,
    razor_margin_per_depth_squared: 150,
    lmp_max_depth: 4,
    lmp_base: 4,
    lmp_halved_when_not_improving: true,
    lmp_spares_checks: false,
    futility_max_depth: 6,
    futility_margin_base: 60,
    futility_margin_per_depth: 90,
    futility_at_reduced_depth: true,
    see_prune_max_depth: 4,
    see_capture_margin: 90,
    iir_min_depth: 4,
    lmr_history_divisor: 6_000,
    extend_losing_checks: false,
    hash_move_before_keys: true,
    singular_min_depth: 8,
    double_extension_margin: 20,
    double_extensions_max: 6,
    null_move_eval_divisor: 200,
    losing_quiet_malus: HISTORY_MAX / 2,
    delta_margin: 200,
    quiescence_uses_table: true,
    keep_table_between_searches: true,
    keep_histories_between_searches: true,
};

/// Xiangqi: the chess values except where xiangqi matches scored better
/// with the behaviour from before the chess-tuned v6-v8 changes (`git log
/// -p -- BENCHMARKS.md`). It keeps the table between the moves of a game as
/// chess does: repetition rulings make some stored scores depend on the
/// history that reached them, but timed self-play at 30 ms a move scored
/// +70 ± 49 Elo for keeping it against starting each search empty. It keeps
/// the histories too (+12.8 ± 10.0 at 20,000 nodes with memory kept,
/// docs/engine-changes.md), and its correction history keyed by
/// soldiers, advisors and elephants scored +17.1 ± 12.6 there. The
/// differences:
/// - no IIR and no history in LMR;
/// - quiescence neither stores to the table nor orders by it: doing both,
///   as chess does, scored -19.5 ± 17.8 Elo over 910 games with memory kept
///   (docs/engine-changes.md);
/// - every node gives all its moves their keys before it searches the
///   hash move: searching the hash move first, as chess does, is untested
///   here;
/// - every check is extended: extending only checks that keep their
///   material, as chess does, scored +6.3 ± 10.7 Elo over 1,988 games, short
///   of a verdict (docs/engine-changes.md);
/// - no double extensions: they passed their test in chess; here 449 games
///   at 60,000 nodes scored -1.6 ± 24.7 Elo, short of a verdict
///   (docs/engine-changes.md);
/// - the null move's reduction does not grow with the static evaluation's
///   margin above beta: it passed its test in chess and is untested here;
/// - a quiet move that loses its piece on its new square is not ordered
///   lower: it passed its test in chess; here 684 games at 20,000 nodes
///   scored +2.5 ± 21.6 Elo, short of a verdict (docs/engine-changes.md);
/// - LMP spares checks: without it, xiangqi's pruning cut the mating
///   quiet check of a composed mate in 3 (cannon and soldier, Black to move,
///   `tests/engine/xiangqi_tactics.rs`) at every depth up to 28. It costs nodes, and
///   over 96 games it scored 39.1% against 44.8% without, within the error
///   bars.
///
/// Futility pruning and LMP's halved count when not improving were once left
/// out too, because a quiet xiangqi move often carries the threat (a cannon
/// gaining a screen, a horse's leg freed). Since the fitted evaluation both
/// are on as in chess: each passed its test (docs/engine-changes.md).
pub const XIANGQI: SearchParams = SearchParams {
    lmp_spares_checks: true,
    futility_at_reduced_depth: false,
    iir_min_depth: MAX_DEPTH + 1,
    lmr_history_divisor: 0,
    extend_losing_checks: true,
    quiescence_uses_table: false,
    hash_move_before_keys: false,
    double_extensions_max: 0,
    null_move_eval_divisor: 0,
    losing_quiet_malus: 0,
    ..CHESS
};

/// Move ordering bands: hash move, then captures (MVV-LVA), killers, quiets.
pub const ORDER_HASH_MOVE: i32 = 1 << 30;
/// Captures, ordered among themselves by MVV-LVA on top of this band.
pub const ORDER_CAPTURE: i32 = 1 << 28;
/// The first killer move of the ply.
pub const ORDER_KILLER_FIRST: i32 = 1 << 27;
/// The second killer move, just below the first.
pub const ORDER_KILLER_SECOND: i32 = (1 << 27) - 1;
/// The counter-move to the opponent's last move, just below the killers.
pub const ORDER_COUNTERMOVE: i32 = (1 << 27) - 2;
/// Captures that lose the static exchange: after killers, above history.
pub const ORDER_LOSING_CAPTURE: i32 = 1 << 26;
/// History scores stay within ±this (gravity), far below the killer band.
pub const HISTORY_MAX: i32 = 16_384;
/// A game's next search starts from its histories divided by this.
pub const HISTORY_AGE_DIVISOR: i32 = 8;
/// Largest single history update (depth² is capped here).
pub const HISTORY_BONUS_MAX: i32 = 1_600;
/// Capture history counts in a capture's order key divided by this: at most
/// ±[`HISTORY_MAX`] / 8 = ±2,048, a little more than a pawn of victim value
/// (victim × 16 = 1,600), so it sorts captures of one victim kind and can
/// swap neighbouring kinds (knight and bishop) but not a pawn and a piece.
pub const CAPTURE_HISTORY_DIVISOR: i32 = 8;

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
