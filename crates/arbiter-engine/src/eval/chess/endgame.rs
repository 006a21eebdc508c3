//! How winnable a chess score is: a scale factor out of [`FULL_SCALE`] for
//! the endgame sum, by the material the stronger side has to win with
//! (Stockfish's classical scale factors: opposite-coloured bishops, rook
//! endings with the pawns on one flank, a lone queen, few pawns), and a
//! bonus for mating material against a bare king ([`mating`]). These are
//! not linear in the weights, so they are not tuned: a trace takes them as
//! constants of the position.

use shakmaty::attacks::king_attacks;
use shakmaty::{Bitboard, Board, Color, Role};

use super::pawns::on_files;
use crate::eval::trace::{Tapered, Trace};

/// The scale of a score taken whole.
pub(super) const FULL_SCALE: i32 = Trace::FULL_SCALE;

/// Files a to d, then e to h.
const QUEENSIDE: u8 = 0b0000_1111;
const KINGSIDE: u8 = 0b1111_0000;

/// The factor (out of [`FULL_SCALE`]) for the endgame sum of a position
/// where `strong` leads in it; `strong_passed` are its passed pawns.
///
/// - Against a bare king: whole (see [`mating`]).
/// - Opposite-coloured bishops and nothing else but pawns: a draw unless
///   passers break through, 18 plus 4 a passer of the stronger side; with
///   other pieces too, 22 plus 3 a piece or pawn of the stronger side.
/// - Rook against rook, the stronger side at most a pawn up with all its
///   pawns on one flank and the weaker king beside one of its own pawns: 36.
/// - One queen on the board, the other side with pieces: 37 plus 3 a
///   knight or bishop of that side (minors fight a queen better than a
///   rook does).
/// - Otherwise by the stronger side's pawns, 36 plus 7 a pawn up to the
///   full scale: with few pawns an edge is hard to turn into a queen.
pub(super) fn scale(board: &Board, strong: Color, strong_passed: Bitboard) -> i32 {
    let weak = !strong;
    let count = |role: Role, color: Color| (board.by_piece(role.of(color))).count() as i32;
    let pieces = |color: Color| board.by_color(color) & !board.pawns() & !board.kings();
    if is_bare_king(board, weak) {
        return FULL_SCALE;
    }
    let strong_pawns = board.pawns() & board.by_color(strong);
    let strong_bishop = board.bishops() & board.by_color(strong);
    let weak_bishop = board.bishops() & board.by_color(weak);
    let opposite_bishops = strong_bishop.count() == 1
        && weak_bishop.count() == 1
        && (strong_bishop & Bitboard::DARK_SQUARES).is_empty()
            != (weak_bishop & Bitboard::DARK_SQUARES).is_empty();
    if opposite_bishops {
        return if pieces(strong) == strong_bishop && pieces(weak) == weak_bishop {
            18 + 4 * strong_passed.count() as i32
        } else {
            22 + 3 * board.by_color(strong).without(board.kings()).count() as i32
        };
    }
    let lone_rook = |color: Color| {
        let rooks = board.rooks() & board.by_color(color);
        rooks.count() == 1 && pieces(color) == rooks
    };
    if lone_rook(strong)
        && lone_rook(weak)
        && count(Role::Pawn, strong) - count(Role::Pawn, weak) <= 1
        && (strong_pawns & on_files(KINGSIDE)).is_empty()
            != (strong_pawns & on_files(QUEENSIDE)).is_empty()
        && board
            .king_of(weak)
            .is_some_and(|king| (king_attacks(king) & board.pawns() & board.by_color(weak)).any())
    {
        return 36;
    }
    if board.queens().count() == 1 {
        let without = if (board.queens() & board.by_color(Color::White)).any() {
            Color::Black
        } else {
            Color::White
        };
        if pieces(without).any() {
            return 37 + 3 * (count(Role::Knight, without) + count(Role::Bishop, without));
        }
    }
    (36 + 7 * strong_pawns.count() as i32).min(FULL_SCALE)
}

/// The bonus, on top of the material, for mating material against a bare
/// king, from White's side (endgame only): a won ending whose score must
/// not depend on what the fitted weights make of positions the data hardly
/// has, and that pulls the search toward the mate, the lone king driven to
/// the rim and the kings close. A queen, a rook, a bishop and a knight, or
/// bishops on both colours can force it (two knights cannot).
pub(super) fn mating(board: &Board) -> Tapered {
    for strong in Color::ALL {
        let weak = !strong;
        // Nearly every position has pieces on both sides: ask that first.
        if !is_bare_king(board, weak) {
            continue;
        }
        let side = board.by_color(strong);
        let bishops = board.bishops() & side;
        let can_mate = ((board.queens() | board.rooks()) & side).any()
            || (bishops.any() && (board.knights() & side).any())
            || ((bishops & Bitboard::DARK_SQUARES).any()
                && (bishops & Bitboard::LIGHT_SQUARES).any());
        if !can_mate {
            continue;
        }
        let (Some(winner), Some(loser)) = (board.king_of(strong), board.king_of(weak)) else {
            continue;
        };
        let (file, rank) = (loser.file() as i32, loser.rank() as i32);
        let rim = 3 - file.min(7 - file).min(rank).min(7 - rank);
        let closeness = 7 - winner.distance(loser) as i32;
        let bonus = MATING_BONUS + 30 * rim + 10 * closeness;
        let sign = if strong == Color::White { 1 } else { -1 };
        return Tapered(0, sign * bonus);
    }
    Tapered(0, 0)
}

/// What mating material against a bare king is worth beyond its weights.
const MATING_BONUS: i32 = 300;

/// Whether `color` has nothing but its king.
fn is_bare_king(board: &Board, color: Color) -> bool {
    (board.by_color(color) & !board.kings()).is_empty()
}
