//! The attack rule as data: which piece stands on the board and whether the
//! board wraps around. One search serves every combination.

use serde::{Deserialize, Serialize};

use super::error::QueensError;
use crate::trace::ConflictKind;

/// The largest board the bitboard search handles: one bit per column in a
/// `u64`.
///
/// # Example
///
/// ```
/// use puzzles::queens::{Board, MAX_SEARCH_N, QueensError};
///
/// assert!(Board::new(MAX_SEARCH_N).is_ok());
/// let err = Board::new(MAX_SEARCH_N + 1).unwrap_err();
/// assert!(matches!(err, QueensError::TooLarge { n: 65, max: MAX_SEARCH_N }));
/// ```
pub const MAX_SEARCH_N: usize = 64;

/// The piece placed, one per row and per column.
///
/// With one piece per row and column a bishop attacks exactly as a queen
/// does, so it needs no variant of its own.
///
/// # Example
///
/// ```
/// use puzzles::queens::Piece;
///
/// assert_eq!("superqueen".parse::<Piece>(), Ok(Piece::Superqueen));
/// assert_eq!(Piece::King.to_string(), "king");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Piece {
    /// Attacks along columns and diagonals (rows are one per piece anyway).
    #[default]
    Queen,
    /// Attacks along columns only: every permutation is a solution.
    Rook,
    /// Attacks the eight neighbouring squares.
    King,
    /// A queen that also moves as a knight (also called amazon).
    Superqueen,
}

impl Piece {
    /// The lower-case name.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::Piece;
    ///
    /// assert_eq!(Piece::Rook.name(), "rook");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Piece::Queen => "queen",
            Piece::Rook => "rook",
            Piece::King => "king",
            Piece::Superqueen => "superqueen",
        }
    }

    /// The letter that stands for the piece on a text board: `Q`, `R`, `K`,
    /// and `S` for the superqueen.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::Piece;
    ///
    /// assert_eq!(Piece::King.letter(), 'K');
    /// ```
    pub fn letter(self) -> char {
        match self {
            Piece::Queen => 'Q',
            Piece::Rook => 'R',
            Piece::King => 'K',
            Piece::Superqueen => 'S',
        }
    }

    /// The chess symbol that stands for the piece on a Unicode board: `♛`,
    /// `♜`, `♚`; the superqueen, which chess sets lack, is `S`.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::Piece;
    ///
    /// assert_eq!(Piece::Rook.symbol(), '♜');
    /// ```
    pub fn symbol(self) -> char {
        match self {
            Piece::Queen => '♛',
            Piece::Rook => '♜',
            Piece::King => '♚',
            Piece::Superqueen => 'S',
        }
    }
}

impl std::fmt::Display for Piece {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Piece {
    type Err = QueensError;

    fn from_str(text: &str) -> Result<Piece, QueensError> {
        match text {
            "queen" => Ok(Piece::Queen),
            "rook" => Ok(Piece::Rook),
            "king" => Ok(Piece::King),
            "superqueen" | "amazon" => Ok(Piece::Superqueen),
            _ => Err(QueensError::UnknownPiece(text.to_string())),
        }
    }
}

/// The rules of one problem: board size, piece and board shape.
///
/// The plain board is the N-Queens problem; on a torus (`torus = true`) the
/// board wraps around left to right and top to bottom, so diagonals (and a
/// king's or knight's reach) continue on the other side.
///
/// # Example
///
/// ```
/// use puzzles::queens::{Piece, Rules};
/// use puzzles::trace::ConflictKind;
///
/// let queens = Rules::queens(8)?;
/// assert_eq!(queens.attack((0, 0), (3, 3)), Some(ConflictKind::Diagonal));
/// let kings = Rules::new(8, Piece::King, false)?;
/// assert_eq!(kings.attack((0, 0), (3, 3)), None);
///
/// // Read from JSON, the rules are checked as `Rules::new` checks them.
/// let read: Rules = serde_json::from_str(r#"{"n":8,"piece":"king","torus":false}"#).unwrap();
/// assert_eq!(read, kings);
/// assert!(serde_json::from_str::<Rules>(r#"{"n":0,"piece":"queen","torus":false}"#).is_err());
/// # Ok::<(), puzzles::queens::QueensError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "RulesFields")]
pub struct Rules {
    n: usize,
    piece: Piece,
    torus: bool,
}

/// [`Rules`] as JSON holds them, before [`Rules::new`] has checked them.
#[derive(Deserialize)]
struct RulesFields {
    n: usize,
    piece: Piece,
    torus: bool,
}

impl TryFrom<RulesFields> for Rules {
    type Error = QueensError;

