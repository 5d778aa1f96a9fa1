//! Writing an answer and closing the connection, within deadlines that
//! cover the whole exchange, however slowly the other side reads or sends.

use std::io::{self, Read, Write};
use std::net::{Shutdown, TcpStream};
use std::time::{Duration, Instant};

use super::limits::RETRY_AFTER;
use crate::routes::Reply;

/// `503 Service Unavailable` with `Retry-After`.
pub(super) fn busy(message: impl Into<String>) -> Reply {
    let mut reply = Reply::refusal(503, message);
    reply.headers.push(("Retry-After", RETRY_AFTER));
    reply
}

/// `503`: the answers held for clients that have not read them are at
/// their bound.
pub(super) fn too_many_unread() -> Reply {
    busy("the server holds too many unread answers: try again in a second")
}

/// A stream whose reads and writes all end by one deadline, however slowly
/// the other side trickles bytes (a timeout per read would be renewed by
/// every byte).
pub(super) struct Deadlined<'a> {
    stream: &'a TcpStream,
    deadline: Instant,
}

impl<'a> Deadlined<'a> {
    pub(super) fn new(stream: &'a TcpStream, deadline: Instant) -> Deadlined<'a> {
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

pub(super) fn write_reply(
    stream: &mut impl Write,
    reply: &Reply,
    head_only: bool,
) -> io::Result<()> {
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
pub(super) fn close_gently(stream: TcpStream, deadline: Instant) {
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
}
