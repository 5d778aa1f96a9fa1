//! The lane search on AVX2: eight lanes a register, blends, and a table
//! for the expand that AVX-512 has built in.

use std::arch::x86_64::*;

use super::super::rules::{Reduction, Tallies};
use super::jobs::{Jobs, LANES, Tail};
use super::search::{Pair, Simd, dispatch};
use crate::cpu::Avx2;

/// For each set of lanes (a byte), each lane's rank among them, four bits
/// per lane: the permutation that expands consecutive values into them.
static EXPAND: [u32; 256] = {
    let mut table = [0u32; 256];
    let mut bits = 0;
    while bits < 256 {
        let mut rank = 0;
        let mut lane = 0;
        while lane < 8 {
            if bits >> lane & 1 != 0 {
                table[bits] |= rank << (4 * lane);
                rank += 1;
            }
            lane += 1;
        }
        bits += 1;
    }
    table
};

// SAFETY (every `unsafe` block in this impl): an `Avx2` token exists only
// when the processor has AVX2, BMI1, BMI2 and POPCNT (see
// `cpu::Avx2::detect`), and the memory accesses stay inside the arrays
// named.
impl Simd for Avx2 {
    type V = __m256i;
    const LANES: usize = 8;
    #[inline(always)]
    fn splat(self, value: u32) -> __m256i {
        // SAFETY: see the impl.
        unsafe { _mm256_set1_epi32(value as i32) }
    }

    #[inline(always)]
    fn and(self, a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: see the impl.
        unsafe { _mm256_and_si256(a, b) }
    }

    #[inline(always)]
    fn or(self, a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: see the impl.
        unsafe { _mm256_or_si256(a, b) }
    }

    #[inline(always)]
    fn xor(self, a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: see the impl.
        unsafe { _mm256_xor_si256(a, b) }
    }

    #[inline(always)]
    fn andnot(self, a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: see the impl.
        unsafe { _mm256_andnot_si256(a, b) }
    }

    #[inline(always)]
    fn sub(self, a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: see the impl.
        unsafe { _mm256_sub_epi32(a, b) }
    }

    #[inline(always)]
    fn shl<const BITS: i32>(self, a: __m256i) -> __m256i {
        // SAFETY: see the impl.
        unsafe { _mm256_slli_epi32::<BITS>(a) }
    }

    #[inline(always)]
    fn shr<const BITS: i32>(self, a: __m256i) -> __m256i {
        // SAFETY: see the impl.
        unsafe { _mm256_srli_epi32::<BITS>(a) }
    }

    #[inline(always)]
    fn eq(self, a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: see the impl.
        unsafe { _mm256_cmpeq_epi32(a, b) }
    }

    #[inline(always)]
    fn gt(self, a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: see the impl.
        unsafe { _mm256_cmpgt_epi32(a, b) }
    }

    #[inline(always)]
    fn select(self, mask: __m256i, a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: see the impl.
        unsafe { _mm256_blendv_epi8(a, b, mask) }
    }

    #[inline(always)]
    fn bits(self, mask: __m256i) -> u32 {
        // SAFETY: see the impl.
        unsafe { _mm256_movemask_ps(_mm256_castsi256_ps(mask)) as u32 }
    }

    #[inline(always)]
    fn lanes(self, bits: u32) -> __m256i {
        // SAFETY: see the impl.
        unsafe {
            let each = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
            _mm256_cmpeq_epi32(_mm256_and_si256(_mm256_set1_epi32(bits as i32), each), each)
        }
    }

    #[inline(always)]
    fn pow2(self, exponent: __m256i) -> __m256i {
        // SAFETY: see the impl.
        unsafe { _mm256_sllv_epi32(_mm256_set1_epi32(1), exponent) }
    }

    #[inline(always)]
    fn log2(self, power: __m256i) -> __m256i {
        // SAFETY: see the impl.
        unsafe {
            let float = _mm256_castps_si256(_mm256_cvtepi32_ps(power));
            _mm256_sub_epi32(_mm256_srli_epi32::<23>(float), _mm256_set1_epi32(127))
        }
    }

    #[inline(always)]
    fn expand(self, a: __m256i, bits: u32, from: &[u32]) -> __m256i {
        let from = &from[..8];
        // SAFETY: see the impl; `from` holds eight u32s.
        unsafe {
            let ranks = _mm256_srlv_epi32(
                _mm256_set1_epi32(EXPAND[bits as usize & 255] as i32),
                _mm256_setr_epi32(0, 4, 8, 12, 16, 20, 24, 28),
            );
            // The permutation reads only the low three bits of each index.
            let moved =
                _mm256_permutevar8x32_epi32(_mm256_loadu_si256(from.as_ptr().cast()), ranks);
            _mm256_blendv_epi8(a, moved, self.lanes(bits))
        }
    }

    #[inline(always)]
    fn to_array(self, a: __m256i) -> [u32; LANES] {
        let mut out = [0u32; LANES];
        // SAFETY: see the impl; `out` holds `LANES` u32s, the store eight.
        unsafe { _mm256_storeu_si256(out.as_mut_ptr().cast(), a) };
        out
    }
}

/// Runs the first `count` jobs on AVX2 lanes to the end.
pub(super) fn run(
    simd: Avx2,
    rules: &Reduction,
    tail: &Tail,
    jobs: &Jobs,
    count: usize,
) -> Tallies {
    // SAFETY: the `Avx2` token proves the processor has AVX2, BMI1, BMI2
    // and POPCNT (and LZCNT), every feature `avx2_body` is compiled for.
    unsafe { avx2_body(simd, rules, tail, jobs, count) }
}

#[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
fn avx2_body(simd: Avx2, rules: &Reduction, tail: &Tail, jobs: &Jobs, count: usize) -> Tallies {
    dispatch(Pair(simd), rules, tail, jobs, count)
}
