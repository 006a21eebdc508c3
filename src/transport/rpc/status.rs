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

/// The one mapping of a domain error to the status its caller receives.
#[must_use]
pub fn input_error(error: InputError) -> Status {
    {
        match error {
            InputError::Fen(message) => invalid_argument("position.fen", &message),
            InputError::HistoryMove { index, message } => {
                invalid_argument(&format!("position.moves[{index}]"), &message)
            }
            InputError::SearchMove { index, message } => {
                invalid_argument(&format!("search_moves[{index}]"), &message)
            }
            InputError::CandidateMove(message) => invalid_argument("move", &message),
            InputError::Option { field, message } => {
                invalid_argument(option_field(field), &message)
            }
            InputError::Record(message) => invalid_argument("data", &message),
            InputError::Unsupported(message) => Status::unimplemented(message),
        }
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

    #[test]
    fn history_errors_name_the_index() {
        let status = input_error(InputError::HistoryMove {
            index: 3,
            message: "illegal".to_owned(),
        });
        assert_eq!(status.code(), Code::InvalidArgument);
        let details = status.get_error_details();
        let violations = &details.bad_request().unwrap().field_violations;
        assert_eq!(violations[0].field, "position.moves[3]");
    }
}
