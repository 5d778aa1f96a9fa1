//! Propagation's two kernels: a slot's candidates filtered by its
//! squares' letters, and its squares narrowed to its candidates' letters.

use super::checks::checks;
use super::list::{LIST_MAX, NO_LIST};
use super::{ALL, Engine};

/// Filtering looks at each candidate when there are at most this many per
/// `u64` of the bitset.
const SPARSE: usize = 1;

impl Engine {
    /// Keeps the candidates of `s` whose letters at the positions in
    /// `dirty` are allowed by their squares.
    #[inline(always)]
    pub(super) fn filter(&mut self, s: usize, dirty: u64) {
        self.save(s);
        self.fresh = usize::MAX;
        if self.list_len[s] != NO_LIST {
            self.filter_list(s, dirty);
            return;
        }
        let data = &self.slots[s];
        let bucket = &self.buckets[data.bucket];
        let width = bucket.width;
        let bits = &mut self.arena[data.offset..data.offset + width];
        let (lo, hi) = match bits.iter().position(|&w| w != 0) {
            Some(lo) => (
                lo,
                width - bits.iter().rev().position(|&w| w != 0).unwrap_or(0),
            ),
            None => return,
        };
        let sparse = self.count[s] as usize <= SPARSE * (hi - lo);
        if (sparse && self.count[s] <= LIST_MAX) || self.lists_always {
            self.build_list(s, lo, hi);
            self.filter_list(s, dirty);
            return;
        }
        if sparse {
            // Few candidates: look at each one's letters. When the slot is
            // small enough to narrow its squares next, gather the letters
            // of the words kept on the way.
            let (checks, n) = checks(&self.mask, &data.cells, dirty);
            let checks = &checks[..n];
            let gather = self.count[s] as usize <= self.support_limit;
            let support = &mut self.fresh_support;
            support.fill(0);
            let len = bucket.len;
            let mut total = 0;
            for (at, word) in bits.iter_mut().enumerate().take(hi).skip(lo) {
                let (mut rest, mut keep) = (*word, *word);
                while rest != 0 {
                    let b = rest.trailing_zeros();
                    rest &= rest - 1;
                    let start = (at * 64 + b as usize) * len;
                    let letters = &bucket.letters[start..start + len];
                    // No branch on the outcome, which is a coin toss:
                    // mispredictions would stall the loads of the next
                    // words' letters, which are what this loop waits on.
                    let mut fits = 1u32;
                    for &(p, allowed) in checks {
                        fits &= allowed >> letters[p];
                    }
                    let fits = fits & 1;
                    keep &= !(u64::from(fits ^ 1) << b);
                    if gather {
                        let kept = 0u32.wrapping_sub(fits);
                        for (sup, &letter) in support.iter_mut().zip(letters) {
                            *sup |= (1 << letter) & kept;
                        }
                    }
                }
                *word = keep;
                total += keep.count_ones();
            }
            if gather {
                self.fresh = s;
            }
            self.count[s] = total;
            return;
        }
        let scratch = &mut self.scratch[lo..hi];
        let mut dirty = dirty;
        while dirty != 0 {
            let p = dirty.trailing_zeros() as usize;
            dirty &= dirty - 1;
            let allowed = self.mask[data.cells[p] as usize];
            let banned = ALL & !allowed;
            if banned == 0 {
                continue;
            }
            let (mut letters, keep) = if allowed.count_ones() <= banned.count_ones() {
                (allowed, true)
            } else {
                (banned, false)
            };
            if keep && letters.count_ones() == 1 {
                let set = &bucket.set(p, letters.trailing_zeros())[lo..hi];
                for (word, &w) in bits[lo..hi].iter_mut().zip(set) {
                    *word &= w;
                }
                continue;
            }
            scratch.fill(0);
            while letters != 0 {
                let letter = letters.trailing_zeros();
                letters &= letters - 1;
                let set = &bucket.set(p, letter)[lo..hi];
                for (acc, &w) in scratch.iter_mut().zip(set) {
                    *acc |= w;
                }
            }
            for (word, &acc) in bits[lo..hi].iter_mut().zip(scratch.iter()) {
                *word &= if keep { acc } else { !acc };
            }
        }
        self.count[s] = bits[lo..hi].iter().map(|w| w.count_ones()).sum();
    }

