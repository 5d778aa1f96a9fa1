//! A count session: what `puzzles queens N --count` and `puzzles-mpi` do
//! around the counter, in one place.
//!
//! A session chooses the plan (an existing checkpoint continues with the
//! scheme and split that made it; `--split` or a wish for fundamental
//! solutions ask for the backtracking counter; else the fastest method),
//! opens the checkpoint and reads the units it holds, records each finished
//! unit in it while summing them, stops after a budget of units when asked
//! (the test hook of the CLI and of `puzzles-mpi`), and tells a complete run from an
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

use std::path::PathBuf;

use super::checkpoint::CheckpointFileError;
use super::count::{CountError, Method};
use super::error::QueensError;
use super::rules::Rules;

mod plan;
mod record;
mod run;
#[cfg(test)]
mod tests;

pub use plan::PlanRequest;
pub use record::CountRecord;
pub use run::{CountSession, Done, Ending, SessionStop};

/// Why a session cannot start: the plan or the checkpoint.
///
/// # Example
///
/// ```
/// use puzzles::queens::count::CountError;
/// use puzzles::queens::session::SessionError;
///
/// let err = SessionError::from(CountError::ZeroSize);
/// assert_eq!(err.to_string(), "n must be at least 1");
/// ```
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
    /// The checkpoint's header names a scheme or split that this build
    /// cannot count (a file from another build, or edited and sealed again).
    #[error("checkpoint {} line 1: {problem}", path.display())]
    ResumedPlan {
        /// The checkpoint.
        path: PathBuf,
        /// Why its scheme and split make no plan: said in the message, so
        /// not its source as well (a chain of causes would say it twice).
        problem: CountError,
    },
    /// The quadrant counter was asked for fundamental solutions.
    #[error(
        "--method quadrants counts solutions, not fundamental ones: --unique needs --method backtrack"
    )]
    QuadrantsFundamentals,
    /// `--method quadrants` for a board other than classic queens.
    #[error(
        "--method quadrants counts classic queens only; {}s{} are counted by backtracking",
        .0.piece(),
        if .0.torus() { " on a torus" } else { "" }
    )]
    QuadrantsPieces(Rules),
    /// The given pieces of a request ([`PlanRequest::given`]) stand off
    /// the board or attack each other.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::session::{PlanRequest, SessionError};
    ///
    /// let mut request = PlanRequest::new(8);
    /// request.given = Some(vec![(0, 0), (1, 1)]);
    /// assert!(matches!(request.plan(), Err(SessionError::Given(_))));
    /// ```
    #[error(transparent)]
    Given(#[from] QueensError),
    /// A count of completions was asked for fundamental solutions or the
    /// quadrant counter.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::session::{PlanRequest, SessionError};
    ///
    /// let mut request = PlanRequest::new(8);
    /// request.given = Some(vec![(0, 0)]);
    /// request.fundamentals = true;
    /// assert!(matches!(request.plan(), Err(SessionError::GivenMethod)));
    /// ```
    #[error(
        "completions of given pieces are counted by backtracking, one by one: given pieces break \
         the board's symmetries, so there are no fundamental solutions and no quarter-boards to join"
    )]
    GivenMethod,
}

/// The method's name as `--method` spells it.
fn method_name(method: Method) -> &'static str {
    match method {
        Method::Quadrants => "quadrants",
        _ => "backtrack",
    }
}
