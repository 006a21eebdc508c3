//! External engines: UCI and UCCI engine processes (Stockfish,
//! Fairy-Stockfish, Pikafish, ElephantEye, …) driven line by line. Nothing
//! here knows a rule or the wire: the caller judges every move an engine
//! returns (`arbiter match` referees with the rules crate).
//!
//! `process` owns the child (its pipes, a reader thread so that every read
//! has a deadline, the stderr tail, the kill on drop); `protocol` speaks
//! the two dialects (handshake and detection, options, positions, searches,
//! `info` lines).

pub mod coordinates;
pub mod pool;
pub mod process;
pub mod protocol;

pub use protocol::{
    BestMove, Engine, EngineOption, EnginePosition, EngineScore, Info, Limit, Protocol, Until,
};

/// What can go wrong with an engine process. Each names what the caller can
/// act on: an engine that exited or hangs is replaced, one that answers
/// outside the protocol is not trusted with the next move either.
#[derive(Debug, thiserror::Error)]
pub enum ExternalError {
    /// The program could not be started.
    #[error("cannot start {command}: {source}")]
    Spawn {
        /// The program.
        command: String,
        /// The operating system's refusal.
        source: std::io::Error,
    },
    /// The engine closed its pipes or died.
    #[error("the engine exited ({status}){}", stderr_note(.stderr))]
    Exited {
        /// Its exit status, as the system describes it.
        status: String,
        /// The last lines it wrote to stderr.
        stderr: String,
    },
    /// The engine did not answer by the deadline (after `stop`, for a search).
    #[error("the engine did not answer in time")]
    Timeout,
    /// The engine wrote something the protocol does not allow here.
    #[error("protocol error: {0}")]
    Protocol(String),
}

fn stderr_note(stderr: &str) -> String {
    if stderr.is_empty() {
        String::new()
    } else {
        format!("; its stderr ends: {stderr}")
    }
}
