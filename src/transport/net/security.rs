//! Optional transport security: TLS or mutual TLS for the gRPC port (rustls,
//! from PEM files), and a bearer token that guards the `Engine` service — the
//! expensive one — so an operator can keep searches internal while Rules
//! stays open.

use std::{fs, path::Path};

use tonic::{
    Request, Status,
    service::Interceptor,
    transport::{Certificate, Identity, ServerTlsConfig},
};

use crate::config::{Config, Secret};

fn read(path: &Path, what: &str) -> Result<Vec<u8>, String> {
    fs::read(path).map_err(|e| format!("cannot read {what} {}: {e}", path.display()))
}

/// The TLS settings for the gRPC port, or `None` for plaintext. With a
/// client CA, every client must present a certificate signed by it.
pub fn server_tls(config: &Config) -> Result<Option<ServerTlsConfig>, String> {
    let (Some(cert), Some(key)) = (&config.tls_cert, &config.tls_key) else {
        return Ok(None);
    };
    let identity = Identity::from_pem(
        read(cert, "TLS certificate")?,
        read(key, "TLS private key")?,
    );
    let mut tls = ServerTlsConfig::new().identity(identity);
    if let Some(ca) = &config.tls_client_ca {
        tls = tls.client_ca_root(Certificate::from_pem(read(ca, "client CA")?));
    }
    Ok(Some(tls))
}

/// Checks `authorization: Bearer <token>` on Engine calls when a token is
/// configured; lets every call through otherwise.
#[derive(Debug, Clone)]
pub struct EngineAuth {
    token: Option<Secret>,
}

impl EngineAuth {
    /// Requires `token` on Engine calls; `None` lets every call through.
    #[must_use]
    pub fn new(token: Option<Secret>) -> Self {
        EngineAuth { token }
    }
}

impl Interceptor for EngineAuth {
    fn call(&mut self, request: Request<()>) -> Result<Request<()>, Status> {
        let Some(expected) = &self.token else {
            return Ok(request);
        };
        let presented = request
            .metadata()
            .get("authorization")
            .and_then(|value| value.to_str().ok())
            .and_then(|value| value.strip_prefix("Bearer "));
        match presented {
            Some(token) if constant_time_eq(token.as_bytes(), expected.expose()) => Ok(request),
            Some(_) => {
                metrics::counter!("arbiter_engine_auth_failures_total").increment(1);
                Err(Status::unauthenticated("invalid bearer token"))
            }
            None => {
                metrics::counter!("arbiter_engine_auth_failures_total").increment(1);
                Err(Status::unauthenticated(
                    "the Engine service needs an 'authorization: Bearer <token>' header",
                ))
            }
        }
    }
}

/// Compares without an early exit, so the time taken does not reveal how
/// much of a guessed token was right. The length is not secret.
#[must_use]
pub fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let difference = a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y));
    std::hint::black_box(difference) == 0
}

#[cfg(test)]
mod tests {
    use tonic::{Code, metadata::MetadataValue};

    use super::*;

    fn call(auth: &mut EngineAuth, header: Option<&str>) -> Result<(), Code> {
        let mut request = Request::new(());
        if let Some(header) = header {
            request
                .metadata_mut()
                .insert("authorization", MetadataValue::try_from(header).unwrap());
        }
        auth.call(request).map(|_| ()).map_err(|s| s.code())
    }

    #[test]
    fn token_is_checked_only_when_configured() {
        let mut open = EngineAuth::new(None);
        assert_eq!(call(&mut open, None), Ok(()));
        let mut guarded = EngineAuth::new(Some(Secret::parse("s3cret").unwrap()));
        assert_eq!(call(&mut guarded, Some("Bearer s3cret")), Ok(()));
        assert_eq!(call(&mut guarded, None), Err(Code::Unauthenticated));
        assert_eq!(
            call(&mut guarded, Some("Bearer s3cre")),
            Err(Code::Unauthenticated)
        );
        assert_eq!(
            call(&mut guarded, Some("Bearer s3cretX")),
            Err(Code::Unauthenticated)
        );
        assert_eq!(
            call(&mut guarded, Some("s3cret")),
            Err(Code::Unauthenticated)
        );
        assert_eq!(
            call(&mut guarded, Some("Basic s3cret")),
            Err(Code::Unauthenticated)
        );
    }

    #[test]
    fn secrets_are_not_printed() {
        let secret = Secret::parse("hunter2").unwrap();
        assert!(!format!("{secret:?}").contains("hunter2"));
        assert!(Secret::parse("").is_err());
    }

    #[test]
    fn constant_time_eq_compares_bytes() {
        assert!(constant_time_eq(b"abc", b"abc"));
        assert!(!constant_time_eq(b"abc", b"abd"));
        assert!(!constant_time_eq(b"abc", b"ab"));
        assert!(constant_time_eq(b"", b""));
    }
}
