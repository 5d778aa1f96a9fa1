//! The filler against a fill checker and a brute-force oracle, both written
//! apart from it (their own reading of runs, no bitsets, no propagation),
//! and the parsers fed arbitrary bytes.

use std::collections::{BTreeMap, HashSet};
use std::ops::ControlFlow;
use std::sync::Mutex;

use proptest::prelude::*;

use super::*;
use crate::trace::TraceMode;

/// The runs of two or more non-`#` squares of `rows` (text rows), across
/// then down, as lists of `(row, col)`: read from the text, not from
/// [`Grid::slots`].
fn runs(rows: &[Vec<u8>]) -> Vec<Vec<(usize, usize)>> {
    let (height, width) = (rows.len(), rows.first().map_or(0, Vec::len));
    let mut out = Vec::new();
    let mut flush = |run: &mut Vec<(usize, usize)>| {
        if run.len() >= 2 {
            out.push(run.clone());
        }
        run.clear();
    };
    for (r, row) in rows.iter().enumerate().take(height) {
        let mut run = Vec::new();
        for (c, &square) in row.iter().enumerate().take(width) {
            if square == b'#' {
                flush(&mut run);
            } else {
                run.push((r, c));
            }
        }
        flush(&mut run);
    }
    for c in 0..width {
        let mut run = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            if row[c] == b'#' {
                flush(&mut run);
            } else {
                run.push((r, c));
            }
        }
        flush(&mut run);
    }
    out
}

/// Checks a fill against the grid text and the words: same blocks, pre-set
/// letters kept, every square a letter, every run a word of the list, no
/// word twice. Returns why not.
pub(crate) fn check_fill(grid_text: &str, words: &[&str], fill: &[String]) -> Result<(), String> {
    let grid: Vec<Vec<u8>> = grid_text
        .lines()
        .map(str::trim_end)
        .filter(|line| !line.is_empty() && !line.starts_with('%'))
        .map(|line| line.bytes().map(|b| b.to_ascii_uppercase()).collect())
        .collect();
    let fill: Vec<Vec<u8>> = fill.iter().map(|line| line.bytes().collect()).collect();
    if grid.len() != fill.len() {
        return Err(format!("{} rows, the grid has {}", fill.len(), grid.len()));
    }
    for (r, (g, f)) in grid.iter().zip(&fill).enumerate() {
        if g.len() != f.len() {
            return Err(format!("row {r} has {} squares, not {}", f.len(), g.len()));
        }
        for (c, (&g, &f)) in g.iter().zip(f).enumerate() {
            let ok = match g {
                b'#' => f == b'#',
                b'.' => f.is_ascii_uppercase(),
                letter => f == letter,
            };
            if !ok {
                return Err(format!(
                    "({r}, {c}) holds {:?} for {:?}",
                    f as char, g as char
                ));
            }
        }
    }
    let list: HashSet<String> = words.iter().map(|w| w.to_ascii_uppercase()).collect();
    let mut used = HashSet::new();
    for run in runs(&fill) {
        let word: String = run.iter().map(|&(r, c)| fill[r][c] as char).collect();
        if !list.contains(&word) {
            return Err(format!("{word} is not in the list"));
        }
        if !used.insert(word.clone()) {
            return Err(format!("{word} is used twice"));
        }
    }
    Ok(())
}

/// Every fill of the grid text by plain backtracking over the runs in
/// reading order: each run takes each word of its length that agrees with
/// the letters already there and is not used yet.
fn oracle(grid_text: &str, words: &[&str]) -> Vec<Vec<String>> {
    let mut grid: Vec<Vec<u8>> = grid_text
        .lines()
        .filter(|line| !line.is_empty())
        .map(|line| line.bytes().map(|b| b.to_ascii_uppercase()).collect())
        .collect();
    let runs = runs(&grid);
    let mut list: Vec<String> = words.iter().map(|w| w.to_ascii_uppercase()).collect();
    list.sort();
    list.dedup();
    let mut fills = Vec::new();
    let mut used = Vec::new();
    fn go(
        k: usize,
        runs: &[Vec<(usize, usize)>],
        list: &[String],
        grid: &mut Vec<Vec<u8>>,
        used: &mut Vec<String>,
        fills: &mut Vec<Vec<String>>,
    ) {
        let Some(run) = runs.get(k) else {
            fills.push(
                grid.iter()
                    .map(|row| String::from_utf8(row.clone()).unwrap())
                    .collect(),
            );
            return;
        };
        for word in list.iter().filter(|w| w.len() == run.len()) {
            if used.contains(word) {
                continue;
            }
            let fits = run
                .iter()
                .zip(word.bytes())
                .all(|(&(r, c), letter)| grid[r][c] == b'.' || grid[r][c] == letter);
            if !fits {
                continue;
            }
            let saved: Vec<u8> = run.iter().map(|&(r, c)| grid[r][c]).collect();
            for (&(r, c), letter) in run.iter().zip(word.bytes()) {
                grid[r][c] = letter;
            }
            used.push(word.clone());
            go(k + 1, runs, list, grid, used, fills);
            used.pop();
            for (&(r, c), old) in run.iter().zip(saved) {
                grid[r][c] = old;
            }
        }
    }
    go(0, &runs, &list, &mut grid, &mut used, &mut fills);
    fills
}

