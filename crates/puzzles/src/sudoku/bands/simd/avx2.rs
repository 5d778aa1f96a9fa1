//! The whole-board passes with AVX2: two digits' words to a 256-bit
//! register (digits 0–7 in pairs, digit 8 alone in the low half), so a
//! pass over the nine digits takes five steps instead of nine.
//!
//! The CPU has AVX2 wherever this module's code runs: its functions are
//! private, and the way in is the kernel type [`Avx2`], made only from a
//! [`cpu::Avx2`] token (the passes take the token too). The search that
//! runs this kernel is compiled for AVX2, and inlines these.

use super::sse2::Sse2;
use super::{Kernel, Lanes, MINIROWS, ROW};
use crate::cpu;
use core::arch::x86_64::*;

type V = __m256i;

/// Digits `d` and `d + 1` (`d` even, below 8), or digit 8 and an empty
/// upper half (`d == 8`).
#[inline(always)]
fn load(cells: &[Lanes; 9], d: usize) -> V {
    if d < 8 {
        let pair: &[Lanes; 2] = cells[d..d + 2].try_into().expect("two digits");
        // SAFETY: AVX2 (the module docs say why); `pair` is 32 readable bytes, loaded unaligned.
        unsafe { _mm256_loadu_si256(pair.as_ptr().cast()) }
    } else {
        // SAFETY: AVX2 (the module docs say why); `cells[8]` is 16 readable bytes, loaded unaligned.
        unsafe { _mm256_zextsi128_si256(_mm_loadu_si128(cells[8].as_ptr().cast())) }
    }
}

/// Stores what [`load`] loads from the same `d`.
#[inline(always)]
fn store(cells: &mut [Lanes; 9], d: usize, x: V) {
    if d < 8 {
        let pair: &mut [Lanes; 2] = (&mut cells[d..d + 2]).try_into().expect("two digits");
        // SAFETY: AVX2 (the module docs say why); `pair` is 32 writable bytes, stored unaligned.
        unsafe { _mm256_storeu_si256(pair.as_mut_ptr().cast(), x) }
    } else {
        // SAFETY: AVX2 (the module docs say why); `cells[8]` is 16 writable bytes, stored unaligned.
        unsafe { _mm_storeu_si128(cells[8].as_mut_ptr().cast(), _mm256_castsi256_si128(x)) }
    }
}

/// The first digit of each step: pairs, then digit 8.
const STEPS: [usize; 5] = [0, 2, 4, 6, 8];

#[inline(always)]
fn zero() -> V {
    // SAFETY: AVX2, which the CPU has (the module docs say why); no memory is touched.
    unsafe { _mm256_setzero_si256() }
}

#[inline(always)]
fn splat(x: u32) -> V {
    // SAFETY: AVX2, which the CPU has (the module docs say why); no memory is touched.
    unsafe { _mm256_set1_epi32(x as i32) }
}

#[inline(always)]
fn twice(x: __m128i) -> V {
    // SAFETY: AVX2, which the CPU has (the module docs say why); no memory is touched.
    unsafe { _mm256_broadcastsi128_si256(x) }
}

#[inline(always)]
fn or(a: V, b: V) -> V {
    // SAFETY: AVX2, which the CPU has (the module docs say why); no memory is touched.
    unsafe { _mm256_or_si256(a, b) }
}

#[inline(always)]
fn and(a: V, b: V) -> V {
    // SAFETY: AVX2, which the CPU has (the module docs say why); no memory is touched.
    unsafe { _mm256_and_si256(a, b) }
}

#[inline(always)]
fn xor(a: V, b: V) -> V {
    // SAFETY: AVX2, which the CPU has (the module docs say why); no memory is touched.
    unsafe { _mm256_xor_si256(a, b) }
}

#[inline(always)]
fn and_not(a: V, b: V) -> V {
    // SAFETY: AVX2, which the CPU has (the module docs say why); no memory is touched.
    unsafe { _mm256_andnot_si256(b, a) }
}

