//! Completion: boards with some pieces already placed.
//!
//! Deciding whether given queens can be completed to a solution is
//! NP-complete, and counting the completions #P-complete (Gent, Jefferson
//! and Nightingale, 2017), so this search works harder per node than the
//! plain one: it keeps, for every free row, the columns still open to it
//! and, for every free column, the rows still open to it, as bitboards.
//! Placing a piece strikes the squares it attacks from every free line.
//! A free row or column left with no square is a dead end at once (forward
//! checking), and [`Completion::find`] and [`Completion::count`] always
//! branch on the free row *or column* with the fewest open squares (the
//! minimum-remaining-values rule), so forced moves come first.
//! [`Completion::solutions`] branches on rows in order instead, which keeps
//! the completions in lexicographic order.
//!
//! The attack rule is data here too: a table gives, for a piece at position
//! `p` of a line, the positions it attacks on a line `d` away, for any
//! [`Piece`](super::Piece) on a plain board or a torus. Every rule is
//! symmetric under transposition, so the same table serves rows and
//! columns.
//!
//! # Example
//!
//! ```
//! use puzzles::queens::Board;
//!
//! // Two queens given on an 8×8 board.
//! let puzzle = Board::new(8)?.with_given(&[(0, 3), (6, 4)])?;
//! let completions: Vec<_> = puzzle.solutions().collect();
//! assert!(completions.iter().all(|s| s.cols()[0] == 3 && s.cols()[6] == 4));
//! assert_eq!(puzzle.count(), completions.len() as u64);
//! # Ok::<(), puzzles::queens::QueensError>(())
//! ```

use std::ops::ControlFlow;

use super::board::Board;
use super::error::QueensError;
use super::rules::Rules;
use super::search::{self, Masks};
use super::solution::Solution;
use crate::trace::{ConflictKind, Event, TraceMode, TraceSummary};

mod engine;

use engine::{Branch, Candidates, Engine, Order, State};

/// How many placements [`Completion::find`] allows its first run.
const FIRST_BUDGET: u64 = 1 << 14;

/// Why a given square's text is not a square: the message names the text
/// and the part that is wrong. `puzzles queens --given` and the web page's
/// `given=` parameter both read squares with [`parse_square`], so they say
/// the same thing.
///
/// # Example
///
/// ```
/// use puzzles::queens::{SquareError, parse_square};
///
/// let err: SquareError = parse_square("3:x").unwrap_err();
/// assert_eq!(err.to_string(), r#"the column in "3:x" must be a whole number from 0, got "x""#);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SquareError(String);

/// Parses one given square, `ROW:COL` (0-based, spaces allowed around each
/// part), as [`Board::with_given`] takes it.
///
/// # Errors
///
/// A [`SquareError`] when there is no `:` or either part is not a whole
/// number from 0 (or is one too large for a `usize`). Whether the square is on the board is for
/// [`Board::with_given`] to say.
///
/// # Example
///
/// ```
/// use puzzles::queens::parse_square;
///
/// assert_eq!(parse_square(" 12 : 3 "), Ok((12, 3)));
/// assert_eq!(
///     parse_square("0-5").unwrap_err().to_string(),
///     r#"expected a square as ROW:COL (0-based), like 0:5, got "0-5""#
/// );
/// assert_eq!(
///     parse_square("99999999999999999999:0").unwrap_err().to_string(),
///     r#"the row 99999999999999999999 in "99999999999999999999:0" is too large"#
/// );
/// ```
pub fn parse_square(text: &str) -> Result<(usize, usize), SquareError> {
    let text = text.trim();
    let Some((row, col)) = text.split_once(':') else {
        return Err(SquareError(format!(
            "expected a square as ROW:COL (0-based), like 0:5, got {text:?}"
        )));
    };
    let number = |part: &str, what: &str| {
        let part = part.trim();
        part.parse::<usize>().map_err(|err| {
            SquareError(if *err.kind() == std::num::IntErrorKind::PosOverflow {
                format!("the {what} {part} in {text:?} is too large")
            } else {
                format!("the {what} in {text:?} must be a whole number from 0, got {part:?}")
            })
        })
    };
    Ok((number(row, "row")?, number(col, "column")?))
}

