//! Queens over HTTP: the traces, the completion of given queens, the board drawing.

use std::ops::ControlFlow;

use puzzles::queens::Board;
use puzzles::trace::{Action, Event, TraceMode, TraceSummary};
use puzzles_web::trace::MAX_EVENTS;

use crate::common::*;

fn library_trace(n: usize, mode: TraceMode) -> (Vec<Event>, TraceSummary) {
    let mut events = Vec::new();
    let summary = Board::new(n).unwrap().trace(mode, |event| {
        events.push(*event);
        ControlFlow::Continue(())
    });
    (events, summary)
}

#[test]
fn four_queens_all_solutions_is_the_librarys_trace() {
    let server = start();
    let answer = get(server.local_addr(), "/api/trace?puzzle=queens&n=4&mode=all");
    assert_eq!(answer.status, 200);
    assert_eq!(answer.header("Content-Type"), Some("application/json"));
    let reply = answer.json();
    assert_eq!(reply["puzzle"], "queens");
    assert_eq!(reply["n"], 4);
    assert_eq!(reply["mode"], "all");
    assert_eq!(reply["truncated"], false);
    assert!(reply.get("message").is_none());

    let events: Vec<Event> = serde_json::from_value(reply["events"].clone()).unwrap();
    let solutions = events
        .iter()
        .filter(|event| event.action.name() == "solution")
        .count();
    assert_eq!(solutions, 2);

    // The same events and counters as the library's trace, which is what
    // `puzzles queens 4 --trace` prints.
    let (expected_events, expected_summary) = library_trace(4, TraceMode::AllSolutions);
    assert_eq!(events, expected_events);
    let summary: TraceSummary = serde_json::from_value(reply["summary"].clone()).unwrap();
    assert_eq!(summary, expected_summary);
    assert_eq!(
        (
            summary.counters.placements,
            summary.counters.conflicts,
            summary.counters.backtracks,
            summary.counters.solutions,
            summary.steps
        ),
        (16, 44, 15, 2, 93)
    );
    // Each event is serialised exactly as `--trace --format json` writes it.
    assert!(answer.text().contains(
        r#"{"step":2,"depth":1,"event":"conflict","row":1,"col":0,"with":[0,0],"kind":"column"}"#
    ));
}

#[test]
fn first_solution_mode_stops_at_the_first_solution() {
    let server = start();
    for n in [4, 8, 12] {
        let reply = get(
            server.local_addr(),
            &format!("/api/trace?puzzle=queens&n={n}&mode=first"),
        )
        .json();
        let (events, summary) = library_trace(n, TraceMode::FirstSolution);
        assert_eq!(reply["events"].as_array().unwrap().len(), events.len());
        assert_eq!(reply["summary"]["counters"]["solutions"], 1);
        assert_eq!(
            serde_json::from_value::<TraceSummary>(reply["summary"].clone()).unwrap(),
            summary
        );
    }
}

#[test]
fn long_searches_are_cut_at_the_cap_with_a_message() {
    let server = start();
    let answer = get(
        server.local_addr(),
        "/api/trace?puzzle=queens&n=10&mode=all",
    );
    assert_eq!(answer.status, 200);
    let reply = answer.json();
    assert_eq!(reply["truncated"], true);
    assert_eq!(reply["limit"], MAX_EVENTS);
    assert_eq!(reply["summary"]["completed"], false);
    assert_eq!(reply["summary"]["steps"], MAX_EVENTS);
    let events = reply["events"].as_array().unwrap();
    assert_eq!(events.len(), MAX_EVENTS);
    assert_eq!(events.last().unwrap()["step"], MAX_EVENTS);
    let message = reply["message"].as_str().unwrap();
    assert!(message.contains("first-solution mode"), "{message}");
    assert!(message.contains("smaller N"), "{message}");
}

#[test]
fn given_queens_give_the_completion_trace() {
    let server = start();
    let answer = get(
        server.local_addr(),
        "/api/trace?puzzle=queens&n=6&given=0:1&mode=all",
    );
    assert_eq!(answer.status, 200);
    let reply = answer.json();
    assert_eq!(reply["given"], serde_json::json!([[0, 1]]));
    let events: Vec<Event> = serde_json::from_value(reply["events"].clone()).unwrap();
    let mut expected = Vec::new();
    Board::new(6)
        .unwrap()
        .with_given(&[(0, 1)])
        .unwrap()
        .trace(TraceMode::AllSolutions, |event| {
            expected.push(*event);
            ControlFlow::Continue(())
        });
    assert_eq!(events, expected);
    assert_eq!(
        events[0].action,
        Action::Place {
            row: 0,
            col: 1,
            value: None,
            forced: false,
        }
    );
    assert_eq!(reply["summary"]["counters"]["solutions"], 1);
    assert_eq!(
        reply["classes"],
        serde_json::json!([{"representative": [1, 3, 5, 0, 2, 4], "size": 4, "solutions": [1]}])
    );
    // Queens that cannot be completed: a finished search with no solution.
    let none = get(
        server.local_addr(),
        "/api/trace?puzzle=queens&n=6&given=0:0&mode=all",
    )
    .json();
    assert_eq!(none["summary"]["counters"]["solutions"], 0);
    assert_eq!(none["summary"]["completed"], true);
    assert_eq!(none["classes"], serde_json::json!([]));
    // No given queens: the plain search, and no `given` field.
    let plain = get(
        server.local_addr(),
        "/api/trace?puzzle=queens&n=4&given=&mode=first",
    )
    .json();
    assert!(plain.get("given").is_none());
    assert_eq!(plain["summary"]["steps"], 35);
}

#[test]
fn bad_given_queens_are_400_with_the_clis_messages() {
    let server = start();
    // The messages `puzzles queens 8 --given …` prints after "puzzles: error: ".
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
            "8:0",
            "the square (row 8, col 0) is off the board: rows and columns run from 0 to 7",
        ),
        (
            "0-0",
            "given: expected a square as ROW:COL (0-based), like 0:5, got \"0-0\"",
        ),
        (
            "a:1",
            "given: the row in \"a:1\" must be a whole number from 0, got \"a\"",
        ),
    ] {
        let answer = get(
            server.local_addr(),
            &format!("/api/trace?puzzle=queens&n=8&given={given}&mode=all"),
        );
        assert_eq!(answer.status, 400, "{given}");
        assert_eq!(answer.json()["error"], message, "{given}");
    }
}

#[test]
fn a_solution_is_served_as_the_librarys_svg() {
    let server = start();
    let answer = get(server.local_addr(), "/api/board.svg?cols=2,0,3,1");
    assert_eq!(answer.status, 200);
    assert_eq!(answer.header("Content-Type"), Some("image/svg+xml"));
    let drawing = answer.text();
    assert!(drawing.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert_eq!(drawing.matches("class=\"queen\"").count(), 4);
    let refused = get(server.local_addr(), "/api/board.svg?cols=0,1,2,3");
    assert_eq!(refused.status, 400);
    assert_eq!(
        refused.json()["error"],
        "cols: the pieces at (row 0, col 0) and (row 1, col 1) attack each other (diagonal)"
    );
}
