//! Chinese notation (中文纵线格式), read and written against a position: `炮二平五`,
//! `马８进７`, `前车进一`, `中兵平四`, `前九平八`.
//!
//! A move is four characters: the piece and its file, the direction (进 forward, 退 back,
//! 平 along the rank), then the destination file (平, and every move of an advisor,
//! elephant or horse) or the number of ranks (进/退 of a general, chariot, cannon or
//! soldier). Each side counts files 1-9 from its own right; Red writes Chinese numerals
//! (一…九), Black digits (full-width １…９ written; ASCII 1-9 read too).
//!
//! Pieces of one kind on one file (written; every other form below is read too):
//! - two: 前 (the one nearer the opponent) / 后 in place of the file, before the piece
//!   name (`前炮退二`). Advisors and elephants keep their file: the direction tells them
//!   apart (`仕四进五`).
//! - three soldiers: 前 / 中 / 后.
//! - four or five soldiers: 前, then 二 三 (四), then 后 — counted from the front, Black's
//!   ordinals in digits (`前卒`, `２卒`, `３卒`, `后卒`), as the `cchess` package and the
//!   traditional convention write them.
//! - soldiers doubled on two files: the marker keeps the file and drops the piece name
//!   (`前九平八`, `后七进一`), the four-character form of `前兵九平八`.
//!
//! Read as well: the piece name after the marker (`炮前进一`), the five-character
//! `前兵九平八`, the numbered soldiers of the computer standard (一 二 三 四 五 from the front
//! on one file, or across two doubled files from the mover's right, each front to back:
//! `一兵平五`, also with the file: `二7平6`), 前/后 for tandem advisors and elephants, the
//! file for a tandem piece when only one of them can make the move, 上/下 for 进/退,
//! traditional characters and the variants players type (`俥 傌 帥 仕 車 馬 砲 將 包 後 進`,
//! each for either side), and either numerals for either side.

use super::files::{file_count_and_index, file_number, push_iccs};
use super::notation_error::NotationError;
use super::position::Position;
use super::types::{Move, Piece, Square};
use crate::{ChineseCharacters, Notation, PieceKind, Side, types::Wide};

const RED_NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
const BLACK_NUMERALS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];

/// The numerals and directions as a move's last two characters are written:
/// encoded once, here, rather than for every move (see [`Wide`]).
const RED_NUMERALS_WIDE: [Wide; 9] = wide(RED_NUMERALS);
const BLACK_NUMERALS_WIDE: [Wide; 9] = wide(BLACK_NUMERALS);
const SIDEWAYS: Wide = Wide::of('平');
const FORWARD_SIMPLIFIED: Wide = Wide::of('进');
const FORWARD_TRADITIONAL: Wide = Wide::of('進');
const BACK: Wide = Wide::of('退');

const fn wide(numerals: [char; 9]) -> [Wide; 9] {
    let mut table = [Wide::of(numerals[0]); 9];
    let mut index = 1;
    while index < 9 {
        table[index] = Wide::of(numerals[index]);
        index += 1;
    }
    table
}

/// [`numeral`], encoded.
fn numeral_wide(side: Side, n: u8) -> Wide {
    let table = match side {
        Side::White => &RED_NUMERALS_WIDE,
        Side::Black => &BLACK_NUMERALS_WIDE,
    };
    table[usize::from(n.clamp(1, 9) - 1)]
}

/// `n` (1-9) in the side's numerals.
fn numeral(side: Side, n: u8) -> char {
    let table = match side {
        Side::White => &RED_NUMERALS,
        Side::Black => &BLACK_NUMERALS,
    };
    table[usize::from(n.clamp(1, 9) - 1)]
}

