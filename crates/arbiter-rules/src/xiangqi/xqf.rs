//! XQF, the binary record of most xiangqi databases: a 1024-byte header
//! (signature `XQ`, version, keys, the 32 pieces' points, result, Pascal
//! strings in GB18030) and then the move tree, four bytes per move (from,
//! to, flags, reserved) with optional comments.
//!
//! Versions up to 10 are plain. From 11 the file is encrypted with keys kept
//! in the header: the points are offset (and from 12 rotated), the move
//! squares offset, and every byte after the header shifted by a 32-byte key
//! stream. The keys carry a checksum — `KeysSum + KeyXY + KeyXYf + KeyXYt`
//! is 0 modulo 256 — which a damaged file or a wrong key fails.
//!
//! A point is `file * 10 + rank`, files `a`-`i` and ranks 0-9 from Red's
//! side, as ICCS counts them. The main line is read (each move's "next"
//! flag); variations and comments are skipped. Written files hold the main
//! line, version 10 (plain) or 18 (encrypted, keys derived from the game so
//! the same game gives the same bytes).

use encoding_rs::GB18030;

use super::MoveError;
use super::{Board, Piece, Position, Setup, Square, notation};
use crate::{
    FenError, InputError, PieceKind, Side, Strictness,
    record::{FormatError, RecordError, RecordResult, RecordedGame, XqfError},
};

const HEADER_LEN: usize = 0x400;
const PLAIN_VERSION: u8 = 10;
const ENCRYPTED_VERSION: u8 = 18;
/// The newest version known.
const MAX_VERSION: u8 = 18;
/// The text the key stream is masked with.
const STREAM_MASK: &[u8; 32] = b"[(C) Copyright Mr. Dong Shiwei.]";
/// Each side's 16 piece slots, in XQF's order (Red's, then Black's).
const SLOTS: [PieceKind; 16] = [
    PieceKind::Chariot,
    PieceKind::Horse,
    PieceKind::Elephant,
    PieceKind::Advisor,
    PieceKind::General,
    PieceKind::Advisor,
    PieceKind::Elephant,
    PieceKind::Horse,
    PieceKind::Chariot,
    PieceKind::Cannon,
    PieceKind::Cannon,
    PieceKind::Soldier,
    PieceKind::Soldier,
    PieceKind::Soldier,
    PieceKind::Soldier,
    PieceKind::Soldier,
];
/// Where the header's fields are.
const RESULT_AT: usize = 51;
const TYPE_AT: usize = 64;
/// The Pascal strings: offset of the length byte, room, and the tag they map to.
const STRINGS: [(usize, usize, &str); 6] = [
    (80, 63, "Title"),
    (208, 63, "Event"),
    (272, 15, "Date"),
    (288, 15, "Site"),
    (304, 15, "Red"),
    (320, 15, "Black"),
];
/// Flags of a move record, per generation.
const NEXT_PLAIN: u8 = 0xF0;
const NEXT_ENCRYPTED: u8 = 0x80;
const COMMENT_ENCRYPTED: u8 = 0x20;
/// The most moves read from one file.
const MAX_MOVES: usize = 10_000;

/// The offsets and key stream of one file.
struct Keys {
    version: u8,
    piece: u8,
    from: u8,
    to: u8,
    comment: i64,
    stream: [u8; 32],
}

/// XQF's key schedule: `(54 x² + 221) · previous`, in bytes.
fn schedule(key: u8, previous: u8) -> u8 {
    let x = u32::from(key);
    (((x * x * 54 + 221) * u32::from(previous)) & 0xFF) as u8
}

impl Keys {
    fn read(header: &[u8]) -> Keys {
        let version = header[2];
        if version <= PLAIN_VERSION {
            return Keys {
                version,
                piece: 0,
                from: 0,
                to: 0,
                comment: 0,
                stream: [0; 32],
            };
        }
        let piece = schedule(header[13], header[13]);
        let from = schedule(header[14], piece);
        let to = schedule(header[15], from);
        let comment = (i64::from(header[12]) * 256 + i64::from(header[13])) % 32000 + 767;
        let mut stream = [0u8; 32];
        for (i, byte) in stream.iter_mut().enumerate() {
            let key = header[8 + i % 4] | (header[12 + i % 4] & header[3]);
            *byte = key & STREAM_MASK[i];
        }
        Keys {
            version,
            piece,
            from,
            to,
            comment,
            stream,
        }
    }

