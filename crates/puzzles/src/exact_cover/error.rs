//! What can go wrong while building a problem, and the size limit behind
//! one of those errors.

/// The most items plus option nodes a problem may have: the link table
/// indexes its nodes with 32-bit integers.
///
/// # Example
///
/// ```
/// use puzzles::exact_cover::{ExactCoverError, MAX_NODES};
///
/// assert_eq!(MAX_NODES, (1 << 31) - 2);
/// assert!(ExactCoverError::TooLarge.to_string().contains(&MAX_NODES.to_string()));
/// ```
pub const MAX_NODES: usize = i32::MAX as usize - 1;

/// What can go wrong while building a [`Problem`](super::Problem).
///
/// # Example
///
/// ```
/// use puzzles::exact_cover::{ExactCoverError, Problem};
///
/// let mut problem = Problem::new(2, 0);
/// assert_eq!(problem.add_option([0, 2]), Err(ExactCoverError::NoSuchItem { item: 2, items: 2 }));
/// assert_eq!(problem.add_option([1, 1]).unwrap_err().to_string(), "item 1 appears twice in the option");
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
    #[error("the problem is too large (more than {MAX_NODES} items and option entries)")]
    TooLarge,
}
