//! What a worker's searches keep from one to the next: the transposition
//! table, the move-ordering histories and the evaluation's correction
//! history (which goes with the histories, unaged: its entries are
//! averages, not counts).
//!
//! A search that must be reproducible (bounded by nodes or depth) starts
//! from neither, so that it answers the same on any worker. One bounded only
//! by time or a stop continues from the table when the previous search on
//! this memory was of the same game under the same rules, as a game's next
//! move usually is (see [`TranspositionTable::continue_search`]), and from
//! the histories too where the game's settings say so
//! ([`SearchParams::keep_histories_between_searches`](crate::params::SearchParams)),
//! divided by [`HISTORY_AGE_DIVISOR`](crate::params::HISTORY_AGE_DIVISOR).

use super::correction::CorrectionHistory;
use super::ordering::Histories;
use super::tt::TranspositionTable;

/// A transposition table and the histories that go with it.
#[derive(Debug)]
pub struct SearchMemory {
    pub(crate) tt: TranspositionTable,
    /// The last search's histories; `None` before the first search (or
    /// after one that did not finish).
    pub(crate) histories: Option<Histories>,
    /// The last search's correction history, kept with the histories.
    pub(crate) correction: Option<CorrectionHistory>,
}

impl SearchMemory {
    /// A memory whose table uses at most `megabytes` MiB (at least one
    /// entry); the histories add well under 1 MiB.
    #[must_use]
    pub fn new(megabytes: usize) -> Self {
        SearchMemory {
            tt: TranspositionTable::new(megabytes),
            histories: None,
            correction: None,
        }
    }

    /// The table's size in bytes, for metrics and the memory formula.
    #[must_use]
    pub fn table_bytes(&self) -> usize {
        self.tt.bytes()
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    use std::time::Duration;

    use super::*;
    use crate::chess::ChessNode;
    use crate::eval::chess::ChessEvaluator;
    use crate::ordering::OrderingTables;
    use crate::params::HISTORY_AGE_DIVISOR;
    use crate::tt::NO_MOVE;
    use crate::{Limits, SearchGame, SearchRequest, search};

    /// The code of a1-a1, a move no search ever rewards.
    const NEVER_PLAYED: u16 = 0;

    fn marked() -> Histories {
        let mut tables = OrderingTables::<u8>::new(
            4,
            Histories::new(
                ChessNode::MOVE_CODE_SPACE,
                ChessNode::CAPTURE_KEY_SPACE,
                ChessNode::PIECE_TO_SPACE,
            ),
        );
        tables.reward_quiet(0, 0, NEVER_PLAYED, NO_MOVE, 10);
        tables.into_histories()
    }

    fn mark(memory: &SearchMemory) -> i32 {
        let histories = memory.histories.clone().expect("histories after a search");
        OrderingTables::<u8>::new(4, histories).history(NEVER_PLAYED)
    }

    fn search_with(memory: &mut SearchMemory, limits: Limits) {
        let request = SearchRequest::new(ChessNode::new(shakmaty::Chess::default()), limits);
        let stop = Arc::new(AtomicBool::new(false));
        search(&request, &ChessEvaluator, memory, stop, &mut |_| {});
    }

    fn timed() -> Limits {
        Limits {
            movetime: Some(Duration::from_millis(30)),
            ..Limits::default()
        }
    }

    #[test]
    fn a_timed_search_continues_the_histories_of_the_one_before() {
        let mut memory = SearchMemory::new(1);
        search_with(&mut memory, timed());
        memory.histories = Some(marked());
        search_with(&mut memory, timed());
        assert_eq!(mark(&memory), 100 / HISTORY_AGE_DIVISOR);
    }

    #[test]
    fn a_reproducible_search_starts_from_empty_histories() {
        let mut memory = SearchMemory::new(1);
        search_with(&mut memory, timed());
        memory.histories = Some(marked());
        search_with(
            &mut memory,
            Limits {
                nodes: Some(2_000),
                ..Limits::default()
            },
        );
        assert_eq!(mark(&memory), 0);
    }
}
