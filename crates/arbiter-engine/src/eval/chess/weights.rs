//! The chess evaluation's weights (see [`super::LAYOUT`] for what each is),
//! fitted to labelled positions by `arbiter-tune` (Texel's method), starting from
//! the weights in the source before the run (git history has them).
//!
//! The run: `arbiter-tune --game chess --data target/tune5/chess-sf.txt --epochs 1500 --rate 1 --l2 0 --freeze 'material'`
//! the 972,689 positions of the runs before (the note at 03911b8 says how
//! they were made and labelled: self-play, Stockfish 15.1 at 5,000 nodes);
//! material held, so that the scale stays the search's; mobility counted
//! in Stockfish's classical area (not enemy pawns' squares, stuck own
//! pawns, the own king and queens or a piece shielding the own king), the
//! sliders' x-rays through queens (and rooks' through their own rooks)
//! and a pinned piece's attacks along its pin only, for every attack
//! term; the mobility area alone reached 0.027568
//! 874459 positions fitted, 98230 held out (by game); sigmoid scale
//! K = 0.010508 per centipawn, fitted to the starting weights; 1500 epochs of
//! full-batch Adam, the weights of epoch 26 kept (the lowest validation
//! error). Mean squared error of sigmoid(K * eval) against the result:
//! training 0.027186 before, 0.026951 after; validation
//! 0.027706 before, 0.027426 after.

use crate::eval::trace::Tapered;

