//! What the threads of one search share, and the calling thread's watch
//! over them: it reports progress now and then and passes on the caller's
//! request to stop, as the search on one thread does from within.

use std::collections::{BTreeMap, BTreeSet};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use super::checkpoint::UnitTally;

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
    /// Units finished in an earlier run, never handed out.
    done: BTreeSet<usize>,
    /// Units walked by a thread that walked them all: how many there are.
    pub(crate) units_seen: AtomicUsize,
}

/// What a count that resumes hands its threads: the units an earlier run
/// finished, and who hears of each unit this run finishes (it may stop the
/// count).
#[derive(Clone, Copy)]
pub(crate) struct Resume<'a> {
    pub(crate) done: &'a BTreeMap<usize, UnitTally>,
    pub(crate) finished: &'a OnUnit<'a>,
}

/// Hears that a unit finished with a tally; stops the count with
/// [`ControlFlow::Break`]. Called from the counting threads, so it is
/// `Sync` (a `Mutex` around a file, say).
///
/// # Example
///
/// ```
/// use std::ops::ControlFlow;
/// use std::sync::atomic::{AtomicU64, Ordering};
/// use puzzles::crossword::OnUnit;
///
/// let fills = AtomicU64::new(0);
/// let tally: &OnUnit<'_> = &|_unit, tally| {
///     fills.fetch_add(tally.fills, Ordering::Relaxed);
///     ControlFlow::Continue(())
/// };
/// # let _ = tally;
/// ```
pub type OnUnit<'a> = dyn Fn(usize, UnitTally) -> ControlFlow<()> + Sync + 'a;

impl Shared {
    pub(crate) fn new(resume: Option<Resume<'_>>) -> Shared {
        Shared {
            done: resume.map_or_else(BTreeSet::new, |resume| {
                resume.done.keys().copied().collect()
            }),
            units_seen: AtomicUsize::new(0),
            next_unit: AtomicUsize::new(0),
            first_fill: AtomicUsize::new(usize::MAX),
            stop: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            fills: AtomicU64::new(0),
            decided: AtomicUsize::new(0),
        }
    }

    /// The next unit no thread has taken and no earlier run finished.
    pub(crate) fn take(&self) -> usize {
        loop {
            let unit = self.next_unit.fetch_add(1, Ordering::Relaxed);
            if !self.done.contains(&unit) {
                return unit;
            }
        }
    }

    /// Tells `resume` that `unit` finished with `tally`; stops the search
    /// when it says so.
    pub(crate) fn finished(&self, resume: Option<Resume<'_>>, unit: usize, tally: UnitTally) {
        if let Some(resume) = resume
            && (resume.finished)(unit, tally).is_break()
        {
            self.stop.store(true, Ordering::Relaxed);
        }
    }

    pub(crate) fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Counts a fill, and stops the search when the count reaches `limit`.
    pub(crate) fn count_fill(&self, limit: Option<u64>) -> ControlFlow<()> {
        let fills = self.fills.fetch_add(1, Ordering::Release) + 1;
        if limit.is_some_and(|limit| fills >= limit) {
            self.stop.store(true, Ordering::Relaxed);
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }

    /// Adds what a thread placed since it last `reported`.
    pub(crate) fn report(&self, reported: &mut u64, nodes: u64) {
        self.nodes.fetch_add(nodes - *reported, Ordering::Release);
        *reported = nodes;
    }

    /// The fills counted, at most `limit` (threads may pass it together).
    pub(crate) fn fills_within(&self, limit: Option<u64>) -> u64 {
        let fills = self.fills.load(Ordering::Relaxed);
        limit.map_or(fills, |limit| fills.min(limit))
    }

    /// Nodes, fills and decided, as they stand. The fills are read first:
    /// a thread tells the words it tried before the fill they led to, so
    /// the nodes read after them are at least as many.
    pub(crate) fn now(&self) -> (u64, u64, usize) {
        let fills = self.fills.load(Ordering::Acquire);
        let nodes = self.nodes.load(Ordering::Acquire);
        (nodes, fills, self.decided.load(Ordering::Relaxed))
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
