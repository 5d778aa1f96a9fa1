//! Reading the text format of exact cover problems (described in the
//! [module docs](super#the-text-format)).

use std::fmt;
use std::io::{BufRead, BufReader, Read};
use std::str::FromStr;

use super::error::ExactCoverError;
use super::problem::Problem;
use crate::lines::{Line, content, read_bound, read_line_bounded};
use crate::text::Position;

/// The longest line the reader accepts, in bytes before its line break
/// (`\n` or `\r\n`): the items line of a
/// 25×25 Sudoku is about 20 KB, so 1 MiB leaves room for much bigger
/// problems while one huge line (or one huge name) costs 1 MiB to refuse,
/// not its size.
///
/// # Example
///
/// ```
/// use puzzles::exact_cover::{MAX_LINE, ParseErrorKind, Problem};
///
/// let long = format!("a b\n{}\n", "a".repeat(MAX_LINE + 1));
/// let err = Problem::read(long.as_bytes()).unwrap_err();
/// assert_eq!((err.line, err.kind), (2, ParseErrorKind::LineTooLong));
/// ```
pub const MAX_LINE: usize = 1 << 20;

/// A problem file that could not be read, with the 1-based line and column
/// (in characters) of the trouble.
///
/// # Example
///
/// ```
/// use puzzles::exact_cover::Problem;
///
/// let err = Problem::parse("a b\na c\n").unwrap_err();
/// assert_eq!((err.line, err.column), (2, 3));
/// assert_eq!(err.to_string(), "line 2, column 3: unknown item \"c\"");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ParseError {
    /// The line, from 1.
    pub line: usize,
    /// The column in characters, from 1.
    pub column: usize,
    /// What is wrong there.
    pub kind: ParseErrorKind,
}

/// What is wrong in a problem file.
///
/// # Example
///
/// ```
/// use puzzles::exact_cover::{ExactCoverError, ParseErrorKind, Problem};
///
/// let err = Problem::parse("# nothing here\n").unwrap_err();
/// assert_eq!(err.kind, ParseErrorKind::MissingItems);
/// let err = Problem::parse("a b\na c\n").unwrap_err();
/// assert_eq!(err.kind, ParseErrorKind::Invalid(ExactCoverError::UnknownItem("c".into())));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// Only blank lines and comments: no items line.
    #[error("no items line (the first line that is not blank or a comment lists the items)")]
    MissingItems,
    /// A second `|` on the items line.
    #[error("a second '|' on the items line (one '|' separates primary from secondary items)")]
    SecondBar,
    /// A `|` on an option line.
    #[error("'|' belongs on the items line only, not in an option")]
    BarInOption,
    /// Bytes that are not UTF-8.
    #[error("the text is not valid UTF-8")]
    NotUtf8,
    /// The reader failed.
    #[error("cannot read the problem: {0}")]
    Io(String),
    /// A line longer than [`MAX_LINE`] bytes before its line break.
    #[error("the line is longer than {MAX_LINE} bytes (1 MiB), the most a problem line may hold")]
    LineTooLong,
    /// The items or an option break a rule of [`Problem`]: the
    /// [`ExactCoverError`] says which.
    #[error(transparent)]
    Invalid(#[from] ExactCoverError),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = Position::at(self.line, self.column);
        write!(f, "{at}: {}", self.kind)
    }
}

// No `source`: the message already says what `kind` would.
impl std::error::Error for ParseError {}

