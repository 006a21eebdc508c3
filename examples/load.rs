//! Load generator for a running Arbiter: drives one RPC at a fixed
//! concurrency for a bounded time, checks every response's gRPC status (an
//! HTTP-level tool such as h2load counts a failed gRPC call as a success),
//! and prints throughput and latency percentiles from an HDR histogram.
//!
//! ```text
//! cargo build --release --example load --features load-tool
//! target/release/examples/load --rpc legal-moves-chess --concurrency 32 --duration 20
//! ```
//!
//! `--threads N` runs the calls on N single-threaded event loops (as
//! h2load does) instead of one multi-threaded runtime; see BENCHMARKS.md for
//! how the two client models move the figures.
//!
//! `--rate` caps the total request rate (for soak runs at a fraction of
//! capacity); `--metrics` reads the server's resident memory from its admin
//! port before and after the run.
//!
//! `--background-searches N` measures under mixed load: N more tasks, on
//! their own connection, keep `Engine.BestMove` calls (`--movetime-ms`) going
//! for the whole run, so the search pool stays saturated while the chosen RPC
//! is measured. Their outcomes are reported on a separate line: searches that
//! ran, and those the full pool refused with `RESOURCE_EXHAUSTED` (retried
//! after `--background-backoff-ms`); neither counts in the measured RPC's
//! figures.

#![allow(clippy::print_stdout)]

#[path = "../tests/support/mod.rs"]
mod support;

use std::{
    collections::BTreeMap,
    sync::Arc,
    time::{Duration, Instant},
};

use arbiter::proto::{self as pb, engine_client::EngineClient, rules_client::RulesClient};
use clap::{Parser, ValueEnum};
use hdrhistogram::Histogram;
use http::uri::PathAndQuery;
use prost::bytes::{Buf, BufMut, Bytes};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tonic::{
    Code, Request, Status,
    codec::{Codec, DecodeBuf, Decoder, EncodeBuf, Encoder},
    metadata::MetadataValue,
    transport::Channel,
};
use tonic_health::pb::{HealthCheckRequest, health_client::HealthClient};

/// The RPC to drive.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Rpc {
    /// grpc.health.v1.Health/Check: the transport's ceiling.
    Health,
    /// Rules.LegalMoves on a chess middle game (Kiwipete, 48 moves).
    LegalMovesChess,
    /// Rules.LegalMoves on a xiangqi middle game.
    LegalMovesXiangqi,
    /// Rules.GameStatus after a 200-ply chess game in UCI.
    GameStatus200,
    /// Rules.GameStatus after the same 200 plies in SAN.
    GameStatus200San,
    /// Rules.ValidateMove of one move on a chess middle game.
    ValidateMove,
    /// Engine.BestMove with a movetime limit.
    BestMove,
}

#[derive(Debug, Parser)]
#[command(about = "Drive one Arbiter RPC at a fixed concurrency and report latency")]
struct Args {
    /// Server address.
    #[arg(long, default_value = "http://127.0.0.1:50051")]
    addr: String,
    #[arg(long, value_enum, default_value_t = Rpc::Health)]
    rpc: Rpc,
    /// Calls in flight at once.
    #[arg(long, default_value_t = 32)]
    concurrency: usize,
    /// HTTP/2 connections the calls are spread over.
    #[arg(long, default_value_t = 4)]
    connections: usize,
    /// 0: every call on one multi-threaded runtime. N: N client threads,
    /// each a single-threaded event loop with its share of the connections
    /// and calls, as h2load's `-t`. A call's tasks then wake each other
    /// within one thread instead of across threads, which costs the client
    /// less when it waits on a slower call.
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Measured seconds.
    #[arg(long, default_value_t = 20)]
    duration: u64,
    /// Unmeasured seconds before (JIT-free, but warms caches and allocators).
    #[arg(long, default_value_t = 2)]
    warmup: u64,
    /// Total calls per second, spread over the workers; 0 = as fast as possible.
    #[arg(long, default_value_t = 0)]
    rate: u64,
    /// Engine.BestMove search time in milliseconds.
    #[arg(long, default_value_t = 50)]
    movetime_ms: u32,
    /// BestMove calls kept in flight in the background during the run.
    #[arg(long, default_value_t = 0)]
    background_searches: usize,
    /// Pause of a background task after a refused search, in milliseconds.
    #[arg(long, default_value_t = 20)]
    background_backoff_ms: u64,
    /// Bearer token for Engine calls.
    #[arg(long, env = "ARBITER_ENGINE_TOKEN", hide_env_values = true)]
    token: Option<String>,
    /// Admin address (host:port) to read process_resident_memory_bytes from.
    #[arg(long)]
    metrics: Option<String>,
    /// Write the RPC's request as a gRPC-framed body to this file and exit
    /// (for `h2load --data`).
    #[arg(long)]
    write_body: Option<std::path::PathBuf>,
    /// With `--write-body` and a LegalMoves RPC: write a Rules.Batch request
    /// of this many copies of the call instead (`h2load` then drives
    /// `/arbiter.v1.Rules/Batch`), for Batch's positions per second against
    /// the unary call's on the same position.
    #[arg(long, requires = "write_body")]
    batch_items: Option<usize>,
    /// Decode every response into its message type. Off by default: the
    /// status is checked either way, and decoding a 48-move list costs the
    /// client (which shares the machine with the server) more CPU than a
    /// health answer, which would skew the comparison towards the client.
    #[arg(long)]
    decode: bool,
    /// LegalMoves: how much each move says.
    #[arg(long, value_enum, default_value_t = View::Full)]
    view: View,
}

