//! How a plan counts: backtracking or joining quarter-boards, and the unit
//! scheme each names.

use super::super::quadrants;

/// The name of the reduction and unit order this module implements. A
/// checkpoint records it: unit ids from another scheme mean other work.
///
/// # Example
///
/// ```
/// use puzzles::queens::count::{CountPlan, SCHEME};
///
/// let plan = CountPlan::new(8, 2)?;
/// assert_eq!(plan.scheme(), SCHEME);
/// assert_eq!(CountPlan::for_scheme(SCHEME, 8, 2)?, plan);
/// # Ok::<(), puzzles::queens::count::CountError>(())
/// ```
pub const SCHEME: &str = "lexmin-rows-1";

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
    /// ([`UnitCount::unique`](super::UnitCount::unique)); the quadrant counter leaves it 0.
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

/// The smallest board [`CountPlan::best`](super::CountPlan::best) counts by joining quarter-boards:
/// below it the backtracking counter is as fast or faster, and it finishes
/// in a tenth of a second anyway.
///
/// # Example
///
/// ```
/// use puzzles::queens::count::{CountPlan, Method, QUADRANTS_FROM};
///
/// assert_eq!(CountPlan::best(QUADRANTS_FROM)?.method(), Method::Quadrants);
/// assert_eq!(CountPlan::best(QUADRANTS_FROM - 1)?.method(), Method::Backtrack);
/// # Ok::<(), puzzles::queens::count::CountError>(())
/// ```
pub const QUADRANTS_FROM: usize = 16;
