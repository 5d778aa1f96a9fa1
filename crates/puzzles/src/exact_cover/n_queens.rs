//! N-Queens built as an exact cover problem.

use super::problem::Problem;

/// N-Queens as an exact cover problem: primary items `r0..` (rows) and `c0..`
/// (columns), secondary items `d0..` (the `\` diagonal `r + c`) and `a0..`
/// (the `/` diagonal `n - 1 - r + c`), and one option per square, option
/// `r * n + c` for the square `(r, c)`. Its solutions are exactly the
/// placements of `n` non-attacking queens.
///
/// # Example
///
/// ```
/// use puzzles::exact_cover::n_queens;
///
/// let problem = n_queens(8);
/// assert_eq!((problem.primary_count(), problem.secondary_count()), (16, 30));
/// assert_eq!(problem.count(), puzzles::queens::Board::new(8)?.count());
/// # Ok::<(), puzzles::queens::QueensError>(())
/// ```
pub fn n_queens(n: usize) -> Problem {
    let diagonals = (2 * n).saturating_sub(1);
    let rows = (0..n).map(|r| format!("r{r}"));
    let cols = (0..n).map(|c| format!("c{c}"));
    let diags = (0..diagonals).map(|d| format!("d{d}"));
    let antis = (0..diagonals).map(|a| format!("a{a}"));
    let mut problem = Problem::with_names(rows.chain(cols), diags.chain(antis))
        .expect("generated names are distinct and valid");
    for r in 0..n {
        for c in 0..n {
            let square = [r, n + c, 2 * n + r + c, 2 * n + diagonals + (n - 1 - r + c)];
            problem
                .add_option(square)
                .expect("generated items exist and are distinct");
        }
    }
    problem
}
