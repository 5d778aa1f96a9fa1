//! The band engine's search state and what it infers from it: placing,
//! propagation, and where to guess (the representation and the rules are
//! described in the docs of `bands`).

use super::simd::{Kernel, Lanes};
use super::tables::{
    BAND, BAND_RULES, COLUMN, LOCKED_COLUMNS, MINIROWS, OTHER_BANDS, PEERS, columns,
};

/// A contradiction: the state has no solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Stuck;

/// The search state.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Board {
    /// `cells[d][band]`: where digit `d + 1` may stand, but for the cells
    /// placed since the word was last settled, which the word loses only
    /// when it is next settled (see `open`).
    pub(super) cells: [Lanes; 9],
    /// The open cells of digit `d + 1` when it was last settled.
    pub(super) settled: [Lanes; 9],
    /// `placed[d][band]`: where digit `d + 1` is placed.
    placed: [Lanes; 9],
    /// The cells not yet placed, per band.
    pub(super) unsolved: Lanes,
    /// The unsolved cells with two digits, per band, as the last pass over
    /// naked singles found them.
    pairs: [u32; 3],
}

impl Board {
    /// The empty grid: every digit open everywhere, nothing settled.
    pub(crate) fn new() -> Board {
        Board {
            cells: [[BAND, BAND, BAND, 0]; 9],
            settled: [[0; 4]; 9],
            placed: [[0; 4]; 9],
            unsolved: [BAND, BAND, BAND, 0],
            pairs: [0; 3],
        }
    }

    /// The grid with `givens` placed (81 digits, 0 for empty), not yet
    /// propagated.
    pub(crate) fn with_givens<K: Kernel>(kernel: K, givens: &[u8; 81]) -> Result<Board, Stuck> {
        let mut board = Board::new();
        // The given cells as bits first: a branch per cell, taken for about
        // one cell in four, would be mispredicted at every given.
        let mut cells = kernel.given_cells(givens);
        while cells != 0 {
            let cell = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            let band = cell / 27;
            board.place(
                usize::from(givens[cell] - 1),
                band,
                (cell - 27 * band) as u32,
            )?;
        }
        Ok(board)
    }

    /// `true` when every cell is placed.
    #[inline(always)]
    pub(crate) fn is_solved(&self) -> bool {
        self.unsolved == [0; 4]
    }

    /// Puts digit `d + 1` in cell `i` of `band` during the search: only the
    /// digit's own word changes (the cell's row and box lose it), and
    /// [`Board::update`] then finds the cell alone in its row and does the
    /// rest. The digit must be open at the cell.
    #[inline(always)]
    pub(super) fn insert(&mut self, d: usize, band: usize, i: u32) {
        debug_assert!(self.cells[d][band] >> i & 1 == 1);
        self.cells[d][band] &= !PEERS[i as usize];
    }

    /// Places given digit `d + 1` in cell `i` of `band`, with every
    /// consequence at once; `Err` when a given peer holds the digit.
    fn place(&mut self, d: usize, band: usize, i: u32) -> Result<(), Stuck> {
        let bit = 1u32 << i;
        if self.cells[d][band] & bit == 0 {
            return Err(Stuck);
        }
        for digit in &mut self.cells {
            digit[band] &= !bit;
        }
        self.placed[d][band] |= bit;
        let own = &mut self.cells[d];
        own[band] = (own[band] & !PEERS[i as usize]) | bit;
        let column = COLUMN << (i % 9);
        let (first, second) = OTHER_BANDS[band];
        own[first] &= !column;
        own[second] &= !column;
        self.unsolved[band] &= !bit;
        Ok(())
    }

    /// Brings the band `band` of digit `d + 1` up to date: locked
    /// candidates between its rows and boxes; a column that its box allows
    /// alone is taken from the other bands; a cell alone in its row (which
    /// covers a cell alone in its box) is placed.
    #[inline(always)]
    pub(super) fn update<K: Kernel>(
        &mut self,
        kernel: K,
        d: usize,
        band: usize,
    ) -> Result<(), Stuck> {
        let a = self.open(d, band);
        // The mask costs nothing and spares a bounds check.
        let rule = BAND_RULES[kernel.minirow_pattern(a) & 0x1ff];
        let kept = a & rule.keep;
        if kept == 0 {
            return Err(Stuck);
        }
        self.settled[d][band] = kept;
        let locked = u32::from(LOCKED_COLUMNS[columns(kept) as usize]) * COLUMN;
        let (first, second) = OTHER_BANDS[band];
        self.cells[d][first] &= !locked;
        self.cells[d][second] &= !locked;
        let one = (kept ^ kept >> 1 ^ kept >> 2) & !(kept & kept >> 1 & kept >> 2) & MINIROWS;
        let solved = kept & ((rule.alone & one) * 7) & self.unsolved[band];
        // Unconditional: a branch here is hard to predict. The other
        // digits' words lose the solved cells when they are next settled
        // (`changed_words` finds them changed): clearing nine words here
        // made each update half as long again.
        self.unsolved[band] &= !solved;
        self.placed[d][band] |= solved;
        self.cells[d][band] = kept;
        Ok(())
    }

