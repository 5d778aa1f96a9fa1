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

use super::rules::MAX_SEARCH_N;

mod counter;
mod error;
mod given;
mod method;
mod pieces;
mod plan;
mod sample;
mod scheme;
mod tally;

pub use counter::{CountRun, Counter, RunEnd};
pub use error::CountError;
pub use method::{Method, QUADRANTS_FROM, SCHEME};
pub use plan::{CountPlan, MAX_SPLIT, MAX_UNITS};
pub use sample::{Estimate, Projection, Sample, SampledUnit};
pub use tally::{Tally, UnitCount, UnitId};

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
