//! The maximum subarray among runs whose length lies within bounds, in O(n):
//! prefix sums and a sliding-window minimum.

use std::collections::VecDeque;

use serde::{Deserialize, Serialize};

use super::{Best, Element, SubarrayError, Sum, Widened, check_input};

/// Allowed run lengths: from `min_len` to `max_len`, both at least 1.
///
/// # Example
///
/// ```
/// use puzzles::subarray::Bounds;
///
/// let bounds = Bounds::new(2, 5)?;
/// assert_eq!((bounds.min_len(), bounds.max_len()), (2, 5));
/// assert_eq!(Bounds::at_least(3)?.max_len(), usize::MAX);
/// assert!(Bounds::new(4, 3).is_err());
/// assert!(Bounds::at_most(0).is_err());
/// // Read from JSON, bounds are checked as `Bounds::new` checks them.
/// assert!(serde_json::from_str::<Bounds>(r#"{"min_len":4,"max_len":3}"#).is_err());
/// # Ok::<(), puzzles::subarray::SubarrayError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "BoundsFields")]
pub struct Bounds {
    min_len: usize,
    max_len: usize,
}

/// [`Bounds`] as JSON holds them, before [`Bounds::new`] has checked them.
#[derive(Deserialize)]
struct BoundsFields {
    min_len: usize,
    max_len: usize,
}

impl TryFrom<BoundsFields> for Bounds {
    type Error = SubarrayError;

    fn try_from(fields: BoundsFields) -> Result<Bounds, SubarrayError> {
        Bounds::new(fields.min_len, fields.max_len)
    }
}

impl Bounds {
    /// Lengths from `min_len` to `max_len`.
    ///
    /// # Errors
    ///
    /// [`SubarrayError::InvalidBounds`] when either is 0 or `min_len >
    /// max_len`.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::subarray::Bounds;
    ///
    /// assert_eq!(
    ///     Bounds::new(0, 3).unwrap_err().to_string(),
    ///     "the minimum length must be at least 1"
    /// );
    /// ```
    pub fn new(min_len: usize, max_len: usize) -> Result<Bounds, SubarrayError> {
        if min_len == 0 {
            return Err(SubarrayError::InvalidBounds(
                "the minimum length must be at least 1".into(),
            ));
        }
        if max_len == 0 {
            return Err(SubarrayError::InvalidBounds(
                "the maximum length must be at least 1".into(),
            ));
        }
        if min_len > max_len {
            return Err(SubarrayError::InvalidBounds(format!(
                "the minimum length {min_len} is greater than the maximum length {max_len}"
            )));
        }
        Ok(Bounds { min_len, max_len })
    }

    /// Lengths of at least `min_len`.
    ///
    /// # Errors
    ///
    /// As [`Bounds::new`].
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::subarray::Bounds;
    ///
    /// assert_eq!(Bounds::at_least(2)?.min_len(), 2);
    /// # Ok::<(), puzzles::subarray::SubarrayError>(())
    /// ```
    pub fn at_least(min_len: usize) -> Result<Bounds, SubarrayError> {
        Bounds::new(min_len, usize::MAX)
    }

    /// Lengths of at most `max_len`.
    ///
    /// # Errors
    ///
    /// As [`Bounds::new`].
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::subarray::Bounds;
    ///
    /// assert_eq!(Bounds::at_most(2)?.min_len(), 1);
    /// # Ok::<(), puzzles::subarray::SubarrayError>(())
    /// ```
    pub fn at_most(max_len: usize) -> Result<Bounds, SubarrayError> {
        Bounds::new(1, max_len)
    }

    /// Any length.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::subarray::Bounds;
    ///
    /// assert_eq!(Bounds::any(), Bounds::new(1, usize::MAX)?);
    /// # Ok::<(), puzzles::subarray::SubarrayError>(())
    /// ```
    pub fn any() -> Bounds {
        Bounds {
            min_len: 1,
            max_len: usize::MAX,
        }
    }