/// The weights, indexed as [`super::LAYOUT`] says.
#[rustfmt::skip]
pub const WEIGHTS: [Tapered; super::WEIGHT_COUNT] = [
    // material: pawn, knight, bishop, rook, queen, king
    Tapered(104, 66), Tapered(357, 306), Tapered(383, 325), Tapered(521, 549), Tapered(1085, 995), Tapered(0, 0),
    // piece-square: pawn (a8 first, rank by rank)
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(8, 153), Tapered(65, 148), Tapered(-13, 167), Tapered(40, 181), Tapered(-3, 141), Tapered(-105, 171), Tapered(-50, 162), Tapered(279, 14),
    Tapered(-125, 146), Tapered(-124, 141), Tapered(-116, 130), Tapered(-119, 102), Tapered(-122, 122), Tapered(-61, 98), Tapered(-85, 104), Tapered(-77, 95),
    Tapered(-133, 47), Tapered(-132, 33), Tapered(-145, 30), Tapered(-137, 17), Tapered(-122, 18), Tapered(-138, 25), Tapered(-151, 39), Tapered(-128, 25),
    Tapered(-150, 24), Tapered(-155, 20), Tapered(-150, 13), Tapered(-140, 7), Tapered(-136, 14), Tapered(-138, 18), Tapered(-146, 16), Tapered(-155, 14),
    Tapered(-159, 20), Tapered(-160, 19), Tapered(-165, 31), Tapered(-164, 31), Tapered(-159, 32), Tapered(-150, 28), Tapered(-147, 16), Tapered(-153, 7),
    Tapered(-151, 29), Tapered(-149, 31), Tapered(-157, 40), Tapered(-153, 41), Tapered(-152, 49), Tapered(-110, 28), Tapered(-105, 12), Tapered(-142, 2),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    // piece-square: knight
    Tapered(-202, -173), Tapered(-103, -62), Tapered(-15, -93), Tapered(4, -66), Tapered(40, -65), Tapered(-165, -65), Tapered(175, -194), Tapered(-28, -81),
    Tapered(-59, -55), Tapered(-57, -40), Tapered(-5, -57), Tapered(11, -61), Tapered(18, -46), Tapered(49, -69), Tapered(-99, -29), Tapered(1, -74),
    Tapered(-2, -67), Tapered(15, -44), Tapered(-1, -49), Tapered(20, -43), Tapered(42, -40), Tapered(29, -69), Tapered(43, -75), Tapered(-86, -32),
    Tapered(-2, -47), Tapered(2, -53), Tapered(20, -47), Tapered(14, -37), Tapered(11, -28), Tapered(42, -49), Tapered(12, -59), Tapered(16, -100),
    Tapered(-2, -62), Tapered(-2, -56), Tapered(18, -61), Tapered(1, -44), Tapered(3, -37), Tapered(6, -40), Tapered(-6, -43), Tapered(-8, -56),
    Tapered(-25, -59), Tapered(-13, -65), Tapered(-11, -73), Tapered(-14, -53), Tapered(-3, -54), Tapered(-17, -81), Tapered(-13, -77), Tapered(-32, -46),
    Tapered(-31, -94), Tapered(-34, -51), Tapered(-19, -70), Tapered(-17, -77), Tapered(-21, -79), Tapered(-44, -64), Tapered(-36, -79), Tapered(-50, -47),
    Tapered(-132, -104), Tapered(-27, -82), Tapered(-67, -85), Tapered(-36, -64), Tapered(-21, -87), Tapered(-36, -82), Tapered(-58, -81), Tapered(-21, -240),
    // piece-square: bishop
    Tapered(17, -43), Tapered(65, -44), Tapered(22, -18), Tapered(-8, -9), Tapered(27, -19), Tapered(-23, -23), Tapered(54, -23), Tapered(-98, -10),
    Tapered(19, -17), Tapered(7, -31), Tapered(39, -17), Tapered(-3, -12), Tapered(30, -14), Tapered(79, -26), Tapered(-25, -9), Tapered(-17, -13),
    Tapered(24, -18), Tapered(57, -33), Tapered(27, -51), Tapered(50, -14), Tapered(41, -21), Tapered(101, -44), Tapered(58, -38), Tapered(61, -50),
    Tapered(34, -25), Tapered(57, -35), Tapered(67, -28), Tapered(98, -35), Tapered(74, -16), Tapered(93, -59), Tapered(72, -38), Tapered(25, -42),
    Tapered(50, -45), Tapered(56, -28), Tapered(70, -30), Tapered(87, -24), Tapered(93, -48), Tapered(61, -25), Tapered(42, -37), Tapered(69, -67),
    Tapered(54, -44), Tapered(63, -31), Tapered(51, -58), Tapered(59, -41), Tapered(56, -24), Tapered(54, -78), Tapered(63, -57), Tapered(59, -87),
    Tapered(65, -34), Tapered(46, -77), Tapered(58, -55), Tapered(45, -40), Tapered(48, -54), Tapered(74, -51), Tapered(69, -98), Tapered(68, -106),
    Tapered(29, -53), Tapered(65, -42), Tapered(40, -48), Tapered(21, -31), Tapered(71, -62), Tapered(15, -53), Tapered(46, -72), Tapered(-20, -62),
    // piece-square: rook
    Tapered(5, -51), Tapered(-19, -51), Tapered(10, -62), Tapered(19, -61), Tapered(18, -54), Tapered(12, -55), Tapered(-15, -52), Tapered(4, -52),
    Tapered(86, -34), Tapered(96, -36), Tapered(105, -38), Tapered(125, -44), Tapered(90, -28), Tapered(157, -56), Tapered(105, -45), Tapered(10, -12),
    Tapered(9, -61), Tapered(28, -78), Tapered(41, -84), Tapered(53, -86), Tapered(61, -91), Tapered(54, -77), Tapered(31, -76), Tapered(25, -79),
    Tapered(0, -61), Tapered(8, -64), Tapered(22, -72), Tapered(40, -83), Tapered(8, -66), Tapered(8, -66), Tapered(10, -59), Tapered(5, -68),
    Tapered(-13, -62), Tapered(11, -75), Tapered(0, -66), Tapered(-8, -70), Tapered(1, -69), Tapered(-6, -59), Tapered(9, -70), Tapered(-32, -62),
    Tapered(-28, -83), Tapered(-24, -75), Tapered(-9, -75), Tapered(3, -86), Tapered(11, -87), Tapered(6, -87), Tapered(16, -98), Tapered(-32, -83),
    Tapered(-18, -92), Tapered(-14, -80), Tapered(-4, -89), Tapered(1, -93), Tapered(5, -97), Tapered(25, -113), Tapered(-5, -81), Tapered(-27, -101),
    Tapered(-4, -105), Tapered(2, -105), Tapered(1, -103), Tapered(2, -101), Tapered(10, -121), Tapered(8, -113), Tapered(3, -99), Tapered(-19, -109),
    // piece-square: queen
    Tapered(12, -84), Tapered(50, -125), Tapered(45, -95), Tapered(8, -69), Tapered(96, -123), Tapered(34, -53), Tapered(188, -233), Tapered(126, -153),
    Tapered(47, -93), Tapered(62, -99), Tapered(102, -114), Tapered(68, -76), Tapered(85, -103), Tapered(116, -127), Tapered(111, -84), Tapered(56, -79),
    Tapered(95, -152), Tapered(81, -123), Tapered(59, -75), Tapered(105, -107), Tapered(93, -95), Tapered(139, -125), Tapered(77, -124), Tapered(102, -121),
    Tapered(80, -118), Tapered(110, -142), Tapered(104, -114), Tapered(97, -112), Tapered(105, -93), Tapered(123, -102), Tapered(124, -111), Tapered(106, -113),
    Tapered(100, -152), Tapered(124, -142), Tapered(120, -114), Tapered(99, -76), Tapered(109, -98), Tapered(121, -125), Tapered(114, -118), Tapered(97, -94),
    Tapered(107, -159), Tapered(118, -135), Tapered(119, -140), Tapered(115, -134), Tapered(110, -120), Tapered(115, -144), Tapered(128, -192), Tapered(107, -152),
    Tapered(119, -183), Tapered(114, -165), Tapered(118, -174), Tapered(113, -143), Tapered(116, -159), Tapered(127, -199), Tapered(132, -199), Tapered(107, -225),
    Tapered(134, -205), Tapered(113, -196), Tapered(113, -190), Tapered(114, -179), Tapered(125, -198), Tapered(88, -177), Tapered(141, -312), Tapered(133, -258),
    // piece-square: king
    Tapered(529, -290), Tapered(211, -92), Tapered(11, -19), Tapered(94, 34), Tapered(111, -30), Tapered(154, -4), Tapered(-156, 62), Tapered(274, -92),
    Tapered(163, -11), Tapered(-161, 94), Tapered(-51, 66), Tapered(-38, 39), Tapered(-52, 79), Tapered(-48, 90), Tapered(-106, 98), Tapered(-279, 63),
    Tapered(-170, 40), Tapered(-115, 67), Tapered(-191, 83), Tapered(-109, 66), Tapered(-109, 79), Tapered(-62, 80), Tapered(-98, 87), Tapered(-215, 79),
    Tapered(64, 5), Tapered(1, 40), Tapered(-98, 74), Tapered(-114, 73), Tapered(-38, 56), Tapered(-98, 73), Tapered(-57, 57), Tapered(-146, 45),
    Tapered(-75, -2), Tapered(-20, 16), Tapered(-78, 56), Tapered(-36, 53), Tapered(-70, 57), Tapered(4, 40), Tapered(-54, 33), Tapered(-44, 14),
    Tapered(-3, 11), Tapered(-46, 15), Tapered(-42, 46), Tapered(-31, 40), Tapered(-17, 40), Tapered(6, 27), Tapered(37, 6), Tapered(-6, 18),
    Tapered(-23, 37), Tapered(4, 14), Tapered(8, 24), Tapered(-28, 27), Tapered(-15, 22), Tapered(9, 18), Tapered(47, 6), Tapered(62, -15),
    Tapered(-90, 53), Tapered(54, -19), Tapered(19, 26), Tapered(-10, 14), Tapered(-38, 18), Tapered(-24, 20), Tapered(53, -11), Tapered(49, -19),
    // mobility: knight, 0 to 8 squares
    Tapered(53, -198), Tapered(50, -190), Tapered(60, -142), Tapered(69, -119), Tapered(73, -108), Tapered(77, -99), Tapered(81, -99), Tapered(82, -98), Tapered(91, -108),
    // mobility: bishop, 0 to 13 squares
    Tapered(52, -95), Tapered(67, -103), Tapered(79, -92), Tapered(85, -76), Tapered(93, -74), Tapered(97, -69), Tapered(100, -62),
    Tapered(100, -59), Tapered(98, -55), Tapered(103, -59), Tapered(108, -64), Tapered(105, -58), Tapered(130, -71), Tapered(106, -63),
    // mobility: rook, 0 to 14 squares
    Tapered(61, -196), Tapered(82, -184), Tapered(95, -160), Tapered(98, -153), Tapered(95, -148), Tapered(102, -137), Tapered(101, -129), Tapered(102, -120),
    Tapered(107, -115), Tapered(107, -111), Tapered(108, -101), Tapered(107, -99), Tapered(108, -93), Tapered(115, -98), Tapered(119, -103),
    // mobility: queen, 0 to 27 squares
    Tapered(185, -38), Tapered(253, -416), Tapered(238, -363), Tapered(234, -350), Tapered(238, -344), Tapered(238, -325), Tapered(238, -312),
    Tapered(244, -318), Tapered(247, -299), Tapered(252, -305), Tapered(254, -294), Tapered(257, -289), Tapered(260, -287), Tapered(264, -298),
    Tapered(263, -285), Tapered(257, -284), Tapered(260, -290), Tapered(271, -300), Tapered(274, -303), Tapered(287, -326), Tapered(290, -321),
    Tapered(309, -338), Tapered(304, -352), Tapered(291, -338), Tapered(510, -590), Tapered(312, -347), Tapered(472, -520), Tapered(423, -497),
    // bishop pair
    Tapered(29, 60),
    // pawn structure: doubled, isolated
    Tapered(2, -26), Tapered(-2, -5),
    // rook on open file, on semi-open file
    Tapered(36, -12), Tapered(17, -9),
    // king shield pawn
    Tapered(10, -11),
    // passed pawn: relative rank 1 to 8
    Tapered(0, 0), Tapered(26, -35), Tapered(7, -3), Tapered(5, 29), Tapered(36, 25), Tapered(80, -36), Tapered(163, 5), Tapered(98, 196),
    // passed pawn, blocked: relative rank 1 to 8
    Tapered(0, 0), Tapered(-30, 6), Tapered(-8, -9), Tapered(-6, -10), Tapered(-16, -7), Tapered(-30, -9), Tapered(-113, -78), Tapered(0, 0),
    // passed pawn: per square from its next square to the own king, the enemy king
    Tapered(3, -12), Tapered(-5, 20),
    // connected pawn: relative rank 1 to 8
    Tapered(0, 0), Tapered(6, -1), Tapered(13, 7), Tapered(9, 9), Tapered(21, 16), Tapered(48, 50), Tapered(172, 16), Tapered(0, 0),
    // threat by pawn: on knight, bishop, rook, queen
    Tapered(78, 37), Tapered(79, 57), Tapered(58, 45), Tapered(86, -65),
    // threat by knight or bishop: on rook, queen
    Tapered(72, 23), Tapered(72, -6),
    // threat by rook: on queen
    Tapered(62, -17),
    // safe check: by knight, bishop, rook, queen
    Tapered(22, 0), Tapered(6, 20), Tapered(18, -3), Tapered(-1, 29),
    // king open file: its own file, per neighbouring file
    Tapered(-27, 1), Tapered(-14, 0),
    // outpost: knight, bishop
    Tapered(33, -1), Tapered(32, 9),
    // hanging: per attacked, undefended piece
    Tapered(20, 0),
    // pawns and pieces: backward pawn, rook on seventh, bishop's pawns on its colour, pawn storm
    Tapered(-4, 5), Tapered(-76, -34), Tapered(-3, -8), Tapered(6, -1),
    // passed pawn, next square empty and not attacked: relative rank 1 to 8
    Tapered(0, 0), Tapered(-9, 1), Tapered(8, -6), Tapered(21, -5), Tapered(-3, 23), Tapered(17, 53), Tapered(-269, 222), Tapered(0, 0),
    // passed pawn, path to promotion empty and not attacked: relative rank 1 to 8
    Tapered(0, 0), Tapered(-67, 25), Tapered(-59, 13), Tapered(-44, 25), Tapered(-11, 32), Tapered(-6, 45), Tapered(0, 0), Tapered(0, 0),
    // passed pawn: own rook behind it, enemy rook behind it
    Tapered(11, 33), Tapered(15, -56),
    // enemy king's squares defended by its king alone; threat by a safe pawn push
    Tapered(2, -3), Tapered(17, 11),
    // space: safe central squares, those behind own pawns
    Tapered(-2, 9), Tapered(5, -3),
    // minor piece behind a pawn; per square to the own king: knight, bishop
    Tapered(9, 15), Tapered(-7, -3), Tapered(-2, -4),
    // threat on a weak pawn, knight, bishop: by a knight or bishop, then by a rook
    Tapered(4, 22), Tapered(17, 41), Tapered(26, 21),
    Tapered(6, 19), Tapered(30, 8), Tapered(34, 21),
    // threat by the king on a weak piece; restricted squares; squares for a knight, a slider to attack the queen
    Tapered(18, 25), Tapered(4, -3), Tapered(6, -2), Tapered(14, -2),
    // rook on a queen's file, bishop on a long diagonal, enemy pawns on a bishop's diagonals
    Tapered(8, -2), Tapered(24, 22), Tapered(-6, -1),
    // blocked pawn: relative rank 5, 6
    Tapered(-12, -14), Tapered(-15, -94),
    // king attackers: 1 to 5 or more pieces on the enemy king's zone
    Tapered(-6, -6), Tapered(-3, -16), Tapered(19, -49), Tapered(20, 37), Tapered(-71, -120),
    // attack units without a queen; enemy king's flank: attacked, attacked twice, defended
    Tapered(-3, 2), Tapered(2, -5), Tapered(2, -1), Tapered(-3, 1),
    // castling rights: kingside, queenside
    Tapered(65, -34), Tapered(20, 11),
    // knight reaching an outpost, queen infiltrated, weak unopposed pawn
    Tapered(18, 11), Tapered(29, -3), Tapered(-9, -13),
    // candidate passed pawn: relative rank 1 to 8
    Tapered(0, 0), Tapered(4, -9), Tapered(6, -1), Tapered(7, 11), Tapered(4, 9), Tapered(40, -34), Tapered(0, 0), Tapered(0, 0),
    // pawns: per defender of a pawn; unstoppable passed pawn
    Tapered(11, -5), Tapered(-824, 161),
    // king: per square to its nearest pawn, on a pawnless flank; rook trapped by it
    Tapered(-2, -11), Tapered(53, -43), Tapered(-13, -17),
    // per knight per own pawn, per rook per own pawn; the side to move
    Tapered(-13, 41), Tapered(-24, 53), Tapered(20, 4),
    // imbalance: own kinds' counts multiplied, by IMBALANCE_OURS_PAIRS
    Tapered(-13, 19), Tapered(0, 8), Tapered(-5, 1), Tapered(7, 22), Tapered(-5, 12), Tapered(-5, 29),
    Tapered(38, 19), Tapered(8, -34), Tapered(7, -21), Tapered(53, 31), Tapered(74, -5), Tapered(85, -40),
    Tapered(7, -41), Tapered(-18, 94), Tapered(1, 50), Tapered(-50, 51),
    // imbalance: own by enemy kinds' counts, by IMBALANCE_THEIRS_PAIRS
    Tapered(-20, 14), Tapered(23, -37), Tapered(-25, 36), Tapered(5, -6), Tapered(-42, 48),
    Tapered(-3, -9), Tapered(4, -26), Tapered(-62, 61), Tapered(-45, 63), Tapered(-6, 28),
    Tapered(-18, 13), Tapered(-1, 183), Tapered(21, 182), Tapered(-89, 211),
];