#[inline(always)]
fn right<const N: i32>(a: V) -> V {
    // SAFETY: AVX2, which the CPU has (the module docs say why); no memory is touched.
    unsafe { _mm256_srli_epi32::<N>(a) }
}

#[inline(always)]
fn left<const N: i32>(a: V) -> V {
    // SAFETY: AVX2, which the CPU has (the module docs say why); no memory is touched.
    unsafe { _mm256_slli_epi32::<N>(a) }
}

#[inline(always)]
fn next_band(a: V) -> V {
    // SAFETY: AVX2, which the CPU has (the module docs say why); no memory is touched.
    unsafe { _mm256_shuffle_epi32::<0b11_00_10_01>(a) }
}

#[inline(always)]
fn band_after_next(a: V) -> V {
    // SAFETY: AVX2, which the CPU has (the module docs say why); no memory is touched.
    unsafe { _mm256_shuffle_epi32::<0b11_01_00_10>(a) }
}

#[inline(always)]
fn is_zero(x: V) -> bool {
    // SAFETY: AVX2, which the CPU has (the module docs say why); no memory is touched.
    unsafe { _mm256_testz_si256(x, x) == 1 }
}

#[inline(always)]
fn halves(x: V) -> (__m128i, __m128i) {
    // SAFETY: AVX2, which the CPU has (the module docs say why); no memory is touched.
    unsafe { (_mm256_castsi256_si128(x), _mm256_extracti128_si256::<1>(x)) }
}

#[inline(always)]
fn minicolumns(a: V) -> V {
    and(or(a, or(right::<9>(a), right::<18>(a))), splat(ROW))
}

/// As [`super::Kernel::changed_words`].
#[inline(always)]
fn changed_words(
    _: cpu::Avx2,
    cells: &[Lanes; 9],
    settled: &[Lanes; 9],
    unsolved: Lanes,
    placed: &[Lanes; 9],
) -> u64 {
    // SAFETY: AVX2 (the module docs say why); `unsolved` is 16 readable bytes, loaded unaligned.
    let unsolved = twice(unsafe { _mm_loadu_si128(unsolved.as_ptr().cast()) });
    let mut same = 0u64;
    for d in STEPS {
        let open = and(load(cells, d), or(unsolved, load(placed, d)));
        // SAFETY: AVX2, which the CPU has (the module docs say why); no memory is touched.
        let equal = unsafe {
            _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(
                open,
                load(settled, d),
            )))
        };
        same |= (equal as u64) << (4 * d);
    }
    !same & 0x777_777_777
}

/// As [`super::Kernel::digit_counts`].
#[inline(always)]
fn digit_counts(_: cpu::Avx2, cells: &[Lanes; 9]) -> [Lanes; 3] {
    let (mut some, mut several, mut three) = (zero(), zero(), zero());
    for d in STEPS {
        let x = load(cells, d);
        three = or(three, and(several, x));
        several = or(several, and(some, x));
        some = or(some, x);
    }
    let ((s0, s1), (v0, v1), (t0, t1)) = (halves(some), halves(several), halves(three));
    let mut out = [[0; 4]; 3];
    // SAFETY: AVX2 (the module docs say why); each store writes 16 bytes, one `Lanes` of `out`, unaligned.
    unsafe {
        let some = _mm_or_si128(s0, s1);
        let several = _mm_or_si128(_mm_or_si128(v0, v1), _mm_and_si128(s0, s1));
        let three = _mm_or_si128(
            _mm_or_si128(t0, t1),
            _mm_or_si128(_mm_and_si128(v0, s1), _mm_and_si128(s0, v1)),
        );
        for (out, count) in out.iter_mut().zip([some, several, three]) {
            _mm_storeu_si128(out.as_mut_ptr().cast(), count);
        }
    }
    out
}