/// `LegalMovesRequest.view`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum View {
    Full,
    Coordinates,
}

impl From<View> for i32 {
    fn from(view: View) -> i32 {
        match view {
            View::Full => pb::MoveView::Full.into(),
            View::Coordinates => pb::MoveView::Coordinates.into(),
        }
    }
}

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const XIANGQI_MIDDLE_GAME: &str =
    "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1";

fn position(variant: pb::Variant, fen: &str, moves: Vec<String>) -> Option<pb::Position> {
    Some(pb::Position {
        variant: variant.into(),
        fen: fen.to_owned(),
        moves,
        ..pb::Position::default()
    })
}

/// The request of one call, built once and cloned per call.
#[derive(Clone)]
enum Call {
    Health(HealthCheckRequest),
    LegalMoves(pb::LegalMovesRequest),
    GameStatus(pb::GameStatusRequest),
    ValidateMove(pb::ValidateMoveRequest),
    BestMove(pb::BestMoveRequest),
}

fn call_for(args: &Args) -> Call {
    match args.rpc {
        Rpc::Health => Call::Health(HealthCheckRequest {
            service: String::new(),
        }),
        Rpc::LegalMovesChess => Call::LegalMoves(pb::LegalMovesRequest {
            position: position(pb::Variant::Chess, KIWIPETE, Vec::new()),
            options: None,
            view: args.view.into(),
        }),
        Rpc::LegalMovesXiangqi => Call::LegalMoves(pb::LegalMovesRequest {
            position: position(pb::Variant::Xiangqi, XIANGQI_MIDDLE_GAME, Vec::new()),
            options: None,
            view: args.view.into(),
        }),
        Rpc::GameStatus200 | Rpc::GameStatus200San => Call::GameStatus(pb::GameStatusRequest {
            position: position(
                pb::Variant::Chess,
                "",
                support::long_game::chess(200, args.rpc == Rpc::GameStatus200San),
            ),
            options: None,
        }),
        Rpc::ValidateMove => Call::ValidateMove(pb::ValidateMoveRequest {
            position: position(pb::Variant::Chess, KIWIPETE, Vec::new()),
            r#move: "Qxf6".to_owned(),
            options: None,
        }),
        Rpc::BestMove => best_move_call(args),
    }
}

fn best_move_call(args: &Args) -> Call {
    Call::BestMove(pb::BestMoveRequest {
        position: position(pb::Variant::Chess, KIWIPETE, Vec::new()),
        limits: Some(pb::SearchLimits {
            limit: Some(pb::search_limits::Limit::MovetimeMs(args.movetime_ms)),
        }),
        multipv: 1,
        options: None,
        ..Default::default()
    })
}

/// The request message, encoded.
fn request_body(call: &Call) -> Vec<u8> {
    use prost::Message as _;
    match call {
        Call::Health(r) => r.encode_to_vec(),
        Call::LegalMoves(r) => r.encode_to_vec(),
        Call::GameStatus(r) => r.encode_to_vec(),
        Call::ValidateMove(r) => r.encode_to_vec(),
        Call::BestMove(r) => r.encode_to_vec(),
    }
}

fn method_path(call: &Call) -> &'static str {
    match call {
        Call::Health(_) => "/grpc.health.v1.Health/Check",
        Call::LegalMoves(_) => "/arbiter.v1.Rules/LegalMoves",
        Call::GameStatus(_) => "/arbiter.v1.Rules/GameStatus",
        Call::ValidateMove(_) => "/arbiter.v1.Rules/ValidateMove",
        Call::BestMove(_) => "/arbiter.v1.Engine/BestMove",
    }
}

