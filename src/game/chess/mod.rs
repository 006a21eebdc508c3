//! Western chess: an adapter over shakmaty that adds what a rules service
//! needs beyond move generation — notation in both directions, reasons for
//! illegal moves, repetition from the move history, and the full FIDE
//! outcome model with automatic endings and claims.

pub mod fen;
mod uci_fast;
mod validate;
mod zobrist;

use std::cell::OnceCell;

use shakmaty::{
    Bitboard, CastlingMode, Chess, Color, Move, MoveList, Piece, Position, Role, attacks,
    san::{San, SanPlus, Suffix},
    uci::UciMove,
};

use super::{
    InputError, Outcome, Reason, RuleSet, Side,
    options::{LoadOptions, RuleOptions, Strictness},
    types::{
        CastlingSide, MoveCoordinates, MoveInfo, Notation, PerftReport, PieceInfo, PieceKind,
        RepetitionInfo, Status, Verdict,
    },
};

use zobrist::hash;

pub use validate::diagnose;

/// FIDE 9.2 / 9.6.1: threefold is claimable, fivefold ends the game.
const CLAIMABLE_REPETITIONS: u32 = 3;
const AUTOMATIC_REPETITIONS: u32 = 5;
/// FIDE 9.3 / 9.6.2, in plies.
const CLAIMABLE_HALFMOVES: u32 = 100;
const AUTOMATIC_HALFMOVES: u32 = 150;

/// A chess game: a start position and the legal moves played from it.
#[derive(Debug, Clone)]
pub struct ChessGame {
    position: Chess,
    /// Zobrist hash of every position since the last irreversible move, the
    /// current one last.
    window: Vec<u64>,
    /// Index into the history of the move that produced `window[i]`, for
    /// i ≥ 1 (`window[0]` follows move `window_start_ply - 1`, or is the FEN).
    window_start_ply: usize,
    plies: usize,
    /// The current position's legal moves, once a described move list has
    /// generated them: its outcome (mate or stalemate) then needs no second
    /// generation.
    legal: OnceCell<Box<MoveList>>,
}

fn side(color: Color) -> Side {
    match color {
        Color::White => Side::White,
        Color::Black => Side::Black,
    }
}

fn kind(role: Role) -> PieceKind {
    match role {
        Role::Pawn => PieceKind::Pawn,
        Role::Knight => PieceKind::Knight,
        Role::Bishop => PieceKind::Bishop,
        Role::Rook => PieceKind::Rook,
        Role::Queen => PieceKind::Queen,
        Role::King => PieceKind::King,
    }
}

/// Parses a move in UCI or SAN against a position. Errors say why in words
/// and tell a syntax problem from an illegal move.
pub fn parse_move(pos: &Chess, text: &str) -> Result<Move, MoveParseError> {
    if let Some((from, to, promotion)) = plain_uci(text.as_bytes())
        && let Some(m) = uci_fast::ordinary_legal_move(pos, from, to, promotion)
    {
        return Ok(m);
    }
    let text = text.trim();
    if text.is_empty() {
        return Err(MoveParseError::Syntax("the move is empty".to_owned()));
    }
    if text.len() > 16 {
        return Err(MoveParseError::Syntax(format!(
            "'{}…' is too long to be a move",
            text.chars().take(16).collect::<String>()
        )));
    }
    if let Ok(uci) = text.parse::<UciMove>() {
        if let UciMove::Normal {
            from,
            to,
            promotion,
        } = uci
            && let Some(m) = uci_fast::ordinary_legal_move(pos, from, to, promotion)
        {
            return Ok(m);
        }
        return match uci.to_move(pos) {
            Ok(m) => Ok(m),
            Err(_) => Err(MoveParseError::IllegalUci(uci)),
        };
    }
    match text.parse::<SanPlus>() {
        Ok(san) => match san.san.to_move(pos) {
            Ok(m) => Ok(m),
            Err(shakmaty::san::SanError::AmbiguousSan) => Err(MoveParseError::AmbiguousSan(
                format!("'{text}' fits more than one legal move; add the origin file or rank"),
            )),
            Err(shakmaty::san::SanError::IllegalSan) => match san.san {
                // Castling written in SAN gets the same diagnosis as e1g1.
                San::Castle(side) => {
                    let rank = pos.turn().backrank();
                    Err(MoveParseError::IllegalUci(UciMove::Normal {
                        from: shakmaty::Square::from_coords(shakmaty::File::E, rank),
                        to: shakmaty::Square::from_coords(side.king_to_file(), rank),
                        promotion: None,
                    }))
                }
                _ => Err(MoveParseError::IllegalSan(format!(
                    "'{text}' is not a legal move in this position"
                ))),
            },
        },
        Err(_) => Err(MoveParseError::Syntax(format!(
            "'{}' is neither UCI (e2e4, e7e8q) nor SAN (Nf3, O-O)",
            text.escape_debug()
        ))),
    }
}

