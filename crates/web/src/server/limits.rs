//! The server's limits: how many clients at once, how long each may take,
//! how much memory their answers may hold.

use std::time::Duration;

/// The most connections served at once by default ([`Limits::connections`]).
pub const MAX_CONNECTIONS: usize = 256;

/// The most `503` refusals being sent at once; a connection past both
/// limits is closed without a word (it would cost a thread).
pub(super) const MAX_REFUSING: usize = 64;
/// How long a connection over the limit is given to take its `503`.
pub(super) const REFUSAL_DEADLINE: Duration = Duration::from_secs(1);
/// The `Retry-After` of a `503`, in seconds.
pub(super) const RETRY_AFTER: &str = "1";
/// The largest answer: a trace's events are at most
/// [`crate::bounds::MAX_TRACE_BYTES`] (crosswords' fewer), and the rest of
/// the reply (the summary, a queens trace's classes) well under 1 MiB more.
/// A trace is built at once when an answer that large would fit beside
/// those held, so that the answers built but not yet held stay bounded.
pub(super) const LARGEST_ANSWER: usize = crate::bounds::MAX_TRACE_BYTES + (1 << 20);

/// The least room for answers a trace needs to be built at all. With less
/// room than [`LARGEST_ANSWER`] but this much, traces are built one at a
/// time and each answer is held if it fits (small ones do): asking room
/// for the largest answer of every trace let three clients that never
/// read lock every other client out of even the smallest trace, and
/// building every trace with this little room took a server with 16 such
/// clients from 112 to 269 MB.
pub(super) const SMALLEST_ROOM: usize = 64 * 1024;

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
    /// a capped trace is at most about 18 MB); then it is closed.
    pub write_deadline: Duration,
    /// The most bytes of answers held for clients that have not read them
    /// yet (default 64 MiB: three or four of the largest traces, 17–18 MB each); a request whose answer
    /// would go past it gets `503` with `Retry-After`.
    pub reply_bytes: usize,
    /// The most traces built at once, each on a builder thread of its own
    /// (default 2: building is CPU-bound, and each takes about 30 MB while
    /// it is built); a request waits for its turn up to
    /// [`Limits::head_deadline`] from when its head is in, then gets `503`.
    pub builders: usize,
}

/// What a running server holds now, against its [`Limits`]: for a
/// dashboard, or for a test that waits until the server is in the state it
/// needs rather than for a while.
///
/// # Example
///
/// ```
/// use puzzles_web::Server;
///
/// let running = Server::bind("127.0.0.1", 0)?.spawn();
/// assert_eq!(running.load().unread_bytes, 0);
/// # Ok::<(), puzzles_web::ServeError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Load {
    /// Connections being answered (at most [`Limits::connections`]).
    pub connections: usize,
    /// Bytes of built answers not yet written out to their clients (at most
    /// about [`Limits::reply_bytes`]).
    pub unread_bytes: usize,
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
