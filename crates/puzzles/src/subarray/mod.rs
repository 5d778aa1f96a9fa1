//! Maximum subarray: the contiguous run of numbers with the largest sum, with
//! its position — exact on every input, and fast enough to keep up with the
//! parser on multi-gigabyte files.
//!
//! # The answer and its tie rule
//!
//! A [`Best`] is a sum with the 0-based, inclusive `start` and `end` of the
//! run. The run is non-empty (see [`or_empty`] for the empty subarray). Among
//! runs with the maximum sum the answer is the one with the **smallest start,
//! then the smallest end**. Every method here — the brute-force
//! [`oracle`](brute), [`kadane`], [`parallel`], the streaming
//! [`scan`](stream::scan) — returns exactly the same sum and indices.
//!
//! # Exact sums
//!
//! Integers are `i64` and sums are `i128`: a run of up to 2⁶⁴ elements of
//! magnitude at most 2⁶³ cannot overflow 2¹²⁷, so every answer is exact and no
//! input is refused for being large. The hot loops add in `i64` lanes where a
//! bound on the block proves no partial sum can overflow, and fall back to
//! `i128` for blocks where it might: the speed of 64-bit arithmetic, the answer
//! of unbounded arithmetic.
//!
//! Decimals are `f64` (see [`Element`]): NaN and infinities are refused, and so
//! is input whose magnitudes add up to more than [`F64_SUM_LIMIT`], so that no
//! sum an algorithm forms can overflow. Float sums are rounded, and methods
//! that add in different orders can round differently; on input whose sums
//! are exact in `f64` (integers below 2⁵³, halves, quarters, …) all methods
//! agree exactly, as for integers. Where a run's sum is the difference of
//! two larger sums ([`circular`]'s total less the run it leaves out,
//! [`bounded`]'s prefix sums), those are kept to about 106 bits, so that a
//! large number outside the run costs the run none of its small ones.
//!
//! # Variants
//!
//! - [`circular`]: the run may wrap from the last element to the first.
//! - [`bounded`]: the run's length lies between a minimum and a maximum.
//! - [`top_k`]: the K best pairwise-disjoint runs, chosen greedily.
//! - [`rect`]: the maximum-sum rectangle of a matrix.
//!
//! # Example
//!
//! ```
//! use puzzles::subarray::{kadane, Best};
//!
//! let best = kadane(&[30, -40, 20, 40])?;
//! assert_eq!(best, Best { sum: 60, start: 2, end: 3 });
//! assert_eq!(best.len(), 2);
//! # Ok::<(), puzzles::subarray::SubarrayError>(())
//! ```

#![deny(clippy::undocumented_unsafe_blocks)]

mod bounded;
pub mod brute;
mod chunked;
mod circular;
mod double_double;
mod excerpt;
mod kadane;
mod kernel;
pub mod parse;
mod rect;
pub mod stream;
mod topk;

#[cfg(test)]
mod tests;

use std::fmt::{Debug, Display};
use std::ops::{Add, Neg, Sub};

use serde::{Deserialize, Serialize};

pub use bounded::{Bounds, bounded};
pub use chunked::{ChunkSummary, parallel, summarize};
pub use circular::{CircularBest, circular};
pub use excerpt::{EXCERPT, Excerpt};
pub use kadane::{kadane, kadane_classic};
pub use parse::{Position, SyntaxError, SyntaxErrorKind};
pub use rect::{Matrix, Rect, rect, rect_parallel};
pub use topk::{MAX_RUNS, top_k};

pub(crate) use sealed::Widened;

/// A sum of `T`s kept wide ([`Widened`]).
pub(crate) type Wide<T> = <<T as Element>::Sum as Widened>::Wide;

/// The largest total magnitude `f64` input may have: a quarter of `f64::MAX`,
/// so that no prefix sum, run sum or difference of two of them can overflow.
///
/// # Example
///
/// ```
/// use puzzles::subarray::{F64_SUM_LIMIT, SubarrayError, kadane};
///
/// let half = F64_SUM_LIMIT / 2.0;
/// assert_eq!(kadane(&[half, half])?.sum, F64_SUM_LIMIT);
/// // Magnitudes count, not the sum: a negative number past the limit is refused too.
/// let err = kadane(&[half, half, -1e300]).unwrap_err();
/// assert!(matches!(err, SubarrayError::FloatTooLarge));
/// # Ok::<(), SubarrayError>(())
/// ```
pub const F64_SUM_LIMIT: f64 = f64::MAX / 4.0;

