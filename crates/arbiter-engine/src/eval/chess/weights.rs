//! The chess evaluation's weights (see [`super::LAYOUT`] for what each is),
//! fitted to labelled positions by `arbiter-tune` (Texel's method), starting from
//! the weights in the source before the run (git history has them).
//!
//! The run: `arbiter-tune --game chess --data target/tune5/chess-sf.txt --epochs 1500 --rate 1 --l2 0 --freeze 'material'`
//! 972,689 quiet positions of the engine's self-play: the 620,759 of the
//! run before (this file's note at b21d50a says how they were made) and
//! 351,930 more on its weights (OUT=target/tuneE NODES=4000
//! tools/tune/data.sh chess 5000, OUT=target/tuneF NODES=2500
//! tools/tune/data.sh chess 6000 and OUT=target/tuneG NODES=6000
//! tools/tune/data.sh chess 4000; game numbers offset by 400,000, 500,000
//! and 600,000; positions already in the set dropped), each position once,
//! labelled by Stockfish 15.1 at 5,000 nodes (tools/tune/label.py);
//! material held, so that the scale stays the search's; the backward-pawn,
//! seventh-rank, bishop's-pawns and pawn-storm weights new, from 0
//! 874459 positions fitted, 98230 held out (by game); sigmoid scale
//! K = 0.009331 per centipawn, fitted to the starting weights; 1500 epochs of
//! full-batch Adam, the weights of epoch 45 kept (the lowest validation
//! error). Mean squared error of sigmoid(K * eval) against the result:
//! training 0.032475 before, 0.032047 after; validation
//! 0.033016 before, 0.032506 after.

use crate::eval::trace::Tapered;

