//! A matrix: one row per line, every row the same length, read in
//! bounded memory beside its numbers.

use std::io::{BufRead, BufReader, ErrorKind, Read};

use super::MAX_KEPT_VALUES;
use super::error::{MAX_TOKEN, Position, SyntaxError, SyntaxErrorKind, excerpt_text};
use super::token::{Parse, is_separator};
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
    read_matrix_up_to(reader, MAX_KEPT_VALUES)
}

/// [`read_matrix`] with another bound on the numbers kept than
/// [`MAX_KEPT_VALUES`].
///
/// # Errors
///
/// As [`read_matrix`], and [`SubarrayError::TooManyValues`] at the first
/// number past `max`.
///
/// # Example
///
/// ```
/// use puzzles::subarray::{SubarrayError, parse::read_matrix_up_to};
///
/// assert!(read_matrix_up_to::<i64, _>("1 2\n3 4\n".as_bytes(), 4).is_ok());
/// let err = read_matrix_up_to::<i64, _>("1 2\n3 4\n5 6\n".as_bytes(), 4).unwrap_err();
/// assert!(matches!(err, SubarrayError::TooManyValues { max: 4 }));
/// ```
pub fn read_matrix_up_to<T: Parse, R: Read>(
    reader: R,
    max: usize,
) -> Result<Matrix<T>, SubarrayError> {
    let mut reader = BufReader::new(reader);
    let mut rows = Rows::<T> {
        max,
        ..Rows::default()
    };
    let mut head = Vec::with_capacity(BOM.len());
    reader
        .by_ref()
        .take(BOM.len() as u64)
        .read_to_end(&mut head)?;
    // A byte-order mark is not part of line 1's columns.
    for &byte in head.strip_prefix(BOM).unwrap_or(&head) {
        rows.byte(byte)?;
    }
    loop {
        let buf = match reader.fill_buf() {
            Ok(buf) => buf,
            Err(err) if err.kind() == ErrorKind::Interrupted => continue,
            Err(err) => return Err(err.into()),
        };
        if buf.is_empty() {
            break;
        }
        for &byte in buf {
            rows.byte(byte)?;
        }
        let len = buf.len();
        reader.consume(len);
    }
    rows.finish()
}

/// A UTF-8 byte-order mark.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The matrix read so far, fed a byte at a time so that no line is ever
/// held whole: a token is kept up to [`MAX_TOKEN`] bytes, and what is
/// passed over (separators, comments, the rest of a row that is too long)
/// only counted.
struct Rows<T> {
    values: Vec<T>,
    /// The most values kept.
    max: usize,
    /// The line and column (1-based) of the byte last fed.
    line: u64,
    column: u64,
    /// The token being read and the column it began at.
    token: Vec<u8>,
    token_column: Option<u64>,
    in_comment: bool,
    /// The byte last fed was a carriage return, which ended its line: a
    /// line feed after it ends no other.
    after_cr: bool,
    /// Numbers on this line so far, and the column just past the last.
    found: usize,
    last_token_end: u64,
    /// The line and length of the first row.
    first: Option<(u64, usize)>,
    rows: usize,
    /// This row has more numbers than the first: the column of the first
    /// one too many. The rest of the line is only counted.
    too_many_at: Option<u64>,
}

impl<T> Default for Rows<T> {
    fn default() -> Rows<T> {
        Rows {
            values: Vec::new(),
            max: MAX_KEPT_VALUES,
            line: 1,
            column: 0,
            token: Vec::new(),
            token_column: None,
            in_comment: false,
            after_cr: false,
            found: 0,
            last_token_end: 0,
            first: None,
            rows: 0,
            too_many_at: None,
        }
    }
}

impl<T: Parse> Rows<T> {
    fn byte(&mut self, byte: u8) -> Result<(), SubarrayError> {
        if std::mem::take(&mut self.after_cr) && byte == b'\n' {
            return Ok(());
        }
        self.column += 1;
        // Lines end with `\n`, `\r\n` or a lone `\r` (old Mac files, whose
        // rows were read as one).
        if byte == b'\n' || byte == b'\r' {
            self.after_cr = byte == b'\r';
            self.end_token(self.column)?;
            self.end_line()?;
            self.line += 1;
            self.column = 0;
            self.in_comment = false;
            return Ok(());
        }
        if self.in_comment {
            return Ok(());
        }
        if is_separator(byte) {
            return self.end_token(self.column);
        }
        if self.token_column.is_none() {
            if byte == b'#' {
                self.in_comment = true;
                return Ok(());
            }
            self.token_column = Some(self.column);
            self.token.clear();
        }
        if self.too_many_at.is_none() {
            if self.token.len() == MAX_TOKEN {
                return Err(self.syntax_error(SyntaxErrorKind::TooLong));
            }
            self.token.push(byte);
        }
        Ok(())
    }

    /// Ends the token at hand, if any, before the byte at `column`.
    fn end_token(&mut self, column: u64) -> Result<(), SubarrayError> {
        let Some(token_column) = self.token_column else {
            return Ok(());
        };
        self.token_column = None;
        if self.too_many_at.is_some() {
            self.found += 1;
            return Ok(());
        }
        let value = T::parse_token(&self.token).map_err(|kind| {
            self.token_column = Some(token_column);
            self.syntax_error(kind)
        })?;
        if self.first.is_some_and(|(_, cols)| cols == self.found) {
            self.too_many_at = Some(token_column);
        } else if self.values.len() == self.max {
            return Err(SubarrayError::TooManyValues { max: self.max });
        } else {
            self.values.push(value);
            self.last_token_end = column;
        }
        self.found += 1;
        Ok(())
    }

    fn syntax_error(&self, kind: SyntaxErrorKind) -> SubarrayError {
        SyntaxError {
            position: Position {
                line: self.line,
                column: self.token_column.expect("a token"),
            },
            text: excerpt_text(&self.token),
            kind,
        }
        .into()
    }

    fn end_line(&mut self) -> Result<(), SubarrayError> {
        let found = std::mem::take(&mut self.found);
        if found == 0 {
            return Ok(());
        }
        let ragged = |column| {
            let (first_line, expected) = self.first.expect("a first row");
            SubarrayError::RaggedRow {
                line: self.line,
                column,
                found,
                expected,
                first_line,
            }
        };
        if let Some(column) = self.too_many_at {
            return Err(ragged(column));
        }
        match self.first {
            None => self.first = Some((self.line, found)),
            // Too few: point just past the last number.
            Some((_, expected)) if found != expected => return Err(ragged(self.last_token_end)),
            Some(_) => {}
        }
        self.rows += 1;
        Ok(())
    }

    fn finish(mut self) -> Result<Matrix<T>, SubarrayError> {
        self.end_token(self.column + 1)?;
        self.end_line()?;
        let Some((_, cols)) = self.first else {
            return Err(SubarrayError::EmptyInput);
        };
        Matrix::new(self.rows, cols, self.values)
    }
}
