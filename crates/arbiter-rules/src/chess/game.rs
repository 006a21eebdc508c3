//! A chess game as the service sees it: a start position and its history,
//! replayed once, with the FIDE endings (automatic ones and claims) and the
//! repetition window they are judged from.

use std::cell::OnceCell;

use shakmaty::{Move, MoveList, Position, san::SanPlus, variant::VariantPosition};

use crate::{
    FenError, IllegalMove, IllegalReason, InputError, LoadOptions, MoveCoordinates, MoveInfo,
    Notation, OptionError, Outcome, PerftReport, Reason, RepetitionInfo, RuleOptions, RuleSet,
    Status, Variant, Verdict,
};

use super::fen;
use super::move_error::{MoveError, MoveParseError};
use super::notation::*;
use super::order::in_uci_order;
use super::validate;
use super::variant::{ChessRules, variant_ending};
use super::zobrist::{self, hash};

/// FIDE 9.2 / 9.6.1: threefold is claimable, fivefold ends the game.
const CLAIMABLE_REPETITIONS: u32 = 3;
const AUTOMATIC_REPETITIONS: u32 = 5;
/// FIDE 9.3 / 9.6.2, in plies.
const CLAIMABLE_HALFMOVES: u32 = 100;
const AUTOMATIC_HALFMOVES: u32 = 150;

/// A chess game of any chess variant: a start position and the legal moves
/// played from it.
#[derive(Debug, Clone)]
pub struct ChessGame {
    position: VariantPosition,
    rules: ChessRules,
    /// Zobrist hash of every position since the last irreversible move, the
    /// current one last.
    window: Vec<u64>,
    /// Index into the history of the move that produced `window[i]`, for
    /// i ≥ 1 (`window[0]` follows move `window_start_ply - 1`, or is the FEN).
    window_start_ply: usize,
    plies: usize,
    /// Chess960: castling may also be written as the king's move to its
    /// castling square (`e1g1`), where that names one castling.
    king_square_castling: bool,
    /// The current position's legal moves, once a described move list has
    /// generated them: its outcome (mate or stalemate) then needs no second
    /// generation.
    legal: OnceCell<Box<MoveList>>,
}

impl ChessGame {
    /// Replays `moves` from `fen` (empty = the variant's start position)
    /// under the chess variant `variant`.
    pub fn load(
        variant: Variant,
        fen: &str,
        moves: &[impl AsRef<str>],
        options: LoadOptions,
    ) -> Result<Self, InputError> {
        let Some(rules) = ChessRules::of(variant) else {
            return Err(OptionError::NotChess.into());
        };
        if options.one_based {
            return Err(OptionError::OneBasedForChess.into());
        }
        let position = if fen.trim().is_empty() {
            rules.start_position()
        } else if rules.is_standard() {
            VariantPosition::Chess(fen::parse(fen, options.strictness).map_err(FenError::Chess)?)
        } else {
            fen::parse_variant(fen, rules, options.strictness).map_err(FenError::Chess)?
        };
        let mut game = ChessGame {
            window: vec![hash(&position)],
            position,
            rules,
            window_start_ply: 0,
            plies: 0,
            king_square_castling: options.king_square_castling,
            legal: OnceCell::new(),
        };
        for (index, text) in moves.iter().enumerate() {
            let text = text.as_ref();
            let parsed = game.read(text);
            // A move that parsed is legal, so the side to move has one: no
            // need to generate them all again just to rule out mate.
            let has_moves = parsed.is_ok() || !game.position.legal_moves().is_empty();
            let outcome = game.outcome_given_moves(has_moves);
            let refused = |error: MoveError| InputError::HistoryMove {
                index,
                error: crate::MoveError::Chess(error),
            };
            if outcome.is_over() {
                return Err(refused(MoveError::AfterGameEnd {
                    text: text.to_owned(),
                    outcome,
                }));
            }
            let m = parsed.map_err(|e| refused(game.explain(e)))?;
            game.play(m);
        }
        Ok(game)
    }

