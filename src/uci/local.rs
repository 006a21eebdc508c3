//! Searches on this process's own worker, through `search::Analysis`.

use arbiter_engine::{
    Analysis, AnalysisError, PoolConfig, SearchEvent, SearchHandle, SearchInfo, SearchPool,
};
use arbiter_rules::{Game, MoveInfo};

use super::{Backend, Event, Job, Line, Running, Sink};

/// One search worker with its own table, as a UCI engine has.
pub struct LocalBackend {
    pool: SearchPool,
}

impl LocalBackend {
    /// A worker with a table of `hash_mb` MiB.
    pub fn new(hash_mb: usize) -> Result<Self, String> {
        Ok(LocalBackend {
            pool: new_pool(hash_mb)?,
        })
    }
}

fn new_pool(hash_mb: usize) -> Result<SearchPool, String> {
    SearchPool::new(PoolConfig {
        workers: 1,
        queue_capacity: 1,
        tt_mb: hash_mb,
        nice: 0,
    })
    .map_err(|e| format!("cannot start the search worker: {e}"))
}

/// The move as the session writes it: 1-based xiangqi coordinates when the
/// game was loaded with them.
fn text(m: &MoveInfo) -> String {
    m.uci_one_based.as_ref().unwrap_or(&m.uci).to_string()
}

pub(super) fn line(info: &SearchInfo<MoveInfo>) -> Line {
    Line {
        depth: info.depth,
        seldepth: info.seldepth,
        multipv: info.multipv,
        score: info.score,
        wdl: info.wdl,
        nodes: info.nodes,
        elapsed: info.elapsed,
        pv: info.pv.iter().map(text).collect(),
    }
}

struct LocalSearch(Option<SearchHandle>);

impl Running for LocalSearch {
    fn cancel(&mut self) {
        if let Some(handle) = &self.0 {
            handle.cancel();
        }
    }
}

impl Backend for LocalBackend {
    fn search(&mut self, job: Job, game: &Game, sink: Sink) -> Box<dyn Running> {
        let failed = |sink: &mut Sink, message: String| {
            sink(Event::Message(message));
            sink(Event::Done {
                best: None,
                ponder: None,
            });
        };
        // The sink moves into the search; a failure to start hands it back
        // through this slot.
        let shared = std::sync::Arc::new(std::sync::Mutex::new(Some(sink)));
        let for_search = std::sync::Arc::clone(&shared);
        let started = Analysis {
            game,
            rules: &job.rules,
            limits: job.limits,
            multipv: job.multipv,
            search_moves: &job.search_moves,
            strength: job.strength,
        }
        .start(&self.pool, move |event| {
            let mut slot = for_search
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            let Some(sink) = slot.as_mut() else {
                return false;
            };
            match event {
                SearchEvent::Info(info) => sink(Event::Info(line(&info))),
                SearchEvent::Done(result) => sink(Event::Done {
                    best: result.best_move.as_ref().map(text),
                    ponder: result.pv.get(1).map(text),
                }),
            }
            true
        });
        match started {
            Ok(started) => Box::new(LocalSearch(Some(started.handle))),
            Err(error) => {
                let message = match error {
                    AnalysisError::GameOver(outcome) => {
                        format!("the game is over ({outcome}); there is no move to search")
                    }
                    other => other.to_string(),
                };
                let sink = shared
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .take();
                if let Some(mut sink) = sink {
                    failed(&mut sink, message);
                }
                Box::new(LocalSearch(None))
            }
        }
    }

    fn reset(&mut self, hash_mb: usize) -> Result<(), String> {
        self.pool = new_pool(hash_mb)?;
        Ok(())
    }
}
