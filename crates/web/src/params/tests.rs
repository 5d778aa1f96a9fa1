//! The query parser against every rule it states, and fed arbitrary bytes.

use super::*;
use proptest::prelude::*;

fn error(query: &str) -> String {
    TraceRequest::from_query(query).unwrap_err().to_string()
}

#[test]
fn good_requests_parse() {
    assert_eq!(
        TraceRequest::from_query("puzzle=queens&n=4&mode=all"),
        Ok(TraceRequest::Queens {
            n: 4,
            given: vec![],
            mode: TraceMode::AllSolutions
        })
    );
    // `%2B` is a `+`: read as the command line reads `queens +8`.
    assert_eq!(
        TraceRequest::from_query("puzzle=queens&n=%2B8&mode=first"),
        Ok(TraceRequest::Queens {
            n: 8,
            given: vec![],
            mode: TraceMode::FirstSolution
        })
    );
    assert_eq!(
        TraceRequest::from_query("mode=first&n=12&puzzle=queens&"),
        Ok(TraceRequest::Queens {
            n: 12,
            given: vec![],
            mode: TraceMode::FirstSolution
        })
    );
    assert_eq!(
        TraceRequest::from_query("puzzle=que%65ns&n=8").map(|request| request.to_string()),
        // Without a mode, the catalogue's default_mode.
        Ok("puzzle=queens&n=8&mode=first".to_string())
    );
}

#[test]
fn bad_requests_say_what_is_wrong() {
    assert_eq!(
        error(""),
        "missing parameter puzzle (puzzle=queens, puzzle=sudoku or puzzle=crossword)"
    );
    assert_eq!(
        error("puzzle=queens"),
        "missing parameter n (the board size, 4 to 12)"
    );
    assert_eq!(
        error("puzzle=queens&n=3"),
        "n must be a whole number from 4 to 12, got \"3\""
    );
    assert_eq!(
        error("puzzle=queens&n=13"),
        "n must be a whole number from 4 to 12, got \"13\""
    );
    assert_eq!(
        error("puzzle=queens&n=+8"),
        "n must be a whole number from 4 to 12, got \" 8\""
    );
    assert_eq!(
        error("puzzle=queens&n=99999999999999999999999"),
        "n must be a whole number from 4 to 12, got \"99999999999999999999999\""
    );
    assert_eq!(
        error("puzzle=queens&n=8&mode=fast"),
        "unknown mode \"fast\" (expected first or all)"
    );
    assert_eq!(
        error("puzzle=chess&n=8"),
        "unknown puzzle \"chess\" (available: queens, sudoku, crossword)"
    );
    assert_eq!(
        error("puzzle=queens&n=8&node=all"),
        "unknown parameter \"node\" (expected puzzle, n, given, mode)"
    );
    assert_eq!(
        error("puzzle=queens&n=8&n=9"),
        "parameter n is given more than once"
    );
    assert_eq!(
        error("puzzle=queens&n=8%"),
        "malformed query: bad percent escape at byte 17 of the query"
    );
    assert_eq!(
        error("puzzle=queens&n=%ff"),
        "malformed query: parameter 2 is not valid UTF-8 once decoded"
    );
    // Empty pieces are no parameters, and not counted.
    assert_eq!(
        error("&&&puzzle=queens&&&&n=%ff"),
        "malformed query: parameter 2 is not valid UTF-8 once decoded"
    );
    assert_eq!(
        error("puzzle=queens&n"),
        "malformed query: \"n\" is not of the form name=value"
    );
    assert_eq!(
        error("=queens"),
        "malformed query: \"=queens\" is not of the form name=value"
    );
}

