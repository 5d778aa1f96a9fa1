//! Which vector instructions this processor has: found once, named once.
//!
//! [`Isa`] is the one name for an instruction-set choice, in the public API
//! (for example [`crate::sudoku::NineEngine`]) and inside the crate: the
//! portable code, SSE2 (the x86-64 baseline), AVX2 and AVX-512. Each level
//! is a set of features that every later level includes:
//!
//! | level | features |
//! |---|---|
//! | [`Isa::Sse2`] | SSE2, part of every x86-64 processor |
//! | [`Isa::Avx2`] | AVX2, BMI1, BMI2, LZCNT and POPCNT (every processor with AVX2 has the others) |
//! | [`Isa::Avx512`] | those and AVX-512 F, CD, VL, BW and DQ (x86-64-v4) |
//!
//! Two kernels need more than their level, and have tokens of their own:
//! AVX-512 VBMI and VBMI2 (the `maxsub` tokenizer's byte permutes), and
//! AVX-512 VPOPCNTDQ (the queens quadrant join).
//!
//! # The pattern every vector path follows
//!
//! The features are detected once, on first use, and kept in a
//! [`OnceLock`]. A vector path never calls `is_x86_feature_detected!`
//! itself; it holds a **token**, a zero-sized value whose only constructor
//! (`detect`) asks this module, and so proves that the processor has the
//! features:
//!
//! - the crate-internal token types `Sse2`, `Avx2`, `Avx512`,
//!   `Avx512Vbmi` and `Avx512Popcnt` have a private field: code outside
//!   this module cannot make one without `detect`;
//! - a kernel's entry point takes a token (or a type that holds one) by
//!   value, so it cannot be reached on a processor without the features;
//! - where the compiler must generate code for the features, the entry point
//!   calls a safe `#[target_feature(enable = "…")]` function (Rust 1.86 and
//!   later) that enables the features the token's doc lists, in an `unsafe`
//!   block whose `// SAFETY:` comment names the token;
//! - the small intrinsic wrappers inside a kernel take the token as
//!   `self` (so that they too cannot be called without one) and stay
//!   `#[inline(always)]`, which `#[target_feature]` functions cannot be;
//! - every `unsafe` block carries a `// SAFETY:` comment saying why the
//!   features are there and why its memory accesses stay in bounds (the
//!   `sudoku`, `subarray` and `cpu` modules deny
//!   `clippy::undocumented_unsafe_blocks`).
//!
//! [`Isa`] itself proves nothing (anyone can write `Isa::Avx512`): it is
//! what a caller asks for, and [`Isa::supported`] turns it into what this
//! processor can run; the kernels then take their tokens with `detect`.
//!
//! # Example
//!
//! ```
//! use puzzles::cpu::Isa;
//!
//! let best = Isa::best();
//! assert!(best.is_available());
//! assert_eq!(Isa::Avx512.supported(), best);
//! assert_eq!(Isa::Portable.supported(), Isa::Portable);
//! ```
#![deny(clippy::undocumented_unsafe_blocks)]

use std::sync::OnceLock;

/// An instruction-set level: what a caller asks a kernel to use at most,
/// slowest first (the order compares levels).
///
/// # Example
///
/// ```
/// use puzzles::cpu::Isa;
///
/// // Every level this processor has, slowest first: the portable code
/// // always, and on x86-64 SSE2 too.
/// let here: Vec<Isa> = Isa::EACH.into_iter().filter(|isa| isa.is_available()).collect();
/// assert_eq!(here[0], Isa::Portable);
/// assert!(Isa::Portable < Isa::Avx2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Isa {
    /// Plain Rust, on any processor.
    Portable,
    /// SSE2: 128-bit registers, on every x86-64 processor.
    Sse2,
    /// AVX2 with BMI1, BMI2, LZCNT and POPCNT: 256-bit registers.
    Avx2,
    /// AVX-512 F, CD, VL, BW and DQ as well: 512-bit registers and mask
    /// registers.
    Avx512,
}

impl Isa {
    /// Every level, slowest first.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::cpu::Isa;
    ///
    /// assert_eq!(Isa::EACH[0], Isa::Portable);
    /// assert_eq!(Isa::EACH[3], Isa::Avx512);
    /// ```
    pub const EACH: [Isa; 4] = [Isa::Portable, Isa::Sse2, Isa::Avx2, Isa::Avx512];

    /// Whether this processor has every feature of the level.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::cpu::Isa;
    ///
    /// assert!(Isa::Portable.is_available());
    /// assert_eq!(Isa::Sse2.is_available(), cfg!(target_arch = "x86_64"));
    /// ```
    pub fn is_available(self) -> bool {
        let found = features();
        match self {
            Isa::Portable => true,
            Isa::Sse2 => found.sse2,
            Isa::Avx2 => found.avx2,
            Isa::Avx512 => found.avx512,
        }
    }

    /// The widest level this processor has.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::cpu::Isa;
    ///
    /// println!("vector instructions: {:?}", Isa::best());
    /// assert!(Isa::best().is_available());
    /// ```
    pub fn best() -> Isa {
        Isa::Avx512.supported()
    }

