//! The chess evaluation's weights (see [`super::LAYOUT`] for what each is),
//! fitted to labelled positions by `arbiter-tune` (Texel's method), starting from
//! the weights in the source before the run (git history has them).
//!
//! The run: `arbiter-tune --game chess --data target/tune/chess-all.txt --epochs 1500 --rate 1 --l2 0 --freeze 'piece-square' --freeze 'material' --freeze 'mobility'`
//! 134,369 quiet positions of the engine's self-play (tools/tune/data.sh
//! chess 3000, then OUT=target/tune2 NODES=6000 tools/tune/data.sh chess
//! 2400, the second set's game numbers offset by 100,000 and the two files
//! joined), labelled by Stockfish 15.1 at 5,000 nodes
//! (tools/tune/label.py); material, piece-square and mobility held: fitted
//! too, they drifted far from the search's scale (a queen at 1,792 cp in
//! the middlegame)
//! 120924 positions fitted, 13445 held out (by game); sigmoid scale
//! K = 0.009054 per centipawn, fitted to the starting weights; 1500 epochs of
//! full-batch Adam, the weights of epoch 222 kept (the lowest validation
//! error). Mean squared error of sigmoid(K * eval) against the result:
//! training 0.035913 before, 0.034648 after; validation
//! 0.037302 before, 0.036291 after.
//!
//! Then the outpost and hanging weights alone (every other group held, both
//! started at 0) on the same data:
//! `arbiter-tune --game chess --data target/tune/chess-all.txt --epochs 300 --rate 1 --l2 0 --freeze 'material' --freeze 'piece-square' --freeze 'mobility' --freeze 'bishop pair' --freeze 'pawn structure' --freeze 'rook' --freeze 'king' --freeze 'passed' --freeze 'connected' --freeze 'threat' --freeze 'safe check'`,
//! the weights of epoch 33 kept; validation error 0.036273 before, 0.036183 after.

use crate::eval::trace::Tapered;

