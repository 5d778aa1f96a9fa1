//! Sudoku: fill a grid so that every row, column and box holds each digit
//! once — for boxes of 2×2, 3×3, 4×4 and 5×5 (4×4, 9×9, 16×16 and 25×25
//! grids).
//!
//! - [`Puzzle`] is a checked puzzle: read one with [`Puzzle::parse`] (one
//!   line of 81 characters, or a grid — whitespace is ignored), then
//!   [`Puzzle::solve`] it, [`Puzzle::count_up_to`] its solutions to check
//!   uniqueness, list them lazily with [`Puzzle::solutions`], or [`trace`]
//!   the search.
//! - [`Solver`] keeps its buffers between puzzles, for solving many.
//! - [`batch`] solves a stream of puzzles, one per line, on several threads,
//!   answers in input order.
//! - [`render`] draws grids with the givens marked; [`cover`] states Sudoku
//!   as an [exact cover](crate::exact_cover) problem (the oracle the fast
//!   solver is tested against).
//!
//! # The solvers
//!
//! 9×9 puzzles are solved and counted ([`Puzzle::solve`],
//! [`Puzzle::count_up_to`], [`Solver`], [`batch`]) by a *band engine*:
//! digit-major bitboards, for each digit three 27-bit words, one per band of
//! three rows, in the manner of JCZSolve. With shifts and small tables it
//! applies locked candidates between rows and boxes, takes from the other
//! bands a column that a box allows alone, places hidden singles of rows and
//! boxes and naked singles, finds minirows and minicolumns left with three
//! candidate digits (*triads*), and guesses on a cell with two candidates.
//! [`NineEngine`] picks a variant (without triads, or with other kernels).
//!
//! Every size, 9×9 included, also has the general solver below: it lists
//! solutions ([`Puzzle::solutions`]), is the search a [`trace`] shows (the
//! web page's and `puzzles sudoku --trace`'s), and solves 4×4, 16×16 and
//! 25×25 grids. Both find the same solutions; of several, the first each
//! finds may differ.
//!
//! A dedicated bitmask solver: every cell keeps its candidates as a bitmask
//! and every unit (row, column, box) counts, for each digit, the cells left
//! for it. Placing a digit removes it from the cell's peers, and the counts
//! expose at once a cell with one candidate left (a *naked single*), a digit
//! with one cell left in a unit (a *hidden single*), or a contradiction.
//! When no single is left the search branches on the empty cell with the
//! fewest candidates, trying its digits in increasing order — or, when no
//! cell has just two candidates and a digit has fewer places left in some
//! unit, on those places (this keeps sparse 16×16 and 25×25 grids fast).
//!
//! # Digits
//!
//! The default [`Alphabet::Standard`] writes digits `1`–`9` and then
//! letters: a 16×16 grid uses `1`–`9` and `A`–`G`, a 25×25 grid `1`–`9` and
//! `A`–`P`. An empty cell is `.` or `0`. [`Alphabet::ZeroBased`] is the
//! other common convention, `0`–`9` then letters (`0`–`F` for 16×16), with
//! `.` alone for empty cells. Letters may be given in either case.
//!
//! # Example
//!
//! ```
//! use puzzles::sudoku::Puzzle;
//!
//! let puzzle = Puzzle::parse(
//!     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
//! )?;
//! let solution = puzzle.solve().unwrap();
//! assert_eq!(
//!     solution.to_string(),
//!     "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
//! );
//! assert!(solution.solves(&puzzle));
//! assert_eq!(puzzle.count_up_to(2), 1);
//! # Ok::<(), puzzles::sudoku::SudokuError>(())
//! ```

#![deny(clippy::undocumented_unsafe_blocks)]

mod bands;
pub mod batch;
pub mod cover;
mod parse;
pub mod render;
mod solver;
mod state;
mod tables;
mod trace;

use std::fmt;
use std::ops::ControlFlow;

