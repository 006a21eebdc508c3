//! Singular extensions: whether a node stands on its hash move alone.
//!
//! Where the table holds a lower bound for the hash move from a search
//! nearly as deep, the node is searched again without that move, at half
//! depth, against the stored bound less a margin of 2 × depth:
//! - if no other move reaches that lowered bound, the hash move is singular,
//!   the line the node stands on, and it is searched a ply deeper, so that a
//!   forced line is not cut at the horizon; two plies deeper where the
//!   others fail far below it outside the principal variation, at most
//!   `SearchParams::double_extensions_max` times on one path, so that the
//!   extensions cannot feed on each other without end;
//! - if even the lowered bound beats beta without the hash move, several
//!   moves refute the node, and it is cut now (multi-cut);
//! - if only the stored bound beats beta, others come near the hash move,
//!   which is searched a ply shallower (a negative extension) to pay for
//!   the test.
//!
//! The search without the move (`Searcher::excluded` set at its ply)
//! neither trusts nor writes the table and prunes nothing before the moves
//! (`tree.rs`).

use super::Evaluator;
use super::SearchGame;
use super::engine::Searcher;
use super::node::NodeType;
use super::tt::NO_MOVE;

/// What the test decided for the node.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Singular {
    /// Search the hash move this many plies deeper (2, 1, 0 or -1).
    Extend(i32),
    /// Cut the node with this score.
    Cut(i32),
    /// The search was stopped during the test.
    Stopped,
}

impl<G: SearchGame, E: Evaluator<G> + ?Sized> Searcher<'_, G, E> {
    /// The test of `hash_move` at a node of `depth` whose table entry holds
    /// the lower bound `stored` (see the module doc).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn singular(
        &mut self,
        pos: &G,
        depth: i32,
        ply: usize,
        beta: i32,
        node: NodeType,
        hash_move: u16,
        stored: i32,
    ) -> Singular {
        let singular_beta = stored - 2 * depth;
        self.excluded[ply] = hash_move;
        let score = self.negamax(
            pos,
            (depth - 1) / 2,
            ply,
            singular_beta - 1,
            singular_beta,
            if node == NodeType::Pv {
                NodeType::All
            } else {
                node
            },
            false,
        );
        self.excluded[ply] = NO_MOVE;
        if self.stopped.is_some() {
            Singular::Stopped
        } else if score < singular_beta {
            // Far below even the lowered bound, outside the principal
            // variation, and few enough times on this path: two plies.
            let double = node != NodeType::Pv
                && score < singular_beta - self.params.double_extension_margin
                && self.double_extensions[ply] < self.params.double_extensions_max;
            Singular::Extend(if double { 2 } else { 1 })
        } else if singular_beta >= beta {
            Singular::Cut(singular_beta)
        } else if stored >= beta {
            Singular::Extend(-1)
        } else {
            Singular::Extend(0)
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::chess::ChessNode;
    use crate::chess::tests::position;
    use crate::correction::CorrectionHistory;
    use crate::eval::chess::ChessEvaluator;
    use crate::limits::Clock;
    use crate::ordering::Histories;
    use crate::tt::TranspositionTable;
    use crate::{Limits, SearchRequest};

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    /// The verdict on the first legal move of `fen` at depth 8, the table
    /// claiming `stored` for it, against `beta`; asserts that the test left
    /// no mark on the node (no entry in the table, no move excluded).
    fn verdict(fen: &str, stored: i32, beta: i32) -> Singular {
        verdict_at(fen, stored, beta, NodeType::Cut, 0)
    }

    /// [`verdict`] at a node of type `node` with `doubled` double
    /// extensions on its path.
    fn verdict_at(fen: &str, stored: i32, beta: i32, node: NodeType, doubled: u8) -> Singular {
        let root = ChessNode::new(position(fen));
        let mut moves = Vec::new();
        root.legal_moves(&mut moves);
        let hash_move = ChessNode::move_code(moves[0]);
        let request = SearchRequest::new(root.clone(), Limits::default());
        let mut tt = TranspositionTable::new(1);
        let clock = Clock::new(
            &request.limits,
            root.side_to_move(),
            Arc::new(AtomicBool::new(false)),
        );
        let histories = Histories::new(
            ChessNode::MOVE_CODE_SPACE,
            ChessNode::CAPTURE_KEY_SPACE,
            ChessNode::PIECE_TO_SPACE,
        );
        let mut searcher = Searcher::new(
            &request,
            &ChessEvaluator,
            &mut tt,
            clock,
            histories,
            CorrectionHistory::new(),
        );
        searcher.double_extensions[0] = doubled;
        let verdict = searcher.singular(&root, 8, 0, beta, node, hash_move, stored);
        assert_eq!(searcher.excluded[0], NO_MOVE);
        assert!(searcher.nodes > 0);
        assert!(tt.probe(root.zobrist()).is_none(), "the node was stored");
        verdict
    }

    #[test]
    fn a_hash_move_far_above_the_others_is_extended_twice() {
        assert_eq!(verdict(START, 600, 0), Singular::Extend(2));
    }

    #[test]
    fn a_double_extension_is_one_in_the_principal_variation() {
        assert_eq!(
            verdict_at(START, 600, 0, NodeType::Pv, 0),
            Singular::Extend(1)
        );
    }

    #[test]
    fn double_extensions_stop_at_their_bound_on_a_path() {
        let max = crate::params::CHESS.double_extensions_max;
        assert_eq!(
            verdict_at(START, 600, 0, NodeType::Cut, max - 1),
            Singular::Extend(2)
        );
        assert_eq!(
            verdict_at(START, 600, 0, NodeType::Cut, max),
            Singular::Extend(1)
        );
    }

    #[test]
    fn the_only_legal_move_is_singular() {
        // White's only move is h4-h5, worth far more than the bound the
        // table claims (a queen down, not 30): searched, it would cut;
        // excluded, no move is left and the test fails low, just below the
        // lowered bound: one ply, not two, as no rival was measured.
        let only = "k7/p7/P7/8/7P/8/5q2/7K w - - 0 1";
        assert_eq!(verdict(only, -3_000, -4_000), Singular::Extend(1));
    }

    #[test]
    fn other_moves_beating_beta_cut_the_node() {
        assert_eq!(verdict(START, -300, -400), Singular::Cut(-316));
    }

    #[test]
    fn a_stored_bound_beyond_beta_with_rivals_near_is_searched_shallower() {
        assert_eq!(verdict(START, -290, -300), Singular::Extend(-1));
    }

    #[test]
    fn rivals_near_a_bound_below_beta_change_nothing() {
        assert_eq!(verdict(START, -300, 0), Singular::Extend(0));
    }
}
