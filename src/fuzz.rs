//! Fuzz harnesses: one function per target, taking arbitrary bytes and
//! panicking only when the code under test breaks an invariant (a panic, a
//! round trip that does not hold, an error code other than
//! `INVALID_ARGUMENT`). The cargo-fuzz crate in `fuzz/` drives them with
//! libFuzzer; `tests/service/fuzz_corpus.rs` replays the saved corpus
//! through the same functions, so every input that ever found a bug stays a
//! test.
//!
//! Built only with the `fuzzing` feature (which `fuzz/Cargo.toml` and the
//! crate's own dev-dependency on itself turn on, so every `cargo test` has
//! it) and in the library's unit tests: the served binary does not carry
//! the harnesses.
//!
//! Adding a parser is a new [`Target`] variant, its name and one arm in
//! [`run`].

use arbiter_rules::{ChineseCharacters, Strictness};
use std::sync::OnceLock;

use prost::Message;
use shakmaty::{CastlingMode, EnPassantMode, Position, san::SanPlus, uci::UciMove};
use tonic::{Code, Request, Status};

use crate::{
    config::Config,
    proto::{self as pb, engine_server::Engine, rules_server::Rules},
    transport::rpc::{
        engine::EngineService,
        rules::{Limits, RulesService},
    },
};
use arbiter_rules::{
    chess::{self, MoveParseError},
    xiangqi,
};

/// A fuzz target.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// Chess FEN parsing, both strictness levels, and the FEN round trip.
    ChessFen,
    /// Chess move text (UCI or SAN) against a choice of positions.
    ChessMove,
    /// Arbitrary bytes decoded as each Rules request, or an Engine request
    /// with tiny limits, and handled.
    RulesRequest,
    /// Xiangqi FEN parsing, both strictness levels, and the FEN round trip.
    XiangqiFen,
    /// Xiangqi move text (ICCS, 1-based coordinates, WXF) against a choice
    /// of positions.
    XiangqiMove,
}

impl Target {
    /// Every target, for the corpus replay.
    pub const ALL: [Target; 5] = [
        Target::ChessFen,
        Target::ChessMove,
        Target::RulesRequest,
        Target::XiangqiFen,
        Target::XiangqiMove,
    ];

    /// The directory name under `fuzz/corpus/` and the cargo-fuzz binary name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Target::ChessFen => "chess_fen",
            Target::ChessMove => "chess_move",
            Target::RulesRequest => "rules_request",
            Target::XiangqiFen => "xiangqi_fen",
            Target::XiangqiMove => "xiangqi_move",
        }
    }
}

/// Runs one input through one target.
pub fn run(target: Target, data: &[u8]) {
    match target {
        Target::ChessFen => chess_fen(data),
        Target::ChessMove => chess_move(data),
        Target::RulesRequest => rules_request(data),
        Target::XiangqiFen => xiangqi_fen(data),
        Target::XiangqiMove => xiangqi_move(data),
    }
}

/// A parsed FEN formats to a FEN that parses strictly to the same position,
/// and is the position shakmaty's own FEN reader finds in the same fields.
pub fn chess_fen(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for strictness in [Strictness::Strict, Strictness::Lenient] {
        let ours = chess::fen::parse(text, strictness);
        let shakmaty_reading = shakmaty_fen(text, strictness);
        match (&ours, &shakmaty_reading) {
            (Ok(position), Some(reading)) => assert_eq!(
                position.to_setup(EnPassantMode::Always),
                reading.to_setup(EnPassantMode::Always),
                "'{text}' reads as another position than shakmaty's"
            ),
            (Ok(_), None) => panic!("'{text}' accepted, but shakmaty's FEN reader refuses it"),
            (Err(_), _) => {}
        }
        match ours {
            Ok(position) => {
                let formatted = chess::fen::format(&position);
                let reparsed = chess::fen::parse(&formatted, Strictness::Lenient)
                    .unwrap_or_else(|e| panic!("'{formatted}' (from '{text}') fails: {e}"));
                assert_eq!(
                    chess::fen::format(&reparsed),
                    formatted,
                    "FEN round trip changed the position"
                );
            }
            Err(error) => assert!(
                !error.to_string().is_empty(),
                "empty FEN error for '{text}'"
            ),
        }
    }
}

