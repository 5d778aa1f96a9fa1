//! The HTTP side: a small, strict HTTP/1.1 server on `std::net`, with
//! `httparse` reading request heads.
//!
//! Every limit is enforced while reading, before anything is buffered
//! beyond it: a request line over [`routes::MAX_URL_BYTES`](crate::routes::MAX_URL_BYTES) is refused
//! (414) without reading the rest, a head over [`MAX_HEAD_BYTES`] or with
//! more than [`MAX_HEADERS`] headers is refused (431), and a request body is
//! never read at all — an announced body over [`routes::MAX_BODY_BYTES`](crate::routes::MAX_BODY_BYTES) is
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

mod builders;
mod connection;
mod head;
mod hosts;
mod limits;
mod wire;

use std::io;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, TcpListener, TcpStream, ToSocketAddrs};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use builders::Shared;
use connection::accept;
use hosts::Hosts;

pub use head::{MAX_HEAD_BYTES, MAX_HEADERS};
pub use limits::{Limits, Load, MAX_CONNECTIONS};

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
        // `[::1]`, as URLs (and this server's own banner) write IPv6 hosts.
        let host = match host
            .strip_prefix('[')
            .and_then(|rest| rest.strip_suffix(']'))
        {
            Some(inside) if inside.parse::<std::net::Ipv6Addr>().is_ok() => inside,
            _ => host,
        };
        let resolved = (host, port)
            .to_socket_addrs()
            .and_then(|mut addresses| {
                addresses
                    .next()
                    .ok_or_else(|| io::Error::new(io::ErrorKind::NotFound, "no address found"))
            })
            .map_err(|source| ServeError::Resolve {
                address: if host.parse::<std::net::Ipv6Addr>().is_ok() {
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
        let load = Arc::clone(&shared);
        let acceptor = {
            let stopping = Arc::clone(&stopping);
            std::thread::Builder::new()
                .name("puzzles-web-accept".to_string())
                .spawn(move || accept(&self.listener, &stopping, &shared))
                .expect("the accepting thread starts")
        };
        Running {
            address,
            shared: load,
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
    /// What the connections share, for [`Running::load`].
    shared: Arc<Shared>,
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

    /// What it holds now: the connections being answered and the bytes of
    /// answers not yet read by their clients.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles_web::Server;
    ///
    /// let running = Server::bind("127.0.0.1", 0)?.spawn();
    /// assert_eq!(running.load().connections, 0);
    /// # Ok::<(), puzzles_web::ServeError>(())
    /// ```
    pub fn load(&self) -> Load {
        self.shared.load()
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
