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
pub use self::matrix::read_matrix;
pub use self::token::{BATCH, Batch, Parse, Stop};
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
    let mut values = Vec::new();
    for_each_block(reader, |block: &[T]| values.extend_from_slice(block))?;
    Ok(values)
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
