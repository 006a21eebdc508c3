//! Where each chess weight sits in [`super::WEIGHTS`]: an index per term
//! (each with what it counts) and [`LAYOUT`], the groups a tuner and the
//! weights file name.

use crate::eval::trace::Group;

/// Index of the first material weight (pawn, knight, bishop, rook, queen, king).
pub(super) const MATERIAL: usize = 0;
/// Piece-square weights, 64 per role in role order, each laid out from a8
/// (index 0) to h1 (index 63) as the side sees the board from behind.
pub(super) const PIECE_SQUARE: usize = MATERIAL + 6;
/// Mobility by the number of attacked squares in the mobility area (no
/// square an enemy pawn attacks, nor a stuck own pawn, the own king or
/// queens, or a piece shielding the own king), a weight per count: knight
/// (0 to 8), bishop (0 to 13), rook (0 to 14), queen (0 to 27).
pub(super) const MOBILITY: usize = PIECE_SQUARE + 6 * 64;
/// Where each role's mobility table starts (knight, bishop, rook, queen).
pub(super) const MOBILITY_START: [usize; 4] =
    [MOBILITY, MOBILITY + 9, MOBILITY + 23, MOBILITY + 38];
pub(super) const BISHOP_PAIR: usize = MOBILITY + 66;
/// Per pawn beyond the first on a file.
pub(super) const DOUBLED_PAWN: usize = BISHOP_PAIR + 1;
/// Per pawn with no own pawn on a neighbouring file.
pub(super) const ISOLATED_PAWN: usize = DOUBLED_PAWN + 1;
pub(super) const ROOK_OPEN_FILE: usize = ISOLATED_PAWN + 1;
pub(super) const ROOK_SEMI_OPEN_FILE: usize = ROOK_OPEN_FILE + 1;
/// Per own pawn in the king's shield (three files, two ranks in front).
pub(super) const KING_SHIELD_PAWN: usize = ROOK_SEMI_OPEN_FILE + 1;
/// Per passed pawn, by its relative rank (index 0 = rank 1), on top of the
/// pawn's piece-square value.
pub(super) const PASSED_PAWN: usize = KING_SHIELD_PAWN + 1;
/// Per passed pawn whose next square is occupied, by relative rank.
pub(super) const PASSED_BLOCKED: usize = PASSED_PAWN + 8;
/// Per passed pawn, per square of distance (Chebyshev) from its next square
/// to the own king, then to the enemy king: a passer is escorted or caught.
pub(super) const PASSED_KING_DISTANCE: usize = PASSED_BLOCKED + 8;
/// Per pawn defended by an own pawn or beside one on its rank, by relative rank.
pub(super) const CONNECTED_PAWN: usize = PASSED_KING_DISTANCE + 2;
/// Per enemy knight, bishop, rook, queen attacked by an own pawn.
pub(super) const THREAT_BY_PAWN: usize = CONNECTED_PAWN + 8;
/// Per enemy rook, queen attacked by an own knight or bishop.
pub(super) const THREAT_BY_MINOR: usize = THREAT_BY_PAWN + 4;
/// Per enemy queen attacked by an own rook.
pub(super) const THREAT_BY_ROOK: usize = THREAT_BY_MINOR + 2;
/// Per kind (knight, bishop, rook, queen) that can give check from a square
/// neither held by an own piece nor attacked by an enemy pawn.
pub(super) const SAFE_CHECK: usize = THREAT_BY_ROOK + 1;
/// The own king on a file without own pawns; per neighbouring file without.
pub(super) const KING_OPEN_FILE: usize = SAFE_CHECK + 4;
/// A knight, then a bishop, on relative rank 4 to 6, defended by an own
/// pawn, where no enemy pawn can ever attack it (none ahead on the
/// neighbouring files).
pub(super) const OUTPOST: usize = KING_OPEN_FILE + 2;
/// Per enemy knight, bishop, rook or queen attacked and not defended.
pub(super) const HANGING: usize = OUTPOST + 2;
/// Per backward pawn: not passed, no own pawn beside or behind it on a
/// neighbouring file to support its advance, and its next square attacked
/// by an enemy pawn.
pub(super) const BACKWARD_PAWN: usize = HANGING + 1;
/// Per rook on the relative seventh rank.
pub(super) const ROOK_ON_SEVENTH: usize = BACKWARD_PAWN + 1;
/// Per own pawn on a bishop's square colour, per bishop: such pawns block
/// it and leave the other colour's squares to the enemy.
pub(super) const BISHOP_PAWNS: usize = ROOK_ON_SEVENTH + 1;
/// Per own pawn storming the enemy king: on its file or a neighbouring
/// one, one to three ranks in front of it.
pub(super) const PAWN_STORM: usize = BISHOP_PAWNS + 1;
/// Per passed pawn whose next square is empty and not attacked by the
/// enemy, by relative rank.
pub(super) const PASSED_SAFE_STOP: usize = PAWN_STORM + 1;
/// Per passed pawn whose every square to promotion is empty and not
/// attacked by the enemy, by relative rank (on top of [`PASSED_SAFE_STOP`];
/// none on the seventh, where the path is the next square).
pub(super) const PASSED_SAFE_PATH: usize = PASSED_SAFE_STOP + 8;
/// Per own rook, then per enemy rook, behind a passed pawn on its file with
/// nothing between (Tarrasch: the rook behind escorts the passer or stops it).
pub(super) const ROOK_BEHIND_PASSER: usize = PASSED_SAFE_PATH + 8;
/// Per square by the enemy king that we attack and the enemy defends with
/// its king alone or not at all.
pub(super) const KING_ZONE_WEAK: usize = ROOK_BEHIND_PASSER + 2;
/// Per enemy knight, bishop, rook or queen a pawn would attack after a safe
/// push (its square not attacked by an enemy pawn, and attacked by us or
/// not by the enemy).
pub(super) const THREAT_BY_PUSH: usize = KING_ZONE_WEAK + 1;
/// Per central square (files c to f, relative ranks 2 to 4) neither holding
/// an own pawn nor attacked by an enemy pawn; then per such square behind an
/// own pawn (at most three squares behind), room the enemy cannot contest.
pub(super) const SPACE: usize = THREAT_BY_PUSH + 1;
/// Per knight or bishop with a pawn (either side's) right in front of it,
/// shielded from the enemy's frontal attacks.
pub(super) const MINOR_BEHIND_PAWN: usize = SPACE + 2;
/// Per square of distance (Chebyshev) from a knight, then a bishop, to the
/// own king: minor pieces near it defend it.
pub(super) const KING_PROTECTOR: usize = MINOR_BEHIND_PAWN + 1;
/// Per weak enemy pawn, knight, bishop (attacked by us, not defended by a
/// pawn nor twice where we attack once) that a knight or bishop attacks; then
/// the same for a rook.
pub(super) const THREAT_ON_WEAK: usize = KING_PROTECTOR + 2;
/// Per weak enemy piece or pawn the king attacks.
pub(super) const THREAT_BY_KING: usize = THREAT_ON_WEAK + 6;
/// Per square both sides attack that the enemy does not hold firmly (with a
/// pawn, or twice where we attack once): squares its pieces cannot use freely.
pub(super) const RESTRICTED: usize = THREAT_BY_KING + 1;
/// With one enemy queen: per safe square from which a knight of ours could
/// attack it next move, then per such square, attacked twice by us, for a
/// bishop or rook.
pub(super) const QUEEN_THREAT: usize = RESTRICTED + 1;
/// Per rook on a file with a queen (either side's).
pub(super) const ROOK_ON_QUEEN_FILE: usize = QUEEN_THREAT + 2;
/// Per bishop seeing two centre squares through the pieces (pawns stop it).
pub(super) const LONG_DIAGONAL_BISHOP: usize = ROOK_ON_QUEEN_FILE + 1;
/// Per enemy pawn on a bishop's diagonals, whatever stands between.
pub(super) const BISHOP_XRAY_PAWNS: usize = LONG_DIAGONAL_BISHOP + 1;
/// Per pawn on relative rank 5, then 6, with an enemy pawn right in front.
pub(super) const BLOCKED_PAWN: usize = BISHOP_XRAY_PAWNS + 1;
/// By the number of pieces attacking the enemy king's zone (the king's
/// square and its neighbours), one to five or more: on top of the attack
/// units' fixed square (see `KING_ATTACK_UNITS`).
pub(super) const KING_ATTACKERS: usize = BLOCKED_PAWN + 2;
/// Per attack unit on the enemy king's zone when we have no queen: an
/// attack without one is worth less.
pub(super) const KING_ATTACK_NO_QUEEN: usize = KING_ATTACKERS + 5;
/// Per square of the enemy king's flank in its camp (its first five ranks)
/// that we attack, then that we attack twice, then that the enemy defends.
pub(super) const KING_FLANK_ATTACK: usize = KING_ATTACK_NO_QUEEN + 1;
/// The right to castle kingside, then queenside.
pub(super) const CASTLING_RIGHTS: usize = KING_FLANK_ATTACK + 3;
/// Per knight that attacks an empty or enemy-held outpost square.
pub(super) const REACHABLE_OUTPOST: usize = CASTLING_RIGHTS + 2;
/// Per queen in the enemy half on a square no enemy pawn can ever attack.
pub(super) const QUEEN_INFILTRATION: usize = REACHABLE_OUTPOST + 1;
/// Per isolated or backward pawn with no enemy pawn ahead on its file: open
/// to attack by the enemy's rooks and queen.
pub(super) const WEAK_UNOPPOSED: usize = QUEEN_INFILTRATION + 1;
/// Per candidate passed pawn, by relative rank: not passed, no enemy pawn
/// ahead on its file, and at least as many own pawns beside or behind it
/// on the neighbouring files as enemy pawns ahead on them.
pub(super) const CANDIDATE_PASSER: usize = WEAK_UNOPPOSED + 1;
/// Per own pawn defending an own pawn (a pawn defended twice counts twice).
pub(super) const PAWN_SUPPORT: usize = CANDIDATE_PASSER + 8;
/// Per passed pawn the enemy king cannot catch (the rule of the square)
/// when the enemy has nothing but pawns, its path empty.
pub(super) const UNSTOPPABLE_PASSER: usize = PAWN_SUPPORT + 1;
/// Per square (Chebyshev) from the king to its nearest own pawn.
pub(super) const KING_PAWN_DISTANCE: usize = UNSTOPPABLE_PASSER + 1;
/// The king on a flank (see `king::KING_FLANK`) without pawns of either side.
pub(super) const PAWNLESS_FLANK: usize = KING_PAWN_DISTANCE + 1;
/// Per rook with three safe squares or fewer, on the far side of its own
/// king (Stockfish's trapped rook: a king that walked over it shuts it in).
pub(super) const TRAPPED_ROOK: usize = PAWNLESS_FLANK + 1;
/// Per knight, then per rook, per own pawn: knights gain in closed
/// positions, rooks in open ones.
pub(super) const KNIGHT_PAWNS: usize = TRAPPED_ROOK + 1;
/// Being the side to move (on top of the fixed `TEMPO`).
pub(super) const SIDE_TO_MOVE: usize = KNIGHT_PAWNS + 2;
/// Material imbalance (Stockfish's quadratic imbalance, fitted): per pair
/// of own kinds in [`IMBALANCE_OURS_PAIRS`], the product of their counts.
pub(super) const IMBALANCE_OURS: usize = SIDE_TO_MOVE + 1;
/// Per pair of an own kind and a lesser enemy kind in
/// [`IMBALANCE_THEIRS_PAIRS`], the product of their counts.
pub(super) const IMBALANCE_THEIRS: usize = IMBALANCE_OURS + IMBALANCE_OURS_PAIRS.len();
/// The king's pawn shelter (Stockfish's classical), on each of the three
/// files around the king (its file moved off the edge): per file, by the
/// file's distance to the board's edge (0 to 3, 8 weights each) and the
/// relative rank of the own pawn nearest the own side on it, in front of
/// the king and not attacked by an enemy pawn (0: none).
pub(super) const KING_SHELTER: usize = IMBALANCE_THEIRS + IMBALANCE_THEIRS_PAIRS.len();
/// On the same files, by the file's distance to the edge and the relative
/// rank of the enemy pawn nearest the own side, in front of the king (0:
/// none), unless an own pawn stands right before it.
pub(super) const KING_STORM: usize = KING_SHELTER + 32;
/// An enemy pawn of those files blocked by an own pawn right before it, by
/// its relative rank.
pub(super) const KING_STORM_BLOCKED: usize = KING_STORM + 32;
/// The king's file by its pawns: both sides', own only, the enemy's only,
/// none.
pub(super) const KING_ON_FILE: usize = KING_STORM_BLOCKED + 8;
/// The number of chess weights.
pub const WEIGHT_COUNT: usize = KING_ON_FILE + 4;

