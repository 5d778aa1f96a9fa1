//! The band engine's passes over the whole board, as kernels: in plain
//! Rust for any CPU, and with x86-64 vector instructions.
//!
//! A digit's three band words sit in four lanes ([`Lanes`], the fourth
//! always empty), so one 128-bit register holds them and a pass over the
//! nine digits handles the three bands at once. The compiler's own
//! vectorizer makes poor code of these passes (it shifts lane by lane and
//! packs the results), hence the explicit kernels. SSE2 is part of every
//! x86-64 CPU, so its kernel needs no run-time check; the portable kernel
//! is the one every other target runs, and the tests run both. The AVX2
//! kernel (for the search compiled for AVX2 and BMI2, chosen at run time)
//! finds the changed words, counts digits and finds column singles two
//! digits to a 256-bit register. The AVX-512 kernel (for a third build of
//! the search, with AVX-512 F, VL, BW and DQ) finds the changed words four
//! digits to a register. Each is faster than the narrower one on both test
//! files (BENCHMARKS.md, "Design choices measured").
//!
//! The AVX2 and AVX-512 kernel types are made only from [`crate::cpu`]
//! tokens, so their passes cannot run on a CPU without the features.

/// A digit's three band words and a fourth lane, always empty.
pub(crate) type Lanes = [u32; 4];

use super::tables::{COLUMN, MINIROWS};

/// The first row of a band's cells.
const ROW: u32 = 0x1ff;
/// The first cell of each box's first row: bits 0, 3, 6.
const BOXES: u32 = 0o111;

/// The whole-board passes of the band engine.
pub(crate) trait Kernel: Copy {
    /// The cells of `givens` (81 digits, 0 for empty) that hold a digit,
    /// as bits `0..81`.
    #[inline(always)]
    fn given_cells(self, givens: &[u8; 81]) -> u128 {
        givens.iter().enumerate().fold(0, |cells, (cell, &digit)| {
            cells | u128::from(digit != 0) << cell
        })
    }

    /// The words whose open cells differ from `settled`: bit `4 * d + b`
    /// for band `b` of digit `d + 1`. A digit's open cells are those of
    /// `cells` that are `unsolved` or where `placed` has the digit placed.
    #[inline(always)]
    fn changed_words(
        self,
        cells: &[Lanes; 9],
        settled: &[Lanes; 9],
        unsolved: Lanes,
        placed: &[Lanes; 9],
    ) -> u64 {
        let mut changed = 0;
        for d in 0..9 {
            for b in 0..3 {
                let open = cells[d][b] & (unsolved[b] | placed[d][b]);
                changed |= u64::from(open != settled[d][b]) << (4 * d + b);
            }
        }
        changed
    }

    /// Per band, the cells open to at least one, two and three digits.
    fn digit_counts(self, cells: &[Lanes; 9]) -> [Lanes; 3];

    /// The digits (bit `d` for digit `d + 1`) open at cell `i` (below 27)
    /// of band `band` (below 3).
    #[inline(always)]
    fn digits_at(self, cells: &[Lanes; 9], band: usize, i: u32) -> u16 {
        let mut digits = 0;
        for (d, lanes) in cells.iter().enumerate() {
            digits |= ((lanes[band] >> i & 1) as u16) << d;
        }
        digits
    }

    /// Hidden singles in columns: per digit, the unsolved cells that are
    /// the only unsolved cell of their column open to it; `Some(true)` when
    /// there is any, `None` when a digit has no cell left in some column
    /// (a contradiction; `singles` then holds nothing of use).
    fn column_singles(
        self,
        cells: &[Lanes; 9],
        unsolved: Lanes,
        singles: &mut [Lanes; 9],
    ) -> Option<bool>;

    /// The minirows that hold any of the cells `a` of a band, as the
    /// pattern of bits `3 * row + box`.
    #[inline(always)]
    fn minirow_pattern(self, a: u32) -> usize {
        super::tables::minirow_pattern(a)
    }

    /// Triads: a minirow or minicolumn with unsolved cells and exactly
    /// three candidate digits keeps them from the rest of its row (column)
    /// and box; `None` when one has fewer (a contradiction), else whether a
    /// word changed.
    fn triads(self, cells: &mut [Lanes; 9], unsolved: Lanes) -> Option<bool>;
}

/// The kernels in plain Rust, lane by lane.
#[derive(Clone, Copy)]
pub(crate) struct Portable;

/// The lanes `f(0)` to `f(3)`.
#[inline(always)]
fn lanes(f: impl Fn(usize) -> u32) -> Lanes {
    [f(0), f(1), f(2), f(3)]
}

/// The minirows of a word that hold any of its cells (bit `3 * m`).
#[inline(always)]
fn minirows(a: u32) -> u32 {
    (a | a >> 1 | a >> 2) & MINIROWS
}

/// The columns of a word that hold any of its cells.
#[inline(always)]
fn minicolumns(a: u32) -> u32 {
    (a | a >> 9 | a >> 18) & ROW
}

