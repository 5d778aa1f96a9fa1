//! Crosswords over HTTP: the library's trace, bad parameters, a grid without a fill.

use std::ops::ControlFlow;

use puzzles::crossword::{Filler, Grid, WordList};
use puzzles::trace::TraceMode;

use crate::common::*;

fn escaped(text: &str) -> String {
    text.bytes().map(|byte| format!("%{byte:02X}")).collect()
}

/// A crossword over HTTP: the library's own events (those of `puzzles
/// crossword GRID --trace --format json`), the grid and its slots, and the
/// candidate counts each event changed, which replay to the library's.
#[test]
fn a_crossword_trace_is_the_librarys_trace() {
    let server = start();
    let text = "...#\nCAT.\n....\n#...";
    let answer = get(
        server.local_addr(),
        &format!(
            "/api/trace?puzzle=crossword&grid={}&mode=first",
            escaped(text)
        ),
    );
    assert_eq!(answer.status, 200);
    assert_eq!(answer.header("Content-Type"), Some("application/json"));
    let body = answer.json();
    assert_eq!(body["puzzle"], "crossword");
    assert_eq!(
        (body["rows"].as_u64(), body["cols"].as_u64()),
        (Some(4), Some(4))
    );
    assert_eq!(
        body["lines"],
        serde_json::json!(["...#", "CAT.", "....", "#..."])
    );
    assert_eq!(body["words"], "english");
    let grid = Grid::parse(text).unwrap();
    let filler = Filler::new(&grid, &WordList::english()).unwrap();
    let mut expected = Vec::new();
    let summary = filler.trace_with_candidates(TraceMode::FirstSolution, &mut |event, counts| {
        let mut value = serde_json::to_value(event).unwrap();
        value["counts"] = serde_json::json!(counts);
        expected.push(value);
        ControlFlow::Continue(())
    });
    let events = body["events"].as_array().unwrap();
    assert_eq!(events.len() as u64, summary.steps);
    let mut counts: Vec<u64> = body["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .map(|count| count.as_u64().unwrap())
        .collect();
    assert_eq!(counts.len(), grid.slots().len());
    for (event, expected) in events.iter().zip(&expected) {
        for change in event["candidates"].as_array().into_iter().flatten() {
            counts[change[0].as_u64().unwrap() as usize] = change[1].as_u64().unwrap();
        }
        let mut event = event.clone();
        event.as_object_mut().unwrap().remove("candidates");
        let mut expected = expected.clone();
        let expected_counts = expected.as_object_mut().unwrap().remove("counts").unwrap();
        assert_eq!(event, expected);
        assert_eq!(serde_json::json!(counts), expected_counts);
    }
    assert_eq!(
        body["summary"],
        serde_json::to_value(summary).unwrap(),
        "the closing line of the CLI's trace"
    );
    // An example by name is the same search as its grid typed in.
    let named = get(
        server.local_addr(),
        "/api/trace?puzzle=crossword&example=theme-word&mode=first",
    );
    assert_eq!(named.json()["events"], body["events"]);
}

#[test]
fn bad_crossword_parameters_are_400_with_a_message() {
    let server = start();
    for (query, message) in [
        (
            "puzzle=crossword&example=nowhere",
            "unknown example \"nowhere\" (available: open-5x5, theme-word, no-fill, corner-z, every-2x2)",
        ),
        (
            "puzzle=crossword&grid=..%0A.!",
            "invalid grid: line 2, column 2: unexpected character '!' (expected '#', '.' or a letter A-Z)",
        ),
        (
            "puzzle=crossword&grid=QZ.%0A...%0A...",
            "invalid grid: 1 across (QZ.): no word of the list fits",
        ),
        (
            "puzzle=crossword&grid=..&words=%2Fetc%2Fpasswd",
            "unknown word list \"/etc/passwd\" (the page offers words=english, the list shipped \
             with puzzles; puzzles crossword GRID --words FILE takes your own)",
        ),
        (
            "puzzle=crossword&grid=..&steps=lots",
            "steps must be a whole number from 1 to 200000, got \"lots\"",
        ),
    ] {
        let answer = get(server.local_addr(), &format!("/api/trace?{query}"));
        assert_eq!(answer.status, 400, "{query}");
        assert_eq!(answer.json()["error"], message, "{query}");
    }
    let big = vec![".".repeat(16); 16].join("%0A");
    let answer = get(
        server.local_addr(),
        &format!("/api/trace?puzzle=crossword&grid={big}"),
    );
    assert_eq!(answer.status, 400);
    assert!(
        answer.json()["error"]
            .as_str()
            .unwrap()
            .contains("at most 15×15")
    );
}

/// A fill that does not exist: the whole tree, and no solution.
#[test]
fn a_grid_without_a_fill_is_searched_to_the_end() {
    let server = start();
    let answer = get(
        server.local_addr(),
        "/api/trace?puzzle=crossword&example=no-fill&mode=first",
    );
    assert_eq!(answer.status, 200);
    let body = answer.json();
    assert_eq!(body["summary"]["counters"]["solutions"], 0);
    assert_eq!(body["summary"]["completed"], true);
    assert_eq!(body["truncated"], false);
}
