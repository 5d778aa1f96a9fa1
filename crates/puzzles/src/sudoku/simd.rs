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
//! digits to a 256-bit register: 4–6% faster on both files. The AVX-512
//! kernel (for a third build of the search, with AVX-512 F, VL, BW and DQ)
//! finds the changed words four digits to a register: 2–5% faster again.

/// A digit's three band words and a fourth lane, always empty.
pub(crate) type Lanes = [u32; 4];

/// The first cell of every minirow: bits 0, 3, …, 24.
const MINIROWS: u32 = 0o111_111_111;
/// The first row of a band's cells.
const ROW: u32 = 0x1ff;

/// The minicolumn of column 0 in a band (bits 0, 9, 18); also the first
/// cell of each row.
const COLUMN: u32 = 1 | 1 << 9 | 1 << 18;
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
        super::bands::minirow_pattern(a)
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
pub(crate) use sse2::{Avx2, Avx512, Sse2};

#[cfg(target_arch = "x86_64")]
mod sse2 {
    use super::{BOXES, COLUMN, Kernel, Lanes, MINIROWS, ROW};
    use crate::cpu;
    use core::arch::x86_64::*;

    /// The kernels with SSE2, which every x86-64 CPU has.
    #[derive(Clone, Copy)]
    pub(crate) struct Sse2;

    #[inline(always)]
    fn load(lanes: &Lanes) -> __m128i {
        // SAFETY: `Lanes` is 16 readable bytes; the load is unaligned.
        unsafe { _mm_loadu_si128(lanes.as_ptr().cast()) }
    }

    #[inline(always)]
    fn store(lanes: &mut Lanes, x: __m128i) {
        // SAFETY: `Lanes` is 16 writable bytes; the store is unaligned.
        unsafe { _mm_storeu_si128(lanes.as_mut_ptr().cast(), x) }
    }

    #[inline(always)]
    fn zero() -> __m128i {
        // SAFETY: SSE2 is part of x86-64; no memory is touched.
        unsafe { _mm_setzero_si128() }
    }

    #[inline(always)]
    fn splat(x: u32) -> __m128i {
        // SAFETY: SSE2 is part of x86-64; no memory is touched.
        unsafe { _mm_set1_epi32(x as i32) }
    }

    #[inline(always)]
    fn or(a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: SSE2 is part of x86-64; no memory is touched.
        unsafe { _mm_or_si128(a, b) }
    }

    #[inline(always)]
    fn and(a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: SSE2 is part of x86-64; no memory is touched.
        unsafe { _mm_and_si128(a, b) }
    }

    #[inline(always)]
    fn xor(a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: SSE2 is part of x86-64; no memory is touched.
        unsafe { _mm_xor_si128(a, b) }
    }

    /// `a & !b`.
    #[inline(always)]
    fn and_not(a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: SSE2 is part of x86-64; no memory is touched.
        unsafe { _mm_andnot_si128(b, a) }
    }

    #[inline(always)]
    fn right<const N: i32>(a: __m128i) -> __m128i {
        // SAFETY: SSE2 is part of x86-64; no memory is touched.
        unsafe { _mm_srli_epi32::<N>(a) }
    }

    #[inline(always)]
    fn left<const N: i32>(a: __m128i) -> __m128i {
        // SAFETY: SSE2 is part of x86-64; no memory is touched.
        unsafe { _mm_slli_epi32::<N>(a) }
    }

    /// Lane `b` takes lane `b + 1` (mod 3) of `a`: the next band.
    #[inline(always)]
    fn next_band(a: __m128i) -> __m128i {
        // SAFETY: SSE2 is part of x86-64; no memory is touched.
        unsafe { _mm_shuffle_epi32::<0b11_00_10_01>(a) }
    }

    /// Lane `b` takes lane `b + 2` (mod 3) of `a`.
    #[inline(always)]
    fn band_after_next(a: __m128i) -> __m128i {
        // SAFETY: SSE2 is part of x86-64; no memory is touched.
        unsafe { _mm_shuffle_epi32::<0b11_01_00_10>(a) }
    }

    #[inline(always)]
    fn is_zero(x: __m128i) -> bool {
        // SAFETY: SSE2 is part of x86-64; no memory is touched.
        unsafe { _mm_movemask_epi8(_mm_cmpeq_epi32(x, _mm_setzero_si128())) == 0xffff }
    }

    /// Each cell and the two to its right: a minirow from its first cell.
    #[inline(always)]
    fn spread_right(a: __m128i) -> __m128i {
        or(a, or(left::<1>(a), left::<2>(a)))
    }

    /// Each minirow and the two after it: a row from its first minirow.
    #[inline(always)]
    fn spread_boxes(a: __m128i) -> __m128i {
        or(a, or(left::<3>(a), left::<6>(a)))
    }

