//! A solution: a completely filled grid, and its checks.

use std::fmt;

use super::alphabet::Alphabet;
use super::puzzle::{MAX_BOX_SIZE, Puzzle};

/// A solution of a [`Puzzle`]: a completely filled grid (the puzzle, with
/// its empty cells, is the [`Puzzle`]).
///
/// # Example
///
/// ```
/// use puzzles::sudoku::{Puzzle, Solution};
///
/// let puzzle = Puzzle::parse("1...............")?;
/// let solution: Solution = puzzle.solve().unwrap();
/// assert_eq!(solution.side(), 4);
/// assert!(solution.is_valid() && solution.solves(&puzzle));
/// assert_eq!(solution.cells()[0], 1);
/// # Ok::<(), puzzles::sudoku::SudokuError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Solution {
    pub(super) box_size: usize,
    pub(super) cells: Vec<u8>,
}

impl Solution {
    /// The box size of the grid.
    ///
    /// # Example
    ///
    /// ```
    /// let grid = puzzles::sudoku::Puzzle::parse("1...............")?.solve().unwrap();
    /// assert_eq!(grid.box_size(), 2);
    /// # Ok::<(), puzzles::sudoku::SudokuError>(())
    /// ```
    pub fn box_size(&self) -> usize {
        self.box_size
    }

    /// The number of rows (and columns): `box_size²`.
    ///
    /// # Example
    ///
    /// ```
    /// let grid = puzzles::sudoku::Puzzle::parse("1...............")?.solve().unwrap();
    /// assert_eq!(grid.side(), 4);
    /// # Ok::<(), puzzles::sudoku::SudokuError>(())
    /// ```
    pub fn side(&self) -> usize {
        self.box_size * self.box_size
    }

    /// The digits in reading order.
    ///
    /// # Example
    ///
    /// ```
    /// let grid = puzzles::sudoku::Puzzle::parse("1...............")?.solve().unwrap();
    /// assert_eq!(grid.cells().len(), 16);
    /// # Ok::<(), puzzles::sudoku::SudokuError>(())
    /// ```
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// `true` when every row, column and box holds each digit exactly once.
    ///
    /// # Example
    ///
    /// ```
    /// let grid = puzzles::sudoku::Puzzle::parse("1...............")?.solve().unwrap();
    /// assert!(grid.is_valid());
    /// # Ok::<(), puzzles::sudoku::SudokuError>(())
    /// ```
    pub fn is_valid(&self) -> bool {
        let side = self.side();
        let b = self.box_size;
        let full = (1u32 << side) - 1;
        const MAX_SIDE: usize = MAX_BOX_SIZE * MAX_BOX_SIZE;
        let mut rows = [0u32; MAX_SIDE];
        let mut cols = [0u32; MAX_SIDE];
        let mut boxes = [0u32; MAX_SIDE];
        for (cell, &digit) in self.cells.iter().enumerate() {
            if digit == 0 || usize::from(digit) > side {
                return false;
            }
            let bit = 1u32 << (digit - 1);
            let (row, col) = (cell / side, cell % side);
            rows[row] |= bit;
            cols[col] |= bit;
            boxes[(row / b) * b + col / b] |= bit;
        }
        [rows, cols, boxes]
            .iter()
            .all(|seen| seen[..side].iter().all(|&digits| digits == full))
    }

    /// `true` when the grid is valid and keeps every given of `puzzle`.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::sudoku::Puzzle;
    ///
    /// let puzzle = Puzzle::parse("1...............")?;
    /// let other = Puzzle::parse("2...............")?;
    /// let grid = puzzle.solve().unwrap();
    /// assert!(grid.solves(&puzzle));
    /// assert!(!grid.solves(&other));
    /// # Ok::<(), puzzles::sudoku::SudokuError>(())
    /// ```
    pub fn solves(&self, puzzle: &Puzzle) -> bool {
        self.box_size == puzzle.box_size
            && self.is_valid()
            && puzzle
                .cells
                .iter()
                .zip(&self.cells)
                .all(|(&given, &digit)| given == 0 || given == digit)
    }

    /// The grid on one line.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::sudoku::{Alphabet, Puzzle};
    ///
    /// let grid = Puzzle::parse("1234341221434321")?.solve().unwrap();
    /// assert_eq!(grid.to_line(Alphabet::ZeroBased), "0123230110323210");
    /// # Ok::<(), puzzles::sudoku::SudokuError>(())
    /// ```
    pub fn to_line(&self, alphabet: Alphabet) -> String {
        self.cells.iter().map(|&d| alphabet.symbol(d)).collect()
    }
}

/// Writes the grid on one line in the standard alphabet.
impl fmt::Display for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line(Alphabet::Standard))
    }
}
