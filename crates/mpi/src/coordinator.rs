//! Rank 0's coordinating side: hands out unit ids in batches on demand,
//! takes the finished units (handing each to a callback that records it),
//! and ends the job by telling every rank to finish or abandon.

use std::collections::{HashMap, VecDeque};
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use puzzles::queens::count::{CountRun, RunEnd, SCHEME, Tally, UnitCount, UnitId};

use crate::link::{Link, Tag};
use crate::protocol::{MAX_BATCH, Report, ReportEnd, Work};

/// Batches each rank holds: one counted, one waiting, so that a rank never
/// waits for the coordinator between batches.
const BATCHES_AHEAD: usize = 2;

/// How long one batch keeps one thread busy at most, once the pace is known:
/// a batch is one message each way, so a rank asks about once a second.
const MAX_BATCH_SECONDS: f64 = 1.0;

/// How long one batch keeps one thread busy at least: several times a
/// message's round trip (ranks poll every millisecond), so that the batch a
/// rank holds in reserve covers the wait for the next one. The largest
/// imbalance at the end is about one such batch.
const MIN_BATCH_SECONDS: f64 = 0.01;

/// Units per thread in the first batches, while the pace is unknown.
const FIRST_BATCH: usize = 4;

/// How many units a batch holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BatchSize {
    /// This many per counting thread of the rank (at most [`MAX_BATCH`] in all).
    Fixed(usize),
    /// Guided by the units left and the pace so far: large batches while
    /// much is left, down to single units at the end.
    Adaptive,
}

#[derive(Clone, Copy, Debug, Default)]
struct RankState {
    /// Batches sent and not yet reported complete.
    outstanding: usize,
    /// "Finish" or "abandon" sent.
    closing: bool,
    /// Its goodbye is in.
    gone: bool,
}

/// Why the coordinator stopped handing out work.
enum Stopping<B> {
    /// A signal (here or on another rank).
    Cancelled,
    /// The callback said so.
    Stopped(B),
}

/// The coordinator of one counting job.
pub struct Coordinator<B, F> {
    units: u64,
    /// The plan's unit scheme: what counts a unit can report.
    scheme: &'static str,
    todo: VecDeque<UnitId>,
    threads_per_rank: usize,
    batch: BatchSize,
    ranks: Vec<RankState>,
    in_flight: HashMap<UnitId, usize>,
    on_unit: F,
    tally: Tally,
    stopping: Option<Stopping<B>>,
    cancel: Arc<AtomicBool>,
    started: Option<Instant>,
}

