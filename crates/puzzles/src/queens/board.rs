//! The board: the rules checked to fit the bitboard search, and what it
//! answers — solutions, counts, the first, the fundamental ones, traces.

use std::ops::ControlFlow;

use super::error::QueensError;
use super::rules::Rules;
use super::search::{self, Frame, Masks, Solutions};
use super::solution::{Fundamental, Solution};
use super::{construct, count};
use crate::trace::{Event, TraceMode, TraceSummary};

/// An N-Queens problem (or one of its variants) ready to search: the rules,
/// checked to fit the bitboard search (`n` ≤ 64).
///
/// # Example
///
/// ```
/// use puzzles::queens::{Board, Piece, Rules};
///
/// assert_eq!(Board::new(8)?.count(), 92);
/// let kings = Board::with_rules(Rules::new(5, Piece::King, false)?)?;
/// assert_eq!(kings.count(), 14);
/// # Ok::<(), puzzles::queens::QueensError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub(super) masks: Masks,
}

impl PartialEq for Masks {
    fn eq(&self, other: &Masks) -> bool {
        self.rules == other.rules
    }
}

impl Eq for Masks {}

impl Board {
    /// The classic problem: `n` queens on an `n`×`n` board.
    ///
    /// # Errors
    ///
    /// [`QueensError::ZeroSize`] when `n` is 0, [`QueensError::TooLarge`]
    /// when `n` exceeds [`MAX_SEARCH_N`](super::MAX_SEARCH_N).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::Board;
    ///
    /// assert_eq!(Board::new(1)?.count(), 1);
    /// assert!(Board::new(100).is_err());
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn new(n: usize) -> Result<Board, QueensError> {
        Board::with_rules(Rules::queens(n)?)
    }

    /// A board for any piece and board shape.
    ///
    /// # Errors
    ///
    /// [`QueensError::TooLarge`] when `n` exceeds [`MAX_SEARCH_N`](super::MAX_SEARCH_N).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::{Board, Piece, Rules};
    ///
    /// let torus = Board::with_rules(Rules::new(5, Piece::Queen, true)?)?;
    /// assert_eq!(torus.count(), 10);
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn with_rules(rules: Rules) -> Result<Board, QueensError> {
        Ok(Board {
            masks: Masks::new(rules.checked()?),
        })
    }

    /// The rules searched.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::Board;
    ///
    /// assert_eq!(Board::new(6)?.rules().n(), 6);
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
    /// assert_eq!(Board::new(6)?.n(), 6);
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn n(&self) -> usize {
        self.masks.n
    }

    fn unconstrained(&self) -> Vec<u64> {
        vec![self.masks.full; self.n()]
    }

    /// Every solution, lazily, in lexicographic order of `cols`.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::Board;
    ///
    /// // Streams: the first solution of a large board comes at once.
    /// let first = Board::new(30)?.solutions().next().unwrap();
    /// assert_eq!(first.n(), 30);
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn solutions(&self) -> Solutions {
        Solutions::new(self.masks, self.unconstrained())
    }

