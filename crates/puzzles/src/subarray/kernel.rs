//! The fast path for `i64` input: summaries of blocks computed in 64-bit
//! lanes, combined exactly in `i128`.
//!
//! Kadane in prefix-sum form: the best run ending at `t` is the prefix sum
//! through `t` minus the smallest prefix sum before a start `≤ t`. Every step
//! is a handful of adds, compares and selects with no data-dependent branch,
//! so it runs at the same speed whether the running sum resets all the time
//! or never. With AVX-512 a block is cut into eight lanes that advance in
//! step, one vector instruction doing the work of eight.
//!
//! 64-bit arithmetic is exact on a block when `2 · len · max|x| ≤ i64::MAX`
//! (no prefix sum or difference of two can then overflow); blocks that fail
//! the check are redone in `i128`. The check costs a running min and max.

use super::Best;
use super::chunked::{BLOCK, ChunkSummary, append};
#[cfg(target_arch = "x86_64")]
use crate::cpu;

/// The summary of non-empty `values`, with AVX-512 where the CPU has it.
pub(crate) fn summarize_i64(values: &[i64]) -> ChunkSummary<i128> {
    #[cfg(target_arch = "x86_64")]
    let avx512 = cpu::Avx512::detect();
    #[cfg(not(target_arch = "x86_64"))]
    let avx512 = None;
    let mut acc = None;
    for values in values.chunks(BLOCK) {
        acc = append(acc, block(avx512, values));
    }
    acc.expect("non-empty input")
}

/// The AVX-512 token where this target has one, else nothing.
#[cfg(target_arch = "x86_64")]
type Avx512 = Option<cpu::Avx512>;
#[cfg(not(target_arch = "x86_64"))]
type Avx512 = Option<std::convert::Infallible>;

/// The summary of a non-empty block (any length): eight lanes of AVX-512
/// with the token `avx512`, scalar code without.
pub(crate) fn block(avx512: Avx512, block: &[i64]) -> ChunkSummary<i128> {
    #[cfg(target_arch = "x86_64")]
    if let Some(cpu) = avx512 {
        let lane_len = block.len() / 64 * 8;
        if lane_len == 0 {
            return scalar_block(block);
        }
        let (lanes, tail) = block.split_at(8 * lane_len);
        // SAFETY: `lanes` holds exactly 8 lanes of `lane_len` elements, a
        // positive multiple of 8.
        let summaries = unsafe { avx512::lanes(cpu, lanes, lane_len) };
        let mut acc = None;
        for (index, lane) in summaries.iter().enumerate() {
            let summary = match lane.exact() {
                Some(summary) => summary,
                None => wide(&lanes[index * lane_len..][..lane_len]),
            };
            acc = append(acc, summary);
        }
        if !tail.is_empty() {
            acc = append(acc, scalar_block(tail));
        }
        return acc.expect("at least one lane");
    }
    let _ = avx512;
    scalar_block(block)
}

/// The exact summary in `i128`, for blocks whose values are too large for
/// 64-bit partial sums.
fn wide(values: &[i64]) -> ChunkSummary<i128> {
    ChunkSummary::of_values(values).expect("non-empty block")
}

fn scalar_block(block: &[i64]) -> ChunkSummary<i128> {
    scalar_lane(block).exact().unwrap_or_else(|| wide(block))
}

/// A lane's summary in 64-bit arithmetic, with the range of its values to
/// prove (or not) that no addition overflowed.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Lane {
    len: usize,
    total: i64,
    prefix: i64,
    prefix_end: i64,
    suffix: i64,
    suffix_start: i64,
    best: i64,
    best_start: i64,
    best_end: i64,
    low: i64,
    high: i64,
}

impl Lane {
    /// The summary in `i128`, or `None` when 64-bit sums may have
    /// overflowed.
    fn exact(&self) -> Option<ChunkSummary<i128>> {
        let magnitude = i128::from(self.low)
            .unsigned_abs()
            .max(i128::from(self.high).unsigned_abs());
        if 2 * self.len as u128 * magnitude > i64::MAX as u128 {
            return None;
        }
        Some(ChunkSummary {
            len: self.len,
            total: self.total.into(),
            prefix: self.prefix.into(),
            prefix_end: self.prefix_end as usize,
            suffix: self.suffix.into(),
            suffix_start: self.suffix_start as usize,
            best: Best {
                sum: self.best.into(),
                start: self.best_start as usize,
                end: self.best_end as usize,
            },
        })
    }
}

