//! The `arbiter.v1.Records` requests and answers: a record's game, format
//! and notation, its parsed games, their annotations both ways, and the
//! result a record states.

use std::collections::HashMap;

use tonic::Status;
use tonic_types::pb::bad_request::FieldViolation;

use super::{variant_from_wire, variant_to_wire};
use crate::proto as pb;
use crate::transport::rpc::status::invalid_argument;
use arbiter_rules::{
    ChineseCharacters, Outcome, Side, Variant,
    record::{
        Annotation, RecordError, RecordFormat, RecordNotation, RecordResult, RecordedGame,
        Variation,
    },
};

/// Reads a record's game: xiangqi, standard chess or a chess variant (whose
/// PGN names it in a `Variant` tag).
pub fn variant(variant: i32) -> Result<Variant, Status> {
    match pb::Variant::try_from(variant).map(variant_from_wire) {
        Ok(Some(variant)) => Ok(variant),
        Ok(None) => Err(invalid_argument(
            "variant",
            "is required (VARIANT_CHESS, VARIANT_XIANGQI or a chess variant)",
        )),
        Err(_) => Err(invalid_argument(
            "variant",
            &format!("unknown variant number {variant}"),
        )),
    }
}

/// Reads a record format; unspecified means "detect it".
pub fn format(format: i32) -> Result<Option<RecordFormat>, Status> {
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

/// Reads a record notation; unspecified means the game's usual one.
pub fn notation(notation: i32) -> Result<RecordNotation, Status> {
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

/// The wire form of a record's stated result.
pub fn result(result: RecordResult) -> pb::Result {
    match result {
        RecordResult::Unknown => pb::Result::Ongoing,
        RecordResult::WhiteWins => pb::Result::WhiteWins,
        RecordResult::BlackWins => pb::Result::BlackWins,
        RecordResult::Draw => pb::Result::Draw,
    }
}

/// The wire form of one parsed game.
pub fn parsed(variant: Variant, game: RecordedGame) -> pb::ParsedGame {
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
            variant: variant_to_wire(variant).into(),
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
pub fn annotations_in(
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
pub fn result_of(outcome: Outcome) -> RecordResult {
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
