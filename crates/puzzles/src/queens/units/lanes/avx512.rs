//! The lane search on AVX-512: sixteen lanes a register, masks kept in
//! mask registers, compress and expand.

use std::arch::x86_64::*;

use super::super::rules::{Reduction, Tallies};
use super::jobs::{Jobs, LANES, Tail};
use super::search::{Pair, Simd, dispatch};
use crate::cpu::Avx512;

// Sixteen lanes in one register. The masks are vectors as in the narrower
// kernels, but every one comes from a comparison and goes to a blend, so
// the compiler keeps them in mask registers.
//
// SAFETY (every `unsafe` block in this impl): an `Avx512` token exists only
// when the processor has AVX-512 F and CD among others (see
// `cpu::Avx512::detect`), and the memory accesses stay inside the arrays
// named.
impl Simd for Avx512 {
    type V = __m512i;
    const LANES: usize = 16;

    #[inline(always)]
    fn splat(self, value: u32) -> __m512i {
        // SAFETY: see the impl.
        unsafe { _mm512_set1_epi32(value as i32) }
    }

    #[inline(always)]
    fn and(self, a: __m512i, b: __m512i) -> __m512i {
        // SAFETY: see the impl.
        unsafe { _mm512_and_si512(a, b) }
    }

    #[inline(always)]
    fn or(self, a: __m512i, b: __m512i) -> __m512i {
        // SAFETY: see the impl.
        unsafe { _mm512_or_si512(a, b) }
    }

    #[inline(always)]
    fn xor(self, a: __m512i, b: __m512i) -> __m512i {
        // SAFETY: see the impl.
        unsafe { _mm512_xor_si512(a, b) }
    }

    #[inline(always)]
    fn andnot(self, a: __m512i, b: __m512i) -> __m512i {
        // SAFETY: see the impl.
        unsafe { _mm512_andnot_si512(a, b) }
    }

    #[inline(always)]
    fn sub(self, a: __m512i, b: __m512i) -> __m512i {
        // SAFETY: see the impl.
        unsafe { _mm512_sub_epi32(a, b) }
    }

    #[inline(always)]
    fn shl<const BITS: i32>(self, a: __m512i) -> __m512i {
        // SAFETY: see the impl.
        unsafe { _mm512_sll_epi32(a, _mm_cvtsi32_si128(BITS)) }
    }

    #[inline(always)]
    fn shr<const BITS: i32>(self, a: __m512i) -> __m512i {
        // SAFETY: see the impl.
        unsafe { _mm512_srl_epi32(a, _mm_cvtsi32_si128(BITS)) }
    }

    #[inline(always)]
    fn eq(self, a: __m512i, b: __m512i) -> __m512i {
        // SAFETY: see the impl.
        unsafe { _mm512_maskz_mov_epi32(_mm512_cmpeq_epi32_mask(a, b), _mm512_set1_epi32(-1)) }
    }

    #[inline(always)]
    fn gt(self, a: __m512i, b: __m512i) -> __m512i {
        // SAFETY: see the impl.
        unsafe { _mm512_maskz_mov_epi32(_mm512_cmpgt_epi32_mask(a, b), _mm512_set1_epi32(-1)) }
    }

    #[inline(always)]
    fn select(self, mask: __m512i, a: __m512i, b: __m512i) -> __m512i {
        // SAFETY: see the impl.
        unsafe { _mm512_mask_blend_epi32(_mm512_test_epi32_mask(mask, mask), a, b) }
    }

    #[inline(always)]
    fn bits(self, mask: __m512i) -> u32 {
        // SAFETY: see the impl.
        unsafe { u32::from(_mm512_test_epi32_mask(mask, mask)) }
    }

    #[inline(always)]
    fn lanes(self, bits: u32) -> __m512i {
        // SAFETY: see the impl.
        unsafe { _mm512_maskz_mov_epi32(bits as u16, _mm512_set1_epi32(-1)) }
    }

    #[inline(always)]
    fn pow2(self, exponent: __m512i) -> __m512i {
        // SAFETY: see the impl.
        unsafe { _mm512_sllv_epi32(_mm512_set1_epi32(1), exponent) }
    }

    #[inline(always)]
    fn log2(self, power: __m512i) -> __m512i {
        // SAFETY: see the impl.
        unsafe { _mm512_sub_epi32(_mm512_set1_epi32(31), _mm512_lzcnt_epi32(power)) }
    }

    #[inline(always)]
    fn expand(self, a: __m512i, bits: u32, from: &[u32]) -> __m512i {
        let from = &from[..16];
        // SAFETY: see the impl; `from` holds sixteen u32s.
        unsafe {
            _mm512_mask_expand_epi32(a, bits as u16, _mm512_loadu_si512(from.as_ptr().cast()))
        }
    }

    #[inline(always)]
    fn to_array(self, a: __m512i) -> [u32; LANES] {
        let mut out = [0u32; LANES];
        // SAFETY: see the impl; `out` holds `LANES` u32s, the store sixteen.
        unsafe { _mm512_storeu_si512(out.as_mut_ptr().cast(), a) };
        out
    }
}

/// Runs the first `count` jobs on AVX-512 lanes to the end.
pub(super) fn run(
    simd: Avx512,
    rules: &Reduction,
    tail: &Tail,
    jobs: &Jobs,
    count: usize,
) -> Tallies {
    // SAFETY: the `Avx512` token proves the processor has AVX-512 F and CD
    // and POPCNT (its level includes AVX2's), every feature `avx512_body` is
    // compiled for.
    unsafe { avx512_body(simd, rules, tail, jobs, count) }
}

#[target_feature(enable = "avx512f,avx512cd,popcnt")]
fn avx512_body(simd: Avx512, rules: &Reduction, tail: &Tail, jobs: &Jobs, count: usize) -> Tallies {
    dispatch(Pair(simd), rules, tail, jobs, count)
}
