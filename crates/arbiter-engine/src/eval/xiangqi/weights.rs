//! The xiangqi evaluation's weights (see [`super::LAYOUT`] for what each is),
//! set by hand from the readable rules in the module doc of [`super`].

use crate::eval::trace::Tapered;

/// The weights, indexed as [`super::LAYOUT`] says.
#[rustfmt::skip]
pub const WEIGHTS: [Tapered; super::WEIGHT_COUNT] = [
    // material: general, advisor, elephant, horse, chariot, cannon, soldier
    Tapered(0, 0), Tapered(200, 220), Tapered(200, 220), Tapered(380, 440), Tapered(900, 950), Tapered(470, 400), Tapered(80, 110),
    // piece-square: general (the enemy's back rank first, rank by rank)
    Tapered(-108, -36), Tapered(-108, -36), Tapered(-108, -36), Tapered(-108, -36), Tapered(-102, -36), Tapered(-108, -36), Tapered(-108, -36), Tapered(-108, -36), Tapered(-108, -36),
    Tapered(-96, -32), Tapered(-96, -32), Tapered(-96, -32), Tapered(-96, -32), Tapered(-90, -32), Tapered(-96, -32), Tapered(-96, -32), Tapered(-96, -32), Tapered(-96, -32),
    Tapered(-84, -28), Tapered(-84, -28), Tapered(-84, -28), Tapered(-84, -28), Tapered(-78, -28), Tapered(-84, -28), Tapered(-84, -28), Tapered(-84, -28), Tapered(-84, -28),
    Tapered(-72, -24), Tapered(-72, -24), Tapered(-72, -24), Tapered(-72, -24), Tapered(-66, -24), Tapered(-72, -24), Tapered(-72, -24), Tapered(-72, -24), Tapered(-72, -24),
    Tapered(-60, -20), Tapered(-60, -20), Tapered(-60, -20), Tapered(-60, -20), Tapered(-54, -20), Tapered(-60, -20), Tapered(-60, -20), Tapered(-60, -20), Tapered(-60, -20),
    Tapered(-48, -16), Tapered(-48, -16), Tapered(-48, -16), Tapered(-48, -16), Tapered(-42, -16), Tapered(-48, -16), Tapered(-48, -16), Tapered(-48, -16), Tapered(-48, -16),
    Tapered(-36, -12), Tapered(-36, -12), Tapered(-36, -12), Tapered(-36, -12), Tapered(-30, -12), Tapered(-36, -12), Tapered(-36, -12), Tapered(-36, -12), Tapered(-36, -12),
    Tapered(-24, -8), Tapered(-24, -8), Tapered(-24, -8), Tapered(-24, -8), Tapered(-18, -8), Tapered(-24, -8), Tapered(-24, -8), Tapered(-24, -8), Tapered(-24, -8),
    Tapered(-12, -4), Tapered(-12, -4), Tapered(-12, -4), Tapered(-12, -4), Tapered(-6, -4), Tapered(-12, -4), Tapered(-12, -4), Tapered(-12, -4), Tapered(-12, -4),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(6, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    // piece-square: advisor
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(6, 4), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(6, 4), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(6, 4), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(6, 4), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(6, 4), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(6, 4), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(6, 4), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(6, 4), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(6, 4), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(6, 4), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    // piece-square: elephant
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(6, 4), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    // piece-square: horse
    Tapered(-10, -10), Tapered(-5, -4), Tapered(0, 2), Tapered(5, 8), Tapered(10, 14), Tapered(5, 8), Tapered(0, 2), Tapered(-5, -4), Tapered(-10, -10),
    Tapered(10, 0), Tapered(15, 6), Tapered(20, 12), Tapered(25, 18), Tapered(30, 24), Tapered(25, 18), Tapered(20, 12), Tapered(15, 6), Tapered(10, 0),
    Tapered(10, 0), Tapered(15, 6), Tapered(20, 12), Tapered(25, 18), Tapered(30, 24), Tapered(25, 18), Tapered(20, 12), Tapered(15, 6), Tapered(10, 0),
    Tapered(10, 0), Tapered(15, 6), Tapered(20, 12), Tapered(25, 18), Tapered(30, 24), Tapered(25, 18), Tapered(20, 12), Tapered(15, 6), Tapered(10, 0),
    Tapered(0, -5), Tapered(5, 1), Tapered(10, 7), Tapered(15, 13), Tapered(20, 19), Tapered(15, 13), Tapered(10, 7), Tapered(5, 1), Tapered(0, -5),
    Tapered(0, -5), Tapered(5, 1), Tapered(10, 7), Tapered(15, 13), Tapered(20, 19), Tapered(15, 13), Tapered(10, 7), Tapered(5, 1), Tapered(0, -5),
    Tapered(-10, -10), Tapered(-5, -4), Tapered(0, 2), Tapered(5, 8), Tapered(10, 14), Tapered(5, 8), Tapered(0, 2), Tapered(-5, -4), Tapered(-10, -10),
    Tapered(-10, -10), Tapered(-5, -4), Tapered(0, 2), Tapered(5, 8), Tapered(10, 14), Tapered(5, 8), Tapered(0, 2), Tapered(-5, -4), Tapered(-10, -10),
    Tapered(-10, -10), Tapered(-5, -4), Tapered(0, 2), Tapered(5, 8), Tapered(10, 14), Tapered(5, 8), Tapered(0, 2), Tapered(-5, -4), Tapered(-10, -10),
    Tapered(-25, -17), Tapered(-20, -11), Tapered(-15, -5), Tapered(-10, 1), Tapered(-5, 7), Tapered(-10, 1), Tapered(-15, -5), Tapered(-20, -11), Tapered(-25, -17),
    // piece-square: chariot
    Tapered(10, 0), Tapered(12, 2), Tapered(14, 4), Tapered(16, 6), Tapered(18, 8), Tapered(16, 6), Tapered(14, 4), Tapered(12, 2), Tapered(10, 0),
    Tapered(10, 0), Tapered(12, 2), Tapered(14, 4), Tapered(16, 6), Tapered(18, 8), Tapered(16, 6), Tapered(14, 4), Tapered(12, 2), Tapered(10, 0),
    Tapered(10, 0), Tapered(12, 2), Tapered(14, 4), Tapered(16, 6), Tapered(18, 8), Tapered(16, 6), Tapered(14, 4), Tapered(12, 2), Tapered(10, 0),
    Tapered(10, 0), Tapered(12, 2), Tapered(14, 4), Tapered(16, 6), Tapered(18, 8), Tapered(16, 6), Tapered(14, 4), Tapered(12, 2), Tapered(10, 0),
    Tapered(10, 0), Tapered(12, 2), Tapered(14, 4), Tapered(16, 6), Tapered(18, 8), Tapered(16, 6), Tapered(14, 4), Tapered(12, 2), Tapered(10, 0),
    Tapered(0, 0), Tapered(2, 2), Tapered(4, 4), Tapered(6, 6), Tapered(8, 8), Tapered(6, 6), Tapered(4, 4), Tapered(2, 2), Tapered(0, 0),
    Tapered(0, 0), Tapered(2, 2), Tapered(4, 4), Tapered(6, 6), Tapered(8, 8), Tapered(6, 6), Tapered(4, 4), Tapered(2, 2), Tapered(0, 0),
    Tapered(0, 0), Tapered(2, 2), Tapered(4, 4), Tapered(6, 6), Tapered(8, 8), Tapered(6, 6), Tapered(4, 4), Tapered(2, 2), Tapered(0, 0),
    Tapered(0, 0), Tapered(2, 2), Tapered(4, 4), Tapered(6, 6), Tapered(8, 8), Tapered(6, 6), Tapered(4, 4), Tapered(2, 2), Tapered(0, 0),
    Tapered(0, 0), Tapered(2, 2), Tapered(4, 4), Tapered(6, 6), Tapered(8, 8), Tapered(6, 6), Tapered(4, 4), Tapered(2, 2), Tapered(0, 0),
    // piece-square: cannon
    Tapered(-10, 0), Tapered(-10, 0), Tapered(-10, 0), Tapered(-10, 0), Tapered(10, 0), Tapered(-10, 0), Tapered(-10, 0), Tapered(-10, 0), Tapered(-10, 0),
    Tapered(-10, 0), Tapered(-10, 0), Tapered(-10, 0), Tapered(-10, 0), Tapered(10, 0), Tapered(-10, 0), Tapered(-10, 0), Tapered(-10, 0), Tapered(-10, 0),
    Tapered(-10, 0), Tapered(-10, 0), Tapered(-10, 0), Tapered(-10, 0), Tapered(10, 0), Tapered(-10, 0), Tapered(-10, 0), Tapered(-10, 0), Tapered(-10, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(20, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(20, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(20, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(20, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(20, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(20, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(20, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    // piece-square: soldier
    Tapered(50, 70), Tapered(60, 80), Tapered(70, 90), Tapered(80, 100), Tapered(90, 110), Tapered(80, 100), Tapered(70, 90), Tapered(60, 80), Tapered(50, 70),
    Tapered(85, 105), Tapered(95, 115), Tapered(105, 125), Tapered(115, 135), Tapered(125, 145), Tapered(115, 135), Tapered(105, 125), Tapered(95, 115), Tapered(85, 105),
    Tapered(95, 115), Tapered(105, 125), Tapered(115, 135), Tapered(125, 145), Tapered(135, 155), Tapered(125, 145), Tapered(115, 135), Tapered(105, 125), Tapered(95, 115),
    Tapered(95, 115), Tapered(105, 125), Tapered(115, 135), Tapered(125, 145), Tapered(135, 155), Tapered(125, 145), Tapered(115, 135), Tapered(105, 125), Tapered(95, 115),
    Tapered(70, 90), Tapered(80, 100), Tapered(90, 110), Tapered(100, 120), Tapered(110, 130), Tapered(100, 120), Tapered(90, 110), Tapered(80, 100), Tapered(70, 90),
    Tapered(0, 0), Tapered(0, 0), Tapered(5, 0), Tapered(5, 0), Tapered(5, 0), Tapered(5, 0), Tapered(5, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    // mobility: horse, chariot, cannon
    Tapered(8, 8), Tapered(4, 4), Tapered(2, 2),
    // missing advisor or elephant, per enemy attacker
    Tapered(-6, -3),
];