/// A codec that sends a pre-encoded request and only counts the response's
/// bytes: the gRPC status still comes from the trailers.
#[derive(Debug, Clone, Copy)]
struct RawCodec;

struct RawEncoder;

struct RawDecoder;

impl Codec for RawCodec {
    type Encode = Bytes;
    type Decode = usize;
    type Encoder = RawEncoder;
    type Decoder = RawDecoder;

    fn encoder(&mut self) -> RawEncoder {
        RawEncoder
    }

    fn decoder(&mut self) -> RawDecoder {
        RawDecoder
    }
}

impl Encoder for RawEncoder {
    type Item = Bytes;
    type Error = Status;

    fn encode(&mut self, item: Bytes, dst: &mut EncodeBuf<'_>) -> Result<(), Status> {
        dst.put_slice(&item);
        Ok(())
    }
}

impl Decoder for RawDecoder {
    type Item = usize;
    type Error = Status;

    fn decode(&mut self, src: &mut DecodeBuf<'_>) -> Result<Option<usize>, Status> {
        let len = src.remaining();
        src.advance(len);
        Ok(Some(len))
    }
}

/// One call through [`RawCodec`].
async fn perform_raw(
    path: &'static str,
    body: &Bytes,
    channel: &Channel,
    token: Option<&str>,
) -> Code {
    let mut grpc = tonic::client::Grpc::new(channel.clone());
    if grpc.ready().await.is_err() {
        return Code::Unavailable;
    }
    let mut request = Request::new(body.clone());
    if let Some(token) = token
        && let Ok(value) = MetadataValue::try_from(format!("Bearer {token}"))
    {
        request.metadata_mut().insert("authorization", value);
    }
    match grpc
        .unary(request, PathAndQuery::from_static(path), RawCodec)
        .await
    {
        Ok(_) => Code::Ok,
        Err(status) => status.code(),
    }
}

/// One call through the generated client, which decodes the response.
async fn perform(call: &Call, channel: &Channel, token: Option<&str>) -> Code {
    let result = match call.clone() {
        Call::Health(r) => HealthClient::new(channel.clone())
            .check(r)
            .await
            .map(|_| ()),
        Call::LegalMoves(r) => RulesClient::new(channel.clone())
            .legal_moves(r)
            .await
            .map(|_| ()),
        Call::GameStatus(r) => RulesClient::new(channel.clone())
            .game_status(r)
            .await
            .map(|_| ()),
        Call::ValidateMove(r) => RulesClient::new(channel.clone())
            .validate_move(r)
            .await
            .map(|_| ()),
        Call::BestMove(r) => {
            let mut request = Request::new(r);
            if let Some(token) = token
                && let Ok(value) = MetadataValue::try_from(format!("Bearer {token}"))
            {
                request.metadata_mut().insert("authorization", value);
            }
            EngineClient::new(channel.clone())
                .best_move(request)
                .await
                .map(|_| ())
        }
    };
    match result {
        Ok(()) => Code::Ok,
        Err(status) => status.code(),
    }
}

struct WorkerReport {
    latencies: Histogram<u64>,
    codes: BTreeMap<String, u64>,
}

type AnyError = Box<dyn std::error::Error + Send + Sync>;

impl WorkerReport {
    fn new() -> Result<WorkerReport, AnyError> {
        Ok(WorkerReport {
            latencies: Histogram::new_with_bounds(1, 120_000_000, 3)?,
            codes: BTreeMap::new(),
        })
    }

    fn merge(&mut self, other: WorkerReport) -> Result<(), AnyError> {
        self.latencies.add(&other.latencies)?;
        for (code, n) in other.codes {
            *self.codes.entry(code).or_insert(0) += n;
        }
        Ok(())
    }
}

/// What every worker of a run shares: the call, the credentials, the clock.
#[derive(Clone)]
struct Plan {
    job: Arc<Job>,
    token: Option<Arc<str>>,
    measure_from: Instant,
    end: Instant,
    interval: Option<Duration>,
}