use serde::{Deserialize, Serialize};

use crate::cpu::Isa;
use crate::trace::{ConflictKind, Event, TraceMode, TraceSummary};
use solver::Engine;

/// The smallest box size: 2×2 boxes, a 4×4 grid.
pub const MIN_BOX_SIZE: usize = 2;
/// The largest box size: 5×5 boxes, a 25×25 grid.
pub const MAX_BOX_SIZE: usize = 5;

/// How digits are written.
///
/// # Example
///
/// ```
/// use puzzles::sudoku::Alphabet;
///
/// assert_eq!(Alphabet::Standard.symbol(16), 'G');
/// assert_eq!(Alphabet::ZeroBased.symbol(16), 'F');
/// assert_eq!(Alphabet::Standard.value('g'), Some(16));
/// assert_eq!(Alphabet::Standard.value('0'), Some(0));
/// assert_eq!(Alphabet::ZeroBased.value('0'), Some(1));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Alphabet {
    /// Digits `1`–`9`, then `A`, `B`, …: `1`–`9A`–`G` for 16×16 and
    /// `1`–`9A`–`P` for 25×25. Empty cells are `.` or `0`.
    #[default]
    Standard,
    /// Digits `0`–`9`, then `A`, `B`, …: `0`–`9A`–`F` for 16×16 (hexadecimal)
    /// and `0`–`9A`–`O` for 25×25. Empty cells are `.` only.
    ZeroBased,
}

impl Alphabet {
    /// The character for digit `value` (1 to 25); 0 gives `.`.
    ///
    /// # Panics
    ///
    /// When `value` is above 25.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::sudoku::Alphabet;
    ///
    /// assert_eq!(Alphabet::Standard.symbol(9), '9');
    /// assert_eq!(Alphabet::Standard.symbol(10), 'A');
    /// assert_eq!(Alphabet::Standard.symbol(0), '.');
    /// ```
    pub fn symbol(self, value: u8) -> char {
        const STANDARD: &[u8; 26] = b".123456789ABCDEFGHIJKLMNOP";
        const ZERO_BASED: &[u8; 26] = b".0123456789ABCDEFGHIJKLMNO";
        let table = match self {
            Alphabet::Standard => STANDARD,
            Alphabet::ZeroBased => ZERO_BASED,
        };
        char::from(table[usize::from(value)])
    }

    /// The digit a character stands for (`Some(0)` for an empty cell), or
    /// `None` for a character of no meaning. Digits above the grid's size
    /// are returned as they are; the parser rejects them.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::sudoku::Alphabet;
    ///
    /// assert_eq!(Alphabet::Standard.value('.'), Some(0));
    /// assert_eq!(Alphabet::Standard.value('P'), Some(25));
    /// assert_eq!(Alphabet::Standard.value('Q'), None);
    /// assert_eq!(Alphabet::ZeroBased.value('O'), Some(25));
    /// ```
    pub fn value(self, ch: char) -> Option<u8> {
        if ch.is_ascii() {
            self.byte_value(ch as u8)
        } else {
            None
        }
    }

    #[inline]
    pub(crate) fn byte_value(self, byte: u8) -> Option<u8> {
        let offset = match self {
            Alphabet::Standard => 0,
            Alphabet::ZeroBased => 1,
        };
        let value = match byte {
            b'.' => return Some(0),
            b'0' if self == Alphabet::Standard => return Some(0),
            b'0'..=b'9' => byte - b'0' + offset,
            b'A'..=b'Z' => byte - b'A' + 10 + offset,
            b'a'..=b'z' => byte - b'a' + 10 + offset,
            _ => return None,
        };
        (value <= 25).then_some(value)
    }

