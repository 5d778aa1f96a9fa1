//! Reading numbers from text: a streaming tokenizer that parses a reader in
//! one pass with a fixed-size buffer, and reports a bad token with its line,
//! column and text.
//!
//! # Format
//!
//! Numbers are separated by any ASCII whitespace or commas (runs of them
//! count as one separator). A `#` where a number could start begins a
//! comment that runs to the end of the line. A UTF-8 byte-order mark at the
//! start is skipped. Integers are an optional `+` or `-` and decimal digits,
//! within the range of `i64`. Decimals (`f64`) are what Rust's `f64` parser
//! accepts (`1.5`, `-.25`, `6.02e23`), except NaN and infinities, and except
//! numbers too large for `f64` (`1e999`).
//!
//! A matrix ([`read_matrix`]) has one row per line; lines holding only
//! separators or a comment are skipped.
//!
//! # Speed
//!
//! Integers are parsed eight digits at a time (SWAR: a 64-bit load, a mask of
//! the non-digit bytes, three multiplications), with no branch that depends
//! on the length of a number, into a block of 4096 values handed to the
//! caller. Lines are counted only when a buffer is retired (a vectorised
//! count of newlines) or when an error needs its position.

use std::fmt;
use std::io::{BufRead, BufReader, Read};

use serde::{Deserialize, Serialize};

use super::{Element, Matrix, SubarrayError};
use crate::cpu::Isa;

/// Where a token starts: 1-based line and column (columns count bytes; every
/// byte before a bad token on its line is ASCII, so they are characters too).
///
/// # Example
///
/// ```
/// use puzzles::subarray::Position;
///
/// assert_eq!(Position { line: 3, column: 7 }.to_string(), "line 3, column 7");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Position {
    /// The line, from 1.
    pub line: u64,
    /// The column, from 1.
    pub column: u64,
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// Why a token is not a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub enum SyntaxErrorKind {
    /// Not an integer (nor a decimal number).
    NotInteger,
    /// A decimal number where an integer was expected.
    Decimal,
    /// Not a number at all (reading decimals).
    NotNumber,
    /// Digits beyond the range of `i64`.
    IntegerOutOfRange,
    /// A decimal beyond the range of `f64`.
    FloatOutOfRange,
    /// NaN or an infinity.
    NotFinite,
    /// A token longer than any number can be ([`MAX_TOKEN`] bytes).
    TooLong,
}

/// The longest token the tokenizer accepts, in bytes. It bounds the memory a
/// scan needs, whatever the input.
pub const MAX_TOKEN: usize = 1 << 18;

/// A token that is not a number, with where it is and what it says (the
/// first 40 characters of it).
///
/// # Example
///
/// ```
/// use puzzles::subarray::parse::parse_values;
///
/// let err = parse_values::<i64>("1 2\n3 x4 5").unwrap_err();
/// assert_eq!(err.to_string(), "line 2, column 3: `x4` is not an integer");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error, Serialize, Deserialize)]
#[error("{position}: {}", describe(*.kind, text))]
pub struct SyntaxError {
    /// Where the token starts.
    pub position: Position,
    /// The token (at most 40 characters; longer ones end with `…`).
    pub text: String,
    /// What is wrong with it.
    pub kind: SyntaxErrorKind,
}

fn describe(kind: SyntaxErrorKind, text: &str) -> String {
    match kind {
        SyntaxErrorKind::NotInteger => format!("`{text}` is not an integer"),
        SyntaxErrorKind::Decimal => {
            format!("`{text}` is not an integer (it is a decimal number)")
        }
        SyntaxErrorKind::NotNumber => format!("`{text}` is not a number"),
        SyntaxErrorKind::IntegerOutOfRange => {
            format!("`{text}` is out of range for a 64-bit integer")
        }
        SyntaxErrorKind::FloatOutOfRange => {
            format!("`{text}` is out of range for a 64-bit float")
        }
        SyntaxErrorKind::NotFinite => {
            format!("`{text}` is not a finite number (NaN and infinities are refused)")
        }
        SyntaxErrorKind::TooLong => {
            format!("`{text}` is too long for a number (more than {MAX_TOKEN} bytes)")
        }
    }
}