/// Runs `calls` workers over `channels` on the current runtime until the
/// plan's end, and merges their reports.
async fn drive(plan: &Plan, channels: &[Channel], calls: usize) -> Result<WorkerReport, AnyError> {
    let workers: Vec<_> = (0..calls)
        .map(|i| {
            tokio::spawn(worker(
                Arc::clone(&plan.job),
                channels[i % channels.len()].clone(),
                plan.token.clone(),
                plan.measure_from,
                plan.end,
                plan.interval,
            ))
        })
        .collect();
    let mut merged = WorkerReport::new()?;
    for worker in workers {
        merged.merge(worker.await?)?;
    }
    Ok(merged)
}

/// How a worker calls: the request, and whether to decode the answers.
struct Job {
    call: Arc<Call>,
    body: Bytes,
    decode: bool,
}

async fn worker(
    job: Arc<Job>,
    channel: Channel,
    token: Option<Arc<str>>,
    measure_from: Instant,
    end: Instant,
    interval: Option<Duration>,
) -> WorkerReport {
    let (call, body, decode) = (&job.call, &job.body, job.decode);
    let path = method_path(call);
    let mut latencies = Histogram::<u64>::new_with_bounds(1, 120_000_000, 3)
        .unwrap_or_else(|e| panic!("histogram: {e}"));
    let mut codes = BTreeMap::new();
    let mut ticker = interval.map(|period| {
        let mut ticker = tokio::time::interval(period);
        ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        ticker
    });
    loop {
        if let Some(ticker) = &mut ticker {
            ticker.tick().await;
        }
        let started = Instant::now();
        if started >= end {
            break;
        }
        let code = if decode {
            perform(call, &channel, token.as_deref()).await
        } else {
            perform_raw(path, body, &channel, token.as_deref()).await
        };
        if started >= measure_from {
            let micros = u64::try_from(started.elapsed().as_micros()).unwrap_or(u64::MAX);
            latencies.saturating_record(micros.max(1));
            *codes.entry(format!("{code:?}")).or_insert(0) += 1;
        }
    }
    WorkerReport { latencies, codes }
}

/// One client thread's share of the run (`--threads`): its own connections
/// and calls on a single-threaded runtime.
struct EventLoop {
    addr: String,
    connections: usize,
    calls: usize,
    plan: Plan,
}

impl EventLoop {
    fn run(self) -> Result<WorkerReport, AnyError> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?;
        runtime.block_on(async move {
            let mut channels = Vec::new();
            for _ in 0..self.connections.max(1) {
                channels.push(Channel::from_shared(self.addr.clone())?.connect().await?);
            }
            drive(&self.plan, &channels, self.calls).await
        })
    }
}

/// Keeps one BestMove call in flight until `end`, retrying refused calls
/// after `backoff`; returns the count of each status.
async fn background_searches(
    call: Arc<Call>,
    channel: Channel,
    token: Option<Arc<str>>,
    end: Instant,
    backoff: Duration,
) -> BTreeMap<String, u64> {
    let mut codes = BTreeMap::new();
    while Instant::now() < end {
        let code = perform(&call, &channel, token.as_deref()).await;
        *codes.entry(format!("{code:?}")).or_insert(0) += 1;
        if code != Code::Ok {
            tokio::time::sleep(backoff).await;
        }
    }
    codes
}

/// Reads `process_resident_memory_bytes` from the admin port.
async fn resident_memory(admin: &str) -> Option<u64> {
    let mut stream = tokio::net::TcpStream::connect(admin).await.ok()?;
    stream
        .write_all(b"GET /metrics HTTP/1.1\r\nHost: admin\r\nConnection: close\r\n\r\n")
        .await
        .ok()?;
    let mut body = String::new();
    stream.read_to_string(&mut body).await.ok()?;
    body.lines()
        .find(|line| line.starts_with("process_resident_memory_bytes "))
        .and_then(|line| line.split_whitespace().nth(1))
        .and_then(|value| value.parse::<f64>().ok())
        .map(|value| value as u64)
}

