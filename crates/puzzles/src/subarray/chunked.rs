//! The (total, best prefix, best suffix, best) monoid: a summary of a chunk
//! from which the summary of two adjacent chunks follows in O(1). Folding
//! chunk summaries left to right gives the maximum subarray of the whole,
//! with the tie rule intact, however the input was cut — which is what lets
//! the parallel path, the vectorised kernel and the streaming scanner all
//! return the sequential answer.

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::{Best, Element, SubarrayError, Sum, check_input};

/// What a chunk of elements contributes to the maximum subarray of any input
/// it is part of. Indices are relative to the chunk's first element.
///
/// Ties are kept so that combining preserves the global tie rule: the best
/// prefix is the shortest among equals (smallest end), the best suffix the
/// longest (smallest start), the best run the smallest start then smallest
/// end.
///
/// # Example
///
/// ```
/// use puzzles::subarray::ChunkSummary;
///
/// let values = [3_i64, -5, 4, -1, 2, -6, 1];
/// let whole = ChunkSummary::of_values(&values).unwrap();
/// for cut in 1..values.len() {
///     let left = ChunkSummary::of_values(&values[..cut]).unwrap();
///     let right = ChunkSummary::of_values(&values[cut..]).unwrap();
///     assert_eq!(left.combine(&right), whole);
/// }
/// assert_eq!((whole.best.sum, whole.best.start, whole.best.end), (5, 2, 4));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChunkSummary<S> {
    /// How many elements the chunk holds (at least 1).
    pub len: usize,
    /// Their sum.
    pub total: S,
    /// The best sum of a non-empty prefix.
    pub prefix: S,
    /// The index of the last element of that prefix (smallest among ties).
    pub prefix_end: usize,
    /// The best sum of a non-empty suffix.
    pub suffix: S,
    /// The index of the first element of that suffix (smallest among ties).
    pub suffix_start: usize,
    /// The best run inside the chunk.
    pub best: Best<S>,
}

/// Which candidate a combination took, so that data carried along with the
/// summaries (samples of the elements) can follow the same choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Choices {
    /// The prefix runs into the right chunk.
    pub prefix_crosses: bool,
    /// The suffix starts in the left chunk.
    pub suffix_crosses: bool,
    /// Where the best run lies.
    pub best: Side,
}

/// Where a combined best run lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Side {
    Left,
    Across,
    Right,
}

/// Whether `a` beats `b`: a larger sum, or an equal sum with a smaller start,
/// or an equal start and a smaller end.
pub(crate) fn better<S: Sum>(a: &Best<S>, b: &Best<S>) -> bool {
    a.sum > b.sum || (a.sum == b.sum && (a.start, a.end) < (b.start, b.end))
}

impl<S: Sum> ChunkSummary<S> {
    /// The summary of a single element with value `value`.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::subarray::ChunkSummary;
    ///
    /// let one = ChunkSummary::single(-4_i128);
    /// assert_eq!((one.len, one.total, one.best.sum), (1, -4, -4));
    /// ```
    pub fn single(value: S) -> ChunkSummary<S> {
        ChunkSummary {
            len: 1,
            total: value,
            prefix: value,
            prefix_end: 0,
            suffix: value,
            suffix_start: 0,
            best: Best {
                sum: value,
                start: 0,
                end: 0,
            },
        }
    }

    /// The summary of `values` in one plain scalar pass (no input checks);
    /// `None` when `values` is empty.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::subarray::ChunkSummary;
    ///
    /// let s = ChunkSummary::of_values(&[2_i64, -3, 4]).unwrap();
    /// assert_eq!((s.total, s.prefix, s.prefix_end, s.suffix, s.suffix_start), (3, 3, 2, 4, 2));
    /// assert!(ChunkSummary::<i128>::of_values::<i64>(&[]).is_none());
    /// ```
    pub fn of_values<T: Element<Sum = S>>(values: &[T]) -> Option<ChunkSummary<S>> {
        ChunkSummary::of_sums(values.iter().map(|value| value.widen()))
    }

    /// The summary of a sequence of sums (as [`ChunkSummary::of_values`], for
    /// callers that already hold sums, such as the column sums of
    /// [`rect`](super::rect)).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::subarray::ChunkSummary;
    ///
    /// let s = ChunkSummary::of_sums([1_i128, -2, 3]).unwrap();
    /// assert_eq!((s.best.sum, s.best.start), (3, 2));
    /// ```
    pub fn of_sums(sums: impl IntoIterator<Item = S>) -> Option<ChunkSummary<S>> {
        let mut sums = sums.into_iter();
        let first = sums.next()?;
        let mut summary = ChunkSummary::single(first);
        // Kadane: the best run ending here either extends the best run ending
        // at the previous element (when that is not negative: extending an
        // equal sum keeps the smaller start) or starts afresh.
        let mut current = first;
        let mut current_start = 0;
        let mut total = first;
        let mut index = 0;
        for value in sums {
            index += 1;
            total = total + value;
            if total > summary.prefix {
                summary.prefix = total;
                summary.prefix_end = index;
            }
            if current < S::ZERO {
                current = value;
                current_start = index;
            } else {
                current = current + value;
            }
            if current > summary.best.sum {
                summary.best = Best {
                    sum: current,
                    start: current_start,
                    end: index,
                };
            }
        }
        summary.len = index + 1;
        summary.total = total;
        summary.suffix = current;
        summary.suffix_start = current_start;
        Some(summary)
    }

