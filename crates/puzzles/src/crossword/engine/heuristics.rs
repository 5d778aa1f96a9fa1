//! What to branch on and in which order: the slot, its words (or the
//! letters of one of its squares).

use std::cmp::Reverse;

use super::Engine;
use crate::rng::mix;

/// How far a restart's noise moves a candidate's value (a sum of logs of
/// crossing counts) in [`Engine::ordered`].
const NOISE: f32 = 1.0;

impl Engine {
    /// The candidates of slot `s` in the order to try them: by score rank,
    /// then those that leave their crossing slots the most words first
    /// (the sum over crossings of the log of the crossing's candidates with
    /// the word's letter there). A candidate that leaves some crossing slot
    /// no word at all would fail at once: it is left out, or put last when
    /// `keep_dead` (a trace shows its conflict). Only the first `limit`
    /// are returned: a restart that can try no more than that many words
    /// need not sort the thousands it would never reach.
    pub fn ordered(&mut self, s: usize, keep_dead: bool, limit: usize) -> Vec<u32> {
        let data = &self.slots[s];
        let bucket = &self.buckets[data.bucket];
        let len = bucket.len;
        // ln(count + 1) of each crossing's candidates per letter, 0 for a
        // crossing already down to one word (it does not tell words apart).
        let mut weight = std::mem::take(&mut self.lookahead);
        weight.clear();
        weight.resize(len * 26, 0.0);
        let mut counts = [0u32; 26];
        for p in 0..len {
            let Some((t, q)) = data.crossing[p] else {
                continue;
            };
            let (t, q) = (t as usize, q as usize);
            if self.count[t] <= 1 {
                continue;
            }
            self.letter_counts(t, q, &mut counts);
            for (w, &c) in weight[p * 26..(p + 1) * 26].iter_mut().zip(&counts) {
                *w = if c == 0 {
                    f32::NEG_INFINITY
                } else {
                    (c as f32).ln()
                };
            }
        }
        let mut keyed: Vec<(u32, bool, f32, u32)> = Vec::with_capacity(self.count[s] as usize);
        let mut noise = self.noise;
        for (at, &word) in self.bits(s).iter().enumerate() {
            let mut word = word;
            while word != 0 {
                let i = (at * 64) as u32 + word.trailing_zeros();
                word &= word - 1;
                let letters = bucket.word(i as usize);
                let mut value = 0.0f32;
                for (p, &letter) in letters.iter().enumerate() {
                    value += weight[p * 26 + usize::from(letter)];
                }
                let dead = value == f32::NEG_INFINITY;
                if dead && !keep_dead {
                    continue;
                }
                if noise != 0 {
                    noise = mix(noise);
                    value += (noise >> 40) as f32 / (1u64 << 24) as f32 * NOISE;
                }
                keyed.push((bucket.rank[i as usize], dead, -value, i));
            }
        }
        let order = |a: &(u32, bool, f32, u32), b: &(u32, bool, f32, u32)| {
            (a.0, a.1)
                .cmp(&(b.0, b.1))
                .then(a.2.total_cmp(&b.2))
                .then(a.3.cmp(&b.3))
        };
        if limit < keyed.len() {
            keyed.select_nth_unstable_by(limit, order);
            keyed.truncate(limit);
        }
        keyed.sort_unstable_by(order);
        self.lookahead = weight;
        self.noise = noise;
        keyed.into_iter().map(|(_, _, _, i)| i).collect()
    }

