//! The questions a problem answers by searching: its solutions, their
//! number, the first one, and the search step by step.

use std::ops::ControlFlow;

use super::problem::Problem;
use super::search::{self, CountProgress, Solutions};
use crate::trace::{Event, TraceMode, TraceSummary};

impl Problem {
    /// Every solution, lazily: each is the list of its options' indices in
    /// increasing order. Solutions come in the order of the search (the item
    /// with the fewest options first, its options in the order added).
    ///
    /// # Example
    ///
    /// ```
    /// let problem = puzzles::exact_cover::n_queens(4)?;
    /// let solutions: Vec<_> = problem.solutions().collect();
    /// assert_eq!(solutions.len(), 2);
    /// // Option r*4 + c is the square (r, c): queens on (0,1), (1,3), (2,0), (3,2).
    /// assert!(solutions.contains(&vec![1, 7, 8, 14]));
    /// # Ok::<(), puzzles::exact_cover::ExactCoverError>(())
    /// ```
    pub fn solutions(&self) -> Solutions {
        Solutions::new(self)
    }

    /// The number of solutions.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(puzzles::exact_cover::n_queens(8)?.count(), 92);
    /// # Ok::<(), puzzles::exact_cover::ExactCoverError>(())
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
    /// assert_eq!(puzzles::exact_cover::n_queens(8)?.count_up_to(2), 2);
    /// assert_eq!(puzzles::exact_cover::n_queens(3)?.count_up_to(2), 0);
    /// # Ok::<(), puzzles::exact_cover::ExactCoverError>(())
    /// ```
    pub fn count_up_to(&self, limit: u64) -> u64 {
        search::Search::new(self).count_up_to(limit)
    }

    /// [`Problem::count_up_to`] that calls `progress` with the solutions
    /// found and the options tried every 65,536 options, so that a long
    /// count can show how far it has got; `progress` stops it by returning
    /// [`ControlFlow::Break`] (Ctrl-C), and the count so far comes back with
    /// `complete` unset.
    ///
    /// # Example
    ///
    /// ```
    /// use std::ops::ControlFlow;
    ///
    /// let problem = puzzles::exact_cover::n_queens(12)?;
    /// let whole = problem.count_with(u64::MAX, &mut |_| ControlFlow::Continue(()));
    /// assert_eq!((whole.solutions, whole.complete), (14_200, true));
    /// // Stopped at its first report: part of the count, and it says so.
    /// let stopped = problem.count_with(u64::MAX, &mut |_| ControlFlow::Break(()));
    /// assert!(!stopped.complete && stopped.solutions < 14_200);
    /// assert_eq!(stopped.options_tried, 65_536);
    /// // Cut at a limit: not complete either.
    /// let cut = problem.count_with(10, &mut |_| ControlFlow::Continue(()));
    /// assert_eq!((cut.solutions, cut.complete), (10, false));
    /// # Ok::<(), puzzles::exact_cover::ExactCoverError>(())
    /// ```
    pub fn count_with(
        &self,
        limit: u64,
        progress: &mut dyn FnMut(&CountProgress) -> ControlFlow<()>,
    ) -> CountProgress {
        search::Search::new(self).count_watched(limit, progress)
    }

    /// The first solution the search finds, or `None` when there is none.
    ///
    /// # Example
    ///
    /// ```
    /// let first = puzzles::exact_cover::n_queens(5)?.first().unwrap();
    /// assert_eq!(first.len(), 5);
    /// assert_eq!(puzzles::exact_cover::n_queens(2)?.first(), None);
    /// # Ok::<(), puzzles::exact_cover::ExactCoverError>(())
    /// ```
    pub fn first(&self) -> Option<Vec<usize>> {
        self.solutions().next()
    }

    /// Runs the search event by event, handing each [`Event`] to `observer`
    /// (see [the module docs](crate::exact_cover#traces) for how items and options map onto
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
    /// assert_eq!(events[0], Action::Place { row: 0, col: 0, value: None, forced: false });
    /// # Ok::<(), puzzles::exact_cover::ParseError>(())
    /// ```
    pub fn trace<F>(&self, mode: TraceMode, observer: F) -> TraceSummary
    where
        F: FnMut(&Event) -> ControlFlow<()>,
    {
        search::trace(self, mode, observer)
    }
}
