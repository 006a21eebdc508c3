//! A plain HTTP/1.1 client for the HTTP port and for gRPC-Web over HTTP/1.1:
//! one request per connection, chunked answers read whole, and the pieces of
//! a gRPC-Web body (messages and the trailer frame).

use std::net::SocketAddr;

use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// An answer: status, headers (names lower case) and the de-chunked body.
#[derive(Debug)]
pub(crate) struct HttpResponse {
    pub(crate) status: u16,
    pub(crate) headers: Vec<(String, String)>,
    pub(crate) body: Vec<u8>,
}

impl HttpResponse {
    /// The first value of header `name` (lower case).
    pub(crate) fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The body as JSON.
    pub(crate) fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&self.body)))
    }

    /// The body as NDJSON lines.
    pub(crate) fn lines(&self) -> Vec<serde_json::Value> {
        String::from_utf8_lossy(&self.body)
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    }
}

/// Sends one request and reads the whole answer.
pub(crate) async fn http_request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> HttpResponse {
    let mut stream = tokio::net::TcpStream::connect(addr)
        .await
        .expect("connects");
    let mut request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (name, value) in headers {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    request.push_str("\r\n");
    stream.write_all(request.as_bytes()).await.expect("writes");
    stream.write_all(body).await.expect("writes");
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.expect("reads");
    parse_response(&raw)
}

/// POST of a JSON body.
pub(crate) async fn post_json(
    addr: SocketAddr,
    path: &str,
    headers: &[(&str, &str)],
    json: &str,
) -> HttpResponse {
    let mut all = vec![("content-type", "application/json")];
    all.extend_from_slice(headers);
    http_request(addr, "POST", path, &all, json.as_bytes()).await
}

pub(crate) fn parse_response(raw: &[u8]) -> HttpResponse {
    let end = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a complete head");
    let head = String::from_utf8_lossy(&raw[..end]);
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|s| s.parse().ok())
        .expect("a status line");
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    let rest = &raw[end + 4..];
    let chunked = headers
        .iter()
        .any(|(n, v)| n == "transfer-encoding" && v.contains("chunked"));
    let body = if chunked {
        dechunk(rest)
    } else {
        rest.to_vec()
    };
    HttpResponse {
        status,
        headers,
        body,
    }
}

fn dechunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let Some(line_end) = data.windows(2).position(|w| w == b"\r\n") else {
            return out;
        };
        let size_text = String::from_utf8_lossy(&data[..line_end]);
        let size = usize::from_str_radix(size_text.split(';').next().unwrap().trim(), 16)
            .expect("a chunk size");
        data = &data[line_end + 2..];
        if size == 0 {
            return out;
        }
        out.extend_from_slice(&data[..size]);
        data = &data[size + 2..];
    }
}

/// A gRPC-Web body cut into its messages and its trailers (the frame
/// flagged 0x80, `name:value` lines).
pub(crate) fn grpc_web_frames(mut body: &[u8]) -> (Vec<Vec<u8>>, Vec<(String, String)>) {
    let mut messages = Vec::new();
    let mut trailers = Vec::new();
    while body.len() >= 5 {
        let flag = body[0];
        let length = u32::from_be_bytes([body[1], body[2], body[3], body[4]]) as usize;
        let payload = &body[5..5 + length];
        if flag & 0x80 != 0 {
            for line in String::from_utf8_lossy(payload).split("\r\n") {
                if let Some((name, value)) = line.split_once(':') {
                    trailers.push((name.trim().to_ascii_lowercase(), value.trim().to_owned()));
                }
            }
        } else {
            messages.push(payload.to_vec());
        }
        body = &body[5 + length..];
    }
    (messages, trailers)
}

/// One message framed for gRPC or gRPC-Web.
pub(crate) fn frame(message: &[u8]) -> Vec<u8> {
    let mut out = vec![0];
    out.extend_from_slice(&u32::try_from(message.len()).unwrap().to_be_bytes());
    out.extend_from_slice(message);
    out
}