    fn encrypted(&self) -> bool {
        self.version > PLAIN_VERSION
    }
}

/// Reads one XQF file.
pub(crate) fn parse(data: &[u8]) -> Result<RecordedGame, FormatError> {
    let bad = |error: XqfError| Err(FormatError::Xqf(error));
    if data.len() < HEADER_LEN {
        return bad(XqfError::CutShort {
            len: data.len(),
            header: HEADER_LEN,
        });
    }
    let header = &data[..HEADER_LEN];
    if &header[..2] != b"XQ" {
        return bad(XqfError::NoSignature);
    }
    let version = header[2];
    if version == 0 || version > MAX_VERSION {
        return bad(XqfError::Version {
            version,
            newest: MAX_VERSION,
        });
    }
    if version > PLAIN_VERSION {
        let sum = header[12..16]
            .iter()
            .fold(0u8, |sum, &b| sum.wrapping_add(b));
        if sum != 0 {
            return bad(XqfError::Checksum(sum));
        }
    }
    let keys = Keys::read(header);
    let mut game = RecordedGame {
        tags: read_tags(header),
        result: match header[RESULT_AT] {
            1 => RecordResult::WhiteWins,
            2 => RecordResult::BlackWins,
            3 | 4 => RecordResult::Draw,
            _ => RecordResult::Unknown,
        },
        ..RecordedGame::default()
    };
    game.tags
        .push(("Result".to_owned(), game.result.token().to_owned()));
    let body: Vec<u8> = data[HEADER_LEN..]
        .iter()
        .enumerate()
        .map(|(i, &b)| b.wrapping_sub(keys.stream[i % 32]))
        .collect();
    let moves = match read_moves(&body, &keys) {
        Ok(moves) => moves,
        Err(error) => return bad(error),
    };
    let board = match read_board(&header[16..48], &keys) {
        Ok(board) => board,
        Err(message) => {
            game.error = Some(RecordError::Fen(message));
            return Ok(game);
        }
    };
    // The side to move is the side of the first move's piece.
    let black_first = moves
        .first()
        .and_then(|&(from, _)| board.iter().position(|&p| p == Some(from)))
        .is_some_and(|slot| slot >= 16);
    let setup = Setup {
        board: board_pieces(&board),
        side_to_move: if black_first {
            Side::Black
        } else {
            Side::White
        },
        halfmove_clock: 0,
        fullmove_number: 1,
    };
    let mut position = match Position::from_setup(setup, Strictness::Lenient) {
        Ok(position) => position,
        Err(error) => {
            game.error = Some(RecordError::Fen(format!(
                "the XQF board is not a xiangqi position (a wrong key?): {error}"
            )));
            return Ok(game);
        }
    };
    if position != Position::startpos() {
        game.fen = position.to_fen();
    }
    for (index, (from, to)) in moves.into_iter().enumerate() {
        let text = format!("{from}{to}");
        match notation::parse_move(&position, &text, false) {
            Ok(m) => {
                game.moves.push(notation::format_iccs(m).to_string());
                position.play(m);
            }
            Err(error) => {
                game.error = Some(RecordError::Move {
                    index,
                    message: format!("'{text}' cannot be played here: {error}"),
                });
                break;
            }
        }
    }
    Ok(game)
}

fn read_tags(header: &[u8]) -> Vec<(String, String)> {
    let mut tags = Vec::new();
    for (at, room, name) in STRINGS {
        let len = usize::from(header[at]).min(room);
        if len > 0 {
            let (text, _, _) = GB18030.decode(&header[at + 1..at + 1 + len]);
            let text = text.trim_end_matches('\0').trim();
            if !text.is_empty() {
                tags.push((name.to_owned(), text.to_owned()));
            }
        }
    }
    tags
}

