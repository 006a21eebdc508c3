//! External engines behind the Engine service: a game's UCI or UCCI program
//! (Stockfish, Fairy-Stockfish, Pikafish, …) run as a supervised pool of
//! processes (`external::pool`), asked for moves in positions Arbiter has
//! already judged, and answering in the same domain events as Arbiter's own
//! engine ([`AnalysisEvent`]), every move checked and described by the rules
//! crate.
//!
//! Arbiter's rules come first. The request's history was replayed by
//! `Game::load`; the engine gets `position … moves …` and a root restricted
//! with `searchmoves` (UCCI: every other legal move in `banmoves`) to the
//! legal moves that do not lose by a forbidden repetition under the
//! request's rules (intersected with the request's own `search_moves`), so
//! that it cannot choose a move Arbiter holds illegal or
//! losing. Its best move must be one of them, and each line it reports must
//! be legal until the game ends under Arbiter's rules: anything else fails
//! the call ([`RunError::Illegal`]), and the process is replaced.
//!
//! `prepare` reads a request (position, root, options, limit) without a
//! process; `run` leases a process and searches, on the caller's blocking
//! thread. Nothing here knows the wire: the transport routes and maps the
//! errors.

mod answer;
mod prepare;
mod run;

use std::sync::Arc;
use std::time::Duration;

use arbiter_rules::Variant;

use crate::external::pool::{EnginePool, ProcessObserver, ProcessSpec};

pub use prepare::{PrepareError, Prepared, Request, Strength, uci_variant};
pub use run::RunError;

/// How long a process may take to start and finish its handshake.
const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// One game's external engine: its pool of processes and the options the
/// operator set on it.
#[derive(Debug)]
pub struct Backend {
    pool: EnginePool,
    options: Vec<(String, String)>,
    /// The game it plays: chess (with its variants) or xiangqi.
    xiangqi: bool,
}

impl Backend {
    /// A backend running `command` with `processes` processes (one per
    /// search worker) and `queue` waiting places; `options` are set on
    /// every process before its first search. No process starts yet (see
    /// [`Self::supervise`]).
    #[must_use]
    pub fn new(
        command: std::path::PathBuf,
        options: Vec<(String, String)>,
        xiangqi: bool,
        processes: usize,
        queue: usize,
        observer: Arc<dyn ProcessObserver>,
    ) -> Self {
        let spec = ProcessSpec {
            command,
            args: Vec::new(),
            protocol: None,
            handshake_timeout: HANDSHAKE_TIMEOUT,
        };
        Backend {
            pool: EnginePool::new(spec, processes, queue, observer),
            options,
            xiangqi,
        }
    }

    /// The program.
    #[must_use]
    pub fn command(&self) -> String {
        self.pool.command().display().to_string()
    }

    /// The engine's name (`id name`), once a process has started.
    #[must_use]
    pub fn name(&self) -> Option<String> {
        self.pool.declared().map(|(name, _)| name)
    }

    /// Starts a first process (so that the engine's options are known) and
    /// then keeps the pool startable, until [`Self::close`]. Blocks: meant
    /// for a thread of its own.
    pub fn supervise(&self) {
        self.warm();
        self.pool.supervise();
    }

    /// Starts the first process (when none is alive) and waits for its
    /// handshake, at most the handshake timeout: the server does this
    /// before it serves, so that the first calls already know which variants
    /// the engine offers (a variant's call made before would go to the
    /// built-in engine). A failure is logged; the supervisor retries.
    pub fn warm(&self) {
        if let Err(error) = self.pool.warm() {
            tracing::warn!(command = %self.command(), %error, "cannot start the engine");
        }
    }

    /// Kills every process; calls from now on fail.
    pub fn close(&self) {
        self.pool.close();
    }

    /// Whether this backend plays `variant`. Standard chess and xiangqi
    /// always (an engine that cannot start fails the call, UNAVAILABLE);
    /// Chess960 when the engine offers `UCI_Chess960`; the other chess
    /// variants when its `UCI_Variant` names them. The built-in engine
    /// plays what the backend does not.
    #[must_use]
    pub fn plays(&self, variant: Variant) -> bool {
        match variant {
            Variant::Xiangqi => self.xiangqi,
            Variant::Chess => !self.xiangqi,
            _ if self.xiangqi => false,
            other => self
                .pool
                .declared()
                .is_some_and(|(_, options)| prepare::offers_variant(&options, other)),
        }
    }
}
