//! Logs and metrics: a tracing subscriber (text or JSON) and the Prometheus
//! recorder behind the admin port's `/metrics`.

use std::sync::OnceLock;

use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use tracing_subscriber::{EnvFilter, fmt, prelude::*};

use crate::config::LogFormat;

/// Latency buckets in seconds: rules calls take microseconds to
/// milliseconds, searches up to the movetime cap.
const LATENCY_BUCKETS: &[f64] = &[
    0.000_05, 0.000_1, 0.000_25, 0.000_5, 0.001, 0.002_5, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5,
    1.0, 2.5, 5.0, 10.0, 30.0, 60.0,
];

/// What the log shows when `RUST_LOG` is not set: Arbiter's own events at
/// `info`, the HTTP/2 and gRPC plumbing only when it warns (at `info` and
/// below, h2, hyper and tower describe every connection and frame).
pub const DEFAULT_LOG_FILTER: &str =
    "info,h2=warn,hyper=warn,hyper_util=warn,tower=warn,tonic=warn";

/// The process's telemetry once set up: the Prometheus recorder behind the
/// admin port's `/metrics`. Logs need no handle: events go to the global
/// subscriber.
#[derive(Clone)]
pub struct Telemetry {
    metrics: PrometheusHandle,
}

impl std::fmt::Debug for Telemetry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Telemetry").finish_non_exhaustive()
    }
}

impl Telemetry {
    /// The recorder's handle, which renders the metrics as Prometheus text.
    #[must_use]
    pub fn metrics(&self) -> &PrometheusHandle {
        &self.metrics
    }
}

/// Sets up the process's telemetry: the global tracing subscriber in
/// `format`, filtered by `RUST_LOG` or else [`DEFAULT_LOG_FILTER`], and the
/// Prometheus recorder. Safe to call more than once (tests start several
/// servers in one process): the first subscriber and recorder stay, and
/// every call returns a handle to the same recorder.
pub fn init(format: LogFormat) -> Telemetry {
    init_logging(format);
    Telemetry {
        metrics: metrics_recorder(),
    }
}

/// The telemetry of a process that keeps its own logging (tests, or a
/// program that embeds the server): the recorder only.
pub fn metrics_only() -> Telemetry {
    Telemetry {
        metrics: metrics_recorder(),
    }
}

fn init_logging(format: LogFormat) {
    let filter =
        EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(DEFAULT_LOG_FILTER));
    let registry = tracing_subscriber::registry().with(filter);
    let result = match format {
        LogFormat::Text => registry.with(fmt::layer().with_target(false)).try_init(),
        LogFormat::Json => registry
            .with(
                fmt::layer()
                    .json()
                    .with_current_span(true)
                    .with_span_list(false)
                    .flatten_event(true),
            )
            .try_init(),
    };
    // Already installed (a second server in the same process): keep the first.
    drop(result);
}

/// The process-wide Prometheus recorder, installed on first use: the
/// services register their counters with the recorder when they are built,
/// so it must exist before them.
fn metrics_recorder() -> PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE
        .get_or_init(|| {
            let recorder = PrometheusBuilder::new()
                .set_buckets_for_metric(Matcher::Suffix("_seconds".to_owned()), LATENCY_BUCKETS)
                .map(PrometheusBuilder::build_recorder);
            match recorder {
                Ok(recorder) => {
                    let handle = recorder.handle();
                    // Fails only if another recorder is installed; the handle
                    // then renders nothing, which tests would notice.
                    let _ = metrics::set_global_recorder(recorder);
                    describe_metrics();
                    handle
                }
                Err(_) => PrometheusBuilder::new().build_recorder().handle(),
            }
        })
        .clone()
}

