//! Assembly of the process: gRPC services (Rules, Engine, health,
//! reflection v1 and v1alpha) behind one observing layer, on the gRPC port
//! (also gRPC-Web, with CORS) and, through the same layers in process, on the
//! HTTP port (JSON, gRPC-Web, the playground: `transport::http`); the admin
//! port; and the shutdown sequence — health to NOT_SERVING, an optional pause for
//! load balancers, then a drain bounded by a hard deadline, in which open
//! server streams end at once (`drain`).

use std::{
    collections::hash_map::RandomState,
    future::Future,
    hash::BuildHasher,
    net::SocketAddr,
    pin::Pin,
    sync::{
        Arc,
        atomic::{AtomicBool, Ordering},
    },
    time::Duration,
};

use tokio::{net::TcpListener, sync::watch, task::JoinHandle};
use tonic::{
    service::{RoutesBuilder, interceptor::InterceptedService},
    transport::{Server, server::TcpIncoming},
};
use tonic_health::ServingStatus;
use tower::{ServiceBuilder, ServiceExt as _, util::BoxCloneSyncService};

use super::{
    connection::{self, ConnectionLimits, FirstRequestLayer},
    drain::DrainLayer,
    frames::SmallFramesLayer,
    limits::GlobalLimitLayer,
    observe::ObserveLayer,
    security::{self, EngineAuth},
};
use crate::transport::budget::CallBudget;
use crate::transport::rpc::{
    engine::EngineService,
    records::RecordsService,
    rules::{Limits, RulesService},
};
use crate::{
    config::Config,
    proto::{
        self, engine_server::EngineServer, records_server::RecordsServer, rules_server::RulesServer,
    },
    telemetry,
    transport::http::{self as web, JsonApi},
};

/// Service names reported by the health service, besides "" (the server).
pub const HEALTH_SERVICES: [&str; 3] = [
    "arbiter.v1.Rules",
    "arbiter.v1.Engine",
    "arbiter.v1.Records",
];

/// A running server: its bound addresses and the means to stop it.
#[derive(Debug)]
pub struct RunningServer {
    /// The address the gRPC listener bound (with the real port when 0 was asked for).
    pub grpc_addr: SocketAddr,
    /// The address the HTTP admin listener (`/metrics`, `/healthz`, `/readyz`) bound.
    pub admin_addr: SocketAddr,
    /// The address the HTTP listener (JSON, gRPC-Web, the playground) bound.
    pub http_addr: SocketAddr,
    shutdown: watch::Sender<bool>,
    task: JoinHandle<Result<(), String>>,
}

impl RunningServer {
    /// Starts the shutdown sequence and waits for it to finish.
    pub async fn shutdown(self) -> Result<(), String> {
        let _ = self.shutdown.send(true);
        self.task
            .await
            .map_err(|e| format!("server task failed: {e}"))?
    }

    /// Waits until the server stops by itself (after a signal).
    pub async fn wait(self) -> Result<(), String> {
        self.task
            .await
            .map_err(|e| format!("server task failed: {e}"))?
    }
}

/// Binds both ports and serves until `stop` resolves (or `shutdown` is
/// called on the returned handle).
pub fn start(
    config: Config,
    stop: impl Future<Output = ()> + Send + 'static,
) -> Pin<Box<dyn Future<Output = Result<RunningServer, String>> + Send>> {
    serve(config, Box::pin(stop))
}

/// [`start`] without its generic parameter, returning the server's future
/// boxed. An `async fn`'s body is compiled in every crate that awaits it, and
/// with it every layer and task of the server stack it instantiates: the
/// binary and each test binary compiled the whole stack again. Behind a
/// trait object it is compiled once, here.
#[inline(never)]
fn serve(
    config: Config,
    stop: Pin<Box<dyn Future<Output = ()> + Send>>,
) -> Pin<Box<dyn Future<Output = Result<RunningServer, String>> + Send>> {
    Box::pin(run(config, stop))
}

