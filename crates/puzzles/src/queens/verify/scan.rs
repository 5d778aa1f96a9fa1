//! Reading the list of columns: a tokenizer that takes eight digits at a
//! time where the layout is the usual one, and a byte-by-byte path that
//! names every error with its line and column.

use std::io::{self, Read};

use super::report::VerifyError;
use crate::text::{Position, eight_digits, first_digits, leading_digits};

/// What a full scan learned besides the numbers themselves.
#[derive(Clone, Copy, Debug)]
pub(super) struct Scan {
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

/// UTF-8's byte-order mark.
const BOM: &[u8] = "\u{feff}".as_bytes();

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
pub(super) fn scan<R: Read, F: FnMut(u64, &[u64]) -> bool>(
    mut reader: R,
    on_batch: F,
) -> Result<Scan, VerifyError> {
    let mut buffer = vec![0u8; CHUNK];
    let mut scanner = Scanner::new(on_batch);
    // A byte-order mark, as some editors write, is not part of the list:
    // skipped, and columns on line 1 counted after it.
    let mut filled = 0;
    while filled < BOM.len() {
        match reader.read(&mut buffer[filled..]) {
            Ok(0) => break,
            Ok(len) => filled += len,
            Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
            Err(err) => return Err(err.into()),
        }
    }
    let mut first = &buffer[..filled];
    if let Some(rest) = first.strip_prefix(BOM) {
        scanner.base = BOM.len() as u64;
        scanner.line_start = scanner.base;
        first = rest;
    }
    if !first.is_empty() {
        scanner.chunk(first)?;
        if scanner.stopped {
            return Ok(scanner.summary());
        }
    }
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
pub(super) const BATCH: usize = 4096;

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
            largest_at: Position { line: 1, column: 1 },
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
        // A number past 64 bits is an error as soon as it is seen: its
        // digits may never end (an endless stream of them).
        if self.in_number {
            i = self.slow_digits(bytes, 0);
            if i == len && !self.overflow {
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
                if i == len && !self.overflow {
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
pub(super) fn check_range(scan: &Scan) -> Result<u64, VerifyError> {
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