impl Problem {
    /// Reads a problem in the [text format](crate::exact_cover#the-text-format).
    ///
    /// # Errors
    ///
    /// A [`ParseError`] with the line and column of the first mistake:
    /// a missing items line, a misplaced `|`, an unknown or repeated item,
    /// a name declared twice.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::exact_cover::Problem;
    ///
    /// let problem = Problem::parse("x y | z   # two primary items, one secondary\nx z\ny\n")?;
    /// assert_eq!((problem.primary_count(), problem.secondary_count()), (2, 1));
    /// assert_eq!(problem.count(), 1);
    /// # Ok::<(), puzzles::exact_cover::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Problem, ParseError> {
        parse_lines(text.as_bytes())
    }

    /// Reads a problem in the text format from `reader` (see
    /// [`Problem::parse`]).
    ///
    /// # Errors
    ///
    /// As [`Problem::parse`], plus [`ParseErrorKind::NotUtf8`] for bytes that
    /// are not UTF-8, [`ParseErrorKind::LineTooLong`] for a line over
    /// [`MAX_LINE`] bytes (read no further) and [`ParseErrorKind::Io`] when
    /// the reader fails. The input is read a line at a time.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::exact_cover::Problem;
    ///
    /// let problem = Problem::read(&b"a b\na\nb\n"[..])?;
    /// assert_eq!(problem.count(), 1);
    /// assert!(Problem::read(&b"a\n\xff\n"[..]).is_err());
    /// # Ok::<(), puzzles::exact_cover::ParseError>(())
    /// ```
    pub fn read<R: Read>(reader: R) -> Result<Problem, ParseError> {
        parse_lines(BufReader::new(reader))
    }
}

impl FromStr for Problem {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Problem, ParseError> {
        Problem::parse(text)
    }
}

/// One word of a line: its text and 1-based column.
struct Word<'a> {
    text: &'a str,
    column: usize,
}

/// Splits a line (comments removed) into words; `|` is always a word of its
/// own.
fn words(line: &str) -> Vec<Word<'_>> {
    let mut words = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    for (column, (offset, ch)) in line.char_indices().enumerate() {
        let column = column + 1;
        let breaks = ch.is_whitespace() || ch == '|';
        if breaks {
            if let Some((begin, begin_column)) = start.take() {
                words.push(Word {
                    text: &line[begin..offset],
                    column: begin_column,
                });
            }
            if ch == '|' {
                words.push(Word { text: "|", column });
            }
        } else if start.is_none() {
            start = Some((offset, column));
        }
    }
    if let Some((begin, column)) = start {
        words.push(Word {
            text: &line[begin..],
            column,
        });
    }
    words
}

