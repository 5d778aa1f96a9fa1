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
//!   [`Problem::count_up_to`],
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

mod links;
mod parse;
mod search;

use std::collections::HashMap;
use std::fmt;
use std::ops::ControlFlow;

pub use parse::{MAX_LINE, ParseError, ParseErrorKind};
pub use search::Solutions;

use crate::trace::{Event, TraceMode, TraceSummary};

/// The most items plus option nodes a problem may have: the link table
/// indexes its nodes with 32-bit integers.
pub const MAX_NODES: usize = i32::MAX as usize - 1;

/// What can go wrong while building a [`Problem`].
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

/// An exact cover problem: items (primary, then secondary) and options.
///
/// Items are numbered from 0: primary items `0..primary_count()`, then
/// secondary items up to `item_count()`. Options are numbered from 0 in the
/// order they are added. Items may have names (from
/// [`Problem::with_names`] or the text format) or be known by number only
/// ([`Problem::new`]).
///
/// # Example
///
/// Knuth's example from *Dancing Links*: seven items, six options, one
/// solution.
///
/// ```
/// use puzzles::exact_cover::Problem;
///
/// let problem: Problem = "\
/// a b c d e f g
/// c e f
/// a d g
/// b c f
/// a d
/// b g
/// d e g
/// ".parse()?;
/// assert_eq!(problem.count(), 1);
/// let solution = problem.first().unwrap();
/// assert_eq!(solution, [0, 3, 4]);
/// assert_eq!(problem.option_names(3).collect::<Vec<_>>(), ["a", "d"]);
/// # Ok::<(), puzzles::exact_cover::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    primary: usize,
    secondary: usize,
    /// Empty when the items have no names.
    names: Vec<String>,
    index_of_name: HashMap<String, usize>,
    /// Option `k` is `option_items[option_starts[k]..option_starts[k + 1]]`.
    option_starts: Vec<usize>,
    option_items: Vec<usize>,
}

impl Problem {
    /// A problem with `primary` primary items and `secondary` secondary items,
    /// known by number, and no options yet.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::exact_cover::Problem;
    ///
    /// let problem = Problem::new(3, 1);
    /// assert_eq!((problem.primary_count(), problem.item_count()), (3, 4));
    /// assert_eq!(problem.item_name(0), None);
    /// ```
    pub fn new(primary: usize, secondary: usize) -> Problem {
        Problem {
            primary,
            secondary,
            names: Vec::new(),
            index_of_name: HashMap::new(),
            option_starts: vec![0],
            option_items: Vec::new(),
        }
    }

    /// A problem whose items have names: the primary ones, then the
    /// secondary ones.
    ///
    /// # Errors
    ///
    /// [`ExactCoverError::DuplicateName`] when a name repeats,
    /// [`ExactCoverError::BadName`] when one is empty or holds whitespace,
    /// `|` or `#` (the text format could not write it),
    /// [`ExactCoverError::TooLarge`] past [`MAX_NODES`] items.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::exact_cover::Problem;
    ///
    /// let problem = Problem::with_names(["x", "y"], ["z"])?;
    /// assert_eq!(problem.item_index("z"), Some(2));
    /// assert!(Problem::with_names(["x", "x"], Vec::<String>::new()).is_err());
    /// # Ok::<(), puzzles::exact_cover::ExactCoverError>(())
    /// ```
    pub fn with_names<P, S>(primary: P, secondary: S) -> Result<Problem, ExactCoverError>
    where
        P: IntoIterator,
        P::Item: Into<String>,
        S: IntoIterator,
        S::Item: Into<String>,
    {
        let mut problem = Problem::new(0, 0);
        for name in primary {
            problem.declare(name.into())?;
            problem.primary += 1;
        }
        for name in secondary {
            problem.declare(name.into())?;
            problem.secondary += 1;
        }
        Ok(problem)
    }

    fn declare(&mut self, name: String) -> Result<(), ExactCoverError> {
        if !is_valid_name(&name) {
            return Err(ExactCoverError::BadName(name));
        }
        if self.index_of_name.contains_key(&name) {
            return Err(ExactCoverError::DuplicateName(name));
        }
        if self.names.len() >= MAX_NODES {
            return Err(ExactCoverError::TooLarge);
        }
        self.index_of_name.insert(name.clone(), self.names.len());
        self.names.push(name);
        Ok(())
    }

