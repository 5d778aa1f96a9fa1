//! Crosswords: fill a grid from a word list by backtracking.
//!
//! Each slot (a run of two or more white squares, across or down) takes a
//! word of the list; crossing slots agree on their shared letter, no word is
//! used twice, and pre-set letters are kept. The search is sound (every fill
//! it reports is one) and complete (when it reports none, none exists).
//!
//! - [`Grid`] — rows of `#` (block), `.` (empty) and `A`–`Z` (a pre-set
//!   letter), `%` comment lines, at most [`MAX_SIDE`]×[`MAX_SIDE`]; its
//!   [`Slot`]s numbered the standard way.
//! - [`WordList`] — one word per line with an optional `;score`, case
//!   folded, lines that are not words skipped and counted; [`WordList::english`]
//!   is the English list shipped with the crate.
//! - [`Filler`] — the search: the longest slot is filled first, and among
//!   slots of one length the one with the fewest candidate words (in a
//!   grid without blocks, row by row);
//!   candidates are bitsets indexed by (length, position, letter); every
//!   choice is propagated across crossings to a fixpoint (arc
//!   consistency), and a slot down to one word takes it out of every other
//!   slot; words are tried best score first, equal scores those that leave
//!   their crossing slots the most words first (a seed ([`FillOptions`]) stirs
//!   that order). Looking for one fill it restarts now and then with
//!   growing budgets, every other restart splitting big slots by the
//!   letter of one square instead of by word (that suits dense grids of
//!   long words, such as a 7×7 with corner blocks),
//!   and ruling out what earlier restarts refuted (nogoods).
//!   It finds a fill, lists or
//!   counts fills (with a limit), reports [`Progress`], and traces its steps
//!   ([`Filler::trace`], [`FillEvent`]).
//! - [`checkpoint`] — a long count's checkpoint: [`Filler::count_units`]
//!   counts unit by unit (bottom rows, or the words of the first slot,
//!   paired with those of the next when it has few),
//!   passing over the units an earlier run finished and reporting each one
//!   it finishes, and [`checkpoint::CountCheckpoint`] keeps them on disk.
//! - [`render`] — text, numbered entries, JSON and ipuz.
//!
//! # Example
//!
//! ```
//! use puzzles::crossword::{Filler, Grid, WordList, render};
//!
//! let grid = Grid::parse("
//! % a 4×4 with two blocks
//! ...#
//! ....
//! ....
//! #...
//! ")?;
//! let filler = Filler::new(&grid, &WordList::english())?;
//! let fill = filler.first().expect("a fill");
//! assert_eq!(fill.entries().len(), 8);
//! print!("{}", render::text(&fill));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod checkpoint;
mod counts;
mod engine;
mod fill;
mod filler;
mod fills;
mod grid;
mod learn;
mod race;
mod refute;
pub mod render;
mod search;
mod shared;
mod square;
mod summary;
mod threads;
mod trace;
mod trie;
mod triples;
mod words;

#[cfg(test)]
mod tests;

pub use counts::UnitsSummary;
pub use fill::{Entry, Fill};
pub use filler::{FillError, FillOptions, Filler};
pub use fills::Fills;
pub use grid::{Cell, Direction, Grid, GridError, MAX_SIDE, Slot};
pub use shared::OnUnit;
pub use summary::{FillSummary, Progress};
pub use trace::{FillAction, FillEvent, SlotRef};
pub use words::{DEFAULT_SCORE, ListError, MAX_LINE, MAX_WORDS, WordList};
