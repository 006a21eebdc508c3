//! The HTTP admin port: `/metrics` (Prometheus text), `/healthz` (the process
//! is alive) and `/readyz` (it accepts traffic; false while draining). Nothing
//! else is exposed here.

use std::sync::{
    Arc,
    atomic::{AtomicBool, Ordering},
};

use axum::{Router, extract::State, http::StatusCode, response::IntoResponse, routing::get};
use metrics_exporter_prometheus::PrometheusHandle;

use crate::telemetry;

#[derive(Clone)]
struct AdminState {
    metrics: PrometheusHandle,
    ready: Arc<AtomicBool>,
}

/// The admin router. `ready` is shared with the gRPC server's lifecycle.
pub fn router(metrics: PrometheusHandle, ready: Arc<AtomicBool>) -> Router {
    Router::new()
        .route("/metrics", get(render_metrics))
        .route("/healthz", get(|| async { "ok\n" }))
        .route("/readyz", get(readiness))
        .with_state(AdminState { metrics, ready })
}

async fn render_metrics(State(state): State<AdminState>) -> impl IntoResponse {
    if let Some(rss) = telemetry::resident_memory_bytes() {
        #[allow(clippy::cast_precision_loss)]
        metrics::gauge!("process_resident_memory_bytes").set(rss as f64);
    }
    (
        [("content-type", "text/plain; version=0.0.4; charset=utf-8")],
        state.metrics.render(),
    )
}

async fn readiness(State(state): State<AdminState>) -> impl IntoResponse {
    if state.ready.load(Ordering::Acquire) {
        (StatusCode::OK, "ready\n")
    } else {
        (StatusCode::SERVICE_UNAVAILABLE, "draining\n")
    }
}
