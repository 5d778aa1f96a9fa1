//! The fill search's state: each slot's candidate words as a bitset, each
//! square's possible letters as a 26-bit mask, propagation across crossings
//! to a fixpoint, and a trail to undo a choice.
//!
//! Words of one length form a *bucket*, ordered best first (score, then the
//! seed's order or the list's); a slot's candidates are a bitset over its
//! bucket. For every (position, letter) the bucket keeps the bitset of its
//! words with that letter there, so filtering a slot by a square's letters
//! is a few bitset ANDs.
//!
//! Propagation keeps two things true at its fixpoint: every candidate of a
//! slot has, at each square, a letter the square still allows; and every
//! letter a square allows appears there in some candidate of each slot
//! through it. A slot down to one candidate takes that word out of every
//! other slot of its length, so no word is used twice.

use super::grid::{Cell, Direction, Grid};

/// All 26 letters.
const ALL: u32 = (1 << 26) - 1;

/// A slot with more candidates than this does not narrow its squares.
const EXACT_SUPPORT: usize = 2000;

/// In a search that splits by letter, slots with more candidates than
/// this are split by the letter of a square, smaller ones by word (a few
/// words are cheaper to try one by one).
const SPLIT_ABOVE: u32 = 100;

/// How far a restart's noise moves a candidate's value (a sum of logs of
/// crossing counts) in [`Engine::ordered`].
const NOISE: f32 = 1.0;

/// Filtering looks at each candidate when there are at most this many per
/// `u64` of the bitset.
const SPARSE: usize = 1;

/// The words of one length.
#[derive(Clone, Debug)]
pub(crate) struct Bucket {
    pub len: usize,
    /// Number of words.
    pub n: usize,
    /// `u64`s per bitset.
    pub width: usize,
    /// Letters (0–25), `len` per word.
    pub letters: Vec<u8>,

    /// Bitsets, `width` words each, for (position, letter) at
    /// `(position * 26 + letter) * width`.
    pub sets: Vec<u64>,
    /// The slots of this length.
    pub slots: Vec<u32>,
    /// Each word's rank among the distinct scores of the bucket, best 0:
    /// words are tried by rank first, so a better word always comes first.
    pub rank: Vec<u32>,
}

impl Bucket {
    /// The bucket of `words` (upper case, `len` letters each), in order.
    pub fn new<'a>(len: usize, words: impl Iterator<Item = &'a [u8]>) -> Bucket {
        let mut n = 0usize;
        let mut letters = Vec::new();
        for word in words {
            n += 1;
            letters.extend(word.iter().map(|&b| b - b'A'));
        }
        let width = n.div_ceil(64).max(1);
        let mut sets = vec![0u64; len * 26 * width];
        for (i, word) in letters.chunks(len.max(1)).enumerate().take(n) {
            for (p, &letter) in word.iter().enumerate() {
                sets[(p * 26 + usize::from(letter)) * width + i / 64] |= 1 << (i % 64);
            }
        }
        Bucket {
            len,
            n,
            width,
            letters,
            sets,
            slots: Vec::new(),
            rank: vec![0; n],
        }
    }

    fn set(&self, p: usize, letter: u32) -> &[u64] {
        let at = (p * 26 + letter as usize) * self.width;
        &self.sets[at..at + self.width]
    }

    pub fn word(&self, i: usize) -> &[u8] {
        &self.letters[i * self.len..(i + 1) * self.len]
    }
}

/// One slot of the engine.
#[derive(Clone, Debug)]
pub(crate) struct SlotData {
    pub bucket: usize,
    /// Square indices (`row * cols + col`).
    pub cells: Vec<u32>,
    /// Where its bitset starts in the arena.
    pub offset: usize,
    /// For each position, the crossing slot and its position there.
    pub crossing: Vec<Option<(u32, u32)>>,
}

/// The search state. Cloned from the state after the first propagation for
/// each search.
#[derive(Clone, Debug)]
pub(crate) struct Engine {
    pub buckets: std::sync::Arc<Vec<Bucket>>,
    pub slots: Vec<SlotData>,
    arena: Vec<u64>,
    pub count: Vec<u32>,
    pub mask: Vec<u32>,
    stamp: Vec<u32>,
    level: u32,
    trail_words: Vec<u64>,
    trail_slots: Vec<(u32, u32, u32)>,
    trail_masks: Vec<(u32, u32)>,
    queue: Vec<u32>,
    queued: Vec<bool>,
    dirty: Vec<u64>,
    support: Vec<bool>,
    singles: Vec<u32>,
    /// Slots that came down to one word in the last propagation.
    pub forced: Vec<u32>,
    scratch: Vec<u64>,
    /// [`Engine::ordered`]'s per-(position, letter) values, kept to save
    /// an allocation per choice.
    lookahead: Vec<f32>,
    /// Whether slots with many candidates are split by the letter of one
    /// square ([`Engine::split`]) rather than by word.
    pub letters: bool,
    /// When splitting by letter, slots with more candidates than this are
    /// split by letter, smaller ones by word ([`SPLIT_ABOVE`]).
    pub split_above: u32,
    /// Slots of more candidates than this do not narrow their squares
    /// ([`EXACT_SUPPORT`]; the trace keeps the lower bound its examples
    /// were chosen with).
    pub support_limit: usize,
    /// Nonzero: the random state of a restart, which perturbs the choice of
    /// slot.
    pub noise: u64,
    /// How often each slot was left without candidates, plus one: kept
    /// from restart to restart, it steers the choice of slot towards the
    /// hard part of the grid.
    pub weight: Vec<u32>,
}

