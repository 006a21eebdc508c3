//! The xiangqi evaluation's weights (see [`super::LAYOUT`] for what each is),
//! fitted to game results by `arbiter-tune` (Texel's method), starting from
//! the weights in the source before the run (git history has them).
//!
//! The run: `arbiter-tune --game xiangqi --data target/tune/xiangqi.txt --epochs 1000 --rate 1 --l2 0.0000001 --freeze 'mobility'`
//! Data: tools/tune/data.sh xiangqi 3200 (3200 self-play games at 3000 to
//! 3300 nodes a move from tools/sprt/xiangqi.epd, 1278 of them distinct),
//! 110475 quiet positions. Mobility is held: fitted freely, the horse's
//! went from 8 to 51 cp a point and the engine lost 140 +/- 33 Elo in 400
//! games against the hand-set weights. These weights against the hand-set
//! ones, 3000 nodes a move, each of the book's 400 openings played with
//! both colours: +13 +/- 20 Elo (800 games, W 280 D 271 L 249).
//! 98893 positions fitted, 11582 held out (by game); sigmoid scale
//! K = 0.001492 per centipawn, fitted to the starting weights; 1000 epochs of
//! full-batch Adam, the weights of epoch 238 kept (the lowest validation
//! error). Mean squared error of sigmoid(K * eval) against the result:
//! training 0.071194 before, 0.066642 after; validation
//! 0.067205 before, 0.065796 after.

use crate::eval::trace::Tapered;

