//! The grid: blocks, empty squares and pre-set letters, read from text, and
//! its slots (the across and down runs of white squares) numbered the
//! standard way.

use std::fmt;

use thiserror::Error;

use crate::lines::first_not_text;
use crate::text::Position;

/// The largest number of rows or columns a grid may have.
///
/// # Example
///
/// ```
/// use puzzles::crossword::{Grid, MAX_SIDE};
///
/// let wide = ".".repeat(MAX_SIDE + 1);
/// assert!(Grid::parse(&wide).is_err());
/// ```
pub const MAX_SIDE: usize = 64;

/// One square of a grid.
///
/// # Example
///
/// ```
/// use puzzles::crossword::{Cell, Grid};
///
/// let grid = Grid::parse("A.#")?;
/// assert_eq!(grid.cell(0, 0), Cell::Letter(b'A'));
/// assert_eq!(grid.cell(0, 1), Cell::Empty);
/// assert_eq!(grid.cell(0, 2), Cell::Block);
/// # Ok::<(), puzzles::crossword::GridError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// A black square (`#`).
    Block,
    /// A white square to fill (`.`).
    Empty,
    /// A white square with a pre-set letter (`A`–`Z`, as an ASCII byte).
    Letter(u8),
}

/// Which way a slot runs.
///
/// # Example
///
/// ```
/// use puzzles::crossword::Direction;
///
/// assert_eq!(Direction::Down.to_string(), "down");
/// ```
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// Left to right.
    Across,
    /// Top to bottom.
    Down,
}

impl Direction {
    /// `"across"` or `"down"`.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::crossword::Direction;
    ///
    /// assert_eq!(Direction::Across.as_str(), "across");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            Direction::Across => "across",
            Direction::Down => "down",
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A slot: a run of two or more white squares, across or down, that takes
/// one word. Slots are numbered the standard way: squares are visited row
/// by row, and each square that starts an across or a down slot gets the
/// next number.
///
/// # Example
///
/// ```
/// use puzzles::crossword::{Direction, Grid};
///
/// let grid = Grid::parse("..#\n...\n#..")?;
/// let first = grid.slots()[0];
/// assert_eq!((first.number, first.direction, first.len), (1, Direction::Across, 2));
/// assert_eq!(first.to_string(), "1 across");
/// # Ok::<(), puzzles::crossword::GridError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Slot {
    /// The slot's number, from 1.
    pub number: usize,
    /// Across or down.
    pub direction: Direction,
    /// Row of the first square, from 0.
    pub row: usize,
    /// Column of the first square, from 0.
    pub col: usize,
    /// Number of squares.
    pub len: usize,
}

impl Slot {
    /// The `(row, col)` of the slot's `i`-th square.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::crossword::Grid;
    ///
    /// let grid = Grid::parse("..\n..")?;
    /// let down = grid.slots()[1]; // 1 down
    /// assert_eq!(down.square(1), (1, 0));
    /// # Ok::<(), puzzles::crossword::GridError>(())
    /// ```
    pub fn square(&self, i: usize) -> (usize, usize) {
        match self.direction {
            Direction::Across => (self.row, self.col + i),
            Direction::Down => (self.row + i, self.col),
        }
    }
}

impl fmt::Display for Slot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.number, self.direction)
    }
}

/// Why a grid could not be read.
///
/// # Example
///
/// ```
/// use puzzles::crossword::{Grid, GridError};
///
/// let err = Grid::parse("..\n.?").unwrap_err();
/// assert_eq!(err.to_string(), "line 2, column 2: unexpected character '?' (expected '#', '.' or a letter A-Z)");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum GridError {
    /// A character that is not `#`, `.` or a letter.
    #[error("{position}: unexpected character {character:?} (expected '#', '.' or a letter A-Z)")]
    BadCharacter {
        /// Where it stands (its column counted in characters).
        position: Position,
        /// The character found.
        character: char,
    },
    /// A row longer or shorter than the first.
    #[error(
        "line {line}: a row of {found} square{}, but the first row has {expected}",
        if *found == 1 { "" } else { "s" }
    )]
    Ragged {
        /// Line of the text, from 1.
        line: usize,
        /// Squares in the first row.
        expected: usize,
        /// Squares in this row.
        found: usize,
    },
    /// More rows or columns than [`MAX_SIDE`].
    #[error("{position}: the grid is larger than {MAX_SIDE}×{MAX_SIDE}")]
    TooLarge {
        /// Where the bound was passed (a row past the last: its column 1).
        position: Position,
    },
    /// No rows at all.
    #[error("the grid is empty (no rows of '#', '.' and letters)")]
    Empty,
    /// A white square in no across and no down slot (it would take no word).
    #[error("{position}: a white square in no word (a slot needs two squares or more)")]
    Unchecked {
        /// Where it stands in the text.
        position: Position,
    },
    /// The text is not text: a NUL byte or invalid UTF-8.
    #[error("{position}: not text (a NUL byte or invalid UTF-8)")]
    NotText {
        /// Where the first bad byte stands (its column counted in bytes).
        position: Position,
    },
}

