//! The HTTP side: a small, strict HTTP/1.1 server on `std::net`, with
//! `httparse` reading request heads.
//!
//! Every limit is enforced while reading, before anything is buffered
//! beyond it: a request line over [`routes::MAX_URL_BYTES`] is refused
//! (414) without reading the rest, a head over [`MAX_HEAD_BYTES`] or with
//! more than [`MAX_HEADERS`] headers is refused (431), and a request body is
//! never read at all — an announced body over [`routes::MAX_BODY_BYTES`] is
//! refused (413) whatever length it claims. Each connection gets its own
//! thread (at most [`MAX_CONNECTIONS`] at once) and read/write timeouts, and
//! is closed after one answer, so one slow or hostile client cannot hold up
//! the page.
//!
//! (tiny_http 0.12, the first choice, allocates the whole announced
//! `Content-Length` when it drops an unread body: one request claiming a
//! 200 GB body aborted the process.)

use std::io::{self, Read, Write};
use std::net::{
    IpAddr, Ipv4Addr, Ipv6Addr, Shutdown, SocketAddr, TcpListener, TcpStream, ToSocketAddrs,
};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::routes::{self, Body, Incoming, Reply};

/// The most connections answered at once; more are closed at once.
pub const MAX_CONNECTIONS: usize = 32;
/// The largest request head (request line and headers) read.
pub const MAX_HEAD_BYTES: usize = 8 * 1024;
/// The most headers one request may carry.
pub const MAX_HEADERS: usize = 32;