async fn run(
    config: Config,
    stop: Pin<Box<dyn Future<Output = ()> + Send>>,
) -> Result<RunningServer, String> {
    config.validate()?;
    let grpc_listener = TcpListener::bind(config.grpc_addr)
        .await
        .map_err(|e| format!("cannot bind gRPC address {}: {e}", config.grpc_addr))?;
    let admin_listener = TcpListener::bind(config.admin_addr)
        .await
        .map_err(|e| format!("cannot bind admin address {}: {e}", config.admin_addr))?;
    let http_listener = TcpListener::bind(config.http_addr)
        .await
        .map_err(|e| format!("cannot bind HTTP address {}: {e}", config.http_addr))?;
    let http_addr = http_listener
        .local_addr()
        .map_err(|e| format!("HTTP listener: {e}"))?;
    let grpc_addr = grpc_listener
        .local_addr()
        .map_err(|e| format!("gRPC listener: {e}"))?;
    let admin_addr = admin_listener
        .local_addr()
        .map_err(|e| format!("admin listener: {e}"))?;

    let (health_reporter, health_service) = tonic_health::server::health_reporter();
    health_reporter
        .set_service_status("", ServingStatus::Serving)
        .await;
    for name in HEALTH_SERVICES {
        health_reporter
            .set_service_status(name, ServingStatus::Serving)
            .await;
    }

    let reflection_v1 = tonic_reflection::server::Builder::configure()
        .register_encoded_file_descriptor_set(proto::FILE_DESCRIPTOR_SET)
        .register_encoded_file_descriptor_set(tonic_health::pb::FILE_DESCRIPTOR_SET)
        .register_encoded_file_descriptor_set(tonic_types::pb::FILE_DESCRIPTOR_SET)
        .build_v1()
        .map_err(|e| format!("reflection: {e}"))?;
    let reflection_v1alpha = tonic_reflection::server::Builder::configure()
        .register_encoded_file_descriptor_set(proto::FILE_DESCRIPTOR_SET)
        .register_encoded_file_descriptor_set(tonic_health::pb::FILE_DESCRIPTOR_SET)
        .register_encoded_file_descriptor_set(tonic_types::pb::FILE_DESCRIPTOR_SET)
        .build_v1alpha()
        .map_err(|e| format!("reflection: {e}"))?;

    let max_bytes = config.max_request_bytes;
    // The services register their counters with the recorder: install it first.
    let metrics = telemetry::metrics_handle();
    // One budget for the global limit and the batch items it counts.
    let calls = CallBudget::new(config.max_concurrent_requests);
    let rules =
        RulesServer::new(RulesService::new(Limits::from(&config)).with_call_budget(calls.clone()))
            .max_decoding_message_size(max_bytes);
    let records = RecordsServer::new(RecordsService::new(config.max_history_moves))
        .max_decoding_message_size(max_bytes);
    let (drain_tx, drain_rx) = watch::channel(false);
    let engine = InterceptedService::new(
        EngineServer::new(EngineService::new(&config)?.with_drain(drain_rx.clone()))
            .max_decoding_message_size(max_bytes),
        EngineAuth::new(config.engine_token.clone()),
    );

    let mut builder = Server::builder()
        .http2_keepalive_interval(config.keepalive_interval())
        .http2_keepalive_timeout(Some(Duration::from_secs(config.keepalive_timeout_secs)))
        .max_concurrent_streams(config.max_concurrent_streams)
        .concurrency_limit_per_connection(config.max_requests_per_connection)
        .load_shed(true)
        .timeout(config.request_timeout());
    let tls = security::server_tls(&config)?;
    let tls_on = tls.is_some();
    if let Some(tls) = tls {
        builder = builder
            .tls_config(tls)
            .map_err(|e| format!("TLS configuration: {e}"))?;
    }
    // At the age: GOAWAY, calls in flight continue. Age plus grace: the
    // connection is cut (`connection::Connection`). tonic's own grace option
    // is deliberately not used; see `connection`.
    let mut hard_limit = None;
    if let Some(age) = config.max_connection_age() {
        let age = jittered(age, RandomState::new().hash_one(std::process::id()));
        tracing::info!(
            max_connection_age_ms = u64::try_from(age.as_millis()).unwrap_or(u64::MAX),
            "connection age chosen for this process"
        );
        builder = builder.max_connection_age(age);
        hard_limit = Some(age.saturating_add(config.max_connection_age_grace()));
    }
    let mut routes = RoutesBuilder::default();
    routes
        .add_service(health_service)
        .add_service(reflection_v1)
        .add_service(reflection_v1alpha)
        .add_service(rules)
        .add_service(records)
        .add_service(engine);
    let routes = routes.routes().prepare();
    // One instance of each shared layer, so both ports count into the same
    // metrics and take from the same concurrency limit.
    let observe = ObserveLayer::new(&[
        proto::FILE_DESCRIPTOR_SET,
        tonic_health::pb::FILE_DESCRIPTOR_SET,
        tonic_reflection::pb::v1::FILE_DESCRIPTOR_SET,
        tonic_reflection::pb::v1alpha::FILE_DESCRIPTOR_SET,
    ]);
    let global_limit = GlobalLimitLayer::new(calls);
    let cors = web::cors(&config.cors_origins);
    let router = builder
        // HTTP/1.1 for gRPC-Web; gRPC itself stays HTTP/2.
        .accept_http1(true)
        // Outermost, so that every answer reaches h2 in pieces it can batch.
        .layer(SmallFramesLayer::for_sockets(tls_on))
        // Before anything that may refuse a call: a refused call is still
        // the connection's first request.
        .layer(FirstRequestLayer)
        .layer(cors)
        .layer(tonic_web::GrpcWebLayer::new())
        .layer(observe.clone())
        .layer(DrainLayer::new(drain_rx.clone()))
        .layer(global_limit.clone())
        .add_routes(routes.clone());

    // The HTTP port calls the same routes through the same layers, and the
    // request timeout the gRPC server applies.
    let in_process = ServiceBuilder::new()
        .layer(observe)
        .layer(DrainLayer::new(drain_rx.clone()))
        .layer(global_limit)
        .service(routes)
        .map_response(|response| response.map(tonic::body::Body::new));
    let in_process = web::with_timeout(
        BoxCloneSyncService::new(in_process),
        config.request_timeout(),
    );
    let json = JsonApi::new(proto::FILE_DESCRIPTOR_SET, in_process.clone(), max_bytes)?;
    let http = web::router(in_process, json, &config.cors_origins);

    let ready = Arc::new(AtomicBool::new(true));
    let admin = super::admin::router(metrics, Arc::clone(&ready));

    let (shutdown_tx, mut shutdown_rx) = watch::channel(false);
    let mut admin_stop = drain_rx.clone();
    let mut http_stop = drain_rx.clone();
    let mut grpc_stop = drain_rx;

    let grpc_task = tokio::spawn(router.serve_with_incoming_shutdown(
        // Nagle's algorithm would hold a response's trailers back until the
        // client's delayed ACK (~40 ms) whenever the body spans more than one
        // write: every multi-kilobyte answer would take 40 ms.
        connection::incoming(
            TcpIncoming::from(grpc_listener).with_nodelay(Some(true)),
            ConnectionLimits {
                max_open: config.max_connections,
                handshake_timeout: config.handshake_timeout(),
                hard_limit,
            },
        ),
        async move {
            let _ = grpc_stop.wait_for(|&stop| stop).await;
        },
    ));
    let http_task = tokio::spawn(async move {
        axum::serve(http_listener, http)
            .with_graceful_shutdown(async move {
                let _ = http_stop.wait_for(|&stop| stop).await;
            })
            .await
    });
    let admin_task = tokio::spawn(async move {
        axum::serve(admin_listener, admin)
            .with_graceful_shutdown(async move {
                let _ = admin_stop.wait_for(|&stop| stop).await;
            })
            .await
    });

    let drain_timeout = config.drain_timeout();
    let shutdown_delay = Duration::from_secs(config.shutdown_delay_secs);
    let task = tokio::spawn(async move {
        tokio::select! {
            () = stop => {}
            _ = shutdown_tx_closed_or_set(&mut shutdown_rx) => {}
        }
        tracing::info!("shutting down: health NOT_SERVING");
        ready.store(false, Ordering::Release);
        health_reporter
            .set_service_status("", ServingStatus::NotServing)
            .await;
        for name in HEALTH_SERVICES {
            health_reporter
                .set_service_status(name, ServingStatus::NotServing)
                .await;
        }
        if !shutdown_delay.is_zero() {
            tokio::time::sleep(shutdown_delay).await;
        }
        let _ = drain_tx.send(true);
        let http_abort = http_task.abort_handle();
        let both = async { tokio::join!(grpc_task, http_task) };
        match tokio::time::timeout(drain_timeout, both).await {
            Ok((Ok(Ok(())), Ok(Ok(())))) => tracing::info!("drained; stopped"),
            Ok((Ok(Err(e)), _)) => return Err(format!("gRPC server error: {e}")),
            Ok((Err(e), _)) => return Err(format!("gRPC server task failed: {e}")),
            Ok((_, Ok(Err(e)))) => return Err(format!("HTTP server error: {e}")),
            Ok((_, Err(e))) => return Err(format!("HTTP server task failed: {e}")),
            Err(_) => tracing::warn!(
                timeout_secs = drain_timeout.as_secs(),
                "drain deadline reached; closing remaining calls"
            ),
        }
        http_abort.abort();
        admin_task.abort();
        Ok(())
    });
    let _ = shutdown_tx.send(false);
    Ok(RunningServer {
        grpc_addr,
        admin_addr,
        http_addr,
        shutdown: shutdown_tx,
        task,
    })
}

