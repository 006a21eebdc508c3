//! The chess evaluation's weights (see [`super::LAYOUT`] for what each is),
//! fitted to labelled positions by `arbiter-tune` (Texel's method), starting from
//! the weights in the source before the run (git history has them).
//!
//! The run: `arbiter-tune --game chess --data target/tune5/chess-sf.txt --epochs 1500 --rate 1 --l2 0 --freeze 'material'`
//! the 972,689 positions of the runs before (the note at 03911b8 says how
//! they were made and labelled: self-play, Stockfish 15.1 at 5,000 nodes);
//! material held, so that the scale stays the search's; the king's pawn
//! shelter and storm by file and rank and its file's pawns new, from 0
//! (Stockfish's classical shelter, the better of the king's square and a
//! castled one where it may still castle)
//! 874459 positions fitted, 98230 held out (by game); sigmoid scale
//! K = 0.010498 per centipawn, fitted to the starting weights; 1500 epochs of
//! full-batch Adam, the weights of epoch 26 kept (the lowest validation
//! error). Mean squared error of sigmoid(K * eval) against the result:
//! training 0.026948 before, 0.026649 after; validation
//! 0.027423 before, 0.027240 after.

use crate::eval::trace::Tapered;

/// The weights, indexed as [`super::LAYOUT`] says.
#[rustfmt::skip]
pub const WEIGHTS: [Tapered; super::WEIGHT_COUNT] = [
    // material: pawn, knight, bishop, rook, queen, king
    Tapered(104, 66), Tapered(357, 306), Tapered(383, 325), Tapered(521, 549), Tapered(1085, 995), Tapered(0, 0),
    // piece-square: pawn (a8 first, rank by rank)
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(11, 156), Tapered(58, 151), Tapered(-13, 172), Tapered(39, 177), Tapered(-6, 135), Tapered(-100, 182), Tapered(-48, 167), Tapered(281, 14),
    Tapered(-123, 151), Tapered(-123, 142), Tapered(-117, 133), Tapered(-122, 100), Tapered(-124, 119), Tapered(-60, 101), Tapered(-87, 109), Tapered(-77, 107),
    Tapered(-135, 51), Tapered(-133, 36), Tapered(-146, 34), Tapered(-137, 14), Tapered(-119, 12), Tapered(-135, 30), Tapered(-150, 41), Tapered(-129, 33),
    Tapered(-151, 24), Tapered(-156, 21), Tapered(-151, 17), Tapered(-142, 3), Tapered(-134, 5), Tapered(-135, 22), Tapered(-146, 22), Tapered(-154, 19),
    Tapered(-161, 21), Tapered(-161, 18), Tapered(-164, 29), Tapered(-163, 27), Tapered(-158, 28), Tapered(-151, 25), Tapered(-143, 17), Tapered(-154, 10),
    Tapered(-152, 29), Tapered(-150, 29), Tapered(-157, 40), Tapered(-153, 41), Tapered(-150, 48), Tapered(-111, 27), Tapered(-106, 14), Tapered(-138, 12),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    // piece-square: knight
    Tapered(-199, -172), Tapered(-102, -62), Tapered(-15, -92), Tapered(6, -68), Tapered(43, -65), Tapered(-164, -63), Tapered(175, -192), Tapered(-24, -80),
    Tapered(-57, -55), Tapered(-57, -39), Tapered(-4, -57), Tapered(11, -60), Tapered(18, -48), Tapered(49, -68), Tapered(-99, -28), Tapered(3, -73),
    Tapered(-1, -65), Tapered(15, -43), Tapered(-2, -49), Tapered(21, -42), Tapered(41, -43), Tapered(31, -71), Tapered(43, -74), Tapered(-85, -31),
    Tapered(-1, -44), Tapered(3, -52), Tapered(21, -47), Tapered(14, -36), Tapered(12, -29), Tapered(42, -50), Tapered(11, -58), Tapered(20, -97),
    Tapered(-1, -61), Tapered(0, -55), Tapered(19, -61), Tapered(1, -44), Tapered(4, -36), Tapered(6, -40), Tapered(-3, -42), Tapered(-9, -54),
    Tapered(-24, -59), Tapered(-12, -64), Tapered(-10, -74), Tapered(-14, -52), Tapered(-3, -54), Tapered(-17, -80), Tapered(-15, -77), Tapered(-35, -45),
    Tapered(-28, -93), Tapered(-32, -50), Tapered(-19, -69), Tapered(-18, -75), Tapered(-21, -77), Tapered(-48, -64), Tapered(-36, -80), Tapered(-50, -47),
    Tapered(-129, -103), Tapered(-25, -79), Tapered(-65, -86), Tapered(-34, -63), Tapered(-20, -87), Tapered(-37, -80), Tapered(-55, -77), Tapered(-22, -241),
    // piece-square: bishop
    Tapered(19, -45), Tapered(66, -47), Tapered(21, -17), Tapered(-6, -8), Tapered(27, -19), Tapered(-23, -20), Tapered(52, -22), Tapered(-98, -10),
    Tapered(18, -14), Tapered(8, -30), Tapered(40, -15), Tapered(-2, -12), Tapered(29, -13), Tapered(79, -26), Tapered(-25, -6), Tapered(-20, -15),
    Tapered(25, -18), Tapered(58, -32), Tapered(26, -50), Tapered(48, -15), Tapered(41, -22), Tapered(101, -44), Tapered(60, -39), Tapered(61, -48),
    Tapered(33, -23), Tapered(59, -36), Tapered(68, -28), Tapered(98, -36), Tapered(74, -17), Tapered(92, -60), Tapered(72, -38), Tapered(27, -42),
    Tapered(50, -43), Tapered(56, -27), Tapered(69, -30), Tapered(87, -24), Tapered(92, -48), Tapered(60, -25), Tapered(42, -37), Tapered(67, -66),
    Tapered(54, -45), Tapered(63, -31), Tapered(52, -57), Tapered(58, -40), Tapered(56, -24), Tapered(54, -78), Tapered(62, -56), Tapered(60, -86),
    Tapered(65, -33), Tapered(47, -76), Tapered(58, -55), Tapered(45, -39), Tapered(48, -52), Tapered(73, -52), Tapered(69, -98), Tapered(67, -106),
    Tapered(30, -53), Tapered(66, -41), Tapered(41, -46), Tapered(22, -29), Tapered(71, -63), Tapered(17, -54), Tapered(46, -71), Tapered(-15, -60),
    // piece-square: rook
    Tapered(5, -50), Tapered(-22, -49), Tapered(4, -58), Tapered(18, -58), Tapered(15, -51), Tapered(6, -54), Tapered(-14, -53), Tapered(1, -50),
    Tapered(86, -32), Tapered(96, -34), Tapered(106, -37), Tapered(125, -45), Tapered(91, -29), Tapered(156, -57), Tapered(102, -43), Tapered(8, -10),
    Tapered(7, -60), Tapered(29, -78), Tapered(40, -85), Tapered(53, -87), Tapered(61, -92), Tapered(56, -78), Tapered(27, -77), Tapered(26, -79),
    Tapered(0, -62), Tapered(7, -64), Tapered(22, -72), Tapered(39, -84), Tapered(8, -67), Tapered(9, -67), Tapered(10, -61), Tapered(6, -68),
    Tapered(-13, -63), Tapered(11, -74), Tapered(-1, -68), Tapered(-9, -70), Tapered(0, -69), Tapered(-6, -61), Tapered(11, -73), Tapered(-34, -62),
    Tapered(-28, -81), Tapered(-24, -75), Tapered(-8, -76), Tapered(4, -86), Tapered(13, -88), Tapered(4, -87), Tapered(18, -101), Tapered(-29, -85),
    Tapered(-16, -91), Tapered(-14, -79), Tapered(-3, -88), Tapered(3, -91), Tapered(5, -94), Tapered(26, -112), Tapered(-1, -82), Tapered(-23, -99),
    Tapered(-4, -105), Tapered(2, -105), Tapered(1, -102), Tapered(2, -101), Tapered(9, -120), Tapered(8, -112), Tapered(2, -99), Tapered(-18, -109),
    // piece-square: queen
    Tapered(14, -85), Tapered(51, -120), Tapered(47, -97), Tapered(5, -64), Tapered(98, -124), Tapered(39, -54), Tapered(187, -234), Tapered(119, -146),
    Tapered(49, -94), Tapered(62, -100), Tapered(105, -116), Tapered(70, -76), Tapered(84, -102), Tapered(119, -122), Tapered(110, -88), Tapered(60, -83),
    Tapered(94, -154), Tapered(83, -124), Tapered(59, -74), Tapered(105, -107), Tapered(80, -78), Tapered(140, -122), Tapered(78, -120), Tapered(102, -123),
    Tapered(79, -120), Tapered(112, -143), Tapered(105, -115), Tapered(97, -112), Tapered(103, -90), Tapered(124, -104), Tapered(124, -109), Tapered(107, -116),
    Tapered(101, -154), Tapered(123, -142), Tapered(120, -113), Tapered(100, -76), Tapered(109, -94), Tapered(119, -124), Tapered(114, -118), Tapered(97, -97),
    Tapered(107, -158), Tapered(119, -135), Tapered(119, -140), Tapered(115, -133), Tapered(109, -120), Tapered(114, -144), Tapered(128, -191), Tapered(107, -154),
    Tapered(119, -183), Tapered(115, -165), Tapered(118, -171), Tapered(113, -139), Tapered(116, -159), Tapered(124, -192), Tapered(133, -196), Tapered(108, -227),
    Tapered(135, -204), Tapered(113, -195), Tapered(113, -189), Tapered(115, -179), Tapered(125, -200), Tapered(86, -179), Tapered(141, -308), Tapered(132, -257),
    // piece-square: king
    Tapered(530, -298), Tapered(211, -93), Tapered(12, -16), Tapered(97, 38), Tapered(113, -25), Tapered(151, -7), Tapered(-159, 58), Tapered(274, -100),
    Tapered(162, -19), Tapered(-161, 90), Tapered(-48, 66), Tapered(-37, 43), Tapered(-49, 84), Tapered(-48, 90), Tapered(-108, 94), Tapered(-284, 53),
    Tapered(-172, 33), Tapered(-115, 66), Tapered(-190, 82), Tapered(-104, 72), Tapered(-103, 85), Tapered(-62, 80), Tapered(-99, 84), Tapered(-219, 69),
    Tapered(63, -2), Tapered(4, 40), Tapered(-98, 73), Tapered(-109, 77), Tapered(-37, 60), Tapered(-93, 71), Tapered(-55, 54), Tapered(-147, 38),
    Tapered(-78, -8), Tapered(-19, 13), Tapered(-77, 54), Tapered(-32, 54), Tapered(-69, 59), Tapered(2, 37), Tapered(-53, 31), Tapered(-47, 10),
    Tapered(-3, 1), Tapered(-44, 13), Tapered(-41, 43), Tapered(-31, 42), Tapered(-24, 41), Tapered(0, 26), Tapered(36, 6), Tapered(-8, 15),
    Tapered(-24, 27), Tapered(11, 12), Tapered(10, 21), Tapered(-27, 29), Tapered(-17, 21), Tapered(5, 17), Tapered(49, 9), Tapered(60, -11),
    Tapered(-95, 49), Tapered(58, -15), Tapered(22, 21), Tapered(-2, 11), Tapered(-36, 13), Tapered(-28, 16), Tapered(52, -7), Tapered(46, -17),
    // mobility: knight, 0 to 8 squares
    Tapered(63, -175), Tapered(50, -191), Tapered(59, -141), Tapered(69, -119), Tapered(73, -110), Tapered(77, -99), Tapered(81, -99), Tapered(83, -97), Tapered(93, -111),
    // mobility: bishop, 0 to 13 squares
    Tapered(51, -77), Tapered(68, -104), Tapered(79, -92), Tapered(86, -75), Tapered(93, -73), Tapered(97, -69), Tapered(100, -62),
    Tapered(100, -59), Tapered(99, -54), Tapered(104, -60), Tapered(111, -63), Tapered(107, -59), Tapered(127, -69), Tapered(114, -66),
    // mobility: rook, 0 to 14 squares
    Tapered(57, -182), Tapered(81, -194), Tapered(94, -163), Tapered(98, -153), Tapered(95, -145), Tapered(101, -134), Tapered(101, -126), Tapered(103, -118),
    Tapered(108, -114), Tapered(108, -110), Tapered(109, -101), Tapered(109, -100), Tapered(108, -93), Tapered(117, -98), Tapered(128, -107),
    // mobility: queen, 0 to 27 squares
    Tapered(169, -56), Tapered(269, -395), Tapered(230, -345), Tapered(237, -361), Tapered(240, -362), Tapered(240, -328), Tapered(239, -309),
    Tapered(246, -318), Tapered(249, -300), Tapered(253, -306), Tapered(255, -292), Tapered(257, -289), Tapered(260, -286), Tapered(263, -296),
    Tapered(263, -285), Tapered(259, -281), Tapered(262, -290), Tapered(266, -290), Tapered(278, -310), Tapered(277, -312), Tapered(291, -322),
    Tapered(313, -344), Tapered(299, -348), Tapered(286, -333), Tapered(512, -583), Tapered(315, -343), Tapered(473, -515), Tapered(423, -501),
    // bishop pair
    Tapered(29, 60),
    // pawn structure: doubled, isolated
    Tapered(0, -28), Tapered(-2, -5),
    // rook on open file, on semi-open file
    Tapered(34, -10), Tapered(16, -8),
    // king shield pawn
    Tapered(9, -7),
    // passed pawn: relative rank 1 to 8
    Tapered(0, 0), Tapered(26, -35), Tapered(7, -3), Tapered(5, 29), Tapered(36, 26), Tapered(80, -32), Tapered(164, 9), Tapered(98, 196),
    // passed pawn, blocked: relative rank 1 to 8
    Tapered(0, 0), Tapered(-29, 5), Tapered(-8, -11), Tapered(-6, -12), Tapered(-16, -7), Tapered(-30, -4), Tapered(-116, -74), Tapered(0, 0),
    // passed pawn: per square from its next square to the own king, the enemy king
    Tapered(3, -11), Tapered(-5, 19),
    // connected pawn: relative rank 1 to 8
    Tapered(0, 0), Tapered(5, -1), Tapered(13, 6), Tapered(9, 9), Tapered(20, 16), Tapered(47, 54), Tapered(176, 21), Tapered(0, 0),
    // threat by pawn: on knight, bishop, rook, queen
    Tapered(79, 36), Tapered(79, 56), Tapered(61, 42), Tapered(86, -68),
    // threat by knight or bishop: on rook, queen
    Tapered(73, 23), Tapered(71, -8),
    // threat by rook: on queen
    Tapered(64, -17),
    // safe check: by knight, bishop, rook, queen
    Tapered(22, 1), Tapered(6, 21), Tapered(16, -4), Tapered(-1, 29),
    // king open file: its own file, per neighbouring file
    Tapered(-26, 1), Tapered(-14, -5),
    // outpost: knight, bishop
    Tapered(33, -1), Tapered(34, 9),
    // hanging: per attacked, undefended piece
    Tapered(20, 2),
    // pawns and pieces: backward pawn, rook on seventh, bishop's pawns on its colour, pawn storm
    Tapered(-4, 4), Tapered(-76, -34), Tapered(-3, -8), Tapered(8, -1),
    // passed pawn, next square empty and not attacked: relative rank 1 to 8
    Tapered(0, 0), Tapered(-8, 2), Tapered(8, -5), Tapered(22, -5), Tapered(-3, 23), Tapered(15, 51), Tapered(-275, 223), Tapered(0, 0),
    // passed pawn, path to promotion empty and not attacked: relative rank 1 to 8
    Tapered(0, 0), Tapered(-67, 24), Tapered(-60, 14), Tapered(-45, 25), Tapered(-11, 31), Tapered(-6, 42), Tapered(0, 0), Tapered(0, 0),
    // passed pawn: own rook behind it, enemy rook behind it
    Tapered(11, 31), Tapered(13, -57),
    // enemy king's squares defended by its king alone; threat by a safe pawn push
    Tapered(1, -3), Tapered(17, 12),
    // space: safe central squares, those behind own pawns
    Tapered(-2, 9), Tapered(6, -5),
    // minor piece behind a pawn; per square to the own king: knight, bishop
    Tapered(9, 14), Tapered(-7, -3), Tapered(-2, -4),
    // threat on a weak pawn, knight, bishop: by a knight or bishop, then by a rook
    Tapered(4, 22), Tapered(18, 41), Tapered(26, 21),
    Tapered(6, 19), Tapered(33, 9), Tapered(35, 21),
    // threat by the king on a weak piece; restricted squares; squares for a knight, a slider to attack the queen
    Tapered(18, 21), Tapered(4, -2), Tapered(7, -2), Tapered(13, -3),
    // rook on a queen's file, bishop on a long diagonal, enemy pawns on a bishop's diagonals
    Tapered(8, -5), Tapered(24, 22), Tapered(-5, 0),
    // blocked pawn: relative rank 5, 6
    Tapered(-12, -20), Tapered(-22, -100),
    // king attackers: 1 to 5 or more pieces on the enemy king's zone
    Tapered(-6, -5), Tapered(-3, -15), Tapered(18, -48), Tapered(18, 34), Tapered(-74, -121),
    // attack units without a queen; enemy king's flank: attacked, attacked twice, defended
    Tapered(-3, 2), Tapered(3, -5), Tapered(3, 0), Tapered(-3, 0),
    // castling rights: kingside, queenside
    Tapered(64, -38), Tapered(19, 17),
    // knight reaching an outpost, queen infiltrated, weak unopposed pawn
    Tapered(18, 11), Tapered(29, -2), Tapered(-9, -13),
    // candidate passed pawn: relative rank 1 to 8
    Tapered(0, 0), Tapered(4, -8), Tapered(7, -1), Tapered(8, 12), Tapered(3, 10), Tapered(44, -29), Tapered(0, 0), Tapered(0, 0),
    // pawns: per defender of a pawn; unstoppable passed pawn
    Tapered(11, -4), Tapered(-824, 164),
    // king: per square to its nearest pawn, on a pawnless flank; rook trapped by it
    Tapered(-1, -12), Tapered(56, -41), Tapered(-11, -12),
    // per knight per own pawn, per rook per own pawn; the side to move
    Tapered(-13, 41), Tapered(-24, 54), Tapered(20, 4),
    // imbalance: own kinds' counts multiplied, by IMBALANCE_OURS_PAIRS
    Tapered(-13, 19), Tapered(0, 8), Tapered(-5, 1), Tapered(7, 22), Tapered(-5, 12), Tapered(-5, 30),
    Tapered(38, 20), Tapered(8, -34), Tapered(7, -21), Tapered(53, 32), Tapered(74, -4), Tapered(85, -40),
    Tapered(7, -41), Tapered(-18, 95), Tapered(1, 50), Tapered(-48, 52),
    // imbalance: own by enemy kinds' counts, by IMBALANCE_THEIRS_PAIRS
    Tapered(-20, 14), Tapered(23, -37), Tapered(-25, 36), Tapered(5, -6), Tapered(-42, 48),
    Tapered(-3, -9), Tapered(4, -26), Tapered(-61, 60), Tapered(-45, 63), Tapered(-6, 28),
    Tapered(-18, 13), Tapered(-1, 182), Tapered(21, 182), Tapered(-88, 216),
    // king shelter: by the file's distance to the edge (0 to 3), the own pawn's relative rank (0: none)
    Tapered(-8, 17), Tapered(-2, -17), Tapered(5, -7), Tapered(8, -7), Tapered(-6, -5), Tapered(6, -5), Tapered(2, 16), Tapered(0, 0),
    Tapered(-10, 11), Tapered(3, -6), Tapered(0, -9), Tapered(3, -6), Tapered(-13, 1), Tapered(-3, 8), Tapered(9, 6), Tapered(0, 0),
    Tapered(1, 2), Tapered(6, -2), Tapered(5, -2), Tapered(-5, -2), Tapered(-21, 4), Tapered(-15, 8), Tapered(12, -16), Tapered(0, 0),
    Tapered(1, -1), Tapered(-1, -16), Tapered(3, -7), Tapered(2, 2), Tapered(-10, 7), Tapered(17, 7), Tapered(7, 8), Tapered(0, 0),
    // king storm: by the file's distance to the edge (0 to 3), the enemy pawn's relative rank (0: none)
    Tapered(-8, -7), Tapered(23, 25), Tapered(19, 21), Tapered(-19, 14), Tapered(4, -7), Tapered(3, -12), Tapered(-2, -8), Tapered(0, 0),
    Tapered(-2, 1), Tapered(20, 22), Tapered(20, 23), Tapered(-9, 7), Tapered(-1, 4), Tapered(5, -6), Tapered(-1, -1), Tapered(0, 0),
    Tapered(-6, 0), Tapered(21, 24), Tapered(15, 19), Tapered(-6, 9), Tapered(-1, 0), Tapered(6, -8), Tapered(1, -1), Tapered(0, 0),
    Tapered(-5, 8), Tapered(19, 22), Tapered(15, 22), Tapered(11, -8), Tapered(0, -10), Tapered(5, -1), Tapered(-6, 7), Tapered(0, 0),
    // king storm blocked: by the enemy pawn's relative rank
    Tapered(0, 0), Tapered(0, 0), Tapered(-20, -23), Tapered(-2, -13), Tapered(13, -19), Tapered(1, 1), Tapered(-14, 3), Tapered(0, 0),
    // king's file: pawns of both sides, own only, the enemy's only, none
    Tapered(8, 0), Tapered(-3, 2), Tapered(6, 2), Tapered(-13, -4),
];
