//! The crate's one pseudo-random generator, for everything that draws with
//! a seed: count samples, completion restarts, crossword word orders, test instances.
//!
//! It is ours rather than a crate's so that a seed means the same draws in
//! every version: sampled estimates, restart orders and the tests' random
//! boards must not change when a dependency is updated.

/// Steele, Lea and Flood's SplitMix64: small, fast, well mixed, seedable.
///
/// The state is public to the crate so that a caller can hand a sequence
/// on (the completion search carries it from restart to restart as a bare
/// `u64`).
#[derive(Clone, Debug)]
pub(crate) struct SplitMix64(pub(crate) u64);

impl SplitMix64 {
    /// The next number of the sequence.
    #[inline]
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        mix(self.0)
    }

    /// A number in `0..bound` (`bound > 0`), by multiplying and keeping the
    /// high word: biased by at most `bound / 2^64`, nothing a sample notices,
    /// and without the division that `%` costs.
    #[inline]
    pub(crate) fn below(&mut self, bound: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(bound)) >> 64) as u64
    }
}

/// SplitMix64's finaliser alone: a well-mixed hash of one number, for a
/// draw that depends only on its inputs (the crossword's order of words for
/// a seed), with no sequence to carry.
#[inline]
pub(crate) fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::SplitMix64;

    #[test]
    fn the_sequence_is_splitmix64s() {
        // The reference sequence for seed 0 (Vigna's splitmix64.c).
        let mut random = SplitMix64(0);
        assert_eq!(random.next_u64(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(random.next_u64(), 0x6e78_9e6a_a1b9_65f4);
        assert_eq!(random.next_u64(), 0x06c4_5d18_8009_454f);
    }

    #[test]
    fn below_stays_below_its_bound() {
        let mut random = SplitMix64(42);
        for bound in 1..200 {
            assert!(random.below(bound) < bound);
        }
        assert_eq!(SplitMix64(7).below(1), 0);
    }
}
