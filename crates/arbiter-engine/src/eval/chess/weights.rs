//! The chess evaluation's weights (see [`super::LAYOUT`] for what each is),
//! fitted to labelled positions by `arbiter-tune` (Texel's method), starting from
//! the weights in the source before the run (git history has them).
//!
//! The run: `arbiter-tune --game chess --data target/tune5/chess-sf.txt --epochs 1500 --rate 1 --l2 0 --freeze 'material'`
//! the 972,689 positions of the runs before (the note at 03911b8 says how
//! they were made and labelled: self-play, Stockfish 15.1 at 5,000 nodes);
//! material held, so that the scale stays the search's; the imbalance
//! weights new, from 0, and a bonus for mating material against a bare
//! king (a constant of each position, as the king danger)
//! 874459 positions fitted, 98230 held out (by game); sigmoid scale
//! K = 0.010959 per centipawn, fitted to the starting weights; 1500 epochs of
//! full-batch Adam, the weights of epoch 1221 kept (the lowest validation
//! error). Mean squared error of sigmoid(K * eval) against the result:
//! training 0.028153 before, 0.027475 after; validation
//! 0.028837 before, 0.028048 after.

use crate::eval::trace::Tapered;

/// The weights, indexed as [`super::LAYOUT`] says.
#[rustfmt::skip]
pub const WEIGHTS: [Tapered; super::WEIGHT_COUNT] = [
    // material: pawn, knight, bishop, rook, queen, king
    Tapered(104, 66), Tapered(357, 306), Tapered(383, 325), Tapered(521, 549), Tapered(1085, 995), Tapered(0, 0),
    // piece-square: pawn (a8 first, rank by rank)
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(-2, 154), Tapered(58, 148), Tapered(-12, 164), Tapered(37, 176), Tapered(-6, 139), Tapered(-101, 165), Tapered(-82, 169), Tapered(248, 23),
    Tapered(-109, 136), Tapered(-105, 129), Tapered(-102, 120), Tapered(-103, 93), Tapered(-103, 109), Tapered(-51, 88), Tapered(-71, 94), Tapered(-65, 87),
    Tapered(-130, 45), Tapered(-127, 31), Tapered(-140, 27), Tapered(-132, 15), Tapered(-119, 17), Tapered(-132, 22), Tapered(-147, 37), Tapered(-125, 24),
    Tapered(-144, 22), Tapered(-149, 19), Tapered(-143, 12), Tapered(-134, 5), Tapered(-129, 12), Tapered(-134, 17), Tapered(-140, 14), Tapered(-147, 13),
    Tapered(-155, 18), Tapered(-155, 17), Tapered(-160, 27), Tapered(-160, 27), Tapered(-156, 30), Tapered(-147, 26), Tapered(-143, 14), Tapered(-148, 5),
    Tapered(-146, 26), Tapered(-146, 28), Tapered(-153, 37), Tapered(-149, 40), Tapered(-148, 48), Tapered(-106, 27), Tapered(-100, 11), Tapered(-135, 1),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    // piece-square: knight
    Tapered(-201, -160), Tapered(-71, -59), Tapered(-1, -89), Tapered(10, -66), Tapered(50, -62), Tapered(-140, -59), Tapered(139, -174), Tapered(-19, -82),
    Tapered(-45, -47), Tapered(-50, -36), Tapered(3, -53), Tapered(30, -55), Tapered(34, -44), Tapered(80, -68), Tapered(-94, -25), Tapered(30, -71),
    Tapered(6, -57), Tapered(24, -39), Tapered(1, -42), Tapered(33, -38), Tapered(55, -32), Tapered(38, -60), Tapered(60, -70), Tapered(-70, -28),
    Tapered(7, -40), Tapered(8, -47), Tapered(29, -39), Tapered(22, -32), Tapered(23, -23), Tapered(61, -46), Tapered(22, -56), Tapered(28, -91),
    Tapered(3, -53), Tapered(6, -49), Tapered(24, -54), Tapered(6, -37), Tapered(12, -32), Tapered(15, -34), Tapered(10, -40), Tapered(-5, -48),
    Tapered(-20, -48), Tapered(-3, -56), Tapered(-7, -64), Tapered(-7, -49), Tapered(0, -51), Tapered(-12, -77), Tapered(-14, -71), Tapered(-31, -37),
    Tapered(-24, -83), Tapered(-26, -42), Tapered(-11, -63), Tapered(-8, -70), Tapered(-15, -75), Tapered(-49, -61), Tapered(-37, -78), Tapered(-52, -43),
    Tapered(-141, -97), Tapered(-26, -71), Tapered(-63, -84), Tapered(-35, -56), Tapered(-19, -80), Tapered(-31, -86), Tapered(-50, -79), Tapered(-21, -226),
    // piece-square: bishop
    Tapered(2, -40), Tapered(42, -41), Tapered(19, -19), Tapered(3, -13), Tapered(19, -18), Tapered(-28, -23), Tapered(36, -20), Tapered(-120, -5),
    Tapered(6, -12), Tapered(-2, -25), Tapered(35, -15), Tapered(-13, -9), Tapered(28, -12), Tapered(69, -25), Tapered(-15, -7), Tapered(-24, -13),
    Tapered(17, -13), Tapered(47, -27), Tapered(19, -45), Tapered(43, -12), Tapered(35, -22), Tapered(97, -43), Tapered(50, -34), Tapered(54, -47),
    Tapered(27, -21), Tapered(54, -33), Tapered(59, -23), Tapered(87, -31), Tapered(67, -14), Tapered(82, -56), Tapered(62, -35), Tapered(13, -38),
    Tapered(38, -40), Tapered(46, -22), Tapered(59, -24), Tapered(79, -20), Tapered(81, -43), Tapered(50, -20), Tapered(30, -31), Tapered(55, -60),
    Tapered(42, -41), Tapered(48, -25), Tapered(41, -49), Tapered(48, -35), Tapered(44, -20), Tapered(39, -71), Tapered(44, -52), Tapered(43, -80),
    Tapered(50, -31), Tapered(37, -71), Tapered(44, -49), Tapered(37, -36), Tapered(39, -51), Tapered(59, -50), Tapered(55, -93), Tapered(50, -103),
    Tapered(19, -50), Tapered(50, -40), Tapered(26, -43), Tapered(5, -25), Tapered(53, -57), Tapered(1, -51), Tapered(43, -70), Tapered(-45, -53),
    // piece-square: rook
    Tapered(-14, -43), Tapered(-23, -46), Tapered(-12, -50), Tapered(-18, -45), Tapered(-5, -44), Tapered(-9, -43), Tapered(-25, -45), Tapered(6, -49),
    Tapered(79, -29), Tapered(81, -28), Tapered(96, -34), Tapered(110, -38), Tapered(77, -24), Tapered(164, -55), Tapered(114, -43), Tapered(34, -17),
    Tapered(-17, -50), Tapered(0, -64), Tapered(7, -69), Tapered(23, -74), Tapered(33, -79), Tapered(61, -78), Tapered(22, -72), Tapered(8, -72),
    Tapered(-29, -53), Tapered(-21, -54), Tapered(-14, -60), Tapered(2, -71), Tapered(-23, -60), Tapered(-10, -61), Tapered(-8, -56), Tapered(-16, -63),
    Tapered(-42, -53), Tapered(-19, -64), Tapered(-32, -56), Tapered(-40, -61), Tapered(-31, -59), Tapered(-34, -52), Tapered(-3, -68), Tapered(-50, -59),
    Tapered(-56, -74), Tapered(-51, -66), Tapered(-39, -66), Tapered(-26, -78), Tapered(-21, -79), Tapered(-21, -79), Tapered(-6, -95), Tapered(-56, -75),
    Tapered(-48, -82), Tapered(-44, -70), Tapered(-33, -81), Tapered(-28, -84), Tapered(-24, -89), Tapered(-7, -102), Tapered(-25, -77), Tapered(-57, -93),
    Tapered(-26, -95), Tapered(-19, -92), Tapered(-18, -91), Tapered(-16, -92), Tapered(-13, -108), Tapered(-9, -105), Tapered(-14, -95), Tapered(-40, -102),
    // piece-square: queen
    Tapered(16, -57), Tapered(69, -87), Tapered(66, -71), Tapered(31, -42), Tapered(73, -56), Tapered(-8, 15), Tapered(206, -200), Tapered(168, -139),
    Tapered(59, -69), Tapered(74, -69), Tapered(108, -82), Tapered(90, -48), Tapered(84, -48), Tapered(130, -71), Tapered(124, -54), Tapered(79, -50),
    Tapered(105, -128), Tapered(93, -93), Tapered(75, -40), Tapered(115, -69), Tapered(119, -45), Tapered(141, -61), Tapered(75, -56), Tapered(84, -77),
    Tapered(90, -100), Tapered(132, -133), Tapered(122, -94), Tapered(113, -78), Tapered(126, -65), Tapered(132, -56), Tapered(140, -62), Tapered(112, -83),
    Tapered(122, -138), Tapered(140, -128), Tapered(141, -96), Tapered(120, -55), Tapered(128, -71), Tapered(136, -93), Tapered(129, -86), Tapered(102, -57),
    Tapered(119, -140), Tapered(132, -100), Tapered(137, -113), Tapered(132, -114), Tapered(129, -97), Tapered(130, -117), Tapered(138, -162), Tapered(115, -111),
    Tapered(134, -152), Tapered(130, -138), Tapered(132, -145), Tapered(132, -117), Tapered(135, -135), Tapered(146, -180), Tapered(147, -178), Tapered(120, -195),
    Tapered(148, -180), Tapered(130, -166), Tapered(135, -161), Tapered(135, -145), Tapered(146, -175), Tapered(92, -155), Tapered(153, -316), Tapered(146, -217),
    // piece-square: king
    Tapered(533, -298), Tapered(221, -87), Tapered(130, -48), Tapered(93, 31), Tapered(152, -42), Tapered(150, -4), Tapered(-135, 53), Tapered(221, -59),
    Tapered(194, -18), Tapered(-136, 89), Tapered(-60, 69), Tapered(-21, 39), Tapered(-42, 79), Tapered(-38, 90), Tapered(-95, 97), Tapered(-233, 55),
    Tapered(-178, 42), Tapered(-85, 64), Tapered(-160, 79), Tapered(-104, 68), Tapered(-94, 79), Tapered(-45, 79), Tapered(-76, 84), Tapered(-196, 76),
    Tapered(31, 9), Tapered(6, 39), Tapered(-110, 77), Tapered(-110, 72), Tapered(-36, 57), Tapered(-88, 73), Tapered(-48, 56), Tapered(-137, 45),
    Tapered(-93, 2), Tapered(-6, 15), Tapered(-79, 56), Tapered(-43, 54), Tapered(-78, 59), Tapered(-8, 42), Tapered(-45, 33), Tapered(-40, 16),
    Tapered(-11, 14), Tapered(-53, 19), Tapered(-38, 46), Tapered(-38, 41), Tapered(-29, 42), Tapered(-7, 30), Tapered(36, 8), Tapered(-1, 19),
    Tapered(-13, 36), Tapered(8, 16), Tapered(13, 24), Tapered(-29, 28), Tapered(-14, 23), Tapered(6, 20), Tapered(53, 9), Tapered(70, -11),
    Tapered(-85, 52), Tapered(56, -20), Tapered(12, 25), Tapered(-26, 16), Tapered(-48, 14), Tapered(-40, 21), Tapered(53, -12), Tapered(57, -22),
    // mobility: knight, 0 to 8 squares
    Tapered(39, -215), Tapered(67, -170), Tapered(75, -129), Tapered(80, -107), Tapered(84, -94), Tapered(87, -87), Tapered(90, -88), Tapered(91, -89), Tapered(91, -97),
    // mobility: bishop, 0 to 13 squares
    Tapered(45, -112), Tapered(57, -88), Tapered(67, -79), Tapered(74, -68), Tapered(77, -67), Tapered(81, -60), Tapered(83, -56),
    Tapered(82, -52), Tapered(85, -51), Tapered(86, -55), Tapered(92, -57), Tapered(93, -53), Tapered(139, -73), Tapered(118, -61),
    // mobility: rook, 0 to 14 squares
    Tapered(47, -172), Tapered(59, -148), Tapered(62, -133), Tapered(70, -136), Tapered(68, -127), Tapered(72, -118), Tapered(74, -113), Tapered(72, -104),
    Tapered(74, -99), Tapered(73, -95), Tapered(75, -88), Tapered(79, -91), Tapered(72, -82), Tapered(79, -91), Tapered(90, -95),
    // mobility: queen, 0 to 27 squares
    Tapered(224, 84), Tapered(260, -377), Tapered(265, -334), Tapered(264, -293), Tapered(266, -278), Tapered(269, -266), Tapered(271, -267),
    Tapered(276, -262), Tapered(275, -246), Tapered(283, -259), Tapered(279, -233), Tapered(285, -244), Tapered(283, -234), Tapered(284, -230),
    Tapered(284, -228), Tapered(291, -236), Tapered(285, -225), Tapered(305, -240), Tapered(289, -230), Tapered(326, -253), Tapered(319, -245),
    Tapered(327, -251), Tapered(357, -280), Tapered(314, -264), Tapered(631, -493), Tapered(388, -285), Tapered(635, -434), Tapered(402, -310),
    // bishop pair
    Tapered(32, 62),
    // pawn structure: doubled, isolated
    Tapered(2, -24), Tapered(-1, -5),
    // rook on open file, on semi-open file
    Tapered(39, -8), Tapered(20, -8),
    // king shield pawn
    Tapered(9, -11),
    // passed pawn: relative rank 1 to 8
    Tapered(0, 0), Tapered(30, -34), Tapered(11, -3), Tapered(8, 27), Tapered(40, 24), Tapered(69, -30), Tapered(146, 6), Tapered(98, 196),
    // passed pawn, blocked: relative rank 1 to 8
    Tapered(0, 0), Tapered(-25, 5), Tapered(-9, -9), Tapered(-7, -11), Tapered(-19, -8), Tapered(-31, -10), Tapered(-89, -81), Tapered(0, 0),
    // passed pawn: per square from its next square to the own king, the enemy king
    Tapered(3, -12), Tapered(-6, 19),
    // connected pawn: relative rank 1 to 8
    Tapered(0, 0), Tapered(5, -1), Tapered(12, 6), Tapered(9, 8), Tapered(21, 15), Tapered(51, 47), Tapered(194, 14), Tapered(0, 0),
    // threat by pawn: on knight, bishop, rook, queen
    Tapered(77, 37), Tapered(76, 57), Tapered(58, 46), Tapered(82, -61),
    // threat by knight or bishop: on rook, queen
    Tapered(66, 26), Tapered(73, 6),
    // threat by rook: on queen
    Tapered(76, 0),
    // safe check: by knight, bishop, rook, queen
    Tapered(32, 11), Tapered(19, 20), Tapered(37, -3), Tapered(7, 31),
    // king open file: its own file, per neighbouring file
    Tapered(-31, 0), Tapered(-13, -1),
    // outpost: knight, bishop
    Tapered(30, -2), Tapered(32, 9),
    // hanging: per attacked, undefended piece
    Tapered(23, 0),
    // pawns and pieces: backward pawn, rook on seventh, bishop's pawns on its colour, pawn storm
    Tapered(-4, 4), Tapered(-90, -27), Tapered(-3, -8), Tapered(6, -1),
    // passed pawn, next square empty and not attacked: relative rank 1 to 8
    Tapered(0, 0), Tapered(-3, 0), Tapered(8, -5), Tapered(22, -6), Tapered(-5, 24), Tapered(13, 51), Tapered(-263, 212), Tapered(0, 0),
    // passed pawn, path to promotion empty and not attacked: relative rank 1 to 8
    Tapered(0, 0), Tapered(-52, 24), Tapered(-49, 11), Tapered(-39, 24), Tapered(-13, 30), Tapered(-18, 45), Tapered(0, 0), Tapered(0, 0),
    // passed pawn: own rook behind it, enemy rook behind it
    Tapered(10, 32), Tapered(11, -56),
    // enemy king's squares defended by its king alone; threat by a safe pawn push
    Tapered(8, -3), Tapered(16, 13),
    // space: safe central squares, those behind own pawns
    Tapered(-3, 8), Tapered(5, -3),
    // minor piece behind a pawn; per square to the own king: knight, bishop
    Tapered(9, 13), Tapered(-8, -4), Tapered(-2, -4),
    // threat on a weak pawn, knight, bishop: by a knight or bishop, then by a rook
    Tapered(3, 20), Tapered(15, 43), Tapered(22, 16),
    Tapered(4, 15), Tapered(29, 14), Tapered(30, 23),
    // threat by the king on a weak piece; restricted squares; squares for a knight, a slider to attack the queen
    Tapered(14, 25), Tapered(5, -1), Tapered(5, -2), Tapered(13, 0),
    // rook on a queen's file, bishop on a long diagonal, enemy pawns on a bishop's diagonals
    Tapered(10, 9), Tapered(23, 21), Tapered(-6, 0),
    // blocked pawn: relative rank 5, 6
    Tapered(-14, -13), Tapered(-27, -87),
    // king attackers: 1 to 5 or more pieces on the enemy king's zone
    Tapered(-12, -4), Tapered(-6, -3), Tapered(37, -31), Tapered(104, 48), Tapered(118, -31),
    // attack units without a queen; enemy king's flank: attacked, attacked twice, defended
    Tapered(-5, 2), Tapered(2, -5), Tapered(3, 0), Tapered(-4, 1),
    // castling rights: kingside, queenside
    Tapered(62, -29), Tapered(21, 10),
    // knight reaching an outpost, queen infiltrated, weak unopposed pawn
    Tapered(16, 9), Tapered(35, -10), Tapered(-8, -12),
    // candidate passed pawn: relative rank 1 to 8
    Tapered(0, 0), Tapered(4, -8), Tapered(5, -1), Tapered(8, 11), Tapered(6, 8), Tapered(15, -30), Tapered(0, 0), Tapered(0, 0),
    // pawns: per defender of a pawn; unstoppable passed pawn
    Tapered(11, -5), Tapered(-728, 150),
    // king: per square to its nearest pawn, on a pawnless flank; rook trapped by it
    Tapered(-3, -10), Tapered(59, -43), Tapered(-14, -19),
    // per knight per own pawn, per rook per own pawn; the side to move
    Tapered(-8, 35), Tapered(-16, 46), Tapered(18, 3),
    // imbalance: own kinds' counts multiplied, by IMBALANCE_OURS_PAIRS
    Tapered(-9, 19), Tapered(0, 7), Tapered(-4, 16), Tapered(8, 13), Tapered(-2, 14), Tapered(-1, 24),
    Tapered(32, 8), Tapered(3, -29), Tapered(13, -6), Tapered(36, 32), Tapered(48, 6), Tapered(68, -27),
    Tapered(5, -21), Tapered(-7, 51), Tapered(3, 21), Tapered(-46, 17),
    // imbalance: own by enemy kinds' counts, by IMBALANCE_THEIRS_PAIRS
    Tapered(-14, 13), Tapered(21, -21), Tapered(-19, 32), Tapered(4, 5), Tapered(-31, 42),
    Tapered(4, -9), Tapered(7, -7), Tapered(-48, 51), Tapered(-24, 46), Tapered(1, 13),
    Tapered(-11, 25), Tapered(16, 126), Tapered(15, 132), Tapered(-76, 139),
];
