//! The `arbiter.v1.Records` service: requests converted to the domain's
//! record types, read or written by the games (`arbiter_rules::parse_record`,
//! `arbiter_rules::write_record`) on a blocking thread (a record of a megabyte is
//! thousands of games replayed), and converted back.

use std::collections::HashMap;

use tonic::{Request, Response, Status};
use tonic_types::pb::bad_request::FieldViolation;

use super::{
    convert,
    guard::guarded,
    status::{input_error, invalid_argument},
};
use crate::proto::{self as pb, records_server::Records};
use arbiter_rules::{
    self, ChineseCharacters, Game, Outcome, RuleOptions, Side, Variant,
    record::{
        self, Annotation, ParseOptions, RecordError, RecordFormat, RecordNotation, RecordResult,
        RecordedGame, Variation, WriteOptions,
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

fn variant(variant: i32) -> Result<Variant, Status> {
    match pb::Variant::try_from(variant).map(convert::variant_from_wire) {
        Ok(Some(Variant::Chess)) => Ok(Variant::Chess),
        Ok(Some(Variant::Xiangqi)) => Ok(Variant::Xiangqi),
        Ok(Some(other)) => Err(invalid_argument(
            "variant",
            &format!(
                "records are read and written for VARIANT_CHESS and VARIANT_XIANGQI, not {}",
                other.name()
            ),
        )),
        Ok(None) => Err(invalid_argument(
            "variant",
            "is required (VARIANT_CHESS or VARIANT_XIANGQI)",
        )),
        Err(_) => Err(invalid_argument(
            "variant",
            &format!("unknown variant number {variant}"),
        )),
    }
}

fn format(format: i32) -> Result<Option<RecordFormat>, Status> {
    match pb::RecordFormat::try_from(format) {
        Ok(pb::RecordFormat::Unspecified) => Ok(None),
        Ok(pb::RecordFormat::Pgn) => Ok(Some(RecordFormat::Pgn)),
        Ok(pb::RecordFormat::Xqf) => Ok(Some(RecordFormat::Xqf)),
        Err(_) => Err(invalid_argument(
            "format",
            &format!("unknown record format number {format}"),
        )),
    }
}

fn notation(notation: i32) -> Result<RecordNotation, Status> {
    match pb::RecordNotation::try_from(notation) {
        Ok(pb::RecordNotation::Unspecified) => Ok(RecordNotation::Default),
        Ok(pb::RecordNotation::San) => Ok(RecordNotation::San),
        Ok(pb::RecordNotation::Iccs) => Ok(RecordNotation::Iccs),
        Ok(pb::RecordNotation::Wxf) => Ok(RecordNotation::Wxf),
        // The characters come from the position (`chinese_characters`).
        Ok(pb::RecordNotation::Chinese) => {
            Ok(RecordNotation::Chinese(ChineseCharacters::Simplified))
        }
        Err(_) => Err(invalid_argument(
            "notation",
            &format!("unknown record notation number {notation}"),
        )),
    }
}

fn result(result: RecordResult) -> pb::Result {
    match result {
        RecordResult::Unknown => pb::Result::Ongoing,
        RecordResult::WhiteWins => pb::Result::WhiteWins,
        RecordResult::BlackWins => pb::Result::BlackWins,
        RecordResult::Draw => pb::Result::Draw,
    }
}

fn parsed(variant: Variant, game: RecordedGame) -> pb::ParsedGame {
    let RecordedGame {
        tags,
        fen,
        moves,
        result: stated,
        error,
        annotations,
    } = game;
    pb::ParsedGame {
        tags: tags.into_iter().collect::<HashMap<_, _>>(),
        position: Some(pb::Position {
            variant: convert::variant_to_wire(variant).into(),
            fen,
            moves,
            ..pb::Position::default()
        }),
        result: result(stated).into(),
        error: error.map(|error| match error {
            RecordError::Fen(description) => FieldViolation {
                field: "position.fen".to_owned(),
                description,
                ..FieldViolation::default()
            },
            RecordError::Unreadable(description) => FieldViolation {
                field: "data".to_owned(),
                description,
                ..FieldViolation::default()
            },
            RecordError::Move { index, message } => FieldViolation {
                field: format!("position.moves[{index}]"),
                description: message,
                ..FieldViolation::default()
            },
        }),
        annotations: annotations.into_iter().map(annotation_out).collect(),
    }
}

fn annotation_out(annotation: Annotation) -> pb::Annotation {
    pb::Annotation {
        ply: u32::try_from(annotation.ply).unwrap_or(u32::MAX),
        comments: annotation.comments,
        nags: annotation.nags.into_iter().map(u32::from).collect(),
        variations: annotation
            .variations
            .into_iter()
            .map(|variation| pb::Variation {
                moves: variation.moves,
                annotations: variation
                    .annotations
                    .into_iter()
                    .map(annotation_out)
                    .collect(),
                error: variation.error.unwrap_or_default(),
            })
            .collect(),
    }
}

/// A request's annotations in the domain's terms; `field` names where they
/// stand (`annotations[2].variations[0].annotations`) for a NAG that is not
/// one (PGN's are 0 to 255).
fn annotations_in(
    annotations: Vec<pb::Annotation>,
    field: &str,
) -> Result<Vec<Annotation>, Status> {
    annotations
        .into_iter()
        .enumerate()
        .map(|(i, annotation)| {
            let here = format!("{field}[{i}]");
            let nags = annotation
                .nags
                .into_iter()
                .map(|nag| {
                    u8::try_from(nag).map_err(|_| {
                        invalid_argument(
                            &format!("{here}.nags"),
                            &format!("{nag} is not a NAG (0 to 255)"),
                        )
                    })
                })
                .collect::<Result<_, _>>()?;
            let variations = annotation
                .variations
                .into_iter()
                .enumerate()
                .map(|(v, variation)| {
                    Ok(Variation {
                        moves: variation.moves,
                        annotations: annotations_in(
                            variation.annotations,
                            &format!("{here}.variations[{v}].annotations"),
                        )?,
                        error: None,
                    })
                })
                .collect::<Result<_, Status>>()?;
            Ok(Annotation {
                ply: usize::try_from(annotation.ply).unwrap_or(usize::MAX),
                comments: annotation.comments,
                nags,
                variations,
            })
        })
        .collect()
}

/// The result a record states when its tags give none: the game's, if it
/// has ended.
fn result_of(outcome: Outcome) -> RecordResult {
    match outcome {
        Outcome::Ongoing => RecordResult::Unknown,
        Outcome::Decisive {
            winner: Side::White,
            ..
        } => RecordResult::WhiteWins,
        Outcome::Decisive {
            winner: Side::Black,
            ..
        } => RecordResult::BlackWins,
        Outcome::Draw { .. } => RecordResult::Draw,
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
        let variant = variant(wire_variant)?;
        let format = format(wire_format)?;
        let options = ParseOptions { keep_annotations };
        let games = tokio::task::spawn_blocking(move || {
            guarded(|| arbiter_rules::parse_record(variant, &data, format, options))
        })
        .await
        .map_err(|_| Status::internal("the record task failed"))??
        .map_err(input_error)?;
        Ok(Response::new(pb::ParseResponse {
            games: games.into_iter().map(|g| parsed(variant, g)).collect(),
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
        let annotations = annotations_in(annotations, "annotations")?;
        let format = format(wire_format)?.unwrap_or(RecordFormat::Pgn);
        let notation = notation(wire_notation)?;
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
                        result_of(
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