    /// `self` if this processor has it, else the widest level below it
    /// that it has: what a kernel asked for `self` runs.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::cpu::Isa;
    ///
    /// let chosen = Isa::Avx2.supported();
    /// assert!(chosen <= Isa::Avx2 && chosen.is_available());
    /// ```
    pub fn supported(self) -> Isa {
        Isa::EACH
            .into_iter()
            .rev()
            .find(|isa| *isa <= self && isa.is_available())
            .unwrap_or(Isa::Portable)
    }
}

/// What [`features`] found.
#[derive(Clone, Copy, Debug, Default)]
struct Features {
    sse2: bool,
    avx2: bool,
    avx512: bool,
    avx512_vbmi: bool,
    avx512_popcnt: bool,
}

/// The features of this processor, detected on the first call.
fn features() -> Features {
    static FOUND: OnceLock<Features> = OnceLock::new();
    *FOUND.get_or_init(detect)
}

#[cfg(target_arch = "x86_64")]
fn detect() -> Features {
    use std::arch::is_x86_feature_detected as has;
    let avx2 = has!("avx2") && has!("bmi1") && has!("bmi2") && has!("lzcnt") && has!("popcnt");
    let avx512 = avx2
        && has!("avx512f")
        && has!("avx512cd")
        && has!("avx512vl")
        && has!("avx512bw")
        && has!("avx512dq");
    Features {
        sse2: true,
        avx2,
        avx512,
        avx512_vbmi: avx512 && has!("avx512vbmi") && has!("avx512vbmi2"),
        avx512_popcnt: avx512 && has!("avx512vpopcntdq"),
    }
}

#[cfg(not(target_arch = "x86_64"))]
fn detect() -> Features {
    Features::default()
}

/// Defines a token type: a proof that the processor has some features.
#[cfg(target_arch = "x86_64")]
macro_rules! token {
    ($(#[$doc:meta])* $name:ident, $found:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        #[allow(dead_code)] // Not every token has a kernel in every build.
        pub(crate) struct $name(());

        #[allow(dead_code)]
        impl $name {
            /// The token, when this processor has the features.
            #[inline]
            pub(crate) fn detect() -> Option<$name> {
                features().$found.then_some($name(()))
            }
        }
    };
}

#[cfg(target_arch = "x86_64")]
token!(
    /// SSE2, which every x86-64 processor has.
    Sse2,
    sse2
);

#[cfg(target_arch = "x86_64")]
token!(
    /// [`Isa::Avx2`]: AVX2, BMI1, BMI2, LZCNT and POPCNT.
    Avx2,
    avx2
);

#[cfg(target_arch = "x86_64")]
token!(
    /// [`Isa::Avx512`]: [`Avx2`]'s features and AVX-512 F, CD, VL, BW and DQ.
    Avx512,
    avx512
);

#[cfg(target_arch = "x86_64")]
token!(
    /// [`Avx512`]'s features and AVX-512 VBMI and VBMI2 (byte permutes,
    /// compress and expand).
    Avx512Vbmi,
    avx512_vbmi
);

#[cfg(target_arch = "x86_64")]
token!(
    /// [`Avx512`]'s features and AVX-512 VPOPCNTDQ (lane population counts).
    Avx512Popcnt,
    avx512_popcnt
);

#[cfg(target_arch = "x86_64")]
#[allow(dead_code)]
impl Avx512Popcnt {
    /// The narrower token that the same processor has.
    #[inline(always)]
    pub(crate) fn avx512(self) -> Avx512 {
        Avx512(())
    }
}

#[cfg(target_arch = "x86_64")]
#[allow(dead_code)]
impl Avx512 {
    /// The narrower token that the same processor has.
    #[inline(always)]
    pub(crate) fn avx2(self) -> Avx2 {
        Avx2(())
    }
}

#[cfg(target_arch = "x86_64")]
#[allow(dead_code)]
impl Avx2 {
    /// The narrower token that the same processor has.
    #[inline(always)]
    pub(crate) fn sse2(self) -> Sse2 {
        Sse2(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_nest() {
        // A level is available only if every level below it is.
        let here: Vec<bool> = Isa::EACH.iter().map(|isa| isa.is_available()).collect();
        assert!(here[0]);
        for pair in here.windows(2) {
            assert!(pair[0] || !pair[1], "{here:?}");
        }
        for isa in Isa::EACH {
            let chosen = isa.supported();
            assert!(chosen <= isa && chosen.is_available());
            if isa.is_available() {
                assert_eq!(chosen, isa);
            }
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn tokens_agree_with_the_levels() {
        assert!(Sse2::detect().is_some());
        assert_eq!(Avx2::detect().is_some(), Isa::Avx2.is_available());
        assert_eq!(Avx512::detect().is_some(), Isa::Avx512.is_available());
        assert!(Avx512Vbmi::detect().is_none() || Avx512::detect().is_some());
        assert!(Avx512Popcnt::detect().is_none() || Avx512::detect().is_some());
    }
}
