//! The band engine's passes over the whole board, as kernels: in plain
//! Rust for any CPU, and with x86-64 vector instructions.
//!
//! A digit's three band words sit in four lanes ([`Lanes`], the fourth
//! always empty), so one 128-bit register holds them and a pass over the
//! nine digits handles the three bands at once. The compiler's own
//! vectorizer makes poor code of these passes (it shifts lane by lane and
//! packs the results), hence the explicit kernels. SSE2 is part of every
//! x86-64 CPU, so its kernel needs no run-time check; the portable kernel
//! is the one every other target runs, and the tests run both.

/// A digit's three band words and a fourth lane, always empty.
pub(crate) type Lanes = [u32; 4];

/// The first cell of every minirow: bits 0, 3, …, 24.
const MINIROWS: u32 = 0o111_111_111;
/// The first row of a band's cells.
const ROW: u32 = 0x1ff;

/// What the triad pass finds before it eliminates anything.
pub(crate) struct TriadCounts {
    /// Some open segment has fewer than three candidate digits.
    pub(crate) short: bool,
    /// Per band, the open minirows (bit `3 * m`) with exactly three.
    pub(crate) exact_rows: Lanes,
    /// Per band, the open minicolumns (bit `col`) with exactly three.
    pub(crate) exact_cols: Lanes,
}

/// The whole-board passes of the band engine.
pub(crate) trait Kernel {
    /// Per band, the cells open to at least one, two and three digits.
    fn digit_counts(cells: &[Lanes; 9]) -> [Lanes; 3];

    /// Hidden singles in columns: per digit, the unsolved cells that are
    /// the only unsolved cell of their column open to it; `true` when there
    /// is any.
    fn column_singles(cells: &[Lanes; 9], unsolved: Lanes, singles: &mut [Lanes; 9]) -> bool;

    /// Per digit, the minirows (bit `3 * m`) and minicolumns (bit `col`)
    /// that hold it, into `rows` and `cols`, and the segments with exactly
    /// three digits or fewer.
    fn triad_counts(
        cells: &[Lanes; 9],
        unsolved: Lanes,
        rows: &mut [Lanes; 9],
        cols: &mut [Lanes; 9],
    ) -> TriadCounts;
}

/// The kernels in plain Rust, lane by lane.
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
    fn digit_counts(cells: &[Lanes; 9]) -> [Lanes; 3] {
        let (mut some, mut several, mut three) = ([0u32; 4], [0u32; 4], [0u32; 4]);
        for digit in cells {
            three = lanes(|b| three[b] | several[b] & digit[b]);
            several = lanes(|b| several[b] | some[b] & digit[b]);
            some = lanes(|b| some[b] | digit[b]);
        }
        [some, several, three]
    }

    #[inline(always)]
    fn column_singles(cells: &[Lanes; 9], unsolved: Lanes, singles: &mut [Lanes; 9]) -> bool {
        let mut any = 0;
        for (digit, out) in cells.iter().zip(singles) {
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
        any != 0
    }

    #[inline(always)]
    fn triad_counts(
        cells: &[Lanes; 9],
        unsolved: Lanes,
        rows: &mut [Lanes; 9],
        cols: &mut [Lanes; 9],
    ) -> TriadCounts {
        // Saturating counts: `r[k]` has the minirows with more than `k`
        // digits, `c[k]` the minicolumns.
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
        TriadCounts {
            short: short != [0; 4],
            exact_rows: lanes(|b| open_rows[b] & r[2][b] & !r[3][b]),
            exact_cols: lanes(|b| open_cols[b] & c[2][b] & !c[3][b]),
        }
    }
}

#[cfg(target_arch = "x86_64")]
pub(crate) use sse2::Sse2;

#[cfg(target_arch = "x86_64")]
mod sse2 {
    use super::{Kernel, Lanes, MINIROWS, ROW, TriadCounts};
    use core::arch::x86_64::*;

    /// The kernels with SSE2, which every x86-64 CPU has.
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

    // SAFETY (for every `unsafe` block below): the intrinsics need SSE2,
    // which every x86-64 CPU has; none of them touches memory.

    #[inline(always)]
    fn zero() -> __m128i {
        unsafe { _mm_setzero_si128() }
    }

    #[inline(always)]
    fn splat(x: u32) -> __m128i {
        unsafe { _mm_set1_epi32(x as i32) }
    }

    #[inline(always)]
    fn or(a: __m128i, b: __m128i) -> __m128i {
        unsafe { _mm_or_si128(a, b) }
    }

    #[inline(always)]
    fn and(a: __m128i, b: __m128i) -> __m128i {
        unsafe { _mm_and_si128(a, b) }
    }