fn all_fills(filler: &Filler) -> Vec<Vec<String>> {
    let mut fills = Vec::new();
    filler.search(None, &mut |_| ControlFlow::Continue(()), &mut |fill| {
        fills.push(fill.lines());
        ControlFlow::Continue(())
    });
    fills
}

/// Every fill found by splitting every slot of two or more candidates by
/// the letter of a square ([`super::engine::Engine::split`]), from the
/// propagated root, without restarts.
fn fills_by_letters(filler: &Filler) -> Vec<Vec<String>> {
    use super::engine::Engine;
    use super::search::{Hooks, Nodes, explore};
    struct Collect<'a> {
        filler: &'a Filler,
        fills: Vec<Vec<String>>,
    }
    impl Hooks for Collect<'_> {
        const TRACE: bool = false;
        fn solution(&mut self, engine: &Engine, _: usize, _: u64) -> ControlFlow<()> {
            self.fills.push(self.filler.fill_of(engine).lines());
            ControlFlow::Continue(())
        }
    }
    let mut hooks = Collect {
        filler,
        fills: Vec::new(),
    };
    if filler.dead().is_none() {
        let mut engine = filler.root().clone();
        engine.letters = true;
        engine.split_above = 1;
        let mut nodes = Nodes::unbounded();
        let _ = explore(&mut engine, &mut hooks, 0, &mut nodes);
    }
    hooks.fills
}

