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

/// What the threads of one search share: the units of work handed out in
/// order, the stop (the caller's, or a count at its limit), and what
/// progress reports.
pub(crate) struct Shared {
    next_unit: AtomicUsize,
    /// The lowest unit where a fill was found, when one fill is looked
    /// for: the units past it need not be searched.
    pub(crate) first_fill: AtomicUsize,
    pub(crate) stop: AtomicBool,
    pub(crate) nodes: AtomicU64,
    pub(crate) fills: AtomicU64,
    /// How much of the partial fill at hand is decided (rows or slots).
    pub(crate) decided: AtomicUsize,
}

impl Shared {
    pub(crate) fn new() -> Shared {
        Shared {
            next_unit: AtomicUsize::new(0),
            first_fill: AtomicUsize::new(usize::MAX),
            stop: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            fills: AtomicU64::new(0),
            decided: AtomicUsize::new(0),
        }
    }

    /// The next unit no thread has taken.
    pub(crate) fn take(&self) -> usize {
        self.next_unit.fetch_add(1, Ordering::Relaxed)
    }

    pub(crate) fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Counts a fill, and stops the search when the count reaches `limit`.
    pub(crate) fn count_fill(&self, limit: Option<u64>) -> ControlFlow<()> {
        let fills = self.fills.fetch_add(1, Ordering::Relaxed) + 1;
        if limit.is_some_and(|limit| fills >= limit) {
            self.stop.store(true, Ordering::Relaxed);
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }

    /// Adds what a thread placed since it last `reported`.
    pub(crate) fn report(&self, reported: &mut u64, nodes: u64) {
        self.nodes.fetch_add(nodes - *reported, Ordering::Relaxed);
        *reported = nodes;
    }

    /// The fills counted, at most `limit` (threads may pass it together).
    pub(crate) fn fills_within(&self, limit: Option<u64>) -> u64 {
        let fills = self.fills.load(Ordering::Relaxed);
        limit.map_or(fills, |limit| fills.min(limit))
    }

    /// Nodes, fills and decided, as they stand.
    pub(crate) fn now(&self) -> (u64, u64, usize) {
        (
            self.nodes.load(Ordering::Relaxed),
            self.fills.load(Ordering::Relaxed),
            self.decided.load(Ordering::Relaxed),
        )
    }
}

/// Runs `work` on `threads` threads and waits for them all, calling
/// `report` about every [`REPORT`] meanwhile; when it returns
/// [`ControlFlow::Break`] (Ctrl-C), stops `shared`, which `work` looks at.
pub(crate) fn watched(
    threads: usize,
    shared: &Shared,
    work: &(dyn Fn() + Sync),
    report: &mut dyn FnMut(&Shared) -> ControlFlow<()>,
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
                    if report(shared).is_break() {
                        shared.stop.store(true, Ordering::Relaxed);
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
            shared.report(&mut self.reported, nodes);
            let decided = engine.count.iter().filter(|&&c| c == 1).count();
            shared.decided.store(decided, Ordering::Relaxed);
            if shared.stopped() {
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        }
        fn solution(&mut self, _: &Engine, _: usize) -> ControlFlow<()> {
            self.shared.count_fill(self.limit)
        }
    }
    let mut root = root.clone();
    let slot = root.choose()?;
    let words = root.candidates(slot);
    let shared = Shared::new();
    let share = || {
        let mut hooks = Counting {
            shared: &shared,
            limit,
            reported: 0,
        };
        let mut nodes = Nodes::unbounded();
        loop {
            let k = shared.take();
            if k >= words.len() || shared.stopped() {
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
        shared.report(&mut hooks.reported, nodes.tried);
    };
    let threads = threads.min(words.len()).max(1);
    watched(threads, &shared, &share, &mut |shared| {
        let (nodes, fills, decided) = shared.now();
        progress(&Progress {
            nodes,
            fills,
            decided,
            slots: root.count.len(),
        })
    });
    Some(FillSummary {
        fills: shared.fills_within(limit),
        nodes: shared.nodes.load(Ordering::Relaxed),
        complete: !shared.stopped(),
    })
}