    #[inline(always)]
    fn xor(a: __m128i, b: __m128i) -> __m128i {
        unsafe { _mm_xor_si128(a, b) }
    }

    /// `a & !b`.
    #[inline(always)]
    fn and_not(a: __m128i, b: __m128i) -> __m128i {
        unsafe { _mm_andnot_si128(b, a) }
    }

    #[inline(always)]
    fn right<const N: i32>(a: __m128i) -> __m128i {
        unsafe { _mm_srli_epi32::<N>(a) }
    }

    #[inline(always)]
    fn left<const N: i32>(a: __m128i) -> __m128i {
        unsafe { _mm_slli_epi32::<N>(a) }
    }

    /// Lane `b` takes lane `b + 1` (mod 3) of `a`: the next band.
    #[inline(always)]
    fn next_band(a: __m128i) -> __m128i {
        unsafe { _mm_shuffle_epi32::<0b11_00_10_01>(a) }
    }

    /// Lane `b` takes lane `b + 2` (mod 3) of `a`.
    #[inline(always)]
    fn band_after_next(a: __m128i) -> __m128i {
        unsafe { _mm_shuffle_epi32::<0b11_01_00_10>(a) }
    }

    #[inline(always)]
    fn is_zero(x: __m128i) -> bool {
        unsafe { _mm_movemask_epi8(_mm_cmpeq_epi32(x, _mm_setzero_si128())) == 0xffff }
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
        #[inline(always)]
        fn digit_counts(cells: &[Lanes; 9]) -> [Lanes; 3] {
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
        fn column_singles(cells: &[Lanes; 9], unsolved: Lanes, singles: &mut [Lanes; 9]) -> bool {
            let unsolved = load(&unsolved);
            let row = splat(ROW);
            let mut any = zero();
            for (digit, out) in cells.iter().zip(singles) {
                let a = and(load(digit), unsolved);
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
            !is_zero(any)
        }

        #[inline(always)]
        fn triad_counts(
            cells: &[Lanes; 9],
            unsolved: Lanes,
            rows: &mut [Lanes; 9],
            cols: &mut [Lanes; 9],
        ) -> TriadCounts {
            let zero = zero();
            let mut r = [zero; 4];
            let mut c = [zero; 4];
            for d in 0..9 {
                let a = load(&cells[d]);
                let h = minirows(a);
                let v = minicolumns(a);
                store(&mut rows[d], h);
                store(&mut cols[d], v);
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
            let mut counts = TriadCounts {
                short: !is_zero(short),
                exact_rows: [0; 4],
                exact_cols: [0; 4],
            };
            store(&mut counts.exact_rows, and_not(and(open_rows, r[2]), r[3]));
            store(&mut counts.exact_cols, and_not(and(open_cols, c[2]), c[3]));
            counts
        }
    }
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::*;
    use proptest::prelude::*;

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
        fn sse2_kernels_agree_with_the_portable_ones(
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
            prop_assert_eq!(Portable::digit_counts(&cells), Sse2::digit_counts(&cells));
            let (mut a, mut b) = ([[0; 4]; 9], [[0; 4]; 9]);
            prop_assert_eq!(
                Portable::column_singles(&cells, unsolved, &mut a),
                Sse2::column_singles(&cells, unsolved, &mut b)
            );
            prop_assert_eq!(a, b);
            let (mut rows_a, mut cols_a, mut rows_b, mut cols_b) =
                ([[0; 4]; 9], [[0; 4]; 9], [[0; 4]; 9], [[0; 4]; 9]);
            let x = Portable::triad_counts(&cells, unsolved, &mut rows_a, &mut cols_a);
            let y = Sse2::triad_counts(&cells, unsolved, &mut rows_b, &mut cols_b);
            prop_assert_eq!((rows_a, cols_a), (rows_b, cols_b));
            prop_assert_eq!((x.short, x.exact_rows, x.exact_cols), (y.short, y.exact_rows, y.exact_cols));
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
        for counts in [Portable::digit_counts(&cells), Sse2::digit_counts(&cells)] {
            assert_eq!(
                counts,
                [[(1 << 27) - 1, 0, 0, 0], [0x1ff, 0, 0, 0], [1, 0, 0, 0]]
            );
        }
        // Digit 3 has one cell in column 0 of the grid: a hidden single.
        let mut singles = [[0; 4]; 9];
        assert!(Sse2::column_singles(
            &cells,
            [(1 << 27) - 1, 0, 0, 0],
            &mut singles
        ));
        assert_eq!(singles[2], [1, 0, 0, 0]);
        assert_eq!(singles[0], [0; 4]);
    }
}
