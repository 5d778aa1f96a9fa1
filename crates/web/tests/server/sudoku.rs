//! Sudoku over HTTP: the traces, the cap, bad grids, the largest grid.

use std::ops::ControlFlow;

use puzzles::sudoku::{self, Puzzle};
use puzzles::trace::{Action, ConflictKind, Event, TraceMode, TraceSummary};
use puzzles_web::routes::MAX_URL_BYTES;
use puzzles_web::trace::MAX_EVENTS;

use crate::common::*;

/// Wikipedia's example, with one guess-free search.
const CLASSIC: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn library_sudoku_trace(grid: &str, mode: TraceMode) -> (Vec<Event>, TraceSummary) {
    let puzzle = Puzzle::parse(grid).unwrap();
    let mut events = Vec::new();
    let summary = sudoku::trace(&puzzle, mode, |event| {
        events.push(*event);
        ControlFlow::Continue(())
    });
    (events, summary)
}

#[test]
fn a_sudoku_trace_is_the_librarys_trace() {
    let server = start();
    let grid = puzzles_web::examples::SUDOKU_DEFAULT;
    for (mode, name) in [
        (TraceMode::FirstSolution, "first"),
        (TraceMode::AllSolutions, "all"),
    ] {
        let answer = get(
            server.local_addr(),
            &format!("/api/trace?puzzle=sudoku&grid={grid}&mode={name}"),
        );
        assert_eq!(answer.status, 200);
        let reply = answer.json();
        assert_eq!(reply["puzzle"], "sudoku");
        assert_eq!(reply["box_size"], 3);
        assert_eq!(reply["side"], 9);
        assert_eq!(reply["grid"], grid);
        assert_eq!(reply["mode"], name);
        assert_eq!(reply["truncated"], false);
        let events: Vec<Event> = serde_json::from_value(reply["events"].clone()).unwrap();
        let summary: TraceSummary = serde_json::from_value(reply["summary"].clone()).unwrap();
        let (expected_events, expected_summary) = library_sudoku_trace(grid, mode);
        assert_eq!(events, expected_events, "{name}");
        assert_eq!(summary, expected_summary, "{name}");
    }
    // The counters of the first-solution search: singles, one guess that
    // fails two levels down, a backtrack, and the right guess.
    let answer = get(
        server.local_addr(),
        &format!("/api/trace?puzzle=sudoku&grid={grid}&mode=first"),
    );
    let reply = answer.json();
    let counters = &reply["summary"]["counters"];
    assert_eq!(
        [
            &counters["placements"],
            &counters["conflicts"],
            &counters["removals"],
            &counters["backtracks"],
            &counters["solutions"],
            &reply["summary"]["steps"]
        ],
        [68, 21, 4, 1, 1, 95]
    );
    // Events carry the digit, and a conflict names the cell it clashes
    // with and the unit they share, as `--trace --format json` writes it.
    assert!(answer.text().contains(
        r#"{"step":22,"depth":0,"event":"conflict","row":4,"col":8,"value":1,"with":[4,7],"kind":"row"}"#
    ));
    let events: Vec<Event> = serde_json::from_value(reply["events"].clone()).unwrap();
    assert!(events.iter().any(|event| matches!(
        event.action,
        Action::Conflict {
            kind: ConflictKind::Column,
            ..
        }
    )));
}

#[test]
fn a_sudoku_solved_by_singles_has_no_conflict_and_every_size_is_served() {
    let server = start();
    let reply = get(
        server.local_addr(),
        &format!("/api/trace?puzzle=sudoku&grid={CLASSIC}&mode=first"),
    )
    .json();
    let (events, summary) = library_sudoku_trace(CLASSIC, TraceMode::FirstSolution);
    assert_eq!(reply["events"].as_array().unwrap().len(), events.len());
    assert_eq!(summary.counters.conflicts, 0);
    assert_eq!(
        serde_json::from_value::<TraceSummary>(reply["summary"].clone()).unwrap(),
        summary
    );
    // 4×4 to 25×25, each example the page offers.
    for example in puzzles_web::examples::SUDOKU {
        let answer = get(
            server.local_addr(),
            &format!("/api/trace?puzzle=sudoku&grid={}&mode=first", example.grid),
        );
        assert_eq!(answer.status, 200, "{}", example.label);
        let side = Puzzle::parse(example.grid).unwrap().side();
        assert_eq!(answer.json()["side"], side);
    }
}

