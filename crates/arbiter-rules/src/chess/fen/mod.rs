//! Chess FEN parsing with errors that say exactly what is wrong.
//!
//! This module reads the fields, with an error naming what is wrong in each
//! (shakmaty's reader only reports which field is bad), into a shakmaty
//! `Setup`: the raw stage, which shakmaty already has and this crate does
//! not repeat. shakmaty's `from_setup` makes the legality checks, and their
//! flags become [`PositionProblem`]s naming the sides and squares involved.
//! The fuzz harness holds every position read here equal to the one
//! shakmaty's own reader finds.

use std::num::NonZeroU32;

use crate::{Side, Strictness};
use shakmaty::{
    Bitboard, Board, ByColor, ByRole, CastlingMode, Chess, Color, File, FromSetup, PositionError,
    PositionErrorKinds, Rank, Role, Setup, Square,
    fen::Fen,
    variant::{Variant as ShakmatyVariant, VariantPosition},
};

use super::variant::{CHESS960_POSITIONS, ChessRules, chess960_position};

mod error;
mod write;
pub use error::{FenError, PositionProblem};
pub use write::format;

/// Longest FEN accepted; a real one is under 100 bytes.
pub const MAX_FEN_LEN: usize = 256;

/// Parses a standard chess FEN (4 to 6 fields; missing clocks default to
/// `0 1`). The board is built while its syntax is checked, and the setup goes
/// to shakmaty's legality checks directly, so the text is read once.
pub fn parse(fen: &str, strictness: Strictness) -> Result<Chess, FenError> {
    let setup = read_setup(fen)?;
    // Kept for the error message: shakmaty takes the setup.
    let board = setup.board.clone();
    let turn = setup.turn;
    accept(
        Chess::from_setup(setup, CastlingMode::Standard),
        strictness,
        &board,
        turn,
        ShakmatyVariant::Chess,
    )
}

/// Reads a standard chess FEN's fields into shakmaty's `Setup`, judged by
/// nothing yet: [`parse`]'s first step, and what the position diagnostics
/// (`chess::problems`) judge themselves.
pub(crate) fn read_setup(fen: &str) -> Result<Setup, FenError> {
    if fen.len() > MAX_FEN_LEN {
        return Err(FenError::TooLong(fen.len()));
    }
    let mut fields = [""; 6];
    let mut count = 0;
    for field in fen.split_ascii_whitespace() {
        if let Some(slot) = fields.get_mut(count) {
            *slot = field;
        }
        count += 1;
    }
    if !(4..=6).contains(&count) {
        return Err(FenError::FieldCount(count));
    }
    let board = parse_board(fields[0])?;
    let turn = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => {
            return Err(FenError::BadSide(other.to_owned()));
        }
    };
    check_castling(fields[2])?;
    let castling_rights = castling_rooks(&board, fields[2]);
    let ep_square = parse_ep(fields[3])?;
    let halfmoves = match fields[4] {
        "" => 0,
        half => clock(half).ok_or_else(|| FenError::BadHalfmoveClock(half.to_owned()))?,
    };
    let fullmoves = match fields[5] {
        "" => NonZeroU32::MIN,
        full => clock(full)
            .and_then(NonZeroU32::new)
            .ok_or_else(|| FenError::BadFullmoveNumber(full.to_owned()))?,
    };
    Ok(Setup {
        board,
        turn,
        castling_rights,
        ep_square,
        halfmoves,
        fullmoves,
        ..Setup::empty()
    })
}

