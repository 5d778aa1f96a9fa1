//! Counting by joining quarter-boards instead of backtracking over the
//! whole board.
//!
//! Cut the board into a west and an east half by columns, and into a north
//! and a south half by rows: four quadrants. Every row holds one queen, in
//! the west or in the east half; call the rows whose queen is in the east
//! the *east rows*. For one set of east rows:
//!
//! - the east half's placements are the pairs of a north-east and a
//!   south-east quadrant placement that use complementary columns of the
//!   east half and share no diagonal; the same for the west half with the
//!   other rows;
//! - a whole solution is an east and a west placement that share no
//!   diagonal: rows and columns cannot clash across the halves.
//!
//! Quadrant placements come from one table, built once per board size:
//! every placement of non-attacking queens on an `m`×`m` square
//! (`m = ⌈n/2⌉`) filed by the rows and columns it uses. The join of the two
//! halves counts pairs of bit sets that do not meet; the join (`quadrants::join`) does that 256
//! or 512 pairs per instruction.
//!
//! Each set of east rows is a work unit. Reflecting the board top to bottom
//! reverses the east rows and leaves the count alone; for even `n`,
//! reflecting it left to right swaps east and west. Only the smallest set of
//! each orbit is a unit, weighted by the orbit's size.
//!
//! The method pays memory for time: the table holds 0.9 M placements for
//! `m = 9` (n = 17, 18; 11 MiB), 7.5 M for `m = 10` (n = 19, 20; 64 MiB)
//! and 67 M for `m = 11` (n = 21, 22; 552 MiB). [`MAX_N`] is the largest
//! board it takes.

#![deny(clippy::undocumented_unsafe_blocks)]

pub(crate) mod join;

use std::sync::{Arc, OnceLock};

use crate::cpu::Isa;

/// The name of this unit scheme, written into checkpoints and parts.
///
/// # Example
///
/// ```
/// use puzzles::queens::count::{CountPlan, Method};
/// use puzzles::queens::quadrants::SCHEME;
///
/// assert_eq!(Method::Quadrants.scheme(), SCHEME);
/// let plan = CountPlan::for_scheme(SCHEME, 10, 0)?;
/// assert_eq!((plan.method(), plan.count_all().total), (Method::Quadrants, 724));
/// # Ok::<(), puzzles::queens::count::CountError>(())
/// ```
pub const SCHEME: &str = "quadrants-1";

/// The smallest board the quadrant counter takes.
///
/// # Example
///
/// ```
/// use puzzles::queens::count::{CountError, CountPlan};
/// use puzzles::queens::quadrants::{MAX_N, MIN_N};
///
/// assert_eq!(CountPlan::quadrants(MIN_N)?.count_all().total, 2);
/// assert_eq!(
///     CountPlan::quadrants(MIN_N - 1).unwrap_err(),
///     CountError::QuadrantsRange { n: MIN_N - 1, min: MIN_N, max: MAX_N }
/// );
/// # Ok::<(), CountError>(())
/// ```
pub const MIN_N: usize = 4;

/// The largest board the quadrant counter takes: its table for
/// `n = 23` or `24` would need about 5 GiB.
///
/// # Example
///
/// ```
/// use puzzles::queens::count::CountPlan;
/// use puzzles::queens::quadrants::{MAX_N, table_bytes};
///
/// // Planning builds no table yet; counting MAX_N's first unit takes half a GiB.
/// assert!(CountPlan::quadrants(MAX_N).is_ok());
/// assert!(table_bytes(MAX_N).unwrap() > 1 << 29);
/// assert!(CountPlan::quadrants(MAX_N + 1).is_err());
/// assert_eq!(table_bytes(MAX_N + 1), None);
/// ```
pub const MAX_N: usize = 22;

/// The bytes the quadrant table takes for `n` (the offsets and the
/// placements), or `None` outside [`MIN_N`]`..=`[`MAX_N`].
///
/// # Example
///
/// ```
/// use puzzles::queens::quadrants::table_bytes;
///
/// assert_eq!(table_bytes(20), Some(4 * ((1 << 20) + 1) + 8 * 7_535_369));
/// assert_eq!(table_bytes(23), None);
/// ```
pub fn table_bytes(n: usize) -> Option<u64> {
    // Placements of non-attacking queens on an m×m square, any number of
    // them (the empty one included), for m = 2..=11.
    const PLACEMENTS: [u64; 10] = [
        5, 18, 87, 462, 2_635, 16_870, 118_969, 915_442, 7_535_369, 66_807_234,
    ];
    if !(MIN_N..=MAX_N).contains(&n) {
        return None;
    }
    let m = n.div_ceil(2);
    Some(4 * ((1u64 << (2 * m)) + 1) + 8 * PLACEMENTS[m - 2])
}

