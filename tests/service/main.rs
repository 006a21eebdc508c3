//! The service end to end: every RPC of both games over real gRPC against an
//! in-process server, the Engine service, limits and connection lifetime,
//! TLS and the admin port, gRPC-Web and JSON over HTTP, hostile requests,
//! slow readers, the real binary's logs and shutdown, and the saved fuzz
//! corpus replayed through the harnesses.
//! `cargo test --test service <module>` runs one module alone.

#[path = "../support/mod.rs"]
mod support;

mod adversarial;
mod batch;
mod drain;
mod engine_backend;
mod engine_bots;
mod engine_e2e;
mod fuzz_corpus;
mod grpc_e2e;
mod grpc_web;
mod http_json;
mod limits;
mod play;
mod process;
mod records_e2e;
mod security;
mod slow_clients;
mod validate_position;
mod xiangqi_e2e;
mod xiangqi_repetition_grpc;
