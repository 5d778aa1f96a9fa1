//! The 9×9 engine: digit-major band bitboards, in the manner of JCZSolve.
//!
//! For each digit, the cells still open to it are three 27-bit words, one
//! per *band* (three rows, and so three boxes): cell `(row, col)` is bit
//! `9 * (row % 3) + col` of word `row / 3`. A placed digit keeps its own
//! cell and no other cell of its row, column or box; every other digit loses
//! the cell. The three cells where a row crosses a box (a *minirow*) are
//! three adjacent bits, at bit `3 * m` for minirow `m = 3 * row + box` of
//! the band; the three cells where a column crosses a band (a
//! *minicolumn*) are bits `col`, `col + 9` and `col + 18`.
//!
//! Propagation works digit by digit, and only on digits whose words changed
//! since they were last settled:
//!
//! - *Locked candidates*, in both directions, by table: in a band, the
//!   minirows that hold the digit form a 3×3 pattern (rows × boxes), and
//!   since the digit stands once in each row and once in each box, only the
//!   minirows on some permutation of that pattern can keep it (this is
//!   pointing and claiming between rows and boxes, and catches a row or box
//!   left without the digit). The same table on minicolumns (bands ×
//!   columns of a stack) does it between columns and boxes.
//! - *Hidden singles*: a cell alone in its row, box or column for the digit
//!   is placed, all found with a few shifts on the words.
//!
//! When every digit is settled, cells left with one digit (*naked singles*)
//! are placed, and a cell left with none is a contradiction. When nothing
//! is left to place, the search guesses on the first cell with two digits
//! (a cell with the fewest otherwise), trying the lower digit on a copy of
//! the state and the higher on the state itself.

/// All 27 cells of a band.
const BAND: u32 = (1 << 27) - 1;
/// The minicolumn of column 0 (bits 0, 9, 18); also the first minirow of
/// each row.
const COLUMN: u32 = 1 | 1 << 9 | 1 << 18;
/// The first cell of every minirow: bits 0, 3, …, 24.
const MINIROWS: u32 = 0o111_111_111;
/// The first cells of the three minirows of row 0: bits 0, 3, 6.
const ROW_MINIROWS: u32 = 0o111;

/// `PERMUTATIONS[p]`: for a pattern `p` of a 3×3 matrix (bit `3 * i + j`),
/// the entries that lie on a permutation matrix within `p` (0 when there is
/// none).
static PERMUTATIONS: [u16; 512] = permutations();

/// `BAND_KEEP[p]`: for the minirows `p` of a band that hold a digit (bit
/// `3 * row + box`), the cells of the band that may keep it.
static BAND_KEEP: [u32; 512] = band_keep();

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