/// `e2e4` or `e7e8q` exactly, the form nearly every history move arrives in,
/// read without trimming or the general parser: replaying a long history is
/// mostly reading its moves. Anything else (`None`) takes the general path.
fn plain_uci(text: &[u8]) -> Option<(shakmaty::Square, shakmaty::Square, Option<Role>)> {
    let square = |file: u8, rank: u8| {
        let file = file.checked_sub(b'a').filter(|&f| f < 8)?;
        let rank = rank.checked_sub(b'1').filter(|&r| r < 8)?;
        Some(shakmaty::Square::new(u32::from(rank) * 8 + u32::from(file)))
    };
    match *text {
        [a, b, c, d] => Some((square(a, b)?, square(c, d)?, None)),
        [a, b, c, d, promotion] => {
            let role = match promotion {
                b'q' => Role::Queen,
                b'r' => Role::Rook,
                b'b' => Role::Bishop,
                b'n' => Role::Knight,
                _ => return None,
            };
            Some((square(a, b)?, square(c, d)?, Some(role)))
        }
        _ => None,
    }
}

/// Why a move text did not give a legal move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveParseError {
    Syntax(String),
    IllegalUci(UciMove),
    IllegalSan(String),
    AmbiguousSan(String),
}

impl ChessGame {
    /// Replays `moves` from `fen` (empty = start position).
    pub fn load(
        fen: &str,
        moves: &[impl AsRef<str>],
        options: LoadOptions,
    ) -> Result<Self, InputError> {
        if options.one_based {
            return Err(InputError::Option {
                field: "position.coordinates",
                message: "one-based coordinates exist only for xiangqi".to_owned(),
            });
        }
        let position = if fen.trim().is_empty() {
            Chess::default()
        } else {
            let strictness = match options.strictness {
                Strictness::Strict => fen::Strictness::Strict,
                Strictness::Lenient => fen::Strictness::Lenient,
            };
            fen::parse(fen, strictness).map_err(InputError::Fen)?
        };
        let mut game = ChessGame {
            window: vec![hash(&position)],
            position,
            window_start_ply: 0,
            plies: 0,
            legal: OnceCell::new(),
        };
        for (index, text) in moves.iter().enumerate() {
            let text = text.as_ref();
            let parsed = parse_move(&game.position, text);
            // A move that parsed is legal, so the side to move has one: no
            // need to generate them all again just to rule out mate.
            let has_moves = parsed.is_ok() || !game.position.legal_moves().is_empty();
            if let Outcome::Decisive { reason, .. } | Outcome::Draw { reason } =
                game.outcome_given_moves(has_moves)
            {
                return Err(InputError::HistoryMove {
                    index,
                    message: format!(
                        "'{text}' follows the end of the game ({})",
                        reason_text(reason)
                    ),
                });
            }
            let m = parsed.map_err(|e| InputError::HistoryMove {
                index,
                message: match e {
                    MoveParseError::IllegalUci(uci) => diagnose(&game.position, uci).1,
                    MoveParseError::Syntax(s)
                    | MoveParseError::IllegalSan(s)
                    | MoveParseError::AmbiguousSan(s) => s,
                },
            })?;
            game.play(m);
        }
        Ok(game)
    }

