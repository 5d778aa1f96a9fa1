//! A count session: what `puzzles queens N --count` and `puzzles-mpi` do
//! around the counter, in one place.
//!
//! A session chooses the plan (an existing checkpoint continues with the
//! scheme and split that made it; `--split` or a wish for fundamental
//! solutions ask for the backtracking counter; else the fastest method),
//! opens the checkpoint and reads the units it holds, records each finished
//! unit in it while summing them, stops after a budget of units when asked
//! (the test hook `--stop-after-units`), and tells a complete run from an
//! interrupted one. [`CountRecord`] is the `--json` result both commands
//! print. Who counts the units (a [`Counter`](super::count::Counter) on
//! this machine's threads, or the ranks of an MPI job) and what is printed
//! on the way are the caller's.
//!
//! # Example
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use puzzles::queens::count::Counter;
//! use puzzles::queens::session::{CountSession, Ending, PlanRequest};
//!
//! let plan = PlanRequest::new(8).plan()?;
//! let (mut session, done) = CountSession::open(&plan, None, None)?;
//! let run = Counter::new(&plan)
//!     .threads(1)
//!     .skip(&done)
//!     .run(&AtomicBool::new(false), |id, count| session.record(id, count))?;
//! match session.finish(run.end)? {
//!     Ending::Complete(tally) => assert_eq!(tally.total, 92),
//!     Ending::Interrupted(_) => unreachable!("nothing stops this run"),
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::{BTreeMap, BTreeSet};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Serialize;

use super::checkpoint::{CheckpointFile, CheckpointFileError, resume_scheme};
use super::count::{CountError, CountPlan, Method, RunEnd, Tally, UnitCount, UnitId};

/// Why a session cannot start: the plan or the checkpoint.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SessionError {
    /// The board or the split cannot be counted.
    #[error(transparent)]
    Plan(#[from] CountError),
    /// The checkpoint cannot be opened, read or written.
    #[error(transparent)]
    Checkpoint(#[from] CheckpointFileError),
    /// The checkpoint was made by another method than the one asked for.
    #[error(
        "{}: this checkpoint was made by the {} counter (scheme {scheme}); continue it without \
         --method{}, or count with --method {} in another file",
        path.display(),
        method_name(*made_by),
        if *fundamentals { " or --unique" } else { "" },
        method_name(*wanted)
    )]
    OtherMethod {
        /// The checkpoint.
        path: PathBuf,
        /// Its unit scheme.
        scheme: String,
        /// The method that made it.
        made_by: Method,
        /// The method asked for.
        wanted: Method,
        /// Whether fundamental solutions were asked for (they ask for
        /// backtracking).
        fundamentals: bool,
    },
    /// A split was given for a checkpoint of the quadrant counter, which
    /// has none.
    #[error(
        "{}: this checkpoint was made by the quadrants counter (scheme {scheme}), which has no \
         --split; continue it without --split",
        path.display()
    )]
    NoSplit {
        /// The checkpoint.
        path: PathBuf,
        /// Its unit scheme.
        scheme: String,
    },
    /// The quadrant counter was asked for fundamental solutions.
    #[error(
        "--method quadrants counts solutions, not fundamental ones: --unique needs --method backtrack"
    )]
    QuadrantsFundamentals,
}

/// The method's name as `--method` spells it.
fn method_name(method: Method) -> &'static str {
    match method {
        Method::Quadrants => "quadrants",
        _ => "backtrack",
    }
}

/// What a count asks of its plan; [`PlanRequest::plan`] chooses it.
///
/// # Example
///
/// ```
/// use puzzles::queens::count::Method;
/// use puzzles::queens::session::PlanRequest;
///
/// assert_eq!(PlanRequest::new(16).plan()?.method(), Method::Quadrants);
/// let mut classes = PlanRequest::new(16);
/// classes.fundamentals = true;
/// assert_eq!(classes.plan()?.method(), Method::Backtrack);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct PlanRequest {
    /// The board size.
    pub n: usize,
    /// The split depth asked for (`--split`): backtracking in units of that
    /// many rows.
    pub split: Option<usize>,
    /// The method asked for (`--method`).
    pub method: Option<Method>,
    /// Whether fundamental solutions are wanted (`--unique`): only
    /// backtracking finds them.
    pub fundamentals: bool,
    /// Whether the units will be sampled below their roots: only
    /// backtracking has subtrees.
    pub subtrees: bool,
    /// The checkpoint to continue, when it exists.
    pub checkpoint: Option<PathBuf>,
}

