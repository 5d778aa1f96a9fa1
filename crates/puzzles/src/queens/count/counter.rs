//! The parallel driver: a plan's units on a thread pool, each finished
//! one handed to the caller's callback.

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use super::super::units;
use super::error::CountError;
use super::plan::{CountPlan, quadrant_count};
use super::tally::{Tally, UnitCount, UnitId};

/// How a [`Counter::run`] ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunEnd<B> {
    /// Every unit asked for was counted and reported.
    Complete,
    /// The cancellation flag was set; the units reported so far are done,
    /// the ones in flight were abandoned.
    Cancelled,
    /// The callback returned [`ControlFlow::Break`] with this value.
    Stopped(B),
}

/// The result of a [`Counter::run`]: the sum of the units reported to the
/// callback, and why the run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountRun<B> {
    /// The units counted and reported in this run.
    pub tally: Tally,
    /// Whether all were counted.
    pub end: RunEnd<B>,
}

/// Counts a plan's units in parallel on a rayon thread pool.
///
/// Workers take units in id order (large units first, small ones last, which
/// keeps the cores busy to the end) and send each finished count to the
/// calling thread, which hands it to the callback: the callback needs no
/// locking and may write a checkpoint or draw a progress bar.
///
/// # Example
///
/// ```
/// use std::collections::BTreeMap;
/// use std::ops::ControlFlow;
/// use std::sync::atomic::AtomicBool;
/// use puzzles::queens::count::{CountPlan, Counter, RunEnd, Tally};
///
/// let plan = CountPlan::new(11, 2)?;
/// // Pretend the first unit was counted by an earlier run.
/// let done = BTreeMap::from([(0, plan.count_unit(0)?)]);
/// let run = Counter::new(&plan)
///     .skip(&done)
///     .run(&AtomicBool::new(false), |_, _| ControlFlow::<()>::Continue(()))?;
/// let mut tally: Tally = done.values().copied().collect();
/// tally.merge(&run.tally);
/// assert_eq!((tally.total, tally.unique), (2680, 341));
/// # Ok::<(), puzzles::queens::count::CountError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Counter<'a> {
    plan: &'a CountPlan,
    threads: usize,
    skip: Option<&'a BTreeMap<UnitId, UnitCount>>,
    only: Option<Vec<UnitId>>,
}

impl<'a> Counter<'a> {
    /// A counter for every unit of `plan`, one thread per core.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::{CountPlan, Counter};
    ///
    /// let plan = CountPlan::new(8, 2)?;
    /// let counter = Counter::new(&plan);
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn new(plan: &'a CountPlan) -> Counter<'a> {
        Counter {
            plan,
            threads: 0,
            skip: None,
            only: None,
        }
    }

    /// Uses `threads` worker threads (0: one per core, rayon's default),
    /// but no more than there are units to count.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::{CountPlan, Counter};
    ///
    /// let plan = CountPlan::new(8, 2)?;
    /// let counter = Counter::new(&plan).threads(1);
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn threads(mut self, threads: usize) -> Counter<'a> {
        self.threads = threads;
        self
    }

    /// Leaves out the units in `done` (counted by an earlier run, say read
    /// from a checkpoint).
    ///
    /// # Example
    ///
    /// ```
    /// use std::collections::BTreeMap;
    /// use puzzles::queens::count::{CountPlan, Counter};
    ///
    /// let plan = CountPlan::new(8, 2)?;
    /// let done = BTreeMap::new();
    /// let counter = Counter::new(&plan).skip(&done);
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn skip(mut self, done: &'a BTreeMap<UnitId, UnitCount>) -> Counter<'a> {
        self.skip = Some(done);
        self
    }

    /// Counts only these units (a batch handed out by a coordinator, or one
    /// shard of the plan), in the order given.
    ///
    /// # Example
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use std::sync::atomic::AtomicBool;
    /// use puzzles::queens::count::{CountPlan, Counter};
    ///
    /// let plan = CountPlan::new(10, 2)?;
    /// // Shard 0 of 3: every third unit.
    /// let shard: Vec<u64> = plan.ids().filter(|id| id % 3 == 0).collect();
    /// let run = Counter::new(&plan)
    ///     .units(shard.clone())
    ///     .run(&AtomicBool::new(false), |_, _| ControlFlow::<()>::Continue(()))?;
    /// assert_eq!(run.tally.units, shard.len() as u64);
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn units(mut self, ids: impl IntoIterator<Item = UnitId>) -> Counter<'a> {
        self.only = Some(ids.into_iter().collect());
        self
    }

