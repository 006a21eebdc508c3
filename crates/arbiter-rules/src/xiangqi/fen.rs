//! Xiangqi FEN: read into a [`Setup`] (the text's syntax only), then judged
//! into a [`Position`] under a [`Strictness`]; and written.

use std::str::FromStr;

use super::fen_error::FenError;
use super::position::Position;
use super::position_error::PositionError;
use super::setup::{Board, Setup};
use super::types::Piece;
use super::types::{FILES, sq};
use crate::{Side, Strictness};

/// The standard start position.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// Longest FEN a game accepts ([`XiangqiGame::load`](super::XiangqiGame::load));
/// a real one is under 100 bytes.
pub const MAX_FEN_LEN: usize = 256;

impl Setup {
    /// Reads a FEN's fields (spec 3.2) without judging the position: `r` is
    /// accepted for Red, `E`/`H` as piece letters, and a FEN may stop after
    /// its board and side fields (the clocks are then `0 1`). Only the
    /// syntax cases of [`FenError`] come back: [`Position::from_setup`]
    /// judges the rest.
    pub fn from_fen(fen: &str) -> Result<Setup, FenError> {
        read(fen).map(|(setup, _)| setup)
    }
}

impl FromStr for Setup {
    type Err = FenError;

    fn from_str(fen: &str) -> Result<Setup, FenError> {
        Setup::from_fen(fen)
    }
}

/// The setup a FEN states, and its full-move field as written (for the
/// message when a strict judgement refuses it).
fn read(fen: &str) -> Result<(Setup, &str), FenError> {
    // Fixed arrays rather than collected vectors: a move list's whole load is a few
    // hundred nanoseconds, and two allocations were a tenth of it.
    let mut fields = [""; 6];
    let mut count = 0;
    for field in fen.split_whitespace() {
        if let Some(slot) = fields.get_mut(count) {
            *slot = field;
        }
        count += 1;
    }
    if count == 0 {
        return Err(FenError::Empty);
    }
    if count > 6 {
        return Err(FenError::TooManyFields(count));
    }
    let fields = &fields[..count];
    let mut setup = Setup {
        board: read_board(fields[0])?,
        side_to_move: Side::White,
        halfmove_clock: 0,
        fullmove_number: 1,
    };
    if let Some(side) = fields.get(1) {
        setup.side_to_move = match side.as_bytes() {
            [b'w' | b'W' | b'r' | b'R'] => Side::White,
            [b'b' | b'B'] => Side::Black,
            _ => return Err(FenError::BadSide((*side).to_string())),
        };
    }
    // Fields 3 and 4 (castling, en passant) are accepted and ignored.
    if let Some(clock) = fields.get(4) {
        setup.halfmove_clock = clock
            .parse()
            .map_err(|_| FenError::BadHalfmoveClock((*clock).to_string()))?;
    }
    let fullmove = fields.get(5).copied();
    if let Some(number) = fullmove {
        setup.fullmove_number = number
            .parse()
            .map_err(|_| FenError::BadFullmoveNumber(number.to_owned()))?;
    }
    Ok((setup, fullmove.unwrap_or_default()))
}

/// The board field, ten ranks from rank 9 down.
fn read_board(text: &str) -> Result<Board, FenError> {
    let ranks = text.bytes().filter(|&b| b == b'/').count() + 1;
    if ranks != 10 {
        return Err(FenError::WrongRankCount(ranks));
    }
    let mut board = Board::empty();
    // Read byte by byte: every character the board may hold is ASCII, and a
    // `chars()` walk over `split` pieces was a third of reading the FEN.
    let mut rank: u8 = 9;
    let mut file: u8 = 0;
    for (at, byte) in text.bytes().enumerate() {
        match byte {
            b'/' => {
                if file < 9 {
                    return Err(FenError::TooFewFiles { rank, files: file });
                }
                // Ten ranks were counted above, so this stops at rank 0.
                rank = rank.saturating_sub(1);
                file = 0;
            }
            b'1'..=b'9' => {
                file += byte - b'0';
                if file > 9 {
                    return Err(FenError::TooManyFiles { rank });
                }
            }
            _ => {
                // A piece letter is one ASCII byte, taken as it is: decoding a
                // character per piece was a fifth of reading a board. A byte that
                // is not ASCII starts a character here (every byte before it was
                // ASCII), decoded for the error's message.
                let ch = if byte.is_ascii() {
                    char::from(byte)
                } else {
                    text.get(at..)
                        .and_then(|rest| rest.chars().next())
                        .unwrap_or(char::REPLACEMENT_CHARACTER)
                };
                let Some(piece) = Piece::from_fen_char(ch) else {
                    return Err(FenError::BadCharacter { rank, ch });
                };
                if file >= 9 {
                    return Err(FenError::TooManyFiles { rank });
                }
                board.put(sq(file, rank), piece);
                file += 1;
            }
        }
    }
    if file < 9 {
        return Err(FenError::TooFewFiles { rank, files: file });
    }
    Ok(board)
}

impl Position {
    /// Reads a FEN ([`Setup::from_fen`]) and judges it
    /// ([`Position::from_setup`]) under `strictness`.
    pub fn from_fen(fen: &str, strictness: Strictness) -> Result<Position, FenError> {
        let (setup, fullmove) = read(fen)?;
        Position::from_setup(setup, strictness).map_err(|error| match error {
            // Said as the field was written (`00` is 0 too).
            PositionError::FullmoveNumberZero => FenError::BadFullmoveNumber(fullmove.to_owned()),
            error => FenError::Position(error),
        })
    }

    /// Canonical FEN: `K A B N R C P` letters, `w`/`b`, `- -`, both clocks.
    ///
    /// The board is read from the mailbox's codes through a table of
    /// letters: every answer carries a FEN, and a piece looked up and named
    /// point by point was a twentieth of a full-view xiangqi LegalMoves call.
    #[must_use]
    pub fn to_fen(&self) -> String {
        let mut out = Vec::with_capacity(90);
        for rank in self.mailbox.chunks_exact(usize::from(FILES)).rev() {
            if !out.is_empty() {
                out.push(b'/');
            }
            let mut empty = 0;
            for &code in rank {
                match FEN_LETTERS.get(usize::from(code)).copied().unwrap_or(0) {
                    0 => empty += 1,
                    letter => {
                        if empty > 0 {
                            out.push(b'0' + empty);
                            empty = 0;
                        }
                        out.push(letter);
                    }
                }
            }
            if empty > 0 {
                out.push(b'0' + empty);
            }
        }
        out.extend_from_slice(match self.side {
            Side::White => b" w - - ",
            Side::Black => b" b - - ",
        });
        let mut digits = [0; 10];
        out.extend_from_slice(crate::types::decimal(self.halfmove_clock, &mut digits).as_bytes());
        out.push(b' ');
        out.extend_from_slice(crate::types::decimal(self.fullmove_number, &mut digits).as_bytes());
        // Every byte written above is ASCII.
        String::from_utf8(out).unwrap_or_default()
    }
}

/// The FEN letter of each mailbox code (see `Piece::code`), 0 for an empty point.
const FEN_LETTERS: [u8; 15] = {
    let mut letters = [0; 15];
    let mut code = 1;
    while code < 15 {
        if let Some(piece) = Piece::from_code(code) {
            letters[code as usize] = piece.fen_char() as u8;
        }
        code += 1;
    }
    letters
};
