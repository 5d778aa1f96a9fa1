//! The 9×9 engine: digit-major band bitboards, in the manner of JCZSolve.
//!
//! For each digit, the cells still open to it are three 27-bit words, one
//! per *band* (three rows, and so three boxes): cell `(row, col)` is bit
//! `9 * (row % 3) + col` of word `row / 3`. A placed digit keeps its own
//! cell and no other cell of its row, column or box; every other digit
//! loses the cell when its word is next brought up to date (a word's open
//! cells are its unsolved cells and those where its digit is placed, so the
//! word counts as changed until then). The three cells where a row crosses
//! a box (a *minirow*) are three adjacent bits, at bit `3 * m` for minirow
//! `m = 3 * row + box` of the band; the three cells where a column crosses
//! a band (a *minicolumn*) are bits `col`, `col + 9` and `col + 18`.
//!
//! Propagation has a cheap inner loop, naked singles when it stalls, and
//! hidden singles in columns before a guess:
//!
//! - Each (digit, band) word that changed since it was last brought up to
//!   date (one vector compare per digit finds them all, where a compare
//!   and branch per word would be mispredicted at every changed word)
//!   gets *locked candidates* between rows and boxes by table: the
//!   minirows that hold the digit form a 3×3 pattern (rows × boxes), and
//!   since the digit stands once in each row and once in each box, only
//!   minirows on some permutation of the pattern keep it (pointing and
//!   claiming at once; a row or box left without the digit empties the
//!   word). A box whose cells for the digit lie in one column takes that
//!   column from the other bands, and a cell left alone in its row — which
//!   covers a cell alone in its box — is placed (*hidden singles*).
//! - When no word changes, cells left with one digit (*naked singles*) are
//!   placed, and a cell left with none is a contradiction.
//! - When that places nothing either, and only then, *hidden singles in
//!   columns* are placed before the search guesses (and a digit left with
//!   no cell in a column is found a contradiction there, where nothing
//!   else looks for it): about a tenth fewer
//!   guesses on `top1465.txt` (a quarter on `17-clue.txt`) for a pass over
//!   9 digits that only the states about to guess pay.
//!
//! - With triads on (the default), when that places nothing either, a
//!   minirow or minicolumn left with exactly three candidate digits keeps
//!   them from the rest of its row (column) and box, and one left with
//!   fewer is a contradiction: a fifth fewer guesses on `top1465.txt`.
//!
//! The passes over the whole board (naked singles, column singles, triads)
//! run through a [`Kernel`]: the portable one, or SSE2 on x86-64, which
//! holds a digit's three band words in one register (see `simd.rs`).
//!
//! Hidden singles in columns at every stall, and locked candidates between
//! columns and boxes beyond the rule above, cost more than the guesses they
//! save (measured on `top1465.txt`), so they are left to the search.
//!
//! A run of puzzles (a file, through `batch::run_lines`) is searched three
//! at a time ([`Searches`]): three explicit-stack searches (`Machine`)
//! take turns step by step (a word update, finding the changed words, the
//! passes at a stall, or moving to the next node or puzzle), so none waits
//! for another's node to end. A sweep is a chain of dependent loads,
//! `pext` and table lookups, so other, independent chains fill the core's
//! idle cycles. Two searches were 11% more puzzles a second on
//! `17-clue.txt` and 7% on `top1465.txt`, whole process, when they waited
//! for each other at the end of every node, and 5% and 10% more again
//! taking turns; a third adds 3% on both (a fourth nothing), and writing
//! each machine's turn out on its own (its own branches to predict) 7% and
//! 5%. Each machine visits the nodes in the recursive search's order (the
//! tests compare a hash of the digits tried, in order), so the answers are
//! the same, first solutions too.
//!
//! When nothing is left to place, the search guesses on the cell with two
//! digits whose guess reaches furthest — a cell with the fewest otherwise —
//! trying first, on a copy of the state, the digit with fewer cells open in
//! the cell's row (the lower on a tie), and the other on the state itself.
//! A cell's *reach* counts, for both its digits, the peers still open to
//! the digit, four times over those with two digits (each becomes a
//! single in one branch or the other); the first in reading order wins a
//! tie. Against guessing on the last cell with two digits, it cuts the
//! digits tried at guesses by 46% on `top1465.txt` (16.0 to 8.6 a puzzle),
//! 58% on `forum_hardest_1106` and 49% on a sample of
//! `forum_hardest_1905_11+`, for a pass over the cells with two digits at
//! each guess: 12%, 41% and 20% more puzzles a second, whole process.
//! Counting those peers once, twice, five, eight or sixteen times, or
//! scoring only the first 4, 8 or 16 cells, did no better.