    /// Each cell of the first row and the same column below it.
    #[inline(always)]
    fn spread_down(a: __m128i) -> __m128i {
        or(a, or(left::<9>(a), left::<18>(a)))
    }

    #[inline(always)]
    fn minirows(a: __m128i) -> __m128i {
        and(or(a, or(right::<1>(a), right::<2>(a))), splat(MINIROWS))
    }

    #[inline(always)]
    fn minicolumns(a: __m128i) -> __m128i {
        and(or(a, or(right::<9>(a), right::<18>(a))), splat(ROW))
    }

    impl Kernel for Sse2 {
        /// Nine compares of 16 bytes.
        #[inline(always)]
        fn changed_words(
            self,
            cells: &[Lanes; 9],
            settled: &[Lanes; 9],
            unsolved: Lanes,
            placed: &[Lanes; 9],
        ) -> u64 {
            let unsolved = load(&unsolved);
            let mut same = 0u64;
            for d in 0..9 {
                let open = and(load(&cells[d]), or(unsolved, load(&placed[d])));
                // SAFETY: SSE2 is part of every x86-64 CPU.
                let equal = unsafe {
                    _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(open, load(&settled[d]))))
                };
                same |= (equal as u64) << (4 * d);
            }
            !same & 0x777_777_777
        }

        /// Six compares of 16 bytes.
        #[inline(always)]
        fn given_cells(self, givens: &[u8; 81]) -> u128 {
            let mut empty = 0;
            for start in [0, 16, 32, 48, 64] {
                empty |= empty16(givens, start) << start;
            }
            // The last cell, 80: bytes 65 to 80, of which only the last is new.
            empty |= empty16(givens, 65) << 65;
            !empty & ((1 << 81) - 1)
        }

        #[inline(always)]
        fn digit_counts(self, cells: &[Lanes; 9]) -> [Lanes; 3] {
            let zero = zero();
            let (mut some, mut several, mut three) = (zero, zero, zero);
            for digit in cells {
                let x = load(digit);
                three = or(three, and(several, x));
                several = or(several, and(some, x));
                some = or(some, x);
            }
            let mut out = [[0; 4]; 3];
            store(&mut out[0], some);
            store(&mut out[1], several);
            store(&mut out[2], three);
            out
        }

        #[inline(always)]
        fn column_singles(
            self,
            cells: &[Lanes; 9],
            unsolved: Lanes,
            singles: &mut [Lanes; 9],
        ) -> Option<bool> {
            let unsolved = load(&unsolved);
            let row = splat(ROW);
            let mut any = zero();
            let mut missing = zero();
            for (digit, out) in cells.iter().zip(singles) {
                let word = load(digit);
                let seen = minicolumns(word);
                let everywhere = or(seen, or(next_band(seen), band_after_next(seen)));
                missing = or(missing, and_not(row, everywhere));
                let a = and(word, unsolved);
                let x = and(a, row);
                let y = and(right::<9>(a), row);
                let z = right::<18>(a);
                let present = or(x, or(y, z));
                let others = or(next_band(present), band_after_next(present));
                let once = and_not(and_not(xor(x, xor(y, z)), and(x, and(y, z))), others);
                let spread = or(once, or(left::<9>(once), left::<18>(once)));
                let single = and(a, spread);
                store(out, single);
                any = or(any, single);
            }
            // Lane 3 is empty in every digit: only the bands count.
            if !is_zero(and(missing, load(&[u32::MAX, u32::MAX, u32::MAX, 0]))) {
                return None;
            }
            Some(!is_zero(any))
        }

        #[inline(always)]
        fn triads(self, cells: &mut [Lanes; 9], unsolved: Lanes) -> Option<bool> {
            let zero = zero();
            let mut rows = [zero; 9];
            let mut cols = [zero; 9];
            let mut r = [zero; 4];
            let mut c = [zero; 4];
            for d in 0..9 {
                let a = load(&cells[d]);
                let h = minirows(a);
                let v = minicolumns(a);
                rows[d] = h;
                cols[d] = v;

                r[3] = or(r[3], and(r[2], h));
                r[2] = or(r[2], and(r[1], h));
                r[1] = or(r[1], and(r[0], h));
                r[0] = or(r[0], h);
                c[3] = or(c[3], and(c[2], v));
                c[2] = or(c[2], and(c[1], v));
                c[1] = or(c[1], and(c[0], v));
                c[0] = or(c[0], v);
            }
            let unsolved = load(&unsolved);
            let open_rows = minirows(unsolved);
            let open_cols = minicolumns(unsolved);
            let short = or(and_not(open_rows, r[2]), and_not(open_cols, c[2]));
            if !is_zero(short) {
                return None;
            }
            let exact_rows = and_not(and(open_rows, r[2]), r[3]);
            let exact_cols = and_not(and(open_cols, c[2]), c[3]);
            if is_zero(or(exact_rows, exact_cols)) {
                return Some(false);
            }
            let mut changed = zero;
            for d in 0..9 {
                let locked_rows = and(rows[d], exact_rows);
                let locked_cols = and(cols[d], exact_cols);
                if is_zero(or(locked_rows, locked_cols)) {
                    continue;
                }
                // A locked minirow: the rest of its row and of its box.
                let fill = spread_right(locked_rows);
                let starts = and(
                    or(
                        locked_rows,
                        or(right::<3>(locked_rows), right::<6>(locked_rows)),
                    ),
                    splat(COLUMN),
                );
                let whole_rows = spread_boxes(spread_right(starts));
                let boxes = spread_down(spread_right(and(
                    or(
                        locked_rows,
                        or(right::<9>(locked_rows), right::<18>(locked_rows)),
                    ),
                    splat(BOXES),
                )));
                let mut remove = and_not(or(whole_rows, boxes), fill);
                // A locked minicolumn: the rest of its box, and its column
                // in the other bands.
                let fill = spread_down(locked_cols);
                let boxes = spread_down(spread_right(and(
                    or(
                        locked_cols,
                        or(right::<1>(locked_cols), right::<2>(locked_cols)),
                    ),
                    splat(BOXES),
                )));
                remove = or(remove, and_not(boxes, fill));
                remove = or(remove, or(next_band(fill), band_after_next(fill)));
                let word = load(&cells[d]);
                changed = or(changed, and(word, remove));
                store(&mut cells[d], and_not(word, remove));
            }
            Some(!is_zero(changed))
        }
    }

    /// The 16 bytes of `givens` from `start` that are zero, as bits.
    #[inline(always)]
    fn empty16(givens: &[u8; 81], start: usize) -> u128 {
        let bytes = &givens[start..start + 16];
        // SAFETY: `bytes` is 16 readable bytes; the load is unaligned.
        let x = unsafe { _mm_loadu_si128(bytes.as_ptr().cast()) };
        // SAFETY: SSE2 is part of x86-64.
        let mask = unsafe { _mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_setzero_si128())) };
        u128::from(mask as u16)
    }

    /// The SSE2 kernels, and BMI2's `pext` for the minirow patterns where
    /// the tables take three lookups, and some passes two digits to a
    /// 256-bit register; made only from a [`cpu::Avx2`] token.
    #[derive(Clone, Copy)]
    pub(crate) struct Avx2(cpu::Avx2);

    impl Avx2 {
        #[inline(always)]
        pub(crate) fn new(cpu: cpu::Avx2) -> Avx2 {
            Avx2(cpu)
        }
    }

    /// The AVX2 kernels, but for the changed words four digits to a
    /// 512-bit register; made only from a [`cpu::Avx512`] token.
    #[derive(Clone, Copy)]
    pub(crate) struct Avx512(cpu::Avx512);

    impl Avx512 {
        #[inline(always)]
        pub(crate) fn new(cpu: cpu::Avx512) -> Avx512 {
            Avx512(cpu)
        }

        /// The AVX2 kernels, which the same CPU has.
        #[inline(always)]
        fn avx2(self) -> Avx2 {
            Avx2(self.0.avx2())
        }
    }

    impl Kernel for Avx512 {
        #[inline(always)]
        fn given_cells(self, givens: &[u8; 81]) -> u128 {
            Sse2.given_cells(givens)
        }

        #[inline(always)]
        fn changed_words(
            self,
            cells: &[Lanes; 9],
            settled: &[Lanes; 9],
            unsolved: Lanes,
            placed: &[Lanes; 9],
        ) -> u64 {
            super::avx512::changed_words(self.0, cells, settled, unsolved, placed)
        }

        #[inline(always)]
        fn digit_counts(self, cells: &[Lanes; 9]) -> [Lanes; 3] {
            self.avx2().digit_counts(cells)
        }

        #[inline(always)]
        fn digits_at(self, cells: &[Lanes; 9], band: usize, i: u32) -> u16 {
            super::avx512::digits_at(self.0, cells, band, i)
        }

        #[inline(always)]
        fn column_singles(
            self,
            cells: &[Lanes; 9],
            unsolved: Lanes,
            singles: &mut [Lanes; 9],
        ) -> Option<bool> {
            self.avx2().column_singles(cells, unsolved, singles)
        }

        #[inline(always)]
        fn minirow_pattern(self, a: u32) -> usize {
            self.avx2().minirow_pattern(a)
        }

        #[inline(always)]
        fn triads(self, cells: &mut [Lanes; 9], unsolved: Lanes) -> Option<bool> {
            self.avx2().triads(cells, unsolved)
        }
    }

    impl Kernel for Avx2 {
        #[inline(always)]
        fn given_cells(self, givens: &[u8; 81]) -> u128 {
            Sse2.given_cells(givens)
        }

        #[inline(always)]
        fn changed_words(
            self,
            cells: &[Lanes; 9],
            settled: &[Lanes; 9],
            unsolved: Lanes,
            placed: &[Lanes; 9],
        ) -> u64 {
            super::avx2::changed_words(self.0, cells, settled, unsolved, placed)
        }

        #[inline(always)]
        fn digit_counts(self, cells: &[Lanes; 9]) -> [Lanes; 3] {
            super::avx2::digit_counts(self.0, cells)
        }

        #[inline(always)]
        fn column_singles(
            self,
            cells: &[Lanes; 9],
            unsolved: Lanes,
            singles: &mut [Lanes; 9],
        ) -> Option<bool> {
            super::avx2::column_singles(self.0, cells, unsolved, singles)
        }

        #[inline(always)]
        fn minirow_pattern(self, a: u32) -> usize {
            let first_cells = (a | a >> 1 | a >> 2) & MINIROWS;
            // SAFETY: `self` holds a `cpu::Avx2` token, so the CPU has BMI2.
            unsafe { core::arch::x86_64::_pext_u32(first_cells, MINIROWS) as usize }
        }

        #[inline(always)]
        fn triads(self, cells: &mut [Lanes; 9], unsolved: Lanes) -> Option<bool> {
            // Two digits to a register was no faster here (measured on
            // both files): the pass is mostly its second, per-digit loop.
            Sse2.triads(cells, unsolved)
        }
    }
}

