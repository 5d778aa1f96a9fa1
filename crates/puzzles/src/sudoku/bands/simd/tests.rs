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
