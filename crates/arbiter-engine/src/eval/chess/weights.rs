//! The chess evaluation's weights (see [`super::LAYOUT`] for what each is),
//! fitted to labelled positions by `arbiter-tune` (Texel's method), starting from
//! the weights in the source before the run (git history has them).
//!
//! The run: `arbiter-tune --game chess --data target/tune3/chess-sf.txt --epochs 1500 --rate 1 --l2 0 --freeze 'material'`
//! 388,314 quiet positions of the engine's self-play (OUT=target/tuneA tools/tune/data.sh
//! chess 12000, then OUT=target/tuneB NODES=6000 tools/tune/data.sh chess,
//! stopped after 6,928 games; the second set's game numbers offset by
//! 100,000, the two files joined with positions met in both kept once),
//! labelled by Stockfish 15.1 at 5,000 nodes (tools/tune/label.py);
//! material held, so that the scale stays the search's. Piece-square tables
//! and mobility now move with the rest: on three times the data of the last
//! run they no longer overfit (the validation error falls to the last
//! epoch), and the middlegame pieces' worth rises against the pawns' (a
//! queen's mobility table some 360 cp higher), as Stockfish's own classical
//! values have it
//! 348358 positions fitted, 39956 held out (by game); sigmoid scale
//! K = 0.009335 per centipawn, fitted to the starting weights; 1500 epochs of
//! full-batch Adam, the weights of epoch 1500 kept (the lowest validation
//! error). Mean squared error of sigmoid(K * eval) against the result:
//! training 0.034303 before, 0.031091 after; validation
//! 0.033925 before, 0.032059 after.

use crate::eval::trace::Tapered;

