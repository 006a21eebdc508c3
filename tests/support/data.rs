//! The reference data of `tests/data/` and the one reader of its EPD lines
//! (`FEN ;D1 20 ;D2 400 ...`): the chess perft suite (Stockfish 15.1), the
//! xiangqi perft suite (Fairy-Stockfish 11.1) and the xiangqi positions of
//! the WXF oracle (`FEN ;iccs WXF ...`, from `tests/data/gen_xiangqi_wxf.py`).

/// The chess perft suite.
pub(crate) const CHESS_EPD: &str = include_str!("../data/chess.epd");
/// The xiangqi perft suite.
pub(crate) const XIANGQI_EPD: &str = include_str!("../data/xiangqi.epd");
/// Chess960 (Stockfish 15.1) and the Lichess variants (Fairy-Stockfish 11.1):
/// `variant: FEN ;D1 n ...` lines, from `tests/data/gen_variant_perft.py`.
pub(crate) const CHESS_VARIANTS_EPD: &str = include_str!("../data/chess_variants.epd");
/// Legal moves, SAN and outcomes of python-chess on playout positions of
/// every chess variant, from `tests/data/gen_variant_corpus.py`.
pub(crate) const CHESS_VARIANTS_CORPUS: &str = include_str!("../data/chess_variants_corpus.txt");
/// Xiangqi positions with Fairy-Stockfish's WXF for every legal move.
pub(crate) const XIANGQI_WXF: &str = include_str!("../data/xiangqi_wxf.txt");
/// Xiangqi repetition cases with their published verdicts.
pub(crate) const XIANGQI_REPETITION: &str = include_str!("../data/xiangqi_repetition.txt");

/// One EPD line: a FEN and its perft counts as (depth, leaf nodes).
#[derive(Debug, Clone)]
pub(crate) struct Entry {
    pub(crate) fen: String,
    pub(crate) counts: Vec<(u32, u64)>,
}

/// The FEN of a `FEN ;field ;field` line.
pub(crate) fn fen_field(line: &str) -> &str {
    line.split(" ;").next().unwrap_or(line).trim()
}

/// Every non-empty line of a perft suite. Panics on a malformed line: the
/// suites are fixtures of this repository.
pub(crate) fn perft_suite(text: &str) -> Vec<Entry> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let mut fields = line.split(" ;");
            let fen = fields.next().unwrap().trim().to_owned();
            let counts = fields
                .map(|field| {
                    let mut kv = field.trim().trim_start_matches('D').split_whitespace();
                    let depth = kv.next().unwrap().parse().unwrap();
                    let nodes = kv.next().unwrap().parse().unwrap();
                    (depth, nodes)
                })
                .collect();
            Entry { fen, counts }
        })
        .collect()
}

/// The FENs of every xiangqi reference position: the perft suite, then the
/// WXF oracle's positions.
pub(crate) fn xiangqi_suite_fens() -> impl Iterator<Item = &'static str> {
    XIANGQI_EPD
        .lines()
        .chain(XIANGQI_WXF.lines())
        .filter(|l| !l.trim().is_empty())
        .map(fen_field)
}
