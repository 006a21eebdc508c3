//! The HTTP transport: the same gRPC services, reached from browsers and from
//! clients without a gRPC stack. It converts and routes; it knows no rule.
//!
//! Every call made here — JSON (`json.rs`) or gRPC-Web — is turned into a
//! gRPC request and handed to [`GrpcStack`]: the routed gRPC services behind
//! the same layers the gRPC port uses (metrics and spans, drain, the global
//! concurrency limit, the request timeout; the Engine token is the Engine
//! service's own interceptor). So a rule, a limit or a metric has one home
//! whichever port a call came in on, and HTTP calls count as
//! `grpc_server_*` under their method's names.
//!
//! The HTTP port (`--http-addr`) serves, besides the API, the playground page
//! at `/` and the OpenAPI document at `/openapi.json` (`assets.rs`).

mod assets;
mod errors;
mod json;

use std::{convert::Infallible, sync::Arc, time::Duration};

use axum::{Router, body::Body};
use http::{HeaderName, HeaderValue, Method, Request, Response, header};
use tonic::Status;
use tower::{Layer, ServiceExt, util::BoxCloneSyncService};
use tower_http::cors::{AllowOrigin, CorsLayer};

pub use json::JsonApi;

/// The routed gRPC services behind the shared layers, callable in process.
pub type GrpcStack =
    BoxCloneSyncService<Request<tonic::body::Body>, Response<tonic::body::Body>, Infallible>;

/// Wraps `inner` in the request timeout the gRPC port applies (tonic's
/// server option there), shortened by a `grpc-timeout` the request carries.
/// A call past it ends `CANCELLED`, as on the gRPC port.
pub fn with_timeout(inner: GrpcStack, timeout: Duration) -> GrpcStack {
    BoxCloneSyncService::new(tower::service_fn(
        move |request: Request<tonic::body::Body>| {
            let limit = request
                .headers()
                .get("grpc-timeout")
                .and_then(|v| parse_grpc_timeout(v.as_bytes()))
                .map_or(timeout, |asked| asked.min(timeout));
            let call = inner.clone().oneshot(request);
            async move {
                match tokio::time::timeout(limit, call).await {
                    Ok(response) => response,
                    Err(_) => Ok(Status::cancelled("Timeout expired").into_http()),
                }
            }
        },
    ))
}

/// A `grpc-timeout` header value (`<1-8 digits><H|M|S|m|u|n>`), or `None`
/// when it is not one.
fn parse_grpc_timeout(value: &[u8]) -> Option<Duration> {
    let (&unit, digits) = value.split_last()?;
    if digits.is_empty() || digits.len() > 8 || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let number: u64 = std::str::from_utf8(digits).ok()?.parse().ok()?;
    Some(match unit {
        b'H' => Duration::from_secs(number.saturating_mul(3600)),
        b'M' => Duration::from_secs(number.saturating_mul(60)),
        b'S' => Duration::from_secs(number),
        b'm' => Duration::from_millis(number),
        b'u' => Duration::from_micros(number),
        b'n' => Duration::from_nanos(number),
        _ => return None,
    })
}

/// The CORS layer for `origins` (`--cors-origins`): none means no
/// cross-origin caller is allowed (same-origin pages, such as the
/// playground, need none); `*` allows any. Preflights are answered by the
/// layer; the headers gRPC-Web and Connect clients send and read are allowed
/// and exposed.
pub fn cors(origins: &[String]) -> CorsLayer {
    let origins: Vec<&str> = origins
        .iter()
        .map(|o| o.trim())
        .filter(|o| !o.is_empty())
        .collect();
    let allow = if origins.contains(&"*") {
        AllowOrigin::any()
    } else {
        AllowOrigin::list(
            origins
                .iter()
                .filter_map(|o| HeaderValue::from_str(o).ok())
                .collect::<Vec<_>>(),
        )
    };
    let allowed_headers = [
        header::AUTHORIZATION,
        header::CONTENT_TYPE,
        header::ACCEPT,
        HeaderName::from_static("x-grpc-web"),
        HeaderName::from_static("x-user-agent"),
        HeaderName::from_static("grpc-timeout"),
        HeaderName::from_static("connect-protocol-version"),
        HeaderName::from_static("connect-timeout-ms"),
    ];
    let exposed_headers = [
        HeaderName::from_static("grpc-status"),
        HeaderName::from_static("grpc-message"),
        HeaderName::from_static("grpc-status-details-bin"),
    ];
    CorsLayer::new()
        .allow_origin(allow)
        .allow_methods([Method::GET, Method::POST])
        .allow_headers(allowed_headers)
        .expose_headers(exposed_headers)
        .max_age(Duration::from_secs(3600))
}

/// The HTTP port's router: the page and the OpenAPI document on `GET`, and
/// every `POST /<service>/<method>` as gRPC-Web or JSON by its content type.
pub fn router(grpc: GrpcStack, json: JsonApi, cors_origins: &[String]) -> Router {
    let web = tonic_web::GrpcWebLayer::new().layer(grpc);
    let json = Arc::new(json);
    let api = tower::service_fn(move |request: Request<Body>| {
        let web = web.clone();
        let json = Arc::clone(&json);
        async move {
            let response = if is_grpc_web(&request) {
                match web.oneshot(request).await {
                    Ok(response) => response.map(Body::new),
                    Err(never) => match never {},
                }
            } else {
                json.call(request).await
            };
            Ok::<_, Infallible>(response)
        }
    });
    assets::routes()
        .fallback_service(api)
        .layer(cors(cors_origins))
}

/// A request in any of gRPC-Web's four content types.
fn is_grpc_web(request: &Request<Body>) -> bool {
    request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/grpc-web"))
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::parse_grpc_timeout;

    #[test]
    fn grpc_timeouts_parse_in_every_unit_and_refuse_the_rest() {
        assert_eq!(parse_grpc_timeout(b"3S"), Some(Duration::from_secs(3)));
        assert_eq!(
            parse_grpc_timeout(b"250m"),
            Some(Duration::from_millis(250))
        );
        assert_eq!(parse_grpc_timeout(b"2M"), Some(Duration::from_secs(120)));
        assert_eq!(parse_grpc_timeout(b"1H"), Some(Duration::from_secs(3600)));
        assert_eq!(parse_grpc_timeout(b"7u"), Some(Duration::from_micros(7)));
        assert_eq!(parse_grpc_timeout(b"9n"), Some(Duration::from_nanos(9)));
        for bad in [&b""[..], b"S", b"123456789S", b"12x", b"-1S", b"1.5S"] {
            assert_eq!(parse_grpc_timeout(bad), None, "{bad:?}");
        }
    }
}
