//! The classic textbook backtracker, kept as the oracle the fast search is
//! tested against: row by row, each candidate square checked against every
//! earlier piece with the plain attack rule (the `isSafe` / `noKill` shape).

use super::rules::Rules;
use super::solution::Solution;

/// Every solution under `rules`, in lexicographic order, found the slow and
/// obviously-correct way.
///
/// # Example
///
/// ```
/// use puzzles::queens::{oracle, Rules};
///
/// let solutions = oracle::solutions(&Rules::queens(6)?);
/// assert_eq!(solutions.len(), 4);
/// # Ok::<(), puzzles::queens::QueensError>(())
/// ```
pub fn solutions(rules: &Rules) -> Vec<Solution> {
    let mut found = Vec::new();
    let mut cols = Vec::with_capacity(rules.n());
    place_row(rules, &mut cols, &mut found);
    found
}

fn is_safe(rules: &Rules, cols: &[usize], row: usize, col: usize) -> bool {
    cols.iter().enumerate().all(|(earlier_row, &earlier_col)| {
        rules
            .attack((earlier_row, earlier_col), (row, col))
            .is_none()
    })
}

fn place_row(rules: &Rules, cols: &mut Vec<usize>, found: &mut Vec<Solution>) {
    let row = cols.len();
    if row == rules.n() {
        found.push(Solution::from_checked(cols.clone()));
        return;
    }
    for col in 0..rules.n() {
        if is_safe(rules, cols, row, col) {
            cols.push(col);
            place_row(rules, cols, found);
            cols.pop();
        }
    }
}
