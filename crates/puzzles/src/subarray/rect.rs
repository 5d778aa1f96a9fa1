//! The maximum-sum rectangle of a matrix: Kadane over column sums for every
//! pair of rows, O(rows² · cols) — with the shorter side squared (the matrix
//! is turned when it has more rows than columns).

use serde::{Deserialize, Serialize};

use std::any::Any;

use rayon::prelude::*;

use super::{Best, ChunkSummary, Element, SubarrayError, Sum, check_input, kernel};

/// A matrix in row-major order.
///
/// # Example
///
/// ```
/// use puzzles::subarray::Matrix;
///
/// let m = Matrix::new(2, 2, vec![1, 2, 3, 4])?;
/// assert_eq!(m.get(1, 0), 3);
/// assert_eq!(m.row(1), &[3, 4]);
/// assert!(Matrix::new(2, 2, vec![1, 2, 3]).is_err());
/// // Read from JSON, a matrix is checked as `Matrix::new` checks it.
/// assert!(serde_json::from_str::<Matrix<i64>>(r#"{"rows":2,"cols":2,"values":[1]}"#).is_err());
/// # Ok::<(), puzzles::subarray::SubarrayError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(
    try_from = "MatrixFields<T>",
    bound(deserialize = "T: Copy + Deserialize<'de>")
)]
pub struct Matrix<T> {
    rows: usize,
    cols: usize,
    values: Vec<T>,
}

/// A [`Matrix`] as JSON holds it, before [`Matrix::new`] has checked it.
#[derive(Deserialize)]
struct MatrixFields<T> {
    rows: usize,
    cols: usize,
    values: Vec<T>,
}

impl<T: Copy> TryFrom<MatrixFields<T>> for Matrix<T> {
    type Error = SubarrayError;

    fn try_from(fields: MatrixFields<T>) -> Result<Matrix<T>, SubarrayError> {
        Matrix::new(fields.rows, fields.cols, fields.values)
    }
}

impl<T: Copy> Matrix<T> {
    /// A `rows`×`cols` matrix from its values, row after row.
    ///
    /// # Errors
    ///
    /// [`SubarrayError::MatrixShape`] when `values` does not hold
    /// `rows · cols` values.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::subarray::Matrix;
    ///
    /// assert_eq!(Matrix::new(1, 3, vec![1.5, 2.0, -1.0])?.cols(), 3);
    /// # Ok::<(), puzzles::subarray::SubarrayError>(())
    /// ```
    pub fn new(rows: usize, cols: usize, values: Vec<T>) -> Result<Matrix<T>, SubarrayError> {
        if rows.checked_mul(cols) != Some(values.len()) {
            return Err(SubarrayError::MatrixShape {
                rows,
                cols,
                len: values.len(),
            });
        }
        Ok(Matrix { rows, cols, values })
    }

    /// The number of rows.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::subarray::Matrix;
    ///
    /// assert_eq!(Matrix::new(3, 1, vec![1, 2, 3])?.rows(), 3);
    /// # Ok::<(), puzzles::subarray::SubarrayError>(())
    /// ```
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::subarray::Matrix;
    ///
    /// assert_eq!(Matrix::new(3, 1, vec![1, 2, 3])?.cols(), 1);
    /// # Ok::<(), puzzles::subarray::SubarrayError>(())
    /// ```
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The value at `row`, `col`.
    ///
    /// # Panics
    ///
    /// When `row` or `col` is outside the matrix.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::subarray::Matrix;
    ///
    /// assert_eq!(Matrix::new(2, 2, vec![1, 2, 3, 4])?.get(0, 1), 2);
    /// # Ok::<(), puzzles::subarray::SubarrayError>(())
    /// ```
    pub fn get(&self, row: usize, col: usize) -> T {
        assert!(
            row < self.rows && col < self.cols,
            "({row}, {col}) is outside the matrix"
        );
        self.values[row * self.cols + col]
    }

    /// One row.
    ///
    /// # Panics
    ///
    /// When `row` is outside the matrix.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::subarray::Matrix;
    ///
    /// assert_eq!(Matrix::new(2, 2, vec![1, 2, 3, 4])?.row(0), &[1, 2]);
    /// # Ok::<(), puzzles::subarray::SubarrayError>(())
    /// ```
    pub fn row(&self, row: usize) -> &[T] {
        &self.values[row * self.cols..][..self.cols]
    }

