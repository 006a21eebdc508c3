//! The chess evaluation's weights (see [`super::LAYOUT`] for what each is),
//! fitted to labelled positions by `arbiter-tune` (Texel's method), starting from
//! the weights in the source before the run (git history has them).
//!
//! The run: `arbiter-tune --game chess --data target/tune5/chess-sf.txt --epochs 1500 --rate 1 --l2 0 --freeze 'material'`
//! the 972,689 positions of the run before (this file's note at 03911b8
//! says how they were made and labelled: self-play, Stockfish 15.1 at
//! 5,000 nodes); material held, so that the scale stays the search's; the
//! threats on weak pieces, by the king, restricted squares, squares to
//! attack the queen from, rooks on a queen's file, bishops on a long
//! diagonal and their x-rayed pawns, and blocked pawns new, from 0
//! 874459 positions fitted, 98230 held out (by game); sigmoid scale
//! K = 0.009549 per centipawn, fitted to the starting weights; 1500 epochs of
//! full-batch Adam, the weights of epoch 1335 kept (the lowest validation
//! error). Mean squared error of sigmoid(K * eval) against the result:
//! training 0.031230 before, 0.030555 after; validation
//! 0.031704 before, 0.031171 after.

use crate::eval::trace::Tapered;

/// The weights, indexed as [`super::LAYOUT`] says.
#[rustfmt::skip]
pub const WEIGHTS: [Tapered; super::WEIGHT_COUNT] = [
    // material: pawn, knight, bishop, rook, queen, king
    Tapered(104, 66), Tapered(357, 306), Tapered(383, 325), Tapered(521, 549), Tapered(1085, 995), Tapered(0, 0),
    // piece-square: pawn (a8 first, rank by rank)
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(59, 138), Tapered(152, 119), Tapered(70, 126), Tapered(113, 150), Tapered(86, 115), Tapered(-42, 131), Tapered(71, 113), Tapered(177, 90),
    Tapered(52, 85), Tapered(47, 91), Tapered(47, 79), Tapered(48, 59), Tapered(55, 73), Tapered(102, 45), Tapered(99, 40), Tapered(93, 48),
    Tapered(14, 35), Tapered(13, 25), Tapered(0, 23), Tapered(10, 15), Tapered(26, 15), Tapered(10, 9), Tapered(-5, 23), Tapered(15, 17),
    Tapered(-7, 15), Tapered(-12, 15), Tapered(-4, 7), Tapered(11, 3), Tapered(19, 5), Tapered(10, 2), Tapered(6, 0), Tapered(-11, 4),
    Tapered(-18, 11), Tapered(-13, 3), Tapered(-18, 14), Tapered(-17, 16), Tapered(-9, 10), Tapered(-3, 7), Tapered(12, -8), Tapered(-8, -4),
    Tapered(-3, 17), Tapered(-1, 18), Tapered(-7, 26), Tapered(-2, 26), Tapered(-1, 37), Tapered(50, 11), Tapered(60, -6), Tapered(6, -3),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    // piece-square: knight
    Tapered(-214, -29), Tapered(-6, -19), Tapered(56, -16), Tapered(106, -28), Tapered(125, -15), Tapered(-96, -7), Tapered(124, -97), Tapered(38, -40),
    Tapered(31, 9), Tapered(31, 11), Tapered(90, -13), Tapered(104, -16), Tapered(124, -9), Tapered(182, -27), Tapered(-38, 22), Tapered(117, -35),
    Tapered(84, -10), Tapered(97, 10), Tapered(83, 3), Tapered(117, 3), Tapered(147, 8), Tapered(138, -23), Tapered(142, -27), Tapered(9, 11),
    Tapered(88, 3), Tapered(78, 2), Tapered(103, 3), Tapered(95, 13), Tapered(96, 16), Tapered(144, -3), Tapered(96, -18), Tapered(102, -52),
    Tapered(76, -7), Tapered(74, -2), Tapered(98, -3), Tapered(79, 5), Tapered(84, 10), Tapered(88, 7), Tapered(81, 1), Tapered(70, -11),
    Tapered(51, -3), Tapered(68, -8), Tapered(63, -9), Tapered(65, -1), Tapered(72, -6), Tapered(60, -28), Tapered(59, -23), Tapered(37, 2),
    Tapered(37, -35), Tapered(38, -3), Tapered(58, -15), Tapered(61, -22), Tapered(48, -25), Tapered(14, -16), Tapered(27, -36), Tapered(8, -11),
    Tapered(-162, -61), Tapered(43, -22), Tapered(5, -43), Tapered(24, -11), Tapered(45, -40), Tapered(30, -53), Tapered(15, -37), Tapered(42, -167),
    // piece-square: bishop
    Tapered(17, -12), Tapered(92, -22), Tapered(93, -12), Tapered(93, -8), Tapered(40, 8), Tapered(17, -6), Tapered(73, 1), Tapered(-73, 9),
    Tapered(51, 9), Tapered(46, -9), Tapered(83, 4), Tapered(36, 5), Tapered(78, 5), Tapered(122, -7), Tapered(47, 8), Tapered(27, 4),
    Tapered(64, 2), Tapered(93, -1), Tapered(62, -18), Tapered(83, 10), Tapered(83, -2), Tapered(163, -18), Tapered(95, -2), Tapered(95, -22),
    Tapered(72, 0), Tapered(101, -7), Tapered(94, 5), Tapered(134, -8), Tapered(116, 6), Tapered(132, -29), Tapered(111, -7), Tapered(51, -16),
    Tapered(79, -14), Tapered(89, 2), Tapered(100, 2), Tapered(127, 4), Tapered(131, -16), Tapered(94, 6), Tapered(79, -9), Tapered(96, -23),
    Tapered(84, -12), Tapered(95, -4), Tapered(79, -15), Tapered(94, -6), Tapered(86, 11), Tapered(80, -35), Tapered(87, -15), Tapered(91, -47),
    Tapered(97, -3), Tapered(78, -35), Tapered(90, -22), Tapered(79, -4), Tapered(79, -16), Tapered(96, -12), Tapered(97, -53), Tapered(90, -58),
    Tapered(53, -19), Tapered(101, -16), Tapered(70, -9), Tapered(43, 2), Tapered(90, -22), Tapered(35, -13), Tapered(20, -2), Tapered(-23, -15),
    // piece-square: rook
    Tapered(89, 0), Tapered(88, -7), Tapered(108, -16), Tapered(89, -6), Tapered(113, -9), Tapered(99, -8), Tapered(73, -12), Tapered(139, -24),
    Tapered(94, -5), Tapered(105, -10), Tapered(129, -18), Tapered(139, -19), Tapered(112, -13), Tapered(202, -34), Tapered(157, -28), Tapered(40, -1),
    Tapered(80, -3), Tapered(102, -21), Tapered(116, -29), Tapered(137, -35), Tapered(154, -43), Tapered(179, -40), Tapered(156, -39), Tapered(92, -24),
    Tapered(73, -4), Tapered(81, -12), Tapered(92, -18), Tapered(110, -27), Tapered(95, -27), Tapered(104, -24), Tapered(97, -18), Tapered(78, -19),
    Tapered(49, -1), Tapered(83, -19), Tapered(69, -11), Tapered(56, -12), Tapered(80, -18), Tapered(66, -11), Tapered(102, -25), Tapered(32, -7),
    Tapered(34, -20), Tapered(39, -16), Tapered(56, -16), Tapered(67, -27), Tapered(80, -33), Tapered(77, -31), Tapered(81, -41), Tapered(19, -18),
    Tapered(41, -25), Tapered(52, -17), Tapered(64, -27), Tapered(73, -34), Tapered(79, -43), Tapered(94, -49), Tapered(75, -26), Tapered(21, -36),
    Tapered(76, -38), Tapered(78, -37), Tapered(81, -35), Tapered(84, -39), Tapered(92, -56), Tapered(94, -52), Tapered(65, -34), Tapered(66, -46),
    // piece-square: queen
    Tapered(143, -18), Tapered(217, -62), Tapered(197, -26), Tapered(196, -41), Tapered(250, -47), Tapered(184, 7), Tapered(445, -225), Tapered(389, -166),
    Tapered(187, -33), Tapered(205, -36), Tapered(240, -38), Tapered(241, -31), Tapered(240, -29), Tapered(326, -71), Tapered(307, -43), Tapered(248, -20),
    Tapered(242, -92), Tapered(230, -57), Tapered(212, -8), Tapered(263, -41), Tapered(275, -21), Tapered(335, -48), Tapered(236, -28), Tapered(258, -60),
    Tapered(215, -58), Tapered(254, -81), Tapered(248, -49), Tapered(250, -48), Tapered(266, -39), Tapered(268, -18), Tapered(275, -18), Tapered(246, -37),
    Tapered(228, -98), Tapered(242, -82), Tapered(248, -49), Tapered(237, -12), Tapered(248, -34), Tapered(260, -48), Tapered(257, -47), Tapered(217, -1),
    Tapered(212, -81), Tapered(237, -60), Tapered(243, -61), Tapered(244, -70), Tapered(243, -40), Tapered(252, -72), Tapered(256, -105), Tapered(228, -58),
    Tapered(236, -102), Tapered(235, -85), Tapered(242, -102), Tapered(244, -66), Tapered(246, -84), Tapered(263, -130), Tapered(248, -101), Tapered(224, -144),
    Tapered(264, -136), Tapered(240, -125), Tapered(245, -109), Tapered(247, -96), Tapered(258, -114), Tapered(196, -100), Tapered(261, -280), Tapered(265, -194),
    // piece-square: king
    Tapered(584, -261), Tapered(481, -103), Tapered(361, -121), Tapered(1, 40), Tapered(373, -98), Tapered(413, -67), Tapered(-138, -6), Tapered(24, -73),
    Tapered(303, -31), Tapered(57, 18), Tapered(202, -12), Tapered(4, 23), Tapered(-17, 45), Tapered(-21, 61), Tapered(-26, 60), Tapered(-371, 36),
    Tapered(-135, -2), Tapered(80, 12), Tapered(-54, 36), Tapered(-53, 46), Tapered(-71, 52), Tapered(-23, 58), Tapered(-29, 55), Tapered(-315, 63),
    Tapered(26, 3), Tapered(125, 9), Tapered(-81, 52), Tapered(-78, 53), Tapered(-19, 45), Tapered(-48, 54), Tapered(-32, 42), Tapered(-273, 48),
    Tapered(-92, -8), Tapered(38, 1), Tapered(-65, 46), Tapered(-50, 53), Tapered(-55, 52), Tapered(-18, 49), Tapered(-45, 28), Tapered(-106, 24),
    Tapered(-16, 2), Tapered(-67, 27), Tapered(-38, 47), Tapered(-46, 46), Tapered(-39, 49), Tapered(-43, 46), Tapered(12, 23), Tapered(-80, 42),
    Tapered(-71, 40), Tapered(19, 17), Tapered(-14, 36), Tapered(-69, 45), Tapered(-58, 45), Tapered(-42, 44), Tapered(11, 36), Tapered(15, 11),
    Tapered(-133, 47), Tapered(27, -8), Tapered(-32, 44), Tapered(-77, 30), Tapered(-44, 15), Tapered(-109, 48), Tapered(9, 13), Tapered(3, -4),
    // mobility: knight, 0 to 8 squares
    Tapered(141, -142), Tapered(172, -99), Tapered(181, -66), Tapered(189, -48), Tapered(194, -39), Tapered(200, -34), Tapered(204, -38), Tapered(205, -39), Tapered(204, -48),
    // mobility: bishop, 0 to 13 squares
    Tapered(107, -76), Tapered(123, -52), Tapered(138, -48), Tapered(148, -40), Tapered(153, -40), Tapered(158, -34), Tapered(162, -32),
    Tapered(161, -29), Tapered(168, -30), Tapered(173, -36), Tapered(178, -37), Tapered(180, -31), Tapered(149, -10), Tapered(197, -28),
    // mobility: rook, 0 to 14 squares
    Tapered(162, -112), Tapered(179, -86), Tapered(183, -75), Tapered(191, -74), Tapered(189, -62), Tapered(194, -55), Tapered(197, -51), Tapered(197, -44),
    Tapered(202, -41), Tapered(203, -40), Tapered(209, -36), Tapered(212, -37), Tapered(207, -29), Tapered(212, -35), Tapered(225, -43),
    // mobility: queen, 0 to 27 squares
    Tapered(437, 232), Tapered(488, -392), Tapered(494, -301), Tapered(493, -264), Tapered(496, -236), Tapered(498, -218), Tapered(501, -215),
    Tapered(507, -208), Tapered(507, -189), Tapered(517, -204), Tapered(514, -174), Tapered(520, -184), Tapered(517, -171), Tapered(521, -169),
    Tapered(520, -165), Tapered(531, -178), Tapered(521, -158), Tapered(543, -169), Tapered(526, -160), Tapered(565, -176), Tapered(564, -170),
    Tapered(567, -166), Tapered(616, -193), Tapered(546, -167), Tapered(913, -361), Tapered(553, -129), Tapered(453, 12), Tapered(321, 27),
    // bishop pair
    Tapered(43, 42),
    // pawn structure: doubled, isolated
    Tapered(-7, 1), Tapered(-7, -12),
    // rook on open file, on semi-open file
    Tapered(46, -8), Tapered(23, -12),
    // king shield pawn
    Tapered(13, -10),
    // passed pawn: relative rank 1 to 8
    Tapered(0, 0), Tapered(26, -33), Tapered(5, -5), Tapered(-1, 20), Tapered(41, 7), Tapered(74, -22), Tapered(300, -30), Tapered(98, 196),
    // passed pawn, blocked: relative rank 1 to 8
    Tapered(0, 0), Tapered(-29, 5), Tapered(-13, -4), Tapered(-11, -8), Tapered(-22, -6), Tapered(-34, -14), Tapered(-108, -84), Tapered(0, 0),
    // passed pawn: per square from its next square to the own king, the enemy king
    Tapered(3, -10), Tapered(-7, 19),
    // connected pawn: relative rank 1 to 8
    Tapered(0, 0), Tapered(1, 1), Tapered(15, 7), Tapered(16, 6), Tapered(34, 9), Tapered(84, 34), Tapered(288, 21), Tapered(0, 0),
    // threat by pawn: on knight, bishop, rook, queen
    Tapered(70, 29), Tapered(75, 47), Tapered(50, 40), Tapered(75, -62),
    // threat by knight or bishop: on rook, queen
    Tapered(65, 20), Tapered(64, 12),
    // threat by rook: on queen
    Tapered(70, 10),
    // safe check: by knight, bishop, rook, queen
    Tapered(42, 4), Tapered(23, 14), Tapered(40, -3), Tapered(8, 32),
    // king open file: its own file, per neighbouring file
    Tapered(-31, -7), Tapered(-13, -6),
    // outpost: knight, bishop
    Tapered(34, -1), Tapered(42, -1),
    // hanging: per attacked, undefended piece
    Tapered(17, -5),
    // pawns and pieces: backward pawn, rook on seventh, bishop's pawns on its colour, pawn storm
    Tapered(-8, 3), Tapered(-14, -3), Tapered(-1, -12), Tapered(12, -6),
    // passed pawn, next square empty and not attacked: relative rank 1 to 8
    Tapered(0, 0), Tapered(-6, 5), Tapered(2, 3), Tapered(20, 2), Tapered(-9, 28), Tapered(26, 44), Tapered(-401, 225), Tapered(0, 0),
    // passed pawn, path to promotion empty and not attacked: relative rank 1 to 8
    Tapered(0, 0), Tapered(-93, 32), Tapered(-88, 15), Tapered(-88, 30), Tapered(-56, 39), Tapered(-87, 64), Tapered(0, 0), Tapered(0, 0),
    // passed pawn: own rook behind it, enemy rook behind it
    Tapered(15, 37), Tapered(25, -56),
    // enemy king's squares defended by its king alone; threat by a safe pawn push
    Tapered(4, -3), Tapered(19, 11),
    // space: safe central squares, those behind own pawns
    Tapered(-3, 4), Tapered(6, -1),
    // minor piece behind a pawn; per square to the own king: knight, bishop
    Tapered(10, 16), Tapered(-10, -3), Tapered(-5, -1),
    // threat on a weak pawn, knight, bishop: by a knight or bishop, then by a rook
    Tapered(5, 14), Tapered(15, 32), Tapered(19, 18),
    Tapered(7, 14), Tapered(33, 12), Tapered(35, 14),
    // threat by the king on a weak piece; restricted squares; squares for a knight, a slider to attack the queen
    Tapered(14, 24), Tapered(6, 0), Tapered(5, 1), Tapered(13, 3),
    // rook on a queen's file, bishop on a long diagonal, enemy pawns on a bishop's diagonals
    Tapered(10, 11), Tapered(28, 15), Tapered(-7, 1),
    // blocked pawn: relative rank 5, 6
    Tapered(-22, -16), Tapered(-43, -61),
];
