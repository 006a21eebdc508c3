//! The transport layer: the only code that touches generated protobuf types.
//! It converts wire messages to domain types, calls the domain, and converts
//! results and errors back.

pub mod admin;
pub mod codec;
pub mod connection;
pub mod convert;
pub mod drain;
pub mod engine;
pub mod frames;
pub mod limits;
pub mod observe;
pub mod security;
pub mod server;
pub mod service;
pub mod status;
pub mod wire;