/// The kinds the imbalance counts: the bishop pair (0 or 1), pawns,
/// knights, bishops, rooks, queens.
pub(super) const IMBALANCE_KINDS: usize = 6;
/// Pairs `(kind, lesser or same kind)` of own pieces: all but those another
/// weight already counts (the pair alone is [`BISHOP_PAIR`], knights and
/// rooks by pawns [`KNIGHT_PAWNS`]) or that move a piece's own value
/// (queens by queens: almost always the queen count, and material is held
/// as the search's scale). Queens by pawns, own or enemy, are left out too:
/// with them the fit moved much of the queen's value onto those products,
/// and a queen against a bare king fell to 432.
pub(super) const IMBALANCE_OURS_PAIRS: [(usize, usize); 16] = [
    (1, 0),
    (1, 1),
    (2, 0),
    (2, 2),
    (3, 0),
    (3, 1),
    (3, 2),
    (3, 3),
    (4, 0),
    (4, 2),
    (4, 3),
    (4, 4),
    (5, 0),
    (5, 2),
    (5, 3),
    (5, 4),
];
/// Pairs `(own kind, lesser enemy kind)`: the reverse pairs are the
/// enemy's view of the same, and a kind against the same kind cancels out.
pub(super) const IMBALANCE_THEIRS_PAIRS: [(usize, usize); 14] = [
    (1, 0),
    (2, 0),
    (2, 1),
    (3, 0),
    (3, 1),
    (3, 2),
    (4, 0),
    (4, 1),
    (4, 2),
    (4, 3),
    (5, 0),
    (5, 2),
    (5, 3),
    (5, 4),
];