#[test]
fn given_queens_parse_or_fail_as_the_cli_says() {
    assert_eq!(
        TraceRequest::from_query("puzzle=queens&n=8&given=6:4,+0:3&mode=first"),
        Ok(TraceRequest::Queens {
            n: 8,
            given: vec![(0, 3), (6, 4)],
            mode: TraceMode::FirstSolution
        })
    );
    assert_eq!(
        TraceRequest::from_query("puzzle=queens&n=8&given=").map(|r| r.to_string()),
        Ok("puzzle=queens&n=8&mode=first".to_string())
    );
    assert_eq!(
        TraceRequest::from_query("puzzle=queens&n=8&given=3:1,0:5").map(|r| r.to_string()),
        Ok("puzzle=queens&n=8&given=0:5,3:1&mode=first".to_string())
    );
    // The messages of `puzzles queens 8 --given …`.
    for (given, message) in [
        (
            "0:0,2:2",
            "the pieces at (row 0, col 0) and (row 2, col 2) attack each other (diagonal)",
        ),
        (
            "1:4,5:4",
            "the pieces at (row 1, col 4) and (row 5, col 4) attack each other (column)",
        ),
        (
            "2:1,2:6",
            "the pieces at (row 2, col 1) and (row 2, col 6) attack each other (row)",
        ),
        (
            "0:8",
            "the square (row 0, col 8) is off the board: rows and columns run from 0 to 7",
        ),
        (
            "0-0",
            "given: expected a square as ROW:COL (0-based), like 0:5, got \"0-0\"",
        ),
        (
            "a:1",
            "given: the row in \"a:1\" must be a whole number from 0, got \"a\"",
        ),
        (
            "1:",
            "given: the column in \"1:\" must be a whole number from 0, got \"\"",
        ),
        (
            "0:1,",
            "given: expected a square as ROW:COL (0-based), like 0:5, got \"\"",
        ),
    ] {
        assert_eq!(error(&format!("puzzle=queens&n=8&given={given}")), message);
    }
    let many = vec!["0:0"; MAX_GIVEN + 1].join(",");
    assert_eq!(
        error(&format!("puzzle=queens&n=8&given={many}")),
        "given: at most 144 squares are taken"
    );
    assert_eq!(
        error("puzzle=sudoku&given=0:0&grid=1..............."),
        "unknown parameter \"given\" (expected puzzle, grid, mode)"
    );
}

#[test]
fn board_drawings_take_a_solution() {
    assert_eq!(
        board_from_query("cols=2,0,3,1").unwrap().cols(),
        &[2, 0, 3, 1]
    );
    for (query, message) in [
        (
            "",
            "missing parameter cols (the column of the queen in each row, like cols=1,3,0,2)",
        ),
        (
            "cols=1,3,0,2&n=4",
            "unknown parameter \"n\" (expected cols)",
        ),
        ("cols=1,x,0,2", "cols: \"x\" is not a whole number from 0"),
        ("cols=1,3", "cols: a board has 4 to 12 columns here, got 2"),
        (
            "cols=0,0,0,0,0,0,0,0,0,0,0,0,0,0",
            "cols: a board has 4 to 12 columns here, got more",
        ),
        (
            "cols=1,3,0,4",
            "cols: row 3: column 4 is off the board (n = 4, columns 0 to 3)",
        ),
    ] {
        assert_eq!(
            board_from_query(query).unwrap_err().to_string(),
            message,
            "{query}"
        );
    }
}

const CLASSIC: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

#[test]
fn sudoku_requests_parse() {
    let classic = Puzzle::parse(CLASSIC).unwrap();
    assert_eq!(
        TraceRequest::from_query(&format!("puzzle=sudoku&grid={CLASSIC}&mode=first")),
        Ok(TraceRequest::Sudoku {
            puzzle: classic.clone(),
            mode: TraceMode::FirstSolution
        })
    );
    // As a form sends a grid typed in rows: spaces as `+`, line breaks
    // escaped; `0` for an empty cell. It reads back as one line.
    let rows: Vec<String> = CLASSIC
        .as_bytes()
        .chunks(9)
        .map(|row| String::from_utf8(row.to_vec()).unwrap().replace('.', "0"))
        .collect();
    let typed = rows
        .iter()
        .map(|row| format!("{}+{}+{}", &row[..3], &row[3..6], &row[6..]))
        .collect::<Vec<_>>()
        .join("%0D%0A");
    let request = TraceRequest::from_query(&format!("grid={typed}&puzzle=sudoku")).unwrap();
    assert_eq!(
        request,
        TraceRequest::Sudoku {
            puzzle: classic,
            mode: TraceMode::FirstSolution
        }
    );
    assert_eq!(
        request.to_string(),
        format!("puzzle=sudoku&grid={CLASSIC}&mode=first")
    );
    assert_eq!(request.puzzle(), "sudoku");
    // Every size the library solves, small letters too.
    for (cells, side) in [(16, 4), (81, 9), (256, 16), (625, 25)] {
        let grid = format!(
            "{}{}",
            if side > 9 { "g" } else { "1" },
            ".".repeat(cells - 1)
        );
        let grid = if side == 25 {
            grid.replacen('g', "p", 1)
        } else {
            grid
        };
        match TraceRequest::from_query(&format!("puzzle=sudoku&grid={grid}")) {
            Ok(TraceRequest::Sudoku { puzzle, .. }) => assert_eq!(puzzle.side(), side),
            other => panic!("{side}×{side}: {other:?}"),
        }
    }
}