/// A board with some pieces given, ready to complete. Made by
/// [`Board::with_given`].
///
/// # Example
///
/// ```
/// use puzzles::queens::Board;
///
/// let board = Board::new(12)?.with_given(&[(0, 5), (3, 1)])?;
/// let completion = board.find().unwrap();
/// assert_eq!((completion.cols()[0], completion.cols()[3]), (5, 1));
/// assert_eq!(board.first(), board.solutions().next());
/// # Ok::<(), puzzles::queens::QueensError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Completion {
    masks: Masks,
    given: Vec<(usize, usize)>,
    engine: Engine,
    /// The board once the given pieces stand on it; `None` when some free
    /// row or column is left with no square at all.
    start: Option<State>,
}

impl Board {
    /// This board with pieces already standing on the squares `given`, as
    /// `(row, col)` pairs (0-based, in any order; a square given twice
    /// counts once).
    ///
    /// # Errors
    ///
    /// [`QueensError::SquareOffBoard`] for a square outside the board, and
    /// [`QueensError::Attack`] naming two given pieces that attack each
    /// other (two in one row clash by [`ConflictKind::Row`]).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::{Board, QueensError};
    ///
    /// let board = Board::new(8)?;
    /// assert!(board.with_given(&[(0, 0), (1, 2)]).is_ok());
    /// assert!(matches!(board.with_given(&[(0, 0), (3, 3)]), Err(QueensError::Attack { .. })));
    /// assert_eq!(
    ///     board.with_given(&[(8, 0)]).unwrap_err().to_string(),
    ///     "the square (row 8, col 0) is off the board: rows and columns run from 0 to 7"
    /// );
    /// # Ok::<(), QueensError>(())
    /// ```
    pub fn with_given(&self, given: &[(usize, usize)]) -> Result<Completion, QueensError> {
        Completion::new(self.masks, given)
    }
}

impl Completion {
    fn new(masks: Masks, given: &[(usize, usize)]) -> Result<Completion, QueensError> {
        let rules = masks.rules;
        let n = rules.n();
        let mut squares: Vec<(usize, usize)> = given.to_vec();
        squares.sort_unstable();
        squares.dedup();
        if let Some(&(row, col)) = squares.iter().find(|&&(row, col)| row >= n || col >= n) {
            return Err(QueensError::SquareOffBoard { row, col, n });
        }
        for (index, &second) in squares.iter().enumerate() {
            for &first in &squares[..index] {
                let kind = if first.0 == second.0 {
                    Some(ConflictKind::Row)
                } else {
                    rules.attack(first, second)
                };
                if let Some(kind) = kind {
                    return Err(QueensError::Attack {
                        first,
                        second,
                        kind,
                    });
                }
            }
        }
        let engine = Engine::new(&rules);
        let mut state = Some(engine.empty());
        for &(row, col) in &squares {
            if let Some(board) = &mut state {
                engine.place(board, row, col);
                if !engine.alive(board) {
                    state = None;
                }
            }
        }
        Ok(Completion {
            masks,
            given: squares,
            engine,
            start: state,
        })
    }

    /// The given squares, sorted by row.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::Board;
    ///
    /// let board = Board::new(8)?.with_given(&[(5, 1), (0, 3)])?;
    /// assert_eq!(board.given(), &[(0, 3), (5, 1)]);
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn given(&self) -> &[(usize, usize)] {
        &self.given
    }

    /// The rules searched.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::Board;
    ///
    /// assert_eq!(Board::new(8)?.with_given(&[])?.rules().n(), 8);
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn rules(&self) -> &Rules {
        &self.masks.rules
    }

    /// The board size.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::Board;
    ///
    /// assert_eq!(Board::new(9)?.with_given(&[(0, 0)])?.n(), 9);
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn n(&self) -> usize {
        self.masks.n
    }

