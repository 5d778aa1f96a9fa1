//! What every token loop shares: the separators, the end of a token, the
//! block of values on its way to the caller, and the [`Parse`] trait that
//! each number type implements.

use super::error::SyntaxErrorKind;
use crate::cpu::Isa;
use crate::subarray::Element;

/// Whether `byte` separates numbers: ASCII whitespace or a comma.
#[inline(always)]
pub(super) fn is_separator(byte: u8) -> bool {
    // One bit per separator below 64: tab, newline, vertical tab, form
    // feed, carriage return, space, comma. A shift, not a table load.
    const SEPARATORS: u64 = (0x1F << 9) | (1 << b' ') | (1 << b',');
    byte < 64 && (SEPARATORS >> byte) & 1 == 1
}

/// The most values handed to the caller at a time.
///
/// # Example
///
/// ```
/// use puzzles::subarray::parse::{BATCH, for_each_block};
///
/// // One number more than a block holds cannot arrive in one block.
/// let text = "1 ".repeat(BATCH + 1);
/// let mut blocks = Vec::new();
/// for_each_block::<i64, _, _>(text.as_bytes(), |block| blocks.push(block.len()))?;
/// assert!(blocks.len() >= 2 && blocks.iter().all(|&len| len <= BATCH));
/// assert_eq!(blocks.iter().sum::<usize>(), BATCH + 1);
/// # Ok::<(), puzzles::subarray::SubarrayError>(())
/// ```
pub const BATCH: usize = 4096;

/// Where the token loop stopped short of the end of its window.
#[derive(Debug)]
pub enum Stop {
    /// A `#` at this index: a comment to skip.
    Comment(usize),
    /// A bad token at this index.
    Bad(usize, SyntaxErrorKind),
}

/// A number type the tokenizer reads: `i64` or `f64`.
///
/// # Example
///
/// ```
/// use puzzles::subarray::parse::{Parse, parse_values};
///
/// // One function reads either type; the type decides what is a number.
/// fn count<T: Parse>(text: &str) -> Option<usize> {
///     parse_values::<T>(text).ok().map(|values| values.len())
/// }
/// assert_eq!(count::<i64>("1 2 3"), Some(3));
/// assert_eq!(count::<i64>("1 2.5"), None);
/// assert_eq!(count::<f64>("1 2.5"), Some(2));
/// ```
pub trait Parse: Element + Default + Window {
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
}

/// The token loop behind [`Parse`]. `pub` in a private module, so it can be
/// neither named nor implemented outside the crate: the loop, [`Batch`] and
/// [`Stop`] stay out of the public API while `Parse` stays public.
pub trait Window: Sized {
    /// Parses every token that starts in `buf[pos..end]` into `batch`,
    /// handing full batches to `sink`. `buf[end - 1]` is a separator and
    /// `buf` has at least 8 readable bytes past `end`. Returns where it
    /// stopped: at `end` or beyond, or at a comment or a bad token.
    /// `isa` limits the instruction sets used (for tests): the AVX-512
    /// loop (which needs VBMI and VBMI2 as well) from [`Isa::Avx512`], the
    /// AVX2 loop from [`Isa::Avx2`], else the portable SWAR loop.
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
pub struct Batch<T> {
    pub(super) values: Box<[T; BATCH]>,
    pub(super) len: usize,
}

impl<T: Parse> Batch<T> {
    pub(super) fn new() -> Batch<T> {
        Batch {
            values: Box::new([T::default(); BATCH]),
            len: 0,
        }
    }

    #[inline(always)]
    pub(super) fn push<F: FnMut(&[T])>(&mut self, value: T, sink: &mut F) {
        // `len < BATCH` always; the mask lets the compiler see it.
        self.values[self.len & (BATCH - 1)] = value;
        self.len += 1;
        if self.len == BATCH {
            sink(&self.values[..]);
            self.len = 0;
        }
    }

    /// Hands the values on unless a block's tokens (at most 32 in 64
    /// bytes) fit after them, so that a block loop makes room once.
    #[inline(always)]
    pub(super) fn make_room_for_a_block<F: FnMut(&[T])>(&mut self, sink: &mut F) {
        if self.len > BATCH - 32 {
            self.flush(sink);
        }
    }

    pub(super) fn flush<F: FnMut(&[T])>(&mut self, sink: &mut F) {
        if self.len > 0 {
            sink(&self.values[..self.len]);
            self.len = 0;
        }
    }
}

/// The end of the token starting at `pos`: the next separator, or `limit`.
pub(super) fn token_end(buf: &[u8], pos: usize, limit: usize) -> usize {
    buf[pos..limit]
        .iter()
        .position(|&b| is_separator(b))
        .map_or(limit, |i| pos + i)
}