    /// The propagated state with candidates `cells` and unsolved cells
    /// `unsolved`: every word settled, and each solved cell placed for the
    /// one digit its words still hold there.
    #[inline(always)]
    pub(super) fn settled_from(cells: [Lanes; 9], unsolved: Lanes) -> Board {
        Board {
            cells,
            settled: cells,
            placed: cells.map(|digit| [0, 1, 2, 3].map(|b| digit[b] & !unsolved[b])),
            unsolved,
            // The next stall sets them before any guess.
            pairs: [0; 3],
        }
    }

    /// The cells of band `band` open to digit `d + 1`: those of its word
    /// that are unsolved or hold the digit.
    #[inline(always)]
    fn open(&self, d: usize, band: usize) -> u32 {
        self.cells[d][band] & (self.unsolved[band] | self.placed[d][band])
    }

    /// The words to settle (see [`Kernel::changed_words`]).
    #[inline(always)]
    pub(super) fn changed_words<K: Kernel>(&self, kernel: K) -> u64 {
        kernel.changed_words(&self.cells, &self.settled, self.unsolved, &self.placed)
    }

    /// Places everything that singles and locked candidates (and with
    /// `TRIADS`, triads) force, or finds a contradiction.
    #[inline(always)]
    pub(crate) fn propagate<K: Kernel, const TRIADS: bool>(
        &mut self,
        kernel: K,
    ) -> Result<(), Stuck> {
        loop {
            self.sweep(kernel)?;
            if !self.stall::<_, TRIADS>(kernel)? {
                return Ok(());
            }
        }
    }

    /// Brings every changed word up to date, until none changes.
    #[inline(always)]
    fn sweep<K: Kernel>(&mut self, kernel: K) -> Result<(), Stuck> {
        loop {
            let mut changed = self.changed_words(kernel);
            if changed == 0 {
                return Ok(());
            }
            while changed != 0 {
                let word = changed.trailing_zeros() as usize;
                changed &= changed - 1;
                self.update(kernel, word >> 2, word & 3)?;
            }
        }
    }

    /// What follows a sweep that left every word up to date: naked
    /// singles, column singles, triads; `true` when one of them changed a
    /// word (the words need another sweep), `false` when the state is
    /// solved or nothing is left to infer.
    #[inline(always)]
    pub(super) fn stall<K: Kernel, const TRIADS: bool>(
        &mut self,
        kernel: K,
    ) -> Result<bool, Stuck> {
        if self.is_solved() {
            return Ok(false);
        }
        // Naked singles; a cell with no digit left is a contradiction.
        let [some, several, three] = kernel.digit_counts(&self.cells);
        let unsolved = self.unsolved;
        let lost = (0..3).fold(0, |lost, b| lost | unsolved[b] & !some[b]);
        if lost != 0 {
            return Err(Stuck);
        }
        let mut placed = false;
        for band in 0..3 {
            self.pairs[band] = unsolved[band] & several[band] & !three[band];
            let mut singles = unsolved[band] & !several[band];
            while singles != 0 {
                let i = singles.trailing_zeros();
                singles &= singles - 1;
                // The digit without a search over the nine, whose exit
                // would be mispredicted; none when a single placed just
                // before took this cell's last digit.
                let digits = kernel.digits_at(&self.cells, band, i);
                if digits == 0 {
                    return Err(Stuck);
                }
                self.insert(digits.trailing_zeros() as usize, band, i);
                placed = true;
            }
        }
        Ok(placed || self.column_singles(kernel)? || (TRIADS && self.triads(kernel)?))
    }

    /// Hidden singles in columns: places every digit left with one
    /// unsolved cell in a column; `true` when it placed any, `Err` when two
    /// of a digit's singles are peers or a digit has no cell left in some
    /// column (which nothing else checks: rows and boxes answer to the
    /// band rules, cells to the naked singles).
    #[inline(always)]
    fn column_singles<K: Kernel>(&mut self, kernel: K) -> Result<bool, Stuck> {
        let mut singles = [[0; 4]; 9];
        if !kernel
            .column_singles(&self.cells, self.unsolved, &mut singles)
            .ok_or(Stuck)?
        {
            return Ok(false);
        }
        for (d, digit) in singles.iter().enumerate() {
            for (band, &cells) in digit.iter().take(3).enumerate() {
                let mut cells = cells;
                while cells != 0 {
                    let i = cells.trailing_zeros();
                    cells &= cells - 1;
                    // A single placed just before took this one's row or
                    // box: the digit cannot stand in both columns.
                    if self.cells[d][band] >> i & 1 == 0 {
                        return Err(Stuck);
                    }
                    self.insert(d, band, i);
                }
            }
        }
        Ok(true)
    }