/// The position shakmaty's FEN reader makes of `text`'s fields (4 to 6, missing
/// clocks `0 1`), with the same tolerance as [`Strictness`]: the
/// oracle for the parser, which builds the board itself. It accepts more
/// spellings than ours (Shredder castling, `_` separators, pockets), so only
/// its refusals and its positions are compared.
fn shakmaty_fen(text: &str, strictness: Strictness) -> Option<shakmaty::Chess> {
    let fields: Vec<&str> = text.split_ascii_whitespace().collect();
    let normalized = match fields.len() {
        4 => format!("{} 0 1", fields.join(" ")),
        5 => format!("{} 1", fields.join(" ")),
        6 => fields.join(" "),
        _ => return None,
    };
    let fen = shakmaty::fen::Fen::from_ascii(normalized.as_bytes()).ok()?;
    match fen.into_position::<shakmaty::Chess>(CastlingMode::Standard) {
        Ok(position) => Some(position),
        Err(error) if strictness == Strictness::Lenient => error
            .ignore_invalid_castling_rights()
            .or_else(shakmaty::PositionError::ignore_invalid_ep_square)
            .or_else(shakmaty::PositionError::ignore_impossible_check)
            .or_else(shakmaty::PositionError::ignore_too_much_material)
            .ok(),
        Err(_) => None,
    }
}

/// Positions the move harness plays against: the start, castling and
/// en-passant chances, promotions, a checked king, an ambiguous-SAN setup.
pub const MOVE_POSITIONS: [&str; 8] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "4k3/1P6/8/8/8/8/6p1/4K3 b - - 0 1",
    "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
    "N3k3/8/8/8/8/8/8/N3K2N w - - 0 1",
];