impl<B, F> Coordinator<B, F>
where
    F: FnMut(UnitId, UnitCount) -> ControlFlow<B>,
{
    /// A coordinator for `ranks` ranks of `threads_per_rank` counting
    /// threads each, handing out the ids in `todo` (in that order) of a plan
    /// with `units` units. `on_unit` gets each finished unit; `cancel` (a
    /// signal) stops the job.
    pub fn new(
        units: u64,
        todo: Vec<UnitId>,
        ranks: usize,
        threads_per_rank: usize,
        batch: BatchSize,
        cancel: Arc<AtomicBool>,
        on_unit: F,
    ) -> Coordinator<B, F> {
        Coordinator {
            units,
            scheme: SCHEME,
            todo: todo.into(),
            threads_per_rank: threads_per_rank.max(1),
            batch,
            ranks: vec![RankState::default(); ranks],
            in_flight: HashMap::new(),
            on_unit,
            tally: Tally::default(),
            stopping: None,
            cancel,
            started: None,
        }
    }

    /// Whether every rank has said goodbye.
    pub fn is_finished(&self) -> bool {
        self.ranks.iter().all(|rank| rank.gone)
    }

    /// For units of another scheme than the reduced search's: the
    /// quadrant join's must report 0 fundamental solutions, other boards'
    /// at most their total ([`CountPlan::counts_possible`]).
    ///
    /// [`CountPlan::counts_possible`]: puzzles::queens::count::CountPlan::counts_possible
    pub fn scheme(mut self, scheme: &'static str) -> Coordinator<B, F> {
        self.scheme = scheme;
        self
    }

    /// The units counted in this run and why it ended (once finished).
    pub fn into_run(self) -> CountRun<B> {
        let end = match self.stopping {
            None => RunEnd::Complete,
            Some(Stopping::Cancelled) => RunEnd::Cancelled,
            Some(Stopping::Stopped(value)) => RunEnd::Stopped(value),
        };
        CountRun {
            tally: self.tally,
            end,
        }
    }

    /// Sends the first batches, then handles every report that has arrived.
    /// Returns whether anything happened.
    ///
    /// # Errors
    ///
    /// A report that breaks the protocol (an id this rank was not given, a
    /// rank that leaves with work unfinished when it was not interrupted).
    pub fn step(&mut self, link: &mut impl Link) -> Result<bool, String> {
        if self.started.is_none() {
            self.started = Some(Instant::now());
            for rank in 0..self.ranks.len() {
                for _ in 0..BATCHES_AHEAD {
                    self.refill(link, rank);
                }
            }
        }
        let mut busy = false;
        while let Some((from, words)) = link.receive(Tag::Report) {
            busy = true;
            let report = Report::decode(&words, self.units, self.scheme)?;
            self.handle(link, from, report)?;
        }
        if self.stopping.is_none() && self.cancel.load(Ordering::Relaxed) {
            self.stop(link, Stopping::Cancelled);
        }
        Ok(busy)
    }

    fn handle(&mut self, link: &mut impl Link, from: usize, report: Report) -> Result<(), String> {
        if self.ranks.get(from).is_none_or(|rank| rank.gone) {
            return Err(format!("a report from rank {from}, which has left"));
        }
        for (id, count) in report.units {
            if self.in_flight.remove(&id) != Some(from) {
                return Err(format!("rank {from} reports unit {id}, not given to it"));
            }
            // After a budget stop or a failed write, later units are not
            // recorded: what is recorded is exactly what was asked for. After
            // a signal, every finished unit is worth saving.
            if matches!(self.stopping, None | Some(Stopping::Cancelled)) {
                self.tally.add(count);
                if let ControlFlow::Break(value) = (self.on_unit)(id, count)
                    && self.stopping.is_none()
                {
                    self.stop(link, Stopping::Stopped(value));
                }
            }
        }
        let batches_done = usize::try_from(report.batches_done).unwrap_or(usize::MAX);
        let rank = &mut self.ranks[from];
        rank.outstanding = rank.outstanding.checked_sub(batches_done).ok_or(format!(
            "rank {from} completes {batches_done} batches of {}",
            rank.outstanding
        ))?;
        match report.end {
            ReportEnd::Progress => {
                if self.stopping.is_none() {
                    for _ in 0..batches_done {
                        self.refill(link, from);
                    }
                }
            }
            ReportEnd::Goodbye | ReportEnd::Interrupted => {
                let unfinished = self.in_flight.values().any(|&rank| rank == from);
                if report.end == ReportEnd::Interrupted {
                    if self.stopping.is_none() {
                        self.stop(link, Stopping::Cancelled);
                    }
                } else if unfinished && self.stopping.is_none() {
                    return Err(format!("rank {from} left with units unfinished"));
                }
                self.ranks[from].gone = true;
                link.send(from, Tag::Work, Work::Done.encode());
            }
        }
        Ok(())
    }

    /// Sends `rank` its next batch, or "finish" when none is left.
    fn refill(&mut self, link: &mut impl Link, rank: usize) {
        if self.ranks[rank].closing {
            return;
        }
        let size = self.batch_size();
        if self.todo.is_empty() {
            self.ranks[rank].closing = true;
            link.send(rank, Tag::Work, Work::Finish.encode());
            return;
        }
        let ids: Vec<UnitId> = self.todo.drain(..size.min(self.todo.len())).collect();
        for &id in &ids {
            self.in_flight.insert(id, rank);
        }
        self.ranks[rank].outstanding += 1;
        link.send(rank, Tag::Work, Work::Batch(ids).encode());
    }

    /// The next batch's size for one rank.
    fn batch_size(&self) -> usize {
        let threads = self.threads_per_rank;
        let per_thread = match self.batch {
            BatchSize::Fixed(size) => size,
            BatchSize::Adaptive => {
                let slots = self.ranks.len() * threads;
                // Guided self-scheduling: a share of what is left, so the
                // last batches are small and every thread ends together.
                let guided = self.todo.len().div_ceil(2 * BATCHES_AHEAD * slots);
                let elapsed = self.started.map_or(0.0, |at| at.elapsed().as_secs_f64());
                let done = self.tally.units as f64;
                // Until every thread has finished a unit the pace is unknown:
                // start small, since the first units are the largest.
                if done >= slots as f64 && elapsed > 0.0 {
                    let unit_seconds = elapsed * slots as f64 / done;
                    let least = (MIN_BATCH_SECONDS / unit_seconds) as usize;
                    let most = (MAX_BATCH_SECONDS / unit_seconds) as usize;
                    guided.min(most).max(least)
                } else {
                    guided.min(FIRST_BATCH)
                }
            }
        };
        per_thread.max(1).saturating_mul(threads).min(MAX_BATCH)
    }

    fn stop(&mut self, link: &mut impl Link, why: Stopping<B>) {
        self.stopping = Some(why);
        for (rank, state) in self.ranks.iter_mut().enumerate() {
            if !state.gone {
                state.closing = true;
                link.send(rank, Tag::Work, Work::Abandon.encode());
            }
        }
    }
}
