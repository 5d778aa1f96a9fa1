//! The tokenizer: a reader, a fixed buffer with room for the vector
//! loads past its data, and the bookkeeping that places an error (line,
//! column, the token's text) without counting lines as it goes.

use std::io::Read;

use super::error::{MAX_TOKEN, Position, SyntaxError, SyntaxErrorKind, excerpt_text};
use super::token::{Batch, Parse, Stop, is_separator, token_end};
use crate::cpu::Isa;
use crate::subarray::SubarrayError;

/// Bytes read at a time: a token that fills the whole buffer is too long.
const BUFFER: usize = MAX_TOKEN + 1;
/// Room after the data for a sentinel, eight-byte loads and two 64-byte
/// blocks.
const PADDING: usize = 192;

/// The tokenizer: a reader, a fixed buffer, and what it needs to know to
/// place an error (offsets and line counts of the bytes already retired).
pub(crate) struct Tokenizer<R> {
    reader: R,
    buf: Vec<u8>,
    /// Bytes of the buffer that hold data.
    filled: usize,
    /// The reader has no more data.
    eof: bool,
    /// Absolute offset of `buf[0]`.
    offset: u64,
    /// Newlines before `buf[0]`.
    lines_before: u64,
    /// Absolute offset of the start of the line `buf[0]` is on.
    line_start: u64,
    /// Inside a comment that continues past the buffered data.
    in_comment: bool,
    /// The next read is the first.
    at_start: bool,
    /// The instruction sets the token loop may use.
    isa: Isa,
}

impl<R: Read> Tokenizer<R> {
    pub(crate) fn new(reader: R) -> Tokenizer<R> {
        Tokenizer {
            reader,
            buf: vec![0; BUFFER + PADDING],
            filled: 0,
            eof: false,
            offset: 0,
            lines_before: 0,
            line_start: 0,
            in_comment: false,
            at_start: true,
            isa: Isa::Avx512,
        }
    }

    /// The same tokenizer limited to some instruction sets, so that tests
    /// cover every token loop on any machine.
    #[cfg(test)]
    pub(crate) fn isa(mut self, isa: Isa) -> Tokenizer<R> {
        self.isa = isa;
        self
    }

    /// The same tokenizer with a buffer of `capacity` bytes (so tokens of
    /// `capacity` bytes or more are too long), for tests of what happens at
    /// the buffer's edges.
    #[cfg(test)]
    pub(crate) fn with_capacity(mut self, capacity: usize) -> Tokenizer<R> {
        self.buf = vec![0; capacity + PADDING];
        self
    }

    /// A tokenizer for input that starts in the middle of a file, at a line
    /// start: no byte-order mark to skip there.
    pub(crate) fn mid_file(mut self) -> Tokenizer<R> {
        self.at_start = false;
        self
    }

    /// Parses every number, handing them to `sink` in blocks of up to
    /// [`BATCH`]. Returns how many there were.
    pub(crate) fn run<T: Parse, F: FnMut(&[T])>(
        mut self,
        mut sink: F,
    ) -> Result<u64, SubarrayError> {
        let mut batch = Batch::<T>::new();
        let mut count = 0_u64;
        let mut counted = |values: &[T]| {
            count += values.len() as u64;
            sink(values);
        };
        let mut pos = 0;
        loop {
            self.retire(pos);
            pos = 0;
            self.fill()?;
            if self.in_comment {
                match memchr_newline(&self.buf[..self.filled]) {
                    Some(newline) => {
                        self.in_comment = false;
                        pos = newline + 1;
                    }
                    None if self.eof => break,
                    None => {
                        pos = self.filled;
                        continue;
                    }
                }
            }
            // Parse up to the last separator: every token before it is whole.
            let end = if self.eof {
                self.buf[self.filled] = b'\n';
                self.filled + 1
            } else {
                match self.buf[pos..self.filled]
                    .iter()
                    .rposition(|&b| is_separator(b))
                {
                    Some(last) => pos + last + 1,
                    None if self.buf[pos] == b'#' => {
                        // A comment without a separator in the whole buffer.
                        self.in_comment = true;
                        pos = self.filled;
                        continue;
                    }
                    // The buffer was full: retire what is done and read on.
                    None if pos > 0 => continue,
                    None => {
                        let token = &self.buf[..self.filled];
                        return Err(self.error(0, token, SyntaxErrorKind::TooLong));
                    }
                }
            };
            // Comments may run past `end`, up to the data's end.
            let data_end = end.max(self.filled);
            loop {
                match T::parse_window(&self.buf, pos, end, &mut batch, &mut counted, self.isa) {
                    Ok(stop) => {
                        pos = stop;
                        break;
                    }
                    Err(Stop::Comment(at)) => match memchr_newline(&self.buf[at..data_end]) {
                        Some(newline) => pos = at + newline + 1,
                        None => {
                            self.in_comment = true;
                            pos = data_end;
                            break;
                        }
                    },
                    Err(Stop::Bad(at, kind)) => {
                        let token_end = token_end(&self.buf, at, end.min(self.filled));
                        let token = &self.buf[at..token_end];
                        return Err(self.error(at, token, kind));
                    }
                }
            }
            if self.eof {
                break;
            }
        }
        batch.flush(&mut counted);
        Ok(count)
    }