/// A run of consecutive elements and its sum: `start` and `end` are 0-based
/// and inclusive, `start <= end`.
///
/// # Example
///
/// ```
/// use puzzles::subarray::Best;
///
/// let best = Best { sum: 7_i128, start: 3, end: 5 };
/// assert_eq!(best.len(), 3);
/// assert_eq!(best.range(), 3..=5);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Best<S = i128> {
    /// The sum of the run.
    pub sum: S,
    /// The index of its first element.
    pub start: usize,
    /// The index of its last element.
    pub end: usize,
}

impl<S> Best<S> {
    /// How many elements the run holds: at least 1 for a run a search
    /// found (0 for fields set by hand with `start` past `end`).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::subarray::Best;
    ///
    /// assert_eq!(Best { sum: 1_i128, start: 4, end: 4 }.len(), 1);
    /// assert_eq!(Best { sum: 1_i128, start: 5, end: 2 }.len(), 0);
    /// ```
    #[allow(clippy::len_without_is_empty)] // a run is never empty
    pub fn len(&self) -> usize {
        span(self.start, self.end)
    }

    /// The indices of the run, for slicing: `&values[best.range()]`.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::subarray::kadane;
    ///
    /// let values = [30, -40, 20, 40];
    /// assert_eq!(&values[kadane(&values)?.range()], &[20, 40]);
    /// # Ok::<(), puzzles::subarray::SubarrayError>(())
    /// ```
    pub fn range(&self) -> std::ops::RangeInclusive<usize> {
        self.start..=self.end
    }
}

/// How many indices `first..=last` holds, 0 when `first` is past `last`.
pub(crate) fn span(first: usize, last: usize) -> usize {
    last.checked_sub(first)
        .map_or(0, |gap| gap.saturating_add(1))
}

/// An answer that carries a sum: what [`or_empty`] needs to know.
///
/// # Example
///
/// ```
/// use puzzles::subarray::{HasSum, kadane};
///
/// assert_eq!(kadane(&[2, -5, 4])?.sum(), 4);
/// # Ok::<(), puzzles::subarray::SubarrayError>(())
/// ```
pub trait HasSum {
    /// The sum type.
    type Sum: Sum;
    /// The answer's sum.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::subarray::{HasSum, kadane};
    ///
    /// let best = kadane(&[1.5, -0.5, 2.0])?;
    /// assert_eq!(best.sum(), best.sum);
    /// # Ok::<(), puzzles::subarray::SubarrayError>(())
    /// ```
    fn sum(&self) -> Self::Sum;
}

impl<S: Sum> HasSum for Best<S> {
    type Sum = S;
    fn sum(&self) -> S {
        self.sum
    }
}

/// The answer when the empty subarray (sum 0) is allowed: `None` — the empty
/// subarray — when the best non-empty run's sum is negative, otherwise the
/// run itself. A run with sum exactly 0 is kept: the empty subarray wins only
/// where it is strictly better, so allowing it changes the answer only for
/// input whose every element is negative.
///
/// # Example
///
/// ```
/// use puzzles::subarray::{kadane, or_empty};
///
/// assert_eq!(or_empty(kadane(&[-30, -40, -20])?), None);
/// assert_eq!(or_empty(kadane(&[-3, 0, -1])?).map(|b| b.start), Some(1));
/// # Ok::<(), puzzles::subarray::SubarrayError>(())
/// ```
pub fn or_empty<B: HasSum>(best: B) -> Option<B> {
    if best.sum() < <B::Sum as Sum>::ZERO {
        None
    } else {
        Some(best)
    }
}

// Public traits in a private module: outside the crate they can be neither
// named nor implemented, so `Element` and `Sum` stay closed and the kernels
// below stay out of the public API.
mod sealed {
    use std::fmt::Debug;
    use std::ops::{Add, Sub};