    /// How the digits of a grid of `side` are written, for messages:
    /// `1-9`, `1-9, A-G`, `0-F`…
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::sudoku::Alphabet;
    ///
    /// assert_eq!(Alphabet::Standard.describe(9), "1-9");
    /// assert_eq!(Alphabet::Standard.describe(16), "1-9 and A-G");
    /// assert_eq!(Alphabet::ZeroBased.describe(16), "0-9 and A-F");
    /// assert_eq!(Alphabet::Standard.describe(4), "1-4");
    /// ```
    pub fn describe(self, side: usize) -> String {
        let digits = match self {
            Alphabet::Standard => 9,
            Alphabet::ZeroBased => 10,
        };
        let last_digit = side.min(digits) as u8;
        let mut text = format!("{}-{}", self.symbol(1), self.symbol(last_digit));
        if side > digits {
            text += &format!(
                " and {}-{}",
                self.symbol(last_digit + 1),
                self.symbol(side as u8)
            );
        }
        text
    }

    /// What marks an empty cell, for messages.
    fn empty_marks(self) -> &'static str {
        match self {
            Alphabet::Standard => "'.' or '0'",
            Alphabet::ZeroBased => "'.'",
        }
    }
}

/// What is wrong with a puzzle.
///
/// Rows and columns in messages are counted from 1 (`r1c1` is the top left
/// cell); the fields hold them from 0.
///
/// # Example
///
/// ```
/// use puzzles::sudoku::Puzzle;
///
/// let err = Puzzle::parse("55").unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "wrong length: 2 cells, where a puzzle has 16, 81, 256 or 625 (4×4, 9×9, 16×16 or 25×25)"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SudokuError {
    /// A number of cells that makes no grid.
    #[error(
        "wrong length: {cells} cells, where a puzzle has 16, 81, 256 or 625 (4×4, 9×9, 16×16 or 25×25)"
    )]
    WrongLength {
        /// How many cells (non-whitespace characters) the text had.
        cells: usize,
    },
    /// A character that is neither a digit of the grid nor an empty mark.
    #[error("bad character {character:?} at {} (expected {expected})", position(*line, *column))]
    BadCharacter {
        /// The character.
        character: char,
        /// Its line in the text, from 1.
        line: usize,
        /// Its column in that line, in characters, from 1.
        column: usize,
        /// What the grid accepts, e.g. `1-9, '.' or '0' for an empty cell`.
        expected: String,
    },
    /// Two givens with the same digit in one row, column or box.
    #[error(
        "the givens clash: {digit} at r{}c{} and at r{}c{} are in the same {kind}",
        first.0 + 1, first.1 + 1, second.0 + 1, second.1 + 1
    )]
    Clash {
        /// The digit as written.
        digit: char,
        /// The first cell in reading order, `(row, col)` from 0.
        first: (usize, usize),
        /// The second cell.
        second: (usize, usize),
        /// The unit they share: row, column or box.
        kind: ConflictKind,
    },
    /// A box size outside 2 to 5.
    #[error("boxes of {0}×{0} are not supported (2×2 to 5×5)")]
    BoxSize(usize),
    /// Cells that do not fill the grid of the box size given, or digits out
    /// of range.
    #[error("{0}")]
    BadCells(String),
    /// A line of a [`batch`] input longer than [`batch::MAX_LINE_BYTES`]:
    /// it is skipped without being held in memory.
    #[error(
        "line too long: more than {limit} bytes before its line break (a puzzle has at most 625 cells)"
    )]
    LineTooLong {
        /// The bound, in bytes.
        limit: usize,
    },
}

/// Where a character is: its column alone on a one-line text.
fn position(line: usize, column: usize) -> String {
    if line == 1 {
        format!("column {column}")
    } else {
        format!("line {line}, column {column}")
    }
}