    fn try_from(fields: RulesFields) -> Result<Rules, QueensError> {
        Rules::new(fields.n, fields.piece, fields.torus)
    }
}

impl Rules {
    /// The rules for `n` queens on a plain `n`×`n` board.
    ///
    /// # Errors
    ///
    /// [`QueensError::ZeroSize`] when `n` is 0.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::Rules;
    ///
    /// assert_eq!(Rules::queens(8)?.n(), 8);
    /// assert!(Rules::queens(0).is_err());
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn queens(n: usize) -> Result<Rules, QueensError> {
        Rules::new(n, Piece::Queen, false)
    }

    /// The rules for `n` pieces of kind `piece`, on a torus when `torus`.
    ///
    /// # Errors
    ///
    /// [`QueensError::ZeroSize`] when `n` is 0.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::{Piece, Rules};
    ///
    /// let rules = Rules::new(5, Piece::Queen, true)?;
    /// assert!(rules.torus());
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn new(n: usize, piece: Piece, torus: bool) -> Result<Rules, QueensError> {
        if n == 0 {
            return Err(QueensError::ZeroSize);
        }
        Ok(Rules { n, piece, torus })
    }

    /// The board size.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::Rules;
    ///
    /// assert_eq!(Rules::queens(5)?.n(), 5);
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn n(&self) -> usize {
        self.n
    }

    /// The piece.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::{Piece, Rules};
    ///
    /// assert_eq!(Rules::queens(5)?.piece(), Piece::Queen);
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn piece(&self) -> Piece {
        self.piece
    }

    /// Whether the board wraps around.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::Rules;
    ///
    /// assert!(!Rules::queens(5)?.torus());
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn torus(&self) -> bool {
        self.torus
    }

    /// Whether these are the classic N-Queens rules (queens, plain board).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::Rules;
    ///
    /// assert!(Rules::queens(8)?.is_classic());
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn is_classic(&self) -> bool {
        self.piece == Piece::Queen && !self.torus
    }

    /// Whether a piece on `first` attacks one on `second` (two different
    /// squares), and by which rule. This is the slow, obviously-correct rule
    /// that the oracle and [`Solution`](super::Solution) validation use; the
    /// bitboard search must agree with it.
    ///
    /// A column clash is reported before any other, then a diagonal, then a
    /// knight's move or adjacency. Squares off the board are taken as they
    /// are on a plain board and modulo `n` on a torus, whose rows and
    /// columns wrap around.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::{Piece, Rules};
    /// use puzzles::trace::ConflictKind;
    ///
    /// let amazons = Rules::new(10, Piece::Superqueen, false)?;
    /// assert_eq!(amazons.attack((0, 0), (1, 2)), Some(ConflictKind::Knight));
    /// assert_eq!(amazons.attack((0, 0), (4, 0)), Some(ConflictKind::Column));
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn attack(&self, first: (usize, usize), second: (usize, usize)) -> Option<ConflictKind> {
        let (row_distance, col_distance) = self.distances(first, second);
        if col_distance == 0 || row_distance == 0 {
            // One piece per row is the search's own rule; a second piece in a
            // row is a clash of the same kind as a column.
            return Some(ConflictKind::Column);
        }
        let diagonal = row_distance == col_distance;
        let touching = row_distance <= 1 && col_distance <= 1;
        let knight =
            (row_distance == 1 && col_distance == 2) || (row_distance == 2 && col_distance == 1);
        match self.piece {
            Piece::Rook => None,
            Piece::Queen if diagonal => Some(ConflictKind::Diagonal),
            Piece::Queen => None,
            Piece::King if touching => Some(ConflictKind::Adjacent),
            Piece::King => None,
            Piece::Superqueen if diagonal => Some(ConflictKind::Diagonal),
            Piece::Superqueen if knight => Some(ConflictKind::Knight),
            Piece::Superqueen => None,
        }
    }

    /// Row and column distances, the short way round on a torus.
    fn distances(&self, (r1, c1): (usize, usize), (r2, c2): (usize, usize)) -> (usize, usize) {
        let row_distance = r1.abs_diff(r2);
        let col_distance = c1.abs_diff(c2);
        if self.torus {
            let (row_distance, col_distance) = (row_distance % self.n, col_distance % self.n);
            (
                row_distance.min(self.n - row_distance),
                col_distance.min(self.n - col_distance),
            )
        } else {
            (row_distance, col_distance)
        }
    }

    /// These rules, if the bitboard search can take them (`n` at most
    /// [`MAX_SEARCH_N`]).
    ///
    /// On a torus two squares share a wrapped diagonal exactly when their
    /// short-way row and column distances are equal, so [`Rules::attack`]
    /// needs no separate modular test.
    pub(crate) fn checked(self) -> Result<Rules, QueensError> {
        if self.n > MAX_SEARCH_N {
            return Err(QueensError::TooLarge {
                n: self.n,
                max: MAX_SEARCH_N,
            });
        }
        Ok(self)
    }
}