#[tokio::main]
async fn main() -> Result<(), AnyError> {
    let args = Args::parse();
    let call = Arc::new(call_for(&args));
    if let Some(path) = &args.write_body {
        let body = match (args.batch_items, call.as_ref()) {
            (None, call) => request_body(call),
            (Some(items), Call::LegalMoves(request)) => {
                use prost::Message as _;
                let item = pb::BatchItem {
                    request: Some(pb::batch_item::Request::LegalMoves(request.clone())),
                };
                pb::BatchRequest {
                    items: vec![item; items],
                }
                .encode_to_vec()
            }
            (Some(_), _) => return Err("--batch-items needs a LegalMoves RPC".into()),
        };
        std::fs::write(path, support::wire::grpc_frame(&body))?;
        return Ok(());
    }
    let mut channels = Vec::new();
    for _ in 0..args.connections.max(1) {
        channels.push(Channel::from_shared(args.addr.clone())?.connect().await?);
    }
    // One call first: a wrong address or a failing RPC shows at once.
    let first = perform(&call, &channels[0], args.token.as_deref()).await;
    if first != Code::Ok {
        println!("warning: the first call returned {first:?}");
    }
    let rss_before = match &args.metrics {
        Some(admin) => resident_memory(admin).await,
        None => None,
    };

    let concurrency = args.concurrency.max(1);
    let interval =
        (args.rate > 0).then(|| Duration::from_secs_f64(concurrency as f64 / args.rate as f64));
    let measure_from = Instant::now() + Duration::from_secs(args.warmup);
    let end = measure_from + Duration::from_secs(args.duration);
    let token: Option<Arc<str>> = args.token.as_deref().map(Arc::from);
    let job = Arc::new(Job {
        body: Bytes::from(request_body(&call)),
        call: Arc::clone(&call),
        decode: args.decode,
    });
    // The background searches start before the warm-up, so the pool is
    // saturated when measuring begins, and run until the measured calls end.
    let background = if args.background_searches > 0 {
        let channel = Channel::from_shared(args.addr.clone())?.connect().await?;
        let search = Arc::new(best_move_call(&args));
        (0..args.background_searches)
            .map(|_| {
                tokio::spawn(background_searches(
                    Arc::clone(&search),
                    channel.clone(),
                    token.clone(),
                    end,
                    Duration::from_millis(args.background_backoff_ms),
                ))
            })
            .collect()
    } else {
        Vec::new()
    };
    let connections = channels.len();
    let plan = Plan {
        job,
        token: token.clone(),
        measure_from,
        end,
        interval,
    };
    let threads = args.threads.min(connections);
    let report = if threads == 0 {
        drive(&plan, &channels, concurrency).await?
    } else {
        let loops: Vec<_> = (0..threads)
            .map(|thread| {
                let share = EventLoop {
                    addr: args.addr.clone(),
                    connections: (0..connections).filter(|c| c % threads == thread).count(),
                    calls: (0..concurrency)
                        .filter(|i| (i % connections) % threads == thread)
                        .count(),
                    plan: plan.clone(),
                };
                std::thread::spawn(move || share.run())
            })
            .collect();
        let mut merged = WorkerReport::new()?;
        for handle in loops {
            merged.merge(handle.join().map_err(|_| "a client thread panicked")??)?;
        }
        merged
    };
    let WorkerReport { latencies, codes } = report;
    let measured = Instant::now()
        .saturating_duration_since(measure_from)
        .as_secs_f64();
    let total = latencies.len();
    let ok = codes.get("Ok").copied().unwrap_or(0);
    println!(
        "rpc={:?} concurrency={concurrency} connections={connections} threads={threads} duration={}s rate={}",
        args.rpc,
        args.duration,
        if args.rate > 0 {
            args.rate.to_string()
        } else {
            "max".to_owned()
        }
    );
    println!(
        "calls={total} ok={ok} errors={} throughput={:.0}/s",
        total - ok,
        total as f64 / measured
    );
    println!(
        "latency_us p50={} p90={} p99={} p99.9={} max={}",
        latencies.value_at_quantile(0.50),
        latencies.value_at_quantile(0.90),
        latencies.value_at_quantile(0.99),
        latencies.value_at_quantile(0.999),
        latencies.max()
    );
    println!("codes={codes:?}");
    if !background.is_empty() {
        let mut searches: BTreeMap<String, u64> = BTreeMap::new();
        for task in background {
            for (code, n) in task.await? {
                *searches.entry(code).or_insert(0) += n;
            }
        }
        let refused = searches.get("ResourceExhausted").copied().unwrap_or(0);
        let searched = searches.get("Ok").copied().unwrap_or(0);
        println!(
            "background best_move in_flight={} movetime_ms={} ok={searched} resource_exhausted={refused} other={}",
            args.background_searches,
            args.movetime_ms,
            searches.values().sum::<u64>() - searched - refused
        );
    }
    if let Some(admin) = &args.metrics {
        let after = resident_memory(admin).await;
        println!(
            "rss_bytes before={} after={}",
            rss_before.map_or("?".to_owned(), |b| b.to_string()),
            after.map_or("?".to_owned(), |b| b.to_string())
        );
    }
    if ok < total {
        std::process::exit(1);
    }
    Ok(())
}