    /// Adds an option covering the given items (by index) and returns its
    /// index.
    ///
    /// # Errors
    ///
    /// [`ExactCoverError::NoSuchItem`] for an index past the last item,
    /// [`ExactCoverError::RepeatedItem`] when an item appears twice,
    /// [`ExactCoverError::EmptyOption`] for no items at all,
    /// [`ExactCoverError::NoPrimaryItem`] for secondary items only, and
    /// [`ExactCoverError::TooLarge`] when the table would outgrow
    /// [`MAX_NODES`]. The problem is unchanged on error.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::exact_cover::Problem;
    ///
    /// let mut problem = Problem::new(2, 0);
    /// assert_eq!(problem.add_option([1, 0])?, 0);
    /// assert_eq!(problem.option(0), [1, 0]);
    /// # Ok::<(), puzzles::exact_cover::ExactCoverError>(())
    /// ```
    pub fn add_option<I>(&mut self, items: I) -> Result<usize, ExactCoverError>
    where
        I: IntoIterator<Item = usize>,
    {
        let start = self.option_items.len();
        let result = self.push_items(items);
        if result.is_err() {
            self.option_items.truncate(start);
        }
        result
    }

    fn push_items<I>(&mut self, items: I) -> Result<usize, ExactCoverError>
    where
        I: IntoIterator<Item = usize>,
    {
        let start = self.option_items.len();
        let total = self.item_count();
        for item in items {
            if item >= total {
                return Err(ExactCoverError::NoSuchItem { item, items: total });
            }
            self.option_items.push(item);
        }
        if self.option_items.len() == start {
            return Err(ExactCoverError::EmptyOption);
        }
        if let Some(item) = first_repeat(&self.option_items[start..]) {
            return Err(ExactCoverError::RepeatedItem(self.describe(item)));
        }
        if self.option_items[start..]
            .iter()
            .all(|&item| item >= self.primary)
        {
            return Err(ExactCoverError::NoPrimaryItem);
        }
        // Headers, spacers and option nodes must all fit the table.
        if total + 2 + self.option_count() + self.option_items.len() > MAX_NODES {
            return Err(ExactCoverError::TooLarge);
        }
        self.option_starts.push(self.option_items.len());
        Ok(self.option_count() - 1)
    }

    /// Adds an option covering the named items and returns its index.
    ///
    /// # Errors
    ///
    /// [`ExactCoverError::UnknownItem`] for a name not declared, and the
    /// errors of [`Problem::add_option`]. The problem is unchanged on error.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::exact_cover::Problem;
    ///
    /// let mut problem = Problem::with_names(["a", "b"], ["s"])?;
    /// problem.add_named_option(["a", "s"])?;
    /// assert_eq!(problem.option(0), [0, 2]);
    /// assert!(problem.add_named_option(["c"]).is_err());
    /// # Ok::<(), puzzles::exact_cover::ExactCoverError>(())
    /// ```
    pub fn add_named_option<I>(&mut self, names: I) -> Result<usize, ExactCoverError>
    where
        I: IntoIterator,
        I::Item: AsRef<str>,
    {
        let mut items = Vec::new();
        for name in names {
            let name = name.as_ref();
            match self.index_of_name.get(name) {
                Some(&item) => items.push(item),
                None => return Err(ExactCoverError::UnknownItem(name.to_string())),
            }
        }
        self.add_option(items)
    }

    /// How many primary items (covered exactly once) the problem has.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(puzzles::exact_cover::Problem::new(3, 2).primary_count(), 3);
    /// ```
    pub fn primary_count(&self) -> usize {
        self.primary
    }

    /// How many secondary items (covered at most once) the problem has.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(puzzles::exact_cover::Problem::new(3, 2).secondary_count(), 2);
    /// ```
    pub fn secondary_count(&self) -> usize {
        self.secondary
    }

    /// How many items the problem has, primary and secondary.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(puzzles::exact_cover::Problem::new(3, 2).item_count(), 5);
    /// ```
    pub fn item_count(&self) -> usize {
        self.primary + self.secondary
    }

    /// How many options the problem has.
    ///
    /// # Example
    ///
    /// ```
    /// let mut problem = puzzles::exact_cover::Problem::new(1, 0);
    /// problem.add_option([0])?;
    /// assert_eq!(problem.option_count(), 1);
    /// # Ok::<(), puzzles::exact_cover::ExactCoverError>(())
    /// ```
    pub fn option_count(&self) -> usize {
        self.option_starts.len() - 1
    }

    /// The total length of all options (the nodes of the link table).
    pub(crate) fn node_count(&self) -> usize {
        self.option_items.len()
    }

    /// The items of option `index`, in the order given.
    ///
    /// # Panics
    ///
    /// When `index` is not below [`Problem::option_count`].
    ///
    /// # Example
    ///
    /// ```
    /// let mut problem = puzzles::exact_cover::Problem::new(3, 0);
    /// problem.add_option([2, 0])?;
    /// assert_eq!(problem.option(0), [2, 0]);
    /// # Ok::<(), puzzles::exact_cover::ExactCoverError>(())
    /// ```
    pub fn option(&self, index: usize) -> &[usize] {
        &self.option_items[self.option_starts[index]..self.option_starts[index + 1]]
    }

