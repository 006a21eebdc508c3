//! The search as a library component, without a server: determinism,
//! limits, cancellation and the worker pool, tactics solved within node
//! budgets, the xiangqi rules the search plays by, what bots on a clock
//! need (bots), and `arbiter uci` through real clients (uci). `cargo test --test
//! engine <module>` runs one module alone.

mod arena;
mod bots;
mod chess_tactics;
mod search_behaviour;
mod uci;
mod variant_tactics;
mod xiangqi_rules_search;
mod xiangqi_tactics;
