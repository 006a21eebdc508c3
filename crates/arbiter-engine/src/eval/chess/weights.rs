//! The chess evaluation's weights (see [`super::LAYOUT`] for what each is),
//! fitted to labelled positions by `arbiter-tune` (Texel's method), starting from
//! the weights in the source before the run (git history has them).
//!
//! The run: `arbiter-tune --game chess --data target/tune5/chess-sf.txt --epochs 1500 --rate 1 --l2 0 --freeze 'material'`
//! the 972,689 positions of the runs before (the note at 03911b8 says how
//! they were made and labelled: self-play, Stockfish 15.1 at 5,000 nodes);
//! material held, so that the scale stays the search's; the king danger
//! new (`king::danger`, Stockfish's classical, a constant of each position
//! in the trace) at 33 % of its value in our units, the share with the
//! lowest validation error of those tried (25 %: 0.027626; with the
//! mobility part scaled by the share too, 22, 33, 43, 54 and 100 % gave
//! 0.027717, 0.027679, 0.027734, 0.027860 and 0.028715); the weights before
//! it, refitted alike, reach 0.028041
//! 874459 positions fitted, 98230 held out (by game); sigmoid scale
//! K = 0.010702 per centipawn, fitted to the starting weights; 1500 epochs of
//! full-batch Adam, the weights of epoch 1325 kept (the lowest validation
//! error). Mean squared error of sigmoid(K * eval) against the result:
//! training 0.027323 before, 0.027093 after; validation
//! 0.027928 before, 0.027605 after.

use crate::eval::trace::Tapered;