impl PlanRequest {
    /// A request for `n` queens with nothing else asked.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::session::PlanRequest;
    ///
    /// assert_eq!(PlanRequest::new(12).plan()?.n(), 12);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(n: usize) -> PlanRequest {
        PlanRequest {
            n,
            ..PlanRequest::default()
        }
    }

    /// The plan: an explicit split backtracks (refused for a checkpoint of
    /// the quadrant counter); an existing checkpoint continues with the
    /// scheme and split that made it (refused if another method is asked
    /// for); otherwise the method asked for, backtracking where
    /// fundamental solutions or subtrees are wanted, else the fastest
    /// method for `n` ([`CountPlan::best`]).
    ///
    /// # Errors
    ///
    /// [`SessionError::Plan`] for a board or split that cannot be counted,
    /// [`SessionError::NoSplit`], [`SessionError::OtherMethod`] and
    /// [`SessionError::QuadrantsFundamentals`] for requests that contradict
    /// the checkpoint or each other.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::Method;
    /// use puzzles::queens::session::{PlanRequest, SessionError};
    ///
    /// let mut request = PlanRequest::new(16);
    /// request.method = Some(Method::Quadrants);
    /// request.fundamentals = true;
    /// assert!(matches!(request.plan(), Err(SessionError::QuadrantsFundamentals)));
    /// ```
    pub fn plan(&self) -> Result<CountPlan, SessionError> {
        let n = self.n;
        let resumed = self
            .checkpoint
            .as_deref()
            .and_then(|path| Some((path, resume_scheme(path, n)?)));
        if let Some(split) = self.split {
            let plan = CountPlan::new(n, split)?;
            if let Some((path, (scheme, _))) = resumed
                && scheme != plan.scheme()
            {
                return Err(SessionError::NoSplit {
                    path: path.to_path_buf(),
                    scheme,
                });
            }
            return Ok(plan);
        }
        if let Some((path, (scheme, split))) = resumed {
            let plan = CountPlan::for_scheme(&scheme, n, split)?;
            let wanted = self
                .method
                .or(self.fundamentals.then_some(Method::Backtrack));
            if let Some(wanted) = wanted.filter(|&wanted| wanted != plan.method()) {
                return Err(SessionError::OtherMethod {
                    path: path.to_path_buf(),
                    scheme,
                    made_by: plan.method(),
                    wanted,
                    fundamentals: self.fundamentals,
                });
            }
            return Ok(plan);
        }
        Ok(match self.method {
            Some(Method::Quadrants) if self.fundamentals => {
                return Err(SessionError::QuadrantsFundamentals);
            }
            Some(Method::Quadrants) => CountPlan::quadrants(n)?,
            Some(_) => CountPlan::with_default_split(n)?,
            None if self.fundamentals || self.subtrees => CountPlan::with_default_split(n)?,
            None => CountPlan::best(n)?,
        })
    }
}

/// Why a session's run stopped before every unit was counted.
#[derive(Debug)]
#[non_exhaustive]
pub enum SessionStop {
    /// Recording a unit in the checkpoint failed.
    Failed(CheckpointFileError),
    /// The budget of [`CountSession::stop_after_units`] ran out.
    Budget,
}

/// How a session's run ended.
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
    /// recorded: the test hook `--stop-after-units`.
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
    /// whether every unit asked for is counted.
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
                Ok(Ending::Interrupted(self.tally))
            }
            RunEnd::Stopped(SessionStop::Failed(err)) => Err(err.into()),
        }
    }
}

