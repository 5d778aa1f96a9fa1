//! N-Queens: place `n` queens on an `n`×`n` board so that no two share a row,
//! a column or a diagonal — and the same search for rooks, kings and
//! superqueens, on a plain board or a torus.
//!
//! A solution is the array `cols[row]`: the column of the piece in each row.
//! [`Board`] is the entry point: it lists solutions lazily in lexicographic
//! order of that array, counts them, finds the first, lists the fundamental
//! solutions (one per class under rotation and reflection) and traces the
//! search step by step with the events of [`crate::trace`].
//!
//! # Example
//!
//! ```
//! use puzzles::queens::Board;
//!
//! let board = Board::new(5)?;
//! let solutions: Vec<_> = board.solutions().collect();
//! assert_eq!(solutions.len(), 10);
//! assert_eq!(solutions[0].cols(), &[0, 2, 4, 1, 3]);
//! assert_eq!(board.fundamental_solutions().count(), 2);
//! # Ok::<(), puzzles::queens::QueensError>(())
//! ```

pub mod checkpoint;
mod complete;
pub mod construct;
pub mod count;
pub mod oracle;
pub mod quadrants;
mod quick;
pub mod record_file;
pub mod render;
mod rules;
mod search;
pub mod session;
mod solution;
pub mod svg;
mod units;
pub mod verify;

use std::ops::ControlFlow;

use serde::{Deserialize, Serialize};

use crate::trace::{ConflictKind, Event, TraceMode, TraceSummary};
pub use complete::{Completion, Completions, SquareError, parse_square};
pub use quick::{OneSolution, lexicographic_is_quick, one_solution};
pub use rules::{MAX_SEARCH_N, Piece, Rules};
pub use search::Solutions;
use search::{Frame, Masks};
pub use solution::{Solution, Symmetry};

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
}

/// A fundamental solution: the representative of a class of solutions under
/// rotation and reflection, with the size of its class.
///
/// # Example
///
/// ```
/// use puzzles::queens::Board;
///
/// let classes: Vec<_> = Board::new(8)?.fundamental_solutions().collect();
/// assert_eq!(classes.len(), 12);
/// assert_eq!(classes.iter().map(|class| class.class_size as u64).sum::<u64>(), 92);
/// # Ok::<(), puzzles::queens::QueensError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Fundamental {
    /// The lexicographically smallest solution of the class.
    pub solution: Solution,
    /// How many distinct solutions the class holds: 1, 2, 4 or 8.
    pub class_size: usize,
}

/// An N-Queens problem (or one of its variants) ready to search: the rules,
/// checked to fit the bitboard search (`n` ≤ 64).
///
/// # Example
///
/// ```
/// use puzzles::queens::{Board, Piece, Rules};
///
/// assert_eq!(Board::new(8)?.count(), 92);
/// let kings = Board::with_rules(Rules::new(5, Piece::King, false)?)?;
/// assert_eq!(kings.count(), 14);
/// # Ok::<(), puzzles::queens::QueensError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    masks: Masks,
}

impl PartialEq for Masks {
    fn eq(&self, other: &Masks) -> bool {
        self.rules == other.rules
    }
}

impl Eq for Masks {}

impl Board {
    /// The classic problem: `n` queens on an `n`×`n` board.
    ///
    /// # Errors
    ///
    /// [`QueensError::ZeroSize`] when `n` is 0, [`QueensError::TooLarge`]
    /// when `n` exceeds [`MAX_SEARCH_N`].
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::Board;
    ///
    /// assert_eq!(Board::new(1)?.count(), 1);
    /// assert!(Board::new(100).is_err());
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn new(n: usize) -> Result<Board, QueensError> {
        Board::with_rules(Rules::queens(n)?)
    }

    /// A board for any piece and board shape.
    ///
    /// # Errors
    ///
    /// [`QueensError::TooLarge`] when `n` exceeds [`MAX_SEARCH_N`].
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::{Board, Piece, Rules};
    ///
    /// let torus = Board::with_rules(Rules::new(5, Piece::Queen, true)?)?;
    /// assert_eq!(torus.count(), 10);
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn with_rules(rules: Rules) -> Result<Board, QueensError> {
        Ok(Board {
            masks: Masks::new(rules.checked()?),
        })
    }

