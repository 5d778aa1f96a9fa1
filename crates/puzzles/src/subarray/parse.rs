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
use crate::text::{first_digits, leading_digits};

#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(target_arch = "x86_64")]
mod avx512;
#[cfg(test)]
mod tests;
mod tokenizer;

pub(crate) use tokenizer::Tokenizer;

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
                return avx512::parse_window(cpu, buf, pos, end, batch, sink);
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
    let digits = leading_digits(word);
    // 1 to 7 digits, and the byte after them, inside the word, a separator.
    if digits.wrapping_sub(1) < 7 && is_separator((word >> (8 * digits)) as u8) {
        let magnitude = first_digits(word, digits) as i64;
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
