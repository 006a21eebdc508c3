//! What can be wrong with a FEN, each case precise enough to name the
//! field, rank or character at fault.

use std::fmt;

use shakmaty::{Square, fen::ParseFenError, variant::Variant as ShakmatyVariant};

use super::{super::variant::CHESS960_POSITIONS, MAX_FEN_LEN};
use crate::Side;

/// A FEN that does not describe a valid chess position, precise enough to
/// point at the field, rank or character at fault.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FenError {
    /// Longer than [`MAX_FEN_LEN`] bytes.
    TooLong(usize),
    /// Not 4 to 6 space-separated fields.
    FieldCount(usize),
    /// The board does not have 8 ranks.
    RankCount(usize),
    /// Two digits in a row on a rank (1-based), with the rank's text.
    TwoDigits {
        /// The rank, 1 to 8.
        rank: usize,
        /// The rank's text as written.
        text: String,
    },
    /// A character that is neither a piece letter nor a digit 1-8.
    BadCharacter {
        /// The rank, 1 to 8.
        rank: usize,
        /// The character as written.
        ch: char,
    },
    /// A rank that does not cover 8 files.
    RankWidth {
        /// The rank, 1 to 8.
        rank: usize,
        /// The rank's text as written.
        text: String,
        /// Files the rank covers (not 8).
        files: u32,
    },
    /// The side field is not `w` or `b` (the field as written).
    BadSide(String),
    /// A castling character other than `K Q k q`.
    BadCastling {
        /// The castling field as written.
        field: String,
        /// The character at fault.
        ch: char,
    },
    /// A castling character given twice.
    RepeatedCastling {
        /// The castling field as written.
        field: String,
        /// The character given twice.
        ch: char,
    },
    /// The en-passant field is neither `-` nor a square on rank 3 or 6 (the field as written).
    BadEnPassant(String),
    /// The half-move clock is not a non-negative number (the field as written).
    BadHalfmoveClock(String),
    /// The full-move number is not a number from 1 (the field as written).
    BadFullmoveNumber(String),
    /// Well formed, but not a legal position: every problem found.
    Illegal(Vec<PositionProblem>),
    /// A chess variant's FEN (read by shakmaty's reader) with a bad field.
    VariantField(ParseFenError),
    /// A Chess960 start-position number above 959 (the number as written).
    Chess960Number(String),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::TooLong(len) => write!(
                f,
                "FEN is {len} bytes long; at most {MAX_FEN_LEN} are accepted"
            ),
            FenError::FieldCount(count) => write!(
                f,
                "expected 6 space-separated fields (board, side, castling, en passant, halfmove clock, fullmove number), found {count}"
            ),
            FenError::RankCount(ranks) => {
                write!(f, "board must have 8 ranks separated by '/', found {ranks}")
            }
            FenError::TwoDigits { rank, text } => {
                write!(f, "rank {rank}: two digits in a row ('{text}')")
            }
            FenError::BadCharacter { rank, ch } => write!(
                f,
                "rank {rank}: '{}' is not a piece letter (PNBRQK/pnbrqk) or a digit 1-8",
                ch.escape_debug()
            ),
            FenError::RankWidth { rank, text, files } => {
                write!(
                    f,
                    "rank {rank} ('{text}') covers {files} files instead of 8"
                )
            }
            FenError::BadSide(side) => {
                write!(f, "side to move must be 'w' or 'b', found '{side}'")
            }
            FenError::BadCastling { field, ch } => write!(
                f,
                "castling field '{field}': '{}' is not one of K, Q, k, q (or '-' for none)",
                ch.escape_debug()
            ),
            FenError::RepeatedCastling { field, ch } => {
                write!(f, "castling field '{field}' repeats '{ch}'")
            }
            FenError::BadEnPassant(ep) => write!(
                f,
                "en-passant field must be '-' or a square on rank 3 or 6, found '{ep}'"
            ),
            FenError::BadHalfmoveClock(half) => write!(
                f,
                "halfmove clock must be a non-negative number, found '{half}'"
            ),
            FenError::BadFullmoveNumber(full) => {
                write!(f, "fullmove number must be a number from 1, found '{full}'")
            }
            FenError::Illegal(problems) => {
                for (i, problem) in problems.iter().enumerate() {
                    if i > 0 {
                        f.write_str("; ")?;
                    }
                    write!(f, "{problem}")?;
                }
                if problems.is_empty() {
                    f.write_str("the position is not legal")?;
                }
                Ok(())
            }
            FenError::VariantField(error) => f.write_str(variant_field_error(error)),
            FenError::Chess960Number(number) => write!(
                f,
                "Chess960 start positions are numbered 0 to {}, not {number}",
                CHESS960_POSITIONS - 1
            ),
        }
    }
}