    /// The summary of this chunk followed directly by `right`.
    ///
    /// The operation is associative (exactly so for integer sums), which is
    /// what makes any split of the input give the same answer.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::subarray::ChunkSummary;
    ///
    /// let left = ChunkSummary::of_values(&[30_i64, -40]).unwrap();
    /// let right = ChunkSummary::of_values(&[20_i64, 40]).unwrap();
    /// let both = left.combine(&right);
    /// assert_eq!((both.best.sum, both.best.start, both.best.end), (60, 2, 3));
    /// ```
    pub fn combine(&self, right: &ChunkSummary<S>) -> ChunkSummary<S> {
        self.combine_with_choices(right).0
    }

    pub(crate) fn combine_with_choices(
        &self,
        right: &ChunkSummary<S>,
    ) -> (ChunkSummary<S>, Choices) {
        let left = self;
        let offset = left.len;
        let extended_prefix = left.total + right.prefix;
        let prefix_crosses = extended_prefix > left.prefix;
        let (prefix, prefix_end) = if prefix_crosses {
            (extended_prefix, offset + right.prefix_end)
        } else {
            (left.prefix, left.prefix_end)
        };
        let extended_suffix = left.suffix + right.total;
        let suffix_crosses = extended_suffix >= right.suffix;
        let (suffix, suffix_start) = if suffix_crosses {
            (extended_suffix, left.suffix_start)
        } else {
            (right.suffix, offset + right.suffix_start)
        };
        let across = Best {
            sum: left.suffix + right.prefix,
            start: left.suffix_start,
            end: offset + right.prefix_end,
        };
        let right_best = Best {
            sum: right.best.sum,
            start: offset + right.best.start,
            end: offset + right.best.end,
        };
        let (mut best, mut side) = (left.best, Side::Left);
        if better(&across, &best) {
            (best, side) = (across, Side::Across);
        }
        if better(&right_best, &best) {
            (best, side) = (right_best, Side::Right);
        }
        let summary = ChunkSummary {
            len: left.len + right.len,
            total: left.total + right.total,
            prefix,
            prefix_end,
            suffix,
            suffix_start,
            best,
        };
        let choices = Choices {
            prefix_crosses,
            suffix_crosses,
            best: side,
        };
        (summary, choices)
    }
}

/// Folds `Option<ChunkSummary>` accumulators: `None` is the empty chunk.
pub(crate) fn append<S: Sum>(
    acc: Option<ChunkSummary<S>>,
    next: ChunkSummary<S>,
) -> Option<ChunkSummary<S>> {
    Some(match acc {
        None => next,
        Some(acc) => acc.combine(&next),
    })
}

/// The summary of `values` by the fastest sequential method.
///
/// # Errors
///
/// As [`max_subarray`](super::max_subarray).
///
/// # Example
///
/// ```
/// use puzzles::subarray::summarize;
///
/// let s = summarize(&[1_i64, -3, 2, 2, -1])?;
/// assert_eq!((s.total, s.prefix, s.suffix, s.best.sum), (1, 2, 3, 4));
/// assert_eq!((s.prefix_end, s.suffix_start), (3, 2));
/// # Ok::<(), puzzles::subarray::SubarrayError>(())
/// ```
pub fn summarize<T: Element>(values: &[T]) -> Result<ChunkSummary<T::Sum>, SubarrayError> {
    check_input(values)?;
    Ok(T::fast_summary(values))
}

/// The smallest chunk worth a task of its own: below this, splitting costs
/// more than it saves.
const MIN_PARALLEL_CHUNK: usize = 1 << 16;

/// Elements per block of the vector kernels, and the unit that parallel
/// chunks are rounded to: the lane summaries of a block are combined in `i128`,
/// so a block must be long enough to make that cost vanish, and short enough
/// that the 64-bit check rarely fails (it holds for `|x| ≤ 2⁵⁰`).
pub(crate) const BLOCK: usize = 4096;

/// The maximum subarray on all threads of the current rayon pool: the input
/// is cut into chunks, each summarised by the sequential kernel, and the
/// summaries are combined in order — the sequential answer exactly (for
/// `f64`, up to the rounding of the different order of additions).
///
/// Run it inside [`rayon::ThreadPool::install`] to choose the threads.
///
/// # Errors
///
/// As [`max_subarray`](super::max_subarray).
///
/// # Example
///
/// ```
/// use puzzles::subarray::{kadane, parallel};
///
/// let values: Vec<i64> = (0..100_000).map(|i| (i * 7919 % 201) - 100).collect();
/// assert_eq!(parallel(&values)?, kadane(&values)?);
/// # Ok::<(), puzzles::subarray::SubarrayError>(())
/// ```
pub fn parallel<T: Element>(values: &[T]) -> Result<Best<T::Sum>, SubarrayError> {
    check_input(values)?;
    let threads = rayon::current_num_threads();
    if threads <= 1 || values.len() < 2 * MIN_PARALLEL_CHUNK {
        return Ok(T::fast_summary(values).best);
    }
    // A few chunks per thread, so that a thread slowed by other work on the
    // machine leaves its share to be stolen.
    let chunk = values
        .len()
        .div_ceil(threads * 4)
        .max(MIN_PARALLEL_CHUNK)
        .next_multiple_of(BLOCK);
    Ok(summarize_chunks(values, chunk).best)
}

/// The summary of non-empty `values` cut into chunks of `chunk` elements,
/// summarised in parallel and combined in order.
pub(crate) fn summarize_chunks<T: Element>(values: &[T], chunk: usize) -> ChunkSummary<T::Sum> {
    values
        .par_chunks(chunk)
        .map(T::fast_summary)
        .reduce_with(|left, right| left.combine(&right))
        .expect("non-empty input has a chunk")
}
