//! The chess evaluation's weights (see [`super::LAYOUT`] for what each is),
//! fitted to labelled positions by `arbiter-tune` (Texel's method), starting from
//! the weights in the source before the run (git history has them).
//!
//! The run: `arbiter-tune --game chess --data target/tune5/chess-sf.txt --epochs 1500 --rate 1 --l2 0 --freeze 'material'`
//! the 972,689 positions of the runs before (the note at 03911b8 says how
//! they were made and labelled: self-play, Stockfish 15.1 at 5,000 nodes);
//! material held, so that the scale stays the search's; the endgame sum now
//! scaled by how winnable it is (`endgame.rs`), the weights refitted to it
//! 874459 positions fitted, 98230 held out (by game); sigmoid scale
//! K = 0.011040 per centipawn, fitted to the starting weights; 1500 epochs of
//! full-batch Adam, the weights of epoch 1499 kept (the lowest validation
//! error). Mean squared error of sigmoid(K * eval) against the result:
//! training 0.028743 before, 0.028084 after; validation
//! 0.029129 before, 0.028713 after.

use crate::eval::trace::Tapered;

/// The weights, indexed as [`super::LAYOUT`] says.
#[rustfmt::skip]
pub const WEIGHTS: [Tapered; super::WEIGHT_COUNT] = [
    // material: pawn, knight, bishop, rook, queen, king
    Tapered(104, 66), Tapered(357, 306), Tapered(383, 325), Tapered(521, 549), Tapered(1085, 995), Tapered(0, 0),
    // piece-square: pawn (a8 first, rank by rank)
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    Tapered(9, 161), Tapered(81, 147), Tapered(13, 163), Tapered(72, 167), Tapered(25, 138), Tapered(-92, 164), Tapered(-71, 178), Tapered(108, 102),
    Tapered(-36, 145), Tapered(-33, 144), Tapered(-32, 133), Tapered(-27, 109), Tapered(-27, 124), Tapered(18, 102), Tapered(-15, 111), Tapered(1, 103),
    Tapered(-60, 62), Tapered(-56, 51), Tapered(-68, 49), Tapered(-59, 40), Tapered(-48, 40), Tapered(-61, 42), Tapered(-73, 52), Tapered(-53, 41),
    Tapered(-74, 41), Tapered(-78, 38), Tapered(-72, 33), Tapered(-62, 29), Tapered(-58, 32), Tapered(-66, 34), Tapered(-69, 30), Tapered(-76, 29),
    Tapered(-87, 39), Tapered(-84, 36), Tapered(-87, 44), Tapered(-88, 46), Tapered(-85, 44), Tapered(-77, 40), Tapered(-72, 28), Tapered(-77, 22),
    Tapered(-77, 45), Tapered(-76, 46), Tapered(-80, 52), Tapered(-74, 53), Tapered(-75, 61), Tapered(-36, 40), Tapered(-32, 26), Tapered(-64, 20),
    Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0), Tapered(0, 0),
    // piece-square: knight
    Tapered(-233, -37), Tapered(-52, -9), Tapered(-9, -11), Tapered(50, -15), Tapered(57, -6), Tapered(-130, -5), Tapered(117, -109), Tapered(-20, -34),
    Tapered(-33, 13), Tapered(-34, 22), Tapered(12, 2), Tapered(31, 3), Tapered(44, 9), Tapered(97, -13), Tapered(-79, 31), Tapered(38, -21),
    Tapered(9, 3), Tapered(33, 17), Tapered(11, 12), Tapered(40, 19), Tapered(61, 25), Tapered(54, -6), Tapered(66, -16), Tapered(-53, 24),
    Tapered(14, 16), Tapered(14, 11), Tapered(34, 16), Tapered(28, 25), Tapered(28, 31), Tapered(69, 11), Tapered(28, 3), Tapered(34, -38),
    Tapered(9, 3), Tapered(10, 8), Tapered(30, 5), Tapered(12, 18), Tapered(18, 21), Tapered(19, 21), Tapered(17, 17), Tapered(1, 9),
    Tapered(-15, 8), Tapered(2, 5), Tapered(-3, -4), Tapered(-3, 10), Tapered(4, 7), Tapered(-8, -16), Tapered(-10, -10), Tapered(-26, 19),
    Tapered(-20, -19), Tapered(-24, 17), Tapered(-7, -4), Tapered(-3, -9), Tapered(-11, -12), Tapered(-42, -2), Tapered(-34, -17), Tapered(-46, 14),
    Tapered(-183, -32), Tapered(-21, -7), Tapered(-58, -18), Tapered(-30, 5), Tapered(-13, -22), Tapered(-24, -35), Tapered(-45, -15), Tapered(-24, -120),
    // piece-square: bishop
    Tapered(-23, 14), Tapered(35, 8), Tapered(20, 23), Tapered(23, 25), Tapered(16, 25), Tapered(-33, 23), Tapered(27, 25), Tapered(-132, 43),
    Tapered(0, 36), Tapered(-5, 23), Tapered(34, 31), Tapered(-9, 34), Tapered(29, 30), Tapered(67, 19), Tapered(-11, 37), Tapered(-15, 27),
    Tapered(14, 34), Tapered(43, 21), Tapered(14, 7), Tapered(39, 37), Tapered(31, 27), Tapered(92, 9), Tapered(42, 21), Tapered(50, 0),
    Tapered(24, 25), Tapered(51, 18), Tapered(54, 26), Tapered(81, 20), Tapered(64, 33), Tapered(76, -4), Tapered(58, 14), Tapered(8, 13),
    Tapered(31, 11), Tapered(42, 25), Tapered(54, 25), Tapered(72, 27), Tapered(75, 11), Tapered(44, 27), Tapered(22, 21), Tapered(49, -11),
    Tapered(37, 11), Tapered(45, 21), Tapered(36, 1), Tapered(42, 17), Tapered(37, 29), Tapered(32, -18), Tapered(37, -2), Tapered(37, -21),
    Tapered(46, 10), Tapered(32, -21), Tapered(38, 2), Tapered(31, 13), Tapered(33, 3), Tapered(51, 0), Tapered(47, -38), Tapered(42, -51),
    Tapered(13, -4), Tapered(44, 11), Tapered(20, 9), Tapered(0, 26), Tapered(46, -8), Tapered(-6, 3), Tapered(29, -15), Tapered(-67, 11),
    // piece-square: rook
    Tapered(-25, 39), Tapered(-37, 38), Tapered(-23, 33), Tapered(-31, 39), Tapered(-14, 38), Tapered(-26, 40), Tapered(-36, 34), Tapered(-13, 34),
    Tapered(72, 4), Tapered(74, 5), Tapered(94, -1), Tapered(107, -6), Tapered(77, 5), Tapered(160, -24), Tapered(114, -14), Tapered(22, 15),
    Tapered(-33, 32), Tapered(-19, 19), Tapered(-8, 13), Tapered(8, 6), Tapered(18, 4), Tapered(45, 1), Tapered(4, 9), Tapered(-10, 10),
    Tapered(-46, 32), Tapered(-38, 29), Tapered(-31, 23), Tapered(-17, 14), Tapered(-41, 21), Tapered(-27, 21), Tapered(-24, 23), Tapered(-34, 18),
    Tapered(-61, 32), Tapered(-36, 19), Tapered(-49, 27), Tapered(-58, 24), Tapered(-48, 25), Tapered(-54, 32), Tapered(-15, 13), Tapered(-71, 25),
    Tapered(-72, 11), Tapered(-68, 18), Tapered(-55, 17), Tapered(-43, 6), Tapered(-38, 5), Tapered(-39, 6), Tapered(-25, -11), Tapered(-74, 8),
    Tapered(-65, 4), Tapered(-62, 16), Tapered(-51, 6), Tapered(-45, 1), Tapered(-42, -4), Tapered(-28, -13), Tapered(-39, 7), Tapered(-71, -12),
    Tapered(-46, -4), Tapered(-39, -4), Tapered(-36, -3), Tapered(-35, -5), Tapered(-32, -19), Tapered(-30, -16), Tapered(-34, -7), Tapered(-62, -7),
    // piece-square: queen
    Tapered(30, -18), Tapered(90, -55), Tapered(80, -30), Tapered(57, -19), Tapered(102, -30), Tapered(34, 34), Tapered(282, -219), Tapered(186, -99),
    Tapered(83, -45), Tapered(96, -42), Tapered(122, -38), Tapered(110, -19), Tapered(106, -18), Tapered(167, -43), Tapered(150, -25), Tapered(106, -16),
    Tapered(123, -94), Tapered(112, -62), Tapered(96, -10), Tapered(136, -36), Tapered(141, -11), Tapered(167, -27), Tapered(95, -9), Tapered(111, -50),
    Tapered(106, -70), Tapered(149, -98), Tapered(138, -57), Tapered(130, -47), Tapered(143, -25), Tapered(144, -1), Tapered(154, -14), Tapered(125, -32),
    Tapered(134, -87), Tapered(150, -76), Tapered(152, -47), Tapered(131, -1), Tapered(137, -15), Tapered(145, -36), Tapered(139, -30), Tapered(112, 1),
    Tapered(130, -86), Tapered(143, -49), Tapered(147, -58), Tapered(141, -59), Tapered(138, -35), Tapered(139, -56), Tapered(147, -105), Tapered(130, -60),
    Tapered(147, -103), Tapered(141, -87), Tapered(143, -90), Tapered(142, -60), Tapered(144, -76), Tapered(156, -118), Tapered(154, -118), Tapered(134, -154),
    Tapered(162, -122), Tapered(141, -111), Tapered(145, -102), Tapered(144, -92), Tapered(156, -117), Tapered(100, -91), Tapered(164, -261), Tapered(158, -161),
    // piece-square: king
    Tapered(448, -264), Tapered(207, -76), Tapered(74, -25), Tapered(50, 36), Tapered(96, -24), Tapered(134, -1), Tapered(-200, 51), Tapered(180, -103),
    Tapered(203, -16), Tapered(-144, 87), Tapered(-73, 73), Tapered(-31, 47), Tapered(-87, 91), Tapered(-70, 97), Tapered(-120, 99), Tapered(-261, 41),
    Tapered(-212, 53), Tapered(-77, 61), Tapered(-162, 78), Tapered(-128, 76), Tapered(-148, 94), Tapered(-95, 90), Tapered(-107, 89), Tapered(-264, 87),
    Tapered(26, 19), Tapered(0, 41), Tapered(-125, 78), Tapered(-132, 78), Tapered(-55, 63), Tapered(-107, 78), Tapered(-72, 61), Tapered(-185, 53),
    Tapered(-57, 0), Tapered(-15, 17), Tapered(-81, 56), Tapered(-51, 54), Tapered(-81, 60), Tapered(-10, 43), Tapered(-55, 34), Tapered(-50, 16),
    Tapered(4, 13), Tapered(-43, 19), Tapered(-34, 44), Tapered(-26, 37), Tapered(-19, 39), Tapered(-3, 29), Tapered(40, 7), Tapered(2, 19),
    Tapered(4, 32), Tapered(19, 15), Tapered(18, 22), Tapered(-22, 26), Tapered(-11, 22), Tapered(12, 18), Tapered(57, 8), Tapered(76, -12),
    Tapered(-57, 39), Tapered(64, -24), Tapered(21, 21), Tapered(-14, 13), Tapered(-42, 11), Tapered(-34, 19), Tapered(59, -11), Tapered(67, -26),
    // mobility: knight, 0 to 8 squares
    Tapered(42, -114), Tapered(72, -87), Tapered(79, -50), Tapered(85, -32), Tapered(89, -20), Tapered(93, -14), Tapered(96, -16), Tapered(97, -16), Tapered(95, -24),
    // mobility: bishop, 0 to 13 squares
    Tapered(38, -46), Tapered(49, -23), Tapered(59, -16), Tapered(66, -8), Tapered(69, -6), Tapered(72, 0), Tapered(74, 4),
    Tapered(73, 6), Tapered(76, 7), Tapered(78, 1), Tapered(84, 0), Tapered(91, 0), Tapered(100, 1), Tapered(111, -8),
    // mobility: rook, 0 to 14 squares
    Tapered(26, -44), Tapered(38, -21), Tapered(41, -8), Tapered(48, -9), Tapered(47, -3), Tapered(50, 6), Tapered(52, 9), Tapered(51, 17),
    Tapered(55, 21), Tapered(54, 24), Tapered(57, 29), Tapered(62, 27), Tapered(56, 34), Tapered(61, 27), Tapered(90, 11),
    // mobility: queen, 0 to 27 squares
    Tapered(262, 108), Tapered(287, -319), Tapered(291, -247), Tapered(290, -202), Tapered(292, -183), Tapered(294, -166), Tapered(296, -165),
    Tapered(300, -158), Tapered(299, -139), Tapered(307, -150), Tapered(303, -122), Tapered(308, -133), Tapered(305, -119), Tapered(307, -117),
    Tapered(307, -112), Tapered(313, -120), Tapered(307, -108), Tapered(326, -119), Tapered(308, -108), Tapered(346, -129), Tapered(335, -118),
    Tapered(346, -121), Tapered(388, -158), Tapered(344, -141), Tapered(779, -453), Tapered(503, -223), Tapered(630, -293), Tapered(401, -171),
    // bishop pair
    Tapered(34, 48),
    // pawn structure: doubled, isolated
    Tapered(5, -20), Tapered(-3, -4),
    // rook on open file, on semi-open file
    Tapered(38, -6), Tapered(17, -7),
    // king shield pawn
    Tapered(8, -10),
    // passed pawn: relative rank 1 to 8
    Tapered(0, 0), Tapered(1, -39), Tapered(-18, -6), Tapered(-20, 23), Tapered(11, 20), Tapered(34, -27), Tapered(147, 25), Tapered(98, 196),
    // passed pawn, blocked: relative rank 1 to 8
    Tapered(0, 0), Tapered(-19, 6), Tapered(-8, -6), Tapered(-7, -9), Tapered(-19, -6), Tapered(-30, -10), Tapered(-82, -81), Tapered(0, 0),
    // passed pawn: per square from its next square to the own king, the enemy king
    Tapered(6, -11), Tapered(-3, 18),
    // connected pawn: relative rank 1 to 8
    Tapered(0, 0), Tapered(6, -1), Tapered(12, 7), Tapered(9, 9), Tapered(21, 13), Tapered(58, 40), Tapered(168, 32), Tapered(0, 0),
    // threat by pawn: on knight, bishop, rook, queen
    Tapered(77, 31), Tapered(76, 51), Tapered(60, 39), Tapered(83, -62),
    // threat by knight or bishop: on rook, queen
    Tapered(65, 24), Tapered(72, 5),
    // threat by rook: on queen
    Tapered(76, 1),
    // safe check: by knight, bishop, rook, queen
    Tapered(32, 9), Tapered(19, 18), Tapered(37, -3), Tapered(6, 33),
    // king open file: its own file, per neighbouring file
    Tapered(-30, 0), Tapered(-13, -1),
    // outpost: knight, bishop
    Tapered(30, -3), Tapered(32, 3),
    // hanging: per attacked, undefended piece
    Tapered(23, 0),
    // pawns and pieces: backward pawn, rook on seventh, bishop's pawns on its colour, pawn storm
    Tapered(-3, 3), Tapered(-101, 23), Tapered(-2, -4), Tapered(4, 0),
    // passed pawn, next square empty and not attacked: relative rank 1 to 8
    Tapered(0, 0), Tapered(-3, 3), Tapered(5, -2), Tapered(17, -1), Tapered(-6, 24), Tapered(14, 50), Tapered(-259, 213), Tapered(0, 0),
    // passed pawn, path to promotion empty and not attacked: relative rank 1 to 8
    Tapered(0, 0), Tapered(-76, 33), Tapered(-76, 19), Tapered(-66, 30), Tapered(-31, 37), Tapered(-28, 49), Tapered(0, 0), Tapered(0, 0),
    // passed pawn: own rook behind it, enemy rook behind it
    Tapered(12, 31), Tapered(7, -55),
    // enemy king's squares defended by its king alone; threat by a safe pawn push
    Tapered(6, -2), Tapered(17, 10),
    // space: safe central squares, those behind own pawns
    Tapered(-3, 6), Tapered(6, -4),
    // minor piece behind a pawn; per square to the own king: knight, bishop
    Tapered(9, 14), Tapered(-8, -3), Tapered(-3, -3),
    // threat on a weak pawn, knight, bishop: by a knight or bishop, then by a rook
    Tapered(2, 18), Tapered(15, 34), Tapered(22, 19),
    Tapered(4, 16), Tapered(26, 15), Tapered(32, 19),
    // threat by the king on a weak piece; restricted squares; squares for a knight, a slider to attack the queen
    Tapered(29, 22), Tapered(6, -2), Tapered(5, 1), Tapered(12, 0),
    // rook on a queen's file, bishop on a long diagonal, enemy pawns on a bishop's diagonals
    Tapered(10, 10), Tapered(23, 19), Tapered(-6, 3),
    // blocked pawn: relative rank 5, 6
    Tapered(-14, -12), Tapered(-29, -83),
    // king attackers: 1 to 5 or more pieces on the enemy king's zone
    Tapered(-10, -4), Tapered(-3, -5), Tapered(38, -25), Tapered(106, 40), Tapered(124, -14),
    // attack units without a queen; enemy king's flank: attacked, attacked twice, defended
    Tapered(-6, 2), Tapered(2, -4), Tapered(3, 0), Tapered(-5, 1),
    // castling rights: kingside, queenside
    Tapered(62, -26), Tapered(21, 11),
    // knight reaching an outpost, queen infiltrated, weak unopposed pawn
    Tapered(17, 8), Tapered(27, 11), Tapered(-9, -12),
    // candidate passed pawn: relative rank 1 to 8
    Tapered(0, 0), Tapered(7, -10), Tapered(7, -3), Tapered(8, 10), Tapered(7, 7), Tapered(18, -32), Tapered(0, 0), Tapered(0, 0),
    // pawns: per defender of a pawn; unstoppable passed pawn
    Tapered(11, -4), Tapered(-528, 137),
    // king: per square to its nearest pawn, on a pawnless flank; rook trapped by it
    Tapered(-7, -12), Tapered(75, -47), Tapered(-14, -16),
    // per knight per own pawn, per rook per own pawn; the side to move
    Tapered(5, 9), Tapered(16, 1), Tapered(18, 2),
];