impl std::error::Error for FenError {}

/// The sentence for a field shakmaty's FEN reader refused: the field, and
/// what it may hold.
fn variant_field_error(error: &ParseFenError) -> &'static str {
    match error {
        ParseFenError::InvalidFen => {
            "expected the fields board, side, castling, en passant, [checks,] halfmove clock, fullmove number [+checks]"
        }
        ParseFenError::InvalidBoard => {
            "the board must be 8 ranks of 8 files: piece letters (PNBRQK/pnbrqk, '~' after a promoted piece) and digits 1-8, ranks separated by '/'"
        }
        ParseFenError::InvalidPocket => {
            "the pocket ('[Qn]' after the board, or a ninth rank) may hold only piece letters, at most 64"
        }
        ParseFenError::InvalidTurn => "side to move must be 'w' or 'b'",
        ParseFenError::InvalidCastling => {
            "castling field must be '-', KQkq, or the rooks' files (Shredder-FEN HAha, X-FEN)"
        }
        ParseFenError::InvalidEpSquare => "en-passant field must be '-' or a square",
        ParseFenError::InvalidRemainingChecks => {
            "three-check counters must be the checks given as '+1+2' (each 0-3) or the checks remaining as a '3+3' field"
        }
        ParseFenError::InvalidHalfmoveClock => "halfmove clock must be a non-negative number",
        ParseFenError::InvalidFullmoves => "fullmove number must be a number from 1",
    }
}

/// One reason a well-formed chess FEN is not a legal position, naming the
/// sides and squares involved (shakmaty only flags the kind of problem).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PositionProblem {
    /// No piece on the board.
    EmptyBoard,
    /// The side has no king (where the variant requires one).
    NoKing(Side),
    /// The side has more than one king, on these squares.
    TooManyKings(Side, Vec<Square>),
    /// Pawns on the first or last rank, on these squares.
    PawnsOnBackrank(Vec<Square>),
    /// Castling rights whose king or rook is not on its starting square.
    InvalidCastlingRights,
    /// An en-passant square no double pawn push just made.
    InvalidEpSquare,
    /// The side not to move (given) is in check.
    OppositeCheck(Side),
    /// A check on the side to move that no game could reach.
    ImpossibleCheck,
    /// More material than a game can have: promotions (or, in crazyhouse,
    /// the board and the pockets together) could not produce it.
    TooMuchMaterial(ShakmatyVariant),
    /// A rule of the variant itself (three-check counters, crazyhouse's
    /// piece total, racing kings' pawns and kings).
    VariantRule(ShakmatyVariant),
    /// Two pieces on one square.
    Overlap,
}

impl fmt::Display for PositionProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionProblem::EmptyBoard => f.write_str("the board is empty"),
            PositionProblem::NoKing(side) => write!(f, "{side} has no king"),
            PositionProblem::TooManyKings(side, squares) => {
                write!(f, "{side} has {} kings (", squares.len())?;
                write_squares(f, squares)?;
                f.write_str(")")
            }
            PositionProblem::PawnsOnBackrank(squares) => {
                f.write_str("pawns on the first or last rank (")?;
                write_squares(f, squares)?;
                f.write_str(")")
            }
            PositionProblem::InvalidCastlingRights => f.write_str(
                "castling rights name a king or rook that is not on its starting square",
            ),
            PositionProblem::InvalidEpSquare => f.write_str(
                "the en-passant square does not follow a double pawn push by the side that just moved",
            ),
            PositionProblem::OppositeCheck(side) => {
                write!(f, "the side not to move ({side}) is in check")
            }
            PositionProblem::ImpossibleCheck => f.write_str(
                "the check on the side to move cannot arise in a game (too many or aligned checkers)",
            ),
            PositionProblem::TooMuchMaterial(ShakmatyVariant::Crazyhouse) => {
                f.write_str("more pieces on the board and in the pockets than a game can hold")
            }
            PositionProblem::TooMuchMaterial(_) => {
                f.write_str("more material than promotions could produce")
            }
            PositionProblem::VariantRule(variant) => f.write_str(match variant {
                ShakmatyVariant::ThreeCheck => "both sides have already given three checks",
                ShakmatyVariant::Crazyhouse => {
                    "the board and the pockets hold more than 64 pieces together"
                }
                ShakmatyVariant::RacingKings => {
                    "racing kings has no pawns, and both kings cannot stand on the eighth rank with black to move"
                }
                _ => "the position breaks a rule of the variant",
            }),
            PositionProblem::Overlap => f.write_str("the board's pieces overlap"),
        }
    }
}

fn write_squares(f: &mut fmt::Formatter<'_>, squares: &[Square]) -> fmt::Result {
    for (i, square) in squares.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{square}")?;
    }
    Ok(())
}
