//! Checking a claimed N-Queens solution of any size, streamed from a reader.
//!
//! # The input
//!
//! A placement is the list of columns, row 0 first (0-based), written as
//! decimal numbers. The numbers are separated by whitespace or by a comma
//! (with any whitespace around it), and the whole list may stand between
//! `[` and `]`. So the array format that `puzzles queens N --first --format
//! array` writes (`[1, 3, 0, 2]`), a comma-separated line (`1,3,0,2`) and one
//! column per line are all accepted. `n` is the number of columns given.
//!
//! The input is *malformed* ([`VerifyError`]) when it is not such a list: a
//! character that is not a digit, a separator or a bracket where it stands,
//! two commas in a row or a comma at either end, an unclosed `[`, a number
//! that does not fit in 64 bits, no number at all, or a column that is off
//! the board (`≥ n`). Otherwise it is a placement of `n` queens, one per
//! row, and the verdict is [`Verdict::Valid`] or [`Verdict::Attack`]; a
//! column used twice is an attack along that column, as on a real board.
//!
//! # The check
//!
//! One pass, in O(n) time: a bit per column and a bit per diagonal in each
//! direction says whether a queen already stands there. The first row whose
//! queen finds its column or a diagonal taken is the second queen of the
//! reported pair; the first is the earliest row that attacks it.
//!
//! [`verify_seekable`] (a file) needs only those O(n) bits, about five a row:
//! the file's length bounds `n` up front, and the earlier queen of an
//! attacking pair is found by reading the file again up to the second one.
//! A large file is parsed on one thread while a second one checks. [`verify`]
//! takes any reader (a pipe) and, since it cannot read twice, keeps the
//! columns as it goes (4 bytes a row) and checks them at the end.
//!
//! The parser reads eight digits at a time: a word of input tells where its
//! leading digits end with a few arithmetic operations, and three
//! multiplications turn them into a number; anything unusual goes to a
//! byte-by-byte path that also names errors.
//!
//! # Example
//!
//! ```
//! use puzzles::queens::verify::{Verdict, verify};
//! use puzzles::trace::ConflictKind;
//!
//! assert_eq!(verify(&b"[1, 3, 0, 2]\n"[..])?, Verdict::Valid { n: 4 });
//! assert_eq!(
//!     verify(&b"0 2 4 1 3 5"[..])?,
//!     Verdict::Attack { n: 6, first: (0, 0), second: (5, 5), kind: ConflictKind::Diagonal }
//! );
//! assert_eq!(
//!     verify(&b"[1, 3, x]"[..]).unwrap_err().to_string(),
//!     "line 1, column 8: expected a column number after ',', found 'x'"
//! );
//! # Ok::<(), puzzles::queens::verify::VerifyError>(())
//! ```

use std::io::{self, Read, Seek, SeekFrom};

use crate::text::{eight_digits, first_digits, leading_digits};
use crate::trace::ConflictKind;

/// What a well-formed placement turned out to be.
///
/// # Example
///
/// ```
/// use puzzles::queens::verify::{Verdict, verify};
/// use puzzles::trace::ConflictKind;
///
/// let verdict = verify(&b"0, 0"[..])?;
/// assert_eq!(
///     verdict,
///     Verdict::Attack { n: 2, first: (0, 0), second: (1, 0), kind: ConflictKind::Column }
/// );
/// # Ok::<(), puzzles::queens::verify::VerifyError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// No two of the `n` queens attack each other.
    Valid {
        /// The board size: the number of columns given.
        n: u64,
    },
    /// Two queens attack each other: `second` is the first row whose queen
    /// is attacked by an earlier one, `first` the earliest row attacking it.
    Attack {
        /// The board size.
        n: u64,
        /// The earlier queen, `(row, col)`.
        first: (u64, u64),
        /// The later queen, `(row, col)`.
        second: (u64, u64),
        /// Whether they share a column or a diagonal.
        kind: ConflictKind,
    },
}

