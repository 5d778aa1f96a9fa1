//! Sudoku as an [exact cover](crate::exact_cover) problem, solved by the
//! general dancing-links engine: slower than the dedicated solver, and
//! independent of it, which makes it the oracle the solver is tested
//! against.
//!
//! The primary items are, for a grid of side `n`: each cell (filled once),
//! and each (row, digit), (column, digit) and (box, digit) pair (each digit
//! once per unit) — `4n²` items. The options are the (cell, digit) pairs, each
//! covering its cell, row-digit, column-digit and box-digit items; a given
//! cell keeps only the option of its given digit.

use super::puzzle::Puzzle;
use super::solution::Solution;
use crate::exact_cover::Problem;

/// A puzzle stated as exact cover, with the (cell, digit) of each option.
///
/// # Example
///
/// ```
/// use puzzles::sudoku::{cover::Cover, Puzzle};
///
/// let puzzle = Puzzle::parse(
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
/// )?;
/// let cover = Cover::new(&puzzle);
/// assert_eq!(cover.problem().primary_count(), 4 * 81);
/// assert_eq!(cover.count_up_to(2), 1);
/// assert_eq!(cover.solve(), puzzle.solve());
/// # Ok::<(), puzzles::sudoku::SudokuError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Cover {
    problem: Problem,
    box_size: usize,
    /// `choices[option]`: the cell and digit the option places.
    choices: Vec<(usize, u8)>,
}

impl Cover {
    /// States `puzzle` as exact cover.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::sudoku::{cover::Cover, Puzzle};
    ///
    /// let cover = Cover::new(&Puzzle::parse("1...............")?);
    /// // 15 empty cells with 4 options each, 1 given cell with 1.
    /// assert_eq!(cover.problem().option_count(), 61);
    /// # Ok::<(), puzzles::sudoku::SudokuError>(())
    /// ```
    pub fn new(puzzle: &Puzzle) -> Cover {
        let b = puzzle.box_size();
        let n = puzzle.side();
        let cells = n * n;
        let mut problem = Problem::new(4 * cells, 0)
            .expect("a 25×25 Sudoku has 2,500 items, far below MAX_NODES");
        let mut choices = Vec::with_capacity(cells * n);
        for (cell, &given) in puzzle.cells().iter().enumerate() {
            let (row, col) = (cell / n, cell % n);
            let bx = (row / b) * b + col / b;
            let digits = if given == 0 {
                1..=n as u8
            } else {
                given..=given
            };
            for digit in digits {
                let d = usize::from(digit - 1);
                problem
                    .add_option([
                        cell,
                        cells + row * n + d,
                        2 * cells + col * n + d,
                        3 * cells + bx * n + d,
                    ])
                    .expect("the items exist and differ");
                choices.push((cell, digit));
            }
        }
        Cover {
            problem,
            box_size: b,
            choices,
        }
    }

    /// The exact cover problem.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::sudoku::{cover::Cover, Puzzle};
    ///
    /// let cover = Cover::new(&Puzzle::parse(&".".repeat(16))?);
    /// assert_eq!(cover.problem().count(), 288);
    /// # Ok::<(), puzzles::sudoku::SudokuError>(())
    /// ```
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The cell (in reading order) and digit that option `option` places.
    ///
    /// # Panics
    ///
    /// When `option` is not an option of the problem.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::sudoku::{cover::Cover, Puzzle};
    ///
    /// let cover = Cover::new(&Puzzle::parse("1...............")?);
    /// assert_eq!(cover.choice(0), (0, 1));
    /// assert_eq!(cover.choice(1), (1, 1));
    /// # Ok::<(), puzzles::sudoku::SudokuError>(())
    /// ```
    pub fn choice(&self, option: usize) -> (usize, u8) {
        self.choices[option]
    }

    /// The grid that a solution of the problem (its option indices) fills.
    ///
    /// # Panics
    ///
    /// When `solution` is not a solution of the problem.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::sudoku::{cover::Cover, Puzzle};
    ///
    /// let puzzle = Puzzle::parse("1...............")?;
    /// let cover = Cover::new(&puzzle);
    /// let options = cover.problem().first().unwrap();
    /// assert!(cover.grid(&options).solves(&puzzle));
    /// # Ok::<(), puzzles::sudoku::SudokuError>(())
    /// ```
    pub fn grid(&self, solution: &[usize]) -> Solution {
        let n = self.box_size * self.box_size;
        let mut cells = vec![0; n * n];
        for &option in solution {
            let (cell, digit) = self.choices[option];
            cells[cell] = digit;
        }
        assert!(
            cells.iter().all(|&d| d != 0),
            "not a solution: some cell is empty"
        );
        Solution {
            box_size: self.box_size,
            cells,
        }
    }

    /// The first solution the exact cover search finds.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::sudoku::{cover::Cover, Puzzle};
    ///
    /// let puzzle = Puzzle::parse("1234341221434321")?;
    /// assert_eq!(Cover::new(&puzzle).solve().unwrap().to_string(), "1234341221434321");
    /// # Ok::<(), puzzles::sudoku::SudokuError>(())
    /// ```
    pub fn solve(&self) -> Option<Solution> {
        self.problem.first().map(|options| self.grid(&options))
    }

    /// The number of solutions, counting no further than `limit`.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::sudoku::{cover::Cover, Puzzle};
    ///
    /// assert_eq!(Cover::new(&Puzzle::parse(&".".repeat(16))?).count_up_to(2), 2);
    /// # Ok::<(), puzzles::sudoku::SudokuError>(())
    /// ```
    pub fn count_up_to(&self, limit: u64) -> u64 {
        self.problem.count_up_to(limit)
    }
}
