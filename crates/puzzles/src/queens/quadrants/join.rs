//! Counting the pairs of bit sets that do not meet: the join of the two
//! halves of the board.
//!
//! One side (the *patterns*) is turned on its side: for each group of 256
//! or 512 patterns and each bit, a bit set of the patterns that lack that
//! bit. A pattern meets no bit of an item exactly when it lacks each of
//! them, so ANDing the item's bit sets and counting the ones left counts
//! the group's matches at once. Five bits at a time are looked up in a
//! table of 32 precomputed ANDs, so an item costs one AND per five bits.
//!
//! Before that, both sides are sorted into buckets by a few *cut* bits, the
//! ones most often set on both sides: a pattern bucket meets only the item
//! buckets whose cut bits miss its own, which skips most pairs.

#[cfg(target_arch = "x86_64")]
use crate::cpu;
use crate::cpu::Isa;
use crate::rng::SplitMix64;

// Which instructions count the join is an [`Isa`] level, like every other
// vector choice in the crate. The join has kernels of its own for three
// levels: the portable one, AVX2 (256 patterns a group, with BMI2's `pext`)
// and AVX-512 (512 patterns a group, counted with AVX-512's vector popcount,
// so it also needs VPOPCNTDQ: the `cpu::Avx512Popcnt` token). SSE2 has none
// and runs the portable kernel. All give the same counts.

/// The levels that have a join kernel of their own on this processor,
/// slowest first: [`Isa::Portable`] always, [`Isa::Avx2`] and
/// [`Isa::Avx512`] (with VPOPCNTDQ) where the processor has them.
pub(crate) fn levels() -> impl Iterator<Item = Isa> {
    [Isa::Portable, Isa::Avx2, Isa::Avx512]
        .into_iter()
        .filter(|&isa| supported(isa) == isa)
}

/// The level whose join kernel runs when `isa` is asked for: `isa` if this
/// processor has the join's features for it, else the next narrower
/// kernel that it has.
pub(crate) fn supported(isa: Isa) -> Isa {
    #[cfg(target_arch = "x86_64")]
    {
        if isa >= Isa::Avx512 && cpu::Avx512Popcnt::detect().is_some() {
            return Isa::Avx512;
        }
        if isa >= Isa::Avx2 && cpu::Avx2::detect().is_some() {
            return Isa::Avx2;
        }
    }
    let _ = isa;
    Isa::Portable
}

/// The level whose kernel joins a sample of 12-queens fastest on this
/// processor, measured once per process. The widest unit is not always the
/// fastest: some processors split 512-bit operations in two, and some run
/// `pext` in microcode.
pub(crate) fn fastest() -> Isa {
    static FASTEST: std::sync::OnceLock<Isa> = std::sync::OnceLock::new();
    *FASTEST.get_or_init(|| {
        let candidates: Vec<Isa> = levels().collect();
        if candidates.len() == 1 {
            return candidates[0];
        }
        let sides = sample_sides();
        let mut scratch = Scratch::default();
        let time = |isa: Isa, scratch: &mut Scratch| {
            let started = std::time::Instant::now();
            for (patterns, items) in &sides {
                std::hint::black_box(count_disjoint(patterns, items, isa, scratch));
            }
            started.elapsed()
        };
        // Best of three, in turn, so that a burst of other work on the
        // machine hits every kernel alike.
        let mut best = vec![std::time::Duration::MAX; candidates.len()];
        for _ in 0..3 {
            for (slot, &isa) in best.iter_mut().zip(&candidates) {
                *slot = (*slot).min(time(isa, &mut scratch));
            }
        }
        let winner = (0..candidates.len())
            .min_by_key(|&i| best[i])
            .expect("there is a candidate");
        candidates[winner]
    })
}

