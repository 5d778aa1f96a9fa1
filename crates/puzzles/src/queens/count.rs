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

use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};

use std::sync::Arc;

use super::quadrants::{self, Quadrants};
use super::units;
use super::{Fundamental, MAX_SEARCH_N, Solution};

mod counter;
mod sample;

use counter::quadrant_count;
pub use counter::{CountRun, Counter, RunEnd};
use sample::SplitMix64;
pub use sample::{Estimate, Projection, Sample, SampledUnit};

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

/// What one work unit contributes.
///
/// # Example
///
/// ```
/// use puzzles::queens::count::CountPlan;
///
/// let plan = CountPlan::new(8, 2)?;
/// let count = plan.count_unit(0)?;
/// assert!(count.unique <= count.total && count.total <= 8 * count.unique);
/// # Ok::<(), puzzles::queens::count::CountError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct UnitCount {
    /// The solutions of the unit's classes: each representative weighted by
    /// its class size.
    pub total: u64,
    /// The fundamental solutions (class representatives) in the unit.
    pub unique: u64,
    /// The placements the search made below the unit's prefix.
    pub nodes: u64,
}

/// Sums of unit counts, wide enough never to overflow.
///
/// # Example
///
/// ```
/// use puzzles::queens::count::{Tally, UnitCount};
///
/// let mut tally = Tally::default();
/// tally.add(UnitCount { total: 8, unique: 1, nodes: 40 });
/// tally.add(UnitCount { total: 4, unique: 1, nodes: 30 });
/// assert_eq!((tally.total, tally.unique, tally.nodes, tally.units), (12, 2, 70, 2));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tally {
    /// All solutions.
    pub total: u128,
    /// Fundamental solutions.
    pub unique: u128,
    /// Nodes visited.
    pub nodes: u128,
    /// Units added.
    pub units: u64,
}

impl Tally {
    /// Adds one unit's count.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::{Tally, UnitCount};
    ///
    /// let mut tally = Tally::default();
    /// tally.add(UnitCount { total: 2, unique: 1, nodes: 9 });
    /// assert_eq!(tally.units, 1);
    /// ```
    pub fn add(&mut self, count: UnitCount) {
        self.total += u128::from(count.total);
        self.unique += u128::from(count.unique);
        self.nodes += u128::from(count.nodes);
        self.units += 1;
    }

    /// Adds another tally.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::{Tally, UnitCount};
    ///
    /// let mut a = Tally::default();
    /// a.add(UnitCount { total: 8, unique: 1, nodes: 5 });
    /// let mut b = Tally::default();
    /// b.merge(&a);
    /// b.merge(&a);
    /// assert_eq!((b.total, b.units), (16, 2));
    /// ```
    pub fn merge(&mut self, other: &Tally) {
        self.total += other.total;
        self.unique += other.unique;
        self.nodes += other.nodes;
        self.units += other.units;
    }
}

impl FromIterator<UnitCount> for Tally {
    /// Sums unit counts.
    fn from_iter<I: IntoIterator<Item = UnitCount>>(counts: I) -> Tally {
        let mut tally = Tally::default();
        for count in counts {
            tally.add(count);
        }
        tally
    }
}

/// The reduced search for one board size, split into numbered work units.
///
/// Unit `id` is the `id`-th canonical placement of the first
/// `min(split, n)` rows in lexicographic order; [`CountPlan::prefix`] shows
/// it. Deeper splits make more, smaller units: better balance across cores
/// and finer checkpoints, for a little more overhead per unit.
///
/// # Example
///
/// ```
/// use puzzles::queens::count::CountPlan;
///
/// let plan = CountPlan::new(8, 2)?;
/// assert_eq!(plan.prefix(0), Some(&[0u8, 2][..])); // the corner queen, then column 2
/// let tally = plan.count_all();
/// assert_eq!((tally.total, tally.unique), (92, 12));
/// # Ok::<(), puzzles::queens::count::CountError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountPlan {
    n: usize,
    split: usize,
    depth: usize,
    units: u64,
    /// The prefixes, `depth` columns each, back to back.
    prefixes: Vec<u8>,
    kernel: Kernel,
    /// Set for a plan that joins quarter-boards; its units are sets of rows.
    quadrants: Option<Arc<Quadrants>>,
}