/// The printable start of a token.
fn excerpt_text(token: &[u8]) -> String {
    const SHOWN: usize = 40;
    let text = String::from_utf8_lossy(token);
    let mut chars = text.chars();
    let mut shown: String = chars.by_ref().take(SHOWN).collect();
    if chars.next().is_some() {
        shown.push('…');
    }
    // Control characters would garble the message: show them escaped.
    shown
        .chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// Whether `byte` separates numbers: ASCII whitespace or a comma.
#[inline(always)]
fn is_separator(byte: u8) -> bool {
    // One bit per separator below 64: tab, newline, vertical tab, form
    // feed, carriage return, space, comma. A shift, not a table load.
    const SEPARATORS: u64 = (0x1F << 9) | (1 << b' ') | (1 << b',');
    byte < 64 && (SEPARATORS >> byte) & 1 == 1
}

/// Values handed to the caller at a time.
pub const BATCH: usize = 4096;

/// Where the token loop stopped short of the end of its window.
#[doc(hidden)]
#[derive(Debug)]
pub enum Stop {
    /// A `#` at this index: a comment to skip.
    Comment(usize),
    /// A bad token at this index.
    Bad(usize, SyntaxErrorKind),
}

/// A number type the tokenizer reads: `i64` or `f64`.
pub trait Parse: Element + Default {
    /// Parses one whole token (no separators in it).
    ///
    /// # Errors
    ///
    /// The [`SyntaxErrorKind`] that says why it is not a number of this type.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::subarray::{parse::Parse, SyntaxErrorKind};
    ///
    /// assert_eq!(i64::parse_token(b"-42"), Ok(-42));
    /// assert_eq!(i64::parse_token(b"4.2"), Err(SyntaxErrorKind::Decimal));
    /// assert_eq!(f64::parse_token(b"4.2"), Ok(4.2));
    /// assert_eq!(f64::parse_token(b"inf"), Err(SyntaxErrorKind::NotFinite));
    /// ```
    fn parse_token(token: &[u8]) -> Result<Self, SyntaxErrorKind>;

    /// Parses every token that starts in `buf[pos..end]` into `batch`,
    /// handing full batches to `sink`. `buf[end - 1]` is a separator and
    /// `buf` has at least 8 readable bytes past `end`. Returns where it
    /// stopped: at `end` or beyond, or at a comment or a bad token.
    /// `isa` limits the instruction sets used (for tests): the AVX-512
    /// loop (which needs VBMI and VBMI2 as well) from [`Isa::Avx512`], the
    /// AVX2 loop from [`Isa::Avx2`], else the portable SWAR loop.
    #[doc(hidden)]
    fn parse_window<F: FnMut(&[Self])>(
        buf: &[u8],
        pos: usize,
        end: usize,
        batch: &mut Batch<Self>,
        sink: &mut F,
        isa: Isa,
    ) -> Result<usize, Stop>;
}

/// A block of parsed values on their way to the caller.
#[doc(hidden)]
pub struct Batch<T> {
    values: Box<[T; BATCH]>,
    len: usize,
}

impl<T: Parse> Batch<T> {
    fn new() -> Batch<T> {
        Batch {
            values: Box::new([T::default(); BATCH]),
            len: 0,
        }
    }

    #[inline(always)]
    fn push<F: FnMut(&[T])>(&mut self, value: T, sink: &mut F) {
        // `len < BATCH` always; the mask lets the compiler see it.
        self.values[self.len & (BATCH - 1)] = value;
        self.len += 1;
        if self.len == BATCH {
            sink(&self.values[..]);
            self.len = 0;
        }
    }

    fn flush<F: FnMut(&[T])>(&mut self, sink: &mut F) {
        if self.len > 0 {
            sink(&self.values[..self.len]);
            self.len = 0;
        }
    }
}

/// The end of the token starting at `pos`: the next separator, or `limit`.
fn token_end(buf: &[u8], pos: usize, limit: usize) -> usize {
    buf[pos..limit]
        .iter()
        .position(|&b| is_separator(b))
        .map_or(limit, |i| pos + i)
}

impl Parse for i64 {
    fn parse_token(token: &[u8]) -> Result<i64, SyntaxErrorKind> {
        let (negative, digits) = match token.first() {
            Some(b'-') => (true, &token[1..]),
            Some(b'+') => (false, &token[1..]),
            _ => (false, token),
        };
        if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
            return Err(if is_decimal(token) {
                SyntaxErrorKind::Decimal
            } else {
                SyntaxErrorKind::NotInteger
            });
        }
        // Accumulate the magnitude in u64: |i64::MIN| = 2^63 fits.
        let mut magnitude: u64 = 0;
        for &digit in digits {
            magnitude = magnitude
                .checked_mul(10)
                .and_then(|m| m.checked_add(u64::from(digit - b'0')))
                .ok_or(SyntaxErrorKind::IntegerOutOfRange)?;
        }
        if negative {
            0_i64
                .checked_sub_unsigned(magnitude)
                .ok_or(SyntaxErrorKind::IntegerOutOfRange)
        } else {
            i64::try_from(magnitude).map_err(|_| SyntaxErrorKind::IntegerOutOfRange)
        }
    }

    fn parse_window<F: FnMut(&[i64])>(
        buf: &[u8],
        pos: usize,
        end: usize,
        batch: &mut Batch<i64>,
        sink: &mut F,
        isa: Isa,
    ) -> Result<usize, Stop> {
        #[cfg(target_arch = "x86_64")]
        {
            if isa >= Isa::Avx512
                && let Some(cpu) = crate::cpu::Avx512Vbmi::detect()
            {
                return vector::parse_window(cpu, buf, pos, end, batch, sink);
            }
            if isa >= Isa::Avx2
                && let Some(cpu) = crate::cpu::Avx2::detect()
            {
                return avx2::parse_window(cpu, buf, pos, end, batch, sink);
            }
        }
        let _ = isa;
        parse_i64_window(buf, pos, end, batch, sink)
    }
}

/// The portable token loop for integers (see [`Parse::parse_window`]).
fn parse_i64_window<F: FnMut(&[i64])>(
    buf: &[u8],
    mut pos: usize,
    end: usize,
    batch: &mut Batch<i64>,
    sink: &mut F,
) -> Result<usize, Stop> {
    // Token starts come from a bitmask of the separators in 64 bytes, so
    // no number waits for the one before it to be measured, and the
    // numbers of a block are parsed independently of each other.
    // `carry` is 1 when the byte before `pos` ends a block inside a token
    // already parsed; `pos` starts between tokens.
    let mut carry = 0_u64;
    while pos < end {
        let chunk: &[u8; 64] = buf[pos..pos + 64].try_into().expect("padding");
        let (separators, has_hash) = classify(chunk);
        let chunk_end = (pos + 64).min(end);
        if has_hash {
            // Comments are rare: the byte-by-byte loop takes this block.
            if carry == 1 {
                pos = token_end(buf, pos, end);
            }
            pos = parse_i64_bytewise(buf, pos, chunk_end, batch, sink)?;
            carry = 0;
            continue;
        }
        let tokens = !separators & (u64::MAX >> (64 - (chunk_end - pos)));
        let mut starts = tokens & !((tokens << 1) | carry);
        carry = tokens >> 63;
        // A block holds at most 32 tokens: make room for them once.
        if batch.len > BATCH - 32 {
            batch.flush(sink);
        }
        let mut count = batch.len;
        while starts != 0 {
            let start = pos + starts.trailing_zeros() as usize;
            starts &= starts - 1;
            let value = match parse_i64_fast(buf, start) {
                Some(value) => value,
                None => parse_i64_slow(buf, start, end)?,
            };
            batch.values[count & (BATCH - 1)] = value;
            count += 1;
        }
        batch.len = count;
        pos += 64;
    }
    Ok(pos.min(end))
}