/// How long a client may take to send its request head.
const READ_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a client may take to read an answer (a capped trace is about
/// 16 MB).
const WRITE_TIMEOUT: Duration = Duration::from_secs(60);

/// Why the server could not start.
///
/// # Example
///
/// ```
/// use puzzles_web::Server;
///
/// // 192.0.2.1 is reserved for documentation: no machine has it.
/// let error = Server::bind("192.0.2.1", 0).unwrap_err();
/// assert!(error.to_string().starts_with("cannot listen on 192.0.2.1:0"));
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ServeError {
    /// The host did not resolve to any address.
    #[error("cannot resolve {address}: {source}")]
    Resolve {
        /// The address as given.
        address: String,
        /// What the resolver said.
        source: io::Error,
    },
    /// Binding failed (address in use, not permitted, …).
    #[error("cannot listen on {address}: {source}")]
    Bind {
        /// The address tried.
        address: SocketAddr,
        /// What the operating system said.
        source: io::Error,
    },
}

/// A bound server, not yet answering: [`Server::run`] answers on this
/// thread until the process ends, [`Server::spawn`] in the background.
///
/// # Example
///
/// ```
/// use puzzles_web::Server;
///
/// let server = Server::bind("127.0.0.1", 0)?;
/// assert!(server.url().starts_with("http://127.0.0.1:"));
/// # Ok::<(), puzzles_web::ServeError>(())
/// ```
#[derive(Debug)]
pub struct Server {
    listener: TcpListener,
    address: SocketAddr,
}

impl Server {
    /// Listens on `host` (a name or an IP address) at `port` (0 picks a
    /// free port). The first address the host resolves to is used.
    ///
    /// # Errors
    ///
    /// [`ServeError::Resolve`] when the host does not resolve,
    /// [`ServeError::Bind`] when the socket cannot be bound.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles_web::Server;
    ///
    /// let server = Server::bind("127.0.0.1", 0)?;
    /// assert_ne!(server.local_addr().port(), 0);
    /// # Ok::<(), puzzles_web::ServeError>(())
    /// ```
    pub fn bind(host: &str, port: u16) -> Result<Server, ServeError> {
        let resolved = (host, port)
            .to_socket_addrs()
            .and_then(|mut addresses| {
                addresses
                    .next()
                    .ok_or_else(|| io::Error::new(io::ErrorKind::NotFound, "no address found"))
            })
            .map_err(|source| ServeError::Resolve {
                address: if host.contains(':') {
                    format!("[{host}]:{port}")
                } else {
                    format!("{host}:{port}")
                },
                source,
            })?;
        let bind_error = |source| ServeError::Bind {
            address: resolved,
            source,
        };
        let listener = TcpListener::bind(resolved).map_err(bind_error)?;
        let address = listener.local_addr().map_err(bind_error)?;
        Ok(Server { listener, address })
    }

    /// The address it listens on, with the port actually bound.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles_web::Server;
    ///
    /// let server = Server::bind("127.0.0.1", 0)?;
    /// assert!(server.local_addr().ip().is_loopback());
    /// # Ok::<(), puzzles_web::ServeError>(())
    /// ```
    pub fn local_addr(&self) -> SocketAddr {
        self.address
    }

    /// The page's URL: `http://127.0.0.1:PORT/` (IPv6 addresses in
    /// brackets).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles_web::Server;
    ///
    /// let server = Server::bind("127.0.0.1", 0)?;
    /// assert_eq!(server.url(), format!("http://127.0.0.1:{}/", server.local_addr().port()));
    /// # Ok::<(), puzzles_web::ServeError>(())
    /// ```
    pub fn url(&self) -> String {
        format!("http://{}/", self.address)
    }

    /// Answers requests until the process ends.
    ///
    /// # Example
    ///
    /// ```no_run
    /// use puzzles_web::Server;
    ///
    /// let server = Server::bind("127.0.0.1", 8080)?;
    /// println!("serving on {}", server.url());
    /// server.run();
    /// # Ok::<(), puzzles_web::ServeError>(())
    /// ```
    pub fn run(self) {
        accept(&self.listener, &AtomicBool::new(false));
    }

    /// Answers requests in the background until the returned handle is
    /// shut down or dropped.
    ///
    /// # Example
    ///
    /// ```
    /// use std::io::{Read, Write};
    /// use puzzles_web::Server;
    ///
    /// let running = Server::bind("127.0.0.1", 0)?.spawn();
    /// let mut stream = std::net::TcpStream::connect(running.local_addr()).unwrap();
    /// stream.write_all(b"GET /nowhere HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
    /// let mut answer = String::new();
    /// stream.read_to_string(&mut answer).unwrap();
    /// assert!(answer.starts_with("HTTP/1.1 404 Not Found\r\n"));
    /// running.shutdown();
    /// # Ok::<(), puzzles_web::ServeError>(())
    /// ```
    pub fn spawn(self) -> Running {
        let stopping = Arc::new(AtomicBool::new(false));
        let address = self.address;
        let acceptor = {
            let stopping = Arc::clone(&stopping);
            std::thread::Builder::new()
                .name("puzzles-web-accept".to_string())
                .spawn(move || accept(&self.listener, &stopping))
                .expect("the accepting thread starts")
        };
        Running {
            address,
            stopping,
            acceptor: Some(acceptor),
        }
    }
}

/// A server answering in the background; dropping it stops the server.
///
/// # Example
///
/// ```
/// use puzzles_web::Server;
///
/// let running = Server::bind("127.0.0.1", 0)?.spawn();
/// assert!(running.url().ends_with('/'));
/// drop(running); // stops accepting and closes the socket
/// # Ok::<(), puzzles_web::ServeError>(())
/// ```
#[derive(Debug)]
pub struct Running {
    address: SocketAddr,
    stopping: Arc<AtomicBool>,
    acceptor: Option<JoinHandle<()>>,
}

impl Running {
    /// The address it listens on.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles_web::Server;
    ///
    /// let running = Server::bind("127.0.0.1", 0)?.spawn();
    /// assert_ne!(running.local_addr().port(), 0);
    /// # Ok::<(), puzzles_web::ServeError>(())
    /// ```
    pub fn local_addr(&self) -> SocketAddr {
        self.address
    }

    /// The page's URL.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles_web::Server;
    ///
    /// let running = Server::bind("127.0.0.1", 0)?.spawn();
    /// assert!(running.url().starts_with("http://127.0.0.1:"));
    /// # Ok::<(), puzzles_web::ServeError>(())
    /// ```
    pub fn url(&self) -> String {
        format!("http://{}/", self.address)
    }

    /// Stops accepting connections and closes the listening socket; the
    /// connections being answered finish on their own.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles_web::Server;
    ///
    /// let running = Server::bind("127.0.0.1", 0)?.spawn();
    /// let address = running.local_addr();
    /// running.shutdown();
    /// assert!(std::net::TcpStream::connect(address).is_err());
    /// # Ok::<(), puzzles_web::ServeError>(())
    /// ```
    pub fn shutdown(mut self) {
        self.stop();
    }

    fn stop(&mut self) {
        let Some(acceptor) = self.acceptor.take() else {
            return;
        };
        self.stopping.store(true, Ordering::SeqCst);
        // Wake the accepting thread with a connection of our own.
        let mut wake = self.address;
        if wake.ip().is_unspecified() {
            wake.set_ip(match wake.ip() {
                IpAddr::V4(_) => IpAddr::V4(Ipv4Addr::LOCALHOST),
                IpAddr::V6(_) => IpAddr::V6(Ipv6Addr::LOCALHOST),
            });
        }
        if TcpStream::connect_timeout(&wake, Duration::from_secs(1)).is_ok() {
            let _ = acceptor.join();
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Accepts connections until `stopping` is set, each answered on its own
/// thread.
fn accept(listener: &TcpListener, stopping: &AtomicBool) {
    let active = Arc::new(AtomicUsize::new(0));
    for stream in listener.incoming() {
        if stopping.load(Ordering::SeqCst) {
            return;
        }
        let Ok(stream) = stream else {
            // Out of file descriptors, say: wait a moment so it cannot spin.
            std::thread::sleep(Duration::from_millis(50));
            continue;
        };
        if active.fetch_add(1, Ordering::SeqCst) >= MAX_CONNECTIONS {
            active.fetch_sub(1, Ordering::SeqCst);
            continue; // dropping the stream closes it
        }
        let slot = Slot(Arc::clone(&active));
        // A thread that cannot start drops its slot (and the stream) unused.
        let _ = std::thread::Builder::new()
            .name("puzzles-web".to_string())
            .spawn(move || {
                let _slot = slot;
                answer(stream);
            });
    }
}

/// One of the [`MAX_CONNECTIONS`], given back when dropped.
struct Slot(Arc<AtomicUsize>);

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Reads one request, answers it and closes the connection.
fn answer(mut stream: TcpStream) {
    let _ = stream.set_read_timeout(Some(READ_TIMEOUT));
    let _ = stream.set_write_timeout(Some(WRITE_TIMEOUT));
    let _ = stream.set_nodelay(true);
    let (reply, head_only) = match read_head(&mut stream) {
        Ok(head) => {
            let reply = routes::respond(&Incoming {
                method: &head.method,
                url: &head.target,
                body: head.body,
            });
            (reply, head.method == "HEAD")
        }
        Err(HeadError::Refused(reply)) => (reply, false),
        Err(HeadError::Gone) => return,
    };
    // The client may have gone away; there is no one left to tell.
    let _ = write_reply(&mut stream, &reply, head_only);
    close_gently(stream);
}

/// What the server needs from a request head.
#[derive(Debug, PartialEq, Eq)]
struct Head {
    method: String,
    target: String,
    body: Body,
}

#[derive(Debug)]
enum HeadError {
    /// Answer with this refusal.
    Refused(Reply),
    /// The client closed the connection (or stalled) before a whole head
    /// arrived; there is no one to answer.
    Gone,
}

/// Reads a request head, refusing it as soon as it breaks a limit.
fn read_head(stream: &mut impl Read) -> Result<Head, HeadError> {
    let longest_request_line = routes::MAX_URL_BYTES + 64;
    let mut buffer: Vec<u8> = Vec::with_capacity(1024);
    let mut chunk = [0u8; 1024];
    loop {
        if !buffer.is_empty() {
            let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
            let mut request = httparse::Request::new(&mut headers);
            match request.parse(&buffer) {
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
            Err(error)
                if !buffer.is_empty()
                    && matches!(
                        error.kind(),
                        io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                    ) =>
            {
                return Err(refuse(
                    408,
                    format!(
                        "the request head did not arrive within {} seconds",
                        READ_TIMEOUT.as_secs()
                    ),
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
    for header in request.headers.iter() {
        if header.name.eq_ignore_ascii_case("Transfer-Encoding") {
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
    Ok(Head {
        method: method.to_string(),
        target: target.to_string(),
        body,
    })
}

fn refuse(status: u16, message: impl Into<String>) -> HeadError {
    HeadError::Refused(Reply::refusal(status, message))
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        413 => "Content Too Large",
        414 => "URI Too Long",
        431 => "Request Header Fields Too Large",
        _ => "Error",
    }
}

fn write_reply(stream: &mut impl Write, reply: &Reply, head_only: bool) -> io::Result<()> {
    let mut head = format!(
        "HTTP/1.1 {status} {reason}\r\n\
         Content-Type: {kind}\r\n\
         Content-Length: {length}\r\n\
         Connection: close\r\n\
         Cache-Control: no-store\r\n\
         X-Content-Type-Options: nosniff\r\n\
         Referrer-Policy: no-referrer\r\n\
         Content-Security-Policy: default-src 'none'; script-src 'self'; style-src 'self'; \
         img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; \
         frame-ancestors 'none'\r\n",
        status = reply.status,
        reason = reason(reply.status),
        kind = reply.content_type,
        length = reply.body.len(),
    );
    for (name, value) in &reply.headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes())?;
    if !head_only {
        stream.write_all(&reply.body)?;
    }
    stream.flush()
}

/// Closes after the answer without resetting the connection: a socket
/// closed with unread data makes the system send a reset, and the client
/// might lose the answer. So stop writing, then read (and drop) what the
/// client still sends, for a little while, before closing.
fn close_gently(mut stream: TcpStream) {
    let _ = stream.shutdown(Shutdown::Write);
    let _ = stream.set_read_timeout(Some(Duration::from_millis(250)));
    let deadline = Instant::now() + Duration::from_secs(2);
    let mut budget: usize = 1 << 20;
    let mut sink = [0u8; 4096];
    while budget > 0 && Instant::now() < deadline {
        match stream.read(&mut sink) {
            Ok(0) | Err(_) => break,
            Ok(read) => budget = budget.saturating_sub(read),
        }
    }
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
                body: Body::Length(0)
            })
        );
        assert_eq!(
            read_head(&mut Trickle(b"HEAD / HTTP/1.0\r\n\r\n")).unwrap(),
            Head {
                method: "HEAD".to_string(),
                target: "/".to_string(),
                body: Body::Length(0)
            }
        );
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

    #[test]
    fn a_stalled_head_is_a_timeout() {
        struct Stalls(bool);
        impl Read for Stalls {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                if std::mem::replace(&mut self.0, true) {
                    return Err(io::ErrorKind::WouldBlock.into());
                }
                buf[..5].copy_from_slice(b"GET /");
                Ok(5)
            }
        }
        assert!(matches!(
            read_head(&mut Stalls(false)),
            Err(HeadError::Refused(Reply { status: 408, .. }))
        ));
        // Nothing sent at all: no one to answer.
        assert!(matches!(read_head(&mut Stalls(true)), Err(HeadError::Gone)));
    }

    #[test]
    fn replies_are_well_formed() {
        let reply = Reply::refusal(405, "no");
        let mut bytes = Vec::new();
        write_reply(&mut bytes, &reply, false).unwrap();
        let text = String::from_utf8(bytes).unwrap();
        assert!(text.starts_with("HTTP/1.1 405 Method Not Allowed\r\n"));
        assert!(text.contains("Content-Length: 3\r\nConnection: close\r\n"));
        assert!(text.ends_with("\r\n\r\nno\n"));
        let mut bytes = Vec::new();
        write_reply(&mut bytes, &reply, true).unwrap();
        assert!(String::from_utf8(bytes).unwrap().ends_with("\r\n\r\n"));
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
