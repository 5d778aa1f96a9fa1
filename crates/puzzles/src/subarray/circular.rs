//! The maximum circular subarray: the run may go past the last element and
//! continue from the first.

use serde::{Deserialize, Serialize};

use super::{EXCERPT, Element, Excerpt, HasSum, SubarrayError, Sum, Wide, Widened, check_input};

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
/// tie rule is the answer. For decimals the total and the least run are
/// kept to about 106 bits: in `f64` the total of `1, -1e16, 1` is `-1e16`,
/// and the wrapping run's sum, the total less `-1e16`, came out as 0, not 2.
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
        let total = values.iter().fold(T::Sum::ZERO.wide(), |total, value| {
            total + value.widen().wide()
        });
        // The middle is values[1 + least_start ..= 1 + least_end].
        let wrapping = wrapping_run(total, (least, 1 + least_start, 1 + least_end), n);
        if wrapping_wins(&wrapping, &best) {
            best = wrapping;
        }
    }
    Ok(best)
}

/// The run that wraps round the middle `values[start..=end]` whose sum is
/// `least`, on a circle of `n` whose elements add up to `total`.
fn wrapping_run<S: Sum>(
    total: S::Wide,
    (least, start, end): (S::Wide, usize, usize),
    n: usize,
) -> CircularBest<S> {
    CircularBest::new(
        S::narrow(total - least),
        (end + 1) % n,
        n - (end - start + 1),
        n,
    )
}

/// The tie rule: a larger sum, then the smaller start, then the shorter run.
fn wrapping_wins<S: Sum>(wrapping: &CircularBest<S>, linear: &CircularBest<S>) -> bool {
    wrapping.sum > linear.sum
        || (wrapping.sum == linear.sum
            && (wrapping.start, wrapping.len) < (linear.start, linear.len))
}

/// [`circular`] folded over the numbers as they are read, block by block, in
/// O(1) memory: the middle run that the best wrapping run leaves out, found
/// as [`minimum_run`] finds it, with the elements around it that the answer
/// shows. The linear best comes from the streamed scan beside it.
///
/// The middle lies within indices `1..=n-2`, but the fold cannot tell the
/// last element until the input ends: it takes every element from index 1
/// on. When the least run then ends at the last element, no wrapping run
/// beats the linear best: leaving out that run leaves a prefix, which the
/// linear best matches, from index 0; and any middle ending earlier sums to
/// no less, so its wrapping run sums to no more, from a later start. The
/// elements around the least run are gathered once per block, not once per
/// element, so the loop over a block is [`minimum_run`]'s.
pub(crate) struct MiddleFold<T: Element> {
    /// How many elements were pushed.
    seen: usize,
    /// Their sum, kept wide.
    total: Wide<T>,
    /// The first elements of the input.
    head: [T; EXCERPT],
    /// The last elements of the blocks pushed.
    recent: Recent<T>,
    /// The run of the middle that ends at the latest element.
    current: Run<Wide<T>>,
    /// The elements before a start of `current`, and that start: kept at
    /// the end of the block where it started.
    current_before: ([T; EXCERPT], usize),
    /// The least run so far.
    least: Option<Run<Wide<T>>>,
    /// The elements around it.
    surroundings: Option<Surroundings<T>>,
}

/// A run of the middle: its sum and the indices of its first and last
/// elements.
#[derive(Clone, Copy)]
struct Run<S> {
    sum: S,
    start: usize,
    end: usize,
}

/// The elements just before a run and just after it: as many as the answer
/// shows.
#[derive(Clone, Copy)]
struct Surroundings<T> {
    start: usize,
    end: usize,
    /// The `min(start, EXCERPT)` elements before the run.
    before: [T; EXCERPT],
    /// The first `after_len` elements after the run.
    after: [T; EXCERPT],
    after_len: usize,
}

/// The last [`EXCERPT`] elements of a stream, each in the slot of its index.
#[derive(Clone, Copy)]
struct Recent<T> {
    ring: [T; EXCERPT],
    /// How many elements went in.
    pushed: usize,
}

impl<T: Copy + Default> Recent<T> {
    fn new() -> Recent<T> {
        Recent {
            ring: [T::default(); EXCERPT],
            pushed: 0,
        }
    }

    fn extend(&mut self, block: &[T]) {
        let skipped = block.len().saturating_sub(EXCERPT);
        for (offset, &value) in block[skipped..].iter().enumerate() {
            self.ring[(self.pushed + skipped + offset) % EXCERPT] = value;
        }
        self.pushed += block.len();
    }

    /// Element `index` of the stream, one of the last [`EXCERPT`] pushed.
    fn get(&self, index: usize) -> T {
        debug_assert!(index < self.pushed && self.pushed - index <= EXCERPT);
        self.ring[index % EXCERPT]
    }
}

impl<T: Element> MiddleFold<T> {
    pub(crate) fn new() -> MiddleFold<T> {
        MiddleFold {
            seen: 0,
            total: T::Sum::ZERO.wide(),
            head: [T::default(); EXCERPT],
            recent: Recent::new(),
            current: Run {
                sum: T::Sum::ZERO.wide(),
                start: 0,
                end: 0,
            },
            current_before: ([T::default(); EXCERPT], 0),
            least: None,
            surroundings: None,
        }
    }

