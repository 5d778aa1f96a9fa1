//! Exact cover with dancing links: Knuth's Algorithm X over a table of
//! doubly linked lists (TAOCP 7.2.2.1).
//!
//! A [`Problem`] has *items* and *options*; each option is a set of items.
//! A solution is a set of options that covers every **primary** item exactly
//! once and every **secondary** item at most once. Every option must hold
//! at least one primary item (as in Knuth's programs, an option of secondary
//! items alone could be added to any solution or left out, so it is refused). Many puzzles are exact
//! cover problems in disguise — Sudoku, polyomino packing, N-Queens — so the
//! engine is programmable: build the problem with [`Problem::add_option`] (or
//! read it from the text format of [`Problem::parse`]) and then
//!
//! - iterate its solutions lazily with [`Problem::solutions`],
//! - count them with [`Problem::count`], or up to a limit with
//!   [`Problem::count_up_to`], or with progress reports and a way to stop
//!   with [`Problem::count_with`],
//! - take the first with [`Problem::first`], or
//! - watch the search step by step with [`Problem::trace`].
//!
//! The search branches on the primary item with the fewest options left and
//! allocates nothing per node: the whole state is the link table (flat `u32`
//! arrays) and one node per level.
//!
//! # N-Queens as exact cover
//!
//! Put queens on an `n`×`n` board: each row and each column must hold exactly
//! one queen (primary items), each diagonal at most one (secondary items), and
//! the options are the squares. The counts agree with the bitboard solver of
//! [`crate::queens`]; [`n_queens`] builds this problem.
//!
//! ```
//! use puzzles::exact_cover::Problem;
//!
//! let n = 6;
//! let rows = (0..n).map(|r| format!("r{r}"));
//! let cols = (0..n).map(|c| format!("c{c}"));
//! let diagonals = (0..2 * n - 1).map(|d| format!("d{d}"));
//! let anti_diagonals = (0..2 * n - 1).map(|a| format!("a{a}"));
//! let mut problem = Problem::with_names(rows.chain(cols), diagonals.chain(anti_diagonals))?;
//! for r in 0..n {
//!     for c in 0..n {
//!         let square = [
//!             format!("r{r}"),
//!             format!("c{c}"),
//!             format!("d{}", r + c),
//!             format!("a{}", n - 1 - r + c),
//!         ];
//!         problem.add_named_option(&square)?;
//!     }
//! }
//! assert_eq!(problem.count(), 4);
//! assert_eq!(problem.count(), puzzles::queens::Board::new(n)?.count());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The text format
//!
//! ```text
//! # Knuth's example, with one secondary item
//! a b c d e f g | s
//! c e f
//! a d g s
//! b c f
//! ```
//!
//! - The text is UTF-8. `#` starts a comment that runs to the end of the
//!   line; lines that are blank once comments are removed are ignored.
//! - The first remaining line is the **items line**: item names separated by
//!   whitespace. A `|` (a word of its own, or between names) separates the
//!   primary items before it from the secondary items after it; without a
//!   `|` every item is primary.
//! - Every later line is one **option**: the names of its items separated by
//!   whitespace, each item at most once, at least one of them primary.
//!   Options are numbered from 0 in file order.
//! - Names are any run of characters other than whitespace, `|` and `#`.
//!
//! [`Problem::parse`] and [`Problem::read`] report the first mistake with
//! its line and column; [`Problem`]'s `Display` writes the format back.
//!
//! # Traces
//!
//! [`Problem::trace`] reports the search with the event vocabulary of
//! [`crate::trace`], read as follows: `depth` is the search level (how many
//! options are chosen); at each level the item chosen for branching is the
//! `row` and the option tried is the `col` (both 0-based indices, items in
//! declaration order and options in the order added). Every option through
//! the chosen item is reported in increasing order, either as a
//! [`Place`](crate::trace::Action::Place) (later undone by a
//! [`Remove`](crate::trace::Action::Remove)) or, when an earlier choice has
//! knocked it out, as a [`Conflict`](crate::trace::Action::Conflict) of kind
//! [`Item`](crate::trace::ConflictKind::Item) whose `with` is the
//! `(item, option)` of the earliest level that shares an item with it. When
//! the chosen item has no option left the level ends with a
//! [`Backtrack`](crate::trace::Action::Backtrack) naming the item.

mod display;
mod error;
mod links;
mod n_queens;
mod parse;
mod problem;
mod search;
mod solve;

pub use error::{ExactCoverError, MAX_NODES};
pub use n_queens::n_queens;
pub use parse::{MAX_LINE, ParseError, ParseErrorKind};
pub use problem::Problem;
pub use search::{CountProgress, Solutions};

#[cfg(test)]
mod tests;
