//! Each call counts under the code its client received: malformed input on
//! both ports under the error it was answered with (never `Canceled`), an
//! expired deadline as `DeadlineExceeded`, a call whose connection the
//! server cut as `Unavailable`, and only a client that went away as
//! `Canceled`. Each test uses methods no other test of this binary counts.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::{
    net::SocketAddr,
    time::{Duration, Instant},
};

use crate::support::{
    TestServer, chess,
    http::{HttpResponse, frame, grpc_web_frames, http_request, post_json},
    server::{metric_value, scrape},
};
use arbiter::{config::Config, proto as pb};
use base64::{Engine as _, engine::general_purpose::STANDARD};
use prost::Message as _;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// `grpc_server_handled_total` of one method and code.
fn handled(text: &str, method: &str, code: &str) -> f64 {
    metric_value(
        text,
        "grpc_server_handled_total",
        &[("grpc_method", method), ("grpc_code", code)],
    )
}

/// Waits (up to 10 s) until `done` holds for a scrape, and returns it.
async fn scrape_until(t: &TestServer, done: impl Fn(&str) -> bool) -> String {
    let started = Instant::now();
    loop {
        let text = scrape(t.admin_addr()).await;
        if done(&text) || started.elapsed() > Duration::from_secs(10) {
            return text;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The `grpc-status` of a gRPC-Web answer: in its headers (an error
/// before any message), or in the trailer frame of its body (base64 in the
/// text form).
fn grpc_web_status(answer: &HttpResponse) -> Option<String> {
    if let Some(status) = answer.header("grpc-status") {
        return Some(status.to_owned());
    }
    let text = answer
        .header("content-type")
        .is_some_and(|t| t.starts_with("application/grpc-web-text"));
    let body = if text {
        STANDARD.decode(&answer.body).ok()?
    } else {
        answer.body.clone()
    };
    grpc_web_frames(&body)
        .1
        .into_iter()
        .find(|(name, _)| name == "grpc-status")
        .map(|(_, value)| value)
}

/// Malformed gRPC-Web, on the gRPC port and on the HTTP port: bad base64 in
/// the text form, and a frame whose length prefix runs past the body. Both
/// are answered INTERNAL and counted so; bad base64 used to count as
/// `Canceled`, a client that went away.
#[tokio::test]
async fn malformed_grpc_web_counts_under_the_code_it_was_answered() {
    let _serial = crate::SERIAL.lock().await;
    let t = TestServer::start().await;
    let before = scrape(t.admin_addr()).await;
    let request = pb::ValidateMoveRequest {
        position: chess("", &[]),
        r#move: "e4".to_owned(),
        options: None,
    }
    .encode_to_vec();
    let mut cut = frame(&request);
    cut[4] += 40;
    for addr in [t.grpc_addr(), t.http_addr()] {
        let bad_base64 = http_request(
            addr,
            "POST",
            "/arbiter.v1.Rules/ValidateMove",
            &[("content-type", "application/grpc-web-text")],
            b"AAAAAB*not base64*",
        )
        .await;
        assert_eq!(bad_base64.status, 200, "{addr}: {bad_base64:?}");
        assert_eq!(grpc_web_status(&bad_base64).as_deref(), Some("13"));
        let short = http_request(
            addr,
            "POST",
            "/arbiter.v1.Rules/ValidateMove",
            &[("content-type", "application/grpc-web+proto")],
            &cut,
        )
        .await;
        assert_eq!(grpc_web_status(&short).as_deref(), Some("13"), "{short:?}");
    }
    let delta = |text: &str, code| {
        handled(text, "ValidateMove", code) - handled(&before, "ValidateMove", code)
    };
    let after = scrape_until(&t, |text| delta(text, "Internal") >= 4.0).await;
    assert_eq!(delta(&after, "Internal"), 4.0, "{after}");
    assert_eq!(delta(&after, "Canceled"), 0.0, "{after}");
}

/// Sends a request whose body breaks off (`framing`: the headers that frame
/// it and what follows them), then closes the sending side; the answer, if
/// the server sent one.
async fn broken_body(addr: SocketAddr, path: &str, framing: &str) -> Option<HttpResponse> {
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n{framing}"
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.shutdown().await.unwrap();
    let mut raw = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut raw)).await;
    assert!(read.is_ok(), "the server answers or closes");
    (!raw.is_empty()).then(|| crate::support::http::parse_response(&raw))
}

/// The JSON port answers the same mistakes as its gRPC-Web: a body whose
/// HTTP framing breaks (a bad chunk, or cut short of its length) is
/// `internal` (500), JSON that does not parse is `invalid_argument` (400),
/// and each refusal counts under its method, as the calls that reach the
/// services do: a body cut short by the end of its connection as
/// `Canceled`, the client going away, as on the gRPC port.
#[tokio::test]
async fn the_json_port_counts_what_it_refuses() {
    let _serial = crate::SERIAL.lock().await;
    let t = TestServer::start().await;
    let before = scrape(t.admin_addr()).await;
    let path = "/arbiter.v1.Records/Format";
    for framing in [
        "Transfer-Encoding: chunked\r\n\r\n3\r\n{\"p\r\nzz\r\n",
        "Content-Length: 200\r\n\r\n{\"move\":",
    ] {
        let broken = broken_body(t.http_addr(), path, framing).await;
        let broken = broken.expect("an answer to a broken body");
        assert_eq!(broken.status, 500, "{broken:?}");
        assert_eq!(broken.json()["code"], "internal");
    }
    let bad = post_json(t.http_addr(), path, &[], "{\"position\":").await;
    assert_eq!(bad.status, 400);
    assert_eq!(bad.json()["code"], "invalid_argument");
    let unknown = post_json(t.http_addr(), "/arbiter.v1.Records/Nope", &[], "{}").await;
    assert_eq!(unknown.status, 404);
    let delta =
        |text: &str, method, code| handled(text, method, code) - handled(&before, method, code);
    let after = scrape_until(&t, |text| delta(text, "Format", "InvalidArgument") >= 1.0).await;
    assert_eq!(delta(&after, "Format", "Internal"), 1.0, "{after}");
    assert_eq!(delta(&after, "Format", "InvalidArgument"), 1.0, "{after}");
    assert_eq!(delta(&after, "Format", "Canceled"), 1.0, "{after}");
    assert_eq!(delta(&after, "unknown", "Unimplemented"), 1.0, "{after}");
}

/// A bare HTTP/2 call to `path` with `grpc-timeout` set: the response
/// future, and the sender of its body (nothing sent yet).
async fn h2_call(
    t: &TestServer,
    path: &str,
    grpc_timeout: &str,
) -> (
    h2::client::ResponseFuture,
    h2::SendStream<prost::bytes::Bytes>,
) {
    let tcp = tokio::net::TcpStream::connect(t.grpc_addr()).await.unwrap();
    let (client, connection) = h2::client::handshake(tcp).await.unwrap();
    tokio::spawn(async move {
        let _ = connection.await;
    });
    let request = http::Request::builder()
        .method("POST")
        .uri(format!("http://{}{path}", t.grpc_addr()))
        .header("content-type", "application/grpc")
        .header("te", "trailers")
        .header("grpc-timeout", grpc_timeout)
        .body(())
        .unwrap();
    let mut client = client.ready().await.unwrap();
    client.send_request(request, false).unwrap()
}

/// A deadline that expires: a unary call still waiting for its request at
/// its `grpc-timeout` is answered DEADLINE_EXCEEDED by the server; a stream
/// its client resets once its deadline has passed (as gRPC clients end a
/// call at their deadline) counts as `DeadlineExceeded`, one reset before
/// its deadline as `Canceled`.
#[tokio::test]
async fn a_deadline_that_expires_counts_as_deadline_exceeded() {
    let _serial = crate::SERIAL.lock().await;
    let t = TestServer::start().await;
    let before = scrape(t.admin_addr()).await;

    let (response, _body) = h2_call(&t, "/arbiter.v1.Rules/GameStatus", "300m").await;
    let started = Instant::now();
    let response = tokio::time::timeout(Duration::from_secs(10), response)
        .await
        .unwrap()
        .unwrap();
    assert!(started.elapsed() >= Duration::from_millis(250));
    assert_eq!(
        response.headers().get("grpc-status").map(|v| v.as_bytes()),
        Some(&b"4"[..]),
        "{response:?}"
    );

    for (timeout, wait) in [("300m", 600), ("60S", 0)] {
        let (response, mut body) = h2_call(&t, "/arbiter.v1.Rules/BatchStream", timeout).await;
        let response = tokio::time::timeout(Duration::from_secs(10), response)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(response.status(), 200);
        tokio::time::sleep(Duration::from_millis(wait)).await;
        body.send_reset(h2::Reason::CANCEL);
    }

    let delta =
        |text: &str, method, code| handled(text, method, code) - handled(&before, method, code);
    let after = scrape_until(&t, |text| {
        delta(text, "BatchStream", "DeadlineExceeded") + delta(text, "BatchStream", "Canceled")
            >= 2.0
    })
    .await;
    assert_eq!(
        delta(&after, "GameStatus", "DeadlineExceeded"),
        1.0,
        "{after}"
    );
    assert_eq!(delta(&after, "GameStatus", "Canceled"), 0.0, "{after}");
    assert_eq!(
        delta(&after, "BatchStream", "DeadlineExceeded"),
        1.0,
        "{after}"
    );
    assert_eq!(delta(&after, "BatchStream", "Canceled"), 1.0, "{after}");
}

/// A call still running when the server cuts its connection (maximum age
/// plus grace) ends with the connection; its client reads UNAVAILABLE, and
/// the call counts so.
#[tokio::test]
async fn a_call_on_a_connection_the_server_cuts_counts_as_unavailable() {
    let _serial = crate::SERIAL.lock().await;
    let mut config = Config::for_tests();
    config.max_connection_age_secs = 1;
    config.max_connection_age_grace_secs = 1;
    let t = TestServer::start_with(config).await;
    let before = scrape(t.admin_addr()).await;
    let channel = tonic::transport::Channel::from_shared(format!("http://{}", t.grpc_addr()))
        .unwrap()
        .connect()
        .await
        .unwrap();
    let (call, _send) = TestServer::stalled_call(channel, "/arbiter.v1.Rules/Batch");
    let ended = tokio::time::timeout(Duration::from_secs(10), call)
        .await
        .expect("the call ends with its connection")
        .unwrap();
    assert!(ended.is_err(), "{ended:?}");
    let delta = |text: &str, code| handled(text, "Batch", code) - handled(&before, "Batch", code);
    let after = scrape_until(&t, |text| delta(text, "Unavailable") >= 1.0).await;
    assert_eq!(delta(&after, "Unavailable"), 1.0, "{after}");
    assert_eq!(delta(&after, "Canceled"), 0.0, "{after}");
}

/// `arbiter uci --connect` reads each search's call to its trailers: a
/// search that ran to its end counts as `OK`, never as `Canceled` (dropping
/// the stream right after the best move raced the trailers, and under load
/// a third of a match's moves counted as cancelled).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn searches_through_uci_connect_that_end_count_as_ok() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    const SEARCHES: usize = 20;

    let _serial = crate::SERIAL.lock().await;
    let t = TestServer::start().await;
    let before = scrape(t.admin_addr()).await;
    let address = format!("http://{}", t.grpc_addr());
    tokio::task::spawn_blocking(move || {
        let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(["uci", "--connect", &address])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        for _ in 0..SEARCHES {
            writeln!(stdin, "position startpos\ngo depth 1").unwrap();
            loop {
                line.clear();
                assert!(
                    stdout.read_line(&mut line).unwrap() > 0,
                    "the session ended"
                );
                if line.starts_with("bestmove") {
                    break;
                }
            }
        }
        writeln!(stdin, "quit").unwrap();
        assert!(child.wait().unwrap().success());
    })
    .await
    .unwrap();

    let ended =
        |text: &str, code: &str| handled(text, "Analyze", code) - handled(&before, "Analyze", code);
    let text = scrape_until(&t, |text| {
        ended(text, "OK") + ended(text, "Canceled") >= SEARCHES as f64
    })
    .await;
    assert_eq!(ended(&text, "OK"), SEARCHES as f64, "{text}");
    assert_eq!(ended(&text, "Canceled"), 0.0, "{text}");
}

/// `arbiter match`'s `grpc=` engine asks for its moves by `Engine.BestMove`,
/// the call a bot makes, each ending `OK`; no `Analyze` stream is opened.
/// Resign adjudication keeps the games short (the scores come with the
/// answers).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_engine_over_grpc_plays_by_best_move() {
    use std::process::Command;

    let _serial = crate::SERIAL.lock().await;
    let t = TestServer::start().await;
    let before = scrape(t.admin_addr()).await;
    let address = format!("http://{}", t.grpc_addr());
    let output = tokio::task::spawn_blocking(move || {
        Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(["match", "--engine", &format!("name=service,grpc={address}")])
            .args([
                "--engine",
                "name=local,builtin",
                "--nodes",
                "500",
                "--games",
                "2",
            ])
            .args([
                "--resign-score",
                "400",
                "--draw-score",
                "30",
                "--draw-after",
                "20",
            ])
            .output()
            .unwrap()
    })
    .await
    .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let ended = |text: &str, method: &str, code: &str| {
        handled(text, method, code) - handled(&before, method, code)
    };
    let text = scrape_until(&t, |text| ended(text, "BestMove", "OK") >= 10.0).await;
    for code in ["Canceled", "Unavailable", "InvalidArgument", "Internal"] {
        assert_eq!(ended(&text, "BestMove", code), 0.0, "{code}: {text}");
    }
    for code in ["OK", "Canceled"] {
        assert_eq!(ended(&text, "Analyze", code), 0.0, "{code}: {text}");
    }
}
