//! Given-queens files: one square a line, `ROW:COL` or `ROW COL`, with
//! blank lines and `#` comments, read a line at a time in bounded memory.
//! Errors name the line and, for a bad square, the column.
//!
//! # Example
//!
//! ```
//! use puzzles::queens::given_file::read_given;
//!
//! let text = "# three queens\n0:3\n\n  6 4  # spaces work too\n2 : 7\n";
//! assert_eq!(read_given(text.as_bytes())?, vec![(0, 3), (6, 4), (2, 7)]);
//! let err = read_given("0:3\nx:1\n".as_bytes()).unwrap_err();
//! assert_eq!(err.to_string(), "line 2, column 1: expected the row, found 'x'");
//! # Ok::<(), puzzles::queens::given_file::GivenFileError>(())
//! ```

use std::io::{self, BufRead};

use super::MAX_SEARCH_N;
use crate::lines::{Line, content, invalid_utf8_in_start, read_bound, read_line_bounded};

/// The longest line of a given-queens file, in bytes: a square takes a
/// few, so 4 KiB leaves room for any comment, and a file of one huge line
/// costs 4 KiB to refuse.
///
/// # Example
///
/// ```
/// use puzzles::queens::given_file::{MAX_GIVEN_LINE, read_given};
///
/// let long = format!("0:0 #{}", "x".repeat(MAX_GIVEN_LINE));
/// assert!(read_given(long.as_bytes()).is_err());
/// ```
pub const MAX_GIVEN_LINE: usize = 4096;

/// The most squares a given-queens file may name: the squares of the
/// largest board searched.
///
/// # Example
///
/// ```
/// use puzzles::queens::{MAX_SEARCH_N, given_file::MAX_GIVEN_SQUARES};
///
/// assert_eq!(MAX_GIVEN_SQUARES, MAX_SEARCH_N * MAX_SEARCH_N);
/// ```
pub const MAX_GIVEN_SQUARES: usize = MAX_SEARCH_N * MAX_SEARCH_N;

/// Why a given-queens file was refused. Lines are counted from 1, columns
/// in characters from 1.
///
/// # Example
///
/// ```
/// use puzzles::queens::given_file::{GivenFileError, read_given};
///
/// let err = read_given(&b"0:1\n\xff\n"[..]).unwrap_err();
/// assert!(matches!(err, GivenFileError::NotUtf8 { line: 2 }));
/// assert_eq!(err.to_string(), "line 2: not UTF-8 text");
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum GivenFileError {
    /// The reader failed.
    #[error("line {line}: cannot read: {error}")]
    Io {
        /// The line being read.
        line: usize,
        /// The reader's error.
        error: io::Error,
    },
    /// A line longer than [`MAX_GIVEN_LINE`] bytes.
    #[error("line {line}: the line is longer than {MAX_GIVEN_LINE} bytes (one square a line)")]
    TooLong {
        /// The line.
        line: usize,
    },
    /// A line that is not UTF-8.
    #[error("line {line}: not UTF-8 text")]
    NotUtf8 {
        /// The line.
        line: usize,
    },
    /// More than [`MAX_GIVEN_SQUARES`] squares.
    #[error(
        "line {line}: more than {MAX_GIVEN_SQUARES} squares given, more than the largest board \
         ({MAX_SEARCH_N}×{MAX_SEARCH_N}) has"
    )]
    TooMany {
        /// The line of the first square too many.
        line: usize,
    },
    /// A line that is not a square.
    #[error("line {line}, column {column}: {reason}")]
    Square {
        /// The line.
        line: usize,
        /// Where on the line the trouble starts.
        column: usize,
        /// What was expected and what was found.
        reason: String,
    },
}

/// Reads a given-queens file a line at a time, each at most
/// [`MAX_GIVEN_LINE`] bytes, at most [`MAX_GIVEN_SQUARES`] squares, and
/// returns its squares as `(row, column)` in file order. Squares are not
/// checked against a board: [`Board::with_given`](super::Board::with_given)
/// does that.
///
/// # Errors
///
/// The first [`GivenFileError`] met, which names its line.
///
/// # Example
///
/// ```
/// use puzzles::queens::given_file::read_given;
///
/// assert_eq!(read_given("1 2\r\n3:4".as_bytes())?, vec![(1, 2), (3, 4)]);
/// let err = read_given("0 3 4".as_bytes()).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "line 1, column 5: expected the end of the line after the column, found '4'"
/// );
/// # Ok::<(), puzzles::queens::given_file::GivenFileError>(())
/// ```
pub fn read_given(reader: impl BufRead) -> Result<Vec<(usize, usize)>, GivenFileError> {
    let squares = read_given_lines(reader)?;
    Ok(squares.into_iter().map(|(_, square)| square).collect())
}

