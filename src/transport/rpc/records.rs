//! The `arbiter.v1.Records` service: requests converted to the domain's
//! record types, read or written by the games (`arbiter_rules::parse_record`,
//! `arbiter_rules::write_record`) on a blocking thread (a record of a megabyte is
//! thousands of games replayed), and converted back.

use tonic::{Request, Response, Status};

use super::{
    convert,
    guard::guarded,
    status::{input_error, invalid_argument},
};
use crate::proto::{self as pb, records_server::Records};
use arbiter_rules::{
    self, Game, RuleOptions,
    record::{
        self, ParseOptions, RecordFormat, RecordNotation, RecordResult, RecordedGame, WriteOptions,
    },
};

/// The `arbiter.v1.Records` service.
#[derive(Debug, Clone)]
pub struct RecordsService {
    max_history_moves: usize,
}

impl RecordsService {
    /// A service that writes games of at most `max_history_moves` moves (the
    /// Rules service's history limit).
    #[must_use]
    pub fn new(max_history_moves: usize) -> Self {
        RecordsService { max_history_moves }
    }
}

#[tonic::async_trait]
impl Records for RecordsService {
    async fn parse(
        &self,
        request: Request<pb::ParseRequest>,
    ) -> Result<Response<pb::ParseResponse>, Status> {
        let pb::ParseRequest {
            data,
            variant: wire_variant,
            format: wire_format,
            keep_annotations,
        } = request.into_inner();
        let variant = convert::records::variant(wire_variant)?;
        let format = convert::records::format(wire_format)?;
        let options = ParseOptions { keep_annotations };
        let games = tokio::task::spawn_blocking(move || {
            guarded(|| arbiter_rules::parse_record(variant, &data, format, options))
        })
        .await
        .map_err(|_| Status::internal("the record task failed"))??
        .map_err(input_error)?;
        Ok(Response::new(pb::ParseResponse {
            games: games
                .into_iter()
                .map(|g| convert::records::parsed(variant, g))
                .collect(),
        }))
    }

    async fn format(
        &self,
        request: Request<pb::FormatRequest>,
    ) -> Result<Response<pb::FormatResponse>, Status> {
        let pb::FormatRequest {
            position,
            tags,
            format: wire_format,
            notation: wire_notation,
            encrypted,
            annotations,
        } = request.into_inner();
        let annotations = convert::records::annotations_in(annotations, "annotations")?;
        let format = convert::records::format(wire_format)?.unwrap_or(RecordFormat::Pgn);
        let notation = convert::records::notation(wire_notation)?;
        let input = convert::position(position, self.max_history_moves)?;
        let notation = match notation {
            RecordNotation::Chinese(_) => RecordNotation::Chinese(input.load.chinese),
            other => other,
        };
        let mut tags: Vec<(String, String)> = tags.into_iter().collect();
        tags.sort();
        // Refused rather than left out of the record unsaid.
        if let Some((name, _)) = tags.iter().find(|(name, _)| !record::is_tag_name(name)) {
            return Err(invalid_argument(
                &format!("tags[{name:?}]"),
                "is not a tag name: PGN's are letters, digits and _",
            ));
        }
        if input.load.one_based {
            return Err(invalid_argument(
                "position.coordinates",
                "records are written from ICCS (0-based) or WXF moves",
            ));
        }
        let data = tokio::task::spawn_blocking(move || {
            guarded(|| -> Result<Vec<u8>, Status> {
                let stated = tags
                    .iter()
                    .find(|(name, _)| name == "Result")
                    .and_then(|(_, value)| RecordResult::from_token(value.trim()));
                let result = match stated {
                    Some(result) => result,
                    // The game's own result, when it has ended.
                    None => {
                        let game = Game::load(
                            input.variant,
                            &input.fen,
                            &input.moves,
                            input.load,
                            &RuleOptions::default(),
                        )
                        .map_err(input_error)?;
                        convert::records::result_of(
                            game.status(&RuleOptions::default())
                                .map_err(input_error)?
                                .outcome,
                        )
                    }
                };
                let record = RecordedGame {
                    tags,
                    fen: input.fen,
                    moves: input.moves,
                    result,
                    error: None,
                    annotations,
                };
                arbiter_rules::write_record(
                    input.variant,
                    &record,
                    format,
                    WriteOptions {
                        notation,
                        encrypted,
                    },
                )
                .map_err(input_error)
            })
        })
        .await
        .map_err(|_| Status::internal("the record task failed"))???;
        Ok(Response::new(pb::FormatResponse { data }))
    }
}