/// Why an input is not a placement at all.
///
/// Lines and columns count from 1; a column counts bytes, which are
/// characters up to any error (only ASCII is ever valid).
///
/// # Example
///
/// ```
/// use puzzles::queens::verify::{VerifyError, verify};
///
/// let error = verify(&b"[0, 5]"[..]).unwrap_err();
/// assert!(matches!(error, VerifyError::OffBoard { line: 1, column: 5, value: 5, n: 2 }));
/// assert_eq!(
///     error.to_string(),
///     "line 1, column 5: column 5 is off the board: 2 rows, so the columns are 0 to 1"
/// );
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum VerifyError {
    /// Something other than a list of numbers.
    #[error("line {line}, column {column}: {message}")]
    Syntax {
        /// The line of the offending character.
        line: u64,
        /// Its column.
        column: u64,
        /// What was expected and what was found.
        message: String,
    },
    /// A column outside `0..n`; the largest one given is reported.
    #[error(
        "line {line}, column {column}: column {value} is off the board: \
         {n} rows, so the columns are 0 to {}",
        n - 1
    )]
    OffBoard {
        /// The line of the column.
        line: u64,
        /// Where it starts on its line.
        column: u64,
        /// The column given.
        value: u64,
        /// The number of rows, `n`.
        n: u64,
    },
    /// No number at all.
    #[error("no columns found: a placement needs at least one")]
    Empty,
    /// A pipe with more rows than [`verify`] keeps.
    #[error("more than {max} rows from a stream; give a file instead")]
    TooManyRows {
        /// The most rows [`verify`] takes.
        max: u64,
    },
    /// Reading failed.
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// Where a number starts.
#[derive(Clone, Copy, Debug, Default)]
struct Position {
    line: u64,
    column: u64,
}

/// What a full scan learned besides the numbers themselves.
#[derive(Clone, Copy, Debug)]
struct Scan {
    count: u64,
    /// The largest number and where it first appears.
    largest: Option<(u64, Position)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Nothing but whitespace so far.
    Start,
    /// After the opening `[`, before any number.
    Open,
    /// After a number (and possibly whitespace).
    Number,
    /// After a comma.
    Comma,
    /// After the closing `]`.
    Closed,
}

const CHUNK: usize = 1 << 20;

/// How a byte that cannot stand where it does is named in a message.
fn describe(bytes: &[u8]) -> String {
    let first = bytes[0];
    if first.is_ascii_graphic() {
        return format!("'{}'", first as char);
    }
    let width = match first {
        0xc0..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf7 => 4,
        _ => 1,
    };
    let character = bytes
        .get(..width)
        .and_then(|bytes| std::str::from_utf8(bytes).ok())
        .and_then(|text| text.chars().next())
        .filter(|ch| !ch.is_control() && !ch.is_whitespace());
    match character {
        Some(ch) => format!("'{ch}'"),
        None => format!("the byte 0x{first:02x}"),
    }
}

/// Reads the list, handing the numbers in batches to `on_batch` with the row
/// of the first; it returns `false` to stop early. Syntax errors stop the
/// scan.
fn scan<R: Read, F: FnMut(u64, &[u64]) -> bool>(
    mut reader: R,
    on_batch: F,
) -> Result<Scan, VerifyError> {
    let mut buffer = vec![0u8; CHUNK];
    let mut scanner = Scanner::new(on_batch);
    loop {
        let len = match reader.read(&mut buffer) {
            Ok(0) => break,
            Ok(len) => len,
            Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
            Err(err) => return Err(err.into()),
        };
        scanner.chunk(&buffer[..len])?;
        if scanner.stopped {
            return Ok(scanner.summary());
        }
    }
    scanner.finish()
}

/// How many numbers the scanner gathers before handing them on.
const BATCH: usize = 4096;

/// The tokenizer's state between chunks.
struct Scanner<F> {
    on_batch: F,
    /// Numbers read but not yet handed on: `batch[..filled]`.
    batch: Box<[u64; BATCH]>,
    filled: usize,
    state: State,
    opened: bool,
    stopped: bool,
    count: u64,
    /// The largest number so far and where it first appears (where a
    /// largest 0 stands is never needed).
    largest: u64,
    largest_at: Position,
    line: u64,
    /// Absolute offsets: of the current line's first byte, and of the chunk.
    line_start: u64,
    base: u64,
    /// A number being read byte by byte, perhaps cut by the end of a chunk.
    in_number: bool,
    value: u64,
    number_start: u64,
    overflow: bool,
}