#[test]
fn bad_grids_say_what_and_where() {
    assert_eq!(
        error("puzzle=sudoku"),
        "missing parameter grid (the puzzle, one character per cell: 81 for 9×9 \
         (16, 256 or 625 for 4×4, 16×16 or 25×25), '.' or '0' for an empty cell)"
    );
    assert_eq!(
        error(&format!("puzzle=sudoku&grid={}", &CLASSIC[1..])),
        "invalid grid: wrong length: 80 cells, where a puzzle has 16, 81, 256 or 625 \
         (4×4, 9×9, 16×16 or 25×25)"
    );
    assert_eq!(
        error("puzzle=sudoku&grid="),
        "invalid grid: wrong length: 0 cells, where a puzzle has 16, 81, 256 or 625 \
         (4×4, 9×9, 16×16 or 25×25)"
    );
    assert_eq!(
        error(&format!(
            "puzzle=sudoku&grid={}x{}",
            &CLASSIC[..4],
            &CLASSIC[5..]
        )),
        "invalid grid: bad character 'x' at column 5 (expected 1-9 for a 9×9 grid, or '.' or \
         '0' for an empty cell)"
    );
    // A grid typed in rows: the line and the column in the text box.
    assert_eq!(
        error("puzzle=sudoku&grid=12..%0A..3.%0A.%E2%80%A2..%0A...."),
        "invalid grid: bad character '•' at line 3, column 2 (expected 1-4 for a 4×4 grid, \
         or '.' or '0' for an empty cell)"
    );
    // A digit too big for the grid's size.
    assert_eq!(
        error("puzzle=sudoku&grid=5..............."),
        "invalid grid: bad character '5' at column 1 (expected 1-4 for a 4×4 grid, \
         or '.' or '0' for an empty cell)"
    );
    assert_eq!(
        error(&format!("puzzle=sudoku&grid=55{}", &CLASSIC[2..])),
        "invalid grid: the givens clash: 5 at r1c1 and at r1c2 are in the same row"
    );
    assert_eq!(
        error("puzzle=sudoku&grid=1...1..........."),
        "invalid grid: the givens clash: 1 at r1c1 and at r2c1 are in the same column"
    );
    assert_eq!(
        error("puzzle=sudoku&grid=1....1.........."),
        "invalid grid: the givens clash: 1 at r1c1 and at r2c2 are in the same box"
    );
    assert_eq!(
        error(&format!("puzzle=sudoku&grid={CLASSIC}&n=9")),
        "unknown parameter \"n\" (expected puzzle, grid, mode)"
    );
    assert_eq!(
        error(&format!("puzzle=sudoku&grid={CLASSIC}&mode=one")),
        "unknown mode \"one\" (expected first or all)"
    );
    assert_eq!(
        error("puzzle=queens&grid=1..............."),
        "unknown parameter \"grid\" (expected puzzle, n, given, mode)"
    );
}

#[test]
fn escapes_decode() {
    assert_eq!(
        parse_pairs("a=%41%62+c&%3D=%26").unwrap(),
        [
            ("a".to_string(), "Ab c".to_string()),
            ("=".to_string(), "&".to_string())
        ]
    );
    assert!(matches!(
        parse_pairs("a=%4"),
        Err(ParamError::BadEscape { offset: 2 })
    ));
}

