//! Which squares of a slot a filter must look at: those that changed and
//! no longer allow every letter. Both filters (the bitset's and the list's)
//! start from it.

use super::ALL;

/// The positions in `dirty` whose squares (`cells` into `mask`) no longer
/// allow every letter, each with the letters its square allows; and how
/// many there are.
#[inline(always)]
pub(super) fn checks(mask: &[u32], cells: &[u32], dirty: u64) -> ([(usize, u32); 64], usize) {
    let mut checks = [(0usize, 0u32); 64];
    let mut n = 0;
    let mut positions = dirty;
    while positions != 0 {
        let p = positions.trailing_zeros() as usize;
        positions &= positions - 1;
        let allowed = mask[cells[p] as usize];
        if allowed != ALL {
            checks[n] = (p, allowed);
            n += 1;
        }
    }
    (checks, n)
}