/// The counters without labels, with their help text: described, and on
/// the page from the start at 0 (a counter first shown at its first
/// increment is invisible to an alert on its rate until then, and a
/// dashboard shows no series).
const COUNTERS: &[(&str, &str)] = &[
    (
        "arbiter_handler_panics_total",
        "Handler panics turned into INTERNAL errors.",
    ),
    (
        "arbiter_shed_requests_total",
        "Calls and batch items refused at the global concurrency limit.",
    ),
    (
        "arbiter_engine_auth_failures_total",
        "Engine calls refused for a missing or wrong bearer token.",
    ),
    (
        "arbiter_streams_ended_by_drain_total",
        "Server streams (Health/Watch, Play, BatchStream, Analyze) ended when the drain started.",
    ),
    (
        "arbiter_grpc_connections_accepted_total",
        "gRPC connections accepted within the connection limit.",
    ),
    (
        "arbiter_grpc_connections_refused_total",
        "gRPC connections closed on arrival because the connection limit was reached.",
    ),
    (
        "arbiter_grpc_connections_handshake_timeouts_total",
        "gRPC connections closed for sending no request within the handshake timeout.",
    ),
    (
        "arbiter_grpc_connections_expired_total",
        "gRPC connections cut at their maximum age plus grace.",
    ),
    (
        "arbiter_http_connections_accepted_total",
        "HTTP port connections accepted within its connection limit.",
    ),
    (
        "arbiter_http_connections_refused_total",
        "HTTP port connections closed on arrival because its connection limit was reached.",
    ),
    (
        "arbiter_http_connections_handshake_timeouts_total",
        "HTTP port connections closed for sending no request within the handshake timeout.",
    ),
    (
        "arbiter_search_rejections_total",
        "Searches refused because the search queue was full.",
    ),
    ("arbiter_search_completed_total", "Searches completed."),
    (
        "arbiter_search_nodes_total",
        "Nodes searched by completed searches.",
    ),
];

/// The gauges without labels, with their help text: on the page from the
/// start at 0, as the counters.
const GAUGES: &[(&str, &str)] = &[
    (
        "arbiter_grpc_connections_open",
        "gRPC connections open now.",
    ),
    (
        "arbiter_grpc_connections_limit",
        "Most gRPC connections open at once (ARBITER_MAX_CONNECTIONS).",
    ),
    (
        "arbiter_http_connections_open",
        "HTTP port connections open now.",
    ),
    (
        "arbiter_http_connections_limit",
        "Most HTTP port connections open at once (ARBITER_HTTP_MAX_CONNECTIONS).",
    ),
    (
        "arbiter_play_sessions_open",
        "Rules.Play sessions open now.",
    ),
    ("arbiter_search_active", "Searches running now."),
    (
        "arbiter_search_queue_length",
        "Searches waiting for a worker now.",
    ),
];

/// Describes every metric, and puts the unlabelled counters and gauges on
/// the page at 0. Adding 0 registers a series without changing it, should
/// the recorder already count it.
fn describe_metrics() {
    metrics::describe_counter!("grpc_server_started_total", "RPCs started on the server.");
    metrics::describe_counter!(
        "grpc_server_handled_total",
        "RPCs completed on the server, regardless of success or failure."
    );
    metrics::describe_histogram!(
        "grpc_server_handling_seconds",
        metrics::Unit::Seconds,
        "Response latency of RPCs handled by the server."
    );
    metrics::describe_counter!(
        "arbiter_requests_total",
        "Domain requests by method and variant."
    );
    metrics::describe_counter!(
        "arbiter_perft_nodes_total",
        "Leaf nodes counted by Perft calls."
    );
    metrics::describe_histogram!(
        "arbiter_search_duration_seconds",
        metrics::Unit::Seconds,
        "Duration of completed searches."
    );
    metrics::describe_gauge!(
        "process_resident_memory_bytes",
        metrics::Unit::Bytes,
        "Resident memory of the process."
    );
    for &(name, help) in COUNTERS {
        metrics::describe_counter!(name, help);
        metrics::counter!(name).increment(0);
    }
    for &(name, help) in GAUGES {
        metrics::describe_gauge!(name, help);
        metrics::gauge!(name).increment(0.0);
    }
}

/// Resident set size of this process, read from /proc (Linux only).
#[must_use]
pub fn resident_memory_bytes() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096)
}
