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

mod board;
pub mod checkpoint;
mod complete;
pub mod construct;
pub mod count;
mod error;
pub mod given_file;
pub mod oracle;
pub mod quadrants;
mod quick;
pub mod repair;
pub use crate::record_file;
pub mod render;
mod rules;
mod search;
pub mod session;
mod solution;
pub mod svg;
mod units;
pub mod verify;

pub use board::Board;
pub use complete::{Completion, Completions, SquareError, parse_square};
pub use error::QueensError;
pub use quick::{OneSolution, lexicographic_is_quick, one_solution};
pub use rules::{MAX_SEARCH_N, Piece, Rules};
pub use search::Solutions;
pub use solution::{Fundamental, Solution, Symmetry};
