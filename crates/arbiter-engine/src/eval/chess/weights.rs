//! The chess evaluation's weights (see [`super::LAYOUT`] for what each is),
//! fitted to labelled positions by `arbiter-tune` (Texel's method), starting from
//! the weights in the source before the run (git history has them).
//!
//! The run: `arbiter-tune --game chess --data target/tune5/chess-sf.txt --epochs 1500 --rate 1 --l2 0 --freeze 'material'`
//! the 972,689 positions of the run before (this file's note at 03911b8
//! says how they were made and labelled: self-play, Stockfish 15.1 at
//! 5,000 nodes); material held, so that the scale stays the search's; the
//! king attackers, attack units without a queen, the king's flank,
//! castling rights, knights reaching an outpost, queen infiltration and
//! weak unopposed pawns new, from 0
//! 874459 positions fitted, 98230 held out (by game); sigmoid scale
//! K = 0.009623 per centipawn, fitted to the starting weights; 1500 epochs of
//! full-batch Adam, the weights of epoch 1298 kept (the lowest validation
//! error). Mean squared error of sigmoid(K * eval) against the result:
//! training 0.030553 before, 0.030179 after; validation
//! 0.031180 before, 0.030898 after.

use crate::eval::trace::Tapered;

/// The weights, indexed as [`super::LAYOUT`] says.
#[rustfmt::skip]
pub const WEIGHTS: [Tapered; super::WEIGHT_COUNT] = [
    // material: pawn, knight, bishop, rook, queen, king
    Tapered(104, 66), Tapered(357, 306), Tapered(383, 325), Tapered(521, 549), Tapered(1085, 995), Tapered(0, 0),
    // piece-square: pawn (a8 first, rank by rank)
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(67, 142), Tapered(159, 123), Tapered(74, 130), Tapered(118, 153), Tapered(60, 128), Tapered(-50, 137), Tapered(72, 118), Tapered(167, 96),
    Tapered(51, 98), Tapered(49, 102), Tapered(47, 89), Tapered(46, 70), Tapered(48, 84), Tapered(93, 59), Tapered(84, 54), Tapered(87, 60),
    Tapered(15, 44), Tapered(17, 33), Tapered(3, 28), Tapered(13, 21), Tapered(27, 18), Tapered(9, 15), Tapered(-4, 30), Tapered(12, 25),
    Tapered(-6, 26), Tapered(-11, 25), Tapered(-6, 16), Tapered(9, 14), Tapered(14, 14), Tapered(4, 12), Tapered(0, 12), Tapered(-14, 14),
    Tapered(-16, 23), Tapered(-13, 16), Tapered(-20, 26), Tapered(-21, 31), Tapered(-11, 23), Tapered(-6, 18), Tapered(5, 7), Tapered(-11, 7),
    Tapered(-1, 29), Tapered(1, 29), Tapered(-9, 36), Tapered(-3, 39), Tapered(-1, 47), Tapered(45, 21), Tapered(56, 6), Tapered(5, 6),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    // piece-square: knight
    Tapered(-218, -30), Tapered(-10, -18), Tapered(47, -16), Tapered(102, -25), Tapered(108, -12), Tapered(-121, 1), Tapered(103, -85), Tapered(23, -38),
    Tapered(15, 8), Tapered(20, 11), Tapered(74, -9), Tapered(97, -12), Tapered(115, -7), Tapered(172, -26), Tapered(-45, 22), Tapered(103, -33),
    Tapered(76, -13), Tapered(96, 8), Tapered(76, 2), Tapered(104, 9), Tapered(132, 14), Tapered(121, -18), Tapered(135, -24), Tapered(0, 9),
    Tapered(77, 2), Tapered(74, 1), Tapered(95, 6), Tapered(93, 13), Tapered(93, 19), Tapered(137, -2), Tapered(89, -9), Tapered(97, -48),
    Tapered(70, -9), Tapered(69, -2), Tapered(92, -6), Tapered(74, 4), Tapered(80, 8), Tapered(82, 8), Tapered(76, 2), Tapered(62, -7),
    Tapered(46, -7), Tapered(62, -8), Tapered(58, -12), Tapered(58, -1), Tapered(68, -6), Tapered(54, -27), Tapered(51, -20), Tapered(36, 2),
    Tapered(36, -35), Tapered(36, -2), Tapered(56, -18), Tapered(61, -23), Tapered(51, -25), Tapered(13, -14), Tapered(26, -34), Tapered(12, -12),
    Tapered(-159, -54), Tapered(42, -22), Tapered(3, -41), Tapered(25, -8), Tapered(48, -39), Tapered(38, -55), Tapered(16, -36), Tapered(44, -161),
    // piece-square: bishop
    Tapered(13, -12), Tapered(90, -18), Tapered(93, -10), Tapered(91, -4), Tapered(32, 12), Tapered(10, -3), Tapered(71, 4), Tapered(-104, 12),
    Tapered(49, 8), Tapered(43, -8), Tapered(78, 7), Tapered(29, 10), Tapered(76, 10), Tapered(121, -3), Tapered(42, 10), Tapered(19, 6),
    Tapered(65, 3), Tapered(93, -1), Tapered(58, -16), Tapered(84, 14), Tapered(75, 5), Tapered(150, -11), Tapered(86, 4), Tapered(95, -19),
    Tapered(73, 0), Tapered(99, -5), Tapered(102, 6), Tapered(133, -4), Tapered(111, 13), Tapered(122, -21), Tapered(103, 0), Tapered(51, -13),
    Tapered(81, -12), Tapered(92, 3), Tapered(102, 2), Tapered(124, 8), Tapered(126, -13), Tapered(90, 9), Tapered(70, -6), Tapered(93, -20),
    Tapered(87, -11), Tapered(94, -1), Tapered(79, -14), Tapered(88, -2), Tapered(83, 13), Tapered(75, -34), Tapered(78, -8), Tapered(82, -41),
    Tapered(97, 0), Tapered(79, -35), Tapered(85, -18), Tapered(77, -3), Tapered(78, -16), Tapered(97, -12), Tapered(94, -54), Tapered(86, -54),
    Tapered(51, -18), Tapered(94, -11), Tapered(67, -6), Tapered(45, 1), Tapered(91, -22), Tapered(35, -12), Tapered(25, -3), Tapered(-33, -12),
    // piece-square: rook
    Tapered(92, 5), Tapered(96, -2), Tapered(105, -7), Tapered(96, 0), Tapered(109, 1), Tapered(95, 2), Tapered(86, -7), Tapered(135, -14),
    Tapered(100, -6), Tapered(110, -10), Tapered(132, -16), Tapered(143, -18), Tapered(107, -5), Tapered(195, -27), Tapered(161, -26), Tapered(44, 1),
    Tapered(85, -3), Tapered(108, -22), Tapered(119, -26), Tapered(138, -32), Tapered(143, -33), Tapered(168, -31), Tapered(160, -36), Tapered(106, -24),
    Tapered(75, -4), Tapered(83, -11), Tapered(91, -15), Tapered(104, -23), Tapered(79, -16), Tapered(93, -14), Tapered(95, -14), Tapered(86, -18),
    Tapered(53, -2), Tapered(86, -19), Tapered(68, -9), Tapered(57, -11), Tapered(68, -10), Tapered(62, -4), Tapered(100, -20), Tapered(32, -4),
    Tapered(42, -25), Tapered(46, -21), Tapered(62, -19), Tapered(74, -31), Tapered(80, -32), Tapered(81, -30), Tapered(85, -42), Tapered(26, -22),
    Tapered(49, -30), Tapered(55, -20), Tapered(63, -28), Tapered(75, -36), Tapered(79, -41), Tapered(94, -48), Tapered(77, -27), Tapered(25, -38),
    Tapered(77, -42), Tapered(82, -41), Tapered(84, -38), Tapered(88, -42), Tapered(90, -56), Tapered(96, -53), Tapered(83, -43), Tapered(46, -35),
    // piece-square: queen
    Tapered(116, -19), Tapered(190, -59), Tapered(164, -23), Tapered(154, -26), Tapered(221, -45), Tapered(144, 20), Tapered(386, -201), Tapered(351, -155),
    Tapered(162, -32), Tapered(179, -35), Tapered(214, -38), Tapered(207, -24), Tapered(204, -20), Tapered(278, -53), Tapered(274, -37), Tapered(203, -11),
    Tapered(212, -92), Tapered(202, -58), Tapered(182, -5), Tapered(234, -38), Tapered(235, -12), Tapered(271, -25), Tapered(178, -4), Tapered(208, -46),
    Tapered(196, -68), Tapered(246, -98), Tapered(232, -58), Tapered(221, -51), Tapered(243, -34), Tapered(246, -11), Tapered(257, -16), Tapered(223, -37),
    Tapered(236, -101), Tapered(253, -89), Tapered(253, -52), Tapered(233, -8), Tapered(238, -26), Tapered(246, -39), Tapered(240, -37), Tapered(208, 4),
    Tapered(227, -87), Tapered(248, -61), Tapered(253, -68), Tapered(246, -73), Tapered(242, -44), Tapered(244, -69), Tapered(247, -102), Tapered(222, -56),
    Tapered(249, -111), Tapered(244, -91), Tapered(248, -104), Tapered(248, -71), Tapered(251, -92), Tapered(262, -134), Tapered(251, -112), Tapered(237, -161),
    Tapered(274, -143), Tapered(248, -129), Tapered(253, -121), Tapered(254, -108), Tapered(261, -121), Tapered(201, -109), Tapered(272, -297), Tapered(267, -195),
    // piece-square: king
    Tapered(673, -274), Tapered(454, -97), Tapered(346, -115), Tapered(29, 33), Tapered(374, -95), Tapered(411, -67), Tapered(-128, -8), Tapered(57, -76),
    Tapered(312, -28), Tapered(41, 22), Tapered(176, -2), Tapered(15, 25), Tapered(-16, 50), Tapered(-16, 67), Tapered(-27, 64), Tapered(-339, 36),
    Tapered(-125, 3), Tapered(59, 22), Tapered(-69, 43), Tapered(-64, 52), Tapered(-86, 61), Tapered(-36, 67), Tapered(-44, 62), Tapered(-304, 65),
    Tapered(33, 7), Tapered(106, 20), Tapered(-100, 63), Tapered(-96, 63), Tapered(-39, 58), Tapered(-53, 65), Tapered(-46, 53), Tapered(-252, 52),
    Tapered(-79, -4), Tapered(18, 11), Tapered(-82, 55), Tapered(-64, 60), Tapered(-75, 60), Tapered(-28, 56), Tapered(-53, 35), Tapered(-90, 26),
    Tapered(-12, 6), Tapered(-83, 32), Tapered(-51, 52), Tapered(-48, 47), Tapered(-46, 51), Tapered(-42, 49), Tapered(6, 26), Tapered(-57, 40),
    Tapered(-38, 34), Tapered(10, 15), Tapered(-8, 31), Tapered(-57, 37), Tapered(-47, 37), Tapered(-26, 36), Tapered(19, 29), Tapered(41, 5),
    Tapered(-100, 39), Tapered(33, -13), Tapered(-12, 34), Tapered(-53, 17), Tapered(-97, 27), Tapered(-86, 36), Tapered(19, 5), Tapered(28, -9),
    // mobility: knight, 0 to 8 squares
    Tapered(134, -135), Tapered(166, -97), Tapered(175, -64), Tapered(182, -48), Tapered(187, -38), Tapered(192, -33), Tapered(196, -36), Tapered(196, -37), Tapered(192, -44),
    // mobility: bishop, 0 to 13 squares
    Tapered(109, -77), Tapered(122, -52), Tapered(136, -48), Tapered(145, -39), Tapered(149, -38), Tapered(152, -31), Tapered(157, -28),
    Tapered(156, -25), Tapered(161, -26), Tapered(166, -32), Tapered(172, -32), Tapered(176, -27), Tapered(148, -7), Tapered(188, -23),
    // mobility: rook, 0 to 14 squares
    Tapered(166, -114), Tapered(180, -89), Tapered(183, -75), Tapered(190, -74), Tapered(188, -63), Tapered(193, -54), Tapered(195, -50), Tapered(194, -42),
    Tapered(199, -40), Tapered(199, -37), Tapered(204, -32), Tapered(207, -33), Tapered(202, -26), Tapered(209, -31), Tapered(225, -40),
    // mobility: queen, 0 to 27 squares
    Tapered(431, 189), Tapered(475, -372), Tapered(480, -302), Tapered(478, -257), Tapered(480, -230), Tapered(482, -213), Tapered(484, -212),
    Tapered(489, -205), Tapered(489, -187), Tapered(498, -199), Tapered(493, -169), Tapered(499, -177), Tapered(496, -163), Tapered(499, -162),
    Tapered(497, -156), Tapered(508, -168), Tapered(495, -146), Tapered(517, -157), Tapered(498, -147), Tapered(536, -160), Tapered(533, -154),
    Tapered(537, -150), Tapered(592, -180), Tapered(515, -151), Tapered(921, -363), Tapered(596, -153), Tapered(566, -53), Tapered(366, -7),
    // bishop pair
    Tapered(41, 41),
    // pawn structure: doubled, isolated
    Tapered(-8, -8), Tapered(-3, -5),
    // rook on open file, on semi-open file
    Tapered(45, -9), Tapered(22, -12),
    // king shield pawn
    Tapered(13, -9),
    // passed pawn: relative rank 1 to 8
    Tapered(0, 0), Tapered(20, -35), Tapered(0, -8), Tapered(-1, 16), Tapered(40, 7), Tapered(75, -23), Tapered(297, -24), Tapered(98, 196),
    // passed pawn, blocked: relative rank 1 to 8
    Tapered(0, 0), Tapered(-21, 5), Tapered(-11, -3), Tapered(-12, -6), Tapered(-24, -5), Tapered(-32, -15), Tapered(-114, -80), Tapered(0, 0),
    // passed pawn: per square from its next square to the own king, the enemy king
    Tapered(3, -10), Tapered(-7, 18),
    // connected pawn: relative rank 1 to 8
    Tapered(0, 0), Tapered(0, 0), Tapered(14, 5), Tapered(16, 6), Tapered(35, 9), Tapered(85, 29), Tapered(286, 15), Tapered(0, 0),
    // threat by pawn: on knight, bishop, rook, queen
    Tapered(70, 27), Tapered(74, 47), Tapered(51, 37), Tapered(72, -65),
    // threat by knight or bishop: on rook, queen
    Tapered(64, 18), Tapered(64, 10),
    // threat by rook: on queen
    Tapered(70, 8),
    // safe check: by knight, bishop, rook, queen
    Tapered(38, 5), Tapered(24, 15), Tapered(42, -3), Tapered(8, 33),
    // king open file: its own file, per neighbouring file
    Tapered(-31, -7), Tapered(-13, -6),
    // outpost: knight, bishop
    Tapered(36, 0), Tapered(44, 0),
    // hanging: per attacked, undefended piece
    Tapered(16, -3),
    // pawns and pieces: backward pawn, rook on seventh, bishop's pawns on its colour, pawn storm
    Tapered(-3, 3), Tapered(-12, -1), Tapered(-1, -12), Tapered(9, -3),
    // passed pawn, next square empty and not attacked: relative rank 1 to 8
    Tapered(0, 0), Tapered(-6, 5), Tapered(1, 4), Tapered(17, 3), Tapered(-9, 28), Tapered(25, 44), Tapered(-402, 224), Tapered(0, 0),
    // passed pawn, path to promotion empty and not attacked: relative rank 1 to 8
    Tapered(0, 0), Tapered(-101, 34), Tapered(-90, 15), Tapered(-90, 31), Tapered(-60, 39), Tapered(-83, 62), Tapered(0, 0), Tapered(0, 0),
    // passed pawn: own rook behind it, enemy rook behind it
    Tapered(13, 35), Tapered(27, -59),
    // enemy king's squares defended by its king alone; threat by a safe pawn push
    Tapered(8, -3), Tapered(18, 10),
    // space: safe central squares, those behind own pawns
    Tapered(-6, 6), Tapered(6, -1),
    // minor piece behind a pawn; per square to the own king: knight, bishop
    Tapered(10, 15), Tapered(-9, -3), Tapered(-4, -1),
    // threat on a weak pawn, knight, bishop: by a knight or bishop, then by a rook
    Tapered(5, 15), Tapered(16, 31), Tapered(19, 19),
    Tapered(6, 14), Tapered(32, 12), Tapered(35, 14),
    // threat by the king on a weak piece; restricted squares; squares for a knight, a slider to attack the queen
    Tapered(19, 21), Tapered(6, -2), Tapered(4, 1), Tapered(13, 2),
    // rook on a queen's file, bishop on a long diagonal, enemy pawns on a bishop's diagonals
    Tapered(10, 12), Tapered(28, 17), Tapered(-7, 1),
    // blocked pawn: relative rank 5, 6
    Tapered(-21, -13), Tapered(-40, -61),
    // king attackers: 1 to 5 or more pieces on the enemy king's zone
    Tapered(-13, -2), Tapered(-3, -4), Tapered(49, -28), Tapered(142, 27), Tapered(122, 33),
    // attack units without a queen; enemy king's flank: attacked, attacked twice, defended
    Tapered(-8, 3), Tapered(1, -4), Tapered(4, -2), Tapered(-5, 1),
    // castling rights: kingside, queenside
    Tapered(72, -35), Tapered(25, 18),
    // knight reaching an outpost, queen infiltrated, weak unopposed pawn
    Tapered(20, 12), Tapered(39, -4), Tapered(-12, -15),
];
