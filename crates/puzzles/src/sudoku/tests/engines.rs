//! The solvers against each other: the band engine in every variant, its
//! paired searches, the general solver and the exact cover oracle, on the
//! data files and on random puzzles.

use std::collections::BTreeSet;

use proptest::prelude::*;

use super::super::bands;
use super::super::cover::Cover;
use super::super::solver::{Advance, Race, engine};
use super::super::state::BranchRule;
use super::{data_file, random_puzzle};
use crate::cpu::Isa;
use crate::sudoku::{NineEngine, Puzzle, Solution, Solver};

#[test]
fn every_puzzle_of_17_clue_has_exactly_one_valid_solution() {
    let puzzles = data_file("17-clue.txt");
    assert_eq!(puzzles.len(), 49_158);
    let mut solver = Solver::new();
    for (line, text) in &puzzles {
        let puzzle = Puzzle::parse(text).unwrap_or_else(|err| panic!("line {line}: {err}"));
        assert_eq!(puzzle.givens(), 17, "line {line}");
        // Every solution: the search runs to the end of the tree.
        let mut solutions = puzzle.solutions();
        let solution = solutions
            .next()
            .unwrap_or_else(|| panic!("line {line}: no solution"));
        assert!(solution.solves(&puzzle), "line {line}: {solution}");
        assert_eq!(solutions.next(), None, "line {line}: a second solution");
        // The band engine finds the same solution, and no second one.
        assert_eq!(
            solver.solve(&puzzle).as_ref(),
            Some(&solution),
            "line {line}"
        );
        assert_eq!(solver.count_up_to(&puzzle, 2), 1, "line {line}");
    }
}

#[test]
fn every_puzzle_of_top1465_has_exactly_one_valid_solution() {
    let puzzles = data_file("top1465.txt");
    assert_eq!(puzzles.len(), 1465);
    for (line, text) in &puzzles {
        let puzzle = Puzzle::parse(text).unwrap();
        let solutions: Vec<Solution> = puzzle.solutions().collect();
        assert_eq!(solutions.len(), 1, "line {line}");
        assert!(solutions[0].solves(&puzzle), "line {line}");
        // The band engine: the same solution, and no second one.
        let mut solver = Solver::new();
        assert_eq!(
            solver.solve(&puzzle).as_ref(),
            Some(&solutions[0]),
            "line {line}"
        );
        assert_eq!(solver.count_up_to(&puzzle, 2), 1, "line {line}");
    }
}

/// Every variant of the band engine on every puzzle of `name`: a valid
/// solution that keeps the givens, the same as the plain portable engine's
/// (the engine as it was before triads and vector kernels), and no second
/// one.
fn every_variant_agrees_on(name: &str) {
    let puzzles = data_file(name);
    let mut reference = Solver::with_engine(NineEngine {
        triads: false,
        isa: Isa::Portable,
    });
    let mut solvers: Vec<Solver> = NineEngine::ALL.map(Solver::with_engine).into();
    solvers.push(Solver::new());
    let mut guesses = vec![0u64; solvers.len()];
    for (line, text) in &puzzles {
        let puzzle = Puzzle::parse(text).unwrap();
        let expected = reference
            .solve(&puzzle)
            .expect("every puzzle has a solution");
        assert!(expected.solves(&puzzle), "line {line}");
        for (solver, guesses) in solvers.iter_mut().zip(&mut guesses) {
            let (solution, tried) = solver.solve_counting_guesses(&puzzle);
            *guesses += tried;
            let solution = solution.unwrap_or_else(|| panic!("line {line}: no solution"));
            assert!(solution.solves(&puzzle), "line {line}: {solution}");
            assert_eq!(solution, expected, "line {line}");
            assert_eq!(solver.count_up_to(&puzzle, 2), 1, "line {line}");
        }
    }
    // The kernels never change the search; triads cut guesses (a triad
    // pass that found nothing would leave the counts equal).
    let by_triads = |triads: bool| -> Vec<u64> {
        NineEngine::ALL
            .iter()
            .zip(&guesses)
            .filter(|(engine, _)| engine.triads == triads)
            .map(|(_, &guesses)| guesses)
            .collect()
    };
    let (plain, triads) = (by_triads(false), by_triads(true));
    assert!(plain.iter().all(|&g| g == plain[0]), "{name}: {plain:?}");
    assert!(triads.iter().all(|&g| g == triads[0]), "{name}: {triads:?}");
    assert!(triads[0] < plain[0], "{name}: {guesses:?}");
}

