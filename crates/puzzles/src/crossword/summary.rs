//! What a search hands back: where it stands while it runs ([`Progress`])
//! and how it ended ([`FillSummary`]). Kept apart from the searches so
//! that the one-thread and the many-thread searches share them without
//! leaning on each other.

/// Where a long search stands, as handed to the progress callback (about
/// every 4096 words tried).
///
/// # Example
///
/// ```
/// use puzzles::crossword::Progress;
///
/// fn percent_decided(progress: &Progress) -> f64 {
///     100.0 * progress.decided as f64 / progress.slots.max(1) as f64
/// }
/// let mut progress = Progress::default();
/// (progress.decided, progress.slots) = (30, 76);
/// assert_eq!(percent_decided(&progress).round(), 39.0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Progress {
    /// Choices tried so far: words, or letters of a square when the
    /// search splits a slot by letter.
    pub nodes: u64,
    /// Fills found so far.
    pub fills: u64,
    /// Slots with one word left now.
    pub decided: usize,
    /// Slots in the grid.
    pub slots: usize,
}

/// How a search ended.
///
/// # Example
///
/// ```
/// use puzzles::crossword::{Filler, Grid, WordList};
///
/// let grid = Grid::parse("..\n..")?;
/// let words = WordList::parse(&b"AB\nCD\nAC\nBD\n"[..])?;
/// let summary = Filler::new(&grid, &words)?.count_with(None, &mut |_| std::ops::ControlFlow::Continue(()));
/// assert_eq!((summary.fills, summary.complete), (2, true));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct FillSummary {
    /// Fills found.
    pub fills: u64,
    /// Choices tried (words, or letters of a square).
    pub nodes: u64,
    /// Whether the whole search tree was explored (no limit reached, not
    /// stopped by a callback).
    pub complete: bool,
}