    /// Every value, row after row.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::subarray::Matrix;
    ///
    /// assert_eq!(Matrix::new(1, 2, vec![1, 2])?.values(), &[1, 2]);
    /// # Ok::<(), puzzles::subarray::SubarrayError>(())
    /// ```
    pub fn values(&self) -> &[T] {
        &self.values
    }

    /// The matrix turned over its diagonal: rows become columns.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::subarray::Matrix;
    ///
    /// let t = Matrix::new(2, 3, vec![1, 2, 3, 4, 5, 6])?.transposed();
    /// assert_eq!(t.values(), &[1, 4, 2, 5, 3, 6]);
    /// # Ok::<(), puzzles::subarray::SubarrayError>(())
    /// ```
    pub fn transposed(&self) -> Matrix<T> {
        let mut values = Vec::with_capacity(self.values.len());
        for col in 0..self.cols {
            values.extend((0..self.rows).map(|row| self.values[row * self.cols + col]));
        }
        Matrix {
            rows: self.cols,
            cols: self.rows,
            values,
        }
    }
}

/// A rectangle of a matrix and its sum: rows `top..=bottom`, columns
/// `left..=right`, 0-based.
///
/// # Example
///
/// ```
/// use puzzles::subarray::Rect;
///
/// let r = Rect { sum: 10_i128, top: 1, left: 0, bottom: 2, right: 3 };
/// assert_eq!((r.height(), r.width()), (2, 4));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rect<S = i128> {
    /// The sum of its cells.
    pub sum: S,
    /// Its first row.
    pub top: usize,
    /// Its first column.
    pub left: usize,
    /// Its last row.
    pub bottom: usize,
    /// Its last column.
    pub right: usize,
}

impl<S> Rect<S> {
    /// The number of rows it spans (0 for fields set by hand with `top`
    /// below `bottom`).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::subarray::Rect;
    ///
    /// assert_eq!(Rect { sum: 1_i128, top: 2, left: 0, bottom: 2, right: 0 }.height(), 1);
    /// ```
    pub fn height(&self) -> usize {
        super::span(self.top, self.bottom)
    }

    /// The number of columns it spans (0 for fields set by hand with
    /// `left` right of `right`).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::subarray::Rect;
    ///
    /// assert_eq!(Rect { sum: 1_i128, top: 0, left: 1, bottom: 0, right: 3 }.width(), 3);
    /// ```
    pub fn width(&self) -> usize {
        super::span(self.left, self.right)
    }

    fn key(&self) -> (usize, usize, usize, usize) {
        (self.top, self.left, self.bottom, self.right)
    }
}

impl<S: Sum> super::HasSum for Rect<S> {
    type Sum = S;
    fn sum(&self) -> S {
        self.sum
    }
}

/// Whether `a` beats `b`: a larger sum, or an equal one and a smaller
/// (top, left, bottom, right).
fn better_rect<S: Sum>(a: &Rect<S>, b: &Rect<S>) -> bool {
    a.sum > b.sum || (a.sum == b.sum && a.key() < b.key())
}

/// The maximum-sum rectangle. Among rectangles with the maximum sum, the one
/// with the smallest top, then left, then bottom, then right.
///
/// For every pair of rows along the shorter side, the sums of the columns
/// between them go through Kadane: O(short² · long) time, O(long) extra
/// memory (plus a turned copy when the matrix is taller than wide). Integer
/// matrices whose every sum fits in 64 bits use the vectorised kernel.
///
/// # Errors
///
/// [`SubarrayError::EmptyInput`] for a matrix without cells; for `f64`, the
/// errors of [`Element::check`].
///
/// # Example
///
/// ```
/// use puzzles::subarray::{rect, Matrix};
///
/// let m = Matrix::new(3, 4, vec![
///      1, -2, -1,  4,
///     -8,  3,  4,  2,
///      3,  8, 10, -8,
/// ])?;
/// let best = rect(&m)?;
/// assert_eq!((best.sum, best.top, best.left, best.bottom, best.right), (25, 1, 1, 2, 2));
/// # Ok::<(), puzzles::subarray::SubarrayError>(())
/// ```
pub fn rect<T: Element>(matrix: &Matrix<T>) -> Result<Rect<T::Sum>, SubarrayError> {
    solve(matrix, false)
}