/// The changed words with AVX-512: four digits' words to a 512-bit
/// register, and a compare that yields its mask directly. (The digit
/// counts and column singles four digits to a register, with masked loads
/// for digit 8, were 1–2% slower than the AVX2 ones.) Each function takes
/// a [`cpu::Avx512`](crate::cpu::Avx512) token: the CPU has the features.
#[cfg(target_arch = "x86_64")]
mod avx512 {
    use super::Lanes;
    use crate::cpu::Avx512;
    use core::arch::x86_64::*;

    /// As [`super::Kernel::changed_words`].
    #[inline(always)]
    pub(super) fn changed_words(
        _: Avx512,
        cells: &[Lanes; 9],
        settled: &[Lanes; 9],
        unsolved: Lanes,
        placed: &[Lanes; 9],
    ) -> u64 {
        // SAFETY: the intrinsics need AVX-512 F and VL, which the CPU has
        // (the token); each load reads 64 bytes (four digits) at digit 0 or
        // 4, or 16 (one) at digit 8, within the arrays, unaligned.
        unsafe {
            let four = |lanes: &[Lanes; 9], d: usize| {
                let digits: &[Lanes; 4] = lanes[d..d + 4].try_into().expect("four digits");
                _mm512_loadu_si512(digits.as_ptr().cast())
            };
            let one = |lanes: &[Lanes; 9]| _mm_loadu_si128(lanes[8].as_ptr().cast());
            let unsolved = _mm_loadu_si128(unsolved.as_ptr().cast());
            let wide = _mm512_broadcast_i32x4(unsolved);
            let mut same = 0u64;
            for d in [0, 4] {
                let open = _mm512_and_si512(four(cells, d), _mm512_or_si512(wide, four(placed, d)));
                same |= u64::from(_mm512_cmpeq_epi32_mask(open, four(settled, d))) << (4 * d);
            }
            let open = _mm_and_si128(one(cells), _mm_or_si128(unsolved, one(placed)));
            same |= u64::from(_mm_cmpeq_epi32_mask(open, one(settled))) << 32;
            !same & 0x777_777_777
        }
    }