/// Deterministic sides for timing the kernels: pseudo-random sparse bit
/// sets of the size and density the counter joins.
fn sample_sides() -> Vec<(Vec<u64>, Vec<u64>)> {
    let mut random = SplitMix64(0x9e37_79b9_7f4a_7c15);
    let mut next = move || random.next_u64();
    (0..4)
        .map(|_| {
            let mut side = |len: usize| -> Vec<u64> {
                (0..len)
                    .map(|_| (next() & next() & next()) & ((1 << 34) - 1))
                    .collect()
            };
            (side(3000), side(800))
        })
        .collect()
}

/// Buffers reused from join to join.
#[derive(Default)]
pub(crate) struct Scratch {
    patterns: Vec<u64>,
    items: Vec<u64>,
    pattern_starts: Vec<usize>,
    item_starts: Vec<usize>,
    table: Vec<u64>,
}

/// How many pairs `(p, i)` of `patterns` × `items` have `p & i == 0`,
/// counted with the kernel of [`supported`]`(isa)`. Fastest with the larger
/// side as `patterns`.
pub(crate) fn count_disjoint(
    patterns: &[u64],
    items: &[u64],
    isa: Isa,
    scratch: &mut Scratch,
) -> u64 {
    if patterns.len() < 48 {
        return items
            .iter()
            .map(|&item| patterns.iter().filter(|&&p| p & item == 0).count() as u64)
            .sum();
    }
    #[cfg(target_arch = "x86_64")]
    {
        if isa >= Isa::Avx512
            && let Some(token) = cpu::Avx512Popcnt::detect()
        {
            return x86::count_avx512(token, patterns, items, scratch);
        }
        if isa >= Isa::Avx2
            && let Some(token) = cpu::Avx2::detect()
        {
            return x86::count_avx2(token, patterns, items, scratch);
        }
    }
    let _ = isa;
    count_groups::<4, _>(SoftPext, patterns, items, scratch)
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::{Pext, Scratch, count_groups};
    use crate::cpu;

    /// The join in groups of 256 patterns, with BMI2's `pext`.
    pub(super) fn count_avx2(
        token: cpu::Avx2,
        patterns: &[u64],
        items: &[u64],
        scratch: &mut Scratch,
    ) -> u64 {
        // SAFETY: `token` proves that the processor has AVX2, BMI1, BMI2
        // and POPCNT, the features `avx2_groups` is compiled for.
        unsafe { avx2_groups(token, patterns, items, scratch) }
    }

    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
    fn avx2_groups(
        token: cpu::Avx2,
        patterns: &[u64],
        items: &[u64],
        scratch: &mut Scratch,
    ) -> u64 {
        count_groups::<4, _>(token, patterns, items, scratch)
    }

    /// The join in groups of 512 patterns, counted with AVX-512's vector
    /// popcount.
    pub(super) fn count_avx512(
        token: cpu::Avx512Popcnt,
        patterns: &[u64],
        items: &[u64],
        scratch: &mut Scratch,
    ) -> u64 {
        // SAFETY: `token` proves that the processor has AVX-512 F and
        // VPOPCNTDQ besides AVX2, BMI1, BMI2 and POPCNT, the features
        // `avx512_groups` is compiled for.
        unsafe { avx512_groups(token, patterns, items, scratch) }
    }

    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,avx512f,avx512vpopcntdq")]
    fn avx512_groups(
        token: cpu::Avx512Popcnt,
        patterns: &[u64],
        items: &[u64],
        scratch: &mut Scratch,
    ) -> u64 {
        count_groups::<8, _>(token.avx512().avx2(), patterns, items, scratch)
    }

    /// BMI2's `pext`, reached only through the token that proves BMI2.
    impl Pext for cpu::Avx2 {
        #[inline(always)]
        fn pext(self, x: u64, mask: u64) -> u64 {
            // SAFETY: `self` is an `Avx2` token, which exists only when the
            // processor has BMI2 (see `cpu::Avx2::detect`); inlined into
            // the `#[target_feature]` functions above.
            unsafe { std::arch::x86_64::_pext_u64(x, mask) }
        }
    }
}