#[test]
fn every_variant_of_the_band_engine_agrees_on_17_clue() {
    every_variant_agrees_on("17-clue.txt");
}

#[test]
fn every_variant_of_the_band_engine_agrees_on_top1465() {
    every_variant_agrees_on("top1465.txt");
}

/// What the paired searches answer for `givens`, against the single
/// search of every puzzle, for every variant of the band engine.
fn paired_searches_agree(givens: &[[u8; 81]], limit: u64) -> Result<(), String> {
    let mut pair = bands::Searches::new();
    for engine in NineEngine::ALL {
        // Each run starts the machines afresh: run it twice.
        for _ in 0..2 {
            let mut out = vec![
                bands::Searched {
                    found: None,
                    first: [0; 81],
                };
                givens.len()
            ];
            pair.search_all(engine, limit, givens, &mut out);
            for (k, (givens, paired)) in givens.iter().zip(&out).enumerate() {
                let mut first = [0; 81];
                let single = bands::search_by(engine, givens, limit, &mut first);
                if paired.found != single {
                    return Err(format!(
                        "{engine:?}, puzzle {k}: {:?} against {single:?}",
                        paired.found
                    ));
                }
                if single.is_some_and(|found| found.solutions > 0) && paired.first != first {
                    return Err(format!("{engine:?}, puzzle {k}: another first solution"));
                }
            }
        }
    }
    Ok(())
}

#[test]
fn paired_searches_answer_as_single_ones_on_top1465() {
    let mut givens: Vec<[u8; 81]> = data_file("top1465.txt")
        .iter()
        .step_by(5)
        .map(|(_, text)| *Puzzle::parse(text).unwrap().nine_by_nine().unwrap())
        .collect();
    // An odd number, an empty grid (many solutions), clashing givens and
    // an unsolvable puzzle among them.
    givens.insert(3, [0; 81]);
    let mut clash = [0; 81];
    clash[..2].copy_from_slice(&[5, 5]);
    givens.insert(10, clash);
    let mut stuck = [0; 81];
    // Row 1 holds 1 to 8; column 9 holds a 9 below: r1c9 has no digit.
    stuck[..8].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8]);
    stuck[9 * 4 + 8] = 9;
    givens.insert(20, stuck);
    if givens.len().is_multiple_of(2) {
        givens.pop();
    }
    for limit in [0, 1, 2, 3] {
        paired_searches_agree(&givens, limit).unwrap();
    }
}

