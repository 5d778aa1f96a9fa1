//! Puzzles and grids: reading, errors and where they point, alphabets,
//! checks, drawing, and the plain answers of small puzzles.

use std::collections::BTreeSet;

use proptest::prelude::*;

use super::super::cover::Cover;
use super::super::puzzle::parse;
use super::{CLASSIC, Rng, random_solution};
use crate::sudoku::{Alphabet, Puzzle, Solution, Solver, SudokuError, render};
use crate::trace::ConflictKind;

#[test]
fn the_classic_puzzle() {
    let puzzle = Puzzle::parse(CLASSIC).unwrap();
    assert_eq!(puzzle.givens(), 30);
    let solution = puzzle.solve().unwrap();
    assert_eq!(
        solution.to_string(),
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
    );
    assert_eq!(puzzle.count_up_to(u64::MAX), 1);
    assert_eq!(puzzle.solutions().collect::<Vec<_>>(), [solution]);
}

#[test]
fn empty_grids_have_many_solutions() {
    let empty4 = Puzzle::from_cells(2, vec![0; 16]).unwrap();
    assert_eq!(empty4.count_up_to(u64::MAX), 288);
    assert_eq!(Cover::new(&empty4).count_up_to(u64::MAX), 288);
    let distinct: BTreeSet<_> = empty4.solutions().collect();
    assert_eq!(distinct.len(), 288);
    assert!(distinct.iter().all(Solution::is_valid));
    for b in 3..=5 {
        let empty = Puzzle::from_cells(b, vec![0; b.pow(4)]).unwrap();
        let first = empty.solve().unwrap();
        assert!(first.solves(&empty), "box size {b}");
        assert_eq!(empty.count_up_to(3), 3);
    }
}

#[test]
fn parse_accepts_grids_and_both_empty_marks() {
    let grid = CLASSIC
        .as_bytes()
        .chunks(9)
        .map(|row| {
            format!(
                "  {}\r\n",
                std::str::from_utf8(row).unwrap().replace('.', "0 ")
            )
        })
        .collect::<String>();
    assert_eq!(
        Puzzle::parse(&grid).unwrap(),
        Puzzle::parse(CLASSIC).unwrap()
    );
    assert_eq!(CLASSIC.parse::<Puzzle>().unwrap().to_string(), CLASSIC);
}