/// A count's result as `--json` prints it, fields in this order; absent
/// ones are left out. `puzzles queens N --count --json` and `puzzles-mpi`
/// print it alike.
///
/// # Example
///
/// ```
/// use std::time::Duration;
/// use puzzles::queens::count::{CountPlan, Tally};
/// use puzzles::queens::session::CountRecord;
///
/// let plan = CountPlan::new(4, 1)?;
/// let tally = Tally { total: 2, unique: 1, nodes: 9, units: plan.len() };
/// let record = CountRecord::of_units(&plan, &tally, &Tally::default(), Duration::ZERO, 1);
/// let json = serde_json::to_string(&record)?;
/// assert!(json.starts_with(r#"{"n":4,"total":2,"unique":1,"units":"#), "{json}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[non_exhaustive]
pub struct CountRecord {
    /// The board size.
    pub n: usize,
    /// All solutions.
    pub total: u128,
    /// Fundamental solutions, where the method finds them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unique: Option<u128>,
    /// The plan's work units.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub units: Option<u64>,
    /// Since the command started.
    pub elapsed_seconds: f64,
    /// Nodes visited (half-boards joined, for the quadrant counter).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u128>,
    /// The split depth (0 for the quadrant counter).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub split: Option<usize>,
    /// The threads that counted (on every rank together, under MPI).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub threads: Option<usize>,
    /// The units read from the checkpoint.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resumed_units: Option<u64>,
    /// The MPI job's ranks.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ranks: Option<usize>,
    /// The piece, for a count other than classic queens.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub piece: Option<String>,
    /// Whether the board wraps around, for a count other than classic
    /// queens.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub torus: Option<bool>,
}

