//! What every handler wraps domain work in: a panic becomes `INTERNAL` for
//! one call, and blocking work learns when its call is gone. Below the
//! handlers (rules, batch, play, engine, records), so they all share it
//! without importing each other.

use std::{
    panic::{AssertUnwindSafe, catch_unwind},
    sync::{
        Arc,
        atomic::{AtomicBool, Ordering},
    },
};

use tonic::Status;

/// Sets its flag when dropped: a handler's future is dropped when its call is
/// cancelled, which is how blocking work learns that nobody waits for it.
pub(super) struct SetOnDrop(pub(super) Arc<AtomicBool>);

impl Drop for SetOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Runs domain code, turning a panic into `INTERNAL` for this call only.
pub(super) fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, Status> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|panic| {
        let message = panic
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".to_owned());
        metrics::counter!("arbiter_handler_panics_total").increment(1);
        tracing::error!(panic = %message, "handler panicked");
        Status::internal("internal error while handling the request")
    })
}