    /// Every completion, lazily, in lexicographic order of `cols`.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::Board;
    ///
    /// let board = Board::new(6)?.with_given(&[(0, 1)])?;
    /// let cols: Vec<_> = board.solutions().map(|s| s.into_cols()).collect();
    /// assert_eq!(cols, [vec![1, 3, 5, 0, 2, 4]]);
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn solutions(&self) -> Completions {
        Completions::new(self, Order::Rows)
    }

    /// The lexicographically first completion, or `None` when there is none.
    /// [`Completion::find`] is usually much faster on hard instances.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::Board;
    ///
    /// let board = Board::new(8)?.with_given(&[(0, 1)])?;
    /// assert_eq!(board.first().unwrap().cols(), &[1, 3, 5, 7, 2, 0, 6, 4]);
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn first(&self) -> Option<Solution> {
        self.solutions().next()
    }

    /// Some completion, or `None` when there is none: the search branches on
    /// the most constrained row or column and tries its least constraining
    /// square first. Runs that go on too long are restarted with a doubled
    /// budget and ties broken differently (a fixed pseudo-random sequence),
    /// which cuts off the rare very long runs; the last run is exhaustive,
    /// so `None` is a proof. Which completion comes back is fixed but need
    /// not be the lexicographically first.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::Board;
    ///
    /// let board = Board::new(40)?.with_given(&[(0, 0), (1, 2), (2, 4)])?;
    /// let completion = board.find().unwrap();
    /// assert!(puzzles::queens::Solution::new(completion.cols().to_vec()).is_ok());
    /// assert_eq!(Board::new(4)?.with_given(&[(0, 0)])?.find(), None);
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn find(&self) -> Option<Solution> {
        let mut budget = FIRST_BUDGET;
        for run in 0.. {
            let mut search = Completions::new(self, Order::FewestFirst);
            search.budget = budget;
            search.noise = run;
            if let Some(solution) = search.next() {
                return Some(solution);
            }
            if search.budget > 0 {
                return None;
            }
            budget = budget.saturating_mul(2);
        }
        unreachable!("the budgets grow until a run finishes")
    }

    /// The number of completions, counted without building any of them,
    /// on the calling thread; [`CountPlan::completions`] splits the same
    /// count into work units for every core and for checkpoints.
    ///
    /// [`CountPlan::completions`]: super::count::CountPlan::completions
    ///
    /// Rooks are counted by formula
    /// ([`construct::rook_completions`](super::construct::rook_completions)),
    /// as [`Board::count`](super::Board::count) counts them: a total beyond
    /// `u64` saturates.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::{Board, Piece, Rules};
    ///
    /// assert_eq!(Board::new(8)?.with_given(&[])?.count(), 92);
    /// assert_eq!(Board::new(8)?.with_given(&[(0, 0)])?.count(), 4);
    /// // 38 rooks, 2 given: 36! completions, saturated, not searched.
    /// let rooks = Board::with_rules(Rules::new(38, Piece::Rook, false)?)?;
    /// assert_eq!(rooks.with_given(&[(0, 0), (1, 1)])?.count(), u64::MAX);
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn count(&self) -> u64 {
        let Some(state) = &self.start else {
            return 0;
        };
        if self.rules().piece() == super::Piece::Rook {
            // The search would visit every one of (N − given)! completions.
            return super::construct::rook_completions(self.rules(), self.given.len())
                .map_or(u64::MAX, |total| u64::try_from(total).unwrap_or(u64::MAX));
        }
        self.engine.count(state)
    }

    /// The number of completions by the search (rooks too, whose
    /// [`Completion::count`] is a formula), adding each placement it makes
    /// to `nodes`; `None` when `stopped` said stop, which it is asked at
    /// every node with more than eight free rows.
    pub(crate) fn count_until(&self, stopped: &dyn Fn() -> bool, nodes: &mut u64) -> Option<u64> {
        match &self.start {
            Some(state) => self.engine.count_until(state, stopped, nodes),
            None => Some(0),
        }
    }