/// How a plan counts. Both give the same totals; only backtracking finds
/// the fundamental solutions.
///
/// # Example
///
/// ```
/// use puzzles::queens::count::{CountPlan, Method};
///
/// assert_eq!(CountPlan::new(12, 3)?.method(), Method::Backtrack);
/// assert_eq!(CountPlan::quadrants(12)?.method(), Method::Quadrants);
/// assert_eq!(CountPlan::best(18)?.method(), Method::Quadrants);
/// assert_eq!(CountPlan::best(12)?.method(), Method::Backtrack);
/// # Ok::<(), puzzles::queens::count::CountError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Method {
    /// The symmetry-reduced backtracking search, in units of placed first
    /// rows ([`SCHEME`]).
    Backtrack,
    /// Joining quarter-boards, in units of the rows whose queen stands in
    /// the east half ([`quadrants::SCHEME`]); see [`quadrants`].
    Quadrants,
}

impl Method {
    /// The unit scheme's name, as checkpoints and parts record it.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::Method;
    ///
    /// assert_eq!(Method::Quadrants.scheme(), "quadrants-1");
    /// ```
    pub fn scheme(self) -> &'static str {
        match self {
            Method::Backtrack => SCHEME,
            Method::Quadrants => quadrants::SCHEME,
        }
    }

    /// Whether the method counts fundamental solutions too
    /// ([`UnitCount::unique`]); the quadrant counter leaves it 0.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::Method;
    ///
    /// assert!(Method::Backtrack.finds_fundamentals());
    /// assert!(!Method::Quadrants.finds_fundamentals());
    /// ```
    pub fn finds_fundamentals(self) -> bool {
        self == Method::Backtrack
    }
}

/// The smallest board [`CountPlan::best`] counts by joining quarter-boards:
/// below it the backtracking counter is as fast or faster, and it finishes
/// in a tenth of a second anyway.
pub const QUADRANTS_FROM: usize = 16;

/// Which search counts the last rows of each unit. All give the same
/// totals, fundamental counts and node counts (the placements the reduced
/// search makes), unit by unit.
///
/// The scalar search walks the first rows of every unit; a vector kernel
/// then runs the last eight rows of many subtrees at once, one subtree per
/// 32-bit lane, with masks instead of unpredictable branches.
/// [`Kernel::Auto`] takes the widest the processor has, found at run time,
/// so one binary runs everywhere at its best.
///
/// # Example
///
/// ```
/// use puzzles::queens::count::{CountPlan, Kernel};
///
/// let plan = CountPlan::new(11, 2)?.with_kernel(Kernel::Scalar);
/// assert_eq!(plan.kernel(), Kernel::Scalar);
/// assert_eq!(plan.count_all().total, 2680);
/// # Ok::<(), puzzles::queens::count::CountError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Kernel {
    /// The best kernel this processor has: [`Kernel::Avx512`], else
    /// [`Kernel::Avx2`], else [`Kernel::Sse2`] on x86-64;
    /// [`Kernel::Scalar`] elsewhere.
    #[default]
    Auto,
    /// The scalar search only.
    Scalar,
    /// Two registers of four lanes of SSE2, which every x86-64 processor has.
    Sse2,
    /// Two registers of eight lanes of AVX2 (x86-64 with AVX2, BMI1, BMI2 and POPCNT).
    Avx2,
    /// Two registers of sixteen lanes of AVX-512 (x86-64 with AVX-512F and CD, and POPCNT).
    Avx512,
}

impl Kernel {
    /// Every kernel but [`Kernel::Auto`], slowest first.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::Kernel;
    ///
    /// assert_eq!(Kernel::EACH[0], Kernel::Scalar);
    /// ```
    pub const EACH: [Kernel; 4] = [Kernel::Scalar, Kernel::Sse2, Kernel::Avx2, Kernel::Avx512];

    /// Whether this processor can run the kernel ([`Kernel::Auto`] and
    /// [`Kernel::Scalar`] run everywhere).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::Kernel;
    ///
    /// assert!(Kernel::Scalar.is_available());
    /// for kernel in Kernel::EACH {
    ///     println!("{kernel:?}: {}", kernel.is_available());
    /// }
    /// ```
    pub fn is_available(self) -> bool {
        match self.isa() {
            Some(isa) => isa.detected(),
            None => true,
        }
    }

