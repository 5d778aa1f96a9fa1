//! The lane search on SSE2, the x86-64 baseline: four lanes a register.

use std::arch::x86_64::*;

use super::super::rules::{Reduction, Tallies};
use super::jobs::{Jobs, LANES, Tail};
use super::search::{Pair, Simd, dispatch};
use crate::cpu::Sse2;

// SAFETY (every `unsafe` block in this impl): a `Sse2` token exists only
// where the processor has SSE2 (every x86-64 one; see `cpu::Sse2::detect`),
// and the memory accesses stay inside the arrays named.
impl Simd for Sse2 {
    type V = __m128i;
    const LANES: usize = 4;
    #[inline(always)]
    fn splat(self, value: u32) -> __m128i {
        // SAFETY: see the impl.
        unsafe { _mm_set1_epi32(value as i32) }
    }

    #[inline(always)]
    fn and(self, a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: see the impl.
        unsafe { _mm_and_si128(a, b) }
    }

    #[inline(always)]
    fn or(self, a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: see the impl.
        unsafe { _mm_or_si128(a, b) }
    }

    #[inline(always)]
    fn xor(self, a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: see the impl.
        unsafe { _mm_xor_si128(a, b) }
    }

    #[inline(always)]
    fn andnot(self, a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: see the impl.
        unsafe { _mm_andnot_si128(a, b) }
    }

    #[inline(always)]
    fn sub(self, a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: see the impl.
        unsafe { _mm_sub_epi32(a, b) }
    }

    #[inline(always)]
    fn shl<const BITS: i32>(self, a: __m128i) -> __m128i {
        // SAFETY: see the impl.
        unsafe { _mm_slli_epi32::<BITS>(a) }
    }

    #[inline(always)]
    fn shr<const BITS: i32>(self, a: __m128i) -> __m128i {
        // SAFETY: see the impl.
        unsafe { _mm_srli_epi32::<BITS>(a) }
    }

    #[inline(always)]
    fn eq(self, a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: see the impl.
        unsafe { _mm_cmpeq_epi32(a, b) }
    }

    #[inline(always)]
    fn gt(self, a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: see the impl.
        unsafe { _mm_cmpgt_epi32(a, b) }
    }

    #[inline(always)]
    fn select(self, mask: __m128i, a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: see the impl.
        unsafe { _mm_xor_si128(a, _mm_and_si128(_mm_xor_si128(a, b), mask)) }
    }

    #[inline(always)]
    fn bits(self, mask: __m128i) -> u32 {
        // SAFETY: see the impl.
        unsafe { _mm_movemask_ps(_mm_castsi128_ps(mask)) as u32 }
    }

    #[inline(always)]
    fn lanes(self, bits: u32) -> __m128i {
        // SAFETY: see the impl.
        unsafe {
            let each = _mm_setr_epi32(1, 2, 4, 8);
            _mm_cmpeq_epi32(_mm_and_si128(_mm_set1_epi32(bits as i32), each), each)
        }
    }

    #[inline(always)]
    fn pow2(self, exponent: __m128i) -> __m128i {
        // SAFETY: see the impl.
        unsafe {
            // The float 2^e has the biased exponent e + 127 and no mantissa;
            // 2^31 overflows the conversion, whose answer then is the
            // "integer indefinite" 0x8000_0000: 1 << 31 all the same.
            let float = _mm_slli_epi32::<23>(_mm_add_epi32(exponent, _mm_set1_epi32(127)));
            _mm_cvttps_epi32(_mm_castsi128_ps(float))
        }
    }

    #[inline(always)]
    fn log2(self, power: __m128i) -> __m128i {
        // SAFETY: see the impl.
        unsafe {
            let float = _mm_castps_si128(_mm_cvtepi32_ps(power));
            _mm_sub_epi32(_mm_srli_epi32::<23>(float), _mm_set1_epi32(127))
        }
    }

    #[inline(always)]
    fn expand(self, a: __m128i, bits: u32, from: &[u32]) -> __m128i {
        let from: &[u32; 4] = from[..4].try_into().expect("four values");
        // Each lane's rank among the lanes taking a value.
        let r1 = (bits & 1) as usize;
        let r2 = r1 + (bits >> 1 & 1) as usize;
        let r3 = r2 + (bits >> 2 & 1) as usize;
        // SAFETY: see the impl.
        let moved = unsafe {
            _mm_setr_epi32(
                from[0] as i32,
                from[r1 & 3] as i32,
                from[r2 & 3] as i32,
                from[r3 & 3] as i32,
            )
        };
        self.select(self.lanes(bits), a, moved)
    }

    #[inline(always)]
    fn to_array(self, a: __m128i) -> [u32; LANES] {
        let mut out = [0u32; LANES];
        // SAFETY: see the impl; `out` holds `LANES` u32s, the store four.
        unsafe { _mm_storeu_si128(out.as_mut_ptr().cast(), a) };
        out
    }
}

/// Runs the first `count` jobs on SSE2 lanes to the end.
///
/// Every job array must hold at least `count + LANES` entries.
pub(super) fn run(
    simd: Sse2,
    rules: &Reduction,
    tail: &Tail,
    jobs: &Jobs,
    count: usize,
) -> Tallies {
    dispatch(Pair(simd), rules, tail, jobs, count)
}
