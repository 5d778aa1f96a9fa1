//! The [`Solution`] type: a validated placement, one piece per row, and its
//! images under the eight symmetries of the square.

use serde::{Deserialize, Serialize};

use super::error::QueensError;
use super::rules::{Piece, Rules};

/// One of the eight symmetries of the square board (the dihedral group D4):
/// four rotations and four reflections.
///
/// # Example
///
/// ```
/// use puzzles::queens::{Solution, Symmetry};
///
/// let solution = Solution::new(vec![1, 3, 0, 2])?;
/// assert_eq!(solution.image(Symmetry::FlipColumns).cols(), &[2, 0, 3, 1]);
/// # Ok::<(), puzzles::queens::QueensError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Symmetry {
    /// Leaves the board as it is.
    Identity,
    /// Turns the board a quarter turn clockwise.
    Rotate90,
    /// Turns the board half a turn.
    Rotate180,
    /// Turns the board three quarter turns clockwise.
    Rotate270,
    /// Mirrors left and right (column `c` becomes `n - 1 - c`).
    FlipColumns,
    /// Mirrors top and bottom (row `r` becomes `n - 1 - r`).
    FlipRows,
    /// Mirrors in the main diagonal (`(r, c)` becomes `(c, r)`).
    Transpose,
    /// Mirrors in the anti-diagonal (`(r, c)` becomes `(n-1-c, n-1-r)`).
    AntiTranspose,
}

impl Symmetry {
    /// All eight symmetries, the identity first.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::Symmetry;
    ///
    /// assert_eq!(Symmetry::ALL.len(), 8);
    /// assert_eq!(Symmetry::ALL[0], Symmetry::Identity);
    /// ```
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::FlipColumns,
        Symmetry::FlipRows,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// Where the square `(row, col)` of an `n`×`n` board goes.
    ///
    /// # Panics
    ///
    /// If the square is not on the board (`row` or `col` is `n` or more),
    /// as indexing past a slice's end does: there is no image to give.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::Symmetry;
    ///
    /// // A quarter turn clockwise takes the top-left corner to the top-right.
    /// assert_eq!(Symmetry::Rotate90.apply(8, 0, 0), (0, 7));
    /// ```
    pub fn apply(self, n: usize, row: usize, col: usize) -> (usize, usize) {
        assert!(
            row < n && col < n,
            "the square ({row}, {col}) is not on a board of side {n}"
        );
        let last = n - 1;
        match self {
            Symmetry::Identity => (row, col),
            Symmetry::Rotate90 => (col, last - row),
            Symmetry::Rotate180 => (last - row, last - col),
            Symmetry::Rotate270 => (last - col, row),
            Symmetry::FlipColumns => (row, last - col),
            Symmetry::FlipRows => (last - row, col),
            Symmetry::Transpose => (col, row),
            Symmetry::AntiTranspose => (last - col, last - row),
        }
    }
}

/// A placement of `n` pieces on an `n`×`n` board, one per row and column,
/// stored as `cols[row]`: the column of the piece in each row (0-based).
///
/// [`Solution::new`] checks the N-Queens rules; solutions for other pieces
/// come from [`Board`](super::Board) searches or
/// [`Solution::with_rules`].
///
/// In JSON a solution is its array of columns. Reading one back checks what
/// holds for every piece (at least one row, every column on the board, no
/// column twice) but not which piece it was made for: check that with
/// [`Solution::with_rules`].
///
/// # Example
///
/// ```
/// use puzzles::queens::Solution;
///
/// let solution = Solution::new(vec![1, 3, 0, 2])?;
/// assert_eq!(solution.n(), 4);
/// assert!(Solution::new(vec![0, 1]).is_err()); // diagonal neighbours
///
/// let read: Solution = serde_json::from_str("[1,3,0,2]").unwrap();
/// assert_eq!(read, solution);
/// assert!(serde_json::from_str::<Solution>("[0,0,5]").is_err());
/// # Ok::<(), puzzles::queens::QueensError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "Vec<usize>", into = "Vec<usize>")]
pub struct Solution {
    cols: Vec<usize>,
}

/// The checks of a solution read from JSON: those every piece's rules share.
/// A rook attacks along its column only, so its rules are exactly these.
impl TryFrom<Vec<usize>> for Solution {
    type Error = QueensError;

    fn try_from(cols: Vec<usize>) -> Result<Solution, QueensError> {
        let n = cols.len();
        Solution::with_rules(cols, &Rules::new(n, Piece::Rook, false)?)
    }
}

impl From<Solution> for Vec<usize> {
    fn from(solution: Solution) -> Vec<usize> {
        solution.cols
    }
}

impl Solution {
    /// Checks that `cols` places `n = cols.len()` non-attacking queens.
    ///
    /// # Errors
    ///
    /// [`QueensError::ZeroSize`] for an empty array,
    /// [`QueensError::OffBoard`] for a column outside `0..n`, and
    /// [`QueensError::Attack`] naming the first two queens (in row order)
    /// that attack each other.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::{QueensError, Solution};
    ///
    /// assert!(Solution::new(vec![2, 0, 3, 1]).is_ok());
    /// assert!(matches!(Solution::new(vec![0, 0]), Err(QueensError::Attack { .. })));
    /// ```
    pub fn new(cols: Vec<usize>) -> Result<Solution, QueensError> {
        let n = cols.len();
        Solution::with_rules(cols, &Rules::queens(n)?)
    }

