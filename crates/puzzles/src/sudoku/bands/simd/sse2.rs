//! The kernels with SSE2, which every x86-64 CPU has.

use super::{BOXES, COLUMN, Kernel, Lanes, MINIROWS, ROW};
use core::arch::x86_64::*;

/// The kernels with SSE2, which every x86-64 CPU has.
#[derive(Clone, Copy)]
pub(crate) struct Sse2;

#[inline(always)]
fn load(lanes: &Lanes) -> __m128i {
    // SAFETY: `Lanes` is 16 readable bytes; the load is unaligned.
    unsafe { _mm_loadu_si128(lanes.as_ptr().cast()) }
}

#[inline(always)]
fn store(lanes: &mut Lanes, x: __m128i) {
    // SAFETY: `Lanes` is 16 writable bytes; the store is unaligned.
    unsafe { _mm_storeu_si128(lanes.as_mut_ptr().cast(), x) }
}

#[inline(always)]
fn zero() -> __m128i {
    // SAFETY: SSE2 is part of x86-64; no memory is touched.
    unsafe { _mm_setzero_si128() }
}

#[inline(always)]
fn splat(x: u32) -> __m128i {
    // SAFETY: SSE2 is part of x86-64; no memory is touched.
    unsafe { _mm_set1_epi32(x as i32) }
}

#[inline(always)]
fn or(a: __m128i, b: __m128i) -> __m128i {
    // SAFETY: SSE2 is part of x86-64; no memory is touched.
    unsafe { _mm_or_si128(a, b) }
}

#[inline(always)]
fn and(a: __m128i, b: __m128i) -> __m128i {
    // SAFETY: SSE2 is part of x86-64; no memory is touched.
    unsafe { _mm_and_si128(a, b) }
}

#[inline(always)]
fn xor(a: __m128i, b: __m128i) -> __m128i {
    // SAFETY: SSE2 is part of x86-64; no memory is touched.
    unsafe { _mm_xor_si128(a, b) }
}

/// `a & !b`.
#[inline(always)]
fn and_not(a: __m128i, b: __m128i) -> __m128i {
    // SAFETY: SSE2 is part of x86-64; no memory is touched.
    unsafe { _mm_andnot_si128(b, a) }
}

#[inline(always)]
fn right<const N: i32>(a: __m128i) -> __m128i {
    // SAFETY: SSE2 is part of x86-64; no memory is touched.
    unsafe { _mm_srli_epi32::<N>(a) }
}

#[inline(always)]
fn left<const N: i32>(a: __m128i) -> __m128i {
    // SAFETY: SSE2 is part of x86-64; no memory is touched.
    unsafe { _mm_slli_epi32::<N>(a) }
}

/// Lane `b` takes lane `b + 1` (mod 3) of `a`: the next band.
#[inline(always)]
fn next_band(a: __m128i) -> __m128i {
    // SAFETY: SSE2 is part of x86-64; no memory is touched.
    unsafe { _mm_shuffle_epi32::<0b11_00_10_01>(a) }
}

/// Lane `b` takes lane `b + 2` (mod 3) of `a`.
#[inline(always)]
fn band_after_next(a: __m128i) -> __m128i {
    // SAFETY: SSE2 is part of x86-64; no memory is touched.
    unsafe { _mm_shuffle_epi32::<0b11_01_00_10>(a) }
}

#[inline(always)]
fn is_zero(x: __m128i) -> bool {
    // SAFETY: SSE2 is part of x86-64; no memory is touched.
    unsafe { _mm_movemask_epi8(_mm_cmpeq_epi32(x, _mm_setzero_si128())) == 0xffff }
}

/// Each cell and the two to its right: a minirow from its first cell.
#[inline(always)]
fn spread_right(a: __m128i) -> __m128i {
    or(a, or(left::<1>(a), left::<2>(a)))
}

/// Each minirow and the two after it: a row from its first minirow.
#[inline(always)]
fn spread_boxes(a: __m128i) -> __m128i {
    or(a, or(left::<3>(a), left::<6>(a)))
}

/// Each cell of the first row and the same column below it.
#[inline(always)]
fn spread_down(a: __m128i) -> __m128i {
    or(a, or(left::<9>(a), left::<18>(a)))
}

#[inline(always)]
fn minirows(a: __m128i) -> __m128i {
    and(or(a, or(right::<1>(a), right::<2>(a))), splat(MINIROWS))
}

#[inline(always)]
fn minicolumns(a: __m128i) -> __m128i {
    and(or(a, or(right::<9>(a), right::<18>(a))), splat(ROW))
}

