//! The trace of the general solver, replayed on a grid: consistent, and
//! ending at the solutions the solver lists.

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use super::{Rng, random_solution};
use crate::sudoku::{Puzzle, trace};
use crate::trace::{Action, ConflictKind, TraceMode, TraceSummary};

/// Whether `digit` in the empty cell `(row, col)` is a naked single (no
/// other digit fits the cell) or a hidden single (no other cell of one of
/// its units takes the digit), judged from the digits standing in `grid`
/// alone.
fn single(grid: &[u8], b: usize, (row, col): (usize, usize), digit: u8) -> bool {
    let n = b * b;
    let fits = |cell: usize, digit: u8| {
        let (row, col) = (cell / n, cell % n);
        grid[cell] == 0
            && (0..n * n).all(|peer| {
                let (r, c) = (peer / n, peer % n);
                let sees = r == row || c == col || (r / b, c / b) == (row / b, col / b);
                !(sees && grid[peer] == digit)
            })
    };
    let cell = row * n + col;
    let naked = (1..=n as u8).filter(|&d| fits(cell, d)).eq([digit]);
    let units: [Box<dyn Fn(usize) -> bool>; 3] = [
        Box::new(|other| other / n == row),
        Box::new(|other| other % n == col),
        Box::new(|other| (other / n / b, other % n / b) == (row / b, col / b)),
    ];
    let hidden = units.iter().any(|unit| {
        (0..n * n)
            .filter(|&other| unit(other) && fits(other, digit))
            .eq([cell])
    });
    naked || hidden
}

/// Replays a Sudoku trace on a grid, checking that it is consistent (a
/// forced digit is a single, a guess is not), and returns the grids
/// standing at each solution event.
fn replay(puzzle: &Puzzle, mode: TraceMode) -> (Vec<Vec<u8>>, TraceSummary) {
    let n = puzzle.side();
    let b = puzzle.box_size();
    let mut grid = puzzle.cells().to_vec();
    let mut solutions = Vec::new();
    let mut placed: Vec<(usize, usize, usize, bool)> = Vec::new();
    let summary = trace(puzzle, mode, |event| {
        match event.action {
            Action::Place {
                row,
                col,
                value,
                forced,
            } => {
                let digit = value.unwrap() as u8;
                assert_eq!(grid[row * n + col], 0, "place on a filled cell: {event:?}");
                // Propagation stops at a fixed point before the search
                // guesses, so a guess is never a single.
                assert_eq!(single(&grid, b, (row, col), digit), forced, "{event:?}");
                // A placed digit never clashes with what stands.
                for (cell, &d) in grid.iter().enumerate() {
                    let (r, c) = (cell / n, cell % n);
                    let peer = (r == row || c == col || (r / b, c / b) == (row / b, col / b))
                        && cell != row * n + col;
                    assert!(!(peer && d == digit), "{event:?} clashes with r{r}c{c}");
                }
                grid[row * n + col] = digit;
                if let Some(&(_, _, depth, _)) = placed.last() {
                    assert!(
                        event.depth + 1 >= depth && event.depth <= depth + 1,
                        "{event:?}"
                    );
                }
                placed.push((row, col, event.depth, forced));
            }
            Action::Remove {
                row,
                col,
                value,
                forced,
            } => {
                assert_eq!(grid[row * n + col], value.unwrap() as u8, "{event:?}");
                assert_eq!(puzzle.cells()[row * n + col], 0, "a given removed");
                // Removals undo placements newest first, at their depth.
                assert_eq!(
                    placed.pop(),
                    Some((row, col, event.depth, forced)),
                    "{event:?}"
                );
                grid[row * n + col] = 0;
            }
            Action::Conflict {
                row,
                col,
                value,
                with,
                kind,
            } => {
                let digit = value.unwrap() as u8;
                let holder = grid[with.0 * n + with.1];
                if kind == ConflictKind::Item {
                    assert_eq!(with, (row, col));
                    assert!(holder != 0 && holder != digit, "{event:?}");
                } else {
                    assert_eq!(holder, digit, "{event:?}: the culprit must hold the digit");
                    let shares = match kind {
                        ConflictKind::Row => with.0 == row,
                        ConflictKind::Column => with.1 == col,
                        ConflictKind::Box => (with.0 / b, with.1 / b) == (row / b, col / b),
                        other => panic!("unexpected kind {other}"),
                    };
                    assert!(shares, "{event:?}");
                }
            }
            Action::Backtrack { row } => {
                // A cell's number, or past the cells a (unit, digit) decision:
                // C + unit × N + digit − 1, over the 3N units.
                assert!(row < 4 * n * n, "{event:?}");
                if row < n * n {
                    assert_eq!(grid[row], 0, "the cell backtracked from is empty again");
                }
            }
            Action::Solution { .. } => {
                assert!(grid.iter().all(|&d| d != 0));
                solutions.push(grid.clone());
            }
        }
        ControlFlow::Continue(())
    });
    if mode == TraceMode::AllSolutions {
        assert_eq!(
            grid,
            puzzle.cells(),
            "everything placed is removed at the end"
        );
    }
    (solutions, summary)
}

