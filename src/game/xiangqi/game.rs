//! A xiangqi game as the service sees it: a start position and its history,
//! replayed once, with moves described for clients and statuses ruled under
//! the request's options.

use super::{
    FenStrictness, GameRecord, GameStatus, MaterialDraw as XqMaterialDraw, Move, NotationError,
    Piece, PieceKind as XqKind, Position, StatusOptions, notation, perft, perft_divide,
};
use crate::game::{
    IllegalReason, InputError, LoadOptions, MaterialDraw, MoveInfo, Outcome, PerftReport,
    PieceInfo, PieceKind, RepetitionInfo, RuleOptions, RuleSet, Status, Strictness, Verdict,
};

use super::validate::IllegalMoveReason;

/// Longest FEN accepted; a real one is under 100 bytes.
const MAX_FEN_LEN: usize = 256;

/// A loaded xiangqi game.
#[derive(Debug, Clone)]
pub struct XiangqiGame {
    /// The replay, kept open so a candidate move can be pushed onto a copy.
    record: GameRecord,
    status: GameStatus,
    one_based: bool,
    rule_set: RuleSet,
    options: RuleOptions,
}

fn status_options(options: &RuleOptions) -> StatusOptions {
    StatusOptions {
        move_limit_plies: options.move_limit_plies,
        check_discount: options.check_discount,
        material_draw: match options.material_draw {
            MaterialDraw::None => XqMaterialDraw::None,
            MaterialDraw::Basic => XqMaterialDraw::Basic,
        },
    }
}

fn kind(kind: XqKind) -> PieceKind {
    match kind {
        XqKind::General => PieceKind::General,
        XqKind::Advisor => PieceKind::Advisor,
        XqKind::Elephant => PieceKind::Elephant,
        XqKind::Horse => PieceKind::Horse,
        XqKind::Chariot => PieceKind::Chariot,
        XqKind::Cannon => PieceKind::Cannon,
        XqKind::Soldier => PieceKind::Soldier,
    }
}

fn piece(piece: Piece) -> PieceInfo {
    PieceInfo {
        side: piece.side,
        kind: kind(piece.kind),
    }
}

fn illegal_reason(reason: IllegalMoveReason) -> IllegalReason {
    use IllegalMoveReason as X;
    match reason {
        X::NoPiece => IllegalReason::NoPiece,
        X::OpponentPiece => IllegalReason::OpponentPiece,
        X::CapturesOwnPiece => IllegalReason::CapturesOwnPiece,
        X::IllegalPieceMovement => IllegalReason::IllegalPieceMovement,
        X::PathBlocked => IllegalReason::PathBlocked,
        X::CannonNeedsOneScreen => IllegalReason::CannonNeedsOneScreen,
        X::HorseLegBlocked => IllegalReason::HorseLegBlocked,
        X::ElephantEyeBlocked => IllegalReason::ElephantEyeBlocked,
        X::ElephantCannotCrossRiver => IllegalReason::ElephantCrossesRiver,
        X::MustStayInPalace => IllegalReason::MustStayInPalace,
        X::SoldierSidewaysBeforeRiver => IllegalReason::SoldierSidewaysBeforeRiver,
        X::SoldierBackward => IllegalReason::SoldierBackward,
        X::GeneralsFacing => IllegalReason::GeneralsFacing,
        X::LeavesGeneralInCheck => IllegalReason::LeavesKingInCheck,
    }
}

fn reason_phrase(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Ongoing => "ongoing",
        Outcome::Decisive { reason, .. } | Outcome::Draw { reason } => {
            crate::game::chess::reason_text(reason)
        }
    }
}