/// shakmaty's verdict on a setup read from `board` and `turn`: the position;
/// when reading leniently and every problem is one a lenient read drops
/// (castling rights, the en-passant square, an impossible check, too much
/// material), the position without them; otherwise one sentence per problem.
fn accept<P>(
    verdict: Result<P, PositionError<P>>,
    strictness: Strictness,
    board: &Board,
    turn: Color,
    variant: ShakmatyVariant,
) -> Result<P, FenError> {
    let err = match verdict {
        Ok(pos) => return Ok(pos),
        Err(err) => err,
    };
    let tolerated = PositionErrorKinds::INVALID_CASTLING_RIGHTS
        | PositionErrorKinds::INVALID_EP_SQUARE
        | PositionErrorKinds::IMPOSSIBLE_CHECK
        | PositionErrorKinds::TOO_MUCH_MATERIAL;
    let kinds = err.kinds();
    if strictness == Strictness::Lenient && (kinds - tolerated).is_empty() {
        return err
            .ignore_invalid_castling_rights()
            .or_else(PositionError::ignore_invalid_ep_square)
            .or_else(PositionError::ignore_impossible_check)
            .or_else(PositionError::ignore_too_much_material)
            .map_err(|e| FenError::Illegal(problems(e.kinds(), board, turn, variant)));
    }
    Err(FenError::Illegal(problems(kinds, board, turn, variant)))
}

/// A clock field: ASCII digits only (no sign), within `u32`.
fn clock(text: &str) -> Option<u32> {
    if text.bytes().all(|b| b.is_ascii_digit()) {
        text.parse().ok()
    } else {
        None
    }
}

/// The board field, checked rank by rank with messages that name the rank.
/// One pass over the bytes fills a bitboard per role and per colour; a
/// board request is mostly this loop, so it neither splits the text nor
/// places the pieces one by one through `Board::set_piece_at`.
fn parse_board(text: &str) -> Result<Board, FenError> {
    let ranks = text.bytes().filter(|&b| b == b'/').count() + 1;
    if ranks != 8 {
        return Err(FenError::RankCount(ranks));
    }
    let mut by_role = [0u64; 6];
    let mut by_color = [0u64; 2];
    // The rank being read, 0-based from rank 8 down, and where its text starts.
    let mut rank = 7u32;
    let mut rank_start = 0;
    let mut files = 0u32;
    let mut previous_digit = false;
    let rank_text = |start: usize| {
        text[start..]
            .split('/')
            .next()
            .unwrap_or_default()
            .to_owned()
    };
    for (at, byte) in text.bytes().enumerate() {
        match byte {
            b'/' => {
                if files != 8 {
                    return Err(FenError::RankWidth {
                        rank: rank as usize + 1,
                        text: rank_text(rank_start),
                        files,
                    });
                }
                rank -= 1;
                rank_start = at + 1;
                files = 0;
                previous_digit = false;
            }
            b'1'..=b'8' => {
                if previous_digit {
                    return Err(FenError::TwoDigits {
                        rank: rank as usize + 1,
                        text: rank_text(rank_start),
                    });
                }
                files += u32::from(byte - b'0');
                previous_digit = true;
            }
            _ => {
                let Some((role, white)) = piece_letter(byte) else {
                    // Every byte before this one is ASCII, so `at` starts a character.
                    let ch = text
                        .get(at..)
                        .and_then(|rest| rest.chars().next())
                        .unwrap_or_default();
                    return Err(FenError::BadCharacter {
                        rank: rank as usize + 1,
                        ch,
                    });
                };
                if files < 8 {
                    let square = 1u64 << (rank * 8 + files);
                    by_role[role] |= square;
                    by_color[usize::from(white)] |= square;
                }
                files += 1;
                previous_digit = false;
            }
        }
    }
    if files != 8 {
        return Err(FenError::RankWidth {
            rank: rank as usize + 1,
            text: rank_text(rank_start),
            files,
        });
    }
    let [pawn, knight, bishop, rook, queen, king] = by_role.map(Bitboard);
    let [black, white] = by_color.map(Bitboard);
    // Each square is set once, for one role and one colour, so the bitboards agree.
    Board::try_from_bitboards(
        ByRole {
            pawn,
            knight,
            bishop,
            rook,
            queen,
            king,
        },
        ByColor { black, white },
    )
    .map_err(|_| FenError::Illegal(vec![PositionProblem::Overlap]))
}

