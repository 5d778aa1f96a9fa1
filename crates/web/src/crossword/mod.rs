//! Crosswords on the page: a grid (one of the [examples](crate::examples::CROSSWORD)
//! by name, or the user's own text, at most
//! [`MAX_CROSSWORD_SIDE`](crate::bounds::MAX_CROSSWORD_SIDE) squares a side)
//! filled from the English list shipped with the library, traced step by
//! step with [`puzzles::crossword::Filler::trace_with_candidates`].
//!
//! - [`request`] reads and checks the parameters (`grid` or `example`,
//!   `words`, `steps`),
//! - [`reply`] runs the traced fill and builds the answer: the events of
//!   `puzzles crossword GRID --trace --format json`, each with the
//!   candidate counts it changed.

pub mod reply;
pub mod request;

pub use reply::{CrosswordReply, CrosswordStep, SlotInfo, run};
pub use request::{CrosswordError, CrosswordRequest, GridSource, WORD_LISTS, english};
