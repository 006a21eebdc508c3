//! Chess FEN parsing with errors that say exactly what is wrong.
//!
//! shakmaty does the parsing and the legality checks; this module first
//! checks the syntax field by field (shakmaty only reports which field is
//! bad) and then turns shakmaty's position errors into sentences naming the
//! squares involved.

use shakmaty::{
    Bitboard, CastlingMode, Chess, Color, EnPassantMode, PositionError, PositionErrorKinds, Role,
    fen::Fen,
};

/// How much of an impossible position is tolerated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Strictness {
    /// Reject anything shakmaty (and Stockfish) would not handle.
    #[default]
    Strict,
    /// Also accept impossible checks and too much material, and drop invalid
    /// castling rights or en-passant squares instead of rejecting them.
    Lenient,
}

/// Longest FEN accepted; a real one is under 100 bytes.
pub const MAX_FEN_LEN: usize = 256;

/// Parses a standard chess FEN (4 to 6 fields; missing clocks default to
/// `0 1`).
pub fn parse(fen: &str, strictness: Strictness) -> Result<Chess, String> {
    if fen.len() > MAX_FEN_LEN {
        return Err(format!(
            "FEN is {} bytes long; at most {MAX_FEN_LEN} are accepted",
            fen.len()
        ));
    }
    let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
    if fields.len() < 4 || fields.len() > 6 {
        return Err(format!(
            "expected 6 space-separated fields (board, side, castling, en passant, halfmove clock, fullmove number), found {}",
            fields.len()
        ));
    }
    check_board(fields[0])?;
    if !matches!(fields[1], "w" | "b") {
        return Err(format!(
            "side to move must be 'w' or 'b', found '{}'",
            fields[1]
        ));
    }
    check_castling(fields[2])?;
    check_ep(fields[3])?;
    if let Some(half) = fields.get(4) {
        half.parse::<u32>()
            .map_err(|_| format!("halfmove clock must be a non-negative number, found '{half}'"))?;
    }
    if let Some(full) = fields.get(5) {
        match full.parse::<u32>() {
            Ok(n) if n >= 1 => {}
            _ => {
                return Err(format!(
                    "fullmove number must be a number from 1, found '{full}'"
                ));
            }
        }
    }
    let normalized = match fields.len() {
        4 => format!("{} 0 1", fields.join(" ")),
        5 => format!("{} 1", fields.join(" ")),
        _ => fields.join(" "),
    };
    let parsed = Fen::from_ascii(normalized.as_bytes()).map_err(|e| e.to_string())?;
    let setup = parsed.as_setup().clone();
    match parsed.into_position::<Chess>(CastlingMode::Standard) {
        Ok(pos) => Ok(pos),
        Err(err) => {
            let kinds = err.kinds();
            if strictness == Strictness::Lenient {
                let tolerated = PositionErrorKinds::INVALID_CASTLING_RIGHTS
                    | PositionErrorKinds::INVALID_EP_SQUARE
                    | PositionErrorKinds::IMPOSSIBLE_CHECK
                    | PositionErrorKinds::TOO_MUCH_MATERIAL;
                if (kinds - tolerated).is_empty() {
                    return err
                        .ignore_invalid_castling_rights()
                        .or_else(PositionError::ignore_invalid_ep_square)
                        .or_else(PositionError::ignore_impossible_check)
                        .or_else(PositionError::ignore_too_much_material)
                        .map_err(|e| describe(e.kinds(), &setup));
                }
            }
            Err(describe(kinds, &setup))
        }
    }
}

fn check_board(board: &str) -> Result<(), String> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 8 {
        return Err(format!(
            "board must have 8 ranks separated by '/', found {}",
            ranks.len()
        ));
    }
    for (i, rank) in ranks.iter().enumerate() {
        let rank_name = 8 - i;
        let mut files = 0u32;
        let mut previous_digit = false;
        for ch in rank.chars() {
            match ch {
                '1'..='8' => {
                    if previous_digit {
                        return Err(format!("rank {rank_name}: two digits in a row ('{rank}')"));
                    }
                    files += ch.to_digit(10).unwrap_or(0);
                    previous_digit = true;
                }
                'p' | 'n' | 'b' | 'r' | 'q' | 'k' | 'P' | 'N' | 'B' | 'R' | 'Q' | 'K' => {
                    files += 1;
                    previous_digit = false;
                }
                _ => {
                    return Err(format!(
                        "rank {rank_name}: '{}' is not a piece letter (PNBRQK/pnbrqk) or a digit 1-8",
                        ch.escape_debug()
                    ));
                }
            }
        }
        if files != 8 {
            return Err(format!(
                "rank {rank_name} ('{rank}') covers {files} files instead of 8"
            ));
        }
    }
    Ok(())
}

