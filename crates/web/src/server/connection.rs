//! Accepting connections, each answered on its own thread: read the head,
//! refuse or route it, build a trace on a builder thread when one is asked
//! for, write the answer within its deadline and close.

use std::net::{TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::builders::Shared;
use super::head::{HeadError, read_head, refusal_before_routing};
use super::limits::{LARGEST_ANSWER, MAX_REFUSING, REFUSAL_DEADLINE, SMALLEST_ROOM};
use super::wire::{Deadlined, busy, close_gently, too_many_unread, write_reply};
use crate::routes::{self, Incoming};

/// Accepts connections until `stopping` is set, each answered on its own
/// thread.
pub(super) fn accept(listener: &TcpListener, stopping: &AtomicBool, shared: &Arc<Shared>) {
    let active = &shared.active;
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
        let slot = Slot(Arc::clone(active));
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

/// Answers a connection over the limit with `503`, without reading its
/// request, within [`REFUSAL_DEADLINE`].
fn refuse_busy(stream: TcpStream) {
    let deadline = Instant::now() + REFUSAL_DEADLINE;
    let reply = busy("the server is busy: try again in a second");
    let mut out = Deadlined::new(&stream, deadline);
    let _ = write_reply(&mut out, &reply, false);
    close_gently(stream, deadline);
}

/// Reads one request, answers it and closes the connection.
fn answer(stream: TcpStream, shared: &Shared) {
    let _ = stream.set_nodelay(true);
    let head_deadline = Instant::now() + shared.limits.head_deadline;
    let read = read_head(&mut Deadlined::new(&stream, head_deadline));
    // The turn of a trace built with little room, kept until its answer is
    // held or refused.
    let mut tight_turn = None;
    // The server's own refusals of an API request (busy, a foreign host)
    // are JSON, as the routes' are.
    let api = read.as_ref().is_ok_and(|head| routes::is_api(&head.target));
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
                None if !shared.has_room(SMALLEST_ROOM) => (too_many_unread(), head_only),
                None => {
                    // The wait for a builder starts now, not when the head
                    // began: a head sent slowly within its deadline is
                    // still given its turn.
                    let deadline = Instant::now() + shared.limits.head_deadline;
                    let room = if shared.has_room(LARGEST_ANSWER) {
                        Some(LARGEST_ANSWER)
                    } else {
                        tight_turn = shared.tight_turn(deadline);
                        tight_turn.as_ref().map(|_| SMALLEST_ROOM)
                    };
                    let built = room.and_then(|room| shared.build(&head, deadline, room));
                    match built {
                        Some(reply) => (reply, head_only),
                        None => (busy("the server is busy: try again in a second"), head_only),
                    }
                }
            }
        }
        Err(HeadError::Refused(reply)) => (reply, false),
        Err(HeadError::Gone) => return,
    };
    let sent = if head_only { 0 } else { reply.body.len() };
    let (reply, _held) = match shared.hold(sent) {
        Some(held) => (reply, Some(held)),
        None => {
            // Given back now, not once the refusal is written: a shadowed
            // answer would live on to the end of the connection.
            drop(reply);
            (too_many_unread(), None)
        }
    };
    drop(tight_turn);
    let reply = if api { reply.for_api() } else { reply };
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
