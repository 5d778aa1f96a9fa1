//! The HTTP side: a small, strict HTTP/1.1 server on `std::net`, with
//! `httparse` reading request heads.
//!
//! Every limit is enforced while reading, before anything is buffered
//! beyond it: a request line over [`routes::MAX_URL_BYTES`] is refused
//! (414) without reading the rest, a head over [`MAX_HEAD_BYTES`] or with
//! more than [`MAX_HEADERS`] headers is refused (431), and a request body is
//! never read at all — an announced body over [`routes::MAX_BODY_BYTES`] is
//! refused (413) whatever length it claims, and a `GET` or `HEAD` that
//! announces any body at all is refused (413) too. Each connection gets its
//! own thread (at most [`Limits::connections`] at once) and is closed after
//! one answer. Deadlines cover the whole request head and the whole answer,
//! not each read, so a client sending a byte a second is still dropped
//! (408) when its head is not in after [`Limits::head_deadline`]. A
//! connection over the limit is answered `503 Service Unavailable` with
//! `Retry-After`, as is a request whose answer would take the bytes held
//! for unread answers past [`Limits::reply_bytes`]; at most
//! [`Limits::builders`] traces are built at once, so that many clients
//! asking for large traces together cannot take more memory than that
//! either. The `Host` header must name an address the server listens on
//! (the host it was given, its IP address, `localhost` for a loopback
//! address), so a page of another site cannot reach it through DNS
//! rebinding; any other `Host`, or none in HTTP/1.1, is refused (400).
//!
//! (tiny_http 0.12, the first choice, allocates the whole announced
//! `Content-Length` when it drops an unread body: one request claiming a
//! 200 GB body aborted the process.)

use std::io::{self, Read, Write};
use std::net::{
    IpAddr, Ipv4Addr, Ipv6Addr, Shutdown, SocketAddr, TcpListener, TcpStream, ToSocketAddrs,
};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::routes::{self, Body, Incoming, Reply};

/// The most connections served at once by default ([`Limits::connections`]).
pub const MAX_CONNECTIONS: usize = 256;
/// The largest request head (request line and headers) read.
pub const MAX_HEAD_BYTES: usize = 8 * 1024;
/// The most headers one request may carry.
pub const MAX_HEADERS: usize = 32;

/// The most `503` refusals being sent at once; a connection past both
/// limits is closed without a word (it would cost a thread).
const MAX_REFUSING: usize = 64;
/// How long a connection over the limit is given to take its `503`.
const REFUSAL_DEADLINE: Duration = Duration::from_secs(1);
/// The `Retry-After` of a `503`, in seconds.
const RETRY_AFTER: &str = "1";
/// About the largest answer: a trace capped at its events is about 16 MB.
/// A trace is not built when an answer that large would not fit beside
/// those held, so that refused requests cost no work.
const LARGEST_ANSWER: usize = 16 << 20;

/// The server's limits: how many clients, how long each may take, how much
/// memory their answers may hold. [`Limits::default`] is what `puzzles
/// serve` uses.
///
/// # Example
///
/// ```
/// use puzzles_web::{Limits, Server};
///
/// let limits = Limits { connections: 8, ..Limits::default() };
/// let server = Server::bind("127.0.0.1", 0)?.with_limits(limits);
/// assert_eq!(server.limits().connections, 8);
/// # Ok::<(), puzzles_web::ServeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most connections served at once (default [`MAX_CONNECTIONS`]:
    /// a thread each, mostly waiting); more get `503` with `Retry-After`.
    pub connections: usize,
    /// How long a client may take to send its whole request head (default
    /// 10 s); then it gets `408` and is closed.
    pub head_deadline: Duration,
    /// How long a client may take to read its whole answer (default 60 s:
    /// a capped trace is about 16 MB); then it is closed.
    pub write_deadline: Duration,
    /// The most bytes of answers held for clients that have not read them
    /// yet (default 64 MiB, four capped traces); a request whose answer
    /// would go past it gets `503` with `Retry-After`.
    pub reply_bytes: usize,
    /// The most traces built at once, each on a builder thread of its own
    /// (default 2: building is CPU-bound, and each takes about 30 MB while
    /// it is built); a request waits up to its head deadline for its turn,
    /// then gets `503`.
    pub builders: usize,
}

