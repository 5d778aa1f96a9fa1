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

mod bucket;
mod checks;
mod forbid;
mod heuristics;
mod list;
mod narrow;
#[cfg(target_arch = "x86_64")]
mod vector;

pub(crate) use bucket::Bucket;

/// All 26 letters.
pub(crate) const ALL: u32 = (1 << 26) - 1;

/// A slot with more candidates than this does not narrow its squares.
const EXACT_SUPPORT: usize = 2000;

/// In a search that splits by letter, slots with more candidates than
/// this are split by the letter of a square, smaller ones by word (a few
/// words are cheaper to try one by one).
const SPLIT_ABOVE: u32 = 100;

/// What the trail keeps of a slot's bitset.
#[derive(Clone, Copy, Debug)]
enum Kept {
    /// All of it, on `trail_words`.
    Whole,
    /// Nothing but the one word (of its bucket) taken out since: every
    /// other slot of a word's length loses it when a slot takes it, and a
    /// whole copy of each of those, level after level, made the trail most
    /// of the memory (about 0.9 GB on a 64 × 64 grid with
    /// `wamerican-large`).
    WordOff(u32),
}

/// A slot as it was before a change: [`Engine::undo`] puts it back.
#[derive(Clone, Copy, Debug)]
struct Saved {
    slot: u32,
    count: u32,
    stamp: u32,
    list_len: u32,
    kept: Kept,
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
    /// The slots as they were before each change, oldest first.
    trail: Vec<Saved>,
    /// The bitsets of [`Kept::Whole`] entries, one after the other.
    trail_words: Vec<u64>,
    trail_masks: Vec<(u32, u32)>,
    queue: Vec<u32>,
    queued: Vec<bool>,
    dirty: Vec<u64>,
    support: Vec<bool>,
    singles: Vec<u32>,
    /// Slots that came down to one word in the last propagation.
    pub forced: Vec<u32>,
    scratch: Vec<u64>,
    /// The letters each square of slot `fresh` has among its candidates,
    /// gathered by the filter that just looked at each of them, so that
    /// narrowing the squares right after need not look again.
    fresh_support: [u32; 64],
    fresh: usize,
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
    /// Whether the longest slots are chosen first ([`Engine::choose`]);
    /// the trace keeps the order its examples were chosen with.
    pub longest_first: bool,
    /// Whether slots of one length are taken in reading order rather than
    /// by candidates per weight ([`Engine::choose`]; only where
    /// `longest_first` is): set for grids without blocks.
    pub grid_order: bool,
    /// Each slot's place in reading order: the across slots row by row,
    /// then the down slots column by column.
    pub reading: Vec<u32>,
    /// Per slot, [`NO_LIST`] or how many entries of its candidate list
    /// ([`list`]) are live.
    list_len: Vec<u32>,
    /// Per slot, the bucket indices of its candidate list.
    list_words: Vec<Vec<u32>>,
    /// Per slot, the letters of its list's words, a word's length each, in
    /// the list's order.
    list_rows: Vec<Vec<u8>>,
    /// Tests: every filtered slot gets a list, however many candidates.
    pub lists_always: bool,
    /// When present, only these slots are chosen: a search for a fill of
    /// one part of the grid ([`super::refute`]).
    pub active: Option<Vec<bool>>,
    /// Present when propagation runs compiled for AVX2.
    #[cfg(target_arch = "x86_64")]
    pub avx2: Option<crate::cpu::Avx2>,
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
        let (rows, squares) = (grid.rows() as u32, mask.len() as u32);
        let reading = grid
            .slots()
            .iter()
            .map(|slot| {
                let (row, col) = (slot.row as u32, slot.col as u32);
                match slot.direction {
                    Direction::Across => row * cols as u32 + col,
                    Direction::Down => squares + col * rows + row,
                }
            })
            .collect();
        let width = buckets.iter().map(|b| b.width).max().unwrap_or(1);
        Engine {
            buckets: std::sync::Arc::new(buckets),
            slots,
            arena,
            count,
            mask,
            stamp: vec![0; n],
            level: 0,
            trail: Vec::new(),
            trail_words: Vec::new(),
            trail_masks: Vec::new(),
            queue: Vec::new(),
            queued: vec![false; n],
            dirty: vec![0; n],
            support: vec![false; n],
            singles: Vec::new(),
            forced: Vec::new(),
            scratch: vec![0; width],
            fresh_support: [0; 64],
            fresh: usize::MAX,
            lookahead: Vec::new(),
            noise: 0,
            letters: false,
            split_above: SPLIT_ABOVE,
            support_limit: EXACT_SUPPORT,
            weight: vec![1; n],
            longest_first: true,
            grid_order: false,
            reading,
            list_len: vec![list::NO_LIST; n],
            list_words: vec![Vec::new(); n],
            list_rows: vec![Vec::new(); n],
            lists_always: false,
            active: None,
            #[cfg(target_arch = "x86_64")]
            avx2: crate::cpu::Avx2::detect(),
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

    /// Sets the square at position `p` of slot `s` to `letter` and
    /// propagates. `Err` holds a slot left without candidates; the caller
    /// undoes.
    pub fn fix_letter(&mut self, s: usize, p: usize, letter: u32) -> Result<(), u32> {
        self.narrow_square(s, p, 1 << letter)
    }

    /// Narrows the square at position `p` of slot `s` to `letters` and
    /// propagates, as [`Engine::fix_letter`].
    fn narrow_square(&mut self, s: usize, p: usize, letters: u32) -> Result<(), u32> {
        self.forced.clear();
        let cell = self.slots[s].cells[p] as usize;
        self.trail_masks.push((cell as u32, self.mask[cell]));
        self.mask[cell] = letters;
        self.dirty[s] |= 1 << p;
        self.enqueue(s);
        if let Some((t, q)) = self.slots[s].crossing[p] {
            self.dirty[t as usize] |= 1 << q;
            self.enqueue(t as usize);
        }
        self.propagate()
    }

    pub fn mark(&mut self) -> Mark {
        self.level += 1;
        Mark {
            words: self.trail_words.len(),
            slots: self.trail.len(),
            masks: self.trail_masks.len(),
        }
    }

    pub fn undo(&mut self, mark: Mark) {
        while self.trail.len() > mark.slots {
            let saved = self.trail.pop().expect("an entry");
            let s = saved.slot as usize;
            let data = &self.slots[s];
            let bits = &mut self.arena[data.offset..data.offset + self.buckets[data.bucket].width];
            match saved.kept {
                Kept::Whole => {
                    let from = self.trail_words.len() - bits.len();
                    bits.copy_from_slice(&self.trail_words[from..]);
                    self.trail_words.truncate(from);
                }
                Kept::WordOff(i) => bits[i as usize / 64] |= 1 << (i % 64),
            }
            self.count[s] = saved.count;
            self.stamp[s] = saved.stamp;
            self.list_len[s] = saved.list_len;
        }
        debug_assert_eq!(self.trail_words.len(), mark.words);
        while self.trail_masks.len() > mark.masks {
            let (cell, mask) = self.trail_masks.pop().expect("an entry");
            self.mask[cell as usize] = mask;
        }
    }

    /// How many bitset words the trail holds.
    #[cfg(test)]
    pub fn trail_words(&self) -> usize {
        self.trail_words.len()
    }

    /// Saves slot `s` on the trail, once per level.
    #[inline(always)]
    fn save(&mut self, s: usize) {
        if self.stamp[s] == self.level {
            return;
        }
        let data = &self.slots[s];
        let width = self.buckets[data.bucket].width;
        self.trail_words
            .extend_from_slice(&self.arena[data.offset..data.offset + width]);
        self.trail.push(self.saved(s, Kept::Whole));
        self.stamp[s] = self.level;
    }

    /// Takes word `i` (of its bucket) out of slot `s`, which has it, and
    /// counts it gone. Unless the slot was saved at this level, the trail
    /// keeps only the word: a later save at this level comes after it, so
    /// undoing puts the slot back in the right order.
    #[inline(always)]
    fn take_word(&mut self, s: usize, i: usize) {
        if self.stamp[s] != self.level {
            self.trail.push(self.saved(s, Kept::WordOff(i as u32)));
        }
        self.arena[self.slots[s].offset + i / 64] &= !(1 << (i % 64));
        self.count[s] -= 1;
    }

    #[inline(always)]
    fn saved(&self, s: usize, kept: Kept) -> Saved {
        Saved {
            slot: s as u32,
            count: self.count[s],
            stamp: self.stamp[s],
            list_len: self.list_len[s],
            kept,
        }
    }

    #[inline(always)]
    fn enqueue(&mut self, s: usize) {
        if !self.queued[s] {
            self.queued[s] = true;
            self.queue.push(s as u32);
        }
    }

    /// Notes that slot `s` went from `old` candidates to `new`.
    #[inline(always)]
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

    /// Propagates to the fixpoint, compiled for AVX2 (hardware `popcnt`,
    /// variable shifts) when the processor has it: the same steps either
    /// way.
    fn propagate(&mut self) -> Result<(), u32> {
        #[cfg(target_arch = "x86_64")]
        if let Some(token) = self.avx2 {
            return vector::propagate_avx2(token, self);
        }
        self.propagate_here()
    }

    #[inline(always)]
    fn propagate_here(&mut self) -> Result<(), u32> {
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

    #[inline(always)]
    fn run_queue(&mut self) -> Result<(), u32> {
        loop {
            if let Some(s) = self.singles.pop() {
                self.singleton(s as usize)?;
                continue;
            }
            let Some(s) = self.smallest_queued() else {
                return Ok(());
            };
            let dirty = std::mem::take(&mut self.dirty[s]);
            let old = self.count[s];
            // Only letters gathered by this very filter may stand for the
            // slot's support: those of a propagation that failed are stale.
            self.fresh = usize::MAX;
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
    #[inline(always)]
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
            let old = self.count[t];
            self.take_word(t, i);
            self.reduced(t, old, old - 1)?;
            if old as usize > self.support_limit {
                // Its squares were never narrowed to its words: all at once.
                self.support[t] = true;
                self.enqueue(t);
            } else {
                self.unsupport(t, i);
            }
        }
        Ok(())
    }

    /// Takes the queued slot with the fewest candidates off the queue: a
    /// small slot is the cheapest to filter and the likeliest to run out
    /// of words, and most words tried fail, so failing early saves the
    /// filtering of the big ones.
    #[inline(always)]
    fn smallest_queued(&mut self) -> Option<usize> {
        let (mut at, mut fewest) = (usize::MAX, u32::MAX);
        for (k, &s) in self.queue.iter().enumerate() {
            if self.count[s as usize] < fewest {
                (at, fewest) = (k, self.count[s as usize]);
            }
        }
        if at == usize::MAX {
            return None;
        }
        let s = self.queue.swap_remove(at) as usize;
        self.queued[s] = false;
        Some(s)
    }
}
