//! Singular extensions: whether a node stands on its hash move alone.
//!
//! Where the table holds a lower bound for the hash move from a search
//! nearly as deep, the node is searched again without that move, at half
//! depth, against the stored bound less a margin of 2 × depth:
//! - if no other move reaches that lowered bound, the hash move is singular,
//!   the line the node stands on, and it is searched a ply deeper, so that a
//!   forced line is not cut at the horizon;
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
pub(super) enum Singular {
    /// Search the hash move this many plies deeper (1, 0 or -1).
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
            Singular::Extend(1)
        } else if singular_beta >= beta {
            Singular::Cut(singular_beta)
        } else if stored >= beta {
            Singular::Extend(-1)
        } else {
            Singular::Extend(0)
        }
    }
}
