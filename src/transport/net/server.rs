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

use metrics_exporter_prometheus::PrometheusHandle;
use tokio::{net::TcpListener, sync::watch, task::JoinHandle};
use tonic::{
    service::{Routes, RoutesBuilder, interceptor::InterceptedService},
    transport::{Server, server::TcpIncoming},
};
use tonic_health::{
    ServingStatus,
    pb::health_server::{Health, HealthServer},
    server::HealthReporter,
};
use tower::{ServiceBuilder, ServiceExt as _, util::BoxCloneSyncService};

use super::{
    connection::{self, ConnectionLimits, FirstRequestLayer, Port},
    drain::DrainLayer,
    flow,
    frames::SmallFramesLayer,
    http_port::{self, HttpLimits},
    limits::GlobalLimitLayer,
    observe::ObserveLayer,
    security::{self, EngineAuth},
    timeout::TimeoutLayer,
};
use crate::transport::rpc::{
    backend::Backends,
    engine::EngineService,
    records::RecordsService,
    rules::{Limits, RulesService},
};
use crate::transport::{budget::CallBudget, watch::WatchRequestsLayer};
use crate::{
    config::Config,
    proto::{
        self, engine_server::EngineServer, records_server::RecordsServer, rules_server::RulesServer,
    },
    telemetry::Telemetry,
    transport::http::{self as web, JsonApi},
};

/// Service names reported by the health service, besides "" (the server).
pub const HEALTH_SERVICES: [&str; 3] = [
    "arbiter.v1.Rules",
    "arbiter.v1.Engine",
    "arbiter.v1.Records",
];

/// Why the server did not start. Each names what it could not set up, so
/// that an operator reads the cause from the one line the process prints.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The configuration is inconsistent (flags or environment variables).
    #[error("{0}")]
    Config(String),
    /// A port could not be bound.
    #[error("cannot bind {port} address {addr}: {source}")]
    Bind {
        /// Which of the three ports: `gRPC`, `HTTP` or `admin`.
        port: &'static str,
        /// The address asked for.
        addr: SocketAddr,
        /// The operating system's refusal.
        source: std::io::Error,
    },
    /// The reflection services could not read the descriptor sets.
    #[error("reflection: {0}")]
    Reflection(#[from] tonic_reflection::server::Error),
    /// The TLS files could not be read or do not form a configuration.
    #[error("TLS configuration: {0}")]
    Tls(String),
    /// The search workers could not be started.
    #[error("{0}")]
    Engine(String),
    /// The HTTP port's JSON mapping could not be built.
    #[error("{0}")]
    Json(String),
}

/// Why a running server stopped other than by its shutdown sequence.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The gRPC port's server failed.
    #[error("gRPC server error: {0}")]
    Grpc(#[from] tonic::transport::Error),
    /// The HTTP port's server failed.
    #[error("HTTP server error: {0}")]
    Http(#[from] std::io::Error),
    /// A port's task ended abnormally (a panic, or the runtime shutting down).
    #[error("{port} server task failed: {source}")]
    Task {
        /// Which port's task: `gRPC`, `HTTP` or the shutdown sequence.
        port: &'static str,
        /// How the task ended.
        source: tokio::task::JoinError,
    },
}

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
    task: JoinHandle<Result<(), ServeError>>,
}

impl RunningServer {
    /// Starts the shutdown sequence and waits for it to finish.
    pub async fn shutdown(self) -> Result<(), ServeError> {
        let _ = self.shutdown.send(true);
        self.wait().await
    }

    /// Waits until the server stops by itself (after a signal).
    pub async fn wait(self) -> Result<(), ServeError> {
        self.task.await.map_err(|source| ServeError::Task {
            port: "shutdown",
            source,
        })?
    }
}

