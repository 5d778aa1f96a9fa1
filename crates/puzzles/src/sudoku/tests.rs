//! The Sudoku tests, by topic, and what they share: the data files, a
//! small random generator, random solved grids and puzzles made without any
//! solver.

mod batch;
mod engines;
mod puzzle;
mod trace;

use super::{Puzzle, Solution};
use crate::rng::SplitMix64;

/// A Sudoku collection: the repository's copy in `data/sudoku/`, else
/// `shared/data/sudoku/` beside the checkout (or a folder further up).
fn data_path(name: &str) -> std::path::PathBuf {
    let beside = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data/sudoku/");
    let beside = std::path::Path::new(beside).join(name);
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .flat_map(|dir| [dir.join("data/sudoku"), dir.join("shared/data/sudoku")])
        .map(|dir| dir.join(name))
        .find(|path| path.exists())
        .unwrap_or(beside)
}

/// The puzzles of a shared data file, with their line numbers. Fails
/// loudly when the file is missing: CI has it.
pub(super) fn data_file(name: &str) -> Vec<(usize, String)> {
    let path = data_path(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|err| {
        panic!(
            "cannot read {}: {err} (the shared data is needed)",
            path.display()
        )
    });
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.starts_with('#') && !line.trim().is_empty())
        .map(|(index, line)| (index + 1, line.to_string()))
        .collect()
}

/// The classic example (Wikipedia's Sudoku article).
const CLASSIC: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// Test grids draw from the crate's SplitMix64; `below` keeps its own
/// modulo reduction (the crate's multiplies) so that each seed gives the
/// grids it always gave.
struct Rng(SplitMix64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(SplitMix64(seed))
    }

    fn below(&mut self, n: usize) -> usize {
        (self.0.next_u64() % n as u64) as usize
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// A random solved grid, made without any solver: the pattern grid with
/// digits relabelled, rows shuffled within bands and bands shuffled,
/// columns likewise, and maybe transposed — all moves that keep a grid
/// valid.
fn random_solution(box_size: usize, rng: &mut Rng) -> Vec<u8> {
    let b = box_size;
    let n = b * b;
    let mut digits: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut digits);
    let order = |rng: &mut Rng| {
        let mut bands: Vec<usize> = (0..b).collect();
        rng.shuffle(&mut bands);
        let mut lines = Vec::with_capacity(n);
        for band in bands {
            let mut inner: Vec<usize> = (0..b).collect();
            rng.shuffle(&mut inner);
            lines.extend(inner.into_iter().map(|i| band * b + i));
        }
        lines
    };
    let rows = order(rng);
    let cols = order(rng);
    let transpose = rng.below(2) == 1;
    let pattern = |r: usize, c: usize| (b * (r % b) + r / b + c) % n;
    let mut cells = vec![0; n * n];
    for r in 0..n {
        for c in 0..n {
            let (pr, pc) = if transpose {
                (cols[c], rows[r])
            } else {
                (rows[r], cols[c])
            };
            cells[r * n + c] = digits[pattern(pr, pc)];
        }
    }
    cells
}

#[test]
fn random_solutions_are_valid() {
    let mut rng = Rng::new(7);
    for b in 2..=5 {
        for _ in 0..20 {
            let grid = Solution {
                box_size: b,
                cells: random_solution(b, &mut rng),
            };
            assert!(grid.is_valid());
        }
    }
}

/// A random puzzle: a random solved grid with some givens removed and,
/// sometimes, one given changed (which may leave no solution).
fn random_puzzle(box_size: usize, seed: u64, keep_percent: usize, tamper: bool) -> Option<Puzzle> {
    let mut rng = Rng::new(seed);
    let n = box_size * box_size;
    let mut cells = random_solution(box_size, &mut rng);
    for cell in &mut cells {
        if rng.below(100) >= keep_percent {
            *cell = 0;
        }
    }
    if tamper {
        let given: Vec<usize> = (0..cells.len()).filter(|&c| cells[c] != 0).collect();
        if let Some(&cell) = given.get(rng.below(given.len().max(1))) {
            cells[cell] = (cells[cell] % n as u8) + 1;
        }
    }
    // A changed given may clash; such puzzles are refused, not searched.
    Puzzle::from_cells(box_size, cells).ok()
}
