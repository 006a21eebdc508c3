//! The chess evaluation's weights (see [`super::LAYOUT`] for what each is),
//! fitted to labelled positions by `arbiter-tune` (Texel's method), starting from
//! the weights in the source before the run (git history has them).
//!
//! The run: `arbiter-tune --game chess --data target/tune4/chess-sf.txt --epochs 1500 --rate 1 --l2 0 --freeze 'material'`
//! 620,759 quiet positions of the engine's self-play: the 388,314 of the
//! run before (OUT=target/tuneA tools/tune/data.sh chess 12000, then
//! OUT=target/tuneB NODES=6000 tools/tune/data.sh chess, stopped after
//! 6,928 games, game numbers offset by 100,000) and 232,445 more on its
//! weights (OUT=target/tuneC NODES=3050 tools/tune/data.sh chess 6000, and
//! OUT=target/tuneD NODES=5000 tools/tune/data.sh chess 6000, stopped after
//! 3,770 games; game numbers offset by 200,000 and 300,000; positions
//! already in the set dropped), each position once, labelled by Stockfish
//! 15.1 at 5,000 nodes (tools/tune/label.py); material held, so that the
//! scale stays the search's
//! 557822 positions fitted, 62937 held out (by game); sigmoid scale
//! K = 0.009248 per centipawn, fitted to the starting weights; 1500 epochs of
//! full-batch Adam, the weights of epoch 1183 kept (the lowest validation
//! error). Mean squared error of sigmoid(K * eval) against the result:
//! training 0.032508 before, 0.031937 after; validation
//! 0.032962 before, 0.032240 after.

use crate::eval::trace::Tapered;

