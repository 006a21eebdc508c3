//! Arbiter: a stateless gRPC rules service for Western chess and Xiangqi.

pub mod game;
