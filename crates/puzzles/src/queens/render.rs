//! Drawing solutions as text: the plain `Q`/`.` board, a checkered Unicode
//! board, and the row strings of the LeetCode answer format.

use std::fmt::Write as _;

use super::rules::Piece;
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
    rows_of(solution, Piece::Queen)
}

/// [`rows`] for any piece, drawn with its [letter](Piece::letter).
///
/// # Example
///
/// ```
/// use puzzles::queens::{Piece, Rules, render, Solution};
///
/// let solution = Solution::with_rules(vec![1, 0], &Rules::new(2, Piece::Rook, false)?)?;
/// assert_eq!(render::rows_of(&solution, Piece::Rook), [".R", "R."]);
/// # Ok::<(), puzzles::queens::QueensError>(())
/// ```
pub fn rows_of(solution: &Solution, piece: Piece) -> Vec<String> {
    let n = solution.n();
    let letter = piece.letter();
    solution
        .cols()
        .iter()
        .map(|&col| {
            (0..n)
                .map(|c| if c == col { letter } else { '.' })
                .collect()
        })
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
    board_of(solution, Piece::Queen)
}

/// [`board`] for any piece, drawn with its [letter](Piece::letter).
///
/// # Example
///
/// ```
/// use puzzles::queens::{Piece, render, Solution};
///
/// let solution = Solution::new(vec![0, 2, 4, 1, 3])?;
/// assert_eq!(render::board_of(&solution, Piece::King).lines().next(), Some("K...."));
/// # Ok::<(), puzzles::queens::QueensError>(())
/// ```
pub fn board_of(solution: &Solution, piece: Piece) -> String {
    let n = solution.n();
    let mut text = String::with_capacity(n * (n + 1));
    for row in rows_of(solution, piece) {
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
    unicode_of(solution, Piece::Queen)
}

/// [`unicode`] for any piece, drawn with its [symbol](Piece::symbol).
///
/// # Example
///
/// ```
/// use puzzles::queens::{Piece, render, Solution};
///
/// let drawing = render::unicode_of(&Solution::new(vec![0])?, Piece::King);
/// assert_eq!(drawing, "┌───┐\n│ ♚ │\n└───┘\n");
/// # Ok::<(), puzzles::queens::QueensError>(())
/// ```
pub fn unicode_of(solution: &Solution, piece: Piece) -> String {
    let n = solution.n();
    let symbol = piece.symbol();
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
            let piece = if col == queen_col { symbol } else { shade };
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