/// Gathers the bits of `x` selected by `mask` into the low bits. A value
/// of the implementing type is the right to do so: the portable
/// [`SoftPext`], or a CPU token for the instruction.
trait Pext: Copy {
    fn pext(self, x: u64, mask: u64) -> u64;
}

/// `pext` in plain Rust, on every processor.
#[derive(Clone, Copy)]
struct SoftPext;

impl Pext for SoftPext {
    #[inline(always)]
    fn pext(self, x: u64, mut mask: u64) -> u64 {
        let mut gathered = 0;
        let mut to = 1;
        while mask != 0 {
            let low = mask & mask.wrapping_neg();
            if x & low != 0 {
                gathered |= to;
            }
            to <<= 1;
            mask ^= low;
        }
        gathered
    }
}

/// Bits looked up at once in a group's table.
const CHUNK: usize = 5;

/// The most cut bits: 16 buckets a side.
const MAX_CUTS: usize = 4;

/// Patterns under this many in a group are matched one by one.
const SMALL_GROUP: usize = 16;

/// The transposed count with groups of `G` words (`64 G` patterns).
#[inline(always)]
fn count_groups<const G: usize, P: Pext>(
    pext: P,
    patterns: &[u64],
    items: &[u64],
    scratch: &mut Scratch,
) -> u64 {
    let union = |side: &[u64]| side.iter().fold(0, |acc, &x| acc | x);
    let meet = union(patterns) & union(items);
    if meet == 0 {
        return patterns.len() as u64 * items.len() as u64;
    }
    let cut = choose_cuts(patterns, items, meet);
    let rest = meet & !cut;
    let buckets = 1usize << cut.count_ones();
    let Scratch {
        patterns: sorted_patterns,
        items: sorted_items,
        pattern_starts,
        item_starts,
        table,
    } = scratch;
    bucket(
        pext,
        patterns,
        cut,
        rest,
        buckets,
        sorted_patterns,
        pattern_starts,
    );
    bucket(pext, items, cut, rest, buckets, sorted_items, item_starts);
    let bits = rest.count_ones() as usize;
    let chunks = bits.div_ceil(CHUNK).max(1);
    let entries = chunks << CHUNK;
    table.clear();
    table.resize(entries * G, 0);
    let mask = (1u64 << CHUNK) - 1;
    let mut total = 0u64;
    for bucket in 0..buckets {
        let free = !bucket & (buckets - 1);
        // The item buckets whose cut bits miss this bucket's: the subsets
        // of `free`.
        let for_items = |visit: &mut dyn FnMut(&[u64])| {
            let mut subset = free;
            loop {
                visit(&sorted_items[item_starts[subset]..item_starts[subset + 1]]);
                if subset == 0 {
                    break;
                }
                subset = (subset - 1) & free;
            }
        };
        for group in
            sorted_patterns[pattern_starts[bucket]..pattern_starts[bucket + 1]].chunks(64 * G)
        {
            if group.len() < SMALL_GROUP {
                for_items(&mut |items| {
                    for &item in items {
                        total += group.iter().filter(|&&p| p & item == 0).count() as u64;
                    }
                });
                continue;
            }
            fill_table::<G>(group, bits, chunks, table);
            let groups: &[[u64; G]] = table.as_chunks::<G>().0;
            let mut sums = [0u64; G];
            for_items(&mut |items| {
                for &item in items {
                    let mut acc = groups[(item & mask) as usize];
                    for chunk in 1..chunks {
                        let entry = (chunk << CHUNK) | ((item >> (chunk * CHUNK)) & mask) as usize;
                        let words = &groups[entry];
                        for q in 0..G {
                            acc[q] &= words[q];
                        }
                    }
                    // Summed lane by lane, added up once per group.
                    for q in 0..G {
                        sums[q] += u64::from(acc[q].count_ones());
                    }
                }
            });
            total += sums.iter().sum::<u64>();
        }
    }
    total
}

#[inline(always)]
fn word_group<const G: usize>(table: &[u64], entry: usize) -> &[u64; G] {
    table[entry * G..entry * G + G]
        .try_into()
        .expect("a group is G words")
}