    /// After word `i` left slot `s`, whose squares held only its words'
    /// letters: takes out of each square the word's letter there if no word
    /// left has it. Only the word's own letters can have lost their last
    /// word, so this narrows exactly as a rescan would, in a few ANDs.
    #[inline(always)]
    pub(super) fn unsupport(&mut self, s: usize, i: usize) {
        let data = &self.slots[s];
        let bucket = &self.buckets[data.bucket];
        let bits = &self.arena[data.offset..data.offset + bucket.width];
        for (p, &letter) in bucket.word(i).iter().enumerate() {
            let cell = data.cells[p] as usize;
            let old = self.mask[cell];
            if old >> letter & 1 == 0
                || bucket
                    .set(p, u32::from(letter))
                    .iter()
                    .zip(bits)
                    .any(|(a, b)| a & b != 0)
            {
                continue;
            }
            self.trail_masks.push((cell as u32, old));
            self.mask[cell] = old & !(1 << letter);
            if let Some((t, q)) = data.crossing[p] {
                self.dirty[t as usize] |= 1 << q;
                if !self.queued[t as usize] {
                    self.queued[t as usize] = true;
                    self.queue.push(t);
                }
            }
        }
    }

    /// Narrows the squares of `s` to the letters its candidates have there;
    /// each square narrowed makes its crossing slot look again.
    #[inline(always)]
    pub(super) fn restrict_cells(&mut self, s: usize) {
        let data = &self.slots[s];
        let bucket = &self.buckets[data.bucket];
        let len = bucket.len;
        let bits = &self.arena[data.offset..data.offset + bucket.width];
        let count = self.count[s] as usize;
        let mut support = [0u32; 64];
        let (lo, hi) = match bits.iter().position(|&w| w != 0) {
            Some(lo) => (
                lo,
                bucket.width - bits.iter().rev().position(|&w| w != 0).unwrap_or(0),
            ),
            None => return,
        };
        // Many candidates nearly always have every letter a square allows:
        // the scan would cost more than it prunes. Skipping it is sound, as
        // a slot's letters are narrowed exactly once it is down to a few
        // words (and always once it is down to one).
        if count > self.support_limit {
            return;
        }
        if self.fresh == s {
            support = self.fresh_support;
        } else if self.list_len[s] != NO_LIST {
            let live = self.list_len[s] as usize;
            let rows = self.list_rows[s][..live * len].chunks_exact(len);
            for (&i, row) in self.list_words[s][..live].iter().zip(rows) {
                let i = i as usize;
                if bits[i / 64] >> (i % 64) & 1 != 0 {
                    for (sup, &letter) in support.iter_mut().zip(row) {
                        *sup |= 1 << letter;
                    }
                }
            }
        } else if count <= 12 * (hi - lo) {
            for (at, &word) in bits.iter().enumerate().take(hi).skip(lo) {
                let mut word = word;
                while word != 0 {
                    let i = at * 64 + word.trailing_zeros() as usize;
                    word &= word - 1;
                    for (sup, &letter) in support.iter_mut().zip(bucket.word(i)) {
                        *sup |= 1 << letter;
                    }
                }
            }
        } else {
            for (p, sup) in support.iter_mut().enumerate().take(len) {
                let mut letters = self.mask[data.cells[p] as usize];
                if letters.count_ones() == 1 {
                    *sup = letters;
                    continue;
                }
                while letters != 0 {
                    let letter = letters.trailing_zeros();
                    letters &= letters - 1;
                    let set = &bucket.set(p, letter)[lo..hi];
                    if set.iter().zip(&bits[lo..hi]).any(|(a, b)| a & b != 0) {
                        *sup |= 1 << letter;
                    }
                }
            }
        }
        for (p, &sup) in support.iter().enumerate().take(len) {
            let cell = self.slots[s].cells[p] as usize;
            let old = self.mask[cell];
            let new = old & sup;
            if new == old {
                continue;
            }
            self.trail_masks.push((cell as u32, old));
            self.mask[cell] = new;
            if let Some((t, q)) = self.slots[s].crossing[p] {
                self.dirty[t as usize] |= 1 << q;
                self.enqueue(t as usize);
            }
        }
    }
}
