//! Numbers written as text fast: what lets a construction print hundreds of
//! millions of columns a second.

use std::io;

/// A fresh output block.
pub(super) fn block_buffer() -> Vec<u8> {
    vec![0; BLOCK + ENTRY]
}

/// The widest column: `u64::MAX` has 20 digits.
const DIGITS: usize = 20;
/// Room for the digits of a number's hundreds, copied in one go.
const SLOT: usize = 32;
/// Output is gathered into blocks this large before each write.
const BLOCK: usize = 1 << 20;
/// The most bytes one number and its separator take, with slack for the
/// wide copies.
const ENTRY: usize = SLOT + 8;

/// Writes runs of numbers as text fast. A number is its hundreds (the
/// decimal digits of `value / 100`) followed by two digits from a table, and
/// within a run the hundreds change only every few numbers — by one, so
/// their digits are updated in place rather than converted afresh. Each
/// number then costs two stores.
pub(super) struct DecimalWriter<S> {
    /// Takes a full block and its length, gives back a block to fill.
    sink: S,
    buffer: Vec<u8>,
    len: usize,
    /// The hundreds, right-aligned in `hundreds[..DIGITS]` with `'0'` before
    /// them; `start` is their first digit.
    hundreds: [u8; DIGITS + SLOT],
    start: usize,
    /// The two last digits of each value `0..100` followed by the separator.
    tails: [[u8; 4]; 100],
    separator: Vec<u8>,
    wrote_any: bool,
}

impl<S: FnMut(Vec<u8>, usize) -> io::Result<Vec<u8>>> DecimalWriter<S> {
    pub(super) fn new(sink: S, separator: &[u8]) -> DecimalWriter<S> {
        assert!(separator.len() <= 2, "separators are at most two bytes");
        let mut tails = [[0u8; 4]; 100];
        for (value, tail) in tails.iter_mut().enumerate() {
            tail[0] = b'0' + (value / 10) as u8;
            tail[1] = b'0' + (value % 10) as u8;
            tail[2..2 + separator.len()].copy_from_slice(separator);
        }
        DecimalWriter {
            sink,
            buffer: block_buffer(),
            len: 0,
            hundreds: [b'0'; DIGITS + SLOT],
            start: DIGITS,
            tails,
            separator: separator.to_vec(),
            wrote_any: false,
        }
    }

    fn flush_block(&mut self) -> io::Result<()> {
        let block = std::mem::take(&mut self.buffer);
        self.buffer = (self.sink)(block, self.len)?;
        self.len = 0;
        Ok(())
    }

    /// Makes room for `bytes` more bytes (at most a block).
    fn reserve(&mut self, bytes: usize) -> io::Result<()> {
        if self.len + bytes > BLOCK {
            self.flush_block()?;
        }
        Ok(())
    }

    pub(super) fn push_bytes(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.reserve(bytes.len())?;
        self.buffer[self.len..self.len + bytes.len()].copy_from_slice(bytes);
        self.len += bytes.len();
        Ok(())
    }

    /// One number the plain way, for the few below 100.
    fn push_number(&mut self, value: u64) -> io::Result<()> {
        let text = value.to_string();
        self.push_bytes(text.as_bytes())?;
        let separator = std::mem::take(&mut self.separator);
        let pushed = self.push_bytes(&separator);
        self.separator = separator;
        pushed
    }

    fn set_hundreds(&mut self, mut value: u64) {
        self.hundreds[..DIGITS].fill(b'0');
        let mut at = DIGITS;
        while value > 0 {
            at -= 1;
            self.hundreds[at] = b'0' + (value % 10) as u8;
            value /= 10;
        }
        self.start = at;
    }

    fn increment_hundreds(&mut self) {
        let mut at = DIGITS - 1;
        while self.hundreds[at] == b'9' {
            self.hundreds[at] = b'0';
            at -= 1;
        }
        self.hundreds[at] += 1;
        self.start = self.start.min(at);
    }

    /// Writes the run of `len` numbers from `first` up by `step` (a digit,
    /// unless the run has one number).
    pub(super) fn run(&mut self, first: u64, step: u64, len: u64) -> io::Result<()> {
        assert!((1..=9).contains(&step) || len == 1, "runs step by a digit");
        self.wrote_any = true;
        let mut value = first;
        let mut left = len;
        while left > 0 && value < 100 {
            self.push_number(value)?;
            value += step;
            left -= 1;
        }
        if left == 0 {
            return Ok(());
        }
        self.set_hundreds(value / 100);
        let mut tail = (value % 100) as usize;
        let step = step as usize;
        loop {
            // The numbers left in this hundred.
            let count = (((99 - tail) / step + 1) as u64).min(left) as usize;
            self.reserve(count * ENTRY)?;
            let hundreds: [u8; SLOT] = self.hundreds[self.start..self.start + SLOT]
                .try_into()
                .expect("SLOT bytes");
            let width = DIGITS - self.start;
            let advance = width + 2 + self.separator.len();
            let mut at = self.len;
            let end = at + count * advance;
            let buffer = &mut self.buffer[..end + ENTRY];
            while at < end {
                buffer[at..at + SLOT].copy_from_slice(&hundreds);
                buffer[at + width..at + width + 4].copy_from_slice(&self.tails[tail]);
                at += advance;
                tail += step;
            }
            self.len = end;
            left -= count as u64;
            if left == 0 {
                return Ok(());
            }
            tail -= 100;
            self.increment_hundreds();
        }
    }

    pub(super) fn finish(mut self, closing: &[u8]) -> io::Result<()> {
        if self.wrote_any {
            // Every number was followed by a separator; the last one is not.
            self.len -= self.separator.len();
        }
        self.push_bytes(closing)?;
        self.flush_block()
    }
}
