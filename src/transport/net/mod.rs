//! Network plumbing, the same for every call: the server's assembly, accepted
//! connections (cap, first-request deadline, maximum age), HTTP/2 receive
//! windows, response frames,
//! the global concurrency limit, drain at shutdown, metrics and spans, TLS and
//! the Engine token, and the admin port. Nothing here knows a rule.

pub mod admin;
pub mod connection;
pub mod drain;
pub mod flow;
pub mod frames;
pub mod limits;
pub mod observe;
pub mod security;
pub mod server;
