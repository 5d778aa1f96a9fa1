//! Finding a loading word list's words again by their letters: an
//! open-addressing table of word numbers and hash tags, eight bytes a
//! slot. A map from hash to number (sixteen bytes a slot, grown by steps,
//! and a second map for two words of one hash) took most of a large list's
//! loading time, much of it in first touches of fresh memory (a few
//! microseconds a page on the benchmark machine).

/// Word numbers by the hash of their letters; the letters themselves stay
/// with the list, which the table's callers compare and hash again.
pub(super) struct WordIndex {
    /// A word's number plus one (low half), or 0 for an empty slot, and
    /// 32 bits of its hash (high half), so that only a word of the same tag
    /// is compared; at most half full, so that a search for a word meets
    /// an empty slot soon.
    slots: Vec<u64>,
    len: usize,
}

impl WordIndex {
    pub(super) fn new() -> WordIndex {
        WordIndex {
            slots: vec![0; 1 << 10],
            len: 0,
        }
    }

    /// The number of the word that hashes to `hash` and for which `same`
    /// holds; if there is none, `new` is entered as the word's number (the
    /// table may then need [`WordIndex::grow_with`]).
    pub(super) fn find_or_insert(
        &mut self,
        hash: u64,
        new: u32,
        mut same: impl FnMut(u32) -> bool,
    ) -> Option<u32> {
        let mask = self.slots.len() - 1;
        let tag = hash & 0xFFFF_FFFF_0000_0000;
        let mut at = self.home(hash);
        loop {
            let slot = self.slots[at];
            if slot == 0 {
                self.slots[at] = tag | u64::from(new + 1);
                self.len += 1;
                return None;
            }
            let id = slot as u32 - 1;
            if slot & 0xFFFF_FFFF_0000_0000 == tag && same(id) {
                return Some(id);
            }
            at = (at + 1) & mask;
        }
    }

    /// Doubles the table when it is half full, each word's hash given by
    /// `hash_of` (its number): words are entered again in number order, so
    /// the list's letters are read in turn rather than at random.
    pub(super) fn grow_with(&mut self, hash_of: impl Fn(u32) -> u64) {
        if self.len * 2 <= self.slots.len() {
            return;
        }
        self.slots = vec![0; self.slots.len() * 2];
        let mask = self.slots.len() - 1;
        for id in 0..self.len as u32 {
            let hash = hash_of(id);
            let mut at = self.home(hash);
            while self.slots[at] != 0 {
                at = (at + 1) & mask;
            }
            self.slots[at] = (hash & 0xFFFF_FFFF_0000_0000) | u64::from(id + 1);
        }
    }

    /// The first slot tried for `hash`: its top bits after a multiplication
    /// that spreads every bit of it there, whatever the hash function.
    fn home(&self, hash: u64) -> usize {
        let bits = self.slots.len().trailing_zeros();
        (hash.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn each_word_is_found_once_whatever_the_hash(
            words in proptest::collection::vec(0u16..3000, 0..3000),
            hash_bits in prop_oneof![Just(0u32), Just(3), Just(64)],
        ) {
            let hash_of = |word: u16| -> u64 {
                let spread = u64::from(word).wrapping_mul(0xD6E8_FEB8_6659_FD93);
                if hash_bits == 64 { spread } else { spread & ((1 << hash_bits) - 1) }
            };
            let mut index = WordIndex::new();
            let mut kept: Vec<u16> = Vec::new();
            for &word in &words {
                let new = kept.len() as u32;
                let found = index.find_or_insert(hash_of(word), new, |id| kept[id as usize] == word);
                prop_assert_eq!(found, kept.iter().position(|&w| w == word).map(|at| at as u32));
                if found.is_none() {
                    kept.push(word);
                    index.grow_with(|id| hash_of(kept[id as usize]));
                }
                prop_assert!(index.len * 2 <= index.slots.len());
            }
        }
    }
}