impl Kernel for Portable {
    #[inline(always)]
    fn digit_counts(self, cells: &[Lanes; 9]) -> [Lanes; 3] {
        let (mut some, mut several, mut three) = ([0u32; 4], [0u32; 4], [0u32; 4]);
        for digit in cells {
            three = lanes(|b| three[b] | several[b] & digit[b]);
            several = lanes(|b| several[b] | some[b] & digit[b]);
            some = lanes(|b| some[b] | digit[b]);
        }
        [some, several, three]
    }

    #[inline(always)]
    fn column_singles(
        self,
        cells: &[Lanes; 9],
        unsolved: Lanes,
        singles: &mut [Lanes; 9],
    ) -> Option<bool> {
        let mut any = 0;
        for (digit, out) in cells.iter().zip(singles) {
            if minicolumns(digit[0]) | minicolumns(digit[1]) | minicolumns(digit[2]) != ROW {
                return None;
            }
            let a = lanes(|b| digit[b] & unsolved[b]);
            let (x, y, z) = (
                lanes(|b| a[b] & ROW),
                lanes(|b| a[b] >> 9 & ROW),
                lanes(|b| a[b] >> 18),
            );
            let present = lanes(|b| x[b] | y[b] | z[b]);
            let others = [
                present[1] | present[2],
                present[0] | present[2],
                present[0] | present[1],
                u32::MAX,
            ];
            let once = lanes(|b| (x[b] ^ y[b] ^ z[b]) & !(x[b] & y[b] & z[b]) & !others[b]);
            *out = lanes(|b| a[b] & (once[b] | once[b] << 9 | once[b] << 18));
            any |= out[0] | out[1] | out[2];
        }
        Some(any != 0)
    }

    #[inline(always)]
    fn triads(self, cells: &mut [Lanes; 9], unsolved: Lanes) -> Option<bool> {
        // For each digit the minirows (bit `3 * m`) and minicolumns (bit
        // `col`) that hold it, and saturating counts: `r[k]` has the
        // minirows with more than `k` digits, `c[k]` the minicolumns.
        let mut rows = [[0u32; 4]; 9];
        let mut cols = [[0u32; 4]; 9];
        let mut r = [[0u32; 4]; 4];
        let mut c = [[0u32; 4]; 4];
        for d in 0..9 {
            let a = cells[d];
            let h = lanes(|b| minirows(a[b]));
            let v = lanes(|b| minicolumns(a[b]));
            rows[d] = h;
            cols[d] = v;
            r[3] = lanes(|b| r[3][b] | r[2][b] & h[b]);
            r[2] = lanes(|b| r[2][b] | r[1][b] & h[b]);
            r[1] = lanes(|b| r[1][b] | r[0][b] & h[b]);
            r[0] = lanes(|b| r[0][b] | h[b]);
            c[3] = lanes(|b| c[3][b] | c[2][b] & v[b]);
            c[2] = lanes(|b| c[2][b] | c[1][b] & v[b]);
            c[1] = lanes(|b| c[1][b] | c[0][b] & v[b]);
            c[0] = lanes(|b| c[0][b] | v[b]);
        }
        let open_rows = lanes(|b| minirows(unsolved[b]));
        let open_cols = lanes(|b| minicolumns(unsolved[b]));
        let short = lanes(|b| open_rows[b] & !r[2][b] | open_cols[b] & !c[2][b]);
        if short != [0; 4] {
            return None;
        }
        let exact_rows = lanes(|b| open_rows[b] & r[2][b] & !r[3][b]);
        let exact_cols = lanes(|b| open_cols[b] & c[2][b] & !c[3][b]);
        let mut changed = false;
        for d in 0..9 {
            for band in 0..3 {
                let locked_rows = rows[d][band] & exact_rows[band];
                let locked_cols = cols[d][band] & exact_cols[band];
                if locked_rows | locked_cols == 0 {
                    continue;
                }
                let mut remove = 0;
                if locked_rows != 0 {
                    let fill = locked_rows * 7;
                    let starts = (locked_rows | locked_rows >> 3 | locked_rows >> 6) & COLUMN;
                    let boxes = (locked_rows | locked_rows >> 9 | locked_rows >> 18) & BOXES;
                    remove |= ((starts * ROW) | (boxes * 7 * COLUMN)) & !fill;
                }
                if locked_cols != 0 {
                    let fill = locked_cols * COLUMN;
                    let boxes = (locked_cols | locked_cols >> 1 | locked_cols >> 2) & BOXES;
                    remove |= (boxes * 7 * COLUMN) & !fill;
                    let digit = &mut cells[d];
                    for other in [(band + 1) % 3, (band + 2) % 3] {
                        changed |= digit[other] & fill != 0;
                        digit[other] &= !fill;
                    }
                }
                let word = cells[d][band];
                changed |= word & remove != 0;
                cells[d][band] = word & !remove;
            }
        }
        Some(changed)
    }
}

#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(target_arch = "x86_64")]
mod avx512;
#[cfg(target_arch = "x86_64")]
mod sse2;
#[cfg(all(test, target_arch = "x86_64"))]
mod tests;

#[cfg(target_arch = "x86_64")]
pub(crate) use avx2::Avx2;
#[cfg(target_arch = "x86_64")]
pub(crate) use avx512::Avx512;
#[cfg(target_arch = "x86_64")]
pub(crate) use sse2::Sse2;