const POWERS_OF_TEN: [u64; 9] = [
    1,
    10,
    100,
    1_000,
    10_000,
    100_000,
    1_000_000,
    10_000_000,
    100_000_000,
];

/// The fast path reads ahead this far: two words of digits and a separator.
const LOOKAHEAD: usize = 24;

impl<F: FnMut(u64, &[u64]) -> bool> Scanner<F> {
    fn new(on_batch: F) -> Scanner<F> {
        Scanner {
            on_batch,
            batch: Box::new([0; BATCH]),
            filled: 0,
            state: State::Start,
            opened: false,
            stopped: false,
            count: 0,
            largest: 0,
            largest_at: Position::default(),
            line: 1,
            line_start: 0,
            base: 0,
            in_number: false,
            value: 0,
            number_start: 0,
            overflow: false,
        }
    }

    fn syntax(&self, at: u64, message: String) -> VerifyError {
        VerifyError::Syntax {
            line: self.line,
            column: at - self.line_start + 1,
            message,
        }
    }

    /// A complete number starting at absolute offset `start`.
    fn number(&mut self, value: u64, start: u64) {
        if value > self.largest {
            self.largest = value;
            self.largest_at = Position {
                line: self.line,
                column: start - self.line_start + 1,
            };
        }
        self.count += 1;
        self.batch[self.filled] = value;
        self.filled += 1;
        if self.filled == BATCH {
            self.flush();
        }
    }

    /// Hands the gathered numbers on.
    fn flush(&mut self) {
        if self.filled > 0 && !self.stopped {
            let first_row = self.count - self.filled as u64;
            if !(self.on_batch)(first_row, &self.batch[..self.filled]) {
                self.stopped = true;
            }
        }
        self.filled = 0;
    }

    /// Reads numbers in the usual layout — digits, then `", "`, `','`,
    /// `' '` or a newline — eight digits at a time, from `bytes[i..]` while
    /// the chunk has room to read ahead and the batch has room. Returns
    /// where it stopped; anything unusual is left to the careful path.
    ///
    /// The state lives in locals here so that it stays in registers.
    #[inline(never)]
    fn fast(&mut self, bytes: &[u8], mut i: usize) -> usize {
        let len = bytes.len();
        let base = self.base;
        let batch = &mut *self.batch;
        let mut filled = self.filled;
        let mut count = self.count;
        let mut largest = self.largest;
        let mut largest_at = self.largest_at;
        let mut line = self.line;
        let mut line_start = self.line_start;
        let mut state = self.state;
        while i + LOOKAHEAD <= len && filled < BATCH {
            let word = u64::from_le_bytes(bytes[i..i + 8].try_into().expect("8 bytes"));
            let mut digits = leading_digits(word);
            if digits == 0 {
                break;
            }
            let value = if digits < 8 {
                first_digits(word, digits)
            } else if !bytes[i + 8].is_ascii_digit() {
                eight_digits(word)
            } else {
                let next = u64::from_le_bytes(bytes[i + 8..i + 16].try_into().expect("8 bytes"));
                let more = leading_digits(next);
                if more == 8 {
                    // Sixteen digits or more: the careful path.
                    break;
                }
                digits += more;
                let high = eight_digits(word);
                if more == 0 {
                    high
                } else {
                    high * POWERS_OF_TEN[more] + first_digits(next, more)
                }
            };
            // The first number needs no special case: a largest column of 0
            // is never off the board, so where it stands never matters.
            if value > largest {
                largest = value;
                largest_at = Position {
                    line,
                    column: base + i as u64 - line_start + 1,
                };
            }
            count += 1;
            batch[filled] = value;
            filled += 1;
            i += digits;
            state = State::Number;
            match bytes[i] {
                b',' => {
                    state = State::Comma;
                    i += if bytes[i + 1] == b' ' { 2 } else { 1 };
                }
                b' ' => i += 1,
                b'\n' => {
                    i += 1;
                    line += 1;
                    line_start = base + i as u64;
                }
                _ => break,
            }
        }
        self.filled = filled;
        self.count = count;
        self.largest = largest;
        self.largest_at = largest_at;
        self.line = line;
        self.line_start = line_start;
        self.state = state;
        i
    }

