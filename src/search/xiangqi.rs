//! Xiangqi for the search, over [`crate::game::xiangqi::Position`].

use crate::game::RuleSet;
use crate::game::xiangqi::{Move, PieceKind, Position};

use super::{NoMoveOutcome, RepetitionLoop, RepetitionVerdict, SearchGame};

/// A xiangqi position with its check status computed once.
#[derive(Debug, Clone)]
pub struct XiangqiNode {
    position: Position,
    in_check: bool,
}

impl XiangqiNode {
    #[must_use]
    pub fn new(position: Position) -> Self {
        let in_check = position.in_check();
        XiangqiNode { position, in_check }
    }

    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }
}

impl From<Position> for XiangqiNode {
    fn from(position: Position) -> Self {
        XiangqiNode::new(position)
    }
}

/// The game-end rules the search applies, matching the service's status.
#[derive(Debug, Clone)]
pub struct XiangqiRules {
    /// Plies without capture that draw the game; 0 disables the limit.
    pub move_limit_plies: u32,
    /// How repetitions are judged: under `Axf` and `Simple` the side that
    /// checked on every move of the loop loses; under `Casual` all draw.
    pub rule_set: RuleSet,
    /// Draw when neither side has a chariot, horse, cannon or soldier.
    pub bare_material_draw: bool,
}

impl Default for XiangqiRules {
    fn default() -> Self {
        XiangqiRules {
            move_limit_plies: 120,
            rule_set: RuleSet::Axf,
            bare_material_draw: true,
        }
    }
}

/// Centipawn-scale values for MVV-LVA and delta pruning.
#[must_use]
pub const fn kind_value(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::General => 2_000,
        PieceKind::Advisor => 200,
        PieceKind::Elephant => 200,
        PieceKind::Horse => 420,
        PieceKind::Chariot => 900,
        PieceKind::Cannon => 450,
        PieceKind::Soldier => 150,
    }
}

impl SearchGame for XiangqiNode {
    type Move = Move;
    type Rules = XiangqiRules;

    /// from (7 bits) | to (7 bits).
    const MOVE_CODE_SPACE: usize = 1 << 14;

    fn legal_moves(&self, out: &mut Vec<Move>) {
        out.extend_from_slice(&self.position.legal_moves());
    }

    fn tactical_moves(&self, out: &mut Vec<Move>) {
        let occupied = self.position.occupied_set();
        out.extend(
            self.position
                .legal_moves()
                .iter()
                .filter(|m| occupied.contains(m.to)),
        );
    }

    fn play(&self, mv: Move) -> Self {
        let mut position = self.position.clone();
        position.play(mv);
        XiangqiNode::new(position)
    }

    fn play_null(&self) -> Option<Self> {
        self.position.null_move().map(XiangqiNode::new)
    }

    fn zobrist(&self) -> u64 {
        self.position.zobrist()
    }

    fn in_check(&self) -> bool {
        self.in_check
    }

    fn move_code(mv: Move) -> u16 {
        (mv.from.index() as u16) | ((mv.to.index() as u16) << 7)
    }

    fn capture_values(&self, mv: Move) -> Option<(i32, i32)> {
        let victim = self.position.piece_at(mv.to)?;
        let attacker = self.position.piece_at(mv.from)?;
        Some((kind_value(victim.kind), kind_value(attacker.kind)))
    }

    fn is_tactical(&self, mv: Move) -> bool {
        self.position.piece_at(mv.to).is_some()
    }

    /// No legal move loses in xiangqi, checkmate or stalemate alike.
    fn no_move_outcome(&self, _in_check: bool) -> NoMoveOutcome {
        NoMoveOutcome::Loss
    }

    fn reversible_plies(&self) -> u32 {
        self.position.halfmove_clock()
    }

    fn rule_draw(&self, rules: &XiangqiRules) -> bool {
        (rules.move_limit_plies > 0 && self.position.halfmove_clock() >= rules.move_limit_plies)
            || (rules.bare_material_draw && self.position.only_defenders_left())
    }

    fn judge_repetition(rules: &XiangqiRules, repetition: RepetitionLoop) -> RepetitionVerdict {
        if rules.rule_set == RuleSet::Casual {
            return RepetitionVerdict::Draw;
        }
        match (
            repetition.mover_checked_throughout,
            repetition.side_to_move_checked_throughout,
        ) {
            (true, false) => RepetitionVerdict::SideToMoveWins,
            (false, true) => RepetitionVerdict::SideToMoveLoses,
            _ => RepetitionVerdict::Draw,
        }
    }
}