async fn shutdown_tx_closed_or_set(rx: &mut watch::Receiver<bool>) {
    let _ = rx.wait_for(|&stop| stop).await;
}

/// Resolves on SIGTERM or SIGINT (Ctrl-C). The handlers are installed by this
/// call, not when the future is first polled: on a busy host the task that
/// polls it may start after the first requests, and a SIGTERM that arrived
/// before would kill the process instead of draining it.
pub fn termination_signal() -> impl Future<Output = ()> + Send + 'static {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let term = signal(SignalKind::terminate());
        let interrupt = signal(SignalKind::interrupt());
        async move {
            match (term, interrupt) {
                (Ok(mut term), Ok(mut interrupt)) => tokio::select! {
                    _ = term.recv() => tracing::info!("SIGTERM received"),
                    _ = interrupt.recv() => tracing::info!("SIGINT received"),
                },
                (Ok(mut term), Err(e)) => {
                    tracing::warn!(error = %e, "cannot listen for SIGINT; only SIGTERM stops the server");
                    term.recv().await;
                }
                (Err(e), Ok(mut interrupt)) => {
                    tracing::warn!(error = %e, "cannot listen for SIGTERM; only SIGINT stops the server");
                    interrupt.recv().await;
                }
                (Err(e), Err(_)) => {
                    tracing::error!(error = %e, "cannot listen for signals; the server stops only when killed");
                    std::future::pending::<()>().await;
                }
            }
        }
    }
    #[cfg(not(unix))]
    {
        async {
            let _ = tokio::signal::ctrl_c().await;
        }
    }
}