    use super::double_double::DoubleDouble;
    use super::{ChunkSummary, Element};

    pub trait Sealed {}
    impl Sealed for i64 {}
    impl Sealed for f64 {}
    impl Sealed for i128 {}

    /// The type a sum is kept in where an answer is the difference of two
    /// larger sums ([`circular`](super::circular)'s total less the run
    /// left out, [`bounded`](super::bounded)'s prefix sums): `i128` itself,
    /// and for `f64` a [`DoubleDouble`], so that the difference keeps what
    /// the larger sums would have rounded away.
    pub trait Widened: Sized {
        type Wide: Copy + Debug + PartialOrd + Add<Output = Self::Wide> + Sub<Output = Self::Wide>;
        fn wide(self) -> Self::Wide;
        /// The nearest sum.
        fn narrow(wide: Self::Wide) -> Self;
    }

    impl Widened for i128 {
        type Wide = i128;
        fn wide(self) -> i128 {
            self
        }
        fn narrow(wide: i128) -> i128 {
            wide
        }
    }

    impl Widened for f64 {
        type Wide = DoubleDouble;
        fn wide(self) -> DoubleDouble {
            DoubleDouble::new(self)
        }
        fn narrow(wide: DoubleDouble) -> f64 {
            wide.to_f64()
        }
    }

    /// The crate's own per-type kernels behind [`Element`].
    pub trait Kernel: Sized {
        /// The maximum subarray of non-empty `values` (already checked),
        /// the fastest way this type knows.
        fn fast_summary(values: &[Self]) -> ChunkSummary<<Self as Element>::Sum>
        where
            Self: Element;

        /// The sum of magnitudes, for the `f64` overflow check (0 for `i64`).
        fn magnitude(values: &[Self]) -> f64;
    }
}

/// A sum type: `i128` for integer input, `f64` for decimal input.
///
/// Sums compare with `<` and `>`; for `f64` they are always finite (the
/// input checks guarantee it), so the comparisons are a total order.
///
/// # Example
///
/// ```
/// use puzzles::subarray::{Sum, kadane};
///
/// fn describe<S: Sum>(sum: S) -> String {
///     if sum > S::ZERO { format!("gain {sum}") } else { format!("no gain ({sum})") }
/// }
/// assert_eq!(describe(kadane(&[3, -1, 2])?.sum), "gain 4");
/// # Ok::<(), puzzles::subarray::SubarrayError>(())
/// ```
pub trait Sum:
    Copy
    + Default
    + PartialOrd
    + Add<Output = Self>
    + Sub<Output = Self>
    + Neg<Output = Self>
    + Debug
    + Display
    + Send
    + Sync
    + Serialize
    + 'static
    + sealed::Sealed
    + sealed::Widened
{
    /// Zero.
    const ZERO: Self;

    /// The value with `-0.0` turned into `0.0`, so that answers print the
    /// same whichever way a zero sum was reached. The search functions
    /// return the sum as they reached it (`-0.0 + 0.0` and `0.0` compare
    /// equal); this is for printing and serializing.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::subarray::{Sum, kadane};
    ///
    /// let sum = kadane(&[-0.0, -0.0])?.sum;
    /// assert_eq!(sum.normalized().to_string(), "0");
    /// assert_eq!(7_i128.normalized(), 7);
    /// # Ok::<(), puzzles::subarray::SubarrayError>(())
    /// ```
    fn normalized(self) -> Self;
}

impl Sum for i128 {
    const ZERO: i128 = 0;
    fn normalized(self) -> i128 {
        self
    }
}

impl Sum for f64 {
    const ZERO: f64 = 0.0;
    fn normalized(self) -> f64 {
        self + 0.0
    }
}