/// A piece letter as its role's index (pawn 0 to king 5) and whether it is white.
fn piece_letter(byte: u8) -> Option<(usize, bool)> {
    let role = match byte.to_ascii_lowercase() {
        b'p' => 0,
        b'n' => 1,
        b'b' => 2,
        b'r' => 3,
        b'q' => 4,
        b'k' => 5,
        _ => return None,
    };
    Some((role, byte.is_ascii_uppercase()))
}

fn check_castling(castling: &str) -> Result<(), FenError> {
    if castling == "-" {
        return Ok(());
    }
    let mut seen = 0u8;
    for ch in castling.chars() {
        let bit = match ch {
            'K' => 1,
            'Q' => 2,
            'k' => 4,
            'q' => 8,
            _ => {
                return Err(FenError::BadCastling {
                    field: castling.to_owned(),
                    ch,
                });
            }
        };
        if seen & bit != 0 {
            return Err(FenError::RepeatedCastling {
                field: castling.to_owned(),
                ch,
            });
        }
        seen |= bit;
    }
    Ok(())
}

/// The rooks a valid castling field (`K`, `Q`, `k`, `q`, or `-`) names, as
/// shakmaty's FEN reader picks them: the outermost rook on that side of the
/// back rank, or the corner when there is none (rejected later as an invalid
/// right, or dropped when lenient).
fn castling_rooks(board: &Board, castling: &str) -> Bitboard {
    let mut rooks = Bitboard::EMPTY;
    for byte in castling.bytes() {
        let color = Color::from_white(byte.is_ascii_uppercase());
        let backrank = color.backrank();
        let candidates = board.by_color(color) & (board.rooks() | board.kings()) & backrank;
        let (outermost, corner) = match byte.to_ascii_lowercase() {
            b'k' => (candidates.last(), File::H),
            b'q' => (candidates.first(), File::A),
            _ => continue,
        };
        rooks.add(
            outermost
                .filter(|&sq| board.rooks().contains(sq))
                .unwrap_or_else(|| Square::from_coords(corner, backrank)),
        );
    }
    rooks
}

fn parse_ep(ep: &str) -> Result<Option<Square>, FenError> {
    if ep == "-" {
        return Ok(None);
    }
    match ep.as_bytes() {
        &[file @ b'a'..=b'h', rank @ (b'3' | b'6')] => Ok(Some(Square::from_coords(
            File::new(u32::from(file - b'a')),
            Rank::new(u32::from(rank - b'1')),
        ))),
        _ => Err(FenError::BadEnPassant(ep.to_owned())),
    }
}

fn side(color: Color) -> Side {
    match color {
        Color::White => Side::White,
        Color::Black => Side::Black,
    }
}

/// shakmaty's error flags as the problems they stand for, naming the sides
/// and squares involved.
fn problems(
    kinds: PositionErrorKinds,
    board: &Board,
    turn: Color,
    variant: ShakmatyVariant,
) -> Vec<PositionProblem> {
    let mut problems = Vec::new();
    if kinds.contains(PositionErrorKinds::EMPTY_BOARD) {
        problems.push(PositionProblem::EmptyBoard);
    }
    for color in [Color::White, Color::Black] {
        let kings = board.by_piece(color.king());
        // Antichess kings are ordinary pieces, and the horde has none.
        let kings_free = variant == ShakmatyVariant::Antichess
            || (variant == ShakmatyVariant::Horde && color == Color::White);
        if kings_free
            && !kinds
                .intersects(PositionErrorKinds::MISSING_KING | PositionErrorKinds::TOO_MANY_KINGS)
        {
            continue;
        }
        if kings.is_empty() {
            problems.push(PositionProblem::NoKing(side(color)));
        } else if kings.count() > 1 {
            problems.push(PositionProblem::TooManyKings(
                side(color),
                kings.into_iter().collect(),
            ));
        }
    }
    if kinds.contains(PositionErrorKinds::PAWNS_ON_BACKRANK) {
        let backrank_pawns = board.by_role(Role::Pawn) & Bitboard::BACKRANKS;
        problems.push(PositionProblem::PawnsOnBackrank(
            backrank_pawns.into_iter().collect(),
        ));
    }
    if kinds.contains(PositionErrorKinds::INVALID_CASTLING_RIGHTS) {
        problems.push(PositionProblem::InvalidCastlingRights);
    }
    if kinds.contains(PositionErrorKinds::INVALID_EP_SQUARE) {
        problems.push(PositionProblem::InvalidEpSquare);
    }
    if kinds.contains(PositionErrorKinds::OPPOSITE_CHECK) {
        problems.push(PositionProblem::OppositeCheck(side(!turn)));
    }
    if kinds.contains(PositionErrorKinds::IMPOSSIBLE_CHECK) {
        problems.push(PositionProblem::ImpossibleCheck);
    }
    if kinds.contains(PositionErrorKinds::TOO_MUCH_MATERIAL) {
        problems.push(PositionProblem::TooMuchMaterial(variant));
    }
    if kinds.contains(PositionErrorKinds::VARIANT) {
        problems.push(PositionProblem::VariantRule(variant));
    }
    problems
}