impl Default for Limits {
    /// # Example
    ///
    /// ```
    /// use puzzles_web::{Limits, MAX_CONNECTIONS};
    ///
    /// assert_eq!(Limits::default().connections, MAX_CONNECTIONS);
    /// assert_eq!(Limits::default().reply_bytes, 64 << 20);
    /// ```
    fn default() -> Limits {
        Limits {
            connections: MAX_CONNECTIONS,
            head_deadline: Duration::from_secs(10),
            write_deadline: Duration::from_secs(60),
            reply_bytes: 64 << 20,
            builders: 2,
        }
    }
}

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
    hosts: Hosts,
    limits: Limits,
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
        Ok(Server {
            listener,
            address,
            hosts: Hosts::new(host, address),
            limits: Limits::default(),
        })
    }

    /// The same server with other limits.
    ///
    /// # Example
    ///
    /// ```
    /// use std::time::Duration;
    /// use puzzles_web::{Limits, Server};
    ///
    /// let quick = Limits { head_deadline: Duration::from_secs(2), ..Limits::default() };
    /// let server = Server::bind("127.0.0.1", 0)?.with_limits(quick);
    /// assert_eq!(server.limits().head_deadline, Duration::from_secs(2));
    /// # Ok::<(), puzzles_web::ServeError>(())
    /// ```
    pub fn with_limits(mut self, limits: Limits) -> Server {
        self.limits = limits;
        self
    }

    /// Its limits.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles_web::{Limits, Server};
    ///
    /// assert_eq!(Server::bind("127.0.0.1", 0)?.limits(), Limits::default());
    /// # Ok::<(), puzzles_web::ServeError>(())
    /// ```
    pub fn limits(&self) -> Limits {
        self.limits
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
        let shared = Arc::new(Shared::new(self.hosts, self.limits));
        accept(&self.listener, &AtomicBool::new(false), &shared);
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
    /// let address = running.local_addr();
    /// let mut stream = std::net::TcpStream::connect(address).unwrap();
    /// write!(stream, "GET /nowhere HTTP/1.1\r\nHost: {address}\r\n\r\n").unwrap();
    /// let mut answer = String::new();
    /// stream.read_to_string(&mut answer).unwrap();
    /// assert!(answer.starts_with("HTTP/1.1 404 Not Found\r\n"));
    /// running.shutdown();
    /// # Ok::<(), puzzles_web::ServeError>(())
    /// ```
    pub fn spawn(self) -> Running {
        let stopping = Arc::new(AtomicBool::new(false));
        let address = self.address;
        let shared = Arc::new(Shared::new(self.hosts, self.limits));
        let acceptor = {
            let stopping = Arc::clone(&stopping);
            std::thread::Builder::new()
                .name("puzzles-web-accept".to_string())
                .spawn(move || accept(&self.listener, &stopping, &shared))
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

/// The `Host` values a request may carry: names and addresses of the
/// listening socket, each with and without its port.
#[derive(Debug)]
struct Hosts {
    /// Lower-case names (`localhost`, the host given) and IP literals
    /// (`127.0.0.1`, `[::1]`), without port.
    names: Vec<String>,
    /// Any IP literal is fine: the server listens on every address.
    any_address: bool,
    port: u16,
}

impl Hosts {
    fn new(given: &str, address: SocketAddr) -> Hosts {
        let literal = |ip: IpAddr| match ip {
            IpAddr::V4(ip) => ip.to_string(),
            IpAddr::V6(ip) => format!("[{ip}]"),
        };
        let mut names = vec![literal(address.ip())];
        let given = given.trim_start_matches('[').trim_end_matches(']');
        names.push(match given.parse::<IpAddr>() {
            Ok(ip) => literal(ip),
            Err(_) => given.to_ascii_lowercase(),
        });
        if address.ip().is_loopback() || address.ip().is_unspecified() {
            names.push("localhost".to_string());
        }
        Hosts {
            names,
            any_address: address.ip().is_unspecified(),
            port: address.port(),
        }
    }

    /// Whether a request with this `Host` value is for this server.
    fn allows(&self, value: &str) -> bool {
        let value = value.trim().to_ascii_lowercase();
        let value = value.as_str();
        // `[::1]:8080`, `127.0.0.1:8080`, `localhost:8080`, or no port.
        let (name, port) = match value.rsplit_once(':') {
            Some((name, port))
                if !name.is_empty() && (!name.contains(':') || name.ends_with(']')) =>
            {
                (name, Some(port))
            }
            _ => (value, None),
        };
        // A fully qualified name may end in a dot.
        let name = name.strip_suffix('.').unwrap_or(name);
        let port_ok = match port {
            Some(port) => port.parse::<u16>() == Ok(self.port),
            None => self.port == 80,
        };
        let is_literal = name
            .trim_start_matches('[')
            .trim_end_matches(']')
            .parse::<IpAddr>()
            .is_ok();
        port_ok
            && (self.names.iter().any(|known| known == name) || (self.any_address && is_literal))
    }
}

/// What every connection's thread shares: the limits and what is in use.
#[derive(Debug)]
struct Shared {
    hosts: Hosts,
    limits: Limits,
    /// Bytes of built answers not yet written out.
    held: Arc<Mutex<usize>>,
    /// Traces to build, for the builder threads.
    jobs: mpsc::SyncSender<Job>,
}

/// A trace to build on a builder thread, and where its answer goes.
struct Job {
    method: String,
    target: String,
    body: Body,
    /// Past it, no one waits for the answer.
    deadline: Instant,
    answer: mpsc::SyncSender<Reply>,
}

impl Shared {
    /// Starts [`Limits::builders`] builder threads, which end when the
    /// `Shared` is dropped. Traces are built on them alone, so the memory a
    /// build takes (and the allocator keeps for the thread afterwards) is
    /// bounded by their number, however many clients ask at once.
    fn new(hosts: Hosts, limits: Limits) -> Shared {
        let (jobs, queue) = mpsc::sync_channel::<Job>(limits.connections.max(1));
        let queue = Arc::new(Mutex::new(queue));
        let held = Arc::new(Mutex::new(0));
        for _ in 0..limits.builders.max(1) {
            let queue = Arc::clone(&queue);
            let held = Arc::clone(&held);
            let _ = std::thread::Builder::new()
                .name("puzzles-web-build".to_string())
                .spawn(move || {
                    loop {
                        let job = queue.lock().unwrap_or_else(|e| e.into_inner()).recv();
                        let Ok(job) = job else {
                            return; // the server is gone
                        };
                        if Instant::now() >= job.deadline {
                            continue;
                        }
                        // The answers held may have filled up while it waited.
                        let reply = if has_room(&held, limits.reply_bytes, LARGEST_ANSWER) {
                            routes::respond(&Incoming {
                                method: &job.method,
                                url: &job.target,
                                body: job.body,
                            })
                        } else {
                            too_many_unread()
                        };
                        let _ = job.answer.send(reply);
                    }
                });
        }
        Shared {
            hosts,
            limits,
            held,
            jobs,
        }
    }

    /// Builds the answer to `head` on a builder thread, waiting for it
    /// until `deadline`.
    fn build(&self, head: &Head, deadline: Instant) -> Option<Reply> {
        let (answer, reply) = mpsc::sync_channel(1);
        let job = Job {
            method: head.method.clone(),
            target: head.target.clone(),
            body: head.body,
            deadline,
            answer,
        };
        self.jobs.try_send(job).ok()?;
        reply
            .recv_timeout(deadline.checked_duration_since(Instant::now())?)
            .ok()
    }

    /// Whether an answer of `bytes` would fit beside those held now.
    fn has_room(&self, bytes: usize) -> bool {
        has_room(&self.held, self.limits.reply_bytes, bytes)
    }

    /// Takes `bytes` of the answer budget, unless that would pass it (one
    /// answer alone always fits).
    fn hold(&self, bytes: usize) -> Option<Held<'_>> {
        let mut held = self.held.lock().unwrap_or_else(|e| e.into_inner());
        if *held > 0 && *held + bytes > self.limits.reply_bytes {
            return None;
        }
        *held += bytes;
        Some(Held(self, bytes))
    }
}

/// Whether an answer of `bytes` fits beside those `held` within `budget`.
fn has_room(held: &Mutex<usize>, budget: usize, bytes: usize) -> bool {
    let held = *held.lock().unwrap_or_else(|e| e.into_inner());
    held == 0 || held + bytes <= budget
}

/// Bytes of the answer budget, given back when dropped.
struct Held<'a>(&'a Shared, usize);

impl Drop for Held<'_> {
    fn drop(&mut self) {
        *self.0.held.lock().unwrap_or_else(|e| e.into_inner()) -= self.1;
    }
}

