//! The changed words with AVX-512: four digits' words to a 512-bit
//! register, and a compare that yields its mask directly. (The digit
//! counts and column singles stay on the AVX2 kernel: four digits to a
//! register, with masked loads for digit 8, were slower.) Each function takes
//! a [`cpu::Avx512`](crate::cpu::Avx512) token: the CPU has the features.

use super::avx2::Avx2;
use super::sse2::Sse2;
use super::{Kernel, Lanes};
use crate::cpu;
use core::arch::x86_64::*;

/// As [`super::Kernel::changed_words`].
#[inline(always)]
fn changed_words(
    _: cpu::Avx512,
    cells: &[Lanes; 9],
    settled: &[Lanes; 9],
    unsolved: Lanes,
    placed: &[Lanes; 9],
) -> u64 {
    // SAFETY: the intrinsics need AVX-512 F and VL, which the CPU has
    // (the token); each load reads 64 bytes (four digits) at digit 0 or
    // 4, or 16 (one) at digit 8, within the arrays, unaligned.
    unsafe {
        let four = |lanes: &[Lanes; 9], d: usize| {
            let digits: &[Lanes; 4] = lanes[d..d + 4].try_into().expect("four digits");
            _mm512_loadu_si512(digits.as_ptr().cast())
        };
        let one = |lanes: &[Lanes; 9]| _mm_loadu_si128(lanes[8].as_ptr().cast());
        let unsolved = _mm_loadu_si128(unsolved.as_ptr().cast());
        let wide = _mm512_broadcast_i32x4(unsolved);
        let mut same = 0u64;
        for d in [0, 4] {
            let open = _mm512_and_si512(four(cells, d), _mm512_or_si512(wide, four(placed, d)));
            same |= u64::from(_mm512_cmpeq_epi32_mask(open, four(settled, d))) << (4 * d);
        }
        let open = _mm_and_si128(one(cells), _mm_or_si128(unsolved, one(placed)));
        same |= u64::from(_mm_cmpeq_epi32_mask(open, one(settled))) << 32;
        !same & 0x777_777_777
    }
}

/// As [`super::Kernel::digits_at`]: the nine words of the band shifted
/// and tested at once, where a loop over the digits took a ninth of
/// the time counting the hardest puzzles (it runs for every cell with
/// two digits at a guess).
#[inline(always)]
fn digits_at(_: cpu::Avx512, cells: &[Lanes; 9], band: usize, i: u32) -> u16 {
    debug_assert!(band < 3 && i < 27);
    // SAFETY: the intrinsics need AVX-512 F and VL and BMI2, which the
    // CPU has (the token); the loads read digits 0–3, 4–7 (64 bytes
    // each) and 8 (16 bytes) within `cells`, unaligned.
    unsafe {
        let four = |d: usize| {
            let digits: &[Lanes; 4] = cells[d..d + 4].try_into().expect("four digits");
            _mm512_loadu_si512(digits.as_ptr().cast())
        };
        let shift = _mm_cvtsi32_si128(i as i32);
        let low = _mm512_srl_epi32(four(0), shift);
        let high = _mm512_srl_epi32(four(4), shift);
        let last = _mm_srl_epi32(_mm_loadu_si128(cells[8].as_ptr().cast()), shift);
        // Bit `4 * d + b` of each mask: cell `i` of band `b` open to
        // digit `d` (of the four).
        let low = u32::from(_mm512_test_epi32_mask(low, _mm512_set1_epi32(1)));
        let high = u32::from(_mm512_test_epi32_mask(high, _mm512_set1_epi32(1)));
        let last = u32::from(_mm_test_epi32_mask(last, _mm_set1_epi32(1)));
        let lanes = 0x1111 << band;
        (_pext_u32(low, lanes) | _pext_u32(high, lanes) << 4 | _pext_u32(last, lanes) << 8) as u16
    }
}

/// The AVX2 kernels, but for the changed words four digits to a
/// 512-bit register; made only from a [`cpu::Avx512`] token.
#[derive(Clone, Copy)]
pub(crate) struct Avx512(cpu::Avx512);

impl Avx512 {
    #[inline(always)]
    pub(crate) fn new(cpu: cpu::Avx512) -> Avx512 {
        Avx512(cpu)
    }

    /// The AVX2 kernels, which the same CPU has.
    #[inline(always)]
    fn avx2(self) -> Avx2 {
        Avx2::new(self.0.avx2())
    }
}

impl Kernel for Avx512 {
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
        self.avx2().digit_counts(cells)
    }

    #[inline(always)]
    fn digits_at(self, cells: &[Lanes; 9], band: usize, i: u32) -> u16 {
        digits_at(self.0, cells, band, i)
    }

    #[inline(always)]
    fn column_singles(
        self,
        cells: &[Lanes; 9],
        unsolved: Lanes,
        singles: &mut [Lanes; 9],
    ) -> Option<bool> {
        self.avx2().column_singles(cells, unsolved, singles)
    }

    #[inline(always)]
    fn minirow_pattern(self, a: u32) -> usize {
        self.avx2().minirow_pattern(a)
    }

    #[inline(always)]
    fn triads(self, cells: &mut [Lanes; 9], unsolved: Lanes) -> Option<bool> {
        self.avx2().triads(cells, unsolved)
    }
}