    /// The shortest length allowed.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::subarray::Bounds;
    ///
    /// assert_eq!(Bounds::new(3, 4)?.min_len(), 3);
    /// # Ok::<(), puzzles::subarray::SubarrayError>(())
    /// ```
    pub fn min_len(&self) -> usize {
        self.min_len
    }

    /// The longest length allowed (`usize::MAX` for no limit).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::subarray::Bounds;
    ///
    /// assert_eq!(Bounds::new(3, 4)?.max_len(), 4);
    /// # Ok::<(), puzzles::subarray::SubarrayError>(())
    /// ```
    pub fn max_len(&self) -> usize {
        self.max_len
    }
}

/// The maximum subarray among runs of `bounds.min_len()` to
/// `bounds.max_len()` elements, with the usual tie rule (smallest start, then
/// smallest end), in O(n) time and memory.
///
/// For each end, the best start is the one with the smallest prefix sum
/// before it within the window the bounds allow; a monotonic queue keeps the
/// window's minimum (the earliest among equals). Decimal prefix sums are
/// kept to about 106 bits: in `f64` a run's sum as the difference of two
/// large ones lost what they rounded away (after `-1e16`, the run `0.5, 3` of
/// `-1e16, 0.5, 3, 0.5` summed to 4, and won over `0.5, 3, 0.5`).
///
/// # Errors
///
/// [`SubarrayError::TooShort`] when the input is shorter than
/// `bounds.min_len()`; otherwise as [`kadane`](super::kadane).
///
/// # Example
///
/// ```
/// use puzzles::subarray::{bounded, Bounds};
///
/// let values = [5, -1, 5, -20, 3];
/// let best = bounded(&values, Bounds::at_most(2)?)?;
/// assert_eq!((best.sum, best.start, best.end), (5, 0, 0));
/// let best = bounded(&values, Bounds::at_least(4)?)?;
/// assert_eq!((best.sum, best.start, best.end), (-8, 0, 4));
/// assert!(bounded(&values, Bounds::at_least(6)?).is_err());
/// # Ok::<(), puzzles::subarray::SubarrayError>(())
/// ```
pub fn bounded<T: Element>(values: &[T], bounds: Bounds) -> Result<Best<T::Sum>, SubarrayError> {
    check_input(values)?;
    let n = values.len();
    if bounds.min_len > n {
        return Err(SubarrayError::TooShort {
            min_len: bounds.min_len,
            len: n,
        });
    }
    // prefix[i] is the sum of values[..i].
    let mut prefix = Vec::with_capacity(n + 1);
    let mut total = T::Sum::ZERO.wide();
    prefix.push(total);
    for value in values {
        total = total + value.widen().wide();
        prefix.push(total);
    }
    let mut window: VecDeque<usize> = VecDeque::new();
    // The best run so far, its sum kept wide: by the tie rule, a larger
    // sum, then a smaller start (ends only grow).
    let mut found: Option<(_, usize, usize)> = None;
    for end in bounds.min_len - 1..n {
        // The start that just became long enough joins the window; later
        // starts with a smaller or equal prefix make larger ones useless, but
        // an equal one never displaces an earlier one (smaller start).
        let newest = end + 1 - bounds.min_len;
        while window
            .back()
            .is_some_and(|&back| prefix[back] > prefix[newest])
        {
            window.pop_back();
        }
        window.push_back(newest);
        // Starts that make the run too long leave it.
        let earliest = (end + 1).saturating_sub(bounds.max_len);
        while window.front().is_some_and(|&front| front < earliest) {
            window.pop_front();
        }
        let start = *window.front().expect("the newest start is in the window");
        let sum = prefix[end + 1] - prefix[start];
        if found
            .is_none_or(|(best, best_start, _)| sum > best || (sum == best && start < best_start))
        {
            found = Some((sum, start, end));
        }
    }
    let (sum, start, end) = found.expect("at least one end");
    Ok(Best {
        sum: T::Sum::narrow(sum),
        start,
        end,
    })
}
