//! Move notations: ICCS (`h2e2`, the default), Fairy-Stockfish 1-based coordinates
//! (`h3e3`, `b3b10`) and WXF (`C2=5`, `H8+7`, `R+=3`); Chinese text is handed to
//! [`super::chinese`].
//!
//! Coordinates are parsed without a position; WXF (and `parse_move`) only means something
//! against a position and always yields a legal move or says why not.

use super::files::{file_count_and_index, file_number};
use super::position::Position;
use super::types::{Move, Piece, Square};
use crate::{IllegalMove, IllegalReason, Notation, PieceKind, Side};

pub(crate) use super::files::{push_iccs, push_square};
pub use super::notation_error::NotationError;

/// Splits `h2e2`, `H2-E2`, `b3b10` into (file, rank number) pairs, ranks as written.
fn split_coordinates(input: &str) -> Option<((u8, u32), (u8, u32))> {
    let s = input.trim().to_ascii_lowercase();
    let bytes = s.as_bytes();
    let mut i = 0;
    let square = |bytes: &[u8], i: &mut usize| -> Option<(u8, u32)> {
        let file = *bytes.get(*i)?;
        if !(b'a'..=b'i').contains(&file) {
            return None;
        }
        *i += 1;
        let start = *i;
        while *i < bytes.len() && bytes[*i].is_ascii_digit() && *i - start < 2 {
            *i += 1;
        }
        if *i == start {
            return None;
        }
        let rank = std::str::from_utf8(&bytes[start..*i]).ok()?.parse().ok()?;
        Some((file - b'a', rank))
    };
    let from = square(bytes, &mut i)?;
    if bytes.get(i) == Some(&b'-') {
        i += 1;
    }
    let to = square(bytes, &mut i)?;
    (i == bytes.len()).then_some((from, to))
}

fn looks_like_coordinates(input: &str) -> bool {
    split_coordinates(input).is_some()
}

fn coordinates_to_move(input: &str, one_based: bool) -> Result<Move, NotationError> {
    let trimmed = input.trim();
    if trimmed.is_empty() {
        return Err(NotationError::Empty);
    }
    let Some((from, to)) = split_coordinates(trimmed) else {
        return Err(NotationError::Malformed(trimmed.to_string()));
    };
    let square = |(file, rank): (u8, u32)| -> Result<Square, NotationError> {
        let iccs_rank = if one_based {
            rank.checked_sub(1)
        } else {
            Some(rank)
        };
        iccs_rank
            .and_then(|r| u8::try_from(r).ok())
            .and_then(|r| Square::new(file, r))
            .ok_or_else(|| NotationError::BadSquare {
                input: trimmed.to_string(),
                hint: match (one_based, rank) {
                    (false, 10) => {
                        Some("rank 10 exists only in 1-based notation; ICCS ranks are 0-9")
                    }
                    (true, 0) => {
                        Some("rank 0 exists only in ICCS notation; 1-based ranks are 1-10")
                    }
                    _ => None,
                },
            })
    };
    Ok(Move::new(square(from)?, square(to)?))
}

/// Parses ICCS coordinates: `h2e2`, case-insensitive, optional `-` (`H2-E2`). The move is
/// not checked for legality.
pub fn parse_iccs(input: &str) -> Result<Move, NotationError> {
    coordinates_to_move(input, false)
}

/// Parses Fairy-Stockfish 1-based coordinates (ranks 1-10): `h3e3`, `b3b10`.
pub fn parse_one_based(input: &str) -> Result<Move, NotationError> {
    coordinates_to_move(input, true)
}

/// ICCS form: `h2e2`.
#[must_use]
pub fn format_iccs(m: Move) -> Notation {
    let mut text = Notation::new();
    push_iccs(&mut text, m);
    text
}

/// 1-based form: `h3e3`, `b3b10`.
#[must_use]
pub fn format_one_based(m: Move) -> Notation {
    let mut text = Notation::new();
    for square in [m.from, m.to] {
        text.push(char::from(b'a' + square.file()));
        if square.rank() == 9 {
            text.push_str("10");
        } else {
            text.push(digit(square.rank() + 1));
        }
    }
    text
}