    fn play(&mut self, m: Move) {
        let irreversible = self.position.is_irreversible(m);
        let carry = self
            .window
            .last()
            .and_then(|&current| zobrist::Carry::before(current, &self.position, m));
        self.position.play_unchecked(m);
        self.legal.take();
        self.plies += 1;
        let next = carry.map_or_else(|| hash(&self.position), |carry| carry.after(&self.position));
        debug_assert_eq!(next, hash(&self.position));
        if irreversible {
            self.window.clear();
            self.window_start_ply = self.plies;
        }
        self.window.push(next);
    }

    #[must_use]
    pub fn position(&self) -> &Chess {
        &self.position
    }

    /// Zobrist hashes since the last irreversible move, current last.
    #[must_use]
    pub fn window(&self) -> &[u64] {
        &self.window
    }

    /// Describes a legal move of the current position.
    #[must_use]
    pub fn describe(&self, m: Move) -> MoveInfo {
        describe_among(&self.position, m, self.legal())
    }

    /// Hands each legal move's description, in UCI order, to `each`, which
    /// can write it out at once instead of keeping a list.
    pub fn describe_legal_moves(&self, each: impl FnMut(&MoveInfo)) {
        describe_all(&self.position, self.legal(), each);
    }

    /// Every legal move in UCI only, sorted.
    #[must_use]
    pub fn legal_move_coordinates(&self) -> Vec<MoveCoordinates> {
        in_uci_order(&self.position.legal_moves())
            .map(|m| MoveCoordinates {
                uci: uci_text(m.to_uci(CastlingMode::Standard)),
                uci_one_based: None,
                forbidden_repetition: None,
            })
            .collect()
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
    /// them on the stack instead: keeping them costs a copy to the heap.
    fn legal(&self) -> &MoveList {
        self.legal
            .get_or_init(|| Box::new(self.position.legal_moves()))
    }

    /// [`Self::automatic_outcome`] when the caller already knows whether
    /// the side to move has a legal move.
    fn outcome_given_moves(&self, has_moves: bool) -> Outcome {
        let pos = &self.position;
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

    /// The game's status under FIDE rules.
    pub fn status(&self, options: &RuleOptions) -> Result<Status, InputError> {
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
        }
    }

    /// Judges a candidate move given as text.
    pub fn validate(&self, text: &str, options: &RuleOptions) -> Result<Verdict, InputError> {
        check_rule_set(options)?;
        let parsed = parse_move(&self.position, text);
        if let Err(MoveParseError::Syntax(message)) = &parsed {
            return Err(InputError::CandidateMove(message.clone()));
        }
        let status = self.status(options)?;
        if status.outcome.is_over() {
            return Ok(Verdict::Illegal {
                reason: super::types::IllegalReason::GameOver,
                detail: format!(
                    "the game is over: {}",
                    match status.outcome {
                        Outcome::Decisive { reason, .. } | Outcome::Draw { reason } =>
                            reason_text(reason),
                        Outcome::Ongoing => "ongoing",
                    }
                ),
            });
        }
        let m = match parsed {
            Ok(m) => m,
            Err(MoveParseError::IllegalUci(uci)) => {
                let (reason, detail) = diagnose(&self.position, uci);
                return Ok(Verdict::Illegal { reason, detail });
            }
            Err(MoveParseError::IllegalSan(detail)) => {
                return Ok(Verdict::Illegal {
                    reason: super::types::IllegalReason::NoSuchMove,
                    detail,
                });
            }
            Err(MoveParseError::AmbiguousSan(detail)) => {
                return Ok(Verdict::Illegal {
                    reason: super::types::IllegalReason::Ambiguous,
                    detail,
                });
            }
            Err(MoveParseError::Syntax(message)) => {
                return Err(InputError::CandidateMove(message));
            }
        };
        let info = self.describe(m);
        let mut after = self.clone();
        after.play(m);
        let status_after = after.status(options)?;
        Ok(Verdict::Legal {
            info,
            fen_after: status_after.fen.clone(),
            status_after: Box::new(status_after),
        })
    }

    /// Perft from the current position, with per-move counts if asked.
    #[must_use]
    /// Per-root-move counts at `depth` ≥ 2 for [`crate::game::Game::perft_until`]:
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
                m.to_uci(CastlingMode::Standard).to_string(),
                shakmaty::perft(&child, depth - 1),
            ));
        }
        Some(rows)
    }

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
                    m.to_uci(CastlingMode::Standard).to_string(),
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