impl Kernel for Sse2 {
    /// Nine compares of 16 bytes.
    #[inline(always)]
    fn changed_words(
        self,
        cells: &[Lanes; 9],
        settled: &[Lanes; 9],
        unsolved: Lanes,
        placed: &[Lanes; 9],
    ) -> u64 {
        let unsolved = load(&unsolved);
        let mut same = 0u64;
        for d in 0..9 {
            let open = and(load(&cells[d]), or(unsolved, load(&placed[d])));
            // SAFETY: SSE2 is part of every x86-64 CPU.
            let equal = unsafe {
                _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(open, load(&settled[d]))))
            };
            same |= (equal as u64) << (4 * d);
        }
        !same & 0x777_777_777
    }

    /// Six compares of 16 bytes.
    #[inline(always)]
    fn given_cells(self, givens: &[u8; 81]) -> u128 {
        let mut empty = 0;
        for start in [0, 16, 32, 48, 64] {
            empty |= empty16(givens, start) << start;
        }
        // The last cell, 80: bytes 65 to 80, of which only the last is new.
        empty |= empty16(givens, 65) << 65;
        !empty & ((1 << 81) - 1)
    }

    #[inline(always)]
    fn digit_counts(self, cells: &[Lanes; 9]) -> [Lanes; 3] {
        let zero = zero();
        let (mut some, mut several, mut three) = (zero, zero, zero);
        for digit in cells {
            let x = load(digit);
            three = or(three, and(several, x));
            several = or(several, and(some, x));
            some = or(some, x);
        }
        let mut out = [[0; 4]; 3];
        store(&mut out[0], some);
        store(&mut out[1], several);
        store(&mut out[2], three);
        out
    }

    #[inline(always)]
    fn column_singles(
        self,
        cells: &[Lanes; 9],
        unsolved: Lanes,
        singles: &mut [Lanes; 9],
    ) -> Option<bool> {
        let unsolved = load(&unsolved);
        let row = splat(ROW);
        let mut any = zero();
        let mut missing = zero();
        for (digit, out) in cells.iter().zip(singles) {
            let word = load(digit);
            let seen = minicolumns(word);
            let everywhere = or(seen, or(next_band(seen), band_after_next(seen)));
            missing = or(missing, and_not(row, everywhere));
            let a = and(word, unsolved);
            let x = and(a, row);
            let y = and(right::<9>(a), row);
            let z = right::<18>(a);
            let present = or(x, or(y, z));
            let others = or(next_band(present), band_after_next(present));
            let once = and_not(and_not(xor(x, xor(y, z)), and(x, and(y, z))), others);
            let spread = or(once, or(left::<9>(once), left::<18>(once)));
            let single = and(a, spread);
            store(out, single);
            any = or(any, single);
        }
        // Lane 3 is empty in every digit: only the bands count.
        if !is_zero(and(missing, load(&[u32::MAX, u32::MAX, u32::MAX, 0]))) {
            return None;
        }
        Some(!is_zero(any))
    }

    #[inline(always)]
    fn triads(self, cells: &mut [Lanes; 9], unsolved: Lanes) -> Option<bool> {
        let zero = zero();
        let mut rows = [zero; 9];
        let mut cols = [zero; 9];
        let mut r = [zero; 4];
        let mut c = [zero; 4];
        for d in 0..9 {
            let a = load(&cells[d]);
            let h = minirows(a);
            let v = minicolumns(a);
            rows[d] = h;
            cols[d] = v;

            r[3] = or(r[3], and(r[2], h));
            r[2] = or(r[2], and(r[1], h));
            r[1] = or(r[1], and(r[0], h));
            r[0] = or(r[0], h);
            c[3] = or(c[3], and(c[2], v));
            c[2] = or(c[2], and(c[1], v));
            c[1] = or(c[1], and(c[0], v));
            c[0] = or(c[0], v);
        }
        let unsolved = load(&unsolved);
        let open_rows = minirows(unsolved);
        let open_cols = minicolumns(unsolved);
        let short = or(and_not(open_rows, r[2]), and_not(open_cols, c[2]));
        if !is_zero(short) {
            return None;
        }
        let exact_rows = and_not(and(open_rows, r[2]), r[3]);
        let exact_cols = and_not(and(open_cols, c[2]), c[3]);
        if is_zero(or(exact_rows, exact_cols)) {
            return Some(false);
        }
        let mut changed = zero;
        for d in 0..9 {
            let locked_rows = and(rows[d], exact_rows);
            let locked_cols = and(cols[d], exact_cols);
            if is_zero(or(locked_rows, locked_cols)) {
                continue;
            }
            // A locked minirow: the rest of its row and of its box.
            let fill = spread_right(locked_rows);
            let starts = and(
                or(
                    locked_rows,
                    or(right::<3>(locked_rows), right::<6>(locked_rows)),
                ),
                splat(COLUMN),
            );
            let whole_rows = spread_boxes(spread_right(starts));
            let boxes = spread_down(spread_right(and(
                or(
                    locked_rows,
                    or(right::<9>(locked_rows), right::<18>(locked_rows)),
                ),
                splat(BOXES),
            )));
            let mut remove = and_not(or(whole_rows, boxes), fill);
            // A locked minicolumn: the rest of its box, and its column
            // in the other bands.
            let fill = spread_down(locked_cols);
            let boxes = spread_down(spread_right(and(
                or(
                    locked_cols,
                    or(right::<1>(locked_cols), right::<2>(locked_cols)),
                ),
                splat(BOXES),
            )));
            remove = or(remove, and_not(boxes, fill));
            remove = or(remove, or(next_band(fill), band_after_next(fill)));
            let word = load(&cells[d]);
            changed = or(changed, and(word, remove));
            store(&mut cells[d], and_not(word, remove));
        }
        Some(!is_zero(changed))
    }
}

/// The 16 bytes of `givens` from `start` that are zero, as bits.
#[inline(always)]
fn empty16(givens: &[u8; 81], start: usize) -> u128 {
    let bytes = &givens[start..start + 16];
    // SAFETY: `bytes` is 16 readable bytes; the load is unaligned.
    let x = unsafe { _mm_loadu_si128(bytes.as_ptr().cast()) };
    // SAFETY: SSE2 is part of x86-64.
    let mask = unsafe { _mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_setzero_si128())) };
    u128::from(mask as u16)
}
