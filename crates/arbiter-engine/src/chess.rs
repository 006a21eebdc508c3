//! Western chess for the search, over shakmaty.

use shakmaty::zobrist::Zobrist64;
use shakmaty::{Bitboard, Board, Chess, EnPassantMode, Move, Position, Role, Square};

use super::correction::structure_hash;
use super::exchange::swap;
use super::params::{self, SearchParams};
use super::wdl::{self, WdlModel};
use super::{NoMoveOutcome, RepetitionLoop, RepetitionVerdict, SearchGame};
use arbiter_rules::Side;

mod tactical;

/// A chess position with its hash and check status computed once, since the
/// search asks for them at every node.
#[derive(Debug, Clone)]
pub struct ChessNode {
    position: Chess,
    hash: u64,
    in_check: bool,
}

impl ChessNode {
    /// A node for `position`, hashing it once.
    #[must_use]
    pub fn new(position: Chess) -> Self {
        let hash = position.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0;
        Self::with_hash(position, hash)
    }

    fn with_hash(position: Chess, hash: u64) -> Self {
        let in_check = position.is_check();
        ChessNode {
            position,
            hash,
            in_check,
        }
    }

    /// The position the node stands for.
    #[must_use]
    pub fn position(&self) -> &Chess {
        &self.position
    }
}

impl From<Chess> for ChessNode {
    fn from(position: Chess) -> Self {
        ChessNode::new(position)
    }
}

/// FIDE draw rules the search applies.
#[derive(Debug, Clone)]
pub struct ChessRules {
    /// Score positions with 100 reversible plies as draws (FIDE 9.3).
    pub fifty_move_rule: bool,
}

impl Default for ChessRules {
    fn default() -> Self {
        ChessRules {
            fifty_move_rule: true,
        }
    }
}

/// Centipawn values for MVV-LVA and delta pruning.
#[must_use]
pub const fn role_value(role: Role) -> i32 {
    match role {
        Role::Pawn => 100,
        Role::Knight => 320,
        Role::Bishop => 330,
        Role::Rook => 500,
        Role::Queen => 900,
        Role::King => 2_000,
    }
}

/// Static exchange on `to` of a move from `from` that takes `victim` (worth
/// 0 for a quiet move): both sides recapture with their least valuable
/// attacker, x-rays included (an attacker taken off the board uncovers the
/// slider behind it).
fn static_exchange(board: &Board, from: Square, to: Square, mover: Role, victim: i32) -> i32 {
    let mut occupied = board.occupied() ^ Bitboard::from(from);
    let Some(mover_color) = board.color_at(from) else {
        return victim;
    };
    // Most moves land where no enemy piece attacks (the ordering asks this
    // of every quiet move): nothing to swap.
    if (board.attacks_to(to, !mover_color, occupied) & occupied).is_empty() {
        return victim;
    }
    let mut side = !mover_color;
    swap(victim, role_value(mover), || {
        let attackers = board.attacks_to(to, side, occupied) & occupied;
        let (square, role) = Role::ALL.iter().find_map(|&role| {
            (attackers & board.by_role(role))
                .first()
                .map(|sq| (sq, role))
        })?;
        occupied ^= Bitboard::from(square);
        side = !side;
        Some(role_value(role))
    })
}

impl SearchGame for ChessNode {
    type Move = Move;
    type Rules = ChessRules;

    /// from (6 bits) | to (6 bits) | promotion role (0-6) << 12.
    const MOVE_CODE_SPACE: usize = 7 << 12;
    /// mover role (1-6) × 64 target squares × captured role (1-6), as below.
    const CAPTURE_KEY_SPACE: usize = 8 * 64 * 8;
    /// side (2) × role (1-6) × 64 target squares, as below.
    const PIECE_TO_SPACE: usize = 2 * 8 * 64;
    const PARAMS: SearchParams = params::CHESS;
    const WDL: WdlModel = wdl::CHESS;

    fn side_to_move(&self) -> Side {
        match self.position.turn() {
            shakmaty::Color::White => Side::White,
            shakmaty::Color::Black => Side::Black,
        }
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        out.extend_from_slice(&self.position.legal_moves());
    }

    fn tactical_moves(&self, out: &mut Vec<Move>) {
        if self.in_check {
            out.extend(
                self.position
                    .legal_moves()
                    .into_iter()
                    .filter(|m| m.is_capture() || m.promotion() == Some(Role::Queen)),
            );
        } else {
            tactical::tactical_moves(&self.position, out);
        }
    }

