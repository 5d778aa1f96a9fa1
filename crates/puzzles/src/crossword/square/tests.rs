//! Tests of the row-by-row search of grids without blocks.

use super::*;
use proptest::prelude::*;

/// Every word of three letters from A, B and C: most first rows have
/// fills, so two threads each find one.
fn abc_square() -> Square {
    let words: Vec<Vec<u8>> = (0..27)
        .map(|i| vec![b'A' + i / 9, b'A' + i / 3 % 3, b'A' + i % 3])
        .collect();
    Square::new(3, 3, &[None; 9], words.iter().map(|w| (&w[..], 0)))
}

/// Every fill of `square` on one thread, and the rows placed.
fn every_fill(square: &Square) -> (Vec<Vec<u8>>, u64) {
    let mut fills = Vec::new();
    let (flow, rows) = square.search(&mut |_, _| ControlFlow::Continue(()), &mut |fill| {
        fills.push(fill.letters);
        ControlFlow::Continue(())
    });
    assert!(flow.is_continue());
    (fills, rows)
}

/// Threads run one after the other, the one that took the first unit
/// last: its fill, found last, is the one the search on one thread
/// finds first, and replaces the other's.
#[test]
fn the_lowest_unit_keeps_its_fill_and_units_are_searched_once() {
    let square = abc_square();
    let (sequential, rows) = every_fill(&square);
    assert!(sequential.len() > 1);

    // Unit 0 is taken by the thread that runs last.
    let (late, first) = (Shared::new(None), Mutex::new(None));
    late.take();
    square.work(&late, &first, Goal::First, None, 1);
    let later = first.lock().unwrap().as_ref().map(|fill| fill.unit);
    assert!(later.is_some_and(|unit| unit > 0));
    square.work(&late, &first, Goal::First, None, 0);
    let kept = first.into_inner().unwrap().unwrap();
    assert_eq!((kept.unit, &kept.letters), (0, &sequential[0]));

    let counting = Shared::new(None);
    counting.take();
    let no_fill = Mutex::new(None);
    square.work(&counting, &no_fill, Goal::Count(None), None, 1);
    square.work(&counting, &no_fill, Goal::Count(None), None, 0);
    assert_eq!(
        (counting.fills.into_inner(), counting.nodes.into_inner()),
        (sequential.len() as u64, rows)
    );
}

/// On several threads, the count and the first fill of one thread.
#[test]
fn threads_count_and_find_as_one() {
    let square = abc_square();
    let (sequential, _) = every_fill(&square);
    let none = &mut |_, _, _| ControlFlow::Continue(());
    for threads in 1..=4 {
        let counted = square.search_on(threads, Goal::Count(None), None, none);
        assert_eq!(
            (counted.fills, counted.complete),
            (sequential.len() as u64, true)
        );
        let limited = square.search_on(threads, Goal::Count(Some(5)), None, none);
        assert_eq!((limited.fills, limited.complete), (5, false));
        let first = square.search_on(threads, Goal::First, None, none);
        assert_eq!(
            first.first.map(|fill| fill.letters).as_ref(),
            sequential.first()
        );
    }
}

/// Fills offered in any order: the one of the lowest unit stays.
#[test]
fn the_fill_of_the_lowest_unit_stays() {
    let fill = |unit| SquareFill {
        letters: vec![unit as u8],
        row_scores: Vec::new(),
        col_scores: Vec::new(),
        unit,
    };
    let (shared, mut kept) = (Shared::new(None), None);
    for unit in [2, 0, 1, 3] {
        keep_first(&mut kept, fill(unit), &shared);
    }
    assert_eq!(kept.map(|fill| fill.letters), Some(vec![0]));
    assert_eq!(shared.first_fill.into_inner(), 0);
}

/// Squares and rectangles of three to five letters a side, words of
/// A-C with a few pre-set letters.
fn small_square() -> impl Strategy<Value = (usize, usize, Vec<Option<u8>>, Vec<String>)> {
    (3usize..=5, 3usize..=5)
        .prop_flat_map(|(rows, cols)| {
            (
                Just((rows, cols)),
                proptest::collection::vec(
                    prop_oneof![12 => Just(None), 1 => Just(Some(b'A')), 1 => Just(Some(b'B'))],
                    rows * cols,
                ),
                proptest::collection::btree_set(
                    proptest::collection::vec(b'A'..=b'C', cols),
                    1..40,
                ),
                proptest::collection::btree_set(
                    proptest::collection::vec(b'A'..=b'C', rows),
                    1..40,
                ),
            )
        })
        .prop_map(|((rows, cols), cells, across, down)| {
            // A list's words are distinct.
            let words: std::collections::BTreeSet<Vec<u8>> =
                across.into_iter().chain(down).collect();
            let words = words
                .into_iter()
                .map(|w| String::from_utf8(w).expect("A-C"))
                .collect();
            (rows, cols, cells, words)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Rows read from the buckets of the triples index give the fills
    /// that walks of the row tree give, in the same order, after the
    /// same number of rows placed.
    #[test]
    fn rows_read_from_the_index_are_the_rows_walked((rows, cols, cells, words) in small_square()) {
        let square = Square::new(rows, cols, &cells, words.iter().map(|w| (w.as_bytes(), 0)));
        let mut walked = square.clone();
        walked.read_below = 0;
        let mut read = square;
        read.read_below = u32::MAX;
        prop_assert_eq!(every_fill(&read), every_fill(&walked));
    }
}

/// A thread that finds the search stopped (Ctrl-C, or a count at its
/// limit) takes no more first rows.
#[test]
fn a_stopped_search_places_no_more_rows() {
    let square = abc_square();
    let stopped = Shared::new(None);
    stopped.stop.store(true, Ordering::Relaxed);
    square.work(&stopped, &Mutex::new(None), Goal::Count(None), None, 0);
    assert_eq!(
        (stopped.fills.into_inner(), stopped.nodes.into_inner()),
        (0, 0)
    );
}
