//! The xiangqi evaluation's weights (see [`super::LAYOUT`] for what each is),
//! fitted to labelled positions by `arbiter-tune` (Texel's method), starting from
//! the weights in the source before the run (git history has them).
//!
//! The run: `arbiter-tune --game xiangqi --data target/tune/xiangqi-fsf.txt --epochs 2000 --rate 1 --l2 0 --freeze 'material'`
//! 512,802 quiet positions of 15,405 games of the engine against itself
//! (tools/tune/data.sh xiangqi 12000 at OUT=target/tuneXA, and
//! OUT=target/tuneXB NODES=6000 stopped after 3,405 games; the second's
//! game numbers offset by 100,000, positions met in both kept once),
//! labelled by Fairy-Stockfish 11.1 at 5,000 nodes (tools/tune/label.py
//! --game xiangqi, S = 470)
//! 462524 positions fitted, 50278 held out (by game); sigmoid scale
//! K = 0.001204 per centipawn, fitted to the starting weights; 2000 epochs of
//! full-batch Adam, the weights of epoch 2000 kept (the lowest validation
//! error). Mean squared error of sigmoid(K * eval) against the result:
//! training 0.005939 before, 0.005186 after; validation
//! 0.005693 before, 0.005035 after.

use crate::eval::trace::Tapered;