    /// Every option's items, in option order.
    ///
    /// # Example
    ///
    /// ```
    /// let mut problem = puzzles::exact_cover::Problem::new(2, 0);
    /// problem.add_option([0])?;
    /// problem.add_option([1, 0])?;
    /// assert_eq!(problem.options().collect::<Vec<_>>(), [&[0][..], &[1, 0][..]]);
    /// # Ok::<(), puzzles::exact_cover::ExactCoverError>(())
    /// ```
    pub fn options(&self) -> impl ExactSizeIterator<Item = &[usize]> + '_ {
        self.option_starts
            .windows(2)
            .map(|span| &self.option_items[span[0]..span[1]])
    }

    /// The name of item `item`, if the items have names.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::exact_cover::Problem;
    ///
    /// let problem = Problem::with_names(["x"], ["y"])?;
    /// assert_eq!(problem.item_name(1), Some("y"));
    /// assert_eq!(problem.item_name(2), None);
    /// # Ok::<(), puzzles::exact_cover::ExactCoverError>(())
    /// ```
    pub fn item_name(&self, item: usize) -> Option<&str> {
        self.names.get(item).map(String::as_str)
    }

    /// The index of the item called `name`.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::exact_cover::Problem;
    ///
    /// let problem = Problem::with_names(["x"], ["y"])?;
    /// assert_eq!(problem.item_index("y"), Some(1));
    /// assert_eq!(problem.item_index("q"), None);
    /// # Ok::<(), puzzles::exact_cover::ExactCoverError>(())
    /// ```
    pub fn item_index(&self, name: &str) -> Option<usize> {
        self.index_of_name.get(name).copied()
    }

    /// The item's name, or its number when items have no names.
    fn display_name(&self, item: usize) -> String {
        match self.item_name(item) {
            Some(name) => name.to_string(),
            None => item.to_string(),
        }
    }

    /// The item as error messages name it: its quoted name, or its number.
    fn describe(&self, item: usize) -> String {
        match self.item_name(item) {
            Some(name) => format!("{name:?}"),
            None => item.to_string(),
        }
    }

    /// The items of option `index` by name (or by number, for unnamed
    /// items), in the order given.
    ///
    /// # Panics
    ///
    /// When `index` is not below [`Problem::option_count`].
    ///
    /// # Example
    ///
    /// ```
    /// let mut problem = puzzles::exact_cover::Problem::new(3, 0);
    /// problem.add_option([2, 0])?;
    /// assert_eq!(problem.option_names(0).collect::<Vec<_>>(), ["2", "0"]);
    /// # Ok::<(), puzzles::exact_cover::ExactCoverError>(())
    /// ```
    pub fn option_names(&self, index: usize) -> impl Iterator<Item = String> + '_ {
        self.option(index)
            .iter()
            .map(|&item| self.display_name(item))
    }

    /// Every solution, lazily: each is the list of its options' indices in
    /// increasing order. Solutions come in the order of the search (the item
    /// with the fewest options first, its options in the order added).
    ///
    /// # Example
    ///
    /// ```
    /// let problem = puzzles::exact_cover::n_queens(4);
    /// let solutions: Vec<_> = problem.solutions().collect();
    /// assert_eq!(solutions.len(), 2);
    /// // Option r*4 + c is the square (r, c): queens on (0,1), (1,3), (2,0), (3,2).
    /// assert!(solutions.contains(&vec![1, 7, 8, 14]));
    /// ```
    pub fn solutions(&self) -> Solutions {
        Solutions::new(self)
    }

    /// The number of solutions.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(puzzles::exact_cover::n_queens(8).count(), 92);
    /// ```
    pub fn count(&self) -> u64 {
        self.count_up_to(u64::MAX)
    }

    /// The number of solutions, stopping the search once `limit` are found:
    /// `count_up_to(2)` tells none, one and many apart.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(puzzles::exact_cover::n_queens(8).count_up_to(2), 2);
    /// assert_eq!(puzzles::exact_cover::n_queens(3).count_up_to(2), 0);
    /// ```
    pub fn count_up_to(&self, limit: u64) -> u64 {
        search::Search::new(self).count_up_to(limit)
    }

    /// The first solution the search finds, or `None` when there is none.
    ///
    /// # Example
    ///
    /// ```
    /// let first = puzzles::exact_cover::n_queens(5).first().unwrap();
    /// assert_eq!(first.len(), 5);
    /// assert_eq!(puzzles::exact_cover::n_queens(2).first(), None);
    /// ```
    pub fn first(&self) -> Option<Vec<usize>> {
        self.solutions().next()
    }

    /// Runs the search event by event, handing each [`Event`] to `observer`
    /// (see [the module docs](self#traces) for how items and options map onto
    /// `row` and `col`). The observer may return [`ControlFlow::Break`] to
    /// stop.
    ///
    /// # Example
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use puzzles::trace::{Action, TraceMode};
    ///
    /// let problem: puzzles::exact_cover::Problem = "x y\nx\ny\nx y\n".parse()?;
    /// let mut events = Vec::new();
    /// let summary = problem.trace(TraceMode::AllSolutions, |event| {
    ///     events.push(event.action);
    ///     ControlFlow::Continue(())
    /// });
    /// assert_eq!(summary.counters.solutions, 2);
    /// // Item x (row 0) first: option 0 = {x} is placed at depth 0.
    /// assert_eq!(events[0], Action::Place { row: 0, col: 0, value: None });
    /// # Ok::<(), puzzles::exact_cover::ParseError>(())
    /// ```
    pub fn trace<F>(&self, mode: TraceMode, observer: F) -> TraceSummary
    where
        F: FnMut(&Event) -> ControlFlow<()>,
    {
        search::trace(self, mode, observer)
    }
}

