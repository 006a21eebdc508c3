//! Side-by-side load for the bulk and session surfaces against a running
//! Arbiter, with the server's CPU time read from `/proc/<pid>/stat` (so the
//! figures hold on a machine shared with other work):
//!
//! - `unary`, `batch`, `stream`: Rules.LegalMoves on 40 chess middle-game
//!   positions (plies 20-59 of a long game, sent as FENs), one position per
//!   unary call, 100 per Batch call, or items streamed through BatchStream;
//!   printed as positions per second and per second of server CPU.
//! - `play`: Rules.Play sessions that start at ply `--ply` (the history in
//!   `start`) and play the game's next 20 moves, against sessions that only
//!   start: the difference is the server CPU per move at that ply.
//! - `status`: today's way to follow a game, GameStatus with the whole
//!   history at ply `--ply`, per call.
//! - `json`: the `unary` load as JSON over HTTP/1.1 (keep-alive, one
//!   connection per task) to the HTTP port at `--http`: the same positions,
//!   so its CPU per position against `unary`'s is what the JSON mapping and
//!   HTTP/1.1 cost per call.
//!
//! ```text
//! cargo build --release && target/release/arbiter &
//! cargo bench --bench batch_load -- --pid $! --mode batch --concurrency 8 --seconds 10
//! ```
//!
//! `--view coordinates` asks LegalMoves for the coordinates view (default:
//! the full view). `--connections N` spreads the tasks over N HTTP/2
//! connections (default one, as a single gRPC channel makes).

#![allow(
    clippy::print_stdout,
    clippy::unwrap_used,
    clippy::expect_used,
    missing_docs
)]

#[path = "../tests/support/mod.rs"]
mod support;

use std::{
    sync::{
        Arc,
        atomic::{AtomicU64, Ordering},
    },
    time::{Duration, Instant},
};

use arbiter::proto::{self as pb, rules_client::RulesClient};
use tokio::sync::mpsc;
use tokio_stream::{StreamExt, wrappers::ReceiverStream};
use tonic::transport::Channel;

/// How much each LegalMoves answer says (`--view full|coordinates`,
/// default full).
static VIEW: std::sync::OnceLock<pb::MoveView> = std::sync::OnceLock::new();

/// Positions per Batch call.
const BATCH: usize = 100;
/// Moves each Play session plays after its start.
const SESSION_MOVES: usize = 20;

struct Args {
    addr: String,
    pid: u32,
    mode: String,
    concurrency: usize,
    seconds: u64,
    ply: usize,
    http: String,
    connections: usize,
}

const USAGE: &str = "cargo bench --bench batch_load -- --pid <server pid> \
[--mode unary|batch|stream|play|status|json] [--addr http://127.0.0.1:50051] \
[--concurrency 8] [--seconds 10] [--ply 300] [--view full|coordinates] \
[--http 127.0.0.1:8080] [--connections 1]";

fn args() -> Args {
    let mut args = Args {
        addr: "http://127.0.0.1:50051".to_owned(),
        pid: 0,
        mode: "unary".to_owned(),
        concurrency: 8,
        seconds: 10,
        ply: 300,
        http: "127.0.0.1:8080".to_owned(),
        connections: 1,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().expect("a value after the flag");
        match flag.as_str() {
            "--addr" => args.addr = value(),
            "--pid" => args.pid = value().parse().expect("a pid"),
            "--mode" => args.mode = value(),
            "--concurrency" => args.concurrency = value().parse().expect("a number"),
            "--seconds" => args.seconds = value().parse().expect("a number"),
            "--ply" => args.ply = value().parse().expect("a number"),
            "--view" => {
                let view = match value().as_str() {
                    "full" => pb::MoveView::Full,
                    "coordinates" => pb::MoveView::Coordinates,
                    other => panic!("--view full|coordinates, not {other}"),
                };
                VIEW.set(view).expect("one --view");
            }
            "--http" => args.http = value(),
            "--connections" => args.connections = value().parse().expect("a number"),
            "--help" | "-h" => {
                println!("{USAGE}");
                std::process::exit(0);
            }
            // `cargo bench` passes `--bench`.
            _ => {}
        }
    }
    if args.pid == 0 {
        eprintln!("--pid <server pid> is required\n\n{USAGE}");
        std::process::exit(2);
    }
    args
}

/// The server's user + system CPU time so far, in seconds.
fn server_cpu(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).expect("the server runs");
    let after_name = &stat[stat.rfind(')').expect("a stat line") + 2..];
    let fields: Vec<&str> = after_name.split(' ').collect();
    let ticks: f64 = fields[11].parse::<f64>().unwrap() + fields[12].parse::<f64>().unwrap();
    // CLK_TCK is 100 on every Linux this runs on.
    ticks / 100.0
}