/// Binds the three ports and serves until `stop` resolves (or `shutdown` is
/// called on the returned handle). `telemetry` must be set up first: the
/// services register their metrics with its recorder as they are built.
pub fn start(
    config: Config,
    telemetry: &Telemetry,
    stop: impl Future<Output = ()> + Send + 'static,
) -> Pin<Box<dyn Future<Output = Result<RunningServer, StartError>> + Send>> {
    serve(config, telemetry.metrics().clone(), Box::pin(stop))
}

/// [`start`] without its generic parameter, returning the server's future
/// boxed. An `async fn`'s body is compiled in every crate that awaits it, and
/// with it every layer and task of the server stack it instantiates: the
/// binary and each test binary compiled the whole stack again. Behind a
/// trait object it is compiled once, here.
#[inline(never)]
fn serve(
    config: Config,
    metrics: PrometheusHandle,
    stop: Pin<Box<dyn Future<Output = ()> + Send>>,
) -> Pin<Box<dyn Future<Output = Result<RunningServer, StartError>> + Send>> {
    Box::pin(run(config, metrics, stop))
}

/// The steps of a start, in order: bind, report health, build the services,
/// wrap them for each port, serve each port, and hold the shutdown sequence.
async fn run(
    config: Config,
    metrics: PrometheusHandle,
    stop: Pin<Box<dyn Future<Output = ()> + Send>>,
) -> Result<RunningServer, StartError> {
    config.validate().map_err(StartError::Config)?;
    let listeners = Listeners::bind(&config).await?;
    let (health, health_service) = tonic_health::server::health_reporter();
    report_health(&health, ServingStatus::Serving).await;

    let (drain_tx, drain_rx) = watch::channel(false);
    // One budget for the global limit and the batch items it counts.
    let calls = CallBudget::new(config.max_concurrent_requests);
    let (routes, backends) = routes(&config, health_service, calls.clone(), &drain_rx)?;
    tokio::spawn(engine_health(
        health.clone(),
        backends.serving(),
        drain_rx.clone(),
    ));
    // One instance of each shared layer, so both ports count into the same
    // metrics and take from the same concurrency limit.
    let shared = SharedLayers {
        observe: ObserveLayer::new(&[
            proto::FILE_DESCRIPTOR_SET,
            tonic_health::pb::FILE_DESCRIPTOR_SET,
            tonic_reflection::pb::v1::FILE_DESCRIPTOR_SET,
            tonic_reflection::pb::v1alpha::FILE_DESCRIPTOR_SET,
        ]),
        drain: drain_rx.clone(),
        global_limit: GlobalLimitLayer::new(calls),
        timeout: TimeoutLayer::new(config.request_timeout()),
    };
    let ready = Arc::new(AtomicBool::new(true));
    let ports = Ports {
        grpc: serve_grpc(&config, &shared, routes.clone(), listeners.grpc)?,
        http: serve_http(&config, &shared, routes, listeners.http)?,
        admin: serve_admin(metrics, Arc::clone(&ready), listeners.admin, &drain_rx),
    };

    let (shutdown_tx, shutdown_rx) = watch::channel(false);
    let task = tokio::spawn(shutdown_sequence(
        ShutdownPlan {
            stop,
            asked: shutdown_rx,
            health,
            ready,
            drain: drain_tx,
            delay: Duration::from_secs(config.shutdown_delay_secs),
            drain_timeout: config.drain_timeout(),
            backends,
        },
        ports,
    ));
    Ok(RunningServer {
        grpc_addr: listeners.grpc_addr,
        admin_addr: listeners.admin_addr,
        http_addr: listeners.http_addr,
        shutdown: shutdown_tx,
        task,
    })
}

/// The three ports, bound (before anything else is built, so that a port in
/// use fails the start at once), with the addresses they bound.
struct Listeners {
    grpc: TcpListener,
    http: TcpListener,
    admin: TcpListener,
    grpc_addr: SocketAddr,
    http_addr: SocketAddr,
    admin_addr: SocketAddr,
}