    /// Reads digits one by one from `bytes[i..]` into the current number,
    /// checking for overflow; returns where they end.
    fn slow_digits(&mut self, bytes: &[u8], mut i: usize) -> usize {
        while i < bytes.len() {
            let digit = bytes[i].wrapping_sub(b'0');
            if digit > 9 {
                break;
            }
            match self
                .value
                .checked_mul(10)
                .and_then(|value| value.checked_add(u64::from(digit)))
            {
                Some(value) => self.value = value,
                None => self.overflow = true,
            }
            i += 1;
        }
        i
    }

    /// Ends the number being read one digit at a time.
    fn end_slow_number(&mut self) -> Result<(), VerifyError> {
        self.in_number = false;
        if self.overflow {
            return Err(self.syntax(
                self.number_start,
                format!("this number is too large (at most {})", u64::MAX),
            ));
        }
        self.state = State::Number;
        self.number(self.value, self.number_start);
        Ok(())
    }

    fn chunk(&mut self, bytes: &[u8]) -> Result<(), VerifyError> {
        let len = bytes.len();
        let mut i = 0;
        if self.in_number {
            i = self.slow_digits(bytes, 0);
            if i == len {
                self.base += len as u64;
                return Ok(());
            }
            self.end_slow_number()?;
        }
        while i < len && !self.stopped {
            if self.state != State::Closed {
                i = self.fast(bytes, i);
                if self.filled == BATCH {
                    self.flush();
                    continue;
                }
            }
            if i >= len || self.stopped {
                break;
            }
            let byte = bytes[i];
            let at = self.base + i as u64;
            if byte.is_ascii_digit() {
                if self.state == State::Closed {
                    return Err(self.syntax(
                        at,
                        format!(
                            "expected nothing after ']', found {}",
                            describe(&bytes[i..])
                        ),
                    ));
                }
                self.in_number = true;
                self.value = 0;
                self.overflow = false;
                self.number_start = at;
                i = self.slow_digits(bytes, i);
                if i == len {
                    break;
                }
                self.end_slow_number()?;
                continue;
            }
            let unexpected = |expected: &str| {
                self.syntax(
                    at,
                    format!("expected {expected}, found {}", describe(&bytes[i..])),
                )
            };
            match byte {
                b' ' | b'\t' | b'\r' => {}
                b'\n' => {
                    self.line += 1;
                    self.line_start = at + 1;
                }
                b',' => match self.state {
                    State::Number => self.state = State::Comma,
                    State::Start => return Err(unexpected("'[' or a column number")),
                    State::Open => return Err(unexpected("a column number or ']'")),
                    State::Comma => return Err(unexpected("a column number after ','")),
                    State::Closed => return Err(unexpected("nothing after ']'")),
                },
                b'[' if self.state == State::Start => {
                    self.state = State::Open;
                    self.opened = true;
                }
                b']' if self.opened && matches!(self.state, State::Open | State::Number) => {
                    self.state = State::Closed;
                }
                b']' if !self.opened && self.state != State::Closed => {
                    return Err(self.syntax(at, "found ']' without an opening '['".to_string()));
                }
                _ => {
                    return Err(unexpected(match self.state {
                        State::Start => "'[' or a column number",
                        State::Open => "a column number or ']'",
                        State::Number if self.opened => "',', a column number or ']'",
                        State::Number => "',' or a column number",
                        State::Comma => "a column number after ','",
                        State::Closed => "nothing after ']'",
                    }));
                }
            }
            i += 1;
        }
        self.base += len as u64;
        Ok(())
    }

    fn finish(mut self) -> Result<Scan, VerifyError> {
        if self.in_number {
            self.end_slow_number()?;
        }
        self.flush();
        let at_end = |message: &str| self.syntax(self.base, message.to_string());
        match self.state {
            State::Comma => Err(at_end(
                "expected a column number after ',', found the end of the input",
            )),
            State::Open | State::Number if self.opened => Err(at_end(
                "expected ']' to close the list, found the end of the input",
            )),
            _ if self.count == 0 => Err(VerifyError::Empty),
            _ => Ok(self.summary()),
        }
    }

    fn summary(&self) -> Scan {
        Scan {
            count: self.count,
            largest: (self.count > 0).then_some((self.largest, self.largest_at)),
        }
    }
}

