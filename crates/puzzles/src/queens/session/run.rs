//! A count in progress: the checkpoint, the units resumed from it, the sum
//! so far, and how the run ended.

use std::collections::{BTreeMap, BTreeSet};
use std::ops::ControlFlow;
use std::path::Path;

use super::super::checkpoint::{CheckpointFile, CheckpointFileError};
use super::super::count::{CountPlan, RunEnd, Tally, UnitCount, UnitId};
use super::SessionError;

/// Why a session's run stopped before every unit was counted.
///
/// # Example
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use puzzles::queens::count::{CountPlan, Counter, RunEnd};
/// use puzzles::queens::session::{CountSession, SessionStop};
///
/// let plan = CountPlan::new(8, 2)?;
/// let (session, _) = CountSession::open(&plan, None, None)?;
/// let mut session = session.stop_after_units(Some(2));
/// let counter = Counter::new(&plan).threads(1);
/// let run = counter.run(&AtomicBool::new(false), |id, count| session.record(id, count))?;
/// assert!(matches!(run.end, RunEnd::Stopped(SessionStop::Budget)));
/// assert_eq!(session.tally().units, 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum SessionStop {
    /// Recording a unit in the checkpoint failed.
    Failed(CheckpointFileError),
    /// The budget of [`CountSession::stop_after_units`] ran out.
    Budget,
}

/// How a session's run ended.
///
/// # Example
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use puzzles::queens::count::{CountPlan, Counter};
/// use puzzles::queens::session::{CountSession, Ending};
///
/// let plan = CountPlan::new(8, 2)?;
/// let (mut session, done) = CountSession::open(&plan, None, None)?;
/// let counter = Counter::new(&plan).skip(&done);
/// let run = counter.run(&AtomicBool::new(false), |id, count| session.record(id, count))?;
/// let ending = session.finish(run.end)?;
/// assert_eq!(ending, Ending::Complete(plan.count_all()));
/// assert_eq!(ending.exit_status(), 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Every unit asked for is counted: the sum, resumed units included.
    Complete(Tally),
    /// Stopped (cancelled, or the budget ran out): the units recorded, the
    /// resumed ones included; with a checkpoint they are saved.
    Interrupted(Tally),
}

impl Ending {
    /// The exit status of an interrupted count (as a shell reports a
    /// command ended by SIGINT): its units are saved, the same command
    /// resumes it.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::{CountPlan, RunEnd};
    /// use puzzles::queens::session::{CountSession, Ending};
    ///
    /// let (session, _) = CountSession::open(&CountPlan::new(8, 2)?, None, None)?;
    /// let ending = session.finish(RunEnd::Cancelled)?;
    /// assert_eq!(ending.exit_status(), Ending::INTERRUPTED_STATUS);
    /// assert_eq!(Ending::INTERRUPTED_STATUS, 128 + 2); // 128 + SIGINT
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const INTERRUPTED_STATUS: u8 = 130;

    /// The exit status the `puzzles` commands end a count with: 0 when
    /// solutions were found, 1 when there are none (like grep finding no
    /// match), [`Ending::INTERRUPTED_STATUS`] when interrupted.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::Tally;
    /// use puzzles::queens::session::Ending;
    ///
    /// assert_eq!(Ending::Complete(Tally::default()).exit_status(), 1);
    /// assert_eq!(Ending::Interrupted(Tally::default()).exit_status(), 130);
    /// ```
    pub fn exit_status(&self) -> u8 {
        match self {
            Ending::Complete(tally) if tally.total > 0 => 0,
            Ending::Complete(_) => 1,
            Ending::Interrupted(_) => Ending::INTERRUPTED_STATUS,
        }
    }
}

/// The units of the checkpoint that a session resumes.
///
/// # Example
///
/// ```
/// use puzzles::queens::count::CountPlan;
/// use puzzles::queens::session::{CountSession, Done};
///
/// let path = std::env::temp_dir().join(format!("doc-done-{}.ckpt", std::process::id()));
/// let _ = std::fs::remove_file(&path);
/// let plan = CountPlan::new(8, 2)?;
/// let (mut session, _) = CountSession::open(&plan, Some(&path), None)?;
/// let _ = session.record(5, plan.count_unit(5)?);
/// drop(session); // releases the checkpoint's lock
/// let done: Done = CountSession::open(&plan, Some(&path), None)?.1;
/// assert_eq!(done.into_iter().collect::<Vec<_>>(), [(5, plan.count_unit(5)?)]);
/// std::fs::remove_file(&path)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type Done = BTreeMap<UnitId, UnitCount>;

/// A count in progress: the checkpoint, the units resumed from it and the
/// sum so far. [`CountSession::record`] is the callback a counter reports
/// each finished unit to.
///
/// # Example
///
/// ```
/// use puzzles::queens::count::{CountPlan, UnitCount};
/// use puzzles::queens::session::CountSession;
///
/// let plan = CountPlan::new(6, 1)?;
/// let (mut session, done) = CountSession::open(&plan, None, None)?;
/// assert!(done.is_empty() && session.asked() == plan.len());
/// let _ = session.record(0, UnitCount { total: 1, unique: 1, nodes: 3 });
/// assert_eq!(session.tally().total, 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct CountSession {
    checkpoint: Option<CheckpointFile>,
    resumed: Tally,
    tally: Tally,
    asked: u64,
    recorded_now: u64,
    stop_after: Option<u64>,
}