/// Each slot's point, or `None` for a piece not on the board.
fn read_board(raw: &[u8], keys: &Keys) -> Result<[Option<Square>; 32], String> {
    let mut points = [0u8; 32];
    for (i, &byte) in raw.iter().enumerate() {
        let slot = if keys.version >= 12 {
            (usize::from(keys.piece) + 1 + i) % 32
        } else {
            i
        };
        points[slot] = byte.wrapping_sub(keys.piece);
    }
    let mut board = [None; 32];
    for (slot, &point) in points.iter().enumerate() {
        if point < 90 {
            let square = point_square(point)
                .ok_or_else(|| format!("the XQF board has an off-board point {point}"))?;
            if board.contains(&Some(square)) {
                return Err(format!(
                    "the XQF board puts two pieces on {square} (a wrong key?)"
                ));
            }
            board[slot] = Some(square);
        }
    }
    Ok(board)
}

fn point_square(point: u8) -> Option<Square> {
    Square::new(point / 10, point % 10)
}

fn square_point(square: Square) -> u8 {
    square.file() * 10 + square.rank()
}

/// The pieces of the slots on `board` (Red's first), each on its own point.
fn board_pieces(board: &[Option<Square>; 32]) -> Board {
    let mut pieces = Board::empty();
    for (slot, square) in board.iter().enumerate() {
        if let Some(square) = *square {
            let side = if slot < 16 { Side::White } else { Side::Black };
            pieces.put(square, Piece::new(side, SLOTS[slot % 16]));
        }
    }
    pieces
}

/// The main line's moves as (from, to) squares.
fn read_moves(body: &[u8], keys: &Keys) -> Result<Vec<(Square, Square)>, XqfError> {
    let mut at = 0usize;
    let mut moves = Vec::new();
    let mut first = true;
    loop {
        let Some(record) = body.get(at..at + 4) else {
            if first {
                // A file with no move records at all: no moves.
                return Ok(moves);
            }
            return Err(XqfError::MovesCutShort(moves.len()));
        };
        at += 4;
        let tag = record[2];
        let comment = if keys.encrypted() {
            if tag & COMMENT_ENCRYPTED != 0 {
                let len = read_i32(body, at)?;
                at += 4;
                i64::from(len) - keys.comment
            } else {
                0
            }
        } else {
            let len = read_i32(body, at)?;
            at += 4;
            i64::from(len)
        };
        let comment = usize::try_from(comment)
            .ok()
            .filter(|&len| at + len <= body.len())
            .ok_or(XqfError::CommentPastEnd)?;
        at += comment;
        if !first {
            let from = record[0].wrapping_sub(0x18).wrapping_sub(keys.from);
            let to = record[1].wrapping_sub(0x20).wrapping_sub(keys.to);
            let (Some(from), Some(to)) = (
                (from < 90).then(|| point_square(from)).flatten(),
                (to < 90).then(|| point_square(to)).flatten(),
            ) else {
                return Err(XqfError::OffBoardMove(moves.len()));
            };
            moves.push((from, to));
            if moves.len() > MAX_MOVES {
                return Err(XqfError::TooManyMoves(MAX_MOVES));
            }
        }
        first = false;
        let next = if keys.encrypted() {
            NEXT_ENCRYPTED
        } else {
            NEXT_PLAIN
        };
        if tag & next == 0 {
            return Ok(moves);
        }
    }
}

fn read_i32(body: &[u8], at: usize) -> Result<i32, XqfError> {
    body.get(at..at + 4)
        .and_then(|b| b.try_into().ok())
        .map(i32::from_le_bytes)
        .ok_or(XqfError::RecordCutShort)
}