fn legal_moves(fen: &str) -> pb::LegalMovesRequest {
    pb::LegalMovesRequest {
        position: Some(pb::Position {
            variant: pb::Variant::Chess.into(),
            fen: fen.to_owned(),
            ..pb::Position::default()
        }),
        options: None,
        view: VIEW.get().copied().unwrap_or(pb::MoveView::Full).into(),
    }
}

fn item(fen: &str) -> pb::BatchItem {
    pb::BatchItem {
        request: Some(pb::batch_item::Request::LegalMoves(legal_moves(fen))),
    }
}

fn chess(moves: &[String]) -> Option<pb::Position> {
    Some(pb::Position {
        variant: pb::Variant::Chess.into(),
        moves: moves.to_vec(),
        ..pb::Position::default()
    })
}

/// Runs `task` on `concurrency` tasks for `seconds`; each returns the units
/// of work it finished.
async fn drive<F, Fut>(args: &Args, channels: &[Channel], task: F) -> (f64, f64, f64)
where
    F: Fn(RulesClient<Channel>, Instant) -> Fut,
    Fut: std::future::Future<Output = u64> + Send + 'static,
{
    let deadline = Instant::now() + Duration::from_secs(args.seconds);
    let done = Arc::new(AtomicU64::new(0));
    let cpu_before = server_cpu(args.pid);
    let started = Instant::now();
    let mut tasks = Vec::new();
    for i in 0..args.concurrency {
        let client = RulesClient::new(channels[i % channels.len()].clone())
            .max_decoding_message_size(64 << 20)
            .max_encoding_message_size(64 << 20);
        let done = Arc::clone(&done);
        let work = task(client, deadline);
        tasks.push(tokio::spawn(async move {
            done.fetch_add(work.await, Ordering::Relaxed);
        }));
    }
    for t in tasks {
        t.await.unwrap();
    }
    let wall = started.elapsed().as_secs_f64();
    let cpu = server_cpu(args.pid) - cpu_before;
    (done.load(Ordering::Relaxed) as f64, wall, cpu)
}

