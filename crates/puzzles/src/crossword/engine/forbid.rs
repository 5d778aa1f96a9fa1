//! Choices ruled out from outside the propagation: what restarts learned
//! (the `learn` module) takes words out of a slot or letters out
//! of a square, and asks whether a past choice holds now.

use super::Engine;

impl Engine {
    /// Takes the candidates among `words` out of slot `s` and propagates:
    /// `Ok(true)` when some were there, `Err` with a slot left without
    /// candidates (the caller undoes).
    pub fn forbid_words(&mut self, s: usize, words: &[u32]) -> Result<bool, u32> {
        let offset = self.slots[s].offset;
        let mut removed = 0;
        for &i in words {
            let at = offset + i as usize / 64;
            let bit = 1u64 << (i % 64);
            if self.arena[at] & bit != 0 {
                if removed == 0 {
                    self.save(s);
                }
                self.arena[at] &= !bit;
                removed += 1;
            }
        }
        if removed == 0 {
            return Ok(false);
        }
        self.forced.clear();
        let old = self.count[s];
        self.count[s] = old - removed;
        self.reduced(s, old, old - removed)?;
        // Its squares may have lost letters: narrow them from its words.
        self.support[s] = true;
        self.enqueue(s);
        self.propagate().map(|()| true)
    }

    /// Takes `letters` out of the square at position `p` of slot `s` and
    /// propagates, as [`Engine::forbid_words`].
    pub fn forbid_letters(&mut self, s: usize, p: usize, letters: u32) -> Result<bool, u32> {
        let old = self.mask[self.slots[s].cells[p] as usize];
        if old & letters == 0 {
            return Ok(false);
        }
        self.narrow_square(s, p, old & !letters).map(|()| true)
    }

    /// Whether slot `s` is down to word `i`.
    pub fn holds_word(&self, s: usize, i: u32) -> bool {
        self.count[s] == 1
            && self.arena[self.slots[s].offset + i as usize / 64] >> (i % 64) & 1 != 0
    }

    /// Whether the square at position `p` of slot `s` is down to `letter`.
    pub fn holds_letter(&self, s: usize, p: usize, letter: u32) -> bool {
        self.mask[self.slots[s].cells[p] as usize] == 1 << letter
    }
}