/// The group's lookup table: for chunk `c` and value `v`, the patterns
/// (one bit each) that lack every bit `5c + b` with bit `b` set in `v`.
#[inline(always)]
fn fill_table<const G: usize>(group: &[u64], bits: usize, chunks: usize, table: &mut [u64]) {
    // Row i of word q: the bits pattern 64 q + i lacks; transposed, row b
    // of word q holds the patterns that lack bit b.
    let mut lacking = [[0u64; G]; 64];
    let mut present = [0u64; G];
    let all_bits = if bits == 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    };
    for (j, &pattern) in group.iter().enumerate() {
        lacking[j % 64][j / 64] = !pattern & all_bits;
        present[j / 64] |= 1 << (j % 64);
    }
    transpose(&mut lacking);
    for chunk in 0..chunks {
        let base = chunk << CHUNK;
        table[base * G..base * G + G].copy_from_slice(&present);
        for value in 1..1usize << CHUNK {
            let bit = (chunk * CHUNK + value.trailing_zeros() as usize).min(63);
            let previous: [u64; G] = *word_group(table, base + (value & (value - 1)));
            let mut entry = [0u64; G];
            for q in 0..G {
                entry[q] = previous[q] & lacking[bit][q];
            }
            let at = (base + value) * G;
            table[at..at + G].copy_from_slice(&entry);
        }
    }
}

/// Transposes `G` 64×64 bit matrices at once, row `i` of matrix `q` being
/// `rows[i][q]` and column `b` its bit `b`: swaps the off-diagonal blocks
/// of halves, then of quarters, and so on down to single bits.
#[inline(always)]
fn transpose<const G: usize>(rows: &mut [[u64; G]; 64]) {
    let mut width = 32;
    let mut mask = 0x0000_0000_ffff_ffffu64;
    while width != 0 {
        for k in (0..64).filter(|k| k & width == 0) {
            let (upper, lower) = rows.split_at_mut(k + width);
            let (a, b) = (&mut upper[k], &mut lower[0]);
            for q in 0..G {
                let t = ((a[q] >> width) ^ b[q]) & mask;
                a[q] ^= t << width;
                b[q] ^= t;
            }
        }
        width >>= 1;
        mask ^= mask << width;
    }
}

/// Sorts `side` into `buckets` by its cut bits (a counting sort), keeping
/// of each element only the `rest` bits, gathered low.
#[inline(always)]
fn bucket<P: Pext>(
    pext: P,
    side: &[u64],
    cut: u64,
    rest: u64,
    buckets: usize,
    sorted: &mut Vec<u64>,
    starts: &mut Vec<usize>,
) {
    starts.clear();
    starts.resize(buckets + 1, 0);
    for &x in side {
        starts[pext.pext(x, cut) as usize + 1] += 1;
    }
    for i in 0..buckets {
        starts[i + 1] += starts[i];
    }
    sorted.clear();
    sorted.resize(side.len(), 0);
    let mut next = starts.clone();
    for &x in side {
        let slot = &mut next[pext.pext(x, cut) as usize];
        sorted[*slot] = pext.pext(x, rest);
        *slot += 1;
    }
}