    /// Traces the row-by-row search for completions, as
    /// [`Board::trace`](super::Board::trace) does: the given pieces are
    /// placed when their row comes, and squares they attack are never tried.
    ///
    /// # Example
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use puzzles::queens::Board;
    /// use puzzles::trace::{Action, TraceMode};
    ///
    /// let board = Board::new(6)?.with_given(&[(0, 1)])?;
    /// let mut first = None;
    /// let summary = board.trace(TraceMode::AllSolutions, |event| {
    ///     first.get_or_insert(event.action);
    ///     ControlFlow::Continue(())
    /// });
    /// assert_eq!(first, Some(Action::Place { row: 0, col: 1, value: None, forced: false }));
    /// assert_eq!(summary.counters.solutions, 1);
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn trace<F>(&self, mode: TraceMode, observer: F) -> TraceSummary
    where
        F: FnMut(&Event) -> ControlFlow<()>,
    {
        search::trace(&self.masks, &self.allowed(), mode, observer)
    }

    /// The columns each row may use: the given one in a given row, and the
    /// squares no given piece attacks elsewhere.
    fn allowed(&self) -> Vec<u64> {
        let n = self.n();
        let mut allowed = vec![self.masks.full; n];
        for &(row, col) in &self.given {
            for (other, mask) in allowed.iter_mut().enumerate() {
                if other == row {
                    *mask &= 1 << col;
                } else {
                    *mask &= !self.engine.line(col, self.engine.distance(row, other));
                }
            }
        }
        allowed
    }
}

/// The completions of a board, one at a time. Made by
/// [`Completion::solutions`].
///
/// # Example
///
/// ```
/// use puzzles::queens::Board;
///
/// let mut completions = Board::new(4)?.with_given(&[(1, 3)])?.solutions();
/// assert_eq!(completions.next().unwrap().cols(), &[1, 3, 0, 2]);
/// assert_eq!(completions.next(), None);
/// # Ok::<(), puzzles::queens::QueensError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Completions {
    engine: Engine,
    order: Order,
    n: usize,
    stack: Vec<Frame>,
    /// The given pieces already fill the board: one completion, itself.
    full: Option<State>,
    /// Placements left before giving up (for restarts).
    budget: u64,
    /// Which tie-breaking sequence to use; 0 keeps ties in ascending order.
    noise: u64,
}

impl Completions {
    fn new(completion: &Completion, order: Order) -> Completions {
        let engine = completion.engine.clone();
        let mut stack = Vec::with_capacity(completion.n());
        let mut full = None;
        if let Some(state) = completion.start {
            if state.free_rows == 0 {
                full = Some(state);
            } else if let Some((branch, open)) = engine.choose(&state, order) {
                let untried = engine.candidates(&state, branch, open, order);
                stack.push(Frame {
                    state,
                    branch,
                    untried,
                });
            }
        }
        Completions {
            engine,
            order,
            n: completion.n(),
            stack,
            full,
            budget: u64::MAX,
            noise: 0,
        }
    }

    fn solution(&self, state: &State) -> Solution {
        Solution::from_checked(
            state.placed[..self.n]
                .iter()
                .map(|&col| usize::from(col))
                .collect(),
        )
    }
}

impl Iterator for Completions {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        if let Some(state) = self.full.take() {
            return Some(self.solution(&state));
        }
        loop {
            let frame = self.stack.last_mut()?;
            let Some(at) = frame.untried.pop() else {
                self.stack.pop();
                continue;
            };
            if self.budget == 0 {
                return None;
            }
            self.budget -= 1;
            let mut child = frame.state;
            let (row, col) = frame.branch.square(at);
            self.engine.place(&mut child, row, col);
            if child.free_rows == 0 {
                return Some(self.solution(&child));
            }
            if let Some((branch, open)) = self.engine.choose(&child, self.order) {
                let mut untried = self.engine.candidates(&child, branch, open, self.order);
                if self.noise > 0 {
                    self.noise = untried.shuffle_ties(self.noise);
                }
                self.stack.push(Frame {
                    state: child,
                    branch,
                    untried,
                });
            }
        }
    }
}

impl std::iter::FusedIterator for Completions {}

#[derive(Clone, Debug)]
struct Frame {
    state: State,
    branch: Branch,
    /// The positions of the branch line still to try, in order.
    untried: Candidates,
}

#[cfg(test)]
mod tests;