pub(crate) fn check_rule_set(options: &RuleOptions) -> Result<(), InputError> {
    match options.rule_set {
        None | Some(RuleSet::Fide) => Ok(()),
        Some(other) => Err(InputError::Option {
            field: "options.rule_set",
            message: format!("{other:?} is a xiangqi rule set; chess supports FIDE"),
        }),
    }
}

/// A short phrase for a reason, for messages.
#[must_use]
pub fn reason_text(reason: Reason) -> &'static str {
    match reason {
        Reason::Checkmate => "checkmate",
        Reason::Stalemate => "stalemate",
        Reason::InsufficientMaterial => "insufficient material",
        Reason::ThreefoldRepetition => "threefold repetition",
        Reason::FivefoldRepetition => "fivefold repetition",
        Reason::FiftyMoveRule => "fifty-move rule",
        Reason::SeventyFiveMoveRule => "seventy-five-move rule",
        Reason::PerpetualCheck => "perpetual check",
        Reason::PerpetualChase => "perpetual chase",
        Reason::MutualPerpetual => "mutual perpetual",
        Reason::Repetition => "repetition",
        Reason::MoveLimit => "move limit",
    }
}

/// Describes a legal move of `pos`.
#[must_use]
pub fn describe(pos: &Chess, m: Move) -> MoveInfo {
    describe_among(pos, m, &pos.legal_moves())
}

/// Every legal move of `pos` (`moves`), described, in UCI order, each handed to `each`
/// as soon as it is written.
fn describe_all(pos: &Chess, moves: &MoveList, mut each: impl FnMut(&MoveInfo)) {
    let arrivals = Arrivals::of(moves);
    let uncontested = MoveList::new();
    let checks = CheckTest::new(pos);
    for m in in_uci_order(moves) {
        let rivals = if arrivals.contested(m) {
            moves
        } else {
            &uncontested
        };
        let mut info = MoveInfo::EMPTY;
        describe_into(&mut info, pos, m, rivals, &checks);
        each(&info);
    }
}

/// How many legal moves bring each kind of piece to each square. SAN names a
/// piece's origin only when another piece of its kind can reach the same
/// square, so only those moves need the list searched for rivals; searching
/// it for every move made SAN the largest cost of a move list.
struct Arrivals([u8; 6 * 64]);

impl Arrivals {
    fn index(role: Role, to: shakmaty::Square) -> usize {
        (role as usize - 1) * 64 + usize::from(to)
    }

    fn of(moves: &MoveList) -> Arrivals {
        let mut counts = [0u8; 6 * 64];
        for m in moves {
            if let Move::Normal { role, to, .. } = *m {
                let count = &mut counts[Arrivals::index(role, to)];
                *count = count.saturating_add(1);
            }
        }
        Arrivals(counts)
    }

    fn contested(&self, m: Move) -> bool {
        matches!(m, Move::Normal { role, to, .. } if self.0[Arrivals::index(role, to)] > 1)
    }
}

/// `moves` in [`uci_order`]. Each key is packed with the move's index into
/// one `u32`, so the sort compares plain integers: a key computed once per
/// move and compared as a primitive keeps sorting a small share of a
/// move-list call.
fn in_uci_order(moves: &MoveList) -> impl Iterator<Item = Move> + '_ {
    let mut keyed: Vec<u32> = moves
        .iter()
        .zip(0u32..)
        .map(|(&m, index)| (uci_order(m) << 8) | index)
        .collect();
    keyed.sort_unstable();
    keyed
        .into_iter()
        .map(|packed| moves[(packed & 0xff) as usize])
}

