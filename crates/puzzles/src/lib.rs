//! # puzzles
//!
//! Backtracking puzzle solvers as a library: N-Queens (listing, counting,
//! fundamental solutions, step-by-step traces), with the maximum-subarray
//! family, exact cover, Sudoku and crosswords beside it.
//!
//! The library never prints and never exits: it takes values, readers,
//! writers and callbacks, and returns typed errors. The `puzzles` command
//! (crate `puzzles-cli`) is a thin layer on top.
//!
//! ## Overview
//!
//! - [`queens`] — N queens on an N×N board: [`queens::Board`] lists solutions
//!   lazily, counts them, finds the first, lists fundamental solutions up to
//!   rotation and reflection, and traces the search; [`queens::construct`]
//!   writes one solution for any size, [`queens::verify`] checks one streamed
//!   from a file, and [`queens::Completion`] completes boards with queens given.
//! - [`queens::count`] — counting at speed: the symmetry-reduced search split
//!   into work units, on every core, resumable from a [`queens::checkpoint`].
//! - [`subarray`] — maximum subarray: exact `i128` sums, one tie rule for
//!   every method (brute force, vectorised Kadane, parallel, streaming), and
//!   the circular, length-bounded, top-K and 2-D variants.
//! - [`exact_cover`] — Knuth's Algorithm X with dancing links: primary and
//!   secondary items, lazy solutions, counting, traces, a text format.
//! - [`sudoku`] — a fast bitmask Sudoku solver for 4×4 to 25×25 grids, with
//!   uniqueness checks, parallel file solving and traces.
//! - [`crossword`] — fill a crossword grid from a word list: slots by fewest
//!   candidates, bitset candidates, propagation across crossings; counting,
//!   seeds, traces, text/JSON/ipuz output, an English list shipped.
//! - [`trace`] — the event vocabulary every traced search shares.
//!
//! ## Example
//!
//! ```
//! use puzzles::queens::Board;
//!
//! let board = Board::new(8)?;
//! assert_eq!(board.count(), 92);
//! let first = board.solutions().next().unwrap();
//! assert_eq!(first.cols(), &[0, 4, 7, 5, 2, 6, 1, 3]);
//! # Ok::<(), puzzles::queens::QueensError>(())
//! ```

#![warn(missing_docs)]

pub mod crossword;
pub mod exact_cover;
pub mod lines;
pub mod queens;
mod spread;
pub mod subarray;
pub mod sudoku;
pub mod threads;
pub mod trace;

/// The README's Rust examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;