/// The weights, indexed as [`super::LAYOUT`] says.
#[rustfmt::skip]
pub const WEIGHTS: [Tapered; super::WEIGHT_COUNT] = [
    // material: general, advisor, elephant, horse, chariot, cannon, soldier
    Tapered(0, 0), Tapered(187, 166), Tapered(184, 152), Tapered(396, 451), Tapered(913, 972), Tapered(471, 385), Tapered(92, 153),
    // piece-square: general (the enemy's back rank first, rank by rank)
    Tapered(-108, -36), Tapered(-108, -36), Tapered(-108, -36), Tapered(-108, -36), Tapered(-102, -36), Tapered(-108, -36), Tapered(-108, -36), Tapered(-108, -36), Tapered(-108, -36),
    Tapered(-96, -32), Tapered(-96, -32), Tapered(-96, -32), Tapered(-96, -32), Tapered(-90, -32), Tapered(-96, -32), Tapered(-96, -32), Tapered(-96, -32), Tapered(-96, -32),
    Tapered(-84, -28), Tapered(-84, -28), Tapered(-84, -28), Tapered(-84, -28), Tapered(-78, -28), Tapered(-84, -28), Tapered(-84, -28), Tapered(-84, -28), Tapered(-84, -28),
    Tapered(-72, -24), Tapered(-72, -24), Tapered(-72, -24), Tapered(-72, -24), Tapered(-66, -24), Tapered(-72, -24), Tapered(-72, -24), Tapered(-72, -24), Tapered(-72, -24),
    Tapered(-60, -20), Tapered(-60, -20), Tapered(-60, -20), Tapered(-60, -20), Tapered(-54, -20), Tapered(-60, -20), Tapered(-60, -20), Tapered(-60, -20), Tapered(-60, -20),
    Tapered(-48, -16), Tapered(-48, -16), Tapered(-48, -16), Tapered(-48, -16), Tapered(-42, -16), Tapered(-48, -16), Tapered(-48, -16), Tapered(-48, -16), Tapered(-48, -16),
    Tapered(-36, -12), Tapered(-36, -12), Tapered(-36, -12), Tapered(-36, -12), Tapered(-30, -12), Tapered(-36, -12), Tapered(-36, -12), Tapered(-36, -12), Tapered(-36, -12),
    Tapered(-24, -8), Tapered(-24, -8), Tapered(-24, -8), Tapered(-24, -8), Tapered(-19, -9), Tapered(-24, -8), Tapered(-24, -8), Tapered(-24, -8), Tapered(-24, -8),
    Tapered(-12, -4), Tapered(-12, -4), Tapered(-12, -4), Tapered(-13, -6), Tapered(-5, 3), Tapered(-12, -2), Tapered(-12, -4), Tapered(-12, -4), Tapered(-12, -4),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(-1, -3), Tapered(6, -8), Tapered(2, 5), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    // piece-square: advisor
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(6, 4), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(6, 4), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(6, 4), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(6, 4), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(6, 4), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(6, 4), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(6, 4), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(-4, -11), Tapered(6, 4), Tapered(0, -7), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(4, -16), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, -6), Tapered(6, 4), Tapered(-7, -10), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    // piece-square: elephant
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(-1, -2), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(-2, -5), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(1, -1), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(3, -18), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(-4, -10),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, -11), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(-8, -18), Tapered(0, 0), Tapered(0, 0),
    // piece-square: horse
    Tapered(-10, -10), Tapered(-5, -4), Tapered(0, 2), Tapered(5, 8), Tapered(10, 14), Tapered(5, 8), Tapered(0, 2), Tapered(-5, -4), Tapered(-10, -10),
    Tapered(10, 0), Tapered(16, 6), Tapered(20, 12), Tapered(25, 18), Tapered(30, 23), Tapered(25, 18), Tapered(21, 13), Tapered(15, 6), Tapered(10, 0),
    Tapered(10, 0), Tapered(16, 7), Tapered(21, 12), Tapered(25, 17), Tapered(30, 24), Tapered(26, 18), Tapered(20, 13), Tapered(15, 6), Tapered(10, 0),
    Tapered(11, 0), Tapered(15, 6), Tapered(21, 13), Tapered(26, 20), Tapered(31, 23), Tapered(27, 20), Tapered(21, 13), Tapered(15, 6), Tapered(9, 0),
    Tapered(0, -5), Tapered(5, 1), Tapered(11, 8), Tapered(17, 15), Tapered(21, 19), Tapered(16, 14), Tapered(11, 7), Tapered(5, 1), Tapered(0, -5),
    Tapered(0, -5), Tapered(6, 1), Tapered(10, 6), Tapered(17, 14), Tapered(20, 20), Tapered(17, 14), Tapered(11, 8), Tapered(6, 1), Tapered(0, -5),
    Tapered(-10, -10), Tapered(-5, -4), Tapered(1, 2), Tapered(5, 8), Tapered(12, 13), Tapered(5, 8), Tapered(1, 2), Tapered(-5, -4), Tapered(-10, -10),
    Tapered(-10, -10), Tapered(-6, -4), Tapered(0, 1), Tapered(6, 9), Tapered(10, 13), Tapered(5, 10), Tapered(-3, -1), Tapered(-6, -4), Tapered(-8, -9),
    Tapered(-11, -11), Tapered(-5, -4), Tapered(1, 3), Tapered(5, 8), Tapered(6, 12), Tapered(6, 9), Tapered(1, 2), Tapered(-5, -4), Tapered(-10, -10),
    Tapered(-25, -17), Tapered(-24, -12), Tapered(-16, -5), Tapered(-10, 1), Tapered(-5, 7), Tapered(-10, 1), Tapered(-15, -5), Tapered(-20, -11), Tapered(-25, -17),
    // piece-square: chariot
    Tapered(10, 1), Tapered(12, 2), Tapered(15, 5), Tapered(16, 7), Tapered(18, 8), Tapered(16, 6), Tapered(14, 4), Tapered(12, 2), Tapered(10, 0),
    Tapered(10, 0), Tapered(12, 2), Tapered(15, 5), Tapered(18, 7), Tapered(18, 9), Tapered(16, 7), Tapered(14, 4), Tapered(12, 2), Tapered(9, 0),
    Tapered(10, 0), Tapered(13, 2), Tapered(14, 4), Tapered(16, 6), Tapered(18, 8), Tapered(17, 7), Tapered(14, 4), Tapered(11, 1), Tapered(10, 0),
    Tapered(11, 0), Tapered(14, 4), Tapered(17, 6), Tapered(17, 7), Tapered(18, 8), Tapered(19, 8), Tapered(15, 4), Tapered(12, 2), Tapered(10, 0),
    Tapered(10, 0), Tapered(12, 2), Tapered(14, 4), Tapered(17, 7), Tapered(18, 8), Tapered(18, 7), Tapered(14, 4), Tapered(13, 2), Tapered(10, 0),
    Tapered(0, 0), Tapered(3, 3), Tapered(5, 6), Tapered(6, 6), Tapered(8, 9), Tapered(8, 7), Tapered(4, 4), Tapered(3, 2), Tapered(1, 1),
    Tapered(2, 1), Tapered(3, 2), Tapered(4, 4), Tapered(6, 7), Tapered(8, 9), Tapered(7, 7), Tapered(4, 5), Tapered(3, 2), Tapered(0, 0),
    Tapered(-1, 0), Tapered(2, 1), Tapered(3, 4), Tapered(5, 6), Tapered(8, 8), Tapered(6, 7), Tapered(3, 3), Tapered(2, 3), Tapered(-2, 0),
    Tapered(-1, 0), Tapered(3, 2), Tapered(3, 4), Tapered(7, 6), Tapered(8, 8), Tapered(7, 6), Tapered(4, 4), Tapered(1, 2), Tapered(1, 0),
    Tapered(-7, -1), Tapered(3, 2), Tapered(2, 4), Tapered(6, 6), Tapered(8, 8), Tapered(6, 6), Tapered(5, 4), Tapered(5, 2), Tapered(-6, -2),
    // piece-square: cannon
    Tapered(-9, 0), Tapered(-10, 0), Tapered(-10, 0), Tapered(-10, 0), Tapered(10, 0), Tapered(-10, -1), Tapered(-10, 0), Tapered(-12, 0), Tapered(-10, 0),
    Tapered(-10, 0), Tapered(-9, 1), Tapered(-10, -1), Tapered(-10, -1), Tapered(10, 0), Tapered(-10, 0), Tapered(-9, 0), Tapered(-10, 0), Tapered(-10, 0),
    Tapered(-10, 0), Tapered(-10, 0), Tapered(-11, -1), Tapered(-10, 0), Tapered(10, -1), Tapered(-10, 0), Tapered(-11, 0), Tapered(-11, -1), Tapered(-10, 0),
    Tapered(0, 0), Tapered(2, 0), Tapered(1, 0), Tapered(0, 0), Tapered(20, 0), Tapered(1, 0), Tapered(1, 1), Tapered(-1, 0), Tapered(-1, 0),
    Tapered(1, 1), Tapered(0, 0), Tapered(-1, -1), Tapered(-1, -1), Tapered(22, 1), Tapered(0, 0), Tapered(-1, 0), Tapered(-1, 1), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(-2, 0), Tapered(-1, -1), Tapered(18, -2), Tapered(-1, -1), Tapered(-3, -1), Tapered(1, -1), Tapered(0, 0),
    Tapered(0, 0), Tapered(-1, 0), Tapered(0, 0), Tapered(-1, -1), Tapered(19, -1), Tapered(1, 0), Tapered(0, 0), Tapered(1, 1), Tapered(0, 0),
    Tapered(3, 0), Tapered(2, 0), Tapered(1, 1), Tapered(0, -1), Tapered(25, 2), Tapered(1, -1), Tapered(2, 0), Tapered(-1, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, -1), Tapered(20, -1), Tapered(-1, -1), Tapered(0, 0), Tapered(1, 0), Tapered(-1, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(-1, -1), Tapered(20, 0), Tapered(-1, -1), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    // piece-square: soldier
    Tapered(50, 70), Tapered(60, 80), Tapered(70, 90), Tapered(80, 100), Tapered(90, 110), Tapered(80, 100), Tapered(70, 90), Tapered(60, 80), Tapered(50, 70),
    Tapered(85, 105), Tapered(95, 115), Tapered(105, 124), Tapered(115, 135), Tapered(125, 146), Tapered(116, 139), Tapered(105, 126), Tapered(95, 116), Tapered(85, 105),
    Tapered(95, 115), Tapered(105, 125), Tapered(115, 133), Tapered(126, 148), Tapered(136, 157), Tapered(125, 147), Tapered(115, 135), Tapered(105, 124), Tapered(96, 115),
    Tapered(95, 116), Tapered(106, 127), Tapered(115, 138), Tapered(126, 149), Tapered(136, 157), Tapered(126, 144), Tapered(115, 137), Tapered(105, 125), Tapered(94, 116),
    Tapered(71, 90), Tapered(80, 100), Tapered(90, 111), Tapered(100, 121), Tapered(112, 133), Tapered(101, 122), Tapered(91, 111), Tapered(79, 99), Tapered(68, 89),
    Tapered(0, -3), Tapered(0, 0), Tapered(12, -1), Tapered(5, 0), Tapered(2, 0), Tapered(5, 0), Tapered(11, 2), Tapered(0, 0), Tapered(3, 2),
    Tapered(2, 4), Tapered(0, 0), Tapered(-8, 0), Tapered(0, 0), Tapered(7, 6), Tapered(0, 0), Tapered(-8, 0), Tapered(0, 0), Tapered(-4, 4),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    // mobility: horse, by points reached 0..=8
    Tapered(0, 0), Tapered(8, 8), Tapered(16, 16), Tapered(24, 24), Tapered(32, 32), Tapered(40, 40), Tapered(48, 48), Tapered(56, 56), Tapered(64, 64),
    // mobility: chariot, by points reached 0..=17
    Tapered(0, 0), Tapered(4, 4), Tapered(8, 8), Tapered(12, 12), Tapered(16, 16), Tapered(20, 20), Tapered(24, 24), Tapered(28, 28), Tapered(32, 32),
    Tapered(36, 36), Tapered(40, 40), Tapered(44, 44), Tapered(48, 48), Tapered(52, 52), Tapered(56, 56), Tapered(60, 60), Tapered(64, 64), Tapered(68, 68),
    // mobility: cannon, by points it could capture on 0..=4
    Tapered(0, 0), Tapered(2, 2), Tapered(4, 4), Tapered(6, 6), Tapered(8, 8),
    // missing advisor or elephant, per enemy attacker
    Tapered(-18, 14),
    // cannon: by empty points it can move to 0..=17
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    // cannon on the enemy general's file: nothing between, two pieces between
    Tapered(0, 0), Tapered(0, 0),
    // bottom cannon: on the enemy's back rank, the general on it too
    Tapered(0, 0),
    // chariot file ahead: open, enemy pieces only
    Tapered(0, 0), Tapered(0, 0),
    // crossed soldiers side by side, per pair
    Tapered(0, 0),
    // missing advisors times enemy horses, chariots, cannons; missing elephants times the same
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
];