/// The range check, once `n` is known.
fn check_range(scan: &Scan) -> Result<u64, VerifyError> {
    let n = scan.count;
    match scan.largest {
        None => Err(VerifyError::Empty),
        Some((value, position)) if value >= n => Err(VerifyError::OffBoard {
            line: position.line,
            column: position.column,
            value,
            n,
        }),
        Some(_) => Ok(n),
    }
}

/// A bit per index, grown on demand (never past what the input allows).
#[derive(Default)]
struct Bits {
    words: Vec<u64>,
}

impl Bits {
    /// Makes room for bits `0..=index`.
    fn fit(&mut self, index: u64) {
        let word = (index >> 6) as usize;
        if word >= self.words.len() {
            let len = (word + 1).max(self.words.len() * 2).max(1024);
            self.words.resize(len, 0);
        }
    }
}

/// A bitset with its most recent word held in a register: consecutive
/// queens mostly touch the same word, and going through memory for each
/// would chain every update to the store before it.
struct Cursor<'a> {
    words: &'a mut [u64],
    index: usize,
    word: u64,
}

impl<'a> Cursor<'a> {
    fn new(words: &'a mut [u64]) -> Cursor<'a> {
        let word = words[0];
        Cursor {
            words,
            index: 0,
            word,
        }
    }

    /// Sets bit `bit` and says whether it was set already.
    #[inline(always)]
    fn test_and_set(&mut self, bit: u64) -> bool {
        let index = (bit >> 6) as usize;
        if index != self.index {
            self.words[self.index] = self.word;
            self.index = index;
            self.word = self.words[index];
        }
        let mask = 1u64 << (bit & 63);
        let old = self.word & mask != 0;
        self.word |= mask;
        old
    }
}

impl Drop for Cursor<'_> {
    fn drop(&mut self) {
        self.words[self.index] = self.word;
    }
}

/// Bits for the indices `low..low + 64 * words.len()` of a signed range,
/// grown at either end on demand.
#[derive(Default)]
struct Window {
    /// The index of the first word (a multiple of 64, divided by 64).
    low: i64,
    words: Vec<u64>,
}

impl Window {
    /// Makes room for bits `from..=to` (word indices, `from ≤ to`).
    fn fit(&mut self, from: i64, to: i64) {
        let high = self.low + self.words.len() as i64;
        if self.words.is_empty() {
            let len = (to - from + 1).max(1024);
            self.low = from;
            self.words = vec![0; len as usize];
            return;
        }
        if to >= high {
            let len = (to - self.low + 1).max(2 * self.words.len() as i64);
            self.words.resize(len as usize, 0);
        }
        if from < self.low {
            let grow = (self.low - from).max(self.words.len() as i64);
            let mut words = vec![0; grow as usize + self.words.len()];
            words[grow as usize..].copy_from_slice(&self.words);
            self.words = words;
            self.low -= grow;
        }
    }
}

/// Columns and both diagonals taken so far.
#[derive(Default)]
struct Lines {
    cols: Bits,
    /// `row + col`.
    sums: Bits,
    /// `row − col`, which may be negative.
    differences: Window,
}

impl Lines {
    /// Puts queens on `(first_row + k, cols[k])` in turn, skipping columns
    /// from `bound` on, and returns the first one an earlier queen attacks.
    fn first_attacked(&mut self, first_row: u64, cols: &[u64], bound: u64) -> Option<(u64, u64)> {
        let widest = cols.iter().copied().filter(|&col| col < bound).max()?;
        let last_row = first_row + cols.len() as u64 - 1;
        // Grow once for the whole batch; the loop then works on plain slices.
        // Rows and columns below `bound` fit in an i64: the input is that long.
        self.cols.fit(widest);
        self.sums.fit(last_row + widest);
        self.differences.fit(
            (first_row as i64 - widest as i64) >> 6,
            last_row as i64 >> 6,
        );
        // Shifted so that the window's first bit is bit 0.
        let offset = (self.differences.low * 64) as u64;
        let mut columns = Cursor::new(&mut self.cols.words);
        let mut sums = Cursor::new(&mut self.sums.words);
        let mut differences = Cursor::new(&mut self.differences.words);
        for (row, &col) in (first_row..).zip(cols) {
            if col >= bound {
                continue;
            }
            let column = columns.test_and_set(col);
            let sum = sums.test_and_set(row + col);
            let difference = differences.test_and_set(row.wrapping_sub(col).wrapping_sub(offset));
            if column | sum | difference {
                return Some((row, col));
            }
        }
        None
    }
}