/// Every placement of non-attacking queens on an `m`×`m` square, filed by
/// (rows used, columns used). A placement is its two diagonal masks:
/// `r + c` in the low 32 bits, `r - c + m - 1` in the high 32.
pub(crate) struct Table {
    m: usize,
    offsets: Vec<u32>,
    placements: Vec<u64>,
}

impl Table {
    fn build(m: usize) -> Table {
        fn visit(m: usize, row: usize, at: (u32, u32, u32, u32), f: &mut dyn FnMut(usize, u64)) {
            let (rows, cols, d1, d2) = at;
            if row == m {
                f(
                    ((rows as usize) << m) | cols as usize,
                    u64::from(d1) | u64::from(d2) << 32,
                );
                return;
            }
            visit(m, row + 1, at, f);
            for col in 0..m {
                let (b1, b2) = (1u32 << (row + col), 1u32 << (row + m - 1 - col));
                if cols & (1 << col) == 0 && d1 & b1 == 0 && d2 & b2 == 0 {
                    let next = (rows | 1 << row, cols | 1 << col, d1 | b1, d2 | b2);
                    visit(m, row + 1, next, f);
                }
            }
        }
        // Two passes, counting then filing, so the placements need no sort.
        let mut offsets = vec![0u32; (1 << (2 * m)) + 1];
        visit(m, 0, (0, 0, 0, 0), &mut |key, _| offsets[key + 1] += 1);
        for i in 1..offsets.len() {
            offsets[i] += offsets[i - 1];
        }
        let mut next = offsets.clone();
        let mut placements = vec![0u64; offsets[offsets.len() - 1] as usize];
        visit(m, 0, (0, 0, 0, 0), &mut |key, placement| {
            placements[next[key] as usize] = placement;
            next[key] += 1;
        });
        Table {
            m,
            offsets,
            placements,
        }
    }

    fn placements(&self, rows: u32, cols: u32) -> &[u64] {
        let key = ((rows as usize) << self.m) | cols as usize;
        &self.placements[self.offsets[key] as usize..self.offsets[key + 1] as usize]
    }
}

/// The units of one board size and the shared table.
pub(crate) struct Quadrants {
    n: usize,
    /// Columns `0..west` are the west half; rows `0..north` the north half.
    west: usize,
    north: usize,
    /// Each unit's east rows (bit `r` for row `r`) and its orbit's size.
    units: Vec<(u32, u8)>,
    table: OnceLock<Arc<Table>>,
}

impl std::fmt::Debug for Quadrants {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Quadrants")
            .field("n", &self.n)
            .field("units", &self.units.len())
            .finish()
    }
}

// The units and the table are functions of `n` alone.
impl PartialEq for Quadrants {
    fn eq(&self, other: &Quadrants) -> bool {
        self.n == other.n
    }
}

impl Eq for Quadrants {}

/// What one unit counted: its solutions (times the orbit's size) and the
/// half-board placements it joined.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct UnitTally {
    pub total: u64,
    pub halves: u64,
}

impl Quadrants {
    /// The units of `n`, for `n` in `MIN_N..=MAX_N` (the caller checks).
    pub(crate) fn new(n: usize) -> Quadrants {
        assert!((MIN_N..=MAX_N).contains(&n));
        let west = n / 2;
        let all = (1u32 << n) - 1;
        let reverse = |rows: u32| rows.reverse_bits() >> (32 - n);
        let mut units = Vec::new();
        let mut rows = (1u32 << (n - west)) - 1;
        while rows <= all {
            // Top-bottom reflection always; left-right (east rows become
            // west rows) when the halves have the same width.
            let mut orbit = [rows, reverse(rows), rows, rows];
            if n.is_multiple_of(2) {
                orbit[2] = all ^ rows;
                orbit[3] = reverse(all ^ rows);
            }
            if orbit.iter().all(|&other| rows <= other) {
                orbit.sort_unstable();
                let distinct = 1 + orbit.windows(2).filter(|w| w[0] != w[1]).count();
                units.push((rows, distinct as u8));
            }
            rows = next_same_weight(rows);
        }
        Quadrants {
            n,
            west,
            north: n / 2,
            units,
            table: OnceLock::new(),
        }
    }

