//! The HTTP transport: the same gRPC services, reached from browsers and from
//! clients without a gRPC stack. It converts and routes; it knows no rule.
//!
//! Every call made here — JSON (`json.rs`) or gRPC-Web — is turned into a
//! gRPC request and handed to [`GrpcStack`]: the routed gRPC services behind
//! the same layers the gRPC port uses (metrics and spans, drain, the global
//! concurrency limit, the request timeout; the Engine token is the Engine
//! service's own interceptor). So a rule, a limit or a metric has one home
//! whichever port a call came in on, and HTTP calls count as
//! `grpc_server_*` under their method's names; the JSON mapping counts the
//! calls it refuses itself through [`Refusals`]. The port's connections are
//! accepted and held to their limits by `net::http_port`.
//!
//! The HTTP port (`--http-addr`) serves, besides the API, the playground page
//! at `/` and the OpenAPI document at `/openapi.json` (`assets.rs`).

mod assets;
mod errors;
mod json;

use std::{convert::Infallible, sync::Arc, time::Duration};

use axum::{Router, body::Body};
use http::{HeaderName, HeaderValue, Method, Request, Response, header};
use tower::{Layer, ServiceExt, util::BoxCloneSyncService};
use tower_http::cors::{AllowOrigin, CorsLayer};

use crate::transport::watch::watched;

pub use json::JsonApi;

/// The routed gRPC services behind the shared layers (the request timeout
/// among them), callable in process.
pub type GrpcStack =
    BoxCloneSyncService<Request<tonic::body::Body>, Response<tonic::body::Body>, Infallible>;

/// Where the calls the JSON mapping refuses before they reach the
/// [`GrpcStack`] are counted (the server's metrics layer), so that every
/// call counts under the code its client received.
pub trait Refusals: Send + Sync {
    /// A call to `path` refused with `code`.
    fn refused(&self, path: &str, code: tonic::Code);
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
                // Watched before gRPC-Web reads it, which folds a lost
                // client into a plain INTERNAL.
                match web.oneshot(watched(request)).await {
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
