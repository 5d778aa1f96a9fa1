//! Searches on several threads that the calling thread watches: it reports
//! progress now and then and passes on the caller's request to stop, as the
//! search on one thread does from within.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use super::engine::Engine;
use super::filler::{FillSummary, Progress};
use super::search::{Hooks, Nodes, explore};

/// How often the calling thread reports progress (and looks for the
/// caller's stop).
const REPORT: Duration = Duration::from_millis(100);

/// Runs `work` on `threads` threads and waits for them all, calling
/// `report` about every [`REPORT`] meanwhile; when it returns
/// [`ControlFlow::Break`] (Ctrl-C), sets `stop`, which `work` looks at.
pub(crate) fn watched(
    threads: usize,
    stop: &AtomicBool,
    work: &(dyn Fn() + Sync),
    report: &mut dyn FnMut() -> ControlFlow<()>,
) {
    let (done, finished) = mpsc::channel::<()>();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let done = done.clone();
            scope.spawn(move || {
                work();
                // The receiver only goes when every thread has reported.
                let _ = done.send(());
            });
        }
        drop(done);
        let mut running = threads;
        while running > 0 {
            match finished.recv_timeout(REPORT) {
                Ok(()) => running -= 1,
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if report().is_break() {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
                // A thread panicked: the scope hands the panic on.
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
        }
    });
}

/// [`super::Filler::count_with`] on `threads` threads from the propagated
/// `root`: the words of the slot that the search fills first are shared
/// out, each thread searching below those it takes. `None` when there is
/// no such slot to share (the propagation decided the grid).
pub(crate) fn counted_on(
    threads: usize,
    root: &Engine,
    limit: Option<u64>,
    progress: &mut dyn FnMut(&Progress) -> ControlFlow<()>,
) -> Option<FillSummary> {
    struct Shared {
        next_word: AtomicUsize,
        stop: AtomicBool,
        fills: AtomicU64,
        nodes: AtomicU64,
        decided: AtomicUsize,
    }
    struct Counting<'a> {
        shared: &'a Shared,
        limit: Option<u64>,
        reported: u64,
    }
    impl Hooks for Counting<'_> {
        const TRACE: bool = false;
        const ORDER: bool = false;
        fn tick(&mut self, engine: &Engine, nodes: u64) -> ControlFlow<()> {
            let shared = self.shared;
            shared
                .nodes
                .fetch_add(nodes - self.reported, Ordering::Relaxed);
            self.reported = nodes;
            let decided = engine.count.iter().filter(|&&c| c == 1).count();
            shared.decided.store(decided, Ordering::Relaxed);
            if shared.stop.load(Ordering::Relaxed) {
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        }
        fn solution(&mut self, _: &Engine, _: usize) -> ControlFlow<()> {
            let fills = self.shared.fills.fetch_add(1, Ordering::Relaxed) + 1;
            if self.limit.is_some_and(|limit| fills >= limit) {
                self.shared.stop.store(true, Ordering::Relaxed);
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        }
    }
    let mut root = root.clone();
    let slot = root.choose()?;
    let words = root.candidates(slot);
    let shared = Shared {
        next_word: AtomicUsize::new(0),
        stop: AtomicBool::new(false),
        fills: AtomicU64::new(0),
        nodes: AtomicU64::new(0),
        decided: AtomicUsize::new(0),
    };
    let share = || {
        let mut hooks = Counting {
            shared: &shared,
            limit,
            reported: 0,
        };
        let mut nodes = Nodes::unbounded();
        loop {
            let k = shared.next_word.fetch_add(1, Ordering::Relaxed);
            if k >= words.len() || shared.stop.load(Ordering::Relaxed) {
                break;
            }
            // As the search on one thread places the slot's words.
            nodes.tried += 1;
            let mut engine = root.clone();
            if engine.assign(slot, words[k] as usize).is_ok()
                && explore(&mut engine, &mut hooks, 1, &mut nodes).is_break()
            {
                break;
            }
        }
        shared
            .nodes
            .fetch_add(nodes.tried - hooks.reported, Ordering::Relaxed);
    };
    let threads = threads.min(words.len()).max(1);
    watched(threads, &shared.stop, &share, &mut || {
        progress(&Progress {
            nodes: shared.nodes.load(Ordering::Relaxed),
            fills: shared.fills.load(Ordering::Relaxed),
            decided: shared.decided.load(Ordering::Relaxed),
            slots: root.count.len(),
        })
    });
    let fills = shared.fills.load(Ordering::Relaxed);
    Some(FillSummary {
        fills: limit.map_or(fills, |limit| fills.min(limit)),
        nodes: shared.nodes.load(Ordering::Relaxed),
        complete: !shared.stop.load(Ordering::Relaxed),
    })
}