/// A square of a given-queens file with its line: `(line, (row, column))`,
/// the line counted from 1.
///
/// # Example
///
/// ```
/// use puzzles::queens::given_file::{GivenLine, read_given_lines};
///
/// let first: GivenLine = read_given_lines("\n5 6\n".as_bytes())?[0];
/// assert_eq!(first, (2, (5, 6)));
/// # Ok::<(), puzzles::queens::given_file::GivenFileError>(())
/// ```
pub type GivenLine = (usize, (usize, usize));

/// [`read_given`], each square with its line (from 1), so that a square
/// the board then refuses (off the board, or attacking another) can be
/// named where the file has it.
///
/// # Errors
///
/// As [`read_given`].
///
/// # Example
///
/// ```
/// use puzzles::queens::given_file::read_given_lines;
///
/// let squares = read_given_lines("# two queens\n1 2\n\n3:4\n".as_bytes())?;
/// assert_eq!(squares, vec![(2, (1, 2)), (4, (3, 4))]);
/// # Ok::<(), puzzles::queens::given_file::GivenFileError>(())
/// ```
pub fn read_given_lines(mut reader: impl BufRead) -> Result<Vec<GivenLine>, GivenFileError> {
    let mut squares = Vec::new();
    let mut bytes = Vec::new();
    let mut line = 0;
    loop {
        let read = read_line_bounded(&mut reader, &mut bytes, read_bound(MAX_GIVEN_LINE)).map_err(
            |error| GivenFileError::Io {
                line: line + 1,
                error,
            },
        )?;
        line += 1;
        match read {
            Line::End => break,
            Line::TooLong if invalid_utf8_in_start(&bytes).is_some() => {
                return Err(GivenFileError::NotUtf8 { line });
            }
            Line::TooLong => return Err(GivenFileError::TooLong { line }),
            Line::Read => {}
        }
        // Neither the line break nor a byte-order mark opening the file is
        // part of the line, or of its length.
        let raw = content(&bytes, line == 1);
        if raw.len() > MAX_GIVEN_LINE {
            return Err(GivenFileError::TooLong { line });
        }
        let text = std::str::from_utf8(raw).map_err(|_| GivenFileError::NotUtf8 { line })?;
        let content = text.split('#').next().unwrap_or("");
        if content.trim().is_empty() {
            continue;
        }
        if squares.len() == MAX_GIVEN_SQUARES {
            return Err(GivenFileError::TooMany { line });
        }
        let square = parse_line(content).map_err(|(column, reason)| GivenFileError::Square {
            line,
            column,
            reason,
        })?;
        squares.push((line, square));
    }
    Ok(squares)
}

