//! Xiangqi for the search, over [`arbiter_rules::xiangqi::Position`].

use std::sync::OnceLock;

use arbiter_rules::xiangqi::chase::chased_by;
use arbiter_rules::xiangqi::repetition::{analyse_loop_under, verdict};
use arbiter_rules::xiangqi::{
    CheckTest, Move, MoveLimitCounter, PlyRecord, Position, SquareSet, StatusOptions,
};
use arbiter_rules::{MaterialDraw, Outcome, PieceKind, RuleSet, Side};

use super::correction::structure_hash;
use super::exchange::swap;
use super::params::{self, SearchParams};
use super::wdl::{self, WdlModel};
use super::{NoMoveOutcome, RepetitionLoop, RepetitionVerdict, SearchGame};

/// A xiangqi position with its check status computed once, and the move-limit
/// counter of the line that reached it (checks beyond the discount do not
/// advance it, exactly as in the game record).
#[derive(Debug, Clone)]
pub struct XiangqiNode {
    position: Position,
    in_check: bool,
    /// Whether a move gives check, worked out once for all the moves the
    /// node plays: cheaper than tracing every line to the general after
    /// each of them.
    check_test: OnceLock<CheckTest>,
    limit: MoveLimitCounter,
    /// Checks per side that still advance the move-limit counter.
    check_discount: u32,
}

impl XiangqiNode {
    /// A node whose move-limit counter starts at the FEN's halfmove clock with no
    /// checks counted, under the default check discount.
    #[must_use]
    pub fn new(position: Position) -> Self {
        let limit = MoveLimitCounter::new(position.halfmove_clock());
        XiangqiNode::with_move_limit(position, limit, StatusOptions::default().check_discount)
    }

    /// A node whose move-limit counter continues from a game's record, under the
    /// request's check discount.
    #[must_use]
    pub fn with_move_limit(
        position: Position,
        limit: MoveLimitCounter,
        check_discount: u32,
    ) -> Self {
        let in_check = position.in_check();
        XiangqiNode {
            position,
            in_check,
            check_test: OnceLock::new(),
            limit,
            check_discount,
        }
    }

    /// The position the node stands for.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The move-limit counter of the line that reached this node.
    #[must_use]
    pub fn move_limit_counter(&self) -> MoveLimitCounter {
        self.limit
    }

    /// The ruling of `rule` (AXF or the Chinese rules) on a loop of `moves` played from
    /// this position back to it, replayed with the classes the game record would give
    /// them. `None` if the moves do not form such a loop (a hash collision).
    fn rule_chase_loop(&self, rule: RuleSet, moves: &[Move]) -> Option<RepetitionVerdict> {
        let start = &self.position;
        let mut pos = start.clone();
        let mut plies = Vec::with_capacity(moves.len());
        for &mv in moves {
            if !pos.is_legal(mv) {
                return None;
            }
            let before = pos.clone();
            let mover = pos.side_to_move();
            if pos.play(mv).is_some() {
                return None;
            }
            plies.push(PlyRecord {
                mv,
                mover,
                captured: None,
                gives_check: pos.in_check(),
                zobrist_after: pos.zobrist(),
                limit_counter: 0,
                // The Chinese rules class the moves themselves.
                chased: if rule == RuleSet::Chinese {
                    SquareSet::default()
                } else {
                    chased_by(&before, &pos, mv)
                },
            });
        }
        if pos.zobrist() != start.zobrist() {
            return None;
        }
        let ([red, black], _) = analyse_loop_under(rule, start, &plies);
        Some(match verdict(rule, red.status, black.status).0 {
            Outcome::Decisive { winner, .. } if winner == start.side_to_move() => {
                RepetitionVerdict::SideToMoveWins
            }
            Outcome::Decisive { .. } => RepetitionVerdict::SideToMoveLoses,
            _ => RepetitionVerdict::Draw,
        })
    }
}