/// A crossword grid: rows of blocks, empty squares and pre-set letters.
///
/// # Example
///
/// ```
/// use puzzles::crossword::Grid;
///
/// let grid = Grid::parse("% a 3×3 with one block\n...\n.#.\n...\n")?;
/// assert_eq!((grid.rows(), grid.cols()), (3, 3));
/// assert_eq!(grid.slots().len(), 4);
/// # Ok::<(), puzzles::crossword::GridError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    rows: usize,
    cols: usize,
    cells: Vec<Cell>,
    slots: Vec<Slot>,
}

impl Grid {
    /// Reads a grid: one row per line, `#` a block, `.` an empty square,
    /// `A`–`Z` (or `a`–`z`, folded) a pre-set letter. Lines starting with
    /// `%` are comments; blank lines, trailing spaces and a byte-order mark
    /// opening the text are ignored. At most [`MAX_SIDE`] rows and columns.
    ///
    /// # Errors
    ///
    /// A [`GridError`] naming the line and column of the first problem.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::crossword::Grid;
    ///
    /// let grid = Grid::parse("C..\n...\n...")?;
    /// assert_eq!(grid.to_string(), "C..\n...\n...\n");
    /// assert!(Grid::parse("...\n..").is_err());
    /// # Ok::<(), puzzles::crossword::GridError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Grid, GridError> {
        Grid::parse_bytes(text.as_bytes())
    }

    /// [`Grid::parse`] for bytes, as read from a file: a NUL byte or invalid
    /// UTF-8 is [`GridError::NotText`].
    ///
    /// # Errors
    ///
    /// As [`Grid::parse`].
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::crossword::{Grid, GridError};
    ///
    /// let err = Grid::parse_bytes(b"..\0").unwrap_err();
    /// assert_eq!(err.to_string(), "line 1, column 3: not text (a NUL byte or invalid UTF-8)");
    /// ```
    pub fn parse_bytes(bytes: &[u8]) -> Result<Grid, GridError> {
        let mut cells = Vec::new();
        let (mut rows, mut cols) = (0, 0);
        // The line of the text that each row is on.
        let mut lines = Vec::new();
        let bytes = crate::lines::without_mark(bytes, true);
        for (index, raw) in bytes.split(|&b| b == b'\n').enumerate() {
            let line = index + 1;
            if let Some(at) = first_not_text(raw, false) {
                return Err(GridError::NotText {
                    position: Position::at(line, at + 1),
                });
            }
            let text = std::str::from_utf8(raw).expect("checked just above");
            let text = text.trim_end();
            if text.is_empty() || text.starts_with('%') {
                continue;
            }
            if rows == MAX_SIDE {
                return Err(GridError::TooLarge {
                    position: Position::at(line, 1),
                });
            }
            let mut width = 0;
            for (at, character) in text.chars().enumerate() {
                let column = at + 1;
                let cell = match character {
                    '#' => Cell::Block,
                    '.' => Cell::Empty,
                    'A'..='Z' => Cell::Letter(character as u8),
                    'a'..='z' => Cell::Letter(character.to_ascii_uppercase() as u8),
                    _ => {
                        return Err(GridError::BadCharacter {
                            position: Position::at(line, column),
                            character,
                        });
                    }
                };
                if column > MAX_SIDE {
                    return Err(GridError::TooLarge {
                        position: Position::at(line, column),
                    });
                }
                cells.push(cell);
                width += 1;
            }
            if rows == 0 {
                cols = width;
            } else if width != cols {
                return Err(GridError::Ragged {
                    line,
                    expected: cols,
                    found: width,
                });
            }
            rows += 1;
            lines.push(line);
        }
        if rows == 0 {
            return Err(GridError::Empty);
        }
        let mut grid = Grid {
            rows,
            cols,
            cells,
            slots: Vec::new(),
        };
        grid.slots = grid
            .find_slots()
            .map_err(|(row, col)| GridError::Unchecked {
                position: Position::at(lines[row], col + 1),
            })?;
        Ok(grid)
    }

    fn white(&self, row: usize, col: usize) -> bool {
        row < self.rows && col < self.cols && self.cell(row, col) != Cell::Block
    }

    /// The slots, numbered; or the row and column (from 0) of a white
    /// square in none.
    fn find_slots(&self) -> Result<Vec<Slot>, (usize, usize)> {
        let mut slots = Vec::new();
        let mut number = 0;
        for row in 0..self.rows {
            for col in 0..self.cols {
                if !self.white(row, col) {
                    continue;
                }
                let run = |dr: usize, dc: usize| {
                    (0..)
                        .take_while(|&i| self.white(row + i * dr, col + i * dc))
                        .count()
                };
                let across = (col == 0 || !self.white(row, col - 1)).then(|| run(0, 1));
                let down = (row == 0 || !self.white(row - 1, col)).then(|| run(1, 0));
                let across = across.filter(|&len| len >= 2);
                let down = down.filter(|&len| len >= 2);
                if across.is_none() && down.is_none() {
                    let in_across =
                        (col > 0 && self.white(row, col - 1)) || self.white(row, col + 1);
                    let in_down = (row > 0 && self.white(row - 1, col)) || self.white(row + 1, col);
                    if !in_across && !in_down {
                        return Err((row, col));
                    }
                    continue;
                }
                number += 1;
                for (len, direction) in [(across, Direction::Across), (down, Direction::Down)] {
                    if let Some(len) = len {
                        slots.push(Slot {
                            number,
                            direction,
                            row,
                            col,
                            len,
                        });
                    }
                }
            }
        }
        Ok(slots)
    }

    /// Number of rows.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::crossword::Grid;
    ///
    /// assert_eq!(Grid::parse("..\n..\n..")?.rows(), 3);
    /// # Ok::<(), puzzles::crossword::GridError>(())
    /// ```
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::crossword::Grid;
    ///
    /// assert_eq!(Grid::parse("...\n...")?.cols(), 3);
    /// # Ok::<(), puzzles::crossword::GridError>(())
    /// ```
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The square at `(row, col)`.
    ///
    /// # Panics
    ///
    /// If `row` or `col` is outside the grid.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::crossword::{Cell, Grid};
    ///
    /// assert_eq!(Grid::parse("#.\n..")?.cell(0, 0), Cell::Block);
    /// # Ok::<(), puzzles::crossword::GridError>(())
    /// ```
    pub fn cell(&self, row: usize, col: usize) -> Cell {
        assert!(
            row < self.rows && col < self.cols,
            "square outside the grid"
        );
        self.cells[row * self.cols + col]
    }

    /// The slots, in number order, across before down for the same number.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::crossword::Grid;
    ///
    /// let grid = Grid::parse("...\n...\n...")?;
    /// let names: Vec<String> = grid.slots().iter().map(|s| s.to_string()).collect();
    /// assert_eq!(names, ["1 across", "1 down", "2 down", "3 down", "4 across", "5 across"]);
    /// # Ok::<(), puzzles::crossword::GridError>(())
    /// ```
    pub fn slots(&self) -> &[Slot] {
        &self.slots
    }

    /// The number printed in the square `(row, col)`, if it starts a slot.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::crossword::Grid;
    ///
    /// let grid = Grid::parse("..\n..")?;
    /// assert_eq!((grid.number(0, 1), grid.number(1, 1)), (Some(2), None));
    /// # Ok::<(), puzzles::crossword::GridError>(())
    /// ```
    pub fn number(&self, row: usize, col: usize) -> Option<usize> {
        self.slots
            .iter()
            .find(|slot| (slot.row, slot.col) == (row, col))
            .map(|slot| slot.number)
    }

    /// The pattern of a slot: its pre-set letters, `.` for empty squares.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::crossword::Grid;
    ///
    /// let grid = Grid::parse("C.T\n...")?;
    /// assert_eq!(grid.pattern(&grid.slots()[0]), "C.T");
    /// # Ok::<(), puzzles::crossword::GridError>(())
    /// ```
    pub fn pattern(&self, slot: &Slot) -> String {
        (0..slot.len)
            .map(|i| {
                let (row, col) = slot.square(i);
                match self.cell(row, col) {
                    Cell::Letter(letter) => char::from(letter),
                    _ => '.',
                }
            })
            .collect()
    }
}

impl fmt::Display for Grid {
    /// The grid as [`Grid::parse`] reads it, one row per line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.cells.chunks(self.cols) {
            let line: String = row
                .iter()
                .map(|cell| match cell {
                    Cell::Block => '#',
                    Cell::Empty => '.',
                    Cell::Letter(letter) => char::from(*letter),
                })
                .collect();
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}