/// A Sudoku puzzle: the givens of a grid with `box_size`×`box_size` boxes,
/// checked to be in range and not to clash. A puzzle may still have no
/// solution, or many.
///
/// # Example
///
/// ```
/// use puzzles::sudoku::Puzzle;
///
/// let puzzle = Puzzle::parse("
///     1 . . .
///     . . 1 .
///     . 1 . .
///     . . . 1
/// ")?;
/// assert_eq!((puzzle.box_size(), puzzle.side()), (2, 4));
/// assert_eq!(puzzle.givens(), 4);
/// assert_eq!(puzzle.count_up_to(10), 10);
/// # Ok::<(), puzzles::sudoku::SudokuError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Puzzle {
    box_size: usize,
    /// `cells[row * side + col]`: the given digit, 0 for an empty cell.
    cells: Vec<u8>,
}

impl Puzzle {
    /// Reads a puzzle written with the [standard alphabet](Alphabet::Standard):
    /// one character per cell in reading order, `.` or `0` for an empty
    /// cell, whitespace (line breaks included) ignored. The grid size
    /// follows from the number of cells: 16, 81, 256 or 625.
    ///
    /// # Errors
    ///
    /// [`SudokuError::WrongLength`], [`SudokuError::BadCharacter`] (with line
    /// and column) or [`SudokuError::Clash`].
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::sudoku::Puzzle;
    ///
    /// let puzzle = Puzzle::parse("1... .... .... ....")?;
    /// assert_eq!(puzzle.side(), 4);
    /// assert!(Puzzle::parse(&"x".repeat(81)).is_err());
    /// # Ok::<(), puzzles::sudoku::SudokuError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Puzzle, SudokuError> {
        Puzzle::parse_with(text, Alphabet::Standard)
    }

    /// Reads a puzzle written with `alphabet` (see [`Puzzle::parse`]).
    ///
    /// # Errors
    ///
    /// As [`Puzzle::parse`].
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::sudoku::{Alphabet, Puzzle};
    ///
    /// let line = format!("0123456789ABCDEF{}", ".".repeat(240));
    /// let puzzle = Puzzle::parse_with(&line, Alphabet::ZeroBased)?;
    /// assert_eq!(puzzle.side(), 16);
    /// assert_eq!(puzzle.cells()[15], 16);
    /// # Ok::<(), puzzles::sudoku::SudokuError>(())
    /// ```
    pub fn parse_with(text: &str, alphabet: Alphabet) -> Result<Puzzle, SudokuError> {
        parse::parse(text.as_bytes(), alphabet)
    }

    /// A puzzle from its cells in reading order (0 for empty, digits 1 to
    /// `box_size²`).
    ///
    /// # Errors
    ///
    /// [`SudokuError::BoxSize`] for a box size outside 2 to 5,
    /// [`SudokuError::BadCells`] for the wrong number of cells or a digit
    /// out of range, [`SudokuError::Clash`] for givens that clash.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::sudoku::Puzzle;
    ///
    /// let puzzle = Puzzle::from_cells(2, vec![0; 16])?;
    /// assert_eq!(puzzle.count_up_to(1000), 288);
    /// assert!(Puzzle::from_cells(2, vec![1; 16]).is_err());
    /// # Ok::<(), puzzles::sudoku::SudokuError>(())
    /// ```
    pub fn from_cells(box_size: usize, cells: Vec<u8>) -> Result<Puzzle, SudokuError> {
        if !(MIN_BOX_SIZE..=MAX_BOX_SIZE).contains(&box_size) {
            return Err(SudokuError::BoxSize(box_size));
        }
        let side = box_size * box_size;
        if cells.len() != side * side {
            return Err(SudokuError::BadCells(format!(
                "{} cells do not make a {side}×{side} grid ({} cells)",
                cells.len(),
                side * side
            )));
        }
        if let Some(&digit) = cells.iter().find(|&&d| usize::from(d) > side) {
            return Err(SudokuError::BadCells(format!(
                "digit {digit} is out of range for a {side}×{side} grid (1 to {side})"
            )));
        }
        let puzzle = Puzzle { box_size, cells };
        puzzle.check_clashes(Alphabet::Standard)?;
        Ok(puzzle)
    }

    /// The cells of a 9×9 puzzle, for the band engine.
    fn nine_by_nine(&self) -> Option<&[u8; 81]> {
        self.cells.as_slice().try_into().ok()
    }

    /// The first pair of givens, in reading order of the second, that share
    /// a digit and a unit.
    fn check_clashes(&self, alphabet: Alphabet) -> Result<(), SudokuError> {
        let side = self.side();
        let b = self.box_size;
        // seen[unit][digit]: the cell (plus one) holding the digit.
        let mut seen = vec![0usize; 3 * side * (side + 1)];
        for (cell, &digit) in self.cells.iter().enumerate() {
            if digit == 0 {
                continue;
            }
            let (row, col) = (cell / side, cell % side);
            let units = [
                (row, ConflictKind::Row),
                (side + col, ConflictKind::Column),
                (2 * side + (row / b) * b + col / b, ConflictKind::Box),
            ];
            for (unit, kind) in units {
                let slot = &mut seen[unit * (side + 1) + usize::from(digit)];
                if *slot != 0 {
                    let other = *slot - 1;
                    return Err(SudokuError::Clash {
                        digit: alphabet.symbol(digit),
                        first: (other / side, other % side),
                        second: (row, col),
                        kind,
                    });
                }
            }
            for (unit, _) in units {
                seen[unit * (side + 1) + usize::from(digit)] = cell + 1;
            }
        }
        Ok(())
    }

    /// The box size `b`: boxes are `b`×`b`, the grid `b²`×`b²`.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(puzzles::sudoku::Puzzle::parse(&".".repeat(81))?.box_size(), 3);
    /// # Ok::<(), puzzles::sudoku::SudokuError>(())
    /// ```
    pub fn box_size(&self) -> usize {
        self.box_size
    }

    /// The number of rows (and columns, and digits): `box_size²`.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(puzzles::sudoku::Puzzle::parse(&".".repeat(256))?.side(), 16);
    /// # Ok::<(), puzzles::sudoku::SudokuError>(())
    /// ```
    pub fn side(&self) -> usize {
        self.box_size * self.box_size
    }

    /// The cells in reading order: the given digit, 0 for an empty cell.
    ///
    /// # Example
    ///
    /// ```
    /// let puzzle = puzzles::sudoku::Puzzle::parse(&format!("5{}", ".".repeat(80)))?;
    /// assert_eq!(&puzzle.cells()[..2], [5, 0]);
    /// # Ok::<(), puzzles::sudoku::SudokuError>(())
    /// ```
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// How many cells are given.
    ///
    /// # Example
    ///
    /// ```
    /// let puzzle = puzzles::sudoku::Puzzle::parse(&format!("56{}", ".".repeat(79)))?;
    /// assert_eq!(puzzle.givens(), 2);
    /// # Ok::<(), puzzles::sudoku::SudokuError>(())
    /// ```
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&d| d != 0).count()
    }

    /// The puzzle on one line, `.` for empty cells.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::sudoku::{Alphabet, Puzzle};
    ///
    /// let line = format!("G{}", ".".repeat(255));
    /// let puzzle = Puzzle::parse(&line)?;
    /// assert_eq!(puzzle.to_line(Alphabet::Standard), line);
    /// assert!(puzzle.to_line(Alphabet::ZeroBased).starts_with("F."));
    /// # Ok::<(), puzzles::sudoku::SudokuError>(())
    /// ```
    pub fn to_line(&self, alphabet: Alphabet) -> String {
        self.cells.iter().map(|&d| alphabet.symbol(d)).collect()
    }

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
    pub fn solve(&self) -> Option<Grid> {
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
        let mut engine = solver::engine(self.box_size);
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

/// Writes the puzzle on one line in the standard alphabet.
impl fmt::Display for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line(Alphabet::Standard))
    }
}