    /// The kernel that counts when this one is asked for: [`Kernel::Auto`]
    /// becomes the best available, and a kernel the processor lacks the
    /// next narrower one it has.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::Kernel;
    ///
    /// let chosen = Kernel::Auto.selected();
    /// assert!(chosen.is_available() && chosen != Kernel::Auto);
    /// assert_eq!(Kernel::Scalar.selected(), Kernel::Scalar);
    /// ```
    pub fn selected(self) -> Kernel {
        let start = match self {
            Kernel::Auto => Kernel::EACH.len() - 1,
            kernel => Kernel::EACH
                .iter()
                .position(|&k| k == kernel)
                .expect("every kernel but Auto is listed"),
        };
        Kernel::EACH[..=start]
            .iter()
            .rev()
            .copied()
            .find(|kernel| kernel.is_available())
            .unwrap_or(Kernel::Scalar)
    }

    /// Whether [`Kernel::Auto`] finds vector lanes on this processor (on
    /// every x86-64 processor: SSE2 at least).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::Kernel;
    ///
    /// println!("vector lanes: {}", Kernel::lanes_available());
    /// ```
    pub fn lanes_available() -> bool {
        Kernel::Auto.selected() != Kernel::Scalar
    }

    /// The vector instructions the kernel names (`None`: scalar).
    fn isa(self) -> Option<units::Isa> {
        match self {
            Kernel::Auto => Kernel::Auto.selected().isa(),
            Kernel::Scalar => None,
            Kernel::Sse2 => Some(units::Isa::Sse2),
            Kernel::Avx2 => Some(units::Isa::Avx2),
            Kernel::Avx512 => Some(units::Isa::Avx512),
        }
    }

    /// The vector instructions that count when this kernel is asked for.
    fn lanes(self) -> Option<units::Isa> {
        self.selected().isa()
    }
}

impl CountPlan {
    /// The units of `n`-queens split after `split` rows.
    ///
    /// # Errors
    ///
    /// [`CountError::ZeroSize`], [`CountError::TooLarge`] (n over
    /// [`MAX_SEARCH_N`]), [`CountError::SplitTooDeep`] (over [`MAX_SPLIT`]),
    /// [`CountError::TooManyUnits`] (over [`MAX_UNITS`]).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::CountPlan;
    ///
    /// assert_eq!(CountPlan::new(8, 0)?.len(), 1); // the whole search, one unit
    /// assert_eq!(CountPlan::new(8, 1)?.len(), 4); // row 0 in columns 0 to 3
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn new(n: usize, split: usize) -> Result<CountPlan, CountError> {
        if n == 0 {
            return Err(CountError::ZeroSize);
        }
        if n > MAX_SEARCH_N {
            return Err(CountError::TooLarge {
                n,
                max: MAX_SEARCH_N,
            });
        }
        if split > MAX_SPLIT {
            return Err(CountError::SplitTooDeep {
                split,
                max: MAX_SPLIT,
            });
        }
        let depth = split.min(n);
        let prefixes = units::prefixes(n, depth, MAX_UNITS).ok_or(CountError::TooManyUnits {
            n,
            split,
            max: MAX_UNITS,
        })?;
        // Depth 0 is one unit: the whole search.
        let units = prefixes.len().checked_div(depth).unwrap_or(1) as u64;
        Ok(CountPlan {
            n,
            split,
            depth,
            units,
            prefixes,
            kernel: Kernel::Auto,
            quadrants: None,
        })
    }