/// Describes a legal move of `pos`.
#[must_use]
pub fn describe(pos: &Position, m: Move, one_based: bool) -> MoveInfo {
    let mover = pos.piece_at(m.from).map_or(
        PieceInfo {
            side: pos.side_to_move(),
            kind: PieceKind::Soldier,
        },
        piece,
    );
    MoveInfo {
        uci: notation::format_iccs(m),
        san: notation::to_wxf(pos, m),
        uci_one_based: one_based.then(|| notation::format_one_based(m)),
        from: m.from.to_string(),
        to: m.to.to_string(),
        piece: mover,
        captured: pos.piece_at(m.to).map(piece),
        check: pos.gives_check(m),
        castling: None,
        en_passant: false,
        promotion: None,
        forbidden_repetition: None,
    }
}

impl XiangqiGame {
    /// Replays `moves` from `fen` (empty = start position) under `rules`.
    pub fn load(
        fen: &str,
        moves: &[String],
        load: LoadOptions,
        rules: &RuleOptions,
    ) -> Result<XiangqiGame, InputError> {
        let rule_set = match rules.rule_set {
            None | Some(RuleSet::Axf) => RuleSet::Axf,
            Some(RuleSet::Simple) => RuleSet::Simple,
            Some(RuleSet::Casual) => RuleSet::Casual,
            Some(RuleSet::Fide) => {
                return Err(InputError::Option {
                    field: "options.rule_set",
                    message: "FIDE is the chess rule set; xiangqi supports AXF, SIMPLE and CASUAL"
                        .to_owned(),
                });
            }
        };
        if rules.claim_draws {
            return Err(InputError::Option {
                field: "options.claim_draws",
                message: "xiangqi has no claimable draws".to_owned(),
            });
        }
        let start = if fen.trim().is_empty() {
            Position::startpos()
        } else {
            if fen.len() > MAX_FEN_LEN {
                return Err(InputError::Fen(format!(
                    "FEN is {} bytes long; at most {MAX_FEN_LEN} are accepted",
                    fen.len()
                )));
            }
            let strictness = match load.strictness {
                Strictness::Strict => FenStrictness::Strict,
                Strictness::Lenient => FenStrictness::Lenient,
            };
            Position::from_fen(fen, strictness).map_err(|e| InputError::Fen(e.to_string()))?
        };
        let mut record = GameRecord::new(start, status_options(rules));
        for (index, text) in moves.iter().enumerate() {
            let outcome = record.outcome();
            if outcome.is_over() {
                return Err(InputError::HistoryMove {
                    index,
                    message: format!(
                        "'{}' follows the end of the game ({})",
                        text.escape_debug(),
                        reason_phrase(outcome)
                    ),
                });
            }
            let m = notation::parse_move(record.position(), text, load.one_based).map_err(|e| {
                InputError::HistoryMove {
                    index,
                    message: e.to_string(),
                }
            })?;
            record.push(m).map_err(|e| InputError::HistoryMove {
                index,
                message: e.to_string(),
            })?;
        }
        Ok(XiangqiGame {
            status: record.clone().finish(),
            record,
            one_based: load.one_based,
            rule_set,
            options: *rules,
        })
    }

    #[must_use]
    pub fn position(&self) -> &Position {
        self.status.position()
    }

    /// The replayed history.
    #[must_use]
    pub fn record(&self) -> &GameStatus {
        &self.status
    }

