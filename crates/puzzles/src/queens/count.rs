//! Counting N-Queens solutions at speed: the symmetry-reduced search, split
//! into independent work units, counted on every core, resumable.
//!
//! # Overview
//!
//! - The search visits only placements that can grow into the
//!   *representative* of a symmetry class (its lexicographically smallest
//!   image under the eight symmetries of the square) and weighs each
//!   representative found by its class size, so one pass yields both the
//!   total (OEIS A000170) and the fundamental count (A002562). It visits about
//!   a fifth of the plain search's nodes.
//! - A [`CountPlan`] splits that search into work units: the canonical
//!   placements of the first `split` rows, in lexicographic order, numbered
//!   from 0. The list is a deterministic function of `(n, split)` (and of
//!   [`SCHEME`]), so a unit id means the same work on every machine.
//! - [`CountPlan::count_unit`] counts one unit: its total, its fundamental
//!   solutions and the nodes it visited, each fitting a `u64` up to n = 27.
//! - A [`Counter`] counts a set of units on a rayon thread pool, reports
//!   each finished unit to a callback on the calling thread, skips units
//!   already done and stops when asked.
//! - [`checkpoint`](super::checkpoint) records finished units in a text file
//!   and reads them back, so that a long count survives a crash.
//!
//! # Example
//!
//! ```
//! use std::ops::ControlFlow;
//! use std::sync::atomic::AtomicBool;
//! use puzzles::queens::count::{CountPlan, Counter, RunEnd};
//!
//! let plan = CountPlan::new(10, 2)?;
//! let mut finished = 0;
//! let run = Counter::new(&plan)
//!     .threads(2)
//!     .run(&AtomicBool::new(false), |_id, _count| {
//!         finished += 1;
//!         ControlFlow::<()>::Continue(())
//!     })?;
//! assert!(matches!(run.end, RunEnd::Complete));
//! assert_eq!(finished, plan.len());
//! assert_eq!((run.tally.total, run.tally.unique), (724, 92));
//! # Ok::<(), puzzles::queens::count::CountError>(())
//! ```

use super::{MAX_SEARCH_N, quadrants};

mod counter;
mod kernel;
mod plan;
mod sample;
mod tally;

pub use counter::{CountRun, Counter, RunEnd};
pub use kernel::{Kernel, Method, QUADRANTS_FROM};
pub use plan::CountPlan;
pub use sample::{Estimate, Projection, Sample, SampledUnit};
pub use tally::{Tally, UnitCount};

/// A work unit's number: its index in the plan's lexicographic list.
pub type UnitId = u64;

/// The name of the reduction and unit order this module implements. A
/// checkpoint records it: unit ids from another scheme mean other work.
pub const SCHEME: &str = "lexmin-rows-1";

/// The deepest split a plan accepts.
pub const MAX_SPLIT: usize = 8;

/// The most work units a plan may hold.
pub const MAX_UNITS: usize = 1 << 24;

/// What can go wrong when planning or running a count.
///
/// # Example
///
/// ```
/// use puzzles::queens::count::{CountError, CountPlan};
///
/// assert_eq!(CountPlan::new(0, 2).unwrap_err(), CountError::ZeroSize);
/// assert_eq!(
///     CountPlan::new(8, 9).unwrap_err().to_string(),
///     "split depth 9 is too deep (at most 8)"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CountError {
    /// The board must have at least one square.
    #[error("n must be at least 1")]
    ZeroSize,
    /// The bitboards hold one bit per column.
    #[error("n = {n} is too large to count (at most {max})")]
    TooLarge {
        /// The size asked for.
        n: usize,
        /// The largest size handled.
        max: usize,
    },
    /// The split depth is beyond [`MAX_SPLIT`].
    #[error("split depth {split} is too deep (at most {max})")]
    SplitTooDeep {
        /// The depth asked for.
        split: usize,
        /// The deepest accepted.
        max: usize,
    },
    /// The split makes more than [`MAX_UNITS`] units.
    #[error("n = {n} split at depth {split} makes more than {max} work units")]
    TooManyUnits {
        /// The board size.
        n: usize,
        /// The split depth.
        split: usize,
        /// The most units allowed.
        max: usize,
    },
    /// A unit id outside the plan.
    #[error("work unit {id} does not exist (the plan has {units} units)")]
    NoSuchUnit {
        /// The id asked for.
        id: UnitId,
        /// How many units the plan has.
        units: u64,
    },
    /// The quadrant counter takes boards from [`quadrants::MIN_N`] to
    /// [`quadrants::MAX_N`].
    #[error(
        "n = {n} is outside the quadrant counter's range ({min} to {max}); count it by backtracking"
    )]
    QuadrantsRange {
        /// The size asked for.
        n: usize,
        /// The smallest size it takes.
        min: usize,
        /// The largest size it takes (its table grows fourfold with each two sizes).
        max: usize,
    },
    /// A checkpoint or part names a scheme this build does not know.
    #[error("unit scheme {0:?} is not one this build counts ({SCHEME} or {quadrants})", quadrants = quadrants::SCHEME)]
    UnknownScheme(String),
    /// The quadrant counter counts solutions, not symmetry classes.
    #[error("the quadrant counter does not find fundamental solutions; count them by backtracking")]
    NoFundamentals,
    /// The thread pool could not start.
    #[error("cannot start {threads} counting threads: {message}")]
    Threads {
        /// The threads asked for (0: one per core).
        threads: usize,
        /// Why not.
        message: String,
    },
}

/// Counts `n`-queens solutions with the plain bitboard backtracker: every
/// row, every column, no symmetry. Returns `(solutions, nodes)`. It is the
/// baseline the benchmark measures the reduced counter against, and a
/// cross-check in the tests.
///
/// # Errors
///
/// [`CountError::ZeroSize`], [`CountError::TooLarge`].
///
/// # Example
///
/// ```
/// use puzzles::queens::count::plain_count;
///
/// assert_eq!(plain_count(8)?, (92, 2056));
/// # Ok::<(), puzzles::queens::count::CountError>(())
/// ```
pub fn plain_count(n: usize) -> Result<(u64, u64), CountError> {
    fn below(full: u64, taken: u64, ld: u64, rd: u64, nodes: &mut u64) -> u64 {
        if taken == full {
            return 1;
        }
        let mut avail = full & !(taken | ld | rd);
        let mut solutions = 0;
        while avail != 0 {
            let bit = avail & avail.wrapping_neg();
            avail ^= bit;
            *nodes += 1;
            solutions += below(full, taken | bit, (ld | bit) << 1, (rd | bit) >> 1, nodes);
        }
        solutions
    }
    if n == 0 {
        return Err(CountError::ZeroSize);
    }
    if n > MAX_SEARCH_N {
        return Err(CountError::TooLarge {
            n,
            max: MAX_SEARCH_N,
        });
    }
    let full = if n == 64 { u64::MAX } else { (1 << n) - 1 };
    let mut nodes = 0;
    let solutions = below(full, 0, 0, 0, &mut nodes);
    Ok((solutions, nodes))
}