impl Listeners {
    async fn bind(config: &Config) -> Result<Self, StartError> {
        let (grpc, grpc_addr) = bind("gRPC", config.grpc_addr).await?;
        let (admin, admin_addr) = bind("admin", config.admin_addr).await?;
        let (http, http_addr) = bind("HTTP", config.http_addr).await?;
        Ok(Listeners {
            grpc,
            http,
            admin,
            grpc_addr,
            http_addr,
            admin_addr,
        })
    }
}

async fn bind(
    port: &'static str,
    addr: SocketAddr,
) -> Result<(TcpListener, SocketAddr), StartError> {
    let error = |source| StartError::Bind { port, addr, source };
    let listener = TcpListener::bind(addr).await.map_err(error)?;
    let bound = listener.local_addr().map_err(error)?;
    Ok((listener, bound))
}

/// Sets the server ("") and every service of [`HEALTH_SERVICES`] to `status`.
async fn report_health(health: &HealthReporter, status: ServingStatus) {
    health.set_service_status("", status).await;
    for name in HEALTH_SERVICES {
        health.set_service_status(name, status).await;
    }
}

/// The Engine service's health follows its external engines: NOT_SERVING
/// while one cannot be started, SERVING again once it can; until the drain,
/// after which the shutdown sequence owns health.
async fn engine_health(
    health: HealthReporter,
    mut serving: watch::Receiver<bool>,
    mut drain: watch::Receiver<bool>,
) {
    // The first start may have failed before this task subscribed.
    serving.mark_changed();
    loop {
        let changed = tokio::select! {
            changed = serving.changed() => changed.is_ok(),
            _ = drain.wait_for(|&draining| draining) => false,
        };
        if !changed || *drain.borrow() {
            return;
        }
        let status = if *serving.borrow_and_update() {
            ServingStatus::Serving
        } else {
            ServingStatus::NotServing
        };
        tracing::info!(?status, "arbiter.v1.Engine health (external engines)");
        health.set_service_status("arbiter.v1.Engine", status).await;
    }
}

/// The routed services both ports call: health, reflection (v1 and
/// v1alpha), Rules, Records and Engine (behind its token); and the Engine
/// service's external engines.
fn routes(
    config: &Config,
    health: HealthServer<impl Health>,
    calls: CallBudget,
    drain: &watch::Receiver<bool>,
) -> Result<(Routes, Arc<Backends>), StartError> {
    let descriptor_sets = [
        proto::FILE_DESCRIPTOR_SET,
        tonic_health::pb::FILE_DESCRIPTOR_SET,
        tonic_types::pb::FILE_DESCRIPTOR_SET,
    ];
    let mut reflection = tonic_reflection::server::Builder::configure();
    for set in descriptor_sets {
        reflection = reflection.register_encoded_file_descriptor_set(set);
    }
    let mut reflection_v1alpha = tonic_reflection::server::Builder::configure();
    for set in descriptor_sets {
        reflection_v1alpha = reflection_v1alpha.register_encoded_file_descriptor_set(set);
    }
    let max_bytes = config.max_request_bytes;
    let rules = RulesServer::new(RulesService::new(Limits::from(config)).with_call_budget(calls))
        .max_decoding_message_size(max_bytes);
    let records = RecordsServer::new(RecordsService::new(config.max_history_moves))
        .max_decoding_message_size(max_bytes);
    let engine_service = EngineService::new(config)
        .map_err(StartError::Engine)?
        .with_drain(drain.clone());
    let backends = engine_service.backends();
    let engine = InterceptedService::new(
        EngineServer::new(engine_service).max_decoding_message_size(max_bytes),
        EngineAuth::new(config.engine_token.clone()),
    );
    let mut routes = RoutesBuilder::default();
    routes
        .add_service(health)
        .add_service(reflection.build_v1()?)
        .add_service(reflection_v1alpha.build_v1alpha()?)
        .add_service(rules)
        .add_service(records)
        .add_service(engine);
    Ok((routes.routes().prepare(), backends))
}

