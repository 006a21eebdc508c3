//! The chess evaluation's weights (see [`super::LAYOUT`] for what each is),
//! fitted to labelled positions by `arbiter-tune` (Texel's method), starting from
//! the weights in the source before the run (git history has them).
//!
//! The run: `arbiter-tune --game chess --data target/tune5/chess-sf.txt --epochs 1500 --rate 1 --l2 0 --freeze 'material'`
//! the 972,689 positions of the run before (this file's note at 03911b8
//! says how they were made and labelled: self-play, Stockfish 15.1 at
//! 5,000 nodes); material held, so that the scale stays the search's; the
//! passed pawns' safe next square and path, rooks behind passers, weak
//! squares by the king, safe pawn pushes, space, minors behind pawns and
//! king protectors new, from 0
//! 874459 positions fitted, 98230 held out (by game); sigmoid scale
//! K = 0.009429 per centipawn, fitted to the starting weights; 1500 epochs of
//! full-batch Adam, the weights of epoch 1461 kept (the lowest validation
//! error). Mean squared error of sigmoid(K * eval) against the result:
//! training 0.032045 before, 0.031239 after; validation
//! 0.032516 before, 0.031694 after.

use crate::eval::trace::Tapered;

/// The weights, indexed as [`super::LAYOUT`] says.
#[rustfmt::skip]
pub const WEIGHTS: [Tapered; super::WEIGHT_COUNT] = [
    // material: pawn, knight, bishop, rook, queen, king
    Tapered(104, 66), Tapered(357, 306), Tapered(383, 325), Tapered(521, 549), Tapered(1085, 995), Tapered(0, 0),
    // piece-square: pawn (a8 first, rank by rank)
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(59, 135), Tapered(161, 115), Tapered(89, 118), Tapered(120, 145), Tapered(94, 105), Tapered(-54, 125), Tapered(70, 106), Tapered(175, 86),
    Tapered(14, 22), Tapered(19, 28), Tapered(20, 18), Tapered(21, -1), Tapered(38, 13), Tapered(74, -20), Tapered(68, -24), Tapered(65, -16),
    Tapered(5, 21), Tapered(13, 10), Tapered(-6, 11), Tapered(5, 3), Tapered(27, 4), Tapered(14, -5), Tapered(-5, 9), Tapered(4, 3),
    Tapered(-2, 12), Tapered(-6, 13), Tapered(1, 5), Tapered(15, 3), Tapered(16, 5), Tapered(18, -1), Tapered(14, -2), Tapered(-5, 1),
    Tapered(-10, 11), Tapered(-5, 3), Tapered(-12, 15), Tapered(-9, 18), Tapered(1, 11), Tapered(3, 6), Tapered(18, -8), Tapered(0, -4),
    Tapered(2, 15), Tapered(6, 14), Tapered(-4, 26), Tapered(5, 21), Tapered(8, 33), Tapered(57, 8), Tapered(68, -8), Tapered(10, -2),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    // piece-square: knight
    Tapered(-230, -17), Tapered(-23, -13), Tapered(47, -12), Tapered(105, -26), Tapered(110, -13), Tapered(-137, 3), Tapered(120, -98), Tapered(53, -50),
    Tapered(28, 11), Tapered(29, 13), Tapered(78, -9), Tapered(87, -10), Tapered(109, -8), Tapered(162, -30), Tapered(-50, 29), Tapered(86, -24),
    Tapered(85, -8), Tapered(92, 11), Tapered(73, 6), Tapered(111, 5), Tapered(132, 13), Tapered(112, -20), Tapered(135, -26), Tapered(1, 17),
    Tapered(94, 5), Tapered(84, 0), Tapered(106, 3), Tapered(90, 13), Tapered(89, 23), Tapered(148, -2), Tapered(98, -12), Tapered(105, -49),
    Tapered(81, -10), Tapered(86, -6), Tapered(102, -5), Tapered(77, 4), Tapered(84, 11), Tapered(91, 8), Tapered(87, 3), Tapered(70, -6),
    Tapered(57, -5), Tapered(73, -7), Tapered(68, -11), Tapered(69, -5), Tapered(77, -7), Tapered(69, -32), Tapered(64, -25), Tapered(35, 3),
    Tapered(50, -44), Tapered(46, -8), Tapered(63, -19), Tapered(71, -29), Tapered(56, -29), Tapered(21, -21), Tapered(38, -41), Tapered(17, -14),
    Tapered(-150, -65), Tapered(51, -25), Tapered(7, -45), Tapered(30, -13), Tapered(58, -45), Tapered(41, -58), Tapered(24, -39), Tapered(58, -173),
    // piece-square: bishop
    Tapered(39, 3), Tapered(90, -24), Tapered(73, -12), Tapered(83, -6), Tapered(34, 10), Tapered(-6, -2), Tapered(63, 2), Tapered(-59, 26),
    Tapered(54, 6), Tapered(58, 8), Tapered(69, 6), Tapered(27, 3), Tapered(46, 10), Tapered(109, -6), Tapered(42, 26), Tapered(9, 6),
    Tapered(59, 2), Tapered(88, -1), Tapered(74, -4), Tapered(75, 10), Tapered(67, -1), Tapered(172, -3), Tapered(85, -1), Tapered(91, -23),
    Tapered(71, -2), Tapered(101, -11), Tapered(87, 5), Tapered(123, -5), Tapered(105, 10), Tapered(119, -29), Tapered(108, -7), Tapered(46, -14),
    Tapered(77, -18), Tapered(90, -1), Tapered(90, 3), Tapered(120, 7), Tapered(117, -13), Tapered(90, 4), Tapered(79, -15), Tapered(100, -25),
    Tapered(83, -13), Tapered(91, -6), Tapered(93, 0), Tapered(82, -6), Tapered(82, 12), Tapered(101, -23), Tapered(88, -17), Tapered(98, -52),
    Tapered(97, -6), Tapered(91, -24), Tapered(87, -26), Tapered(79, -9), Tapered(84, -23), Tapered(100, -18), Tapered(116, -45), Tapered(91, -59),
    Tapered(70, -8), Tapered(103, -21), Tapered(76, -13), Tapered(45, -1), Tapered(101, -26), Tapered(40, -17), Tapered(39, -8), Tapered(-15, 1),
    // piece-square: rook
    Tapered(105, 0), Tapered(103, -5), Tapered(121, -16), Tapered(106, -6), Tapered(122, -7), Tapered(117, -8), Tapered(71, -6), Tapered(135, -19),
    Tapered(95, 0), Tapered(108, -5), Tapered(140, -14), Tapered(148, -13), Tapered(122, -11), Tapered(215, -39), Tapered(156, -28), Tapered(32, 2),
    Tapered(89, 4), Tapered(113, -15), Tapered(121, -21), Tapered(147, -28), Tapered(162, -36), Tapered(186, -34), Tapered(157, -32), Tapered(95, -16),
    Tapered(84, 1), Tapered(89, -5), Tapered(101, -12), Tapered(123, -24), Tapered(104, -22), Tapered(111, -17), Tapered(103, -11), Tapered(92, -15),
    Tapered(57, 3), Tapered(93, -17), Tapered(80, -9), Tapered(69, -11), Tapered(89, -17), Tapered(75, -8), Tapered(104, -19), Tapered(38, -3),
    Tapered(39, -20), Tapered(38, -14), Tapered(65, -17), Tapered(79, -30), Tapered(89, -33), Tapered(82, -30), Tapered(89, -42), Tapered(13, -16),
    Tapered(46, -27), Tapered(59, -18), Tapered(69, -28), Tapered(84, -37), Tapered(86, -45), Tapered(97, -50), Tapered(77, -27), Tapered(32, -38),
    Tapered(81, -37), Tapered(82, -38), Tapered(88, -36), Tapered(93, -40), Tapered(97, -57), Tapered(100, -52), Tapered(69, -34), Tapered(70, -46),
    // piece-square: queen
    Tapered(148, -16), Tapered(214, -54), Tapered(194, -23), Tapered(174, -26), Tapered(242, -40), Tapered(166, 25), Tapered(465, -232), Tapered(369, -149),
    Tapered(185, -29), Tapered(185, -20), Tapered(221, -24), Tapered(227, -19), Tapered(214, -9), Tapered(301, -50), Tapered(292, -25), Tapered(249, -15),
    Tapered(238, -84), Tapered(210, -42), Tapered(188, 8), Tapered(235, -22), Tapered(242, -2), Tapered(307, -28), Tapered(220, -15), Tapered(244, -51),
    Tapered(213, -50), Tapered(245, -74), Tapered(234, -37), Tapered(232, -36), Tapered(254, -29), Tapered(254, -7), Tapered(261, -3), Tapered(241, -31),
    Tapered(229, -96), Tapered(235, -74), Tapered(242, -43), Tapered(233, -5), Tapered(241, -31), Tapered(252, -41), Tapered(248, -42), Tapered(216, 4),
    Tapered(215, -82), Tapered(240, -62), Tapered(245, -60), Tapered(240, -68), Tapered(243, -40), Tapered(254, -74), Tapered(255, -98), Tapered(224, -54),
    Tapered(240, -100), Tapered(243, -87), Tapered(246, -101), Tapered(249, -70), Tapered(251, -82), Tapered(266, -130), Tapered(259, -115), Tapered(235, -148),
    Tapered(272, -141), Tapered(248, -128), Tapered(253, -113), Tapered(256, -98), Tapered(265, -117), Tapered(206, -110), Tapered(276, -290), Tapered(278, -207),
    // piece-square: king
    Tapered(407, -229), Tapered(542, -115), Tapered(368, -126), Tapered(-7, 42), Tapered(431, -111), Tapered(479, -77), Tapered(-121, -7), Tapered(-12, -71),
    Tapered(303, -32), Tapered(63, 20), Tapered(191, -7), Tapered(10, 23), Tapered(-22, 48), Tapered(-9, 61), Tapered(-23, 65), Tapered(-362, 37),
    Tapered(-143, 0), Tapered(72, 19), Tapered(-50, 38), Tapered(-50, 49), Tapered(-75, 57), Tapered(-16, 63), Tapered(-29, 62), Tapered(-333, 68),
    Tapered(3, 7), Tapered(120, 16), Tapered(-82, 55), Tapered(-71, 54), Tapered(-23, 49), Tapered(-54, 59), Tapered(-35, 49), Tapered(-277, 50),
    Tapered(-98, -6), Tapered(41, 4), Tapered(-70, 48), Tapered(-43, 53), Tapered(-59, 52), Tapered(-22, 51), Tapered(-53, 30), Tapered(-114, 26),
    Tapered(-17, 3), Tapered(-63, 27), Tapered(-32, 45), Tapered(-44, 44), Tapered(-36, 48), Tapered(-47, 44), Tapered(6, 23), Tapered(-81, 40),
    Tapered(-81, 42), Tapered(17, 15), Tapered(-14, 34), Tapered(-68, 43), Tapered(-56, 43), Tapered(-38, 41), Tapered(13, 34), Tapered(16, 7),
    Tapered(-147, 49), Tapered(32, -15), Tapered(-32, 42), Tapered(-74, 26), Tapered(-42, 12), Tapered(-105, 45), Tapered(14, 9), Tapered(6, -8),
    // mobility: knight, 0 to 8 squares
    Tapered(144, -150), Tapered(174, -103), Tapered(184, -70), Tapered(191, -50), Tapered(199, -40), Tapered(206, -33), Tapered(213, -37), Tapered(215, -38), Tapered(214, -47),
    // mobility: bishop, 0 to 13 squares
    Tapered(108, -72), Tapered(124, -49), Tapered(138, -47), Tapered(150, -38), Tapered(158, -37), Tapered(164, -28), Tapered(170, -27),
    Tapered(169, -23), Tapered(177, -26), Tapered(183, -32), Tapered(188, -34), Tapered(189, -26), Tapered(157, -6), Tapered(205, -25),
    // mobility: rook, 0 to 14 squares
    Tapered(170, -113), Tapered(188, -86), Tapered(192, -75), Tapered(200, -74), Tapered(198, -61), Tapered(204, -53), Tapered(208, -49), Tapered(209, -42),
    Tapered(216, -40), Tapered(217, -37), Tapered(223, -33), Tapered(226, -33), Tapered(219, -25), Tapered(219, -31), Tapered(231, -41),
    // mobility: queen, 0 to 27 squares
    Tapered(431, 267), Tapered(489, -371), Tapered(495, -288), Tapered(494, -257), Tapered(496, -229), Tapered(498, -216), Tapered(501, -214),
    Tapered(507, -208), Tapered(507, -189), Tapered(517, -201), Tapered(513, -170), Tapered(519, -180), Tapered(516, -164), Tapered(519, -160),
    Tapered(520, -159), Tapered(530, -169), Tapered(520, -150), Tapered(545, -163), Tapered(524, -153), Tapered(562, -166), Tapered(557, -157),
    Tapered(571, -158), Tapered(619, -186), Tapered(551, -159), Tapered(816, -301), Tapered(490, -82), Tapered(332, 94), Tapered(280, 61),
    // bishop pair
    Tapered(41, 46),
    // pawn structure: doubled, isolated
    Tapered(-10, 4), Tapered(-6, -13),
    // rook on open file, on semi-open file
    Tapered(46, -12), Tapered(24, -5),
    // king shield pawn
    Tapered(13, -12),
    // passed pawn: relative rank 1 to 8
    Tapered(0, 0), Tapered(27, -38), Tapered(5, -12), Tapered(0, 15), Tapered(56, 12), Tapered(111, 30), Tapered(313, -37), Tapered(98, 196),
    // passed pawn, blocked: relative rank 1 to 8
    Tapered(0, 0), Tapered(-29, 1), Tapered(-8, -9), Tapered(-6, -14), Tapered(-21, -13), Tapered(-27, -22), Tapered(-117, -91), Tapered(0, 0),
    // passed pawn: per square from its next square to the own king, the enemy king
    Tapered(2, -10), Tapered(-8, 21),
    // connected pawn: relative rank 1 to 8
    Tapered(0, 0), Tapered(0, 1), Tapered(15, 8), Tapered(16, 8), Tapered(34, 12), Tapered(79, 44), Tapered(286, 32), Tapered(0, 0),
    // threat by pawn: on knight, bishop, rook, queen
    Tapered(73, 26), Tapered(77, 33), Tapered(55, 31), Tapered(71, -71),
    // threat by knight or bishop: on rook, queen
    Tapered(74, 7), Tapered(67, 1),
    // threat by rook: on queen
    Tapered(91, -12),
    // safe check: by knight, bishop, rook, queen
    Tapered(44, 3), Tapered(23, 16), Tapered(37, 1), Tapered(4, 35),
    // king open file: its own file, per neighbouring file
    Tapered(-31, -9), Tapered(-12, -7),
    // outpost: knight, bishop
    Tapered(37, 1), Tapered(47, -1),
    // hanging: per attacked, undefended piece
    Tapered(21, 15),
    // pawns and pieces: backward pawn, rook on seventh, bishop's pawns on its colour, pawn storm
    Tapered(-10, 4), Tapered(-5, 1), Tapered(-1, -13), Tapered(8, -3),
    // passed pawn, next square empty and not attacked: relative rank 1 to 8
    Tapered(0, 0), Tapered(-4, 0), Tapered(4, 0), Tapered(21, -1), Tapered(-12, 28), Tapered(28, 46), Tapered(-411, 232), Tapered(0, 0),
    // passed pawn, path to promotion empty and not attacked: relative rank 1 to 8
    Tapered(0, 0), Tapered(-96, 33), Tapered(-93, 18), Tapered(-96, 33), Tapered(-61, 42), Tapered(-85, 65), Tapered(0, 0), Tapered(0, 0),
    // passed pawn: own rook behind it, enemy rook behind it
    Tapered(16, 35), Tapered(28, -59),
    // enemy king's squares defended by its king alone; threat by a safe pawn push
    Tapered(8, -4), Tapered(19, 11),
    // space: safe central squares, those behind own pawns
    Tapered(-4, 3), Tapered(7, -1),
    // minor piece behind a pawn; per square to the own king: knight, bishop
    Tapered(12, 14), Tapered(-10, -3), Tapered(-5, 0),
];