/// Sorts like the UCI strings (`a1…h8`, then the promotion letter) without
/// building them: file before rank, castling as the king's two-square move.
fn uci_order(m: Move) -> u32 {
    let (from, to) = match m {
        Move::Castle { king, rook } => {
            let file = if rook.file() > king.file() {
                shakmaty::File::G
            } else {
                shakmaty::File::C
            };
            (king, shakmaty::Square::from_coords(file, king.rank()))
        }
        _ => (m.from().unwrap_or(m.to()), m.to()),
    };
    let point = |sq: shakmaty::Square| u32::from(sq.file()) * 8 + u32::from(sq.rank());
    let promotion = match m.promotion() {
        None => 0,
        Some(Role::Bishop) => 1,
        Some(Role::Knight) => 2,
        Some(Role::Queen) => 3,
        Some(_) => 4,
    };
    (point(from) * 64 + point(to)) * 8 + promotion
}

/// Describes `m`, one of `legal` (all of `pos`'s legal moves, or at least
/// those that bring a piece of the same kind to the same square). SAN needs
/// the other legal moves only to disambiguate, and a mate test only after a
/// check, so a whole move list costs one generation plus one per checking
/// move — not one per move, as a position-by-position SAN would.
fn describe_among(pos: &Chess, m: Move, legal: &MoveList) -> MoveInfo {
    let mut info = MoveInfo::EMPTY;
    describe_into(&mut info, pos, m, legal, &CheckTest::new(pos));
    info
}

/// [`describe_among`] written into a blank description in place: a move list hands
/// each one on by reference rather than copying it out of a temporary, a copy that
/// stalled on the byte-wise writes just made to it.
fn describe_into(info: &mut MoveInfo, pos: &Chess, m: Move, legal: &MoveList, checks: &CheckTest) {
    let mover = side(pos.turn());
    let san = San::disambiguate(m, legal);
    let suffix = if !checks.gives_check(pos, m) {
        None
    } else if played(pos, m).legal_moves().is_empty() {
        Some(Suffix::Checkmate)
    } else {
        Some(Suffix::Check)
    };
    let san = SanPlus { san, suffix };
    let uci = m.to_uci(CastlingMode::Standard);
    push_uci(&mut info.uci, uci);
    match uci {
        UciMove::Normal { from, to, .. } => {
            push_square(&mut info.from, from);
            push_square(&mut info.to, to);
        }
        UciMove::Put { to, .. } => push_square(&mut info.to, to),
        UciMove::Null => {}
    }
    info.castling = match san.san {
        San::Castle(shakmaty::CastlingSide::KingSide) => Some(CastlingSide::Kingside),
        San::Castle(shakmaty::CastlingSide::QueenSide) => Some(CastlingSide::Queenside),
        _ => None,
    };
    push_san(&mut info.san, san);
    info.piece = PieceInfo {
        side: mover,
        kind: kind(m.role()),
    };
    info.captured = m.capture().map(|role| PieceInfo {
        side: mover.opponent(),
        kind: kind(role),
    });
    info.check = suffix.is_some();
    info.en_passant = m.is_en_passant();
    info.promotion = m.promotion().map(kind);
}

/// Tells whether moves of one position give check, from what the position aims at the
/// opponent's king, computed once for a whole move list. Per move, an ordinary move is
/// two lookups: does its piece land where that kind of piece attacks the king, and does
/// it leave the line of one of its own sliders that it alone blocked. The board test of
/// [`gives_check`] cost a move list a tenth of its time.
///
/// The squares are those of the position before the move. A piece that leaves a line to
/// the king cannot open that line for itself: it would have been giving check already,
/// and the side not to move is never in check. A promotion, which can (the promoted
/// piece looks through the square the pawn left), en passant, which empties a third
/// square, and castling go to [`gives_check`].
struct CheckTest {
    king: Option<shakmaty::Square>,
    /// Where each role of the side to move attacks the king from, indexed by `Role`.
    check_squares: [Bitboard; 7],
    /// Pieces of the side to move that alone stand between the king and one of their
    /// own sliders.
    discoverers: Bitboard,
}

