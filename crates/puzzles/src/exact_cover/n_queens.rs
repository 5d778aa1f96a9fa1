//! N-Queens built as an exact cover problem.

use super::error::{ExactCoverError, MAX_NODES};
use super::problem::Problem;

/// N-Queens as an exact cover problem: primary items `r0..` (rows) and `c0..`
/// (columns), secondary items `d0..` (the `\` diagonal `r + c`) and `a0..`
/// (the `/` diagonal `n - 1 - r + c`), and one option per square, option
/// `r * n + c` for the square `(r, c)`. Its solutions are exactly the
/// placements of `n` non-attacking queens.
///
/// # Errors
///
/// [`ExactCoverError::TooLarge`] when the table would outgrow
/// [`MAX_NODES`] (`n` past 3,662).
///
/// # Example
///
/// ```
/// use puzzles::exact_cover::n_queens;
///
/// let problem = n_queens(8)?;
/// assert_eq!((problem.primary_count(), problem.secondary_count()), (16, 30));
/// assert_eq!(problem.count(), puzzles::queens::Board::new(8)?.count());
/// assert!(n_queens(4000).is_err()); // past `MAX_NODES`
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn n_queens(n: usize) -> Result<Problem, ExactCoverError> {
    // The table's nodes grow as n²: beyond the bound, refuse before a name
    // or an option is made.
    let options = n.checked_mul(n).ok_or(ExactCoverError::TooLarge)?;
    let diagonals = (2 * n).saturating_sub(1);
    // As `Problem::add_option` counts them: the items, a spacer and four
    // nodes an option, and two more.
    let nodes = options
        .checked_mul(5)
        .and_then(|option_nodes| option_nodes.checked_add(2 * n + 2 * diagonals + 2));
    if nodes.is_none_or(|nodes| nodes > MAX_NODES) {
        return Err(ExactCoverError::TooLarge);
    }
    let rows = (0..n).map(|r| format!("r{r}"));
    let cols = (0..n).map(|c| format!("c{c}"));
    let diags = (0..diagonals).map(|d| format!("d{d}"));
    let antis = (0..diagonals).map(|a| format!("a{a}"));
    let mut problem = Problem::with_names(rows.chain(cols), diags.chain(antis))?;
    for r in 0..n {
        for c in 0..n {
            let square = [r, n + c, 2 * n + r + c, 2 * n + diagonals + (n - 1 - r + c)];
            problem.add_option(square)?;
        }
    }
    Ok(problem)
}