/// As [`super::Kernel::column_singles`].
#[inline(always)]
fn column_singles(
    _: cpu::Avx2,
    cells: &[Lanes; 9],
    unsolved: Lanes,
    singles: &mut [Lanes; 9],
) -> Option<bool> {
    // SAFETY: AVX2 (the module docs say why); `unsolved` is 16 readable bytes, loaded unaligned.
    let unsolved = twice(unsafe { _mm_loadu_si128(unsolved.as_ptr().cast()) });
    let row = splat(ROW);
    let mut any = zero();
    let mut missing = zero();
    for d in STEPS {
        let word = load(cells, d);
        let seen = minicolumns(word);
        let everywhere = or(seen, or(next_band(seen), band_after_next(seen)));
        // The bands only (lane 3 of each half is empty), and only the
        // low half for digit 8.
        let lanes = if d < 8 {
            // SAFETY: AVX2, which the CPU has (the module docs say why); no memory is touched.
            unsafe { _mm256_setr_epi32(-1, -1, -1, 0, -1, -1, -1, 0) }
        } else {
            // SAFETY: AVX2, which the CPU has (the module docs say why); no memory is touched.
            unsafe { _mm256_setr_epi32(-1, -1, -1, 0, 0, 0, 0, 0) }
        };
        missing = or(missing, and(lanes, and_not(row, everywhere)));
        let a = and(word, unsolved);
        let x = and(a, row);
        let y = and(right::<9>(a), row);
        let z = right::<18>(a);
        let present = or(x, or(y, z));
        let others = or(next_band(present), band_after_next(present));
        let once = and_not(and_not(xor(x, xor(y, z)), and(x, and(y, z))), others);
        let spread = or(once, or(left::<9>(once), left::<18>(once)));
        let single = and(a, spread);
        store(singles, d, single);
        any = or(any, single);
    }
    if !is_zero(missing) {
        return None;
    }
    Some(!is_zero(any))
}

/// The SSE2 kernels, and BMI2's `pext` for the minirow patterns where
/// the tables take three lookups, and some passes two digits to a
/// 256-bit register; made only from a [`cpu::Avx2`] token.
#[derive(Clone, Copy)]
pub(crate) struct Avx2(cpu::Avx2);

impl Avx2 {
    #[inline(always)]
    pub(crate) fn new(cpu: cpu::Avx2) -> Avx2 {
        Avx2(cpu)
    }
}

impl Kernel for Avx2 {
    #[inline(always)]
    fn given_cells(self, givens: &[u8; 81]) -> u128 {
        Sse2.given_cells(givens)
    }

    #[inline(always)]
    fn changed_words(
        self,
        cells: &[Lanes; 9],
        settled: &[Lanes; 9],
        unsolved: Lanes,
        placed: &[Lanes; 9],
    ) -> u64 {
        changed_words(self.0, cells, settled, unsolved, placed)
    }

    #[inline(always)]
    fn digit_counts(self, cells: &[Lanes; 9]) -> [Lanes; 3] {
        digit_counts(self.0, cells)
    }

    #[inline(always)]
    fn column_singles(
        self,
        cells: &[Lanes; 9],
        unsolved: Lanes,
        singles: &mut [Lanes; 9],
    ) -> Option<bool> {
        column_singles(self.0, cells, unsolved, singles)
    }

    #[inline(always)]
    fn minirow_pattern(self, a: u32) -> usize {
        let first_cells = (a | a >> 1 | a >> 2) & MINIROWS;
        // SAFETY: `self` holds a `cpu::Avx2` token, so the CPU has BMI2.
        unsafe { core::arch::x86_64::_pext_u32(first_cells, MINIROWS) as usize }
    }

    #[inline(always)]
    fn triads(self, cells: &mut [Lanes; 9], unsolved: Lanes) -> Option<bool> {
        // Two digits to a register was no faster here: the pass is mostly
        // its second, per-digit loop.
        Sse2.triads(cells, unsolved)
    }
}