/// Writes one game as XQF: version 10, or 18 when `encrypted`.
pub(crate) fn write(game: &RecordedGame, encrypted: bool) -> Result<Vec<u8>, InputError> {
    let start = if game.fen.trim().is_empty() {
        Position::startpos()
    } else {
        Position::from_fen(&game.fen, Strictness::Lenient).map_err(FenError::Xiangqi)?
    };
    let mut position = start.clone();
    let mut moves = Vec::with_capacity(game.moves.len());
    for (index, text) in game.moves.iter().enumerate() {
        let m =
            notation::parse_move(&position, text, false).map_err(|e| InputError::HistoryMove {
                index,
                error: MoveError::Notation(e).into(),
            })?;
        moves.push((m.from, m.to));
        position.play(m);
    }
    let mut header = vec![0u8; HEADER_LEN];
    header[0] = b'X';
    header[1] = b'Q';
    header[2] = if encrypted {
        ENCRYPTED_VERSION
    } else {
        PLAIN_VERSION
    };
    if encrypted {
        // Keys from the moves, so a game always gives the same file; the
        // sum byte makes the checksum hold.
        let seed = moves.iter().fold(0x9Du32, |h, (f, t)| {
            h.wrapping_mul(31)
                .wrapping_add(u32::from(square_point(*f)) * 90 + u32::from(square_point(*t)))
        });
        let [a, b, c, _] = seed.to_le_bytes();
        let (xy, xyf, xyt) = (a | 1, b | 1, c | 1);
        header[3] = 0xFF;
        header[12] = 0u8.wrapping_sub(xy).wrapping_sub(xyf).wrapping_sub(xyt);
        header[13] = xy;
        header[14] = xyf;
        header[15] = xyt;
    }
    let keys = Keys::read(&header);
    write_board(&mut header, &start, &keys).map_err(FormatError::Xqf)?;
    header[RESULT_AT] = match game.result {
        RecordResult::Unknown => 0,
        RecordResult::WhiteWins => 1,
        RecordResult::BlackWins => 2,
        RecordResult::Draw => 3,
    };
    header[TYPE_AT] = if start == Position::startpos() { 0 } else { 2 };
    for (at, room, name) in STRINGS {
        let value = game
            .tags
            .iter()
            .find(|(n, _)| n == name || (name == "Red" && n == "White"))
            .map(|(_, v)| v.as_str());
        if let Some(value) = value {
            let (bytes, _, _) = GB18030.encode(value);
            let mut len = bytes.len().min(room);
            // Never cut a character in two: GB18030's lead bytes are ≥ 0x81.
            while len < bytes.len() && len > 0 && !is_char_start(&bytes, len) {
                len -= 1;
            }
            header[at] = len as u8;
            header[at + 1..at + 1 + len].copy_from_slice(&bytes[..len]);
        }
    }
    let next = if encrypted {
        NEXT_ENCRYPTED
    } else {
        NEXT_PLAIN
    };
    let mut body = Vec::with_capacity((moves.len() + 1) * 8);
    let squares = std::iter::once(None).chain(moves.iter().copied().map(Some));
    let count = moves.len() + 1;
    for (i, squares) in squares.enumerate() {
        let (from, to) = squares.map_or((0, 0), |(f, t)| (square_point(f), square_point(t)));
        body.push(from.wrapping_add(0x18).wrapping_add(keys.from));
        body.push(to.wrapping_add(0x20).wrapping_add(keys.to));
        body.push(if i + 1 < count { next } else { 0 });
        body.push(0);
        if !encrypted {
            body.extend_from_slice(&0i32.to_le_bytes());
        }
    }
    for (i, byte) in body.iter_mut().enumerate() {
        *byte = byte.wrapping_add(keys.stream[i % 32]);
    }
    header.extend_from_slice(&body);
    Ok(header)
}

/// Whether a GB18030 character starts at `at` (counting from the start,
/// where single bytes are ASCII and multi-byte characters start at ≥ 0x81).
fn is_char_start(bytes: &[u8], at: usize) -> bool {
    let mut i = 0;
    while i < at {
        i += match bytes[i] {
            0x00..=0x80 => 1,
            _ if bytes.get(i + 1).is_some_and(|b| (0x30..=0x39).contains(b)) => 4,
            _ => 2,
        };
    }
    i == at
}

fn write_board(header: &mut [u8], start: &Position, keys: &Keys) -> Result<(), XqfError> {
    let mut points = [0xFFu8; 32];
    for square in Square::all() {
        let Some(piece) = start.piece_at(square) else {
            continue;
        };
        let base = if piece.side == Side::White { 0 } else { 16 };
        let slot = (0..16)
            .find(|&i| SLOTS[i] == piece.kind && points[base + i] == 0xFF)
            .ok_or(XqfError::NoSlot(piece.kind))?;
        points[base + slot] = square_point(square);
    }
    for (slot, &point) in points.iter().enumerate() {
        let i = if keys.version >= 12 {
            (slot + 320 - usize::from(keys.piece) - 1) % 32
        } else {
            slot
        };
        header[16 + i] = point.wrapping_add(keys.piece);
    }
    Ok(())
}