/// All 27 cells of a band.
const BAND: u32 = (1 << 27) - 1;
/// The minicolumn of column 0 (bits 0, 9, 18); also the first minirow of
/// each row.
const COLUMN: u32 = 1 | 1 << 9 | 1 << 18;
/// The first cell of every minirow: bits 0, 3, …, 24.
const MINIROWS: u32 = 0o111_111_111;

/// `PERMUTATIONS[p]`: for a pattern `p` of a 3×3 matrix (bit `3 * i + j`),
/// the entries that lie on a permutation matrix within `p` (0 when there is
/// none).
#[cfg(test)]
static PERMUTATIONS: [u16; 512] = permutations();

/// `BAND_RULES[p]`: for the minirows `p` of a band that hold a digit (bit
/// `3 * row + box`), the cells of the band that may keep it, and which of
/// the minirows kept are alone in their row.
static BAND_RULES: [BandRule; 512] = band_rules();

/// What locked candidates leave of a band's minirows.
#[derive(Clone, Copy)]
struct BandRule {
    /// The cells of the minirows on some permutation of the pattern.
    keep: u32,
    /// The first cell (bit `3 * m`) of each minirow kept that is the only
    /// one kept in its row.
    alone: u32,
}

/// `LOCKED_COLUMNS[c]`: for the columns `c` (9 bits) where a digit may
/// stand in a band, those alone in their box: the band's box holds the
/// digit there, so the other bands lose that column.
static LOCKED_COLUMNS: [u16; 512] = locked_columns();

/// `ROW_BOXES[x]`: the boxes (3 bits) that the cells `x` of one row (9 bits)
/// meet.
static ROW_BOXES: [u8; 512] = row_boxes();

/// `PEERS[i]`: the cells of a band in the row or box of cell `i`, the cell
/// excluded.
static PEERS: [u32; 27] = peers();