    /// Drops `buf[..pos]`, keeping count of its lines, and moves the rest to
    /// the front.
    fn retire(&mut self, pos: usize) {
        let pos = pos.min(self.filled);
        if pos == 0 {
            return;
        }
        let retired = &self.buf[..pos];
        let newlines = count_newlines(retired);
        if newlines > 0 {
            self.lines_before += newlines;
            let last = retired
                .iter()
                .rposition(|&b| b == b'\n')
                .expect("a newline");
            self.line_start = self.offset + last as u64 + 1;
        }
        self.offset += pos as u64;
        self.buf.copy_within(pos..self.filled, 0);
        self.filled -= pos;
    }

    /// Reads until the buffer is full or the reader is done.
    fn fill(&mut self) -> Result<(), SubarrayError> {
        let capacity = self.buf.len() - PADDING;
        while self.filled < capacity && !self.eof {
            match self.reader.read(&mut self.buf[self.filled..capacity]) {
                Ok(0) => self.eof = true,
                Ok(n) => self.filled += n,
                Err(err) if err.kind() == std::io::ErrorKind::Interrupted => {}
                Err(err) => return Err(SubarrayError::Io(err)),
            }
        }
        if self.at_start && (self.filled >= 3 || self.eof) {
            self.at_start = false;
            if self.buf[..self.filled].starts_with(b"\xEF\xBB\xBF") {
                // A byte-order mark is not part of line 1's columns.
                self.offset += 3;
                self.line_start = 3;
                self.buf.copy_within(3..self.filled, 0);
                self.filled -= 3;
            }
        }
        // Reads of eight bytes from the last token's start may look past the
        // data: make what they see deterministic.
        self.buf[self.filled..].fill(0);
        Ok(())
    }

    /// The error for a bad token at `buf[at]`.
    fn error(&self, at: usize, token: &[u8], kind: SyntaxErrorKind) -> SubarrayError {
        let before = &self.buf[..at];
        let line = self.lines_before + count_newlines(before) + 1;
        let line_start = match before.iter().rposition(|&b| b == b'\n') {
            Some(newline) => self.offset + newline as u64 + 1,
            None => self.line_start,
        };
        let column = self.offset + at as u64 - line_start + 1;
        SyntaxError {
            position: Position { line, column },
            text: excerpt_text(token),
            kind,
        }
        .into()
    }
}

fn memchr_newline(bytes: &[u8]) -> Option<usize> {
    bytes.iter().position(|&b| b == b'\n')
}

/// Newlines in `bytes`, counted in a way the compiler vectorises.
fn count_newlines(bytes: &[u8]) -> u64 {
    bytes
        .chunks(255)
        .map(|chunk| chunk.iter().map(|&b| u8::from(b == b'\n')).sum::<u8>() as u64)
        .sum()
}
