//! One search engine for every game, generic over [`SearchGame`] and an
//! [`Evaluator`].
//!
//! One concern per file: `params` (tunables and their glossary), `score`
//! (mate encoding), `tt` (transposition table), `memory` (what a worker's
//! searches keep), `ordering` (move ordering heuristics), `limits`
//! (depth/nodes/time/mate/stop), `time` (the game clock's soft and hard
//! bounds), `strength` (levels below full strength), `wdl` (win/draw/loss
//! model), `engine` (iterative deepening, the root), `tree` (PVS,
//! quiescence), `singular` (singular extensions), `pool` (worker threads,
//! bounded queue, metrics) and one adapter per game (`chess`, `xiangqi`,
//! and `variant` for the Lichess variants).

pub mod analysis;
pub mod chess;
mod correction;
pub mod engine;
pub mod eval;
mod eval_cache;
pub mod exchange;
pub mod limits;
mod memory;
mod node;
pub mod ordering;
pub mod params;
pub mod pool;
mod quiescence;
mod request;
pub mod score;
mod singular;
pub mod strength;
pub mod time;
mod tree;
pub mod tt;
pub mod variant;
pub mod wdl;
pub mod xiangqi;

use std::fmt;

pub use analysis::{Analysis, AnalysisError, AnalysisEvent, Started};
pub use engine::search;
pub use limits::Limits;
pub use memory::SearchMemory;
pub use pool::{
    NoObserver, PoolConfig, PoolFull, PoolObserver, PoolStats, SearchHandle, SearchPool,
};
pub use request::{HistoryEntry, SearchEvent, SearchInfo, SearchRequest, SearchResult, StopReason};
pub use score::Score;
pub use strength::Strength;
pub use time::ClockLimits;
pub use tt::TranspositionTable;
pub use wdl::{Wdl, WdlModel};

use arbiter_rules::Side;

/// Scores a quiet position in centipawns from the side to move's view.
/// Implementations hold no mutable state, so one instance serves every
/// worker thread. The search owns this contract; the evaluators in [`eval`]
/// implement it for each game's node type.
pub trait Evaluator<G>: Send + Sync {
    /// The score in centipawns from the side to move's view; it must stay
    /// within ±[`score::MATE_BOUND`], or the search reads it as a mate.
    fn evaluate(&self, position: &G) -> i32;
}

/// What a position with no legal move is worth to the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoMoveOutcome {
    /// Checkmate, and in xiangqi also stalemate.
    Loss,
    /// Chess stalemate, and a variant's drawn ending (racing kings).
    Draw,
    /// A variant ending the side to move has won (antichess: no pieces left,
    /// or stalemated).
    Win,
}

/// How the game's rules judge a repetition reached during the search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RepetitionVerdict {
    /// The repetition is a draw.
    Draw,
    /// The side to move wins: its opponent broke a perpetual rule.
    SideToMoveWins,
    /// The side to move loses: it broke a perpetual rule.
    SideToMoveLoses,
}

/// Who kept checking on every move of a repeating loop; the rules turn this
/// into a [`RepetitionVerdict`] (xiangqi: perpetual check loses).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RepetitionLoop {
    /// The side that just moved into the repeated position checked on every
    /// one of its moves inside the loop.
    pub mover_checked_throughout: bool,
    /// The side to move checked on every one of its moves inside the loop.
    pub side_to_move_checked_throughout: bool,
}