const fn band_keep() -> [u32; 512] {
    let permutations = permutations();
    let mut table = [0u32; 512];
    let mut pattern = 0;
    while pattern < 512 {
        let keep = permutations[pattern];
        let mut cells = 0u32;
        let mut m = 0;
        while m < 9 {
            if keep >> m & 1 == 1 {
                cells |= 7 << (3 * m);
            }
            m += 1;
        }
        table[pattern] = cells;
        pattern += 1;
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
fn minirow_pattern(a: u32) -> usize {
    usize::from(ROW_BOXES[(a & 0x1ff) as usize])
        | usize::from(ROW_BOXES[(a >> 9 & 0x1ff) as usize]) << 3
        | usize::from(ROW_BOXES[(a >> 18 & 0x1ff) as usize]) << 6
}

/// The columns (9 bits) that the cells `a` of a band meet.
#[inline(always)]
fn columns(a: u32) -> u32 {
    (a | a >> 9 | a >> 18) & 0x1ff
}

/// The columns (9 bits) where exactly one cell of `a` lies.
#[inline(always)]
fn single_columns(a: u32) -> u32 {
    let (x, y, z) = (a, a >> 9, a >> 18);
    (x ^ y ^ z) & !(x & y & z) & 0x1ff
}

/// The cells of `a` (one digit, one band) alone in their row or their box.
#[inline(always)]
fn alone_in_row_or_box(a: u32) -> u32 {
    let occupied = (a | a >> 1 | a >> 2) & MINIROWS;
    let one = (a ^ a >> 1 ^ a >> 2) & !(a & a >> 1 & a >> 2) & MINIROWS;
    let (o0, o1, o2) = (
        occupied & COLUMN,
        occupied >> 3 & COLUMN,
        occupied >> 6 & COLUMN,
    );
    let alone_in_row = (o0 & !(o1 | o2)) | (o1 & !(o0 | o2)) << 3 | (o2 & !(o0 | o1)) << 6;
    let (p0, p1, p2) = (
        occupied & ROW_MINIROWS,
        occupied >> 9 & ROW_MINIROWS,
        occupied >> 18 & ROW_MINIROWS,
    );
    let alone_in_box = (p0 & !(p1 | p2)) | (p1 & !(p0 | p2)) << 9 | (p2 & !(p0 | p1)) << 18;
    a & (((alone_in_row | alone_in_box) & one) * 7)
}

/// The other two bands.
const OTHER_BANDS: [(usize, usize); 3] = [(1, 2), (0, 2), (0, 1)];

/// A contradiction: the state has no solution.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Stuck;

/// The search state.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Board {
    /// `cells[d][band]`: where digit `d + 1` may stand.
    cells: [[u32; 3]; 9],
    /// `cells[d]` when digit `d + 1` was last settled.
    settled: [[u32; 3]; 9],
    /// The cells not yet placed, per band.
    unsolved: [u32; 3],
}

impl Board {
    /// The empty grid: every digit open everywhere, nothing settled.
    pub(crate) fn new() -> Board {
        Board {
            cells: [[BAND; 3]; 9],
            settled: [[0; 3]; 9],
            unsolved: [BAND; 3],
        }
    }

    /// The grid with `givens` placed (81 digits, 0 for empty), not yet
    /// propagated.
    pub(crate) fn with_givens(givens: &[u8; 81]) -> Result<Board, Stuck> {
        let mut board = Board::new();
        for (cell, &digit) in givens.iter().enumerate() {
            if digit != 0 {
                let band = cell / 27;
                board.place(usize::from(digit - 1), band, (cell - 27 * band) as u32)?;
            }
        }
        Ok(board)
    }

    /// `true` when every cell is placed.
    #[inline(always)]
    pub(crate) fn is_solved(&self) -> bool {
        self.unsolved == [0; 3]
    }

    /// Places digit `d + 1` in cell `i` of `band`, which must still be open
    /// to it.
    #[inline(always)]
    fn place(&mut self, d: usize, band: usize, i: u32) -> Result<(), Stuck> {
        let bit = 1u32 << i;
        if self.cells[d][band] & bit == 0 {
            return Err(Stuck);
        }
        for digit in &mut self.cells {
            digit[band] &= !bit;
        }
        let own = &mut self.cells[d];
        own[band] = (own[band] & !PEERS[i as usize]) | bit;
        let column = COLUMN << (i % 9);
        let (first, second) = OTHER_BANDS[band];
        own[first] &= !column;
        own[second] &= !column;
        self.unsolved[band] &= !bit;
        Ok(())
    }

    /// Applies locked candidates to digit `d + 1` until they remove nothing
    /// more, then places its hidden singles; again until none is left.
    #[inline(always)]
    fn settle(&mut self, d: usize) -> Result<(), Stuck> {
        // A band equal to its last settled value has nothing to give: its
        // minirows were filtered and its singles placed.
        let mut known = self.settled[d];
        loop {
            let mut bands = self.cells[d];
            let mut singles = [0; 3];
            for band in 0..3 {
                let a = bands[band];
                if a != known[band] {
                    let kept = a & BAND_KEEP[minirow_pattern(a)];
                    if kept == 0 {
                        return Err(Stuck);
                    }
                    bands[band] = kept;
                    known[band] = kept;
                    singles[band] = alone_in_row_or_box(kept);
                }
            }
            self.cells[d] = bands;
            // Hidden singles in columns: in one band only, and once there.
            let [a0, a1, a2] = bands;
            let (c0, c1, c2) = (columns(a0), columns(a1), columns(a2));
            let one_band = (c0 ^ c1 ^ c2) & !(c0 & c1 & c2);
            singles[0] =
                (singles[0] | a0 & ((one_band & single_columns(a0)) * COLUMN)) & self.unsolved[0];
            singles[1] =
                (singles[1] | a1 & ((one_band & single_columns(a1)) * COLUMN)) & self.unsolved[1];
            singles[2] =
                (singles[2] | a2 & ((one_band & single_columns(a2)) * COLUMN)) & self.unsolved[2];
            if singles == [0; 3] {
                self.settled[d] = bands;
                return Ok(());
            }
            for (band, mut cells) in singles.into_iter().enumerate() {
                while cells != 0 {
                    let i = cells.trailing_zeros();
                    cells &= cells - 1;
                    self.place(d, band, i)?;
                }
            }
        }
    }

    /// Locked candidates between columns and boxes, for every digit: `true`
    /// when they removed anything.
    fn lock_columns(&mut self) -> Result<bool, Stuck> {
        let mut changed = false;
        for d in 0..9 {
            let [a0, a1, a2] = self.cells[d];
            let (c0, c1, c2) = (columns(a0), columns(a1), columns(a2));
            let (mut k0, mut k1, mut k2) = (0, 0, 0);
            for shift in [0, 3, 6] {
                let pattern = (c0 >> shift & 7) | (c1 >> shift & 7) << 3 | (c2 >> shift & 7) << 6;
                let keep = u32::from(PERMUTATIONS[pattern as usize]);
                if keep == 0 {
                    return Err(Stuck);
                }
                k0 |= (keep & 7) << shift;
                k1 |= (keep >> 3 & 7) << shift;
                k2 |= (keep >> 6) << shift;
            }
            let kept = [a0 & (k0 * COLUMN), a1 & (k1 * COLUMN), a2 & (k2 * COLUMN)];
            if kept != self.cells[d] {
                self.cells[d] = kept;
                changed = true;
            }
        }
        Ok(changed)
    }

    /// Places everything that singles and locked candidates force, or finds
    /// a contradiction.
    pub(crate) fn propagate(&mut self) -> Result<(), Stuck> {
        loop {
            let mut changed = false;
            for d in 0..9 {
                if self.cells[d] != self.settled[d] {
                    self.settle(d)?;
                    changed = true;
                }
            }
            if changed {
                continue;
            }
            if self.is_solved() {
                return Ok(());
            }
            // Naked singles; a cell with no digit left is a contradiction.
            let mut placed = false;
            for band in 0..3 {
                let (mut some, mut several) = (0u32, 0u32);
                for digit in &self.cells {
                    several |= some & digit[band];
                    some |= digit[band];
                }
                let unsolved = self.unsolved[band];
                if unsolved & !some != 0 {
                    return Err(Stuck);
                }
                let mut singles = unsolved & !several;
                while singles != 0 {
                    let i = singles.trailing_zeros();
                    singles &= singles - 1;
                    let bit = 1 << i;
                    let d = (0..9)
                        .find(|&d| self.cells[d][band] & bit != 0)
                        .ok_or(Stuck)?;
                    self.place(d, band, i)?;
                    placed = true;
                }
            }
            if !placed && !self.lock_columns()? {
                return Ok(());
            }
        }
    }

    /// Where to guess in a propagated, unsolved state: `(band, cell, digits)`
    /// for the first cell with two digits, else the first with the fewest.
    fn choose(&self) -> (usize, u32, u16) {
        for band in 0..3 {
            let (mut one, mut two, mut three) = (0u32, 0u32, 0u32);
            for digit in &self.cells {
                let a = digit[band];
                three |= two & a;
                two |= one & a;
                one |= a;
            }
            let pairs = self.unsolved[band] & two & !three;
            if pairs != 0 {
                let i = 31 - pairs.leading_zeros();
                return (band, i, self.digits_at(band, i));
            }
        }
        let mut best = (0, 0, 0u16);
        let mut fewest = u32::MAX;
        for band in 0..3 {
            let mut open = self.unsolved[band];
            while open != 0 {
                let i = open.trailing_zeros();
                open &= open - 1;
                let digits = self.digits_at(band, i);
                if digits.count_ones() < fewest {
                    fewest = digits.count_ones();
                    best = (band, i, digits);
                }
            }
        }
        best
    }

    /// The digits (bit `d` for digit `d + 1`) open at cell `i` of `band`.
    fn digits_at(&self, band: usize, i: u32) -> u16 {
        let mut digits = 0;
        for (d, cells) in self.cells.iter().enumerate() {
            digits |= ((cells[band] >> i & 1) as u16) << d;
        }
        digits
    }

    /// The digits of a solved grid, in reading order, as `1`–`9`.
    pub(crate) fn write(&self, grid: &mut [u8; 81]) {
        for (d, cells) in self.cells.iter().enumerate() {
            for (band, &word) in cells.iter().enumerate() {
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
    guesses: u64,
    first: &'a mut [u8; 81],
}

impl Search<'_> {
    /// Searches below `board`; `true` when the limit is reached.
    fn run(&mut self, board: &mut Board) -> bool {
        loop {
            if board.propagate().is_err() {
                return false;
            }
            if board.is_solved() {
                if self.found == 0 {
                    board.write(self.first);
                }
                self.found += 1;
                return self.found >= self.limit;
            }
            let (band, i, mut digits) = board.choose();
            // Every digit but the last on a copy; the last on the board.
            while digits & (digits - 1) != 0 {
                let d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                self.guesses += 1;
                let mut child = *board;
                if child.place(d, band, i).is_ok() && self.run(&mut child) {
                    return true;
                }
            }
            self.guesses += 1;
            if board
                .place(digits.trailing_zeros() as usize, band, i)
                .is_err()
            {
                return false;
            }
        }
    }
}

/// What a search of a 9×9 puzzle found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Found {
    /// Solutions, no more than the limit.
    pub(crate) solutions: u64,
    /// Digits tried at guesses.
    pub(crate) guesses: u64,
}

/// Searches `givens` (81 digits, 0 for empty) for up to `limit` solutions,
/// writing the first into `first` (digits 1 to 9); `None` when two givens
/// clash (a peer of a given holds the same digit).
pub(crate) fn search(givens: &[u8; 81], limit: u64, first: &mut [u8; 81]) -> Option<Found> {
    let mut board = Board::with_givens(givens).ok()?;
    let mut search = Search {
        limit,
        found: 0,
        guesses: 0,
        first,
    };
    if limit > 0 {
        search.run(&mut board);
    }
    Some(Found {
        solutions: search.found,
        guesses: search.guesses,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
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
    fn peers_share_a_row_or_a_box() {
        assert_eq!(PEERS[0], 0o776 | (7 << 9) | (7 << 18));
        // Eight in the row, six more in the box.
        assert!(PEERS.iter().all(|peers| peers.count_ones() == 14));
    }

    #[test]
    fn alone_cells_are_found() {
        // Row 0: cells 0 and 5; row 1: cell 13 alone; row 2: nothing.
        let a = 1 | 1 << 5 | 1 << 13;
        // Cell 13 is alone in its row; cell 0 in its box (box 0); cell 5 shares
        // box 1 with cell 13.
        assert_eq!(alone_in_row_or_box(a), 1 | 1 << 13);
    }
}