    /// Checks `cols` against the rules of any piece and board shape.
    ///
    /// # Errors
    ///
    /// As [`Solution::new`], and [`QueensError::SizeMismatch`] when
    /// `cols.len()` is not the size `rules` was made for.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::{Piece, Rules, Solution};
    ///
    /// let rooks = Rules::new(3, Piece::Rook, false)?;
    /// assert!(Solution::with_rules(vec![0, 1, 2], &rooks).is_ok());
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn with_rules(cols: Vec<usize>, rules: &Rules) -> Result<Solution, QueensError> {
        let n = cols.len();
        if n == 0 {
            return Err(QueensError::ZeroSize);
        }
        if n != rules.n() {
            return Err(QueensError::SizeMismatch {
                expected: rules.n(),
                found: n,
            });
        }
        if let Some(row) = cols.iter().position(|&col| col >= n) {
            return Err(QueensError::OffBoard {
                row,
                col: cols[row],
                n,
            });
        }
        for (second_row, &second_col) in cols.iter().enumerate() {
            for (first_row, &first_col) in cols[..second_row].iter().enumerate() {
                if let Some(kind) = rules.attack((first_row, first_col), (second_row, second_col)) {
                    return Err(QueensError::Attack {
                        first: (first_row, first_col),
                        second: (second_row, second_col),
                        kind,
                    });
                }
            }
        }
        Ok(Solution { cols })
    }

    /// Wraps `cols` that a search has already checked.
    pub(crate) fn from_checked(cols: Vec<usize>) -> Solution {
        Solution { cols }
    }

    /// The board size `n`.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::Solution;
    ///
    /// assert_eq!(Solution::new(vec![0])?.n(), 1);
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn n(&self) -> usize {
        self.cols.len()
    }

    /// The column of the piece in each row.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::Solution;
    ///
    /// assert_eq!(Solution::new(vec![1, 3, 0, 2])?.cols(), &[1, 3, 0, 2]);
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn cols(&self) -> &[usize] {
        &self.cols
    }

    /// Gives up the `cols` array.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::Solution;
    ///
    /// assert_eq!(Solution::new(vec![1, 3, 0, 2])?.into_cols(), vec![1, 3, 0, 2]);
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn into_cols(self) -> Vec<usize> {
        self.cols
    }

    /// The placement seen through `symmetry`. Every symmetry of the square
    /// keeps every piece's rule, so the image is again a solution.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::{Solution, Symmetry};
    ///
    /// let solution = Solution::new(vec![1, 3, 0, 2])?;
    /// assert_eq!(solution.image(Symmetry::Rotate90), solution);
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn image(&self, symmetry: Symmetry) -> Solution {
        let n = self.n();
        let mut cols = vec![0; n];
        for (row, &col) in self.cols.iter().enumerate() {
            let (new_row, new_col) = symmetry.apply(n, row, col);
            cols[new_row] = new_col;
        }
        Solution { cols }
    }

    /// The eight images, in the order of [`Symmetry::ALL`] (some may be
    /// equal).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::Solution;
    ///
    /// let images = Solution::new(vec![0, 4, 7, 5, 2, 6, 1, 3])?.images();
    /// assert_eq!(images.len(), 8);
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn images(&self) -> [Solution; 8] {
        Symmetry::ALL.map(|symmetry| self.image(symmetry))
    }

    /// The representative of this solution's symmetry class: the
    /// lexicographically smallest of its images.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::Solution;
    ///
    /// let solution = Solution::new(vec![2, 0, 3, 1])?;
    /// assert_eq!(solution.canonical().cols(), &[1, 3, 0, 2]);
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn canonical(&self) -> Solution {
        self.images()
            .into_iter()
            .min()
            .expect("a solution has eight images")
    }

    /// Whether this solution is the representative of its class.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::Solution;
    ///
    /// assert!(Solution::new(vec![1, 3, 0, 2])?.is_canonical());
    /// assert!(!Solution::new(vec![2, 0, 3, 1])?.is_canonical());
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn is_canonical(&self) -> bool {
        Symmetry::ALL[1..]
            .iter()
            .all(|&symmetry| self.image(symmetry) >= *self)
    }

    /// How many distinct solutions the symmetries make of this one: 1, 2, 4
    /// or 8.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::Solution;
    ///
    /// // The one 4-queens class holds both solutions.
    /// assert_eq!(Solution::new(vec![1, 3, 0, 2])?.class_size(), 2);
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn class_size(&self) -> usize {
        let mut images = self.images().to_vec();
        images.sort_unstable();
        images.dedup();
        images.len()
    }
}

impl std::fmt::Display for Solution {
    /// Writes the `cols` array as `[1, 3, 0, 2]`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", self.cols)
    }
}

/// A fundamental solution: the representative of a class of solutions under
/// rotation and reflection, with the size of its class.
///
/// # Example
///
/// ```
/// use puzzles::queens::Board;
///
/// let classes: Vec<_> = Board::new(8)?.fundamental_solutions().collect();
/// assert_eq!(classes.len(), 12);
/// assert_eq!(classes.iter().map(|class| class.class_size as u64).sum::<u64>(), 92);
/// # Ok::<(), puzzles::queens::QueensError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Fundamental {
    /// The lexicographically smallest solution of the class. (Read from
    /// JSON it may also be called `cols`, as `puzzles queens --unique
    /// --format json` writes it.)
    #[serde(alias = "cols")]
    pub solution: Solution,
    /// How many distinct solutions the class holds: 1, 2, 4 or 8.
    pub class_size: usize,
}
