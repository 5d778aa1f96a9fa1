//! Integers four at a time with AVX2: token starts from a separator
//! bitmask, each token's first eight bytes loaded into a lane, and the
//! digits converted in the lanes.

use std::arch::x86_64::*;

use super::scalar::{Carry, parse_i64_slow};
use super::token::{Batch, Stop};
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
    let mut carry = Carry::default();
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
        let hashes = _mm256_or_si256(_mm256_cmpeq_epi8(low, hash), _mm256_cmpeq_epi8(high, hash));
        let has_hash = _mm256_movemask_epi8(hashes) != 0;
        let Some(starts) =
            carry.block_starts(buf, &mut pos, end, (separators, has_hash), batch, sink)?
        else {
            continue;
        };
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
