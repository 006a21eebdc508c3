//! Slow and hostile clients for a running Arbiter, to run beside a load (the
//! soak in BENCHMARKS.md): for a bounded time, on 127.0.0.1 only,
//!
//! - `--readers N` BatchStream clients that send small items one DATA frame
//!   each and read the results at one a millisecond, stream after stream of
//!   `--items`; every result must arrive (an error ends the stream and is
//!   counted);
//! - `--slowloris N` connections to the HTTP port, a third each saying
//!   nothing, sending request headers a byte at a time, or sending a body a
//!   byte at a time, each reopened when the server closes it; counted: the
//!   connections opened, those closed at once (past the port's cap), and the
//!   longest any stayed open.
//!
//! It prints one line per kind and exits (status 1 if a reader saw an error).
//!
//! ```text
//! cargo build --release --example slow_clients --features load-tool
//! target/release/examples/slow_clients --grpc 127.0.0.1:50051 --http 127.0.0.1:8080 --duration 300
//! ```

#![allow(clippy::print_stdout)]

use std::{
    net::SocketAddr,
    sync::{
        Arc,
        atomic::{AtomicU64, Ordering},
    },
    time::{Duration, Instant},
};

use arbiter::proto::{
    self as pb, batch_item::Request as Item, batch_result::Result as Outcome,
    rules_client::RulesClient,
};
use clap::Parser;
use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::TcpStream,
    sync::mpsc,
};
use tokio_stream::{StreamExt, wrappers::ReceiverStream};
use tonic::transport::Channel;

#[derive(Debug, Parser)]
#[command(about = "Slow BatchStream readers and an HTTP slowloris against a running Arbiter")]
struct Args {
    /// The gRPC port (host:port on 127.0.0.1).
    #[arg(long, default_value = "127.0.0.1:50051")]
    grpc: SocketAddr,
    /// The HTTP port (host:port on 127.0.0.1).
    #[arg(long, default_value = "127.0.0.1:8080")]
    http: SocketAddr,
    /// Seconds to run.
    #[arg(long, default_value_t = 60)]
    duration: u64,
    /// Slow BatchStream readers, on one connection.
    #[arg(long, default_value_t = 1)]
    readers: usize,
    /// Items per BatchStream.
    #[arg(long, default_value_t = 20_000)]
    items: usize,
    /// Slowloris connections to the HTTP port.
    #[arg(long, default_value_t = 60)]
    slowloris: usize,
}

/// What the readers saw.
#[derive(Default)]
struct Reading {
    streams: AtomicU64,
    results: AtomicU64,
    errors: AtomicU64,
}

