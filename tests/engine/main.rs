//! The search as a library component, without a server: determinism,
//! limits, cancellation and the worker pool, tactics solved within node
//! budgets, and the xiangqi rules the search plays by. `cargo test --test
//! engine <module>` runs one module alone.

mod bots;
mod chess_tactics;
mod search_behaviour;
mod xiangqi_rules_search;
mod xiangqi_tactics;
