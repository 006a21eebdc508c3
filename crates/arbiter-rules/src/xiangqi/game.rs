//! A xiangqi game as the service sees it: a start position and its history,
//! replayed once, with moves described for clients and statuses ruled under
//! the request's options.

use super::{
    CheckTest, FenError, GameRecord, HistoryError, MAX_FEN_LEN, Move, MoveError, MoveLimitCounter,
    NotationError, Piece, Position, RepetitionRuling, Replay, StatusOptions, notation, perft,
    perft_divide,
};
use crate::{
    ChasedPiece, ChineseCharacters, IllegalReason, InputError, LoadOptions, LoopMove,
    MoveCoordinates, MoveInfo, OptionError, Outcome, PerftReport, PieceInfo, PieceKind,
    RepetitionInfo, RuleOptions, RuleSet, Status, Variant, Verdict,
};

use super::chinese::ChineseWriter;
use super::notation::WxfWriter;

/// A loaded xiangqi game.
#[derive(Debug, Clone)]
pub struct XiangqiGame {
    /// The replay, kept open so a candidate move can be pushed onto a copy.
    record: GameRecord,
    status: Replay,
    one_based: bool,
    chinese: ChineseCharacters,
    rule_set: RuleSet,
    options: RuleOptions,
}

/// A legal move's verdict: its description and the status after it.
fn legal_verdict(info: MoveInfo, status_after: Status) -> Verdict {
    Verdict::Legal {
        info,
        fen_after: status_after.fen.clone(),
        status_after: Box::new(status_after),
    }
}

fn piece(piece: Piece) -> PieceInfo {
    PieceInfo {
        side: piece.side,
        kind: piece.kind,
    }
}

/// Describes a legal move of `pos`, its 1-based coordinates when `one_based`, its Chinese
/// notation in `chinese`.
#[must_use]
pub fn describe(pos: &Position, m: Move, one_based: bool, chinese: ChineseCharacters) -> MoveInfo {
    let mut info = MoveInfo::EMPTY;
    let mut writers = Writers::new(pos, chinese);
    describe_into(
        &mut info,
        pos,
        m,
        one_based,
        &pos.check_test(),
        &mut writers,
    );
    info
}

/// The notation writers of one position, which share work between the moves of a piece.
struct Writers<'a> {
    wxf: WxfWriter<'a>,
    chinese: ChineseWriter<'a>,
}

impl<'a> Writers<'a> {
    fn new(pos: &'a Position, chinese: ChineseCharacters) -> Writers<'a> {
        Writers {
            wxf: WxfWriter::new(pos),
            chinese: ChineseWriter::new(pos, chinese),
        }
    }
}

/// [`describe`] written into a blank description in place: a move list hands each
/// one on by reference rather than copying it out of a temporary.
fn describe_into(
    info: &mut MoveInfo,
    pos: &Position,
    m: Move,
    one_based: bool,
    checks: &CheckTest,
    writers: &mut Writers<'_>,
) {
    notation::push_iccs(&mut info.uci, m);
    writers.wxf.push(&mut info.san, m);
    writers.chinese.push(&mut info.chinese, m);
    if one_based {
        info.uci_one_based = Some(notation::format_one_based(m));
    }
    notation::push_square(&mut info.from, m.from);
    notation::push_square(&mut info.to, m.to);
    info.piece = pos.piece_at(m.from).map_or(
        PieceInfo {
            side: pos.side_to_move(),
            kind: PieceKind::Soldier,
        },
        piece,
    );
    info.captured = pos.piece_at(m.to).map(piece);
    info.check = checks.gives_check(pos, m);
}

/// `moves` sorted like their ICCS strings (file before rank). Each key is packed with
/// the move's index into one `u32`, so the sort compares plain integers.
fn in_iccs_order(moves: &[Move]) -> impl Iterator<Item = Move> + '_ {
    let point = |s: crate::xiangqi::Square| u32::from(s.file()) * 10 + u32::from(s.rank());
    let mut keyed: Vec<u32> = moves
        .iter()
        .zip(0u32..)
        .map(|(&m, index)| ((point(m.from) * 90 + point(m.to)) << 16) | index)
        .collect();
    keyed.sort_unstable();
    keyed
        .into_iter()
        .map(|packed| moves[(packed & 0xffff) as usize])
}