#[test]
fn parse_errors_say_what_and_where() {
    let wrong_length = Puzzle::parse(&CLASSIC[1..]).unwrap_err();
    assert_eq!(wrong_length, SudokuError::WrongLength { cells: 80 });

    let mut bad = CLASSIC.to_string();
    bad.replace_range(4..5, "x");
    let err = Puzzle::parse(&bad).unwrap_err();
    assert!(
        matches!(
            err,
            SudokuError::BadCharacter {
                character: 'x',
                line: 1,
                column: 5,
                ..
            }
        ),
        "{err:?}"
    );
    // 81 cells are a 9×9 grid: its digits are named.
    assert_eq!(
        err.to_string(),
        "bad character 'x' at column 5 (expected 1-9 for a 9×9 grid, or '.' or '0' for an empty cell)"
    );
    // A text of no grid's length names every size's digits.
    let err = Puzzle::parse(&bad[..80]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "bad character 'x' at column 5 (expected a digit (1-9 for 9×9, up to 1-9 and A-P for 25×25), or '.' or '0' for an empty cell)"
    );
    // 625 cells are a 25×25 grid, whatever the first character.
    let err = Puzzle::parse(&format!("Q{}", ".".repeat(624))).unwrap_err();
    assert_eq!(
        err.to_string(),
        "bad character 'Q' at column 1 (expected 1-9 and A-P for a 25×25 grid, or '.' or '0' for an empty cell)"
    );
    // Bytes that are not UTF-8 are named as such, not as the replacement
    // character.
    let mut bytes = b"..\n.".to_vec();
    bytes.push(0xff);
    bytes.extend_from_slice(&[b'.'; 10]);
    let err = super::super::puzzle::parse(&bytes, crate::sudoku::Alphabet::Standard).unwrap_err();
    assert_eq!(err, SudokuError::NotText { line: 2, column: 2 });
    assert_eq!(
        err.to_string(),
        "bytes that are not UTF-8 text at line 2, column 2 (a puzzle is text)"
    );
    let replacement = Puzzle::parse("\u{fffd}...............").unwrap_err();
    assert!(
        matches!(
            replacement,
            SudokuError::BadCharacter {
                character: '\u{fffd}',
                ..
            }
        ),
        "{replacement:?}"
    );

    // A letter is a digit of big grids only.
    let mut letter = CLASSIC.to_string();
    letter.replace_range(80..81, "A");
    let err = Puzzle::parse(&format!("{}\n{}", &letter[..40], &letter[40..])).unwrap_err();
    assert!(
        matches!(
            err,
            SudokuError::BadCharacter {
                character: 'A',
                line: 2,
                column: 41,
                ..
            }
        ),
        "{err:?}"
    );
    assert!(err.to_string().contains("at line 2, column 41"));
    assert!(err.to_string().contains("1-9 for a 9×9 grid"));

    let err = Puzzle::parse(&format!("é{}", &CLASSIC[1..])).unwrap_err();
    assert!(matches!(
        err,
        SudokuError::BadCharacter {
            character: 'é',
            column: 1,
            ..
        }
    ));

    // Clashes: row, column, box, reported in reading order.
    let mut row = CLASSIC.to_string();
    row.replace_range(8..9, "5");
    assert_eq!(
        Puzzle::parse(&row).unwrap_err().to_string(),
        "the givens clash: 5 at r1c1 and at r1c9 are in the same row"
    );
    let mut column = CLASSIC.to_string();
    column.replace_range(72..73, "5");
    assert_eq!(
        Puzzle::parse(&column).unwrap_err(),
        SudokuError::Clash {
            digit: '5',
            first: (0, 0),
            second: (8, 0),
            kind: ConflictKind::Column
        }
    );
    let mut in_box = CLASSIC.to_string();
    in_box.replace_range(20..21, "5");
    assert!(matches!(
        Puzzle::parse(&in_box).unwrap_err(),
        SudokuError::Clash {
            kind: ConflictKind::Box,
            first: (0, 0),
            second: (2, 2),
            ..
        }
    ));
}

#[test]
fn alphabets_for_big_grids() {
    let mut rng = Rng::new(16);
    let cells = random_solution(4, &mut rng);
    let grid = Solution {
        box_size: 4,
        cells: cells.clone(),
    };
    for alphabet in [Alphabet::Standard, Alphabet::ZeroBased] {
        let line = grid.to_line(alphabet);
        let puzzle = Puzzle::parse_with(&line, alphabet).unwrap();
        assert_eq!(puzzle.cells(), &cells[..]);
        let lower = Puzzle::parse_with(&line.to_lowercase(), alphabet).unwrap();
        assert_eq!(lower, puzzle);
    }
    assert!(grid.to_line(Alphabet::Standard).contains('G'));
    assert!(!grid.to_line(Alphabet::Standard).contains('0'));
    assert!(grid.to_line(Alphabet::ZeroBased).contains('0'));
    assert!(!grid.to_line(Alphabet::ZeroBased).contains('G'));
    // In the zero-based alphabet 0 is a digit, so only '.' is empty.
    let zeros = "0".repeat(16);
    assert_eq!(Puzzle::parse(&zeros).unwrap().givens(), 0);
    assert!(matches!(
        Puzzle::parse_with(&zeros, Alphabet::ZeroBased),
        Err(SudokuError::Clash { .. })
    ));
    assert_eq!(Alphabet::Standard.describe(25), "1-9 and A-P");
    assert_eq!(Alphabet::ZeroBased.describe(25), "0-9 and A-O");
}