/// Move text against a position: a parsed move is legal, and its UCI and
/// SAN spellings parse back to the same move; a refused UCI move is not
/// legal and gets a diagnosis.
pub fn chess_move(data: &[u8]) {
    let Some((&selector, text)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    let fen = MOVE_POSITIONS[usize::from(selector) % MOVE_POSITIONS.len()];
    let position = shakmaty::variant::VariantPosition::Chess(
        chess::fen::parse(fen, Strictness::Strict)
            .unwrap_or_else(|e| panic!("harness position {fen}: {e}")),
    );
    let legal = position.legal_moves();
    match chess::parse_move(&position, text) {
        Ok(m) => {
            assert!(legal.contains(&m), "'{text}' gave an illegal move");
            let uci = m.to_uci(CastlingMode::Standard).to_string();
            let san = SanPlus::from_move(position.clone(), m).to_string();
            for spelling in [&uci, &san] {
                let again = chess::parse_move(&position, spelling)
                    .unwrap_or_else(|e| panic!("'{spelling}' (from '{text}') fails: {e:?}"));
                assert_eq!(again, m, "'{spelling}' names another move");
            }
        }
        Err(MoveParseError::IllegalUci(uci)) => {
            if let Ok(m) = uci.to_move(&position) {
                panic!("'{text}' refused although {m:?} is legal");
            }
            let illegal = chess::diagnose(&position, uci);
            assert!(!illegal.detail.is_empty(), "no diagnosis for '{text}'");
        }
        Err(error) => assert!(
            !error.to_string().is_empty(),
            "empty move error for '{text}'"
        ),
    }
    // A UCI text that names a legal move must be accepted.
    if let Ok(uci) = text.trim().parse::<UciMove>()
        && uci.to_move(&position).is_ok()
    {
        assert!(chess::parse_move(&position, text).is_ok());
    }
}

/// A parsed xiangqi FEN formats to a FEN that parses to the same position.
pub fn xiangqi_fen(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for strictness in [Strictness::Strict, Strictness::Lenient] {
        match xiangqi::Position::from_fen(text, strictness) {
            Ok(position) => {
                let formatted = position.to_fen();
                let reparsed = xiangqi::Position::from_fen(&formatted, Strictness::Lenient)
                    .unwrap_or_else(|e| panic!("'{formatted}' (from '{text}') fails: {e}"));
                assert_eq!(reparsed.to_fen(), formatted, "FEN round trip changed");
            }
            Err(error) => assert!(!error.to_string().is_empty(), "empty error for '{text}'"),
        }
    }
}

/// Xiangqi positions the move harness plays against: the start, the
/// reference perft positions (checks, cannons with screens, few pieces).
pub const XIANGQI_MOVE_POSITIONS: [&str; 5] = [
    xiangqi::START_FEN,
    "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
    "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1",
    "4k4/9/9/9/9/4N4/9/9/9/4K4 w - - 0 1",
    "3aka3/9/9/9/4c4/9/9/9/9/3AK4 b - - 0 1",
];

/// Move text against a xiangqi position (the selector's low bit picks
/// 1-based coordinates): a parsed move is legal, and its ICCS, 1-based and
/// WXF spellings parse back to the same move.
pub fn xiangqi_move(data: &[u8]) {
    let Some((&selector, text)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    let one_based = selector & 1 == 1;
    let fen = XIANGQI_MOVE_POSITIONS[usize::from(selector >> 1) % XIANGQI_MOVE_POSITIONS.len()];
    let position = xiangqi::Position::from_fen(fen, Strictness::Strict)
        .unwrap_or_else(|e| panic!("harness position {fen}: {e}"));
    match xiangqi::notation::parse_move(&position, text, one_based) {
        Ok(m) => {
            assert!(position.is_legal(m), "'{text}' gave an illegal move");
            let spellings = [
                (xiangqi::notation::format_iccs(m), false),
                (xiangqi::notation::format_one_based(m), true),
                (xiangqi::notation::to_wxf(&position, m), false),
                (
                    xiangqi::chinese::to_chinese(&position, m, ChineseCharacters::Simplified),
                    false,
                ),
                (
                    xiangqi::chinese::to_chinese(&position, m, ChineseCharacters::Traditional),
                    false,
                ),
            ];
            for (spelling, one_based) in spellings {
                let again = xiangqi::notation::parse_move(&position, &spelling, one_based)
                    .unwrap_or_else(|e| panic!("'{spelling}' (from '{text}') fails: {e}"));
                assert_eq!(again, m, "'{spelling}' names another move");
            }
        }
        Err(error) => assert!(!error.to_string().is_empty(), "empty error for '{text}'"),
    }
}

/// The limits the request harness serves with: small enough that no input
/// can make one run slow (perft depth 3 is at most ~100k nodes).
#[must_use]
pub fn harness_limits() -> Limits {
    Limits {
        max_history_moves: 2048,
        max_perft_depth: 3,
        max_batch_items: 1000,
        play_idle_timeout: std::time::Duration::from_secs(300),
    }
}

fn runtime() -> &'static tokio::runtime::Runtime {
    static RUNTIME: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    RUNTIME.get_or_init(|| {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap_or_else(|e| panic!("fuzz runtime: {e}"))
    })
}

/// Checks the only outcomes a handler may give: an answer, or a client
/// error that says what is wrong. `UNIMPLEMENTED` stands for a feature
/// this build does not serve.
///
/// # Panics
/// On any other status, or on an error without a message.
pub fn assert_acceptable_status(status: &Status) {
    assert!(
        matches!(status.code(), Code::InvalidArgument | Code::Unimplemented),
        "unexpected {:?}: {}",
        status.code(),
        status.message()
    );
    assert!(!status.message().is_empty(), "error without a message");
}

thread_local! {
    /// The engine the request harness searches with: one worker per calling
    /// thread (test threads run harnesses side by side), a 1 MiB table and
    /// at most 20 ms per search.
    static ENGINE: EngineService = {
        let mut config = Config::for_tests();
        config.search_threads = 1;
        config.search_queue = 1;
        config.tt_mb = 1;
        config.max_movetime_ms = 20;
        config.default_movetime_ms = 20;
        EngineService::new(&config).unwrap_or_else(|e| panic!("fuzz engine: {e}"))
    };
}

/// Shrinks search limits so that no input makes a search slow: depth at most
/// 4, nodes at most 5,000, clocks at most 200 ms, mates at most 2 moves (and
/// every search is capped at 20 ms anyway). Zero
/// limits stay zero, so their validation is still exercised.
fn tiny(limits: Option<pb::SearchLimits>) -> Option<pb::SearchLimits> {
    use pb::search_limits::Limit;
    limits.map(|limits| pb::SearchLimits {
        limit: limits.limit.map(|limit| match limit {
            Limit::Depth(depth) => Limit::Depth(depth.min(4)),
            Limit::Nodes(nodes) => Limit::Nodes(nodes.min(5_000)),
            Limit::MovetimeMs(ms) => Limit::MovetimeMs(ms.min(20)),
            Limit::Clock(clock) => Limit::Clock(pb::ClockLimits {
                white_ms: clock.white_ms.min(200),
                black_ms: clock.black_ms.min(200),
                ..clock
            }),
            Limit::Mate(n) => Limit::Mate(n.min(2)),
        }),
    })
}

/// Checks the outcomes an Engine call may give besides an answer: a client
/// error, or `FAILED_PRECONDITION` for a game that is already over.
///
/// # Panics
/// On any other status, or on an error without a message.
pub fn assert_acceptable_engine_status(status: &Status) {
    if status.code() != Code::FailedPrecondition {
        assert_acceptable_status(status);
    }
    assert!(!status.message().is_empty(), "error without a message");
}

async fn best_move(engine: EngineService, mut request: pb::BestMoveRequest) -> Result<(), Status> {
    request.limits = tiny(request.limits);
    let answer = engine.best_move(Request::new(request)).await?.into_inner();
    assert!(answer.best_move.is_some(), "an answer without a move");
    Ok(())
}

async fn analyze(engine: EngineService, mut request: pb::AnalyzeRequest) -> Result<(), Status> {
    use tokio_stream::StreamExt as _;
    request.limits = tiny(request.limits);
    let mut stream = engine.analyze(Request::new(request)).await?.into_inner();
    let mut best = false;
    while let Some(message) = stream.next().await {
        best = matches!(
            message?.event,
            Some(pb::analyze_response::Event::BestMove(_))
        );
    }
    assert!(best, "the stream did not end with the best move");
    Ok(())
}

/// The first byte picks the request type (modulo 8: LegalMoves,
/// ValidateMove, GameStatus, Perft, then BestMove and Analyze twice each);
/// the rest is decoded as that message. A decodable message goes through the
/// real handler.
pub fn rules_request(data: &[u8]) {
    let Some((&selector, body)) = data.split_first() else {
        return;
    };
    if selector % 8 >= 4 {
        let engine = ENGINE.with(Clone::clone);
        let outcome: Option<Result<(), Status>> = runtime().block_on(async {
            if selector % 2 == 0 {
                match pb::BestMoveRequest::decode(body) {
                    Ok(request) => Some(best_move(engine, request).await),
                    Err(_) => None,
                }
            } else {
                match pb::AnalyzeRequest::decode(body) {
                    Ok(request) => Some(analyze(engine, request).await),
                    Err(_) => None,
                }
            }
        });
        if let Some(Err(status)) = outcome {
            assert_acceptable_engine_status(&status);
        }
        return;
    }
    let service = RulesService::new(harness_limits());
    let outcome: Option<Result<(), Status>> = runtime().block_on(async {
        match selector % 4 {
            0 => match pb::LegalMovesRequest::decode(body) {
                Ok(request) => Some(service.legal_moves(Request::new(request)).await.map(|_| ())),
                Err(_) => None,
            },
            1 => match pb::ValidateMoveRequest::decode(body) {
                Ok(request) => Some(
                    service
                        .validate_move(Request::new(request))
                        .await
                        .map(|_| ()),
                ),
                Err(_) => None,
            },
            2 => match pb::GameStatusRequest::decode(body) {
                Ok(request) => Some(service.game_status(Request::new(request)).await.map(|_| ())),
                Err(_) => None,
            },
            _ => match pb::PerftRequest::decode(body) {
                Ok(request) => Some(service.perft(Request::new(request)).await.map(|_| ())),
                Err(_) => None,
            },
        }
    });
    if let Some(Err(status)) = outcome {
        assert_acceptable_status(&status);
    }
}

/// Encodes a request for [`rules_request`]: the selector byte, then the
/// message. Used to build corpus entries and property tests.
#[must_use]
pub fn encode_rules_request(selector: u8, message: &impl Message) -> Vec<u8> {
    let mut bytes = vec![selector];
    bytes.extend(message.encode_to_vec());
    bytes
}

#[cfg(test)]
mod tests {
    /// Castling letters name rooks as shakmaty's FEN reader names them.
    #[test]
    fn castling_rooks_match_shakmaty() {
        for fen in [
            "4k3/8/8/8/8/8/8/R3K1RR w K - 0 1",
            "4k3/8/8/8/8/8/8/RR2K2R w Q - 0 1",
            "4k3/8/8/8/8/8/8/1R2K1R1 w KQ - 0 1",
            "r3k1rr/8/8/8/8/8/8/4K3 b kq - 0 1",
            "4k3/8/8/8/8/8/8/4KR2 w K - 0 1",
            "4k3/8/8/8/8/8/8/R3K3 w KQ - 0 1",
            "rk6/8/8/8/8/8/8/4K3 w q - 0 1",
            "4k3/8/8/8/8/8/8/4K2R w k - 0 1",
            "4k3/8/8/8/8/8/8/RK5R w QK - 0 1",
        ] {
            super::chess_fen(fen.as_bytes());
        }
    }
}