    pub(crate) fn len(&self) -> u64 {
        self.units.len() as u64
    }

    /// The east rows of unit `id`.
    pub(crate) fn east_rows(&self, id: usize) -> Option<u32> {
        self.units.get(id).map(|&(rows, _)| rows)
    }

    /// Builds the table now, if no unit has yet.
    pub(crate) fn prepare(&self) {
        self.table();
    }

    fn table(&self) -> &Table {
        self.table
            .get_or_init(|| Arc::new(Table::build(self.n.div_ceil(2))))
    }

    /// Counts unit `id` (which must exist) with the join kernel of `isa`
    /// (see [`join::supported`]).
    pub(crate) fn count_unit(&self, id: usize, isa: Isa) -> UnitTally {
        let (east_rows, weight) = self.units[id];
        let (count, halves) =
            SCRATCH.with_borrow_mut(|scratch| self.count_rows(east_rows, isa, scratch));
        UnitTally {
            total: count * u64::from(weight),
            halves,
        }
    }

    /// The solutions whose east rows are exactly `east_rows`, and the
    /// half-board placements joined to find them.
    pub(crate) fn count_rows(&self, east_rows: u32, isa: Isa, scratch: &mut Scratch) -> (u64, u64) {
        let n = self.n;
        let table = self.table();
        let all = (1u32 << n) - 1;
        let north_mask = (1u32 << self.north) - 1;
        let west_rows = all ^ east_rows;
        let Scratch {
            east,
            west,
            lower_keys,
            join,
        } = scratch;
        let (north, mask) = (self.north, north_mask);
        self.half(
            table,
            east_rows & mask,
            east_rows >> north,
            true,
            lower_keys,
            east,
        );
        self.half(
            table,
            west_rows & mask,
            west_rows >> north,
            false,
            lower_keys,
            west,
        );
        let halves = (east.len() + west.len()) as u64;
        let count = if east.len() >= west.len() {
            join::count_disjoint(east, west, isa, join)
        } else {
            join::count_disjoint(west, east, isa, join)
        };
        (count, halves)
    }

    /// The placements of one half whose north quadrant uses rows
    /// `north_rows` and south quadrant `south_rows` (local row numbers),
    /// as the diagonals they hold that also cross the other half.
    fn half(
        &self,
        table: &Table,
        north_rows: u32,
        south_rows: u32,
        east: bool,
        lower_keys: &mut Vec<u64>,
        out: &mut Vec<u64>,
    ) {
        out.clear();
        let (n, m, west, north) = (self.n, table.m, self.west, self.north);
        let (col0, width) = if east { (west, n - west) } else { (0, west) };
        // Where the quadrant's local diagonals sit on the board: r + c moves
        // by row0 + col0, r - c + n - 1 by row0 - col0 + n - m.
        let north_shift = (col0, n - m - col0);
        let south_shift = (north + col0, north + n - m - col0);
        // The diagonals that cross both halves: r + c in west..west + n - 1,
        // r - c + n - 1 in n - west..2n - 1 - west.
        let within = (1u64 << (n - 1)) - 1;
        let key = |placement: u64, (shift1, shift2): (usize, usize)| {
            let d1 = (placement & 0xffff_ffff) << shift1;
            let d2 = (placement >> 32) << shift2;
            ((d1 >> west) & within) | ((d2 >> (n - west)) & within) << (n - 1)
        };
        // A north and a south placement of the same columns meet on a
        // diagonal exactly when the north one's, moved down by the north
        // half's height, meets the south one's: one AND of packed masks.
        let moved_down = |placement: u64| {
            ((placement & 0xffff_ffff) >> north) | ((placement >> 32) >> north) << 32
        };
        let cols_all = (1u32 << width) - 1;
        let queens = north_rows.count_ones();
        if queens as usize > width {
            return;
        }
        let mut len = 0;
        let mut cols = (1u32 << queens) - 1;
        while cols <= cols_all {
            let upper = table.placements(north_rows, cols);
            let lower = if upper.is_empty() {
                &[][..]
            } else {
                table.placements(south_rows, cols_all ^ cols)
            };
            if !lower.is_empty() {
                lower_keys.clear();
                lower_keys.extend(lower.iter().map(|&b| key(b, south_shift)));
                for &a in upper {
                    let (reach, a_key) = (moved_down(a), key(a, north_shift));
                    if out.len() < len + lower.len() {
                        out.resize(2 * (len + lower.len()), 0);
                    }
                    // Written always, kept when the pair fits: no branch to mispredict.
                    for (&b, &b_key) in lower.iter().zip(lower_keys.iter()) {
                        out[len] = a_key | b_key;
                        len += usize::from(reach & b == 0);
                    }
                }
            }
            if queens == 0 {
                break;
            }
            cols = next_same_weight(cols);
        }
        out.truncate(len);
    }
}