impl std::str::FromStr for Puzzle {
    type Err = SudokuError;

    fn from_str(text: &str) -> Result<Puzzle, SudokuError> {
        Puzzle::parse(text)
    }
}

/// A completely filled grid: a solution.
///
/// # Example
///
/// ```
/// use puzzles::sudoku::Puzzle;
///
/// let puzzle = Puzzle::parse("1...............")?;
/// let grid = puzzle.solve().unwrap();
/// assert_eq!(grid.side(), 4);
/// assert!(grid.is_valid());
/// assert_eq!(grid.cells()[0], 1);
/// # Ok::<(), puzzles::sudoku::SudokuError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Grid {
    box_size: usize,
    cells: Vec<u8>,
}

impl Grid {
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
impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line(Alphabet::Standard))
    }
}

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
    /// One engine per box size, made when first needed.
    engines: [Option<Box<dyn Engine>>; MAX_BOX_SIZE - MIN_BOX_SIZE + 1],
    /// The variant of the band engine for 9×9 puzzles.
    nine: NineEngine,
    /// The band-engine searches that run side by side over runs of 9×9
    /// puzzles, made when first needed.
    searches: Option<Box<bands::Searches>>,
}

/// Which variant of the band engine solves 9×9 puzzles in a [`Solver`].
///
/// All give the same counts and, for a puzzle with one solution, the same
/// solution; of several, the first found may depend on whether triads are
/// on (the kernels never change it). They differ in speed: triads cost a
/// pass over the board before each guess and save about a fifth of the
/// guesses on hard puzzles.
///
/// # Example
///
/// ```
/// use puzzles::cpu::Isa;
/// use puzzles::sudoku::{NineEngine, Puzzle, Solver};
///
/// let puzzle = Puzzle::parse(
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
/// )?;
/// let plain = NineEngine { triads: false, isa: Isa::Portable };
/// assert_eq!(
///     Solver::with_engine(plain).solve(&puzzle),
///     Solver::with_engine(NineEngine::FASTEST).solve(&puzzle),
/// );
/// # Ok::<(), puzzles::sudoku::SudokuError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NineEngine {
    /// Triads as well: a minirow (where a row meets a box) or minicolumn
    /// left with exactly three candidate digits keeps them from the rest of
    /// its row (column) and box.
    pub triads: bool,
    /// The most the kernels (the passes over the whole board and the band
    /// rules) may use; where the CPU lacks it the next level below runs
    /// ([`Isa::supported`]).
    ///
    /// - [`Isa::Portable`]: plain Rust, on any CPU: the fallback, tested
    ///   everywhere.
    /// - [`Isa::Sse2`]: a digit's three band words in one register, so each
    ///   pass over the board handles three bands at once.
    /// - [`Isa::Avx2`]: the SSE2 kernels in a build for AVX2 and BMI, with
    ///   BMI2's `pext` for the minirow patterns and some passes two digits
    ///   to a 256-bit register.
    /// - [`Isa::Avx512`]: the AVX2 kernels in a build that may also use
    ///   AVX-512: its three-input logic instructions, and the changed words
    ///   four digits to a 512-bit register.
    ///
    /// ```
    /// use puzzles::cpu::Isa;
    /// use puzzles::sudoku::{NineEngine, Puzzle, Solver};
    ///
    /// let puzzle = Puzzle::parse(&".".repeat(81))?;
    /// for isa in Isa::EACH {
    ///     let engine = NineEngine { triads: true, isa };
    ///     assert_eq!(Solver::with_engine(engine).count_up_to(&puzzle, 2), 2);
    /// }
    /// # Ok::<(), puzzles::sudoku::SudokuError>(())
    /// ```
    pub isa: Isa,
}

