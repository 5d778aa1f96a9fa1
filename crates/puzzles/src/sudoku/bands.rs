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

mod search;
mod simd;
mod tables;

use simd::{Kernel, Lanes};
use tables::{BAND, BAND_RULES, COLUMN, LOCKED_COLUMNS, MINIROWS, OTHER_BANDS, PEERS, columns};

pub(crate) use search::{Found, Searched, Searches, search, search_by};

/// A contradiction: the state has no solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Stuck;

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

#[cfg(test)]
mod tests {
    use super::*;
    use simd::Portable;

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
        for (line, text) in crate::sudoku::tests::data_file("top1465.txt")
            .iter()
            .step_by(5)
        {
            let puzzle: crate::sudoku::Puzzle = text.parse().unwrap();
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
}