/// The integer token at `buf[start]` when it is 1 to 7 digits with an
/// optional sign, followed by a separator: the common case, branch-free
/// but for the answer to that question.
#[inline(always)]
fn parse_i64_fast(buf: &[u8], start: usize) -> Option<i64> {
    // One bounds check for everything read here.
    let window: &[u8; 16] = buf[start..start + 16].try_into().expect("padding");
    let first = window[0];
    let negative = first == b'-';
    let sign = usize::from(negative || first == b'+');
    let word = u64::from_le_bytes(window[sign..sign + 8].try_into().expect("eight bytes"));
    let zeros = leading_digit_bits(word);
    // 1 to 7 digits (8 to 56 bits), and the byte after them, inside the
    // word, a separator.
    if zeros.wrapping_sub(8) < 49 && is_separator((word >> zeros) as u8) {
        let magnitude = parse_digits(word, (zeros / 8) as usize) as i64;
        Some(if negative { -magnitude } else { magnitude })
    } else {
        None
    }
}

/// Any other token at `buf[start]`: a long number, or not a number.
#[cold]
#[inline(never)]
fn parse_i64_slow(buf: &[u8], start: usize, end: usize) -> Result<i64, Stop> {
    if buf[start] == b'#' {
        return Err(Stop::Comment(start));
    }
    let token_end = token_end(buf, start, end);
    i64::parse_token(&buf[start..token_end]).map_err(|kind| Stop::Bad(start, kind))
}

/// The byte-by-byte token loop: every token that starts in `buf[pos..end]`;
/// `pos` is between tokens.
fn parse_i64_bytewise<F: FnMut(&[i64])>(
    buf: &[u8],
    mut pos: usize,
    end: usize,
    batch: &mut Batch<i64>,
    sink: &mut F,
) -> Result<usize, Stop> {
    while pos < end {
        if is_separator(buf[pos]) {
            pos += 1;
            continue;
        }
        let value = match parse_i64_fast(buf, pos) {
            Some(value) => value,
            None => parse_i64_slow(buf, pos, buf.len())?,
        };
        batch.push(value, sink);
        pos = token_end(buf, pos, buf.len()) + 1;
    }
    Ok(pos)
}

/// The separators among 64 bytes as a bitmask (bit `i` for byte `i`), and
/// whether any of them is `#`.
#[inline(always)]
fn classify(chunk: &[u8; 64]) -> (u64, bool) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::*;
        // SAFETY: SSE2 is part of x86-64, so every x86-64 CPU runs these;
        // each 16-byte load lies inside `chunk`.
        unsafe {
            // Four 16-byte blocks, a few compares each.
            let mut separators = 0_u64;
            let mut hashes = _mm_setzero_si128();
            for block in 0..4 {
                let bytes = _mm_loadu_si128(chunk.as_ptr().add(16 * block).cast());
                // Tab to carriage return: 9..=13, `byte - 9 <= 4` unsigned.
                let shifted = _mm_sub_epi8(bytes, _mm_set1_epi8(9));
                let control = _mm_cmpeq_epi8(_mm_min_epu8(shifted, _mm_set1_epi8(4)), shifted);
                let space = _mm_cmpeq_epi8(bytes, _mm_set1_epi8(b' ' as i8));
                let comma = _mm_cmpeq_epi8(bytes, _mm_set1_epi8(b',' as i8));
                let found = _mm_or_si128(control, _mm_or_si128(space, comma));
                separators |= (_mm_movemask_epi8(found) as u16 as u64) << (16 * block);
                hashes = _mm_or_si128(hashes, _mm_cmpeq_epi8(bytes, _mm_set1_epi8(b'#' as i8)));
            }
            (separators, _mm_movemask_epi8(hashes) != 0)
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let mut separators = 0_u64;
        let mut hash = false;
        for (i, &byte) in chunk.iter().enumerate() {
            separators |= u64::from(is_separator(byte)) << i;
            hash |= byte == b'#';
        }
        (separators, hash)
    }
}

/// Whether a token that is not an integer reads as a decimal number.
fn is_decimal(token: &[u8]) -> bool {
    matches!(
        f64::parse_token(token),
        Ok(_) | Err(SyntaxErrorKind::FloatOutOfRange)
    )
}

/// Eight bytes from `at`, the first in the lowest byte.
#[cfg(test)]
fn load_word(buf: &[u8], at: usize) -> u64 {
    let bytes: [u8; 8] = buf[at..at + 8].try_into().expect("eight bytes");
    u64::from_le_bytes(bytes)
}

/// How many of the eight bytes of `word`, from the first, are ASCII digits.
#[cfg(test)]
fn leading_digits(word: u64) -> usize {
    (leading_digit_bits(word) / 8) as usize
}