    /// Every legal move, sorted by ICCS.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<MoveInfo> {
        let pos = self.position();
        let mut moves: Vec<MoveInfo> = pos
            .legal_moves()
            .into_iter()
            .map(|m| describe(pos, m, self.one_based))
            .collect();
        moves.sort_by(|a, b| a.uci.cmp(&b.uci));
        moves
    }

    fn outcome(&self) -> Outcome {
        let outcome = self.status.outcome;
        if outcome.is_over() {
            return outcome;
        }
        if self.rule_set == RuleSet::Casual
            && self.status.repetitions >= self.options.repetition_count
        {
            return Outcome::Draw {
                reason: crate::game::Reason::Repetition,
            };
        }
        outcome
    }

    fn repetition(&self) -> Option<RepetitionInfo> {
        let occurrences = self.status.repetitions;
        if occurrences < 2 {
            return None;
        }
        let current = self.position().zobrist();
        let window = self.status.window_start;
        let first = self.status.positions[window..]
            .iter()
            .position(|p| p.zobrist() == current)
            .map_or(window, |i| window + i);
        let last = self.status.plies.len().saturating_sub(1);
        let adjudicated =
            self.rule_set == RuleSet::Casual && occurrences >= self.options.repetition_count;
        let explanation = if adjudicated {
            format!(
                "the position has occurred {occurrences} times: a draw under the CASUAL rule set"
            )
        } else {
            format!(
                "the position has occurred {occurrences} times; perpetual check and chase are not adjudicated by this build"
            )
        };
        Some(RepetitionInfo {
            occurrences,
            adjudicated,
            loop_first_ply: u32::try_from(first).unwrap_or(u32::MAX),
            loop_last_ply: u32::try_from(last).unwrap_or(u32::MAX),
            white_status: None,
            black_status: None,
            chased: Vec::new(),
            explanation,
        })
    }

    /// The game's status under the request's rules.
    #[must_use]
    pub fn status(&self) -> Status {
        let pos = self.position();
        Status {
            fen: pos.to_fen(),
            side_to_move: pos.side_to_move(),
            in_check: pos.in_check(),
            outcome: self.outcome(),
            offender: None,
            rule_set: self.rule_set,
            claimable_draws: Vec::new(),
            halfmove_clock: pos.halfmove_clock(),
            fullmove_number: pos.fullmove_number(),
            repetition: self.repetition(),
            move_limit_counter: self.status.limit_counter,
        }
    }

    /// Judges a candidate move given as text.
    pub fn validate(&self, text: &str) -> Result<Verdict, InputError> {
        let pos = self.position();
        let parsed = notation::parse_move(pos, text, self.one_based);
        let m = match parsed {
            Ok(m) => m,
            Err(
                e @ (NotationError::Empty
                | NotationError::Malformed(_)
                | NotationError::BadSquare { .. }
                | NotationError::UnknownPiece(_)),
            ) => return Err(InputError::CandidateMove(e.to_string())),
            Err(e) => {
                let outcome = self.outcome();
                if outcome.is_over() {
                    return Ok(game_over(outcome));
                }
                let reason = match &e {
                    NotationError::Illegal(illegal) => illegal_reason(illegal.reason),
                    NotationError::Ambiguous { .. } => IllegalReason::Ambiguous,
                    _ => IllegalReason::NoSuchMove,
                };
                return Ok(Verdict::Illegal {
                    reason,
                    detail: e.to_string(),
                });
            }
        };
        let outcome = self.outcome();
        if outcome.is_over() {
            return Ok(game_over(outcome));
        }
        let info = describe(pos, m, self.one_based);
        let mut record = self.record.clone();
        record
            .push(m)
            .map_err(|e| InputError::CandidateMove(e.to_string()))?;
        let after = XiangqiGame {
            status: record.clone().finish(),
            record,
            one_based: self.one_based,
            rule_set: self.rule_set,
            options: self.options,
        };
        let status_after = after.status();
        Ok(Verdict::Legal {
            info,
            fen_after: status_after.fen.clone(),
            status_after: Box::new(status_after),
        })
    }

    /// Perft from the current position.
    #[must_use]
    pub fn perft(&self, depth: u32, divide: bool) -> PerftReport {
        let pos = self.position();
        if !divide || depth == 0 {
            return PerftReport {
                nodes: perft(pos, depth),
                divide: Vec::new(),
            };
        }
        let mut rows: Vec<(String, u64)> = perft_divide(pos, depth)
            .into_iter()
            .map(|(m, n)| (notation::format_iccs(m), n))
            .collect();
        rows.sort();
        PerftReport {
            nodes: rows.iter().map(|(_, n)| n).sum(),
            divide: rows,
        }
    }
}

fn game_over(outcome: Outcome) -> Verdict {
    Verdict::Illegal {
        reason: IllegalReason::GameOver,
        detail: format!("the game is over: {}", reason_phrase(outcome)),
    }
}
