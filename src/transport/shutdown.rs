//! The drain signal, shared by what ends streams at shutdown: the drain layer
//! (`net::drain`, for Health/Watch) and the Analyze stream (`rpc::engine`),
//! neither of which depends on the other.

use std::{future::Future, pin::Pin};

use tokio::sync::watch;
use tonic::Status;

/// What a stream ended by the drain tells its client.
pub const SHUTTING_DOWN: &str = "the server is shutting down; retry on another connection";

/// A future that resolves once the drain has started (at once if it has).
pub type DrainSignal = Pin<Box<dyn Future<Output = ()> + Send>>;

/// The drain signal of `draining`, the receiver the server turns true when
/// the drain starts.
#[must_use]
pub fn signal(draining: &watch::Receiver<bool>) -> DrainSignal {
    let mut draining = draining.clone();
    Box::pin(async move {
        let _ = draining.wait_for(|&draining| draining).await;
    })
}

/// Counts a stream cut short by the drain and returns the status that ends
/// it.
#[must_use]
pub fn ended_by_drain() -> Status {
    metrics::counter!("arbiter_streams_ended_by_drain_total").increment(1);
    Status::unavailable(SHUTTING_DOWN)
}