/// One slow reader: streams of `items` small items, results read at one a
/// millisecond, until `end`.
async fn slow_reader(channel: Channel, items: usize, end: Instant, seen: Arc<Reading>) {
    let item = pb::BatchItem {
        request: Some(Item::LegalMoves(pb::LegalMovesRequest {
            position: Some(pb::Position {
                variant: pb::Variant::Chess.into(),
                ..pb::Position::default()
            }),
            options: None,
            view: 0,
        })),
    };
    while Instant::now() < end {
        let (send, receive) = mpsc::channel(1);
        let item = item.clone();
        tokio::spawn(async move {
            for _ in 0..items {
                if send.send(item.clone()).await.is_err() {
                    return;
                }
            }
        });
        let mut results = match RulesClient::new(channel.clone())
            .batch_stream(ReceiverStream::new(receive))
            .await
        {
            Ok(response) => response.into_inner(),
            Err(status) => {
                println!("slow_reader error before any result: {status:?}");
                seen.errors.fetch_add(1, Ordering::Relaxed);
                tokio::time::sleep(Duration::from_secs(1)).await;
                continue;
            }
        };
        let mut received = 0;
        while let Some(result) = results.next().await {
            match result {
                Ok(pb::BatchResult {
                    result: Some(Outcome::LegalMoves(_)),
                }) => received += 1,
                other => {
                    println!("slow_reader error after {received} results: {other:?}");
                    seen.errors.fetch_add(1, Ordering::Relaxed);
                    break;
                }
            }
            seen.results.fetch_add(1, Ordering::Relaxed);
            if Instant::now() >= end {
                return;
            }
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        if received == items {
            seen.streams.fetch_add(1, Ordering::Relaxed);
        } else if Instant::now() < end {
            println!("slow_reader: a stream ended after {received} of {items} results");
            seen.errors.fetch_add(1, Ordering::Relaxed);
        }
    }
}

/// What the slowloris saw.
#[derive(Default)]
struct Loris {
    opened: AtomicU64,
    closed_at_once: AtomicU64,
    longest_ms: AtomicU64,
}

/// One slowloris connection, reopened whenever the server closes it: after
/// `head`, one byte of `drip` every 200 ms (none if empty).
async fn slowloris(
    addr: SocketAddr,
    head: Vec<u8>,
    drip: &'static [u8],
    end: Instant,
    seen: Arc<Loris>,
) {
    while Instant::now() < end {
        let opened = Instant::now();
        let Ok(mut stream) = TcpStream::connect(addr).await else {
            tokio::time::sleep(Duration::from_millis(200)).await;
            continue;
        };
        seen.opened.fetch_add(1, Ordering::Relaxed);
        let _ = stream.write_all(&head).await;
        let (mut reader, mut writer) = stream.into_split();
        let mut buffer = [0u8; 1024];
        let mut tick = tokio::time::interval(Duration::from_millis(200));
        let mut dripped = 0;
        loop {
            tokio::select! {
                read = reader.read(&mut buffer) => match read {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {}
                },
                _ = tick.tick() => {
                    if Instant::now() >= end {
                        return;
                    }
                    if !drip.is_empty() {
                        let _ = writer.write_all(&drip[dripped % drip.len()..][..1]).await;
                        dripped += 1;
                    }
                }
            }
        }
        let lasted = opened.elapsed();
        if lasted < Duration::from_millis(100) {
            seen.closed_at_once.fetch_add(1, Ordering::Relaxed);
            // At the port's cap: wait for a slot rather than spin.
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        let ms = u64::try_from(lasted.as_millis()).unwrap_or(u64::MAX);
        seen.longest_ms.fetch_max(ms, Ordering::Relaxed);
    }
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let args = Args::parse();
    for addr in [args.grpc, args.http] {
        if !addr.ip().is_loopback() {
            return Err(format!("{addr}: slow clients run against 127.0.0.1 only").into());
        }
    }
    let end = Instant::now() + Duration::from_secs(args.duration);
    let channel = Channel::from_shared(format!("http://{}", args.grpc))?
        .connect()
        .await?;
    let reading = Arc::new(Reading::default());
    let loris = Arc::new(Loris::default());
    let mut tasks = Vec::new();
    for _ in 0..args.readers {
        tasks.push(tokio::spawn(slow_reader(
            channel.clone(),
            args.items,
            end,
            Arc::clone(&reading),
        )));
    }
    let path = "/arbiter.v1.Rules/LegalMoves";
    let http = args.http;
    let headers = format!("POST {path} HTTP/1.1\r\nHost: {http}\r\n");
    let body = format!(
        "{headers}Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{{\"position\":"
    );
    for i in 0..args.slowloris {
        let (head, drip): (Vec<u8>, &'static [u8]) = match i % 3 {
            0 => (Vec::new(), b""),
            1 => (headers.clone().into_bytes(), b"X-Slow: yes"),
            _ => (body.clone().into_bytes(), b" "),
        };
        tasks.push(tokio::spawn(slowloris(
            http,
            head,
            drip,
            end,
            Arc::clone(&loris),
        )));
    }
    for task in tasks {
        task.await?;
    }
    let errors = reading.errors.load(Ordering::Relaxed);
    println!(
        "slow_reader readers={} streams_completed={} results={} errors={errors}",
        args.readers,
        reading.streams.load(Ordering::Relaxed),
        reading.results.load(Ordering::Relaxed),
    );
    println!(
        "slowloris connections={} opened={} closed_at_once={} longest_open_ms={}",
        args.slowloris,
        loris.opened.load(Ordering::Relaxed),
        loris.closed_at_once.load(Ordering::Relaxed),
        loris.longest_ms.load(Ordering::Relaxed),
    );
    if errors > 0 {
        std::process::exit(1);
    }
    Ok(())
}
