//! The `grpc-timeout` header, read once for every place that honours it:
//! the HTTP port's request timeout and the Engine's search deadline.

use std::time::Duration;

use http::HeaderMap;

/// The timeout a `grpc-timeout` header value asks for
/// (`<1-8 digits><H|M|S|m|u|n>`, as the gRPC over HTTP/2 specification
/// writes it), or `None` when the value is not one.
#[must_use]
pub fn parse_grpc_timeout(value: &[u8]) -> Option<Duration> {
    let (&unit, digits) = value.split_last()?;
    if digits.is_empty() || digits.len() > 8 || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let number = digits
        .iter()
        .fold(0u64, |n, &d| n * 10 + u64::from(d - b'0'));
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

/// The timeout the request's `grpc-timeout` header asks for, if it carries
/// a well-formed one.
#[must_use]
pub fn grpc_timeout(headers: &HeaderMap) -> Option<Duration> {
    parse_grpc_timeout(headers.get("grpc-timeout")?.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_unit_is_read() {
        assert_eq!(parse_grpc_timeout(b"2H"), Some(Duration::from_secs(7200)));
        assert_eq!(parse_grpc_timeout(b"3M"), Some(Duration::from_secs(180)));
        assert_eq!(parse_grpc_timeout(b"2S"), Some(Duration::from_secs(2)));
        assert_eq!(
            parse_grpc_timeout(b"150m"),
            Some(Duration::from_millis(150))
        );
        assert_eq!(parse_grpc_timeout(b"7u"), Some(Duration::from_micros(7)));
        assert_eq!(
            parse_grpc_timeout(b"99999999n"),
            Some(Duration::from_nanos(99_999_999))
        );
    }

    #[test]
    fn malformed_values_are_none() {
        for bad in [
            &b""[..],
            b"S",
            b"bogus",
            b"123456789S",
            b"-1S",
            b"+1S",
            b"1s",
            b"1.5S",
            b" 1S",
        ] {
            assert_eq!(
                parse_grpc_timeout(bad),
                None,
                "{:?}",
                String::from_utf8_lossy(bad)
            );
        }
    }
}