/// The weights, indexed as [`super::LAYOUT`] says.
#[rustfmt::skip]
pub const WEIGHTS: [Tapered; super::WEIGHT_COUNT] = [
    // material: pawn, knight, bishop, rook, queen, king
    Tapered(104, 66), Tapered(357, 306), Tapered(383, 325), Tapered(521, 549), Tapered(1085, 995), Tapered(0, 0),
    // piece-square: pawn (a8 first, rank by rank)
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(5, 154), Tapered(73, 147), Tapered(-14, 168), Tapered(35, 181), Tapered(-8, 142), Tapered(-105, 168), Tapered(-42, 161), Tapered(275, 12),
    Tapered(-125, 146), Tapered(-121, 139), Tapered(-118, 131), Tapered(-121, 103), Tapered(-120, 121), Tapered(-66, 98), Tapered(-83, 103), Tapered(-76, 95),
    Tapered(-135, 48), Tapered(-131, 33), Tapered(-145, 29), Tapered(-136, 17), Tapered(-124, 18), Tapered(-137, 25), Tapered(-152, 39), Tapered(-128, 26),
    Tapered(-148, 24), Tapered(-153, 20), Tapered(-147, 14), Tapered(-137, 7), Tapered(-132, 14), Tapered(-137, 19), Tapered(-145, 16), Tapered(-152, 14),
    Tapered(-161, 20), Tapered(-160, 19), Tapered(-165, 30), Tapered(-165, 30), Tapered(-161, 32), Tapered(-151, 28), Tapered(-147, 15), Tapered(-153, 6),
    Tapered(-151, 27), Tapered(-151, 30), Tapered(-157, 39), Tapered(-155, 43), Tapered(-153, 50), Tapered(-110, 28), Tapered(-106, 12), Tapered(-140, 2),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    // piece-square: knight
    Tapered(-207, -175), Tapered(-102, -63), Tapered(-18, -97), Tapered(-2, -72), Tapered(36, -66), Tapered(-168, -69), Tapered(177, -195), Tapered(-30, -82),
    Tapered(-60, -52), Tapered(-60, -43), Tapered(-12, -59), Tapered(11, -62), Tapered(11, -49), Tapered(47, -71), Tapered(-102, -32), Tapered(-3, -76),
    Tapered(-2, -66), Tapered(12, -45), Tapered(-4, -48), Tapered(19, -43), Tapered(37, -40), Tapered(21, -69), Tapered(48, -78), Tapered(-90, -33),
    Tapered(-4, -48), Tapered(-1, -54), Tapered(18, -46), Tapered(12, -38), Tapered(8, -30), Tapered(39, -50), Tapered(5, -61), Tapered(12, -101),
    Tapered(-6, -62), Tapered(-4, -57), Tapered(17, -61), Tapered(0, -45), Tapered(2, -39), Tapered(5, -43), Tapered(-11, -45), Tapered(-12, -58),
    Tapered(-29, -57), Tapered(-11, -65), Tapered(-14, -73), Tapered(-13, -56), Tapered(-5, -58), Tapered(-16, -85), Tapered(-17, -81), Tapered(-37, -46),
    Tapered(-33, -93), Tapered(-35, -50), Tapered(-17, -73), Tapered(-13, -79), Tapered(-20, -83), Tapered(-55, -69), Tapered(-42, -84), Tapered(-57, -49),
    Tapered(-133, -107), Tapered(-33, -81), Tapered(-72, -88), Tapered(-40, -65), Tapered(-25, -90), Tapered(-34, -95), Tapered(-58, -81), Tapered(-25, -242),
    // piece-square: bishop
    Tapered(11, -45), Tapered(60, -45), Tapered(21, -20), Tapered(-10, -10), Tapered(24, -21), Tapered(-25, -25), Tapered(55, -25), Tapered(-99, -12),
    Tapered(17, -18), Tapered(8, -30), Tapered(42, -17), Tapered(-3, -12), Tapered(32, -14), Tapered(80, -27), Tapered(-20, -9), Tapered(-19, -14),
    Tapered(29, -17), Tapered(58, -32), Tapered(31, -50), Tapered(49, -14), Tapered(40, -22), Tapered(101, -43), Tapered(57, -38), Tapered(58, -50),
    Tapered(36, -25), Tapered(66, -38), Tapered(67, -27), Tapered(98, -34), Tapered(76, -17), Tapered(92, -60), Tapered(72, -37), Tapered(21, -41),
    Tapered(51, -46), Tapered(56, -27), Tapered(71, -28), Tapered(90, -25), Tapered(93, -47), Tapered(61, -25), Tapered(43, -38), Tapered(64, -66),
    Tapered(51, -45), Tapered(60, -31), Tapered(52, -55), Tapered(62, -40), Tapered(55, -24), Tapered(53, -77), Tapered(59, -57), Tapered(59, -87),
    Tapered(62, -35), Tapered(48, -78), Tapered(57, -54), Tapered(49, -41), Tapered(52, -56), Tapered(73, -55), Tapered(68, -101), Tapered(64, -108),
    Tapered(29, -55), Tapered(63, -45), Tapered(38, -50), Tapered(20, -31), Tapered(67, -63), Tapered(13, -56), Tapered(45, -74), Tapered(-24, -62),
    // piece-square: rook
    Tapered(13, -51), Tapered(-7, -53), Tapered(23, -62), Tapered(27, -60), Tapered(30, -57), Tapered(23, -56), Tapered(-17, -51), Tapered(9, -51),
    Tapered(87, -33), Tapered(94, -34), Tapered(105, -38), Tapered(124, -44), Tapered(84, -26), Tapered(164, -56), Tapered(111, -45), Tapered(17, -13),
    Tapered(4, -60), Tapered(22, -76), Tapered(33, -82), Tapered(46, -86), Tapered(53, -89), Tapered(50, -77), Tapered(29, -76), Tapered(17, -77),
    Tapered(-6, -63), Tapered(3, -64), Tapered(10, -70), Tapered(31, -82), Tapered(4, -70), Tapered(4, -67), Tapered(7, -60), Tapered(-4, -68),
    Tapered(-20, -62), Tapered(3, -73), Tapered(-7, -66), Tapered(-16, -69), Tapered(-7, -68), Tapered(-17, -58), Tapered(6, -71), Tapered(-37, -63),
    Tapered(-35, -84), Tapered(-30, -76), Tapered(-15, -77), Tapered(-2, -88), Tapered(2, -89), Tapered(-2, -88), Tapered(8, -101), Tapered(-40, -83),
    Tapered(-26, -92), Tapered(-21, -80), Tapered(-9, -92), Tapered(-4, -94), Tapered(0, -99), Tapered(15, -112), Tapered(-9, -83), Tapered(-31, -104),
    Tapered(-4, -106), Tapered(4, -104), Tapered(6, -102), Tapered(8, -101), Tapered(11, -117), Tapered(14, -115), Tapered(5, -102), Tapered(-21, -113),
    // piece-square: queen
    Tapered(10, -82), Tapered(61, -117), Tapered(46, -94), Tapered(17, -66), Tapered(98, -122), Tapered(30, -48), Tapered(189, -234), Tapered(140, -144),
    Tapered(41, -91), Tapered(57, -100), Tapered(98, -112), Tapered(67, -74), Tapered(88, -103), Tapered(125, -120), Tapered(106, -88), Tapered(46, -84),
    Tapered(87, -157), Tapered(76, -126), Tapered(62, -76), Tapered(106, -113), Tapered(111, -89), Tapered(144, -123), Tapered(84, -121), Tapered(98, -121),
    Tapered(71, -124), Tapered(114, -151), Tapered(103, -116), Tapered(101, -114), Tapered(110, -97), Tapered(122, -98), Tapered(127, -111), Tapered(99, -116),
    Tapered(102, -166), Tapered(119, -146), Tapered(120, -114), Tapered(101, -79), Tapered(113, -105), Tapered(120, -130), Tapered(109, -117), Tapered(85, -92),
    Tapered(101, -165), Tapered(112, -125), Tapered(118, -140), Tapered(114, -139), Tapered(110, -128), Tapered(113, -146), Tapered(122, -195), Tapered(100, -157),
    Tapered(115, -185), Tapered(112, -165), Tapered(114, -174), Tapered(114, -149), Tapered(116, -162), Tapered(130, -211), Tapered(128, -207), Tapered(105, -225),
    Tapered(130, -208), Tapered(113, -201), Tapered(116, -194), Tapered(116, -174), Tapered(130, -209), Tapered(77, -185), Tapered(136, -319), Tapered(129, -261),
    // piece-square: king
    Tapered(527, -287), Tapered(211, -90), Tapered(10, -19), Tapered(91, 33), Tapered(109, -32), Tapered(153, -4), Tapered(-153, 62), Tapered(274, -82),
    Tapered(160, -13), Tapered(-163, 94), Tapered(-55, 66), Tapered(-37, 39), Tapered(-52, 78), Tapered(-47, 90), Tapered(-107, 98), Tapered(-279, 63),
    Tapered(-170, 42), Tapered(-113, 68), Tapered(-194, 84), Tapered(-114, 67), Tapered(-109, 80), Tapered(-68, 80), Tapered(-99, 87), Tapered(-216, 79),
    Tapered(64, 6), Tapered(3, 40), Tapered(-93, 74), Tapered(-116, 73), Tapered(-36, 56), Tapered(-103, 75), Tapered(-59, 57), Tapered(-147, 46),
    Tapered(-70, -2), Tapered(-16, 15), Tapered(-73, 55), Tapered(-35, 53), Tapered(-68, 57), Tapered(4, 40), Tapered(-52, 33), Tapered(-39, 14),
    Tapered(-1, 12), Tapered(-45, 16), Tapered(-43, 46), Tapered(-32, 40), Tapered(-16, 39), Tapered(3, 28), Tapered(36, 6), Tapered(-1, 18),
    Tapered(-24, 37), Tapered(7, 14), Tapered(12, 23), Tapered(-25, 26), Tapered(-9, 21), Tapered(11, 17), Tapered(51, 6), Tapered(66, -13),
    Tapered(-84, 53), Tapered(55, -19), Tapered(16, 26), Tapered(-19, 16), Tapered(-42, 17), Tapered(-28, 21), Tapered(53, -11), Tapered(51, -19),
    // mobility: knight, 0 to 8 squares
    Tapered(30, -222), Tapered(57, -182), Tapered(65, -140), Tapered(70, -118), Tapered(74, -105), Tapered(77, -98), Tapered(80, -99), Tapered(80, -100), Tapered(79, -108),
    // mobility: bishop, 0 to 13 squares
    Tapered(62, -117), Tapered(74, -95), Tapered(83, -85), Tapered(90, -75), Tapered(93, -74), Tapered(96, -66), Tapered(97, -63),
    Tapered(96, -59), Tapered(98, -58), Tapered(98, -61), Tapered(103, -64), Tapered(101, -59), Tapered(135, -80), Tapered(94, -62),
    // mobility: rook, 0 to 14 squares
    Tapered(78, -190), Tapered(89, -165), Tapered(92, -149), Tapered(100, -152), Tapered(99, -142), Tapered(102, -134), Tapered(104, -130), Tapered(102, -119),
    Tapered(104, -114), Tapered(102, -111), Tapered(104, -105), Tapered(107, -107), Tapered(95, -97), Tapered(109, -108), Tapered(103, -110),
    // mobility: queen, 0 to 27 squares
    Tapered(202, -19), Tapered(232, -438), Tapered(236, -382), Tapered(235, -337), Tapered(237, -325), Tapered(240, -317), Tapered(243, -316),
    Tapered(247, -313), Tapered(247, -295), Tapered(255, -310), Tapered(251, -285), Tapered(256, -297), Tapered(255, -289), Tapered(255, -285),
    Tapered(258, -286), Tapered(260, -291), Tapered(258, -288), Tapered(278, -308), Tapered(260, -298), Tapered(298, -333), Tapered(289, -322),
    Tapered(298, -338), Tapered(305, -360), Tapered(287, -349), Tapered(496, -607), Tapered(302, -359), Tapered(469, -527), Tapered(425, -491),
    // bishop pair
    Tapered(29, 60),
    // pawn structure: doubled, isolated
    Tapered(2, -25), Tapered(-2, -5),
    // rook on open file, on semi-open file
    Tapered(40, -8), Tapered(19, -8),
    // king shield pawn
    Tapered(9, -11),
    // passed pawn: relative rank 1 to 8
    Tapered(0, 0), Tapered(27, -34), Tapered(7, -3), Tapered(5, 28), Tapered(37, 25), Tapered(79, -37), Tapered(163, 4), Tapered(98, 196),
    // passed pawn, blocked: relative rank 1 to 8
    Tapered(0, 0), Tapered(-30, 6), Tapered(-9, -10), Tapered(-8, -12), Tapered(-18, -8), Tapered(-32, -9), Tapered(-112, -77), Tapered(0, 0),
    // passed pawn: per square from its next square to the own king, the enemy king
    Tapered(3, -12), Tapered(-5, 20),
    // connected pawn: relative rank 1 to 8
    Tapered(0, 0), Tapered(5, -1), Tapered(12, 6), Tapered(9, 9), Tapered(21, 15), Tapered(50, 49), Tapered(168, 17), Tapered(0, 0),
    // threat by pawn: on knight, bishop, rook, queen
    Tapered(79, 39), Tapered(79, 59), Tapered(60, 44), Tapered(85, -63),
    // threat by knight or bishop: on rook, queen
    Tapered(68, 28), Tapered(76, 0),
    // threat by rook: on queen
    Tapered(78, -1),
    // safe check: by knight, bishop, rook, queen
    Tapered(20, 0), Tapered(7, 20), Tapered(20, -3), Tapered(1, 24),
    // king open file: its own file, per neighbouring file
    Tapered(-29, 1), Tapered(-14, 0),
    // outpost: knight, bishop
    Tapered(32, -2), Tapered(32, 9),
    // hanging: per attacked, undefended piece
    Tapered(23, -3),
    // pawns and pieces: backward pawn, rook on seventh, bishop's pawns on its colour, pawn storm
    Tapered(-4, 5), Tapered(-76, -33), Tapered(-3, -8), Tapered(5, -1),
    // passed pawn, next square empty and not attacked: relative rank 1 to 8
    Tapered(0, 0), Tapered(-8, 1), Tapered(9, -6), Tapered(22, -6), Tapered(-3, 23), Tapered(15, 53), Tapered(-256, 216), Tapered(0, 0),
    // passed pawn, path to promotion empty and not attacked: relative rank 1 to 8
    Tapered(0, 0), Tapered(-66, 26), Tapered(-59, 13), Tapered(-42, 25), Tapered(-10, 32), Tapered(-9, 45), Tapered(0, 0), Tapered(0, 0),
    // passed pawn: own rook behind it, enemy rook behind it
    Tapered(10, 33), Tapered(16, -58),
    // enemy king's squares defended by its king alone; threat by a safe pawn push
    Tapered(-1, -3), Tapered(17, 12),
    // space: safe central squares, those behind own pawns
    Tapered(-2, 9), Tapered(5, -3),
    // minor piece behind a pawn; per square to the own king: knight, bishop
    Tapered(9, 14), Tapered(-7, -3), Tapered(-2, -4),
    // threat on a weak pawn, knight, bishop: by a knight or bishop, then by a rook
    Tapered(3, 21), Tapered(16, 45), Tapered(23, 19),
    Tapered(4, 16), Tapered(29, 17), Tapered(31, 26),
    // threat by the king on a weak piece; restricted squares; squares for a knight, a slider to attack the queen
    Tapered(16, 26), Tapered(5, -2), Tapered(6, -2), Tapered(13, 1),
    // rook on a queen's file, bishop on a long diagonal, enemy pawns on a bishop's diagonals
    Tapered(10, 8), Tapered(24, 22), Tapered(-6, -1),
    // blocked pawn: relative rank 5, 6
    Tapered(-14, -14), Tapered(-15, -95),
    // king attackers: 1 to 5 or more pieces on the enemy king's zone
    Tapered(-4, -2), Tapered(2, -8), Tapered(27, -46), Tapered(21, 40), Tapered(-68, -118),
    // attack units without a queen; enemy king's flank: attacked, attacked twice, defended
    Tapered(-3, 2), Tapered(2, -5), Tapered(2, -1), Tapered(-3, 1),
    // castling rights: kingside, queenside
    Tapered(63, -35), Tapered(22, 7),
    // knight reaching an outpost, queen infiltrated, weak unopposed pawn
    Tapered(17, 10), Tapered(30, -3), Tapered(-9, -13),
    // candidate passed pawn: relative rank 1 to 8
    Tapered(0, 0), Tapered(4, -9), Tapered(5, -1), Tapered(8, 11), Tapered(6, 8), Tapered(32, -36), Tapered(0, 0), Tapered(0, 0),
    // pawns: per defender of a pawn; unstoppable passed pawn
    Tapered(11, -5), Tapered(-824, 159),
    // king: per square to its nearest pawn, on a pawnless flank; rook trapped by it
    Tapered(-2, -11), Tapered(58, -43), Tapered(-15, -19),
    // per knight per own pawn, per rook per own pawn; the side to move
    Tapered(-13, 41), Tapered(-24, 53), Tapered(19, 3),
    // imbalance: own kinds' counts multiplied, by IMBALANCE_OURS_PAIRS
    Tapered(-13, 19), Tapered(0, 8), Tapered(-5, 2), Tapered(7, 21), Tapered(-5, 12), Tapered(-5, 29),
    Tapered(37, 18), Tapered(8, -34), Tapered(7, -22), Tapered(53, 30), Tapered(74, -6), Tapered(86, -39),
    Tapered(7, -41), Tapered(-18, 92), Tapered(1, 50), Tapered(-55, 48),
    // imbalance: own by enemy kinds' counts, by IMBALANCE_THEIRS_PAIRS
    Tapered(-20, 14), Tapered(23, -37), Tapered(-25, 36), Tapered(5, -6), Tapered(-42, 48),
    Tapered(-3, -9), Tapered(4, -26), Tapered(-61, 60), Tapered(-45, 64), Tapered(-6, 28),
    Tapered(-18, 13), Tapered(-1, 184), Tapered(21, 181), Tapered(-93, 202),
];