#[test]
fn traces_replay_to_the_solutions() {
    let mut rng = Rng::new(11);
    for round in 0..60 {
        let b = if round % 3 == 0 { 3 } else { 2 };
        let solution = random_solution(b, &mut rng);
        let mut cells = solution;
        let keep = if b == 2 { 3 } else { 30 };
        for cell in &mut cells {
            if rng.below(b.pow(4)) >= keep {
                *cell = 0;
            }
        }
        let puzzle = Puzzle::from_cells(b, cells).unwrap();
        if puzzle.count_up_to(50) == 50 {
            // Too many to trace them all; the first one will do.
            let (first, _) = replay(&puzzle, TraceMode::FirstSolution);
            assert_eq!(first[0], puzzle.solutions().next().unwrap().cells);
            continue;
        }
        let (found, summary) = replay(&puzzle, TraceMode::AllSolutions);
        assert!(summary.completed);
        let expected: BTreeSet<Vec<u8>> = puzzle.solutions().map(|g| g.cells).collect();
        let traced: BTreeSet<Vec<u8>> = found.iter().cloned().collect();
        assert_eq!(traced.len(), found.len(), "a solution came twice");
        assert_eq!(traced, expected);
        assert_eq!(summary.counters.placements, summary.counters.removals);
        let (first, first_summary) = replay(&puzzle, TraceMode::FirstSolution);
        assert_eq!(first.len(), 1);
        assert_eq!(first_summary.counters.solutions, 1);
        // The trace runs the dedicated solver's search: its first solution
        // is the one that solver finds first. (9×9 puzzles are solved by the
        // band engine, whose first of several solutions may be another.)
        assert_eq!(first[0], puzzle.solutions().next().unwrap().cells);
        assert!(puzzle.solve().unwrap().solves(&puzzle));
    }
}

#[test]
fn trace_of_a_puzzle_without_solution_reports_the_clash() {
    let stuck = Puzzle::parse("1.....23........").unwrap();
    let mut events = Vec::new();
    let summary = stuck.trace(TraceMode::AllSolutions, |event| {
        events.push(*event);
        ControlFlow::Continue(())
    });
    assert_eq!(summary.counters.solutions, 0);
    assert!(summary.counters.conflicts >= 1);
    let (_, replayed) = replay(&stuck, TraceMode::AllSolutions);
    assert_eq!(replayed, summary);
    let stopped = stuck.trace(TraceMode::AllSolutions, |_| ControlFlow::Break(()));
    assert!(!stopped.completed);
    assert_eq!(stopped.steps, 1);
}

#[test]
fn the_trace_of_an_empty_25_by_25_grid_runs_on_a_small_stack() {
    // Hundreds of guesses deep: a recursive trace overflowed a 2 MiB stack.
    let handle = std::thread::Builder::new()
        .stack_size(256 << 10)
        .spawn(|| {
            let empty = Puzzle::from_cells(5, vec![0; 625]).unwrap();
            let (solutions, summary) = replay(&empty, TraceMode::FirstSolution);
            (solutions.len(), summary.counters.solutions)
        })
        .unwrap();
    assert_eq!(handle.join().unwrap(), (1, 1));
}
