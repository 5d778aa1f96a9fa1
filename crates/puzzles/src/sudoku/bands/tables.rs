//! The band rules as tables, and the bit layout of a band's word (see
//! [`super`]): a leaf that the board and its kernels share.

/// All 27 cells of a band.
pub(super) const BAND: u32 = (1 << 27) - 1;
/// The minicolumn of column 0 (bits 0, 9, 18); also the first minirow of
/// each row.
pub(super) const COLUMN: u32 = 1 | 1 << 9 | 1 << 18;
/// The first cell of every minirow: bits 0, 3, …, 24.
pub(super) const MINIROWS: u32 = 0o111_111_111;

/// `PERMUTATIONS[p]`: for a pattern `p` of a 3×3 matrix (bit `3 * i + j`),
/// the entries that lie on a permutation matrix within `p` (0 when there is
/// none).
#[cfg(test)]
static PERMUTATIONS: [u16; 512] = permutations();

/// `BAND_RULES[p]`: for the minirows `p` of a band that hold a digit (bit
/// `3 * row + box`), the cells of the band that may keep it, and which of
/// the minirows kept are alone in their row.
pub(super) static BAND_RULES: [BandRule; 512] = band_rules();

/// What locked candidates leave of a band's minirows.
#[derive(Clone, Copy)]
pub(super) struct BandRule {
    /// The cells of the minirows on some permutation of the pattern.
    pub(super) keep: u32,
    /// The first cell (bit `3 * m`) of each minirow kept that is the only
    /// one kept in its row.
    pub(super) alone: u32,
}

/// `LOCKED_COLUMNS[c]`: for the columns `c` (9 bits) where a digit may
/// stand in a band, those alone in their box: the band's box holds the
/// digit there, so the other bands lose that column.
pub(super) static LOCKED_COLUMNS: [u16; 512] = locked_columns();

/// `ROW_BOXES[x]`: the boxes (3 bits) that the cells `x` of one row (9 bits)
/// meet.
static ROW_BOXES: [u8; 512] = row_boxes();

/// `PEERS[i]`: the cells of a band in the row or box of cell `i`, the cell
/// excluded.
pub(super) static PEERS: [u32; 27] = peers();

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
pub(super) fn columns(a: u32) -> u32 {
    (a | a >> 9 | a >> 18) & 0x1ff
}

/// The other two bands (a fourth entry for the unused lane, so that a
/// band taken from a lane index needs no bounds check).
pub(super) const OTHER_BANDS: [(usize, usize); 4] = [(1, 2), (0, 2), (0, 1), (0, 1)];

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