/// The 90 squares' bits in 64: the high 26 bits scattered by an odd
/// multiplier over the low 64, so that every square counts.
fn fold(bits: u128) -> u64 {
    (bits as u64) ^ ((bits >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

impl From<Position> for XiangqiNode {
    fn from(position: Position) -> Self {
        XiangqiNode::new(position)
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
        // Chess kinds never stand on a xiangqi board.
        PieceKind::Pawn
        | PieceKind::Knight
        | PieceKind::Bishop
        | PieceKind::Rook
        | PieceKind::Queen
        | PieceKind::King => 0,
    }
}

/// Recapturers are tried least valuable first.
const EXCHANGE_ORDER: [PieceKind; 7] = [
    PieceKind::Soldier,
    PieceKind::Advisor,
    PieceKind::Elephant,
    PieceKind::Horse,
    PieceKind::Cannon,
    PieceKind::Chariot,
    PieceKind::General,
];

/// Static exchange on `mv.to` of a move taking a piece worth `victim` (0 for
/// a quiet move): attackers are recomputed after every capture,
/// because a piece taken off the board can unblock a chariot or a horse's leg and
/// give a cannon its screen or take it away. Pins are ignored, as in chess
/// engines; a general that would be recaptured is worth so much that its side
/// stops before it.
fn static_exchange(position: &Position, mv: Move, mover: PieceKind, victim: i32) -> i32 {
    let target = mv.to.index();
    let mut occupied = position.occupied() ^ mv.from.bit();
    let mut side = position.side_to_move().opponent();
    swap(victim, kind_value(mover), || {
        let theirs = position.side_bits(side) & occupied;
        let attackers = position.attackers_with(target, side, occupied, theirs);
        let (square, kind) = EXCHANGE_ORDER.iter().find_map(|&kind| {
            let of_kind = attackers & position.pieces(side, kind);
            (of_kind != 0).then(|| (of_kind.trailing_zeros(), kind))
        })?;
        occupied ^= 1u128 << square;
        side = side.opponent();
        Some(kind_value(kind))
    })
}

/// No capture history (the default [`SearchGame::capture_key`]): chess's
/// passed its sequential test, xiangqi's did not (BENCHMARKS.md, "Engine
/// changes").
impl SearchGame for XiangqiNode {
    type Move = Move;
    type Rules = StatusOptions;

    /// from (7 bits) | to (7 bits).
    const MOVE_CODE_SPACE: usize = 1 << 14;
    const PARAMS: SearchParams = params::XIANGQI;
    const WDL: WdlModel = wdl::XIANGQI;

    fn side_to_move(&self) -> Side {
        self.position.side_to_move()
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        out.extend_from_slice(&self.position.legal_moves());
    }

    fn tactical_moves(&self, out: &mut Vec<Move>) {
        out.extend_from_slice(&self.position.legal_captures());
    }

    fn play(&self, mv: Move) -> Self {
        let mut position = self.position.clone();
        let mover = position.side_to_move();
        let in_check = self
            .check_test
            .get_or_init(|| self.position.check_test())
            .gives_check(&self.position, mv);
        let captured = position.play(mv).is_some();
        let mut limit = self.limit;
        limit.advance(mover, captured, in_check, self.check_discount);
        XiangqiNode {
            position,
            in_check,
            check_test: OnceLock::new(),
            limit,
            check_discount: self.check_discount,
        }
    }

    fn play_null(&self) -> Option<Self> {
        let mover = self.position.side_to_move();
        // Without a chariot, horse or cannon, positions of generals, advisors,
        // elephants and soldiers are often zugzwang: passing would be the best
        // move, and the null move would lie about it.
        let attackers = self.position.pieces(mover, PieceKind::Chariot)
            | self.position.pieces(mover, PieceKind::Horse)
            | self.position.pieces(mover, PieceKind::Cannon);
        if attackers == 0 {
            return None;
        }
        self.position.null_move().map(|position| {
            let mut limit = self.limit;
            limit.advance(mover, false, false, self.check_discount);
            XiangqiNode {
                in_check: position.in_check(),
                position,
                check_test: OnceLock::new(),
                limit,
                check_discount: self.check_discount,
            }
        })
    }

    fn zobrist(&self) -> u64 {
        self.position.zobrist()
    }

    /// Soldiers, advisors and elephants: the chains a soldier push changes
    /// slowly and the defence whose gaps cannons and horses exploit, the
    /// structures the evaluation misjudges the same way every time.
    fn structure_key(&self) -> Option<u64> {
        let structure = |side| {
            let p = &self.position;
            fold(
                p.pieces(side, PieceKind::Soldier)
                    | p.pieces(side, PieceKind::Advisor)
                    | p.pieces(side, PieceKind::Elephant),
            )
        };
        Some(structure_hash(
            structure(Side::White),
            structure(Side::Black),
        ))
    }

    fn occupancy(&self) -> Option<u128> {
        Some(self.position.occupied())
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

    fn static_exchange(&self, mv: Move) -> Option<i32> {
        let victim = self.position.piece_at(mv.to)?.kind;
        let mover = self.position.piece_at(mv.from)?.kind;
        let (victim_value, mover_value) = (kind_value(victim), kind_value(mover));
        if victim_value >= mover_value {
            return Some(victim_value - mover_value);
        }
        Some(static_exchange(&self.position, mv, mover, victim_value))
    }

    fn quiet_exchange(&self, mv: Move) -> Option<i32> {
        if self.position.piece_at(mv.to).is_some() {
            return None;
        }
        let mover = self.position.piece_at(mv.from)?.kind;
        Some(static_exchange(&self.position, mv, mover, 0))
    }

    /// No legal move loses in xiangqi, checkmate or stalemate alike.
    fn no_move_outcome(&self, _in_check: bool) -> NoMoveOutcome {
        NoMoveOutcome::Loss
    }

    fn reversible_plies(&self) -> u32 {
        self.position.halfmove_clock()
    }

    fn rule_draw(&self, rules: &StatusOptions) -> bool {
        (rules.move_limit_plies > 0 && self.limit.value() >= rules.move_limit_plies)
            || (rules.material_draw == MaterialDraw::Basic && self.position.only_defenders_left())
    }

    fn repetition_history_occurrences(rules: &StatusOptions) -> usize {
        rules.repetition_count.clamp(2, 3) as usize - 1
    }

    fn judge_repetition(rules: &StatusOptions, repetition: RepetitionLoop) -> RepetitionVerdict {
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

    /// Perpetual check first (it outranks a chase, a lone perpetual checker loses
    /// under the Chinese rules too, and SIMPLE knows nothing else); under AXF and
    /// the Chinese rules, when neither side checked throughout, the loop is
    /// replayed and each side's moves classed as the game record classes them.
    fn judge_repetition_loop(
        &self,
        rules: &StatusOptions,
        repetition: RepetitionLoop,
        moves: Option<&[Move]>,
    ) -> RepetitionVerdict {
        let checks_decide = matches!(rules.rule_set, RuleSet::Simple | RuleSet::Casual)
            || repetition.mover_checked_throughout
            || repetition.side_to_move_checked_throughout;
        if checks_decide {
            return Self::judge_repetition(rules, repetition);
        }
        moves
            .and_then(|moves| self.rule_chase_loop(rules.rule_set, moves))
            .unwrap_or(RepetitionVerdict::Draw)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use arbiter_rules::Strictness;
    use arbiter_rules::xiangqi::notation::parse_iccs;

    fn exchange(fen: &str, iccs: &str) -> Option<i32> {
        let node = XiangqiNode::new(Position::from_fen(fen, Strictness::Strict).unwrap());
        node.static_exchange(parse_iccs(iccs).unwrap())
    }

    fn structure_key(fen: &str) -> Option<u64> {
        XiangqiNode::new(Position::from_fen(fen, Strictness::Strict).unwrap()).structure_key()
    }

    #[test]
    fn the_structure_key_follows_soldiers_and_defenders_only() {
        let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
        // A cannon moved: the same structure.
        let cannon = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1";
        // A soldier pushed, an elephant moved: other structures.
        let soldier = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/2P6/P3P1P1P/1C5C1/9/RNBAKABNR b - - 0 1";
        let elephant = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2B2C1/9/RN1AKABNR b - - 1 1";
        // A black soldier pushed.
        let black_soldier = "rnbakabnr/9/1c5c1/p1p1p3p/6p2/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 2";
        let key = structure_key(start);
        assert!(key.is_some());
        assert_eq!(structure_key(cannon), key);
        for other in [soldier, elephant, black_soldier] {
            assert_ne!(structure_key(other), key, "{other}");
        }
    }

    #[test]
    fn undefended_victim_is_won() {
        assert_eq!(
            exchange("3k5/9/9/9/4p4/9/9/9/4R4/5K3 w - - 0 1", "e1e5"),
            Some(150)
        );
    }

    #[test]
    fn chariot_for_a_soldier_defended_by_a_horse_loses() {
        assert_eq!(
            exchange("3k5/9/3n5/9/4p4/9/9/9/4R4/5K3 w - - 0 1", "e1e5"),
            Some(150 - 900)
        );
    }

    #[test]
    fn a_cannon_behind_its_screen_defends() {
        assert_eq!(
            exchange("3kc4/9/4n4/9/4n4/9/9/9/4R4/5K3 w - - 0 1", "e1e5"),
            Some(420 - 900)
        );
    }

    #[test]
    fn the_capturer_leaving_takes_a_cannon_its_screen() {
        // The black cannon on e0 sees e5 only over the chariot on e1, which is the
        // piece that captures.
        assert_eq!(
            exchange("3k5/9/9/9/4n4/9/9/9/4R4/4cK3 w - - 0 1", "e1e5"),
            Some(420)
        );
    }

    #[test]
    fn a_quiet_move_stands_to_lose_what_arrives() {
        let quiet = |fen: &str, iccs: &str| {
            let node = XiangqiNode::new(Position::from_fen(fen, Strictness::Strict).unwrap());
            node.quiet_exchange(parse_iccs(iccs).unwrap())
        };
        // The chariot steps where a horse takes it.
        let fen = "3k5/9/3n5/9/9/9/9/9/4R4/5K3 w - - 0 1";
        assert_eq!(quiet(fen, "e1e5"), Some(-900));
        assert_eq!(quiet(fen, "e1e2"), Some(0));
        // A capture has its own exchange.
        assert_eq!(quiet("3k5/9/9/9/4p4/9/9/9/4R4/5K3 w - - 0 1", "e1e5"), None);
    }

    #[test]
    fn non_captures_have_no_exchange() {
        assert_eq!(
            exchange("3k5/9/9/9/4p4/9/9/9/4R4/5K3 w - - 0 1", "e1e2"),
            None
        );
    }
}
