//! Reading numbers from text: a streaming tokenizer that parses a reader in
//! one pass with a fixed-size buffer, and reports a bad token with its line,
//! column and text.
//!
//! # Format
//!
//! Numbers are separated by any ASCII whitespace or commas (runs of them
//! count as one separator). A `#` where a number could start begins a
//! comment that runs to the end of the line. A UTF-8 byte-order mark at the
//! start is skipped. Integers are an optional `+` or `-` and decimal digits,
//! within the range of `i64`. Decimals (`f64`) are what Rust's `f64` parser
//! accepts (`1.5`, `-.25`, `6.02e23`), except NaN and infinities, and except
//! numbers too large for `f64` (`1e999`).
//!
//! A matrix ([`read_matrix`]) has one row per line; lines holding only
//! separators or a comment are skipped.
//!
//! # Speed
//!
//! Integers are parsed eight digits at a time (SWAR: a 64-bit load, a mask of
//! the non-digit bytes, three multiplications), with no branch that depends
//! on the length of a number, into a block of 4096 values handed to the
//! caller. Lines are counted only when a buffer is retired (a vectorised
//! count of newlines) or when an error needs its position.

//!
//! The files: `error` (what is wrong with a token, and where), `token` (what
//! every token loop shares, and the [`Parse`] trait), `integer` and `decimal`
//! (the two number types), `scalar`, `avx2` and `avx512` (the integer token
//! loops), `tokenizer` (the reader and its buffer), `matrix` ([`read_matrix`]).

use std::cell::Cell;
use std::io::Read;

use super::SubarrayError;

#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(target_arch = "x86_64")]
mod avx512;
mod decimal;
mod error;
mod integer;
mod matrix;
mod scalar;
#[cfg(test)]
mod tests;
mod token;
mod tokenizer;

pub use self::error::{MAX_TOKEN, Position, SyntaxError, SyntaxErrorKind};
pub use self::matrix::{read_matrix, read_matrix_up_to};
pub use self::token::{BATCH, Parse};
pub(crate) use self::tokenizer::Tokenizer;

/// Every number in `reader`, handed to `sink` in blocks of up to [`BATCH`],
/// in one pass with a fixed buffer. Returns how many numbers there were.
///
/// # Errors
///
/// [`SubarrayError::Syntax`] for the first bad token, [`SubarrayError::Io`]
/// when reading fails.
///
/// # Example
///
/// ```
/// use puzzles::subarray::parse::for_each_block;
///
/// let mut sum = 0;
/// let count = for_each_block::<i64, _, _>("1, 2, 3 # a comment\n4".as_bytes(), |block| {
///     sum += block.iter().sum::<i64>();
/// })?;
/// assert_eq!((count, sum), (4, 10));
/// # Ok::<(), puzzles::subarray::SubarrayError>(())
/// ```
pub fn for_each_block<T: Parse, R: Read, F: FnMut(&[T])>(
    reader: R,
    sink: F,
) -> Result<u64, SubarrayError> {
    Tokenizer::new(reader).run(sink)
}

/// Every number in `reader`, in memory.
///
/// # Errors
///
/// As [`for_each_block`].
///
/// # Example
///
/// ```
/// use puzzles::subarray::parse::read_values;
///
/// let values: Vec<f64> = read_values("# prices\n1.5 -2\n3e1".as_bytes())?;
/// assert_eq!(values, [1.5, -2.0, 30.0]);
/// # Ok::<(), puzzles::subarray::SubarrayError>(())
/// ```
pub fn read_values<T: Parse, R: Read>(reader: R) -> Result<Vec<T>, SubarrayError> {
    read_values_up_to(reader, MAX_KEPT_VALUES)
}

/// The most numbers [`read_values`] and [`read_matrix`] keep: 2²⁷, 1 GiB
/// of 64-bit numbers. The searches that need every number at once (circular,
/// bounded lengths, the top K, 2-D, the brute force) take no more; the plain
/// scan streams any number.
///
/// # Example
///
/// ```
/// use puzzles::subarray::parse::MAX_KEPT_VALUES;
///
/// assert_eq!(MAX_KEPT_VALUES, 134_217_728);
/// ```
pub const MAX_KEPT_VALUES: usize = 1 << 27;

/// [`read_values`] with another bound than [`MAX_KEPT_VALUES`]: reading
/// stops soon after `max` numbers, in memory bounded by them, whatever
/// follows (an endless pipe included).
///
/// # Errors
///
/// As [`for_each_block`], and [`SubarrayError::TooManyValues`] past `max`.
///
/// # Example
///
/// ```
/// use puzzles::subarray::{SubarrayError, parse::read_values_up_to};
///
/// assert_eq!(read_values_up_to::<i64, _>("1 2 3".as_bytes(), 3)?, [1, 2, 3]);
/// let err = read_values_up_to::<i64, _>("1 2 3 4".as_bytes(), 3).unwrap_err();
/// assert!(matches!(err, SubarrayError::TooManyValues { max: 3 }));
/// # Ok::<(), SubarrayError>(())
/// ```
pub fn read_values_up_to<T: Parse, R: Read>(
    reader: R,
    max: usize,
) -> Result<Vec<T>, SubarrayError> {
    let over = Cell::new(false);
    let mut values = Vec::new();
    let read = for_each_block(
        StopWhen {
            inner: reader,
            stop: &over,
        },
        |block: &[T]| {
            if over.get() || values.len() + block.len() > max {
                over.set(true);
            } else {
                extend_within(&mut values, block, max);
            }
        },
    );
    // Whatever the cut-off input then said (half a number, say), the bound
    // is why reading stopped.
    if over.get() {
        return Err(SubarrayError::TooManyValues { max });
    }
    read?;
    Ok(values)
}

/// Appends `block` to `values`, which may hold at most `max`, growing them
/// by doubling but never past `max`: the doubling past 2²⁶ numbers would
/// ask for 2 GiB to hold at most 1 GiB (an abort under a memory limit).
fn extend_within<T: Copy>(values: &mut Vec<T>, block: &[T], max: usize) {
    let needed = values.len() + block.len();
    if needed > values.capacity() {
        let target = (2 * values.capacity()).min(max).max(needed);
        values.reserve_exact(target - values.len());
    }
    values.extend_from_slice(block);
}

/// A reader that ends (reads nothing more) once `stop` is set.
struct StopWhen<'a, R> {
    inner: R,
    stop: &'a Cell<bool>,
}

impl<R: Read> Read for StopWhen<'_, R> {
    fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
        if self.stop.get() {
            return Ok(0);
        }
        self.inner.read(buffer)
    }
}

/// Every number in `text`.
///
/// # Errors
///
/// [`SubarrayError::Syntax`] for the first bad token.
///
/// # Example
///
/// ```
/// use puzzles::subarray::parse::parse_values;
///
/// assert_eq!(parse_values::<i64>("30 -40,20\t40")?, [30, -40, 20, 40]);
/// # Ok::<(), puzzles::subarray::SubarrayError>(())
/// ```
pub fn parse_values<T: Parse>(text: &str) -> Result<Vec<T>, SubarrayError> {
    read_values(text.as_bytes())
}
