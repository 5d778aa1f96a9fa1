//! Reading a request head with `httparse`, refusing it as soon as it
//! breaks a limit, and the refusals the server makes before routing (a
//! foreign `Host`, a `GET` or `HEAD` with a body).

use std::io::{self, Read};

use super::hosts::Hosts;
use crate::routes::{self, Body, Reply};

/// The largest request head (request line and headers) read.
pub const MAX_HEAD_BYTES: usize = 8 * 1024;
/// The most headers one request may carry.
pub const MAX_HEADERS: usize = 32;

/// What the server refuses itself, before routing: a target that is not a
/// path, a `Host` it does not answer to, and a `GET` or `HEAD` with a body.
pub(super) fn refusal_before_routing(head: &Head, hosts: &Hosts) -> Option<Reply> {
    // A target is a path and a query (RFC 9112, section 3.2.1): no other
    // scheme, no fragment (browsers keep fragments to themselves).
    if !head.target.starts_with('/') || head.target.contains('#') {
        return Some(Reply::refusal(
            400,
            format!(
                "the request target {:?} is not a path and a query",
                head.target
            ),
        ));
    }
    match &head.host {
        None if head.version >= 1 => {
            return Some(Reply::refusal(
                400,
                "an HTTP/1.1 request must name the host in a Host header",
            ));
        }
        Some(host) if !hosts.allows(host) => {
            return Some(Reply::refusal(
                400,
                format!(
                    "this server does not answer for host {host:?}: open it by the address it \
                     prints"
                ),
            ));
        }
        _ => {}
    }
    // Any page a user visits could make the browser ask for searches here
    // (an image, a no-cors fetch): it cannot read the answers, but the
    // server would build them. A browser says where a request comes from;
    // the API answers only this server's own page and addresses typed in.
    if let Some(site) = &head.fetch_site
        && routes::is_api(&head.target)
        && !["same-origin", "none"].contains(&site.as_str())
    {
        return Some(Reply::refusal(
            403,
            format!(
                "the API answers only the page this server serves, and this request comes from \
                 another site (Sec-Fetch-Site: {site})"
            ),
        ));
    }
    let has_body = !matches!(head.body, Body::Length(0));
    if has_body && matches!(head.method.as_str(), "GET" | "HEAD") {
        let size = match head.body {
            Body::Length(1) => "1 byte".to_string(),
            Body::Length(length) => format!("{length} bytes"),
            Body::Chunked => "a body by Transfer-Encoding".to_string(),
        };
        return Some(Reply::refusal(
            413,
            format!(
                "a {} request carries no body, and this one announces {size}",
                head.method
            ),
        ));
    }
    None
}

/// What the server needs from a request head.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Head {
    pub method: String,
    pub target: String,
    pub body: Body,
    /// The `Host` header, if any.
    pub host: Option<String>,
    /// The minor HTTP version: 0 or 1.
    pub version: u8,
    /// The `Sec-Fetch-Site` header, if any: where a browser says the
    /// request comes from.
    pub fetch_site: Option<String>,
}

#[derive(Debug)]
pub(super) enum HeadError {
    /// Answer with this refusal.
    Refused(Reply),
    /// The client closed the connection (or stalled) before a whole head
    /// arrived; there is no one to answer.
    Gone,
}

/// Reads a request head, refusing it as soon as it breaks a limit: in JSON
/// where the request line read so far asks for the API.
pub(super) fn read_head(stream: &mut impl Read) -> Result<Head, HeadError> {
    let mut buffer: Vec<u8> = Vec::with_capacity(1024);
    match read_head_into(stream, &mut buffer) {
        Err(HeadError::Refused(reply)) if asks_for_api(&buffer) => {
            Err(HeadError::Refused(reply.for_api()))
        }
        read => read,
    }
}

/// Whether the start of a request head names an API path (the target may
/// be cut short, or malformed further on).
fn asks_for_api(buffer: &[u8]) -> bool {
    let start = buffer
        .iter()
        .position(|byte| !matches!(byte, b'\r' | b'\n'))
        .unwrap_or(buffer.len());
    let Some(target) = buffer[start..].split(|&byte| byte == b' ').nth(1) else {
        return false;
    };
    let target = String::from_utf8_lossy(target);
    match absolute_form(&target) {
        Some((_, path)) => routes::is_api(&path),
        None => routes::is_api(&target),
    }
}

