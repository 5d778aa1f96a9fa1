//! Which vector instructions count the last rows.

/// The vector instructions that may count the last rows of a search: each
/// runs the same lane search on registers of a different width.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Isa {
    /// Sixteen 32-bit lanes a register, mask registers, compress and expand.
    Avx512,
    /// Eight 32-bit lanes a register; blends and a table for what AVX-512 has built in.
    Avx2,
    /// Four 32-bit lanes a register, the x86-64 baseline.
    Sse2,
}

impl Isa {
    /// Every instruction set, widest first.
    #[cfg(test)]
    pub(crate) const ALL: [Isa; 3] = [Isa::Avx512, Isa::Avx2, Isa::Sse2];

    /// Whether this processor has the instructions.
    pub(crate) fn detected(self) -> bool {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::is_x86_feature_detected as has;
            match self {
                Isa::Avx512 => has!("avx512f") && has!("avx512cd") && has!("popcnt"),
                Isa::Avx2 => has!("avx2") && has!("bmi1") && has!("bmi2") && has!("popcnt"),
                Isa::Sse2 => true,
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let _ = self;
            false
        }
    }
}