    /// Counts the units, handing each finished one to `on_unit` (on the
    /// calling thread, in the order they finish). Returns when all are done,
    /// when `cancel` is set, or when `on_unit` returns
    /// [`ControlFlow::Break`]; units in flight then are abandoned and not
    /// reported, so whatever the callback recorded is exactly what is done.
    ///
    /// # Errors
    ///
    /// [`CountError::NoSuchUnit`] for an id outside the plan (given to
    /// [`Counter::units`]), [`CountError::Threads`] when the pool cannot start.
    ///
    /// # Example
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use std::sync::atomic::AtomicBool;
    /// use puzzles::queens::count::{CountPlan, Counter, RunEnd};
    ///
    /// let plan = CountPlan::new(10, 2)?;
    /// let mut seen = 0;
    /// let run = Counter::new(&plan).threads(2).run(&AtomicBool::new(false), |_, _| {
    ///     seen += 1;
    ///     if seen == 3 { ControlFlow::Break("enough") } else { ControlFlow::Continue(()) }
    /// })?;
    /// assert_eq!(run.end, RunEnd::Stopped("enough"));
    /// assert_eq!(run.tally.units, 3);
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn run<B, F>(&self, cancel: &AtomicBool, mut on_unit: F) -> Result<CountRun<B>, CountError>
    where
        F: FnMut(UnitId, UnitCount) -> ControlFlow<B>,
    {
        let plan = self.plan;
        let mut todo: Vec<UnitId> = match &self.only {
            Some(ids) => {
                if let Some(&id) = ids.iter().find(|&&id| id >= plan.len()) {
                    return Err(CountError::NoSuchUnit {
                        id,
                        units: plan.len(),
                    });
                }
                ids.clone()
            }
            None => plan.ids().collect(),
        };
        if let Some(done) = self.skip {
            todo.retain(|id| !done.contains_key(id));
        }
        // No more threads than units to count: a thread without a unit
        // would only cost its start (seconds for a thousand of them).
        let threads = match self.threads {
            0 => 0,
            threads => threads.min(todo.len().max(1)),
        };
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|index| format!("queens-count-{index}"))
            .build()
            .map_err(|err| CountError::Threads {
                threads,
                message: err.to_string(),
            })?;
        let lanes = plan.kernel.lanes();
        let next = AtomicUsize::new(0);
        // Set when the callback breaks; workers stop as for a cancel.
        let halt = AtomicBool::new(false);
        let (sender, receiver) = mpsc::channel::<(UnitId, UnitCount)>();
        let mut tally = Tally::default();
        let mut stopped = None;
        let workers_done = AtomicBool::new(false);
        let caller = std::thread::current();
        std::thread::scope(|scope| {
            let todo = &todo;
            let next = &next;
            let halt = &halt;
            let workers_done = &workers_done;
            scope.spawn(move || {
                pool.broadcast(|_| {
                    let sender = sender.clone();
                    let stop = StopEither(cancel, halt);
                    loop {
                        if stop.is_set() {
                            break;
                        }
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        let Some(&id) = todo.get(index) else { break };
                        let count = match &plan.quadrants {
                            Some(quadrants) => quadrant_count(quadrants, id, plan.kernel),
                            None => {
                                let prefix = plan.prefix(id).expect("ids are checked");
                                let counted =
                                    units::count_below(plan.n, prefix, &|| stop.is_set(), lanes);
                                let Some(tallies) = counted else { break };
                                UnitCount {
                                    total: tallies.total,
                                    unique: tallies.unique,
                                    nodes: tallies.nodes,
                                }
                            }
                        };
                        if sender.send((id, count)).is_err() {
                            break;
                        }
                    }
                });
                drop(sender);
                workers_done.store(true, Ordering::Release);
                caller.unpark();
            });
            // The caller collects results every few milliseconds instead of
            // waiting on the channel: a waiting receiver would make every
            // finished unit wake it, a system call and a context switch per
            // unit taken from the workers.
            'collect: loop {
                let finished = workers_done.load(Ordering::Acquire);
                for (id, count) in receiver.try_iter() {
                    tally.add(count);
                    if let ControlFlow::Break(value) = on_unit(id, count) {
                        halt.store(true, Ordering::Relaxed);
                        stopped = Some(value);
                        break 'collect;
                    }
                }
                if finished {
                    break;
                }
                std::thread::park_timeout(COLLECT_EVERY);
            }
        });
        let end = match stopped {
            Some(value) => RunEnd::Stopped(value),
            None if tally.units == todo.len() as u64 => RunEnd::Complete,
            None => RunEnd::Cancelled,
        };
        Ok(CountRun { tally, end })
    }
}

/// How often the caller collects finished units while the workers count.
const COLLECT_EVERY: std::time::Duration = std::time::Duration::from_millis(5);

/// Two flags read as one: the caller's cancel and the callback's halt.
#[derive(Clone, Copy)]
struct StopEither<'a>(&'a AtomicBool, &'a AtomicBool);

impl StopEither<'_> {
    fn is_set(&self) -> bool {
        self.0.load(Ordering::Relaxed) || self.1.load(Ordering::Relaxed)
    }
}
