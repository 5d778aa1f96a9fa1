//! `puzzles crossword`: any bytes give a grid or an error and a word list or
//! an error, never a panic; a small grid and list that both parse are
//! filled, and the fill is checked.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzles::crossword::{Filler, Grid, WordList};

fuzz_target!(|bytes: &[u8]| {
    // The grid, then the list after the first NUL byte.
    let (grid, list) = match bytes.iter().position(|&b| b == 0) {
        Some(at) => (&bytes[..at], &bytes[at + 1..]),
        None => (bytes, &b""[..]),
    };
    let grid = Grid::parse_bytes(grid);
    let list = WordList::parse(list);
    let (Ok(grid), Ok(list)) = (grid, list) else {
        return;
    };
    if grid.rows() * grid.cols() > 16 || list.len() > 64 {
        return;
    }
    let Ok(filler) = Filler::new(&grid, &list) else {
        return;
    };
    if let Some(fill) = filler.first() {
        let words: std::collections::HashSet<&str> = list.iter().map(|(w, _)| w).collect();
        let mut used = std::collections::HashSet::new();
        for entry in fill.entries() {
            assert!(words.contains(entry.word.as_str()));
            assert!(used.insert(entry.word.clone()));
            for (i, letter) in entry.word.chars().enumerate() {
                let (row, col) = entry.slot.square(i);
                assert_eq!(fill.letter(row, col), Some(letter));
            }
        }
    }
});
