//! Points and files as the notations name them, shared by the WXF and ICCS
//! notation (`notation`) and the Chinese one (`chinese`): ICCS point names,
//! file numbers counted from the mover's right, and which of the pieces on
//! one file a piece is.

use super::attacks::{NORTH, RAYS, SOUTH};
use super::position::Position;
use super::types::{FILES, Move, SQUARES, Square};
use crate::{Notation, PieceKind, Side};

/// [`super::notation::format_iccs`] appended to a text the caller holds, such as a field of a move
/// description being filled in place.
pub(crate) fn push_iccs(out: &mut Notation, m: Move) {
    push_square(out, m.from);
    push_square(out, m.to);
}

/// A point in ICCS coordinates (`h2`), appended to a text the caller holds.
pub(crate) fn push_square(out: &mut Notation, square: Square) {
    out.push_pair(SQUARE_NAMES[square.index()]);
}

/// Every point's ICCS name by index: a move list names two points per move,
/// and a table read is cheaper than the division and two checked pushes.
const SQUARE_NAMES: [[u8; 2]; SQUARES] = {
    let mut names = [[0; 2]; SQUARES];
    let mut index = 0;
    while index < SQUARES {
        let (file, rank) = (
            (index % FILES as usize) as u8,
            (index / FILES as usize) as u8,
        );
        names[index] = [b'a' + file, b'0' + rank];
        index += 1;
    }
    names
};

/// WXF (and Chinese) file number 1-9 of a file, counted from the mover's right.
pub(super) fn file_number(side: Side, file: u8) -> u8 {
    match side {
        Side::White => 9 - file,
        Side::Black => file + 1,
    }
}

/// How many same-kind, same-side pieces stand on `from`'s file, and how many of those
/// are in front of it (nearer the opponent): read from the file's bits.
pub(super) fn file_count_and_index(
    pos: &Position,
    side: Side,
    kind: PieceKind,
    from: Square,
) -> (usize, usize) {
    let at = from.index();
    let ahead_ray = match side {
        Side::White => RAYS[NORTH][at],
        Side::Black => RAYS[SOUTH][at],
    };
    let on_file = pos.pieces(side, kind) & (RAYS[NORTH][at] | RAYS[SOUTH][at] | from.bit());
    (
        on_file.count_ones() as usize,
        (on_file & ahead_ray).count_ones() as usize,
    )
}