/// Eight times the number of leading ASCII digits of `word` (64 for eight).
#[inline(always)]
fn leading_digit_bits(word: u64) -> u32 {
    // A byte is a digit when adding 0x46 leaves its top bit clear (≤ 0x39)
    // and subtracting 0x30 does not borrow (≥ 0x30). Carries and borrows
    // only reach bytes after a non-digit, which do not count.
    let high = (word.wrapping_add(0x4646_4646_4646_4646)
        | word.wrapping_sub(0x3030_3030_3030_3030))
        & 0x8080_8080_8080_8080;
    // The lowest set bit is bit 7 of the first non-digit byte.
    high.trailing_zeros() & !7
}

/// The value of the first `digits` (1 to 8) digit bytes of `word`.
#[inline(always)]
fn parse_digits(word: u64, digits: usize) -> u64 {
    // Digit values, the first digit in the lowest byte; shifting left puts
    // zeros in front, leaving eight digits to convert.
    let values = word.wrapping_sub(0x3030_3030_3030_3030) << (8 * (8 - digits));
    // Pairs, then fours, then eight (Lemire's eight-digit conversion).
    let pairs = values.wrapping_mul(10).wrapping_add(values >> 8);
    let mask = 0x0000_00FF_0000_00FF;
    let mul1 = 100 + (1_000_000 << 32);
    let mul2 = 1 + (10_000 << 32);
    ((pairs & mask)
        .wrapping_mul(mul1)
        .wrapping_add(((pairs >> 16) & mask).wrapping_mul(mul2)))
        >> 32
}

/// Powers of ten that are exact in `f64`.
const EXACT_POWERS_OF_TEN: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// Plain decimals (`-12.375`, `42`) with at most 15 significant digits, the
/// common case, without the general parser: the digits make an integer
/// below 2⁵³ and the scale an exact power of ten, so one division rounds
/// correctly (Clinger's fast path). `None` for anything else.
fn parse_plain_decimal(token: &[u8]) -> Option<f64> {
    let (negative, rest) = match token.first()? {
        b'-' => (true, &token[1..]),
        b'+' => (false, &token[1..]),
        _ => (false, token),
    };
    let mut mantissa = 0_u64;
    let mut digits = 0;
    let mut scale = 0;
    let mut seen_point = false;
    for &byte in rest {
        match byte {
            b'0'..=b'9' => {
                if digits == 0 && byte == b'0' {
                    // Leading zeros do not count towards the 15 digits.
                } else {
                    digits += 1;
                }
                mantissa = mantissa * 10 + u64::from(byte - b'0');
                scale += usize::from(seen_point);
                if digits > 15 {
                    return None;
                }
            }
            b'.' if !seen_point => seen_point = true,
            _ => return None,
        }
    }
    // At least one digit, and not a lone point.
    if rest.len() == usize::from(seen_point) || scale > 22 {
        return None;
    }
    let magnitude = mantissa as f64 / EXACT_POWERS_OF_TEN[scale];
    Some(if negative { -magnitude } else { magnitude })
}

impl Parse for f64 {
    fn parse_token(token: &[u8]) -> Result<f64, SyntaxErrorKind> {
        if let Some(value) = parse_plain_decimal(token) {
            return Ok(value);
        }
        // Rust's parser also reads "inf", "infinity" and "nan" (any case,
        // any sign): refused by name, as is anything that overflows.
        let text = std::str::from_utf8(token).map_err(|_| SyntaxErrorKind::NotNumber)?;
        let value: f64 = text.parse().map_err(|_| SyntaxErrorKind::NotNumber)?;
        if value.is_finite() {
            Ok(value)
        } else if text.bytes().any(|b| b.is_ascii_digit()) {
            Err(SyntaxErrorKind::FloatOutOfRange)
        } else {
            Err(SyntaxErrorKind::NotFinite)
        }
    }

    fn parse_window<F: FnMut(&[f64])>(
        buf: &[u8],
        mut pos: usize,
        end: usize,
        batch: &mut Batch<f64>,
        sink: &mut F,
        _isa: Isa,
    ) -> Result<usize, Stop> {
        while pos < end {
            let first = buf[pos];
            if is_separator(first) {
                pos += 1;
                continue;
            }
            if first == b'#' {
                return Err(Stop::Comment(pos));
            }
            let token_end = token_end(buf, pos, end);
            match f64::parse_token(&buf[pos..token_end]) {
                Ok(value) => batch.push(value, sink),
                Err(kind) => return Err(Stop::Bad(pos, kind)),
            }
            pos = token_end;
        }
        Ok(pos)
    }
}

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

/// Every number in `reader`, handed to `sink` in blocks of up to [`BATCH`],
/// in one pass with a fixed buffer. Returns how many numbers there were.
///
/// # Errors
///
/// [`SubarrayError::Syntax`] for the first bad token, [`SubarrayError::Io`]
/// when reading fails.
///
/// # Example
///
/// ```
/// use puzzles::subarray::parse::for_each_block;
///
/// let mut sum = 0;
/// let count = for_each_block::<i64, _, _>("1, 2, 3 # a comment\n4".as_bytes(), |block| {
///     sum += block.iter().sum::<i64>();
/// })?;
/// assert_eq!((count, sum), (4, 10));
/// # Ok::<(), puzzles::subarray::SubarrayError>(())
/// ```
pub fn for_each_block<T: Parse, R: Read, F: FnMut(&[T])>(
    reader: R,
    sink: F,
) -> Result<u64, SubarrayError> {
    Tokenizer::new(reader).run(sink)
}