    /// The units of `n`-queens for the quadrant counter (see
    /// [`quadrants`]): one per set of rows whose queen stands in the east
    /// half, up to the board's symmetries. The table of quarter-board
    /// placements ([`quadrants::table_bytes`]) is built when the first unit
    /// is counted and shared by every clone of the plan.
    ///
    /// # Errors
    ///
    /// [`CountError::ZeroSize`], [`CountError::QuadrantsRange`] outside
    /// [`quadrants::MIN_N`]`..=`[`quadrants::MAX_N`].
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let plan = CountPlan::quadrants(10)?;
    /// assert_eq!(plan.count_all().total, 724);
    /// assert!(CountPlan::quadrants(23).is_err());
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn quadrants(n: usize) -> Result<CountPlan, CountError> {
        if n == 0 {
            return Err(CountError::ZeroSize);
        }
        if !(quadrants::MIN_N..=quadrants::MAX_N).contains(&n) {
            return Err(CountError::QuadrantsRange {
                n,
                min: quadrants::MIN_N,
                max: quadrants::MAX_N,
            });
        }
        let quadrants = Quadrants::new(n);
        Ok(CountPlan {
            n,
            split: 0,
            depth: 0,
            units: quadrants.len(),
            prefixes: Vec::new(),
            kernel: Kernel::Auto,
            quadrants: Some(Arc::new(quadrants)),
        })
    }

    /// The fastest plan for `n`: the quadrant counter from
    /// [`QUADRANTS_FROM`] to [`quadrants::MAX_N`], the backtracking counter
    /// with [`CountPlan::default_split`] elsewhere.
    ///
    /// # Errors
    ///
    /// As [`CountPlan::new`].
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::{CountPlan, Method};
    ///
    /// assert_eq!(CountPlan::best(8)?.count_all().total, 92);
    /// assert_eq!(CountPlan::best(20)?.method(), Method::Quadrants);
    /// assert_eq!(CountPlan::best(23)?.method(), Method::Backtrack);
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn best(n: usize) -> Result<CountPlan, CountError> {
        if (QUADRANTS_FROM..=quadrants::MAX_N).contains(&n) {
            CountPlan::quadrants(n)
        } else {
            CountPlan::with_default_split(n)
        }
    }

    /// The plan of a checkpoint or part: `scheme` as it recorded it, with
    /// its `split` (which the quadrant scheme does not use).
    ///
    /// # Errors
    ///
    /// [`CountError::UnknownScheme`], else as [`CountPlan::new`] or
    /// [`CountPlan::quadrants`].
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::{CountPlan, Method};
    ///
    /// assert_eq!(CountPlan::for_scheme("lexmin-rows-1", 9, 2)?, CountPlan::new(9, 2)?);
    /// assert_eq!(CountPlan::for_scheme("quadrants-1", 9, 0)?.method(), Method::Quadrants);
    /// assert!(CountPlan::for_scheme("rows-9", 9, 2).is_err());
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn for_scheme(scheme: &str, n: usize, split: usize) -> Result<CountPlan, CountError> {
        match scheme {
            SCHEME => CountPlan::new(n, split),
            quadrants::SCHEME => CountPlan::quadrants(n),
            other => Err(CountError::UnknownScheme(other.to_string())),
        }
    }

    /// How the plan counts.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::{CountPlan, Method};
    ///
    /// assert_eq!(CountPlan::new(9, 2)?.method(), Method::Backtrack);
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn method(&self) -> Method {
        if self.quadrants.is_some() {
            Method::Quadrants
        } else {
            Method::Backtrack
        }
    }