    /// As [`super::Kernel::digits_at`]: the nine words of the band shifted
    /// and tested at once, where a loop over the digits took a ninth of
    /// the time counting the hardest puzzles (it runs for every cell with
    /// two digits at a guess).
    #[inline(always)]
    pub(super) fn digits_at(_: Avx512, cells: &[Lanes; 9], band: usize, i: u32) -> u16 {
        debug_assert!(band < 3 && i < 27);
        // SAFETY: the intrinsics need AVX-512 F and VL and BMI2, which the
        // CPU has (the token); the loads read digits 0–3, 4–7 (64 bytes
        // each) and 8 (16 bytes) within `cells`, unaligned.
        unsafe {
            let four = |d: usize| {
                let digits: &[Lanes; 4] = cells[d..d + 4].try_into().expect("four digits");
                _mm512_loadu_si512(digits.as_ptr().cast())
            };
            let shift = _mm_cvtsi32_si128(i as i32);
            let low = _mm512_srl_epi32(four(0), shift);
            let high = _mm512_srl_epi32(four(4), shift);
            let last = _mm_srl_epi32(_mm_loadu_si128(cells[8].as_ptr().cast()), shift);
            // Bit `4 * d + b` of each mask: cell `i` of band `b` open to
            // digit `d` (of the four).
            let low = u32::from(_mm512_test_epi32_mask(low, _mm512_set1_epi32(1)));
            let high = u32::from(_mm512_test_epi32_mask(high, _mm512_set1_epi32(1)));
            let last = u32::from(_mm_test_epi32_mask(last, _mm_set1_epi32(1)));
            let lanes = 0x1111 << band;
            (_pext_u32(low, lanes) | _pext_u32(high, lanes) << 4 | _pext_u32(last, lanes) << 8)
                as u16
        }
    }
}

