//! The rules of both games through the domain API, without a server:
//! reference perft suites, FEN and move validation, notation, endings and
//! repetition rulings, and property tests over the parsers and the request
//! path. One binary (one link) for the whole subject; each module is one
//! topic and `cargo test --test rules <module>` runs it alone.

#[path = "../support/mod.rs"]
mod support;

mod architecture;
mod chess_perft;
mod chess_rules;
mod chess_variants;
mod generated_code;
mod position_problems;
mod properties;
mod records;
mod xiangqi_chinese;
mod xiangqi_chinese_rules;
mod xiangqi_notation;
mod xiangqi_perft;
mod xiangqi_repetition;
mod xiangqi_repetition_rules;
mod xiangqi_rules;
mod xiangqi_undermining;