impl XiangqiGame {
    /// Replays `moves` from `fen` (empty = start position) under `rules`.
    pub fn load(
        fen: &str,
        moves: &[impl AsRef<str>],
        load: LoadOptions,
        rules: &RuleOptions,
    ) -> Result<XiangqiGame, InputError> {
        let rule_set = match rules.rule_set_for(Variant::Xiangqi) {
            rule_set @ (RuleSet::Axf | RuleSet::Simple | RuleSet::Casual | RuleSet::Chinese) => {
                rule_set
            }
            RuleSet::Fide => return Err(OptionError::FideForXiangqi.into()),
        };
        if rules.claim_draws {
            return Err(OptionError::ClaimDrawsForXiangqi.into());
        }
        if load.king_square_castling {
            return Err(OptionError::CastlingForXiangqi.into());
        }
        let start = if fen.trim().is_empty() {
            Position::startpos()
        } else {
            if fen.len() > MAX_FEN_LEN {
                return Err(crate::FenError::Xiangqi(FenError::TooLong(fen.len())).into());
            }
            Position::from_fen(fen, load.strictness).map_err(crate::FenError::Xiangqi)?
        };
        let mut record = GameRecord::new(start, StatusOptions::new(rules, rule_set));
        for (index, text) in moves.iter().enumerate() {
            let text = text.as_ref();
            let refused = |error: MoveError| InputError::HistoryMove {
                index,
                error: crate::MoveError::Xiangqi(error),
            };
            let outcome = record.outcome();
            if outcome.is_over() {
                return Err(refused(MoveError::AfterGameEnd {
                    text: text.to_owned(),
                    outcome,
                }));
            }
            let m = notation::parse_move(record.position(), text, load.one_based)
                .map_err(|e| refused(MoveError::Notation(e)))?;
            record
                .push(m)
                .map_err(|e| refused(history_error(text, e)))?;
        }
        Ok(XiangqiGame {
            status: record.clone().finish(),
            record,
            one_based: load.one_based,
            chinese: load.chinese,
            rule_set,
            options: *rules,
        })
    }

    /// The position after the history.
    #[must_use]
    pub fn position(&self) -> &Position {
        self.status.position()
    }