fn check_castling(castling: &str) -> Result<(), String> {
    if castling == "-" {
        return Ok(());
    }
    let mut seen = String::new();
    for ch in castling.chars() {
        if !matches!(ch, 'K' | 'Q' | 'k' | 'q') {
            return Err(format!(
                "castling field '{castling}': '{}' is not one of K, Q, k, q (or '-' for none)",
                ch.escape_debug()
            ));
        }
        if seen.contains(ch) {
            return Err(format!("castling field '{castling}' repeats '{ch}'"));
        }
        seen.push(ch);
    }
    Ok(())
}

fn check_ep(ep: &str) -> Result<(), String> {
    if ep == "-" {
        return Ok(());
    }
    let bytes = ep.as_bytes();
    if bytes.len() == 2 && (b'a'..=b'h').contains(&bytes[0]) && matches!(bytes[1], b'3' | b'6') {
        Ok(())
    } else {
        Err(format!(
            "en-passant field must be '-' or a square on rank 3 or 6, found '{ep}'"
        ))
    }
}

fn squares(bb: Bitboard) -> String {
    bb.into_iter()
        .map(|sq| sq.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn side_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// Turns shakmaty's error flags into one sentence per problem.
fn describe(kinds: PositionErrorKinds, setup: &shakmaty::Setup) -> String {
    let board = &setup.board;
    let mut problems = Vec::new();
    if kinds.contains(PositionErrorKinds::EMPTY_BOARD) {
        problems.push("the board is empty".to_owned());
    }
    for color in [Color::White, Color::Black] {
        let kings = board.by_piece(color.king());
        if kings.is_empty() {
            problems.push(format!("{} has no king", side_name(color)));
        } else if kings.count() > 1 {
            problems.push(format!(
                "{} has {} kings ({})",
                side_name(color),
                kings.count(),
                squares(kings)
            ));
        }
    }
    if kinds.contains(PositionErrorKinds::PAWNS_ON_BACKRANK) {
        let backrank_pawns = board.by_role(Role::Pawn) & Bitboard::BACKRANKS;
        problems.push(format!(
            "pawns on the first or last rank ({})",
            squares(backrank_pawns)
        ));
    }
    if kinds.contains(PositionErrorKinds::INVALID_CASTLING_RIGHTS) {
        problems.push(
            "castling rights name a king or rook that is not on its starting square".to_owned(),
        );
    }
    if kinds.contains(PositionErrorKinds::INVALID_EP_SQUARE) {
        problems.push(
            "the en-passant square does not follow a double pawn push by the side that just moved"
                .to_owned(),
        );
    }
    if kinds.contains(PositionErrorKinds::OPPOSITE_CHECK) {
        problems.push(format!(
            "the side not to move ({}) is in check",
            side_name(!setup.turn)
        ));
    }
    if kinds.contains(PositionErrorKinds::IMPOSSIBLE_CHECK) {
        problems.push(
            "the check on the side to move cannot arise in a game (too many or aligned checkers)"
                .to_owned(),
        );
    }
    if kinds.contains(PositionErrorKinds::TOO_MUCH_MATERIAL) {
        problems.push("more material than promotions could produce".to_owned());
    }
    if problems.is_empty() {
        problems.push("the position is not legal".to_owned());
    }
    problems.join("; ")
}

/// The canonical FEN of a position (en-passant square only when a capture is
/// legal, as Stockfish and lichess write it).
#[must_use]
pub fn format(pos: &Chess) -> String {
    // Every answer carries a FEN: append directly rather than through
    // `Display`, which writes one char at a time into a growing string.
    let mut out = String::with_capacity(96);
    Fen::from_position(pos, EnPassantMode::Legal).append_to_string(&mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(fen: &str) -> String {
        parse(fen, Strictness::Strict)
            .map(|p| format(&p))
            .expect_err(fen)
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
    fn lenient_drops_bad_castling_rights() {
        let fen = "k7/8/8/8/8/8/8/K7 w KQ - 0 1";
        let pos = parse(fen, Strictness::Lenient).unwrap();
        assert_eq!(format(&pos), "k7/8/8/8/8/8/8/K7 w - - 0 1");
    }
}