/// The piece's name in the side's characters.
const fn piece_name(side: Side, kind: PieceKind, characters: ChineseCharacters) -> char {
    let traditional = matches!(characters, ChineseCharacters::Traditional);
    match (side, kind) {
        (Side::White, PieceKind::General) => {
            if traditional {
                '帥'
            } else {
                '帅'
            }
        }
        (Side::Black, PieceKind::General) => {
            if traditional {
                '將'
            } else {
                '将'
            }
        }
        (Side::White, PieceKind::Advisor) => '仕',
        (Side::Black, PieceKind::Advisor) => '士',
        (Side::White, PieceKind::Elephant) => '相',
        (Side::Black, PieceKind::Elephant) => '象',
        (Side::White, PieceKind::Horse) => {
            if traditional {
                '傌'
            } else {
                '马'
            }
        }
        (Side::Black, PieceKind::Horse) => {
            if traditional {
                '馬'
            } else {
                '马'
            }
        }
        (Side::White, PieceKind::Chariot) => {
            if traditional {
                '俥'
            } else {
                '车'
            }
        }
        (Side::Black, PieceKind::Chariot) => {
            if traditional {
                '車'
            } else {
                '车'
            }
        }
        (Side::White, PieceKind::Cannon) => '炮',
        (Side::Black, PieceKind::Cannon) => {
            if traditional {
                '砲'
            } else {
                '炮'
            }
        }
        (Side::White, PieceKind::Soldier) => '兵',
        (Side::Black, PieceKind::Soldier) => '卒',
        // Chess kinds never stand on a xiangqi board.
        (_, _) => '?',
    }
}

/// The same pieces on `file`, front (nearest the opponent) first.
fn on_file(pos: &Position, piece: Piece, file: u8) -> Vec<Square> {
    let mut squares: Vec<Square> = pos
        .pieces_of(piece)
        .iter()
        .filter(|s| s.file() == file)
        .collect();
    squares.sort_by_key(|s| s.rank());
    if piece.side == Side::White {
        squares.reverse();
    }
    squares
}

/// Every file holding two or more of `piece`, from the mover's right, each front first:
/// the order the numbered forms count in.
fn doubled_files(pos: &Position, piece: Piece) -> Vec<Vec<Square>> {
    let mut per_file = [0u8; 9];
    for s in pos.pieces_of(piece).iter() {
        per_file[usize::from(s.file())] += 1;
    }
    let mut files: Vec<u8> = (0..9u8)
        .filter(|&f| per_file[usize::from(f)] >= 2)
        .collect();
    files.sort_by_key(|&f| file_number(piece.side, f));
    files.into_iter().map(|f| on_file(pos, piece, f)).collect()
}

/// How many files hold two or more of `piece`.
fn doubled_file_count(pos: &Position, piece: Piece) -> usize {
    let mut per_file = [0u8; 9];
    for s in pos.pieces_of(piece).iter() {
        per_file[usize::from(s.file())] += 1;
    }
    per_file.iter().filter(|&&n| n >= 2).count()
}

/// The marker of the piece at `index` (0 = front) among `count` on one file.
fn marker(side: Side, index: usize, count: usize, characters: ChineseCharacters) -> char {
    if index == 0 {
        '前'
    } else if index + 1 == count {
        match characters {
            ChineseCharacters::Simplified => '后',
            ChineseCharacters::Traditional => '後',
        }
    } else if count == 3 {
        '中'
    } else {
        numeral(side, u8::try_from(index + 1).unwrap_or(9))
    }
}

/// The first two characters, which name the piece: `炮二`, `前车`, `中兵`, `前九`.
fn designation(
    pos: &Position,
    piece: Piece,
    from: Square,
    characters: ChineseCharacters,
) -> [char; 2] {
    let name = piece_name(piece.side, piece.kind, characters);
    let file = numeral(piece.side, file_number(piece.side, from.file()));
    if matches!(
        piece.kind,
        PieceKind::General | PieceKind::Advisor | PieceKind::Elephant
    ) {
        return [name, file];
    }
    // Read from the board's bits, without a list: a move list writes this once per piece.
    let (count, index) = file_count_and_index(pos, piece.side, piece.kind, from);
    if count <= 1 {
        return [name, file];
    }
    let marker = marker(piece.side, index, count, characters);
    if piece.kind == PieceKind::Soldier && doubled_file_count(pos, piece) >= 2 {
        [marker, file]
    } else {
        [marker, name]
    }
}

