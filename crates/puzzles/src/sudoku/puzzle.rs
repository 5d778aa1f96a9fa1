//! The puzzle: its givens, read from text or from cells and checked to be
//! in range and not to clash. Solving it is [`solve`](super::solve)'s.

use std::fmt;

use super::alphabet::Alphabet;
use super::error::SudokuError;
use crate::trace::ConflictKind;

/// The smallest box size: 2×2 boxes, a 4×4 grid.
///
/// # Example
///
/// ```
/// use puzzles::sudoku::{MIN_BOX_SIZE, Puzzle, SudokuError};
///
/// assert_eq!(Puzzle::from_cells(MIN_BOX_SIZE, vec![0; 16])?.side(), 4);
/// let err = Puzzle::from_cells(MIN_BOX_SIZE - 1, vec![0; 1]).unwrap_err();
/// assert!(matches!(err, SudokuError::BoxSize(1)));
/// # Ok::<(), SudokuError>(())
/// ```
pub const MIN_BOX_SIZE: usize = 2;
/// The largest box size: 5×5 boxes, a 25×25 grid.
///
/// # Example
///
/// ```
/// use puzzles::sudoku::{MAX_BOX_SIZE, Puzzle, SudokuError};
///
/// assert_eq!(Puzzle::from_cells(MAX_BOX_SIZE, vec![0; 625])?.side(), 25);
/// let err = Puzzle::from_cells(MAX_BOX_SIZE + 1, vec![0; 1296]).unwrap_err();
/// assert!(matches!(err, SudokuError::BoxSize(6)));
/// # Ok::<(), SudokuError>(())
/// ```
pub const MAX_BOX_SIZE: usize = 5;

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
    pub(super) box_size: usize,
    /// `cells[row * side + col]`: the given digit, 0 for an empty cell.
    pub(super) cells: Vec<u8>,
}

impl Puzzle {
    /// Reads a puzzle written with the [standard alphabet](Alphabet::Standard):
    /// one character per cell in reading order, `.` or `0` for an empty
    /// cell, ASCII whitespace (spaces, tabs, line breaks) ignored. The grid size
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
        parse(text.as_bytes(), alphabet)
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
    pub(super) fn nine_by_nine(&self) -> Option<&[u8; 81]> {
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

/// Reads a puzzle from `bytes` (UTF-8 text; only ASCII means anything).
pub(super) fn parse(bytes: &[u8], alphabet: Alphabet) -> Result<Puzzle, SudokuError> {
    let mut cells = Vec::with_capacity(bytes.len().min(MAX_CELLS));
    for &byte in bytes {
        match alphabet.byte_value(byte) {
            Some(value) => cells.push(value),
            None if byte.is_ascii_whitespace() => {}
            None => return Err(bad_character(bytes, cells.len(), alphabet, None)),
        }
    }
    let Some(box_size) = (MIN_BOX_SIZE..=MAX_BOX_SIZE).find(|b| b.pow(4) == cells.len()) else {
        return Err(SudokuError::WrongLength { cells: cells.len() });
    };
    let side = box_size * box_size;
    if let Some(index) = cells.iter().position(|&d| usize::from(d) > side) {
        return Err(bad_character(bytes, index, alphabet, Some(side)));
    }
    let puzzle = Puzzle { box_size, cells };
    puzzle.check_clashes(alphabet)?;
    Ok(puzzle)
}

const MAX_CELLS: usize = MAX_BOX_SIZE.pow(4);

/// The error for the character after `cells_before` cells: the slow path,
/// which walks the text again to find its line and column.
fn bad_character(
    bytes: &[u8],
    cells_before: usize,
    alphabet: Alphabet,
    side: Option<usize>,
) -> SudokuError {
    let text = String::from_utf8_lossy(bytes);
    let (mut line, mut column, mut cells) = (1, 0, 0);
    let mut found = None;
    for ch in text.chars() {
        if ch == '\n' {
            line += 1;
            column = 0;
            continue;
        }
        column += 1;
        if ch.is_ascii_whitespace() {
            continue;
        }
        if cells == cells_before {
            found = Some(ch);
            break;
        }
        cells += 1;
    }
    let character = found.expect("the offending character is in the text");
    // The lossy text marks bytes that are not UTF-8 with this character; a
    // real one in the text is named as any other.
    if character == char::REPLACEMENT_CHARACTER && std::str::from_utf8(bytes).is_err() {
        return SudokuError::NotText { line, column };
    }
    // A text of a grid's number of cells is that grid, whatever the bad
    // character: its digits are the ones to name.
    let cells_in_text = text.chars().filter(|ch| !ch.is_ascii_whitespace()).count();
    let side = side.or_else(|| {
        (MIN_BOX_SIZE..=MAX_BOX_SIZE)
            .find(|b| b.pow(4) == cells_in_text)
            .map(|b| b * b)
    });
    let digits = match side {
        Some(side) => format!("{} for a {side}×{side} grid", alphabet.describe(side)),
        None => format!(
            "a digit ({} for 9×9, up to {} for 25×25)",
            alphabet.describe(9),
            alphabet.describe(25)
        ),
    };
    SudokuError::BadCharacter {
        character,
        line,
        column,
        expected: format!("{digits}, or {} for an empty cell", alphabet.empty_marks()),
    }
}
