//! The Lichess variants for the search (atomic, antichess, king of the hill,
//! three-check, crazyhouse, racing kings, horde), over shakmaty's
//! `VariantPosition`. A variant ending is a terminal node scored like mate
//! (won or lost at its distance from the root); standard chess and Chess960
//! keep the faster `ChessNode`.

use shakmaty::variant::{Variant, VariantPosition};
use shakmaty::zobrist::Zobrist64;
use shakmaty::{EnPassantMode, KnownOutcome, Move, Outcome, Position, Rank, Role, Square};

use super::chess::{ChessRules, role_value};
use super::params::{self, SearchParams};
use super::wdl::{self, WdlModel};
use super::{NoMoveOutcome, RepetitionLoop, RepetitionVerdict, SearchGame};
use arbiter_rules::Side;

/// A variant position with its hash, check status and whether the variant
/// has ended, computed once.
#[derive(Debug, Clone)]
pub struct VariantNode {
    position: VariantPosition,
    hash: u64,
    in_check: bool,
    ended: bool,
}

impl VariantNode {
    /// A node for `position`.
    #[must_use]
    pub fn new(position: VariantPosition) -> Self {
        let hash = position.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0;
        let in_check = position.is_check();
        let ended = position.is_variant_end();
        VariantNode {
            position,
            hash,
            in_check,
            ended,
        }
    }

    /// The position the node stands for.
    #[must_use]
    pub fn position(&self) -> &VariantPosition {
        &self.position
    }
}

const CENTRE: [Square; 4] = [Square::D4, Square::E4, Square::D5, Square::E5];

impl SearchGame for VariantNode {
    type Move = Move;
    type Rules = ChessRules;

    /// from (6 bits) | to (6 bits) | promotion role (0-6) << 12; a drop is
    /// written from its target square with its role as the promotion.
    const MOVE_CODE_SPACE: usize = 7 << 12;
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

    fn play(&self, mv: Move) -> Self {
        let mut position = self.position.clone();
        position.play_unchecked(mv);
        VariantNode::new(position)
    }

    /// Never: zugzwang is everywhere in antichess and racing kings, and a
    /// pass changes the check counts and races of the others.
    fn play_null(&self) -> Option<Self> {
        None
    }

    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn occupancy(&self) -> Option<u128> {
        Some(u128::from(self.position.board().occupied().0))
    }

    fn in_check(&self) -> bool {
        self.in_check
    }

    fn move_code(mv: Move) -> u16 {
        let to = mv.to().to_usize() as u16;
        match mv {
            Move::Put { role, .. } => to | (to << 6) | ((role as u16) << 12),
            _ => {
                let from = mv.from().map_or(0, |sq| sq.to_usize() as u16);
                let promotion = mv.promotion().map_or(0, |r| r as u16);
                from | (to << 6) | (promotion << 12)
            }
        }
    }

    fn capture_values(&self, mv: Move) -> Option<(i32, i32)> {
        mv.capture()
            .map(|victim| (role_value(victim), role_value(mv.role())))
    }

    /// Captures and promotions, and the quiet moves that can end the game at
    /// once (a king onto the hill, a check in three-check, a king onto the
    /// eighth rank in racing kings), so no pruning skips a win.
    fn is_tactical(&self, mv: Move) -> bool {
        if mv.is_capture() || mv.is_promotion() {
            return true;
        }
        match self.position.variant() {
            Variant::KingOfTheHill => mv.role() == Role::King && CENTRE.contains(&mv.to()),
            Variant::RacingKings => mv.role() == Role::King && mv.to().rank() == Rank::Eighth,
            Variant::ThreeCheck => {
                let mut after = self.position.clone();
                after.play_unchecked(mv);
                after.is_check()
            }
            _ => false,
        }
    }

    fn is_terminal(&self) -> bool {
        self.ended
    }

    /// The variant's verdict on a node without moves (every variant ending
    /// is one), else mate or stalemate.
    fn no_move_outcome(&self, in_check: bool) -> NoMoveOutcome {
        match self.position.variant_outcome() {
            Outcome::Known(KnownOutcome::Decisive { winner }) => {
                if winner == self.position.turn() {
                    NoMoveOutcome::Win
                } else {
                    NoMoveOutcome::Loss
                }
            }
            Outcome::Known(KnownOutcome::Draw) => NoMoveOutcome::Draw,
            Outcome::Unknown if in_check => NoMoveOutcome::Loss,
            Outcome::Unknown => NoMoveOutcome::Draw,
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
