//! Xiangqi tactics solved within fixed node budgets.
//!
//! `PUBLISHED`: mates from 《适情雅趣》 (Shi Qing Ya Qu, 1570), the classic
//! manual of mating compositions, as transcribed in the public repository
//! kuiba1949/xiangqi-tools, file `fen/shiqingyaqu551.fen` (entries
//! `shiqingyaqu-551-NNN`). Each case names its problem by number and title.
//! Most compositions are longer than three moves, so the position tested is
//! the one reached after the first moves of the problem's forced main line
//! (`after`, ICCS with ranks 0-9, replayed from the problem's own start
//! position by the test): what is left is a mate in 1, 2 or 3. The mate
//! distances from the start and from the tested position, and the main lines,
//! come from Fairy-Stockfish 11.1 (`UCI_Variant xiangqi`, 3 s per position);
//! each tested position was checked again on its own to be a mate in exactly
//! the stated number of moves. `PUBLISHED_MATES_IN_FOUR` adds the manual's
//! problems that mate in four from their own start position, searched as
//! published.
//!
//! `COMPOSED`: minimal illustrations of the standard mating patterns (staggered
//! chariots, horse behind cannon, iron bolt, ...), composed for this suite, each
//! with Red to move and with colours reversed. They are not from a published
//! source; their mate distances were confirmed with Fairy-Stockfish 11.1 (2 M
//! nodes, MultiPV 2).

#![allow(clippy::unwrap_used)]

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use arbiter_engine::eval::XiangqiEvaluator;
use arbiter_engine::xiangqi::XiangqiNode;
use arbiter_engine::{Limits, Score, SearchMemory, SearchRequest, SearchResult, search};
use arbiter_rules::Strictness;
use arbiter_rules::xiangqi::Position;
use arbiter_rules::xiangqi::notation::{format_iccs, parse_iccs};