/// Every number in `reader`, in memory.
///
/// # Errors
///
/// As [`for_each_block`].
///
/// # Example
///
/// ```
/// use puzzles::subarray::parse::read_values;
///
/// let values: Vec<f64> = read_values("# prices\n1.5 -2\n3e1".as_bytes())?;
/// assert_eq!(values, [1.5, -2.0, 30.0]);
/// # Ok::<(), puzzles::subarray::SubarrayError>(())
/// ```
pub fn read_values<T: Parse, R: Read>(reader: R) -> Result<Vec<T>, SubarrayError> {
    let mut values = Vec::new();
    for_each_block(reader, |block: &[T]| values.extend_from_slice(block))?;
    Ok(values)
}

/// Every number in `text`.
///
/// # Errors
///
/// [`SubarrayError::Syntax`] for the first bad token.
///
/// # Example
///
/// ```
/// use puzzles::subarray::parse::parse_values;
///
/// assert_eq!(parse_values::<i64>("30 -40,20\t40")?, [30, -40, 20, 40]);
/// # Ok::<(), puzzles::subarray::SubarrayError>(())
/// ```
pub fn parse_values<T: Parse>(text: &str) -> Result<Vec<T>, SubarrayError> {
    read_values(text.as_bytes())
}

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

/// Integers four at a time with AVX2: token starts from a separator
/// bitmask, each token's first eight bytes loaded into a lane, and the
/// digits converted in the lanes.
#[cfg(target_arch = "x86_64")]
mod avx2 {
    use std::arch::x86_64::*;

    use super::{BATCH, Batch, Stop, parse_i64_bytewise, parse_i64_slow, token_end};
    use crate::cpu;

    /// As the portable window loop: every token that starts in
    /// `buf[pos..end]`, 64 bytes at a time.
    ///
    /// # Panics
    ///
    /// When `buf` holds less than 64 + 16 bytes past `end`.
    pub(super) fn parse_window<F: FnMut(&[i64])>(
        cpu: cpu::Avx2,
        buf: &[u8],
        pos: usize,
        end: usize,
        batch: &mut Batch<i64>,
        sink: &mut F,
    ) -> Result<usize, Stop> {
        let _ = cpu;
        // SAFETY: the token proves that the CPU has AVX2.
        unsafe { window(buf, pos, end, batch, sink) }
    }

    #[target_feature(enable = "avx2")]
    fn window<F: FnMut(&[i64])>(
        buf: &[u8],
        mut pos: usize,
        end: usize,
        batch: &mut Batch<i64>,
        sink: &mut F,
    ) -> Result<usize, Stop> {
        assert!(buf.len() >= end + 64 + 16, "padding");
        let mut carry = 0_u64;
        while pos < end {
            // SAFETY: pos < end, so the 64 bytes from pos lie inside `buf`.
            let (low, high) = unsafe {
                let at = buf.as_ptr().add(pos);
                (
                    _mm256_loadu_si256(at.cast()),
                    _mm256_loadu_si256(at.add(32).cast()),
                )
            };
            let separators = mask(separator_bytes(low)) | (mask(separator_bytes(high)) << 32);
            let hash = _mm256_set1_epi8(b'#' as i8);
            let hashes =
                _mm256_or_si256(_mm256_cmpeq_epi8(low, hash), _mm256_cmpeq_epi8(high, hash));
            let chunk_end = (pos + 64).min(end);
            if _mm256_movemask_epi8(hashes) != 0 {
                if carry == 1 {
                    pos = token_end(buf, pos, end);
                }
                pos = parse_i64_bytewise(buf, pos, chunk_end, batch, sink)?;
                carry = 0;
                continue;
            }
            let tokens = !separators & (u64::MAX >> (64 - (chunk_end - pos)));
            let starts = tokens & !((tokens << 1) | carry);
            carry = tokens >> 63;
            if batch.len > BATCH - 32 {
                batch.flush(sink);
            }
            let count = starts.count_ones() as usize;
            let out = &mut batch.values[batch.len..batch.len + 32];
            let mut bad = 0_u32;
            let mut left = starts;
            let mut index = 0;
            while left != 0 {
                // Up to four tokens; empty lanes get a harmless "0\n".
                let mut words = [0x0a30_u64; 4];
                let mut lanes = 0;
                while lanes < 4 && left != 0 {
                    let start = pos + left.trailing_zeros() as usize;
                    left &= left - 1;
                    words[lanes] =
                        u64::from_le_bytes(buf[start..start + 8].try_into().expect("padding"));
                    lanes += 1;
                }
                let (values, ok) = four(words);
                // SAFETY: index is a multiple of 4 below count <= 32, so the
                // four slots from index are inside `out`.
                unsafe { _mm256_storeu_si256(out.as_mut_ptr().add(index).cast(), values) };
                bad |= (!ok & ((1 << lanes) - 1)) << index;
                index += 4;
            }
            while bad != 0 {
                let index = bad.trailing_zeros() as usize;
                bad &= bad - 1;
                let mut bits = starts;
                for _ in 0..index {
                    bits &= bits - 1;
                }
                let start = pos + bits.trailing_zeros() as usize;
                out[index] = parse_i64_slow(buf, start, end)?;
            }
            batch.len += count;
            pos += 64;
        }
        Ok(pos.min(end))
    }

    /// One bit per byte of 32: its top bit.
    #[target_feature(enable = "avx2")]
    fn mask(bytes: __m256i) -> u64 {
        u64::from(_mm256_movemask_epi8(bytes) as u32)
    }

