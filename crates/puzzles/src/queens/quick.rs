//! One solution, at once, for a board of any size.
//!
//! The lexicographically first solution is what the plain search finds,
//! and for small boards it finds it at once; but the time it takes jumps
//! about wildly with `n` — from a fraction of a second at 29 queens to half
//! a minute at 34 and hours further up. So [`one_solution`] uses that search
//! only where it was measured to be quick ([`lexicographic_is_quick`]), an
//! explicit [`Construction`] elsewhere, and, for the boards with neither
//! (superqueens on some sizes that share a factor with 6), the completion search
//! with no pieces given, which branches on the most constrained line, up to
//! 64, and past 64 the local repair of [`repair`](super::repair).
//!
//! # Example
//!
//! ```
//! use puzzles::queens::{OneSolution, Rules, one_solution};
//!
//! match one_solution(&Rules::queens(8)?)? {
//!     Some(OneSolution::Lexicographic(solution)) => {
//!         assert_eq!(solution.cols(), &[0, 4, 7, 5, 2, 6, 1, 3]);
//!     }
//!     other => panic!("expected the search's answer, got {other:?}"),
//! }
//! match one_solution(&Rules::queens(1_000_000)?)? {
//!     Some(OneSolution::Constructed(construction)) => assert_eq!(construction.n(), 1_000_000),
//!     other => panic!("expected a construction, got {other:?}"),
//! }
//! assert!(one_solution(&Rules::queens(3)?)?.is_none());
//! # Ok::<(), puzzles::queens::QueensError>(())
//! ```

use super::board::Board;
use super::construct::Construction;
use super::error::QueensError;
use super::repair::{MAX_REPAIR_N, superqueens};
use super::rules::{MAX_SEARCH_N, Piece, Rules};
use super::solution::Solution;

/// One solution and how it was found.
///
/// # Example
///
/// ```
/// use puzzles::queens::{OneSolution, Rules, one_solution};
///
/// let found = one_solution(&Rules::queens(40)?)?.unwrap();
/// assert!(matches!(found, OneSolution::Constructed(_)));
/// assert_eq!(found.to_solution().n(), 40);
/// # Ok::<(), puzzles::queens::QueensError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OneSolution {
    /// The lexicographically first solution, from the plain search.
    Lexicographic(Solution),
    /// An explicit construction, streamed row by row (any size).
    Constructed(Construction),
    /// A solution found by the completion search with no pieces given.
    Searched(Solution),
    /// A solution found by local repair ([`repair::superqueens`]).
    ///
    /// [`repair::superqueens`]: super::repair::superqueens
    Repaired(Solution),
}

impl OneSolution {
    /// The board size.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::{Rules, one_solution};
    ///
    /// assert_eq!(one_solution(&Rules::queens(12)?)?.unwrap().n(), 12);
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn n(&self) -> u64 {
        match self {
            OneSolution::Lexicographic(solution)
            | OneSolution::Searched(solution)
            | OneSolution::Repaired(solution) => solution.n() as u64,
            OneSolution::Constructed(construction) => construction.n(),
        }
    }

    /// The solution in memory (for a construction, only sensible for boards
    /// small enough to hold).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::{Rules, one_solution};
    ///
    /// let cols = one_solution(&Rules::queens(4)?)?.unwrap().to_solution().into_cols();
    /// assert_eq!(cols, [1, 3, 0, 2]);
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn to_solution(&self) -> Solution {
        match self {
            OneSolution::Lexicographic(solution)
            | OneSolution::Searched(solution)
            | OneSolution::Repaired(solution) => solution.clone(),
            OneSolution::Constructed(construction) => construction.to_solution(),
        }
    }
}

/// Whether the plain search finds the lexicographically first solution at
/// once (within about a tenth of a second, measured): for queens `n ≤ 29`
/// (`n ≤ 25` on a torus), superqueens `n ≤ 26` (on a torus `n ≤ 23`, or
/// `n ≤ 16` when `gcd(n, 6) ≠ 1`), and rooks and kings up to the search's
/// limit of 64.
///
/// # Example
///
/// ```
/// use puzzles::queens::{Rules, lexicographic_is_quick};
///
/// assert!(lexicographic_is_quick(&Rules::queens(29)?));
/// assert!(!lexicographic_is_quick(&Rules::queens(34)?));
/// # Ok::<(), puzzles::queens::QueensError>(())
/// ```
pub fn lexicographic_is_quick(rules: &Rules) -> bool {
    let n = rules.n();
    let coprime_to_six = !n.is_multiple_of(2) && !n.is_multiple_of(3);
    let largest = match (rules.piece(), rules.torus()) {
        (Piece::Rook | Piece::King, _) => MAX_SEARCH_N,
        (Piece::Queen, false) => 29,
        (Piece::Queen, true) => 25,
        (Piece::Superqueen, false) => 26,
        (Piece::Superqueen, true) if coprime_to_six => 23,
        (Piece::Superqueen, true) => 16,
    };
    n <= largest
}

/// One solution of the board, the quickest way known: the lexicographically
/// first where [`lexicographic_is_quick`], otherwise an explicit
/// [`Construction`] where one is known, otherwise the completion search
/// ([`Completion::find`](super::Completion::find)) with no pieces given, and
/// for superqueens on a plain board past 64 local repair
/// ([`repair::superqueens`](super::repair::superqueens)). `Ok(None)` means
/// that no solution exists (proved by the search, or known: 2 and 3 queens,
/// queens and superqueens on a torus whose size shares a factor with 6).
///
/// # Errors
///
/// [`QueensError::NoConstruction`] for superqueens on a plain board past
/// [`MAX_REPAIR_N`](super::repair::MAX_REPAIR_N) whose size no construction
/// covers; [`QueensError::TooLarge`] for any other size too large to search
/// that no construction covers.
///
/// # Example
///
/// ```
/// use puzzles::queens::{OneSolution, Piece, Rules, one_solution};
///
/// let amazons = Rules::new(30, Piece::Superqueen, false)?;
/// let found = one_solution(&amazons)?.unwrap();
/// assert!(matches!(found, OneSolution::Searched(_)));
/// assert!(puzzles::queens::Solution::with_rules(found.to_solution().into_cols(), &amazons).is_ok());
/// # Ok::<(), puzzles::queens::QueensError>(())
/// ```
pub fn one_solution(rules: &Rules) -> Result<Option<OneSolution>, QueensError> {
    // What is known comes first: no search need prove what a theorem says.
    let construction = match Construction::new(rules) {
        Err(QueensError::NoSolution { .. }) => return Ok(None),
        known => known?,
    };
    if rules.n() <= MAX_SEARCH_N && lexicographic_is_quick(rules) {
        return Ok(Board::with_rules(*rules)?
            .first()
            .map(OneSolution::Lexicographic));
    }
    if let Some(construction) = construction {
        return Ok(Some(OneSolution::Constructed(construction)));
    }
    // Only plain superqueens are left without a construction past 64: the
    // torus ones that lack one have no solution.
    if rules.n() > MAX_SEARCH_N && rules.piece() == Piece::Superqueen {
        if rules.n() > MAX_REPAIR_N {
            return Err(QueensError::NoConstruction {
                n: rules.n(),
                max: MAX_REPAIR_N,
            });
        }
        return superqueens(rules.n()).map(|found| Some(OneSolution::Repaired(found)));
    }
    Ok(Board::with_rules(*rules)?
        .with_given(&[])?
        .find()
        .map(OneSolution::Searched))
}
