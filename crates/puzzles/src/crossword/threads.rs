//! Searches on several threads that the calling thread watches: it reports
//! progress now and then and passes on the caller's request to stop, as the
//! search on one thread does from within. A count is cut into units (the
//! bottom rows of a grid without blocks, the words of the first slot of
//! another, each paired with the words of the next slot when the first has
//! few): each finished unit can be reported, and units finished in an
//! earlier run passed over ([`Filler::count_units`]).

use std::collections::{BTreeMap, BTreeSet};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use super::checkpoint::{CountProblem, UnitTally};
use super::engine::Engine;
use super::filler::{FillSummary, Filler, Progress};
use super::search::{Hooks, Nodes, explore};
use super::square::Goal;

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
/// out (the units), each thread searching below those it takes. `None`
/// when there is no such slot to share (the propagation decided the grid);
/// else the summary and the number of units.
pub(crate) fn counted_on(
    threads: usize,
    root: &Engine,
    limit: Option<u64>,
    resume: Option<Resume<'_>>,
    progress: &mut dyn FnMut(&Progress) -> ControlFlow<()>,
) -> Option<(FillSummary, usize)> {
    struct Counting<'a> {
        shared: &'a Shared,
        limit: Option<u64>,
        reported: u64,
        fills: u64,
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
            self.fills += 1;
            self.shared.count_fill(self.limit)
        }
    }
    let (root, slot, units) = slot_units(root)?;
    let shared = Shared::new(resume);
    let share = || {
        let mut hooks = Counting {
            shared: &shared,
            limit,
            reported: 0,
            fills: 0,
        };
        let mut nodes = Nodes::unbounded();
        loop {
            let k = shared.take();
            if k >= units.len() || shared.stopped() {
                break;
            }
            let before = (hooks.fills, nodes.tried);
            let unit = units[k];
            // As the search on one thread places the slots' words.
            nodes.tried += 1;
            let mut engine = root.clone();
            let mut placed = engine.assign(slot, unit.word as usize).is_ok();
            let mut depth = 1;
            if let (true, Some((second, word))) = (placed, unit.then) {
                nodes.tried += 1;
                placed = engine.assign(second, word as usize).is_ok();
                depth = 2;
            }
            if placed && explore(&mut engine, &mut hooks, depth, &mut nodes).is_break() {
                break;
            }
            let tally = UnitTally {
                fills: hooks.fills - before.0,
                nodes: nodes.tried - before.1,
            };
            shared.finished(resume, k, tally);
        }
        shared.report(&mut hooks.reported, nodes.tried);
    };
    let threads = threads.min(units.len()).max(1);
    watched(threads, &shared, &share, &mut |shared| {
        let (nodes, fills, decided) = shared.now();
        progress(&Progress {
            nodes,
            fills,
            decided,
            slots: root.count.len(),
        })
    });
    let summary = FillSummary {
        fills: shared.fills_within(limit),
        nodes: shared.nodes.load(Ordering::Relaxed),
        complete: !shared.stopped(),
    };
    Some((summary, units.len()))
}

/// Below this many words in the first slot, a count's units pair each of
/// them with the words of the slot filled next: a slot of few words (one
/// crossing a theme entry, say) would leave cores idle and make units too
/// big to checkpoint often.
const PAIRED_BELOW: usize = 32;

/// A unit of a count of a grid with blocks: a word of the first slot, and
/// in a count split two slots deep, a word of the slot filled after it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SlotUnit {
    word: u32,
    then: Option<(usize, u32)>,
}

/// The units of a count of the grid propagated as `root`, in order, with
/// `root` made ready to choose and the first slot: the words of that slot,
/// or (when it has fewer than [`PAIRED_BELOW`]) each of them with each word
/// of the slot the search fills next once it is placed (alone when it
/// fails, or decides the grid). `None` when the propagation decided the
/// grid.
pub(crate) fn slot_units(root: &Engine) -> Option<(Engine, usize, Vec<SlotUnit>)> {
    let mut root = root.clone();
    let slot = root.choose()?;
    let words = root.candidates(slot);
    let alone = |word| SlotUnit { word, then: None };
    if words.len() >= PAIRED_BELOW {
        let units = words.into_iter().map(alone).collect();
        return Some((root, slot, units));
    }
    let mut units = Vec::new();
    for word in words {
        let mut engine = root.clone();
        let second = match engine.assign(slot, word as usize) {
            Ok(()) => engine.choose(),
            Err(_) => None,
        };
        let then = second.map_or_else(Vec::new, |second| engine.candidates(second));
        match second {
            Some(second) if !then.is_empty() => {
                units.extend(then.into_iter().map(|next| SlotUnit {
                    word,
                    then: Some((second, next)),
                }))
            }
            _ => units.push(alone(word)),
        }
    }
    Some((root, slot, units))
}

/// What [`Filler::count_units`] counted.
///
/// # Example
///
/// ```
/// use std::collections::BTreeMap;
/// use std::ops::ControlFlow;
/// use puzzles::crossword::{Filler, Grid, WordList};
///
/// let filler = Filler::new(&Grid::parse("..\n..")?, &WordList::parse(&b"AB\nCD\nAC\nBD\n"[..])?)?;
/// let run = filler.count_units(&BTreeMap::new(), &|_, _| ControlFlow::Continue(()), &mut |_| {
///     ControlFlow::Continue(())
/// });
/// assert_eq!((run.summary.fills, run.units), (2, Some(2)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct UnitsSummary {
    /// The fills and choices of the units this run finished or began, and
    /// whether it searched every unit an earlier run had not finished.
    pub summary: FillSummary,
    /// How many units the count has, once a complete run knows it.
    pub units: Option<usize>,
}