/// Reads the FEN of a chess variant (not standard chess, which [`parse`]
/// reads) with shakmaty's reader, which knows every community's forms:
/// X-FEN and Shredder-FEN castling, crazyhouse pockets (`[Qn]` or a ninth
/// rank) and promoted pieces (`~`), three-check counters as a `3+3` field or
/// a `+1+2` suffix. Chess960 also takes a start-position number (`518`).
pub(crate) fn parse_variant(
    fen: &str,
    rules: ChessRules,
    strictness: Strictness,
) -> Result<VariantPosition, FenError> {
    if fen.len() > MAX_FEN_LEN {
        return Err(FenError::TooLong(fen.len()));
    }
    let text = fen.trim();
    if rules.castling == CastlingMode::Chess960 && text.bytes().all(|b| b.is_ascii_digit()) {
        return match text.parse::<u32>() {
            Ok(index) if index < CHESS960_POSITIONS => Ok(chess960_position(index)),
            _ => Err(FenError::Chess960Number(text.to_owned())),
        };
    }
    let setup = read_variant_setup(text)?;
    let board = setup.board.clone();
    let turn = setup.turn;
    accept(
        VariantPosition::from_setup(rules.variant, setup, rules.castling),
        strictness,
        &board,
        turn,
        rules.variant,
    )
}