/// The last two characters: direction and number (`平五`, `进７`), encoded.
fn action(piece: Piece, m: Move, characters: ChineseCharacters) -> [Wide; 2] {
    let side = piece.side;
    let dr = i32::from(m.to.rank()) - i32::from(m.from.rank());
    if dr == 0 {
        return [SIDEWAYS, numeral_wide(side, file_number(side, m.to.file()))];
    }
    let forward = if side == Side::White { dr > 0 } else { dr < 0 };
    let direction = match (forward, characters) {
        (true, ChineseCharacters::Simplified) => FORWARD_SIMPLIFIED,
        (true, ChineseCharacters::Traditional) => FORWARD_TRADITIONAL,
        (false, _) => BACK,
    };
    let last = match piece.kind {
        PieceKind::Advisor | PieceKind::Elephant | PieceKind::Horse => {
            file_number(side, m.to.file())
        }
        _ => u8::try_from(dr.unsigned_abs()).unwrap_or(9),
    };
    [direction, numeral_wide(side, last)]
}

/// The legal move `m` of `pos` in Chinese notation; the ICCS form if `from` is empty.
#[must_use]
pub fn to_chinese(pos: &Position, m: Move, characters: ChineseCharacters) -> Notation {
    let mut out = Notation::new();
    ChineseWriter::new(pos, characters).push(&mut out, m);
    out
}

/// Chinese notation for many legal moves of one position: the moves of one piece share
/// their first two characters, which take the reading of the board, so moves given piece
/// by piece (as in ICCS order) have them worked out, and encoded, once per piece; the
/// last two come encoded from tables. Each pair is one fixed-size copy per move.
pub struct ChineseWriter<'a> {
    pos: &'a Position,
    characters: ChineseCharacters,
    last: Option<(Square, Piece, [Wide; 2])>,
}

