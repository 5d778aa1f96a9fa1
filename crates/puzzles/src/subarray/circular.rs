//! The maximum circular subarray: the run may go past the last element and
//! continue from the first.

use serde::{Deserialize, Serialize};

use super::{Element, HasSum, SubarrayError, Sum, check_input};

/// A run on the circle: `len` elements from `start`, going round. When it
/// wraps, `end < start`: it is `start..n` followed by `0..=end`.
///
/// The tie rule is the linear one read on the circle: the smallest start,
/// then the shortest run (for runs that do not wrap, the smallest end). The
/// whole circle counts once, as the run from index 0.
///
/// # Example
///
/// ```
/// use puzzles::subarray::CircularBest;
///
/// let run = CircularBest::new(7_i128, 4, 3, 5);
/// assert_eq!((run.end, run.wraps()), (1, true));
/// assert_eq!(run.indices().collect::<Vec<_>>(), [4, 0, 1]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CircularBest<S = i128> {
    /// The sum of the run.
    pub sum: S,
    /// The index of its first element.
    pub start: usize,
    /// The index of its last element (smaller than `start` when it wraps).
    pub end: usize,
    /// How many elements it holds, 1 to n.
    pub len: usize,
    /// The number of elements on the circle.
    pub n: usize,
}

impl<S> CircularBest<S> {
    /// The run of `len` elements from `start` on a circle of `n`.
    ///
    /// # Panics
    ///
    /// When `start >= n` or `len` is not between 1 and `n`.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::subarray::CircularBest;
    ///
    /// assert_eq!(CircularBest::new(1_i128, 1, 2, 4).end, 2);
    /// ```
    pub fn new(sum: S, start: usize, len: usize, n: usize) -> CircularBest<S> {
        assert!(
            start < n && (1..=n).contains(&len),
            "no run of {len} from {start} on {n}"
        );
        CircularBest {
            sum,
            start,
            end: (start + len - 1) % n,
            len,
            n,
        }
    }

    /// Whether the run goes past the last element back to the first.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::subarray::CircularBest;
    ///
    /// assert!(!CircularBest::new(1_i128, 0, 4, 4).wraps());
    /// assert!(CircularBest::new(1_i128, 3, 2, 4).wraps());
    /// ```
    pub fn wraps(&self) -> bool {
        self.start + self.len > self.n
    }

    /// The indices of the run's elements, in order round the circle.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::subarray::CircularBest;
    ///
    /// assert_eq!(CircularBest::new(1_i128, 2, 3, 4).indices().collect::<Vec<_>>(), [2, 3, 0]);
    /// ```
    pub fn indices(&self) -> impl Iterator<Item = usize> + use<S> {
        let (start, n) = (self.start, self.n);
        (0..self.len).map(move |i| (start + i) % n)
    }
}

impl<S: Sum> HasSum for CircularBest<S> {
    type Sum = S;
    fn sum(&self) -> S {
        self.sum
    }
}

/// The maximum circular subarray, in O(n).
///
/// A run that does not wrap is the linear maximum subarray. A run that wraps
/// leaves out a non-empty middle part lying within indices `1..=n-2`, so the
/// best wrapping run is the total minus the minimum run there; among minimum
/// runs, the one ending first (the wrapping run then starts first), then the
/// longest (the wrapping run is then shortest). The better of the two by the
/// tie rule is the answer.
///
/// # Errors
///
/// As [`kadane`](super::kadane).
///
/// # Example
///
/// ```
/// use puzzles::subarray::circular;
///
/// let best = circular(&[5, -3, 5])?;
/// assert_eq!((best.sum, best.start, best.end, best.len, best.wraps()), (10, 2, 0, 2, true));
/// // Nothing to gain by wrapping: the linear answer.
/// let best = circular(&[-1, 3, -1])?;
/// assert_eq!((best.sum, best.start, best.len), (3, 1, 1));
/// # Ok::<(), puzzles::subarray::SubarrayError>(())
/// ```
pub fn circular<T: Element>(values: &[T]) -> Result<CircularBest<T::Sum>, SubarrayError> {
    check_input(values)?;
    let n = values.len();
    let linear = T::fast_summary(values);
    let mut best = CircularBest::new(linear.best.sum, linear.best.start, linear.best.len(), n);
    if n >= 3 {
        let (least, least_start, least_end) = minimum_run(&values[1..n - 1]);
        let sum = linear.total - least;
        // The middle is values[1 + least_start ..= 1 + least_end].
        let start = least_end + 2;
        let len = n - (least_end - least_start + 1);
        let wrapping = CircularBest::new(sum, start % n, len, n);
        if sum > best.sum || (sum == best.sum && (wrapping.start, len) < (best.start, best.len)) {
            best = wrapping;
        }
    }
    Ok(best)
}

/// The minimum-sum non-empty run of `values` that ends first, and among those
/// the longest: `(sum, start, end)`.
fn minimum_run<T: Element>(values: &[T]) -> (T::Sum, usize, usize) {
    let mut current = values[0].widen();
    let mut current_start = 0;
    let mut least = (current, 0, 0);
    for (index, value) in values.iter().enumerate().skip(1) {
        // Extending a run whose sum is not positive gives a sum no larger,
        // from an earlier start.
        if current > T::Sum::ZERO {
            current = value.widen();
            current_start = index;
        } else {
            current = current + value.widen();
        }
        if current < least.0 {
            least = (current, current_start, index);
        }
    }
    least
}
