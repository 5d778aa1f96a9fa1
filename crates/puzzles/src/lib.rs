//! # puzzles
//!
//! Combinatorial puzzles solved by backtracking, as a library: N-Queens first
//! and best — listing, counting at speed on every core, one solution for any
//! board size, fundamental solutions, completion, step-by-step traces — with
//! the maximum-subarray family, an exact cover engine (dancing links), a fast
//! Sudoku solver and a crossword filler beside it.
//!
//! The library never prints, never exits and never reads the environment: it
//! takes values, readers, writers and callbacks (progress, cancellation), and
//! returns typed errors. The `puzzles` command (package `puzzles-cli`), the
//! web page (`puzzles-web`) and the MPI driver (`puzzles-mpi`) are thin
//! layers on top of it.
//!
//! ## Overview
//!
//! - [`queens`] — N queens on an N×N board: [`queens::Board`] lists solutions
//!   lazily in lexicographic order of their `cols` array, counts them, finds
//!   the first, lists fundamental solutions up to rotation and reflection,
//!   and traces the search; [`queens::Rules`] places rooks, kings or
//!   superqueens instead, on a torus if asked; [`queens::construct`] writes
//!   one solution for any size, [`queens::verify`] checks one streamed from a
//!   reader, and [`queens::Completion`] completes boards with queens given.
//! - [`queens::count`] — counting at speed: the symmetry-reduced search split
//!   into work units, on every core, resumable from a [`queens::checkpoint`];
//!   [`queens::quadrants`] joins quarter-boards instead (N from 4 to 22).
//! - [`subarray`] — maximum subarray: exact `i128` sums, one tie rule for
//!   every method (brute force, vectorised Kadane, parallel, streaming), and
//!   the circular, length-bounded, top-K and 2-D variants.
//! - [`exact_cover`] — Knuth's Algorithm X with dancing links: primary and
//!   secondary items, lazy solutions, counting, traces, a text format.
//! - [`sudoku`] — 4×4 to 25×25 grids: a band engine for 9×9 and a general
//!   bitmask solver, uniqueness checks, files solved in order on several
//!   threads, traces.
//! - [`crossword`] — fill a grid from a word list: slots by fewest
//!   candidates, bitset candidates, propagation across crossings; counting,
//!   seeds, traces, text/JSON/ipuz output, an English list shipped.
//! - [`trace`] — the event vocabulary every traced search shares (`place`,
//!   `conflict`, `remove`, `backtrack`, `solution`), the same events the
//!   command's `--trace` prints and the web page replays.
//!
//! ## Features
//!
//! - **Sound and complete searches, held to oracles.** Every fast path is
//!   tested against an obviously-correct one (the textbook queens
//!   backtracker, brute-force subarrays and subset searches, exact cover for
//!   Sudoku, a brute-force crossword filler) with property tests.
//! - **Speed from the vector units where the processor has them** (SSE2,
//!   AVX2, AVX-512, chosen at run time), with portable code everywhere else
//!   and the same answers from every path.
//! - **Bounded memory on any input**: every parser reads through a bounded
//!   line reader and names the bound it refuses.
//! - **Errors that say where**: parse errors carry the line and column
//!   (a [`text::Position`]); every fallible function documents its errors.
//! - **Resumable, shardable counts**: work units, checkpoints and part files
//!   are library API, so any driver counts the same units.
//!
//! The command-line guide (every option, format and limit) is `GUIDE.md` in
//! the repository; how the searches work is `DESIGN.md`.
//!
//! ## Examples
//!
//! ### N-Queens
//!
//! ```
//! use puzzles::queens::Board;
//!
//! let board = Board::new(8)?;
//! assert_eq!(board.count(), 92);
//! let first = board.solutions().next().unwrap();
//! assert_eq!(first.cols(), &[0, 4, 7, 5, 2, 6, 1, 3]);
//! assert_eq!(board.fundamental_solutions().count(), 12);
//! # Ok::<(), puzzles::queens::QueensError>(())
//! ```
//!
//! Counting on several threads, unit by unit (a checkpoint would record each
//! unit in the callback):
//!
//! ```
//! use std::ops::ControlFlow;
//! use std::sync::atomic::AtomicBool;
//! use puzzles::queens::count::{CountPlan, Counter};
//!
//! let plan = CountPlan::new(12, 3)?; // n = 12, work units after 3 rows
//! let cancel = AtomicBool::new(false); // set it (from a signal handler, say) to stop
//! let run = Counter::new(&plan).threads(2).run(&cancel, |_unit, _count| {
//!     ControlFlow::<()>::Continue(())
//! })?;
//! assert_eq!((run.tally.total, run.tally.unique), (14200, 1787));
//! # Ok::<(), puzzles::queens::count::CountError>(())
//! ```
//!
//! ### Maximum subarray
//!
//! ```
//! use puzzles::subarray::{kadane, top_k, Best};
//!
//! assert_eq!(kadane(&[30, -40, 20, 40])?, Best { sum: 60, start: 2, end: 3 });
//! let runs = top_k(&[4, -9, 3, 3, -9, 5], 2)?;
//! assert_eq!((runs[1].sum, runs[1].start), (5, 5));
//! # Ok::<(), puzzles::subarray::SubarrayError>(())
//! ```
//!
//! ### Exact cover
//!
//! ```
//! use puzzles::exact_cover::{n_queens, Problem};
//!
//! // Items a, b, c are primary (covered exactly once), s secondary (at most once).
//! let problem: Problem = "a b c | s\na s\nb c\na b\nc s\n".parse()?;
//! assert_eq!(problem.solutions().collect::<Vec<_>>(), [vec![0, 1], vec![2, 3]]);
//! assert_eq!(n_queens(8)?.count(), 92);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ### Sudoku
//!
//! ```
//! use puzzles::sudoku::{Puzzle, Solver};
//!
//! let puzzle = Puzzle::parse(
//!     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
//! )?;
//! let solution = puzzle.solve().unwrap();
//! assert!(solution.solves(&puzzle));
//! assert_eq!(puzzle.count_up_to(2), 1); // the solution is unique
//! let mut solver = Solver::new(); // keeps its buffers between puzzles
//! assert_eq!(solver.solve(&puzzle), Some(solution));
//! # Ok::<(), puzzles::sudoku::SudokuError>(())
//! ```
//!
//! ### Crossword
//!
//! ```
//! use puzzles::crossword::{Filler, Grid, WordList, render};
//!
//! let grid = Grid::parse("...#\nCAT.\n....\n#...\n")?; // a pre-set theme word
//! let filler = Filler::new(&grid, &WordList::english())?;
//! let fill = filler.first().expect("a fill");
//! assert_eq!(fill.entries().len(), 8);
//! assert!(render::text(&fill).lines().nth(1).unwrap().starts_with("CAT"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

pub mod cpu;
pub mod crossword;
pub mod exact_cover;
pub(crate) mod lines;
pub mod queens;
pub mod record_file;
pub(crate) mod record_log;
mod rng;
mod spread;
pub mod subarray;
pub mod sudoku;
pub mod text;
pub mod threads;
pub mod trace;

/// The README's Rust examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;

/// The guide's Rust examples (GUIDE.md), compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../GUIDE.md")]
pub struct GuideDoctests;

/// This crate's README's Rust examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct CrateReadmeDoctests;