#[test]
fn a_sudoku_with_many_solutions_is_cut_at_the_cap_with_a_message() {
    let server = start();
    let empty = ".".repeat(81);
    let reply = get(
        server.local_addr(),
        &format!("/api/trace?puzzle=sudoku&grid={empty}&mode=all"),
    )
    .json();
    assert_eq!(reply["truncated"], true);
    assert_eq!(reply["events"].as_array().unwrap().len(), MAX_EVENTS);
    let message = reply["message"].as_str().unwrap();
    assert!(message.contains("many solutions"), "{message}");
    assert!(message.contains("first-solution mode"), "{message}");
    // The deepest search of all, an empty 25×25 grid, is answered (it
    // once overflowed a connection thread's stack and aborted the server).
    let empty = ".".repeat(625);
    for mode in ["first", "all"] {
        let answer = get(
            server.local_addr(),
            &format!("/api/trace?puzzle=sudoku&grid={empty}&mode={mode}"),
        );
        assert_eq!(answer.status, 200, "{mode}");
    }
    assert_eq!(get(server.local_addr(), "/").status, 200);
}

#[test]
fn bad_sudoku_grids_are_400_naming_the_problem() {
    let server = start();
    let classic_with =
        |at: usize, text: &str| format!("{}{text}{}", &CLASSIC[..at], &CLASSIC[at + 1..]);
    for (grid, message) in [
        (
            CLASSIC[..80].to_string(),
            "invalid grid: wrong length: 80 cells, where a puzzle has 16, 81, 256 or 625 \
             (4×4, 9×9, 16×16 or 25×25)",
        ),
        (
            format!("{CLASSIC}1"),
            "invalid grid: wrong length: 82 cells, where a puzzle has 16, 81, 256 or 625 \
             (4×4, 9×9, 16×16 or 25×25)",
        ),
        (
            classic_with(10, "x"),
            "invalid grid: bad character 'x' at column 11 (expected 1-9 for a 9×9 grid, or '.' \
             or '0' for an empty cell)",
        ),
        (
            classic_with(10, "A"),
            "invalid grid: bad character 'A' at column 11 (expected 1-9 for a 9×9 grid, or '.' \
             or '0' for an empty cell)",
        ),
        (
            classic_with(2, "5"),
            "invalid grid: the givens clash: 5 at r1c1 and at r1c3 are in the same row",
        ),
        (
            classic_with(9, "5"),
            "invalid grid: the givens clash: 5 at r1c1 and at r2c1 are in the same column",
        ),
        (
            classic_with(19, "3"),
            "invalid grid: the givens clash: 3 at r1c2 and at r3c2 are in the same column",
        ),
        (
            classic_with(20, "5"),
            "invalid grid: the givens clash: 5 at r1c1 and at r3c3 are in the same box",
        ),
    ] {
        let answer = get(
            server.local_addr(),
            &format!("/api/trace?puzzle=sudoku&mode=first&grid={grid}"),
        );
        assert_eq!(answer.status, 400, "{grid}");
        assert_eq!(answer.json()["error"], message, "{grid}");
    }
    // Typed in rows, the position is the line and column in the text box.
    let answer = get(
        server.local_addr(),
        "/api/trace?puzzle=sudoku&grid=1234%0A34.2%0A21%3F3%0A4321",
    );
    assert_eq!(answer.status, 400);
    assert_eq!(
        answer.json()["error"],
        "invalid grid: bad character '?' at line 3, column 3 (expected 1-4 for a 4×4 grid, or \
         '.' or '0' for an empty cell)"
    );
    let missing = get(server.local_addr(), "/api/trace?puzzle=sudoku&mode=first");
    assert_eq!(missing.status, 400);
    assert!(
        missing.json()["error"]
            .as_str()
            .unwrap()
            .starts_with("missing parameter grid")
    );
}

#[test]
fn the_largest_grid_fits_the_request_line_limit() {
    let server = start();
    // A 25×25 puzzle typed with a space after every cell and a line break
    // after every row: about 1,400 bytes of request target.
    let grid = puzzles_web::examples::SUDOKU
        .iter()
        .find(|example| example.grid.len() == 625)
        .unwrap()
        .grid;
    let rows: Vec<String> = grid
        .as_bytes()
        .chunks(25)
        .map(|row| {
            row.iter()
                .map(|&cell| format!("{}+", cell as char))
                .collect()
        })
        .collect();
    let target = format!(
        "/api/trace?puzzle=sudoku&mode=first&grid={}",
        rows.join("%0A")
    );
    assert!(target.len() > 1300 && target.len() < MAX_URL_BYTES);
    let answer = get(server.local_addr(), &target);
    assert_eq!(answer.status, 200);
    assert_eq!(answer.json()["grid"], grid);
}