/// How far a process moves its maximum connection age from the configured
/// one, either way.
const CONNECTION_AGE_JITTER: f64 = 0.1;

/// `age` moved by up to ±[`CONNECTION_AGE_JITTER`] according to `entropy`.
/// Each process picks its own age once, so replicas started together (a
/// rollout) do not send all their clients away at the same moment.
fn jittered(age: Duration, entropy: u64) -> Duration {
    // Two thousand and one steps from -1 to +1.
    let unit = f64::from(u32::try_from(entropy % 2001).unwrap_or(1000)) / 1000.0 - 1.0;
    age.mul_f64(1.0 + CONNECTION_AGE_JITTER * unit)
}

#[cfg(test)]
mod jitter_tests {
    use std::{collections::BTreeSet, time::Duration};

    use super::jittered;

    #[test]
    fn connection_age_jitter_stays_within_ten_percent_and_varies() {
        let age = Duration::from_secs(600);
        let chosen: BTreeSet<Duration> = (0..5_000u64)
            .map(|entropy| jittered(age, entropy.wrapping_mul(0x9e37_79b9_7f4a_7c15)))
            .collect();
        assert!(chosen.len() > 1_000, "{}", chosen.len());
        let (low, high) = (chosen.first().unwrap(), chosen.last().unwrap());
        assert!(*low >= Duration::from_secs(540) && *high <= Duration::from_secs(660));
        assert!(*low < Duration::from_secs(545) && *high > Duration::from_secs(655));
        assert_eq!(jittered(age, 1000), age);
    }
}
