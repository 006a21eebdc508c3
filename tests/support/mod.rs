//! Helpers shared by every test binary (`tests/rules`, `tests/engine`,
//! `tests/service`), by the benches and by the load example, so each exists
//! once: the reference data of `tests/data/` and its one reader, the one
//! seeded generator, the long test games, requests and wire bytes made by
//! hand, the in-process test server and the real binary as a child process.
//!
//! A binary includes the whole tree with
//! `#[path = "../support/mod.rs"] mod support;` (benches and examples with
//! `#[path = "../tests/support/mod.rs"]`) and uses the parts it needs, so
//! what one binary leaves unused is not dead code.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

pub(crate) mod data;
pub(crate) mod http;
pub(crate) mod long_game;
pub(crate) mod process;
pub(crate) mod requests;
pub(crate) mod rng;
pub(crate) mod server;
pub(crate) mod wire;

#[allow(unused_imports)]
pub(crate) use requests::{best_move_request, chess, legal_moves_request, xiangqi};
#[allow(unused_imports)]
pub(crate) use server::{TestServer, http_get, violated_field};