/// One lane in scalar code: the prefix-sum form of Kadane with selects
/// instead of branches. Sums wrap; [`Lane::exact`] tells whether they did.
pub(crate) fn scalar_lane(values: &[i64]) -> Lane {
    let mut prefix_sum = 0_i64;
    // The smallest prefix sum before a possible start, and that start.
    let mut lowest = i64::MAX;
    let mut lowest_at = 0_i64;
    let (mut best, mut best_start, mut best_end) = (i64::MIN, 0_i64, 0_i64);
    let (mut prefix, mut prefix_end) = (i64::MIN, 0_i64);
    let (mut low, mut high) = (i64::MAX, i64::MIN);
    for (t, &x) in values.iter().enumerate() {
        let t = t as i64;
        // Strict comparisons keep the first of equal candidates: the
        // smallest start, the smallest end.
        let lower = prefix_sum < lowest;
        lowest = select(lower, prefix_sum, lowest);
        lowest_at = select(lower, t, lowest_at);
        prefix_sum = prefix_sum.wrapping_add(x);
        let candidate = prefix_sum.wrapping_sub(lowest);
        let improves = candidate > best;
        best = select(improves, candidate, best);
        best_start = select(improves, lowest_at, best_start);
        best_end = select(improves, t, best_end);
        let higher = prefix_sum > prefix;
        prefix = select(higher, prefix_sum, prefix);
        prefix_end = select(higher, t, prefix_end);
        low = low.min(x);
        high = high.max(x);
    }
    Lane {
        len: values.len(),
        total: prefix_sum,
        prefix,
        prefix_end,
        suffix: prefix_sum.wrapping_sub(lowest),
        suffix_start: lowest_at,
        best,
        best_start,
        best_end,
        low,
        high,
    }
}

/// `if condition { a } else { b }` as arithmetic, so that the compiler emits
/// no branch for an unpredictable condition.
#[inline(always)]
fn select(condition: bool, a: i64, b: i64) -> i64 {
    let mask = -(condition as i64);
    (a & mask) | (b & !mask)
}

#[cfg(target_arch = "x86_64")]
mod avx512 {
    use std::arch::x86_64::*;

    use super::Lane;
    use crate::cpu;

    /// Eight lanes at once: lane `k` summarises
    /// `values[k * lane_len..(k + 1) * lane_len]`; the token proves that the
    /// CPU has AVX-512.
    ///
    /// # Safety
    ///
    /// `values.len() == 8 * lane_len` and `lane_len` is a positive multiple
    /// of 8.
    pub(super) unsafe fn lanes(cpu: cpu::Avx512, values: &[i64], lane_len: usize) -> [Lane; 8] {
        let _ = cpu;
        // SAFETY: the token proves AVX-512F; the caller keeps the lengths.
        unsafe { lanes_avx512(values, lane_len) }
    }

    /// [`lanes`], compiled for AVX-512F.
    ///
    /// # Safety
    ///
    /// As [`lanes`], and the CPU has AVX-512F.
    #[target_feature(enable = "avx512f")]
    unsafe fn lanes_avx512(values: &[i64], lane_len: usize) -> [Lane; 8] {
        debug_assert!(values.len() == 8 * lane_len && lane_len.is_multiple_of(8) && lane_len > 0);
        let base = values.as_ptr();
        let mut prefix_sum = _mm512_setzero_si512();
        let mut lowest = _mm512_set1_epi64(i64::MAX);
        let mut lowest_at = _mm512_setzero_si512();
        let mut best = _mm512_set1_epi64(i64::MIN);
        let mut best_start = _mm512_setzero_si512();
        let mut best_end = _mm512_setzero_si512();
        let mut prefix = _mm512_set1_epi64(i64::MIN);
        let mut prefix_end = _mm512_setzero_si512();
        let mut low = _mm512_set1_epi64(i64::MAX);
        let mut high = _mm512_set1_epi64(i64::MIN);
        let mut t = _mm512_setzero_si512();
        let one = _mm512_set1_epi64(1);
        let mut offset = 0;
        while offset < lane_len {
            // Eight consecutive elements of each lane, turned so that vector
            // `j` holds element `offset + j` of every lane.
            let mut rows = [_mm512_setzero_si512(); 8];
            for (k, row) in rows.iter_mut().enumerate() {
                // SAFETY: offset + 8 <= lane_len, so the eight elements lie
                // inside lane k.
                *row = unsafe { _mm512_loadu_si512(base.add(k * lane_len + offset).cast()) };
            }
            let columns = transpose(rows);
            for x in columns {
                let lower = _mm512_cmplt_epi64_mask(prefix_sum, lowest);
                lowest = _mm512_min_epi64(lowest, prefix_sum);
                lowest_at = _mm512_mask_mov_epi64(lowest_at, lower, t);
                prefix_sum = _mm512_add_epi64(prefix_sum, x);
                let candidate = _mm512_sub_epi64(prefix_sum, lowest);
                let improves = _mm512_cmpgt_epi64_mask(candidate, best);
                best = _mm512_max_epi64(best, candidate);
                best_start = _mm512_mask_mov_epi64(best_start, improves, lowest_at);
                best_end = _mm512_mask_mov_epi64(best_end, improves, t);
                let higher = _mm512_cmpgt_epi64_mask(prefix_sum, prefix);
                prefix = _mm512_max_epi64(prefix, prefix_sum);
                prefix_end = _mm512_mask_mov_epi64(prefix_end, higher, t);
                low = _mm512_min_epi64(low, x);
                high = _mm512_max_epi64(high, x);
                t = _mm512_add_epi64(t, one);
            }
            offset += 8;
        }
        let suffix = _mm512_sub_epi64(prefix_sum, lowest);
        let get = |v: __m512i| -> [i64; 8] {
            let mut out = [0_i64; 8];
            // SAFETY: `out` has room for eight i64.
            unsafe { _mm512_storeu_si512(out.as_mut_ptr().cast(), v) };
            out
        };
        let (total, suffix, suffix_start) = (get(prefix_sum), get(suffix), get(lowest_at));
        let (best, best_start, best_end) = (get(best), get(best_start), get(best_end));
        let (prefix, prefix_end, low, high) = (get(prefix), get(prefix_end), get(low), get(high));
        std::array::from_fn(|k| Lane {
            len: lane_len,
            total: total[k],
            prefix: prefix[k],
            prefix_end: prefix_end[k],
            suffix: suffix[k],
            suffix_start: suffix_start[k],
            best: best[k],
            best_start: best_start[k],
            best_end: best_end[k],
            low: low[k],
            high: high[k],
        })
    }