impl CountSession {
    /// Opens the session of `plan`'s units (only those in `only`, when
    /// given): opens `checkpoint`, creating it when missing, and returns
    /// the units it holds, leaving out those outside `only`, for the
    /// counter to skip.
    ///
    /// # Errors
    ///
    /// The checkpoint's: it cannot be opened or read, it is for another
    /// count, or another process holds it.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::CountPlan;
    /// use puzzles::queens::session::CountSession;
    ///
    /// let plan = CountPlan::new(8, 2)?;
    /// let (session, done) = CountSession::open(&plan, None, Some(&[0, 1]))?;
    /// assert_eq!((session.asked(), done.len()), (2, 0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn open(
        plan: &CountPlan,
        checkpoint: Option<&Path>,
        only: Option<&[UnitId]>,
    ) -> Result<(CountSession, Done), SessionError> {
        let (mut done, checkpoint) = match checkpoint {
            Some(path) => {
                let (file, done) = CheckpointFile::open(path, plan)?;
                (done, Some(file))
            }
            None => (Done::new(), None),
        };
        if let Some(only) = only {
            let wanted: BTreeSet<UnitId> = only.iter().copied().collect();
            done.retain(|id, _| wanted.contains(id));
        }
        let resumed: Tally = done.values().copied().collect();
        let session = CountSession {
            checkpoint,
            resumed,
            tally: resumed,
            asked: only.map_or(plan.len(), |only| only.len() as u64),
            recorded_now: 0,
            stop_after: None,
        };
        Ok((session, done))
    }

    /// Stops the run (as [`SessionStop::Budget`]) once `units` more are
    /// recorded: the test hook of the CLI
    /// (`PUZZLES_STOP_AFTER_UNITS`) and of `puzzles-mpi` (`--stop-after-units`).
    ///
    /// # Example
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use puzzles::queens::count::{CountPlan, UnitCount};
    /// use puzzles::queens::session::{CountSession, SessionStop};
    ///
    /// let (session, _) = CountSession::open(&CountPlan::new(6, 1)?, None, None)?;
    /// let mut session = session.stop_after_units(Some(1));
    /// let stop = session.record(0, UnitCount { total: 0, unique: 0, nodes: 1 });
    /// assert!(matches!(stop, ControlFlow::Break(SessionStop::Budget)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn stop_after_units(mut self, units: Option<u64>) -> CountSession {
        self.stop_after = units;
        self
    }

    /// How many units the session counts, resumed ones included.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::CountPlan;
    /// use puzzles::queens::session::CountSession;
    ///
    /// let plan = CountPlan::new(8, 1)?;
    /// assert_eq!(CountSession::open(&plan, None, None)?.0.asked(), plan.len());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn asked(&self) -> u64 {
        self.asked
    }

    /// The units read from the checkpoint.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::CountPlan;
    /// use puzzles::queens::session::CountSession;
    ///
    /// let (session, _) = CountSession::open(&CountPlan::new(8, 1)?, None, None)?;
    /// assert_eq!(session.resumed().units, 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn resumed(&self) -> Tally {
        self.resumed
    }

    /// The sum so far, resumed units included.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::CountPlan;
    /// use puzzles::queens::session::CountSession;
    ///
    /// let (session, _) = CountSession::open(&CountPlan::new(8, 1)?, None, None)?;
    /// assert_eq!(session.tally(), session.resumed());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn tally(&self) -> Tally {
        self.tally
    }

    /// Records a finished unit: appends it to the checkpoint, adds it to
    /// the sum, and breaks when the checkpoint fails or the budget runs
    /// out. A counter's callback.
    ///
    /// # Example
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use puzzles::queens::count::{CountPlan, UnitCount};
    /// use puzzles::queens::session::CountSession;
    ///
    /// let (mut session, _) = CountSession::open(&CountPlan::new(6, 1)?, None, None)?;
    /// let count = UnitCount { total: 2, unique: 1, nodes: 7 };
    /// assert!(matches!(session.record(3, count), ControlFlow::Continue(())));
    /// assert_eq!((session.tally().total, session.tally().units), (2, 1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn record(&mut self, id: UnitId, count: UnitCount) -> ControlFlow<SessionStop> {
        if let Some(file) = &mut self.checkpoint
            && let Err(err) = file.record(id, count)
        {
            return ControlFlow::Break(SessionStop::Failed(err));
        }
        self.tally.add(count);
        self.recorded_now += 1;
        if self.stop_after == Some(self.recorded_now) {
            return ControlFlow::Break(SessionStop::Budget);
        }
        ControlFlow::Continue(())
    }

    /// Ends the session after its run ended with `end`, the run's units
    /// having been recorded: asks the disk to keep the checkpoint, and says
    /// whether every unit asked for is counted. A stop that came once the
    /// last unit was recorded (a signal, or a budget of exactly the units
    /// left) still ends a complete count: a tester's stop after the last
    /// of 1,162 units said "interrupted" and printed no total.
    ///
    /// # Errors
    ///
    /// The checkpoint's write error that stopped the run.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::{CountPlan, RunEnd};
    /// use puzzles::queens::session::{CountSession, Ending};
    ///
    /// let (session, _) = CountSession::open(&CountPlan::new(6, 1)?, None, None)?;
    /// assert!(matches!(session.finish(RunEnd::Cancelled)?, Ending::Interrupted(_)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn finish(self, end: RunEnd<SessionStop>) -> Result<Ending, SessionError> {
        if let Some(file) = &self.checkpoint {
            // Best effort: the lines are flushed already; this asks the disk.
            let _ = file.sync();
        }
        match end {
            RunEnd::Complete => Ok(Ending::Complete(self.tally)),
            RunEnd::Cancelled | RunEnd::Stopped(SessionStop::Budget) => {
                Ok(if self.tally.units == self.asked {
                    Ending::Complete(self.tally)
                } else {
                    Ending::Interrupted(self.tally)
                })
            }
            RunEnd::Stopped(SessionStop::Failed(err)) => Err(err.into()),
        }
    }
}
