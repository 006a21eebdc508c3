//! The chess evaluation's weights (see [`super::LAYOUT`] for what each is).
//!
//! Material and piece-square values are PeSTO's published tapered tables
//! (Ronald Friederich's PeSTO engine, as published on the Chess Programming
//! Wiki, "PeSTO's Evaluation Function"); the other terms are small
//! corrections on top of them, set by hand.

use crate::eval::trace::Tapered;

/// The weights, indexed as [`super::LAYOUT`] says.
#[rustfmt::skip]
pub const WEIGHTS: [Tapered; super::WEIGHT_COUNT] = [
    // material: pawn, knight, bishop, rook, queen, king
    Tapered(82, 94), Tapered(337, 281), Tapered(365, 297), Tapered(477, 512), Tapered(1025, 936), Tapered(0, 0),
    // piece-square: pawn (a8 first, rank by rank)
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(98, 178), Tapered(134, 173), Tapered(61, 158), Tapered(95, 134), Tapered(68, 147), Tapered(126, 132), Tapered(34, 165), Tapered(-11, 187),
    Tapered(-6, 94), Tapered(7, 100), Tapered(26, 85), Tapered(31, 67), Tapered(65, 56), Tapered(56, 53), Tapered(25, 82), Tapered(-20, 84),
    Tapered(-14, 32), Tapered(13, 24), Tapered(6, 13), Tapered(21, 5), Tapered(23, -2), Tapered(12, 4), Tapered(17, 17), Tapered(-23, 17),
    Tapered(-27, 13), Tapered(-2, 9), Tapered(-5, -3), Tapered(12, -7), Tapered(17, -7), Tapered(6, -8), Tapered(10, 3), Tapered(-25, -1),
    Tapered(-26, 4), Tapered(-4, 7), Tapered(-4, -6), Tapered(-10, 1), Tapered(3, 0), Tapered(3, -5), Tapered(33, -1), Tapered(-12, -8),
    Tapered(-35, 13), Tapered(-1, 8), Tapered(-20, 8), Tapered(-23, 10), Tapered(-15, 13), Tapered(24, 0), Tapered(38, 2), Tapered(-22, -7),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    // piece-square: knight (a8 first, rank by rank)
    Tapered(-167, -58), Tapered(-89, -38), Tapered(-34, -13), Tapered(-49, -28), Tapered(61, -31), Tapered(-97, -27), Tapered(-15, -63), Tapered(-107, -99),
    Tapered(-73, -25), Tapered(-41, -8), Tapered(72, -25), Tapered(36, -2), Tapered(23, -9), Tapered(62, -25), Tapered(7, -24), Tapered(-17, -52),
    Tapered(-47, -24), Tapered(60, -20), Tapered(37, 10), Tapered(65, 9), Tapered(84, -1), Tapered(129, -9), Tapered(73, -19), Tapered(44, -41),
    Tapered(-9, -17), Tapered(17, 3), Tapered(19, 22), Tapered(53, 22), Tapered(37, 22), Tapered(69, 11), Tapered(18, 8), Tapered(22, -18),
    Tapered(-13, -18), Tapered(4, -6), Tapered(16, 16), Tapered(13, 25), Tapered(28, 16), Tapered(19, 17), Tapered(21, 4), Tapered(-8, -18),
    Tapered(-23, -23), Tapered(-9, -3), Tapered(12, -1), Tapered(10, 15), Tapered(19, 10), Tapered(17, -3), Tapered(25, -20), Tapered(-16, -22),
    Tapered(-29, -42), Tapered(-53, -20), Tapered(-12, -10), Tapered(-3, -5), Tapered(-1, -2), Tapered(18, -20), Tapered(-14, -23), Tapered(-19, -44),
    Tapered(-105, -29), Tapered(-21, -51), Tapered(-58, -23), Tapered(-33, -15), Tapered(-17, -22), Tapered(-28, -18), Tapered(-19, -50), Tapered(-23, -64),
    // piece-square: bishop (a8 first, rank by rank)
    Tapered(-29, -14), Tapered(4, -21), Tapered(-82, -11), Tapered(-37, -8), Tapered(-25, -7), Tapered(-42, -9), Tapered(7, -17), Tapered(-8, -24),
    Tapered(-26, -8), Tapered(16, -4), Tapered(-18, 7), Tapered(-13, -12), Tapered(30, -3), Tapered(59, -13), Tapered(18, -4), Tapered(-47, -14),
    Tapered(-16, 2), Tapered(37, -8), Tapered(43, 0), Tapered(40, -1), Tapered(35, -2), Tapered(50, 6), Tapered(37, 0), Tapered(-2, 4),
    Tapered(-4, -3), Tapered(5, 9), Tapered(19, 12), Tapered(50, 9), Tapered(37, 14), Tapered(37, 10), Tapered(7, 3), Tapered(-2, 2),
    Tapered(-6, -6), Tapered(13, 3), Tapered(13, 13), Tapered(26, 19), Tapered(34, 7), Tapered(12, 10), Tapered(10, -3), Tapered(4, -9),
    Tapered(0, -12), Tapered(15, -3), Tapered(15, 8), Tapered(15, 10), Tapered(14, 13), Tapered(27, 3), Tapered(18, -7), Tapered(10, -15),
    Tapered(4, -14), Tapered(15, -18), Tapered(16, -7), Tapered(0, -1), Tapered(7, 4), Tapered(21, -9), Tapered(33, -15), Tapered(1, -27),
    Tapered(-33, -23), Tapered(-3, -9), Tapered(-14, -23), Tapered(-21, -5), Tapered(-13, -9), Tapered(-12, -16), Tapered(-39, -5), Tapered(-21, -17),
    // piece-square: rook (a8 first, rank by rank)
    Tapered(32, 13), Tapered(42, 10), Tapered(32, 18), Tapered(51, 15), Tapered(63, 12), Tapered(9, 12), Tapered(31, 8), Tapered(43, 5),
    Tapered(27, 11), Tapered(32, 13), Tapered(58, 13), Tapered(62, 11), Tapered(80, -3), Tapered(67, 3), Tapered(26, 8), Tapered(44, 3),
    Tapered(-5, 7), Tapered(19, 7), Tapered(26, 7), Tapered(36, 5), Tapered(17, 4), Tapered(45, -3), Tapered(61, -5), Tapered(16, -3),
    Tapered(-24, 4), Tapered(-11, 3), Tapered(7, 13), Tapered(26, 1), Tapered(24, 2), Tapered(35, 1), Tapered(-8, -1), Tapered(-20, 2),
    Tapered(-36, 3), Tapered(-26, 5), Tapered(-12, 8), Tapered(-1, 4), Tapered(9, -5), Tapered(-7, -6), Tapered(6, -8), Tapered(-23, -11),
    Tapered(-45, -4), Tapered(-25, 0), Tapered(-16, -5), Tapered(-17, -1), Tapered(3, -7), Tapered(0, -12), Tapered(-5, -8), Tapered(-33, -16),
    Tapered(-44, -6), Tapered(-16, -6), Tapered(-20, 0), Tapered(-9, 2), Tapered(-1, -9), Tapered(11, -9), Tapered(-6, -11), Tapered(-71, -3),
    Tapered(-19, -9), Tapered(-13, 2), Tapered(1, 3), Tapered(17, -1), Tapered(16, -5), Tapered(7, -13), Tapered(-37, 4), Tapered(-26, -20),
    // piece-square: queen (a8 first, rank by rank)
    Tapered(-28, -9), Tapered(0, 22), Tapered(29, 22), Tapered(12, 27), Tapered(59, 27), Tapered(44, 19), Tapered(43, 10), Tapered(45, 20),
    Tapered(-24, -17), Tapered(-39, 20), Tapered(-5, 32), Tapered(1, 41), Tapered(-16, 58), Tapered(57, 25), Tapered(28, 30), Tapered(54, 0),
    Tapered(-13, -20), Tapered(-17, 6), Tapered(7, 9), Tapered(8, 49), Tapered(29, 47), Tapered(56, 35), Tapered(47, 19), Tapered(57, 9),
    Tapered(-27, 3), Tapered(-27, 22), Tapered(-16, 24), Tapered(-16, 45), Tapered(-1, 57), Tapered(17, 40), Tapered(-2, 57), Tapered(1, 36),
    Tapered(-9, -18), Tapered(-26, 28), Tapered(-9, 19), Tapered(-10, 47), Tapered(-2, 31), Tapered(-4, 34), Tapered(3, 39), Tapered(-3, 23),
    Tapered(-14, -16), Tapered(2, -27), Tapered(-11, 15), Tapered(-2, 6), Tapered(-5, 9), Tapered(2, 17), Tapered(14, 10), Tapered(5, 5),
    Tapered(-35, -22), Tapered(-8, -23), Tapered(11, -30), Tapered(2, -16), Tapered(8, -16), Tapered(15, -23), Tapered(-3, -36), Tapered(1, -32),
    Tapered(-1, -33), Tapered(-18, -28), Tapered(-9, -22), Tapered(10, -43), Tapered(-15, -5), Tapered(-25, -32), Tapered(-31, -20), Tapered(-50, -41),
    // piece-square: king (a8 first, rank by rank)
    Tapered(-65, -74), Tapered(23, -35), Tapered(16, -18), Tapered(-15, -18), Tapered(-56, -11), Tapered(-34, 15), Tapered(2, 4), Tapered(13, -17),
    Tapered(29, -12), Tapered(-1, 17), Tapered(-20, 14), Tapered(-7, 17), Tapered(-8, 17), Tapered(-4, 38), Tapered(-38, 23), Tapered(-29, 11),
    Tapered(-9, 10), Tapered(24, 17), Tapered(2, 23), Tapered(-16, 15), Tapered(-20, 20), Tapered(6, 45), Tapered(22, 44), Tapered(-22, 13),
    Tapered(-17, -8), Tapered(-20, 22), Tapered(-12, 24), Tapered(-27, 27), Tapered(-30, 26), Tapered(-25, 33), Tapered(-14, 26), Tapered(-36, 3),
    Tapered(-49, -18), Tapered(-1, -4), Tapered(-27, 21), Tapered(-39, 24), Tapered(-46, 27), Tapered(-44, 23), Tapered(-33, 9), Tapered(-51, -11),
    Tapered(-14, -19), Tapered(-14, -3), Tapered(-22, 11), Tapered(-46, 21), Tapered(-44, 23), Tapered(-30, 16), Tapered(-15, 7), Tapered(-27, -9),
    Tapered(1, -27), Tapered(7, -11), Tapered(-8, 4), Tapered(-64, 13), Tapered(-43, 14), Tapered(-16, 4), Tapered(9, -5), Tapered(8, -17),
    Tapered(-15, -53), Tapered(36, -34), Tapered(12, -21), Tapered(-54, -11), Tapered(8, -28), Tapered(-28, -14), Tapered(24, -24), Tapered(14, -43),
    // mobility: knight, bishop, rook, queen
    Tapered(4, 4), Tapered(5, 5), Tapered(2, 4), Tapered(1, 2),
    // bishop pair
    Tapered(30, 50),
    // doubled pawn
    Tapered(-10, -20),
    // isolated pawn
    Tapered(-10, -15),
    // rook on open file
    Tapered(25, 10),
    // rook on semi-open file
    Tapered(12, 6),
    // king shield pawn
    Tapered(12, 0),
    // passed pawn: relative rank 1 to 8
    Tapered(0, 0), Tapered(2, 4), Tapered(8, 16), Tapered(18, 36), Tapered(32, 64), Tapered(50, 100), Tapered(72, 144), Tapered(98, 196),
];