/// The small interface the search needs from a game. Positions are
/// copy-make: [`SearchGame::play`] returns a new position, so the search
/// never has to undo a move.
pub trait SearchGame: Clone + Send + Sync + 'static {
    /// A legal move of this game; small and `Copy`, since the search keeps many.
    type Move: Copy + Eq + Send + Sync + fmt::Debug + 'static;
    /// Rule options the search must respect (move limit, repetition rule set).
    type Rules: Clone + Send + Sync + Default + fmt::Debug + 'static;

    /// Upper bound (exclusive) of [`SearchGame::move_code`], sizing the
    /// history table.
    const MOVE_CODE_SPACE: usize;
    /// Upper bound (exclusive) of [`SearchGame::capture_key`], sizing the
    /// capture history table; 0 (the default) for a game without one.
    const CAPTURE_KEY_SPACE: usize = 0;
    /// Upper bound (exclusive) of [`SearchGame::piece_to`], sizing the
    /// continuation history (its square); 0 (the default) for a game
    /// without one.
    const PIECE_TO_SPACE: usize = 0;
    /// Pruning margins and counts and table reuse, tuned per game (see
    /// [`params::SearchParams`]).
    const PARAMS: params::SearchParams;
    /// The win/draw/loss model fitted to this game's engine games.
    const WDL: WdlModel;

    /// The side to move, whose clock a timed search spends.
    fn side_to_move(&self) -> Side;

    /// Appends every legal move to `out`.
    fn legal_moves(&self, out: &mut Vec<Self::Move>);
    /// Appends the legal moves quiescence looks at (captures, queen
    /// promotions). The default filters [`SearchGame::legal_moves`].
    fn tactical_moves(&self, out: &mut Vec<Self::Move>) {
        let start = out.len();
        self.legal_moves(out);
        let mut keep = start;
        for i in start..out.len() {
            if self.is_tactical(out[i]) {
                out[keep] = out[i];
                keep += 1;
            }
        }
        out.truncate(keep);
    }
    /// The position after the legal move `mv`.
    fn play(&self, mv: Self::Move) -> Self;
    /// Passes the turn; `None` where a null move is unsound or impossible
    /// (in check, or too little material to rule out zugzwang).
    fn play_null(&self) -> Option<Self>;
    /// Position hash; clocks are excluded so repetitions compare equal.
    fn zobrist(&self) -> u64;
    /// A hash of the structure whose misjudgements the evaluation repeats
    /// (chess: the pawns; xiangqi: the soldiers, advisors and elephants), for the
    /// correction history (`correction.rs`); its high bits index the table.
    /// `None` by default (no correction).
    fn structure_key(&self) -> Option<u64> {
        None
    }
    /// The occupied squares, a bit each as the game numbers them: two plies
    /// of one game change at most a few, so a worker can tell the next move
    /// of its last game from another game's position (`memory.rs`). `None`
    /// by default: never compared.
    fn occupancy(&self) -> Option<u128> {
        None
    }
    /// Whether the side to move is in check.
    fn in_check(&self) -> bool;
    /// Compact identity of a move, below [`SearchGame::MOVE_CODE_SPACE`];
    /// the transposition table stores this instead of the move.
    fn move_code(mv: Self::Move) -> u16;
    /// `(victim, attacker)` values for MVV-LVA when `mv` captures.
    fn capture_values(&self, mv: Self::Move) -> Option<(i32, i32)>;
    /// Compact identity of a capture for the capture history, below
    /// [`SearchGame::CAPTURE_KEY_SPACE`]: the moving piece's kind, the target
    /// square and the captured piece's kind. `None` for a move that captures
    /// nothing, and by default for every move (no capture history).
    fn capture_key(&self, _mv: Self::Move) -> Option<u16> {
        None
    }
    /// Compact identity of a move for the continuation history, below
    /// [`SearchGame::PIECE_TO_SPACE`]: the moving piece (kind and side) and
    /// its target square. Unlike [`SearchGame::move_code`] it names the
    /// piece, so that "a knight landing on f3" means the same after any
    /// route there. `None` by default (no continuation history).
    fn piece_to(&self, _mv: Self::Move) -> Option<u16> {
        None
    }
    /// Captures and promotions: the moves quiescence searches and that
    /// late-move reductions leave alone.
    fn is_tactical(&self, mv: Self::Move) -> bool;
    /// Static exchange evaluation of a capture: the material the mover
    /// expects to net if both sides keep recapturing on the target square
    /// with their least valuable piece. `None` where not implemented, which
    /// treats every capture as sound.
    fn static_exchange(&self, _mv: Self::Move) -> Option<i32> {
        None
    }
    /// Static exchange of a move that captures nothing: what the mover
    /// expects to net (zero or a loss) if the opponent takes the piece on
    /// its new square and both sides keep recapturing. `None` where not
    /// implemented.
    fn quiet_exchange(&self, _mv: Self::Move) -> Option<i32> {
        None
    }
    /// What having no legal move is worth to the side to move, given whether it is in check.
    fn no_move_outcome(&self, in_check: bool) -> NoMoveOutcome;
    /// Whether the game has ended here by a rule of its own although the
    /// position is not searched further (a chess variant's ending): the node
    /// is scored by [`SearchGame::no_move_outcome`] before any pruning or
    /// static evaluation. Chess and xiangqi never are.
    fn is_terminal(&self) -> bool {
        false
    }
    /// Plies since the last irreversible move; no repetition reaches past it.
    fn reversible_plies(&self) -> u32;
    /// A draw the rules impose regardless of repetition (chess fifty-move rule
    /// and dead positions, xiangqi move limit). The search lets a mate on the
    /// board take precedence.
    fn rule_draw(&self, rules: &Self::Rules) -> bool;
    /// The game's ruling on a repetition reached in the search, under `rules`.
    fn judge_repetition(rules: &Self::Rules, repetition: RepetitionLoop) -> RepetitionVerdict;
    /// How many earlier occurrences in the game history make a repetition the
    /// rules decide: one less than the occurrence that decides, at most 2
    /// (inside the search tree a 2-fold already counts).
    fn repetition_history_occurrences(_rules: &Self::Rules) -> usize {
        2
    }
    /// Rules on a repetition of this position with the loop's moves at hand: `moves`
    /// are played from this position (the loop starts and ends here), oldest first,
    /// or `None` when some are unknown (a history given without its moves). Games whose
    /// rules look past the checks (xiangqi's perpetual chase) override this; the
    /// default is [`SearchGame::judge_repetition`].
    fn judge_repetition_loop(
        &self,
        rules: &Self::Rules,
        repetition: RepetitionLoop,
        _moves: Option<&[Self::Move]>,
    ) -> RepetitionVerdict {
        Self::judge_repetition(rules, repetition)
    }
}