/// Counts with [`Filler::count_units`] in runs, the first ones each
/// stopped once it has finished its number of `stops` units, the last one
/// to the end, each passing over the units finished before: the fills of
/// every unit, once it checked that no unit finished twice and that the
/// complete run knows every unit. A unit that a stop cut short is not
/// finished, so a later run counts it again, whole.
fn count_in_runs(filler: &Filler, stops: &[usize]) -> u64 {
    let mut done = BTreeMap::new();
    for stop in stops.iter().copied().map(Some).chain([None]) {
        let finished = Mutex::new(Vec::new());
        let on_unit = |unit, tally| {
            let mut finished = finished.lock().unwrap();
            finished.push((unit, tally));
            if stop.is_some_and(|stop| finished.len() >= stop) {
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        };
        let run = filler.count_units(&done, &on_unit, &mut |_| ControlFlow::Continue(()));
        let finished = finished.into_inner().unwrap();
        for &(unit, tally) in &finished {
            assert!(
                done.insert(unit, tally).is_none(),
                "unit {unit} finished twice"
            );
        }
        if run.summary.complete {
            let units = run.units.expect("a complete run knows its units");
            assert_eq!(done.len(), units, "every unit finished once");
            assert_eq!(
                filler.count_problem().units,
                units,
                "the checkpoint's units"
            );
            let this_run: u64 = finished.iter().map(|(_, tally)| tally.fills).sum();
            assert_eq!(run.summary.fills, this_run);
            return done.values().map(|tally| tally.fills).sum();
        }
        assert!(stop.is_some(), "only a stop ends a run early");
    }
    unreachable!("the last run has no stop")
}

fn tiny_grid() -> impl Strategy<Value = String> {
    (1usize..=4, 1usize..=4).prop_flat_map(|(rows, cols)| {
        proptest::collection::vec(
            proptest::collection::vec(
                prop_oneof![4 => Just('.'), 2 => Just('#'), 1 => Just('A'), 1 => Just('B')],
                cols,
            ),
            rows,
        )
        .prop_map(|rows| {
            rows.iter()
                .map(|row| row.iter().collect::<String>())
                .collect::<Vec<_>>()
                .join("\n")
        })
    })
}

fn tiny_words() -> impl Strategy<Value = Vec<String>> {
    proptest::collection::vec("[ABC]{2,4}", 1..16)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn the_filler_finds_and_counts_what_the_oracle_does(grid_text in tiny_grid(), words in tiny_words()) {
        let Ok(grid) = Grid::parse(&grid_text) else { return Ok(()); };
        let refs: Vec<&str> = words.iter().map(String::as_str).collect();
        let list = WordList::parse(words.join("\n").as_bytes()).unwrap();
        let mut expected = oracle(&grid_text, &refs);
        expected.sort();
        let filler = match Filler::new(&grid, &list) {
            Ok(filler) => filler,
            Err(FillError::NoWordFits { .. }) => {
                prop_assert!(expected.is_empty());
                return Ok(());
            }
        };
        let first = filler.first();
        prop_assert_eq!(first.is_some(), !expected.is_empty());
        if let Some(fill) = &first {
            // The ipuz numbers, taken from the fill's entries, are the grid's.
            let ipuz = super::render::ipuz(fill);
            for row in 0..grid.rows() {
                for col in 0..grid.cols() {
                    let number = grid.number(row, col).unwrap_or(0);
                    let shown = if grid.cell(row, col) == Cell::Block { serde_json::json!("#") } else { serde_json::json!(number) };
                    prop_assert_eq!(&ipuz["puzzle"][row][col], &shown);
                }
            }
        }
        prop_assert_eq!(filler.count(None), expected.len() as u64);
        let mut found = all_fills(&filler);
        for fill in &found {
            prop_assert_eq!(check_fill(&grid_text, &refs, fill), Ok(()));
        }
        // The iterator lists what the search lists, in its order, and one
        // dropped part way leaves nothing behind.
        let iterated: Vec<Vec<String>> = filler.fills().unwrap().map(|fill| fill.lines()).collect();
        prop_assert_eq!(&iterated, &found);
        let mut part = filler.fills().unwrap();
        prop_assert_eq!(part.next().map(|fill| fill.lines()), found.first().cloned());
        drop(part);
        found.sort();
        prop_assert_eq!(&found, &expected);
        let mut by_letters = fills_by_letters(&filler);
        by_letters.sort();
        prop_assert_eq!(&by_letters, &expected);
        // Restarts after a word or two: the odd ones split by letter, and
        // the last, run to its end, still decides.
        let mut restarting = filler.clone();
        restarting.restart_unit = 1;
        for seed in [None, Some(5)] {
            let mut seeded = Filler::with_options(&grid, &list, FillOptions { seed, threads: 1 }).unwrap();
            seeded.restart_unit = 1;
            seeded.set_split_above(1);
            let first = seeded.first();
            prop_assert_eq!(first.is_some(), !expected.is_empty());
            if let Some(fill) = first {
                prop_assert_eq!(check_fill(&grid_text, &refs, &fill.lines()), Ok(()));
            }
        }
        prop_assert_eq!(restarting.first().is_some(), !expected.is_empty());
        // A count to 1 asks the restarts too; to 2, the ordered search.
        for limit in [1, 2] {
            prop_assert_eq!(restarting.count(Some(limit)), (expected.len() as u64).min(limit));
        }
        // A grid without blocks handed to the row-by-row search at once.
        let mut handed = filler.clone();
        handed.square_handover = 0;
        let first = handed.first();
        prop_assert_eq!(first.is_some(), !expected.is_empty());
        if let Some(fill) = first {
            prop_assert_eq!(check_fill(&grid_text, &refs, &fill.lines()), Ok(()));
        }
        let limit = 2;
        prop_assert_eq!(filler.count(Some(limit)), (expected.len() as u64).min(limit));
        // Counted on several threads: the same counts, to a limit too.
        for threads in [2, 3] {
            let mut parallel = filler.clone();
            parallel.threads = threads;
            for limit in [None, Some(1), Some(2)] {
                let none = &mut |_: &Progress| ControlFlow::Continue(());
                let one = filler.count_with(limit, none);
                let many = parallel.count_with(limit, none);
                prop_assert_eq!((many.fills, many.complete), (one.fills, one.complete));
            }
        }
        // Counted unit by unit in runs that stop and resume.
        for (threads, stops) in [(1, &[1, 2][..]), (2, &[1][..]), (3, &[2, 1, 3][..])] {
            let mut parallel = filler.clone();
            parallel.threads = threads;
            prop_assert_eq!(count_in_runs(&parallel, stops), expected.len() as u64);
        }
        let mut portable = filler.clone();
        portable.set_portable();
        prop_assert_eq!(all_fills(&portable), all_fills(&filler));
        // Every slot filtered through a list: the same fills, found in the
        // same order, and by letters too.
        let mut listed = Filler::new(&grid, &list).unwrap();
        listed.set_lists_always();
        prop_assert_eq!(all_fills(&listed), all_fills(&filler));
        prop_assert_eq!(listed.count(None), expected.len() as u64);
        let mut by_letters = fills_by_letters(&listed);
        by_letters.sort();
        prop_assert_eq!(&by_letters, &expected);
        let seeded = Filler::with_options(&grid, &list, FillOptions { seed: Some(9), threads: 1 }).unwrap();
        prop_assert_eq!(seeded.count(None), expected.len() as u64);
        let summary = filler.trace(TraceMode::AllSolutions, &mut |_| ControlFlow::Continue(()));
        prop_assert_eq!(summary.counters.solutions, expected.len() as u64);
        prop_assert_eq!(summary.counters.placements, summary.counters.removals);
    }

    #[test]
    fn grid_bytes_give_a_grid_or_an_error(bytes in proptest::collection::vec(
        prop_oneof![Just(b'.'), Just(b'#'), Just(b'\n'), Just(b'A'), Just(b'%'), any::<u8>()], 0..200)
    ) {
        if let Ok(grid) = Grid::parse_bytes(&bytes) {
            prop_assert!(grid.rows() <= MAX_SIDE && grid.cols() <= MAX_SIDE);
            prop_assert_eq!(Grid::parse(&grid.to_string()), Ok(grid));
        }
    }

    #[test]
    fn words_of_one_hash_are_still_told_apart(words in proptest::collection::vec("[abAB]{1,3}(;[0-9])?", 0..40)) {
        let text = words.join("\n");
        let plain = WordList::parse(text.as_bytes());
        let clashing = WordList::parse_hashing(text.as_bytes(), |_| 7, MAX_WORDS);
        match (plain, clashing) {
            (Ok(plain), Ok(clashing)) => prop_assert_eq!(plain, clashing),
            (plain, clashing) => prop_assert_eq!(plain.is_err(), clashing.is_err()),
        }
    }

    #[test]
    fn list_bytes_give_a_list_or_an_error(bytes in proptest::collection::vec(
        prop_oneof![Just(b'a'), Just(b'Z'), Just(b';'), Just(b'\n'), Just(b'7'), Just(b' '), any::<u8>()], 0..300)
    ) {
        if let Ok(list) = WordList::parse(&bytes[..]) {
            prop_assert!(!list.is_empty());
            for (word, _) in list.iter() {
                prop_assert!(word.bytes().all(|b| b.is_ascii_uppercase()));
            }
        }
    }
}

#[test]
fn checker_catches_bad_fills() {
    let grid = "..\n..";
    let words = ["AB", "CD", "AC", "BD", "AA"];
    let good = vec!["AB".to_string(), "CD".to_string()];
    assert_eq!(check_fill(grid, &words, &good), Ok(()));
    let repeated = vec!["AA".to_string(), "AA".to_string()];
    assert!(check_fill(grid, &words, &repeated).is_err());
    let unknown = vec!["AB".to_string(), "CE".to_string()];
    assert!(check_fill(grid, &words, &unknown).is_err());
    assert!(check_fill("A.\n..", &words, &["CD".into(), "AB".into()]).is_err());
}

#[test]
fn portable_and_vector_propagation_search_alike() {
    // The same words tried in the same order, to the same fill, whichever
    // code propagates (on a processor without AVX2 both runs are portable).
    let english = WordList::english();
    for grid_text in [
        include_str!("../../../../bench/crossword/grids/open-5.txt"),
        include_str!("../../../../bench/crossword/grids/15-4.txt"),
    ] {
        let grid = Grid::parse(grid_text).unwrap();
        let vector = Filler::new(&grid, &english).unwrap();
        let mut portable = vector.clone();
        portable.set_portable();
        let run = |filler: &Filler| {
            let mut found = Vec::new();
            let summary = filler.search(Some(1), &mut |_| ControlFlow::Continue(()), &mut |fill| {
                found.push(fill.lines());
                ControlFlow::Continue(())
            });
            (found, summary)
        };
        let (fills, summary) = run(&vector);
        assert_eq!((fills.len(), summary.complete), (1, false));
        assert!(summary.nodes > 10, "{summary:?}");
        assert_eq!(run(&portable), (fills, summary));
    }
}

#[test]
fn english_fills_an_open_5x5_and_a_15x15() {
    let english = WordList::english();
    let words: Vec<&str> = english.iter().map(|(w, _)| w).collect();
    for grid_text in [
        "#....\n.....\n.....\n.....\n....#",
        include_str!("../../../../bench/crossword/grids/15-6.txt"),
    ] {
        let grid = Grid::parse(grid_text).unwrap();
        let fill = Filler::new(&grid, &english)
            .unwrap()
            .first()
            .expect("a fill");
        assert_eq!(check_fill(grid_text, &words, &fill.lines()), Ok(()));
    }
}

#[test]
fn preset_letters_are_kept_and_a_hopeless_one_is_named() {
    let english = WordList::english();
    let grid = Grid::parse("PUZZLE\n......").unwrap_or_else(|e| panic!("{e}"));
    assert!(matches!(
        Filler::new(&grid, &english),
        Err(FillError::NoWordFits { .. })
    ));
    let grid = Grid::parse("C..\n...\n...").unwrap();
    let fill = Filler::new(&grid, &english).unwrap().first().unwrap();
    assert!(fill.lines()[0].starts_with('C'));
    let err = Filler::new(&Grid::parse("..\nXJ").unwrap(), &english).unwrap_err();
    assert_eq!(err.to_string(), "2 down (.J): no word of the list fits");
}

#[test]
fn seeds_give_other_fills() {
    let english = WordList::english();
    let grid = Grid::parse("#....\n.....\n.....\n.....\n....#").unwrap();
    let fills: HashSet<Vec<String>> = (0..4)
        .map(|seed| {
            Filler::with_options(
                &grid,
                &english,
                FillOptions {
                    seed: Some(seed),
                    threads: 1,
                },
            )
            .unwrap()
            .first()
            .unwrap()
            .lines()
        })
        .collect();
    assert!(fills.len() > 1);
}

#[test]
fn scores_order_the_words() {
    let list = WordList::parse(&b"AB;10\nCD;90\nAC;10\nBD;10\nCA;90\nDB;90\n"[..]).unwrap();
    let grid = Grid::parse("..\n..").unwrap();
    let fill = Filler::new(&grid, &list).unwrap().first().unwrap();
    // The three words of score 90 and one of 10, across or transposed:
    // the best fills there are (the others have two words of 10).
    let total: i32 = fill.entries().iter().map(|entry| entry.score).sum();
    assert_eq!(total, 90 * 3 + 10, "{:?}", fill.lines());
    assert!(
        [["CD", "AB"], ["CA", "DB"]]
            .contains(&[fill.lines()[0].as_str(), fill.lines()[1].as_str()]),
        "{:?}",
        fill.lines()
    );
    let best = list.with_min_score(50);
    assert_eq!(Filler::new(&grid, &best).unwrap().count(None), 0);
}

/// The search branches on the longest slot first, even where a shorter one
/// has fewer candidates; the trace keeps fewest candidates first.
#[test]
fn longest_slot_first_except_in_the_trace() {
    // A 4-letter across and a 2-letter down through its first square: four
    // across words and two down words agree there.
    let list = WordList::parse(&b"ABCD\nAXYZ\nBCDE\nBQRS\nAB\nBA\n"[..]).unwrap();
    let grid = Grid::parse("....\n.###").unwrap();
    let filler = Filler::new(&grid, &list).unwrap();
    let mut engine = filler.root().clone();
    let length = |engine: &super::engine::Engine, s: usize| engine.slots[s].cells.len();
    let longest = engine.choose().unwrap();
    assert_eq!(length(&engine, longest), 4);
    assert_eq!(engine.count[longest], 4);
    engine.longest_first = false;
    let fewest = engine.choose().unwrap();
    assert_eq!(length(&engine, fewest), 2);
    assert_eq!(engine.count[fewest], 2);
}

/// In a grid without blocks, reading order replaces the fewest candidates
/// among slots of one length: the across slots row by row, then the downs
/// (not the slots' numbering, which puts 1 down before 4 across); a grid
/// with a block keeps the fewest candidates.
#[test]
fn a_grid_without_blocks_is_filled_row_by_row() {
    // Every word of three letters from A, B and C.
    let words: Vec<String> = (0..27u8)
        .map(|k| {
            [k / 9, k / 3 % 3, k % 3]
                .map(|d| char::from(b'A' + d))
                .iter()
                .collect()
        })
        .collect();
    let list = WordList::parse(words.join("\n").as_bytes()).unwrap();
    let grid = Grid::parse("...\n...\n...").unwrap();
    let filler = Filler::new(&grid, &list).unwrap();
    let mut engine = filler.root().clone();
    assert!(engine.grid_order);
    let place = |s: usize| (grid.slots()[s].direction, grid.slots()[s].row);
    let first = engine.choose().unwrap();
    assert_eq!(place(first), (Direction::Across, 0));
    let aaa = engine.candidates(first)[0] as usize;
    engine.assign(first, aaa).unwrap();
    // Each down now has the 8 words starting with A (AAA is taken); the
    // second row has all 26 others.
    let next = engine.choose().unwrap();
    assert_eq!(place(next), (Direction::Across, 1));
    assert_eq!(engine.count[next], 26);
    engine.grid_order = false;
    let fewest = engine.choose().unwrap();
    assert_eq!(grid.slots()[fewest].direction, Direction::Down);
    assert_eq!(engine.count[fewest], 8);
    let blocked = Filler::new(&Grid::parse("...#\n...#\n...#").unwrap(), &list).unwrap();
    assert!(!blocked.root().grid_order);
}

/// A word placed in one slot leaves the trail holding that slot's bitset,
/// not a copy of every other slot of its length that lost the word; undo
/// gives each of them the word back.
#[test]
fn a_word_taken_out_of_other_slots_costs_the_trail_no_bitsets() {
    // 260 words of three letters: bitsets of five words.
    let words: Vec<String> = (0..260u32)
        .map(|k| {
            [k / 100, k / 10 % 10, k % 10]
                .map(|d| char::from(b'A' + d as u8))
                .iter()
                .collect()
        })
        .collect();
    let list = WordList::parse(words.join("\n").as_bytes()).unwrap();
    // Twenty across slots that cross nothing.
    let grid = Grid::parse(&["...#..."; 10].join("\n#######\n")).unwrap();
    assert_eq!(grid.slots().len(), 20);
    let filler = Filler::new(&grid, &list).unwrap();
    let mut engine = filler.root().clone();
    let before: Vec<Vec<u32>> = (0..20).map(|s| engine.candidates(s)).collect();
    let mark = engine.mark();
    engine.assign(0, 7).unwrap();
    assert_eq!(engine.count[0], 1);
    assert!((1..20).all(|s| engine.count[s] == 259 && !engine.candidates(s).contains(&7)));
    assert_eq!(engine.trail_words(), 5);
    engine.undo(mark);
    let after: Vec<Vec<u32>> = (0..20).map(|s| engine.candidates(s)).collect();
    assert_eq!(after, before);
    assert!((0..20).all(|s| engine.count[s] == 260));
}

#[test]
fn luby_sequence() {
    let first: Vec<u64> = (1..=15).map(super::search::luby).collect();
    assert_eq!(first, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
}

proptest! {
    // Each case runs the oracle on a 4×4: fewer cases than the rest.
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Open squares of 3 and 4 with words of a three-letter alphabet:
    /// deep enough searches that restarts of a few words cut branches of
    /// several levels, whose refutations later restarts rule out.
    #[test]
    fn restarts_that_learn_decide_what_the_oracle_does(
        (grid_text, words) in (3usize..=4).prop_flat_map(|side| (
            Just(vec![".".repeat(side); side].join("\n")),
            proptest::collection::vec(
                proptest::string::string_regex(&format!("[ABC]{{{side}}}")).unwrap(),
                side * 2..side * 8,
            ),
        )),
        seed in proptest::option::of(0u64..1000),
        letters in any::<bool>(),
    ) {
        let grid = Grid::parse(&grid_text).unwrap();
        let refs: Vec<&str> = words.iter().map(String::as_str).collect();
        let list = WordList::parse(words.join("\n").as_bytes()).unwrap();
        let expected = oracle(&grid_text, &refs);
        let Ok(mut filler) = Filler::with_options(&grid, &list, FillOptions { seed, threads: 1 }) else {
            prop_assert!(expected.is_empty());
            return Ok(());
        };
        filler.restart_unit = 1;
        if letters {
            filler.set_split_above(1);
        }
        let first = filler.first();
        prop_assert_eq!(first.is_some(), !expected.is_empty());
        if let Some(fill) = first {
            prop_assert_eq!(check_fill(&grid_text, &refs, &fill.lines()), Ok(()));
        }
    }
}

/// An open grid of `rows` × `cols`, with `preset` letters at their
/// squares (reading order index modulo the grid's size).
fn open_grid(rows: usize, cols: usize, preset: &[(usize, char)]) -> String {
    let mut squares = vec!['.'; rows * cols];
    for &(at, letter) in preset {
        squares[at % (rows * cols)] = letter;
    }
    squares
        .chunks(cols)
        .map(|row| row.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(160))]

    /// Word squares and rectangles go to the row-by-row search: it counts,
    /// lists and finds what the oracle does, with rows repeating columns
    /// (a symmetric square) and words repeating within rows or columns
    /// ruled out, and both fills of a pair turned over the diagonal found.
    #[test]
    fn grids_without_blocks_row_by_row_as_the_oracle(
        (rows, cols, words) in (2usize..=4, 2usize..=4).prop_flat_map(|(rows, cols)| (
            Just(rows),
            Just(cols),
            proptest::collection::vec(
                prop_oneof![
                    proptest::string::string_regex(&format!("[ABC]{{{cols}}}")).unwrap(),
                    proptest::string::string_regex(&format!("[ABC]{{{rows}}}")).unwrap(),
                ],
                4..(rows + cols) * 4,
            ),
        )),
        preset in proptest::collection::vec((0usize..16, prop_oneof![Just('A'), Just('B')]), 0..=1),
    ) {
        let grid_text = open_grid(rows, cols, &preset);
        let grid = Grid::parse(&grid_text).unwrap();
        let refs: Vec<&str> = words.iter().map(String::as_str).collect();
        // Scores that differ from word to word, so that an entry given
        // another word's score shows.
        let scored: Vec<String> = words
            .iter()
            .map(|word| format!("{word};{}", word.bytes().map(i32::from).product::<i32>() % 97))
            .collect();
        let list = WordList::parse(scored.join("\n").as_bytes()).unwrap();
        let mut expected = oracle(&grid_text, &refs);
        expected.sort();
        let Ok(mut filler) = Filler::new(&grid, &list) else {
            prop_assert!(expected.is_empty());
            return Ok(());
        };
        prop_assert!(filler.square.is_some());
        prop_assert_eq!(filler.count(None), expected.len() as u64);
        prop_assert_eq!(filler.count(Some(1)), expected.len().min(1) as u64);
        let mut found = Vec::new();
        filler.search(None, &mut |_| ControlFlow::Continue(()), &mut |fill| {
            // Entries read from the letters, with the list's scores.
            for entry in fill.entries() {
                let word = list.iter().find(|(word, _)| *word == entry.word);
                assert_eq!(word.map(|(_, score)| score), Some(entry.score));
            }
            found.push(fill.lines());
            ControlFlow::Continue(())
        });
        found.sort();
        prop_assert_eq!(&found, &expected);
        let mut portable = filler.clone();
        portable.set_portable();
        prop_assert_eq!(all_fills(&portable), all_fills(&filler));
        filler.square_handover = 0;
        let first = filler.first();
        prop_assert_eq!(first.is_some(), !expected.is_empty());
        if let Some(fill) = &first {
            prop_assert_eq!(check_fill(&grid_text, &refs, &fill.lines()), Ok(()));
        }
        // On several threads: the same counts (to a limit too) and the
        // same first fill.
        let none = |_: &Progress| ControlFlow::Continue(());
        for threads in [2, 3] {
            let mut parallel = filler.clone();
            parallel.threads = threads;
            for limit in [None, Some(1), Some(2), Some(3)] {
                let one = filler.count_with(limit, &mut none.clone());
                let many = parallel.count_with(limit, &mut none.clone());
                prop_assert_eq!((many.fills, many.complete), (one.fills, one.complete));
            }
            prop_assert_eq!(parallel.first().map(|fill| fill.lines()), first.as_ref().map(Fill::lines));
        }
        // Counted unit by unit in runs that stop and resume.
        for (threads, stops) in [(1, &[1, 2][..]), (2, &[2][..]), (3, &[1, 1][..])] {
            let mut parallel = filler.clone();
            parallel.threads = threads;
            prop_assert_eq!(count_in_runs(&parallel, stops), expected.len() as u64);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Rectangles with rows longer than a vector of masks (`LANES`
    /// letters) take the walk's general path; a fill planted in the list
    /// makes sure that there is something to find. (Only wide ones: the
    /// oracle fills the rows first, and ten free rows would take it hours.)
    #[test]
    fn long_sides_row_by_row_as_the_oracle(
        (rows, cols, planted, extra) in (2usize..=3, 9usize..=10)
            .prop_flat_map(|(rows, cols)| (
                Just(rows),
                Just(cols),
                proptest::collection::vec(prop_oneof![Just(b'A'), Just(b'B'), Just(b'C')], rows * cols),
                proptest::collection::vec(
                    prop_oneof![
                        proptest::string::string_regex(&format!("[ABC]{{{cols}}}")).unwrap(),
                        proptest::string::string_regex(&format!("[ABC]{{{rows}}}")).unwrap(),
                    ],
                    0..12,
                ),
            )),
    ) {
        let grid_text = open_grid(rows, cols, &[]);
        let grid = Grid::parse(&grid_text).unwrap();
        let mut words = extra;
        for row in planted.chunks(cols) {
            words.push(String::from_utf8(row.to_vec()).unwrap());
        }
        for col in 0..cols {
            words.push((0..rows).map(|row| char::from(planted[row * cols + col])).collect());
        }
        let refs: Vec<&str> = words.iter().map(String::as_str).collect();
        let list = WordList::parse(words.join("\n").as_bytes()).unwrap();
        let mut expected = oracle(&grid_text, &refs);
        expected.sort();
        let Ok(filler) = Filler::new(&grid, &list) else {
            prop_assert!(expected.is_empty());
            return Ok(());
        };
        prop_assert!(filler.square.is_some());
        prop_assert_eq!(filler.count(None), expected.len() as u64);
        let mut found = all_fills(&filler);
        found.sort();
        prop_assert_eq!(&found, &expected);
        let mut portable = filler.clone();
        portable.set_portable();
        prop_assert_eq!(all_fills(&portable), all_fills(&filler));
    }
}

/// A square whose first propagation leaves a slot without words (row 1
/// and column 1 both need CAB, the one word that starts with C) is
/// answered at once, with no row placed, by every search.
#[test]
fn a_square_refuted_by_propagation_places_no_row() {
    let grid = Grid::parse("C..\n...\n...").unwrap();
    let list = WordList::parse(&b"CAB\nABA\nBAB\nAAA\nBBB\n"[..]).unwrap();
    let filler = Filler::new(&grid, &list).unwrap();
    assert!(filler.dead().is_some());
    assert!(filler.square.is_some());
    let none = |_: &Progress| ControlFlow::Continue(());
    let counted = filler.count_with(None, &mut none.clone());
    assert_eq!(
        (counted.fills, counted.nodes, counted.complete),
        (0, 0, true)
    );
    for limit in [None, Some(1), Some(2)] {
        let listed = filler.search(limit, &mut none.clone(), &mut |_| ControlFlow::Continue(()));
        assert_eq!((listed.fills, listed.nodes, listed.complete), (0, 0, true));
    }
}

/// A count of a grid with blocks whose first slot has few words shares out
/// pairs of words (the first slot's and the next one's), and one whose
/// first slot has many shares out its words; both count what one thread
/// does, stopped and resumed.
#[test]
fn few_first_words_are_paired_with_the_next_slots() {
    let grid = Grid::parse("..#\n...\n#..").unwrap();
    // Every two-letter English word, and ten of three letters.
    let english = WordList::english();
    let mut text: Vec<String> = english
        .iter()
        .filter(|(word, _)| word.len() == 2)
        .map(|(word, _)| word.to_string())
        .collect();
    text.extend(
        [
            "CAT", "ACT", "TOT", "COT", "OAT", "TAN", "ANT", "TEN", "NET", "ONE",
        ]
        .map(String::from),
    );
    let few = WordList::parse(text.join("\n").as_bytes()).unwrap();
    for (list, paired) in [(few, true), (WordList::english(), false)] {
        let filler = Filler::new(&grid, &list).unwrap();
        let (mut root, _, units) = super::threads::slot_units(filler.root()).unwrap();
        let first = root.choose().unwrap();
        let words = root.candidates(first).len();
        assert_eq!(
            units.len() > words,
            paired,
            "{words} words, {} units",
            units.len()
        );
        assert_eq!(filler.count_problem().units, units.len());
        let whole = filler.count(None);
        assert!(whole > 0);
        for threads in [1, 2] {
            let mut parallel = filler.clone();
            parallel.threads = threads;
            assert_eq!(count_in_runs(&parallel, &[1, 3]), whole);
        }
    }
}

/// A count to a limit on one thread searches as a listing does (words
/// best first; restarts for a limit of 1), not unit by unit in list
/// order: on a tester's grid the first units hold no fill for tens of
/// millions of words, and the limit is reached within a few dozen.
#[test]
fn a_count_to_a_limit_is_not_held_up_by_a_hard_first_unit() {
    let grid = Grid::parse(include_str!(
        "../../tests/data/crossword-hard-first-unit.grid"
    ))
    .unwrap();
    let words =
        WordList::parse(&include_bytes!("../../tests/data/crossword-hard-first-unit.words")[..])
            .unwrap();
    let filler = Filler::new(&grid, &words).unwrap();
    let checked = |fills: u64, limit| {
        let summary = filler.count_with(Some(limit), &mut |progress| {
            if progress.nodes >= 100_000 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert_eq!(
            (summary.fills, summary.complete),
            (fills, false),
            "limit {limit}"
        );
    };
    checked(1, 1);
    checked(5, 5);
    // The unordered search of a whole count starts in the hard units.
    let whole = filler.count_with(None, &mut |progress| {
        if progress.nodes >= 100_000 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!((whole.fills, whole.complete), (0, false));
}

/// The restarts' proofs that no fill exists have a heavy tail: on a
/// tester's grid (a sample of the Debian word lists, SCOWL like the
/// shipped one) the restarts try 2.0 million words, 20 s, where the plain
/// search proves it in 84,721. With a second thread the plain search
/// races them, and its proof ends both.
#[test]
fn a_second_thread_proves_what_the_restarts_are_slow_to() {
    let grid = Grid::parse(include_str!("../../tests/data/crossword-slow-proof.grid")).unwrap();
    let words = WordList::parse(&include_bytes!("../../tests/data/crossword-slow-proof.words")[..])
        .unwrap();
    let mut filler = Filler::new(&grid, &words).unwrap();
    filler.threads = 2;
    let counted = filler.count_with(Some(1), &mut |_| ControlFlow::Continue(()));
    let listed = filler.search(Some(1), &mut |_| ControlFlow::Continue(()), &mut |_| {
        panic!("the grid has no fill")
    });
    for summary in [counted, listed] {
        assert_eq!((summary.fills, summary.complete), (0, true));
        // The restarts' own words, stopped by the proof.
        assert!(summary.nodes < 1_000_000, "{} words", summary.nodes);
    }
}

#[test]
fn grid_errors_name_the_line_and_column_of_the_text() {
    for (text, message) in [
        (
            &b"% a comment\n\n#.#\n"[..],
            "line 3, column 2: a white square in no word",
        ),
        (&b"...\n.\xff.\n"[..], "line 2, column 2: not text"),
        (&b"...\n..\0\n"[..], "line 2, column 3: not text"),
        (
            &b"\xef\xbb\xbf..\n.?\n"[..],
            "line 2, column 2: unexpected character '?'",
        ),
        (
            &b"..\n.\n"[..],
            "line 2: a row of 1 square, but the first row has 2",
        ),
    ] {
        let err = Grid::parse_bytes(text).unwrap_err().to_string();
        assert!(err.starts_with(message), "{err}");
    }
    // A byte-order mark opening the text is no square.
    assert_eq!(Grid::parse("\u{feff}..\n..\n"), Grid::parse("..\n..\n"));
}

#[test]
fn entries_leave_out_a_direction_without_answers() {
    let grid = Grid::parse("...\n").unwrap();
    let list = WordList::parse("SAT\n".as_bytes()).unwrap();
    let fill = Filler::new(&grid, &list).unwrap().first().unwrap();
    assert_eq!(render::entries(&fill), "Across\n  1 SAT\n");
}

#[test]
fn a_count_reports_the_words_it_tried_as_it_goes() {
    // One slot that nothing crosses, counted on two threads: each unit ends
    // before the search's first tick, so the words tried must be reported
    // unit by unit. With 250,000 words the count runs for several of the
    // calling thread's reports (one in 100 ms).
    let words: Vec<u8> = (0..250_000u32)
        .flat_map(|i| {
            let mut word: Vec<u8> = (0..5)
                .map(|p| b'A' + (i / 26u32.pow(p) % 26) as u8)
                .collect();
            word.push(b'\n');
            word
        })
        .collect();
    let list = WordList::parse(&words[..]).unwrap();
    let grid = Grid::parse(".....").unwrap();
    let filler = Filler::with_options(
        &grid,
        &list,
        FillOptions {
            seed: None,
            threads: 2,
        },
    )
    .unwrap();
    let mut seen = None;
    filler.count_with(None, &mut |progress: &Progress| {
        if progress.fills > 0 {
            seen = Some((progress.nodes, progress.fills));
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    let (nodes, fills) = seen.expect("a progress report while the count ran");
    assert!(nodes >= fills, "{nodes} words tried for {fills} fills");
}