/// One JSON LegalMoves call on a kept-alive HTTP/1.1 connection; the answer
/// is read to its end (by its content length) and checked for moves.
async fn json_call(stream: &mut tokio::net::TcpStream, buffer: &mut Vec<u8>, fen: &str) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let body = format!(r#"{{"position":{{"variant":"VARIANT_CHESS","fen":"{fen}"}}}}"#);
    let request = format!(
        "POST /arbiter.v1.Rules/LegalMoves HTTP/1.1\r\nHost: arbiter\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    buffer.clear();
    let mut chunk = [0u8; 16384];
    loop {
        let n = stream.read(&mut chunk).await.unwrap();
        assert!(n > 0, "the server closed the connection");
        buffer.extend_from_slice(&chunk[..n]);
        let Some(head_end) = buffer.windows(4).position(|w| w == b"\r\n\r\n") else {
            continue;
        };
        let head = String::from_utf8_lossy(&buffer[..head_end]).to_ascii_lowercase();
        assert!(head.starts_with("http/1.1 200"), "{head}");
        let length: usize = head
            .lines()
            .find_map(|l| l.strip_prefix("content-length:"))
            .expect("a content length")
            .trim()
            .parse()
            .unwrap();
        if buffer.len() >= head_end + 4 + length {
            assert!(buffer[head_end + 4..].starts_with(b"{\"moves\""));
            return;
        }
    }
}

fn report(what: &str, units: f64, wall: f64, cpu: f64) {
    println!(
        "{what}: {units:.0} in {wall:.1} s = {:.0}/s; server CPU {cpu:.2} s = {:.1} µs each, {:.0} per CPU second",
        units / wall,
        cpu * 1e6 / units,
        units / cpu
    );
}

#[tokio::main]
async fn main() {
    let args = args();
    let mut channels = Vec::new();
    for _ in 0..args.connections.max(1) {
        channels.push(
            Channel::from_shared(args.addr.clone())
                .unwrap()
                .connect()
                .await
                .expect("connects"),
        );
    }
    let fens = Arc::new(support::long_game::chess_middle_game_fens());
    match args.mode.as_str() {
        "unary" => {
            let (n, wall, cpu) = drive(&args, &channels, |mut client, deadline| {
                let fens = Arc::clone(&fens);
                async move {
                    let mut n = 0;
                    while Instant::now() < deadline {
                        let fen = &fens[n as usize % fens.len()];
                        client.legal_moves(legal_moves(fen)).await.unwrap();
                        n += 1;
                    }
                    n
                }
            })
            .await;
            report("unary LegalMoves positions", n, wall, cpu);
        }
        "json" => {
            let http = args.http.clone();
            let (n, wall, cpu) = drive(&args, &channels, |_, deadline| {
                let fens = Arc::clone(&fens);
                let http = http.clone();
                async move {
                    let mut stream = tokio::net::TcpStream::connect(&http)
                        .await
                        .expect("HTTP port");
                    stream.set_nodelay(true).unwrap();
                    let mut buffer = Vec::new();
                    let mut n = 0;
                    while Instant::now() < deadline {
                        let fen = &fens[n as usize % fens.len()];
                        json_call(&mut stream, &mut buffer, fen).await;
                        n += 1;
                    }
                    n
                }
            })
            .await;
            report("JSON LegalMoves positions", n, wall, cpu);
        }
        "batch" => {
            let items: Arc<Vec<pb::BatchItem>> =
                Arc::new((0..BATCH).map(|i| item(&fens[i % fens.len()])).collect());
            let (n, wall, cpu) = drive(&args, &channels, |mut client, deadline| {
                let items = Arc::clone(&items);
                async move {
                    let mut n = 0;
                    while Instant::now() < deadline {
                        let answer = client
                            .batch(pb::BatchRequest {
                                items: items.to_vec(),
                            })
                            .await
                            .unwrap()
                            .into_inner();
                        assert_eq!(answer.results.len(), BATCH);
                        n += BATCH as u64;
                    }
                    n
                }
            })
            .await;
            report("Batch(100) LegalMoves positions", n, wall, cpu);
        }
        "stream" => {
            let (n, wall, cpu) = drive(&args, &channels, |mut client, deadline| {
                let fens = Arc::clone(&fens);
                async move {
                    let (send, receive) = mpsc::channel(BATCH);
                    let feeder = tokio::spawn(async move {
                        let mut i = 0;
                        while Instant::now() < deadline {
                            if send.send(item(&fens[i % fens.len()])).await.is_err() {
                                break;
                            }
                            i += 1;
                        }
                    });
                    let mut results = client
                        .batch_stream(ReceiverStream::new(receive))
                        .await
                        .unwrap()
                        .into_inner();
                    let mut n = 0;
                    while let Some(result) = results.next().await {
                        result.unwrap();
                        n += 1;
                    }
                    feeder.await.unwrap();
                    n
                }
            })
            .await;
            report("BatchStream LegalMoves positions", n, wall, cpu);
        }
        "status" => {
            let game = Arc::new(support::long_game::chess(args.ply, false));
            let (n, wall, cpu) = drive(&args, &channels, |mut client, deadline| {
                let game = Arc::clone(&game);
                async move {
                    let mut n = 0;
                    while Instant::now() < deadline {
                        client
                            .game_status(pb::GameStatusRequest {
                                position: chess(&game),
                                options: None,
                            })
                            .await
                            .unwrap();
                        n += 1;
                    }
                    n
                }
            })
            .await;
            report(
                &format!("GameStatus calls at ply {}", args.ply),
                n,
                wall,
                cpu,
            );
        }
        "play" => {
            let game = Arc::new(support::long_game::chess(args.ply + SESSION_MOVES, false));
            let ply = args.ply;
            let session =
                move |mut client: RulesClient<Channel>, deadline: Instant, moves: usize| {
                    let game = Arc::clone(&game);
                    async move {
                        let mut sessions = 0;
                        while Instant::now() < deadline {
                            let (send, receive) = mpsc::channel(4);
                            let mut answers = client
                                .play(ReceiverStream::new(receive))
                                .await
                                .unwrap()
                                .into_inner();
                            let start = pb::play_request::Action::Start(pb::PlayStart {
                                position: chess(&game[..ply]),
                                options: None,
                            });
                            let actions = std::iter::once(start).chain(
                                game[ply..ply + moves]
                                    .iter()
                                    .map(|m| pb::play_request::Action::Move(m.clone())),
                            );
                            for action in actions {
                                send.send(pb::PlayRequest {
                                    action: Some(action),
                                })
                                .await
                                .unwrap();
                                let answer = answers.next().await.unwrap().unwrap();
                                assert!(answer.legal && answer.error.is_none());
                            }
                            drop(send);
                            assert!(answers.next().await.is_none());
                            sessions += 1;
                        }
                        sessions
                    }
                };
            let only_start = session.clone();
            let (starts, wall_a, cpu_a) =
                drive(&args, &channels, move |c, d| only_start(c, d, 0)).await;
            report(
                &format!("Play sessions started at ply {ply}"),
                starts,
                wall_a,
                cpu_a,
            );
            let (played, wall_b, cpu_b) =
                drive(&args, &channels, move |c, d| session(c, d, SESSION_MOVES)).await;
            report(
                &format!("Play sessions started at ply {ply} + {SESSION_MOVES} moves"),
                played,
                wall_b,
                cpu_b,
            );
            let per_move = (cpu_b / played - cpu_a / starts) / SESSION_MOVES as f64;
            println!(
                "Play at ply {ply}: server CPU per move {:.1} µs",
                per_move * 1e6
            );
        }
        other => panic!("unknown mode {other}: unary, batch, stream, status or play"),
    }
}
