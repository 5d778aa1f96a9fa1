//! The row words of a grid without blocks indexed by their letters at
//! every three positions, for the rows of [`super::square`] whose columns
//! leave few letters open.
//!
//! Deep in a word square the columns allow two or three letters at most
//! squares of the next row, and a walk of the row tree spends most of its
//! steps on prefixes that a later square refuses (BENCHMARKS.md). The words
//! with one of the few allowed letters at each of the three narrowest
//! squares are read from a handful of buckets instead, and each is checked
//! at the other squares.

/// Words of more letters are not indexed: the index grows with the number
/// of triples of positions (56 for 8 letters), and wider squares are not
/// searched this deep.
pub(super) const MAX_LEN: usize = 8;

/// Buckets per triple of positions: one for each three letters.
const BUCKETS: usize = 26 * 26 * 26;

/// Where a bucket entry keeps its word's index, above the word's letters
/// (five bits each, at most [`MAX_LEN`] of them).
const INDEX_SHIFT: u32 = 40;

/// The most bucket entries an index holds (32 MiB of them, one per word
/// and triple of positions): a list with more words of the rows' length
/// (about 120,000 of 7 letters, 75,000 of 8) has its rows walked instead,
/// so that memory stays within a small multiple of the list's and a
/// 500,000-word list's search within 100 MB (BENCHMARKS.md). Entries
/// number their words in fewer bits than [`INDEX_SHIFT`] leaves.
const MAX_ENTRIES: usize = 1 << 22;

/// The words of one length by their letters at each triple of positions.
#[derive(Clone, Debug)]
pub(crate) struct Triples {
    len: usize,
    /// The number of the triple of positions `a < b < c`, at
    /// `(a * len + b) * len + c`.
    triple: Vec<u16>,
    /// For each triple and its first two letters: the third letters whose
    /// buckets hold words (empty buckets are neither kept nor looked up),
    /// and where in `bounds` those buckets' bounds begin.
    groups: Vec<[u32; 2]>,
    /// Where each bucket that holds words starts in `entries`, group by
    /// group, each group's list closed by where its last bucket ends: a
    /// fraction of one bound per possible bucket, so that it stays in
    /// cache.
    bounds: Vec<u32>,
    /// For each triple and its first letter, the second letters that some
    /// bucket holds words under.
    second: Vec<u32>,
    /// The words, bucket after bucket, each [`Packed`]: a bucket is
    /// checked in one pass over memory. Ascending within a bucket.
    entries: Vec<Packed>,
}

impl Triples {
    /// The index of `words` (letters `0..26`, all of one length), or
    /// `None` when they are shorter than three letters or longer than
    /// [`MAX_LEN`], or too many ([`MAX_ENTRIES`]).
    pub(crate) fn new(words: &[Vec<u8>]) -> Option<Triples> {
        let len = words.first().map_or(0, Vec::len);
        let triples = len * len.saturating_sub(1) * len.saturating_sub(2) / 6;
        if !(3..=MAX_LEN).contains(&len) || words.len() * triples > MAX_ENTRIES {
            return None;
        }
        let packed: Vec<u64> = words
            .iter()
            .map(|word| {
                word.iter().enumerate().fold(0, |packed, (j, &letter)| {
                    packed | u64::from(letter) << (5 * j)
                })
            })
            .collect();
        let mut index = Triples {
            len,
            triple: vec![u16::MAX; len * len * len],
            groups: Vec::new(),
            bounds: Vec::new(),
            second: Vec::new(),
            entries: Vec::new(),
        };
        for a in 0..len {
            for b in a + 1..len {
                for c in b + 1..len {
                    index.add_triple([a, b, c], words, &packed);
                }
            }
        }
        Some(index)
    }