/// Where the trail stood: [`Engine::undo`] goes back to it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Mark {
    words: usize,
    slots: usize,
    masks: usize,
}

impl Engine {
    /// The engine for `grid`, its slots' buckets given by `bucket_of` (one
    /// per slot, in `grid.slots()` order), before any propagation.
    pub fn new(grid: &Grid, buckets: Vec<Bucket>, bucket_of: &[usize]) -> Engine {
        let cols = grid.cols();
        let mut mask = vec![0u32; grid.rows() * cols];
        for row in 0..grid.rows() {
            for col in 0..cols {
                mask[row * cols + col] = match grid.cell(row, col) {
                    Cell::Block => 0,
                    Cell::Empty => ALL,
                    Cell::Letter(letter) => 1 << (letter - b'A'),
                };
            }
        }
        let mut owner: Vec<[Option<(u32, u32)>; 2]> = vec![[None; 2]; mask.len()];
        let mut slots = Vec::new();
        let mut offset = 0;
        let mut buckets = buckets;
        for (s, (slot, &bucket)) in grid.slots().iter().zip(bucket_of).enumerate() {
            let cells: Vec<u32> = (0..slot.len)
                .map(|i| {
                    let (row, col) = slot.square(i);
                    (row * cols + col) as u32
                })
                .collect();
            let side = usize::from(slot.direction == Direction::Down);
            for (p, &cell) in cells.iter().enumerate() {
                owner[cell as usize][side] = Some((s as u32, p as u32));
            }
            buckets[bucket].slots.push(s as u32);
            slots.push(SlotData {
                bucket,
                cells,
                offset,
                crossing: Vec::new(),
            });
            offset += buckets[bucket].width;
        }
        for (s, data) in slots.iter_mut().enumerate() {
            let side = usize::from(grid.slots()[s].direction == Direction::Down);
            data.crossing = data
                .cells
                .iter()
                .map(|&cell| owner[cell as usize][1 - side])
                .collect();
        }
        let mut arena = vec![0u64; offset];
        let mut count = Vec::with_capacity(slots.len());
        for data in &slots {
            let bucket = &buckets[data.bucket];
            let bits = &mut arena[data.offset..data.offset + bucket.width];
            for (i, word) in bits.iter_mut().enumerate() {
                let left = bucket.n.saturating_sub(i * 64);
                *word = if left >= 64 { !0 } else { (1u64 << left) - 1 };
            }
            count.push(bucket.n as u32);
        }
        let n = slots.len();
        let width = buckets.iter().map(|b| b.width).max().unwrap_or(1);
        Engine {
            buckets: std::sync::Arc::new(buckets),
            slots,
            arena,
            count,
            mask,
            stamp: vec![0; n],
            level: 0,
            trail_words: Vec::new(),
            trail_slots: Vec::new(),
            trail_masks: Vec::new(),
            queue: Vec::new(),
            queued: vec![false; n],
            dirty: vec![0; n],
            support: vec![false; n],
            singles: Vec::new(),
            forced: Vec::new(),
            scratch: vec![0; width],
            lookahead: Vec::new(),
            noise: 0,
            letters: false,
            split_above: SPLIT_ABOVE,
            support_limit: EXACT_SUPPORT,
            weight: vec![1; n],
        }
    }

    /// Filters every slot by its own pre-set letters only, and returns the
    /// first slot left without a word, if any.
    pub fn own_letters(&mut self) -> Option<usize> {
        for s in 0..self.slots.len() {
            let mut dirty = 0;
            for (p, &cell) in self.slots[s].cells.iter().enumerate() {
                if self.mask[cell as usize] != ALL {
                    dirty |= 1 << p;
                }
            }
            if dirty != 0 {
                self.filter(s, dirty);
            }
            if self.count[s] == 0 {
                return Some(s);
            }
        }
        None
    }

    /// The first propagation: every slot is looked at. `Err` holds a slot
    /// left without candidates.
    pub fn start(&mut self) -> Result<(), u32> {
        for s in 0..self.slots.len() {
            if self.count[s] == 1 {
                self.singles.push(s as u32);
            }
            self.support[s] = true;
            self.enqueue(s);
        }
        self.forced.clear();
        self.propagate()
    }

