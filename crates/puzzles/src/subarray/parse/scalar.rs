//! The scalar pieces every integer token loop shares: the common token read
//! eight bytes at a time (SWAR), the slow path for anything else, the
//! byte-by-byte loop that takes the blocks holding a comment, and what a
//! 64-byte block loop carries from one block to the next.

use super::token::{Batch, Parse, Stop, is_separator, token_end};
use crate::text::{first_digits, leading_digits};

/// The integer token at `buf[start]` when it is 1 to 7 digits with an
/// optional sign, followed by a separator: the common case, branch-free
/// but for the answer to that question.
#[inline(always)]
pub(super) fn parse_i64_fast(buf: &[u8], start: usize) -> Option<i64> {
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
pub(super) fn parse_i64_slow(buf: &[u8], start: usize, end: usize) -> Result<i64, Stop> {
    if buf[start] == b'#' {
        return Err(Stop::Comment(start));
    }
    let token_end = token_end(buf, start, end);
    i64::parse_token(&buf[start..token_end]).map_err(|kind| Stop::Bad(start, kind))
}

/// The byte-by-byte token loop: every token that starts in `buf[pos..end]`;
/// `pos` is between tokens.
pub(super) fn parse_i64_bytewise<F: FnMut(&[i64])>(
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

/// What a loop over 64-byte blocks carries from one block to the next:
/// whether the block before ended inside a token (already parsed, so not a
/// token start here). The portable, AVX2 and AVX-512 loops share it; it sits
/// on their hottest path, hence `inline(always)`.
#[derive(Default)]
pub(super) struct Carry(u64);

impl Carry {
    /// The tokens that start in the 64-byte block at `*pos` as a bitmask,
    /// given the block's `(separators, holds a '#')`, with room made in
    /// `batch` for all of them. `None` when the block holds a comment:
    /// comments are rare, so the byte-by-byte loop has then taken the
    /// block, from the end of a token the block before began, and `*pos`
    /// is where the next block starts.
    #[inline(always)]
    pub(super) fn block_starts<F: FnMut(&[i64])>(
        &mut self,
        buf: &[u8],
        pos: &mut usize,
        end: usize,
        (separators, has_hash): (u64, bool),
        batch: &mut Batch<i64>,
        sink: &mut F,
    ) -> Result<Option<u64>, Stop> {
        let block_end = (*pos + 64).min(end);
        if has_hash {
            if self.0 == 1 {
                *pos = token_end(buf, *pos, end);
            }
            self.0 = 0;
            *pos = parse_i64_bytewise(buf, *pos, block_end, batch, sink)?;
            return Ok(None);
        }
        let starts = self.starts(separators, block_end - *pos);
        batch.make_room_for_a_block(sink);
        Ok(Some(starts))
    }

    /// The tokens that start among the block's first `len` bytes (1 to 64)
    /// as a bitmask, from its separators'.
    #[inline(always)]
    fn starts(&mut self, separators: u64, len: usize) -> u64 {
        let tokens = !separators & (u64::MAX >> (64 - len));
        let starts = tokens & !((tokens << 1) | self.0);
        self.0 = tokens >> 63;
        starts
    }
}
