//! The words of one length, best first, with a bitset per (position, letter).

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

    pub fn set(&self, p: usize, letter: u32) -> &[u64] {
        let at = (p * 26 + letter as usize) * self.width;
        &self.sets[at..at + self.width]
    }

    pub fn word(&self, i: usize) -> &[u8] {
        &self.letters[i * self.len..(i + 1) * self.len]
    }
}