/// Accepts connections until `stopping` is set, each answered on its own
/// thread.
fn accept(listener: &TcpListener, stopping: &AtomicBool, shared: &Arc<Shared>) {
    let active = Arc::new(AtomicUsize::new(0));
    let refusing = Arc::new(AtomicUsize::new(0));
    for stream in listener.incoming() {
        if stopping.load(Ordering::SeqCst) {
            return;
        }
        let Ok(stream) = stream else {
            // Out of file descriptors, say: wait a moment so it cannot spin.
            std::thread::sleep(Duration::from_millis(50));
            continue;
        };
        if active.fetch_add(1, Ordering::SeqCst) >= shared.limits.connections {
            active.fetch_sub(1, Ordering::SeqCst);
            if refusing.fetch_add(1, Ordering::SeqCst) >= MAX_REFUSING {
                refusing.fetch_sub(1, Ordering::SeqCst);
                continue; // dropping the stream closes it
            }
            let slot = Slot(Arc::clone(&refusing));
            let _ = std::thread::Builder::new()
                .name("puzzles-web-busy".to_string())
                .spawn(move || {
                    let _slot = slot;
                    refuse_busy(stream);
                });
            continue;
        }
        let slot = Slot(Arc::clone(&active));
        let shared = Arc::clone(shared);
        // A thread that cannot start drops its slot (and the stream) unused.
        let _ = std::thread::Builder::new()
            .name("puzzles-web".to_string())
            .spawn(move || {
                let _slot = slot;
                answer(stream, &shared);
            });
    }
}