#[test]
fn from_cells_checks_its_input() {
    assert_eq!(
        Puzzle::from_cells(6, vec![0; 1296]),
        Err(SudokuError::BoxSize(6))
    );
    assert!(matches!(
        Puzzle::from_cells(3, vec![0; 80]),
        Err(SudokuError::BadCells(_))
    ));
    assert!(matches!(
        Puzzle::from_cells(2, [5].into_iter().chain([0; 15]).collect()),
        Err(SudokuError::BadCells(_))
    ));
}

#[test]
fn unsolvable_puzzles_have_no_solution() {
    // No clash among the givens, but no cell left for a 1 in the top-right
    // box (and a 9×9 one found by propagation alone).
    let stuck = Puzzle::parse("1.....23........").unwrap();
    assert_eq!(stuck.solve(), None);
    assert_eq!(stuck.count_up_to(2), 0);
    assert_eq!(stuck.solutions().next(), None);
    assert_eq!(Cover::new(&stuck).count_up_to(2), 0);
    let row = format!("12345678.{}........9{}", ".".repeat(9), ".".repeat(54));
    let puzzle = Puzzle::parse(&row).unwrap();
    assert_eq!(puzzle.solve(), None);
}

#[test]
fn a_solver_is_reused_across_sizes() {
    let mut solver = Solver::new();
    let mut rng = Rng::new(3);
    for round in 0..40 {
        let b = 2 + round % 4;
        let solution = random_solution(b, &mut rng);
        let mut cells = solution.clone();
        for cell in &mut cells {
            if rng.below(3) == 0 {
                *cell = 0;
            }
        }
        let puzzle = Puzzle::from_cells(b, cells).unwrap();
        let found = solver.solve(&puzzle).unwrap();
        assert!(found.solves(&puzzle));
        assert!(solver.count_up_to(&puzzle, 2) >= 1);
    }
}

#[test]
fn render_marks_the_givens() {
    let puzzle = Puzzle::parse(CLASSIC).unwrap();
    let solution = puzzle.solve().unwrap();
    let drawing = render::grid(&puzzle, Some(&solution), Alphabet::Standard);
    let lines: Vec<&str> = drawing.lines().collect();
    assert_eq!(lines.len(), 13);
    assert_eq!(lines[0], "+---------+---------+---------+");
    assert_eq!(lines[1], "|[5][3] 4 | 6 [7] 8 | 9  1  2 |");
    let unsolved = render::grid(&puzzle, None, Alphabet::Standard);
    assert_eq!(
        unsolved.lines().nth(1),
        Some("|[5][3] . | . [7] . | .  .  . |")
    );
    let big = Puzzle::from_cells(5, vec![0; 625]).unwrap();
    let drawing = render::grid(&big, big.solve().as_ref(), Alphabet::Standard);
    assert_eq!(drawing.lines().count(), 25 + 6);
    assert!(drawing.lines().all(|line| line.chars().count() == 81));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn parse_gives_a_puzzle_or_an_error(bytes in proptest::collection::vec(any::<u8>(), 0..700)) {
        let text = String::from_utf8_lossy(&bytes);
        for alphabet in [Alphabet::Standard, Alphabet::ZeroBased] {
            match parse(&bytes, alphabet) {
                Ok(puzzle) => {
                    prop_assert_eq!(
                        Puzzle::parse_with(&puzzle.to_line(alphabet), alphabet),
                        Ok(puzzle.clone())
                    );
                }
                Err(SudokuError::BadCharacter { line, column, .. }) => {
                    prop_assert!(line >= 1 && line <= text.lines().count().max(1));
                    prop_assert!(column >= 1);
                }
                Err(err) => prop_assert!(!err.to_string().is_empty()),
            }
        }
    }

    #[test]
    fn parse_of_puzzle_like_text(text in "[0-9.a-gA-G \n]{0,90}") {
        if let Ok(puzzle) = Puzzle::parse(&text) {
            prop_assert!(puzzle.count_up_to(2) <= 2);
        }
    }
}
