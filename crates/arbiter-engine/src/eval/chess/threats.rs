//! Chess threats: pawns, minors and rooks attacking greater pieces, and
//! the terms that need both sides' attacks (hanging and weak pieces, safe
//! squares for passed pawns, the enemy king's weak squares, pawn pushes,
//! restricted squares, squares to attack the queen from).

use shakmaty::attacks::{bishop_attacks, king_attacks, knight_attacks, rook_attacks};
use shakmaty::{Bitboard, Board, Color, Rank, Role};

use super::pawns::{MASKS, pawn_attacks_of, relative_rank};
use super::*;
use crate::eval::trace::Tracer;

/// `us`'s direct threats: its pawns on the enemy's pieces, its knights and
/// bishops on rooks and queens, its rooks on queens (`pawn_threats`: what
/// its pawns attack; `attacks_by_kind`: what its knights, bishops, rooks
/// and queens attack).
pub(super) fn direct<T: Tracer>(
    board: &Board,
    us: Color,
    pawn_threats: Bitboard,
    attacks_by_kind: &[Bitboard; 4],
    terms: &mut Terms<'_, T>,
) {
    let them = !us;
    let minor_attacks = attacks_by_kind[0] | attacks_by_kind[1];
    let their = |role: Role| board.by_piece(role.of(them));
    for (i, role) in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
        .into_iter()
        .enumerate()
    {
        terms.add(
            THREAT_BY_PAWN + i,
            (pawn_threats & their(role)).count() as i32,
        );
    }
    for (i, role) in [Role::Rook, Role::Queen].into_iter().enumerate() {
        terms.add(
            THREAT_BY_MINOR + i,
            (minor_attacks & their(role)).count() as i32,
        );
    }
    let threats = (attacks_by_kind[2] & their(Role::Queen)).count() as i32;
    terms.add(THREAT_BY_ROOK, threats);
}

/// `us`'s terms that need both sides' attacks: hanging pieces (the
/// enemy's pieces, neither pawns nor the king, that `us` attacks and the
/// enemy does not defend), passed pawns' safe squares, weak squares by
/// the enemy king, threats by safe pawn pushes, the enemy king's flank,
/// threats on weak pieces, restricted squares and squares to attack the
/// queen from; added to `us`'s score. A square is attacked
/// exactly when it is in the union of its side's attacks, each computed
/// on the same board, so the union answers what `Board::attacks_to`
/// would for each square, for both sides at once.
pub(super) fn contested<T: Tracer>(
    board: &Board,
    us: &mut Side,
    them: &Side,
    color: Color,
    tracer: &mut T,
) {
    let mut terms = Terms {
        score: Tapered::default(),
        sign: if color == Color::White { 1 } else { -1 },
        tracer,
    };
    let theirs = board.by_color(!color);
    let pieces = theirs & !board.pawns() & !board.kings();
    terms.add(
        HANGING,
        (pieces & us.attacks & !them.attacks).count() as i32,
    );

    let occupied = board.occupied();
    for sq in us.passed {
        let rank = relative_rank(sq, color) as usize;
        let Some(next) = forward(color, Bitboard::from(sq)).first() else {
            continue;
        };
        if occupied.contains(next) || them.attacks.contains(next) {
            continue;
        }
        terms.add(PASSED_SAFE_STOP + rank, 1);
        let path = MASKS.passed[color as usize][sq.to_usize()] & Bitboard::from_file(sq.file());
        // On the seventh the path is the next square: no second weight.
        if path.more_than_one() && (path & (occupied | them.attacks)).is_empty() {
            terms.add(PASSED_SAFE_PATH + rank, 1);
        }
    }

    if let Some(king) = board.king_of(!color) {
        let weak = king_attacks(king) & us.attacks & !them.defends;
        terms.add(KING_ZONE_WEAK, weak.count() as i32);
    }

    let our_pawns = board.pawns() & board.by_color(color);
    let empty = !occupied;
    let single = forward(color, our_pawns) & empty;
    let third = Bitboard::from_rank(match color {
        Color::White => Rank::Third,
        Color::Black => Rank::Sixth,
    });
    let pushes = (single | (forward(color, single & third) & empty))
        & !them.pawn_attacks
        & (us.attacks | !them.attacks);
    let threats = pawn_attacks_of(color, pushes) & pieces;
    terms.add(THREAT_BY_PUSH, threats.count() as i32);

    king::flank(board, us, them, color, &mut terms);

    // Squares the enemy holds firmly: its pawns attack them, or it
    // attacks them twice where we do not.
    let strongly_protected = them.pawn_attacks | (them.twice & !us.twice);
    let weak = theirs & !strongly_protected & us.attacks;
    let minor_attacks = us.by_kind[0] | us.by_kind[1];
    for (i, role) in [Role::Pawn, Role::Knight, Role::Bishop]
        .into_iter()
        .enumerate()
    {
        let targets = weak & board.by_piece(role.of(!color));
        terms.add(THREAT_ON_WEAK + i, (minor_attacks & targets).count() as i32);
        terms.add(
            THREAT_ON_WEAK + 3 + i,
            (us.by_kind[2] & targets).count() as i32,
        );
    }
    terms.add(THREAT_BY_KING, (us.king_attacks & weak).count() as i32);
    let restricted = them.attacks & us.attacks & !strongly_protected;
    terms.add(RESTRICTED, restricted.count() as i32);
    let queens = board.queens() & theirs;
    if let (Some(queen), false) = (queens.first(), queens.more_than_one()) {
        let safe = !board.by_color(color) & !strongly_protected;
        let knights = us.by_kind[0] & knight_attacks(queen) & safe;
        terms.add(QUEEN_THREAT, knights.count() as i32);
        let sliders = (us.by_kind[1] & bishop_attacks(queen, occupied))
            | (us.by_kind[2] & rook_attacks(queen, occupied));
        terms.add(QUEEN_THREAT + 1, (sliders & safe & us.twice).count() as i32);
    }
    us.score += terms.score;
}