    /// The 8×8 transpose of 64-bit elements: `rows[k][j]` becomes
    /// `out[j][k]`.
    #[target_feature(enable = "avx512f")]
    fn transpose(rows: [__m512i; 8]) -> [__m512i; 8] {
        // Pairs of rows interleaved: a[i] holds rows 2i, 2i+1 at even
        // columns (lo) and odd columns (hi).
        let lo = |a, b| _mm512_unpacklo_epi64(a, b);
        let hi = |a, b| _mm512_unpackhi_epi64(a, b);
        let (r0, r1, r2, r3) = (rows[0], rows[1], rows[2], rows[3]);
        let (r4, r5, r6, r7) = (rows[4], rows[5], rows[6], rows[7]);
        // [r0c0 r1c0 r0c2 r1c2 r0c4 r1c4 r0c6 r1c6] and so on.
        let (a0, a1) = (lo(r0, r1), hi(r0, r1));
        let (b0, b1) = (lo(r2, r3), hi(r2, r3));
        let (c0, c1) = (lo(r4, r5), hi(r4, r5));
        let (d0, d1) = (lo(r6, r7), hi(r6, r7));
        // Four rows per column: [r0 r1 r2 r3 of column c, of column c + 4].
        let first = _mm512_set_epi64(13, 12, 5, 4, 9, 8, 1, 0);
        let second = _mm512_set_epi64(15, 14, 7, 6, 11, 10, 3, 2);
        let join = |x, y, index| _mm512_permutex2var_epi64(x, index, y);
        let (e0, e2) = (join(a0, b0, first), join(a0, b0, second));
        let (e1, e3) = (join(a1, b1, first), join(a1, b1, second));
        let (f0, f2) = (join(c0, d0, first), join(c0, d0, second));
        let (f1, f3) = (join(c1, d1, first), join(c1, d1, second));
        // Eight rows per column.
        let low_half = _mm512_set_epi64(11, 10, 9, 8, 3, 2, 1, 0);
        let high_half = _mm512_set_epi64(15, 14, 13, 12, 7, 6, 5, 4);
        [
            join(e0, f0, low_half),
            join(e1, f1, low_half),
            join(e2, f2, low_half),
            join(e3, f3, low_half),
            join(e0, f0, high_half),
            join(e1, f1, high_half),
            join(e2, f2, high_half),
            join(e3, f3, high_half),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::subarray::ChunkSummary;

    fn reference(values: &[i64]) -> ChunkSummary<i128> {
        ChunkSummary::of_values(values).unwrap()
    }

    #[test]
    fn scalar_lane_matches_the_plain_summary() {
        let values: Vec<i64> = (0..1000).map(|i| (i * 7919 % 211) - 110).collect();
        for len in 1..values.len() {
            let lane = scalar_lane(&values[..len]).exact().unwrap();
            assert_eq!(lane, reference(&values[..len]), "len {len}");
        }
    }

    #[test]
    fn every_kernel_matches_the_plain_summary_on_every_block_shape() {
        let values: Vec<i64> = (0..3 * BLOCK as i64 + 77)
            .map(|i| (i * 104_729 % 1999) - 1000 + i % 3)
            .collect();
        for len in [
            1,
            7,
            63,
            64,
            65,
            127,
            128,
            640,
            4095,
            4096,
            4097,
            values.len(),
        ] {
            let slice = &values[..len];
            assert_eq!(summarize_i64(slice), reference(slice), "len {len}");
            assert_eq!(block(None, slice), reference(slice), "len {len}");
        }
    }

    #[test]
    fn extreme_values_fall_back_to_exact_sums() {
        let mut values = vec![i64::MAX; 200];
        values[100] = i64::MIN;
        values.extend(vec![i64::MIN; 100]);
        assert_eq!(summarize_i64(&values), reference(&values));
        assert_eq!(block(None, &values), reference(&values));
    }
}