fn read_head_into(stream: &mut impl Read, buffer: &mut Vec<u8>) -> Result<Head, HeadError> {
    let longest_request_line = routes::MAX_URL_BYTES + 64;
    let mut chunk = [0u8; 1024];
    loop {
        if !buffer.is_empty() {
            let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
            let mut request = httparse::Request::new(&mut headers);
            match request.parse(buffer) {
                Ok(httparse::Status::Complete(_)) => return head_of(&request),
                Ok(httparse::Status::Partial) => {}
                Err(httparse::Error::TooManyHeaders) => {
                    return Err(refuse(
                        431,
                        format!("a request may carry at most {MAX_HEADERS} headers"),
                    ));
                }
                Err(error) => return Err(refuse(400, format!("malformed request: {error}"))),
            }
            let line_end = buffer.iter().position(|&byte| byte == b'\n');
            if line_end.unwrap_or(buffer.len()) > longest_request_line {
                return Err(refuse(
                    414,
                    format!(
                        "the request line is longer than {longest_request_line} bytes; \
                         this server accepts URLs of at most {} bytes",
                        routes::MAX_URL_BYTES
                    ),
                ));
            }
            if buffer.len() >= MAX_HEAD_BYTES {
                return Err(refuse(
                    431,
                    format!("the request head is larger than {MAX_HEAD_BYTES} bytes"),
                ));
            }
        }
        let wanted = (MAX_HEAD_BYTES - buffer.len()).min(chunk.len());
        match stream.read(&mut chunk[..wanted]) {
            Ok(0) => return Err(HeadError::Gone),
            Ok(read) => buffer.extend_from_slice(&chunk[..read]),
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            // Blank lines before a request line are allowed (RFC 9112,
            // section 2.2): a client that sent only those sent nothing.
            Err(error)
                if buffer.iter().any(|byte| !matches!(byte, b'\r' | b'\n'))
                    && matches!(
                        error.kind(),
                        io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                    ) =>
            {
                return Err(refuse(
                    408,
                    "the request head did not arrive in time: a client has a few seconds \
                     to send it whole",
                ));
            }
            Err(_) => return Err(HeadError::Gone),
        }
    }
}

fn head_of(request: &httparse::Request) -> Result<Head, HeadError> {
    let (Some(method), Some(target)) = (request.method, request.path) else {
        return Err(refuse(400, "malformed request line"));
    };
    let mut length: Option<u64> = None;
    let mut chunked = false;
    let mut host: Option<String> = None;
    let mut fetch_site: Option<String> = None;
    for header in request.headers.iter() {
        if header.name.eq_ignore_ascii_case("Host") {
            let value = String::from_utf8_lossy(header.value).into_owned();
            if host.replace(value).is_some() {
                return Err(refuse(400, "the request has two Host headers"));
            }
        } else if header.name.eq_ignore_ascii_case("Sec-Fetch-Site") {
            fetch_site = Some(String::from_utf8_lossy(header.value).into_owned());
        } else if header.name.eq_ignore_ascii_case("Transfer-Encoding") {
            chunked = true;
        } else if header.name.eq_ignore_ascii_case("Content-Length") {
            let value = std::str::from_utf8(header.value)
                .ok()
                .map(str::trim)
                .filter(|text| !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()))
                .map(|text| text.parse::<u64>().unwrap_or(u64::MAX));
            match (value, length) {
                (None, _) => return Err(refuse(400, "the Content-Length is not a number")),
                (Some(new), Some(old)) if new != old => {
                    return Err(refuse(400, "the request has two different Content-Lengths"));
                }
                (Some(new), _) => length = Some(new),
            }
        }
    }
    let body = if chunked {
        Body::Chunked
    } else {
        Body::Length(usize::try_from(length.unwrap_or(0)).unwrap_or(usize::MAX))
    };
    // A target in absolute form (`http://host/path`), which HTTP/1.1
    // servers must accept, names the host itself, in place of the Host
    // header (RFC 9112, section 3.2.2).
    let target = match absolute_form(target) {
        Some(("", _)) => return Err(refuse(400, "the request target names no host")),
        Some((authority, path)) => {
            host = Some(authority.to_string());
            path
        }
        None => target.into(),
    };
    Ok(Head {
        method: method.to_string(),
        target: target.to_string(),
        body,
        host,
        version: request.version.unwrap_or(1),
        fetch_site,
    })
}