#[test]
fn the_exact_cover_engine_agrees_on_hard_puzzles() {
    for (line, text) in data_file("top1465.txt").iter().step_by(73) {
        let puzzle = Puzzle::parse(text).unwrap();
        let cover = Cover::new(&puzzle);
        assert_eq!(cover.count_up_to(2), 1, "line {line}");
        assert_eq!(cover.solve(), puzzle.solve(), "line {line}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn solver_and_exact_cover_agree_on_9x9(seed in any::<u64>(), keep in 18usize..60, tamper in any::<bool>()) {
        if let Some(puzzle) = random_puzzle(3, seed, keep, tamper) {
            let fast = puzzle.count_up_to(2);
            let cover = Cover::new(&puzzle);
            prop_assert_eq!(fast, cover.count_up_to(2));
            if !tamper {
                prop_assert!(fast >= 1, "a grid with givens removed keeps its solution");
            }
            if fast == 1 {
                prop_assert_eq!(puzzle.solve(), cover.solve());
            }
            if let Some(solution) = puzzle.solve() {
                prop_assert!(solution.solves(&puzzle));
            }
        }
    }

    #[test]
    fn band_engine_and_general_solver_agree_on_9x9(seed in any::<u64>(), keep in 0usize..70, tamper in any::<bool>(), limit in 1u64..5) {
        if let Some(puzzle) = random_puzzle(3, seed, keep, tamper) {
            // The band engine (count_up_to, solve) against the general
            // solver (solutions), which is its own search.
            let general: Vec<Solution> = puzzle.solutions().take(limit.max(2) as usize).collect();
            prop_assert_eq!(puzzle.count_up_to(limit), (general.len() as u64).min(limit));
            let solution = puzzle.solve();
            prop_assert_eq!(solution.is_some(), !general.is_empty());
            if let Some(solution) = solution {
                prop_assert!(solution.solves(&puzzle));
                if general.len() == 1 {
                    prop_assert_eq!(&solution, &general[0]);
                }
            }
        }
    }

    #[test]
    fn every_variant_of_the_band_engine_counts_as_the_general_solver(seed in any::<u64>(), keep in 0usize..70, tamper in any::<bool>(), limit in 1u64..5) {
        if let Some(puzzle) = random_puzzle(3, seed, keep, tamper) {
            let general: Vec<Solution> = puzzle.solutions().take(limit.max(2) as usize).collect();
            // The exact cover engine, the oracle, agrees with the general solver.
            prop_assert_eq!(Cover::new(&puzzle).count_up_to(2), (general.len() as u64).min(2));
            // The first solution of several, with and without triads.
            let mut first = [None, None];
            for engine in NineEngine::ALL {
                let mut solver = Solver::with_engine(engine);
                prop_assert_eq!(solver.count_up_to(&puzzle, limit), (general.len() as u64).min(limit), "{:?}", engine);
                let solution = solver.solve(&puzzle);
                prop_assert_eq!(solution.is_some(), !general.is_empty(), "{:?}", engine);
                if let Some(solution) = &solution {
                    prop_assert!(solution.solves(&puzzle), "{:?}", engine);
                    if general.len() == 1 {
                        prop_assert_eq!(solution, &general[0], "{:?}", engine);
                    }
                }
                // Of several solutions, the portable code finds the same
                // first as the vector kernels (triads may change which).
                let first = first[usize::from(engine.triads)].get_or_insert_with(|| solution.clone());
                prop_assert_eq!(&*first, &solution, "{:?}", engine);
            }
        }
    }

    #[test]
    fn paired_searches_answer_as_single_ones(seeds in proptest::collection::vec((any::<u64>(), 0usize..70, any::<bool>()), 1..8), limit in 1u64..5) {
        // Random puzzles, many with several solutions or none, and clashes.
        let givens: Vec<[u8; 81]> = seeds
            .iter()
            .filter_map(|&(seed, keep, tamper)| random_puzzle(3, seed, keep, tamper))
            .map(|puzzle| *puzzle.nine_by_nine().unwrap())
            .collect();
        prop_assert_eq!(paired_searches_agree(&givens, limit), Ok(()));
    }

    #[test]
    fn solver_and_exact_cover_agree_on_4x4(seed in any::<u64>(), keep in 0usize..80, tamper in any::<bool>()) {
        if let Some(puzzle) = random_puzzle(2, seed, keep, tamper) {
            let all: BTreeSet<Vec<u8>> = puzzle.solutions().map(|grid| grid.cells).collect();
            let cover = Cover::new(&puzzle);
            let from_cover: BTreeSet<Vec<u8>> = cover
                .problem()
                .solutions()
                .map(|options| cover.grid(&options).cells)
                .collect();
            prop_assert_eq!(&all, &from_cover);
            prop_assert_eq!(puzzle.count_up_to(u64::MAX), all.len() as u64);
        }
    }

    #[test]
    fn big_grids_solve(seed in any::<u64>(), big in any::<bool>(), keep in 0usize..20) {
        // Random grids with roughly 30-50% of the cells given are the hard
        // band of quasigroup completion for any single-based search (the
        // exact cover engine too): a rare seed there runs for minutes, which
        // would make this test flaky. Designed puzzles are far easier; stay
        // well above the band.
        let (box_size, keep) = if big { (5, 70 + keep) } else { (4, 60 + keep) };
        let puzzle = random_puzzle(box_size, seed, keep, false).unwrap();
        let solution = puzzle.solve().unwrap();
        prop_assert!(solution.solves(&puzzle));
    }
}

/// Random 16×16 grids (from a tester's generator) on which branching on a
/// unit's places ran for minutes: 18 s for a first solution of the first,
/// over a minute for a second solution of the second, while branching on
/// cells alone answers each in a few hundred guesses. The race answers with
/// the faster: both have several solutions.
#[test]
fn the_race_answers_sparse_grids_that_trap_one_branching_rule() {
    for line in [
        ".....6.D.......A.....8.........9.1....9......4......F1..................1............................G..7B..EC...B.........3G...........2..............8...........3.......................5...D.............3.............................7................F...",
        "..........B.....8..4..F.12........3B..8..E........2.....8.C.E7.6...1DG3B....7....84...6F5...B......D............6...C9.2G.............49.....5.C...5..B..8A....74A...6...........6.F..2..........C.23..G9A...E........C1B...8....B.........F52..9...........G..D",
    ] {
        let puzzle = Puzzle::parse(line).unwrap();
        let mut race = Race::new(4);
        assert_eq!(race.run(&puzzle.cells, 2).0, 2);
        let guesses = race.guesses();
        assert!(guesses < 20_000, "{guesses} guesses");
        let (solution, _) = Solver::new().solve_counting_guesses(&puzzle);
        let solution = solution.unwrap();
        assert!(solution.solves(&puzzle));
        // A full grid needs no guess: one search starts, and none of the
        // last grid's guesses are counted.
        assert_eq!(race.run(&solution.cells, 2).0, 1);
        assert_eq!(race.guesses(), 0);
    }
}

proptest! {
    /// A search paused every few guesses and resumed finds the same
    /// solutions in the same order as one run straight through, by either
    /// branching rule: what the race relies on.
    #[test]
    fn pausing_a_search_changes_nothing(seed in any::<u64>(), keep in 0usize..8, step in 1u64..20, cells_only in any::<bool>()) {
        let rule = if cells_only { BranchRule::Cells } else { BranchRule::CellsAndUnits };
        let puzzle = random_puzzle(2, seed, keep, false).unwrap();
        let mut straight = engine(2, rule);
        straight.start(&puzzle.cells);
        let mut expected = Vec::new();
        while straight.advance() {
            expected.push(straight.solution().to_vec());
        }
        let mut paused = engine(2, rule);
        paused.start(&puzzle.cells);
        let mut found = Vec::new();
        let mut pauses = 0u64;
        loop {
            match paused.advance_until(paused.guesses() + step) {
                Advance::Solution => found.push(paused.solution().to_vec()),
                Advance::Paused => pauses += 1,
                Advance::Ended => break,
            }
        }
        prop_assert_eq!(&found, &expected);
        prop_assert_eq!(paused.guesses(), straight.guesses());
        // Each call makes at most `step` guesses.
        let calls = pauses + found.len() as u64 + 1;
        prop_assert!(calls >= straight.guesses() / step);
    }

    /// The race counts as one search does, to any limit.
    #[test]
    fn the_race_counts_as_one_search(seed in any::<u64>(), keep in 0usize..10, tamper in any::<bool>(), limit in 1u64..300) {
        if let Some(puzzle) = random_puzzle(2, seed, keep, tamper) {
            let all = puzzle.solutions().count() as u64;
            let mut race = Race::new(2);
            prop_assert_eq!(race.run(&puzzle.cells, limit).0, all.min(limit));
        }
    }
}