    fn play(&self, mv: Move) -> Self {
        // Updated from the parent's hash where shakmaty can (most quiet
        // moves and captures), computed afresh otherwise.
        let incremental =
            self.position
                .update_zobrist_hash(Zobrist64(self.hash), mv, EnPassantMode::Legal);
        let mut position = self.position.clone();
        position.play_unchecked(mv);
        match incremental {
            Some(hash) => Self::with_hash(position, hash.0),
            None => ChessNode::new(position),
        }
    }

    fn play_null(&self) -> Option<Self> {
        if self.in_check {
            return None;
        }
        // King and pawns only: zugzwang is common, the null move lies.
        let board = self.position.board();
        let ours = board.by_color(self.position.turn());
        let pieces = ours & !(board.pawns() | board.kings());
        if pieces.is_empty() {
            return None;
        }
        self.position.clone().swap_turn().ok().map(ChessNode::new)
    }

    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn structure_key(&self) -> Option<u64> {
        let board = self.position.board();
        let pawns = board.pawns();
        Some(structure_hash(
            (pawns & board.white()).0,
            (pawns & board.black()).0,
        ))
    }

    fn occupancy(&self) -> Option<u128> {
        Some(u128::from(self.position.board().occupied().0))
    }

    fn in_check(&self) -> bool {
        self.in_check
    }

    fn move_code(mv: Move) -> u16 {
        let from = mv.from().map_or(0, |sq| sq.to_usize() as u16);
        let to = mv.to().to_usize() as u16;
        let promotion = mv.promotion().map_or(0, |r| r as u16);
        from | (to << 6) | (promotion << 12)
    }

    fn capture_values(&self, mv: Move) -> Option<(i32, i32)> {
        mv.capture()
            .map(|victim| (role_value(victim), role_value(mv.role())))
    }

    fn capture_key(&self, mv: Move) -> Option<u16> {
        let victim = mv.capture()?;
        let to = mv.to().to_usize() as u16;
        Some(((mv.role() as u16) << 9) | (to << 3) | victim as u16)
    }

    fn piece_to(&self, mv: Move) -> Option<u16> {
        let side = self.position.turn() as u16;
        Some((side << 9) | ((mv.role() as u16) << 6) | mv.to().to_usize() as u16)
    }

    fn is_tactical(&self, mv: Move) -> bool {
        mv.is_capture() || mv.is_promotion()
    }

    /// Exact where the capture could lose material. A capture of a piece
    /// worth at least the capturer cannot, and gets the cheap lower bound
    /// `victim - capturer` (never negative) instead of the full swap.
    fn static_exchange(&self, mv: Move) -> Option<i32> {
        let (Some(from), Some(victim)) = (mv.from(), mv.capture()) else {
            return None;
        };
        if role_value(victim) >= role_value(mv.role()) {
            return Some(role_value(victim) - role_value(mv.role()));
        }
        Some(static_exchange(
            self.position.board(),
            from,
            mv.to(),
            mv.role(),
            role_value(victim),
        ))
    }

    fn quiet_exchange(&self, mv: Move) -> Option<i32> {
        let Move::Normal {
            role,
            from,
            capture: None,
            to,
            promotion,
        } = mv
        else {
            return None;
        };
        let arriving = promotion.unwrap_or(role);
        Some(static_exchange(
            self.position.board(),
            from,
            to,
            arriving,
            0,
        ))
    }

    fn no_move_outcome(&self, in_check: bool) -> NoMoveOutcome {
        if in_check {
            NoMoveOutcome::Loss
        } else {
            NoMoveOutcome::Draw
        }
    }

    fn reversible_plies(&self) -> u32 {
        self.position.halfmoves()
    }

    fn rule_draw(&self, rules: &ChessRules) -> bool {
        (rules.fifty_move_rule && self.position.halfmoves() >= 100)
            || self.position.is_insufficient_material()
    }

