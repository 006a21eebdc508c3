//! Arbiter: a stateless gRPC rules service for Western chess and Xiangqi.

pub mod eval;
pub mod game;
pub mod search;