/// Buffers reused from unit to unit on each thread.
#[derive(Default)]
pub(crate) struct Scratch {
    east: Vec<u64>,
    west: Vec<u64>,
    lower_keys: Vec<u64>,
    join: join::Scratch,
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::new(Scratch::default());
}

/// The next larger number with as many bits set (Gosper's hack); `x > 0`.
fn next_same_weight(x: u32) -> u32 {
    let low = x & x.wrapping_neg();
    let ripple = x + low;
    (((ripple ^ x) >> 2) / low) | ripple
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The solutions with exactly these east rows, by plain backtracking
    /// with each row held to its half.
    fn backtrack_rows(n: usize, east_rows: u32) -> u64 {
        fn below(
            n: usize,
            west: usize,
            row: usize,
            east_rows: u32,
            taken: u64,
            d1: u64,
            d2: u64,
        ) -> u64 {
            if row == n {
                return 1;
            }
            let half = if east_rows >> row & 1 == 1 {
                ((1u64 << n) - 1) & !((1u64 << west) - 1)
            } else {
                (1u64 << west) - 1
            };
            let mut free = half & !(taken | d1 | d2);
            let mut count = 0;
            while free != 0 {
                let bit = free & free.wrapping_neg();
                free ^= bit;
                count += below(
                    n,
                    west,
                    row + 1,
                    east_rows,
                    taken | bit,
                    (d1 | bit) << 1,
                    (d2 | bit) >> 1,
                );
            }
            count
        }
        below(n, n / 2, 0, east_rows, 0, 0, 0)
    }

    #[test]
    fn table_sizes_match_the_stated_bytes() {
        for n in [4usize, 5, 8, 12, 16] {
            let table = Table::build(n.div_ceil(2));
            let bytes = 4 * table.offsets.len() as u64 + 8 * table.placements.len() as u64;
            assert_eq!(table_bytes(n), Some(bytes), "n = {n}");
        }
    }

    #[test]
    fn every_row_set_agrees_with_backtracking() {
        for n in [4, 5, 6, 7, 8, 9, 10] {
            let quadrants = Quadrants::new(n);
            let mut scratch = Scratch::default();
            let east = n - n / 2;
            let mut rows = (1u32 << east) - 1;
            while rows < 1 << n {
                for isa in join::levels() {
                    let (count, _) = quadrants.count_rows(rows, isa, &mut scratch);
                    assert_eq!(
                        count,
                        backtrack_rows(n, rows),
                        "n = {n}, rows {rows:b}, {isa:?}"
                    );
                }
                rows = next_same_weight(rows);
            }
        }
    }

    #[test]
    #[ignore = "seconds: the ignored tests run in CI"]
    fn sampled_units_of_18_and_19_agree_with_backtracking() {
        for n in [18, 19] {
            let quadrants = Quadrants::new(n);
            let mut scratch = Scratch::default();
            let step = quadrants.units.len() / 12;
            for &(rows, _) in quadrants.units.iter().step_by(step) {
                let (count, _) = quadrants.count_rows(rows, join::fastest(), &mut scratch);
                assert_eq!(count, backtrack_rows(n, rows), "n = {n}, rows {rows:b}");
            }
        }
    }

    #[test]
    fn units_cover_every_row_set_once() {
        for n in [4, 5, 10, 11] {
            let quadrants = Quadrants::new(n);
            let weights: u64 = quadrants.units.iter().map(|&(_, w)| u64::from(w)).sum();
            let east = (n - n / 2) as u64;
            let all_sets = (0..east).fold(1u64, |c, k| c * (n as u64 - k) / (k + 1));
            assert_eq!(weights, all_sets, "n = {n}");
        }
    }
}