    /// Triads: the three cells where a row meets a box (a minirow), or a
    /// column meets a box (a minicolumn), hold three different digits, so
    /// one left with exactly three candidate digits holds all three, and
    /// they leave the rest of its row (column) and box; one left with fewer
    /// is a contradiction. `true` when a word changed.
    ///
    /// The cross-digit inference that the rules per digit miss: it cuts the
    /// digits tried at guesses on `top1465.txt` by a fifth.
    #[inline(always)]
    fn triads<K: Kernel>(&mut self, kernel: K) -> Result<bool, Stuck> {
        kernel.triads(&mut self.cells, self.unsolved).ok_or(Stuck)
    }

    /// Where to guess in a propagated, unsolved state: `(band, cell, digits)`
    /// for the cell with two digits of the greatest reach (see the docs of
    /// `bands`), else the first with the fewest.
    // Inlined into each kernel's search, so that it counts with the
    // `popcnt` of its build (a call compiled for plain x86-64 counted bits
    // by shifts and masks: a fifth of the time on `top1465.txt`).
    #[inline(always)]
    pub(super) fn choose<K: Kernel>(&self, kernel: K) -> (usize, u32, u16) {
        let mut best_pair = None;
        let mut most = 0;
        for (band, &pairs) in self.pairs.iter().enumerate() {
            let mut pairs = pairs;
            while pairs != 0 {
                let i = pairs.trailing_zeros();
                pairs &= pairs - 1;
                let column = COLUMN << (i % 9);
                let mut reach = 0;
                let mut digits = kernel.digits_at(&self.cells, band, i);
                while digits != 0 {
                    let d = digits.trailing_zeros() as usize;
                    digits &= digits - 1;
                    for other in 0..3 {
                        let peers = if other == band {
                            PEERS[i as usize]
                        } else {
                            column
                        };
                        // A settled state: a word's cells are open cells.
                        let open = self.cells[d][other] & peers;
                        reach += open.count_ones() + 3 * (open & self.pairs[other]).count_ones();
                    }
                }
                if reach > most {
                    most = reach;
                    best_pair = Some((band, i));
                }
            }
        }
        if let Some((band, i)) = best_pair {
            return (band, i, kernel.digits_at(&self.cells, band, i));
        }
        let mut best = (0, 0, 0u16);
        let mut fewest = u32::MAX;
        for band in 0..3 {
            let mut open = self.unsolved[band];
            while open != 0 {
                let i = open.trailing_zeros();
                open &= open - 1;
                let digits = kernel.digits_at(&self.cells, band, i);
                if digits.count_ones() < fewest {
                    fewest = digits.count_ones();
                    best = (band, i, digits);
                }
            }
        }
        best
    }

    /// The two digits `digits` of cell `i` of `band` in the order to try
    /// them: the one with fewer cells open in the cell's row first (the
    /// lower on a tie).
    #[inline(always)]
    pub(super) fn order_pair(&self, band: usize, i: u32, digits: u16) -> (usize, usize) {
        let low = digits.trailing_zeros() as usize;
        let high = 15 - digits.leading_zeros() as usize;
        let row = 0x1ff << (i / 9 * 9);
        let open = |d: usize| (self.cells[d][band] & row).count_ones();
        if open(high) < open(low) {
            (high, low)
        } else {
            (low, high)
        }
    }

    /// The digits (bit `d` for digit `d + 1`) open at cell `i` of `band`
    /// (the search asks its kernel, [`Kernel::digits_at`]).
    #[cfg(test)]
    fn digits_at(&self, band: usize, i: u32) -> u16 {
        super::simd::Portable.digits_at(&self.cells, band, i)
    }

    /// The digits of a solved grid, in reading order, as `1`–`9`.
    pub(crate) fn write(&self, grid: &mut [u8; 81]) {
        for (d, cells) in self.cells.iter().enumerate() {
            for (band, &word) in cells.iter().take(3).enumerate() {
                let mut word = word;
                while word != 0 {
                    let i = word.trailing_zeros() as usize;
                    word &= word - 1;
                    grid[27 * band + i] = d as u8 + 1;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