const fn permutations() -> [u16; 512] {
    const ORDERS: [[u32; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut table = [0u16; 512];
    let mut pattern = 0;
    while pattern < 512 {
        let mut union = 0u32;
        let mut k = 0;
        while k < 6 {
            let order = ORDERS[k];
            let matrix = 1 << order[0] | 1 << (3 + order[1]) | 1 << (6 + order[2]);
            if pattern & matrix == matrix {
                union |= matrix;
            }
            k += 1;
        }
        table[pattern as usize] = union as u16;
        pattern += 1;
    }
    table
}

const fn band_rules() -> [BandRule; 512] {
    let permutations = permutations();
    let mut table = [BandRule { keep: 0, alone: 0 }; 512];
    let mut pattern = 0;
    while pattern < 512 {
        let kept = permutations[pattern] as u32;
        let (mut keep, mut alone) = (0u32, 0u32);
        let mut m = 0;
        while m < 9 {
            if kept >> m & 1 == 1 {
                keep |= 7 << (3 * m);
                let row = kept >> (m / 3 * 3) & 7;
                if row & (row - 1) == 0 {
                    alone |= 1 << (3 * m);
                }
            }
            m += 1;
        }
        table[pattern] = BandRule { keep, alone };
        pattern += 1;
    }
    table
}

const fn locked_columns() -> [u16; 512] {
    let mut table = [0u16; 512];
    let mut columns = 0;
    while columns < 512 {
        let mut locked = 0;
        let mut stack = 0;
        while stack < 9 {
            let group = columns >> stack & 7;
            if group != 0 && group & (group - 1) == 0 {
                locked |= group << stack;
            }
            stack += 3;
        }
        table[columns] = locked as u16;
        columns += 1;
    }
    table
}

const fn row_boxes() -> [u8; 512] {
    let mut table = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        let mut boxes = 0u8;
        let mut k = 0;
        while k < 3 {
            if x >> (3 * k) & 7 != 0 {
                boxes |= 1 << k;
            }
            k += 1;
        }
        table[x] = boxes;
        x += 1;
    }
    table
}

const fn peers() -> [u32; 27] {
    let mut table = [0u32; 27];
    let mut i = 0;
    while i < 27 {
        let (row, col) = (i / 9, i % 9);
        let mut j = 0;
        while j < 27 {
            let (r, c) = (j / 9, j % 9);
            if j != i && (r == row || c / 3 == col / 3) {
                table[i] |= 1 << j;
            }
            j += 1;
        }
        i += 1;
    }
    table
}

/// The three minirows of each row of a band (bits `3 * row + box`) that
/// hold any of the cells `a`.
#[inline(always)]
pub(super) fn minirow_pattern(a: u32) -> usize {
    usize::from(ROW_BOXES[(a & 0x1ff) as usize])
        | usize::from(ROW_BOXES[(a >> 9 & 0x1ff) as usize]) << 3
        | usize::from(ROW_BOXES[(a >> 18 & 0x1ff) as usize]) << 6
}

/// The columns (9 bits) that the cells `a` of a band meet.
#[inline(always)]
fn columns(a: u32) -> u32 {
    (a | a >> 9 | a >> 18) & 0x1ff
}

/// The other two bands (a fourth entry for the unused lane, so that a
/// band taken from a lane index needs no bounds check).
const OTHER_BANDS: [(usize, usize); 4] = [(1, 2), (0, 2), (0, 1), (0, 1)];

/// A contradiction: the state has no solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Stuck;

use super::NineEngine;
use super::simd::{self, Kernel, Lanes};
use crate::cpu::Isa;

/// The search state.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Board {
    /// `cells[d][band]`: where digit `d + 1` may stand, but for the cells
    /// placed since the word was last settled, which the word loses only
    /// when it is next settled (see `open`).
    cells: [Lanes; 9],
    /// The open cells of digit `d + 1` when it was last settled.
    settled: [Lanes; 9],
    /// `placed[d][band]`: where digit `d + 1` is placed.
    placed: [Lanes; 9],
    /// The cells not yet placed, per band.
    unsolved: Lanes,
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
    fn insert(&mut self, d: usize, band: usize, i: u32) {
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
    fn update<K: Kernel>(&mut self, kernel: K, d: usize, band: usize) -> Result<(), Stuck> {
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
    fn settled_from(cells: [Lanes; 9], unsolved: Lanes) -> Board {
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
    fn changed_words<K: Kernel>(&self, kernel: K) -> u64 {
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
    fn stall<K: Kernel, const TRIADS: bool>(&mut self, kernel: K) -> Result<bool, Stuck> {
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
    /// for the cell with two digits of the greatest reach (see the module
    /// docs), else the first with the fewest.
    // Inlined into each kernel's search, so that it counts with the
    // `popcnt` of its build (a call compiled for plain x86-64 counted bits
    // by shifts and masks: a fifth of the time on `top1465.txt`).
    #[inline(always)]
    fn choose<K: Kernel>(&self, kernel: K) -> (usize, u32, u16) {
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
    fn order_pair(&self, band: usize, i: u32, digits: u16) -> (usize, usize) {
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
        simd::Portable.digits_at(&self.cells, band, i)
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

/// A search: how far it goes and what it found.
struct Search<'a> {
    limit: u64,
    found: u64,
    tried: Tried,
    first: &'a mut [u8; 81],
}

/// The digits a search tried at guesses: how many, and a hash of which,
/// in order (two searches with the same trail made the same guesses).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Tried {
    pub(crate) count: u64,
    pub(crate) trail: u64,
}

impl Tried {
    /// Counts digit `d + 1` tried at cell `i` of `band`.
    #[inline(always)]
    fn add(&mut self, d: usize, band: usize, i: u32) {
        self.count += 1;
        let step = (27 * band + i as usize) * 9 + d + 1;
        self.trail = (self.trail ^ step as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

/// Defines a search function (below `board`; `true` when the limit is
/// reached) on the kernels `$kernel`: one copy of the search per kernel, so
/// that each inlines its own.
macro_rules! searcher {
    ($(#[$attr:meta])* $name:ident, $kernel:ty) => {
        $(#[$attr])*
        fn $name<const TRIADS: bool>(
            kernel: $kernel,
            search: &mut Search<'_>,
            board: &mut Board,
        ) -> bool {
            loop {
                if board.propagate::<_, TRIADS>(kernel).is_err() {
                    return false;
                }
                if board.is_solved() {
                    if search.found == 0 {
                        board.write(search.first);
                    }
                    search.found += 1;
                    return search.found >= search.limit;
                }
                let (band, i, mut digits) = board.choose(kernel);
                if digits.count_ones() == 2 {
                    // The digit with fewer cells open in the cell's row
                    // first: 5% fewer digits tried on the hardest sets
                    // than the other way round (no change on top1465),
                    // since guesses go to the cell of greatest reach.
                    let (first, second) = board.order_pair(band, i, digits);
                    search.tried.add(first, band, i);
                    let mut child = *board;
                    child.insert(first, band, i);
                    if $name::<TRIADS>(kernel, search, &mut child) {
                        return true;
                    }
                    search.tried.add(second, band, i);
                    board.insert(second, band, i);
                    continue;
                }
                // Every digit but the last on a copy; the last on the board.
                while digits & (digits - 1) != 0 {
                    let d = digits.trailing_zeros() as usize;
                    digits &= digits - 1;
                    search.tried.add(d, band, i);
                    let mut child = *board;
                    child.insert(d, band, i);
                    if $name::<TRIADS>(kernel, search, &mut child) {
                        return true;
                    }
                }
                let last = digits.trailing_zeros() as usize;
                search.tried.add(last, band, i);
                board.insert(last, band, i);
            }
        }
    };
}

searcher!(run_portable, simd::Portable);
searcher!(
    #[cfg(target_arch = "x86_64")]
    run_sse2,
    simd::Sse2
);
searcher!(
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    run_avx2,
    simd::Avx2
);
searcher!(
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt,avx512f,avx512vl,avx512bw,avx512dq")]
    run_avx512,
    simd::Avx512
);

/// A search that advances one propagated node at a time, so that several
/// can run side by side (`run_side_by_side`). It visits the nodes in the
/// order of the recursive search, and so finds the same first solution and
/// tries as many digits.
struct Machine {
    /// The node to propagate next.
    board: Board,
    /// The branching cells above it with the digits left to try there,
    /// each with the propagated state to try them on.
    frames: Vec<Frame>,
    limit: u64,
    found: u64,
    tried: Tried,
    first: [u8; 81],
    running: bool,
    /// The puzzle it works on, of those [`Searches::search_all`] was given.
    job: Option<usize>,
}

/// A branching cell with digits left to try, and the propagated state to
/// try them on: only its candidates and unsolved cells (a third of a
/// [`Board`] to copy), since the rest follows from them in a propagated
/// state ([`Board::settled_from`]).
#[derive(Clone, Copy)]
struct Frame {
    cells: [Lanes; 9],
    unsolved: Lanes,
    band: u8,
    cell: u8,
    digits: u16,
}

impl Machine {
    fn new() -> Machine {
        Machine {
            board: Board::new(),
            frames: Vec::with_capacity(81),
            limit: 0,
            found: 0,
            tried: Tried::default(),
            first: [0; 81],
            running: false,
            job: None,
        }
    }

    fn start(&mut self, board: Board, limit: u64) {
        self.board = board;
        self.frames.clear();
        (self.limit, self.found, self.tried) = (limit, 0, Tried::default());
        self.running = limit > 0;
    }

    /// Takes the outcome of propagating the current node and moves to the
    /// next node, or stops.
    #[inline(always)]
    fn advance<K: Kernel>(&mut self, kernel: K, propagated: Result<(), Stuck>) {
        if propagated.is_ok() {
            if !self.board.is_solved() {
                let (band, i, digits) = self.board.choose(kernel);
                let (first, rest) = if digits.count_ones() == 2 {
                    let (first, second) = self.board.order_pair(band, i, digits);
                    (first, 1 << second)
                } else {
                    (digits.trailing_zeros() as usize, digits & (digits - 1))
                };
                if rest != 0 {
                    debug_assert_eq!(self.board.cells, self.board.settled);
                    self.frames.push(Frame {
                        cells: self.board.cells,
                        unsolved: self.board.unsolved,
                        band: band as u8,
                        cell: i as u8,
                        digits: rest,
                    });
                }
                self.tried.add(first, band, i);
                self.board.insert(first, band, i);
                return;
            }
            if self.found == 0 {
                self.board.write(&mut self.first);
            }
            self.found += 1;
            if self.found >= self.limit {
                self.running = false;
                return;
            }
        }
        let Some(frame) = self.frames.last_mut() else {
            self.running = false;
            return;
        };
        let d = frame.digits.trailing_zeros() as usize;
        frame.digits &= frame.digits - 1;
        let (band, i) = (usize::from(frame.band), u32::from(frame.cell));
        self.board = Board::settled_from(frame.cells, frame.unsolved);
        if frame.digits == 0 {
            self.frames.pop();
        }
        self.tried.add(d, band, i);
        self.board.insert(d, band, i);
    }
}

/// Runs `machines` over a stream of puzzles, their propagations side by
/// side: each sweep is a chain of dependent loads and table lookups, and
/// independent chains keep the core busy where one waits. The machines
/// take turns step by step, and one whose node is done moves on to its
/// next node (or, through `refill`, its next puzzle) at once: waiting for
/// the others' nodes to end, or only for their sweeps, was 10% (5%) slower
/// on `top1465.txt`. `refill` takes a machine that stopped, records what
/// it found, and starts it on the next puzzle (`false` when none is left).
#[inline(always)]
fn run_side_by_side<K: Kernel, const TRIADS: bool, const N: usize, R>(
    kernel: K,
    machines: &mut [Machine; N],
    refill: &mut R,
) where
    R: FnMut(&mut Machine) -> bool,
{
    // A search with limit 0 stops as it starts: refill until one runs.
    let mut fill = |machine: &mut Machine, more: &mut bool| {
        while !machine.running && *more {
            *more = refill(machine);
        }
    };
    let mut more = [true; N];
    for (machine, more) in machines.iter_mut().zip(&mut more) {
        fill(machine, more);
    }
    let mut live = machines.each_ref().map(|machine| machine.running);
    let mut changed = [0u64; N];
    while live.contains(&true) {
        // Each machine's turn written out on its own, so that each has its
        // own branches to predict: 5% faster on `top1465.txt` and 7% on
        // `17-clue.txt` than one loop over the machines.
        const { assert!(N <= 4, "four turns are written out") };
        macro_rules! turns {
            ($($j:literal)*) => {$(
                if $j < N {
                    take_turn::<K, TRIADS>(
                        kernel,
                        &mut machines[$j],
                        &mut changed[$j],
                        &mut live[$j],
                        &mut more[$j],
                        &mut fill,
                    );
                }
            )*};
        }
        turns!(0 1 2 3);
    }
}

/// One step of `machine` (see [`run_side_by_side`]): a word update, finding
/// the changed words `words`, the passes at a stall, or, once its node is
/// done, moving on to the next node or (`fill`) puzzle.
#[inline(always)]
fn take_turn<K: Kernel, const TRIADS: bool>(
    kernel: K,
    machine: &mut Machine,
    words: &mut u64,
    live: &mut bool,
    more: &mut bool,
    fill: &mut impl FnMut(&mut Machine, &mut bool),
) {
    if !*live {
        return;
    }
    let propagated = if *words != 0 {
        let word = words.trailing_zeros() as usize;
        *words &= *words - 1;
        if machine.board.update(kernel, word >> 2, word & 3).is_ok() {
            return;
        }
        *words = 0;
        Err(Stuck)
    } else {
        *words = machine.board.changed_words(kernel);
        if *words != 0 {
            return;
        }
        match machine.board.stall::<_, TRIADS>(kernel) {
            Ok(true) => return,
            Ok(false) => Ok(()),
            Err(stuck) => Err(stuck),
        }
    };
    machine.advance(kernel, propagated);
    fill(machine, more);
    *live = machine.running;
}

/// How many searches [`Searches`] runs side by side: three are 3% faster
/// than two on both files, and four slower than three.
const SIDE_BY_SIDE: usize = 3;

/// Defines a function that runs machines over a stream of puzzles, side by
/// side, on the kernels `$kernel`: `refill` takes a machine that stopped,
/// records what it found, and starts it on the next puzzle (`false` when
/// none is left).
macro_rules! stream_runner {
    ($(#[$attr:meta])* $name:ident, $kernel:ty) => {
        $(#[$attr])*
        fn $name<const TRIADS: bool, R>(
            kernel: $kernel,
            machines: &mut [Machine; SIDE_BY_SIDE],
            refill: &mut R,
        ) where
            R: FnMut(&mut Machine) -> bool,
        {
            run_side_by_side::<_, TRIADS, SIDE_BY_SIDE, R>(kernel, machines, refill)
        }
    };
}

stream_runner!(stream_portable, simd::Portable);
stream_runner!(
    #[cfg(target_arch = "x86_64")]
    stream_sse2,
    simd::Sse2
);
stream_runner!(
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    stream_avx2,
    simd::Avx2
);
stream_runner!(
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt,avx512f,avx512vl,avx512bw,avx512dq")]
    stream_avx512,
    simd::Avx512
);

/// What a search of one of several puzzles found, and its first solution.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Searched {
    /// `None` when two givens clash.
    pub(crate) found: Option<Found>,
    /// The first solution (digits 1 to 9), when one was found.
    pub(crate) first: [u8; 81],
}

/// The searches that run side by side over several puzzles, kept between
/// runs so that their stacks are allocated once.
pub(crate) struct Searches {
    machines: Box<[Machine; SIDE_BY_SIDE]>,
}

impl Searches {
    pub(crate) fn new() -> Searches {
        Searches {
            machines: Box::new(std::array::from_fn(|_| Machine::new())),
        }
    }

    /// Searches each puzzle of `givens` (81 digits, 0 for empty) for up to
    /// `limit` solutions, side by side, by the variant `engine`: `out[k]`
    /// gets what [`search_by`] would answer for `givens[k]` (the same
    /// counts, digits tried and first solution).
    pub(crate) fn search_all(
        &mut self,
        engine: NineEngine,
        limit: u64,
        givens: &[[u8; 81]],
        out: &mut [Searched],
    ) {
        assert_eq!(givens.len(), out.len(), "one answer per puzzle");
        let kernels = Kernels::choose(engine.isa);
        let mut pending = 0..givens.len();
        let mut refill = |machine: &mut Machine| {
            if let Some(job) = machine.job.take() {
                out[job] = Searched {
                    found: Some(Found {
                        solutions: machine.found,
                        guesses: machine.tried.count,
                        trail: machine.tried.trail,
                    }),
                    first: machine.first,
                };
            }
            for job in pending.by_ref() {
                match kernels.board_with_givens(&givens[job]) {
                    Ok(board) => {
                        machine.start(board, limit);
                        machine.job = Some(job);
                        return true;
                    }
                    Err(Stuck) => {
                        out[job] = Searched {
                            found: None,
                            first: [0; 81],
                        }
                    }
                }
            }
            false
        };
        let (machines, refill) = (&mut *self.machines, &mut refill);
        match (kernels, engine.triads) {
            #[cfg(target_arch = "x86_64")]
            (Kernels::Avx512(kernel), triads) => {
                // SAFETY: `kernel` holds a `cpu::Avx512` token: the CPU has
                // the features that `stream_avx512` is compiled for.
                unsafe {
                    if triads {
                        stream_avx512::<true, _>(kernel, machines, refill)
                    } else {
                        stream_avx512::<false, _>(kernel, machines, refill)
                    }
                }
            }
            #[cfg(target_arch = "x86_64")]
            (Kernels::Avx2(kernel), triads) => {
                // SAFETY: `kernel` holds a `cpu::Avx2` token: the CPU has
                // the features that `stream_avx2` is compiled for.
                unsafe {
                    if triads {
                        stream_avx2::<true, _>(kernel, machines, refill)
                    } else {
                        stream_avx2::<false, _>(kernel, machines, refill)
                    }
                }
            }
            #[cfg(target_arch = "x86_64")]
            (Kernels::Sse2(kernel), true) => stream_sse2::<true, _>(kernel, machines, refill),
            #[cfg(target_arch = "x86_64")]
            (Kernels::Sse2(kernel), false) => stream_sse2::<false, _>(kernel, machines, refill),
            (Kernels::Portable(kernel), true) => {
                stream_portable::<true, _>(kernel, machines, refill)
            }
            (Kernels::Portable(kernel), false) => {
                stream_portable::<false, _>(kernel, machines, refill)
            }
        }
    }
}

/// The kernels a search runs, each holding what proves that the CPU has
/// its instructions.
#[derive(Clone, Copy)]
enum Kernels {
    Portable(simd::Portable),
    #[cfg(target_arch = "x86_64")]
    Sse2(simd::Sse2),
    #[cfg(target_arch = "x86_64")]
    Avx2(simd::Avx2),
    #[cfg(target_arch = "x86_64")]
    Avx512(simd::Avx512),
}

impl Kernels {
    /// The kernels for `isa`, or the best this CPU has below it
    /// ([`Isa::supported`]).
    fn choose(isa: Isa) -> Kernels {
        #[cfg(target_arch = "x86_64")]
        {
            use crate::cpu;
            match isa.supported() {
                Isa::Avx512 => {
                    if let Some(token) = cpu::Avx512::detect() {
                        return Kernels::Avx512(simd::Avx512::new(token));
                    }
                }
                Isa::Avx2 => {
                    if let Some(token) = cpu::Avx2::detect() {
                        return Kernels::Avx2(simd::Avx2::new(token));
                    }
                }
                Isa::Sse2 => return Kernels::Sse2(simd::Sse2),
                Isa::Portable => {}
            }
        }
        let _ = isa;
        Kernels::Portable(simd::Portable)
    }

    /// The board of `givens` (as [`search_by`] sets it up): the givens
    /// found with SSE2 wherever the CPU has it.
    fn board_with_givens(self, givens: &[u8; 81]) -> Result<Board, Stuck> {
        match self {
            Kernels::Portable(kernel) => Board::with_givens(kernel, givens),
            #[cfg(target_arch = "x86_64")]
            _ => Board::with_givens(simd::Sse2, givens),
        }
    }
}

/// Searches `givens` (81 digits, 0 for empty) for up to `limit` solutions,
/// writing the first into `first` (digits 1 to 9); `None` when two givens
/// clash (a peer of a given holds the same digit).
pub(crate) fn search(givens: &[u8; 81], limit: u64, first: &mut [u8; 81]) -> Option<Found> {
    search_by(NineEngine::FASTEST, givens, limit, first)
}

/// [`search`] by the variant `engine`.
pub(crate) fn search_by(
    engine: NineEngine,
    givens: &[u8; 81],
    limit: u64,
    first: &mut [u8; 81],
) -> Option<Found> {
    let kernels = Kernels::choose(engine.isa);
    let mut board = kernels.board_with_givens(givens).ok()?;
    let mut search = Search {
        limit,
        found: 0,
        tried: Tried::default(),
        first,
    };
    if limit > 0 {
        let (search, board) = (&mut search, &mut board);
        match (kernels, engine.triads) {
            #[cfg(target_arch = "x86_64")]
            (Kernels::Avx512(kernel), triads) => {
                // SAFETY: `kernel` holds a `cpu::Avx512` token: the CPU has
                // the features that `run_avx512` is compiled for.
                unsafe {
                    if triads {
                        run_avx512::<true>(kernel, search, board)
                    } else {
                        run_avx512::<false>(kernel, search, board)
                    }
                }
            }
            #[cfg(target_arch = "x86_64")]
            (Kernels::Avx2(kernel), triads) => {
                // SAFETY: `kernel` holds a `cpu::Avx2` token: the CPU has
                // the features that `run_avx2` is compiled for.
                unsafe {
                    if triads {
                        run_avx2::<true>(kernel, search, board)
                    } else {
                        run_avx2::<false>(kernel, search, board)
                    }
                }
            }
            #[cfg(target_arch = "x86_64")]
            (Kernels::Sse2(kernel), true) => run_sse2::<true>(kernel, search, board),
            #[cfg(target_arch = "x86_64")]
            (Kernels::Sse2(kernel), false) => run_sse2::<false>(kernel, search, board),
            (Kernels::Portable(kernel), true) => run_portable::<true>(kernel, search, board),
            (Kernels::Portable(kernel), false) => run_portable::<false>(kernel, search, board),
        };
    }
    Some(Found {
        solutions: search.found,
        guesses: search.tried.count,
        trail: search.tried.trail,
    })
}

/// What a search of a 9×9 puzzle found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Found {
    /// Solutions, no more than the limit.
    pub(crate) solutions: u64,
    /// Digits tried at guesses.
    pub(crate) guesses: u64,
    /// Which, in order: a hash ([`Tried`]).
    pub(crate) trail: u64,
}

#[cfg(test)]
mod tests {
    use super::super::simd::Portable;
    use super::*;

    /// Triads on `board` by every kernel, which must agree.
    fn triads_everywhere(board: &Board) -> Result<Board, ()> {
        let mut portable = *board;
        let found = portable.triads(Portable).map_err(|_| ());
        #[cfg(target_arch = "x86_64")]
        {
            let mut vector = *board;
            let again = vector.triads(simd::Sse2).map_err(|_| ());
            assert_eq!(found, again);
            assert_eq!(portable.cells, vector.cells);
        }
        found.map(|_| portable)
    }

    /// The reach of cell `cell` (0–80) by its definition: for each digit
    /// open there, the peers (row, column and box, in grid coordinates)
    /// open to it, those with two digits counted four times.
    fn reach_by_definition(board: &Board, cell: usize) -> u32 {
        let digits_of = |cell: usize| board.digits_at(cell / 27, (cell % 27) as u32);
        let (row, col) = (cell / 9, cell % 9);
        let peers = (0..81).filter(|&other| {
            let (r, c) = (other / 9, other % 9);
            other != cell && (r == row || c == col || (r / 3 == row / 3 && c / 3 == col / 3))
        });
        let unsolved = |cell: usize| board.unsolved[cell / 27] >> (cell % 27) & 1 == 1;
        peers
            .filter(|&peer| unsolved(peer))
            .map(|peer| {
                let shared = (digits_of(peer) & digits_of(cell)).count_ones();
                let weight = if digits_of(peer).count_ones() == 2 {
                    4
                } else {
                    1
                };
                shared * weight
            })
            .sum()
    }

    #[test]
    fn guesses_go_to_the_cell_with_two_digits_of_greatest_reach() {
        let mut guessed = 0;
        for (line, text) in super::super::tests::data_file("top1465.txt")
            .iter()
            .step_by(5)
        {
            let puzzle: super::super::Puzzle = text.parse().unwrap();
            let givens = puzzle.nine_by_nine().unwrap();
            let mut board = Board::with_givens(Portable, givens).unwrap();
            if board.propagate::<_, true>(Portable).is_err() || board.is_solved() {
                continue;
            }
            let (band, i, digits) = board.choose(Portable);
            let cell = 27 * band + i as usize;
            assert_eq!(digits, board.digits_at(band, i), "line {line}");
            let open: Vec<usize> = (0..81)
                .filter(|&c| board.unsolved[c / 27] >> (c % 27) & 1 == 1)
                .collect();
            let fewest = open
                .iter()
                .map(|&c| board.digits_at(c / 27, (c % 27) as u32).count_ones())
                .min()
                .unwrap();
            assert_eq!(
                digits.count_ones(),
                fewest,
                "line {line}: a cell with the fewest digits"
            );
            if fewest == 2 {
                // The first in reading order of those that reach furthest.
                let pairs = open
                    .iter()
                    .filter(|&&c| board.digits_at(c / 27, (c % 27) as u32).count_ones() == 2);
                let most = pairs.clone().map(|&c| reach_by_definition(&board, c)).max();
                let first = pairs
                    .clone()
                    .find(|&&c| Some(reach_by_definition(&board, c)) == most);
                assert_eq!(Some(&cell), first, "line {line}");
                guessed += 1;
            }
        }
        assert!(guessed > 100, "only {guessed} states guessed on two digits");
    }

    #[test]
    fn a_guess_tries_first_the_digit_with_fewer_cells_open_in_the_row() {
        // Cell 0 of band 0 holds digits 1 and 2 (bits 0 and 1); digit 1 is
        // open in the whole first row, digit 2 only at cell 0.
        let mut board = Board::new();
        board.cells[1][0] &= !0x1fe;
        assert_eq!(board.order_pair(0, 0, 0b11), (1, 0));
        // The other way round, and a tie goes to the lower digit.
        let mut board = Board::new();
        board.cells[0][0] &= !0x1fe;
        assert_eq!(board.order_pair(0, 0, 0b11), (0, 1));
        assert_eq!(Board::new().order_pair(0, 0, 0b11), (0, 1));
    }

    #[test]
    fn column_singles_that_are_peers_are_a_contradiction() {
        // Digit 1 keeps columns 0 and 1 only at row 0 of band 0: a hidden
        // single in each column, both in one row.
        let mut board = Board::new();
        let columns = COLUMN | COLUMN << 1;
        board.cells[0] = [BAND & !columns | 0b11, BAND & !columns, BAND & !columns, 0];
        assert!(board.clone().column_singles(Portable).is_err());
        #[cfg(target_arch = "x86_64")]
        assert!(board.clone().column_singles(simd::Sse2).is_err());
        // One of them alone is placed.
        board.cells[0][0] &= !0b10;
        board.cells[0][1] |= 0b10;
        assert_eq!(board.column_singles(Portable), Ok(true));
        assert_eq!(board.cells[0][0] & 0o777, 1);
    }

    #[test]
    fn a_minirow_with_three_digits_keeps_them_to_itself() {
        // Band 0, row 0, box 0 (bits 0 to 2): only digits 1, 2 and 3.
        let mut board = Board::new();
        for digit in &mut board.cells[3..] {
            digit[0] &= !0o7;
        }
        let after = triads_everywhere(&board).expect("no contradiction");
        let row_and_box = 0o777 | 0o7 << 9 | 0o7 << 18;
        for d in 0..3 {
            assert_eq!(
                after.cells[d][0],
                BAND & !(row_and_box & !0o7),
                "digit {}",
                d + 1
            );
            assert_eq!(after.cells[d][1..3], [BAND, BAND]);
        }
        assert_eq!(after.cells[3..], board.cells[3..]);
        // Two digits for three cells: a contradiction.
        board.cells[2][0] &= !0o7;
        assert!(triads_everywhere(&board).is_err());
    }

    #[test]
    fn a_minicolumn_with_three_digits_keeps_them_to_itself() {
        // Band 1, column 4 (bits 4, 13, 22): only digits 7, 8 and 9.
        let column = COLUMN << 4;
        let mut board = Board::new();
        for digit in &mut board.cells[..6] {
            digit[1] &= !column;
        }
        let after = triads_everywhere(&board).expect("no contradiction");
        let middle_box = (0o7 << 3) * COLUMN;
        for d in 6..9 {
            // The rest of the box and of the column in the other bands.
            assert_eq!(after.cells[d][1], BAND & !(middle_box & !column));
            assert_eq!(after.cells[d][0], BAND & !column);
            assert_eq!(after.cells[d][2], BAND & !column);
        }
        assert_eq!(after.cells[..6], board.cells[..6]);
        // Nothing to do on the empty grid.
        let empty = Board::new();
        assert_eq!(triads_everywhere(&empty).expect("fine").cells, empty.cells);
    }
    #[test]
    fn the_permutation_table_keeps_exactly_the_permutations() {
        assert_eq!(PERMUTATIONS[0o777], 0o777);
        assert_eq!(PERMUTATIONS[0o421], 0o421);
        assert_eq!(PERMUTATIONS[0o124], 0o124);
        // Two rows with only the same column: no permutation.
        assert_eq!(PERMUTATIONS[0o711], 0);
        // A row with only column 0 takes column 0 away from the others.
        assert_eq!(PERMUTATIONS[0o771], 0o661);
    }

    #[test]
    fn band_rules_keep_permutations_and_find_rows_left_alone() {
        // Row 0 only in box 0: the other rows lose box 0, and row 0's
        // minirow is alone in its row.
        let rule = BAND_RULES[0o771];
        assert_eq!(rule.keep, 0o770_770_007);
        assert_eq!(rule.alone, 1);
        // Everything open: everything kept, nothing alone.
        assert_eq!(BAND_RULES[0o777].keep, BAND);
        assert_eq!(BAND_RULES[0o777].alone, 0);
        // No permutation: nothing kept.
        assert_eq!(BAND_RULES[0o711].keep, 0);
    }

    #[test]
    fn a_column_alone_in_its_box_is_locked() {
        assert_eq!(LOCKED_COLUMNS[0b000_000_001], 0b000_000_001);
        assert_eq!(LOCKED_COLUMNS[0b100_011_010], 0b100_000_010);
        assert_eq!(LOCKED_COLUMNS[0b111_111_111], 0);
    }

    #[test]
    fn peers_share_a_row_or_a_box() {
        assert_eq!(PEERS[0], 0o776 | (7 << 9) | (7 << 18));
        // Eight in the row, six more in the box.
        assert!(PEERS.iter().all(|peers| peers.count_ones() == 14));
    }
}