/// The cut bits: as many as keep about 512 patterns a bucket (at most
/// [`MAX_CUTS`]), chosen among the bits of `meet` as those set most often on
/// both sides (counted on a sample).
fn choose_cuts(patterns: &[u64], items: &[u64], meet: u64) -> u64 {
    let mut cuts = 0;
    while cuts < MAX_CUTS && patterns.len() >> cuts >= 1024 {
        cuts += 1;
    }
    if cuts == 0 {
        return 0;
    }
    let tally = |side: &[u64]| {
        let mut counts = [0u32; 64];
        for &x in side.iter().step_by(13) {
            let mut bits = x & meet;
            while bits != 0 {
                counts[bits.trailing_zeros() as usize] += 1;
                bits &= bits - 1;
            }
        }
        counts
    };
    let (in_patterns, in_items) = (tally(patterns), tally(items));
    let mut scored: Vec<(u64, usize)> = (0..64)
        .filter(|&bit| meet >> bit & 1 == 1)
        .map(|bit| (u64::from(in_patterns[bit]) * u64::from(in_items[bit]), bit))
        .collect();
    scored.sort_unstable_by(|a, b| b.cmp(a));
    scored
        .iter()
        .take(cuts)
        .fold(0, |cut, &(_, bit)| cut | 1 << bit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn slow(patterns: &[u64], items: &[u64]) -> u64 {
        let mut count = 0;
        for &p in patterns {
            for &i in items {
                count += u64::from(p & i == 0);
            }
        }
        count
    }

    proptest! {
        #[test]
        fn every_kernel_counts_as_the_pairs_do(
            patterns in prop::collection::vec(any::<u64>(), 0..2500),
            items in prop::collection::vec(any::<u64>(), 0..60),
            density in 1u32..4,
            width in 1u32..=64,
        ) {
            // Sparse sets meet less often: AND a few random words together.
            let thin = |side: &[u64]| -> Vec<u64> {
                side.iter()
                    .map(|&x| {
                        let mut y = x;
                        for k in 1..density {
                            y &= x.rotate_left(k * 17).wrapping_mul(0x9e37_79b9_7f4a_7c15);
                        }
                        if width == 64 { y } else { y & ((1 << width) - 1) }
                    })
                    .collect()
            };
            let (patterns, items) = (thin(&patterns), thin(&items));
            let expected = slow(&patterns, &items);
            let mut scratch = Scratch::default();
            for isa in Isa::EACH {
                prop_assert_eq!(count_disjoint(&patterns, &items, isa, &mut scratch), expected, "{:?}", isa);
            }
        }
    }

    proptest! {
        #[test]
        fn transpose_moves_bit_b_of_row_i_to_bit_i_of_row_b(words in prop::collection::vec(any::<u64>(), 128)) {
            let mut rows = [[0u64; 2]; 64];
            for (i, row) in rows.iter_mut().enumerate() {
                *row = [words[i], words[64 + i]];
            }
            let original = rows;
            transpose(&mut rows);
            for (i, before) in original.iter().enumerate() {
                for (b, after) in rows.iter().enumerate() {
                    for q in 0..2 {
                        prop_assert_eq!(after[q] >> i & 1, before[q] >> b & 1);
                    }
                }
            }
        }
    }

    #[test]
    fn soft_pext_gathers_the_masked_bits() {
        assert_eq!(SoftPext.pext(0b1011_0110, 0b1111_0000), 0b1011);
        assert_eq!(SoftPext.pext(0b1011_0110, 0b0101_0101), 0b0110);
        assert_eq!(SoftPext.pext(u64::MAX, u64::MAX), u64::MAX);
    }

    #[test]
    fn the_fastest_kernel_is_one_of_the_levels() {
        let levels: Vec<Isa> = levels().collect();
        assert!(levels.contains(&fastest()), "{levels:?}");
    }

    #[test]
    fn each_level_runs_its_own_kernel_or_a_narrower_one() {
        assert_eq!(levels().next(), Some(Isa::Portable));
        for isa in Isa::EACH {
            let chosen = supported(isa);
            assert!(
                chosen <= isa && levels().any(|level| level == chosen),
                "{isa:?}"
            );
        }
        assert_eq!(supported(Isa::Sse2), Isa::Portable);
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_hardware_pext_gathers_as_the_portable_one() {
        if let Some(token) = cpu::Avx2::detect() {
            for (x, mask) in [
                (0b1011_0110, 0b1111_0000),
                (0b1011_0110, 0b0101_0101),
                (u64::MAX, u64::MAX),
                (0x1234_5678_9abc_def0, 0xf0f0_0ff0_3c3c_8001),
            ] {
                assert_eq!(token.pext(x, mask), SoftPext.pext(x, mask));
            }
        }
    }
}