/// Parses a move against `pos`: coordinates (ICCS, or 1-based when `one_based`), WXF or
/// Chinese notation, told apart by shape: text with any character outside ASCII is read as
/// Chinese ([`super::chinese`]). Coordinates are never guessed to be in the other numbering.
pub fn parse_move(pos: &Position, input: &str, one_based: bool) -> Result<Move, NotationError> {
    if !input.is_ascii() {
        super::chinese::parse_chinese(pos, input)
    } else if looks_like_coordinates(input) {
        let m = coordinates_to_move(input, one_based)?;
        Ok(pos.validate(m.from, m.to)?)
    } else {
        parse_wxf(pos, input)
    }
}

fn digit(n: u8) -> char {
    char::from(b'0' + n)
}

/// The same-kind, same-side pieces on `from`'s file, front (nearest the opponent) first.
fn file_mates(pos: &Position, side: Side, kind: PieceKind, file: u8) -> Vec<Square> {
    let mut on_file: Vec<Square> = pos
        .pieces_of(super::types::Piece::new(side, kind))
        .iter()
        .filter(|s| s.file() == file)
        .collect();
    on_file.sort_by_key(|s| s.rank());
    if side == Side::White {
        on_file.reverse();
    }
    on_file
}

/// Direction and last digit: `=5`, `+7`, `-2`.
fn action(side: Side, kind: PieceKind, m: Move) -> Notation {
    let mut out = Notation::new();
    push_action(&mut out, side, kind, m);
    out
}

/// The last two characters, as one pair of bytes: a move list writes them for every move.
fn push_action(out: &mut Notation, side: Side, kind: PieceKind, m: Move) {
    let dr = i32::from(m.to.rank()) - i32::from(m.from.rank());
    let forward = if side == Side::White { dr } else { -dr };
    if dr == 0 {
        out.push_pair([b'=', b'0' + file_number(side, m.to.file())]);
        return;
    }
    let last = match kind {
        PieceKind::Advisor | PieceKind::Elephant | PieceKind::Horse => {
            file_number(side, m.to.file())
        }
        _ => dr.unsigned_abs() as u8,
    };
    out.push_pair([if forward > 0 { b'+' } else { b'-' }, b'0' + last]);
}

/// Marker for the piece at `index` (0 = front) among `count` on one file, where the middle
/// one of three keeps its file digit.
fn tandem_marker(index: usize, count: usize, file_digit: char) -> char {
    if index == 0 {
        '+'
    } else if index + 1 == count {
        '-'
    } else if count == 3 {
        file_digit
    } else {
        // Only reachable in leniently validated positions: xqbase letters from the front.
        char::from(b'a' + index as u8)
    }
}

/// The piece-designating first two characters (`R2`, `R+`, `P3`, `++`, `3+`).
fn designation(pos: &Position, side: Side, kind: PieceKind, from: Square) -> [char; 2] {
    let (count, index) = file_count_and_index(pos, side, kind, from);
    let file_digit = digit(file_number(side, from.file()));
    let letter = wxf_letter(kind);
    let keeps_digit = matches!(kind, PieceKind::Advisor | PieceKind::Elephant) && count <= 2;
    if count <= 1 || keeps_digit {
        [letter, file_digit]
    } else if kind != PieceKind::Soldier {
        [letter, tandem_marker(index, count, file_digit)]
    } else {
        let mut per_file = [0u8; 9];
        for s in pos.pieces_of(super::types::Piece::new(side, kind)).iter() {
            per_file[usize::from(s.file())] += 1;
        }
        let other_tandem_file = (0..9u8).any(|f| f != from.file() && per_file[usize::from(f)] >= 2);
        if other_tandem_file {
            [file_digit, tandem_marker(index, count, file_digit)]
        } else {
            match (count, index) {
                (4 | 5, 0) => ['+', '+'],
                (4 | 5, i) if i + 1 == count => ['-', '-'],
                (4 | 5, 1) => ['P', '+'],
                (4 | 5, i) if i + 2 == count => ['P', '-'],
                (5, _) => ['P', file_digit],
                _ => [letter, tandem_marker(index, count, file_digit)],
            }
        }
    }
}