    /// Takes the next block of numbers.
    pub(crate) fn push(&mut self, block: &[T]) {
        let base = self.seen;
        let mut values = block.iter().copied().enumerate();
        if base == 0 {
            let Some((_, first)) = values.next() else {
                return;
            };
            self.total = first.widen().wide();
        }
        let mut total = self.total;
        let zero = T::Sum::ZERO.wide();
        let mut current = self.current;
        let mut least = self.least;
        for (offset, value) in values {
            let index = base + offset;
            let value = value.widen().wide();
            total = total + value;
            // As `minimum_run`: extending a run whose sum is not positive
            // gives a sum no larger, from an earlier start.
            if index == 1 || current.sum > zero {
                current = Run {
                    sum: value,
                    start: index,
                    end: index,
                };
            } else {
                current.sum = current.sum + value;
                current.end = index;
            }
            if least.is_none_or(|run| current.sum < run.sum) {
                least = Some(current);
            }
        }
        (self.total, self.current) = (total, current);
        self.least = least;
        self.end_block(block, base);
    }

    /// Gathers what the block holds of the elements around the runs kept.
    fn end_block(&mut self, block: &[T], base: usize) {
        let element = |index: usize| {
            if index >= base {
                block[index - base]
            } else {
                self.recent.get(index)
            }
        };
        // The last `min(start, EXCERPT)` elements before `start`.
        let before = |start: usize| {
            let mut before = [T::default(); EXCERPT];
            let kept = start.min(EXCERPT);
            for (offset, slot) in before[..kept].iter_mut().enumerate() {
                *slot = element(start - kept + offset);
            }
            before
        };
        let end = base + block.len();
        if let Some(run) = self.least {
            let mut around = self
                .surroundings
                .filter(|around| (around.start, around.end) == (run.start, run.end))
                .unwrap_or_else(|| Surroundings {
                    start: run.start,
                    end: run.end,
                    // A run that started in an earlier block is the current
                    // run of then, whose elements before were kept.
                    before: if run.start >= base {
                        before(run.start)
                    } else {
                        debug_assert_eq!(run.start, self.current_before.1);
                        self.current_before.0
                    },
                    after: [T::default(); EXCERPT],
                    after_len: 0,
                });
            while around.after_len < EXCERPT {
                let index = around.end + 1 + around.after_len;
                if index >= end {
                    break;
                }
                around.after[around.after_len] = element(index);
                around.after_len += 1;
            }
            self.surroundings = Some(around);
        }
        if self.current.start >= base && end >= 2 {
            self.current_before = (before(self.current.start), self.current.start);
        }
        if base < EXCERPT {
            let taken = (EXCERPT - base).min(block.len());
            self.head[base..base + taken].copy_from_slice(&block[..taken]);
        }
        self.recent.extend(block);
        self.seen = end;
    }

    /// The best run on the circle, given the best that does not wrap (found
    /// by the streamed scan of the same numbers) and its elements.
    pub(crate) fn finish(
        &self,
        linear: CircularBest<T::Sum>,
        linear_elements: Excerpt<T>,
    ) -> (CircularBest<T::Sum>, Excerpt<T>) {
        let n = self.seen;
        // A least run that ends at the last element leaves the linear best
        // (see above); so does a circle of two.
        let (Some(least), Some(around)) = (self.least, &self.surroundings) else {
            return (linear, linear_elements);
        };
        if least.end + 1 >= n {
            return (linear, linear_elements);
        }
        let wrapping = wrapping_run(self.total, (least.sum, least.start, least.end), n);
        if !wrapping_wins(&wrapping, &linear) {
            return (linear, linear_elements);
        }
        // The run is `values[end + 1..n]` and then `values[..start]`.
        let after_len = n - least.end - 1;
        let mut last = [T::default(); EXCERPT];
        let kept = after_len.min(EXCERPT);
        for (offset, slot) in last[..kept].iter_mut().enumerate() {
            *slot = self.recent.get(n - kept + offset);
        }
        let after = Excerpt::from_ends(after_len, around.after, last);
        let before = Excerpt::from_ends(least.start, self.head, around.before);
        (wrapping, after.concat(&before))
    }
}

/// The minimum-sum non-empty run of `values` that ends first, and among those
/// the longest: `(sum, start, end)`, the sum kept wide.
fn minimum_run<T: Element>(values: &[T]) -> (Wide<T>, usize, usize) {
    let zero = T::Sum::ZERO.wide();
    let mut current = values[0].widen().wide();
    let mut current_start = 0;
    let mut least = (current, 0, 0);
    for (index, value) in values.iter().enumerate().skip(1) {
        // Extending a run whose sum is not positive gives a sum no larger,
        // from an earlier start.
        if current > zero {
            current = value.widen().wide();
            current_start = index;
        } else {
            current = current + value.widen().wide();
        }
        if current < least.0 {
            least = (current, current_start, index);
        }
    }
    least
}