    /// The plan's unit scheme ([`Method::scheme`]).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::CountPlan;
    ///
    /// assert_eq!(CountPlan::quadrants(9)?.scheme(), "quadrants-1");
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn scheme(&self) -> &'static str {
        self.method().scheme()
    }

    /// The rows whose queen stands in the east half (bit `r` for row `r`)
    /// in unit `id` of a quadrant plan; `None` for a backtracking plan or
    /// an id outside the plan.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let plan = CountPlan::quadrants(8)?;
    /// assert_eq!(plan.east_rows(0), Some(0b0000_1111));
    /// assert_eq!(CountPlan::new(8, 2)?.east_rows(0), None);
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn east_rows(&self, id: UnitId) -> Option<u32> {
        self.quadrants
            .as_ref()?
            .east_rows(usize::try_from(id).ok()?)
    }

    /// The same plan counted by `kernel` (the unit list does not change).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::{CountPlan, Kernel};
    ///
    /// let plan = CountPlan::new(9, 2)?;
    /// let scalar = plan.clone().with_kernel(Kernel::Scalar);
    /// assert_eq!(plan.count_unit(5)?.total, scalar.count_unit(5)?.total);
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn with_kernel(mut self, kernel: Kernel) -> CountPlan {
        self.kernel = kernel;
        self
    }

    /// The kernel that counts.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::{CountPlan, Kernel};
    ///
    /// assert_eq!(CountPlan::new(9, 2)?.kernel(), Kernel::Auto);
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn kernel(&self) -> Kernel {
        self.kernel
    }

    /// The split depth used when none is given: enough units to keep every
    /// core busy to the end and to checkpoint often, few enough that their
    /// overhead does not show.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::CountPlan;
    ///
    /// assert_eq!(CountPlan::default_split(8), 2);
    /// assert_eq!(CountPlan::default_split(17), 4);
    /// ```
    pub fn default_split(n: usize) -> usize {
        match n {
            0..=10 => 2,
            // At 16 a unit of 3 rows hands the lanes more jobs per run, so
            // fewer lanes wait out a run's last jobs: 3% faster than 4 rows.
            11..=16 => 3,
            17..=20 => 4,
            21..=27 => 5,
            // Beyond the counts anyone can wait for: keep the plan small.
            _ => 3,
        }
    }

    /// [`CountPlan::new`] with [`CountPlan::default_split`].
    ///
    /// # Errors
    ///
    /// As [`CountPlan::new`].
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::CountPlan;
    ///
    /// assert_eq!(CountPlan::with_default_split(12)?.split(), 3);
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn with_default_split(n: usize) -> Result<CountPlan, CountError> {
        CountPlan::new(n, CountPlan::default_split(n))
    }

    /// The board size.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::CountPlan;
    ///
    /// assert_eq!(CountPlan::new(9, 2)?.n(), 9);
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn n(&self) -> usize {
        self.n
    }

    /// The split depth asked for (units hold `min(split, n)` rows).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::CountPlan;
    ///
    /// assert_eq!(CountPlan::new(9, 2)?.split(), 2);
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn split(&self) -> usize {
        self.split
    }

    /// How many units the plan has.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::CountPlan;
    ///
    /// // 3-queens has no solution; its reduced tree dies before row 2.
    /// assert_eq!(CountPlan::new(3, 2)?.len(), 0);
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn len(&self) -> u64 {
        self.units
    }

    /// Whether the plan has no unit (n = 2 or 3 with a split of 2 or more).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::CountPlan;
    ///
    /// assert!(!CountPlan::new(8, 2)?.is_empty());
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.units == 0
    }

    /// Every unit id, `0..len()`.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let plan = CountPlan::new(8, 1)?;
    /// assert_eq!(plan.ids().collect::<Vec<_>>(), [0, 1, 2, 3]);
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn ids(&self) -> Range<UnitId> {
        0..self.units
    }

    /// The columns of the first rows that make unit `id`, or `None` when there
    /// is no such unit or the plan joins quarter-boards
    /// ([`CountPlan::east_rows`] tells its units).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let plan = CountPlan::new(8, 1)?;
    /// assert_eq!(plan.prefix(3), Some(&[3u8][..]));
    /// assert_eq!(plan.prefix(4), None);
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn prefix(&self, id: UnitId) -> Option<&[u8]> {
        if id >= self.units || self.quadrants.is_some() {
            return None;
        }
        let start = usize::try_from(id).ok()? * self.depth;
        Some(&self.prefixes[start..start + self.depth])
    }

    /// Counts unit `id`.
    ///
    /// # Errors
    ///
    /// [`CountError::NoSuchUnit`] when `id` is not below [`CountPlan::len`].
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::{CountPlan, Tally};
    ///
    /// let plan = CountPlan::new(9, 2)?;
    /// let tally: Tally = plan.ids().map(|id| plan.count_unit(id).unwrap()).collect();
    /// assert_eq!((tally.total, tally.unique), (352, 46));
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn count_unit(&self, id: UnitId) -> Result<UnitCount, CountError> {
        let never = AtomicBool::new(false);
        Ok(self
            .count_unit_until(id, &never)?
            .expect("an unset flag never stops the count"))
    }

    /// Counts unit `id` unless `stop` is set before it is done; `Ok(None)`
    /// then. The flag is read between subtrees just below the unit's prefix,
    /// so a stop takes effect quickly even in large units.
    ///
    /// # Errors
    ///
    /// [`CountError::NoSuchUnit`] when `id` is not below [`CountPlan::len`].
    ///
    /// # Example
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let plan = CountPlan::new(12, 1)?;
    /// assert_eq!(plan.count_unit_until(0, &AtomicBool::new(true))?, None);
    /// assert!(plan.count_unit_until(0, &AtomicBool::new(false))?.is_some());
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn count_unit_until(
        &self,
        id: UnitId,
        stop: &AtomicBool,
    ) -> Result<Option<UnitCount>, CountError> {
        if id >= self.units {
            return Err(CountError::NoSuchUnit {
                id,
                units: self.units,
            });
        }
        if let Some(quadrants) = &self.quadrants {
            // A quadrant unit takes milliseconds: the flag is read between units.
            return Ok(
                (!stop.load(Ordering::Relaxed)).then(|| quadrant_count(quadrants, id, self.kernel))
            );
        }
        let prefix = self.prefix(id).expect("the id is checked");
        let stopped = || stop.load(Ordering::Relaxed);
        Ok(
            units::count_below(self.n, prefix, &stopped, self.kernel.lanes()).map(|tallies| {
                UnitCount {
                    total: tallies.total,
                    unique: tallies.unique,
                    nodes: tallies.nodes,
                }
            }),
        )
    }

    /// The fundamental solutions in unit `id`, in lexicographic order, found
    /// by the slow statement of the reduction's rules (for checking and
    /// exploring, not for speed). Over all units, in id order, they are
    /// exactly [`Board::fundamental_solutions`](super::Board::fundamental_solutions).
    ///
    /// # Errors
    ///
    /// [`CountError::NoSuchUnit`] when `id` is not below [`CountPlan::len`].
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let plan = CountPlan::new(6, 1)?;
    /// let found: Vec<_> = plan.ids().flat_map(|id| plan.fundamental_solutions(id).unwrap()).collect();
    /// assert_eq!(found.len(), 1);
    /// assert_eq!(found[0].solution.cols(), &[1, 3, 5, 0, 2, 4]);
    /// assert_eq!(found[0].class_size, 4);
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn fundamental_solutions(&self, id: UnitId) -> Result<Vec<Fundamental>, CountError> {
        if self.quadrants.is_some() {
            return Err(CountError::NoFundamentals);
        }
        let prefix = self.prefix(id).ok_or(CountError::NoSuchUnit {
            id,
            units: self.units,
        })?;
        Ok(units::representatives(self.n, prefix)
            .into_iter()
            .map(|(cols, class_size)| Fundamental {
                solution: Solution::from_checked(cols.into_iter().map(usize::from).collect()),
                class_size,
            })
            .collect())
    }

    /// Counts every unit on the calling thread.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let tally = CountPlan::new(12, 3)?.count_all();
    /// assert_eq!((tally.total, tally.unique), (14200, 1787));
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn count_all(&self) -> Tally {
        self.ids()
            .map(|id| self.count_unit(id).expect("ids come from the plan"))
            .collect()
    }

    /// `size` distinct unit ids drawn uniformly at random (every unit when
    /// `size` is at least [`CountPlan::len`]), in increasing order. The draw
    /// is a function of `seed` and the plan alone, so a sample can be
    /// repeated anywhere.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let plan = CountPlan::new(12, 3)?;
    /// let ids = plan.sample_ids(5, 7);
    /// assert_eq!(ids.len(), 5);
    /// assert!(ids.windows(2).all(|w| w[0] < w[1]) && ids[4] < plan.len());
    /// assert_eq!(ids, plan.sample_ids(5, 7));
    /// assert_eq!(plan.sample_ids(u64::MAX, 7).len() as u64, plan.len());
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn sample_ids(&self, size: u64, seed: u64) -> Vec<UnitId> {
        let units = self.units;
        if size >= units {
            return self.ids().collect();
        }
        // Floyd's algorithm: `size` draws, each from one more id than the last.
        let mut random = self.random(seed);
        let mut chosen = std::collections::BTreeSet::new();
        for top in units - size..units {
            let pick = random.below(top + 1);
            if !chosen.insert(pick) {
                chosen.insert(top);
            }
        }
        chosen.into_iter().collect()
    }

    fn random(&self, seed: u64) -> SplitMix64 {
        SplitMix64(seed ^ (self.n as u64) << 56 ^ (self.depth as u64) << 48)
    }

    /// Counts and times, on the calling thread, the units
    /// [`CountPlan::sample_ids`] draws: the raw material of a
    /// [`Projection`] of the whole count. With every unit drawn the
    /// projection is the count itself.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let plan = CountPlan::new(12, 3)?;
    /// let sample = plan.count_sample(8, 1);
    /// assert_eq!(sample.draws.len(), 8);
    /// assert_eq!(sample.plan_units, plan.len());
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn count_sample(&self, size: u64, seed: u64) -> Sample {
        if let Some(quadrants) = &self.quadrants {
            // Built once for the whole count: not a draw's time.
            quadrants.prepare();
        }
        let draws = self
            .sample_ids(size, seed)
            .into_iter()
            .map(|id| match &self.quadrants {
                Some(quadrants) => {
                    let start = std::time::Instant::now();
                    let count = quadrant_count(quadrants, id, self.kernel);
                    SampledUnit {
                        prefix: Vec::new(),
                        weight: self.units as f64,
                        nodes_above: 0.0,
                        count,
                        seconds: start.elapsed().as_secs_f64(),
                    }
                }
                None => {
                    let prefix = self.prefix(id).expect("sampled ids come from the plan");
                    self.count_draw(prefix.to_vec(), self.units as f64, 0.0)
                }
            })
            .collect();
        Sample {
            plan_units: self.units,
            without_replacement: true,
            draws,
        }
    }

    /// Counts and times `size` subtrees `depth` rows deep (at least the
    /// plan's split, at most `n`), each reached by drawing a unit uniformly
    /// at random and then, row by row, one of the placements below it
    /// uniformly at random (Knuth's estimator of a tree below the units):
    /// for counts whose units are too large to count even a few of. Each
    /// draw stands for `units × (choices at each row)` subtrees, and
    /// estimates the nodes of the rows it passes the same way; the draws
    /// are independent, so the [`Projection`]'s errors are the draws' spread
    /// over `√size`. A draw that dies before `depth` counts nothing below.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let plan = CountPlan::new(12, 2)?;
    /// let projection = plan.count_sample_below(200, 5, 4).projection();
    /// let exact = plan.count_all();
    /// let error = (projection.total.value - exact.total as f64).abs();
    /// assert!(error <= 3.0 * projection.total.std_error);
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn count_sample_below(&self, size: u64, seed: u64, depth: usize) -> Sample {
        if self.quadrants.is_some() {
            // Its units are rows of the whole board: there is nothing below them.
            return self.count_sample(size, seed);
        }
        let depth = depth.clamp(self.depth, self.n);
        let mut random = self.random(seed ^ 0x5eed_0000_0000_0000 ^ depth as u64);
        let draws = (0..if self.units == 0 { 0 } else { size })
            .map(|_| {
                let id = random.below(self.units);
                let mut prefix = self.prefix(id).expect("drawn from the plan").to_vec();
                let mut weight = self.units as f64;
                let mut above = 0.0;
                while prefix.len() < depth {
                    let children = units::candidates(self.n, &prefix);
                    let choices = children.count_ones();
                    weight *= f64::from(choices);
                    above += weight;
                    if choices == 0 {
                        break;
                    }
                    let pick = random.below(u64::from(choices));
                    let column = (0..pick).fold(children, |mask, _| mask & (mask - 1));
                    prefix.push(column.trailing_zeros() as u8);
                }
                self.count_draw(prefix, weight, above)
            })
            .collect();
        Sample {
            plan_units: self.units,
            without_replacement: false,
            draws,
        }
    }

    fn count_draw(&self, prefix: Vec<u8>, weight: f64, nodes_above: f64) -> SampledUnit {
        let start = std::time::Instant::now();
        let count = if weight == 0.0 {
            UnitCount::default()
        } else {
            let tallies = units::count_below(self.n, &prefix, &|| false, self.kernel.lanes())
                .expect("a count that is never stopped ends");
            UnitCount {
                total: tallies.total,
                unique: tallies.unique,
                nodes: tallies.nodes,
            }
        };
        SampledUnit {
            prefix,
            weight,
            nodes_above,
            count,
            seconds: start.elapsed().as_secs_f64(),
        }
    }
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
