//! Network plumbing, the same for every call: the server's assembly, accepted
//! connections of both ports (cap, first-request deadline, maximum age; the
//! HTTP port's server), HTTP/2 receive windows, the request timeout,
//! response frames,
//! the global concurrency limit, drain at shutdown, metrics and spans, TLS and
//! the Engine token, and the admin port. Nothing here knows a rule.

pub mod admin;
pub mod coalesce;
pub mod connection;
pub mod drain;
pub mod flow;
pub mod frames;
pub mod http_port;
pub mod limits;
pub mod observe;
pub mod security;
pub mod server;
pub mod timeout;
