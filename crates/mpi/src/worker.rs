//! A counting rank: takes batches from the coordinator, counts them on its
//! [`Pool`], reports finished units and asks for more.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use puzzles::queens::count::{CountPlan, UnitCount, UnitId};

use crate::link::{Link, Tag};
use crate::pool::Pool;
use crate::protocol::{MAX_REPORT_UNITS, Report, ReportEnd, Work};

/// Finished units wait at most this long before they are reported (and
/// recorded in the checkpoint), however large the batch.
const REPORT_EVERY: Duration = Duration::from_secs(1);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Taking batches.
    Counting,
    /// Told to finish or abandon (or interrupted): waiting for the pool.
    Closing,
    /// Goodbye sent; waiting for the coordinator's "done".
    Leaving,
    /// Nothing more to do.
    Finished,
}

/// One rank's counting side.
pub struct Worker {
    pool: Option<Pool>,
    units: u64,
    state: State,
    interrupted: bool,
    cancel: Arc<AtomicBool>,
    next_batch: u64,
    /// Units not yet finished, by batch.
    open_batches: BTreeMap<u64, usize>,
    batches_done: u64,
    pending: Vec<(UnitId, UnitCount)>,
    last_report: Instant,
}

impl Worker {
    /// A worker counting `plan` on `threads` threads; `cancel` (a signal)
    /// makes it stop and say so. Its threads wake the calling thread (which
    /// must be the one that calls [`Worker::step`]) when a batch is done.
    pub fn start(
        plan: Arc<CountPlan>,
        threads: usize,
        cancel: Arc<AtomicBool>,
    ) -> std::io::Result<Worker> {
        let units = plan.len();
        Ok(Worker {
            pool: Some(Pool::start(plan, threads, std::thread::current())?),
            units,
            state: State::Counting,
            interrupted: false,
            cancel,
            next_batch: 0,
            open_batches: BTreeMap::new(),
            batches_done: 0,
            pending: Vec::new(),
            last_report: Instant::now(),
        })
    }

    /// Whether the worker has said goodbye and heard "done".
    pub fn is_finished(&self) -> bool {
        self.state == State::Finished
    }

    /// Whether the worker stopped for a signal and told rank 0 so: a signal
    /// that comes once it was told to finish stops nothing, and the job's
    /// count is whole.
    pub fn was_interrupted(&self) -> bool {
        self.interrupted
    }

    /// Handles what has arrived and what has been counted; sends reports.
    /// Returns whether anything happened.
    ///
    /// # Errors
    ///
    /// A message that breaks the protocol.
    pub fn step(&mut self, link: &mut impl Link) -> Result<bool, String> {
        let mut busy = false;
        while let Some((from, words)) = link.receive(Tag::Work) {
            busy = true;
            if from != 0 {
                return Err(format!("work from rank {from}, not the coordinator"));
            }
            let work = Work::decode(&words, self.units)?;
            self.take(work)?;
        }
        if self.state == State::Counting && self.cancel.load(Ordering::Relaxed) {
            self.interrupted = true;
            self.close(|pool| pool.abandon());
        }
        let Some(pool) = &self.pool else {
            return Ok(busy);
        };
        let drained = self.state == State::Closing && pool.is_drained();
        for finished in pool.finished() {
            busy = true;
            self.pending.push((finished.id, finished.count));
            let left = self
                .open_batches
                .get_mut(&finished.batch)
                .expect("the pool counts only pushed batches");
            *left -= 1;
            if *left == 0 {
                self.open_batches.remove(&finished.batch);
                self.batches_done += 1;
            }
        }
        if drained {
            let end = if self.interrupted {
                ReportEnd::Interrupted
            } else {
                ReportEnd::Goodbye
            };
            self.report(link, end);
            self.state = State::Leaving;
            if let Some(pool) = self.pool.take() {
                pool.join();
            }
            return Ok(true);
        }
        let due = self.batches_done > 0
            || self.pending.len() >= MAX_REPORT_UNITS
            || (!self.pending.is_empty() && self.last_report.elapsed() >= REPORT_EVERY);
        if due {
            self.report(link, ReportEnd::Progress);
            busy = true;
        }
        Ok(busy)
    }

    fn take(&mut self, work: Work) -> Result<(), String> {
        match (work, self.state) {
            (Work::Batch(ids), State::Counting) => {
                let batch = self.next_batch;
                self.next_batch += 1;
                self.open_batches.insert(batch, ids.len());
                if let Some(pool) = &self.pool {
                    pool.push(batch, &ids);
                }
            }
            // Sent before the coordinator heard of this rank's interruption.
            (Work::Batch(_), _) if self.interrupted => {}
            (Work::Finish, State::Counting) => self.close(|pool| pool.close()),
            (Work::Abandon, State::Counting) => self.close(|pool| pool.abandon()),
            (Work::Finish | Work::Abandon, State::Closing) => {
                if let Some(pool) = &self.pool {
                    pool.abandon();
                }
            }
            (Work::Finish | Work::Abandon, State::Leaving) => {}
            (Work::Done, State::Leaving) => self.state = State::Finished,
            (work, state) => return Err(format!("{work:?} while {state:?}")),
        }
        Ok(())
    }

    fn close(&mut self, how: impl FnOnce(&Pool)) {
        if let Some(pool) = &self.pool {
            how(pool);
        }
        self.state = State::Closing;
    }

    /// Sends the pending units, in messages of at most
    /// [`MAX_REPORT_UNITS`]; the batches done and `end` go with the last.
    fn report(&mut self, link: &mut impl Link, end: ReportEnd) {
        let mut units = std::mem::take(&mut self.pending);
        while units.len() > MAX_REPORT_UNITS {
            let rest = units.split_off(MAX_REPORT_UNITS);
            let report = Report {
                batches_done: 0,
                units,
                end: ReportEnd::Progress,
            };
            link.send(0, Tag::Report, report.encode());
            units = rest;
        }
        let report = Report {
            batches_done: std::mem::take(&mut self.batches_done),
            units,
            end,
        };
        link.send(0, Tag::Report, report.encode());
        self.last_report = Instant::now();
    }
}
