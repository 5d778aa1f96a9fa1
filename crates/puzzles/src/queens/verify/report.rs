//! What a check says: a [`Verdict`] on a well-formed placement, or a
//! [`VerifyError`] for an input that is none.

use std::io;

use crate::text::Position;
use crate::trace::ConflictKind;

/// What a well-formed placement turned out to be.
///
/// # Example
///
/// ```
/// use puzzles::queens::verify::{Verdict, verify};
/// use puzzles::trace::ConflictKind;
///
/// let verdict = verify(&b"0, 0"[..])?;
/// assert_eq!(
///     verdict,
///     Verdict::Attack { n: 2, first: (0, 0), second: (1, 0), kind: ConflictKind::Column }
/// );
/// # Ok::<(), puzzles::queens::verify::VerifyError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// No two of the `n` queens attack each other.
    Valid {
        /// The board size: the number of columns given.
        n: u64,
    },
    /// Two queens attack each other: `second` is the first row whose queen
    /// is attacked by an earlier one, `first` the earliest row attacking it.
    Attack {
        /// The board size.
        n: u64,
        /// The earlier queen, `(row, col)`.
        first: (u64, u64),
        /// The later queen, `(row, col)`.
        second: (u64, u64),
        /// Whether they share a column or a diagonal.
        kind: ConflictKind,
    },
}

/// Why an input is not a placement at all.
///
/// Lines and columns count from 1; a column counts bytes, which are
/// characters up to any error (only ASCII is ever valid).
///
/// # Example
///
/// ```
/// use puzzles::queens::verify::{VerifyError, verify};
///
/// let error = verify(&b"[0, 5]"[..]).unwrap_err();
/// assert!(matches!(error, VerifyError::OffBoard { line: 1, column: 5, value: 5, n: 2 }));
/// assert_eq!(
///     error.to_string(),
///     "line 1, column 5: column 5 is off the board: 2 rows, so the columns are 0 to 1"
/// );
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum VerifyError {
    /// Something other than a list of numbers.
    #[error("{}: {message}", Position { line: *line, column: *column })]
    Syntax {
        /// The line of the offending character.
        line: u64,
        /// Its column.
        column: u64,
        /// What was expected and what was found.
        message: String,
    },
    /// A column outside `0..n`; the largest one given is reported.
    #[error(
        "{}: column {value} is off the board: {n} rows, so the columns are 0 to {}",
        Position { line: *line, column: *column },
        n - 1
    )]
    OffBoard {
        /// The line of the column.
        line: u64,
        /// Where it starts on its line.
        column: u64,
        /// The column given.
        value: u64,
        /// The number of rows, `n`.
        n: u64,
    },
    /// No number at all.
    #[error("no columns found: a placement needs at least one")]
    Empty,
    /// A pipe with more rows than [`verify`](super::verify) keeps.
    #[error(
        "more than {max} rows from a stream, the most kept (4 bytes a row); save them to a file, \
         which is checked in about 5 bits a row"
    )]
    TooManyRows {
        /// The most rows [`verify`](super::verify) takes.
        max: u64,
    },
    /// The second reading, which names the earlier queen of an attacking
    /// pair, found no attacker: the input was rewritten between the two.
    #[error("the input changed while it was being read")]
    Changed,
    /// Reading failed.
    #[error(transparent)]
    Io(#[from] io::Error),
}
