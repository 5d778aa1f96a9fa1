//! Integers: the token parser, and the choice of token loop (AVX-512, AVX2,
//! or the portable one here, 64 bytes at a time).

use super::decimal::is_decimal;
use super::error::SyntaxErrorKind;
use super::scalar::{Carry, parse_i64_fast, parse_i64_slow};
#[cfg(not(target_arch = "x86_64"))]
use super::token::is_separator;
use super::token::{BATCH, Batch, Parse, Stop, Window};
#[cfg(target_arch = "x86_64")]
use super::{avx2, avx512};
use crate::cpu::Isa;

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
}

impl Window for i64 {
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

/// The portable token loop for integers (see [`Window::parse_window`]).
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
    // `pos` starts between tokens.
    let mut carry = Carry::default();
    while pos < end {
        let chunk: &[u8; 64] = buf[pos..pos + 64].try_into().expect("padding");
        let Some(mut starts) =
            carry.block_starts(buf, &mut pos, end, classify(chunk), batch, sink)?
        else {
            continue;
        };
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