impl CheckTest {
    fn new(pos: &Chess) -> CheckTest {
        let board = pos.board();
        let us = pos.turn();
        let Some(king) = board.king_of(!us) else {
            return CheckTest {
                king: None,
                check_squares: [Bitboard::EMPTY; 7],
                discoverers: Bitboard::EMPTY,
            };
        };
        let occupied = board.occupied();
        let rook = attacks::rook_attacks(king, occupied);
        let bishop = attacks::bishop_attacks(king, occupied);
        let mut check_squares = [Bitboard::EMPTY; 7];
        check_squares[Role::Pawn as usize] = attacks::pawn_attacks(!us, king);
        check_squares[Role::Knight as usize] = attacks::knight_attacks(king);
        check_squares[Role::Bishop as usize] = bishop;
        check_squares[Role::Rook as usize] = rook;
        check_squares[Role::Queen as usize] = rook | bishop;
        let ours = board.by_color(us);
        let snipers = ((attacks::rook_attacks(king, Bitboard::EMPTY) & board.rooks_and_queens())
            | (attacks::bishop_attacks(king, Bitboard::EMPTY) & board.bishops_and_queens()))
            & ours;
        let mut discoverers = Bitboard::EMPTY;
        for sniper in snipers {
            let between = attacks::between(king, sniper) & occupied;
            if !between.more_than_one() {
                discoverers |= between & ours;
            }
        }
        CheckTest {
            king: Some(king),
            check_squares,
            discoverers,
        }
    }

    /// Whether the legal move `m` of `pos` (the position this test was made for) leaves
    /// the opponent in check.
    fn gives_check(&self, pos: &Chess, m: Move) -> bool {
        let Some(king) = self.king else {
            return false;
        };
        match m {
            Move::Normal {
                role,
                from,
                to,
                promotion: None,
                ..
            } => {
                self.check_squares[role as usize].contains(to)
                    || (self.discoverers.contains(from) && !attacks::aligned(from, to, king))
            }
            _ => gives_check(pos, m),
        }
    }
}

/// Whether the legal move `m` leaves the opponent in check, read from the
/// board as it would be rather than by playing the move on a copy (a copy per
/// move was once the largest cost of a described move list). [`CheckTest`]
/// answers ordinary moves with less; this takes the others.
fn gives_check(pos: &Chess, m: Move) -> bool {
    let board = pos.board();
    let us = pos.turn();
    let Some(king) = board.king_of(!us) else {
        return false;
    };
    let (from, to) = match m {
        Move::Normal { from, to, .. } | Move::EnPassant { from, to } => (from, to),
        // The rook's new square and the king's path make castling the one
        // move whose check is simplest to see on the played position.
        Move::Castle { .. } | Move::Put { .. } => {
            return played(pos, m).is_check();
        }
    };
    let mut occupied = (board.occupied() ^ Bitboard::from(from)) | Bitboard::from(to);
    if let Move::EnPassant { .. } = m {
        occupied ^= Bitboard::from(shakmaty::Square::from_coords(to.file(), from.rank()));
    }
    let arriving = Piece {
        color: us,
        role: m.promotion().unwrap_or(m.role()),
    };
    let direct = shakmaty::attacks::attacks(to, arriving, occupied).contains(king);
    // Every other piece of ours stands where it stood; only the lines
    // through the squares the move emptied or filled have changed.
    let discovered = (board.attacks_to(king, us, occupied) & !Bitboard::from(from)).any();
    direct || discovered
}

/// The position after the legal move `m`.
fn played(pos: &Chess, m: Move) -> Chess {
    let mut after = pos.clone();
    after.play_unchecked(m);
    after
}