    /// 0xff where a byte is a separator: tab to carriage return, space,
    /// comma.
    #[target_feature(enable = "avx2")]
    fn separator_bytes(bytes: __m256i) -> __m256i {
        let shifted = _mm256_sub_epi8(bytes, _mm256_set1_epi8(9));
        let control = _mm256_cmpeq_epi8(_mm256_min_epu8(shifted, _mm256_set1_epi8(4)), shifted);
        let space = _mm256_cmpeq_epi8(bytes, _mm256_set1_epi8(b' ' as i8));
        let comma = _mm256_cmpeq_epi8(bytes, _mm256_set1_epi8(b',' as i8));
        _mm256_or_si256(control, _mm256_or_si256(space, comma))
    }

    /// Four tokens' first eight bytes to their values, with a bitmask of the
    /// lanes that hold 1 to 7 digits (after an optional sign) followed by a
    /// separator — the others must be parsed another way.
    #[target_feature(enable = "avx2")]
    fn four(words: [u64; 4]) -> (__m256i, u32) {
        let [w0, w1, w2, w3] = words.map(|w| w as i64);
        let words = _mm256_set_epi64x(w3, w2, w1, w0);
        let zero = _mm256_setzero_si256();
        let first = _mm256_and_si256(words, _mm256_set1_epi64x(0xff));
        let minus = _mm256_cmpeq_epi64(first, _mm256_set1_epi64x(b'-' as i64));
        let plus = _mm256_cmpeq_epi64(first, _mm256_set1_epi64x(b'+' as i64));
        let signed = _mm256_or_si256(minus, plus);
        let words = _mm256_blendv_epi8(words, _mm256_srli_epi64::<8>(words), signed);
        let values = _mm256_sub_epi8(words, _mm256_set1_epi8(b'0' as i8));
        let digit = _mm256_cmpeq_epi8(_mm256_min_epu8(values, _mm256_set1_epi8(9)), values);
        let not_digit = _mm256_xor_si256(digit, _mm256_set1_epi8(-1));
        // The lowest bit of the first non-digit byte, and the bytes before
        // it: their count is the number of digits.
        let first_not_digit = _mm256_and_si256(not_digit, _mm256_sub_epi64(zero, not_digit));
        let before = _mm256_sub_epi64(first_not_digit, _mm256_set1_epi64x(1));
        let digits = _mm256_sad_epu8(_mm256_and_si256(before, _mm256_set1_epi8(1)), zero);
        let sized = _mm256_and_si256(
            _mm256_cmpgt_epi64(digits, zero),
            _mm256_cmpgt_epi64(_mm256_set1_epi64x(8), digits),
        );
        let ended = _mm256_cmpeq_epi64(
            _mm256_and_si256(separator_bytes(words), first_not_digit),
            zero,
        );
        let ok = _mm256_andnot_si256(ended, sized);
        // Shift the digits to the top (zeros in front), then pairs, fours,
        // eight, as in the AVX-512 path.
        let shift = _mm256_sub_epi64(_mm256_set1_epi64x(64), _mm256_slli_epi64::<3>(digits));
        let shifted = _mm256_sllv_epi64(values, shift);
        let pairs = _mm256_maddubs_epi16(shifted, _mm256_set1_epi16(0x010a));
        let fours = _mm256_madd_epi16(pairs, _mm256_set1_epi32(0x0001_0064));
        let high_four = _mm256_mul_epu32(fours, _mm256_set1_epi64x(10_000));
        let magnitude = _mm256_add_epi64(high_four, _mm256_srli_epi64::<32>(fours));
        let value = _mm256_sub_epi64(_mm256_xor_si256(magnitude, minus), minus);
        (value, _mm256_movemask_pd(_mm256_castsi256_pd(ok)) as u32)
    }
}

/// Integers eight at a time with AVX-512 (VBMI and VBMI2 for byte
/// permutes and compression, CD for per-lane bit counts).
#[cfg(target_arch = "x86_64")]
mod vector {
    use std::arch::x86_64::*;

    use super::{BATCH, Batch, Stop, parse_i64_bytewise, parse_i64_slow, token_end};
    use crate::cpu;

    /// As the portable window loop: every token that starts in
    /// `buf[pos..end]`, 64 bytes at a time.
    ///
    /// # Panics
    ///
    /// When `buf` holds less than 128 + 16 bytes past `end`.
    pub(super) fn parse_window<F: FnMut(&[i64])>(
        cpu: cpu::Avx512Vbmi,
        buf: &[u8],
        pos: usize,
        end: usize,
        batch: &mut Batch<i64>,
        sink: &mut F,
    ) -> Result<usize, Stop> {
        let _ = cpu;
        // SAFETY: the token proves that the CPU has AVX-512 F, BW, CD, VBMI
        // and VBMI2.
        unsafe { window(buf, pos, end, batch, sink) }
    }

