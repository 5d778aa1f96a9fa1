//! Kadane's algorithm: one pass, O(1) memory.

use super::{Best, ChunkSummary, Element, SubarrayError, check_input};

/// The maximum subarray in one pass: for `i64`, the vectorised, branch-free
/// kernel (about 0.3 ns per element with AVX-512; exact `i128` sums); for
/// `f64`, the classic recurrence.
///
/// Among runs with the maximum sum this is the one with the smallest start,
/// then the smallest end. All-negative input gives its largest element (the
/// run is never empty; see [`or_empty`](super::or_empty)).
///
/// # Errors
///
/// [`SubarrayError::EmptyInput`] for no values; for `f64`, the errors of
/// [`Element::check`].
///
/// # Example
///
/// ```
/// use puzzles::subarray::{kadane, Best};
///
/// assert_eq!(kadane(&[30, -40, 20, 40])?, Best { sum: 60, start: 2, end: 3 });
/// assert_eq!(kadane(&[-30, -40, -20, -40])?, Best { sum: -20, start: 2, end: 2 });
/// // Ties: the smallest start, then the smallest end.
/// assert_eq!(kadane(&[1, -1, 1, 0])?, Best { sum: 1, start: 0, end: 0 });
/// // No overflow: the sum is an i128.
/// assert_eq!(kadane(&[i64::MAX, i64::MAX])?.sum, 2 * i64::MAX as i128);
/// assert_eq!(kadane(&[0.5, -0.25, 1.0])?.sum, 1.25);
/// # Ok::<(), puzzles::subarray::SubarrayError>(())
/// ```
pub fn kadane<T: Element>(values: &[T]) -> Result<Best<T::Sum>, SubarrayError> {
    check_input(values)?;
    Ok(T::fast_summary(values).best)
}

/// The textbook recurrence, element by element with a branch per step: the
/// baseline the fast kernel is measured against (same answers).
///
/// # Errors
///
/// As [`kadane`].
///
/// # Example
///
/// ```
/// use puzzles::subarray::{kadane, kadane_classic};
///
/// let values = [2, -3, 4, -1, 2, -5, 4];
/// assert_eq!(kadane_classic(&values)?, kadane(&values)?);
/// # Ok::<(), puzzles::subarray::SubarrayError>(())
/// ```
pub fn kadane_classic<T: Element>(values: &[T]) -> Result<Best<T::Sum>, SubarrayError> {
    check_input(values)?;
    Ok(ChunkSummary::of_values(values)
        .expect("checked non-empty")
        .best)
}