    fn judge_repetition(_: &ChessRules, _: RepetitionLoop) -> RepetitionVerdict {
        RepetitionVerdict::Draw
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
pub(crate) mod tests {
    use super::*;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    /// The position of a test's FEN, standard castling; panics on a bad one.
    pub(crate) fn position(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    /// The incrementally updated hash matches a fresh computation along
    /// every line of a small tree (captures, castling, en passant, promotion).
    /// Every move of `root` and every reply, each with the node it is played from.
    fn first_two_plies(root: &ChessNode) -> Vec<(ChessNode, Move)> {
        let mut moves = Vec::new();
        root.legal_moves(&mut moves);
        let mut all = Vec::new();
        for first in moves {
            let node = root.play(first);
            let mut replies = Vec::new();
            node.legal_moves(&mut replies);
            all.extend(replies.into_iter().map(|mv| (node.clone(), mv)));
            all.push((root.clone(), first));
        }
        all
    }

    #[test]
    fn incremental_hash_matches_full_hash() {
        fn walk(node: &ChessNode, depth: u32) {
            assert_eq!(
                node.zobrist(),
                ChessNode::new(node.position().clone()).zobrist()
            );
            assert_eq!(node.in_check(), node.position().is_check());
            if depth == 0 {
                return;
            }
            let mut moves = Vec::new();
            node.legal_moves(&mut moves);
            for mv in moves {
                walk(&node.play(mv), depth - 1);
            }
        }
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        ] {
            let pos: Chess = position(fen);
            walk(&ChessNode::new(pos), 3);
        }
    }

    #[test]
    fn capture_keys_are_in_range_and_tell_piece_square_and_victim_apart() {
        let mut seen = std::collections::HashMap::new();
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        ] {
            let pos: Chess = position(fen);
            let root = ChessNode::new(pos);
            for (on, mv) in first_two_plies(&root) {
                let Some(key) = on.capture_key(mv) else {
                    assert!(mv.capture().is_none());
                    continue;
                };
                assert!(usize::from(key) < ChessNode::CAPTURE_KEY_SPACE);
                let identity = (mv.role(), mv.to(), mv.capture().unwrap());
                assert_eq!(*seen.entry(key).or_insert(identity), identity);
            }
        }
        assert!(seen.len() > 50);
    }

    #[test]
    fn piece_to_identities_are_in_range_and_tell_side_piece_and_target_apart() {
        let mut seen = std::collections::HashMap::new();
        let root = ChessNode::new(Chess::default());
        for (on, mv) in first_two_plies(&root) {
            let key = on.piece_to(mv).unwrap();
            assert!(usize::from(key) < ChessNode::PIECE_TO_SPACE);
            let identity = (on.position.turn(), mv.role(), mv.to());
            assert_eq!(*seen.entry(key).or_insert(identity), identity);
        }
        assert!(seen.len() > 30);
    }

    fn node_and_move(fen: &str, uci: &str) -> (ChessNode, Move) {
        let pos: Chess = position(fen);
        let mv = uci
            .parse::<shakmaty::uci::UciMove>()
            .unwrap()
            .to_move(&pos)
            .unwrap();
        (ChessNode::new(pos), mv)
    }

    fn exchange(fen: &str, uci: &str) -> Option<i32> {
        let (node, mv) = node_and_move(fen, uci);
        node.static_exchange(mv)
    }

    fn quiet_exchange(fen: &str, uci: &str) -> Option<i32> {
        let (node, mv) = node_and_move(fen, uci);
        node.quiet_exchange(mv)
    }

    #[test]
    fn quiet_exchange_is_what_the_arriving_piece_stands_to_lose() {
        // The rook steps where a pawn takes it.
        assert_eq!(
            quiet_exchange("7k/8/3p4/8/8/8/8/4RK2 w - - 0 1", "e1e5"),
            Some(-500)
        );
        // Nothing attacks its new square.
        assert_eq!(
            quiet_exchange("7k/8/3p4/8/8/8/8/4RK2 w - - 0 1", "e1e2"),
            Some(0)
        );
        // A capture has its own exchange.
        assert_eq!(
            quiet_exchange("4k3/8/8/4p3/8/8/8/4RK2 w - - 0 1", "e1e5"),
            None
        );
    }

    #[test]
    fn static_exchange_counts_recaptures_and_x_rays() {
        // Rook takes a pawn that a pawn defends.
        assert_eq!(
            exchange("4k3/8/3p4/4p3/8/8/8/4RK2 w - - 0 1", "e1e5"),
            Some(100 - 500)
        );
        // The same pawn undefended.
        assert_eq!(
            exchange("4k3/8/8/4p3/8/8/8/4RK2 w - - 0 1", "e1e5"),
            Some(100)
        );
        // Knight takes a pawn a rook defends, our rook behind on the file: the
        // defender declines, since R x N would lose the rook.
        assert_eq!(
            exchange("4r1k1/8/8/4p3/8/3N4/8/4R1K1 w - - 0 1", "d3e5"),
            Some(100)
        );
        // Doubled rooks take a pawn that a pawn defends: the rear rook, seen
        // through the front one, takes back.
        assert_eq!(
            exchange("4k3/8/3p4/4p3/8/8/4R3/4RK2 w - - 0 1", "e2e5"),
            Some(100 - 500 + 100)
        );
        // Not a capture.
        assert_eq!(exchange("4k3/8/8/4p3/8/8/8/4RK2 w - - 0 1", "e1e2"), None);
    }
}