/// The layers both ports share, one instance each.
struct SharedLayers {
    observe: ObserveLayer,
    drain: watch::Receiver<bool>,
    global_limit: GlobalLimitLayer,
    timeout: TimeoutLayer,
}

/// The gRPC port (HTTP/2, and HTTP/1.1 for gRPC-Web): tonic's server with
/// its per-connection limits, TLS when configured, the connection limits of
/// [`connection`] and the shared layers.
fn serve_grpc(
    config: &Config,
    shared: &SharedLayers,
    routes: Routes,
    listener: TcpListener,
) -> Result<JoinHandle<Result<(), tonic::transport::Error>>, StartError> {
    let mut builder = Server::builder()
        .http2_keepalive_interval(config.keepalive_interval())
        .http2_keepalive_timeout(Some(Duration::from_secs(config.keepalive_timeout_secs)))
        .max_concurrent_streams(config.max_concurrent_streams)
        // Small per stream, large per connection: see `flow`.
        .initial_stream_window_size(flow::STREAM_WINDOW)
        .initial_connection_window_size(flow::CONNECTION_WINDOW)
        .concurrency_limit_per_connection(config.max_requests_per_connection)
        .load_shed(true);
    // No `.timeout()`: tonic's answers CANCELLED from outside the observing
    // layer; the shared `TimeoutLayer` answers DEADLINE_EXCEEDED inside it.
    let tls = security::server_tls(config).map_err(StartError::Tls)?;
    let tls_on = tls.is_some();
    if let Some(tls) = tls {
        builder = builder
            .tls_config(tls)
            .map_err(|e| StartError::Tls(e.to_string()))?;
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
    let router = builder
        // HTTP/1.1 for gRPC-Web; gRPC itself stays HTTP/2.
        .accept_http1(true)
        // Outermost, so that every answer reaches h2 in pieces it can batch.
        .layer(SmallFramesLayer::for_sockets(tls_on))
        // Before anything that may refuse a call: a refused call is still
        // the connection's first request.
        .layer(FirstRequestLayer)
        // Outside gRPC-Web, which folds a lost client into INTERNAL.
        .layer(WatchRequestsLayer)
        .layer(web::cors(&config.cors_origins))
        .layer(tonic_web::GrpcWebLayer::new())
        .layer(shared.observe.clone())
        .layer(DrainLayer::new(shared.drain.clone()))
        .layer(shared.global_limit.clone())
        .layer(shared.timeout)
        .add_routes(routes);
    let mut stop = shared.drain.clone();
    Ok(tokio::spawn(router.serve_with_incoming_shutdown(
        // Nagle's algorithm would hold a response's trailers back until the
        // client's delayed ACK (~40 ms) whenever the body spans more than one
        // write: every multi-kilobyte answer would take 40 ms.
        connection::incoming(
            TcpIncoming::from(listener).with_nodelay(Some(true)),
            ConnectionLimits {
                port: Port::GRPC,
                max_open: config.max_connections,
                handshake_timeout: config.handshake_timeout(),
                hard_limit,
            },
        ),
        async move {
            let _ = stop.wait_for(|&stop| stop).await;
        },
    )))
}

/// The HTTP port (JSON, gRPC-Web, the playground): it calls the same routes
/// in process, through the shared layers (the request timeout among them),
/// on connections held to the gRPC port's limits (`http_port`).
fn serve_http(
    config: &Config,
    shared: &SharedLayers,
    routes: Routes,
    listener: TcpListener,
) -> Result<JoinHandle<std::io::Result<()>>, StartError> {
    let in_process = ServiceBuilder::new()
        .layer(shared.observe.clone())
        .layer(DrainLayer::new(shared.drain.clone()))
        .layer(shared.global_limit.clone())
        .layer(shared.timeout)
        .service(routes)
        .map_response(|response| response.map(tonic::body::Body::new));
    let in_process = BoxCloneSyncService::new(in_process);
    let json = JsonApi::new(
        proto::FILE_DESCRIPTOR_SET,
        in_process.clone(),
        config.max_request_bytes,
        config.request_timeout(),
        Arc::new(shared.observe.clone()),
    )
    .map_err(StartError::Json)?;
    let http = web::router(in_process, json, &config.cors_origins);
    let limits = HttpLimits {
        connections: ConnectionLimits {
            port: Port::HTTP,
            max_open: config.http_max_connections,
            handshake_timeout: config.handshake_timeout(),
            hard_limit: None,
        },
        header_read_timeout: config.handshake_timeout(),
        keepalive_interval: config.keepalive_interval(),
        keepalive_timeout: Duration::from_secs(config.keepalive_timeout_secs),
        max_concurrent_streams: config.max_concurrent_streams,
    };
    Ok(tokio::spawn(http_port::serve(
        listener,
        http,
        limits,
        shared.drain.clone(),
    )))
}

/// The admin port (`/metrics`, `/healthz`, `/readyz`).
fn serve_admin(
    metrics: PrometheusHandle,
    ready: Arc<AtomicBool>,
    listener: TcpListener,
    drain: &watch::Receiver<bool>,
) -> JoinHandle<std::io::Result<()>> {
    let admin = super::admin::router(metrics, ready);
    let mut stop = drain.clone();
    tokio::spawn(async move {
        axum::serve(listener, admin)
            .with_graceful_shutdown(async move {
                let _ = stop.wait_for(|&stop| stop).await;
            })
            .await
    })
}

/// The serving tasks of the three ports.
struct Ports {
    grpc: JoinHandle<Result<(), tonic::transport::Error>>,
    http: JoinHandle<std::io::Result<()>>,
    admin: JoinHandle<std::io::Result<()>>,
}

/// What the shutdown sequence waits for and acts on.
struct ShutdownPlan {
    /// Resolves on a termination signal.
    stop: Pin<Box<dyn Future<Output = ()> + Send>>,
    /// Turns true when [`RunningServer::shutdown`] is called.
    asked: watch::Receiver<bool>,
    health: HealthReporter,
    ready: Arc<AtomicBool>,
    /// Turned true to start the drain.
    drain: watch::Sender<bool>,
    /// The pause between NOT_SERVING and the drain, for load balancers.
    delay: Duration,
    /// The hard deadline of the drain.
    drain_timeout: Duration,
    /// Their processes are ended after the drain.
    backends: Arc<Backends>,
}

/// Health to NOT_SERVING, the optional pause for load balancers, then a
/// drain of both serving ports bounded by the hard deadline.
async fn shutdown_sequence(mut plan: ShutdownPlan, ports: Ports) -> Result<(), ServeError> {
    tokio::select! {
        () = plan.stop => {}
        _ = shutdown_tx_closed_or_set(&mut plan.asked) => {}
    }
    tracing::info!("shutting down: health NOT_SERVING");
    plan.ready.store(false, Ordering::Release);
    report_health(&plan.health, ServingStatus::NotServing).await;
    if !plan.delay.is_zero() {
        tokio::time::sleep(plan.delay).await;
    }
    let _ = plan.drain.send(true);
    let http_abort = ports.http.abort_handle();
    let both = async { tokio::join!(ports.grpc, ports.http) };
    let drained = tokio::time::timeout(plan.drain_timeout, both).await;
    // Calls are over (or cut): no engine process outlives the server.
    plan.backends.close();
    match drained {
        Ok((grpc, http)) => {
            grpc.map_err(|source| ServeError::Task {
                port: "gRPC",
                source,
            })??;
            http.map_err(|source| ServeError::Task {
                port: "HTTP",
                source,
            })??;
            tracing::info!("drained; stopped");
        }
        Err(_) => tracing::warn!(
            timeout_secs = plan.drain_timeout.as_secs(),
            "drain deadline reached; closing remaining calls"
        ),
    }
    http_abort.abort();
    ports.admin.abort();
    Ok(())
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