impl<'a> ChineseWriter<'a> {
    /// A writer for legal moves of `pos` in `characters`.
    #[must_use]
    pub fn new(pos: &'a Position, characters: ChineseCharacters) -> ChineseWriter<'a> {
        ChineseWriter {
            pos,
            characters,
            last: None,
        }
    }

    /// [`to_chinese`] of a legal move of this writer's position, appended to `out`.
    pub fn push(&mut self, out: &mut Notation, m: Move) {
        let (piece, head) = match self.last {
            Some((from, piece, head)) if from == m.from => (piece, head),
            _ => {
                let Some(piece) = self.pos.piece_at(m.from) else {
                    return push_iccs(out, m);
                };
                let [name, file] = designation(self.pos, piece, m.from, self.characters);
                let (Some(name_wide), Some(file_wide)) = (Wide::encode(name), Wide::encode(file))
                else {
                    // Every designation is of three-byte characters; were one not, it is
                    // written as it is, uncached.
                    out.push_char(name);
                    out.push_char(file);
                    out.push_wide(action(piece, m, self.characters));
                    return;
                };
                let head = [name_wide, file_wide];
                self.last = Some((m.from, piece, head));
                (piece, head)
            }
        };
        out.push_wide(head);
        out.push_wide(action(piece, m, self.characters));
    }
}

/// Which of several pieces on a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Marker {
    Front,
    Middle,
    Rear,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Direction {
    Forward,
    Back,
    Sideways,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Token {
    Piece(PieceKind),
    /// 1-9, in any of the numerals.
    Number(u8),
    Marker(Marker),
    Direction(Direction),
}

fn token(c: char) -> Option<Token> {
    use PieceKind::{Advisor, Cannon, Chariot, Elephant, General, Horse, Soldier};
    Some(match c {
        '帅' | '帥' | '将' | '將' => Token::Piece(General),
        '仕' | '士' => Token::Piece(Advisor),
        '相' | '象' => Token::Piece(Elephant),
        '马' | '馬' | '傌' | '碼' => Token::Piece(Horse),
        '车' | '車' | '俥' | '砗' => Token::Piece(Chariot),
        '炮' | '砲' | '包' => Token::Piece(Cannon),
        '兵' | '卒' => Token::Piece(Soldier),
        '前' => Token::Marker(Marker::Front),
        '中' => Token::Marker(Marker::Middle),
        '后' | '後' => Token::Marker(Marker::Rear),
        '进' | '進' | '上' => Token::Direction(Direction::Forward),
        '退' | '下' => Token::Direction(Direction::Back),
        '平' => Token::Direction(Direction::Sideways),
        '1'..='9' => Token::Number(c as u8 - b'0'),
        '１'..='９' => Token::Number((u32::from(c) - u32::from('０')) as u8),
        _ => Token::Number(RED_NUMERALS.iter().position(|&n| n == c)? as u8 + 1),
    })
}

/// How the first characters name the piece.
#[derive(Debug, Clone, Copy)]
enum Designator {
    /// `炮二`: the piece on a file (`file` 1-9 as the mover counts).
    File(PieceKind, u8),
    /// `前炮`, `炮前`, `前九`, `前兵九`: one of several on a file, the file given or not.
    Tandem(PieceKind, Marker, Option<u8>),
    /// `二兵`, `二7`, `二卒7`: the `n`-th (from 1) of the numbered forms.
    Numbered(PieceKind, u8, Option<u8>),
}

fn malformed(input: &str, problem: &str) -> NotationError {
    NotationError::Chinese {
        input: input.to_owned(),
        problem: problem.to_owned(),
    }
}

/// Reads Chinese notation against `pos` (see the module documentation for the forms).
/// A well-formed text that names no legal move says why, as coordinates would: no such
/// piece, no such tandem, an ambiguous text, or the rule the one move it names breaks.
pub fn parse_chinese(pos: &Position, input: &str) -> Result<Move, NotationError> {
    let text = input.trim();
    if text.is_empty() {
        return Err(NotationError::Empty);
    }
    let mut tokens = Vec::with_capacity(5);
    for c in text.chars().filter(|c| !c.is_whitespace()) {
        match token(c) {
            Some(t) if tokens.len() < 5 => tokens.push(t),
            Some(_) => return Err(malformed(text, "more than five characters")),
            None => {
                return Err(malformed(
                    text,
                    &format!("'{c}' is not a piece, a number, 前/中/后 or 进/退/平"),
                ));
            }
        }
    }
    let Some((&[Token::Direction(direction), Token::Number(number)], head)) = tokens
        .split_last_chunk::<2>()
        .map(|(head, tail)| (tail, head))
    else {
        return Err(malformed(
            text,
            "a move ends with 进, 退 or 平 and a number",
        ));
    };
    use Token::{Marker as M, Number as N, Piece as P};
    let designator = match *head {
        [P(kind), N(file)] => Designator::File(kind, file),
        [M(marker), P(kind)] | [P(kind), M(marker)] => Designator::Tandem(kind, marker, None),
        [M(marker), N(file)] => Designator::Tandem(PieceKind::Soldier, marker, Some(file)),
        [M(marker), P(kind), N(file)] => Designator::Tandem(kind, marker, Some(file)),
        [N(n), P(kind)] => Designator::Numbered(kind, n, None),
        [N(n), N(file)] => Designator::Numbered(PieceKind::Soldier, n, Some(file)),
        [N(n), P(kind), N(file)] => Designator::Numbered(kind, n, Some(file)),
        _ => {
            return Err(malformed(
                text,
                "the piece is named by its name and file (炮二), or 前/中/后 or a number \
                 and its name (前炮, 二兵) or file (前九)",
            ));
        }
    };
    let side = pos.side_to_move();
    let froms = pieces_named(pos, side, designator, text)?;
    let kind = match designator {
        Designator::File(kind, _)
        | Designator::Tandem(kind, _, _)
        | Designator::Numbered(kind, _, _) => kind,
    };
    let mut legal = Vec::new();
    let mut illegal = Vec::new();
    for from in froms {
        let Some(to) = destination(side, kind, from, direction, number) else {
            continue;
        };
        match pos.validate(from, to) {
            Ok(m) => legal.push(m),
            Err(e) => illegal.push(e),
        }
    }
    match (legal.as_slice(), illegal.as_slice()) {
        ([m], _) => Ok(*m),
        ([], [e]) => Err(NotationError::Illegal(e.clone())),
        ([], _) => Err(NotationError::NoMatchingMove(text.to_owned())),
        _ => Err(NotationError::Ambiguous {
            input: text.to_owned(),
            candidates: legal,
        }),
    }
}

/// The squares of the side's pieces the designator can name.
fn pieces_named(
    pos: &Position,
    side: Side,
    designator: Designator,
    text: &str,
) -> Result<Vec<Square>, NotationError> {
    let file_index = |n: u8| match side {
        Side::White => 9 - n,
        Side::Black => n - 1,
    };
    let no_tandem = |kind| NotationError::NoSuchTandem {
        input: text.to_owned(),
        piece: kind,
    };
    match designator {
        Designator::File(kind, n) => {
            let squares = on_file(pos, Piece::new(side, kind), file_index(n));
            if squares.is_empty() {
                return Err(NotationError::NoSuchPiece {
                    input: text.to_owned(),
                    piece: kind,
                    file: n,
                });
            }
            Ok(squares)
        }
        Designator::Tandem(kind, marker, file) => {
            let piece = Piece::new(side, kind);
            let groups = match file {
                Some(n) => vec![on_file(pos, piece, file_index(n))],
                None => doubled_files(pos, piece),
            };
            let picked: Vec<Square> = groups
                .iter()
                .filter(|g| g.len() >= 2)
                .filter_map(|g| match marker {
                    Marker::Front => g.first().copied(),
                    Marker::Rear => g.last().copied(),
                    Marker::Middle => (g.len() == 3).then(|| g[1]),
                })
                .collect();
            if picked.is_empty() {
                return Err(no_tandem(kind));
            }
            Ok(picked)
        }
        Designator::Numbered(kind, n, file) => {
            let piece = Piece::new(side, kind);
            let order: Vec<Square> = match file {
                Some(f) => on_file(pos, piece, file_index(f)),
                None => doubled_files(pos, piece).concat(),
            };
            if order.len() < 2 {
                return Err(no_tandem(kind));
            }
            order
                .get(usize::from(n) - 1)
                .map(|&s| vec![s])
                .ok_or_else(|| NotationError::NoMatchingMove(text.to_owned()))
        }
    }
}

/// Where the piece on `from` goes by `direction` and `number`, or `None` when the text
/// describes no move of its kind (a horse two files over and two ranks up, an advisor
/// moving along a rank).
fn destination(
    side: Side,
    kind: PieceKind,
    from: Square,
    direction: Direction,
    number: u8,
) -> Option<Square> {
    let file_index = match side {
        Side::White => 9 - number,
        Side::Black => number - 1,
    };
    let ahead: i8 = if side == Side::White { 1 } else { -1 };
    let sign = match direction {
        Direction::Forward => ahead,
        Direction::Back => -ahead,
        Direction::Sideways => 0,
    };
    let rank = |delta: i8| u8::try_from(from.rank() as i8 + delta).ok();
    match kind {
        PieceKind::Advisor | PieceKind::Elephant | PieceKind::Horse => {
            if direction == Direction::Sideways {
                return None;
            }
            let files_over = from.file().abs_diff(file_index);
            let ranks = match (kind, files_over) {
                (PieceKind::Advisor, 1) => 1,
                (PieceKind::Elephant, 2) => 2,
                (PieceKind::Horse, 1) => 2,
                (PieceKind::Horse, 2) => 1,
                _ => return None,
            };
            Square::new(file_index, rank(sign * ranks)?)
        }
        _ => {
            if direction == Direction::Sideways {
                if file_index == from.file() {
                    return None;
                }
                Square::new(file_index, from.rank())
            } else {
                Square::new(from.file(), rank(sign * number as i8)?)
            }
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::xiangqi::notation::parse_iccs;
    use crate::{IllegalReason, Strictness};

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen, Strictness::Lenient).unwrap()
    }

    #[test]
    fn start_position_moves_both_ways() {
        let mut p = Position::startpos();
        for (iccs, chinese) in [
            ("h2e2", "炮二平五"),
            ("h9g7", "马８进７"),
            ("h0g2", "马二进三"),
            ("i9h9", "车９平８"),
        ] {
            let m = parse_iccs(iccs).unwrap();
            assert_eq!(
                to_chinese(&p, m, ChineseCharacters::Simplified),
                chinese,
                "{iccs}"
            );
            assert_eq!(parse_chinese(&p, chinese).unwrap(), m, "{chinese}");
            p.play(m);
        }
        let start = Position::startpos();
        let m = parse_iccs("h0g2").unwrap();
        assert_eq!(
            to_chinese(&start, m, ChineseCharacters::Traditional),
            "傌二進三"
        );
        for text in ["傌二進三", "馬2上3", "马二进三", " 马 二 进 三 "] {
            assert_eq!(parse_chinese(&start, text).unwrap(), m, "{text}");
        }
    }

    #[test]
    fn tandems_and_numbered_soldiers() {
        // Red soldiers: three on file e (五), two on file c (七); chariots doubled on a.
        let p = pos("3k5/9/4P4/2P1P4/2P1P4/9/R8/9/R8/4K4 w - - 0 1");
        let cases = [
            ("e7e8", "前五进一"),
            ("e6d6", "中五平六"),
            ("e5f5", "后五平四"),
            ("c6c7", "前七进一"),
            ("c5b5", "后七平八"),
            ("a3a4", "前车进一"),
            ("a1b1", "后车平八"),
        ];
        for (iccs, chinese) in cases {
            let m = parse_iccs(iccs).unwrap();
            assert_eq!(to_chinese(&p, m, ChineseCharacters::Simplified), chinese);
            assert_eq!(parse_chinese(&p, chinese).unwrap(), m, "{chinese}");
        }
        // The computer standard's numbering across the two files: file 五 first.
        assert_eq!(
            parse_chinese(&p, "二兵平六").unwrap(),
            parse_iccs("e6d6").unwrap()
        );
        assert_eq!(
            parse_chinese(&p, "四兵进一").unwrap(),
            parse_iccs("c6c7").unwrap()
        );
        assert_eq!(
            parse_chinese(&p, "前兵五进一").unwrap(),
            parse_iccs("e7e8").unwrap()
        );
        assert_eq!(
            parse_chinese(&p, "车前进一").unwrap(),
            parse_iccs("a3a4").unwrap()
        );
        assert!(matches!(
            parse_chinese(&p, "前兵进一"),
            Err(NotationError::Ambiguous { .. })
        ));
        // Four black soldiers on one file.
        let p = pos("4k4/9/9/9/4p4/4p4/4p4/4p4/9/3K5 b - - 0 1");
        for (iccs, chinese) in [
            ("e2e1", "前卒进１"),
            ("e3d3", "２卒平４"),
            ("e4f4", "３卒平６"),
        ] {
            let m = parse_iccs(iccs).unwrap();
            assert_eq!(to_chinese(&p, m, ChineseCharacters::Simplified), chinese);
            assert_eq!(parse_chinese(&p, chinese).unwrap(), m, "{chinese}");
        }
        assert_eq!(
            parse_chinese(&p, "一卒进1").unwrap(),
            parse_iccs("e2e1").unwrap()
        );
        assert_eq!(
            parse_chinese(&p, "三卒平4").unwrap(),
            parse_iccs("e4d4").unwrap()
        );
        // The rear soldier is blocked by its own.
        assert!(matches!(
            parse_chinese(&p, "后卒进１"),
            Err(NotationError::Illegal(_))
        ));
    }

    #[test]
    fn reasons_for_texts_naming_no_legal_move() {
        let p = Position::startpos();
        assert!(matches!(
            parse_chinese(&p, "炮三平五"),
            Err(NotationError::NoSuchPiece { file: 3, .. })
        ));
        assert!(matches!(
            parse_chinese(&p, "前炮平五"),
            Err(NotationError::NoSuchTandem { .. })
        ));
        assert!(matches!(
            parse_chinese(&p, "马二进五"),
            Err(NotationError::NoMatchingMove(_))
        ));
        assert!(matches!(
            parse_chinese(&p, "车一进三"),
            Err(NotationError::Illegal(e)) if e.reason == IllegalReason::CapturesOwnPiece
        ));
        assert!(matches!(
            parse_chinese(&p, "炮二平九"),
            Err(NotationError::Illegal(e)) if e.reason == IllegalReason::PathBlocked
        ));
        for bad in ["炮二平", "炮二走五", "二平五", "炮炮平五", "炮二平五五五"]
        {
            assert!(
                matches!(parse_chinese(&p, bad), Err(NotationError::Chinese { .. })),
                "{bad}"
            );
        }
    }
}