    #[target_feature(enable = "avx512f,avx512bw,avx512cd,avx512vbmi,avx512vbmi2")]
    fn window<F: FnMut(&[i64])>(
        buf: &[u8],
        mut pos: usize,
        end: usize,
        batch: &mut Batch<i64>,
        sink: &mut F,
    ) -> Result<usize, Stop> {
        assert!(buf.len() >= end + 128 + 16, "padding");
        let mut carry = 0_u64;
        while pos < end {
            // SAFETY: pos < end, so the 128 bytes from pos lie inside `buf`.
            let (low, high) = unsafe {
                let at = buf.as_ptr().add(pos);
                (
                    _mm512_loadu_si512(at.cast()),
                    _mm512_loadu_si512(at.add(64).cast()),
                )
            };
            let separators = separators(low);
            let chunk_end = (pos + 64).min(end);
            if _mm512_cmpeq_epi8_mask(low, _mm512_set1_epi8(b'#' as i8)) != 0 {
                // Comments are rare: the byte-by-byte loop takes this block.
                if carry == 1 {
                    pos = token_end(buf, pos, end);
                }
                pos = parse_i64_bytewise(buf, pos, chunk_end, batch, sink)?;
                carry = 0;
                continue;
            }
            let tokens = !separators & (u64::MAX >> (64 - (chunk_end - pos)));
            let starts = tokens & !((tokens << 1) | carry);
            carry = tokens >> 63;
            if batch.len > BATCH - 32 {
                batch.flush(sink);
            }
            let count = starts.count_ones() as usize;
            let out = &mut batch.values[batch.len..batch.len + 32];
            let mut bad = block(low, high, starts, count, out.try_into().expect("32 slots"));
            // Tokens the vector path declined: long numbers, or not numbers.
            while bad != 0 {
                let index = bad.trailing_zeros() as usize;
                bad &= bad - 1;
                let start = pos + nth_set_bit(starts, index);
                out[index] = parse_i64_slow(buf, start, end)?;
            }
            batch.len += count;
            pos += 64;
        }
        Ok(pos.min(end))
    }

    /// The index of the `n`-th set bit of `bits`.
    fn nth_set_bit(mut bits: u64, n: usize) -> usize {
        for _ in 0..n {
            bits &= bits - 1;
        }
        bits.trailing_zeros() as usize
    }

    /// The separators among 64 bytes: tab to carriage return, space, comma.
    #[target_feature(enable = "avx512f,avx512bw")]
    fn separators(bytes: __m512i) -> u64 {
        let control = _mm512_cmple_epu8_mask(
            _mm512_sub_epi8(bytes, _mm512_set1_epi8(9)),
            _mm512_set1_epi8(4),
        );
        control
            | _mm512_cmpeq_epi8_mask(bytes, _mm512_set1_epi8(b' ' as i8))
            | _mm512_cmpeq_epi8_mask(bytes, _mm512_set1_epi8(b',' as i8))
    }