    fn play(&mut self, m: Move) {
        let irreversible = self.position.is_irreversible(m);
        // The carried hash knows chess's moves only; a variant's position is
        // hashed afresh.
        let carry = match (&self.position, self.window.last()) {
            (VariantPosition::Chess(chess), Some(&current)) => {
                zobrist::Carry::before(current, chess, m)
            }
            _ => None,
        };
        self.position.play_unchecked(m);
        self.legal.take();
        self.plies += 1;
        let next = match (&self.position, carry) {
            (VariantPosition::Chess(chess), Some(carry)) => carry.after(chess),
            _ => hash(&self.position),
        };
        debug_assert_eq!(next, hash(&self.position));
        if irreversible {
            self.window.clear();
            self.window_start_ply = self.plies;
        }
        self.window.push(next);
    }

    /// Reads a move of the current position in UCI or SAN, in the notation
    /// the game was loaded with (see [`parse_move`]): the legal move, or why
    /// the text names none, an illegal move explained in the words (and the
    /// castling notation) of the game's history errors.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        self.read(text).map_err(|error| self.explain(error))
    }

    /// [`Self::parse_move`] before a refusal is explained.
    fn read(&self, text: &str) -> Result<Move, MoveParseError> {
        match parse_move(&self.position, text) {
            Err(MoveParseError::IllegalUci(uci)) if self.king_square_castling => {
                castling_by_king_square(&self.position, uci).ok_or(MoveParseError::IllegalUci(uci))
            }
            parsed => parsed,
        }
    }

    /// A refused reading as the game reports it, in its castling notation.
    fn explain(&self, error: MoveParseError) -> MoveError {
        error.explain(|uci| self.diagnose(uci))
    }

    /// Why the UCI move `uci` is not legal here, in the notation the game was
    /// loaded with.
    fn diagnose(&self, uci: shakmaty::uci::UciMove) -> IllegalMove {
        let (reason, detail) =
            validate::diagnose_in(&self.position, uci, self.king_square_castling);
        IllegalMove { reason, detail }
    }

    /// The position after the history.
    #[must_use]
    pub fn position(&self) -> &VariantPosition {
        &self.position
    }

    /// Zobrist hashes since the last irreversible move, current last.
    #[must_use]
    pub fn window(&self) -> &[u64] {
        &self.window
    }

    /// Describes a legal move of the current position.
    #[must_use]
    fn describe(&self, m: Move) -> MoveInfo {
        describe_among(&self.position, m, self.legal())
    }

    /// Hands each legal move's description, in UCI order, to `each`, which
    /// can write it out at once instead of keeping a list.
    pub fn describe_legal_moves(&self, each: impl FnMut(&MoveInfo)) {
        describe_all(&self.position, self.legal(), each);
    }

    /// Hands every legal move, in UCI only, to `each` in UCI order. The moves
    /// are kept, as for a described list, so the status that follows needs
    /// no second generation.
    pub fn list_legal_move_coordinates(&self, mut each: impl FnMut(&MoveCoordinates)) {
        let mode = self.position.castles().mode();
        let mut coordinates = MoveCoordinates {
            uci: Notation::new(),
            uci_one_based: None,
            forbidden_repetition: None,
        };
        for m in in_uci_order(self.legal(), mode) {
            coordinates.uci = uci_text(m.to_uci(mode));
            each(&coordinates);
        }
    }

    fn occurrences(&self) -> u32 {
        let Some(&current) = self.window.last() else {
            return 0;
        };
        // Same side to move: every second entry from the end.
        let count = self
            .window
            .iter()
            .rev()
            .step_by(2)
            .filter(|&&h| h == current)
            .count();
        u32::try_from(count).unwrap_or(u32::MAX)
    }

    /// Endings that need no claim: mate, stalemate, dead position, fivefold,
    /// seventy-five moves. Precedence follows FIDE: mate stands over 9.6.2.
    fn automatic_outcome(&self) -> Outcome {
        let has_moves = match self.legal.get() {
            Some(legal) => !legal.is_empty(),
            None => !self.position.legal_moves().is_empty(),
        };
        self.outcome_given_moves(has_moves)
    }

    /// The legal moves, kept for the rest of the call once a described move
    /// list (or a description) has asked for them. A status alone generates
    /// them on the stack instead, with no copy to the heap.
    fn legal(&self) -> &MoveList {
        self.legal
            .get_or_init(|| Box::new(self.position.legal_moves()))
    }

    /// [`Self::automatic_outcome`] when the caller already knows whether
    /// the side to move has a legal move.
    fn outcome_given_moves(&self, has_moves: bool) -> Outcome {
        let pos = &self.position;
        if self.rules.has_variant_endings() {
            let ending = variant_ending(pos);
            if ending.is_over() {
                return ending;
            }
        }
        if !has_moves {
            return if pos.is_check() {
                Outcome::Decisive {
                    winner: side(!pos.turn()),
                    reason: Reason::Checkmate,
                }
            } else {
                Outcome::Draw {
                    reason: Reason::Stalemate,
                }
            };
        }
        if pos.is_insufficient_material() {
            return Outcome::Draw {
                reason: Reason::InsufficientMaterial,
            };
        }
        if self.occurrences() >= AUTOMATIC_REPETITIONS {
            return Outcome::Draw {
                reason: Reason::FivefoldRepetition,
            };
        }
        if pos.halfmoves() >= AUTOMATIC_HALFMOVES {
            return Outcome::Draw {
                reason: Reason::SeventyFiveMoveRule,
            };
        }
        Outcome::Ongoing
    }

    /// The game's status under FIDE rules (the only rule set chess has).
    pub fn status(&self, options: &RuleOptions) -> Result<Status, OptionError> {
        check_rule_set(options)?;
        let pos = &self.position;
        let occurrences = self.occurrences();
        let mut claimable = Vec::new();
        let mut outcome = self.automatic_outcome();
        if !outcome.is_over() {
            if occurrences >= CLAIMABLE_REPETITIONS {
                claimable.push(Reason::ThreefoldRepetition);
            }
            if pos.halfmoves() >= CLAIMABLE_HALFMOVES {
                claimable.push(Reason::FiftyMoveRule);
            }
            if options.claim_draws
                && let Some(&reason) = claimable.first()
            {
                outcome = Outcome::Draw { reason };
                claimable.clear();
            }
        }
        let repetition = (occurrences >= 2).then(|| self.repetition_info(occurrences));
        Ok(Status {
            fen: fen::format(pos),
            side_to_move: side(pos.turn()),
            in_check: pos.is_check(),
            outcome,
            offender: None,
            rule_set: RuleSet::Fide,
            claimable_draws: claimable,
            halfmove_clock: pos.halfmoves(),
            fullmove_number: pos.fullmoves().get(),
            repetition,
            move_limit_counter: 0,
        })
    }

    fn repetition_info(&self, occurrences: u32) -> RepetitionInfo {
        let current = self.window.last().copied().unwrap_or_default();
        let first = self.window.iter().position(|&h| h == current).unwrap_or(0);
        let last_ply = self.plies.saturating_sub(1);
        let first_ply = self.window_start_ply + first;
        let adjudicated = occurrences >= CLAIMABLE_REPETITIONS;
        let explanation = format!(
            "the position has occurred {occurrences} times; {}",
            if occurrences >= AUTOMATIC_REPETITIONS {
                "the fivefold repetition ends the game (FIDE 9.6.1)"
            } else if occurrences >= CLAIMABLE_REPETITIONS {
                "the side to move may claim a draw (FIDE 9.2); five occurrences end the game"
            } else {
                "a draw can be claimed at three occurrences"
            }
        );
        RepetitionInfo {
            occurrences,
            adjudicated,
            loop_first_ply: u32::try_from(first_ply).unwrap_or(u32::MAX),
            loop_last_ply: u32::try_from(last_ply).unwrap_or(u32::MAX),
            white_status: None,
            black_status: None,
            chased: Vec::new(),
            explanation,
            loop_moves: Vec::new(),
        }
    }

    /// Judges a candidate move given as text.
    pub fn validate(&self, text: &str, options: &RuleOptions) -> Result<Verdict, InputError> {
        match self.judge(text, options)? {
            Ok(m) => {
                let mut after = self.clone();
                after.legal_verdict(m, options)
            }
            Err(illegal) => Ok(illegal),
        }
    }

    /// [`Self::validate`] that also plays the move when it is legal, in place:
    /// a game followed move by move costs one move per move, not a copy.
    pub fn play_text(&mut self, text: &str, options: &RuleOptions) -> Result<Verdict, InputError> {
        match self.judge(text, options)? {
            Ok(m) => self.legal_verdict(m, options),
            Err(illegal) => Ok(illegal),
        }
    }

    /// Plays the legal move `m` on `self` and describes it with the status after it.
    fn legal_verdict(&mut self, m: Move, options: &RuleOptions) -> Result<Verdict, InputError> {
        let info = self.describe(m);
        self.play(m);
        let status_after = self.status(options)?;
        Ok(Verdict::Legal {
            info,
            fen_after: status_after.fen.clone(),
            status_after: Box::new(status_after),
        })
    }

    /// The legal move `text` names, or the verdict on an illegal one.
    fn judge(
        &self,
        text: &str,
        options: &RuleOptions,
    ) -> Result<Result<Move, Verdict>, InputError> {
        check_rule_set(options)?;
        let parsed = match self.read(text) {
            Err(MoveParseError::Syntax(syntax)) => {
                return Err(InputError::CandidateMove(crate::MoveError::Chess(
                    MoveError::Syntax(syntax),
                )));
            }
            parsed => parsed,
        };
        let status = self.status(options)?;
        if status.outcome.is_over() {
            return Ok(Err(Verdict::Illegal {
                reason: IllegalReason::GameOver,
                detail: format!("the game is over: {}", status.outcome),
            }));
        }
        let error = match parsed {
            Ok(m) => return Ok(Ok(m)),
            Err(error @ MoveParseError::IllegalSan(_)) => {
                // A text that names exactly one piece able to make the move by its
                // geometry gets that piece's precise reason, as coordinates would.
                let sole = text
                    .trim()
                    .parse::<SanPlus>()
                    .ok()
                    .and_then(|san| validate::sole_candidate(&self.position, &san.san));
                match sole {
                    Some(uci) => MoveError::Illegal(self.diagnose(uci)),
                    None => self.explain(error),
                }
            }
            Err(error) => self.explain(error),
        };
        match error {
            MoveError::Illegal(IllegalMove { reason, detail }) => {
                Ok(Err(Verdict::Illegal { reason, detail }))
            }
            // Syntax was answered above; explaining makes no other error.
            other => Err(InputError::CandidateMove(crate::MoveError::Chess(other))),
        }
    }

    /// Per-root-move counts at `depth` ≥ 2 for [`crate::Game::perft_until`]:
    /// `None` when `stop` said so before a root move.
    pub(crate) fn perft_rows(
        &self,
        depth: u32,
        stop: &dyn Fn() -> bool,
    ) -> Option<Vec<(String, u64)>> {
        let mut rows = Vec::new();
        for m in self.position.legal_moves() {
            if stop() {
                return None;
            }
            let mut child = self.position.clone();
            child.play_unchecked(m);
            rows.push((
                m.to_uci(self.position.castles().mode()).to_string(),
                shakmaty::perft(&child, depth - 1),
            ));
        }
        Some(rows)
    }

    /// Leaf nodes `depth` plies below the position after the history; with
    /// `divide`, the count below each legal move too, sorted by move.
    #[must_use]
    pub fn perft(&self, depth: u32, divide: bool) -> PerftReport {
        if !divide || depth == 0 {
            return PerftReport {
                nodes: shakmaty::perft(&self.position, depth),
                divide: Vec::new(),
            };
        }
        let mut rows: Vec<(String, u64)> = self
            .position
            .legal_moves()
            .into_iter()
            .map(|m| {
                let mut child = self.position.clone();
                child.play_unchecked(m);
                (
                    m.to_uci(self.position.castles().mode()).to_string(),
                    shakmaty::perft(&child, depth - 1),
                )
            })
            .collect();
        rows.sort();
        PerftReport {
            nodes: rows.iter().map(|(_, n)| n).sum(),
            divide: rows,
        }
    }
}

/// Refuses a rule set other than FIDE, the only one chess has; `None` means FIDE.
pub(crate) fn check_rule_set(options: &RuleOptions) -> Result<(), OptionError> {
    match options.rule_set {
        None | Some(RuleSet::Fide) => Ok(()),
        Some(other) => Err(OptionError::XiangqiRuleSetForChess(other)),
    }
}