/// One of the connections allowed, given back when dropped.
struct Slot(Arc<AtomicUsize>);

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// `503 Service Unavailable` with `Retry-After`.
fn busy(message: impl Into<String>) -> Reply {
    let mut reply = Reply::refusal(503, message);
    reply.headers.push(("Retry-After", RETRY_AFTER));
    reply
}

/// `503`: the answers held for clients that have not read them are at
/// their bound.
fn too_many_unread() -> Reply {
    busy("the server holds too many unread answers: try again in a second")
}

/// Answers a connection over the limit with `503`, without reading its
/// request, within [`REFUSAL_DEADLINE`].
fn refuse_busy(stream: TcpStream) {
    let deadline = Instant::now() + REFUSAL_DEADLINE;
    let reply = busy("the server is busy: try again in a second");
    let mut out = Deadlined::new(&stream, deadline);
    let _ = write_reply(&mut out, &reply, false);
    close_gently(stream, deadline);
}

/// A stream whose reads and writes all end by one deadline, however slowly
/// the other side trickles bytes (a timeout per read would be renewed by
/// every byte).
struct Deadlined<'a> {
    stream: &'a TcpStream,
    deadline: Instant,
}

impl<'a> Deadlined<'a> {
    fn new(stream: &'a TcpStream, deadline: Instant) -> Deadlined<'a> {
        Deadlined { stream, deadline }
    }

    /// The time left, or a timeout error once it is up.
    fn left(&self) -> io::Result<Duration> {
        match self.deadline.checked_duration_since(Instant::now()) {
            Some(left) if !left.is_zero() => Ok(left),
            _ => Err(io::ErrorKind::TimedOut.into()),
        }
    }
}

impl Read for Deadlined<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.stream.set_read_timeout(Some(self.left()?))?;
        (&*self.stream).read(buf)
    }
}

