//! The check: a bit per column and per diagonal in each direction, and how
//! two queens attack each other.

use crate::trace::ConflictKind;

/// A bit per index, grown on demand (never past what the input allows).
#[derive(Default)]
struct Bits {
    words: Vec<u64>,
}

impl Bits {
    /// Makes room for bits `0..=index`.
    fn fit(&mut self, index: u64) {
        let word = (index >> 6) as usize;
        if word >= self.words.len() {
            let len = (word + 1).max(self.words.len() * 2).max(1024);
            self.words.resize(len, 0);
        }
    }
}

/// A bitset with its most recent word held in a register: consecutive
/// queens mostly touch the same word, and going through memory for each
/// would chain every update to the store before it.
struct Cursor<'a> {
    words: &'a mut [u64],
    index: usize,
    word: u64,
}

impl<'a> Cursor<'a> {
    fn new(words: &'a mut [u64]) -> Cursor<'a> {
        let word = words[0];
        Cursor {
            words,
            index: 0,
            word,
        }
    }

    /// Sets bit `bit` and says whether it was set already.
    #[inline(always)]
    fn test_and_set(&mut self, bit: u64) -> bool {
        let index = (bit >> 6) as usize;
        if index != self.index {
            self.words[self.index] = self.word;
            self.index = index;
            self.word = self.words[index];
        }
        let mask = 1u64 << (bit & 63);
        let old = self.word & mask != 0;
        self.word |= mask;
        old
    }
}

impl Drop for Cursor<'_> {
    fn drop(&mut self) {
        self.words[self.index] = self.word;
    }
}

/// Bits for the indices `low..low + 64 * words.len()` of a signed range,
/// grown at either end on demand.
#[derive(Default)]
struct Window {
    /// The index of the first word (a multiple of 64, divided by 64).
    low: i64,
    words: Vec<u64>,
}

impl Window {
    /// Makes room for bits `from..=to` (word indices, `from ≤ to`).
    fn fit(&mut self, from: i64, to: i64) {
        let high = self.low + self.words.len() as i64;
        if self.words.is_empty() {
            let len = (to - from + 1).max(1024);
            self.low = from;
            self.words = vec![0; len as usize];
            return;
        }
        if to >= high {
            let len = (to - self.low + 1).max(2 * self.words.len() as i64);
            self.words.resize(len as usize, 0);
        }
        if from < self.low {
            let grow = (self.low - from).max(self.words.len() as i64);
            let mut words = vec![0; grow as usize + self.words.len()];
            words[grow as usize..].copy_from_slice(&self.words);
            self.words = words;
            self.low -= grow;
        }
    }
}

/// Columns and both diagonals taken so far.
#[derive(Default)]
pub(super) struct Lines {
    cols: Bits,
    /// `row + col`.
    sums: Bits,
    /// `row − col`, which may be negative.
    differences: Window,
}

impl Lines {
    /// Puts queens on `(first_row + k, cols[k])` in turn, skipping columns
    /// from `bound` on, and returns the first one an earlier queen attacks.
    pub(super) fn first_attacked(
        &mut self,
        first_row: u64,
        cols: &[u64],
        bound: u64,
    ) -> Option<(u64, u64)> {
        let widest = cols.iter().copied().filter(|&col| col < bound).max()?;
        let last_row = first_row + cols.len() as u64 - 1;
        // Grow once for the whole batch; the loop then works on plain slices.
        // Rows and columns below `bound` fit in an i64: the input is that long.
        self.cols.fit(widest);
        self.sums.fit(last_row + widest);
        self.differences.fit(
            (first_row as i64 - widest as i64) >> 6,
            last_row as i64 >> 6,
        );
        // Shifted so that the window's first bit is bit 0.
        let offset = (self.differences.low * 64) as u64;
        let mut columns = Cursor::new(&mut self.cols.words);
        let mut sums = Cursor::new(&mut self.sums.words);
        let mut differences = Cursor::new(&mut self.differences.words);
        for (row, &col) in (first_row..).zip(cols) {
            if col >= bound {
                continue;
            }
            let column = columns.test_and_set(col);
            let sum = sums.test_and_set(row + col);
            let difference = differences.test_and_set(row.wrapping_sub(col).wrapping_sub(offset));
            if column | sum | difference {
                return Some((row, col));
            }
        }
        None
    }
}

/// How two queens in different rows attack each other, if they do.
pub(super) fn attack(first: (u64, u64), second: (u64, u64)) -> Option<ConflictKind> {
    if first.1 == second.1 {
        Some(ConflictKind::Column)
    } else if first.0.abs_diff(second.0) == first.1.abs_diff(second.1) {
        Some(ConflictKind::Diagonal)
    } else {
        None
    }
}
