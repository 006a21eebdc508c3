//! The chess evaluation's weights (see [`super::LAYOUT`] for what each is),
//! fitted to labelled positions by `arbiter-tune` (Texel's method), starting from
//! the weights in the source before the run (git history has them).
//!
//! The run: `arbiter-tune --game chess --data target/tune5/chess-sf.txt --epochs 1500 --rate 1 --l2 0 --freeze 'material'`
//! the 972,689 positions of the run before (this file's note at 03911b8
//! says how they were made and labelled: self-play, Stockfish 15.1 at
//! 5,000 nodes); material held, so that the scale stays the search's; the
//! candidate passers, pawn support, unstoppable passers, the king's
//! distance to its pawns and pawnless flank, trapped rooks, knights and
//! rooks by own pawns and the side to move new, from 0
//! 874459 positions fitted, 98230 held out (by game); sigmoid scale
//! K = 0.009781 per centipawn, fitted to the starting weights; 1500 epochs of
//! full-batch Adam, the weights of epoch 516 kept (the lowest validation
//! error). Mean squared error of sigmoid(K * eval) against the result:
//! training 0.030173 before, 0.029399 after; validation
//! 0.030916 before, 0.030332 after.

use crate::eval::trace::Tapered;

/// The weights, indexed as [`super::LAYOUT`] says.
#[rustfmt::skip]
pub const WEIGHTS: [Tapered; super::WEIGHT_COUNT] = [
    // material: pawn, knight, bishop, rook, queen, king
    Tapered(104, 66), Tapered(357, 306), Tapered(383, 325), Tapered(521, 549), Tapered(1085, 995), Tapered(0, 0),
    // piece-square: pawn (a8 first, rank by rank)
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(42, 140), Tapered(147, 114), Tapered(57, 127), Tapered(102, 150), Tapered(54, 121), Tapered(-70, 137), Tapered(48, 113), Tapered(231, 64),
    Tapered(33, 97), Tapered(28, 100), Tapered(28, 93), Tapered(29, 70), Tapered(31, 85), Tapered(82, 62), Tapered(61, 61), Tapered(74, 60),
    Tapered(-16, 38), Tapered(-14, 28), Tapered(-26, 25), Tapered(-17, 18), Tapered(-4, 18), Tapered(-15, 14), Tapered(-33, 28), Tapered(-13, 19),
    Tapered(-34, 19), Tapered(-40, 19), Tapered(-31, 9), Tapered(-22, 9), Tapered(-15, 9), Tapered(-24, 9), Tapered(-31, 10), Tapered(-41, 10),
    Tapered(-49, 17), Tapered(-46, 12), Tapered(-51, 22), Tapered(-53, 28), Tapered(-47, 21), Tapered(-38, 16), Tapered(-34, 7), Tapered(-42, 4),
    Tapered(-38, 24), Tapered(-38, 25), Tapered(-44, 33), Tapered(-39, 33), Tapered(-40, 45), Tapered(5, 20), Tapered(12, 6), Tapered(-28, 3),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    // piece-square: knight
    Tapered(-230, -32), Tapered(-26, -17), Tapered(40, -27), Tapered(108, -30), Tapered(91, -16), Tapered(-117, -10), Tapered(106, -92), Tapered(18, -41),
    Tapered(7, 1), Tapered(7, 6), Tapered(62, -17), Tapered(88, -22), Tapered(106, -17), Tapered(155, -33), Tapered(-54, 17), Tapered(91, -37),
    Tapered(55, -13), Tapered(87, -1), Tapered(64, -10), Tapered(96, -5), Tapered(125, 1), Tapered(111, -28), Tapered(120, -30), Tapered(-12, 7),
    Tapered(63, 0), Tapered(65, -9), Tapered(89, -8), Tapered(83, 1), Tapered(84, 6), Tapered(131, -15), Tapered(82, -18), Tapered(85, -53),
    Tapered(58, -13), Tapered(59, -10), Tapered(85, -19), Tapered(65, -7), Tapered(72, -4), Tapered(74, -4), Tapered(68, -4), Tapered(51, -12),
    Tapered(30, -11), Tapered(51, -18), Tapered(46, -25), Tapered(47, -13), Tapered(57, -17), Tapered(41, -40), Tapered(39, -32), Tapered(22, -3),
    Tapered(22, -36), Tapered(21, -3), Tapered(43, -27), Tapered(47, -33), Tapered(38, -36), Tapered(0, -21), Tapered(11, -34), Tapered(0, -15),
    Tapered(-164, -52), Tapered(23, -26), Tapered(-12, -46), Tapered(10, -12), Tapered(35, -43), Tapered(22, -56), Tapered(-2, -39), Tapered(30, -176),
    // piece-square: bishop
    Tapered(25, -23), Tapered(102, -22), Tapered(98, -11), Tapered(97, -9), Tapered(34, 7), Tapered(29, -10), Tapered(74, 0), Tapered(-83, -1),
    Tapered(54, 4), Tapered(49, -11), Tapered(88, 4), Tapered(31, 12), Tapered(84, 6), Tapered(124, -5), Tapered(50, 0), Tapered(30, 1),
    Tapered(70, 1), Tapered(98, -3), Tapered(61, -17), Tapered(90, 13), Tapered(80, 4), Tapered(158, -18), Tapered(93, -2), Tapered(105, -22),
    Tapered(79, -4), Tapered(104, -5), Tapered(109, 3), Tapered(140, -4), Tapered(118, 12), Tapered(130, -23), Tapered(110, -2), Tapered(56, -14),
    Tapered(84, -14), Tapered(97, 0), Tapered(108, 1), Tapered(128, 7), Tapered(132, -12), Tapered(94, 6), Tapered(73, -5), Tapered(98, -26),
    Tapered(88, -13), Tapered(99, -4), Tapered(84, -18), Tapered(91, -2), Tapered(85, 12), Tapered(79, -36), Tapered(83, -12), Tapered(86, -45),
    Tapered(98, -6), Tapered(80, -38), Tapered(89, -20), Tapered(79, -4), Tapered(80, -15), Tapered(97, -12), Tapered(94, -54), Tapered(86, -58),
    Tapered(58, -33), Tapered(96, -16), Tapered(66, -8), Tapered(48, 2), Tapered(94, -23), Tapered(35, -12), Tapered(37, -12), Tapered(-30, -25),
    // piece-square: rook
    Tapered(80, -7), Tapered(78, -14), Tapered(88, -18), Tapered(78, -11), Tapered(97, -13), Tapered(84, -11), Tapered(73, -17), Tapered(110, -18),
    Tapered(96, -11), Tapered(104, -14), Tapered(127, -20), Tapered(140, -23), Tapered(105, -11), Tapered(199, -37), Tapered(151, -31), Tapered(43, -6),
    Tapered(72, -16), Tapered(94, -32), Tapered(102, -34), Tapered(122, -42), Tapered(126, -41), Tapered(155, -42), Tapered(137, -45), Tapered(88, -33),
    Tapered(57, -14), Tapered(70, -21), Tapered(75, -24), Tapered(90, -33), Tapered(62, -24), Tapered(76, -24), Tapered(82, -26), Tapered(66, -25),
    Tapered(37, -13), Tapered(69, -28), Tapered(54, -19), Tapered(43, -21), Tapered(54, -21), Tapered(47, -15), Tapered(89, -31), Tapered(19, -14),
    Tapered(24, -32), Tapered(32, -30), Tapered(45, -28), Tapered(59, -41), Tapered(65, -42), Tapered(64, -40), Tapered(73, -49), Tapered(18, -31),
    Tapered(32, -40), Tapered(39, -30), Tapered(50, -39), Tapered(57, -45), Tapered(61, -50), Tapered(75, -56), Tapered(63, -35), Tapered(24, -54),
    Tapered(56, -51), Tapered(65, -51), Tapered(67, -49), Tapered(70, -52), Tapered(72, -67), Tapered(75, -63), Tapered(67, -52), Tapered(34, -50),
    // piece-square: queen
    Tapered(122, -21), Tapered(213, -77), Tapered(183, -37), Tapered(170, -38), Tapered(240, -63), Tapered(160, 6), Tapered(395, -199), Tapered(374, -166),
    Tapered(172, -33), Tapered(189, -37), Tapered(225, -40), Tapered(213, -25), Tapered(218, -32), Tapered(285, -54), Tapered(285, -49), Tapered(210, -19),
    Tapered(220, -88), Tapered(210, -56), Tapered(191, -5), Tapered(242, -39), Tapered(245, -14), Tapered(284, -36), Tapered(192, -9), Tapered(211, -45),
    Tapered(202, -66), Tapered(254, -99), Tapered(241, -57), Tapered(231, -46), Tapered(251, -35), Tapered(257, -15), Tapered(265, -20), Tapered(229, -35),
    Tapered(240, -94), Tapered(261, -87), Tapered(261, -51), Tapered(239, -9), Tapered(246, -26), Tapered(254, -43), Tapered(248, -39), Tapered(217, -5),
    Tapered(235, -88), Tapered(252, -56), Tapered(258, -68), Tapered(250, -68), Tapered(246, -44), Tapered(247, -68), Tapered(253, -107), Tapered(235, -67),
    Tapered(254, -108), Tapered(249, -93), Tapered(251, -99), Tapered(250, -67), Tapered(254, -90), Tapered(266, -133), Tapered(256, -111), Tapered(234, -152),
    Tapered(277, -141), Tapered(249, -127), Tapered(254, -118), Tapered(252, -102), Tapered(264, -122), Tapered(207, -112), Tapered(276, -293), Tapered(265, -168),
    // piece-square: king
    Tapered(667, -246), Tapered(386, -72), Tapered(353, -108), Tapered(44, 41), Tapered(390, -88), Tapered(375, -50), Tapered(-81, 4), Tapered(89, -66),
    Tapered(263, -7), Tapered(-9, 38), Tapered(109, 15), Tapered(20, 29), Tapered(-18, 56), Tapered(-11, 69), Tapered(-41, 70), Tapered(-341, 50),
    Tapered(-157, 17), Tapered(31, 32), Tapered(-91, 50), Tapered(-87, 54), Tapered(-98, 64), Tapered(-48, 66), Tapered(-63, 67), Tapered(-307, 75),
    Tapered(16, 24), Tapered(100, 19), Tapered(-106, 63), Tapered(-91, 58), Tapered(-41, 54), Tapered(-76, 62), Tapered(-55, 51), Tapered(-257, 58),
    Tapered(-86, 12), Tapered(0, 17), Tapered(-94, 55), Tapered(-59, 53), Tapered(-71, 53), Tapered(-27, 49), Tapered(-57, 34), Tapered(-98, 31),
    Tapered(-13, 17), Tapered(-80, 32), Tapered(-52, 48), Tapered(-40, 40), Tapered(-39, 44), Tapered(-43, 42), Tapered(6, 23), Tapered(-60, 40),
    Tapered(-56, 49), Tapered(3, 21), Tapered(-5, 29), Tapered(-51, 32), Tapered(-42, 32), Tapered(-21, 30), Tapered(23, 25), Tapered(46, 2),
    Tapered(-119, 56), Tapered(32, -6), Tapered(-12, 35), Tapered(-40, 15), Tapered(-86, 24), Tapered(-77, 32), Tapered(24, 5), Tapered(32, -7),
    // mobility: knight, 0 to 8 squares
    Tapered(109, -149), Tapered(143, -123), Tapered(153, -85), Tapered(159, -67), Tapered(164, -54), Tapered(168, -47), Tapered(172, -48), Tapered(172, -47), Tapered(167, -50),
    // mobility: bishop, 0 to 13 squares
    Tapered(115, -79), Tapered(129, -56), Tapered(141, -50), Tapered(149, -41), Tapered(152, -40), Tapered(156, -35), Tapered(159, -32),
    Tapered(159, -31), Tapered(162, -29), Tapered(169, -39), Tapered(173, -38), Tapered(184, -39), Tapered(158, -21), Tapered(186, -37),
    // mobility: rook, 0 to 14 squares
    Tapered(147, -122), Tapered(160, -97), Tapered(163, -83), Tapered(172, -84), Tapered(169, -77), Tapered(174, -67), Tapered(175, -64), Tapered(174, -55),
    Tapered(178, -51), Tapered(178, -49), Tapered(182, -44), Tapered(187, -46), Tapered(182, -40), Tapered(189, -46), Tapered(205, -55),
    // mobility: queen, 0 to 27 squares
    Tapered(442, 173), Tapered(479, -370), Tapered(484, -300), Tapered(482, -247), Tapered(485, -225), Tapered(488, -208), Tapered(491, -208),
    Tapered(495, -200), Tapered(494, -182), Tapered(503, -194), Tapered(499, -165), Tapered(505, -175), Tapered(502, -161), Tapered(504, -160),
    Tapered(504, -154), Tapered(513, -166), Tapered(504, -150), Tapered(527, -163), Tapered(510, -155), Tapered(547, -170), Tapered(546, -166),
    Tapered(547, -164), Tapered(609, -203), Tapered(517, -161), Tapered(940, -383), Tapered(604, -176), Tapered(595, -101), Tapered(370, -44),
    // bishop pair
    Tapered(38, 48),
    // pawn structure: doubled, isolated
    Tapered(-2, -12), Tapered(-2, -5),
    // rook on open file, on semi-open file
    Tapered(45, -8), Tapered(22, -10),
    // king shield pawn
    Tapered(11, -11),
    // passed pawn: relative rank 1 to 8
    Tapered(0, 0), Tapered(14, -43), Tapered(-4, -15), Tapered(-3, 10), Tapered(39, 1), Tapered(60, -35), Tapered(280, -32), Tapered(98, 196),
    // passed pawn, blocked: relative rank 1 to 8
    Tapered(0, 0), Tapered(-20, 5), Tapered(-12, -3), Tapered(-12, -5), Tapered(-23, -6), Tapered(-28, -16), Tapered(-113, -78), Tapered(0, 0),
    // passed pawn: per square from its next square to the own king, the enemy king
    Tapered(3, -8), Tapered(-4, 17),
    // connected pawn: relative rank 1 to 8
    Tapered(0, 0), Tapered(6, 0), Tapered(13, 8), Tapered(11, 8), Tapered(25, 13), Tapered(73, 35), Tapered(270, 19), Tapered(0, 0),
    // threat by pawn: on knight, bishop, rook, queen
    Tapered(90, 28), Tapered(91, 44), Tapered(71, 35), Tapered(94, -68),
    // threat by knight or bishop: on rook, queen
    Tapered(79, 16), Tapered(85, -2),
    // threat by rook: on queen
    Tapered(87, 2),
    // safe check: by knight, bishop, rook, queen
    Tapered(38, 6), Tapered(24, 13), Tapered(43, -3), Tapered(9, 32),
    // king open file: its own file, per neighbouring file
    Tapered(-33, -1), Tapered(-15, 1),
    // outpost: knight, bishop
    Tapered(35, -3), Tapered(40, 1),
    // hanging: per attacked, undefended piece
    Tapered(26, 1),
    // pawns and pieces: backward pawn, rook on seventh, bishop's pawns on its colour, pawn storm
    Tapered(-4, 5), Tapered(-21, -8), Tapered(-1, -9), Tapered(7, -1),
    // passed pawn, next square empty and not attacked: relative rank 1 to 8
    Tapered(0, 0), Tapered(-8, 6), Tapered(-3, 4), Tapered(14, 3), Tapered(-11, 28), Tapered(27, 43), Tapered(-379, 220), Tapered(0, 0),
    // passed pawn, path to promotion empty and not attacked: relative rank 1 to 8
    Tapered(0, 0), Tapered(-92, 31), Tapered(-97, 17), Tapered(-82, 28), Tapered(-44, 35), Tapered(-59, 55), Tapered(0, 0), Tapered(0, 0),
    // passed pawn: own rook behind it, enemy rook behind it
    Tapered(14, 34), Tapered(0, -47),
    // enemy king's squares defended by its king alone; threat by a safe pawn push
    Tapered(7, -2), Tapered(20, 9),
    // space: safe central squares, those behind own pawns
    Tapered(-3, 5), Tapered(4, -1),
    // minor piece behind a pawn; per square to the own king: knight, bishop
    Tapered(10, 15), Tapered(-8, -4), Tapered(-5, -1),
    // threat on a weak pawn, knight, bishop: by a knight or bishop, then by a rook
    Tapered(3, 17), Tapered(19, 30), Tapered(26, 17),
    Tapered(7, 15), Tapered(34, 10), Tapered(40, 12),
    // threat by the king on a weak piece; restricted squares; squares for a knight, a slider to attack the queen
    Tapered(35, 15), Tapered(6, -2), Tapered(5, 2), Tapered(14, 0),
    // rook on a queen's file, bishop on a long diagonal, enemy pawns on a bishop's diagonals
    Tapered(11, 10), Tapered(27, 20), Tapered(-7, 3),
    // blocked pawn: relative rank 5, 6
    Tapered(-16, -12), Tapered(-49, -63),
    // king attackers: 1 to 5 or more pieces on the enemy king's zone
    Tapered(-14, -1), Tapered(-4, -2), Tapered(50, -26), Tapered(145, 28), Tapered(142, 29),
    // attack units without a queen; enemy king's flank: attacked, attacked twice, defended
    Tapered(-8, 2), Tapered(2, -4), Tapered(4, -1), Tapered(-6, 1),
    // castling rights: kingside, queenside
    Tapered(71, -26), Tapered(24, 13),
    // knight reaching an outpost, queen infiltrated, weak unopposed pawn
    Tapered(19, 9), Tapered(41, -6), Tapered(-11, -12),
    // candidate passed pawn: relative rank 1 to 8
    Tapered(0, 0), Tapered(8, -11), Tapered(7, -2), Tapered(9, 10), Tapered(9, 5), Tapered(7, -11), Tapered(0, 0), Tapered(0, 0),
    // pawns: per defender of a pawn; unstoppable passed pawn
    Tapered(13, -5), Tapered(-140, 92),
    // king: per square to its nearest pawn, on a pawnless flank; rook trapped by it
    Tapered(-10, -12), Tapered(56, -25), Tapered(-18, -13),
    // per knight per own pawn, per rook per own pawn; the side to move
    Tapered(5, 10), Tapered(6, 9), Tapered(23, 1),
];