impl Write for Deadlined<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.stream.set_write_timeout(Some(self.left()?))?;
        // A bounded piece at a time, so that the deadline is looked at
        // between pieces.
        (&*self.stream).write(&buf[..buf.len().min(64 * 1024)])
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Reads one request, answers it and closes the connection.
fn answer(stream: TcpStream, shared: &Shared) {
    let _ = stream.set_nodelay(true);
    let head_deadline = Instant::now() + shared.limits.head_deadline;
    let read = read_head(&mut Deadlined::new(&stream, head_deadline));
    let (reply, head_only) = match read {
        Ok(head) => {
            let head_only = head.method == "HEAD";
            let respond = || {
                routes::respond(&Incoming {
                    method: &head.method,
                    url: &head.target,
                    body: head.body,
                })
            };
            // Only a trace is costly to build; the page and its assets are
            // built into the binary and go out at once.
            let costly = head.target.starts_with("/api/trace");
            match refusal_before_routing(&head, &shared.hosts) {
                Some(reply) => (reply, head_only),
                None if !costly => (respond(), head_only),
                None if !shared.has_room(LARGEST_ANSWER) => (too_many_unread(), head_only),
                None => match shared.build(&head, head_deadline) {
                    Some(reply) => (reply, head_only),
                    None => (busy("the server is busy: try again in a second"), head_only),
                },
            }
        }
        Err(HeadError::Refused(reply)) => (reply, false),
        Err(HeadError::Gone) => return,
    };
    let sent = if head_only { 0 } else { reply.body.len() };
    let (reply, _held) = match shared.hold(sent) {
        Some(held) => (reply, Some(held)),
        None => (too_many_unread(), None),
    };
    let write_deadline = Instant::now() + shared.limits.write_deadline;
    // The client may have gone away; there is no one left to tell.
    let _ = write_reply(
        &mut Deadlined::new(&stream, write_deadline),
        &reply,
        head_only,
    );
    drop(reply);
    close_gently(stream, Instant::now() + Duration::from_secs(2));
}

/// What the server refuses itself, before routing: a `Host` it does not
/// answer to, and a `GET` or `HEAD` with a body.
fn refusal_before_routing(head: &Head, hosts: &Hosts) -> Option<Reply> {
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
    let has_body = !matches!(head.body, Body::Length(0));
    if has_body && matches!(head.method.as_str(), "GET" | "HEAD") {
        let size = match head.body {
            Body::Length(length) => format!("{length} bytes"),
            Body::Chunked => "a chunked body".to_string(),
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
struct Head {
    method: String,
    target: String,
    body: Body,
    /// The `Host` header, if any.
    host: Option<String>,
    /// The minor HTTP version: 0 or 1.
    version: u8,
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
    for header in request.headers.iter() {
        if header.name.eq_ignore_ascii_case("Host") {
            let value = String::from_utf8_lossy(header.value).into_owned();
            if host.replace(value).is_some() {
                return Err(refuse(400, "the request has two Host headers"));
            }
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
    Ok(Head {
        method: method.to_string(),
        target: target.to_string(),
        body,
        host,
        version: request.version.unwrap_or(1),
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
        503 => "Service Unavailable",
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
fn close_gently(stream: TcpStream, deadline: Instant) {
    let _ = stream.shutdown(Shutdown::Write);
    let mut budget: usize = 1 << 20;
    let mut sink = [0u8; 4096];
    while budget > 0 {
        // A client that sends nothing more for a quarter second is done.
        let idle = Instant::now() + Duration::from_millis(250);
        match Deadlined::new(&stream, deadline.min(idle)).read(&mut sink) {
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
                body: Body::Length(0),
                host: Some("x".to_string()),
                version: 1,
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
    fn hosts_are_the_listening_addresses() {
        let loopback = Hosts::new("127.0.0.1", "127.0.0.1:8000".parse().unwrap());
        for good in [
            "127.0.0.1:8000",
            "localhost:8000",
            "LOCALHOST:8000",
            "localhost.:8000",
        ] {
            assert!(loopback.allows(good), "{good}");
        }
        for bad in [
            "evil.example:8000",
            "127.0.0.1:8001",
            "127.0.0.1",
            "localhost",
            "10.0.0.1:8000",
            "[::1]:8000",
            "",
            ":8000",
        ] {
            assert!(!loopback.allows(bad), "{bad}");
        }
        let v6 = Hosts::new("::1", "[::1]:80".parse().unwrap());
        assert!(v6.allows("[::1]") && v6.allows("[::1]:80") && v6.allows("localhost"));
        assert!(!v6.allows("[::2]:80") && !v6.allows("::1"));
        let named = Hosts::new("Box.lan", "192.168.1.5:9000".parse().unwrap());
        assert!(named.allows("box.lan:9000") && named.allows("192.168.1.5:9000"));
        assert!(!named.allows("localhost:9000") && !named.allows("other.lan:9000"));
        let every = Hosts::new("0.0.0.0", "0.0.0.0:9000".parse().unwrap());
        assert!(every.allows("192.168.1.5:9000") && every.allows("[fe80::1]:9000"));
        assert!(!every.allows("rebound.example:9000"));
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
