//! The xiangqi evaluation's weights (see [`super::LAYOUT`] for what each is),
//! fitted to labelled positions by `arbiter-tune` (Texel's method), starting from
//! the weights in the source before the run (git history has them).
//!
//! The run: `arbiter-tune --game xiangqi --data target/tune/xiangqi-fsf.txt --epochs 2000 --rate 1 --l2 0 --freeze 'material'`
//! 908,322 quiet positions of 27,405 games of the engine against itself
//! (tools/tune/data.sh xiangqi 12000 at OUT=target/tuneXA,
//! OUT=target/tuneXB NODES=6000 stopped after 3,405 games, then on the
//! weights before these OUT=target/tuneXC NODES=3050 and OUT=target/tuneXD
//! NODES=5000, 6,000 games each; the later sets' game numbers offset by
//! 100,000, 200,000 and 300,000, positions met before kept once), labelled
//! by Fairy-Stockfish 11.1 at 5,000 nodes (tools/tune/label.py --game
//! xiangqi, S = 470)
//! 820946 positions fitted, 87376 held out (by game); sigmoid scale
//! K = 0.001185 per centipawn, fitted to the starting weights; 2000 epochs of
//! full-batch Adam, the weights of epoch 859 kept (the lowest validation
//! error). Mean squared error of sigmoid(K * eval) against the result:
//! training 0.005384 before, 0.005314 after; validation
//! 0.005402 before, 0.005310 after.

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
    Tapered(-24, -8), Tapered(-24, -8), Tapered(-24, -8), Tapered(-361, 37), Tapered(-126, 33), Tapered(-300, 31), Tapered(-24, -8), Tapered(-24, -8), Tapered(-24, -8),
    Tapered(-12, -4), Tapered(-12, -4), Tapered(-12, -4), Tapered(-114, 25), Tapered(103, -5), Tapered(-111, 13), Tapered(-12, -4), Tapered(-12, -4), Tapered(-12, -4),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(85, -4), Tapered(295, -41), Tapered(75, -11), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    // piece-square: advisor
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(6, 4), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(6, 4), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(6, 4), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(6, 4), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(6, 4), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(6, 4), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(6, 4), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(204, -76), Tapered(6, 4), Tapered(185, -68), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(358, -80), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(256, -78), Tapered(6, 4), Tapered(255, -82), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    // piece-square: elephant
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(-19, -35), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(11, -49), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(-3, -64), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(117, -45), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(-20, -60),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(19, -48), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(21, -42), Tapered(0, 0), Tapered(0, 0),
    // piece-square: horse
    Tapered(-119, 34), Tapered(-113, 41), Tapered(69, 44), Tapered(13, 95), Tapered(123, -55), Tapered(75, 0), Tapered(-61, 103), Tapered(-103, 40), Tapered(-81, -2),
    Tapered(-88, -8), Tapered(42, 35), Tapered(260, -33), Tapered(101, -13), Tapered(231, -29), Tapered(113, -15), Tapered(257, -24), Tapered(163, -20), Tapered(-140, 33),
    Tapered(15, 68), Tapered(-19, 27), Tapered(48, 49), Tapered(490, -92), Tapered(410, -23), Tapered(308, -5), Tapered(72, 38), Tapered(33, 40), Tapered(56, 8),
    Tapered(-63, 12), Tapered(190, -19), Tapered(2, 56), Tapered(187, 20), Tapered(-24, 54), Tapered(219, 2), Tapered(22, 22), Tapered(208, -13), Tapered(-32, -30),
    Tapered(-23, 5), Tapered(25, 9), Tapered(66, 50), Tapered(113, 17), Tapered(72, 40), Tapered(114, 21), Tapered(95, 24), Tapered(-4, 24), Tapered(-76, 32),
    Tapered(-59, 16), Tapered(10, 5), Tapered(89, -3), Tapered(54, 22), Tapered(17, 38), Tapered(41, 32), Tapered(76, 14), Tapered(-7, 13), Tapered(-89, -11),
    Tapered(-92, -8), Tapered(-39, -2), Tapered(-33, 39), Tapered(-42, 62), Tapered(45, 35), Tapered(-20, 43), Tapered(-41, 31), Tapered(-94, 35), Tapered(-110, 11),
    Tapered(-31, -30), Tapered(-102, 22), Tapered(43, -14), Tapered(71, 11), Tapered(28, -4), Tapered(57, 17), Tapered(33, -1), Tapered(-14, 22), Tapered(-31, -25),
    Tapered(-39, -107), Tapered(-7, -122), Tapered(-28, -60), Tapered(-24, 1), Tapered(24, -133), Tapered(-17, 9), Tapered(-100, 30), Tapered(-180, 6), Tapered(-108, -24),
    Tapered(-51, -366), Tapered(-76, -27), Tapered(-99, 38), Tapered(10, -20), Tapered(-116, -11), Tapered(-24, 35), Tapered(-30, -45), Tapered(-81, -12), Tapered(-210, -94),
    // piece-square: chariot
    Tapered(165, -73), Tapered(157, -51), Tapered(202, -68), Tapered(392, -153), Tapered(344, -120), Tapered(419, -155), Tapered(289, -102), Tapered(170, -62), Tapered(202, -91),
    Tapered(200, -111), Tapered(193, -90), Tapered(187, -75), Tapered(257, -60), Tapered(649, -205), Tapered(261, -66), Tapered(185, -68), Tapered(191, -84), Tapered(180, -86),
    Tapered(167, -52), Tapered(132, -52), Tapered(162, -42), Tapered(297, -35), Tapered(259, -23), Tapered(254, -33), Tapered(163, -28), Tapered(152, -63), Tapered(181, -50),
    Tapered(119, -43), Tapered(148, -59), Tapered(174, -67), Tapered(189, -59), Tapered(215, -48), Tapered(187, -54), Tapered(203, -81), Tapered(155, -69), Tapered(142, -62),
    Tapered(139, -72), Tapered(101, -50), Tapered(160, -46), Tapered(163, -53), Tapered(196, -30), Tapered(151, -40), Tapered(175, -49), Tapered(145, -77), Tapered(138, -79),
    Tapered(131, -81), Tapered(150, -72), Tapered(147, -54), Tapered(190, -67), Tapered(159, -11), Tapered(189, -62), Tapered(168, -63), Tapered(154, -85), Tapered(144, -70),
    Tapered(124, -64), Tapered(137, -59), Tapered(122, -34), Tapered(178, -55), Tapered(170, -29), Tapered(174, -56), Tapered(134, -33), Tapered(140, -62), Tapered(131, -59),
    Tapered(92, -48), Tapered(116, -36), Tapered(85, -13), Tapered(140, -13), Tapered(54, 45), Tapered(168, -22), Tapered(99, -7), Tapered(129, -56), Tapered(110, -71),
    Tapered(106, -59), Tapered(111, -85), Tapered(117, -90), Tapered(132, -38), Tapered(51, -11), Tapered(130, -57), Tapered(103, -26), Tapered(97, -58), Tapered(85, -40),
    Tapered(115, -124), Tapered(149, -116), Tapered(128, -96), Tapered(196, -110), Tapered(-111, -34), Tapered(197, -95), Tapered(138, -99), Tapered(155, -85), Tapered(112, -105),
    // piece-square: cannon
    Tapered(69, -23), Tapered(106, -41), Tapered(-43, 3), Tapered(-4, -45), Tapered(-252, 42), Tapered(26, -29), Tapered(-51, 3), Tapered(43, -23), Tapered(79, -32),
    Tapered(-21, -5), Tapered(14, 8), Tapered(-52, 2), Tapered(41, -41), Tapered(-231, 96), Tapered(11, -10), Tapered(-10, 20), Tapered(20, 14), Tapered(50, -19),
    Tapered(60, -29), Tapered(6, -4), Tapered(-10, -1), Tapered(-12, -16), Tapered(22, -1), Tapered(-21, 4), Tapered(1, 1), Tapered(1, 17), Tapered(6, 6),
    Tapered(5, 17), Tapered(29, 2), Tapered(17, -2), Tapered(22, -3), Tapered(158, -37), Tapered(-1, 3), Tapered(26, -7), Tapered(36, 10), Tapered(25, -5),
    Tapered(23, 1), Tapered(18, -13), Tapered(-30, 1), Tapered(-27, 6), Tapered(130, -26), Tapered(13, 8), Tapered(-34, 27), Tapered(-2, 4), Tapered(36, 3),
    Tapered(22, 5), Tapered(64, -19), Tapered(63, -29), Tapered(41, -20), Tapered(51, 12), Tapered(61, -23), Tapered(63, -25), Tapered(61, -6), Tapered(38, -24),
    Tapered(-31, 19), Tapered(33, 2), Tapered(5, 14), Tapered(5, -11), Tapered(74, -8), Tapered(-23, 25), Tapered(16, -1), Tapered(49, -6), Tapered(-9, 13),
    Tapered(13, -22), Tapered(53, -23), Tapered(46, -28), Tapered(103, -54), Tapered(103, -28), Tapered(104, -40), Tapered(63, -45), Tapered(48, -8), Tapered(11, -16),
    Tapered(1, 2), Tapered(57, -24), Tapered(40, -4), Tapered(46, -14), Tapered(50, -17), Tapered(18, 25), Tapered(59, -48), Tapered(13, 7), Tapered(-33, 14),
    Tapered(-224, 36), Tapered(-17, -11), Tapered(11, -41), Tapered(121, -28), Tapered(-20, 43), Tapered(73, -6), Tapered(18, -21), Tapered(-25, -35), Tapered(-115, -58),
    // piece-square: soldier
    Tapered(93, -20), Tapered(-79, 10), Tapered(308, -19), Tapered(327, -18), Tapered(174, 6), Tapered(286, -1), Tapered(198, -8), Tapered(234, -28), Tapered(242, -18),
    Tapered(46, 47), Tapered(202, 59), Tapered(419, 37), Tapered(772, 73), Tapered(1285, 187), Tapered(808, 63), Tapered(377, 56), Tapered(161, 29), Tapered(87, 41),
    Tapered(32, 37), Tapered(170, 47), Tapered(242, 64), Tapered(464, 210), Tapered(508, 169), Tapered(402, 186), Tapered(228, 96), Tapered(175, 23), Tapered(102, -5),
    Tapered(81, 51), Tapered(147, 45), Tapered(229, 62), Tapered(283, 68), Tapered(329, 93), Tapered(266, 92), Tapered(245, 53), Tapered(150, 21), Tapered(91, 40),
    Tapered(114, 54), Tapered(97, 94), Tapered(195, 46), Tapered(218, 89), Tapered(234, 108), Tapered(241, 81), Tapered(205, 49), Tapered(139, 89), Tapered(104, 42),
    Tapered(8, 74), Tapered(0, 0), Tapered(92, 47), Tapered(5, 0), Tapered(85, 73), Tapered(5, 0), Tapered(85, 68), Tapered(0, 0), Tapered(4, 69),
    Tapered(-32, 57), Tapered(0, 0), Tapered(24, 33), Tapered(0, 0), Tapered(100, 70), Tapered(0, 0), Tapered(24, 42), Tapered(0, 0), Tapered(-30, 48),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    // mobility: horse, by points reached 0..=8
    Tapered(121, -201), Tapered(182, -139), Tapered(205, -88), Tapered(230, -75), Tapered(250, -64), Tapered(267, -56), Tapered(286, -62), Tapered(308, -64), Tapered(353, -73),
    // mobility: chariot, by points reached 0..=17
    Tapered(107, -40), Tapered(473, -368), Tapered(492, -335), Tapered(493, -310), Tapered(513, -288), Tapered(527, -258), Tapered(545, -255), Tapered(543, -244), Tapered(560, -238),
    Tapered(577, -247), Tapered(578, -237), Tapered(579, -233), Tapered(600, -246), Tapered(580, -214), Tapered(610, -213), Tapered(612, -207), Tapered(617, -214), Tapered(641, -225),
    // mobility: cannon, by points it could capture on 0..=4
    Tapered(232, -79), Tapered(244, -61), Tapered(263, -59), Tapered(307, -53), Tapered(10, 9),
    // missing advisor or elephant, per enemy attacker
    Tapered(13, -43),
    // cannon: by empty points it can move to 0..=17
    Tapered(45, -65), Tapered(46, -31), Tapered(64, -27), Tapered(87, -43), Tapered(83, -43), Tapered(103, -49), Tapered(102, -49), Tapered(108, -46), Tapered(105, -36),
    Tapered(104, -30), Tapered(107, -24), Tapered(114, -34), Tapered(106, -33), Tapered(121, -36), Tapered(124, -34), Tapered(125, -42), Tapered(135, -39), Tapered(80, -23),
    // cannon on the enemy general's file: nothing between, two pieces between
    Tapered(51, 17), Tapered(152, 43),
    // bottom cannon: on the enemy's back rank, the general on it too
    Tapered(41, 8),
    // chariot file ahead: open, enemy pieces only
    Tapered(-14, 59), Tapered(1, 40),
    // crossed soldiers side by side, per pair
    Tapered(-12, -39),
    // missing advisors times enemy horses, chariots, cannons; missing elephants times the same
    Tapered(-16, 30), Tapered(-135, 90), Tapered(92, 38),
    Tapered(-33, 7), Tapered(-82, 20), Tapered(-39, 33),
];
