//! What can go wrong with an N-Queens request: [`QueensError`].

use crate::trace::ConflictKind;

/// What can go wrong with an N-Queens request.
///
/// # Example
///
/// ```
/// use puzzles::queens::{Board, QueensError};
///
/// assert_eq!(Board::new(0).unwrap_err(), QueensError::ZeroSize);
/// assert_eq!(
///     Board::new(65).unwrap_err().to_string(),
///     "n = 65 is too large to search (at most 64)"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum QueensError {
    /// The board must have at least one square.
    #[error("n must be at least 1")]
    ZeroSize,
    /// The bitboard search needs one bit per column.
    #[error("n = {n} is too large to search (at most {max})")]
    TooLarge {
        /// The size asked for.
        n: usize,
        /// The largest size the search handles.
        max: usize,
    },
    /// A column outside the board.
    #[error("row {row}: column {col} is off the board (n = {n}, columns 0 to {})", n - 1)]
    OffBoard {
        /// The row holding the piece.
        row: usize,
        /// Its column.
        col: usize,
        /// The board size.
        n: usize,
    },
    /// A square outside the board.
    #[error(
        "the square (row {row}, col {col}) is off the board: rows and columns run from 0 to {}",
        n - 1
    )]
    SquareOffBoard {
        /// Its row.
        row: usize,
        /// Its column.
        col: usize,
        /// The board size.
        n: usize,
    },
    /// Two pieces attack each other.
    #[error(
        "the pieces at (row {}, col {}) and (row {}, col {}) attack each other ({kind})",
        first.0, first.1, second.0, second.1
    )]
    Attack {
        /// The first piece, `(row, col)`.
        first: (usize, usize),
        /// The second piece, `(row, col)`.
        second: (usize, usize),
        /// The rule they break.
        kind: ConflictKind,
    },
    /// A placement for a different board size than the rules'.
    #[error("expected {expected} columns, found {found}")]
    SizeMismatch {
        /// The rules' board size.
        expected: usize,
        /// The length of the placement.
        found: usize,
    },
    /// A piece name that is not one of queen, rook, king, superqueen.
    #[error("unknown piece {0:?} (expected queen, rook, king or superqueen)")]
    UnknownPiece(String),
    /// It is known that the board has no solution (2 or 3 queens; queens on
    /// a torus whose size shares a factor with 6).
    #[error("no solution exists for n = {n}")]
    NoSolution {
        /// The board size.
        n: u64,
    },
    /// Superqueens on a plain board of a size that no construction covers
    /// and that is past the bound of the local repair
    /// ([`repair::MAX_REPAIR_N`](super::repair::MAX_REPAIR_N)).
    #[error(
        "n = {n}: no construction places this many superqueens, and local repair places \
         them only up to n = {max}"
    )]
    NoConstruction {
        /// The board size.
        n: usize,
        /// The largest size the local repair takes.
        max: usize,
    },
    /// The local repair of [`repair::superqueens`](super::repair::superqueens)
    /// stalled in every run (no size tried does).
    #[error("no solution found for n = {n}: the local repair stalled in every run")]
    NotFound {
        /// The board size.
        n: usize,
    },
}