    /// A square of slot `s` to branch on instead of its words, and its
    /// letters in the order to try them; `None` when the slot's candidates
    /// differ in score rank (words are then tried best first) or it has
    /// one word. The square is the one whose candidates show the fewest
    /// letters (two or more): fewest branches. Letters that leave both
    /// slots through the square the most words come first.
    pub fn split(&mut self, s: usize) -> Option<(usize, Vec<u32>)> {
        let bucket = &self.buckets[self.slots[s].bucket];
        let last = {
            let bits = self.bits(s);
            let at = bits.iter().rposition(|&w| w != 0)?;
            at * 64 + 63 - bits[at].leading_zeros() as usize
        };
        if bucket.rank[self.first(s)] != bucket.rank[last] {
            return None;
        }
        let len = bucket.len;
        let mut counts = [0u32; 26];
        let mut best: Option<(u32, u32, usize, [u32; 26])> = None;
        for p in 0..len {
            self.letter_counts(s, p, &mut counts);
            let letters = counts.iter().filter(|&&c| c > 0).count() as u32;
            if letters < 2 {
                continue;
            }
            let crossing =
                self.slots[s].crossing[p].map_or(u32::MAX, |(t, _)| self.count[t as usize]);
            if best.is_none_or(|(l, c, _, _)| (letters, crossing) < (l, c)) {
                best = Some((letters, crossing, p, counts));
            }
        }
        let (_, _, p, own) = best?;
        let mut other = [1u32; 26];
        if let Some((t, q)) = self.slots[s].crossing[p]
            && self.count[t as usize] > 1
        {
            self.letter_counts(t as usize, q as usize, &mut other);
        }
        let mut noise = self.noise;
        let mut keyed: Vec<(f32, u32)> = Vec::with_capacity(26);
        for letter in 0..26u32 {
            let (a, b) = (own[letter as usize], other[letter as usize]);
            if a == 0 || b == 0 {
                continue;
            }
            let mut value = (a as f32).ln() + (b as f32).ln();
            if noise != 0 {
                noise = mix(noise);
                value += (noise >> 40) as f32 / (1u64 << 24) as f32 * NOISE;
            }
            keyed.push((-value, letter));
        }
        self.noise = noise;
        keyed.sort_unstable_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        Some((p, keyed.into_iter().map(|(_, letter)| letter).collect()))
    }

    /// How many candidates of slot `t` have each letter at position `q`.
    fn letter_counts(&self, t: usize, q: usize, counts: &mut [u32; 26]) {
        counts.fill(0);
        let data = &self.slots[t];
        let bucket = &self.buckets[data.bucket];
        let bits = self.bits(t);
        let mask = self.mask[data.cells[q] as usize];
        if self.count[t] as usize * 4 <= bits.len() * mask.count_ones() as usize {
            for (at, &word) in bits.iter().enumerate() {
                let mut word = word;
                while word != 0 {
                    let i = at * 64 + word.trailing_zeros() as usize;
                    word &= word - 1;
                    counts[usize::from(bucket.letters[i * bucket.len + q])] += 1;
                }
            }
            return;
        }
        let mut letters = mask;
        while letters != 0 {
            let letter = letters.trailing_zeros();
            letters &= letters - 1;
            counts[letter as usize] = bucket
                .set(q, letter)
                .iter()
                .zip(bits)
                .map(|(a, b)| (a & b).count_ones())
                .sum();
        }
    }

    /// The slot to branch on: longest first, then fewest candidates per
    /// unit of weight; `None` when every slot has one word left (a fill).
    ///
    /// Long slots first fill the slots that constrain the most crossings
    /// while the short ones they cross still have words to spare, the order
    /// human constructors fill in (15-2 with the small list, 25 runs: median
    /// 3.7 → 0.66 s, worst 18 → 1.37 s; BENCHMARKS.md). With `grid_order`
    /// (a grid without blocks), slots of one length go in reading order
    /// instead. The trace keeps the plain order its examples were chosen
    /// with.
    pub fn choose(&mut self) -> Option<usize> {
        // The weight: slots that often ran out of words weigh more.
        let mut best: Option<(usize, u64, usize, usize)> = None;
        for s in 0..self.count.len() {
            let count = self.count[s];
            if count <= 1 || self.active.as_ref().is_some_and(|active| !active[s]) {
                continue;
            }
            let mut key = (u64::from(count) << 16) / u64::from(self.weight[s]);
            if self.noise != 0 {
                // A restart's own order: keys scaled by 1 to 1.44 at random.
                self.noise = mix(self.noise);
                key = key * (16 + (self.noise >> 61)) / 16;
            }
            let len = self.buckets[self.slots[s].bucket].len;
            let first = if self.longest_first { len } else { 0 };
            if self.longest_first && self.grid_order {
                key = u64::from(self.reading[s]);
            }
            if best.is_none_or(|(f, k, l, _)| (first, Reverse(key), len) > (f, Reverse(k), l)) {
                best = Some((first, key, len, s));
            }
        }
        best.map(|(_, _, _, s)| s)
    }
}
