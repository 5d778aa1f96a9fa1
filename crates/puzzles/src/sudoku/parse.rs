//! Reading puzzles: one character per cell, whitespace ignored, the grid
//! size given by the number of cells.

use super::{Alphabet, MAX_BOX_SIZE, MIN_BOX_SIZE, Puzzle, SudokuError};

/// Reads a puzzle from `bytes` (UTF-8 text; only ASCII means anything).
pub(crate) fn parse(bytes: &[u8], alphabet: Alphabet) -> Result<Puzzle, SudokuError> {
    let mut cells = Vec::with_capacity(bytes.len().min(MAX_CELLS));
    for &byte in bytes {
        match alphabet.byte_value(byte) {
            Some(value) => cells.push(value),
            None if byte.is_ascii_whitespace() => {}
            None => return Err(bad_character(bytes, cells.len(), alphabet, None)),
        }
    }
    let Some(box_size) = (MIN_BOX_SIZE..=MAX_BOX_SIZE).find(|b| b.pow(4) == cells.len()) else {
        return Err(SudokuError::WrongLength { cells: cells.len() });
    };
    let side = box_size * box_size;
    if let Some(index) = cells.iter().position(|&d| usize::from(d) > side) {
        return Err(bad_character(bytes, index, alphabet, Some(side)));
    }
    let puzzle = Puzzle { box_size, cells };
    puzzle.check_clashes(alphabet)?;
    Ok(puzzle)
}

const MAX_CELLS: usize = MAX_BOX_SIZE.pow(4);

/// The error for the character after `cells_before` cells: the slow path,
/// which walks the text again to find its line and column.
fn bad_character(
    bytes: &[u8],
    cells_before: usize,
    alphabet: Alphabet,
    side: Option<usize>,
) -> SudokuError {
    let text = String::from_utf8_lossy(bytes);
    let (mut line, mut column, mut cells) = (1, 0, 0);
    let mut found = None;
    for ch in text.chars() {
        if ch == '\n' {
            line += 1;
            column = 0;
            continue;
        }
        column += 1;
        if ch.is_ascii_whitespace() {
            continue;
        }
        if cells == cells_before {
            found = Some(ch);
            break;
        }
        cells += 1;
    }
    let character = found.expect("the offending character is in the text");
    let digits = match side {
        Some(side) => format!("{} for a {side}×{side} grid", alphabet.describe(side)),
        None => format!(
            "a digit ({} for 9×9, up to {} for 25×25)",
            alphabet.describe(9),
            alphabet.describe(25)
        ),
    };
    SudokuError::BadCharacter {
        character,
        line,
        column,
        expected: format!("{digits}, or {} for an empty cell", alphabet.empty_marks()),
    }
}
