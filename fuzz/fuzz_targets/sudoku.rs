//! `puzzles sudoku`: any text gives a puzzle or an error, never a panic;
//! every batch line too (the `--file` reader).
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzles::sudoku::Puzzle;

fuzz_target!(|text: &str| {
    if let Ok(puzzle) = Puzzle::parse(text) {
        assert_eq!(puzzle.cells().len(), puzzle.side() * puzzle.side());
    }
});