/// The weights, indexed as [`super::LAYOUT`] says.
#[rustfmt::skip]
pub const WEIGHTS: [Tapered; super::WEIGHT_COUNT] = [
    // material: general, advisor, elephant, horse, chariot, cannon, soldier
    Tapered(0, 0), Tapered(219, 165), Tapered(154, 111), Tapered(446, 384), Tapered(938, 950), Tapered(660, 406), Tapered(112, 66),
    // piece-square: general (the enemy's back rank first, rank by rank)
    Tapered(-108, -36), Tapered(-108, -36), Tapered(-108, -36), Tapered(-108, -36), Tapered(-102, -36), Tapered(-108, -36), Tapered(-108, -36), Tapered(-108, -36), Tapered(-108, -36),
    Tapered(-96, -32), Tapered(-96, -32), Tapered(-96, -32), Tapered(-96, -32), Tapered(-90, -32), Tapered(-96, -32), Tapered(-96, -32), Tapered(-96, -32), Tapered(-96, -32),
    Tapered(-84, -28), Tapered(-84, -28), Tapered(-84, -28), Tapered(-84, -28), Tapered(-78, -28), Tapered(-84, -28), Tapered(-84, -28), Tapered(-84, -28), Tapered(-84, -28),
    Tapered(-72, -24), Tapered(-72, -24), Tapered(-72, -24), Tapered(-72, -24), Tapered(-66, -24), Tapered(-72, -24), Tapered(-72, -24), Tapered(-72, -24), Tapered(-72, -24),
    Tapered(-60, -20), Tapered(-60, -20), Tapered(-60, -20), Tapered(-60, -20), Tapered(-54, -20), Tapered(-60, -20), Tapered(-60, -20), Tapered(-60, -20), Tapered(-60, -20),
    Tapered(-48, -16), Tapered(-48, -16), Tapered(-48, -16), Tapered(-48, -16), Tapered(-42, -16), Tapered(-48, -16), Tapered(-48, -16), Tapered(-48, -16), Tapered(-48, -16),
    Tapered(-36, -12), Tapered(-36, -12), Tapered(-36, -12), Tapered(-36, -12), Tapered(-30, -12), Tapered(-36, -12), Tapered(-36, -12), Tapered(-36, -12), Tapered(-36, -12),
    Tapered(-24, -8), Tapered(-24, -8), Tapered(-24, -8), Tapered(-337, 48), Tapered(-147, 30), Tapered(-280, 43), Tapered(-24, -8), Tapered(-24, -8), Tapered(-24, -8),
    Tapered(-12, -4), Tapered(-12, -4), Tapered(-12, -4), Tapered(-142, 29), Tapered(108, -16), Tapered(-82, 10), Tapered(-12, -4), Tapered(-12, -4), Tapered(-12, -4),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(65, -4), Tapered(286, -45), Tapered(67, -15), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    // piece-square: advisor
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(6, 4), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(6, 4), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(6, 4), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(6, 4), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(6, 4), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(6, 4), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(6, 4), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(244, -72), Tapered(6, 4), Tapered(211, -65), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(403, -88), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(294, -77), Tapered(6, 4), Tapered(298, -93), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    // piece-square: elephant
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(-25, -41), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(9, -51), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(-23, -53), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(108, -46), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(-24, -54),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(7, -46), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(9, -43), Tapered(0, 0), Tapered(0, 0),
    // piece-square: horse
    Tapered(-129, -42), Tapered(-74, 45), Tapered(31, 12), Tapered(14, 92), Tapered(178, -56), Tapered(105, 78), Tapered(-74, 68), Tapered(-59, 37), Tapered(-90, -18),
    Tapered(-72, -41), Tapered(105, -6), Tapered(255, -51), Tapered(109, -48), Tapered(164, -28), Tapered(52, -10), Tapered(275, -47), Tapered(46, 73), Tapered(-123, 9),
    Tapered(80, 13), Tapered(-9, 13), Tapered(47, 45), Tapered(460, -99), Tapered(447, -34), Tapered(276, -12), Tapered(39, 47), Tapered(67, 20), Tapered(15, -1),
    Tapered(-16, -33), Tapered(202, -40), Tapered(-2, 49), Tapered(208, -7), Tapered(-24, 38), Tapered(222, -9), Tapered(-27, 86), Tapered(242, -36), Tapered(-31, -54),
    Tapered(-20, -3), Tapered(36, -1), Tapered(84, 32), Tapered(106, 2), Tapered(73, 35), Tapered(119, 6), Tapered(116, 32), Tapered(-15, 25), Tapered(-53, 5),
    Tapered(-37, -22), Tapered(-4, -11), Tapered(86, -9), Tapered(44, 19), Tapered(48, 10), Tapered(29, 33), Tapered(59, 14), Tapered(-13, 8), Tapered(-82, -39),
    Tapered(-80, -29), Tapered(-46, -3), Tapered(-41, 30), Tapered(-48, 45), Tapered(44, 22), Tapered(-18, 13), Tapered(-31, 14), Tapered(-87, 11), Tapered(-119, 12),
    Tapered(-45, -38), Tapered(-117, 27), Tapered(27, -23), Tapered(99, -19), Tapered(23, -50), Tapered(32, 14), Tapered(14, 3), Tapered(-37, 14), Tapered(-38, -26),
    Tapered(-54, -99), Tapered(-31, -130), Tapered(-11, -103), Tapered(-24, -35), Tapered(16, -168), Tapered(-19, 5), Tapered(-115, 2), Tapered(-165, -13), Tapered(-121, -29),
    Tapered(80, -357), Tapered(-72, -49), Tapered(-141, 53), Tapered(-6, -29), Tapered(-97, -37), Tapered(-14, 10), Tapered(-31, -76), Tapered(-91, -19), Tapered(-178, -123),
    // piece-square: chariot
    Tapered(162, -64), Tapered(159, -37), Tapered(199, -68), Tapered(432, -184), Tapered(574, -201), Tapered(394, -157), Tapered(282, -84), Tapered(177, -57), Tapered(180, -37),
    Tapered(149, -88), Tapered(177, -93), Tapered(161, -66), Tapered(238, -64), Tapered(642, -162), Tapered(247, -62), Tapered(163, -57), Tapered(169, -68), Tapered(177, -63),
    Tapered(184, -66), Tapered(91, -19), Tapered(119, -27), Tapered(273, -34), Tapered(287, -34), Tapered(214, -36), Tapered(151, -14), Tapered(128, -40), Tapered(156, -20),
    Tapered(128, -42), Tapered(142, -52), Tapered(159, -54), Tapered(166, -50), Tapered(208, -58), Tapered(183, -46), Tapered(202, -71), Tapered(145, -64), Tapered(104, -39),
    Tapered(118, -58), Tapered(82, -36), Tapered(150, -41), Tapered(152, -40), Tapered(168, -18), Tapered(143, -33), Tapered(179, -61), Tapered(134, -70), Tapered(118, -35),
    Tapered(101, -60), Tapered(128, -61), Tapered(127, -44), Tapered(165, -39), Tapered(140, 5), Tapered(186, -52), Tapered(147, -47), Tapered(158, -80), Tapered(136, -56),
    Tapered(97, -20), Tapered(103, -18), Tapered(117, -10), Tapered(150, -22), Tapered(111, 20), Tapered(158, -42), Tapered(124, -8), Tapered(129, -11), Tapered(100, -10),
    Tapered(65, -30), Tapered(74, -6), Tapered(26, 23), Tapered(113, 8), Tapered(65, 16), Tapered(153, -5), Tapered(87, -3), Tapered(146, -69), Tapered(95, -74),
    Tapered(77, -67), Tapered(75, -78), Tapered(111, -114), Tapered(116, -40), Tapered(39, -3), Tapered(122, -63), Tapered(78, -25), Tapered(93, -48), Tapered(80, -14),
    Tapered(88, -106), Tapered(120, -100), Tapered(102, -78), Tapered(187, -120), Tapered(-103, -65), Tapered(185, -112), Tapered(130, -101), Tapered(152, -84), Tapered(99, -91),
    // piece-square: cannon
    Tapered(57, -7), Tapered(84, -20), Tapered(-78, 20), Tapered(-142, 98), Tapered(-247, 59), Tapered(47, -1), Tapered(-53, 2), Tapered(35, -16), Tapered(65, -23),
    Tapered(-18, -18), Tapered(30, -8), Tapered(-57, 7), Tapered(64, -32), Tapered(-221, 62), Tapered(-19, -12), Tapered(-2, 21), Tapered(21, 4), Tapered(61, -20),
    Tapered(23, -23), Tapered(-9, -33), Tapered(-22, -11), Tapered(-13, 20), Tapered(14, 13), Tapered(-91, 32), Tapered(5, -20), Tapered(-5, 18), Tapered(-1, 21),
    Tapered(5, 7), Tapered(27, 13), Tapered(14, -9), Tapered(39, -26), Tapered(162, -41), Tapered(-12, -6), Tapered(20, -2), Tapered(29, 4), Tapered(22, -12),
    Tapered(6, 4), Tapered(16, -14), Tapered(-37, 16), Tapered(-3, -13), Tapered(138, -27), Tapered(26, -3), Tapered(-19, 6), Tapered(0, 4), Tapered(31, 7),
    Tapered(38, -11), Tapered(50, -18), Tapered(57, -35), Tapered(46, -39), Tapered(67, -5), Tapered(55, -22), Tapered(66, -36), Tapered(55, -11), Tapered(47, -44),
    Tapered(-41, 15), Tapered(26, 4), Tapered(29, -11), Tapered(-10, -9), Tapered(73, -4), Tapered(5, 13), Tapered(16, -21), Tapered(32, -18), Tapered(12, -31),
    Tapered(2, 3), Tapered(37, -21), Tapered(44, -22), Tapered(84, -40), Tapered(99, -26), Tapered(108, -26), Tapered(58, -47), Tapered(40, -3), Tapered(14, -26),
    Tapered(32, -30), Tapered(45, -32), Tapered(23, -3), Tapered(12, -26), Tapered(123, -40), Tapered(7, 23), Tapered(76, -58), Tapered(4, 0), Tapered(-20, 7),
    Tapered(-187, 36), Tapered(-22, -13), Tapered(31, -68), Tapered(123, -40), Tapered(135, 5), Tapered(72, -27), Tapered(30, -35), Tapered(-25, -46), Tapered(-93, -82),
    // piece-square: soldier
    Tapered(68, -19), Tapered(-113, 14), Tapered(318, -2), Tapered(317, -9), Tapered(105, 33), Tapered(185, 23), Tapered(149, -5), Tapered(248, -29), Tapered(240, -15),
    Tapered(-41, 65), Tapered(167, 60), Tapered(460, 37), Tapered(744, 84), Tapered(913, 257), Tapered(742, 71), Tapered(387, 61), Tapered(120, 46), Tapered(48, 44),
    Tapered(9, 43), Tapered(162, 50), Tapered(198, 104), Tapered(356, 244), Tapered(482, 196), Tapered(341, 228), Tapered(236, 83), Tapered(182, 21), Tapered(103, -7),
    Tapered(78, 52), Tapered(127, 67), Tapered(223, 61), Tapered(242, 70), Tapered(309, 97), Tapered(273, 78), Tapered(240, 51), Tapered(125, 29), Tapered(95, 36),
    Tapered(115, 54), Tapered(120, 77), Tapered(186, 42), Tapered(204, 105), Tapered(218, 113), Tapered(255, 62), Tapered(210, 33), Tapered(179, 56), Tapered(99, 27),
    Tapered(17, 62), Tapered(0, 0), Tapered(97, 39), Tapered(5, 0), Tapered(80, 79), Tapered(5, 0), Tapered(86, 57), Tapered(0, 0), Tapered(11, 55),
    Tapered(-24, 36), Tapered(0, 0), Tapered(25, 30), Tapered(0, 0), Tapered(103, 65), Tapered(0, 0), Tapered(24, 15), Tapered(0, 0), Tapered(-26, 39),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    // mobility: horse, by points reached 0..=8
    Tapered(106, -188), Tapered(173, -105), Tapered(200, -64), Tapered(227, -52), Tapered(247, -46), Tapered(265, -45), Tapered(288, -51), Tapered(305, -52), Tapered(360, -71),
    // mobility: chariot, by points reached 0..=17
    Tapered(63, -38), Tapered(434, -245), Tapered(448, -282), Tapered(442, -267), Tapered(461, -239), Tapered(470, -216), Tapered(490, -200), Tapered(485, -189), Tapered(504, -180),
    Tapered(528, -199), Tapered(521, -176), Tapered(521, -178), Tapered(543, -191), Tapered(517, -158), Tapered(564, -174), Tapered(562, -164), Tapered(569, -172), Tapered(584, -166),
    // mobility: cannon, by points it could capture on 0..=4
    Tapered(231, -75), Tapered(241, -59), Tapered(259, -52), Tapered(282, -10), Tapered(8, 8),
    // missing advisor or elephant, per enemy attacker
    Tapered(7, -40),
    // cannon: by empty points it can move to 0..=17
    Tapered(-2, -41), Tapered(16, -3), Tapered(60, -19), Tapered(80, -43), Tapered(84, -46), Tapered(97, -44), Tapered(103, -49), Tapered(110, -40), Tapered(106, -43),
    Tapered(103, -27), Tapered(112, -25), Tapered(108, -36), Tapered(104, -34), Tapered(129, -33), Tapered(119, -29), Tapered(127, -40), Tapered(140, -37), Tapered(131, -39),
    // cannon on the enemy general's file: nothing between, two pieces between
    Tapered(40, 22), Tapered(135, 42),
    // bottom cannon: on the enemy's back rank, the general on it too
    Tapered(62, -12),
    // chariot file ahead: open, enemy pieces only
    Tapered(-5, 32), Tapered(-2, 26),
    // crossed soldiers side by side, per pair
    Tapered(-19, -42),
    // missing advisors times enemy horses, chariots, cannons; missing elephants times the same
    Tapered(-9, 29), Tapered(-119, 94), Tapered(111, 32),
    Tapered(-24, 1), Tapered(-86, 24), Tapered(-33, 30),
];
