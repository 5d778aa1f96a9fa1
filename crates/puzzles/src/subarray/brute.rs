//! The oracles: every candidate tried, the obviously-correct way, for the
//! plain problem and every variant. Quadratic (or worse); for tests and small
//! inputs.
//!
//! Each oracle visits candidates in order of the tie rule and keeps a new one
//! only when its sum is strictly larger, so the first maximum found is the
//! answer the tie rule asks for. Sums of a run are formed left to right from
//! its first element.

use super::{Best, Bounds, CircularBest, Element, Matrix, Rect, SubarrayError, Sum, check_input};

/// Every run tried: the largest sum, the smallest start, the smallest end.
///
/// # Errors
///
/// As [`kadane`](super::kadane).
///
/// # Example
///
/// ```
/// use puzzles::subarray::{brute, Best};
///
/// assert_eq!(brute::max_subarray(&[30, -40, 20, 40])?, Best { sum: 60, start: 2, end: 3 });
/// # Ok::<(), puzzles::subarray::SubarrayError>(())
/// ```
pub fn max_subarray<T: Element>(values: &[T]) -> Result<Best<T::Sum>, SubarrayError> {
    check_input(values)?;
    bounded(values, Bounds::any()).map(|best| best.expect("non-empty input has a run"))
}

/// Every run whose length lies within `bounds`; `None` when there is none.
///
/// # Errors
///
/// As [`kadane`](super::kadane).
///
/// # Example
///
/// ```
/// use puzzles::subarray::{brute, Bounds};
///
/// let best = brute::bounded(&[5, -1, 5, -20, 3], Bounds::new(1, 2)?)?.unwrap();
/// assert_eq!((best.sum, best.start, best.end), (5, 0, 0));
/// # Ok::<(), puzzles::subarray::SubarrayError>(())
/// ```
pub fn bounded<T: Element>(
    values: &[T],
    bounds: Bounds,
) -> Result<Option<Best<T::Sum>>, SubarrayError> {
    check_input(values)?;
    let mut best: Option<Best<T::Sum>> = None;
    for start in 0..values.len() {
        let mut sum = T::Sum::ZERO;
        for (end, value) in values.iter().enumerate().skip(start) {
            sum = sum + value.widen();
            let len = end - start + 1;
            if len < bounds.min_len() || len > bounds.max_len() {
                continue;
            }
            if best.is_none_or(|b| sum > b.sum) {
                best = Some(Best { sum, start, end });
            }
        }
    }
    Ok(best)
}

/// Every run on the circle: each start, each length from 1 to `n` (the whole
/// circle only once, from index 0), summed going round. Ties: the smallest
/// start, then the shortest run.
///
/// # Errors
///
/// As [`kadane`](super::kadane).
///
/// # Example
///
/// ```
/// use puzzles::subarray::brute;
///
/// let best = brute::circular(&[5, -3, 5])?;
/// assert_eq!((best.sum, best.start, best.end, best.len), (10, 2, 0, 2));
/// # Ok::<(), puzzles::subarray::SubarrayError>(())
/// ```
pub fn circular<T: Element>(values: &[T]) -> Result<CircularBest<T::Sum>, SubarrayError> {
    check_input(values)?;
    let n = values.len();
    let mut best: Option<CircularBest<T::Sum>> = None;
    for start in 0..n {
        let mut sum = T::Sum::ZERO;
        let longest = if start == 0 { n } else { n - 1 };
        for len in 1..=longest {
            sum = sum + values[(start + len - 1) % n].widen();
            if best.is_none_or(|b| sum > b.sum) {
                best = Some(CircularBest::new(sum, start, len, n));
            }
        }
    }
    Ok(best.expect("non-empty input has a run"))
}

/// The greedy K best disjoint runs: the best run, then the best run that
/// shares no element with it, and so on, each step trying every run made
/// only of unused elements. Fewer than `k` when the elements run out.
///
/// # Errors
///
/// As [`top_k`](super::top_k): [`SubarrayError::ZeroCount`] for `k == 0`,
/// [`SubarrayError::TooManyRuns`] past [`MAX_RUNS`](super::MAX_RUNS),
/// otherwise as [`kadane`](super::kadane).
///
/// # Example
///
/// ```
/// use puzzles::subarray::brute;
///
/// let runs = brute::top_k(&[5, -1, 5, -20, 3], 2)?;
/// let found: Vec<_> = runs.iter().map(|b| (b.sum, b.start, b.end)).collect();
/// assert_eq!(found, [(9, 0, 2), (3, 4, 4)]);
/// # Ok::<(), puzzles::subarray::SubarrayError>(())
/// ```
pub fn top_k<T: Element>(values: &[T], k: usize) -> Result<Vec<Best<T::Sum>>, SubarrayError> {
    super::topk::check_run_count(k)?;
    check_input(values)?;
    let mut used = vec![false; values.len()];
    let mut found = Vec::new();
    while found.len() < k {
        let mut best: Option<Best<T::Sum>> = None;
        for start in 0..values.len() {
            let mut sum = T::Sum::ZERO;
            for (end, value) in values.iter().enumerate().skip(start) {
                if used[end] {
                    break;
                }
                sum = sum + value.widen();
                if best.is_none_or(|b| sum > b.sum) {
                    best = Some(Best { sum, start, end });
                }
            }
        }
        let Some(best) = best else { break };
        used[best.range()].fill(true);
        found.push(best);
    }
    Ok(found)
}

/// Every rectangle, its sum added up cell by cell. Ties: the smallest top,
/// then left, then bottom, then right.
///
/// # Errors
///
/// [`SubarrayError::EmptyInput`] for a matrix without cells; for `f64`, the
/// errors of [`Element::check`].
///
/// # Example
///
/// ```
/// use puzzles::subarray::{brute, Matrix};
///
/// let m = Matrix::new(2, 3, vec![1, -9, 2, 3, -9, 4])?;
/// let best = brute::rect(&m)?;
/// assert_eq!((best.sum, best.top, best.left, best.bottom, best.right), (6, 0, 2, 1, 2));
/// # Ok::<(), puzzles::subarray::SubarrayError>(())
/// ```
pub fn rect<T: Element>(matrix: &Matrix<T>) -> Result<Rect<T::Sum>, SubarrayError> {
    check_input(matrix.values())?;
    let mut best: Option<Rect<T::Sum>> = None;
    for top in 0..matrix.rows() {
        for left in 0..matrix.cols() {
            for bottom in top..matrix.rows() {
                for right in left..matrix.cols() {
                    let mut sum = T::Sum::ZERO;
                    for row in top..=bottom {
                        for col in left..=right {
                            sum = sum + matrix.get(row, col).widen();
                        }
                    }
                    if best.is_none_or(|b| sum > b.sum) {
                        best = Some(Rect {
                            sum,
                            top,
                            left,
                            bottom,
                            right,
                        });
                    }
                }
            }
        }
    }
    Ok(best.expect("non-empty matrix has a rectangle"))
}