fn parse_lines(mut reader: impl BufRead) -> Result<Problem, ParseError> {
    let mut problem: Option<Problem> = None;
    let mut line_number = 0;
    let mut option = Vec::new();
    // `seen[item]` holds the last line whose option named the item.
    let mut seen: Vec<usize> = Vec::new();
    let mut bytes = Vec::new();
    // Whether the last line read ended in a newline: then the end of the
    // input is on the line after it.
    let mut ended_line = true;
    loop {
        let read =
            read_line_bounded(&mut reader, &mut bytes, read_bound(MAX_LINE)).map_err(|err| {
                ParseError {
                    line: line_number + 1,
                    column: 1,
                    kind: ParseErrorKind::Io(err.to_string()),
                }
            })?;
        if read == Line::End {
            break;
        }
        line_number += 1;
        if read == Line::TooLong {
            return Err(ParseError {
                line: line_number,
                column: 1,
                kind: ParseErrorKind::LineTooLong,
            });
        }
        let raw = match bytes.strip_suffix(b"\n") {
            Some(raw) => raw,
            None => {
                ended_line = false;
                &bytes[..]
            }
        };
        // The bound is on the line without its break (`\n` or `\r\n`) or
        // a byte-order mark opening the file.
        if content(raw, line_number == 1).len() > MAX_LINE {
            return Err(ParseError {
                line: line_number,
                column: 1,
                kind: ParseErrorKind::LineTooLong,
            });
        }
        // A byte-order mark is no part of line 1's first item or columns.
        let raw = crate::lines::without_mark(raw, line_number == 1);
        let line = std::str::from_utf8(raw).map_err(|err| ParseError {
            line: line_number,
            column: String::from_utf8_lossy(&raw[..err.valid_up_to()])
                .chars()
                .count()
                + 1,
            kind: ParseErrorKind::NotUtf8,
        })?;
        let line = match line.find('#') {
            Some(comment) => &line[..comment],
            None => line,
        };
        let words = words(line);
        let Some(first) = words.first() else {
            continue;
        };
        let at = |column: usize, kind: ParseErrorKind| ParseError {
            line: line_number,
            column,
            kind,
        };
        match &mut problem {
            None => {
                let mut primary = Vec::new();
                let mut secondary = Vec::new();
                let mut bar = false;
                for word in &words {
                    if word.text == "|" {
                        if bar {
                            return Err(at(word.column, ParseErrorKind::SecondBar));
                        }
                        bar = true;
                    } else if bar {
                        secondary.push(word);
                    } else {
                        primary.push(word);
                    }
                }
                let mut items = Problem::empty();
                for (word, is_primary) in primary
                    .iter()
                    .map(|w| (w, true))
                    .chain(secondary.iter().map(|w| (w, false)))
                {
                    items
                        .declare(word.text.to_string(), is_primary)
                        .map_err(|err| at(word.column, err.into()))?;
                }
                problem = Some(items);
            }
            Some(problem) => {
                option.clear();
                for word in &words {
                    if word.text == "|" {
                        return Err(at(word.column, ParseErrorKind::BarInOption));
                    }
                    let item = problem.item_index(word.text).ok_or_else(|| {
                        at(
                            word.column,
                            ExactCoverError::UnknownItem(word.text.to_string()).into(),
                        )
                    })?;
                    if seen.len() < problem.item_count() {
                        seen.resize(problem.item_count(), 0);
                    }
                    if seen[item] == line_number {
                        return Err(at(
                            word.column,
                            ExactCoverError::RepeatedItem(format!("{:?}", word.text)).into(),
                        ));
                    }
                    seen[item] = line_number;
                    option.push(item);
                }
                problem
                    .add_option(option.iter().copied())
                    .map_err(|err| at(first.column, err.into()))?;
            }
        }
    }
    problem.ok_or(ParseError {
        line: line_number + usize::from(ended_line),
        column: 1,
        kind: ParseErrorKind::MissingItems,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 13 (numbers in BENCHMARKS.md, exact cover): a huge token was
    /// held whole before it was refused; a line past the bound is now
    /// refused after reading about the bound.
    #[test]
    fn a_line_past_the_bound_is_refused_without_reading_on() {
        struct Endless(usize);
        impl Read for Endless {
            fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
                self.0 += buf.len();
                assert!(self.0 < 4 * MAX_LINE, "read far past the bound");
                buf.fill(b'x');
                Ok(buf.len())
            }
        }
        let err = Problem::read(b"a b\na\n".chain(Endless(0))).unwrap_err();
        assert_eq!((err.line, err.column), (3, 1));
        assert_eq!(err.kind, ParseErrorKind::LineTooLong);
        let fits = format!("{} b\n", "a".repeat(MAX_LINE - 2));
        assert!(Problem::read(fits.as_bytes()).is_ok());
        // The bound is on the line before its break: a `\r\n` ending did
        // not fit where a `\n` did.
        let crlf = format!("{} b\r\nb\r\n", "a".repeat(MAX_LINE - 2));
        assert!(Problem::read(crlf.as_bytes()).is_ok());
        for over in [
            format!("{} b\n", "a".repeat(MAX_LINE - 1)),
            format!("{} b\r\n", "a".repeat(MAX_LINE - 1)),
            format!("{} b", "a".repeat(MAX_LINE - 1)),
            format!("{} b\r", "a".repeat(MAX_LINE - 1)),
        ] {
            let err = Problem::read(over.as_bytes()).unwrap_err();
            assert_eq!((err.line, err.kind), (1, ParseErrorKind::LineTooLong));
        }
        // Nor is a byte-order mark opening the file part of its length.
        let marked = format!("\u{feff}{} b\r\nb\r\n", "a".repeat(MAX_LINE - 2));
        assert!(Problem::read(marked.as_bytes()).is_ok());
        let marked_over = format!("\u{feff}{} b\r\nb\r\n", "a".repeat(MAX_LINE - 1));
        assert!(Problem::read(marked_over.as_bytes()).is_err());
    }

    #[test]
    fn the_end_is_on_the_line_after_a_final_newline() {
        assert_eq!(Problem::parse("").unwrap_err().line, 1);
        assert_eq!(Problem::parse("# x").unwrap_err().line, 1);
        assert_eq!(Problem::parse("# x\n").unwrap_err().line, 2);
    }
}