/// The weights, indexed as [`super::LAYOUT`] says.
#[rustfmt::skip]
pub const WEIGHTS: [Tapered; super::WEIGHT_COUNT] = [
    // material: pawn, knight, bishop, rook, queen, king
    Tapered(104, 66), Tapered(357, 306), Tapered(383, 325), Tapered(521, 549), Tapered(1085, 995), Tapered(0, 0),
    // piece-square: pawn (a8 first, rank by rank)
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(80, 139), Tapered(49, 153), Tapered(102, 163), Tapered(142, 142), Tapered(166, 108), Tapered(7, 116), Tapered(-133, 198), Tapered(75, 107),
    Tapered(4, 45), Tapered(40, 54), Tapered(61, 20), Tapered(2, 39), Tapered(28, 35), Tapered(59, 24), Tapered(87, -19), Tapered(87, -16),
    Tapered(-5, 20), Tapered(2, 17), Tapered(-2, 18), Tapered(5, 7), Tapered(21, 20), Tapered(32, 1), Tapered(20, 5), Tapered(31, -2),
    Tapered(-9, 12), Tapered(-17, 16), Tapered(7, -1), Tapered(20, 6), Tapered(23, 11), Tapered(19, 3), Tapered(17, -3), Tapered(-13, 3),
    Tapered(-19, 6), Tapered(-23, 11), Tapered(-14, 19), Tapered(-12, 13), Tapered(-4, 11), Tapered(8, 8), Tapered(19, -12), Tapered(3, -10),
    Tapered(-5, 13), Tapered(-11, 18), Tapered(-14, 26), Tapered(-6, 29), Tapered(3, 36), Tapered(46, 12), Tapered(63, -10), Tapered(14, -8),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    // piece-square: knight
    Tapered(-198, -111), Tapered(-69, -20), Tapered(6, 0), Tapered(168, -62), Tapered(52, -13), Tapered(17, -24), Tapered(169, -122), Tapered(0, -108),
    Tapered(6, -39), Tapered(-53, 32), Tapered(27, -3), Tapered(-12, 7), Tapered(71, -12), Tapered(101, -31), Tapered(-88, 37), Tapered(124, -26),
    Tapered(23, -16), Tapered(111, -15), Tapered(29, 12), Tapered(86, 3), Tapered(75, 27), Tapered(89, -15), Tapered(174, -61), Tapered(-8, -10),
    Tapered(69, 15), Tapered(41, 0), Tapered(68, 12), Tapered(57, 15), Tapered(54, 37), Tapered(85, 10), Tapered(67, 2), Tapered(85, -64),
    Tapered(34, -12), Tapered(49, 6), Tapered(62, 1), Tapered(50, 23), Tapered(51, 31), Tapered(50, 9), Tapered(45, 17), Tapered(41, -12),
    Tapered(2, -25), Tapered(25, 10), Tapered(38, 1), Tapered(49, 9), Tapered(69, -2), Tapered(56, -21), Tapered(47, -25), Tapered(11, -1),
    Tapered(10, -49), Tapered(14, -16), Tapered(33, -8), Tapered(50, -13), Tapered(55, -29), Tapered(10, -9), Tapered(53, -51), Tapered(28, -4),
    Tapered(-118, -30), Tapered(8, -16), Tapered(7, -41), Tapered(-2, -1), Tapered(22, -40), Tapered(45, -38), Tapered(16, -41), Tapered(113, -178),
    // piece-square: bishop
    Tapered(100, 1), Tapered(56, -25), Tapered(0, -2), Tapered(48, -16), Tapered(-17, -5), Tapered(-110, 0), Tapered(56, -6), Tapered(-67, 30),
    Tapered(34, 7), Tapered(42, 0), Tapered(103, -24), Tapered(6, -4), Tapered(6, 9), Tapered(49, -8), Tapered(-4, 25), Tapered(58, -4),
    Tapered(21, 1), Tapered(52, -2), Tapered(47, -7), Tapered(44, 4), Tapered(58, -11), Tapered(188, -23), Tapered(110, -17), Tapered(72, -19),
    Tapered(41, -13), Tapered(48, -11), Tapered(79, -4), Tapered(106, -12), Tapered(57, 1), Tapered(71, -24), Tapered(68, 3), Tapered(25, -9),
    Tapered(64, -19), Tapered(42, -4), Tapered(64, -2), Tapered(111, 1), Tapered(92, -15), Tapered(58, 1), Tapered(71, -24), Tapered(48, -17),
    Tapered(59, -23), Tapered(68, 2), Tapered(68, -15), Tapered(65, -13), Tapered(66, 8), Tapered(92, -28), Tapered(62, -13), Tapered(59, -47),
    Tapered(110, -15), Tapered(83, -37), Tapered(56, -30), Tapered(60, -18), Tapered(75, -28), Tapered(82, -12), Tapered(113, -37), Tapered(91, -39),
    Tapered(-6, 8), Tapered(80, -43), Tapered(52, -10), Tapered(29, 5), Tapered(77, -27), Tapered(36, -15), Tapered(52, -19), Tapered(-46, 11),
    // piece-square: rook
    Tapered(69, 4), Tapered(129, -6), Tapered(150, -25), Tapered(135, -14), Tapered(104, -8), Tapered(170, -22), Tapered(169, -35), Tapered(81, -16),
    Tapered(99, -5), Tapered(110, -6), Tapered(143, -18), Tapered(140, -11), Tapered(129, -18), Tapered(184, -31), Tapered(195, -38), Tapered(-51, 23),
    Tapered(98, 5), Tapered(103, -10), Tapered(163, -24), Tapered(181, -29), Tapered(168, -41), Tapered(152, -20), Tapered(193, -38), Tapered(64, -12),
    Tapered(85, 3), Tapered(62, 5), Tapered(79, 3), Tapered(111, -16), Tapered(71, -13), Tapered(93, -16), Tapered(123, -24), Tapered(121, -16),
    Tapered(39, 20), Tapered(93, -12), Tapered(110, -8), Tapered(66, -2), Tapered(72, -7), Tapered(52, 0), Tapered(92, -22), Tapered(22, 4),
    Tapered(31, -11), Tapered(18, -4), Tapered(41, -4), Tapered(49, -13), Tapered(61, -18), Tapered(64, -32), Tapered(68, -33), Tapered(28, -21),
    Tapered(30, -11), Tapered(53, -12), Tapered(72, -24), Tapered(57, -16), Tapered(91, -47), Tapered(96, -47), Tapered(97, -33), Tapered(36, -30),
    Tapered(67, -29), Tapered(67, -25), Tapered(74, -22), Tapered(84, -30), Tapered(89, -51), Tapered(92, -51), Tapered(49, -23), Tapered(47, -35),
    // piece-square: queen
    Tapered(14, 119), Tapered(151, -4), Tapered(114, 13), Tapered(39, 50), Tapered(211, -40), Tapered(154, 22), Tapered(398, -111), Tapered(291, -156),
    Tapered(107, 37), Tapered(92, 33), Tapered(131, 28), Tapered(184, -10), Tapered(142, 16), Tapered(182, 6), Tapered(288, -20), Tapered(271, -15),
    Tapered(167, -23), Tapered(128, 10), Tapered(77, 68), Tapered(156, 25), Tapered(177, 50), Tapered(196, 50), Tapered(152, -99), Tapered(175, -9),
    Tapered(127, -8), Tapered(144, -7), Tapered(135, 40), Tapered(115, 66), Tapered(146, 70), Tapered(153, 54), Tapered(177, 31), Tapered(161, 33),
    Tapered(146, -55), Tapered(154, -41), Tapered(149, 15), Tapered(157, 45), Tapered(150, -3), Tapered(148, 28), Tapered(136, 33), Tapered(134, 39),
    Tapered(125, -31), Tapered(144, -22), Tapered(172, -21), Tapered(156, -34), Tapered(141, 17), Tapered(166, -9), Tapered(174, -62), Tapered(100, 49),
    Tapered(120, -47), Tapered(148, -18), Tapered(159, -71), Tapered(166, -29), Tapered(168, -20), Tapered(182, -62), Tapered(199, -91), Tapered(216, -198),
    Tapered(184, -115), Tapered(168, -69), Tapered(175, -107), Tapered(172, -33), Tapered(184, -78), Tapered(152, -136), Tapered(254, -337), Tapered(318, -438),
    // piece-square: king
    Tapered(148, -104), Tapered(449, -53), Tapered(363, -159), Tapered(159, 31), Tapered(659, -165), Tapered(479, -92), Tapered(267, -83), Tapered(-54, -47),
    Tapered(-219, -36), Tapered(125, 44), Tapered(-44, 22), Tapered(23, 0), Tapered(150, 6), Tapered(9, 30), Tapered(175, 43), Tapered(-272, 4),
    Tapered(-194, 17), Tapered(-179, 86), Tapered(-55, 71), Tapered(-49, 58), Tapered(-31, 34), Tapered(63, 38), Tapered(-37, 50), Tapered(-267, 45),
    Tapered(18, -21), Tapered(-8, 22), Tapered(-63, 46), Tapered(-47, 41), Tapered(4, 30), Tapered(27, 23), Tapered(-13, 35), Tapered(-244, 29),
    Tapered(-145, -18), Tapered(68, -20), Tapered(-32, 38), Tapered(-43, 43), Tapered(26, 27), Tapered(-5, 41), Tapered(-37, 19), Tapered(-74, -5),
    Tapered(-10, -15), Tapered(-18, 13), Tapered(16, 27), Tapered(60, 19), Tapered(-7, 32), Tapered(-41, 33), Tapered(-10, 12), Tapered(-129, 33),
    Tapered(-143, 43), Tapered(-30, 16), Tapered(27, 11), Tapered(-34, 23), Tapered(-40, 32), Tapered(-24, 30), Tapered(10, 20), Tapered(2, -1),
    Tapered(-190, 53), Tapered(58, -26), Tapered(-7, 24), Tapered(-46, 2), Tapered(-19, -3), Tapered(-89, 32), Tapered(3, 5), Tapered(-20, -12),
    // mobility: knight, 0 to 8 squares
    Tapered(95, -144), Tapered(122, -97), Tapered(137, -50), Tapered(142, -36), Tapered(153, -28), Tapered(161, -26), Tapered(168, -29), Tapered(172, -32), Tapered(180, -55),
    // mobility: bishop, 0 to 13 squares
    Tapered(76, -82), Tapered(96, -53), Tapered(110, -58), Tapered(120, -49), Tapered(130, -50), Tapered(137, -36), Tapered(142, -32),
    Tapered(137, -19), Tapered(149, -25), Tapered(142, -25), Tapered(165, -28), Tapered(135, -10), Tapered(155, -20), Tapered(207, -19),
    // mobility: rook, 0 to 14 squares
    Tapered(156, -95), Tapered(170, -85), Tapered(174, -68), Tapered(185, -69), Tapered(180, -46), Tapered(186, -41), Tapered(191, -31), Tapered(194, -32),
    Tapered(194, -23), Tapered(202, -24), Tapered(207, -15), Tapered(202, -14), Tapered(207, -7), Tapered(230, -25), Tapered(218, -28),
    // mobility: queen, 0 to 27 squares
    Tapered(310, 74), Tapered(357, -236), Tapered(362, -218), Tapered(362, -161), Tapered(355, -146), Tapered(359, -151), Tapered(357, -129),
    Tapered(361, -121), Tapered(365, -112), Tapered(373, -123), Tapered(361, -68), Tapered(373, -87), Tapered(373, -95), Tapered(374, -64),
    Tapered(373, -80), Tapered(392, -105), Tapered(367, -53), Tapered(397, -91), Tapered(351, -64), Tapered(417, -96), Tapered(420, -94),
    Tapered(395, -77), Tapered(439, -88), Tapered(259, 4), Tapered(305, -57), Tapered(200, 159), Tapered(126, 193), Tapered(177, 84),
    // bishop pair
    Tapered(31, 52),
    // pawn structure: doubled, isolated
    Tapered(-8, -8), Tapered(-10, -11),
    // rook on open file, on semi-open file
    Tapered(45, -19), Tapered(20, -1),
    // king shield pawn
    Tapered(10, -12),
    // passed pawn: relative rank 1 to 8
    Tapered(0, 0), Tapered(23, -43), Tapered(2, -15), Tapered(4, 13), Tapered(44, 30), Tapered(99, 48), Tapered(207, 4), Tapered(98, 196),
    // passed pawn, blocked: relative rank 1 to 8
    Tapered(0, 0), Tapered(-9, 3), Tapered(1, -14), Tapered(-17, -16), Tapered(-7, -42), Tapered(-3, -60), Tapered(-28, -134), Tapered(0, 0),
    // passed pawn: per square from its next square to the own king, the enemy king
    Tapered(8, -13), Tapered(-13, 26),
    // connected pawn: relative rank 1 to 8
    Tapered(0, 0), Tapered(4, 0), Tapered(19, 8), Tapered(14, 8), Tapered(40, 6), Tapered(110, 20), Tapered(140, 32), Tapered(0, 0),
    // threat by pawn: on knight, bishop, rook, queen
    Tapered(75, 30), Tapered(79, 18), Tapered(43, 20), Tapered(58, -68),
    // threat by knight or bishop: on rook, queen
    Tapered(78, 7), Tapered(68, 7),
    // threat by rook: on queen
    Tapered(90, 3),
    // safe check: by knight, bishop, rook, queen
    Tapered(51, 2), Tapered(30, 17), Tapered(35, 2), Tapered(13, 15),
    // king open file: its own file, per neighbouring file
    Tapered(-34, -8), Tapered(-16, -6),
    // outpost: knight, bishop
    Tapered(41, 2), Tapered(51, -7),
    // hanging: per attacked, undefended piece
    Tapered(23, 14),
];
