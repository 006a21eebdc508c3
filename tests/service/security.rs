//! TLS, mutual TLS, the Engine bearer token and the admin port's surface,
//! against an in-process server. Certificates come from a throwaway CA made
//! with rcgen for each run.

#![allow(clippy::unwrap_used)]

use std::{
    path::{Path, PathBuf},
    time::Duration,
};

use crate::support::{TestServer, chess};
use arbiter::{
    config::{Config, Secret},
    proto as pb,
    transport::net::server::{self, RunningServer},
};
use rcgen::{
    BasicConstraints, CertificateParams, CertifiedIssuer, DnType, ExtendedKeyUsagePurpose, IsCa,
    KeyPair,
};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tonic::{
    Code,
    metadata::MetadataValue,
    transport::{Certificate, Channel, ClientTlsConfig, Identity},
};
use tonic_health::pb::{HealthCheckRequest, health_client::HealthClient};

/// A CA, and PEM files of a server and a client certificate it signed.
struct Pki {
    dir: PathBuf,
    ca_pem: String,
    client_cert_pem: String,
    client_key_pem: String,
}

fn make_ca(name: &str) -> CertifiedIssuer<'static, KeyPair> {
    let mut params = CertificateParams::new(Vec::<String>::new()).unwrap();
    params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    params.distinguished_name.push(DnType::CommonName, name);
    CertifiedIssuer::self_signed(params, KeyPair::generate().unwrap()).unwrap()
}

fn leaf(
    ca: &CertifiedIssuer<'static, KeyPair>,
    names: &[&str],
    usage: ExtendedKeyUsagePurpose,
) -> (String, String) {
    let mut params =
        CertificateParams::new(names.iter().map(|n| (*n).to_owned()).collect::<Vec<_>>()).unwrap();
    params.extended_key_usages = vec![usage];
    let key = KeyPair::generate().unwrap();
    let cert = params.signed_by(&key, ca).unwrap();
    (cert.pem(), key.serialize_pem())
}