/// The host and the path of a target in absolute form (`http://host/path`;
/// a path left out is `/`, before a query too: `http://host?x` is `/?x`),
/// or `None` for any other form.
fn absolute_form(target: &str) -> Option<(&str, std::borrow::Cow<'_, str>)> {
    const SCHEME: &str = "http://";
    let head = target.get(..SCHEME.len())?;
    if !head.eq_ignore_ascii_case(SCHEME) {
        return None;
    }
    let rest = &target[SCHEME.len()..];
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let (authority, path) = rest.split_at(end);
    let path = if path.starts_with('/') {
        path.into()
    } else {
        format!("/{path}").into()
    };
    Some((authority, path))
}

fn refuse(status: u16, message: impl Into<String>) -> HeadError {
    HeadError::Refused(Reply::refusal(status, message))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn head(raw: &[u8]) -> Result<Head, u16> {
        read_head(&mut &raw[..]).map_err(|error| match error {
            HeadError::Refused(reply) => reply.status,
            HeadError::Gone => 0,
        })
    }

    /// A reader that hands out its bytes one at a time, as a slow client
    /// would send them.
    struct Trickle<'a>(&'a [u8]);

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            match (self.0.split_first(), buf.first_mut()) {
                (Some((&byte, rest)), Some(slot)) => {
                    *slot = byte;
                    self.0 = rest;
                    Ok(1)
                }
                _ => Ok(0),
            }
        }
    }

    #[test]
    fn heads_are_read() {
        assert_eq!(
            head(b"GET /api/trace?n=4 HTTP/1.1\r\nHost: x\r\n\r\n"),
            Ok(Head {
                method: "GET".to_string(),
                target: "/api/trace?n=4".to_string(),
                body: Body::Length(0),
                host: Some("x".to_string()),
                version: 1,
                fetch_site: None,
            })
        );
        assert_eq!(
            read_head(&mut Trickle(b"HEAD / HTTP/1.0\r\n\r\n")).unwrap(),
            Head {
                method: "HEAD".to_string(),
                target: "/".to_string(),
                body: Body::Length(0),
                host: None,
                version: 0,
                fetch_site: None,
            }
        );
        // The absolute form names the host in place of the Host header.
        let absolute =
            head(b"GET http://127.0.0.1:8000/api/trace?n=4 HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
        assert_eq!(absolute.target, "/api/trace?n=4");
        assert_eq!(absolute.host.as_deref(), Some("127.0.0.1:8000"));
        // An empty path is `/`, before a query too.
        for (raw, target) in [
            (&b"GET http://127.0.0.1:8000 HTTP/1.1\r\n\r\n"[..], "/"),
            (b"GET http://127.0.0.1:8000?x HTTP/1.1\r\n\r\n", "/?x"),
        ] {
            assert_eq!(head(raw).unwrap().target, target);
        }
        let bare = head(b"GET HTTP://localhost HTTP/1.1\r\n\r\n").unwrap();
        assert_eq!(
            (bare.target.as_str(), bare.host.as_deref()),
            ("/", Some("localhost"))
        );
        assert!(head(b"GET http:///x HTTP/1.1\r\n\r\n").is_err());
        let body = |raw: &[u8]| head(raw).map(|head| head.body);
        assert_eq!(
            body(b"POST / HTTP/1.1\r\nContent-Length: 12\r\n\r\n"),
            Ok(Body::Length(12))
        );
        assert_eq!(
            body(b"POST / HTTP/1.1\r\ncontent-length: 99999999999999999999999\r\n\r\n"),
            Ok(Body::Length(usize::MAX))
        );
        assert_eq!(
            body(b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"),
            Ok(Body::Chunked)
        );
    }

    #[test]
    fn bad_heads_are_refused() {
        assert_eq!(head(b""), Err(0));
        assert_eq!(head(b"GET / HTTP/1.1\r\nHost: x\r\n"), Err(0));
        assert_eq!(head(b"\x00\x01 nonsense\r\n\r\n"), Err(400));
        assert_eq!(head(b"GET / HTTP/2.0\r\n\r\n"), Err(400));
        assert_eq!(
            head(b"POST / HTTP/1.1\r\nContent-Length: ten\r\n\r\n"),
            Err(400)
        );
        assert_eq!(
            head(b"POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n"),
            Err(400)
        );
        let long_line = format!("GET /{} HTTP/1.1\r\n\r\n", "a".repeat(100_000));
        assert_eq!(head(long_line.as_bytes()), Err(414));
        let many: String = (0..=MAX_HEADERS).map(|i| format!("X-{i}: y\r\n")).collect();
        assert_eq!(
            head(format!("GET / HTTP/1.1\r\n{many}\r\n").as_bytes()),
            Err(431)
        );
        let big = format!(
            "GET / HTTP/1.1\r\nX: {}\r\n\r\n",
            "y".repeat(MAX_HEAD_BYTES)
        );
        assert_eq!(head(big.as_bytes()), Err(431));
    }

    /// A client that sends `bytes` in one read (none if `sent` already),
    /// then stalls: every later read fails as a deadline passed would.
    struct SendsThenStalls {
        bytes: &'static [u8],
        stall: io::ErrorKind,
        sent: bool,
    }

    impl SendsThenStalls {
        fn new(bytes: &'static [u8], stall: io::ErrorKind) -> SendsThenStalls {
            SendsThenStalls {
                bytes,
                stall,
                sent: false,
            }
        }
    }

    impl Read for SendsThenStalls {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if std::mem::replace(&mut self.sent, true) {
                return Err(self.stall.into());
            }
            buf[..self.bytes.len()].copy_from_slice(self.bytes);
            Ok(self.bytes.len())
        }
    }

    #[test]
    fn a_stalled_head_is_a_timeout() {
        let stalls = |sent| SendsThenStalls {
            sent,
            ..SendsThenStalls::new(b"GET /", io::ErrorKind::WouldBlock)
        };
        assert!(matches!(
            read_head(&mut stalls(false)),
            Err(HeadError::Refused(Reply { status: 408, .. }))
        ));
        // Nothing sent at all: no one to answer.
        assert!(matches!(read_head(&mut stalls(true)), Err(HeadError::Gone)));
    }

    /// Blank lines may come before a request line (a tester's client sent
    /// `\r\n` and stalled, and was answered 408): that is nothing sent.
    #[test]
    fn a_head_of_blank_lines_that_stalls_has_no_one_to_answer() {
        assert!(matches!(
            read_head(&mut SendsThenStalls::new(
                b"\r\n\r\n",
                io::ErrorKind::TimedOut
            )),
            Err(HeadError::Gone)
        ));
        // Blank lines and then a request line: read as usual.
        assert_eq!(head(b"\r\n\r\nGET / HTTP/1.0\r\n\r\n").unwrap().target, "/");
    }

    /// A tester found 414, 413 and 400 refusals of `/api/` requests in
    /// text where the routes answer JSON.
    #[test]
    fn refusals_of_api_requests_are_json_from_the_first_line() {
        let refusal = |raw: &[u8]| match read_head(&mut &raw[..]) {
            Err(HeadError::Refused(reply)) => reply,
            other => panic!("{other:?}"),
        };
        // A request line still arriving past the longest allowed.
        let long = format!("GET /api/trace?n={}", "8".repeat(3000));
        for (raw, status) in [
            (&b"GET /api/board.svg?cols=1, 3 HTTP/1.1\r\n\r\n"[..], 400),
            (long.as_bytes(), 414),
            (
                b"\r\nGET http://x/api/trace HTTP/1.1\r\nContent-Length: y\r\n\r\n",
                400,
            ),
        ] {
            let reply = refusal(raw);
            assert_eq!(reply.status, status);
            let body: serde_json::Value = serde_json::from_slice(&reply.body).unwrap();
            assert!(
                body["error"]
                    .as_str()
                    .is_some_and(|error| !error.is_empty())
            );
        }
        // The page and its assets are answered in text.
        let reply = refusal(b"GET /style.css?a b HTTP/1.1\r\n\r\n");
        assert_eq!(reply.text(), "malformed request: invalid HTTP version\n");
    }

    /// An image or a fetch that another site's page makes the browser send
    /// is not answered; the page's own requests and addresses typed in are.
    #[test]
    fn api_requests_from_other_sites_are_refused() {
        let hosts = Hosts::new("127.0.0.1", "127.0.0.1:8000".parse().unwrap());
        let status = |target: &str, site: &str| {
            let raw = format!(
                "GET {target} HTTP/1.1\r\nHost: 127.0.0.1:8000\r\nSec-Fetch-Site: {site}\r\n\r\n"
            );
            let head = read_head(&mut raw.as_bytes()).map_err(|_| ()).unwrap();
            refusal_before_routing(&head, &hosts).map(|reply| reply.status)
        };
        let trace = "/api/trace?puzzle=queens&n=12&mode=all";
        assert_eq!(status(trace, "cross-site"), Some(403));
        assert_eq!(
            status("/api/board.svg?cols=1,3,0,2", "same-site"),
            Some(403)
        );
        assert_eq!(status(trace, "same-origin"), None);
        assert_eq!(status(trace, "none"), None);
        // A link from elsewhere to the page itself is followed.
        assert_eq!(status("/", "cross-site"), None);
    }

    #[test]
    fn a_get_with_a_body_and_a_foreign_host_are_refused_before_routing() {
        let hosts = Hosts::new("127.0.0.1", "127.0.0.1:8000".parse().unwrap());
        let status = |raw: &[u8]| {
            let head = read_head(&mut &raw[..]).map_err(|_| ()).unwrap();
            refusal_before_routing(&head, &hosts).map(|reply| reply.status)
        };
        let host = "Host: 127.0.0.1:8000\r\n";
        assert_eq!(
            status(format!("GET / HTTP/1.1\r\n{host}\r\n").as_bytes()),
            None
        );
        assert_eq!(
            status(format!("GET / HTTP/1.1\r\n{host}Content-Length: 5\r\n\r\n").as_bytes()),
            Some(413)
        );
        assert_eq!(
            status(
                format!("HEAD / HTTP/1.1\r\n{host}Transfer-Encoding: chunked\r\n\r\n").as_bytes()
            ),
            Some(413)
        );
        // Other methods go on to routing, which answers 405.
        assert_eq!(
            status(format!("POST / HTTP/1.1\r\n{host}Content-Length: 5\r\n\r\n").as_bytes()),
            None
        );
        assert_eq!(
            status(b"GET / HTTP/1.1\r\nHost: evil.example:8000\r\n\r\n"),
            Some(400)
        );
        assert_eq!(status(b"GET / HTTP/1.1\r\n\r\n"), Some(400));
        assert_eq!(status(b"GET / HTTP/1.0\r\n\r\n"), None);
        // Other schemes, fragments and targets that are not paths.
        for raw in [
            "GET https://127.0.0.1:8000/ HTTP/1.1\r\n\r\n".to_string(),
            format!("GET /api/trace?mode=first#x HTTP/1.1\r\n{host}\r\n"),
            format!("HEAD api/trace HTTP/1.1\r\n{host}\r\n"),
            format!("GET * HTTP/1.1\r\n{host}\r\n"),
            "GET http://127.0.0.1:8000#f HTTP/1.1\r\n\r\n".to_string(),
        ] {
            let head = read_head(&mut raw.as_bytes()).map_err(|_| ()).unwrap();
            let refusal = refusal_before_routing(&head, &hosts).expect(&raw);
            assert_eq!(refusal.status, 400, "{raw}");
            assert!(
                refusal.text().contains("is not a path and a query"),
                "{raw}"
            );
        }
    }

    proptest! {
        #[test]
        fn any_bytes_give_a_head_or_a_refusal(bytes in proptest::collection::vec(any::<u8>(), 0..3000)) {
            match read_head(&mut &bytes[..]) {
                Ok(head) => prop_assert!(!head.method.is_empty() && !head.target.is_empty()),
                Err(HeadError::Refused(reply)) => prop_assert!([400, 408, 414, 431].contains(&reply.status)),
                Err(HeadError::Gone) => {}
            }
        }

        #[test]
        fn request_shaped_bytes_give_a_head_or_a_refusal(
            method in "(GET|HEAD|POST|[A-Z]{0,3})",
            target in "[ -~]{0,40}",
            headers in proptest::collection::vec("[A-Za-z-]{0,12}: [ -~]{0,20}", 0..40),
        ) {
            let raw = format!("{method} {target} HTTP/1.1\r\n{}\r\n\r\n", headers.join("\r\n"));
            match read_head(&mut Trickle(raw.as_bytes())) {
                Ok(head) => prop_assert_eq!(head.method, method),
                Err(HeadError::Refused(reply)) => prop_assert!([400, 414, 431].contains(&reply.status)),
                Err(HeadError::Gone) => {}
            }
        }
    }
}