    /// The number of solutions, counted without building any of them.
    ///
    /// Classic queens use the symmetry-reduced counter of [`count`], other
    /// pieces and the torus the units of [`count::CountPlan::pieces`], both
    /// on the calling thread (use [`count::Counter`] for every core); rooks
    /// a formula ([`construct::rook_counts`]); boards that a theorem says
    /// have no solution ([`construct::known_to_have_none`]) are 0 at once.
    /// A total beyond `u64` (no board that could be counted in a lifetime)
    /// saturates.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::{Board, Piece, Rules};
    ///
    /// assert_eq!(Board::new(10)?.count(), 724);
    /// // 35 rooks: 35! placements, saturated, not searched.
    /// let rooks = Board::with_rules(Rules::new(35, Piece::Rook, false)?)?;
    /// assert_eq!(rooks.count(), u64::MAX);
    /// // Queens on a torus of 60: none, by a theorem, without a search.
    /// let torus = Board::with_rules(Rules::new(60, Piece::Queen, true)?)?;
    /// assert_eq!(torus.count(), 0);
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn count(&self) -> u64 {
        if construct::known_to_have_none(self.rules()) {
            return 0;
        }
        if self.rules().piece() == super::Piece::Rook {
            // Past the formula's range N! is far beyond `u64` anyway.
            return construct::rook_counts(self.rules()).map_or(u64::MAX, |(total, _)| {
                u64::try_from(total).unwrap_or(u64::MAX)
            });
        }
        let split = count::CountPlan::default_split(self.n());
        match count::CountPlan::pieces(*self.rules(), split) {
            Ok(plan) => u64::try_from(plan.count_all().total).unwrap_or(u64::MAX),
            Err(_) => self.plain_count(),
        }
    }

    /// [`Board::count`] by the plain search, for every piece and board shape:
    /// the cross-check of the reduced counter.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::Board;
    ///
    /// assert_eq!(Board::new(10)?.plain_count(), 724);
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn plain_count(&self) -> u64 {
        let mut placed = vec![0; self.n()];
        search::count_below(
            &self.masks,
            &self.unconstrained(),
            0,
            &Frame::default(),
            &mut placed,
        )
    }

    /// The lexicographically first solution, or `None` when there is none
    /// (`n` = 2 or 3 for queens).
    ///
    /// This is a backtracking search with no time bound: the first solution
    /// in this order comes at once for small boards (for queens up to 29),
    /// but takes minutes or more for some larger ones
    /// ([`lexicographic_is_quick`](super::lexicographic_is_quick) says
    /// which). For any one solution of any size, take
    /// [`one_solution`](super::one_solution).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::Board;
    ///
    /// assert_eq!(Board::new(8)?.first().unwrap().cols(), &[0, 4, 7, 5, 2, 6, 1, 3]);
    /// assert_eq!(Board::new(3)?.first(), None);
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn first(&self) -> Option<Solution> {
        self.solutions().next()
    }

    /// The fundamental solutions — the lexicographically smallest member of
    /// each class under the eight symmetries of the square — in
    /// lexicographic order, each with its class size.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::Board;
    ///
    /// let classes: Vec<_> = Board::new(6)?.fundamental_solutions().collect();
    /// assert_eq!(classes.len(), 1);
    /// assert_eq!(classes[0].solution.cols(), &[1, 3, 5, 0, 2, 4]);
    /// assert_eq!(classes[0].class_size, 4);
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn fundamental_solutions(&self) -> impl Iterator<Item = Fundamental> + use<> {
        self.solutions()
            .filter(Solution::is_canonical)
            .map(|solution| Fundamental {
                class_size: solution.class_size(),
                solution,
            })
    }

    /// Runs the search event by event, handing each [`Event`] to `observer`:
    /// every square of each row is tried in column order and reported as a
    /// placement or a conflict (naming the earliest piece it clashes with),
    /// each placement is later removed, and a row with no column left is a
    /// backtrack. The observer may return [`ControlFlow::Break`] to stop.
    ///
    /// # Example
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use puzzles::queens::Board;
    /// use puzzles::trace::TraceMode;
    ///
    /// let mut events = Vec::new();
    /// let summary = Board::new(4)?.trace(TraceMode::AllSolutions, |event| {
    ///     events.push(*event);
    ///     ControlFlow::Continue(())
    /// });
    /// assert_eq!(summary.counters.solutions, 2);
    /// assert_eq!(summary.steps, events.len() as u64);
    /// assert!(summary.completed);
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn trace<F>(&self, mode: TraceMode, observer: F) -> TraceSummary
    where
        F: FnMut(&Event) -> ControlFlow<()>,
    {
        search::trace(&self.masks, &self.unconstrained(), mode, observer)
    }
}