fn pki(tag: &str) -> Pki {
    let dir = std::env::temp_dir().join(format!("arbiter-tls-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ca = make_ca("Arbiter test CA");
    let (server_cert, server_key) = leaf(&ca, &["localhost"], ExtendedKeyUsagePurpose::ServerAuth);
    let (client_cert_pem, client_key_pem) =
        leaf(&ca, &["client"], ExtendedKeyUsagePurpose::ClientAuth);
    std::fs::write(dir.join("ca.pem"), ca.pem()).unwrap();
    std::fs::write(dir.join("server.pem"), server_cert).unwrap();
    std::fs::write(dir.join("server.key"), server_key).unwrap();
    Pki {
        dir,
        ca_pem: ca.pem(),
        client_cert_pem,
        client_key_pem,
    }
}

fn tls_config(pki: &Pki, mutual: bool) -> Config {
    let mut config = Config::for_tests();
    config.tls_cert = Some(pki.dir.join("server.pem"));
    config.tls_key = Some(pki.dir.join("server.key"));
    if mutual {
        config.tls_client_ca = Some(pki.dir.join("ca.pem"));
    }
    config
}

async fn start(config: Config) -> RunningServer {
    server::start(
        config,
        &arbiter::telemetry::metrics_only(),
        std::future::pending(),
    )
    .await
    .unwrap()
}

/// Connects over TLS trusting `ca_pem`, optionally with a client identity,
/// and makes one health check. `Err` is any failure (handshake or call).
async fn health_over_tls(
    server: &RunningServer,
    ca_pem: &str,
    identity: Option<(&str, &str)>,
) -> Result<(), String> {
    let mut tls = ClientTlsConfig::new()
        .ca_certificate(Certificate::from_pem(ca_pem))
        .domain_name("localhost");
    if let Some((cert, key)) = identity {
        tls = tls.identity(Identity::from_pem(cert, key));
    }
    let channel = Channel::from_shared(format!("https://{}", server.grpc_addr))
        .unwrap()
        .tls_config(tls)
        .map_err(|e| e.to_string())?
        .connect_timeout(Duration::from_secs(5))
        .connect()
        .await
        .map_err(|e| format!("connect: {e:?}"))?;
    HealthClient::new(channel)
        .check(HealthCheckRequest {
            service: String::new(),
        })
        .await
        .map(|_| ())
        .map_err(|s| format!("call: {s:?}"))
}

async fn health_plaintext(server: &RunningServer) -> Result<(), String> {
    let channel = Channel::from_shared(format!("http://{}", server.grpc_addr))
        .unwrap()
        .connect_timeout(Duration::from_secs(5))
        .connect()
        .await
        .map_err(|e| format!("connect: {e:?}"))?;
    tokio::time::timeout(
        Duration::from_secs(5),
        HealthClient::new(channel).check(HealthCheckRequest {
            service: String::new(),
        }),
    )
    .await
    .map_err(|_| "timed out".to_owned())?
    .map(|_| ())
    .map_err(|s| format!("call: {s:?}"))
}

#[tokio::test]
async fn tls_serves_clients_that_trust_the_ca() {
    let pki = pki("tls");
    let server = start(tls_config(&pki, false)).await;
    health_over_tls(&server, &pki.ca_pem, None).await.unwrap();
    // A client that does not trust the server's CA refuses the handshake.
    let stranger = make_ca("Some other CA");
    assert!(
        health_over_tls(&server, &stranger.pem(), None)
            .await
            .is_err()
    );
    // Plaintext gRPC is not served on a TLS port.
    assert!(health_plaintext(&server).await.is_err());
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn mutual_tls_refuses_clients_without_a_valid_certificate() {
    let pki = pki("mtls");
    let server = start(tls_config(&pki, true)).await;
    // A client certificate signed by the configured CA is accepted.
    health_over_tls(
        &server,
        &pki.ca_pem,
        Some((&pki.client_cert_pem, &pki.client_key_pem)),
    )
    .await
    .unwrap();
    // No client certificate: refused.
    let refused = health_over_tls(&server, &pki.ca_pem, None).await;
    assert!(
        refused.is_err(),
        "a client without a certificate was served"
    );
    // A certificate from another CA: refused.
    let other = make_ca("Untrusted CA");
    let (cert, key) = leaf(&other, &["client"], ExtendedKeyUsagePurpose::ClientAuth);
    let refused = health_over_tls(&server, &pki.ca_pem, Some((&cert, &key))).await;
    assert!(
        refused.is_err(),
        "a client with an untrusted certificate was served"
    );
    // Plaintext: refused.
    assert!(health_plaintext(&server).await.is_err());
    // The server keeps serving good clients.
    health_over_tls(
        &server,
        &pki.ca_pem,
        Some((&pki.client_cert_pem, &pki.client_key_pem)),
    )
    .await
    .unwrap();
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn missing_tls_files_stop_the_start() {
    let mut config = Config::for_tests();
    config.tls_cert = Some(Path::new("/nonexistent/cert.pem").to_owned());
    config.tls_key = Some(Path::new("/nonexistent/key.pem").to_owned());
    let error = server::start(
        config,
        &arbiter::telemetry::metrics_only(),
        std::future::pending(),
    )
    .await
    .unwrap_err();
    assert!(
        error.to_string().contains("/nonexistent/cert.pem"),
        "{error}"
    );
    let mut config = Config::for_tests();
    config.tls_client_ca = Some(Path::new("/tmp/ca.pem").to_owned());
    assert!(config.validate().is_err());
}

fn best_move_request() -> pb::BestMoveRequest {
    pb::BestMoveRequest {
        position: chess("", &[]),
        limits: Some(pb::SearchLimits {
            limit: Some(pb::search_limits::Limit::Depth(1)),
        }),
        multipv: 1,
        options: None,
        ..Default::default()
    }
}

#[tokio::test]
async fn engine_token_guards_engine_only() {
    let mut config = Config::for_tests();
    config.engine_token = Some(Secret::parse("correct horse").unwrap());
    let server = TestServer::start_with(config).await;

    let status = server
        .engine()
        .best_move(best_move_request())
        .await
        .unwrap_err();
    assert_eq!(status.code(), Code::Unauthenticated);

    let mut wrong = tonic::Request::new(best_move_request());
    wrong.metadata_mut().insert(
        "authorization",
        MetadataValue::from_static("Bearer battery staple"),
    );
    let status = server.engine().best_move(wrong).await.unwrap_err();
    assert_eq!(status.code(), Code::Unauthenticated);

    let mut right = tonic::Request::new(best_move_request());
    right.metadata_mut().insert(
        "authorization",
        MetadataValue::from_static("Bearer correct horse"),
    );
    // Past authentication: an answer, or UNIMPLEMENTED until the engine lands.
    if let Err(status) = server.engine().best_move(right).await {
        assert_ne!(status.code(), Code::Unauthenticated, "{status:?}");
    }

    // Rules and health need no token.
    server.assert_still_serving().await;
}

/// One HTTP/1.1 request to the admin port; returns the status code.
async fn admin_get(server: &RunningServer, method: &str, path: &str) -> u16 {
    let mut stream = tokio::net::TcpStream::connect(server.admin_addr)
        .await
        .unwrap();
    let request = format!("{method} {path} HTTP/1.1\r\nHost: admin\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.unwrap();
    let text = String::from_utf8_lossy(&response);
    text.split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or_else(|| panic!("no status line in {text:?}"))
}

#[tokio::test]
async fn admin_port_serves_only_metrics_and_health() {
    let server = start(Config::for_tests()).await;
    for path in ["/metrics", "/healthz", "/readyz"] {
        assert_eq!(admin_get(&server, "GET", path).await, 200, "{path}");
    }
    for path in [
        "/",
        "/debug/pprof",
        "/admin",
        "/config",
        "/env",
        "/metrics/extra",
        "/healthz/../../etc/passwd",
        "/arbiter.v1.Rules/LegalMoves",
        "/grpc.health.v1.Health/Check",
    ] {
        assert_eq!(admin_get(&server, "GET", path).await, 404, "{path}");
    }
    for method in ["POST", "PUT", "DELETE"] {
        let code = admin_get(&server, method, "/metrics").await;
        assert!(code == 404 || code == 405, "{method} /metrics gave {code}");
    }
    server.shutdown().await.unwrap();
}

/// `arbiter uci --connect https://…`: the UCI session searches on a TLS
/// server, trusting the CA given with `--tls-ca`; without it the system's
/// roots do not know the test CA and the session says why. `--tls-ca` with
/// a plaintext address is refused at start.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn uci_connect_searches_over_tls() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    let pki = pki("uci");
    let server = start(tls_config(&pki, false)).await;
    let address = format!("https://localhost:{}", server.grpc_addr.port());
    let ca = pki.dir.join("ca.pem");
    tokio::task::spawn_blocking(move || {
        let session = |extra: &[&str]| -> Vec<String> {
            let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
                .args(["uci", "--connect", &address])
                .args(extra)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .spawn()
                .unwrap();
            let mut stdin = child.stdin.take().unwrap();
            writeln!(stdin, "position startpos moves e2e4\ngo depth 3").unwrap();
            let mut lines = Vec::new();
            for line in BufReader::new(child.stdout.take().unwrap()).lines() {
                let line = line.unwrap();
                let done = line.starts_with("bestmove");
                lines.push(line);
                if done {
                    break;
                }
            }
            writeln!(stdin, "quit").unwrap();
            assert!(child.wait().unwrap().success());
            lines
        };
        let trusted = session(&["--tls-ca", ca.to_str().unwrap()]);
        assert!(
            trusted.iter().any(|l| l.starts_with("info depth")),
            "{trusted:?}"
        );
        let best = trusted.last().unwrap();
        assert!(best != "bestmove (none)", "{trusted:?}");
        let untrusted = session(&[]);
        assert!(
            untrusted.iter().any(|l| l.starts_with("info string")),
            "the failure is reported: {untrusted:?}"
        );
        let refused = Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(["uci", "--connect", "http://127.0.0.1:1", "--tls-ca"])
            .arg(&ca)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert_eq!(refused.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&refused.stderr).contains("https://"));
    })
    .await
    .unwrap();
}
