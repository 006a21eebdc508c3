//! What the process-wide metrics say about calls and connections: the code
//! each call counts under (abandoned, malformed, past its deadline, cut by
//! the server), the method labels (HTTP-port calls among them), the
//! connection cap and the deadline for a first request. The Prometheus recorder is one per process, so these
//! tests have a binary of their own and run one at a time ([`SERIAL`]): each
//! reads exact deltas that a concurrent test would disturb.

#[path = "../support/mod.rs"]
mod support;

mod codes;
mod connections;
mod http_port;
mod observability;

/// Held by every test of this binary for its whole run.
pub(crate) static SERIAL: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());