/// The parts of [`super::WEIGHTS`], in order.
pub const LAYOUT: [Group; 51] = [
    group(
        "material: pawn, knight, bishop, rook, queen, king",
        MATERIAL,
        6,
        6,
    ),
    group(
        "piece-square: pawn (a8 first, rank by rank)",
        PIECE_SQUARE,
        64,
        8,
    ),
    group("piece-square: knight", PIECE_SQUARE + 64, 64, 8),
    group("piece-square: bishop", PIECE_SQUARE + 2 * 64, 64, 8),
    group("piece-square: rook", PIECE_SQUARE + 3 * 64, 64, 8),
    group("piece-square: queen", PIECE_SQUARE + 4 * 64, 64, 8),
    group("piece-square: king", PIECE_SQUARE + 5 * 64, 64, 8),
    group("mobility: knight, 0 to 8 squares", MOBILITY_START[0], 9, 9),
    group(
        "mobility: bishop, 0 to 13 squares",
        MOBILITY_START[1],
        14,
        7,
    ),
    group("mobility: rook, 0 to 14 squares", MOBILITY_START[2], 15, 8),
    group("mobility: queen, 0 to 27 squares", MOBILITY_START[3], 28, 7),
    group("bishop pair", BISHOP_PAIR, 1, 1),
    group("pawn structure: doubled, isolated", DOUBLED_PAWN, 2, 2),
    group("rook on open file, on semi-open file", ROOK_OPEN_FILE, 2, 2),
    group("king shield pawn", KING_SHIELD_PAWN, 1, 1),
    group("passed pawn: relative rank 1 to 8", PASSED_PAWN, 8, 8),
    group(
        "passed pawn, blocked: relative rank 1 to 8",
        PASSED_BLOCKED,
        8,
        8,
    ),
    group(
        "passed pawn: per square from its next square to the own king, the enemy king",
        PASSED_KING_DISTANCE,
        2,
        2,
    ),
    group("connected pawn: relative rank 1 to 8", CONNECTED_PAWN, 8, 8),
    group(
        "threat by pawn: on knight, bishop, rook, queen",
        THREAT_BY_PAWN,
        4,
        4,
    ),
    group(
        "threat by knight or bishop: on rook, queen",
        THREAT_BY_MINOR,
        2,
        2,
    ),
    group("threat by rook: on queen", THREAT_BY_ROOK, 1, 1),
    group(
        "safe check: by knight, bishop, rook, queen",
        SAFE_CHECK,
        4,
        4,
    ),
    group(
        "king open file: its own file, per neighbouring file",
        KING_OPEN_FILE,
        2,
        2,
    ),
    group("outpost: knight, bishop", OUTPOST, 2, 2),
    group("hanging: per attacked, undefended piece", HANGING, 1, 1),
    group(
        "pawns and pieces: backward pawn, rook on seventh, bishop's pawns on its colour, pawn storm",
        BACKWARD_PAWN,
        4,
        4,
    ),
    group(
        "passed pawn, next square empty and not attacked: relative rank 1 to 8",
        PASSED_SAFE_STOP,
        8,
        8,
    ),
    group(
        "passed pawn, path to promotion empty and not attacked: relative rank 1 to 8",
        PASSED_SAFE_PATH,
        8,
        8,
    ),
    group(
        "passed pawn: own rook behind it, enemy rook behind it",
        ROOK_BEHIND_PASSER,
        2,
        2,
    ),
    group(
        "enemy king's squares defended by its king alone; threat by a safe pawn push",
        KING_ZONE_WEAK,
        2,
        2,
    ),
    group(
        "space: safe central squares, those behind own pawns",
        SPACE,
        2,
        2,
    ),
    group(
        "minor piece behind a pawn; per square to the own king: knight, bishop",
        MINOR_BEHIND_PAWN,
        3,
        3,
    ),
    group(
        "threat on a weak pawn, knight, bishop: by a knight or bishop, then by a rook",
        THREAT_ON_WEAK,
        6,
        3,
    ),
    group(
        "threat by the king on a weak piece; restricted squares; squares for a knight, a slider to attack the queen",
        THREAT_BY_KING,
        4,
        4,
    ),
    group(
        "rook on a queen's file, bishop on a long diagonal, enemy pawns on a bishop's diagonals",
        ROOK_ON_QUEEN_FILE,
        3,
        3,
    ),
    group("blocked pawn: relative rank 5, 6", BLOCKED_PAWN, 2, 2),
    group(
        "king attackers: 1 to 5 or more pieces on the enemy king's zone",
        KING_ATTACKERS,
        5,
        5,
    ),
    group(
        "attack units without a queen; enemy king's flank: attacked, attacked twice, defended",
        KING_ATTACK_NO_QUEEN,
        4,
        4,
    ),
    group(
        "castling rights: kingside, queenside",
        CASTLING_RIGHTS,
        2,
        2,
    ),
    group(
        "knight reaching an outpost, queen infiltrated, weak unopposed pawn",
        REACHABLE_OUTPOST,
        3,
        3,
    ),
    group(
        "candidate passed pawn: relative rank 1 to 8",
        CANDIDATE_PASSER,
        8,
        8,
    ),
    group(
        "pawns: per defender of a pawn; unstoppable passed pawn",
        PAWN_SUPPORT,
        2,
        2,
    ),
    group(
        "king: per square to its nearest pawn, on a pawnless flank; rook trapped by it",
        KING_PAWN_DISTANCE,
        3,
        3,
    ),
    group(
        "per knight per own pawn, per rook per own pawn; the side to move",
        KNIGHT_PAWNS,
        3,
        3,
    ),
    group(
        "imbalance: own kinds' counts multiplied, by IMBALANCE_OURS_PAIRS",
        IMBALANCE_OURS,
        IMBALANCE_OURS_PAIRS.len(),
        6,
    ),
    group(
        "imbalance: own by enemy kinds' counts, by IMBALANCE_THEIRS_PAIRS",
        IMBALANCE_THEIRS,
        IMBALANCE_THEIRS_PAIRS.len(),
        5,
    ),
    group(
        "king shelter: by the file's distance to the edge (0 to 3), the own pawn's relative rank (0: none)",
        KING_SHELTER,
        32,
        8,
    ),
    group(
        "king storm: by the file's distance to the edge (0 to 3), the enemy pawn's relative rank (0: none)",
        KING_STORM,
        32,
        8,
    ),
    group(
        "king storm blocked: by the enemy pawn's relative rank",
        KING_STORM_BLOCKED,
        8,
        8,
    ),
    group(
        "king's file: pawns of both sides, own only, the enemy's only, none",
        KING_ON_FILE,
        4,
        4,
    ),
];

const fn group(name: &'static str, start: usize, len: usize, width: usize) -> Group {
    Group {
        name,
        start,
        len,
        width,
    }
}
