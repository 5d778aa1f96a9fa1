//! The first and last few elements of a run, carried along with summaries so
//! that a streamed answer can show its elements without keeping the input.

use super::chunked::{Choices, Side};
use super::{ChunkSummary, Element};

/// Elements kept at each end of a run.
///
/// # Example
///
/// ```
/// use puzzles::subarray::{EXCERPT, Excerpt};
///
/// let values: Vec<i64> = (0..100).collect();
/// let excerpt = Excerpt::of(&values);
/// assert_eq!(EXCERPT, 10);
/// assert_eq!((excerpt.first().len(), excerpt.last().len()), (EXCERPT, EXCERPT));
/// assert_eq!(excerpt.omitted(), 100 - 2 * EXCERPT);
/// ```
pub const EXCERPT: usize = 10;

/// The first and last [`EXCERPT`] elements of a run of `len` elements: all of
/// them when `len <= 2 * EXCERPT`.
///
/// # Example
///
/// ```
/// use puzzles::subarray::Excerpt;
///
/// let values: Vec<i64> = (1..=25).collect();
/// let excerpt = Excerpt::of(&values);
/// assert_eq!(excerpt.first(), &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
/// assert_eq!(excerpt.last(), &[16, 17, 18, 19, 20, 21, 22, 23, 24, 25]);
/// assert_eq!(excerpt.omitted(), 5);
/// let short = Excerpt::of(&values[..3]);
/// assert_eq!((short.first(), short.last(), short.omitted()), (&[1, 2, 3][..], &[][..], 0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Excerpt<T> {
    len: usize,
    head: [T; EXCERPT],
    /// The last `min(len, EXCERPT)` elements (they may overlap `head`).
    tail: [T; EXCERPT],
}

impl<T: Copy + Default> Excerpt<T> {
    /// The excerpt of a whole slice.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::subarray::Excerpt;
    ///
    /// assert_eq!(Excerpt::of(&[1.5, 2.5]).len(), 2);
    /// ```
    pub fn of(values: &[T]) -> Excerpt<T> {
        let kept = values.len().min(EXCERPT);
        let mut head = [T::default(); EXCERPT];
        head[..kept].copy_from_slice(&values[..kept]);
        let mut tail = [T::default(); EXCERPT];
        tail[..kept].copy_from_slice(&values[values.len() - kept..]);
        Excerpt {
            len: values.len(),
            head,
            tail,
        }
    }

    /// How many elements the run holds.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::subarray::Excerpt;
    ///
    /// assert_eq!(Excerpt::of(&[0_i64; 100]).len(), 100);
    /// ```
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the run is empty.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::subarray::Excerpt;
    ///
    /// assert!(Excerpt::<i64>::of(&[]).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Its first elements (up to [`EXCERPT`]).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::subarray::Excerpt;
    ///
    /// assert_eq!(Excerpt::of(&[7_i64, 8]).first(), &[7, 8]);
    /// ```
    pub fn first(&self) -> &[T] {
        &self.head[..self.len.min(EXCERPT)]
    }

    /// Its last elements that are not among [`first`](Excerpt::first) (up
    /// to [`EXCERPT`]).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::subarray::Excerpt;
    ///
    /// let values: Vec<i64> = (0..12).collect();
    /// assert_eq!(Excerpt::of(&values).last(), &[10, 11]);
    /// ```
    pub fn last(&self) -> &[T] {
        let kept = self.len.min(EXCERPT);
        let fresh = (self.len - kept).min(EXCERPT);
        &self.tail[kept - fresh..kept]
    }

    /// How many elements lie between [`first`](Excerpt::first) and
    /// [`last`](Excerpt::last), not kept.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::subarray::Excerpt;
    ///
    /// assert_eq!(Excerpt::of(&[0_i64; 50]).omitted(), 30);
    /// ```
    pub fn omitted(&self) -> usize {
        self.len - self.first().len() - self.last().len()
    }

    /// The excerpt of a run of `len` elements from its first
    /// `min(len, EXCERPT)` elements and its last `min(len, EXCERPT)`
    /// elements (the rest of each array is not read).
    pub(crate) fn from_ends(len: usize, first: [T; EXCERPT], last: [T; EXCERPT]) -> Excerpt<T> {
        let kept = len.min(EXCERPT);
        let mut head = [T::default(); EXCERPT];
        head[..kept].copy_from_slice(&first[..kept]);
        let mut tail = [T::default(); EXCERPT];
        tail[..kept].copy_from_slice(&last[..kept]);
        Excerpt { len, head, tail }
    }

    /// The excerpt of this run followed directly by `next`.
    pub(crate) fn concat(&self, next: &Excerpt<T>) -> Excerpt<T> {
        let mut head = self.head;
        if self.len < EXCERPT {
            let taken = (EXCERPT - self.len).min(next.len);
            head[self.len..self.len + taken].copy_from_slice(&next.head[..taken]);
        }
        let mut tail = next.tail;
        if next.len < EXCERPT {
            let own = self.len.min(EXCERPT);
            let taken = (EXCERPT - next.len).min(own);
            let mut joined = [T::default(); EXCERPT];
            joined[..taken].copy_from_slice(&self.tail[own - taken..own]);
            joined[taken..taken + next.len].copy_from_slice(&next.tail[..next.len]);
            tail = joined;
        }
        Excerpt {
            len: self.len + next.len,
            head,
            tail,
        }
    }
}

/// A summary with excerpts of the runs it names: the whole chunk, its best
/// prefix, its best suffix, its best run.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Annotated<T: Element> {
    pub summary: ChunkSummary<T::Sum>,
    whole: Excerpt<T>,
    prefix: Excerpt<T>,
    suffix: Excerpt<T>,
    pub best: Excerpt<T>,
}

impl<T: Element> Annotated<T> {
    /// `values` with their summary.
    pub fn of(values: &[T], summary: ChunkSummary<T::Sum>) -> Annotated<T> {
        Annotated {
            summary,
            whole: Excerpt::of(values),
            prefix: Excerpt::of(&values[..=summary.prefix_end]),
            suffix: Excerpt::of(&values[summary.suffix_start..]),
            best: Excerpt::of(&values[summary.best.range()]),
        }
    }

    /// This chunk followed by `right`.
    pub fn combine(&self, right: &Annotated<T>) -> Annotated<T> {
        let (
            summary,
            Choices {
                prefix_crosses,
                suffix_crosses,
                best,
            },
        ) = self.summary.combine_with_choices(&right.summary);
        Annotated {
            summary,
            whole: self.whole.concat(&right.whole),
            prefix: if prefix_crosses {
                self.whole.concat(&right.prefix)
            } else {
                self.prefix
            },
            suffix: if suffix_crosses {
                self.suffix.concat(&right.whole)
            } else {
                right.suffix
            },
            best: match best {
                Side::Left => self.best,
                Side::Across => self.suffix.concat(&right.prefix),
                Side::Right => right.best,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn concatenation_keeps_the_ends_of_every_split() {
        let values: Vec<i64> = (0..60).collect();
        for len in 0..values.len() {
            for cut in 0..=len {
                let joined = Excerpt::of(&values[..cut]).concat(&Excerpt::of(&values[cut..len]));
                assert_eq!(joined, Excerpt::of(&values[..len]), "len {len}, cut {cut}");
            }
        }
    }
}