/// WXF notation of the legal move `m` (`C2=5`, `H8+7`, `R+=3`, `P3=4`, `++=4`).
/// Returns the ICCS form if `from` is empty.
#[must_use]
pub fn to_wxf(pos: &Position, m: Move) -> Notation {
    let mut out = Notation::new();
    WxfWriter::new(pos).push(&mut out, m);
    out
}

/// WXF for many legal moves of one position. The moves of one piece share their first two
/// characters, which take the most reading of the board; moves in ICCS order come piece by
/// piece, so each piece's are worked out once and kept as a pair of bytes to copy.
pub(crate) struct WxfWriter<'a> {
    pos: &'a Position,
    last: Option<(Square, Piece, [u8; 2])>,
}

impl<'a> WxfWriter<'a> {
    /// A writer for legal moves of `pos`; moves of one piece given together share their first two characters.
    #[must_use]
    pub(crate) fn new(pos: &'a Position) -> WxfWriter<'a> {
        WxfWriter { pos, last: None }
    }

    /// [`to_wxf`] of a legal move of this writer's position, appended to `out`.
    pub(crate) fn push(&mut self, out: &mut Notation, m: Move) {
        let (piece, head) = match self.last {
            Some((from, piece, head)) if from == m.from => (piece, head),
            _ => {
                let Some(piece) = self.pos.piece_at(m.from) else {
                    return push_iccs(out, m);
                };
                // Every designation character is ASCII (letters, digits, `+`, `-`).
                let head = designation(self.pos, piece.side, piece.kind, m.from)
                    .map(|c| u8::try_from(c).unwrap_or(b'?'));
                self.last = Some((m.from, piece, head));
                (piece, head)
            }
        };
        out.push_pair(head);
        push_action(out, piece.side, piece.kind, m);
    }
}

/// Other spellings accepted for `m` (already normalised, see `normalise_wxf`).
fn wxf_variants(pos: &Position, m: Move) -> Vec<String> {
    let Some(piece) = pos.piece_at(m.from) else {
        return Vec::new();
    };
    let (side, kind) = (piece.side, piece.kind);
    let act = action(side, kind, m);
    let mates = file_mates(pos, side, kind, m.from.file());
    let count = mates.len();
    let index = mates.iter().position(|&s| s == m.from).unwrap_or(0);
    let file_digit = digit(file_number(side, m.from.file()));
    let letter = wxf_letter(kind);
    let mut v = vec![format!("{letter}{file_digit}{act}")];
    if count >= 2 {
        if index == 0 {
            v.push(format!("{letter}+{act}"));
        }
        if index + 1 == count {
            v.push(format!("{letter}-{act}"));
        }
        if kind == PieceKind::Soldier {
            // xqbase: a, b, c... from the front; Fairy-Stockfish: index from the front then file.
            v.push(format!("P{}{act}", char::from(b'A' + index as u8)));
            v.push(format!("{}{file_digit}{act}", index + 1));
        }
    }
    v
}

/// Upper-cases, maps `.` to `=`, moves a leading tandem marker behind the piece letter,
/// maps the `B`/`N` piece letters to `E`/`H` and inserts the `=` of a bare sideways move.
fn normalise_wxf(input: &str) -> Result<String, NotationError> {
    let mut chars: Vec<char> = input
        .trim()
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| {
            if c == '.' {
                '='
            } else {
                c.to_ascii_uppercase()
            }
        })
        .collect();
    if chars.is_empty() {
        return Err(NotationError::Empty);
    }
    if chars.len() >= 2 && matches!(chars[0], '+' | '-') && chars[1].is_ascii_alphabetic() {
        chars.swap(0, 1);
    }
    chars[0] = match chars[0] {
        'B' => 'E',
        'N' => 'H',
        c => c,
    };
    if chars.len() == 3 && chars[2].is_ascii_digit() {
        chars.insert(2, '=');
    }
    if chars.len() != 4 {
        return Err(NotationError::Malformed(input.trim().to_string()));
    }
    Ok(chars.into_iter().collect())
}

