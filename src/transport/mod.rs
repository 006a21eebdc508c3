//! The transport layer: the only code that touches generated protobuf types.
//!
//! Three concerns, one folder each:
//! - [`rpc`]: the handlers of `arbiter.v1.Rules` and `arbiter.v1.Engine`
//!   (validate → convert → call the domain or the search → convert), the
//!   conversions between wire and domain types, errors as `Status`, and the
//!   LegalMoves answer, which the server writes in the wire format itself;
//! - [`net`]: the plumbing every call goes through whatever it asks: server
//!   assembly, connections and their limits, response frames, the global
//!   concurrency limit, drain at shutdown, metrics and spans, TLS and the
//!   Engine token, and the admin port;
//! - [`http`]: the HTTP port — JSON over HTTP and gRPC-Web into the same
//!   routed services and layers, the playground page and the OpenAPI
//!   document.
//!
//! [`proto`] is the generated code; `rpc` converts it, `net` routes it. Both
//! depend on [`shutdown`] (the drain signal), [`budget`] (the calls in
//! flight) and [`deadline`] (the `grpc-timeout` header) and neither on the
//! other's internals, except that the server in `net` assembles the `rpc`
//! services and the `http` port. [`watch`] (how a request stopped arriving)
//! is shared by `net`'s observing layer and the `http` port's gRPC-Web.

pub mod budget;
pub mod deadline;
pub mod http;
pub mod net;
pub mod proto;
pub mod rpc;
pub mod shutdown;
pub mod uci_remote;
pub mod watch;
