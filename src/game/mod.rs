//! The domain core: rules of the games, free of any transport concern.
//!
//! Nothing in here knows about gRPC, protobuf or the async runtime; the
//! transport layer converts wire types into these and back.

pub mod outcome;
pub mod xiangqi;

pub use outcome::{Outcome, Reason, RuleSet, Side};