/// Parses WXF notation against `pos`, accepting the variants of spec 2.3: `.`/`=`/none for
/// sideways moves, `B`/`N` letters, a tandem marker before the letter (`+R.3`), the file
/// digit for tandem advisors and elephants, xqbase (`Pa.5`) and Fairy-Stockfish (`15=6`)
/// soldier forms. The canonical reading wins when a variant would be ambiguous.
pub fn parse_wxf(pos: &Position, input: &str) -> Result<Move, NotationError> {
    let norm = normalise_wxf(input)?;
    let first = norm.chars().next().unwrap_or(' ');
    if first.is_ascii_alphabetic() && !"KAEHRCP".contains(first) {
        return Err(NotationError::UnknownPiece(first));
    }
    let moves = pos.legal_moves();
    let canonical: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&m| to_wxf(pos, m) == *norm)
        .collect();
    let candidates = if canonical.is_empty() {
        moves
            .iter()
            .copied()
            .filter(|&m| wxf_variants(pos, m).contains(&norm))
            .collect()
    } else {
        canonical
    };
    match candidates.as_slice() {
        [m] => Ok(*m),
        [] => Err(no_match(pos, input.trim(), &norm)),
        _ => Err(NotationError::Ambiguous {
            input: input.trim().to_string(),
            candidates,
        }),
    }
}

/// The most specific reason why `norm` matched nothing.
fn no_match(pos: &Position, input: &str, norm: &str) -> NotationError {
    let mut chars = norm.chars();
    let (Some(letter), Some(file)) = (chars.next(), chars.next()) else {
        return NotationError::Malformed(input.to_string());
    };
    let kind = match letter {
        'K' => PieceKind::General,
        'A' => PieceKind::Advisor,
        'E' => PieceKind::Elephant,
        'H' => PieceKind::Horse,
        'R' => PieceKind::Chariot,
        'C' => PieceKind::Cannon,
        'P' => PieceKind::Soldier,
        _ => return NotationError::NoMatchingMove(input.to_string()),
    };
    let side = pos.side_to_move();
    if let Some(n) = file.to_digit(10).filter(|n| (1..=9).contains(n)) {
        let n = n as u8;
        let file_index = match side {
            Side::White => 9 - n,
            Side::Black => n - 1,
        };
        let mates = file_mates(pos, side, kind, file_index);
        if mates.is_empty() {
            return NotationError::NoSuchPiece {
                input: input.to_string(),
                piece: kind,
                file: n,
            };
        }
        if let Some(illegal) = sole_geometric_match(pos, &mates, norm) {
            return NotationError::Illegal(illegal);
        }
    }
    NotationError::NoMatchingMove(input.to_string())
}

/// Why the one move that `norm` names by its pieces' geometry is illegal: among the
/// moves of `pieces` written `norm`, those whose shape fits the piece (they break a
/// rule other than the piece's movement). `None` unless exactly one fits, so a text
/// that names one piece gets that piece's precise reason, as coordinates would.
fn sole_geometric_match(pos: &Position, pieces: &[Square], norm: &str) -> Option<IllegalMove> {
    let mut found = None;
    for &from in pieces {
        for to in Square::all().filter(|&to| to != from) {
            let m = Move::new(from, to);
            if to_wxf(pos, m) != *norm && !wxf_variants(pos, m).iter().any(|v| v == norm) {
                continue;
            }
            match pos.validate(from, to) {
                Err(illegal) if illegal.reason != IllegalReason::IllegalPieceMovement => {
                    if found.is_some() {
                        return None;
                    }
                    found = Some(illegal);
                }
                _ => {}
            }
        }
    }
    found
}