/// How two queens in different rows attack each other, if they do.
fn attack(first: (u64, u64), second: (u64, u64)) -> Option<ConflictKind> {
    if first.1 == second.1 {
        Some(ConflictKind::Column)
    } else if first.0.abs_diff(second.0) == first.1.abs_diff(second.1) {
        Some(ConflictKind::Diagonal)
    } else {
        None
    }
}

/// Verifies a placement read from any reader, a pipe included.
///
/// Since the input can be read only once, the columns are kept as they come
/// (4 bytes a row) to name the earlier queen of an attacking pair; a file is
/// better checked with [`verify_seekable`], which needs only O(n) bits.
///
/// # Errors
///
/// [`VerifyError`] when the input is not a list of columns `0..n` (see the
/// [module docs](self)), or reading fails.
///
/// # Example
///
/// ```
/// use puzzles::queens::verify::{Verdict, verify};
///
/// let column_per_line = "1\n3\n0\n2\n";
/// assert_eq!(verify(column_per_line.as_bytes())?, Verdict::Valid { n: 4 });
/// # Ok::<(), puzzles::queens::verify::VerifyError>(())
/// ```
pub fn verify<R: Read>(input: R) -> Result<Verdict, VerifyError> {
    let max_rows = u64::from(u32::MAX);
    let mut cols: Vec<u32> = Vec::new();
    let mut too_many = false;
    let summary = scan(input, |_, values| {
        if cols.len() as u64 + values.len() as u64 > max_rows {
            too_many = true;
            return false;
        }
        // A column that does not fit is off the board anyway: n ≤ u32::MAX.
        cols.extend(
            values
                .iter()
                .map(|&value| u32::try_from(value).unwrap_or(u32::MAX)),
        );
        true
    })?;
    if too_many {
        return Err(VerifyError::TooManyRows { max: max_rows });
    }
    let n = check_range(&summary)?;
    let mut lines = Lines::default();
    let mut batch = Vec::with_capacity(BATCH);
    let mut attacked = None;
    for (index, chunk) in cols.chunks(BATCH).enumerate() {
        batch.clear();
        batch.extend(chunk.iter().map(|&col| u64::from(col)));
        attacked = lines.first_attacked((index * BATCH) as u64, &batch, n);
        if attacked.is_some() {
            break;
        }
    }
    let Some(second) = attacked else {
        return Ok(Verdict::Valid { n });
    };
    let (first, kind) = cols[..second.0 as usize]
        .iter()
        .enumerate()
        .find_map(|(row, &col)| {
            let first = (row as u64, u64::from(col));
            attack(first, second).map(|kind| (first, kind))
        })
        .expect("an attacked queen has an attacker");
    Ok(Verdict::Attack {
        n,
        first,
        second,
        kind,
    })
}

/// Inputs from this many bytes on are parsed and checked on two threads.
const PARALLEL_FROM: u64 = 1 << 22;

/// How many columns the parser hands the checker at a time.
const HAND_OVER: usize = 1 << 16;

/// Parses on this thread while another one checks, passing batches of
/// columns between them; returns the scan and the first attacked queen.
fn scan_and_check_in_parallel<R: Read>(
    input: R,
    bound: u64,
) -> Result<(Scan, Option<(u64, u64)>), VerifyError> {
    use std::sync::mpsc;
    std::thread::scope(|scope| {
        let (full, to_check) = mpsc::sync_channel::<(u64, Vec<u64>)>(4);
        let (give_back, empty) = mpsc::channel::<Vec<u64>>();
        let checker = scope.spawn(move || {
            let mut lines = Lines::default();
            let mut attacked = None;
            for (first_row, cols) in to_check {
                if attacked.is_none() {
                    attacked = lines.first_attacked(first_row, &cols, bound);
                }
                // The parser may have stopped listening; nothing is lost.
                let _ = give_back.send(cols);
            }
            attacked
        });
        // Columns are passed on in large batches: each hand-over wakes the
        // other thread, which costs more than a few thousand rows.
        let fresh = || Vec::with_capacity(HAND_OVER);
        let mut pending = fresh();
        let mut pending_row = 0;
        let summary = scan(input, |first_row, cols| {
            if pending.is_empty() {
                pending_row = first_row;
            }
            pending.extend_from_slice(cols);
            if pending.len() < HAND_OVER {
                return true;
            }
            let next = empty.try_recv().unwrap_or_else(|_| fresh());
            let batch = std::mem::replace(&mut pending, next);
            pending.clear();
            full.send((pending_row, batch)).is_ok()
        });
        if !pending.is_empty() {
            // The checker only stops listening once the scan is over.
            let _ = full.send((pending_row, pending));
        }
        drop(full);
        let attacked = checker.join().expect("the checker does not panic");
        Ok((summary?, attacked))
    })
}