/// UCI as shakmaty writes it (`e7e8q`, `Q@e4`, `0000`), without a `String`.
fn uci_text(uci: UciMove) -> Notation {
    let mut text = Notation::new();
    push_uci(&mut text, uci);
    text
}

/// Always inlined: called out of line, its byte-wise writes into a text that
/// is then returned whole stall the copy (a coordinates list took 20 % longer).
#[inline(always)]
fn push_uci(text: &mut Notation, uci: UciMove) {
    match uci {
        UciMove::Normal {
            from,
            to,
            promotion,
        } => {
            push_square(text, from);
            push_square(text, to);
            if let Some(role) = promotion {
                text.push(role.char());
            }
        }
        UciMove::Put { role, to } => {
            text.push(role.upper_char());
            text.push('@');
            push_square(text, to);
        }
        UciMove::Null => text.push_str("0000"),
    }
}

/// SAN as shakmaty writes it, straight into the text: through a `String`
/// and a copy it was half the cost of the move's SAN.
fn push_san(text: &mut Notation, san: SanPlus) {
    match san.san {
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            if role != Role::Pawn {
                text.push(role.upper_char());
            }
            if let Some(file) = file {
                text.push(file.char());
            }
            if let Some(rank) = rank {
                text.push(rank.char());
            }
            if capture {
                text.push('x');
            }
            push_square(text, to);
            if let Some(promotion) = promotion {
                text.push('=');
                text.push(promotion.upper_char());
            }
        }
        San::Castle(shakmaty::CastlingSide::KingSide) => text.push_str("O-O"),
        San::Castle(shakmaty::CastlingSide::QueenSide) => text.push_str("O-O-O"),
        San::Put { role, to } => {
            if role != Role::Pawn {
                text.push(role.upper_char());
            }
            text.push('@');
            push_square(text, to);
        }
        San::Null => text.push_str("--"),
    }
    if let Some(suffix) = san.suffix {
        text.push(suffix.char());
    }
}

fn push_square(text: &mut Notation, square: shakmaty::Square) {
    text.push_pair(SQUARE_NAMES[usize::from(square)]);
}

/// Every square's name by index (`a1`, `b1`, ...): two table bytes per square
/// instead of two checked pushes.
const SQUARE_NAMES: [[u8; 2]; 64] = {
    let mut names = [[0; 2]; 64];
    let mut index = 0;
    while index < 64 {
        names[index] = [b'a' + (index % 8) as u8, b'1' + (index / 8) as u8];
        index += 1;
    }
    names
};

#[cfg(test)]
mod tests {
    use shakmaty::{CastlingMode, Chess, Position, fen::Fen, san::SanPlus, uci::UciMove};

    use super::{CheckTest, describe_all, gives_check, plain_uci, played, uci_order};

