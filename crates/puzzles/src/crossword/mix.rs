//! The source of every order drawn from a seed: the restarts' noise and a
//! seed's order of words.

/// SplitMix64's finaliser: a seed's order of words.
pub(crate) fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
