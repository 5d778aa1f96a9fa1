//! A filled grid and its answers.

use super::grid::Slot;

/// One answer of a fill: a slot and its word.
///
/// # Example
///
/// ```
/// use puzzles::crossword::{Filler, Grid, WordList};
///
/// let grid = Grid::parse("..\n..")?;
/// let words = WordList::parse(&b"AB\nCD\nAC\nBD\n"[..])?;
/// let fill = Filler::new(&grid, &words)?.first().unwrap();
/// let entry = &fill.entries()[0];
/// assert_eq!((entry.slot.to_string(), entry.word.as_str()), ("1 across".to_string(), "AB"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The slot.
    pub slot: Slot,
    /// Its word.
    pub word: String,
    /// The word's score in the list.
    pub score: i32,
}

/// A filled grid.
///
/// # Example
///
/// ```
/// use puzzles::crossword::{Filler, Grid, WordList};
///
/// let grid = Grid::parse("..\n.#")?;
/// let words = WordList::parse(&b"AB\nAC\n"[..])?;
/// let fill = Filler::new(&grid, &words)?.first().unwrap();
/// assert_eq!(fill.lines(), ["AB", "C#"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fill {
    rows: usize,
    cols: usize,
    letters: Vec<u8>,
    entries: Vec<Entry>,
}

impl Fill {
    /// A fill of `rows` × `cols` squares (`letters` row by row, `#` for
    /// blocks) with its entries.
    pub(crate) fn new(rows: usize, cols: usize, letters: Vec<u8>, entries: Vec<Entry>) -> Fill {
        Fill {
            rows,
            cols,
            letters,
            entries,
        }
    }

    /// Number of rows.
    ///
    /// # Example
    ///
    /// ```
    /// # use puzzles::crossword::{Filler, Grid, WordList};
    /// let grid = Grid::parse("..")?;
    /// let fill = Filler::new(&grid, &WordList::parse(&b"AB\n"[..])?)?.first().unwrap();
    /// assert_eq!((fill.rows(), fill.cols()), (1, 2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    ///
    /// # Example
    ///
    /// ```
    /// # use puzzles::crossword::{Filler, Grid, WordList};
    /// let grid = Grid::parse("...")?;
    /// let fill = Filler::new(&grid, &WordList::parse(&b"ABC\n"[..])?)?.first().unwrap();
    /// assert_eq!(fill.cols(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The letter at `(row, col)`, `None` for a block (or a square in no
    /// slot, which keeps its pre-set letter if it has one).
    ///
    /// # Panics
    ///
    /// If `(row, col)` is outside the grid.
    ///
    /// # Example
    ///
    /// ```
    /// # use puzzles::crossword::{Filler, Grid, WordList};
    /// let grid = Grid::parse("..#")?;
    /// let fill = Filler::new(&grid, &WordList::parse(&b"OK\n"[..])?)?.first().unwrap();
    /// assert_eq!((fill.letter(0, 1), fill.letter(0, 2)), (Some('K'), None));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn letter(&self, row: usize, col: usize) -> Option<char> {
        assert!(
            row < self.rows && col < self.cols,
            "square outside the grid"
        );
        match self.letters[row * self.cols + col] {
            b'#' => None,
            letter => Some(char::from(letter)),
        }
    }

    /// The slots and their words, in slot order (as [`Grid::slots`](super::Grid::slots)).
    ///
    /// # Example
    ///
    /// ```
    /// # use puzzles::crossword::{Filler, Grid, WordList};
    /// let grid = Grid::parse("..")?;
    /// let fill = Filler::new(&grid, &WordList::parse(&b"HI\n"[..])?)?.first().unwrap();
    /// assert_eq!(fill.entries()[0].word, "HI");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The rows as text, `#` for blocks.
    ///
    /// # Example
    ///
    /// ```
    /// # use puzzles::crossword::{Filler, Grid, WordList};
    /// let grid = Grid::parse("#..")?;
    /// let fill = Filler::new(&grid, &WordList::parse(&b"GO\n"[..])?)?.first().unwrap();
    /// assert_eq!(fill.lines(), ["#GO"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn lines(&self) -> Vec<String> {
        self.letters
            .chunks(self.cols)
            .map(|row| String::from_utf8(row.to_vec()).expect("ASCII"))
            .collect()
    }
}