/// The weights, indexed as [`super::LAYOUT`] says.
#[rustfmt::skip]
pub const WEIGHTS: [Tapered; super::WEIGHT_COUNT] = [
    // material: pawn, knight, bishop, rook, queen, king
    Tapered(104, 66), Tapered(357, 306), Tapered(383, 325), Tapered(521, 549), Tapered(1085, 995), Tapered(0, 0),
    // piece-square: pawn (a8 first, rank by rank)
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(11, 173), Tapered(122, 146), Tapered(68, 148), Tapered(107, 175), Tapered(155, 116), Tapered(-56, 148), Tapered(-28, 150), Tapered(79, 134),
    Tapered(10, 31), Tapered(15, 39), Tapered(26, 25), Tapered(25, 12), Tapered(47, 20), Tapered(93, -16), Tapered(74, -17), Tapered(60, -5),
    Tapered(3, 25), Tapered(10, 17), Tapered(8, 15), Tapered(20, 10), Tapered(39, 11), Tapered(27, 0), Tapered(-10, 17), Tapered(3, 8),
    Tapered(-1, 13), Tapered(-7, 17), Tapered(18, 4), Tapered(28, 6), Tapered(29, 9), Tapered(35, 1), Tapered(12, 5), Tapered(-5, 5),
    Tapered(-10, 12), Tapered(-5, 5), Tapered(-3, 15), Tapered(3, 18), Tapered(12, 10), Tapered(14, 6), Tapered(22, -5), Tapered(0, -1),
    Tapered(3, 17), Tapered(9, 17), Tapered(0, 26), Tapered(5, 25), Tapered(11, 35), Tapered(62, 8), Tapered(71, -5), Tapered(11, 1),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    // piece-square: knight
    Tapered(-285, -28), Tapered(-68, -21), Tapered(53, -32), Tapered(68, -37), Tapered(67, -25), Tapered(-89, -27), Tapered(220, -145), Tapered(21, -99),
    Tapered(-3, -2), Tapered(-10, 10), Tapered(40, -15), Tapered(46, -16), Tapered(75, -15), Tapered(96, -27), Tapered(-62, 25), Tapered(78, -46),
    Tapered(49, -16), Tapered(65, 8), Tapered(43, 2), Tapered(86, -1), Tapered(105, 9), Tapered(106, -24), Tapered(131, -35), Tapered(-10, 5),
    Tapered(59, 2), Tapered(49, -2), Tapered(83, 1), Tapered(72, 11), Tapered(72, 20), Tapered(121, 0), Tapered(76, -12), Tapered(95, -52),
    Tapered(40, -13), Tapered(50, -2), Tapered(79, -3), Tapered(66, 6), Tapered(71, 13), Tapered(69, 11), Tapered(70, 4), Tapered(53, -6),
    Tapered(20, -2), Tapered(43, -4), Tapered(55, -9), Tapered(69, -3), Tapered(85, -6), Tapered(70, -30), Tapered(66, -24), Tapered(34, 6),
    Tapered(17, -41), Tapered(25, -3), Tapered(49, -12), Tapered(67, -27), Tapered(64, -26), Tapered(42, -17), Tapered(62, -33), Tapered(41, -6),
    Tapered(-105, -62), Tapered(32, -22), Tapered(-15, -39), Tapered(27, -11), Tapered(66, -44), Tapered(68, -53), Tapered(31, -35), Tapered(75, -151),
    // piece-square: bishop
    Tapered(5, 5), Tapered(45, -22), Tapered(0, -7), Tapered(61, -8), Tapered(-11, 12), Tapered(-45, -3), Tapered(39, 4), Tapered(-97, 28),
    Tapered(43, 4), Tapered(36, 8), Tapered(47, 7), Tapered(-4, 7), Tapered(25, 9), Tapered(93, -6), Tapered(15, 29), Tapered(-5, 5),
    Tapered(48, 2), Tapered(80, -1), Tapered(60, -5), Tapered(60, 10), Tapered(54, 0), Tapered(178, -4), Tapered(82, 1), Tapered(91, -24),
    Tapered(58, 2), Tapered(80, -5), Tapered(74, 6), Tapered(114, -4), Tapered(94, 12), Tapered(102, -28), Tapered(87, -2), Tapered(34, -13),
    Tapered(57, -13), Tapered(71, 4), Tapered(78, 6), Tapered(119, 8), Tapered(108, -10), Tapered(71, 10), Tapered(66, -14), Tapered(91, -23),
    Tapered(71, -13), Tapered(77, -2), Tapered(89, 3), Tapered(84, -4), Tapered(85, 14), Tapered(102, -22), Tapered(87, -14), Tapered(94, -46),
    Tapered(86, 3), Tapered(86, -21), Tapered(83, -24), Tapered(79, -6), Tapered(89, -21), Tapered(107, -16), Tapered(130, -41), Tapered(106, -55),
    Tapered(54, 2), Tapered(97, -16), Tapered(71, -9), Tapered(42, 3), Tapered(104, -24), Tapered(53, -13), Tapered(30, 2), Tapered(-15, 2),
    // piece-square: rook
    Tapered(124, -10), Tapered(121, -12), Tapered(124, -17), Tapered(118, -11), Tapered(135, -12), Tapered(124, -10), Tapered(112, -19), Tapered(162, -29),
    Tapered(98, -3), Tapered(111, -6), Tapered(146, -14), Tapered(151, -14), Tapered(127, -13), Tapered(213, -40), Tapered(162, -31), Tapered(18, 5),
    Tapered(87, 7), Tapered(120, -17), Tapered(125, -21), Tapered(155, -31), Tapered(164, -37), Tapered(193, -36), Tapered(181, -40), Tapered(103, -19),
    Tapered(85, 3), Tapered(86, -4), Tapered(100, -12), Tapered(123, -21), Tapered(99, -24), Tapered(101, -19), Tapered(107, -17), Tapered(95, -16),
    Tapered(55, 5), Tapered(89, -16), Tapered(78, -8), Tapered(70, -10), Tapered(83, -19), Tapered(67, -12), Tapered(96, -24), Tapered(33, -3),
    Tapered(39, -17), Tapered(38, -12), Tapered(67, -16), Tapered(78, -25), Tapered(90, -33), Tapered(82, -31), Tapered(90, -43), Tapered(27, -18),
    Tapered(42, -19), Tapered(61, -16), Tapered(70, -25), Tapered(87, -33), Tapered(88, -41), Tapered(97, -48), Tapered(77, -24), Tapered(30, -32),
    Tapered(80, -28), Tapered(84, -34), Tapered(90, -32), Tapered(94, -34), Tapered(98, -54), Tapered(100, -49), Tapered(68, -30), Tapered(72, -43),
    // piece-square: queen
    Tapered(125, -1), Tapered(207, -52), Tapered(202, -34), Tapered(152, -6), Tapered(221, -23), Tapered(190, 6), Tapered(453, -223), Tapered(393, -176),
    Tapered(176, -23), Tapered(172, -12), Tapered(209, -15), Tapered(233, -28), Tapered(202, -3), Tapered(312, -64), Tapered(304, -35), Tapered(242, -7),
    Tapered(229, -82), Tapered(196, -32), Tapered(168, 22), Tapered(222, -18), Tapered(236, 1), Tapered(298, -15), Tapered(231, -32), Tapered(239, -41),
    Tapered(202, -45), Tapered(223, -55), Tapered(216, -25), Tapered(217, -26), Tapered(233, -20), Tapered(226, 12), Tapered(241, 6), Tapered(219, -18),
    Tapered(213, -91), Tapered(211, -58), Tapered(223, -34), Tapered(218, 3), Tapered(220, -21), Tapered(229, -31), Tapered(222, -26), Tapered(194, 20),
    Tapered(197, -59), Tapered(223, -50), Tapered(230, -48), Tapered(227, -56), Tapered(228, -30), Tapered(239, -61), Tapered(244, -91), Tapered(201, -22),
    Tapered(227, -93), Tapered(230, -76), Tapered(232, -90), Tapered(235, -58), Tapered(239, -72), Tapered(254, -120), Tapered(254, -113), Tapered(232, -156),
    Tapered(250, -107), Tapered(237, -114), Tapered(243, -107), Tapered(243, -84), Tapered(254, -104), Tapered(190, -96), Tapered(280, -321), Tapered(277, -254),
    // piece-square: king
    Tapered(149, -119), Tapered(668, -157), Tapered(362, -142), Tapered(-15, 34), Tapered(731, -181), Tapered(605, -111), Tapered(77, -30), Tapered(-120, -40),
    Tapered(334, -33), Tapered(94, 17), Tapered(56, 12), Tapered(47, 15), Tapered(15, 38), Tapered(-9, 58), Tapered(28, 52), Tapered(-323, 25),
    Tapered(-155, 1), Tapered(73, 22), Tapered(-18, 30), Tapered(-10, 44), Tapered(-66, 53), Tapered(-5, 59), Tapered(-55, 65), Tapered(-343, 63),
    Tapered(8, 2), Tapered(98, 18), Tapered(-79, 53), Tapered(-62, 52), Tapered(-11, 44), Tapered(-43, 56), Tapered(-39, 48), Tapered(-264, 45),
    Tapered(-117, -12), Tapered(38, 2), Tapered(-68, 48), Tapered(-34, 50), Tapered(-35, 46), Tapered(-16, 48), Tapered(-67, 31), Tapered(-126, 21),
    Tapered(-29, -1), Tapered(-66, 27), Tapered(-25, 43), Tapered(-33, 41), Tapered(-27, 46), Tapered(-45, 43), Tapered(0, 23), Tapered(-91, 37),
    Tapered(-99, 45), Tapered(-1, 22), Tapered(-13, 35), Tapered(-60, 41), Tapered(-48, 42), Tapered(-39, 42), Tapered(1, 38), Tapered(-7, 12),
    Tapered(-186, 56), Tapered(7, -6), Tapered(-41, 46), Tapered(-69, 28), Tapered(-34, 10), Tapered(-110, 47), Tapered(-1, 15), Tapered(-22, 0),
    // mobility: knight, 0 to 8 squares
    Tapered(116, -147), Tapered(150, -111), Tapered(160, -76), Tapered(167, -55), Tapered(175, -44), Tapered(183, -36), Tapered(191, -40), Tapered(194, -40), Tapered(198, -52),
    // mobility: bishop, 0 to 13 squares
    Tapered(101, -68), Tapered(115, -44), Tapered(130, -43), Tapered(143, -34), Tapered(151, -32), Tapered(157, -23), Tapered(163, -21),
    Tapered(163, -16), Tapered(173, -20), Tapered(177, -26), Tapered(183, -28), Tapered(183, -18), Tapered(151, 2), Tapered(210, -19),
    // mobility: rook, 0 to 14 squares
    Tapered(171, -114), Tapered(187, -83), Tapered(192, -74), Tapered(201, -74), Tapered(200, -60), Tapered(207, -51), Tapered(212, -49), Tapered(214, -41),
    Tapered(220, -38), Tapered(221, -34), Tapered(226, -29), Tapered(227, -28), Tapered(222, -20), Tapered(231, -33), Tapered(237, -41),
    // mobility: queen, 0 to 27 squares
    Tapered(440, 161), Tapered(485, -428), Tapered(484, -290), Tapered(482, -258), Tapered(482, -220), Tapered(485, -202), Tapered(489, -205),
    Tapered(495, -199), Tapered(495, -180), Tapered(505, -192), Tapered(501, -159), Tapered(507, -169), Tapered(504, -151), Tapered(508, -149),
    Tapered(510, -149), Tapered(521, -160), Tapered(510, -141), Tapered(536, -156), Tapered(511, -140), Tapered(551, -155), Tapered(547, -146),
    Tapered(556, -141), Tapered(631, -188), Tapered(480, -107), Tapered(580, -168), Tapered(376, -2), Tapered(184, 212), Tapered(255, 128),
    // bishop pair
    Tapered(40, 46),
    // pawn structure: doubled, isolated
    Tapered(-16, 1), Tapered(-6, -13),
    // rook on open file, on semi-open file
    Tapered(43, -13), Tapered(18, 5),
    // king shield pawn
    Tapered(13, -12),
    // passed pawn: relative rank 1 to 8
    Tapered(0, 0), Tapered(30, -46), Tapered(7, -20), Tapered(4, 13), Tapered(47, 28), Tapered(107, 61), Tapered(205, 19), Tapered(98, 196),
    // passed pawn, blocked: relative rank 1 to 8
    Tapered(0, 0), Tapered(-30, 1), Tapered(-12, -9), Tapered(-19, -18), Tapered(-20, -33), Tapered(-26, -59), Tapered(33, -178), Tapered(0, 0),
    // passed pawn: per square from its next square to the own king, the enemy king
    Tapered(5, -11), Tapered(-10, 24),
    // connected pawn: relative rank 1 to 8
    Tapered(0, 0), Tapered(1, 2), Tapered(16, 8), Tapered(17, 8), Tapered(35, 12), Tapered(85, 36), Tapered(112, 55), Tapered(0, 0),
    // threat by pawn: on knight, bishop, rook, queen
    Tapered(69, 25), Tapered(74, 32), Tapered(58, 18), Tapered(66, -70),
    // threat by knight or bishop: on rook, queen
    Tapered(76, 4), Tapered(67, 3),
    // threat by rook: on queen
    Tapered(91, -13),
    // safe check: by knight, bishop, rook, queen
    Tapered(42, 4), Tapered(25, 16), Tapered(38, 1), Tapered(7, 34),
    // king open file: its own file, per neighbouring file
    Tapered(-35, -6), Tapered(-13, -6),
    // outpost: knight, bishop
    Tapered(45, 2), Tapered(54, -1),
    // hanging: per attacked, undefended piece
    Tapered(21, 16),
    // pawns and pieces: backward pawn, rook on seventh, bishop's pawns on its colour, pawn storm
    Tapered(-10, 4), Tapered(-2, 0), Tapered(-1, -15), Tapered(10, -7),
];
