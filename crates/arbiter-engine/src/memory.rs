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
//! divided by [`HISTORY_AGE_DIVISOR`](crate::params::HISTORY_AGE_DIVISOR),
//! but only when the new search is the same game's (see
//! [`SearchMemory::continues_game`]): a server's worker plays many games in
//! turn, and one game's histories are another's noise.

use super::SearchGame;
use super::correction::CorrectionHistory;
use super::ordering::Histories;
use super::request::HistoryEntry;
use super::tt::TranspositionTable;

/// How far back in a request's history the last search's root is looked
/// for: a game's next move comes two plies on; a few more allow for
/// searches this worker did not get (another worker's, a pondering client's).
const SAME_GAME_PLIES: usize = 8;
/// The most occupied squares two plies of one game change: a castling
/// (four) and another castling, or a move and a capture fewer.
const SAME_GAME_SQUARES: u32 = 8;

/// A transposition table and the histories that go with it.
#[derive(Debug)]
pub struct SearchMemory {
    pub(crate) tt: TranspositionTable,
    /// The last search's histories; `None` before the first search (or
    /// after one that did not finish).
    pub(crate) histories: Option<Histories>,
    /// The last search's correction history, kept with the histories.
    pub(crate) correction: Option<CorrectionHistory>,
    /// The last search's root.
    pub(crate) last_root: Option<LastRoot>,
}

/// What [`SearchMemory::continues_game`] compares a new root with.
#[derive(Debug, Clone, Copy)]
pub(crate) struct LastRoot {
    zobrist: u64,
    occupancy: Option<u128>,
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
            last_root: None,
        }
    }

    /// Whether a search of `root` after `history` goes on with the game of
    /// the last search on this memory: the last root is the new one, or
    /// among the history's last [`SAME_GAME_PLIES`] positions, or (the
    /// history starts at the last irreversible move, so it often cannot
    /// tell) the two positions' occupied squares differ in at most
    /// [`SAME_GAME_SQUARES`]. Games alike in all but a few squares share
    /// their move-ordering lessons too, so taking one for the other costs
    /// little.
    #[must_use]
    pub(crate) fn continues_game<G: SearchGame>(&self, root: &G, history: &[HistoryEntry]) -> bool {
        let Some(last) = self.last_root else {
            return false;
        };
        last.zobrist == root.zobrist()
            || history
                .iter()
                .rev()
                .take(SAME_GAME_PLIES)
                .any(|entry| entry.zobrist == last.zobrist)
            || last
                .occupancy
                .zip(root.occupancy())
                .is_some_and(|(a, b)| (a ^ b).count_ones() <= SAME_GAME_SQUARES)
    }

    /// Remembers `root` as the last search's.
    pub(crate) fn searched<G: SearchGame>(&mut self, root: &G) {
        self.last_root = Some(LastRoot {
            zobrist: root.zobrist(),
            occupancy: root.occupancy(),
        });
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
        search_request(memory, &request);
    }

    fn search_request(memory: &mut SearchMemory, request: &SearchRequest<ChessNode>) {
        let stop = Arc::new(AtomicBool::new(false));
        search(request, &ChessEvaluator, memory, stop, &mut |_| {});
    }

    /// A memory after a timed search from the start, its histories marked.
    fn marked_memory() -> SearchMemory {
        let mut memory = SearchMemory::new(1);
        search_with(&mut memory, timed());
        memory.histories = Some(marked());
        memory
    }

    fn node(fen: &str) -> ChessNode {
        let fen: shakmaty::fen::Fen = fen.parse().expect("a valid FEN");
        ChessNode::new(
            fen.into_position(shakmaty::CastlingMode::Standard)
                .expect("a legal position"),
        )
    }

    /// Another game's position: many occupied squares away from the start.
    fn another_game() -> ChessNode {
        node("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
    }

    fn timed() -> Limits {
        Limits {
            movetime: Some(Duration::from_millis(30)),
            ..Limits::default()
        }
    }

    #[test]
    fn a_timed_search_continues_the_histories_of_the_one_before() {
        let mut memory = marked_memory();
        search_with(&mut memory, timed());
        assert_eq!(mark(&memory), 100 / HISTORY_AGE_DIVISOR);
    }

    #[test]
    fn another_games_search_starts_from_empty_histories() {
        let mut memory = marked_memory();
        search_request(&mut memory, &SearchRequest::new(another_game(), timed()));
        assert_eq!(mark(&memory), 0);
    }

    #[test]
    fn a_search_whose_history_holds_the_last_root_continues() {
        let mut memory = marked_memory();
        // Far from the last root by its squares: only the history tells.
        let mut request = SearchRequest::new(another_game(), timed());
        request.history = vec![HistoryEntry::of(
            &ChessNode::new(shakmaty::Chess::default()),
        )];
        search_request(&mut memory, &request);
        assert_eq!(mark(&memory), 100 / HISTORY_AGE_DIVISOR);
    }

    #[test]
    fn a_position_two_plies_on_continues_without_a_history() {
        let mut memory = marked_memory();
        let after_e4_e5 = node("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
        search_request(&mut memory, &SearchRequest::new(after_e4_e5, timed()));
        assert_eq!(mark(&memory), 100 / HISTORY_AGE_DIVISOR);
    }

    #[test]
    fn a_reproducible_search_starts_from_empty_histories() {
        let mut memory = marked_memory();
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
