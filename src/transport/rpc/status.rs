//! Domain errors → `tonic::Status`, in one exhaustive place. Malformed input
//! carries a `google.rpc.BadRequest` naming the field, so clients can point
//! at the exact move of a history that is wrong.

use tonic::{Code, Status};
use tonic_types::{ErrorDetails, StatusExt};

use arbiter_rules::{InputError, OptionField};

/// `INVALID_ARGUMENT` with one field violation.
#[must_use]
pub fn invalid_argument(field: &str, description: &str) -> Status {
    Status::with_error_details(
        Code::InvalidArgument,
        format!("{field}: {description}"),
        ErrorDetails::with_bad_request_violation(field, description),
    )
}

/// The one mapping of a domain error to the status its caller receives:
/// an [`InputError`], or an operation's own error that is one of its cases
/// (a setting's [`arbiter_rules::OptionError`], …).
#[must_use]
pub fn input_error(error: impl Into<InputError>) -> Status {
    match error.into() {
        InputError::Fen(error) => invalid_argument("position.fen", &error.to_string()),
        InputError::HistoryMove { index, error } => {
            invalid_argument(&format!("position.moves[{index}]"), &error.to_string())
        }
        InputError::SearchMove { index, error } => {
            invalid_argument(&format!("search_moves[{index}]"), &error.to_string())
        }
        InputError::CandidateMove(error) => invalid_argument("move", &error.to_string()),
        InputError::Option(error) => {
            invalid_argument(option_field(error.field()), &error.to_string())
        }
        InputError::Record(error) => invalid_argument("data", &error.to_string()),
    }
}

/// The request field a domain setting comes from.
fn option_field(field: OptionField) -> &'static str {
    match field {
        OptionField::RuleSet => "options.rule_set",
        OptionField::RepetitionCount => "options.repetition_count",
        OptionField::MoveLimitPlies => "options.move_limit_plies",
        OptionField::ClaimDraws => "options.claim_draws",
        OptionField::Coordinates => "position.coordinates",
        OptionField::Variant => "position.variant",
        OptionField::RecordFormat => "format",
        OptionField::RecordNotation => "notation",
        OptionField::RecordAnnotations => "annotations",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_rules::{Game, LoadOptions, RuleOptions, Variant};

    #[test]
    fn history_errors_name_the_index() {
        let moves = ["h2e2", "h9g7", "h0g2", "h2h3"];
        let error = Game::load(
            Variant::Xiangqi,
            "",
            &moves,
            LoadOptions::default(),
            &RuleOptions::default(),
        )
        .unwrap_err();
        let status = input_error(error);
        assert_eq!(status.code(), Code::InvalidArgument);
        let details = status.get_error_details();
        let violations = &details.bad_request().unwrap().field_violations;
        assert_eq!(violations[0].field, "position.moves[3]");
    }
}
