//! Drawing grids as text, with the givens marked.

use super::alphabet::Alphabet;
use super::puzzle::Puzzle;
use super::solution::Solution;

/// The grid as text with box borders: each cell takes three columns, a
/// given digit in brackets (`[5]`), a digit the solver found between spaces
/// (` 5 `) and an empty cell as ` . `. Draws `solution` over `puzzle`, or the
/// puzzle alone when `solution` is `None`.
///
/// # Panics
///
/// When `solution` has another size than `puzzle`.
///
/// # Example
///
/// ```
/// use puzzles::sudoku::{render, Alphabet, Puzzle};
///
/// let puzzle = Puzzle::parse("1.......2.......")?;
/// let solution = puzzle.solve().unwrap();
/// assert_eq!(
///     render::grid(&puzzle, Some(&solution), Alphabet::Standard),
///     "\
/// +------+------+
/// |[1] 2 | 3  4 |
/// | 3  4 | 1  2 |
/// +------+------+
/// |[2] 1 | 4  3 |
/// | 4  3 | 2  1 |
/// +------+------+
/// "
/// );
/// # Ok::<(), puzzles::sudoku::SudokuError>(())
/// ```
pub fn grid(puzzle: &Puzzle, solution: Option<&Solution>, alphabet: Alphabet) -> String {
    let b = puzzle.box_size();
    let n = puzzle.side();
    if let Some(solution) = solution {
        assert_eq!(solution.box_size(), b, "the solution's size differs");
    }
    let mut border = String::from("+");
    for _ in 0..b {
        border.push_str(&"-".repeat(3 * b));
        border.push('+');
    }
    border.push('\n');
    let mut text = String::with_capacity((n + b + 1) * border.len());
    for row in 0..n {
        if row % b == 0 {
            text.push_str(&border);
        }
        for col in 0..n {
            if col % b == 0 {
                text.push('|');
            }
            let cell = row * n + col;
            let given = puzzle.cells()[cell];
            let shown = solution.map_or(given, |grid| grid.cells()[cell]);
            let symbol = alphabet.symbol(shown);
            if given != 0 {
                text.push('[');
                text.push(symbol);
                text.push(']');
            } else {
                text.push(' ');
                text.push(symbol);
                text.push(' ');
            }
        }
        text.push_str("|\n");
    }
    text.push_str(&border);
    text
}
