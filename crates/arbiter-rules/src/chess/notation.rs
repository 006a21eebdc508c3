//! Chess notation in both directions: UCI and SAN read against a position,
//! and the described move lists (UCI order, SAN with its suffix) written
//! without a heap string per text.

use shakmaty::{
    CastlingMode, Color, Move, MoveList, Position, Role,
    san::{San, SanPlus, Suffix},
    uci::UciMove,
    variant::VariantPosition,
};

use crate::{CastlingSide, MoveInfo, Notation, PieceInfo, PieceKind, Side};

use super::check::{CheckTest, played};
use super::move_error::{MoveParseError, MoveSyntaxError};
use super::order::in_uci_order;
use super::uci_fast;

pub(super) fn side(color: Color) -> Side {
    match color {
        Color::White => Side::White,
        Color::Black => Side::Black,
    }
}

pub(super) fn kind(role: Role) -> PieceKind {
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
/// and tell a syntax problem from an illegal move. UCI castling is accepted
/// as king-takes-rook (`e1h1`, Chess960's form) and, where it names one
/// castling, as the king's two-square move (`e1g1`); drops are `P@e4`.
pub fn parse_move(pos: &VariantPosition, text: &str) -> Result<Move, MoveParseError> {
    let chess = match pos {
        VariantPosition::Chess(chess) => Some(chess),
        _ => None,
    };
    if let Some(chess) = chess
        && let Some((from, to, promotion)) = plain_uci(text.as_bytes())
        && let Some(m) = uci_fast::ordinary_legal_move(chess, from, to, promotion)
    {
        return Ok(m);
    }
    let text = text.trim();
    if text.is_empty() {
        return Err(MoveParseError::Syntax(MoveSyntaxError::Empty));
    }
    if text.len() > 16 {
        return Err(MoveParseError::Syntax(MoveSyntaxError::TooLong(
            text.chars().take(16).collect(),
        )));
    }
    if let Ok(uci) = text.parse::<UciMove>() {
        if let Some(chess) = chess
            && let UciMove::Normal {
                from,
                to,
                promotion,
            } = uci
            && let Some(m) = uci_fast::ordinary_legal_move(chess, from, to, promotion)
        {
            return Ok(m);
        }
        return match uci.to_move(pos) {
            // shakmaty also reads a king's two-square move from the e-file as
            // castling; Chess960 writes castling as king takes rook and takes
            // the king's square only when asked ([`castling_by_king_square`]).
            Ok(Move::Castle { rook, .. })
                if pos.castles().mode() == CastlingMode::Chess960
                    && !matches!(uci, UciMove::Normal { to, .. } if to == rook) =>
            {
                Err(MoveParseError::IllegalUci(uci))
            }
            Ok(m) => Ok(m),
            Err(_) => Err(MoveParseError::IllegalUci(uci)),
        };
    }
    match text.parse::<SanPlus>() {
        Ok(san) => match san.san.to_move(pos) {
            Ok(m) => Ok(m),
            Err(shakmaty::san::SanError::AmbiguousSan) => {
                Err(MoveParseError::AmbiguousSan(text.to_owned()))
            }
            Err(shakmaty::san::SanError::IllegalSan) => match san.san {
                // Castling written in SAN gets the same diagnosis as e1g1 (or,
                // in Chess960, as the king taking its rook).
                San::Castle(side) => {
                    let rank = pos.turn().backrank();
                    let king = pos.board().king_of(pos.turn());
                    let rook = pos.castles().rook(pos.turn(), side);
                    let (from, to) = match (pos.castles().mode(), king, rook) {
                        (CastlingMode::Chess960, Some(king), Some(rook)) => (king, rook),
                        (CastlingMode::Chess960, Some(king), None) => (
                            king,
                            shakmaty::Square::from_coords(side.king_to_file(), rank),
                        ),
                        _ => (
                            shakmaty::Square::from_coords(shakmaty::File::E, rank),
                            shakmaty::Square::from_coords(side.king_to_file(), rank),
                        ),
                    };
                    Err(MoveParseError::IllegalUci(UciMove::Normal {
                        from,
                        to,
                        promotion: None,
                    }))
                }
                _ => Err(MoveParseError::IllegalSan(text.to_owned())),
            },
        },
        Err(_) => Err(MoveParseError::Syntax(MoveSyntaxError::Unreadable(
            text.to_owned(),
        ))),
    }
}

/// Castling written as the king's move to the square it castles to
/// (`e1g1`, `b1c1`), the form standard chess uses, for a Chess960 game whose
/// caller asked for it: `uci` must name exactly one legal castling, and no
/// other legal move of the king between the same two squares (a king on f1
/// going to g1 is a king's move, never castling).
#[must_use]
pub(super) fn castling_by_king_square(pos: &VariantPosition, uci: UciMove) -> Option<Move> {
    let UciMove::Normal {
        from,
        to,
        promotion: None,
    } = uci
    else {
        return None;
    };
    let legal = pos.legal_moves();
    let from_here = legal.iter().filter(|m| m.from() == Some(from));
    if from_here.clone().any(|m| !m.is_castle() && m.to() == to) {
        return None;
    }
    let mut castlings = from_here.filter(|m| {
        m.castling_side()
            .is_some_and(|side| side.king_to(pos.turn()) == to)
    });
    match (castlings.next(), castlings.next()) {
        (Some(&m), None) => Some(m),
        _ => None,
    }
}

/// `e2e4` or `e7e8q` exactly, the form nearly every history move arrives in,
/// read without trimming or the general parser: replaying a long history is
/// mostly reading its moves. Anything else (`None`) takes the general path.
pub(super) fn plain_uci(text: &[u8]) -> Option<(shakmaty::Square, shakmaty::Square, Option<Role>)> {
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

/// Describes a legal move of `pos`.
#[must_use]
pub fn describe(pos: &VariantPosition, m: Move) -> MoveInfo {
    describe_among(pos, m, &pos.legal_moves())
}

/// The board-reading check test, for standard chess and Chess960 (the
/// variants' checks and endings differ: their moves are played to see).
fn check_test(pos: &VariantPosition) -> Option<CheckTest> {
    match pos {
        VariantPosition::Chess(chess) => Some(CheckTest::new(chess)),
        _ => None,
    }
}

/// Every legal move of `pos` (`moves`), described, in UCI order, each handed to `each`
/// as soon as it is written.
pub(super) fn describe_all(
    pos: &VariantPosition,
    moves: &MoveList,
    mut each: impl FnMut(&MoveInfo),
) {
    let arrivals = Arrivals::of(moves);
    let uncontested = MoveList::new();
    let checks = check_test(pos);
    let mut info = MoveInfo::EMPTY;
    for m in in_uci_order(moves, pos.castles().mode()) {
        let rivals = if arrivals.contested(m) {
            moves
        } else {
            &uncontested
        };
        info.reset();
        describe_into(&mut info, pos, m, rivals, checks.as_ref());
        each(&info);
    }
}

/// How many legal moves bring each kind of piece to each square. SAN names a
/// piece's origin only when another piece of its kind can reach the same
/// square, so only those moves need the list searched for rivals.
pub(super) struct Arrivals([u8; 6 * 64]);

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

/// Describes `m`, one of `legal` (all of `pos`'s legal moves, or at least
/// those that bring a piece of the same kind to the same square). SAN needs
/// the other legal moves only to disambiguate, and a mate test only after a
/// check, so a whole move list costs one generation plus one per checking
/// move — not one per move, as a position-by-position SAN would.
pub(super) fn describe_among(pos: &VariantPosition, m: Move, legal: &MoveList) -> MoveInfo {
    let mut info = MoveInfo::EMPTY;
    describe_into(&mut info, pos, m, legal, check_test(pos).as_ref());
    info
}

/// [`describe_among`] written into a blank description in place: a move list hands
/// each one on by reference rather than copying it out of a temporary, a copy that
/// stalled on the byte-wise writes just made to it.
pub(super) fn describe_into(
    info: &mut MoveInfo,
    pos: &VariantPosition,
    m: Move,
    legal: &MoveList,
    checks: Option<&CheckTest>,
) {
    let mover = side(pos.turn());
    let (suffix, check) = match (pos, checks) {
        (VariantPosition::Chess(chess), Some(checks)) => {
            let suffix = if !checks.gives_check(chess, m) {
                None
            } else if played(chess, m).legal_moves().is_empty() {
                Some(Suffix::Checkmate)
            } else {
                Some(Suffix::Check)
            };
            (suffix, suffix.is_some())
        }
        // A variant's `#` is any win the move brings (an explosion, the
        // hill, the third check), as Lichess and python-chess write it.
        _ => {
            let mut after = pos.clone();
            after.play_unchecked(m);
            if matches!(pos, VariantPosition::Atomic(_)) && m.is_capture() {
                push_explosion(&mut info.explosion_squares, pos, &after, m);
            }
            (Suffix::from_position(&after), after.is_check())
        }
    };
    push_move_san(&mut info.san, m, legal);
    if let Some(suffix) = suffix {
        info.san.push(suffix.char());
    }
    let uci = m.to_uci(pos.castles().mode());
    push_uci(&mut info.uci, uci);
    match uci {
        UciMove::Normal { from, to, .. } => {
            push_square(&mut info.from, from);
            push_square(&mut info.to, to);
        }
        UciMove::Put { to, .. } => push_square(&mut info.to, to),
        UciMove::Null => {}
    }
    info.castling = match m {
        Move::Castle { king, rook } if rook.file() < king.file() => Some(CastlingSide::Queenside),
        Move::Castle { .. } => Some(CastlingSide::Kingside),
        _ => None,
    };
    info.piece = PieceInfo {
        side: mover,
        kind: kind(m.role()),
    };
    info.captured = m.capture().map(|role| PieceInfo {
        side: mover.opponent(),
        kind: kind(role),
    });
    info.check = check;
    info.en_passant = m.is_en_passant();
    info.promotion = m.promotion().map(kind);
    info.drop = matches!(m, Move::Put { .. });
}

/// SAN of `m` without its suffix, as shakmaty writes `San::disambiguate(m, legal)`,
/// straight from the move: only a piece's move that `legal` shows another piece of
/// its kind could also make needs the list searched for the origin to name, so
/// every other move skips building a `San` to read it back (a tenth of a chess
/// move's description).
fn push_move_san(text: &mut Notation, m: Move, legal: &MoveList) {
    match m {
        Move::Normal {
            role: Role::Pawn,
            from,
            capture,
            to,
            promotion,
        } => {
            if capture.is_some() {
                text.push(from.file().char());
                text.push('x');
            }
            push_square(text, to);
            if let Some(promotion) = promotion {
                text.push('=');
                text.push(promotion.upper_char());
            }
        }
        Move::Normal { .. } if !legal.is_empty() => push_san(
            text,
            SanPlus {
                san: San::disambiguate(m, legal),
                suffix: None,
            },
        ),
        Move::Normal {
            role,
            capture,
            to,
            promotion,
            ..
        } => {
            text.push(role.upper_char());
            if capture.is_some() {
                text.push('x');
            }
            push_square(text, to);
            if let Some(promotion) = promotion {
                text.push('=');
                text.push(promotion.upper_char());
            }
        }
        Move::EnPassant { from, to } => {
            text.push(from.file().char());
            text.push('x');
            push_square(text, to);
        }
        Move::Castle { king, rook } if rook.file() < king.file() => text.push_str("O-O-O"),
        Move::Castle { .. } => text.push_str("O-O"),
        Move::Put { role, to } => {
            if role != Role::Pawn {
                text.push(role.upper_char());
            }
            text.push('@');
            push_square(text, to);
        }
    }
}

/// The squares an atomic capture empties: every square occupied before the
/// move (or landed on: an en-passant capturer explodes where it arrives)
/// and empty after it, but the one the capturer left.
fn push_explosion(
    out: &mut Vec<Notation>,
    before: &VariantPosition,
    after: &VariantPosition,
    m: Move,
) {
    let mut emptied = (before.board().occupied() | shakmaty::Bitboard::from_square(m.to()))
        & !after.board().occupied();
    if let Some(from) = m.from() {
        emptied.discard(from);
    }
    for square in emptied {
        let mut text = Notation::new();
        push_square(&mut text, square);
        out.push(text);
    }
}

/// UCI as shakmaty writes it (`e7e8q`, `Q@e4`, `0000`), without a `String`.
pub(super) fn uci_text(uci: UciMove) -> Notation {
    let mut text = Notation::new();
    push_uci(&mut text, uci);
    text
}

/// UCI into `text`. Always inlined: its byte-wise writes go straight into the
/// caller's text instead of a returned copy.
#[inline(always)]
pub(super) fn push_uci(text: &mut Notation, uci: UciMove) {
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

/// SAN as shakmaty writes it, straight into the text (no `String`).
pub(super) fn push_san(text: &mut Notation, san: SanPlus) {
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

pub(super) fn push_square(text: &mut Notation, square: shakmaty::Square) {
    text.push_pair(SQUARE_NAMES[usize::from(square)]);
}

/// Every square's name by index (`a1`, `b1`, ...): two table bytes per square
/// instead of two checked pushes.
pub(super) const SQUARE_NAMES: [[u8; 2]; 64] = {
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

    use super::super::check::{CheckTest, gives_check, played};
    use super::super::fen;
    use super::super::order::uci_order;
    use super::{describe_all, plain_uci};

    /// The positions of the chess perft suite, each with its FEN.
    fn reference_positions() -> impl Iterator<Item = (&'static str, Chess)> {
        include_str!("../../../../tests/data/chess.epd")
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|line| {
                let fen = line.split(';').next().unwrap_or_default().trim();
                let pos = fen
                    .parse::<Fen>()
                    .unwrap()
                    .into_position(CastlingMode::Standard)
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
            let pos = fen::parse(fen, crate::Strictness::Strict).unwrap();
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
                legal.sort_unstable_by_key(|&m| uci_order(m, CastlingMode::Standard));
                let mut described = Vec::new();
                let variant = shakmaty::variant::VariantPosition::Chess(pos.clone());
                describe_all(&variant, &pos.legal_moves(), |info| {
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
