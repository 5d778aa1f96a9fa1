//! What can go wrong when planning or running a count.

use super::super::quadrants;
use super::super::rules::Piece;
use super::method::SCHEME;
use super::tally::UnitId;

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
    /// The split depth is beyond [`MAX_SPLIT`](super::MAX_SPLIT).
    #[error("split depth {split} is too deep (at most {max})")]
    SplitTooDeep {
        /// The depth asked for.
        split: usize,
        /// The deepest accepted.
        max: usize,
    },
    /// The split makes more than [`MAX_UNITS`](super::MAX_UNITS) units.
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
    /// A unit id given twice: a run counts each unit once.
    #[error("work unit {0} is given twice (a run counts each unit once)")]
    RepeatedUnit(UnitId),
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
        /// The largest size it takes (its table grows six- to ninefold with each two sizes).
        max: usize,
    },
    /// A checkpoint or part names a scheme this build does not know.
    #[error(
        "unit scheme {0:?} is not one this build counts ({SCHEME}, {quadrants}, or a piece's \
         such as kings-rows-1)",
        quadrants = quadrants::SCHEME
    )]
    UnknownScheme(String),
    /// The quadrant counter counts solutions, not symmetry classes.
    #[error("the quadrant counter does not find fundamental solutions; count them by backtracking")]
    NoFundamentals,
    /// Only classic queens' units list their fundamental solutions; a plan
    /// of [`CountPlan::pieces`](super::CountPlan::pieces) counts them.
    #[error(
        "the units of a count of {0}s do not list fundamental solutions (they count them); \
         list them without --count"
    )]
    NoPieceFundamentals(Piece),
    /// The units of a count of completions were asked for fundamental
    /// solutions: given pieces break the board's symmetries.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::Board;
    /// use puzzles::queens::count::{CountError, CountPlan};
    ///
    /// let plan = CountPlan::completions(&Board::new(8)?.with_given(&[(0, 0)])?, 1)?;
    /// assert_eq!(plan.fundamental_solutions(0), Err(CountError::NoGivenFundamentals));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[error(
        "the units of a count of completions do not list fundamental solutions: given pieces \
         break the board's symmetries"
    )]
    NoGivenFundamentals,
    /// A checkpoint of a count of completions was continued without its
    /// given pieces.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::{CountError, CountPlan};
    ///
    /// let err = CountPlan::for_scheme("queens-given-rows-1", 8, 2).unwrap_err();
    /// assert_eq!(err, CountError::CompletesGiven("queens-given-rows-1".into()));
    /// ```
    #[error(
        "unit scheme {0:?} counts the completions of given pieces: continue it with the same \
         --given squares"
    )]
    CompletesGiven(String),
    /// The thread pool could not start.
    #[error("cannot start {threads} counting threads: {message}")]
    Threads {
        /// The threads asked for (0: one per core).
        threads: usize,
        /// Why not.
        message: String,
    },
}