/// Writes the problem in the text format that [`Problem::parse`] reads:
/// the items line (primary items, then `|` and the secondary items if any),
/// then one option per line. Unnamed items are written as their numbers.
///
/// # Example
///
/// ```
/// let mut problem = puzzles::exact_cover::Problem::with_names(["a", "b"], ["s"])?;
/// problem.add_named_option(["a", "s"])?;
/// problem.add_named_option(["b"])?;
/// assert_eq!(problem.to_string(), "a b | s\na s\nb\n");
/// # Ok::<(), puzzles::exact_cover::ExactCoverError>(())
/// ```
impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut words: Vec<String> = (0..self.primary).map(|i| self.display_name(i)).collect();
        // A bare `|` keeps an items line without primary items non-blank.
        if self.secondary > 0 || self.primary == 0 {
            words.push("|".to_string());
            words.extend((self.primary..self.item_count()).map(|i| self.display_name(i)));
        }
        writeln!(f, "{}", words.join(" "))?;
        for index in 0..self.option_count() {
            let names: Vec<String> = self.option_names(index).collect();
            writeln!(f, "{}", names.join(" "))?;
        }
        Ok(())
    }
}

/// The first item of `items` that also appears earlier in it.
fn first_repeat(items: &[usize]) -> Option<usize> {
    if items.len() <= 16 {
        return (1..items.len())
            .find(|&i| items[..i].contains(&items[i]))
            .map(|i| items[i]);
    }
    let mut sorted = items.to_vec();
    sorted.sort_unstable();
    let repeated: Vec<usize> = sorted
        .windows(2)
        .filter(|pair| pair[0] == pair[1])
        .map(|pair| pair[0])
        .collect();
    items
        .iter()
        .enumerate()
        .find(|&(i, item)| repeated.contains(item) && items[..i].contains(item))
        .map(|(_, &item)| item)
}

fn is_valid_name(name: &str) -> bool {
    !name.is_empty()
        && !name
            .chars()
            .any(|c| c.is_whitespace() || c == '|' || c == '#')
}

/// N-Queens as an exact cover problem: primary items `r0..` (rows) and `c0..`
/// (columns), secondary items `d0..` (the `\` diagonal `r + c`) and `a0..`
/// (the `/` diagonal `n - 1 - r + c`), and one option per square, option
/// `r * n + c` for the square `(r, c)`. Its solutions are exactly the
/// placements of `n` non-attacking queens.
///
/// # Example
///
/// ```
/// use puzzles::exact_cover::n_queens;
///
/// let problem = n_queens(8);
/// assert_eq!((problem.primary_count(), problem.secondary_count()), (16, 30));
/// assert_eq!(problem.count(), puzzles::queens::Board::new(8)?.count());
/// # Ok::<(), puzzles::queens::QueensError>(())
/// ```
pub fn n_queens(n: usize) -> Problem {
    let diagonals = (2 * n).saturating_sub(1);
    let rows = (0..n).map(|r| format!("r{r}"));
    let cols = (0..n).map(|c| format!("c{c}"));
    let diags = (0..diagonals).map(|d| format!("d{d}"));
    let antis = (0..diagonals).map(|a| format!("a{a}"));
    let mut problem = Problem::with_names(rows.chain(cols), diags.chain(antis))
        .expect("generated names are distinct and valid");
    for r in 0..n {
        for c in 0..n {
            let square = [r, n + c, 2 * n + r + c, 2 * n + diagonals + (n - 1 - r + c)];
            problem
                .add_option(square)
                .expect("generated items exist and are distinct");
        }
    }
    problem
}

#[cfg(test)]
mod tests;
