//! Sudoku: fill a grid so that every row, column and box holds each digit
//! once — for boxes of 2×2, 3×3, 4×4 and 5×5 (4×4, 9×9, 16×16 and 25×25
//! grids).
//!
//! - [`Puzzle`] is a checked puzzle: read one with [`Puzzle::parse`] (one
//!   line of 81 characters, or a grid — whitespace is ignored), then
//!   [`Puzzle::solve`] it, [`Puzzle::count_up_to`] its solutions to check
//!   uniqueness, list them lazily with [`Puzzle::solutions`], or [`trace`]
//!   the search. A [`Solution`] is a filled grid.
//! - [`Solver`] keeps its buffers between puzzles, for solving many.
//! - [`batch`] solves a stream of puzzles, one per line, on several threads,
//!   answers in input order.
//! - [`render`] draws grids with the givens marked; [`cover`] states Sudoku
//!   as an [exact cover](crate::exact_cover) problem (the oracle the fast
//!   solver is tested against).
//!
//! # The solvers
//!
//! 9×9 puzzles are solved and counted ([`Puzzle::solve`],
//! [`Puzzle::count_up_to`], [`Solver`], [`batch`]) by a *band engine*:
//! digit-major bitboards, for each digit three 27-bit words, one per band of
//! three rows, in the manner of JCZSolve. With shifts and small tables it
//! applies locked candidates between rows and boxes, takes from the other
//! bands a column that a box allows alone, places hidden singles of rows and
//! boxes and naked singles, finds minirows and minicolumns left with three
//! candidate digits (*triads*), and guesses on a cell with two candidates.
//! [`NineEngine`] picks a variant (without triads, or with other kernels).
//!
//! Every size, 9×9 included, also has the general solver below: it lists
//! solutions ([`Puzzle::solutions`]), is the search a [`trace`] shows (the
//! web page's and `puzzles sudoku --trace`'s), and solves 4×4, 16×16 and
//! 25×25 grids. Both find the same solutions; of several, the first each
//! finds may differ.
//!
//! A dedicated bitmask solver: every cell keeps its candidates as a bitmask
//! and every unit (row, column, box) counts, for each digit, the cells left
//! for it. Placing a digit removes it from the cell's peers, and the counts
//! expose at once a cell with one candidate left (a *naked single*), a digit
//! with one cell left in a unit (a *hidden single*), or a contradiction.
//! When no single is left the search branches on the empty cell with the
//! fewest candidates, trying its digits in increasing order — or, when no
//! cell has just two candidates and a digit has fewer places left in some
//! unit, on those places (this keeps sparse 16×16 and 25×25 grids fast).
//!
//! # Digits
//!
//! The default [`Alphabet::Standard`] writes digits `1`–`9` and then
//! letters: a 16×16 grid uses `1`–`9` and `A`–`G`, a 25×25 grid `1`–`9` and
//! `A`–`P`. An empty cell is `.` or `0`. [`Alphabet::ZeroBased`] is the
//! other common convention, `0`–`9` then letters (`0`–`F` for 16×16), with
//! `.` alone for empty cells. Letters may be given in either case.
//!
//! # Example
//!
//! ```
//! use puzzles::sudoku::Puzzle;
//!
//! let puzzle = Puzzle::parse(
//!     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
//! )?;
//! let solution = puzzle.solve().unwrap();
//! assert_eq!(
//!     solution.to_string(),
//!     "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
//! );
//! assert!(solution.solves(&puzzle));
//! assert_eq!(puzzle.count_up_to(2), 1);
//! # Ok::<(), puzzles::sudoku::SudokuError>(())
//! ```

#![deny(clippy::undocumented_unsafe_blocks)]

mod alphabet;
mod bands;
pub mod batch;
pub mod cover;
mod error;
mod nine_engine;
mod puzzle;
pub mod render;
mod solution;
mod solve;
mod solver;
mod state;
mod tables;
mod trace;

pub use alphabet::Alphabet;
pub use error::SudokuError;
pub use nine_engine::NineEngine;
pub use puzzle::{MAX_BOX_SIZE, MIN_BOX_SIZE, Puzzle};
pub use solution::Solution;
pub use solve::{Solutions, Solver, trace};

#[cfg(test)]
mod tests;