    pub fn bits(&self, s: usize) -> &[u64] {
        let data = &self.slots[s];
        &self.arena[data.offset..data.offset + self.buckets[data.bucket].width]
    }

    /// The bucket index of a slot's only (or first) candidate.
    pub fn first(&self, s: usize) -> usize {
        let bits = self.bits(s);
        let at = bits.iter().position(|&w| w != 0).expect("a candidate");
        at * 64 + bits[at].trailing_zeros() as usize
    }

    /// The candidates of a slot, best first.
    pub fn candidates(&self, s: usize) -> Vec<u32> {
        let mut out = Vec::with_capacity(self.count[s] as usize);
        for (at, &word) in self.bits(s).iter().enumerate() {
            let mut word = word;
            while word != 0 {
                out.push((at * 64) as u32 + word.trailing_zeros());
                word &= word - 1;
            }
        }
        out
    }

    /// The candidates of slot `s` in the order to try them: by score rank,
    /// then those that leave their crossing slots the most words first
    /// (the sum over crossings of the log of the crossing's candidates with
    /// the word's letter there). A candidate that leaves some crossing slot
    /// no word at all would fail at once: it is left out, or put last when
    /// `keep_dead` (a trace shows its conflict).
    pub fn ordered(&mut self, s: usize, keep_dead: bool) -> Vec<u32> {
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
                    noise = super::search::mix(noise);
                    value += (noise >> 40) as f32 / (1u64 << 24) as f32 * NOISE;
                }
                keyed.push((bucket.rank[i as usize], dead, -value, i));
            }
        }
        keyed.sort_unstable_by(|a, b| {
            (a.0, a.1)
                .cmp(&(b.0, b.1))
                .then(a.2.total_cmp(&b.2))
                .then(a.3.cmp(&b.3))
        });
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
                noise = super::search::mix(noise);
                value += (noise >> 40) as f32 / (1u64 << 24) as f32 * NOISE;
            }
            keyed.push((-value, letter));
        }
        self.noise = noise;
        keyed.sort_unstable_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        Some((p, keyed.into_iter().map(|(_, letter)| letter).collect()))
    }

    /// Sets the square at position `p` of slot `s` to `letter` and
    /// propagates. `Err` holds a slot left without candidates; the caller
    /// undoes.
    pub fn fix_letter(&mut self, s: usize, p: usize, letter: u32) -> Result<(), u32> {
        self.forced.clear();
        let cell = self.slots[s].cells[p] as usize;
        self.trail_masks.push((cell as u32, self.mask[cell]));
        self.mask[cell] = 1 << letter;
        self.dirty[s] |= 1 << p;
        self.enqueue(s);
        if let Some((t, q)) = self.slots[s].crossing[p] {
            self.dirty[t as usize] |= 1 << q;
            self.enqueue(t as usize);
        }
        self.propagate()
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

    /// The slot to branch on: fewest candidates, then longest; `None` when
    /// every slot has one word left (a fill).
    pub fn choose(&mut self) -> Option<usize> {
        // Fewest candidates per unit of weight (slots that often ran out
        // of words weigh more), then longest.
        let mut best: Option<(u64, usize, usize)> = None;
        for s in 0..self.count.len() {
            let count = self.count[s];
            if count <= 1 {
                continue;
            }
            let mut key = (u64::from(count) << 16) / u64::from(self.weight[s]);
            if self.noise != 0 {
                // A restart's own order: keys scaled by 1 to 1.44 at random.
                self.noise = super::search::mix(self.noise);
                key = key * (16 + (self.noise >> 61)) / 16;
            }
            let len = self.buckets[self.slots[s].bucket].len;
            if best.is_none_or(|(k, l, _)| key < k || (key == k && len > l)) {
                best = Some((key, len, s));
            }
        }
        best.map(|(_, _, s)| s)
    }

    pub fn mark(&mut self) -> Mark {
        self.level += 1;
        Mark {
            words: self.trail_words.len(),
            slots: self.trail_slots.len(),
            masks: self.trail_masks.len(),
        }
    }

    pub fn undo(&mut self, mark: Mark) {
        while self.trail_slots.len() > mark.slots {
            let (s, count, stamp) = self.trail_slots.pop().expect("an entry");
            let s = s as usize;
            let data = &self.slots[s];
            let width = self.buckets[data.bucket].width;
            let from = self.trail_words.len() - width;
            self.arena[data.offset..data.offset + width].copy_from_slice(&self.trail_words[from..]);
            self.trail_words.truncate(from);
            self.count[s] = count;
            self.stamp[s] = stamp;
        }
        debug_assert_eq!(self.trail_words.len(), mark.words);
        while self.trail_masks.len() > mark.masks {
            let (cell, mask) = self.trail_masks.pop().expect("an entry");
            self.mask[cell as usize] = mask;
        }
    }

    /// Saves slot `s` on the trail, once per level.
    fn save(&mut self, s: usize) {
        if self.stamp[s] == self.level {
            return;
        }
        let data = &self.slots[s];
        let width = self.buckets[data.bucket].width;
        self.trail_words
            .extend_from_slice(&self.arena[data.offset..data.offset + width]);
        self.trail_slots
            .push((s as u32, self.count[s], self.stamp[s]));
        self.stamp[s] = self.level;
    }

    fn enqueue(&mut self, s: usize) {
        if !self.queued[s] {
            self.queued[s] = true;
            self.queue.push(s as u32);
        }
    }

    /// Notes that slot `s` went from `old` candidates to `new`.
    fn reduced(&mut self, s: usize, old: u32, new: u32) -> Result<(), u32> {
        if new == 0 {
            return Err(s as u32);
        }
        if new == 1 && old > 1 {
            self.singles.push(s as u32);
            self.forced.push(s as u32);
        }
        Ok(())
    }

    /// Chooses word `i` (of its bucket) for slot `s` and propagates.
    /// `Err` holds a slot left without candidates; the caller undoes.
    pub fn assign(&mut self, s: usize, i: usize) -> Result<(), u32> {
        self.forced.clear();
        self.save(s);
        let data = &self.slots[s];
        let width = self.buckets[data.bucket].width;
        let bits = &mut self.arena[data.offset..data.offset + width];
        bits.fill(0);
        bits[i / 64] = 1 << (i % 64);
        self.count[s] = 1;
        self.singles.push(s as u32);
        self.support[s] = true;
        self.enqueue(s);
        self.propagate()
    }

    fn propagate(&mut self) -> Result<(), u32> {
        let result = self.run_queue();
        if result.is_err() {
            for s in self.queue.drain(..) {
                let s = s as usize;
                self.queued[s] = false;
                self.dirty[s] = 0;
                self.support[s] = false;
            }
            self.singles.clear();
        }
        result
    }

    fn run_queue(&mut self) -> Result<(), u32> {
        loop {
            if let Some(s) = self.singles.pop() {
                self.singleton(s as usize)?;
                continue;
            }
            let Some(s) = self.queue.pop() else {
                return Ok(());
            };
            let s = s as usize;
            self.queued[s] = false;
            let dirty = std::mem::take(&mut self.dirty[s]);
            let old = self.count[s];
            if dirty != 0 {
                self.filter(s, dirty);
            }
            let new = self.count[s];
            self.reduced(s, old, new)?;
            if new < old || std::mem::take(&mut self.support[s]) {
                self.support[s] = false;
                self.restrict_cells(s);
            }
        }
    }

    /// Takes the only word of slot `s` out of every other slot of its
    /// length.
    fn singleton(&mut self, s: usize) -> Result<(), u32> {
        let i = self.first(s);
        let bucket = self.slots[s].bucket;
        for k in 0..self.buckets[bucket].slots.len() {
            let t = self.buckets[bucket].slots[k] as usize;
            if t == s {
                continue;
            }
            let at = self.slots[t].offset + i / 64;
            if self.arena[at] >> (i % 64) & 1 == 0 {
                continue;
            }
            self.save(t);
            self.arena[at] &= !(1 << (i % 64));
            let old = self.count[t];
            self.count[t] = old - 1;
            self.reduced(t, old, old - 1)?;
            self.support[t] = true;
            self.enqueue(t);
        }
        Ok(())
    }

    /// Keeps the candidates of `s` whose letters at the positions in
    /// `dirty` are allowed by their squares.
    fn filter(&mut self, s: usize, dirty: u64) {
        self.save(s);
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
        if self.count[s] as usize <= SPARSE * (hi - lo) {
            // Few candidates: look at each one's letters.
            let mut total = 0;
            for (at, word) in bits.iter_mut().enumerate().take(hi).skip(lo) {
                let (mut rest, mut keep) = (*word, *word);
                while rest != 0 {
                    let b = rest.trailing_zeros();
                    rest &= rest - 1;
                    let letters = bucket.word(at * 64 + b as usize);
                    let mut positions = dirty;
                    while positions != 0 {
                        let p = positions.trailing_zeros() as usize;
                        positions &= positions - 1;
                        if self.mask[data.cells[p] as usize] >> letters[p] & 1 == 0 {
                            keep &= !(1 << b);
                            break;
                        }
                    }
                }
                *word = keep;
                total += keep.count_ones();
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

    /// Narrows the squares of `s` to the letters its candidates have there;
    /// each square narrowed makes its crossing slot look again.
    fn restrict_cells(&mut self, s: usize) {
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
        if count <= 12 * (hi - lo) {
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
