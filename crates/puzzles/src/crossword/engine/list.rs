//! A small slot's candidates as a list with their letters side by side,
//! so that filtering reads them in order instead of jumping through the
//! bucket for each word and over the empty words of a sparse bitset.
//!
//! The bitset stays the truth; the list holds every candidate and maybe
//! words the bitset has lost since (taken out as the only word of another
//! slot), which filtering drops when it meets them. A word filtered out is
//! swapped past the live end, so undoing a level only restores the live
//! length: the first `n` entries are again the same words (in another
//! order), as a sparse set's are.

use super::Engine;
use super::checks::checks;

/// A slot without a list.
pub(super) const NO_LIST: u32 = u32::MAX;

/// A slot gets a list once its candidates are this few (and sparse in
/// their bitset).
pub(super) const LIST_MAX: u32 = 512;

impl Engine {
    /// Makes the list of slot `s` from its bitset (words `lo * 64` to
    /// `hi * 64`). The caller has saved the slot at this level.
    #[inline(always)]
    pub(super) fn build_list(&mut self, s: usize, lo: usize, hi: usize) {
        let data = &self.slots[s];
        let bucket = &self.buckets[data.bucket];
        let bits = &self.arena[data.offset..data.offset + bucket.width];
        let (words, rows) = (&mut self.list_words[s], &mut self.list_rows[s]);
        words.clear();
        rows.clear();
        for (at, &word) in bits.iter().enumerate().take(hi).skip(lo) {
            let mut word = word;
            while word != 0 {
                let i = at * 64 + word.trailing_zeros() as usize;
                word &= word - 1;
                words.push(i as u32);
                rows.extend_from_slice(bucket.word(i));
            }
        }
        self.list_len[s] = words.len() as u32;
    }

    /// [`Engine::filter`] through the list of slot `s`.
    #[inline(always)]
    pub(super) fn filter_list(&mut self, s: usize, dirty: u64) {
        let data = &self.slots[s];
        let bucket = &self.buckets[data.bucket];
        let len = bucket.len;
        let (checks, n_checks) = checks(&self.mask, &data.cells, dirty);
        let checks = &checks[..n_checks];
        let gather = self.count[s] as usize <= self.support_limit;
        let support = &mut self.fresh_support;
        support.fill(0);
        let bits = &mut self.arena[data.offset..data.offset + bucket.width];
        let (words, rows) = (&mut self.list_words[s], &mut self.list_rows[s]);
        let mut live = self.list_len[s] as usize;
        let mut k = 0;
        while k < live {
            let i = words[k] as usize;
            let row = &rows[k * len..(k + 1) * len];
            let mut fits = (bits[i / 64] >> (i % 64)) as u32 & 1;
            for &(p, allowed) in checks {
                fits &= allowed >> row[p];
            }
            if fits & 1 == 1 {
                if gather {
                    for (sup, &letter) in support.iter_mut().zip(row) {
                        *sup |= 1 << letter;
                    }
                }
                k += 1;
                continue;
            }
            bits[i / 64] &= !(1 << (i % 64));
            live -= 1;
            words.swap(k, live);
            if k < live {
                // Byte by byte: a word is a few letters, too short for
                // `memcpy`'s call to pay.
                let (kept, gone) = rows.split_at_mut(live * len);
                for (a, b) in kept[k * len..(k + 1) * len]
                    .iter_mut()
                    .zip(&mut gone[..len])
                {
                    std::mem::swap(a, b);
                }
            }
        }
        self.list_len[s] = live as u32;
        self.count[s] = live as u32;
        if gather {
            self.fresh = s;
        }
    }
}