    /// Adds the buckets of the positions `at` (ascending).
    fn add_triple(&mut self, at: [usize; 3], words: &[Vec<u8>], packed: &[u64]) {
        let [a, b, c] = at;
        let number = self.second.len() / 26;
        self.triple[(a * self.len + b) * self.len + c] = number as u16;
        let bucket = |word: &[u8]| {
            (usize::from(word[a]) * 26 + usize::from(word[b])) * 26 + usize::from(word[c])
        };
        let mut ends = vec![0u32; BUCKETS + 1];
        for word in words {
            ends[bucket(word) + 1] += 1;
        }
        for i in 0..BUCKETS {
            ends[i + 1] += ends[i];
        }
        let base = self.entries.len();
        self.entries.resize(base + words.len(), 0);
        let mut next = ends.clone();
        for (i, word) in words.iter().enumerate() {
            let slot = &mut next[bucket(word)];
            self.entries[base + *slot as usize] = packed[i] | (i as u64) << INDEX_SHIFT;
            *slot += 1;
        }
        let entry = |bucket: usize| (base + ends[bucket] as usize) as u32;
        for xy in 0..26 * 26 {
            let holding = (0..26).filter(|z| ends[xy * 26 + z + 1] > ends[xy * 26 + z]);
            let third = holding.clone().fold(0, |mask, z| mask | 1 << z);
            self.groups.push([third, self.bounds.len() as u32]);
            self.bounds.extend(holding.map(|z| entry(xy * 26 + z)));
            self.bounds.push(entry(xy * 26 + 26));
        }
        for x in 0..26 {
            let second = (0..26)
                .filter(|y| self.groups[number * 26 * 26 + x * 26 + y][0] != 0)
                .fold(0, |mask, y| mask | 1 << y);
            self.second.push(second);
        }
    }

    /// The three positions of `wanted` (one letter mask per position) with
    /// the fewest letters, ascending, when those leave at most `most`
    /// buckets to read.
    #[inline(always)]
    pub(crate) fn narrowest(&self, wanted: &[u32], most: u32) -> Option<[usize; 3]> {
        let mut best = [(u32::MAX, 0); 3];
        for (j, &letters) in wanted[..self.len].iter().enumerate() {
            let open = (letters & LETTERS).count_ones();
            if open < best[2].0 {
                best[2] = (open, j);
                if best[2].0 < best[1].0 {
                    best.swap(1, 2);
                    if best[1].0 < best[0].0 {
                        best.swap(0, 1);
                    }
                }
            }
        }
        let buckets = u64::from(best[0].0) * u64::from(best[1].0) * u64::from(best[2].0);
        if buckets > u64::from(most) {
            return None;
        }
        let mut at = [best[0].1, best[1].1, best[2].1];
        at.sort_unstable();
        Some(at)
    }

    /// Calls `each` with the [`Packed`] of every word that has at each
    /// position a letter of `wanted`, read from the buckets of the
    /// positions `at` (ascending), bucket by bucket.
    #[inline(always)]
    pub(crate) fn each_fitting(
        &self,
        wanted: &[u32],
        at: [usize; 3],
        mut each: impl FnMut(Packed),
    ) {
        let len = self.len;
        let [a, b, c] = at;
        let number = usize::from(self.triple[(a * len + b) * len + c]);
        let groups = &self.groups[number * 26 * 26..][..26 * 26];
        let second = &self.second[number * 26..][..26];
        let wanted = &wanted[..len];
        // The three squares of the buckets need no check.
        let mut rest = [(0u32, u32::MAX); MAX_LEN];
        let mut count = 0;
        for (j, &mask) in wanted.iter().enumerate() {
            if j != a && j != b && j != c {
                rest[count] = (5 * j as u32, mask);
                count += 1;
            }
        }
        let rest = &rest[..count];
        let scan = |ranges: &[(u32, u32)], each: &mut dyn FnMut(Packed)| {
            for &(start, end) in ranges {
                for &entry in &self.entries[start as usize..end as usize] {
                    let mut fits = true;
                    for &(shift, mask) in rest {
                        fits &= mask >> ((entry >> shift) & 31) & 1 != 0;
                    }
                    if fits {
                        each(entry);
                    }
                }
            }
        };
        // The buckets' bounds are looked up a batch at a time before any is
        // read, so that the lookups overlap.
        let mut ranges = [(0u32, 0u32); BATCH];
        let mut batched = 0;
        for x in letters(wanted[a]) {
            for y in letters(wanted[b] & second[x]) {
                let [third, group] = groups[x * 26 + y];
                for z in letters(wanted[c] & third) {
                    let at = group as usize + (third & ((1 << z) - 1)).count_ones() as usize;
                    ranges[batched] = (self.bounds[at], self.bounds[at + 1]);
                    batched += 1;
                    if batched == BATCH {
                        scan(&ranges, &mut each);
                        batched = 0;
                    }
                }
            }
        }
        scan(&ranges[..batched], &mut each);
    }
}

