//! A matrix: one row per line, every row the same length.

use std::io::{BufRead, BufReader, Read};

use super::error::{Position, SyntaxError, excerpt_text};
use super::token::{Parse, is_separator, token_end};
use crate::subarray::{Matrix, SubarrayError};

/// A matrix: one row per line, every row the same length.
///
/// # Errors
///
/// [`SubarrayError::Syntax`] for a bad token, [`SubarrayError::RaggedRow`]
/// for a row of a different length than the first, [`SubarrayError::EmptyInput`]
/// for no rows, [`SubarrayError::Io`] when reading fails.
///
/// # Example
///
/// ```
/// use puzzles::subarray::parse::read_matrix;
///
/// let m = read_matrix::<i64, _>("# a 2×3 matrix\n1 2 3\n\n4,5,6\n".as_bytes())?;
/// assert_eq!((m.rows(), m.cols(), m.get(1, 2)), (2, 3, 6));
///
/// let err = read_matrix::<i64, _>("1 2 3\n4 5\n".as_bytes()).unwrap_err();
/// assert!(err.to_string().starts_with("line 2, column 4: this row has 2 numbers"));
/// # Ok::<(), puzzles::subarray::SubarrayError>(())
/// ```
pub fn read_matrix<T: Parse, R: Read>(reader: R) -> Result<Matrix<T>, SubarrayError> {
    let mut reader = BufReader::new(reader);
    let mut line = Vec::new();
    let mut number = 0_u64;
    let mut values = Vec::new();
    let mut first: Option<(u64, usize)> = None;
    let mut rows = 0;
    loop {
        line.clear();
        if reader.read_until(b'\n', &mut line)? == 0 {
            break;
        }
        number += 1;
        let mut text = &line[..];
        if number == 1 && text.starts_with(b"\xEF\xBB\xBF") {
            // A byte-order mark is not part of line 1's columns.
            text = &text[3..];
        }
        let mut found = 0;
        let mut last_token_end = 0;
        let mut pos = 0;
        let expected = first.map(|(_, cols)| cols);
        while pos < text.len() {
            if is_separator(text[pos]) {
                pos += 1;
                continue;
            }
            if text[pos] == b'#' {
                break;
            }
            let end = token_end(text, pos, text.len());
            let token = &text[pos..end];
            let at = Position {
                line: number,
                column: 1 + pos as u64,
            };
            let value = T::parse_token(token).map_err(|kind| SyntaxError {
                position: at,
                text: excerpt_text(token),
                kind,
            })?;
            if expected == Some(found) {
                let (first_line, expected) = first.expect("a first row");
                return Err(SubarrayError::RaggedRow {
                    line: number,
                    column: at.column,
                    found: count_row(text),
                    expected,
                    first_line,
                });
            }
            values.push(value);
            found += 1;
            pos = end;
            last_token_end = end;
        }
        if found == 0 {
            continue;
        }
        match first {
            None => first = Some((number, found)),
            Some((first_line, expected)) if found != expected => {
                // Too few: point just past the last number.
                return Err(SubarrayError::RaggedRow {
                    line: number,
                    column: 1 + last_token_end as u64,
                    found,
                    expected,
                    first_line,
                });
            }
            Some(_) => {}
        }
        rows += 1;
    }
    let Some((_, cols)) = first else {
        return Err(SubarrayError::EmptyInput);
    };
    Matrix::new(rows, cols, values)
}

/// How many tokens a row holds, up to its comment.
fn count_row(text: &[u8]) -> usize {
    let mut count = 0;
    let mut pos = 0;
    while pos < text.len() {
        if is_separator(text[pos]) {
            pos += 1;
        } else if text[pos] == b'#' {
            break;
        } else {
            count += 1;
            pos = token_end(text, pos, text.len());
        }
    }
    count
}
