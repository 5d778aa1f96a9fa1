//! The parallel driver: a plan's units on a thread pool, each finished
//! one handed to the caller's callback.

use std::collections::{BTreeMap, HashSet};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use rayon::iter::{ParallelBridge, ParallelIterator};

use super::error::CountError;
use super::plan::{CountPlan, quadrant_count};
use super::tally::{Tally, UnitCount, UnitId};
use crate::cpu::Isa;

/// How a [`Counter::run`] ended.
///
/// # Example
///
/// ```
/// use std::ops::ControlFlow;
/// use std::sync::atomic::AtomicBool;
/// use puzzles::queens::count::{CountPlan, Counter, RunEnd};
///
/// let plan = CountPlan::new(8, 2)?;
/// let go = |cancel| {
///     let counter = Counter::new(&plan).threads(1);
///     counter.run(&AtomicBool::new(cancel), |_, _| ControlFlow::<()>::Continue(()))
/// };
/// assert_eq!(go(false)?.end, RunEnd::Complete);
/// // Cancelled before it began: nothing counted, and it says so.
/// let cancelled = go(true)?;
/// assert_eq!((cancelled.end, cancelled.tally.units), (RunEnd::Cancelled, 0));
/// # Ok::<(), puzzles::queens::count::CountError>(())
/// ```
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
///
/// # Example
///
/// ```
/// use std::ops::ControlFlow;
/// use std::sync::atomic::AtomicBool;
/// use puzzles::queens::count::{CountPlan, CountRun, Counter, RunEnd};
///
/// let plan = CountPlan::new(8, 2)?;
/// let counter = Counter::new(&plan).threads(1);
/// let run: CountRun<()> = counter.run(&AtomicBool::new(false), |_, _| ControlFlow::Continue(()))?;
/// assert_eq!(run.end, RunEnd::Complete);
/// assert_eq!((run.tally.total, run.tally.unique, run.tally.units), (92, 12, plan.len()));
/// # Ok::<(), puzzles::queens::count::CountError>(())
/// ```
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
/// keeps the cores busy to the end) and send the finished counts to the
/// calling thread, which hands each to the callback: the callback needs no
/// locking and may write a checkpoint or draw a progress bar. A unit that
/// takes more than a few milliseconds is sent as soon as it is done;
/// shorter ones are sent together every few milliseconds, so that they do
/// not wake the calling thread one by one. The calling thread waits where
/// it is: no thread is moved to another CPU.
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
    /// shard of the plan), in the order given. Each may be given once:
    /// [`Counter::run`] refuses a repeat rather than count a unit twice.
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
    /// let twice = Counter::new(&plan).units([0, 3, 0]);
    /// assert!(twice.run(&AtomicBool::new(false), |_, _| ControlFlow::<()>::Continue(())).is_err());
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
    /// [`CountError::NoSuchUnit`] for an id outside the plan and
    /// [`CountError::RepeatedUnit`] for one given twice (to
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
                let mut seen = HashSet::with_capacity(ids.len());
                if let Some(&id) = ids.iter().find(|&&id| !seen.insert(id)) {
                    return Err(CountError::RepeatedUnit(id));
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
        let lanes = plan.lanes();
        if threads == 1 {
            return Ok(count_in_place(plan, &todo, lanes, cancel, on_unit));
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|index| format!("queens-count-{index}"))
            .build()
            .map_err(|err| CountError::Threads {
                threads,
                message: err.to_string(),
            })?;
        // Set when the callback breaks; workers stop as for a cancel.
        let halt = AtomicBool::new(false);
        let stop = StopEither(cancel, &halt);
        let (sender, receiver) = mpsc::channel::<Vec<(UnitId, UnitCount)>>();
        let mut tally = Tally::default();
        let mut stopped = None;
        // The workers run on the pool while this thread, where it is,
        // hands their results to the callback as they come.
        pool.in_place_scope(|scope| {
            let todo = &todo;
            scope.spawn(move |_| {
                // `par_bridge` hands the units out one at a time in id order
                // to whichever worker is free: large units first, small
                // ones last, which keeps the cores busy to the end.
                let _stopped: Result<(), Stopped> = todo.iter().par_bridge().try_for_each_init(
                    || Finished::new(sender.clone()),
                    |finished, &id| {
                        if stop.is_set() {
                            return Err(Stopped);
                        }
                        let count = count_one(plan, id, lanes, stop).ok_or(Stopped)?;
                        finished.push(id, count)
                    },
                );
            });
            'collect: for batch in &receiver {
                for (id, count) in batch {
                    tally.add(count);
                    if let ControlFlow::Break(value) = on_unit(id, count) {
                        halt.store(true, Ordering::Relaxed);
                        stopped = Some(value);
                        break 'collect;
                    }
                }
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

/// One thread's run, on the calling thread: a pool, a channel and a
/// worker's start cost more than a small board's whole count (N = 12
/// counts in well under a millisecond), and the callback sees the same
/// units in the same order as from a one-thread pool.
fn count_in_place<B, F>(
    plan: &CountPlan,
    todo: &[UnitId],
    lanes: Option<Isa>,
    cancel: &AtomicBool,
    mut on_unit: F,
) -> CountRun<B>
where
    F: FnMut(UnitId, UnitCount) -> ControlFlow<B>,
{
    let halt = AtomicBool::new(false);
    let stop = StopEither(cancel, &halt);
    let mut tally = Tally::default();
    for &id in todo {
        if stop.is_set() {
            return CountRun {
                tally,
                end: RunEnd::Cancelled,
            };
        }
        let Some(count) = count_one(plan, id, lanes, stop) else {
            return CountRun {
                tally,
                end: RunEnd::Cancelled,
            };
        };
        tally.add(count);
        if let ControlFlow::Break(value) = on_unit(id, count) {
            return CountRun {
                tally,
                end: RunEnd::Stopped(value),
            };
        }
    }
    CountRun {
        tally,
        end: RunEnd::Complete,
    }
}

/// Counts unit `id` of `plan`; `None` when `stop` said stop first.
fn count_one(
    plan: &CountPlan,
    id: UnitId,
    lanes: Option<Isa>,
    stop: StopEither<'_>,
) -> Option<UnitCount> {
    match &plan.quadrants {
        Some(quadrants) => Some(quadrant_count(quadrants, id, plan.isa)),
        None => {
            let prefix = plan.prefix(id).expect("ids are checked");
            plan.count_below(prefix, &|| stop.is_set(), lanes)
        }
    }
}

/// A worker stopped: by the cancel flag, by the callback, or because the
/// caller is gone.
struct Stopped;

/// How long a worker keeps finished units before it sends them to the
/// caller. A unit can take well under a millisecond (N = 16 counts 3,299
/// in 0.15 s on two threads): sent one by one, each would wake the caller,
/// a system call and a context switch per unit taken from the workers.
/// A unit that takes longer than this is sent as soon as it is done.
const SEND_EVERY: Duration = Duration::from_millis(5);

/// A worker's finished units on their way to the caller, sent together
/// once [`SEND_EVERY`] has passed since the worker last sent; what is left
/// is sent when the worker stops (at the end, on a cancel or a break), so
/// every finished unit reaches the caller unless the callback broke first.
struct Finished {
    sender: mpsc::Sender<Vec<(UnitId, UnitCount)>>,
    units: Vec<(UnitId, UnitCount)>,
    sent: Instant,
}

impl Finished {
    fn new(sender: mpsc::Sender<Vec<(UnitId, UnitCount)>>) -> Finished {
        Finished {
            sender,
            units: Vec::new(),
            sent: Instant::now(),
        }
    }

    /// Keeps unit `id`'s count, sending what is kept if it is time.
    fn push(&mut self, id: UnitId, count: UnitCount) -> Result<(), Stopped> {
        self.units.push((id, count));
        if self.sent.elapsed() >= SEND_EVERY {
            self.send()?;
        }
        Ok(())
    }

    fn send(&mut self) -> Result<(), Stopped> {
        if !self.units.is_empty() {
            let units = std::mem::take(&mut self.units);
            self.sender.send(units).map_err(|_| Stopped)?;
        }
        self.sent = Instant::now();
        Ok(())
    }
}

impl Drop for Finished {
    fn drop(&mut self) {
        // The caller may have stopped listening (its callback broke): then
        // these units are not reported, as the run promises.
        let _ = self.send();
    }
}

/// Two flags read as one: the caller's cancel and the callback's halt.
#[derive(Clone, Copy)]
struct StopEither<'a>(&'a AtomicBool, &'a AtomicBool);

impl StopEither<'_> {
    fn is_set(&self) -> bool {
        self.0.load(Ordering::Relaxed) || self.1.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A run on one thread (counted in place) and on several (on the
    /// pool) must agree with the plan's own serial count and with each
    /// other in everything the caller sees.
    #[test]
    fn one_thread_and_a_pool_count_and_stop_alike() {
        for plan in [
            CountPlan::new(10, 2).unwrap(),
            CountPlan::quadrants(12).unwrap(),
        ] {
            let expected = plan.count_all();
            for threads in [1, 3] {
                let mut seen = Vec::new();
                let run = Counter::new(&plan)
                    .threads(threads)
                    .run(&AtomicBool::new(false), |id, _| {
                        seen.push(id);
                        ControlFlow::<()>::Continue(())
                    })
                    .unwrap();
                assert_eq!(run.end, RunEnd::Complete, "{threads} threads");
                assert_eq!(run.tally, expected, "{threads} threads");
                seen.sort_unstable();
                assert_eq!(seen, plan.ids().collect::<Vec<_>>());

                let mut calls = 0;
                let run = Counter::new(&plan)
                    .threads(threads)
                    .run(&AtomicBool::new(false), |_, _| {
                        calls += 1;
                        if calls == 2 {
                            ControlFlow::Break("two")
                        } else {
                            ControlFlow::Continue(())
                        }
                    })
                    .unwrap();
                assert_eq!(run.end, RunEnd::Stopped("two"), "{threads} threads");
                assert_eq!(run.tally.units, 2);

                let run = Counter::new(&plan)
                    .threads(threads)
                    .run(&AtomicBool::new(true), |_, _| {
                        ControlFlow::<()>::Continue(())
                    })
                    .unwrap();
                assert_eq!(run.end, RunEnd::Cancelled, "{threads} threads");
                assert_eq!(run.tally.units, 0);

                let first = plan.ids().next().unwrap();
                let done = BTreeMap::from([(first, plan.count_unit(first).unwrap())]);
                let run = Counter::new(&plan)
                    .threads(threads)
                    .skip(&done)
                    .run(&AtomicBool::new(false), |id, _| {
                        assert_ne!(id, first, "a skipped unit is not counted");
                        ControlFlow::<()>::Continue(())
                    })
                    .unwrap();
                assert_eq!(run.tally.units, plan.len() - 1);
            }
        }
    }
}
