//! Propagation compiled for AVX2: the same code as [`Engine::propagate`]'s
//! portable path, where the compiler may use `popcnt` for the candidate
//! counts and variable shifts for the letter masks.

use super::Engine;
use crate::cpu::Avx2;

/// [`Engine::propagate`] on a processor with AVX2.
pub(super) fn propagate_avx2(token: Avx2, engine: &mut Engine) -> Result<(), u32> {
    // SAFETY: `token` proves that the processor has AVX2, BMI1, BMI2, LZCNT
    // and POPCNT, the features `propagate_with_avx2` is compiled for; it
    // reads and writes only through `engine`'s safe methods.
    unsafe { propagate_with_avx2(token, engine) }
}

#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
fn propagate_with_avx2(_: Avx2, engine: &mut Engine) -> Result<(), u32> {
    engine.propagate_here()
}
