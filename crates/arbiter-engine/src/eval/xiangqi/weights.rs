//! The xiangqi evaluation's weights (see [`super::LAYOUT`] for what each is),
//! fitted to labelled positions by `arbiter-tune` (Texel's method), starting from
//! the weights in the source before the run (git history has them).
//!
//! The run: `arbiter-tune --game xiangqi --data target/tune/xiangqi-fsf.txt --epochs 1500 --rate 1 --l2 0.000000001`
//! 106,171 quiet positions of 1,953 games of the engine against itself at
//! 20,000 nodes a move (tools/sprt/run.sh), labelled by Fairy-Stockfish
//! 11.1 at 5,000 nodes (tools/tune/label.py --game xiangqi, S = 470)
//! 93407 positions fitted, 12764 held out (by game); sigmoid scale
//! K = 0.001207 per centipawn, fitted to the starting weights; 1500 epochs of
//! full-batch Adam, the weights of epoch 1500 kept (the lowest validation
//! error). Mean squared error of sigmoid(K * eval) against the result:
//! training 0.008319 before, 0.005042 after; validation
//! 0.009231 before, 0.005475 after.

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
    Tapered(-24, -8), Tapered(-24, -8), Tapered(-24, -8), Tapered(-43, -13), Tapered(-37, -17), Tapered(-40, -3), Tapered(-24, -8), Tapered(-24, -8), Tapered(-24, -8),
    Tapered(-12, -4), Tapered(-12, -4), Tapered(-12, -4), Tapered(-64, 5), Tapered(-12, 12), Tapered(-34, -4), Tapered(-12, -4), Tapered(-12, -4), Tapered(-12, -4),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(-3, 2), Tapered(148, -5), Tapered(-6, -13), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    // piece-square: advisor
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(6, 4), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(6, 4), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(6, 4), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(6, 4), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(6, 4), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(6, 4), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(6, 4), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(-28, -31), Tapered(6, 4), Tapered(-40, -14), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(86, -8), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(7, -4), Tapered(6, 4), Tapered(1, 6), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    // piece-square: elephant
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(-23, -24), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(-29, -16), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(-20, -20), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(62, -16), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(-31, -23),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(7, -2), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(-8, -5), Tapered(0, 0), Tapered(0, 0),
    // piece-square: horse
    Tapered(-14, -11), Tapered(-5, -2), Tapered(-1, 5), Tapered(6, 14), Tapered(12, 15), Tapered(9, 16), Tapered(2, 5), Tapered(-7, 0), Tapered(-10, -5),
    Tapered(10, 0), Tapered(28, 25), Tapered(41, 31), Tapered(31, 22), Tapered(31, 21), Tapered(22, 11), Tapered(31, 36), Tapered(17, 11), Tapered(8, -3),
    Tapered(8, 2), Tapered(13, -2), Tapered(30, 26), Tapered(33, 31), Tapered(38, 30), Tapered(28, 17), Tapered(24, 7), Tapered(15, 1), Tapered(6, -3),
    Tapered(-1, -7), Tapered(31, 14), Tapered(2, 15), Tapered(63, 9), Tapered(37, 3), Tapered(50, 33), Tapered(7, 17), Tapered(32, 27), Tapered(-12, -17),
    Tapered(-1, 2), Tapered(13, 5), Tapered(21, -4), Tapered(38, 12), Tapered(36, 26), Tapered(45, 20), Tapered(15, 10), Tapered(7, -5), Tapered(7, -3),
    Tapered(-1, -5), Tapered(4, -1), Tapered(20, 6), Tapered(31, 18), Tapered(27, 5), Tapered(29, 19), Tapered(24, 16), Tapered(-9, -1), Tapered(1, -4),
    Tapered(-20, -16), Tapered(-8, -10), Tapered(-2, -8), Tapered(1, 2), Tapered(22, 6), Tapered(1, 1), Tapered(2, -5), Tapered(-11, -6), Tapered(-15, -15),
    Tapered(-11, -20), Tapered(-14, -10), Tapered(23, -1), Tapered(1, 0), Tapered(12, 6), Tapered(13, 22), Tapered(20, 10), Tapered(-4, -7), Tapered(-18, -12),
    Tapered(-29, -20), Tapered(-16, -11), Tapered(-15, -3), Tapered(-12, 2), Tapered(-17, -13), Tapered(-3, -3), Tapered(-4, -4), Tapered(-7, -5), Tapered(-32, -25),
    Tapered(-26, -17), Tapered(-50, -16), Tapered(-27, -13), Tapered(-6, 5), Tapered(-4, 17), Tapered(-16, -1), Tapered(-13, -2), Tapered(-54, -21), Tapered(-29, -19),
    // piece-square: chariot
    Tapered(10, 5), Tapered(21, 7), Tapered(19, 2), Tapered(33, 21), Tapered(26, 21), Tapered(25, 17), Tapered(22, 4), Tapered(17, 8), Tapered(14, 4),
    Tapered(16, 4), Tapered(20, 8), Tapered(19, 14), Tapered(45, 15), Tapered(25, 21), Tapered(30, 26), Tapered(32, 17), Tapered(14, 7), Tapered(10, 3),
    Tapered(19, 9), Tapered(11, 4), Tapered(11, 6), Tapered(27, 13), Tapered(32, 15), Tapered(31, 22), Tapered(15, 0), Tapered(9, 7), Tapered(4, 1),
    Tapered(11, 11), Tapered(7, 6), Tapered(21, 4), Tapered(35, 27), Tapered(27, 12), Tapered(25, 6), Tapered(15, -6), Tapered(10, 5), Tapered(10, -8),
    Tapered(0, 3), Tapered(3, 5), Tapered(21, 8), Tapered(13, 4), Tapered(36, 24), Tapered(32, 18), Tapered(20, 9), Tapered(13, 4), Tapered(3, 0),
    Tapered(-4, -3), Tapered(-1, -4), Tapered(7, 6), Tapered(16, 0), Tapered(12, 8), Tapered(8, 0), Tapered(-2, 0), Tapered(-1, -8), Tapered(-15, -10),
    Tapered(-3, -8), Tapered(2, -5), Tapered(0, -10), Tapered(12, -4), Tapered(17, 5), Tapered(22, -5), Tapered(2, -4), Tapered(-7, -4), Tapered(-3, -15),
    Tapered(-15, -8), Tapered(-5, 1), Tapered(-5, 7), Tapered(13, 25), Tapered(9, 15), Tapered(7, 4), Tapered(5, -1), Tapered(-3, 0), Tapered(-15, -7),
    Tapered(-27, -6), Tapered(-16, 0), Tapered(-13, 1), Tapered(21, 9), Tapered(-3, 3), Tapered(2, -5), Tapered(-8, 12), Tapered(-15, 0), Tapered(-35, -12),
    Tapered(-19, -23), Tapered(5, -4), Tapered(7, -8), Tapered(18, 4), Tapered(7, 7), Tapered(9, 6), Tapered(-1, -4), Tapered(0, -13), Tapered(-33, -30),
    // piece-square: cannon
    Tapered(10, 1), Tapered(3, 8), Tapered(-12, 1), Tapered(-13, 1), Tapered(9, -4), Tapered(-10, 4), Tapered(-20, 4), Tapered(8, 16), Tapered(9, 14),
    Tapered(-4, 1), Tapered(4, 10), Tapered(-10, 2), Tapered(-9, -2), Tapered(10, 0), Tapered(-10, 0), Tapered(-15, -4), Tapered(5, 6), Tapered(-9, 4),
    Tapered(-14, 0), Tapered(-16, -5), Tapered(-19, -1), Tapered(-8, 1), Tapered(5, -4), Tapered(-19, 0), Tapered(-22, -6), Tapered(-5, -3), Tapered(-8, 6),
    Tapered(-12, -15), Tapered(6, 1), Tapered(12, 2), Tapered(-3, -13), Tapered(51, 16), Tapered(-7, -3), Tapered(16, 0), Tapered(10, -4), Tapered(8, -2),
    Tapered(-7, -5), Tapered(-11, -1), Tapered(1, -1), Tapered(3, 6), Tapered(50, 22), Tapered(-1, 7), Tapered(-7, -2), Tapered(-3, 7), Tapered(0, 2),
    Tapered(-12, -1), Tapered(5, -4), Tapered(-9, -7), Tapered(1, -1), Tapered(33, 13), Tapered(-8, -2), Tapered(-2, 7), Tapered(12, 0), Tapered(-8, 0),
    Tapered(-2, -1), Tapered(1, -1), Tapered(0, -6), Tapered(-9, -3), Tapered(22, 0), Tapered(1, 1), Tapered(10, 6), Tapered(0, 0), Tapered(-3, -8),
    Tapered(-9, 0), Tapered(30, 2), Tapered(13, -4), Tapered(15, 0), Tapered(43, -6), Tapered(24, -1), Tapered(17, 15), Tapered(18, 3), Tapered(3, -5),
    Tapered(-11, -5), Tapered(-7, -6), Tapered(-3, -13), Tapered(6, -2), Tapered(29, -2), Tapered(0, 0), Tapered(-3, 3), Tapered(-3, -1), Tapered(-6, 0),
    Tapered(-7, -13), Tapered(-7, -1), Tapered(-3, 3), Tapered(7, 5), Tapered(12, -14), Tapered(-4, -1), Tapered(-5, 0), Tapered(-1, 2), Tapered(-6, -9),
    // piece-square: soldier
    Tapered(56, 91), Tapered(59, 70), Tapered(67, 88), Tapered(72, 90), Tapered(82, 75), Tapered(81, 89), Tapered(68, 104), Tapered(66, 79), Tapered(54, 68),
    Tapered(80, 95), Tapered(92, 110), Tapered(104, 135), Tapered(136, 195), Tapered(132, 197), Tapered(138, 166), Tapered(111, 145), Tapered(92, 113), Tapered(80, 94),
    Tapered(91, 108), Tapered(99, 106), Tapered(107, 112), Tapered(141, 197), Tapered(153, 187), Tapered(138, 189), Tapered(128, 143), Tapered(99, 103), Tapered(91, 106),
    Tapered(85, 90), Tapered(86, 78), Tapered(104, 97), Tapered(134, 142), Tapered(143, 135), Tapered(121, 126), Tapered(101, 104), Tapered(87, 85), Tapered(79, 95),
    Tapered(69, 73), Tapered(81, 90), Tapered(87, 94), Tapered(110, 117), Tapered(127, 120), Tapered(101, 116), Tapered(67, 88), Tapered(77, 92), Tapered(50, 62),
    Tapered(13, 18), Tapered(0, 0), Tapered(33, 38), Tapered(5, 0), Tapered(37, 32), Tapered(5, 0), Tapered(45, 22), Tapered(0, 0), Tapered(-4, -4),
    Tapered(-35, -3), Tapered(0, 0), Tapered(-14, 9), Tapered(0, 0), Tapered(49, 19), Tapered(0, 0), Tapered(-19, 15), Tapered(0, 0), Tapered(-31, 5),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    // mobility: horse, by points reached 0..=8
    Tapered(-30, -11), Tapered(-24, -8), Tapered(-2, 10), Tapered(16, 29), Tapered(34, 45), Tapered(58, 46), Tapered(77, 41), Tapered(88, 40), Tapered(121, 30),
    // mobility: chariot, by points reached 0..=17
    Tapered(-2, 0), Tapered(-5, 2), Tapered(-31, -5), Tapered(-4, -5), Tapered(5, 5), Tapered(12, 8), Tapered(21, 20), Tapered(27, 24), Tapered(45, 28),
    Tapered(43, 25), Tapered(51, 39), Tapered(58, 39), Tapered(60, 45), Tapered(61, 90), Tapered(67, 61), Tapered(67, 74), Tapered(83, 71), Tapered(78, 69),
    // mobility: cannon, by points it could capture on 0..=4
    Tapered(72, -6), Tapered(67, 19), Tapered(52, 14), Tapered(10, 6), Tapered(8, 8),
    // missing advisor or elephant, per enemy attacker
    Tapered(-49, -20),
    // cannon: by empty points it can move to 0..=17
    Tapered(-1, -4), Tapered(-12, -6), Tapered(-4, -5), Tapered(-4, -12), Tapered(7, -11), Tapered(11, -11), Tapered(8, -2), Tapered(21, 7), Tapered(23, 4),
    Tapered(21, -2), Tapered(21, -4), Tapered(25, 20), Tapered(18, 10), Tapered(15, 8), Tapered(10, 9), Tapered(7, 1), Tapered(15, 16), Tapered(10, 2),
    // cannon on the enemy general's file: nothing between, two pieces between
    Tapered(23, 23), Tapered(47, 52),
    // bottom cannon: on the enemy's back rank, the general on it too
    Tapered(17, 11),
    // chariot file ahead: open, enemy pieces only
    Tapered(-4, 36), Tapered(35, -3),
    // crossed soldiers side by side, per pair
    Tapered(-20, -20),
    // missing advisors times enemy horses, chariots, cannons; missing elephants times the same
    Tapered(-42, 36), Tapered(-51, 52), Tapered(-24, 74),
    Tapered(3, 1), Tapered(31, -8), Tapered(-1, 7),
];
