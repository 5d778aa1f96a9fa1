//! What every connection's thread shares: the limits, the bytes of
//! answers held for clients, and the builder threads that build traces.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, TryLockError, mpsc};
use std::time::{Duration, Instant};

use super::head::Head;
use super::hosts::Hosts;
use super::limits::{Limits, Load};
use super::wire::too_many_unread;
use crate::routes::{self, Body, Incoming, Reply};

/// What every connection's thread shares: the limits and what is in use.
#[derive(Debug)]
pub(super) struct Shared {
    pub hosts: Hosts,
    pub limits: Limits,
    /// Bytes of built answers not yet written out.
    held: Arc<Mutex<usize>>,
    /// Connections being answered.
    pub active: Arc<AtomicUsize>,
    /// Traces to build, for the builder threads.
    jobs: mpsc::SyncSender<Job>,
    /// Held while a trace is built with less room than the largest answer
    /// needs, until its answer is held or refused: one at a time.
    tight: Mutex<()>,
}

/// A trace to build on a builder thread, and where its answer goes.
struct Job {
    method: String,
    target: String,
    body: Body,
    /// Past it, no one waits for the answer.
    deadline: Instant,
    /// The room for answers it needs to be built.
    room: usize,
    answer: mpsc::SyncSender<Reply>,
}

impl Shared {
    /// Starts [`Limits::builders`] builder threads, which end when the
    /// `Shared` is dropped. Traces are built on them alone, so the memory a
    /// build takes (and the allocator keeps for the thread afterwards) is
    /// bounded by their number, however many clients ask at once.
    pub(super) fn new(hosts: Hosts, limits: Limits) -> Shared {
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
                        let reply = if has_room(&held, limits.reply_bytes, job.room) {
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
            active: Arc::new(AtomicUsize::new(0)),
            jobs,
            tight: Mutex::new(()),
        }
    }

    /// The turn to build a trace with little room, waited for until
    /// `deadline`; `None` past it.
    pub(super) fn tight_turn(&self, deadline: Instant) -> Option<MutexGuard<'_, ()>> {
        loop {
            match self.tight.try_lock() {
                Ok(turn) => return Some(turn),
                Err(TryLockError::Poisoned(poisoned)) => return Some(poisoned.into_inner()),
                Err(TryLockError::WouldBlock) if Instant::now() >= deadline => return None,
                Err(TryLockError::WouldBlock) => std::thread::sleep(Duration::from_millis(2)),
            }
        }
    }

    /// Builds the answer to `head` on a builder thread, waiting for it
    /// until `deadline`, if the answers held leave `room` when its turn
    /// comes.
    pub(super) fn build(&self, head: &Head, deadline: Instant, room: usize) -> Option<Reply> {
        let (answer, reply) = mpsc::sync_channel(1);
        let job = Job {
            method: head.method.clone(),
            target: head.target.clone(),
            body: head.body,
            deadline,
            room,
            answer,
        };
        self.jobs.try_send(job).ok()?;
        reply
            .recv_timeout(deadline.checked_duration_since(Instant::now())?)
            .ok()
    }

    /// The connections being answered and the bytes held for them now.
    pub(super) fn load(&self) -> Load {
        Load {
            connections: self.active.load(Ordering::SeqCst),
            unread_bytes: *self.held.lock().unwrap_or_else(|e| e.into_inner()),
        }
    }

    /// Whether an answer of `bytes` would fit beside those held now.
    pub(super) fn has_room(&self, bytes: usize) -> bool {
        has_room(&self.held, self.limits.reply_bytes, bytes)
    }

    /// Takes `bytes` of the answer budget, unless that would pass it (one
    /// answer alone always fits).
    pub(super) fn hold(&self, bytes: usize) -> Option<Held<'_>> {
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
pub(super) struct Held<'a>(&'a Shared, usize);

impl Drop for Held<'_> {
    fn drop(&mut self) {
        *self.0.held.lock().unwrap_or_else(|e| e.into_inner()) -= self.1;
    }
}
