//! Solving: [`Solver`] (9×9 puzzles to the band engine, other sizes to the
//! general solver), the lazy [`Solutions`], the [`trace`] of the general
//! solver's search, and the [`Puzzle`] methods that call them.

use std::fmt;
use std::ops::ControlFlow;

use super::bands;
use super::nine_engine::NineEngine;
use super::puzzle::{MAX_BOX_SIZE, MIN_BOX_SIZE, Puzzle};
use super::solution::Solution;
use super::solver::{self, Engine, Race};
use super::state::BranchRule;
use crate::trace::{Event, TraceMode, TraceSummary};

/// Solves puzzles — 9×9 with the band engine, other sizes with the general
/// solver — keeping its buffers between them: once warm it allocates only the
/// grids it returns.
///
/// # Example
///
/// ```
/// use puzzles::sudoku::{Puzzle, Solver};
///
/// let mut solver = Solver::new();
/// for line in ["1...............", "..3............."] {
///     let puzzle = Puzzle::parse(line)?;
///     assert!(solver.solve(&puzzle).unwrap().solves(&puzzle));
/// }
/// # Ok::<(), puzzles::sudoku::SudokuError>(())
/// ```
#[derive(Default)]
pub struct Solver {
    /// The general solver's race of two searches per box size, made when
    /// first needed (9×9 puzzles go to the band engine).
    races: [Option<Box<Race>>; MAX_BOX_SIZE - MIN_BOX_SIZE + 1],
    /// The variant of the band engine for 9×9 puzzles.
    nine: NineEngine,
    /// The band-engine searches that run side by side over runs of 9×9
    /// puzzles, made when first needed.
    searches: Option<Box<bands::Searches>>,
}

impl Solver {
    /// A solver with no buffers yet.
    ///
    /// # Example
    ///
    /// ```
    /// let _solver = puzzles::sudoku::Solver::new();
    /// ```
    pub fn new() -> Solver {
        Solver::default()
    }

    /// A solver whose 9×9 puzzles go to the variant `nine` of the band
    /// engine.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::cpu::Isa;
    /// use puzzles::sudoku::{NineEngine, Puzzle, Solver};
    ///
    /// let puzzle = Puzzle::parse(&".".repeat(81))?;
    /// let plain = NineEngine { triads: false, isa: Isa::Sse2 };
    /// assert_eq!(Solver::with_engine(plain).count_up_to(&puzzle, 3), 3);
    /// # Ok::<(), puzzles::sudoku::SudokuError>(())
    /// ```
    pub fn with_engine(nine: NineEngine) -> Solver {
        Solver {
            nine,
            ..Solver::default()
        }
    }

    /// The side-by-side searches for runs of 9×9 puzzles.
    pub(crate) fn searches(&mut self) -> &mut bands::Searches {
        self.searches
            .get_or_insert_with(|| Box::new(bands::Searches::new()))
    }

    /// The general solver for `puzzle`'s size.
    fn race(&mut self, puzzle: &Puzzle) -> &mut Race {
        let slot = &mut self.races[puzzle.box_size - MIN_BOX_SIZE];
        slot.get_or_insert_with(|| Box::new(Race::new(puzzle.box_size)))
    }

    /// The first solution, or `None` when there is none.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::sudoku::{Puzzle, Solver};
    ///
    /// let puzzle = Puzzle::parse("1...............")?;
    /// assert!(Solver::new().solve(&puzzle).is_some());
    /// # Ok::<(), puzzles::sudoku::SudokuError>(())
    /// ```
    pub fn solve(&mut self, puzzle: &Puzzle) -> Option<Solution> {
        if let Some(givens) = puzzle.nine_by_nine() {
            let mut grid = [0; 81];
            let found =
                bands::search_by(self.nine, givens, 1, &mut grid).expect("puzzles are checked");
            return (found.solutions == 1).then(|| Solution {
                box_size: 3,
                cells: grid.to_vec(),
            });
        }
        let box_size = puzzle.box_size;
        let (found, engine) = self.race(puzzle).run(&puzzle.cells, 1);
        (found == 1).then(|| Solution {
            box_size,
            cells: engine.solution().to_vec(),
        })
    }

