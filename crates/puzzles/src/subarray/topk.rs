//! The K best disjoint runs, greedily: the maximum subarray, then the maximum
//! subarray of what is left, and so on.
//!
//! This is the K-disjoint maximum subarray problem as Bae and Takaoka define
//! it: the i-th run is the best run sharing no element with the first i − 1.
//! (It is not the same as choosing K disjoint runs to maximise their total:
//! for `5 -1 5` and K = 2 the greedy answer is `5 -1 5` alone, since nothing
//! is left beside it, where the best total would take `5` and `5`.)
//!
//! What is left after each choice is a set of gaps; each gap's best run comes
//! from a segment tree of chunk [`ChunkSummary`]s in O(log n + leaf), so K runs
//! cost O(n + K (log n + leaf)).

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use super::{Best, ChunkSummary, Element, SubarrayError, Sum, check_input};

/// Elements per leaf of the tree: partial leaves are summarised directly.
const LEAF: usize = 64;

/// The most runs [`top_k`] finds in one call: 2²⁰. The runs and the gaps
/// between them are kept until the call returns, about 80 bytes a run, so
/// this bounds them at some 80 MiB whatever the input's length.
///
/// # Example
///
/// ```
/// use puzzles::subarray::{MAX_RUNS, SubarrayError, top_k};
///
/// assert_eq!(MAX_RUNS, 1 << 20);
/// assert!(matches!(top_k(&[1, -1, 1], MAX_RUNS + 1), Err(SubarrayError::TooManyRuns(_))));
/// ```
pub const MAX_RUNS: usize = 1 << 20;

/// The `k` best pairwise-disjoint runs, chosen greedily, in the order they
/// are chosen (which is by sum, largest first, ties by position). Fewer than
/// `k` when every element has been used. The first is the maximum subarray.
///
/// # Errors
///
/// [`SubarrayError::ZeroCount`] for `k == 0`,
/// [`SubarrayError::TooManyRuns`] past [`MAX_RUNS`]; otherwise as
/// [`kadane`](super::kadane).
///
/// # Example
///
/// ```
/// use puzzles::subarray::top_k;
///
/// let runs = top_k(&[4, -9, 3, 3, -9, 5, -1, 1], 3)?;
/// let found: Vec<_> = runs.iter().map(|b| (b.sum, b.start, b.end)).collect();
/// assert_eq!(found, [(6, 2, 3), (5, 5, 5), (4, 0, 0)]);
/// // Only three elements: at most three runs.
/// assert_eq!(top_k(&[-1, -2, -3], 5)?.len(), 3);
/// # Ok::<(), puzzles::subarray::SubarrayError>(())
/// ```
pub fn top_k<T: Element>(values: &[T], k: usize) -> Result<Vec<Best<T::Sum>>, SubarrayError> {
    check_run_count(k)?;
    check_input(values)?;
    let tree = Tree::new(values);
    let mut gaps = BinaryHeap::new();
    gaps.push(Gap::new(&tree, 0, values.len()));
    let mut found = Vec::with_capacity(k.min(values.len()));
    while found.len() < k {
        let Some(gap) = gaps.pop() else { break };
        let best = gap.best;
        found.push(best);
        if gap.start < best.start {
            gaps.push(Gap::new(&tree, gap.start, best.start));
        }
        if best.end + 1 < gap.end {
            gaps.push(Gap::new(&tree, best.end + 1, gap.end));
        }
    }
    Ok(found)
}

/// Refuses a count of runs that is 0 or past [`MAX_RUNS`].
pub(super) fn check_run_count(k: usize) -> Result<(), SubarrayError> {
    match k {
        0 => Err(SubarrayError::ZeroCount),
        k if k > MAX_RUNS => Err(SubarrayError::TooManyRuns(k)),
        _ => Ok(()),
    }
}

/// An unused stretch `start..end` and its best run.
struct Gap<S> {
    start: usize,
    end: usize,
    best: Best<S>,
}

impl<S: Sum> Gap<S> {
    fn new<T: Element<Sum = S>>(tree: &Tree<'_, T>, start: usize, end: usize) -> Gap<S> {
        let best = tree.summary(start, end).best;
        Gap {
            start,
            end,
            best: Best {
                sum: best.sum,
                start: start + best.start,
                end: start + best.end,
            },
        }
    }
}

// The heap pops the gap whose best run comes first by the tie rule: the
// largest sum, then the smallest start (gaps are disjoint, so starts differ).
impl<S: Sum> Ord for Gap<S> {
    fn cmp(&self, other: &Gap<S>) -> Ordering {
        self.best
            .sum
            .partial_cmp(&other.best.sum)
            .unwrap_or(Ordering::Equal)
            .then_with(|| other.best.start.cmp(&self.best.start))
    }
}

impl<S: Sum> PartialOrd for Gap<S> {
    fn partial_cmp(&self, other: &Gap<S>) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<S: Sum> PartialEq for Gap<S> {
    fn eq(&self, other: &Gap<S>) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl<S: Sum> Eq for Gap<S> {}

/// A bottom-up segment tree over leaves of [`LEAF`] elements.
struct Tree<'a, T: Element> {
    values: &'a [T],
    /// Leaves at `size..size + leaves`, parents at `i / 2`; `None` past the
    /// last leaf.
    nodes: Vec<Option<ChunkSummary<T::Sum>>>,
    size: usize,
}

impl<'a, T: Element> Tree<'a, T> {
    fn new(values: &'a [T]) -> Tree<'a, T> {
        let leaves = values.len().div_ceil(LEAF);
        let size = leaves.next_power_of_two();
        let mut nodes = vec![None; 2 * size];
        for (i, chunk) in values.chunks(LEAF).enumerate() {
            nodes[size + i] = ChunkSummary::of_values(chunk);
        }
        for i in (1..size).rev() {
            nodes[i] = join(nodes[2 * i], nodes[2 * i + 1]);
        }
        Tree {
            values,
            nodes,
            size,
        }
    }

    /// The summary of `values[start..end]` (non-empty), indices relative to
    /// `start`.
    fn summary(&self, start: usize, end: usize) -> ChunkSummary<T::Sum> {
        let first_leaf = start.div_ceil(LEAF);
        let last_leaf = end / LEAF;
        if first_leaf >= last_leaf {
            return ChunkSummary::of_values(&self.values[start..end]).expect("a non-empty gap");
        }
        let head = ChunkSummary::of_values(&self.values[start..first_leaf * LEAF]);
        let tail = ChunkSummary::of_values(&self.values[last_leaf * LEAF..end]);
        let middle = self.leaves(first_leaf, last_leaf);
        join(join(head, middle), tail).expect("a non-empty gap")
    }

    /// The summary of leaves `first..last`, combined in order.
    fn leaves(&self, first: usize, last: usize) -> Option<ChunkSummary<T::Sum>> {
        let (mut lo, mut hi) = (first + self.size, last + self.size);
        let (mut left, mut right) = (None, None);
        while lo < hi {
            if lo % 2 == 1 {
                left = join(left, self.nodes[lo]);
                lo += 1;
            }
            if hi % 2 == 1 {
                hi -= 1;
                right = join(self.nodes[hi], right);
            }
            lo /= 2;
            hi /= 2;
        }
        join(left, right)
    }
}

fn join<S: Sum>(
    left: Option<ChunkSummary<S>>,
    right: Option<ChunkSummary<S>>,
) -> Option<ChunkSummary<S>> {
    match (left, right) {
        (Some(left), Some(right)) => Some(left.combine(&right)),
        (left, None) => left,
        (None, right) => right,
    }
}
