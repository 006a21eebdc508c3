//! A gRPC status as the Connect protocol's JSON error: the HTTP status from
//! the gRPC code (Connect's table), and a body with `code` (Connect's
//! lower-case name), `message` and `details`. Each detail keeps Connect's
//! `type` and base64 `value`, and adds `debug`: the message decoded as JSON
//! (a `google.rpc.BadRequest`'s field violations, readable as they are).

use base64::{Engine as _, engine::general_purpose::STANDARD_NO_PAD};
use http::StatusCode;
use prost::Message as _;
use prost_reflect::{DescriptorPool, DynamicMessage, SerializeOptions};
use serde_json::{Value, json};
use tonic::{Code, Status};

/// Connect's name of a gRPC code.
#[must_use]
pub(super) fn code_name(code: Code) -> &'static str {
    match code {
        Code::Ok => "ok",
        Code::Cancelled => "canceled",
        Code::Unknown => "unknown",
        Code::InvalidArgument => "invalid_argument",
        Code::DeadlineExceeded => "deadline_exceeded",
        Code::NotFound => "not_found",
        Code::AlreadyExists => "already_exists",
        Code::PermissionDenied => "permission_denied",
        Code::ResourceExhausted => "resource_exhausted",
        Code::FailedPrecondition => "failed_precondition",
        Code::Aborted => "aborted",
        Code::OutOfRange => "out_of_range",
        Code::Unimplemented => "unimplemented",
        Code::Internal => "internal",
        Code::Unavailable => "unavailable",
        Code::DataLoss => "data_loss",
        Code::Unauthenticated => "unauthenticated",
    }
}

/// The HTTP status Connect gives a gRPC code.
#[must_use]
pub(super) fn http_status(code: Code) -> StatusCode {
    match code {
        Code::Ok => StatusCode::OK,
        Code::Cancelled => StatusCode::from_u16(499).unwrap_or(StatusCode::REQUEST_TIMEOUT),
        Code::InvalidArgument | Code::FailedPrecondition | Code::OutOfRange => {
            StatusCode::BAD_REQUEST
        }
        Code::DeadlineExceeded => StatusCode::GATEWAY_TIMEOUT,
        Code::NotFound => StatusCode::NOT_FOUND,
        Code::Unimplemented => StatusCode::NOT_IMPLEMENTED,
        Code::AlreadyExists | Code::Aborted => StatusCode::CONFLICT,
        Code::PermissionDenied => StatusCode::FORBIDDEN,
        Code::ResourceExhausted => StatusCode::TOO_MANY_REQUESTS,
        Code::Unknown | Code::Internal | Code::DataLoss => StatusCode::INTERNAL_SERVER_ERROR,
        Code::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
        Code::Unauthenticated => StatusCode::UNAUTHORIZED,
    }
}

/// The JSON error body of `status`, its details decoded with `pool` (any
/// detail whose type the pool does not know keeps only `type` and `value`).
#[must_use]
pub(super) fn body(status: &Status, pool: &DescriptorPool) -> Value {
    let mut error = json!({
        "code": code_name(status.code()),
        "message": status.message(),
    });
    let details = details(status.details(), pool);
    if !details.is_empty() {
        error["details"] = Value::Array(details);
    }
    error
}

/// The `google.rpc.Status` a gRPC error carries in `grpc-status-details-bin`,
/// as Connect's detail objects.
fn details(encoded: &[u8], pool: &DescriptorPool) -> Vec<Value> {
    if encoded.is_empty() {
        return Vec::new();
    }
    let Ok(status) = tonic_types::pb::Status::decode(encoded) else {
        return Vec::new();
    };
    status
        .details
        .iter()
        .map(|any| {
            let name = any.type_url.rsplit('/').next().unwrap_or_default();
            let mut detail = json!({
                "type": name,
                "value": STANDARD_NO_PAD.encode(&any.value),
            });
            if let Some(debug) = pool
                .get_message_by_name(name)
                .and_then(|desc| DynamicMessage::decode(desc, any.value.as_slice()).ok())
                .and_then(|message| {
                    message
                        .serialize_with_options(
                            serde_json::value::Serializer,
                            &SerializeOptions::new(),
                        )
                        .ok()
                })
            {
                detail["debug"] = debug;
            }
            detail
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use tonic::Code;

    use super::{code_name, http_status};

    #[test]
    fn codes_map_as_connect_maps_them() {
        assert_eq!(http_status(Code::InvalidArgument).as_u16(), 400);
        assert_eq!(http_status(Code::ResourceExhausted).as_u16(), 429);
        assert_eq!(http_status(Code::Unauthenticated).as_u16(), 401);
        assert_eq!(http_status(Code::Unimplemented).as_u16(), 501);
        assert_eq!(http_status(Code::Unavailable).as_u16(), 503);
        assert_eq!(http_status(Code::Cancelled).as_u16(), 499);
        assert_eq!(code_name(Code::Cancelled), "canceled");
        assert_eq!(code_name(Code::InvalidArgument), "invalid_argument");
    }
}