    /// The number of solutions, counting no further than `limit`.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::sudoku::{Puzzle, Solver};
    ///
    /// let puzzle = Puzzle::parse("1...............")?;
    /// assert_eq!(Solver::new().count_up_to(&puzzle, 2), 2);
    /// # Ok::<(), puzzles::sudoku::SudokuError>(())
    /// ```
    pub fn count_up_to(&mut self, puzzle: &Puzzle, limit: u64) -> u64 {
        if let Some(givens) = puzzle.nine_by_nine() {
            return bands::search_by(self.nine, givens, limit, &mut [0; 81])
                .expect("puzzles are checked")
                .solutions;
        }
        self.race(puzzle).run(&puzzle.cells, limit).0
    }

    /// Solves `puzzle` and also says how many digits the search tried at
    /// branching cells (0 when singles alone solve it): a measure of
    /// difficulty for this solver.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::sudoku::{Puzzle, Solver};
    ///
    /// let easy = Puzzle::parse("1234341221434321")?;
    /// assert_eq!(Solver::new().solve_counting_guesses(&easy).1, 0);
    /// # Ok::<(), puzzles::sudoku::SudokuError>(())
    /// ```
    pub fn solve_counting_guesses(&mut self, puzzle: &Puzzle) -> (Option<Solution>, u64) {
        if let Some(givens) = puzzle.nine_by_nine() {
            let mut grid = [0; 81];
            let found =
                bands::search_by(self.nine, givens, 1, &mut grid).expect("puzzles are checked");
            let solution = (found.solutions == 1).then(|| Solution {
                box_size: 3,
                cells: grid.to_vec(),
            });
            return (solution, found.guesses);
        }
        let box_size = puzzle.box_size;
        let race = self.race(puzzle);
        let (found, engine) = race.run(&puzzle.cells, 1);
        let solution = (found == 1).then(|| Solution {
            box_size,
            cells: engine.solution().to_vec(),
        });
        (solution, race.guesses())
    }
}

impl Puzzle {
    /// The first solution the solver finds, or `None` when there is none.
    /// For many puzzles, a [`Solver`] reuses its buffers.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::sudoku::Puzzle;
    ///
    /// let puzzle = Puzzle::parse("12..34..........")?;
    /// assert!(puzzle.solve().unwrap().solves(&puzzle));
    /// // Givens that do not clash can still leave no way to finish: here
    /// // the top-right box has no cell left for a 1.
    /// let stuck = Puzzle::parse("1... ..23 .... ....")?;
    /// assert_eq!(stuck.solve(), None);
    /// # Ok::<(), puzzles::sudoku::SudokuError>(())
    /// ```
    pub fn solve(&self) -> Option<Solution> {
        Solver::new().solve(self)
    }

    /// The number of solutions, counting no further than `limit`:
    /// `count_up_to(2)` tells no solution, a unique one and several apart.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::sudoku::Puzzle;
    ///
    /// assert_eq!(Puzzle::parse(&".".repeat(81))?.count_up_to(2), 2);
    /// # Ok::<(), puzzles::sudoku::SudokuError>(())
    /// ```
    pub fn count_up_to(&self, limit: u64) -> u64 {
        Solver::new().count_up_to(self, limit)
    }

    /// Every solution, lazily, in the order the search finds them.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::sudoku::Puzzle;
    ///
    /// let puzzle = Puzzle::parse("1234341221434321")?;
    /// assert_eq!(puzzle.solutions().count(), 1);
    /// # Ok::<(), puzzles::sudoku::SudokuError>(())
    /// ```
    pub fn solutions(&self) -> Solutions {
        let mut engine = solver::engine(self.box_size, BranchRule::CellsAndUnits);
        engine.start(&self.cells);
        Solutions {
            engine,
            box_size: self.box_size,
        }
    }

    /// Runs the solver's search event by event; see [`trace`].
    ///
    /// # Example
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use puzzles::sudoku::Puzzle;
    /// use puzzles::trace::TraceMode;
    ///
    /// let puzzle = Puzzle::parse("1...............")?;
    /// let summary = puzzle.trace(TraceMode::FirstSolution, |_| ControlFlow::Continue(()));
    /// assert_eq!(summary.counters.solutions, 1);
    /// # Ok::<(), puzzles::sudoku::SudokuError>(())
    /// ```
    pub fn trace<F>(&self, mode: TraceMode, observer: F) -> TraceSummary
    where
        F: FnMut(&Event) -> ControlFlow<()>,
    {
        trace(self, mode, observer)
    }
}