/// A chess variant's FEN read by shakmaty's reader into a `Setup` (not a
/// Chess960 start-position number: [`parse_variant`] takes those).
pub(crate) fn read_variant_setup(fen: &str) -> Result<Setup, FenError> {
    if fen.len() > MAX_FEN_LEN {
        return Err(FenError::TooLong(fen.len()));
    }
    Ok(Fen::from_ascii(fen.trim().as_bytes())
        .map_err(FenError::VariantField)?
        .into_setup())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(fen: &str) -> String {
        parse(fen, Strictness::Strict)
            .map(|p| format(&p))
            .expect_err(fen)
            .to_string()
    }

    #[test]
    fn accepts_start_and_short_forms() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(format(&parse(start, Strictness::Strict).unwrap()), start);
        let four = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
        assert_eq!(format(&parse(four, Strictness::Strict).unwrap()), start);
    }

    #[test]
    fn accepts_ep_square_without_capture() {
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
        assert!(parse(fen, Strictness::Strict).is_ok());
    }

    #[test]
    fn precise_errors() {
        assert!(err("8/8/8/8/8/8/8/8 w - - 0 1").contains("empty"));
        assert!(err("8/8/8/8/8/8/8/4K3 w - - 0 1").contains("black has no king"));
        assert!(err("k7/8/8/8/8/8/8/K3K3 w - - 0 1").contains("white has 2 kings"));
        assert!(
            err("k6P/8/8/8/8/8/8/K7 w - - 0 1").contains("pawns on the first or last rank (h8)")
        );
        assert!(err("k7/8/8/8/8/8/8/K7 w KQ - 0 1").contains("castling rights"));
        assert!(err("k7/8/8/8/8/8/8/K7 w - e3 0 1").contains("en-passant"));
        assert!(err("k7/8/8/8/8/8/8/RK6 w - - 0 1").contains("not to move (black) is in check"));
        assert!(err("k7/8/8/8/8/8/8/K7 x - - 0 1").contains("side to move"));
        assert!(err("k7/8/8/8/8/8/K7 w - - 0 1").contains("8 ranks"));
        assert!(err("k7/8/8/8/8/8/8/K8 w - - 0 1").contains("covers 9 files"));
        assert!(err("k7/8/8/8/8/8/8/K6X w - - 0 1").contains("'X' is not a piece"));
        assert!(err("k7/8/8/8/8/8/8/K7 w KK - 0 1").contains("repeats"));
        assert!(err("k7/8/8/8/8/8/8/K7 w - e4 0 1").contains("rank 3 or 6"));
        assert!(err("k7/8/8/8/8/8/8/K7 w - - x 1").contains("halfmove"));
        assert!(err("k7/8/8/8/8/8/8/K7 w - - 0 0").contains("fullmove"));
        assert!(err("k7/8/8/8/8/8/8/K7 w").contains("fields"));
        assert!(err(&"k".repeat(300)).contains("bytes long"));
    }

    #[test]
    fn errors_are_typed_by_what_is_wrong() {
        let parsed = |fen: &str| parse(fen, Strictness::Strict).map(|_| ());
        assert_eq!(
            parsed("k7/8/8/8/8/8/8/K8 w - - 0 1"),
            Err(FenError::RankWidth {
                rank: 1,
                text: "K8".to_owned(),
                files: 9
            })
        );
        assert_eq!(
            parsed("k7/8/8/8/8/8/8/K6X w - - 0 1"),
            Err(FenError::BadCharacter { rank: 1, ch: 'X' })
        );
        assert_eq!(parsed("k7/8/8/8/8/8/8/K7 w"), Err(FenError::FieldCount(2)));
        assert!(matches!(
            parsed("8/8/8/8/8/8/8/4K3 w - - 0 1"),
            Err(FenError::Illegal(_))
        ));
    }

    /// Castling letters name rooks as shakmaty's FEN reader names them (the
    /// comparison with that reader is the root crate's fuzz harness test,
    /// `fuzz::tests::castling_rooks_match_shakmaty`).
    #[test]
    fn castling_rooks_are_named() {
        let valid = parse("4k3/8/8/8/8/8/8/R3K1RR w K - 0 1", Strictness::Strict).unwrap();
        assert_eq!(format(&valid), "4k3/8/8/8/8/8/8/R3K1RR w K - 0 1");
        assert!(err("4k3/8/8/8/8/8/8/1R2K1R1 w KQ - 0 1").contains("castling rights"));
    }

    #[test]
    fn clocks_are_digits_only() {
        assert!(err("k7/8/8/8/8/8/8/K7 w - - +3 1").contains("halfmove"));
        assert!(err("k7/8/8/8/8/8/8/K7 w - - 0 +1").contains("fullmove"));
        assert!(err("k7/8/8/8/8/8/8/K7 w - - 4294967296 1").contains("halfmove"));
        let pos = parse("k7/8/8/8/8/8/8/K7 w - - 0012 7", Strictness::Strict).unwrap();
        assert_eq!(format(&pos), "k7/8/8/8/8/8/8/K7 w - - 12 7");
    }

    #[test]
    fn lenient_drops_bad_castling_rights() {
        let fen = "k7/8/8/8/8/8/8/K7 w KQ - 0 1";
        let pos = parse(fen, Strictness::Lenient).unwrap();
        assert_eq!(format(&pos), "k7/8/8/8/8/8/8/K7 w - - 0 1");
    }
}