proptest! {
    #[test]
    fn the_query_parser_never_panics(query in any::<String>()) {
        match TraceRequest::from_query(&query) {
            Ok(request) => {
                // A request that parses names its puzzle and reads back the same.
                prop_assert_eq!(TraceRequest::from_query(&request.to_string()), Ok(request));
            }
            Err(message) => prop_assert!(!message.to_string().is_empty()),
        }
    }

    #[test]
    fn query_shaped_strings_parse_or_fail_cleanly(
        query in "(puzzle|n|mode|grid|given|example|words|steps|[0-9]:[0-9]|,|%[0-9a-fA-F]{0,2}|%0A|%23|[=&+]|queens|sudoku|crossword|english|open-5x5|first|all|[0-9]{1,3}|\\.{16}|1\\.{15}|\\.{2,4}|#){0,12}"
    ) {
        match TraceRequest::from_query(&query) {
            Ok(TraceRequest::Queens { n, .. }) => prop_assert!((MIN_QUEENS..=MAX_QUEENS).contains(&n)),
            Ok(TraceRequest::Sudoku { puzzle, .. }) => prop_assert_eq!(puzzle.side(), 4),
            Ok(request @ TraceRequest::Crossword { .. }) => {
                prop_assert_eq!(TraceRequest::from_query(&request.to_string()), Ok(request));
            }
            Err(message) => prop_assert!(!message.to_string().is_empty()),
        }
    }

    /// Any text at all as the grid: a puzzle, exactly as the library
    /// reads it, or the library's own error.
    #[test]
    fn any_grid_parses_or_fails_with_the_librarys_message(grid in any::<String>()) {
        let escaped: String = grid.bytes().map(|byte| format!("%{byte:02X}")).collect();
        let parsed = TraceRequest::from_query(&format!("puzzle=sudoku&grid={escaped}&mode=first"));
        match (parsed, Puzzle::parse(&grid)) {
            (Ok(TraceRequest::Sudoku { puzzle, mode }), Ok(expected)) => {
                prop_assert_eq!(&puzzle, &expected);
                prop_assert_eq!(mode, TraceMode::FirstSolution);
            }
            (Err(ParamError::Grid(error)), Err(expected)) => {
                prop_assert_eq!(&error, &expected);
                prop_assert!(ParamError::Grid(error).to_string().starts_with("invalid grid: "));
            }
            (parsed, expected) => prop_assert!(false, "{:?} but the library says {:?}", parsed, expected),
        }
    }

    /// Grid-shaped text: the right lengths, digits, letters, empty
    /// marks, whitespace and the odd stray character.
    #[test]
    fn grid_shaped_text_parses_or_names_its_problem(
        cells in proptest::sample::select(vec![15usize, 16, 17, 80, 81, 82, 256, 625]),
        seed in proptest::collection::vec(
            prop_oneof![
                12 => Just(".".to_string()),
                3 => "[0-9A-Pa-p]",
                1 => "[ \n\t]",
                1 => "[x|#+-]|\\PC",
            ],
            625..700,
        ),
    ) {
        // Whitespace is not a cell, so some grids of the right length
        // come out a few cells short: both outcomes are tried.
        let grid: String = seed.iter().take(cells).map(String::as_str).collect();
        let query = format!(
            "puzzle=sudoku&mode=all&grid={}",
            grid.bytes().map(|byte| format!("%{byte:02X}")).collect::<String>()
        );
        match TraceRequest::from_query(&query) {
            Ok(request) => {
                prop_assert_eq!(TraceRequest::from_query(&request.to_string()), Ok(request));
            }
            Err(ParamError::Grid(error)) => {
                let message = ParamError::Grid(error.clone()).to_string();
                prop_assert!(
                    matches!(
                        error,
                        SudokuError::WrongLength { .. }
                            | SudokuError::BadCharacter { .. }
                            | SudokuError::Clash { .. }
                    ),
                    "{}", message
                );
                prop_assert!(message.len() > "invalid grid: ".len() + 10);
            }
            Err(other) => prop_assert!(false, "not a grid error: {}", other),
        }
    }

    #[test]
    fn pairs_round_trip_through_percent_encoding(
        pairs in proptest::collection::btree_map("[a-z]{1,6}", any::<String>(), 0..5)
    ) {
        let encode = |text: &str| -> String {
            text.bytes().map(|byte| format!("%{byte:02X}")).collect()
        };
        let query: Vec<String> = pairs
            .iter()
            .map(|(name, value)| format!("{}={}", encode(name), encode(value)))
            .collect();
        let decoded = parse_pairs(&query.join("&")).unwrap();
        let expected: Vec<(String, String)> = pairs.into_iter().collect();
        prop_assert_eq!(decoded, expected);
    }
}