    /// The rules searched.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::Board;
    ///
    /// assert_eq!(Board::new(6)?.rules().n(), 6);
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn rules(&self) -> &Rules {
        &self.masks.rules
    }

    /// The board size.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::Board;
    ///
    /// assert_eq!(Board::new(6)?.n(), 6);
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn n(&self) -> usize {
        self.masks.n
    }

    fn unconstrained(&self) -> Vec<u64> {
        vec![self.masks.full; self.n()]
    }

    /// Every solution, lazily, in lexicographic order of `cols`.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::Board;
    ///
    /// // Streams: the first solution of a large board comes at once.
    /// let first = Board::new(30)?.solutions().next().unwrap();
    /// assert_eq!(first.n(), 30);
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn solutions(&self) -> Solutions {
        Solutions::new(self.masks, self.unconstrained())
    }

    /// The number of solutions, counted without building any of them.
    ///
    /// Classic queens use the symmetry-reduced counter of [`count`] on the
    /// calling thread (use [`count::Counter`] for every core); other pieces
    /// and the torus use the plain search. A total beyond `u64` (no board
    /// that could be counted in a lifetime) saturates.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::Board;
    ///
    /// assert_eq!(Board::new(10)?.count(), 724);
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn count(&self) -> u64 {
        if self.rules().is_classic()
            && let Ok(plan) = count::CountPlan::with_default_split(self.n())
        {
            return u64::try_from(plan.count_all().total).unwrap_or(u64::MAX);
        }
        self.plain_count()
    }

    /// [`Board::count`] by the plain search, for every piece and board shape:
    /// the cross-check of the reduced counter.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::Board;
    ///
    /// assert_eq!(Board::new(10)?.plain_count(), 724);
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn plain_count(&self) -> u64 {
        let mut placed = vec![0; self.n()];
        search::count_below(
            &self.masks,
            &self.unconstrained(),
            0,
            &Frame::default(),
            &mut placed,
        )
    }

    /// The lexicographically first solution, or `None` when there is none
    /// (`n` = 2 or 3 for queens).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::Board;
    ///
    /// assert_eq!(Board::new(8)?.first().unwrap().cols(), &[0, 4, 7, 5, 2, 6, 1, 3]);
    /// assert_eq!(Board::new(3)?.first(), None);
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn first(&self) -> Option<Solution> {
        self.solutions().next()
    }

    /// The fundamental solutions — the lexicographically smallest member of
    /// each class under the eight symmetries of the square — in
    /// lexicographic order, each with its class size.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::Board;
    ///
    /// let classes: Vec<_> = Board::new(6)?.fundamental_solutions().collect();
    /// assert_eq!(classes.len(), 1);
    /// assert_eq!(classes[0].solution.cols(), &[1, 3, 5, 0, 2, 4]);
    /// assert_eq!(classes[0].class_size, 4);
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn fundamental_solutions(&self) -> impl Iterator<Item = Fundamental> + use<> {
        self.solutions()
            .filter(Solution::is_canonical)
            .map(|solution| Fundamental {
                class_size: solution.class_size(),
                solution,
            })
    }

    /// Runs the search event by event, handing each [`Event`] to `observer`:
    /// every square of each row is tried in column order and reported as a
    /// placement or a conflict (naming the earliest piece it clashes with),
    /// each placement is later removed, and a row with no column left is a
    /// backtrack. The observer may return [`ControlFlow::Break`] to stop.
    ///
    /// # Example
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use puzzles::queens::Board;
    /// use puzzles::trace::TraceMode;
    ///
    /// let mut events = Vec::new();
    /// let summary = Board::new(4)?.trace(TraceMode::AllSolutions, |event| {
    ///     events.push(*event);
    ///     ControlFlow::Continue(())
    /// });
    /// assert_eq!(summary.counters.solutions, 2);
    /// assert_eq!(summary.steps, events.len() as u64);
    /// assert!(summary.completed);
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn trace<F>(&self, mode: TraceMode, observer: F) -> TraceSummary
    where
        F: FnMut(&Event) -> ControlFlow<()>,
    {
        search::trace(&self.masks, &self.unconstrained(), mode, observer)
    }
}
