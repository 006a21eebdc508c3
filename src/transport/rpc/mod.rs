//! The RPC handlers and what they need to speak the contract: conversions
//! between wire and domain types, domain errors as `Status`, the codec whose
//! decode errors are `INVALID_ARGUMENT`, and the hand-written LegalMoves
//! answer (`wire`).

mod answers;
pub mod backend;
mod batch;
pub mod codec;
pub mod convert;
pub mod engine;
mod guard;
mod play;
pub mod records;
pub mod rules;
pub mod status;
pub mod wire;
