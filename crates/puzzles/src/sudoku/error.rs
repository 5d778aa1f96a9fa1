//! What is wrong with a puzzle: [`SudokuError`].

use crate::text::Position;
use crate::trace::ConflictKind;

/// What is wrong with a puzzle.
///
/// Rows and columns in messages are counted from 1 (`r1c1` is the top left
/// cell); the fields hold them from 0.
///
/// # Example
///
/// ```
/// use puzzles::sudoku::Puzzle;
///
/// let err = Puzzle::parse("55").unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "wrong length: 2 cells, where a puzzle has 16, 81, 256 or 625 (4×4, 9×9, 16×16 or 25×25)"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SudokuError {
    /// A number of cells that makes no grid.
    #[error(
        "wrong length: {cells} cells, where a puzzle has 16, 81, 256 or 625 (4×4, 9×9, 16×16 or 25×25)"
    )]
    WrongLength {
        /// How many cells (non-whitespace characters) the text had.
        cells: usize,
    },
    /// A character that is neither a digit of the grid nor an empty mark.
    #[error("bad character {character:?} at {} (expected {expected})", Position::at(*line, *column).brief())]
    BadCharacter {
        /// The character.
        character: char,
        /// Its line in the text, from 1.
        line: usize,
        /// Its column in that line, in characters, from 1.
        column: usize,
        /// What the grid accepts, e.g. `1-9, '.' or '0' for an empty cell`.
        expected: String,
    },
    /// Bytes that are not UTF-8 text where a cell was expected.
    #[error("bytes that are not UTF-8 text at {} (a puzzle is text)", Position::at(*line, *column).brief())]
    NotText {
        /// The line of the first such byte, from 1.
        line: usize,
        /// Its column in that line, in characters, from 1.
        column: usize,
    },
    /// Two givens with the same digit in one row, column or box.
    #[error(
        "the givens clash: {digit} at r{}c{} and at r{}c{} are in the same {kind}",
        first.0 + 1, first.1 + 1, second.0 + 1, second.1 + 1
    )]
    Clash {
        /// The digit as written.
        digit: char,
        /// The first cell in reading order, `(row, col)` from 0.
        first: (usize, usize),
        /// The second cell.
        second: (usize, usize),
        /// The unit they share: row, column or box.
        kind: ConflictKind,
    },
    /// A box size outside 2 to 5.
    #[error("boxes of {0}×{0} are not supported (2×2 to 5×5)")]
    BoxSize(usize),
    /// Cells that do not fill the grid of the box size given, or digits out
    /// of range.
    #[error("{0}")]
    BadCells(String),
    /// A line of a [`batch`](super::batch) input longer than
    /// [`batch::MAX_LINE_BYTES`](super::batch::MAX_LINE_BYTES):
    /// it is skipped without being held in memory.
    #[error(
        "line too long: more than {limit} bytes before its line break (a puzzle has at most 625 cells)"
    )]
    LineTooLong {
        /// The bound, in bytes.
        limit: usize,
    },
}