    /// The positions of the chess perft suite, each with its FEN.
    fn reference_positions() -> impl Iterator<Item = (&'static str, Chess)> {
        include_str!("../../../tests/data/chess.epd")
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|line| {
                let fen = line.split(';').next().unwrap_or_default().trim();
                let pos = fen
                    .parse::<Fen>()
                    .unwrap()
                    .into_position(CastlingMode::Chess960)
                    .unwrap();
                (fen, pos)
            })
    }

    /// The plain UCI reader reads each square and promotion as shakmaty's
    /// parser does, and leaves everything else to it.
    #[test]
    fn plain_uci_reads_like_shakmaty() {
        let mut read = 0;
        for from in shakmaty::Square::ALL {
            for to in shakmaty::Square::ALL {
                for suffix in ["", "q", "r", "b", "n", "k", "Q", " "] {
                    let text = format!("{from}{to}{suffix}");
                    let Some((f, t, promotion)) = plain_uci(text.as_bytes()) else {
                        assert!(matches!(suffix, "k" | "Q" | " "), "{text}");
                        continue;
                    };
                    let expected = text.parse::<UciMove>().unwrap();
                    assert_eq!(
                        UciMove::Normal {
                            from: f,
                            to: t,
                            promotion
                        },
                        expected,
                        "{text}"
                    );
                    read += 1;
                }
            }
        }
        assert_eq!(read, 64 * 64 * 5);
        for text in [
            "", "e2", "e2e", "e2e4qq", "i2e4", "e9e4", "e0e4", "E2e4", " e2e4",
        ] {
            assert_eq!(plain_uci(text.as_bytes()), None, "{text}");
        }
    }

    /// The board-reading check test must agree with playing the move, on
    /// every move three plies deep from every reference position (en passant
    /// discoveries, promotions, castling rooks and pins among them).
    #[test]
    fn gives_check_agrees_with_the_played_position() {
        let mut checks = 0;
        let mut moves = 0;
        for (fen, root) in reference_positions() {
            let mut frontier = vec![root];
            for _ in 0..3 {
                let mut next = Vec::new();
                for pos in &frontier {
                    let test = CheckTest::new(pos);
                    for m in pos.legal_moves() {
                        let after = played(pos, m);
                        assert_eq!(gives_check(pos, m), after.is_check(), "{fen} {m}");
                        assert_eq!(test.gives_check(pos, m), after.is_check(), "{fen} {m}");
                        checks += usize::from(after.is_check());
                        moves += 1;
                        next.push(after);
                    }
                }
                frontier = next;
            }
        }
        assert!(moves > 100_000 && checks > 1_000, "{moves} {checks}");
    }

    /// A piece that alone blocks its own slider's line to the king discovers check only
    /// by leaving that line; pawns pushed and kings stepping along it do not. The
    /// reference positions have no such move.
    #[test]
    fn discovered_checks_need_the_line_left() {
        let mut along = 0;
        for fen in [
            "4k3/8/8/8/4P3/8/8/4R1K1 w - - 0 1",
            "4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1",
            "4k3/8/8/8/8/8/4K3/4R3 w - - 0 1",
            "7k/8/8/8/8/8/1K6/B7 w - - 0 1",
            "4r1k1/8/8/8/4p3/8/8/4K3 b - - 0 1",
        ] {
            let pos = super::fen::parse(fen, super::fen::Strictness::Strict).unwrap();
            let test = CheckTest::new(&pos);
            for m in pos.legal_moves() {
                let after = played(&pos, m);
                assert_eq!(test.gives_check(&pos, m), after.is_check(), "{fen} {m}");
                along +=
                    usize::from(!after.is_check() && test.discoverers.contains(m.from().unwrap()));
            }
        }
        assert!(along >= 4, "{along}");
    }

    /// The one-generation description must say what shakmaty's own
    /// position-by-position SAN says, for every move of every reference
    /// position and of each position one move later.
    #[test]
    fn move_list_matches_shakmaty_san_and_uci_order() {
        let mut checked = 0;
        for (fen, root) in reference_positions() {
            let mut positions = vec![root.clone()];
            for m in root.legal_moves() {
                positions.push(root.clone().play(m).unwrap());
            }
            for pos in positions {
                let mut legal = pos.legal_moves();
                legal.sort_unstable_by_key(|&m| uci_order(m));
                let mut described = Vec::new();
                describe_all(&pos, &pos.legal_moves(), |info| {
                    described.push(info.clone())
                });
                let ucis: Vec<String> = described.iter().map(|m| m.uci.to_string()).collect();
                let mut sorted = ucis.clone();
                sorted.sort();
                assert_eq!(ucis, sorted, "{fen}");
                assert_eq!(described.len(), legal.len(), "{fen}");
                for (&m, info) in legal.iter().zip(&described) {
                    let expected = SanPlus::from_move(pos.clone(), m);
                    assert_eq!(info.san, expected.to_string(), "{fen} {}", info.uci);
                    assert_eq!(info.check, expected.suffix.is_some());
                    let uci = m.to_uci(CastlingMode::Standard).to_string();
                    assert_eq!(info.uci, uci, "{fen}");
                    assert_eq!(info.to, uci[2..4], "{fen}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
    }
}