impl CountRecord {
    /// The record of a count of `plan`'s units: `tally` in all, `resumed`
    /// of it from the checkpoint, on `threads` threads.
    ///
    /// # Example
    ///
    /// ```
    /// use std::time::Duration;
    /// use puzzles::queens::count::{CountPlan, Tally};
    /// use puzzles::queens::session::CountRecord;
    ///
    /// let plan = CountPlan::quadrants(16)?;
    /// let record = CountRecord::of_units(&plan, &Tally::default(), &Tally::default(), Duration::ZERO, 2);
    /// assert_eq!((record.unique, record.threads), (None, Some(2)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn of_units(
        plan: &CountPlan,
        tally: &Tally,
        resumed: &Tally,
        elapsed: Duration,
        threads: usize,
    ) -> CountRecord {
        CountRecord {
            n: plan.n(),
            total: tally.total,
            unique: plan.method().finds_fundamentals().then_some(tally.unique),
            units: Some(plan.len()),
            elapsed_seconds: elapsed.as_secs_f64(),
            nodes: Some(tally.nodes),
            split: Some(plan.split()),
            threads: Some(threads),
            resumed_units: Some(resumed.units),
            ..CountRecord::default()
        }
    }

    /// The record of a count by the plain search, without units.
    ///
    /// # Example
    ///
    /// ```
    /// use std::time::Duration;
    /// use puzzles::queens::session::CountRecord;
    ///
    /// let record = CountRecord::plain(8, 92, Some(12), Duration::ZERO);
    /// assert_eq!((record.units, record.piece), (None, None));
    /// ```
    pub fn plain(n: usize, total: u128, unique: Option<u128>, elapsed: Duration) -> CountRecord {
        CountRecord {
            n,
            total,
            unique,
            elapsed_seconds: elapsed.as_secs_f64(),
            ..CountRecord::default()
        }
    }

    /// The record with the MPI job's ranks.
    ///
    /// # Example
    ///
    /// ```
    /// use std::time::Duration;
    /// use puzzles::queens::session::CountRecord;
    ///
    /// let record = CountRecord::plain(8, 92, None, Duration::ZERO).with_ranks(4);
    /// assert_eq!(record.ranks, Some(4));
    /// ```
    pub fn with_ranks(mut self, ranks: usize) -> CountRecord {
        self.ranks = Some(ranks);
        self
    }

    /// The record with the piece and the board's shape, for a count other
    /// than classic queens.
    ///
    /// # Example
    ///
    /// ```
    /// use std::time::Duration;
    /// use puzzles::queens::session::CountRecord;
    ///
    /// let record = CountRecord::plain(4, 0, None, Duration::ZERO).with_piece("rook", true);
    /// assert_eq!(record.piece.as_deref(), Some("rook"));
    /// ```
    pub fn with_piece(mut self, piece: impl Into<String>, torus: bool) -> CountRecord {
        self.piece = Some(piece.into());
        self.torus = Some(torus);
        self
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::queens::count::Counter;

    fn scratch(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("session-{name}-{}.ckpt", std::process::id()))
    }

    #[test]
    fn a_stopped_session_resumes_to_the_exact_count() {
        let path = scratch("resume");
        let _ = std::fs::remove_file(&path);
        let mut request = PlanRequest::new(10);
        request.checkpoint = Some(path.clone());
        let plan = request.plan().unwrap();
        let (session, done) = CountSession::open(&plan, Some(&path), None).unwrap();
        let mut session = session.stop_after_units(Some(3));
        let run = Counter::new(&plan)
            .threads(1)
            .skip(&done)
            .run(&AtomicBool::new(false), |id, count| {
                session.record(id, count)
            })
            .unwrap();
        let Ending::Interrupted(first) = session.finish(run.end).unwrap() else {
            panic!("the budget stops the run");
        };
        assert_eq!(first.units, 3);

        // Resumed: the same plan from the checkpoint, the three units skipped.
        let again = request.plan().unwrap();
        assert_eq!(again, plan);
        let (mut session, done) = CountSession::open(&again, Some(&path), None).unwrap();
        assert_eq!((done.len(), session.resumed().units), (3, 3));
        let run = Counter::new(&again)
            .threads(2)
            .skip(&done)
            .run(&AtomicBool::new(false), |id, count| {
                session.record(id, count)
            })
            .unwrap();
        let Ending::Complete(tally) = session.finish(run.end).unwrap() else {
            panic!("nothing stops the second run");
        };
        assert_eq!((tally.total, tally.units), (724, again.len()));
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn a_checkpoint_keeps_its_method_against_other_requests() {
        let path = scratch("method");
        let _ = std::fs::remove_file(&path);
        drop(CheckpointFile::open(&path, &CountPlan::quadrants(16).unwrap()).unwrap());
        let mut request = PlanRequest::new(16);
        request.checkpoint = Some(path.clone());
        assert_eq!(request.plan().unwrap().method(), Method::Quadrants);
        request.fundamentals = true;
        let other = request.plan().unwrap_err().to_string();
        assert!(
            other.contains("made by the quadrants counter (scheme quadrants-1)")
                && other.contains("without --method or --unique"),
            "{other}"
        );
        request.fundamentals = false;
        request.split = Some(3);
        let split = request.plan().unwrap_err().to_string();
        assert!(split.contains("which has no --split"), "{split}");
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn only_the_units_asked_for_are_resumed() {
        let path = scratch("only");
        let _ = std::fs::remove_file(&path);
        let plan = CountPlan::new(8, 2).unwrap();
        {
            let (mut file, _) = CheckpointFile::open(&path, &plan).unwrap();
            for id in 0..4 {
                file.record(id, plan.count_unit(id).unwrap()).unwrap();
            }
        }
        let (session, done) = CountSession::open(&plan, Some(&path), Some(&[1, 3, 5])).unwrap();
        assert_eq!(done.keys().copied().collect::<Vec<_>>(), [1, 3]);
        assert_eq!((session.asked(), session.resumed().units), (3, 2));
        drop(session);
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn the_record_leaves_out_what_a_count_does_not_have() {
        let plain = CountRecord::plain(5, 10, Some(2), Duration::ZERO).with_piece("queen", true);
        assert_eq!(
            serde_json::to_string(&plain).unwrap(),
            r#"{"n":5,"total":10,"unique":2,"elapsed_seconds":0.0,"piece":"queen","torus":true}"#
        );
        let units = CountRecord::of_units(
            &CountPlan::quadrants(16).unwrap(),
            &Tally::default(),
            &Tally::default(),
            Duration::ZERO,
            6,
        )
        .with_ranks(3);
        let json = serde_json::to_string(&units).unwrap();
        assert!(
            json.ends_with(r#""split":0,"threads":6,"resumed_units":0,"ranks":3}"#)
                && !json.contains("unique"),
            "{json}"
        );
    }
}
