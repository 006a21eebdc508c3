//! The `arbiter.v1.Engine` service.

use std::pin::Pin;

use tokio_stream::Stream;
use tonic::{Request, Response, Status};

use crate::{
    config::Config,
    proto::{self as pb, engine_server::Engine},
};

/// Searches for the best move; served once the search engine is wired in.
#[derive(Debug, Clone)]
pub struct EngineService;

impl EngineService {
    pub fn new(_config: &Config) -> Result<Self, String> {
        Ok(EngineService)
    }
}

type AnalyzeStream = Pin<Box<dyn Stream<Item = Result<pb::AnalyzeResponse, Status>> + Send>>;

#[tonic::async_trait]
impl Engine for EngineService {
    async fn best_move(
        &self,
        _request: Request<pb::BestMoveRequest>,
    ) -> Result<Response<pb::BestMoveResponse>, Status> {
        Err(Status::unimplemented(
            "the engine is not available in this build",
        ))
    }

    type AnalyzeStream = AnalyzeStream;

    async fn analyze(
        &self,
        _request: Request<pb::AnalyzeRequest>,
    ) -> Result<Response<Self::AnalyzeStream>, Status> {
        Err(Status::unimplemented(
            "the engine is not available in this build",
        ))
    }
}
