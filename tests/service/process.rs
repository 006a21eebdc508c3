//! The real binary: JSON logs with one line per request, and SIGTERM →
//! NOT_SERVING → drain → exit 0.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::{
    io::{BufRead, BufReader},
    process::{Command, Stdio},
    sync::mpsc,
    time::Duration,
};

use arbiter::proto::{self as pb, rules_client::RulesClient};

fn field<'a>(line: &'a serde_like::Line, key: &str) -> Option<&'a str> {
    line.get(key)
}

/// Minimal reader for the flat JSON objects the server logs: string and
/// number values only, which is all the assertions need.
mod serde_like {
    use std::collections::HashMap;

    #[derive(Debug)]
    pub(crate) struct Line(HashMap<String, String>);

    impl Line {
        pub(crate) fn get(&self, key: &str) -> Option<&str> {
            self.0.get(key).map(String::as_str)
        }
    }

    pub(crate) fn parse(text: &str) -> Option<Line> {
        let body = text.trim().strip_prefix('{')?.strip_suffix('}')?;
        let mut map = HashMap::new();
        let mut rest = body;
        while !rest.is_empty() {
            rest = rest.trim_start_matches([',', ' ']);
            let key_start = rest.strip_prefix('"')?;
            let key_end = key_start.find('"')?;
            let key = &key_start[..key_end];
            rest = key_start[key_end + 1..]
                .trim_start()
                .strip_prefix(':')?
                .trim_start();
            let value;
            if let Some(s) = rest.strip_prefix('"') {
                let mut end = 0;
                let bytes = s.as_bytes();
                while end < bytes.len()
                    && !(bytes[end] == b'"' && (end == 0 || bytes[end - 1] != b'\\'))
                {
                    end += 1;
                }
                value = s[..end].to_owned();
                rest = &s[(end + 1).min(s.len())..];
            } else if rest.starts_with('{') {
                let end = rest.find('}')?;
                value = rest[..=end].to_owned();
                rest = &rest[end + 1..];
            } else {
                let end = rest.find(',').unwrap_or(rest.len());
                value = rest[..end].trim().to_owned();
                rest = &rest[end..];
            }
            map.insert(key.to_owned(), value);
        }
        Some(Line(map))
    }
}

#[tokio::test]
async fn json_logs_and_sigterm_drain() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .env("ARBITER_GRPC_ADDR", "127.0.0.1:0")
        .env("ARBITER_ADMIN_ADDR", "127.0.0.1:0")
        .env("ARBITER_HTTP_ADDR", "127.0.0.1:0")
        .env("ARBITER_LOG_FORMAT", "json")
        .env("ARBITER_DRAIN_TIMEOUT_SECS", "5")
        .env("RUST_LOG", "info")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary starts");
    let stdout = child.stdout.take().unwrap();
    let (lines_tx, lines) = mpsc::channel::<String>();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if lines_tx.send(line).is_err() {
                break;
            }
        }
    });
    let next = |timeout: Duration| lines.recv_timeout(timeout).ok();

    // The first JSON line announces the bound addresses.
    let mut grpc_addr = None;
    while let Some(text) = next(Duration::from_secs(20)) {
        let line = serde_like::parse(&text).unwrap_or_else(|| panic!("not JSON: {text}"));
        if field(&line, "message") == Some("arbiter serving") {
            grpc_addr = field(&line, "grpc").map(str::to_owned);
            break;
        }
    }
    let grpc_addr = grpc_addr.expect("serving line with the gRPC address");

    let mut rules = RulesClient::connect(format!("http://{grpc_addr}"))
        .await
        .unwrap();
    rules
        .legal_moves(pb::LegalMovesRequest {
            position: Some(pb::Position {
                variant: pb::Variant::Xiangqi.into(),
                ..Default::default()
            }),
            options: None,
            view: 0,
        })
        .await
        .unwrap();

    // One structured line per request, with method, variant and status.
    let mut request_line = None;
    while let Some(text) = next(Duration::from_secs(5)) {
        let line = serde_like::parse(&text).unwrap_or_else(|| panic!("not JSON: {text}"));
        if field(&line, "message") == Some("request handled") {
            request_line = Some(text);
            break;
        }
    }
    let request_line = request_line.expect("a log line for the request");
    for needle in [
        "\"method\":\"LegalMoves\"",
        "\"variant\":\"xiangqi\"",
        "\"grpc_code\":\"OK\"",
        "duration_ms",
    ] {
        assert!(request_line.contains(needle), "{needle} in {request_line}");
    }

    // SIGTERM: clean exit 0 within the drain deadline.
    let status = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let started = std::time::Instant::now();
    loop {
        if let Some(exit) = child.try_wait().unwrap() {
            assert!(exit.success(), "exit status {exit:?}");
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(10), "did not exit");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let mut saw_shutdown = false;
    while let Some(text) = next(Duration::from_millis(200)) {
        saw_shutdown |= text.contains("NOT_SERVING");
    }
    assert!(saw_shutdown, "the shutdown is logged");
}