    /// Parses the `count` tokens that start at the set bits of `starts` in
    /// the 64 bytes `low` (followed by `high`) into `out`, eight per
    /// vector. Returns a bitmask of the tokens it declined (their slots hold
    /// garbage): anything but 1 to 7 digits with an optional sign followed by
    /// a separator.
    #[target_feature(enable = "avx512f,avx512bw,avx512cd,avx512vbmi,avx512vbmi2")]
    fn block(low: __m512i, high: __m512i, starts: u64, count: usize, out: &mut [i64; 32]) -> u32 {
        // Byte i of `iota` is i; byte j of each lane of `lane_iota` is j.
        let iota = _mm512_set_epi64(
            0x3f3e_3d3c_3b3a_3938,
            0x3736_3534_3332_3130,
            0x2f2e_2d2c_2b2a_2928,
            0x2726_2524_2322_2120,
            0x1f1e_1d1c_1b1a_1918,
            0x1716_1514_1312_1110,
            0x0f0e_0d0c_0b0a_0908,
            0x0706_0504_0302_0100,
        );
        let lane_iota = _mm512_set1_epi64(0x0706_0504_0302_0100);
        // Every byte of lane k is k.
        let lane_number = _mm512_set_epi64(
            0x0707_0707_0707_0707,
            0x0606_0606_0606_0606,
            0x0505_0505_0505_0505,
            0x0404_0404_0404_0404,
            0x0303_0303_0303_0303,
            0x0202_0202_0202_0202,
            0x0101_0101_0101_0101,
            0,
        );
        // The start offsets, packed into the first `count` bytes.
        let offsets = _mm512_maskz_compress_epi8(starts, iota);
        let zero = _mm512_setzero_si512();
        let mut bad = 0_u32;
        let mut group = 0;
        while group * 8 < count {
            // Lane k: eight copies of offset 8·group + k, plus 0..7: the
            // indices of the token's first eight bytes (up to 71 < 128).
            let pick = _mm512_add_epi8(lane_number, _mm512_set1_epi8((8 * group) as i8));
            let index = _mm512_add_epi8(_mm512_permutexvar_epi8(pick, offsets), lane_iota);
            let words = _mm512_permutex2var_epi8(low, index, high);
            // A sign: note it and drop it (a zero byte comes in at the top).
            let first = _mm512_and_si512(words, _mm512_set1_epi64(0xff));
            let minus = _mm512_cmpeq_epi64_mask(first, _mm512_set1_epi64(b'-' as i64));
            let plus = _mm512_cmpeq_epi64_mask(first, _mm512_set1_epi64(b'+' as i64));
            let words = _mm512_mask_srli_epi64(words, minus | plus, words, 8);
            // Digits, and the first byte that is not one.
            let values = _mm512_sub_epi8(words, _mm512_set1_epi8(b'0' as i8));
            let not_digit = _mm512_movm_epi8(_mm512_cmpgt_epu8_mask(values, _mm512_set1_epi8(9)));
            let first_not_digit = _mm512_and_si512(not_digit, _mm512_sub_epi64(zero, not_digit));
            let leading = _mm512_lzcnt_epi64(first_not_digit);
            // 1 to 7 digits: the first non-digit's lowest bit is bit 8 to 56,
            // so 7 to 55 leading zeros; and it must be a separator.
            let sized = _mm512_cmple_epu64_mask(
                _mm512_sub_epi64(leading, _mm512_set1_epi64(7)),
                _mm512_set1_epi64(48),
            );
            let separator = _mm512_movm_epi8(separators(words));
            let ended = _mm512_test_epi64_mask(first_not_digit, separator);
            let live = (1_u32 << (count - 8 * group).min(8)) - 1;
            bad |= (live & !u32::from(sized & ended)) << (8 * group);
            // Shift the digits to the top (zeros in front), then pairs,
            // fours, eight: d0·10 + d1, then ·100, then ·10 000.
            let digits = _mm512_sllv_epi64(values, _mm512_add_epi64(leading, _mm512_set1_epi64(1)));
            let pairs = _mm512_maddubs_epi16(digits, _mm512_set1_epi16(0x010a));
            let fours = _mm512_madd_epi16(pairs, _mm512_set1_epi32(0x0001_0064));
            let high_four = _mm512_mul_epu32(fours, _mm512_set1_epi64(10_000));
            let magnitude = _mm512_add_epi64(high_four, _mm512_srli_epi64::<32>(fours));
            let value = _mm512_mask_sub_epi64(magnitude, minus, zero, magnitude);
            // SAFETY: group < 4, so the eight slots from 8·group are in `out`.
            unsafe { _mm512_storeu_si512(out.as_mut_ptr().add(8 * group).cast(), value) };
            group += 1;
        }
        bad
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eight_byte_digit_parsing() {
        for text in ["0", "7", "12", "123", "9999999", "1234567", "0000001"] {
            let mut bytes = text.as_bytes().to_vec();
            bytes.push(b' ');
            bytes.resize(16, b'x');
            let word = load_word(&bytes, 0);
            assert_eq!(leading_digits(word), text.len(), "{text}");
            assert_eq!(parse_digits(word, text.len()), text.parse::<u64>().unwrap());
        }
        assert_eq!(leading_digits(u64::from_le_bytes(*b"12345678")), 8);
        assert_eq!(leading_digits(u64::from_le_bytes(*b"/:0\xff\x80 9a")), 0);
        assert_eq!(leading_digits(u64::from_le_bytes(*b"1:2\xff\x80 9a")), 1);
    }

    #[test]
    fn integers_of_every_length_and_separator() {
        let text = "0 -1 +2 33,-444\t5555\r\n66666 -777777 8888888 99999999 \
                    123456789012 -9223372036854775808 9223372036854775807 000000000000000000042";
        let values: Vec<i64> = parse_values(text).unwrap();
        assert_eq!(
            values,
            [
                0,
                -1,
                2,
                33,
                -444,
                5555,
                66666,
                -777777,
                8888888,
                99999999,
                123456789012,
                i64::MIN,
                i64::MAX,
                42
            ]
        );
    }

    #[test]
    fn errors_name_line_column_and_text() {
        let err = |text: &str| parse_values::<i64>(text).unwrap_err().to_string();
        assert_eq!(
            err("1 2\n  3 4x 5"),
            "line 2, column 5: `4x` is not an integer"
        );
        assert_eq!(err("-"), "line 1, column 1: `-` is not an integer");
        assert_eq!(
            err("1 2.5"),
            "line 1, column 3: `2.5` is not an integer (it is a decimal number)"
        );
        assert_eq!(
            err("# c\n9223372036854775808"),
            "line 2, column 1: `9223372036854775808` is out of range for a 64-bit integer"
        );
        assert_eq!(err("12#3"), "line 1, column 1: `12#3` is not an integer");
        assert_eq!(err("don't"), "line 1, column 1: `don't` is not an integer");
        assert_eq!(
            err("a\\b\x07"),
            "line 1, column 1: `a\\b\\u{7}` is not an integer"
        );
        let err = |text: &str| parse_values::<f64>(text).unwrap_err().to_string();
        assert_eq!(
            err("1.5 NaN"),
            "line 1, column 5: `NaN` is not a finite number (NaN and infinities are refused)"
        );
        assert_eq!(
            err("-inf"),
            "line 1, column 1: `-inf` is not a finite number (NaN and infinities are refused)"
        );
        assert_eq!(
            err("1e999"),
            "line 1, column 1: `1e999` is out of range for a 64-bit float"
        );
        assert_eq!(err("1,x"), "line 1, column 3: `x` is not a number");
    }

    #[test]
    fn plain_decimals_parse_as_the_standard_parser_does() {
        for text in [
            "0",
            "-0",
            "+0.5",
            "12.375",
            "-12.375",
            "0.1",
            "0.3",
            ".5",
            "5.",
            "007.25",
            "123456789012345",
            "1234567890.12345",
            "0.0000000000000000000001",
            "999999999999999",
        ] {
            let expected: f64 = text.parse().unwrap();
            let found = parse_plain_decimal(text.as_bytes()).unwrap();
            assert_eq!(found.to_bits(), expected.to_bits(), "{text}");
        }
        for text in [
            "",
            "-",
            ".",
            "+.",
            "1e5",
            "1.2.3",
            "1234567890123456",
            "0.00000000000000000000001",
            "nan",
            "1_0",
        ] {
            assert_eq!(parse_plain_decimal(text.as_bytes()), None, "{text}");
        }
    }

    #[test]
    fn comments_and_byte_order_mark() {
        let values: Vec<i64> = parse_values("\u{feff}# head\n1 # one\n#\n2,#x\n3").unwrap();
        assert_eq!(values, [1, 2, 3]);
        let err = parse_values::<i64>("\u{feff}1 y").unwrap_err().to_string();
        assert_eq!(err, "line 1, column 3: `y` is not an integer");
    }
}
