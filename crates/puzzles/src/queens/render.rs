//! Drawing solutions as text: the plain `Q`/`.` board, a checkered Unicode
//! board, and the row strings of the LeetCode answer format.

use std::fmt::Write as _;

use super::solution::Solution;

/// The rows of the board as strings of `Q` and `.`, row 0 first.
///
/// # Example
///
/// ```
/// use puzzles::queens::{render, Solution};
///
/// let solution = Solution::new(vec![1, 3, 0, 2])?;
/// assert_eq!(render::rows(&solution), [".Q..", "...Q", "Q...", "..Q."]);
/// # Ok::<(), puzzles::queens::QueensError>(())
/// ```
pub fn rows(solution: &Solution) -> Vec<String> {
    let n = solution.n();
    solution
        .cols()
        .iter()
        .map(|&col| (0..n).map(|c| if c == col { 'Q' } else { '.' }).collect())
        .collect()
}

/// The board as text: one line per row, `Q` for a queen, `.` for an empty
/// square, each line ending in a newline.
///
/// # Example
///
/// ```
/// use puzzles::queens::{render, Solution};
///
/// let solution = Solution::new(vec![1, 3, 0, 2])?;
/// assert_eq!(render::board(&solution), ".Q..\n...Q\nQ...\n..Q.\n");
/// # Ok::<(), puzzles::queens::QueensError>(())
/// ```
pub fn board(solution: &Solution) -> String {
    let n = solution.n();
    let mut text = String::with_capacity(n * (n + 1));
    for row in rows(solution) {
        text.push_str(&row);
        text.push('\n');
    }
    text
}

/// A checkered board drawn with box-drawing characters: light squares blank,
/// dark squares shaded `░`, queens as `♛`; the top-left square is light, as
/// on a real chessboard seen from White's side.
///
/// # Example
///
/// ```
/// use puzzles::queens::{render, Solution};
///
/// let drawing = render::unicode(&Solution::new(vec![0])?);
/// assert_eq!(drawing, "┌───┐\n│ ♛ │\n└───┘\n");
/// # Ok::<(), puzzles::queens::QueensError>(())
/// ```
pub fn unicode(solution: &Solution) -> String {
    let n = solution.n();
    let rule = |left: &str, middle: &str, right: &str| {
        let mut line = String::from(left);
        for c in 0..n {
            line.push_str("───");
            line.push_str(if c + 1 == n { right } else { middle });
        }
        line.push('\n');
        line
    };
    let mut text = rule("┌", "┬", "┐");
    for (row, &queen_col) in solution.cols().iter().enumerate() {
        text.push('│');
        for col in 0..n {
            let dark = (row + col) % 2 == 1;
            let shade = if dark { '░' } else { ' ' };
            let piece = if col == queen_col { '♛' } else { shade };
            let _ = write!(text, "{shade}{piece}{shade}│");
        }
        text.push('\n');
        text.push_str(&if row + 1 == n {
            rule("└", "┴", "┘")
        } else {
            rule("├", "┼", "┤")
        });
    }
    text
}
