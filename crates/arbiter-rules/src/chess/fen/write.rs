//! The FEN writer: shakmaty's FEN, field for field, written straight from
//! the position.

use shakmaty::{Bitboard, Board, Color, EnPassantMode, Piece, Position, Rank, Role};

/// The canonical FEN of a position (en-passant square only when a capture is
/// legal, as Stockfish and lichess write it; Chess960 castling in X-FEN;
/// crazyhouse pockets in brackets; three-check's remaining checks as a
/// `3+3` field, as python-chess and Lichess write them).
///
/// Written here rather than by shakmaty's `Fen`, field for field as it
/// writes them (a test holds the two equal in every variant): every answer
/// carries a FEN, and shakmaty's goes through a copied `Setup` and looks up
/// each square's piece, a tenth of a coordinates-view call.
#[must_use]
pub fn format(pos: &impl Position) -> String {
    let mut out = Vec::with_capacity(96);
    append_board(&mut out, pos.board(), pos.promoted());
    if let Some(pockets) = pos.pockets() {
        out.push(b'[');
        for (color, side) in [(Color::White, pockets.white), (Color::Black, pockets.black)] {
            for (role, count) in side.zip_role() {
                let letter = Piece { color, role }.char() as u8;
                out.extend(std::iter::repeat_n(letter, usize::from(count)));
            }
        }
        out.push(b']');
    }
    out.extend_from_slice(match pos.turn() {
        Color::White => b" w ",
        Color::Black => b" b ",
    });
    append_castling(&mut out, pos.board(), pos.castles().castling_rights());
    out.push(b' ');
    match pos.ep_square(EnPassantMode::Legal) {
        Some(square) => {
            out.push(square.file().char() as u8);
            out.push(square.rank().char() as u8);
        }
        None => out.push(b'-'),
    }
    if let Some(checks) = pos.remaining_checks() {
        out.push(b' ');
        append_number(&mut out, u32::from(checks.white));
        out.push(b'+');
        append_number(&mut out, u32::from(checks.black));
    }
    out.push(b' ');
    append_number(&mut out, pos.halfmoves());
    out.push(b' ');
    append_number(&mut out, pos.fullmoves().get());
    // Every byte written above is ASCII.
    String::from_utf8(out).unwrap_or_default()
}

/// Appends `n` in decimal.
fn append_number(out: &mut Vec<u8>, n: u32) {
    out.extend_from_slice(crate::types::decimal(n, &mut [0; 10]).as_bytes());
}

/// The board field: each piece's letter laid out by square from the
/// bitboards, then the occupied squares read rank by rank, the gaps between
/// them as digits and crazyhouse's promoted pieces marked `~`.
fn append_board(out: &mut Vec<u8>, board: &Board, promoted: Bitboard) {
    let mut letters = [0u8; 64];
    for color in Color::ALL {
        for role in Role::ALL {
            let piece = Piece { color, role };
            let letter = piece.char() as u8;
            for square in board.by_piece(piece) {
                letters[usize::from(square)] = letter;
            }
        }
    }
    for rank in Rank::ALL.into_iter().rev() {
        let mut next_file = 0u8;
        for square in board.occupied() & Bitboard::from_rank(rank) {
            let file = u8::from(square.file());
            if file > next_file {
                out.push(b'0' + file - next_file);
            }
            out.push(letters[usize::from(square)]);
            if promoted.contains(square) {
                out.push(b'~');
            }
            next_file = file + 1;
        }
        if next_file < 8 {
            out.push(b'0' + 8 - next_file);
        }
        if rank > Rank::First {
            out.push(b'/');
        }
    }
}

/// The castling field as shakmaty writes it: `KQkq` for the outermost rook
/// on either side of the king, the rook's file (X-FEN) for any other.
fn append_castling(out: &mut Vec<u8>, board: &Board, rights: Bitboard) {
    let before = out.len();
    for color in Color::ALL {
        let backrank = color.backrank();
        let king = board.king_of(color).filter(|k| k.rank() == backrank);
        let candidates = board.by_piece(color.rook()) & backrank;
        for rook in (rights & backrank).into_iter().rev() {
            let letter = if Some(rook) == candidates.first() && king.is_some_and(|k| rook < k) {
                b'q'
            } else if Some(rook) == candidates.last() && king.is_some_and(|k| k < rook) {
                b'k'
            } else {
                rook.file().char() as u8
            };
            out.push(match color {
                Color::White => letter.to_ascii_uppercase(),
                Color::Black => letter,
            });
        }
    }
    if out.len() == before {
        out.push(b'-');
    }
}

#[cfg(test)]
mod tests {
    use shakmaty::{EnPassantMode, Position, fen::Fen};

    use super::format;
    use crate::chess::variant::perft_positions;

    /// The writer writes what shakmaty's `Fen` writes, for the perft
    /// positions of every variant and along playouts from them (pockets,
    /// promoted pieces, X-FEN castling, remaining checks, legal en passant).
    #[test]
    fn format_writes_what_shakmaty_writes() {
        let mut checked = 0;
        for (rules, mut pos) in perft_positions() {
            for ply in 0..60usize {
                let expected = Fen::from_position(&pos, EnPassantMode::Legal).to_string();
                assert_eq!(format(&pos), expected, "{:?} ply {ply}", rules.variant);
                checked += 1;
                let legal = pos.legal_moves();
                if legal.is_empty() || pos.is_variant_end() {
                    break;
                }
                // Captures and pawn moves first, so the playouts reach
                // promotions, pockets and en-passant squares.
                let pick = legal
                    .iter()
                    .copied()
                    .find(|m| m.is_capture() || m.is_promotion() || m.is_put())
                    .unwrap_or(legal[(ply * 7 + checked) % legal.len()]);
                pos.play_unchecked(pick);
            }
        }
        assert!(checked > 5_000, "{checked}");
    }
}