enum Expect {
    /// The side to move mates in at most this many moves.
    MateIn(i32),
    /// The only move that wins material (ICCS).
    #[allow(dead_code)]
    Best(&'static str),
}
use Expect::{Best, MateIn};

const NODE_BUDGET: u64 = 3_000_000;

/// A problem of 《适情雅趣》 (kuiba1949/xiangqi-tools, fen/shiqingyaqu551.fen).
struct Problem {
    /// The problem's number in the manual (`shiqingyaqu-551-NNN`).
    number: u32,
    title: &'static str,
    /// The problem's start position, Red to move.
    start: &'static str,
    /// Moves to mate from the start (Fairy-Stockfish 11.1).
    mate_from_start: i32,
    /// The first moves of the main line, played before the position tested.
    after: &'static str,
    /// Moves to mate in the tested position.
    mate_in: i32,
}

const PUBLISHED: &[Problem] = &[
    Problem {
        number: 183,
        title: "远遁边境",
        start: "c3k3C/2P6/1P6b/9/9/2C6/9/3RBr3/1p2r4/2BK5 w - - 0 1",
        mate_from_start: 9,
        after: "d2d9 e9e8 c8d8 e8e7 d9e9 e7f7 e9f9 f7e7 i9a9 e1e0 d0e0 e7d7",
        mate_in: 3,
    },
    Problem {
        number: 192,
        title: "两地关心",
        start: "2bak3C/4aP2N/4b4/5C3/9/9/9/3p5/4p2r1/3K5 w - - 0 1",
        mate_from_start: 3,
        after: "",
        mate_in: 3,
    },
    Problem {
        number: 193,
        title: "同功并位",
        start: "2ba1k3/4a4/4b3R/9/8R/9/9/3A2n2/3pA1r2/4K2c1 w - - 0 1",
        mate_from_start: 10,
        after: "i5f5 f9e9 i7i9 h0h9 i9h9 e7g9 h9g9 e8f9 g9f9 e9e8 f9f8 e8e9 f5e5 c9e7 e5e7 d9e8 e7e8 e9d9",
        mate_in: 1,
    },
    Problem {
        number: 197,
        title: "投命仇门",
        start: "2bk4C/9/3a5/5cN2/9/9/8P/6n1B/2r6/1R2KA2r w - - 0 1",
        mate_from_start: 7,
        after: "g6f8 d7e8 f8h9 d9d8 b0d0 c1d1 d0d1 e8d7",
        mate_in: 3,
    },
    Problem {
        number: 226,
        title: "脱网逢钩",
        start: "4k4/4a4/4Pa3/4p1pCR/3N5/9/9/5p3/6r2/5K3 w - - 0 1",
        mate_from_start: 6,
        after: "i6i9 e8f9 h6e6 f7e8 e7e8 e9e8 i9i8 e8e9",
        mate_in: 2,
    },
    Problem {
        number: 229,
        title: "游鱼吞钩",
        start: "4k1b2/4aPN2/5a3/9/N8/6C2/4c4/9/2nr1p3/4K4 w - - 0 1",
        mate_from_start: 5,
        after: "f8f9 e9d9 g4g9 d9d8 a5b7 d8d7 g8f6 e3e6",
        mate_in: 1,
    },
    Problem {
        number: 231,
        title: "胡骑迫背",
        start: "2bak1b2/4aR3/9/3NR4/9/9/9/6n2/r2r1p3/4K4 w - - 0 1",
        mate_from_start: 5,
        after: "f8f9 e9f9 e6f6 f9e9",
        mate_in: 3,
    },
    Problem {
        number: 233,
        title: "望尘遮道",
        start: "4k4/3RaP3/n3Na3/8C/9/9/6r2/5p3/4p4/R4K3 w - - 0 1",
        mate_from_start: 7,
        after: "f8f9 e8f9 d8d9 e9e8 i6e6 e8e7 d9e9 e7d7 a0d0 e1d1",
        mate_in: 2,
    },
    Problem {
        number: 238,
        title: "长鲸授首",
        start: "5a1C1/3ka4/4b4/7N1/1Rb6/9/9/5n3/2r1p4/c4K3 w - - 0 1",
        mate_from_start: 6,
        after: "b5b8 d8d7 b8b7 d7d8 h9h8 e8f7 h6g8 f7e8 b7d7 d8d7",
        mate_in: 1,
    },
    Problem {
        number: 240,
        title: "弃短取长",
        start: "4kab2/5P3/4b1n2/1N1N5/9/1n4C2/9/3p5/4p4/3K5 w - - 0 1",
        mate_from_start: 6,
        after: "b6d7 e9d9 d7b8 d9e9 d6c8 e9d9",
        mate_in: 3,
    },
    Problem {
        number: 241,
        title: "凭马渡江",
        start: "2b2a3/C3a4/3kb4/9/9/5RN2/9/1C7/r2r1p3/4K4 w - - 0 1",
        mate_from_start: 5,
        after: "f4d4 d1d4 g4e5 d7d8 e5c6 d8d9",
        mate_in: 2,
    },
    Problem {
        number: 243,
        title: "明修栈道",
        start: "3r1k3/C5P2/b4a3/CR2R4/9/9/9/2n6/5pr2/4K4 w - - 0 1",
        mate_from_start: 6,
        after: "g8f8 f9f8 b6b8 f8f9 b8f8 f9f8 e6e8 f8f9 e8f8 f9f8",
        mate_in: 1,
    },
    Problem {
        number: 244,
        title: "祸生肘腋",
        start: "1R1a5/2P1k4/1n2b4/4c4/9/9/9/2C5R/4r1r2/5K3 w - - 0 1",
        mate_from_start: 7,
        after: "c8d8 b7d8 i2i8 g1g8 i8g8 e8e9 g8d8 e1f1",
        mate_in: 3,
    },
    Problem {
        number: 250,
        title: "雁阵排空",
        start: "6c2/5k3/1N2b4/4C4/2b2C3/3R5/9/6n2/7r1/4K3c w - - 0 1",
        mate_from_start: 5,
        after: "d4d8 f8f9 d8d9 g9d9 b7d8 f9f8",
        mate_in: 2,
    },
    Problem {
        number: 251,
        title: "惊心破胆",
        start: "2rak1C2/5R3/3a5/6N2/9/9/9/r3C4/4p4/3K4R w - - 0 1",
        mate_from_start: 6,
        after: "g6e7 d9e8 f8e8 d7e8 e7c8 e9f9 i0f0 e1f1 f0f1 e8f7",
        mate_in: 1,
    },
    Problem {
        number: 253,
        title: "二龙绕室",
        start: "3a1kb2/4a4/4b4/5NN2/9/9/9/8C/3r4c/4K1n2 w - - 0 1",
        mate_from_start: 6,
        after: "g6h8 f9e9 f6g8 e9f9 g8e7 f9e9",
        mate_in: 3,
    },
    Problem {
        number: 254,
        title: "毙马仆途",
        start: "3a3nC/1R4c2/2C1k2r1/9/9/r6N1/9/9/4p4/3K5 w - - 0 1",
        mate_from_start: 3,
        after: "",
        mate_in: 3,
    },
    Problem {
        number: 259,
        title: "阴持两端",
        start: "3k5/9/9/8p/9/2R3B1r/9/4BA3/6r2/2R2K3 w - - 0 1",
        mate_from_start: 7,
        after: "c4d4 d9e9 c0e0 g1f1 f0f1 i4i1 f1f0 i1f1 f0f1 e9f9 e2c0 i6i5",
        mate_in: 1,
    },
    Problem {
        number: 260,
        title: "直造竹所",
        start: "3k5/4R4/4b3R/2r1p4/9/7C1/9/9/5pr2/4K4 w - - 0 1",
        mate_from_start: 5,
        after: "e8e9 d9e9 i7e7 e9d9",
        mate_in: 3,
    },
    Problem {
        number: 261,
        title: "金创满身",
        start: "9/9/R2ak1P2/2rN5/9/9/1C7/4rn3/3K5/9 w - - 0 1",
        mate_from_start: 4,
        after: "a7d7 e7e8 d7e7 e8e7",
        mate_in: 2,
    },
    Problem {
        number: 262,
        title: "不服自老",
        start: "2Pa5/1r2a2R1/4k4/9/4N4/9/9/3p1n3/9/3K5 w - - 0 1",
        mate_from_start: 8,
        after: "h8h7 e8f7 e5c6 e7e8 h7h8 e8e9 c9d9 e9f9 c6e7 f7e8 h8h9 f9f8 e7g6 f8f7",
        mate_in: 1,
    },
    Problem {
        number: 263,
        title: "增补隘口",
        start: "4k4/4a3R/4Pa3/7C1/4p4/9/9/2r6/5r3/3K5 w - - 0 1",
        mate_from_start: 6,
        after: "i8i9 e8f9 h6h9 f9e8 h9h3 e8f9",
        mate_in: 3,
    },
    Problem {
        number: 264,
        title: "跃鲤吞饵",
        start: "6b2/1N1R5/5k3/9/9/9/9/4p4/2Rp1p2r/4K4 w - - 0 1",
        mate_from_start: 6,
        after: "c1c7 g9e7 c7e7 f7e7 b8c6 e7f7 c6e5 f7e7",
        mate_in: 2,
    },
    Problem {
        number: 265,
        title: "巅峰得路",
        start: "2b1k4/2P6/3Rn1P2/9/4r4/9/9/3R5/4r4/3K5 w - - 0 1",
        mate_from_start: 5,
        after: "d7e7 e5e7 d2d9 e9e8 c8d8 e8f8 g7g8 f8f7",
        mate_in: 1,
    },
    Problem {
        number: 266,
        title: "入穴取虎",
        start: "3k1a3/9/3a5/3rRN2C/9/9/9/6n2/5r3/4K4 w - - 0 1",
        mate_from_start: 4,
        after: "e6e9 d9d8",
        mate_in: 3,
    },
    Problem {
        number: 268,
        title: "直穷到底",
        start: "9/4ak3/5a3/6P2/7r1/1r7/9/C2RR4/5p3/4K4 w - - 0 1",
        mate_from_start: 8,
        after: "e2e8 f7e8 d2f2 b4f4 f2f4 e8f7 f4f7 f8f7 g6f6 f7f8 a2f2 h5f5",
        mate_in: 2,
    },
    Problem {
        number: 269,
        title: "投躯帝廷",
        start: "1c2k1C2/c4P3/5a3/9/9/9/9/7R1/3rp4/5K1C1 w - - 0 1",
        mate_from_start: 6,
        after: "h2e2 e9d9 e2e9 d9d8 h0h8 d8d7 e9d9 d7e7 g9g7 f7e8",
        mate_in: 1,
    },
    Problem {
        number: 270,
        title: "杨香跨虎",
        start: "N2k1ab2/2R1a4/2R6/9/9/5r3/9/5n3/4r4/5K3 w - - 0 1",
        mate_from_start: 9,
        after: "c8c9 d9d8 c7c8 d8d7 c8d8 d7d8 a9b7 d8d7 c9c7 d7d8 c7c5 d8d7",
        mate_in: 3,
    },
    Problem {
        number: 271,
        title: "吐胆倾心",
        start: "3a1k3/c2P5/2r2a3/6N2/9/6R2/9/4C4/4r4/5K3 w - - 0 1",
        mate_from_start: 4,
        after: "g6e7 c7e7 g4g9 f9f8",
        mate_in: 2,
    },
    Problem {
        number: 272,
        title: "赤心报国",
        start: "3k1aP2/8C/5a3/4R1N2/9/9/9/6n2/3r1p3/4K4 w - - 0 1",
        mate_from_start: 6,
        after: "e6e9 d9d8 g6f8 f9e8 e9e8 f7e8 f8e6 d8d9 i8i9 e8f9",
        mate_in: 1,
    },
    Problem {
        number: 273,
        title: "舍命如归",
        start: "9/r2k5/1R1ab4/3N5/2b6/1C7/9/3n1p3/9/5K3 w - - 0 1",
        mate_from_start: 4,
        after: "b7d7 d8e8",
        mate_in: 3,
    },
    Problem {
        number: 274,
        title: "辎重塞途",
        start: "3k1a3/nPR1a4/2Nr5/9/9/9/9/9/5r3/2c1K4 w - - 0 1",
        mate_from_start: 4,
        after: "c8c9 d9d8 c9d9 e8d9",
        mate_in: 2,
    },
    Problem {
        number: 276,
        title: "路车乘马",
        start: "1c1k5/4R4/4N4/4rC3/9/6Rr1/9/6C2/4p4/5K3 w - - 0 1",
        mate_from_start: 4,
        after: "e8d8 d9d8 g4g8 d8d7 f6f7 d7e7",
        mate_in: 1,
    },
    Problem {
        number: 277,
        title: "双骑追敌",
        start: "5k3/9/1P7/7NN/9/8C/9/3p5/r3p4/3K5 w - - 0 1",
        mate_from_start: 8,
        after: "i6h8 f9e9 h6g8 e9e8 g8f6 e8e9 f6d7 e9e8 i4i8 e8e7",
        mate_in: 3,
    },
    Problem {
        number: 362,
        title: "视死如归",
        start: "r2k5/9/2P6/9/6bN1/4R4/9/2np1pn2/4K4/9 w - - 0 1",
        mate_from_start: 4,
        after: "e4e9 d9d8 c7c8 d8d7",
        mate_in: 2,
    },
    Problem {
        number: 364,
        title: "从容中道",
        start: "3k1a3/2P4R1/3a5/9/6bR1/9/9/7C1/1p2rp3/3K5 w - - 0 1",
        mate_from_start: 8,
        after: "h2i2 d9e9 i2i9 f9e8 h8f8 e1d1 d0d1 b1c1 d1d2 g5i7 h5h9 i7g9 h9g9 e8f9",
        mate_in: 1,
    },
    Problem {
        number: 372,
        title: "兵入其腹",
        start: "5k3/3P5/3a1a3/9/9/9/p3r3p/C6R1/5K3/9 w - - 0 1",
        mate_from_start: 6,
        after: "h2h7 e3e1 f1e1 f7e8 a2c2 a3b3",
        mate_in: 3,
    },
    Problem {
        number: 381,
        title: "退无所归",
        start: "6b2/9/3k5/4P1N2/2b6/9/9/9/3p2p2/4K4 w - - 0 1",
        mate_from_start: 5,
        after: "e6d6 d7d8 g6f8 d1e1 e0e1 g1f1",
        mate_in: 2,
    },
    Problem {
        number: 399,
        title: "王母蟠桃",
        start: "2P2R3/4r4/3k5/9/9/9/9/9/5K3/9 w - - 0 1",
        mate_from_start: 13,
        after: "f9g9 e8i8 f1e1 i8i1 e1e0 i1i0 e0e1 i0i8 g9d9 i8d8 d9e9 d8h8 e9e5 h8h1 e1e0 h1h0 e0e1 h0d0 e5e9 d0d1 e1e0 d1e1 e0e1 d7d8",
        mate_in: 1,
    },
    Problem {
        number: 413,
        title: "残虏投降",
        start: "5ab2/1P1k5/3a4b/9/6p2/9/6P2/9/4K4/5C3 w - - 0 1",
        mate_from_start: 9,
        after: "b8c8 d8d9 c8c9 d9d8 f0f8 g5g4 g3g4 i7g5 g4g5 g9i7 g5f5 i7g9",
        mate_in: 3,
    },
    Problem {
        number: 417,
        title: "动中有静",
        start: "3a1k3/9/3N1a1P1/9/8C/9/9/1p3p3/4p4/3K5 w - - 0 1",
        mate_from_start: 7,
        after: "i5a5 f2e2 h7g7 e1d1 d0d1 e2d2 d1e1 d2d1 e1d1 b2c2",
        mate_in: 2,
    },
];

const COMPOSED: &[(&str, &str, Expect)] = &[
    (
        "staggered chariots (Red to move)",
        "4k4/R8/9/9/9/9/9/9/1R7/3K5 w - - 0 1",
        MateIn(1),
    ),
    (
        "staggered chariots (colours reversed, Black to move)",
        "3k5/1r7/9/9/9/9/9/9/r8/4K4 b - - 0 1",
        MateIn(1),
    ),
    (
        "horse behind cannon (Red to move)",
        "4k4/9/4N4/9/C8/9/9/9/9/3K5 w - - 0 1",
        MateIn(1),
    ),
    (
        "horse behind cannon (colours reversed, Black to move)",
        "3k5/9/9/9/9/c8/9/4n4/9/4K4 b - - 0 1",
        MateIn(1),
    ),
    (
        "iron bolt (Red to move)",
        "3aka3/R8/4C4/9/9/9/9/9/9/4K4 w - - 0 1",
        MateIn(1),
    ),
    (
        "iron bolt (colours reversed, Black to move)",
        "4k4/9/9/9/9/9/9/4c4/r8/3AKA3 b - - 0 1",
        MateIn(1),
    ),
    (
        "palcorner horse with chariot (Red to move)",
        "3aka3/9/6N2/9/9/9/9/9/7R1/3K5 w - - 0 1",
        MateIn(2),
    ),
    (
        "palcorner horse with chariot (colours reversed, Black to move)",
        "3k5/7r1/9/9/9/9/9/6n2/9/3AKA3 b - - 0 1",
        MateIn(2),
    ),
    (
        "flying general with chariot (Red to move)",
        "3k5/R8/9/9/9/9/9/9/4R4/4K4 w - - 0 1",
        MateIn(1),
    ),
    (
        "flying general with chariot (colours reversed, Black to move)",
        "4k4/4r4/9/9/9/9/9/9/r8/3K5 b - - 0 1",
        MateIn(1),
    ),
    (
        "flying general with soldier (Red to move)",
        "5k3/9/4P4/4N4/9/9/9/9/9/4K4 w - - 0 1",
        MateIn(1),
    ),
    (
        "flying general with soldier (colours reversed, Black to move)",
        "4k4/9/9/9/9/9/4n4/4p4/9/5K3 b - - 0 1",
        MateIn(1),
    ),
    (
        "two soldiers knocking at the door (Red to move)",
        "4k4/9/3P1P3/9/9/9/9/9/4A4/4K4 w - - 0 1",
        MateIn(2),
    ),
    (
        "two soldiers knocking at the door (colours reversed, Black to move)",
        "4k4/4a4/9/9/9/9/9/3p1p3/9/4K4 b - - 0 1",
        MateIn(2),
    ),
    (
        "chariot and cannon on the central file (Red to move)",
        "3aka3/9/9/9/9/3R3C1/4C4/9/9/3K5 w - - 0 1",
        MateIn(1),
    ),
    (
        "chariot and cannon on the central file (colours reversed, Black to move)",
        "3k5/9/9/4c4/3r3c1/9/9/9/9/3AKA3 b - - 0 1",
        MateIn(1),
    ),
    (
        "chariot with the general's support (Red to move)",
        "5k3/4a4/9/9/9/9/6R2/9/4R4/4K4 w - - 0 1",
        MateIn(1),
    ),
    (
        "chariot with the general's support (colours reversed, Black to move)",
        "4k4/4r4/9/6r2/9/9/9/9/4A4/5K3 b - - 0 1",
        MateIn(1),
    ),
    (
        "soldier and chariot (Red to move)",
        "4ka3/3P3R1/9/9/9/9/9/9/9/3K5 w - - 0 1",
        MateIn(1),
    ),
    (
        "soldier and chariot (colours reversed, Black to move)",
        "3k5/9/9/9/9/9/9/9/3p3r1/4KA3 b - - 0 1",
        MateIn(1),
    ),
    (
        "palcorner horse with cannon (Red to move)",
        "3k1a3/4a4/9/1N7/9/9/9/7C1/9/5K3 w - - 0 1",
        MateIn(3),
    ),
    (
        "palcorner horse with cannon (colours reversed, Black to move)",
        "5k3/9/7c1/9/9/9/1n7/9/4A4/3K1A3 b - - 0 1",
        MateIn(3),
    ),
    (
        "chariot and horse (Red to move)",
        "9/4k4/9/1N5R1/9/9/9/9/9/3K5 w - - 0 1",
        MateIn(2),
    ),
    (
        "chariot and horse (colours reversed, Black to move)",
        "3k5/9/9/9/9/9/1n5r1/9/4K4/9 b - - 0 1",
        MateIn(2),
    ),
    (
        "double cannon (Red to move)",
        "3k5/1R2a4/9/9/4C4/9/9/9/4C4/5K3 w - - 0 1",
        MateIn(1),
    ),
    (
        "double cannon (colours reversed, Black to move)",
        "5k3/4c4/9/9/9/4c4/9/9/1r2A4/3K5 b - - 0 1",
        MateIn(1),
    ),
    (
        "cannon and soldier with the general's support (Red to move)",
        "4ka3/4a4/9/3P5/9/9/9/9/9/C2K5 w - - 0 1",
        MateIn(3),
    ),
    (
        "cannon and soldier with the general's support (colours reversed, Black to move)",
        "c2k5/9/9/9/9/9/3p5/9/4A4/4KA3 b - - 0 1",
        MateIn(3),
    ),
    (
        "horse and cannon (Red to move)",
        "3ak4/4a4/9/9/4N4/9/9/9/4C4/3K5 w - - 0 1",
        MateIn(4),
    ),
    (
        "horse and cannon (colours reversed, Black to move)",
        "3k5/4c4/9/9/9/4n4/9/9/4A4/3AK4 b - - 0 1",
        MateIn(4),
    ),
];

/// The problems of the manual that mate in four from their own start
/// position (Fairy-Stockfish 11.1), searched from there.
const PUBLISHED_MATES_IN_FOUR: &[Problem] = &[
    Problem {
        number: 261,
        title: "金创满身",
        start: "9/9/R2ak1P2/2rN5/9/9/1C7/4rn3/3K5/9 w - - 0 1",
        mate_from_start: 4,
        after: "",
        mate_in: 4,
    },
    Problem {
        number: 266,
        title: "入穴取虎",
        start: "3k1a3/9/3a5/3rRN2C/9/9/9/6n2/5r3/4K4 w - - 0 1",
        mate_from_start: 4,
        after: "",
        mate_in: 4,
    },
    Problem {
        number: 271,
        title: "吐胆倾心",
        start: "3a1k3/c2P5/2r2a3/6N2/9/6R2/9/4C4/4r4/5K3 w - - 0 1",
        mate_from_start: 4,
        after: "",
        mate_in: 4,
    },
    Problem {
        number: 273,
        title: "舍命如归",
        start: "9/r2k5/1R1ab4/3N5/2b6/1C7/9/3n1p3/9/5K3 w - - 0 1",
        mate_from_start: 4,
        after: "",
        mate_in: 4,
    },
    Problem {
        number: 274,
        title: "辎重塞途",
        start: "3k1a3/nPR1a4/2Nr5/9/9/9/9/9/5r3/2c1K4 w - - 0 1",
        mate_from_start: 4,
        after: "",
        mate_in: 4,
    },
    Problem {
        number: 276,
        title: "路车乘马",
        start: "1c1k5/4R4/4N4/4rC3/9/6Rr1/9/6C2/4p4/5K3 w - - 0 1",
        mate_from_start: 4,
        after: "",
        mate_in: 4,
    },
    Problem {
        number: 362,
        title: "视死如归",
        start: "r2k5/9/2P6/9/6bN1/4R4/9/2np1pn2/4K4/9 w - - 0 1",
        mate_from_start: 4,
        after: "",
        mate_in: 4,
    },
];

fn solve(
    position: Position,
    memory: &mut SearchMemory,
) -> SearchResult<arbiter_rules::xiangqi::Move> {
    let limits = Limits {
        nodes: Some(NODE_BUDGET),
        ..Limits::default()
    };
    let request = SearchRequest::new(XiangqiNode::new(position), limits);
    search(
        &request,
        &XiangqiEvaluator,
        memory,
        Arc::new(AtomicBool::new(false)),
        &mut |_| {},
    )
}

/// Replays each problem's `after` moves from its start and searches the
/// position reached; returns the unsolved ones.
fn unsolved(problems: &[Problem]) -> Vec<String> {
    let mut memory = SearchMemory::new(16);
    let mut failures = Vec::new();
    for problem in problems {
        let source = format!(
            "适情雅趣 No. {:03} {} (mate in {} from the start; after '{}')",
            problem.number, problem.title, problem.mate_from_start, problem.after
        );
        let mut position = Position::from_fen(problem.start, Strictness::Strict).unwrap();
        for text in problem.after.split_whitespace() {
            let mv = parse_iccs(text).unwrap();
            assert!(position.is_legal(mv), "{source}: {text} is illegal");
            position.play(mv);
        }
        let result = solve(position, &mut memory);
        if !matches!(result.score, Score::Mate(m) if m > 0 && m <= problem.mate_in) {
            failures.push(format!(
                "{source}: got {:?} {:?} after {} nodes",
                result.best_move.map(format_iccs),
                result.score,
                result.nodes
            ));
        }
    }
    failures
}

#[test]
fn published_problems_are_solved_within_node_budget() {
    assert!(PUBLISHED.len() >= 30);
    assert!(PUBLISHED.iter().all(|p| (1..=3).contains(&p.mate_in)));
    let failures = unsolved(PUBLISHED);
    assert!(failures.is_empty(), "unsolved:\n{}", failures.join("\n"));
}

#[test]
fn published_mates_in_four_are_solved_from_their_start_positions() {
    let failures = unsolved(PUBLISHED_MATES_IN_FOUR);
    assert!(failures.is_empty(), "unsolved:\n{}", failures.join("\n"));
}

#[test]
fn composed_patterns_are_solved_within_node_budget() {
    let mut memory = SearchMemory::new(16);
    let mut failures = Vec::new();
    for (source, fen, expect) in COMPOSED {
        let position = Position::from_fen(fen, Strictness::Strict).unwrap();
        let result = solve(position, &mut memory);
        let best = result.best_move.map(format_iccs);
        let solved = match expect {
            MateIn(n) => matches!(result.score, Score::Mate(m) if m > 0 && m <= *n),
            Best(iccs) => best.as_deref() == Some(*iccs),
        };
        if !solved {
            failures.push(format!(
                "{source}: got {best:?} {:?} after {} nodes",
                result.score, result.nodes
            ));
        }
    }
    assert!(failures.is_empty(), "unsolved:\n{}", failures.join("\n"));
}