impl NineEngine {
    /// The fastest variant measured (the default): triads, AVX-512 kernels
    /// (and so the best that the CPU has).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::sudoku::NineEngine;
    ///
    /// assert_eq!(NineEngine::default(), NineEngine::FASTEST);
    /// ```
    pub const FASTEST: NineEngine = NineEngine {
        triads: true,
        isa: Isa::Avx512,
    };

    /// Every variant: with and without triads, each with every kernel.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::sudoku::{NineEngine, Puzzle, Solver};
    ///
    /// let puzzle = Puzzle::parse(&".".repeat(81))?;
    /// for engine in NineEngine::ALL {
    ///     assert_eq!(Solver::with_engine(engine).count_up_to(&puzzle, 2), 2);
    /// }
    /// # Ok::<(), puzzles::sudoku::SudokuError>(())
    /// ```
    pub const ALL: [NineEngine; 8] = [
        NineEngine {
            triads: false,
            isa: Isa::Portable,
        },
        NineEngine {
            triads: false,
            isa: Isa::Sse2,
        },
        NineEngine {
            triads: false,
            isa: Isa::Avx2,
        },
        NineEngine {
            triads: false,
            isa: Isa::Avx512,
        },
        NineEngine {
            triads: true,
            isa: Isa::Portable,
        },
        NineEngine {
            triads: true,
            isa: Isa::Sse2,
        },
        NineEngine {
            triads: true,
            isa: Isa::Avx2,
        },
        NineEngine {
            triads: true,
            isa: Isa::Avx512,
        },
    ];
}