/// The whole-board passes with AVX2: two digits' words to a 256-bit
/// register (digits 0–7 in pairs, digit 8 alone in the low half), so a
/// pass over the nine digits takes five steps instead of nine.
///
/// The CPU has AVX2 wherever this module's code runs: its entry points
/// (the `pub(super)` functions) each take a [`cpu::Avx2`](crate::cpu::Avx2)
/// token, and its other functions are private to it and called only from
/// those. The AVX2 kernel calls them, inlined into its search, which is
/// compiled for AVX2.
#[cfg(target_arch = "x86_64")]
mod avx2 {
    use super::{Lanes, ROW};
    use crate::cpu::Avx2;
    use core::arch::x86_64::*;

    type V = __m256i;

    /// Digits `d` and `d + 1` (`d` even, below 8), or digit 8 and an empty
    /// upper half (`d == 8`).
    #[inline(always)]
    fn load(cells: &[Lanes; 9], d: usize) -> V {
        if d < 8 {
            let pair: &[Lanes; 2] = cells[d..d + 2].try_into().expect("two digits");
            // SAFETY: AVX2 (see the module docs); `pair` is 32 readable bytes, loaded unaligned.
            unsafe { _mm256_loadu_si256(pair.as_ptr().cast()) }
        } else {
            // SAFETY: AVX2 (see the module docs); `cells[8]` is 16 readable bytes, loaded unaligned.
            unsafe { _mm256_zextsi128_si256(_mm_loadu_si128(cells[8].as_ptr().cast())) }
        }
    }

    /// Stores what [`load`] loads from the same `d`.
    #[inline(always)]
    fn store(cells: &mut [Lanes; 9], d: usize, x: V) {
        if d < 8 {
            let pair: &mut [Lanes; 2] = (&mut cells[d..d + 2]).try_into().expect("two digits");
            // SAFETY: AVX2 (see the module docs); `pair` is 32 writable bytes, stored unaligned.
            unsafe { _mm256_storeu_si256(pair.as_mut_ptr().cast(), x) }
        } else {
            // SAFETY: AVX2 (see the module docs); `cells[8]` is 16 writable bytes, stored unaligned.
            unsafe { _mm_storeu_si128(cells[8].as_mut_ptr().cast(), _mm256_castsi256_si128(x)) }
        }
    }

    /// The first digit of each step: pairs, then digit 8.
    const STEPS: [usize; 5] = [0, 2, 4, 6, 8];

    #[inline(always)]
    fn zero() -> V {
        // SAFETY: AVX2, which the CPU has (see the module docs); no memory is touched.
        unsafe { _mm256_setzero_si256() }
    }

    #[inline(always)]
    fn splat(x: u32) -> V {
        // SAFETY: AVX2, which the CPU has (see the module docs); no memory is touched.
        unsafe { _mm256_set1_epi32(x as i32) }
    }

    #[inline(always)]
    fn twice(x: __m128i) -> V {
        // SAFETY: AVX2, which the CPU has (see the module docs); no memory is touched.
        unsafe { _mm256_broadcastsi128_si256(x) }
    }

    #[inline(always)]
    fn or(a: V, b: V) -> V {
        // SAFETY: AVX2, which the CPU has (see the module docs); no memory is touched.
        unsafe { _mm256_or_si256(a, b) }
    }

    #[inline(always)]
    fn and(a: V, b: V) -> V {
        // SAFETY: AVX2, which the CPU has (see the module docs); no memory is touched.
        unsafe { _mm256_and_si256(a, b) }
    }

    #[inline(always)]
    fn xor(a: V, b: V) -> V {
        // SAFETY: AVX2, which the CPU has (see the module docs); no memory is touched.
        unsafe { _mm256_xor_si256(a, b) }
    }

    #[inline(always)]
    fn and_not(a: V, b: V) -> V {
        // SAFETY: AVX2, which the CPU has (see the module docs); no memory is touched.
        unsafe { _mm256_andnot_si256(b, a) }
    }

    #[inline(always)]
    fn right<const N: i32>(a: V) -> V {
        // SAFETY: AVX2, which the CPU has (see the module docs); no memory is touched.
        unsafe { _mm256_srli_epi32::<N>(a) }
    }

    #[inline(always)]
    fn left<const N: i32>(a: V) -> V {
        // SAFETY: AVX2, which the CPU has (see the module docs); no memory is touched.
        unsafe { _mm256_slli_epi32::<N>(a) }
    }

