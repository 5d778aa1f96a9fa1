//! Integers eight at a time with AVX-512 (VBMI and VBMI2 for byte
//! permutes and compression, CD for per-lane bit counts).

use std::arch::x86_64::*;

use super::scalar::{Carry, parse_i64_slow};
use super::token::{Batch, Stop};
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
    let mut carry = Carry::default();
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
        let has_hash = _mm512_cmpeq_epi8_mask(low, _mm512_set1_epi8(b'#' as i8)) != 0;
        let Some(starts) =
            carry.block_starts(buf, &mut pos, end, (separators, has_hash), batch, sink)?
        else {
            continue;
        };
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