/// The solutions of a puzzle, found lazily. Made by [`Puzzle::solutions`].
///
/// # Example
///
/// ```
/// use puzzles::sudoku::Puzzle;
///
/// let puzzle = Puzzle::parse("12..34..........")?;
/// let solutions: Vec<_> = puzzle.solutions().collect();
/// assert!(solutions.iter().all(|grid| grid.solves(&puzzle)));
/// assert_eq!(solutions.len() as u64, puzzle.count_up_to(u64::MAX));
/// # Ok::<(), puzzles::sudoku::SudokuError>(())
/// ```
pub struct Solutions {
    engine: Box<dyn Engine>,
    box_size: usize,
}

impl fmt::Debug for Solutions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solutions")
            .field("box_size", &self.box_size)
            .finish_non_exhaustive()
    }
}

impl Iterator for Solutions {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        self.engine.advance().then(|| Solution {
            box_size: self.box_size,
            cells: self.engine.solution().to_vec(),
        })
    }
}

impl std::iter::FusedIterator for Solutions {}

/// Runs the general solver's search on `puzzle` event by event, handing
/// each [`Event`] to `observer`; it may return [`ControlFlow::Break`] to
/// stop. This is the search of the general solver — the one behind
/// [`Puzzle::solutions`], and behind [`Puzzle::solve`] and [`Solver`] for
/// grids other than 9×9 — with the same propagation, the same branching
/// cell and digits in the same order, so the trace shows how that solver
/// works. (9×9 puzzles are solved by the band engine, a different search
/// over the same rules; see the [module documentation](crate::sudoku).)
///
/// How the events read:
///
/// - `row` and `col` are the cell (from 0) and `value` the digit (1 to
///   `side`). The givens are not events: they are the puzzle.
/// - `depth` counts the guesses standing. Digits forced by naked or hidden
///   singles are [`Place`](crate::trace::Action::Place)d with `forced` set,
///   at the depth of the guess that forced them plus one (at depth 0 for
///   those the givens force); a guess is placed with `forced` unset.
/// - The search branches on the empty cell with the fewest candidates, or,
///   when no cell has just two and some digit has fewer places left in a
///   unit, on those places. At a branching cell every digit is reported in
///   increasing order; at a branching unit every cell of the unit, in
///   reading order, for the one digit. An alternative a peer rules out is a
///   [`Conflict`](crate::trace::Action::Conflict) of kind `row`, `column` or
///   `box`, `with` the cell holding the digit; a filled cell of a branching
///   unit is a conflict of kind `item` with itself. Any other alternative is
///   a guess, placed at the current depth.
/// - When propagation runs into a contradiction, the digit that cannot be
///   placed is a conflict at the forced depth: `with` the peer holding the
///   same digit, or with the cell itself (kind `item`) when the cell
///   already holds another digit. Then everything the guess placed is
///   [`Remove`](crate::trace::Action::Remove)d, newest first, and the guess
///   too.
/// - When every alternative has been tried, a
///   [`Backtrack`](crate::trace::Action::Backtrack) names the branching
///   point: a cell as `row * side + col`, a unit and digit as
///   `side² + unit * side + digit - 1` with units numbered rows `0..side`,
///   columns `side..2·side`, boxes `2·side..3·side` (boxes in reading
///   order).
/// - A [`Solution`](crate::trace::Action::Solution) comes when the grid is
///   full. With [`TraceMode::FirstSolution`] the trace stops there; otherwise
///   the search goes on and, at its end, all placements have been removed.
///
/// # Example
///
/// ```
/// use std::ops::ControlFlow;
/// use puzzles::sudoku::{trace, Puzzle};
/// use puzzles::trace::{Action, TraceMode};
///
/// let puzzle = Puzzle::parse("12..34..........")?;
/// let mut events = Vec::new();
/// let summary = trace(&puzzle, TraceMode::AllSolutions, |event| {
///     events.push(*event);
///     ControlFlow::Continue(())
/// });
/// assert_eq!(summary.counters.solutions, puzzle.count_up_to(u64::MAX));
/// assert_eq!(summary.counters.placements, summary.counters.removals);
/// // Placements name their cell and digit.
/// assert!(events.iter().any(|e| matches!(e.action, Action::Place { value: Some(_), .. })));
/// # Ok::<(), puzzles::sudoku::SudokuError>(())
/// ```
pub fn trace<F>(puzzle: &Puzzle, mode: TraceMode, mut observer: F) -> TraceSummary
where
    F: FnMut(&Event) -> ControlFlow<()>,
{
    solver::engine(puzzle.box_size, BranchRule::CellsAndUnits).trace(
        &puzzle.cells,
        mode,
        &mut observer,
    )
}