impl Default for NineEngine {
    fn default() -> NineEngine {
        NineEngine::FASTEST
    }
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

    fn engine(&mut self, puzzle: &Puzzle) -> &mut dyn Engine {
        let slot = &mut self.engines[puzzle.box_size - MIN_BOX_SIZE];
        let engine = slot.get_or_insert_with(|| solver::engine(puzzle.box_size));
        engine.start(&puzzle.cells);
        engine.as_mut()
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
    pub fn solve(&mut self, puzzle: &Puzzle) -> Option<Grid> {
        if let Some(givens) = puzzle.nine_by_nine() {
            let mut grid = [0; 81];
            let found =
                bands::search_by(self.nine, givens, 1, &mut grid).expect("puzzles are checked");
            return (found.solutions == 1).then(|| Grid {
                box_size: 3,
                cells: grid.to_vec(),
            });
        }
        let box_size = puzzle.box_size;
        let engine = self.engine(puzzle);
        engine.advance().then(|| Grid {
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
        let engine = self.engine(puzzle);
        let mut found = 0;
        while found < limit && engine.advance() {
            found += 1;
        }
        found
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
    pub fn solve_counting_guesses(&mut self, puzzle: &Puzzle) -> (Option<Grid>, u64) {
        if let Some(givens) = puzzle.nine_by_nine() {
            let mut grid = [0; 81];
            let found =
                bands::search_by(self.nine, givens, 1, &mut grid).expect("puzzles are checked");
            let solution = (found.solutions == 1).then(|| Grid {
                box_size: 3,
                cells: grid.to_vec(),
            });
            return (solution, found.guesses);
        }
        let box_size = puzzle.box_size;
        let engine = self.engine(puzzle);
        let solution = engine.advance().then(|| Grid {
            box_size,
            cells: engine.solution().to_vec(),
        });
        (solution, engine.guesses())
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
    type Item = Grid;

    fn next(&mut self) -> Option<Grid> {
        self.engine.advance().then(|| Grid {
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
/// over the same rules; see the [module documentation](self).)
///
/// How the events read:
///
/// - `row` and `col` are the cell (from 0) and `value` the digit (1 to
///   `side`). The givens are not events: they are the puzzle.
/// - `depth` counts the guesses standing. Digits forced by naked or hidden
///   singles are [`Place`](crate::trace::Action::Place)d at the depth of the
///   guess that forced them plus one (at depth 0 for those the givens force).
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
    solver::engine(puzzle.box_size).trace(&puzzle.cells, mode, &mut observer)
}

#[cfg(test)]
mod tests;
