//! The problem itself: its items, their names and its options, checked as
//! they are added.

use std::collections::HashMap;

use super::error::{ExactCoverError, MAX_NODES};

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
    /// # Errors
    ///
    /// [`ExactCoverError::TooLarge`] when the items alone would outgrow
    /// [`MAX_NODES`] (a node each, and two more).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::exact_cover::{MAX_NODES, Problem};
    ///
    /// let problem = Problem::new(3, 1)?;
    /// assert_eq!((problem.primary_count(), problem.item_count()), (3, 4));
    /// assert_eq!(problem.item_name(0), None);
    /// assert!(Problem::new(MAX_NODES, 0).is_err());
    /// # Ok::<(), puzzles::exact_cover::ExactCoverError>(())
    /// ```
    pub fn new(primary: usize, secondary: usize) -> Result<Problem, ExactCoverError> {
        let nodes = primary
            .checked_add(secondary)
            .and_then(|items| items.checked_add(2));
        if nodes.is_none_or(|nodes| nodes > MAX_NODES) {
            return Err(ExactCoverError::TooLarge);
        }
        Ok(Problem {
            primary,
            secondary,
            ..Problem::empty()
        })
    }

    /// A problem without items or options, to declare named items in.
    pub(super) fn empty() -> Problem {
        Problem {
            primary: 0,
            secondary: 0,
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
        let mut problem = Problem::empty();
        for name in primary {
            problem.declare(name.into(), true)?;
        }
        for name in secondary {
            problem.declare(name.into(), false)?;
        }
        Ok(problem)
    }

    /// Adds the item `name` after those declared so far, as a primary item
    /// or a secondary one. Primary items must all come first: items are
    /// numbered primary, then secondary.
    pub(super) fn declare(&mut self, name: String, primary: bool) -> Result<(), ExactCoverError> {
        debug_assert!(!primary || self.secondary == 0, "primary items come first");
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
        if primary {
            self.primary += 1;
        } else {
            self.secondary += 1;
        }
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
    /// let mut problem = Problem::new(2, 0)?;
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
        // Headers (the items' and the root's), spacers (one after each
        // option, this one included, and one before the first) and option
        // nodes must all fit the table.
        let nodes = [self.option_count() + 1, self.option_items.len(), 2]
            .into_iter()
            .try_fold(total, usize::checked_add);
        if nodes.is_none_or(|nodes| nodes > MAX_NODES) {
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
    /// assert_eq!(puzzles::exact_cover::Problem::new(3, 2)?.primary_count(), 3);
    /// # Ok::<(), puzzles::exact_cover::ExactCoverError>(())
    /// ```
    pub fn primary_count(&self) -> usize {
        self.primary
    }

    /// How many secondary items (covered at most once) the problem has.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(puzzles::exact_cover::Problem::new(3, 2)?.secondary_count(), 2);
    /// # Ok::<(), puzzles::exact_cover::ExactCoverError>(())
    /// ```
    pub fn secondary_count(&self) -> usize {
        self.secondary
    }

    /// How many items the problem has, primary and secondary.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(puzzles::exact_cover::Problem::new(3, 2)?.item_count(), 5);
    /// # Ok::<(), puzzles::exact_cover::ExactCoverError>(())
    /// ```
    pub fn item_count(&self) -> usize {
        self.primary + self.secondary
    }

    /// How many options the problem has.
    ///
    /// # Example
    ///
    /// ```
    /// let mut problem = puzzles::exact_cover::Problem::new(1, 0)?;
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
    /// let mut problem = puzzles::exact_cover::Problem::new(3, 0)?;
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
    /// let mut problem = puzzles::exact_cover::Problem::new(2, 0)?;
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
    pub(super) fn display_name(&self, item: usize) -> String {
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
    /// let mut problem = puzzles::exact_cover::Problem::new(3, 0)?;
    /// problem.add_option([2, 0])?;
    /// assert_eq!(problem.option_names(0).collect::<Vec<_>>(), ["2", "0"]);
    /// # Ok::<(), puzzles::exact_cover::ExactCoverError>(())
    /// ```
    pub fn option_names(&self, index: usize) -> impl Iterator<Item = String> + '_ {
        self.option(index)
            .iter()
            .map(|&item| self.display_name(item))
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