/// Verifies a placement read from a file (or anything seekable) in O(n)
/// time and O(n) bits, reading it a second time only to name the earlier
/// queen of an attacking pair.
///
/// The input is read from its current position to its end.
///
/// # Errors
///
/// [`VerifyError`] when the input is not a list of columns `0..n` (see the
/// [module docs](self)), or reading or seeking fails.
///
/// # Example
///
/// ```
/// use std::io::Cursor;
/// use puzzles::queens::verify::{Verdict, verify_seekable};
///
/// let file = Cursor::new(b"[0, 4, 7, 5, 2, 6, 1, 3]\n".to_vec());
/// assert_eq!(verify_seekable(file)?, Verdict::Valid { n: 8 });
/// # Ok::<(), puzzles::queens::verify::VerifyError>(())
/// ```
pub fn verify_seekable<R: Read + Seek>(mut input: R) -> Result<Verdict, VerifyError> {
    let start = input.stream_position()?;
    let end = input.seek(SeekFrom::End(0))?;
    input.seek(SeekFrom::Start(start))?;
    // Every number takes a digit and all but the last a separator after it,
    // so a column from here on is off the board whatever n turns out to be;
    // the range check reports it.
    let most_rows = end.saturating_sub(start).div_ceil(2);
    let two_threads = end - start >= PARALLEL_FROM
        && std::thread::available_parallelism().is_ok_and(|cores| cores.get() > 1);
    let (summary, attacked) = if !two_threads {
        let mut lines = Lines::default();
        let mut attacked = None;
        let summary = scan(&mut input, |first_row, cols| {
            if attacked.is_none() {
                attacked = lines.first_attacked(first_row, cols, most_rows);
            }
            true
        })?;
        (summary, attacked)
    } else {
        scan_and_check_in_parallel(&mut input, most_rows)?
    };
    let n = check_range(&summary)?;
    let Some(second) = attacked else {
        return Ok(Verdict::Valid { n });
    };
    input.seek(SeekFrom::Start(start))?;
    let mut found = None;
    scan(&mut input, |first_row, cols| {
        for (row, &col) in (first_row..second.0).zip(cols) {
            found = attack((row, col), second).map(|kind| ((row, col), kind));
            if found.is_some() {
                return false;
            }
        }
        first_row + (cols.len() as u64) < second.0
    })?;
    let (first, kind) = found.expect("an attacked queen has an attacker");
    Ok(Verdict::Attack {
        n,
        first,
        second,
        kind,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    fn both(text: &str) -> Result<Verdict, String> {
        let piped = verify(text.as_bytes()).map_err(|err| err.to_string());
        let seeked =
            verify_seekable(Cursor::new(text.as_bytes().to_vec())).map_err(|err| err.to_string());
        assert_eq!(piped, seeked, "both readers agree on {text:?}");
        piped
    }

    #[test]
    fn accepts_every_documented_shape() {
        for text in [
            "[1, 3, 0, 2]\n",
            "[1,3,0,2]",
            "1,3,0,2",
            "1 3 0 2",
            "1\n3\n0\n2\n",
            "  [ 1 ,3 , 0\n,2 ]  \n",
            "\r\n1\r\n3\r\n0\r\n2\r\n",
            "[1 3 0 2]",
        ] {
            assert_eq!(both(text), Ok(Verdict::Valid { n: 4 }), "{text:?}");
        }
    }

    #[test]
    fn names_the_first_attacked_queen_and_its_earliest_attacker() {
        // Row 3 is attacked by rows 0 (diagonal) and 1 (column): row 0 first.
        assert_eq!(
            both("0 3 5 3 1 4"),
            Ok(Verdict::Attack {
                n: 6,
                first: (0, 0),
                second: (3, 3),
                kind: ConflictKind::Diagonal
            })
        );
        assert_eq!(
            both("[2, 0, 2]"),
            Ok(Verdict::Attack {
                n: 3,
                first: (0, 2),
                second: (2, 2),
                kind: ConflictKind::Column
            })
        );
        // Anti-diagonal, with the column greater than the row.
        assert_eq!(
            both("3 0 1 2"),
            Ok(Verdict::Attack {
                n: 4,
                first: (0, 3),
                second: (2, 1),
                kind: ConflictKind::Diagonal
            })
        );
    }

    #[test]
    fn malformed_input_says_where() {
        let cases = [
            ("", "no columns found: a placement needs at least one"),
            ("[]", "no columns found: a placement needs at least one"),
            (" \n ", "no columns found: a placement needs at least one"),
            (
                "1, 2,, 3",
                "line 1, column 6: expected a column number after ',', found ','",
            ),
            (
                "[1, 2,]",
                "line 1, column 7: expected a column number after ',', found ']'",
            ),
            (
                "1, 2,",
                "line 1, column 6: expected a column number after ',', found the end of the input",
            ),
            (
                "[0, 1",
                "line 1, column 6: expected ']' to close the list, found the end of the input",
            ),
            ("0 1]", "line 1, column 4: found ']' without an opening '['"),
            (
                "[0] 1",
                "line 1, column 5: expected nothing after ']', found '1'",
            ),
            (
                "[0]]",
                "line 1, column 4: expected nothing after ']', found ']'",
            ),
            (
                "[[0]",
                "line 1, column 2: expected a column number or ']', found '['",
            ),
            (
                "0\n1\n-2\n",
                "line 3, column 1: expected ',' or a column number, found '-'",
            ),
            (
                "[0, 1x]",
                "line 1, column 6: expected ',', a column number or ']', found 'x'",
            ),
            (
                "1.5",
                "line 1, column 2: expected ',' or a column number, found '.'",
            ),
            (
                "0 é",
                "line 1, column 3: expected ',' or a column number, found 'é'",
            ),
            (
                "0 \u{1}",
                "line 1, column 3: expected ',' or a column number, found the byte 0x01",
            ),
            (
                ", 0",
                "line 1, column 1: expected '[' or a column number, found ','",
            ),
            (
                "0 1 99999999999999999999",
                "line 1, column 5: this number is too large (at most 18446744073709551615)",
            ),
            (
                "[0, 18446744073709551615]",
                "line 1, column 5: column 18446744073709551615 is off the board: 2 rows, so the columns are 0 to 1",
            ),
            (
                "4 0 9 2 9",
                "line 1, column 5: column 9 is off the board: 5 rows, so the columns are 0 to 4",
            ),
        ];
        for (text, message) in cases {
            assert_eq!(both(text), Err(message.to_string()), "{text:?}");
        }
    }

    #[test]
    fn numbers_and_lines_cross_chunk_boundaries() {
        let n = 400_000u64;
        let construction = crate::queens::construct::Construction::queens(n).unwrap();
        let mut text = String::new();
        for col in construction.columns() {
            text.push_str(&format!("{col}\n"));
        }
        assert_eq!(both(&text), Ok(Verdict::Valid { n }));
        text.push_str("zz");
        assert_eq!(
            both(&text).unwrap_err(),
            format!(
                "line {}, column 1: expected ',' or a column number, found 'z'",
                n + 1
            )
        );
        // 2r + 1 mod n repeats itself halfway down: the first clash is a
        // column, far apart.
        let text: String = (0..n)
            .map(|row| format!("{}, ", (2 * row + 1) % n))
            .collect();
        assert_eq!(
            both(text.trim_end_matches(", ")),
            Ok(Verdict::Attack {
                n,
                first: (0, 1),
                second: (n / 2, 1),
                kind: ConflictKind::Column
            })
        );
    }

    #[test]
    fn a_single_queen_is_valid() {
        assert_eq!(both("0"), Ok(Verdict::Valid { n: 1 }));
        assert_eq!(both("[0]\n"), Ok(Verdict::Valid { n: 1 }));
        assert!(both("1").is_err());
    }
}