/// An element type the functions accept: `i64` (summed exactly in `i128`) or
/// `f64` (summed in `f64`; NaN, infinities and input too large to sum
/// safely are refused with an error).
///
/// # Example
///
/// ```
/// use puzzles::subarray::{kadane, Element, SubarrayError};
///
/// assert_eq!(4_i64.widen(), 4_i128);
/// assert!(matches!(kadane(&[1.0, f64::NAN]), Err(SubarrayError::NotFinite { index: 1 })));
/// ```
pub trait Element:
    Copy
    + Default
    + PartialOrd
    + Debug
    + Display
    + Send
    + Sync
    + 'static
    + sealed::Sealed
    + sealed::Kernel
{
    /// The type sums are formed in.
    type Sum: Sum;

    /// The element as a sum.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::subarray::Element;
    ///
    /// assert_eq!(i64::MAX.widen() + 1, i128::from(i64::MAX) + 1);
    /// assert_eq!(2.5_f64.widen(), 2.5);
    /// ```
    fn widen(self) -> Self::Sum;

    /// Checks that the values can be summed without overflow.
    ///
    /// # Errors
    ///
    /// For `f64`: [`SubarrayError::NotFinite`] for NaN or an infinity,
    /// [`SubarrayError::FloatTooLarge`] when the magnitudes add up to more
    /// than [`F64_SUM_LIMIT`]. `i64` input always passes.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::subarray::{Element, SubarrayError};
    ///
    /// assert!(i64::check(&[i64::MAX, i64::MAX]).is_ok());
    /// assert!(matches!(f64::check(&[1.0, f64::INFINITY]), Err(SubarrayError::NotFinite { index: 1 })));
    /// assert!(matches!(f64::check(&[f64::MAX, f64::MAX]), Err(SubarrayError::FloatTooLarge)));
    /// ```
    fn check(values: &[Self]) -> Result<(), SubarrayError>;
}

impl Element for i64 {
    type Sum = i128;

    fn widen(self) -> i128 {
        i128::from(self)
    }

    fn check(_: &[i64]) -> Result<(), SubarrayError> {
        Ok(())
    }
}

impl sealed::Kernel for i64 {
    fn fast_summary(values: &[i64]) -> ChunkSummary<i128> {
        kernel::summarize_i64(values)
    }

    fn magnitude(_: &[i64]) -> f64 {
        0.0
    }
}

impl Element for f64 {
    type Sum = f64;

    fn widen(self) -> f64 {
        self
    }

    fn check(values: &[f64]) -> Result<(), SubarrayError> {
        let mut magnitude = 0.0;
        for (index, value) in values.iter().enumerate() {
            if !value.is_finite() {
                return Err(SubarrayError::NotFinite { index });
            }
            magnitude += value.abs();
        }
        check_f64_magnitude(magnitude)
    }
}

impl sealed::Kernel for f64 {
    fn fast_summary(values: &[f64]) -> ChunkSummary<f64> {
        ChunkSummary::of_values(values).expect("non-empty input")
    }

    fn magnitude(values: &[f64]) -> f64 {
        values.iter().map(|value| value.abs()).sum()
    }
}

/// Refuses `f64` input whose magnitudes add up past [`F64_SUM_LIMIT`].
pub(crate) fn check_f64_magnitude(magnitude: f64) -> Result<(), SubarrayError> {
    if magnitude <= F64_SUM_LIMIT {
        Ok(())
    } else {
        Err(SubarrayError::FloatTooLarge)
    }
}

/// The checks every function starts with: some input, summable.
pub(crate) fn check_input<T: Element>(values: &[T]) -> Result<(), SubarrayError> {
    if values.is_empty() {
        return Err(SubarrayError::EmptyInput);
    }
    T::check(values)
}