/// The weights, indexed as [`super::LAYOUT`] says.
#[rustfmt::skip]
pub const WEIGHTS: [Tapered; super::WEIGHT_COUNT] = [
    // material: pawn, knight, bishop, rook, queen, king
    Tapered(104, 66), Tapered(357, 306), Tapered(383, 325), Tapered(521, 549), Tapered(1085, 995), Tapered(0, 0),
    // piece-square: pawn (a8 first, rank by rank)
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(28, 154), Tapered(98, 146), Tapered(74, 151), Tapered(86, 167), Tapered(187, 102), Tapered(-52, 137), Tapered(-47, 168), Tapered(65, 125),
    Tapered(3, 33), Tapered(-2, 48), Tapered(30, 24), Tapered(11, 30), Tapered(37, 29), Tapered(89, -7), Tapered(90, -20), Tapered(87, -14),
    Tapered(-2, 20), Tapered(1, 14), Tapered(6, 18), Tapered(19, 10), Tapered(33, 15), Tapered(35, -3), Tapered(0, 12), Tapered(19, 4),
    Tapered(-4, 10), Tapered(-13, 17), Tapered(12, 3), Tapered(20, 10), Tapered(27, 7), Tapered(26, 2), Tapered(7, 1), Tapered(-12, 5),
    Tapered(-15, 8), Tapered(-15, 6), Tapered(-7, 13), Tapered(-6, 12), Tapered(6, 8), Tapered(11, 5), Tapered(13, -9), Tapered(-5, -5),
    Tapered(1, 12), Tapered(-1, 16), Tapered(-5, 26), Tapered(3, 13), Tapered(11, 28), Tapered(57, 7), Tapered(61, -6), Tapered(8, -2),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    // piece-square: knight
    Tapered(-297, -44), Tapered(-64, -19), Tapered(77, -41), Tapered(58, -53), Tapered(51, -24), Tapered(-68, -27), Tapered(233, -136), Tapered(5, -120),
    Tapered(19, -21), Tapered(-5, 6), Tapered(44, -22), Tapered(30, -12), Tapered(92, -22), Tapered(63, -16), Tapered(-41, 21), Tapered(106, -41),
    Tapered(31, -21), Tapered(87, 3), Tapered(41, 12), Tapered(86, 7), Tapered(123, 13), Tapered(112, -16), Tapered(147, -54), Tapered(-8, -1),
    Tapered(57, 6), Tapered(52, -5), Tapered(81, 8), Tapered(74, 12), Tapered(67, 32), Tapered(117, 3), Tapered(79, -12), Tapered(90, -57),
    Tapered(38, -12), Tapered(48, 0), Tapered(77, 3), Tapered(59, 19), Tapered(70, 22), Tapered(64, 16), Tapered(47, 22), Tapered(48, -10),
    Tapered(13, -3), Tapered(39, 3), Tapered(51, -4), Tapered(66, 2), Tapered(77, -2), Tapered(67, -26), Tapered(63, -21), Tapered(42, 2),
    Tapered(18, -50), Tapered(42, -12), Tapered(39, -6), Tapered(62, -19), Tapered(65, -28), Tapered(29, -14), Tapered(65, -40), Tapered(46, -16),
    Tapered(-81, -52), Tapered(26, -21), Tapered(-3, -16), Tapered(26, -19), Tapered(49, -45), Tapered(71, -38), Tapered(27, -32), Tapered(70, -151),
    // piece-square: bishop
    Tapered(-2, 1), Tapered(24, -33), Tapered(-18, 1), Tapered(56, -14), Tapered(-30, 6), Tapered(-61, -10), Tapered(28, -5), Tapered(-102, 19),
    Tapered(25, 5), Tapered(37, 6), Tapered(72, -15), Tapered(-15, 1), Tapered(9, 11), Tapered(89, -13), Tapered(5, 35), Tapered(-14, 4),
    Tapered(48, -9), Tapered(87, -11), Tapered(59, -10), Tapered(56, -2), Tapered(38, -7), Tapered(176, -13), Tapered(99, -10), Tapered(86, -21),
    Tapered(45, -9), Tapered(69, -15), Tapered(72, -9), Tapered(117, -14), Tapered(86, -1), Tapered(84, -26), Tapered(76, -9), Tapered(40, -11),
    Tapered(68, -18), Tapered(66, -11), Tapered(80, -9), Tapered(119, -3), Tapered(106, -23), Tapered(66, 1), Tapered(66, -17), Tapered(76, -19),
    Tapered(72, -23), Tapered(81, -12), Tapered(85, -17), Tapered(82, -15), Tapered(80, 1), Tapered(103, -27), Tapered(89, -35), Tapered(81, -48),
    Tapered(91, -18), Tapered(82, -29), Tapered(78, -36), Tapered(73, -19), Tapered(89, -30), Tapered(110, -17), Tapered(127, -37), Tapered(98, -50),
    Tapered(31, 9), Tapered(108, -24), Tapered(66, -9), Tapered(41, 1), Tapered(93, -30), Tapered(48, -21), Tapered(24, -2), Tapered(-23, 4),
    // piece-square: rook
    Tapered(114, -10), Tapered(150, -21), Tapered(136, -20), Tapered(136, -15), Tapered(145, -14), Tapered(128, -14), Tapered(135, -27), Tapered(160, -36),
    Tapered(89, 1), Tapered(123, -8), Tapered(141, -12), Tapered(157, -15), Tapered(143, -21), Tapered(214, -39), Tapered(159, -30), Tapered(2, 12),
    Tapered(108, 4), Tapered(129, -17), Tapered(129, -15), Tapered(158, -20), Tapered(174, -37), Tapered(178, -27), Tapered(204, -43), Tapered(94, -15),
    Tapered(104, -4), Tapered(92, -5), Tapered(105, -8), Tapered(134, -25), Tapered(97, -18), Tapered(100, -17), Tapered(136, -23), Tapered(101, -14),
    Tapered(59, 8), Tapered(88, -12), Tapered(83, -4), Tapered(72, -8), Tapered(85, -16), Tapered(72, -4), Tapered(92, -23), Tapered(34, 3),
    Tapered(53, -17), Tapered(41, -9), Tapered(56, -13), Tapered(64, -23), Tapered(83, -28), Tapered(73, -25), Tapered(85, -40), Tapered(40, -19),
    Tapered(33, -14), Tapered(62, -16), Tapered(75, -27), Tapered(85, -32), Tapered(93, -46), Tapered(96, -48), Tapered(87, -25), Tapered(45, -29),
    Tapered(86, -33), Tapered(83, -30), Tapered(90, -29), Tapered(97, -33), Tapered(101, -52), Tapered(103, -49), Tapered(64, -28), Tapered(78, -46),
    // piece-square: queen
    Tapered(124, 6), Tapered(221, -51), Tapered(220, -47), Tapered(138, 0), Tapered(210, -24), Tapered(212, 24), Tapered(472, -202), Tapered(389, -193),
    Tapered(173, -2), Tapered(164, 6), Tapered(219, -19), Tapered(261, -47), Tapered(193, -2), Tapered(307, -81), Tapered(327, -43), Tapered(250, -5),
    Tapered(242, -77), Tapered(198, -32), Tapered(150, 32), Tapered(241, -28), Tapered(255, 3), Tapered(299, -14), Tapered(206, -59), Tapered(239, -32),
    Tapered(210, -57), Tapered(213, -34), Tapered(214, -10), Tapered(212, -27), Tapered(229, 3), Tapered(210, 37), Tapered(241, -3), Tapered(224, -20),
    Tapered(220, -116), Tapered(204, -46), Tapered(219, -19), Tapered(211, 22), Tapered(230, -35), Tapered(233, -20), Tapered(215, -11), Tapered(199, 20),
    Tapered(193, -35), Tapered(217, -39), Tapered(226, -32), Tapered(232, -76), Tapered(218, -15), Tapered(248, -71), Tapered(246, -96), Tapered(186, -5),
    Tapered(221, -108), Tapered(219, -57), Tapered(232, -100), Tapered(240, -75), Tapered(243, -69), Tapered(259, -119), Tapered(255, -122), Tapered(235, -164),
    Tapered(229, -85), Tapered(237, -110), Tapered(249, -136), Tapered(243, -77), Tapered(251, -98), Tapered(179, -102), Tapered(301, -338), Tapered(289, -263),
    // piece-square: king
    Tapered(151, -89), Tapered(686, -130), Tapered(350, -154), Tapered(-23, 31), Tapered(745, -190), Tapered(620, -106), Tapered(87, -51), Tapered(-118, -18),
    Tapered(339, -19), Tapered(110, 21), Tapered(42, 39), Tapered(55, 4), Tapered(28, 28), Tapered(-13, 51), Tapered(51, 44), Tapered(-312, 17),
    Tapered(-139, 30), Tapered(78, 24), Tapered(-7, 31), Tapered(0, 41), Tapered(-64, 44), Tapered(15, 51), Tapered(-47, 60), Tapered(-342, 66),
    Tapered(5, -3), Tapered(75, 23), Tapered(-85, 57), Tapered(-66, 51), Tapered(-15, 41), Tapered(-26, 46), Tapered(-40, 46), Tapered(-252, 38),
    Tapered(-136, -10), Tapered(23, -5), Tapered(-62, 45), Tapered(-60, 51), Tapered(-9, 42), Tapered(-41, 55), Tapered(-68, 32), Tapered(-134, 18),
    Tapered(-46, -6), Tapered(-65, 27), Tapered(-40, 43), Tapered(-13, 37), Tapered(-35, 47), Tapered(-59, 44), Tapered(-14, 25), Tapered(-111, 40),
    Tapered(-115, 45), Tapered(-30, 23), Tapered(-19, 30), Tapered(-66, 39), Tapered(-44, 37), Tapered(-32, 38), Tapered(-4, 36), Tapered(-8, 9),
    Tapered(-178, 70), Tapered(13, 1), Tapered(-35, 41), Tapered(-73, 22), Tapered(-38, 15), Tapered(-103, 42), Tapered(2, 9), Tapered(-20, -2),
    // mobility: knight, 0 to 8 squares
    Tapered(101, -130), Tapered(146, -102), Tapered(156, -62), Tapered(164, -46), Tapered(173, -38), Tapered(181, -32), Tapered(190, -36), Tapered(191, -42), Tapered(208, -60),
    // mobility: bishop, 0 to 13 squares
    Tapered(90, -69), Tapered(109, -56), Tapered(123, -65), Tapered(136, -51), Tapered(146, -53), Tapered(152, -39), Tapered(158, -36),
    Tapered(154, -26), Tapered(168, -30), Tapered(168, -32), Tapered(187, -38), Tapered(169, -19), Tapered(162, -11), Tapered(198, -17),
    // mobility: rook, 0 to 14 squares
    Tapered(176, -125), Tapered(194, -92), Tapered(198, -83), Tapered(209, -74), Tapered(206, -56), Tapered(214, -50), Tapered(216, -42), Tapered(220, -41),
    Tapered(222, -33), Tapered(224, -31), Tapered(231, -25), Tapered(229, -24), Tapered(223, -14), Tapered(232, -29), Tapered(238, -35),
    // mobility: queen, 0 to 27 squares
    Tapered(431, 151), Tapered(493, -441), Tapered(488, -298), Tapered(487, -279), Tapered(485, -221), Tapered(488, -204), Tapered(490, -198),
    Tapered(494, -194), Tapered(497, -180), Tapered(505, -188), Tapered(499, -151), Tapered(510, -169), Tapered(504, -154), Tapered(508, -136),
    Tapered(508, -146), Tapered(520, -159), Tapered(507, -129), Tapered(537, -154), Tapered(502, -138), Tapered(551, -151), Tapered(551, -145),
    Tapered(544, -138), Tapered(644, -180), Tapered(465, -99), Tapered(563, -176), Tapered(368, -7), Tapered(193, 231), Tapered(259, 138),
    // bishop pair
    Tapered(38, 51),
    // pawn structure: doubled, isolated
    Tapered(-15, 1), Tapered(-8, -13),
    // rook on open file, on semi-open file
    Tapered(48, -19), Tapered(22, 0),
    // king shield pawn
    Tapered(11, -11),
    // passed pawn: relative rank 1 to 8
    Tapered(0, 0), Tapered(28, -51), Tapered(2, -22), Tapered(1, 11), Tapered(45, 26), Tapered(108, 54), Tapered(198, 11), Tapered(98, 196),
    // passed pawn, blocked: relative rank 1 to 8
    Tapered(0, 0), Tapered(-14, -9), Tapered(-2, -13), Tapered(-17, -21), Tapered(-17, -39), Tapered(-10, -64), Tapered(43, -169), Tapered(0, 0),
    // passed pawn: per square from its next square to the own king, the enemy king
    Tapered(6, -12), Tapered(-11, 26),
    // connected pawn: relative rank 1 to 8
    Tapered(0, 0), Tapered(3, 1), Tapered(20, 7), Tapered(18, 6), Tapered(38, 6), Tapered(80, 29), Tapered(93, 95), Tapered(0, 0),
    // threat by pawn: on knight, bishop, rook, queen
    Tapered(72, 26), Tapered(74, 28), Tapered(50, 23), Tapered(59, -61),
    // threat by knight or bishop: on rook, queen
    Tapered(78, 8), Tapered(72, -9),
    // threat by rook: on queen
    Tapered(96, -15),
    // safe check: by knight, bishop, rook, queen
    Tapered(41, 3), Tapered(26, 20), Tapered(38, 3), Tapered(10, 24),
    // king open file: its own file, per neighbouring file
    Tapered(-36, -7), Tapered(-13, -6),
    // outpost: knight, bishop
    Tapered(44, 3), Tapered(61, -7),
    // hanging: per attacked, undefended piece
    Tapered(26, 14),
];