/// A word as the buckets keep it: its letters, five bits each, first
/// letter lowest, and its index among the words above [`INDEX_SHIFT`].
/// Entries order as their words' indexes do.
pub(crate) type Packed = u64;

/// The index of the word of `entry`.
pub(crate) fn word(entry: Packed) -> u32 {
    (entry >> INDEX_SHIFT) as u32
}

/// The letter (`0..26`) of the word of `entry` at `position`.
pub(crate) fn letter(entry: Packed, position: usize) -> u8 {
    ((entry >> (5 * position)) & 31) as u8
}

/// Buckets looked up together.
const BATCH: usize = 32;

/// Every letter.
const LETTERS: u32 = (1 << 26) - 1;

/// The letters of `mask`, lowest first.
#[inline(always)]
fn letters(mut mask: u32) -> impl Iterator<Item = usize> {
    mask &= LETTERS;
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let letter = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            letter
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every word of `words` fitting `wanted`, the slow way.
    fn fitting_by_hand(words: &[Vec<u8>], wanted: &[u32]) -> Vec<u32> {
        (0..words.len() as u32)
            .filter(|&i| {
                words[i as usize]
                    .iter()
                    .zip(wanted)
                    .all(|(&letter, &mask)| mask >> letter & 1 != 0)
            })
            .collect()
    }

    #[test]
    fn the_buckets_hand_over_exactly_the_fitting_words() {
        // Every word of four letters from A-D, less every fifth.
        let words: Vec<Vec<u8>> = (0..256u32)
            .filter(|i| i % 5 != 0)
            .map(|i| (0..4).map(|j| (i >> (2 * j) & 3) as u8).collect())
            .collect();
        let mut words = words;
        words.sort();
        let index = Triples::new(&words).expect("four letters are indexed");
        for seed in 0..200u32 {
            let wanted: Vec<u32> = (0..4)
                .map(|j| (seed.wrapping_mul(2_654_435_761) >> (4 * j)) & 0b1111)
                .collect();
            let Some(at) = index.narrowest(&wanted, u32::MAX) else {
                panic!("no bound");
            };
            let mut found = Vec::new();
            index.each_fitting(&wanted, at, |entry| {
                let word = word(entry);
                for (j, &letter_there) in words[word as usize].iter().enumerate() {
                    assert_eq!(letter(entry, j), letter_there);
                }
                found.push(word);
            });
            found.sort_unstable();
            assert_eq!(found, fitting_by_hand(&words, &wanted), "wanted {wanted:?}");
        }
    }

    #[test]
    fn the_narrowest_squares_are_chosen_within_the_bound() {
        let words = vec![vec![0, 1, 2, 3, 4]];
        let index = Triples::new(&words).expect("five letters are indexed");
        let wanted = [0b111, 0b1, 0b11111, 0b11, 0b1111];
        assert_eq!(index.narrowest(&wanted, 6), Some([0, 1, 3]));
        assert_eq!(index.narrowest(&wanted, 5), None);
        assert!(Triples::new(&[vec![0, 1]]).is_none());
        assert!(Triples::new(&[vec![0; MAX_LEN + 1]]).is_none());
    }

    #[test]
    fn a_list_past_the_bound_is_not_indexed() {
        // Eight letters: 56 triples of positions.
        let word =
            |i: usize| -> Vec<u8> { (0..8).map(|j| (i / 26usize.pow(j) % 26) as u8).collect() };
        let most = MAX_ENTRIES / 56;
        let words: Vec<Vec<u8>> = (0..=most).map(word).collect();
        assert!(Triples::new(&words[..most]).is_some());
        assert!(Triples::new(&words).is_none());
    }
}