impl Filler {
    /// What a count's units refer to, for its checkpoint: the unit scheme,
    /// a fingerprint of the grid, the words of its slots' lengths (with
    /// their scores, in the order they are tried) and the seed, and how many
    /// units there are.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::crossword::{FillOptions, Filler, Grid, WordList};
    ///
    /// let grid = Grid::parse("...\n...\n...")?;
    /// let words = WordList::english();
    /// let mut seeded = FillOptions::default();
    /// seeded.seed = Some(1);
    /// let plain = Filler::new(&grid, &words)?.count_problem();
    /// assert_eq!(plain, Filler::new(&grid, &words)?.count_problem());
    /// assert_ne!(plain, Filler::with_options(&grid, &words, seeded)?.count_problem());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count_problem(&self) -> CountProblem {
        let scheme = if self.square.is_some() {
            "square-rows-1"
        } else {
            "slot-words-1"
        };
        let units = if self.dead().is_some() {
            0
        } else if let Some(square) = &self.square {
            square.unit_count()
        } else {
            // A grid the propagation decided is one unit.
            slot_units(self.root()).map_or(1, |(_, _, units)| units.len())
        };
        CountProblem {
            scheme: scheme.to_string(),
            fingerprint: format!("{:016x}", self.fingerprint),
            units,
        }
    }

    /// Counts every fill, unit by unit on [`FillOptions::threads`](super::FillOptions::threads)
    /// threads, passing over the units in `done` (finished by an earlier
    /// run of the same [`Filler::count_problem`]) and calling `finished`
    /// (from the counting threads) with each unit this run finishes and
    /// its tally; `finished` or `progress` stop the count with
    /// [`ControlFlow::Break`]. A unit the count was stopped in is not
    /// reported: its fills are in [`UnitsSummary::summary`] but belong to no
    /// finished unit. The whole count is the fills of `done` and of this
    /// run's summary, when it is complete.
    ///
    /// # Example
    ///
    /// ```
    /// use std::collections::BTreeMap;
    /// use std::ops::ControlFlow;
    /// use std::sync::Mutex;
    /// use puzzles::crossword::{Filler, Grid, WordList};
    ///
    /// let grid = Grid::parse("...\n...")?;
    /// let filler = Filler::new(&grid, &WordList::english())?;
    /// let whole = filler.count(None);
    ///
    /// // The first run stops after two units; the second does the rest.
    /// let done = Mutex::new(BTreeMap::new());
    /// let record = |unit, tally| {
    ///     let mut done = done.lock().unwrap();
    ///     done.insert(unit, tally);
    ///     if done.len() == 2 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    /// };
    /// let first = filler.count_units(&BTreeMap::new(), &record, &mut |_| ControlFlow::Continue(()));
    /// assert!(!first.summary.complete);
    /// let done = done.into_inner().unwrap();
    /// let rest = filler.count_units(&done, &|_, _| ControlFlow::Continue(()), &mut |_| ControlFlow::Continue(()));
    /// assert!(rest.summary.complete);
    /// assert_eq!(done.values().map(|t| t.fills).sum::<u64>() + rest.summary.fills, whole);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count_units(
        &self,
        done: &BTreeMap<usize, UnitTally>,
        finished: &OnUnit<'_>,
        progress: &mut dyn FnMut(&Progress) -> ControlFlow<()>,
    ) -> UnitsSummary {
        let resume = Some(Resume { done, finished });
        if self.dead().is_some() {
            return UnitsSummary {
                summary: FillSummary {
                    complete: true,
                    ..FillSummary::default()
                },
                units: Some(0),
            };
        }
        if let Some(square) = &self.square {
            let slots = self.grid().slots().len();
            let parallel = square.search_on(
                self.threads,
                Goal::Count(None),
                resume,
                &mut |nodes, fills, rows| {
                    progress(&Progress {
                        nodes,
                        fills,
                        decided: rows,
                        slots,
                    })
                },
            );
            return UnitsSummary {
                summary: FillSummary {
                    fills: parallel.fills,
                    nodes: parallel.nodes,
                    complete: parallel.complete,
                },
                units: parallel.units,
            };
        }
        match counted_on(self.threads, self.root(), None, resume, progress) {
            Some((summary, units)) => UnitsSummary {
                units: summary.complete.then_some(units),
                summary,
            },
            // The propagation decided every slot: one unit, the grid.
            None if done.contains_key(&0) => UnitsSummary {
                summary: FillSummary {
                    complete: true,
                    ..FillSummary::default()
                },
                units: Some(1),
            },
            None => {
                let summary = self.count_with(None, progress);
                if summary.complete {
                    let tally = UnitTally {
                        fills: summary.fills,
                        nodes: summary.nodes,
                    };
                    // Nothing is left to stop.
                    let _ = finished(0, tally);
                }
                UnitsSummary {
                    summary,
                    units: summary.complete.then_some(1),
                }
            }
        }
    }
}