    #[inline(always)]
    fn next_band(a: V) -> V {
        // SAFETY: AVX2, which the CPU has (see the module docs); no memory is touched.
        unsafe { _mm256_shuffle_epi32::<0b11_00_10_01>(a) }
    }

    #[inline(always)]
    fn band_after_next(a: V) -> V {
        // SAFETY: AVX2, which the CPU has (see the module docs); no memory is touched.
        unsafe { _mm256_shuffle_epi32::<0b11_01_00_10>(a) }
    }

    #[inline(always)]
    fn is_zero(x: V) -> bool {
        // SAFETY: AVX2, which the CPU has (see the module docs); no memory is touched.
        unsafe { _mm256_testz_si256(x, x) == 1 }
    }

    #[inline(always)]
    fn halves(x: V) -> (__m128i, __m128i) {
        // SAFETY: AVX2, which the CPU has (see the module docs); no memory is touched.
        unsafe { (_mm256_castsi256_si128(x), _mm256_extracti128_si256::<1>(x)) }
    }

    #[inline(always)]
    fn minicolumns(a: V) -> V {
        and(or(a, or(right::<9>(a), right::<18>(a))), splat(ROW))
    }

    /// As [`super::Kernel::changed_words`].
    #[inline(always)]
    pub(super) fn changed_words(
        _: Avx2,
        cells: &[Lanes; 9],
        settled: &[Lanes; 9],
        unsolved: Lanes,
        placed: &[Lanes; 9],
    ) -> u64 {
        // SAFETY: AVX2 (see the module docs); `unsolved` is 16 readable bytes, loaded unaligned.
        let unsolved = twice(unsafe { _mm_loadu_si128(unsolved.as_ptr().cast()) });
        let mut same = 0u64;
        for d in STEPS {
            let open = and(load(cells, d), or(unsolved, load(placed, d)));
            // SAFETY: AVX2, which the CPU has (see the module docs); no memory is touched.
            let equal = unsafe {
                _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(
                    open,
                    load(settled, d),
                )))
            };
            same |= (equal as u64) << (4 * d);
        }
        !same & 0x777_777_777
    }

    /// As [`super::Kernel::digit_counts`].
    #[inline(always)]
    pub(super) fn digit_counts(_: Avx2, cells: &[Lanes; 9]) -> [Lanes; 3] {
        let (mut some, mut several, mut three) = (zero(), zero(), zero());
        for d in STEPS {
            let x = load(cells, d);
            three = or(three, and(several, x));
            several = or(several, and(some, x));
            some = or(some, x);
        }
        let ((s0, s1), (v0, v1), (t0, t1)) = (halves(some), halves(several), halves(three));
        let mut out = [[0; 4]; 3];
        // SAFETY: AVX2 (see the module docs); each store writes 16 bytes, one `Lanes` of `out`, unaligned.
        unsafe {
            let some = _mm_or_si128(s0, s1);
            let several = _mm_or_si128(_mm_or_si128(v0, v1), _mm_and_si128(s0, s1));
            let three = _mm_or_si128(
                _mm_or_si128(t0, t1),
                _mm_or_si128(_mm_and_si128(v0, s1), _mm_and_si128(s0, v1)),
            );
            for (out, count) in out.iter_mut().zip([some, several, three]) {
                _mm_storeu_si128(out.as_mut_ptr().cast(), count);
            }
        }
        out
    }

    /// As [`super::Kernel::column_singles`].
    #[inline(always)]
    pub(super) fn column_singles(
        _: Avx2,
        cells: &[Lanes; 9],
        unsolved: Lanes,
        singles: &mut [Lanes; 9],
    ) -> Option<bool> {
        // SAFETY: AVX2 (see the module docs); `unsolved` is 16 readable bytes, loaded unaligned.
        let unsolved = twice(unsafe { _mm_loadu_si128(unsolved.as_ptr().cast()) });
        let row = splat(ROW);
        let mut any = zero();
        let mut missing = zero();
        for d in STEPS {
            let word = load(cells, d);
            let seen = minicolumns(word);
            let everywhere = or(seen, or(next_band(seen), band_after_next(seen)));
            // The bands only (lane 3 of each half is empty), and only the
            // low half for digit 8.
            let lanes = if d < 8 {
                // SAFETY: AVX2, which the CPU has (see the module docs); no memory is touched.
                unsafe { _mm256_setr_epi32(-1, -1, -1, 0, -1, -1, -1, 0) }
            } else {
                // SAFETY: AVX2, which the CPU has (see the module docs); no memory is touched.
                unsafe { _mm256_setr_epi32(-1, -1, -1, 0, 0, 0, 0, 0) }
            };
            missing = or(missing, and(lanes, and_not(row, everywhere)));
            let a = and(word, unsolved);
            let x = and(a, row);
            let y = and(right::<9>(a), row);
            let z = right::<18>(a);
            let present = or(x, or(y, z));
            let others = or(next_band(present), band_after_next(present));
            let once = and_not(and_not(xor(x, xor(y, z)), and(x, and(y, z))), others);
            let spread = or(once, or(left::<9>(once), left::<18>(once)));
            let single = and(a, spread);
            store(singles, d, single);
            any = or(any, single);
        }
        if !is_zero(missing) {
            return None;
        }
        Some(!is_zero(any))
    }
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::*;
    use crate::cpu;
    use proptest::prelude::*;

    /// The AVX2 kernels, where this CPU has them.
    fn avx2() -> Option<Avx2> {
        cpu::Avx2::detect().map(Avx2::new)
    }

    /// The AVX-512 kernels, where this CPU has them.
    fn avx512() -> Option<Avx512> {
        cpu::Avx512::detect().map(Avx512::new)
    }

    /// Nine digits' words from 27 random words, the fourth lane empty.
    fn board(words: &[u32], unsolved: [u32; 3]) -> ([Lanes; 9], Lanes) {
        let band = (1 << 27) - 1;
        let mut cells = [[0; 4]; 9];
        for (d, digit) in cells.iter_mut().enumerate() {
            for b in 0..3 {
                digit[b] = words[3 * d + b] & band;
            }
        }
        let unsolved = [
            unsolved[0] & band,
            unsolved[1] & band,
            unsolved[2] & band,
            0,
        ];
        (cells, unsolved)
    }

    proptest! {
        #[test]
        fn vector_kernels_agree_with_the_portable_ones(
            words in proptest::collection::vec(any::<[u32; 6]>(), 27),
            density in any::<[u8; 9]>(),
            unsolved in any::<[u32; 3]>(),
        ) {
            // Each digit dense or sparse (the AND of up to six random
            // words), or segments would rarely hold three digits or fewer.
            let words: Vec<u32> = words
                .iter()
                .enumerate()
                .map(|(i, w)| w[..=usize::from(density[i / 3] % 6)].iter().fold(u32::MAX, |a, b| a & b))
                .collect();
            let (cells, unsolved) = board(&words, unsolved);
            prop_assert_eq!(Portable.digit_counts(&cells), Sse2.digit_counts(&cells));
            // Column singles look at the unsolved cells; the placed cells
            // (every digit open there, as if placed) make columns that
            // hold every digit likely, so that the singles are compared
            // too, not only the contradictions.
            let placed = cells.map(|digit| {
                let mut digit = digit;
                for b in 0..3 {
                    digit[b] |= !unsolved[b] & ((1 << 27) - 1);
                }
                digit
            });
            for cells in [cells, placed] {
                let (mut a, mut b) = ([[0; 4]; 9], [[0; 4]; 9]);
                let found = Portable.column_singles(&cells, unsolved, &mut a);
                prop_assert_eq!(found, Sse2.column_singles(&cells, unsolved, &mut b));
                if found.is_some() {
                    prop_assert_eq!(a, b);
                }
            }
            let (mut a, mut b) = (cells, cells);
            prop_assert_eq!(Portable.triads(&mut a, unsolved), Sse2.triads(&mut b, unsolved));
            prop_assert_eq!(a, b);
            // The words that triads changed, and only those.
            let everywhere = [(1 << 27) - 1; 4];
            let none = [[0; 4]; 9];
            let changed = Portable.changed_words(&a, &cells, everywhere, &none);
            prop_assert_eq!(changed, Sse2.changed_words(&a, &cells, everywhere, &none));
            // Open cells are the unsolved ones and those placed for the
            // digit: the solved cells that other digits still hold do not
            // count.
            prop_assert_eq!(
                Portable.changed_words(&a, &cells, unsolved, &cells),
                Sse2.changed_words(&a, &cells, unsolved, &cells)
            );
            for (k, (after, before)) in a.iter().flatten().zip(cells.iter().flatten()).enumerate() {
                prop_assert_eq!(changed >> k & 1 == 1, after != before);
            }
            // `pext` against the tables, and the AVX2 and AVX-512 passes
            // against the portable ones, where this CPU has them.
            if let Some(avx2) = avx2() {
                for &word in cells.iter().flatten() {
                    prop_assert_eq!(avx2.minirow_pattern(word), Portable.minirow_pattern(word));
                }
            }
            if let Some(avx2) = avx2() {
                prop_assert_eq!(
                    Portable.changed_words(&a, &cells, everywhere, &none),
                    avx2.changed_words(&a, &cells, everywhere, &none)
                );
                prop_assert_eq!(
                    Portable.changed_words(&a, &cells, unsolved, &cells),
                    avx2.changed_words(&a, &cells, unsolved, &cells)
                );
                prop_assert_eq!(Portable.digit_counts(&cells), avx2.digit_counts(&cells));
                for cells in [cells, placed] {
                    let (mut a, mut b) = ([[0; 4]; 9], [[0; 4]; 9]);
                    let found = Portable.column_singles(&cells, unsolved, &mut a);
                    prop_assert_eq!(found, avx2.column_singles(&cells, unsolved, &mut b));
                    if found.is_some() {
                        prop_assert_eq!(a, b);
                    }
                }
            }
            if let Some(avx512) = avx512() {
                prop_assert_eq!(
                    Portable.changed_words(&a, &cells, everywhere, &none),
                    avx512.changed_words(&a, &cells, everywhere, &none)
                );
                prop_assert_eq!(
                    Portable.changed_words(&a, &cells, unsolved, &cells),
                    avx512.changed_words(&a, &cells, unsolved, &cells)
                );
                for cells in [cells, placed] {
                    let (mut a, mut b) = ([[0; 4]; 9], [[0; 4]; 9]);
                    let found = Portable.column_singles(&cells, unsolved, &mut a);
                    prop_assert_eq!(found, avx512.column_singles(&cells, unsolved, &mut b));
                    if found.is_some() {
                        prop_assert_eq!(a, b);
                    }
                }
                // Every cell of every band, digit 8 (alone in its load)
                // included.
                for band in 0..3 {
                    for i in 0..27 {
                        prop_assert_eq!(
                            avx512.digits_at(&cells, band, i),
                            Portable.digits_at(&cells, band, i)
                        );
                    }
                }
            }
        }
    }

    proptest! {
        #[test]
        fn given_cells_agree(cells in proptest::collection::vec(0u8..10, 81), sparse in any::<bool>()) {
            let mut givens = [0u8; 81];
            for (given, &digit) in givens.iter_mut().zip(&cells) {
                *given = if sparse && digit > 2 { 0 } else { digit };
            }
            let found = Sse2.given_cells(&givens);
            prop_assert_eq!(found, Portable.given_cells(&givens));
            for (cell, &digit) in givens.iter().enumerate() {
                prop_assert_eq!(found >> cell & 1 == 1, digit != 0);
            }
            prop_assert_eq!(found >> 81, 0);
        }
    }

    #[test]
    fn counts_of_a_known_board() {
        // Digit 1 everywhere in band 0, digit 2 in its first row, digit 3
        // in its first cell.
        let mut cells = [[0; 4]; 9];
        cells[0][0] = (1 << 27) - 1;
        cells[1][0] = 0x1ff;
        cells[2][0] = 1;
        let mut counted = vec![Portable.digit_counts(&cells), Sse2.digit_counts(&cells)];
        if let Some(avx2) = avx2() {
            counted.push(avx2.digit_counts(&cells));
        }
        for counts in counted {
            assert_eq!(
                counts,
                [[(1 << 27) - 1, 0, 0, 0], [0x1ff, 0, 0, 0], [1, 0, 0, 0]]
            );
        }
        // Digit 3 has one unsolved cell in column 0 of the grid: a hidden
        // single. Every digit is open in band 2 (placed there, say), so that
        // every column has every digit.
        let unsolved = [(1 << 27) - 1, 0, 0, 0];
        for digit in &mut cells {
            digit[2] = (1 << 27) - 1;
        }
        for found in [
            Portable.column_singles(&cells, unsolved, &mut [[0; 4]; 9]),
            Sse2.column_singles(&cells, unsolved, &mut [[0; 4]; 9]),
        ] {
            assert_eq!(found, Some(true));
        }
        let mut singles = [[0; 4]; 9];
        Sse2.column_singles(&cells, unsolved, &mut singles);
        assert_eq!(singles[2], [1, 0, 0, 0]);
        assert_eq!(singles[0], [0; 4]);
        if let Some(avx2) = avx2() {
            let mut wide = [[0; 4]; 9];
            assert_eq!(avx2.column_singles(&cells, unsolved, &mut wide), Some(true));
            assert_eq!(wide, singles);
        }
        // Digit 5 nowhere in column 7: a contradiction, even with no
        // unsolved cell there.
        let column = 1 << 7 | 1 << 16 | 1 << 25;
        cells[4] = [
            !column & 0x7ff_ffff,
            !column & 0x7ff_ffff,
            !column & 0x7ff_ffff,
            0,
        ];
        assert_eq!(Portable.column_singles(&cells, [0; 4], &mut singles), None);
        assert_eq!(Sse2.column_singles(&cells, [0; 4], &mut singles), None);
        if let Some(avx2) = avx2() {
            // Digit 9, alone in the upper half's lower lanes for AVX2,
            // counts too: nowhere in column 7 is a contradiction.
            assert_eq!(avx2.column_singles(&cells, [0; 4], &mut singles), None);
            cells.swap(4, 8);
            assert_eq!(avx2.column_singles(&cells, [0; 4], &mut singles), None);
            assert_eq!(Portable.column_singles(&cells, [0; 4], &mut singles), None);
        }
    }
}