    /// Reads a move of the current position in any notation the game reads
    /// (ICCS, or 1-based coordinates when loaded so; WXF; Chinese): the legal
    /// move, or why the text names none.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        notation::parse_move(self.position(), text, self.one_based).map_err(MoveError::Notation)
    }

    /// Whether moves are written with 1-based ranks (the request's choice).
    #[must_use]
    pub fn one_based(&self) -> bool {
        self.one_based
    }

    /// The characters moves are written in, in Chinese notation (the request's choice).
    #[must_use]
    pub fn chinese(&self) -> ChineseCharacters {
        self.chinese
    }

    /// The replay of the history: positions, plies and the repetition window.
    #[must_use]
    pub fn record(&self) -> &Replay {
        &self.status
    }

    /// The move-limit counter after the history, with the checks it has discounted.
    #[must_use]
    pub fn move_limit_counter(&self) -> MoveLimitCounter {
        self.record.move_limit_counter()
    }

    /// Every legal move, sorted by ICCS. A move that would complete a repetition its
    /// mover loses by (perpetual check or chase) is flagged, not removed: it is legal.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<MoveInfo> {
        let mut described = Vec::new();
        self.describe_legal_moves(|info| described.push(info.clone()));
        described
    }

    /// Hands each legal move's description, in ICCS order, to `each`, which can write it
    /// out at once instead of keeping a list.
    pub fn describe_legal_moves(&self, mut each: impl FnMut(&MoveInfo)) {
        let pos = self.position();
        let may_repeat = self.may_complete_repetition();
        let checks = pos.check_test();
        let moves = pos.legal_moves();
        let mut writers = Writers::new(pos, self.chinese);
        let mut info = MoveInfo::EMPTY;
        for m in in_iccs_order(&moves) {
            info.reset();
            describe_into(&mut info, pos, m, self.one_based, &checks, &mut writers);
            if may_repeat && info.captured.is_none() {
                info.forbidden_repetition =
                    self.forbidden_repetition(m, pos.zobrist_after_quiet(m));
            }
            each(&info);
        }
    }

    /// Every legal move in ICCS only (and 1-based when asked for), sorted, with the same
    /// repetition flags as [`Self::legal_moves`].
    #[must_use]
    pub fn legal_move_coordinates(&self) -> Vec<MoveCoordinates> {
        let pos = self.position();
        let may_repeat = self.may_complete_repetition();
        in_iccs_order(&pos.legal_moves())
            .map(|m| MoveCoordinates {
                uci: notation::format_iccs(m),
                uci_one_based: self.one_based.then(|| notation::format_one_based(m)),
                forbidden_repetition: if !may_repeat || pos.piece_at(m.to).is_some() {
                    None
                } else {
                    self.forbidden_repetition(m, pos.zobrist_after_quiet(m))
                },
            })
            .collect()
    }

    /// Whether any move of the current position could complete a repetition: not once
    /// the game is over, nor while no position has yet occurred `count - 1` times since
    /// the last capture. A move list then skips the per-move lookup.
    fn may_complete_repetition(&self) -> bool {
        !self.outcome().is_over()
            && self.record.most_occurrences() + 1 >= self.record.options().repetition_count
    }

    /// The losing verdict `m` would bring on its mover by completing a repetition. Only
    /// a quiet move to a position already seen `count - 1` times since the last capture
    /// can; just those are replayed onto a copy of the record.
    fn forbidden_repetition(&self, m: Move, zobrist_after: u64) -> Option<Outcome> {
        let pos = self.position();
        if pos.piece_at(m.to).is_some() {
            return None;
        }
        let count = self.record.options().repetition_count;
        if self.record.occurrences(zobrist_after) + 1 < count {
            return None;
        }
        let mut record = self.record.clone();
        record.push(m).ok()?;
        let ruling = record.repetition_ruling()?;
        match ruling.outcome {
            Outcome::Decisive { winner, .. } if winner != pos.side_to_move() => {
                Some(ruling.outcome)
            }
            _ => None,
        }
    }

    fn outcome(&self) -> Outcome {
        self.status.outcome
    }

    /// The adjudicated repetition ruling, if one decided the game.
    fn adjudicated(&self) -> Option<&RepetitionRuling> {
        self.status.repetition.as_ref().filter(|r| r.adjudicated)
    }

    fn repetition(&self) -> Option<RepetitionInfo> {
        let ruling = self.status.repetition.as_ref()?;
        let side = |i: usize| ruling.sides.as_ref().map(|s| s[i].status);
        let chased = ruling
            .sides
            .iter()
            .flatten()
            .flat_map(|s| s.chased.iter())
            .map(|t| ChasedPiece {
                piece: piece(t.piece),
                square_at_loop_start: t.square_at_loop_start.to_string(),
                square_now: t.square_now.to_string(),
            })
            .collect();
        Some(RepetitionInfo {
            occurrences: ruling.occurrences,
            adjudicated: ruling.adjudicated,
            loop_first_ply: u32::try_from(ruling.first_ply).unwrap_or(u32::MAX),
            loop_last_ply: u32::try_from(ruling.last_ply).unwrap_or(u32::MAX),
            white_status: side(0),
            black_status: side(1),
            chased,
            explanation: ruling.explanation.clone(),
            loop_moves: ruling
                .moves
                .iter()
                .enumerate()
                .filter_map(|(i, classed)| {
                    let index = ruling.first_ply + i;
                    let ply = self.status.plies.get(index)?;
                    Some(LoopMove {
                        ply: u32::try_from(index).unwrap_or(u32::MAX),
                        side: ply.mover,
                        mv: ply.mv.to_string(),
                        class: classed.class,
                        chased: classed.chased.iter().map(|sq| sq.to_string()).collect(),
                    })
                })
                .collect(),
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
            offender: self.adjudicated().and_then(|r| r.offender),
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
        let m = match self.judge(text)? {
            Ok(m) => m,
            Err(illegal) => return Ok(illegal),
        };
        let info = describe(self.position(), m, self.one_based, self.chinese);
        let mut record = self.record.clone();
        record
            .push(m)
            .map_err(|e| candidate(history_error(text, e)))?;
        let after = XiangqiGame {
            status: record.clone().finish(),
            record,
            one_based: self.one_based,
            chinese: self.chinese,
            rule_set: self.rule_set,
            options: self.options,
        };
        Ok(legal_verdict(info, after.status()))
    }

    /// [`Self::validate`] that also plays the move when it is legal, in place:
    /// the record and its replay each grow by one ply, so a game followed
    /// move by move costs one move per move, not a copy of its history.
    pub fn play_text(&mut self, text: &str) -> Result<Verdict, InputError> {
        let m = match self.judge(text)? {
            Ok(m) => m,
            Err(illegal) => return Ok(illegal),
        };
        let info = describe(self.position(), m, self.one_based, self.chinese);
        self.record
            .push(m)
            .map_err(|e| candidate(history_error(text, e)))?;
        self.record.extend_replay(&mut self.status);
        Ok(legal_verdict(info, self.status()))
    }

    /// The legal move `text` names, or the verdict on an illegal one.
    fn judge(&self, text: &str) -> Result<Result<Move, Verdict>, InputError> {
        let pos = self.position();
        let parsed = notation::parse_move(pos, text, self.one_based);
        let m = match parsed {
            Ok(m) => m,
            Err(
                e @ (NotationError::Empty
                | NotationError::Malformed(_)
                | NotationError::BadSquare { .. }
                | NotationError::UnknownPiece(_)
                | NotationError::Chinese { .. }),
            ) => return Err(candidate(MoveError::Notation(e))),
            Err(e) => {
                let outcome = self.outcome();
                if outcome.is_over() {
                    return Ok(Err(game_over(outcome)));
                }
                let reason = match &e {
                    NotationError::Illegal(illegal) => illegal.reason,
                    NotationError::Ambiguous { .. } => IllegalReason::Ambiguous,
                    _ => IllegalReason::NoSuchMove,
                };
                return Ok(Err(Verdict::Illegal {
                    reason,
                    detail: e.to_string(),
                }));
            }
        };
        let outcome = self.outcome();
        if outcome.is_over() {
            return Ok(Err(game_over(outcome)));
        }
        Ok(Ok(m))
    }

    /// Per-root-move counts at `depth` ≥ 2 for [`crate::Game::perft_until`]:
    /// `None` when `stop` said so before a root move.
    pub(crate) fn perft_rows(
        &self,
        depth: u32,
        stop: &dyn Fn() -> bool,
    ) -> Option<Vec<(String, u64)>> {
        let pos = self.position();
        let mut rows = Vec::new();
        for m in pos.legal_moves() {
            if stop() {
                return None;
            }
            let mut child = pos.clone();
            child.play(m);
            rows.push((
                notation::format_iccs(m).to_string(),
                perft(&child, depth - 1),
            ));
        }
        Some(rows)
    }

    /// Leaf nodes `depth` plies below the position after the history; with
    /// `divide`, the count below each legal move too, sorted by move.
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
            .map(|(m, n)| (notation::format_iccs(m).to_string(), n))
            .collect();
        rows.sort();
        PerftReport {
            nodes: rows.iter().map(|(_, n)| n).sum(),
            divide: rows,
        }
    }
}

/// A candidate move that cannot be read.
fn candidate(error: MoveError) -> InputError {
    InputError::CandidateMove(crate::MoveError::Xiangqi(error))
}

/// A move the record refused after it was read as legal, which cannot
/// happen (a move read is legal, and the game's end was looked at first):
/// said as the reading would have said it.
fn history_error(text: &str, error: HistoryError) -> MoveError {
    match error {
        HistoryError::IllegalMove { error, .. } => {
            MoveError::Notation(NotationError::Illegal(error))
        }
        HistoryError::MoveAfterGameEnd { outcome, .. } => MoveError::AfterGameEnd {
            text: text.to_owned(),
            outcome,
        },
    }
}

fn game_over(outcome: Outcome) -> Verdict {
    Verdict::Illegal {
        reason: IllegalReason::GameOver,
        detail: format!("the game is over: {}", outcome),
    }
}