/// [`rect`] with the first rows of the pairs shared out over the threads of
/// the current rayon pool: the same answer.
///
/// # Errors
///
/// As [`rect`].
///
/// # Example
///
/// ```
/// use puzzles::subarray::{rect, rect_parallel, Matrix};
///
/// let values: Vec<i64> = (0..40 * 30).map(|i| (i * 7919 % 41) - 20).collect();
/// let m = Matrix::new(40, 30, values)?;
/// assert_eq!(rect_parallel(&m)?, rect(&m)?);
/// # Ok::<(), puzzles::subarray::SubarrayError>(())
/// ```
pub fn rect_parallel<T: Element>(matrix: &Matrix<T>) -> Result<Rect<T::Sum>, SubarrayError> {
    solve(matrix, true)
}

fn solve<T: Element>(matrix: &Matrix<T>, parallel: bool) -> Result<Rect<T::Sum>, SubarrayError> {
    check_input(matrix.values())?;
    let turned = matrix.rows > matrix.cols;
    let turned_copy;
    let wide = if turned {
        turned_copy = matrix.transposed();
        &turned_copy
    } else {
        matrix
    };
    let any: &dyn Any = wide;
    if let Some(ints) = any
        .downcast_ref::<Matrix<i64>>()
        .filter(|m| sums_fit_i64(m))
    {
        let found = search(
            ints,
            turned,
            parallel,
            |sum: &mut i64, value| *sum += value,
            |sums| kernel::summarize_i64(sums).best,
        );
        let found: &dyn Any = &found;
        return Ok(*found.downcast_ref().expect("i64 matrices sum in i128"));
    }
    Ok(search(
        wide,
        turned,
        parallel,
        |sum: &mut T::Sum, value: T| *sum = *sum + value.widen(),
        |sums| {
            ChunkSummary::of_sums(sums.iter().copied())
                .expect("rows are non-empty")
                .best
        },
    ))
}

/// Whether every sum of an integer matrix's cells, doubled, fits in `i64`.
fn sums_fit_i64(matrix: &Matrix<i64>) -> bool {
    let magnitude = matrix
        .values
        .iter()
        .map(|v| v.unsigned_abs())
        .max()
        .unwrap_or(0);
    2 * matrix.values.len() as u128 * u128::from(magnitude) <= i64::MAX as u128
}

/// The search over pairs of rows of a matrix at least as wide as tall:
/// `add` accumulates column sums, `kadane` finds the best run of them.
fn search<V, A, S>(
    matrix: &Matrix<V>,
    turned: bool,
    parallel: bool,
    add: impl Fn(&mut A, V) + Sync,
    kadane: impl Fn(&[A]) -> Best<S> + Sync,
) -> Rect<S>
where
    V: Copy + Sync,
    A: Copy + Default + Send,
    S: Sum,
{
    let from_first = |first: usize| {
        let mut sums = vec![A::default(); matrix.cols];
        let mut found: Option<Rect<S>> = None;
        for last in first..matrix.rows {
            for (sum, &value) in sums.iter_mut().zip(matrix.row(last)) {
                add(sum, value);
            }
            let run = kadane(&sums);
            let candidate = if turned {
                Rect {
                    sum: run.sum,
                    top: run.start,
                    left: first,
                    bottom: run.end,
                    right: last,
                }
            } else {
                Rect {
                    sum: run.sum,
                    top: first,
                    left: run.start,
                    bottom: last,
                    right: run.end,
                }
            };
            if found.is_none_or(|best| better_rect(&candidate, &best)) {
                found = Some(candidate);
            }
        }
        found.expect("at least one pair of rows")
    };
    let pick = |a: Rect<S>, b: Rect<S>| if better_rect(&b, &a) { b } else { a };
    if parallel {
        (0..matrix.rows)
            .into_par_iter()
            .map(from_first)
            .reduce_with(pick)
            .expect("at least one row")
    } else {
        (0..matrix.rows)
            .map(from_first)
            .reduce(pick)
            .expect("at least one row")
    }
}