/// WXF notation letter (`K A E H R C P`); chess kinds never reach xiangqi notation.
const fn wxf_letter(kind: PieceKind) -> char {
    match kind {
        PieceKind::General => 'K',
        PieceKind::Advisor => 'A',
        PieceKind::Elephant => 'E',
        PieceKind::Horse => 'H',
        PieceKind::Chariot => 'R',
        PieceKind::Cannon => 'C',
        PieceKind::Soldier => 'P',
        PieceKind::Pawn
        | PieceKind::Knight
        | PieceKind::Bishop
        | PieceKind::Rook
        | PieceKind::Queen
        | PieceKind::King => '?',
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::Strictness;

    #[test]
    fn coordinates() {
        let m = parse_iccs("h2e2").unwrap();
        assert_eq!(parse_iccs("H2-E2").unwrap(), m);
        assert_eq!(parse_one_based("h3e3").unwrap(), m);
        assert_eq!(format_one_based(parse_iccs("b2b9").unwrap()), "b3b10");
        assert_eq!(
            parse_one_based("b3b10").unwrap(),
            parse_iccs("b2b9").unwrap()
        );
        assert!(matches!(
            parse_iccs("b2b10"),
            Err(NotationError::BadSquare { hint: Some(_), .. })
        ));
        assert!(matches!(
            parse_one_based("b0b1"),
            Err(NotationError::BadSquare { hint: Some(_), .. })
        ));
        assert!(matches!(
            parse_iccs("j2e2"),
            Err(NotationError::Malformed(_))
        ));
        assert!(matches!(parse_iccs(""), Err(NotationError::Empty)));
    }

    /// The straightforward designation the allocation-free writer replaced.
    /// The piece-designating first two characters (`R2`, `R+`, `P3`, `++`, `3+`).
    fn reference_designation(pos: &Position, side: Side, kind: PieceKind, from: Square) -> String {
        let mates = file_mates(pos, side, kind, from.file());
        let count = mates.len();
        let index = mates.iter().position(|&s| s == from).unwrap_or(0);
        let file_digit = digit(file_number(side, from.file()));
        let letter = wxf_letter(kind);
        let keeps_digit = matches!(kind, PieceKind::Advisor | PieceKind::Elephant) && count <= 2;
        if count <= 1 || keeps_digit {
            return format!("{letter}{file_digit}");
        }
        if kind != PieceKind::Soldier {
            return format!("{letter}{}", tandem_marker(index, count, file_digit));
        }
        let other_tandem_file = (0..9u8)
            .filter(|&f| f != from.file())
            .any(|f| file_mates(pos, side, kind, f).len() >= 2);
        if other_tandem_file {
            return format!("{file_digit}{}", tandem_marker(index, count, file_digit));
        }
        match (count, index) {
            (4 | 5, 0) => "++".to_string(),
            (4 | 5, i) if i + 1 == count => "--".to_string(),
            (4 | 5, 1) => "P+".to_string(),
            (4 | 5, i) if i + 2 == count => "P-".to_string(),
            (5, _) => format!("P{file_digit}"),
            _ => format!("{letter}{}", tandem_marker(index, count, file_digit)),
        }
    }

    /// `to_wxf` and `format_iccs` agree with the straightforward formatting on every
    /// legal move of every reference position and of each position one move later.
    #[test]
    fn wxf_writer_matches_reference_formatting() {
        let suite = include_str!("../../../../tests/data/xiangqi.epd");
        let mut checked = 0;
        for line in suite.lines().filter(|l| !l.trim().is_empty()) {
            let fen = line.split(';').next().unwrap_or_default().trim();
            let root = Position::from_fen(fen, Strictness::Lenient).unwrap();
            let mut positions = vec![root.clone()];
            for m in root.legal_moves() {
                let mut next = root.clone();
                next.play(m);
                positions.push(next);
            }
            for pos in positions {
                let mut writer = WxfWriter::new(&pos);
                let mut sorted = pos.legal_moves().to_vec();
                sorted.sort_by_key(|m| (m.from.file(), m.from.rank(), m.to.file(), m.to.rank()));
                for m in pos.legal_moves() {
                    let piece = pos.piece_at(m.from).unwrap();
                    let mut expected = reference_designation(&pos, piece.side, piece.kind, m.from);
                    expected.push_str(&action(piece.side, piece.kind, m));
                    assert_eq!(to_wxf(&pos, m), expected, "{fen} {m}");
                    assert_eq!(format_iccs(m), m.to_string());
                    checked += 1;
                }
                // The writer, over the moves in ICCS order (one piece's together) and in
                // generation order, writes what `to_wxf` writes.
                for m in sorted.iter().chain(pos.legal_moves().iter()) {
                    let mut written = Notation::new();
                    writer.push(&mut written, *m);
                    assert_eq!(written, to_wxf(&pos, *m), "{fen} {m}");
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
    }
}
