//! What can go wrong while building a problem, and the size limit behind
//! one of those errors.

/// The most nodes a problem's table may have (one per item, one per option,
/// one per item of an option, and two more): 2²⁶, so that a
/// problem at the bound takes about 1 GiB (its link table 12 bytes a node,
/// the options as read 4 more), where the 32-bit links would allow 2³¹ and
/// 32 GiB. The largest problems solved by dancing links in practice
/// (polyomino packings, 25 × 25 Sudokus) have a few million.
///
/// # Example
///
/// ```
/// use puzzles::exact_cover::{ExactCoverError, MAX_NODES};
///
/// assert_eq!(MAX_NODES, 1 << 26);
/// assert!(ExactCoverError::TooLarge.to_string().contains(&MAX_NODES.to_string()));
/// ```
pub const MAX_NODES: usize = 1 << 26;

/// What can go wrong while building a [`Problem`](super::Problem).
///
/// # Example
///
/// ```
/// use puzzles::exact_cover::{ExactCoverError, Problem};
///
/// let mut problem = Problem::new(2, 0)?;
/// assert_eq!(problem.add_option([0, 2]), Err(ExactCoverError::NoSuchItem { item: 2, items: 2 }));
/// assert_eq!(problem.add_option([1, 1]).unwrap_err().to_string(), "item 1 appears twice in the option");
/// # Ok::<(), puzzles::exact_cover::ExactCoverError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ExactCoverError {
    /// An item index past the last item.
    #[error("item {item} does not exist (the problem has {items} items, numbered from 0)")]
    NoSuchItem {
        /// The index given.
        item: usize,
        /// How many items the problem has.
        items: usize,
    },
    /// An item name that was not declared.
    #[error("unknown item {0:?}")]
    UnknownItem(String),
    /// An option that names an item twice.
    #[error("item {0} appears twice in the option")]
    RepeatedItem(String),
    /// An item name declared twice.
    #[error("item {0:?} is declared twice")]
    DuplicateName(String),
    /// An item name that the text format could not write back: empty, or
    /// holding whitespace, `|` or `#`.
    #[error("item name {0:?} is not allowed (names are non-empty, without whitespace, '|' or '#')")]
    BadName(String),
    /// An option without items.
    #[error("an option must contain at least one item")]
    EmptyOption,
    /// An option made of secondary items only. Algorithm X never chooses
    /// one (it branches on primary items), and adding it to a solution or
    /// not would make two solutions of one, so it is refused.
    #[error("an option must contain at least one primary item")]
    NoPrimaryItem,
    /// More items and option nodes than the link table can index.
    #[error(
        "the problem is too large (more than {MAX_NODES} nodes: one per item, per option and per item of an option, and two more)"
    )]
    TooLarge,
}