/// The weights, indexed as [`super::LAYOUT`] says.
#[rustfmt::skip]
pub const WEIGHTS: [Tapered; super::WEIGHT_COUNT] = [
    // material: pawn, knight, bishop, rook, queen, king
    Tapered(104, 66), Tapered(357, 306), Tapered(383, 325), Tapered(521, 549), Tapered(1085, 995), Tapered(0, 0),
    // piece-square: pawn (a8 first, rank by rank)
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(72, 132), Tapered(91, 127), Tapered(88, 172), Tapered(80, 133), Tapered(35, 98), Tapered(87, 151), Tapered(48, 219), Tapered(-57, 138),
    Tapered(2, 67), Tapered(-13, 79), Tapered(28, 71), Tapered(28, 49), Tapered(52, 19), Tapered(22, 15), Tapered(29, 70), Tapered(15, 42),
    Tapered(1, 26), Tapered(12, 12), Tapered(10, 45), Tapered(9, 8), Tapered(43, -7), Tapered(17, 12), Tapered(47, -2), Tapered(8, 6),
    Tapered(-4, 12), Tapered(-8, 22), Tapered(2, 4), Tapered(16, -1), Tapered(15, 8), Tapered(24, 7), Tapered(18, 3), Tapered(-9, 1),
    Tapered(-25, 20), Tapered(-30, 20), Tapered(-14, 14), Tapered(-25, 32), Tapered(-13, 19), Tapered(-6, 11), Tapered(13, 3), Tapered(-16, 2),
    Tapered(-5, 12), Tapered(-15, 28), Tapered(-17, 6), Tapered(-28, 37), Tapered(-3, 17), Tapered(32, 18), Tapered(56, -2), Tapered(5, -8),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    // piece-square: knight
    Tapered(-154, -39), Tapered(-65, -1), Tapered(-41, -25), Tapered(-66, 2), Tapered(42, -46), Tapered(-73, 19), Tapered(30, -17), Tapered(-75, -87),
    Tapered(-35, 3), Tapered(-18, 28), Tapered(31, -25), Tapered(56, -7), Tapered(-6, -5), Tapered(70, -48), Tapered(-36, 3), Tapered(22, 0),
    Tapered(-96, -57), Tapered(59, -29), Tapered(-14, 37), Tapered(60, 15), Tapered(122, -22), Tapered(98, -4), Tapered(80, -52), Tapered(8, -27),
    Tapered(31, -10), Tapered(17, -1), Tapered(42, 22), Tapered(47, 45), Tapered(22, 27), Tapered(72, 35), Tapered(13, -25), Tapered(70, 22),
    Tapered(15, -28), Tapered(-34, 24), Tapered(27, 6), Tapered(13, 36), Tapered(11, 14), Tapered(29, -11), Tapered(19, 29), Tapered(-4, 3),
    Tapered(-34, -48), Tapered(-8, -1), Tapered(9, 1), Tapered(2, 27), Tapered(36, 7), Tapered(6, 4), Tapered(23, -55), Tapered(-34, 3),
    Tapered(-7, -49), Tapered(-35, 1), Tapered(-27, -11), Tapered(4, -2), Tapered(8, -16), Tapered(1, 12), Tapered(23, 4), Tapered(-28, 0),
    Tapered(-78, 17), Tapered(-24, -19), Tapered(-42, -62), Tapered(4, -1), Tapered(-13, 5), Tapered(-30, -36), Tapered(-31, -5), Tapered(-24, -43),
    // piece-square: bishop
    Tapered(21, -6), Tapered(-20, -33), Tapered(-48, 19), Tapered(-41, 33), Tapered(10, 2), Tapered(-15, 4), Tapered(37, 29), Tapered(26, 6),
    Tapered(-62, 4), Tapered(5, 6), Tapered(-10, 8), Tapered(-30, 18), Tapered(16, 19), Tapered(30, -30), Tapered(33, -9), Tapered(-35, 26),
    Tapered(-45, 4), Tapered(-13, 33), Tapered(8, 17), Tapered(22, 6), Tapered(6, -22), Tapered(86, 0), Tapered(10, 7), Tapered(16, 19),
    Tapered(-35, 37), Tapered(12, -5), Tapered(33, 20), Tapered(59, 10), Tapered(23, 15), Tapered(25, 1), Tapered(18, 15), Tapered(-6, 22),
    Tapered(-22, -10), Tapered(14, 22), Tapered(21, -10), Tapered(39, 12), Tapered(37, 5), Tapered(5, 9), Tapered(16, -5), Tapered(13, 38),
    Tapered(-16, -1), Tapered(17, 1), Tapered(19, 6), Tapered(21, -10), Tapered(18, 7), Tapered(13, -1), Tapered(16, -35), Tapered(29, -35),
    Tapered(42, -58), Tapered(-1, -7), Tapered(31, -45), Tapered(2, -1), Tapered(23, -11), Tapered(7, -3), Tapered(43, -21), Tapered(33, -15),
    Tapered(-14, -7), Tapered(30, -41), Tapered(1, -13), Tapered(-6, -21), Tapered(5, -1), Tapered(-17, -10), Tapered(-17, 23), Tapered(-65, -7),
    // piece-square: rook
    Tapered(78, -4), Tapered(35, 5), Tapered(-4, 28), Tapered(17, 28), Tapered(105, -10), Tapered(45, 12), Tapered(31, 10), Tapered(45, 0),
    Tapered(-18, 31), Tapered(15, 23), Tapered(26, 14), Tapered(59, -2), Tapered(60, 2), Tapered(32, 12), Tapered(76, 5), Tapered(86, 3),
    Tapered(-1, 48), Tapered(17, 14), Tapered(0, 21), Tapered(49, -12), Tapered(54, 5), Tapered(31, 35), Tapered(38, -9), Tapered(26, 6),
    Tapered(10, 19), Tapered(15, 15), Tapered(-13, 30), Tapered(39, 9), Tapered(32, -18), Tapered(18, 6), Tapered(10, 19), Tapered(-23, 33),
    Tapered(-16, 29), Tapered(12, 9), Tapered(-30, 23), Tapered(-15, 13), Tapered(-9, 18), Tapered(1, -17), Tapered(30, -4), Tapered(9, 27),
    Tapered(-45, 20), Tapered(-5, 9), Tapered(-41, 25), Tapered(-14, -2), Tapered(-11, 10), Tapered(0, -17), Tapered(15, 0), Tapered(-38, 19),
    Tapered(-50, 4), Tapered(-35, 10), Tapered(-38, 19), Tapered(0, -10), Tapered(5, -13), Tapered(0, -11), Tapered(-42, 34), Tapered(-23, -11),
    Tapered(-9, -6), Tapered(-10, 3), Tapered(0, 3), Tapered(4, 1), Tapered(12, -22), Tapered(4, -14), Tapered(-52, -38), Tapered(12, -40),
    // piece-square: queen
    Tapered(-8, -52), Tapered(19, 16), Tapered(10, -7), Tapered(-16, 27), Tapered(54, 2), Tapered(35, 24), Tapered(86, 38), Tapered(62, -7),
    Tapered(-35, -17), Tapered(-9, 40), Tapered(-44, 76), Tapered(42, 78), Tapered(6, 83), Tapered(8, 42), Tapered(78, 71), Tapered(70, -46),
    Tapered(10, -56), Tapered(21, 50), Tapered(-24, -5), Tapered(-16, 89), Tapered(1, 69), Tapered(93, 68), Tapered(2, -14), Tapered(51, -7),
    Tapered(-22, 20), Tapered(-5, -14), Tapered(-20, 66), Tapered(8, 20), Tapered(37, 17), Tapered(25, 69), Tapered(21, 60), Tapered(-18, 29),
    Tapered(-2, -32), Tapered(0, -20), Tapered(-22, 65), Tapered(-10, 80), Tapered(-26, 45), Tapered(0, 60), Tapered(-13, 21), Tapered(-16, 25),
    Tapered(-39, -34), Tapered(-6, -3), Tapered(-13, -10), Tapered(-3, 8), Tapered(-15, 5), Tapered(-6, 46), Tapered(23, -24), Tapered(-22, 49),
    Tapered(-55, 22), Tapered(-20, 24), Tapered(12, -4), Tapered(15, -56), Tapered(9, -18), Tapered(18, -56), Tapered(-25, 3), Tapered(-13, -45),
    Tapered(-9, -59), Tapered(18, 14), Tapered(22, -75), Tapered(19, -46), Tapered(22, -46), Tapered(-67, -70), Tapered(-66, -48), Tapered(-28, -28),
    // piece-square: king
    Tapered(-79, -124), Tapered(40, -8), Tapered(54, 24), Tapered(-49, -55), Tapered(-61, 26), Tapered(-21, 39), Tapered(-31, -30), Tapered(-15, -66),
    Tapered(-14, -67), Tapered(-7, -7), Tapered(24, -34), Tapered(28, 40), Tapered(-44, 47), Tapered(-24, 56), Tapered(-7, 45), Tapered(15, 62),
    Tapered(-40, -31), Tapered(18, -27), Tapered(-27, -11), Tapered(4, -3), Tapered(-7, 37), Tapered(43, 60), Tapered(-30, 65), Tapered(-12, 54),
    Tapered(-45, -31), Tapered(31, 20), Tapered(-39, -2), Tapered(-22, 17), Tapered(-48, 17), Tapered(-27, 24), Tapered(14, 45), Tapered(-70, 0),
    Tapered(-18, -39), Tapered(-12, 6), Tapered(-75, 39), Tapered(-72, 23), Tapered(-79, 31), Tapered(2, 16), Tapered(-52, 21), Tapered(-103, 22),
    Tapered(-51, -9), Tapered(-16, 23), Tapered(-26, 6), Tapered(-29, 27), Tapered(-49, 23), Tapered(-23, 7), Tapered(-1, 12), Tapered(-69, 5),
    Tapered(23, 4), Tapered(-44, 21), Tapered(25, -13), Tapered(-30, 16), Tapered(-50, 18), Tapered(18, 2), Tapered(36, -3), Tapered(33, -20),
    Tapered(22, -10), Tapered(24, -31), Tapered(-13, -4), Tapered(-81, -9), Tapered(-17, -15), Tapered(-38, -11), Tapered(41, -21), Tapered(45, -24),
    // mobility: knight, 0 to 8 squares
    Tapered(-44, -48), Tapered(-5, -17), Tapered(-1, 8), Tapered(8, 22), Tapered(18, 22), Tapered(20, 32), Tapered(26, 13), Tapered(31, 15), Tapered(57, -13),
    // mobility: bishop, 0 to 13 squares
    Tapered(-36, -62), Tapered(-31, 1), Tapered(-17, -18), Tapered(-10, -11), Tapered(1, 2), Tapered(8, 8), Tapered(14, 12),
    Tapered(13, 18), Tapered(11, 17), Tapered(4, 26), Tapered(28, 8), Tapered(24, 46), Tapered(4, 50), Tapered(52, 38),
    // mobility: rook, 0 to 14 squares
    Tapered(-18, -12), Tapered(-6, -14), Tapered(-4, -15), Tapered(5, -8), Tapered(2, 7), Tapered(8, 6), Tapered(11, 17), Tapered(15, 14),
    Tapered(18, 24), Tapered(16, 28), Tapered(30, 29), Tapered(15, 34), Tapered(20, 36), Tapered(36, 35), Tapered(32, 36),
    // mobility: queen, 0 to 27 squares
    Tapered(-30, -4), Tapered(-6, -66), Tapered(-12, -14), Tapered(-13, -63), Tapered(-8, -34), Tapered(-4, -23), Tapered(-4, 9),
    Tapered(0, 5), Tapered(3, 0), Tapered(7, 10), Tapered(-1, 33), Tapered(15, 23), Tapered(0, 26), Tapered(2, 43),
    Tapered(5, 39), Tapered(3, 41), Tapered(-8, 52), Tapered(-9, 27), Tapered(8, 14), Tapered(47, -9), Tapered(55, -18),
    Tapered(34, -9), Tapered(-11, -28), Tapered(11, -18), Tapered(-16, -27), Tapered(-22, -25), Tapered(-24, -22), Tapered(-8, -10),
    // bishop pair
    Tapered(44, 33),
    // pawn structure: doubled, isolated
    Tapered(-22, 9), Tapered(-1, -10),
    // rook on open file, on semi-open file
    Tapered(46, -21), Tapered(22, -3),
    // king shield pawn
    Tapered(14, -9),
    // passed pawn: relative rank 1 to 8
    Tapered(0, 0), Tapered(-8, -37), Tapered(-24, -23), Tapered(4, 6), Tapered(27, 28), Tapered(77, 32), Tapered(176, 38), Tapered(98, 196),
    // passed pawn, blocked: relative rank 1 to 8
    Tapered(0, 0), Tapered(8, -16), Tapered(11, 3), Tapered(-15, -28), Tapered(-13, -33), Tapered(-21, -56), Tapered(-92, -132), Tapered(0, 0),
    // passed pawn: per square from its next square to the own king, the enemy king
    Tapered(5, -14), Tapered(-9, 27),
    // connected pawn: relative rank 1 to 8
    Tapered(0, 0), Tapered(1, 0), Tapered(26, 3), Tapered(13, 10), Tapered(12, 12), Tapered(55, 24), Tapered(251, -43), Tapered(0, 0),
    // threat by pawn: on knight, bishop, rook, queen
    Tapered(65, 33), Tapered(64, 55), Tapered(62, 1), Tapered(67, -47),
    // threat by knight or bishop: on rook, queen
    Tapered(63, 20), Tapered(41, 72),
    // threat by rook: on queen
    Tapered(77, -22),
    // safe check: by knight, bishop, rook, queen
    Tapered(34, 7), Tapered(12, 13), Tapered(37, 0), Tapered(18, 1),
    // king open file: its own file, per neighbouring file
    Tapered(-12, -1), Tapered(0, 0),
    // outpost: knight, bishop
    Tapered(27, 15), Tapered(27, 3),
    // hanging: per attacked, undefended piece
    Tapered(19, 16),
];