/// One line's square, or the (1-based) column of the trouble and why.
fn parse_line(line: &str) -> Result<(usize, usize), (usize, String)> {
    let chars: Vec<(usize, char)> = line.char_indices().collect();
    let column_of = |index: usize| line[..index].chars().count() + 1;
    let found = |at: usize| match chars.iter().find(|&&(index, _)| index >= at) {
        Some(&(_, ch)) => format!("{ch:?}"),
        None => "the end of the line".to_string(),
    };
    let mut at = 0;
    let skip_spaces = |at: &mut usize| {
        while let Some(ch) = line[*at..].chars().next().filter(|ch| ch.is_whitespace()) {
            *at += ch.len_utf8();
        }
    };
    let number = |at: &mut usize, what: &str| -> Result<usize, (usize, String)> {
        // A plus sign, as `--given +1:2` takes it (Rust's own number syntax).
        if line[*at..].starts_with('+')
            && line[*at + 1..].starts_with(|ch: char| ch.is_ascii_digit())
        {
            *at += 1;
        }
        let start = *at;
        while line[*at..].starts_with(|ch: char| ch.is_ascii_digit()) {
            *at += 1;
        }
        if start == *at {
            return Err((
                column_of(start),
                format!("expected the {what}, found {}", found(start)),
            ));
        }
        line[start..*at].parse::<usize>().map_err(|_| {
            (
                column_of(start),
                format!("the {what} {} is too large", &line[start..*at]),
            )
        })
    };
    skip_spaces(&mut at);
    let row = number(&mut at, "row")?;
    let before = at;
    skip_spaces(&mut at);
    if line[at..].starts_with(':') {
        at += 1;
        skip_spaces(&mut at);
    } else if at == before {
        return Err((
            column_of(at),
            format!("expected ':' or a space after the row, found {}", found(at)),
        ));
    }
    let col = number(&mut at, "column")?;
    skip_spaces(&mut at);
    if at < line.len() {
        return Err((
            column_of(at),
            format!(
                "expected the end of the line after the column, found {}",
                found(at)
            ),
        ));
    }
    Ok((row, col))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn parse(text: &str) -> Result<Vec<(usize, usize)>, String> {
        read_given(text.as_bytes()).map_err(|err| err.to_string())
    }

    #[test]
    fn given_files_parse_or_say_where() {
        let text = "# three queens\n0:3\n\n  6 4  # spaces work too\n2 : 7\n";
        assert_eq!(parse(text), Ok(vec![(0, 3), (6, 4), (2, 7)]));
        for (text, message) in [
            (
                "0:3\nx:1\n",
                "line 2, column 1: expected the row, found 'x'",
            ),
            (
                "0;3",
                "line 1, column 2: expected ':' or a space after the row, found ';'",
            ),
            (
                "0:",
                "line 1, column 3: expected the column, found the end of the line",
            ),
            (
                "0:3:4",
                "line 1, column 4: expected the end of the line after the column, found ':'",
            ),
            (
                "0 3 4",
                "line 1, column 5: expected the end of the line after the column, found '4'",
            ),
            (
                "99999999999999999999999:1",
                "line 1, column 1: the row 99999999999999999999999 is too large",
            ),
            ("é:1", "line 1, column 1: expected the row, found 'é'"),
        ] {
            assert_eq!(parse(text), Err(message.to_string()), "{text:?}");
        }
    }

    #[test]
    fn a_byte_order_mark_and_plus_signs_read_as_the_command_line_reads_them() {
        assert_eq!(parse("\u{feff}+1:+2\n3 +4\n"), Ok(vec![(1, 2), (3, 4)]));
        assert_eq!(
            parse("1:2\n\u{feff}3:4\n"),
            Err("line 2, column 1: expected the row, found '\\u{feff}'".to_string())
        );
        assert_eq!(
            parse("+:1"),
            Err("line 1, column 1: expected the row, found '+'".to_string())
        );
        assert_eq!(
            parse("1:++2"),
            Err("line 1, column 3: expected the column, found '+'".to_string())
        );
    }

    #[test]
    fn long_lines_and_too_many_squares_are_refused_by_line() {
        // The bound is on the line before its break, whichever break.
        // Nor is a byte-order mark opening the file part of its length.
        let padded = format!("1:2{}", " ".repeat(MAX_GIVEN_LINE - 3));
        for mark in ["", "\u{feff}"] {
            for line_break in ["\n", "\r\n", ""] {
                let fits = format!("{mark}{padded}{line_break}");
                assert_eq!(parse(&fits), Ok(vec![(1, 2)]));
                assert!(parse(&format!("{mark}{padded} {line_break}")).is_err());
            }
        }
        let long = format!("0:0\n{}\n", "1".repeat(MAX_GIVEN_LINE + 1));
        assert_eq!(
            parse(&long),
            Err(format!(
                "line 2: the line is longer than {MAX_GIVEN_LINE} bytes (one square a line)"
            ))
        );
        // A binary file, whose first line break comes late, is not text;
        // a long line of text cut inside a character is only too long.
        let mut program = b"\x7fELF\x02\x01\x01\0\xff".to_vec();
        program.resize(2 * MAX_GIVEN_LINE, 7);
        assert!(matches!(
            read_given(&program[..]),
            Err(GivenFileError::NotUtf8 { line: 1 })
        ));
        let text = "é".repeat(MAX_GIVEN_LINE);
        assert!(matches!(
            read_given(text.as_bytes()),
            Err(GivenFileError::TooLong { line: 1 })
        ));
        let many = "0:0\n".repeat(MAX_GIVEN_SQUARES + 1);
        assert!(matches!(
            read_given(many.as_bytes()),
            Err(GivenFileError::TooMany { line }) if line == MAX_GIVEN_SQUARES + 1
        ));
    }

    proptest! {
        #[test]
        fn the_given_file_parser_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
            let text = String::from_utf8_lossy(&bytes);
            match parse(&text) {
                Ok(squares) => prop_assert!(squares.len() <= text.lines().count()),
                Err(message) => prop_assert!(message.starts_with("line ")),
            }
        }

        /// Raw bytes (invalid UTF-8, `\r`, `#`, digits, long runs), read
        /// through a small buffer: a list of squares or an error naming a
        /// line, never a panic.
        #[test]
        fn any_bytes_read_to_squares_or_a_line_error(
            bytes in proptest::collection::vec(
                prop_oneof![
                    Just(b'\n'), Just(b'\r'), Just(b'#'), Just(b':'), Just(b' '),
                    b'0'..=b'9', any::<u8>(),
                ],
                0..300,
            ),
            capacity in 1usize..16,
        ) {
            let reader = std::io::BufReader::with_capacity(capacity, &bytes[..]);
            match read_given(reader) {
                Ok(squares) => {
                    let lines = bytes.split(|&b| b == b'\n').count();
                    prop_assert!(squares.len() <= lines);
                }
                Err(err) => {
                    let from_the_reader = matches!(err, GivenFileError::Io { .. });
                    prop_assert!(!from_the_reader, "{err}");
                    prop_assert!(err.to_string().starts_with("line "));
                }
            }
        }

        #[test]
        fn written_squares_read_back(squares in proptest::collection::vec((0usize..100, 0usize..100), 0..20)) {
            let text: String = squares.iter().map(|(r, c)| format!("{r}:{c}\n")).collect();
            prop_assert_eq!(parse(&text), Ok(squares));
        }
    }
}
