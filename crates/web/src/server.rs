//! The HTTP side: tiny_http accepts connections and parses requests on its
//! own threads; a few worker threads answer them through
//! [`routes::respond`], so one long trace never holds up the page's other
//! requests.

use std::io;
use std::net::{SocketAddr, ToSocketAddrs};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;

use tiny_http::{Header, Request, Response};

use crate::routes::{self, Body, Incoming};

/// How many requests are answered at once.
pub const WORKERS: usize = 4;

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
    /// The address did not resolve to any socket address.
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
        source: Box<dyn std::error::Error + Send + Sync>,
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
pub struct Server {
    http: Arc<tiny_http::Server>,
    address: SocketAddr,
}

impl std::fmt::Debug for Server {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Server")
            .field("address", &self.address)
            .finish_non_exhaustive()
    }
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
        let http = tiny_http::Server::http(resolved).map_err(|source| ServeError::Bind {
            address: resolved,
            source,
        })?;
        let address = http
            .server_addr()
            .to_ip()
            .expect("an IP listener has an IP address");
        Ok(Server {
            http: Arc::new(http),
            address,
        })
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

    /// Answers requests on [`WORKERS`] threads until the process ends.
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
        let mut running = self.spawn();
        // Workers return only once the server is stopping, which `run`
        // never asks for: this waits until the process ends.
        for worker in running.workers.drain(..) {
            let _ = worker.join();
        }
    }

    /// Answers requests on [`WORKERS`] background threads until the
    /// returned handle is shut down or dropped.
    ///
    /// # Example
    ///
    /// ```
    /// use std::io::{Read, Write};
    /// use puzzles_web::Server;
    ///
    /// let running = Server::bind("127.0.0.1", 0)?.spawn();
    /// let mut stream = std::net::TcpStream::connect(running.local_addr()).unwrap();
    /// stream.write_all(b"GET /nowhere HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").unwrap();
    /// let mut answer = String::new();
    /// stream.read_to_string(&mut answer).unwrap();
    /// assert!(answer.starts_with("HTTP/1.1 404"));
    /// running.shutdown();
    /// # Ok::<(), puzzles_web::ServeError>(())
    /// ```
    pub fn spawn(self) -> Running {
        let stopping = Arc::new(AtomicBool::new(false));
        let workers = (0..WORKERS)
            .map(|index| {
                let http = Arc::clone(&self.http);
                let stopping = Arc::clone(&stopping);
                std::thread::Builder::new()
                    .name(format!("puzzles-web-{index}"))
                    .spawn(move || work(&http, &stopping))
                    .expect("a worker thread starts")
            })
            .collect();
        Running {
            http: self.http,
            address: self.address,
            stopping,
            workers,
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
/// drop(running); // stops the workers and closes the socket
/// # Ok::<(), puzzles_web::ServeError>(())
/// ```
pub struct Running {
    http: Arc<tiny_http::Server>,
    address: SocketAddr,
    stopping: Arc<AtomicBool>,
    workers: Vec<JoinHandle<()>>,
}

impl std::fmt::Debug for Running {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Running")
            .field("address", &self.address)
            .field("workers", &self.workers.len())
            .finish_non_exhaustive()
    }
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

    /// Stops the workers (after the requests they are answering) and waits
    /// for them.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles_web::Server;
    ///
    /// Server::bind("127.0.0.1", 0)?.spawn().shutdown();
    /// # Ok::<(), puzzles_web::ServeError>(())
    /// ```
    pub fn shutdown(mut self) {
        self.stop();
    }

    fn stop(&mut self) {
        self.stopping.store(true, Ordering::SeqCst);
        for _ in &self.workers {
            self.http.unblock();
        }
        for worker in self.workers.drain(..) {
            let _ = worker.join();
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.stop();
    }
}

fn work(http: &tiny_http::Server, stopping: &AtomicBool) {
    loop {
        match http.recv() {
            Ok(request) => answer(request),
            Err(_) if stopping.load(Ordering::SeqCst) => return,
            // A failed accept (too many open files, say) is not a reason to
            // stop serving; wait a moment so it cannot spin.
            Err(_) => std::thread::sleep(std::time::Duration::from_millis(50)),
        }
    }
}

fn answer(request: Request) {
    let chunked = request
        .headers()
        .iter()
        .any(|header| header.field.equiv("Transfer-Encoding"));
    let body = if chunked {
        Body::Chunked
    } else {
        Body::Length(request.body_length().unwrap_or(0))
    };
    let method = request.method().as_str().to_string();
    let reply = routes::respond(&Incoming {
        method: &method,
        url: request.url(),
        body,
    });
    let mut response = Response::from_data(reply.body.into_owned())
        // Every body is built in memory, so its length is known: send it
        // with Content-Length rather than chunked.
        .with_chunked_threshold(usize::MAX)
        .with_status_code(reply.status)
        .with_header(header("Content-Type", reply.content_type))
        .with_header(header("X-Content-Type-Options", "nosniff"))
        .with_header(header("Referrer-Policy", "no-referrer"))
        .with_header(header("Cache-Control", "no-store"))
        // The page may talk to this server only: no other origin, no
        // inline script, no plug-ins, no framing.
        .with_header(header(
            "Content-Security-Policy",
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
             connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        ));
    for (name, value) in reply.headers {
        response.add_header(header(name, value));
    }
    // The client may have gone away; there is no one left to tell.
    let _ = request.respond(response);
}

fn header(name: &str, value: &str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("static headers are valid")
}