/// What can go wrong: bad requests, bad input text, unreadable input.
///
/// # Example
///
/// ```
/// use puzzles::subarray::{kadane, SubarrayError};
///
/// let empty: [i64; 0] = [];
/// assert!(matches!(kadane(&empty), Err(SubarrayError::EmptyInput)));
/// assert_eq!(SubarrayError::EmptyInput.to_string(), "the input has no numbers");
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SubarrayError {
    /// There were no numbers at all: the maximum of nothing is not zero.
    #[error("the input has no numbers")]
    EmptyInput,
    /// A NaN or an infinity passed to a function directly.
    #[error("element {index} is not a finite number (NaN and infinities cannot be summed)")]
    NotFinite {
        /// Its 0-based index.
        index: usize,
    },
    /// `f64` input too large to sum without overflow.
    #[error(
        "the magnitudes of the numbers add up to more than {F64_SUM_LIMIT:e}, too much to sum in 64-bit floating point"
    )]
    FloatTooLarge,
    /// A length bound of zero, or a minimum above the maximum.
    #[error("{0}")]
    InvalidBounds(String),
    /// No run has a length the bounds allow: the input is too short.
    #[error("no run is at least {min_len} long: the input has only {len} numbers")]
    TooShort {
        /// The minimum length asked for.
        min_len: usize,
        /// The number of elements.
        len: usize,
    },
    /// Asked for zero runs.
    #[error("the number of runs to find must be at least 1")]
    ZeroCount,
    /// Asked for more runs than [`MAX_RUNS`].
    #[error("the number of runs to find must be at most {MAX_RUNS}, not {0}")]
    TooManyRuns(usize),
    /// A token that is not a number (see [`SyntaxError`]).
    #[error(transparent)]
    Syntax(#[from] SyntaxError),
    /// A matrix row with a different number of entries than the first.
    #[error(
        "line {line}, column {column}: this row has {} but the first row (line {first_line}) has {expected}; every row of a matrix must have the same length",
        numbers(*found)
    )]
    RaggedRow {
        /// The 1-based line of the offending row.
        line: u64,
        /// The 1-based column of its first extra number, or where the
        /// missing ones should have been.
        column: u64,
        /// How many numbers the row has.
        found: usize,
        /// How many the first row has.
        expected: usize,
        /// The line of the first row.
        first_line: u64,
    },
    /// A matrix whose values do not fill its rows and columns.
    #[error("a {rows}×{cols} matrix needs {} values, not {len}", *rows as u128 * *cols as u128)]
    MatrixShape {
        /// The rows asked for.
        rows: usize,
        /// The columns asked for.
        cols: usize,
        /// The values given.
        len: usize,
    },
    /// More numbers than a search that keeps them in memory takes
    /// ([`parse::MAX_KEPT_VALUES`]); the plain and circular scans stream any
    /// number.
    #[error(
        "more than {max} numbers: the most kept in memory (this search needs them all at once; \
         the plain maximum-subarray scan streams any number)"
    )]
    TooManyValues {
        /// The bound.
        max: usize,
    },
    /// Reading the input failed.
    #[error("cannot read the input: {0}")]
    Io(#[from] std::io::Error),
}

/// "1 number", "2 numbers".
fn numbers(count: usize) -> String {
    if count == 1 {
        "1 number".to_string()
    } else {
        format!("{count} numbers")
    }
}

/// Which method computes the answer; all give the same sum and indices.
///
/// # Example
///
/// ```
/// use puzzles::subarray::{max_subarray, Algorithm};
///
/// let values = [2, -1, 2, -5, 4];
/// let a = max_subarray(&values, Algorithm::BruteForce)?;
/// let b = max_subarray(&values, Algorithm::Kadane)?;
/// let c = max_subarray(&values, Algorithm::Parallel)?;
/// assert!(a == b && b == c);
/// # Ok::<(), puzzles::subarray::SubarrayError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Algorithm {
    /// Every run tried: O(n²), the oracle.
    BruteForce,
    /// One pass: O(n), vectorised where the machine allows.
    #[default]
    Kadane,
    /// Chunks summarised on all threads and combined: O(n / threads).
    Parallel,
}

/// The maximum subarray by the chosen method.
///
/// # Errors
///
/// [`SubarrayError::EmptyInput`] for no values; for `f64`, the errors of
/// [`Element::check`].
///
/// # Example
///
/// ```
/// use puzzles::subarray::{max_subarray, Algorithm};
///
/// let best = max_subarray(&[-30, -40, -20, -40], Algorithm::Kadane)?;
/// assert_eq!((best.sum, best.start, best.end), (-20, 2, 2));
/// # Ok::<(), puzzles::subarray::SubarrayError>(())
/// ```
pub fn max_subarray<T: Element>(
    values: &[T],
    algorithm: Algorithm,
) -> Result<Best<T::Sum>, SubarrayError> {
    match algorithm {
        Algorithm::BruteForce => brute::max_subarray(values),
        Algorithm::Kadane => kadane(values),
        Algorithm::Parallel => parallel(values),
    }
}
