//! The server over real sockets: it is started in-process on a free port and
//! spoken to with plain `TcpStream`s, so that malformed and oversized
//! requests can be sent exactly as written.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use puzzles::crossword::{Filler, Grid, WordList};
use puzzles::queens::Board;
use puzzles::sudoku::{self, Puzzle};
use puzzles::trace::{Action, ConflictKind, Event, TraceMode, TraceSummary};
use puzzles_web::routes::{MAX_BODY_BYTES, MAX_URL_BYTES};
use puzzles_web::trace::MAX_EVENTS;
use puzzles_web::{Limits, Running, Server};
use serde_json::Value;

struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(key, _)| key.eq_ignore_ascii_case(name))
            .map(|(_, value)| value.as_str())
    }

    fn json(&self) -> Value {
        serde_json::from_slice(&self.body).expect("the body is JSON")
    }

    fn text(&self) -> String {
        String::from_utf8(self.body.clone()).expect("the body is UTF-8")
    }
}

/// Waits until `ready()` holds: a readiness signal, polled, in place of a
/// sleep that guesses how long the server needs. Gives up after a minute,
/// which only a hung server takes.
fn wait_until(what: &str, ready: impl Fn() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while !ready() {
        assert!(Instant::now() < deadline, "never came: {what}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn start() -> Running {
    Server::bind("127.0.0.1", 0).expect("a free port").spawn()
}

/// Sends `raw` as it is (but for `Host: localhost`, which gets the port:
/// the server answers only for the addresses it listens on) and reads the
/// whole answer (the requests ask the server to close the connection, or
/// are refused, so it ends).
fn exchange(address: SocketAddr, raw: &[u8]) -> Answer {
    let mut stream = TcpStream::connect(address).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let raw = String::from_utf8_lossy(raw).replacen(
        "\r\nHost: localhost\r\n",
        &format!("\r\nHost: localhost:{}\r\n", address.port()),
        1,
    );
    stream.write_all(raw.as_bytes()).unwrap();
    let mut bytes = Vec::new();
    // The server may reset a connection whose unread body it drops; what it
    // sent before that is the answer.
    let _ = stream.read_to_end(&mut bytes);
    parse(&bytes)
}

fn parse(bytes: &[u8]) -> Answer {
    let split = bytes
        .windows(4)
        .position(|window| window == b"\r\n\r\n")
        .unwrap_or_else(|| panic!("no header end in {:?}", String::from_utf8_lossy(bytes)));
    let head = String::from_utf8(bytes[..split].to_vec()).unwrap();
    let mut lines = head.split("\r\n");
    let status_line = lines.next().unwrap();
    let status = status_line
        .split(' ')
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or_else(|| panic!("bad status line {status_line:?}"));
    let headers: Vec<(String, String)> = lines
        .map(|line| {
            let (name, value) = line.split_once(':').unwrap();
            (name.trim().to_string(), value.trim().to_string())
        })
        .collect();
    let mut answer = Answer {
        status,
        headers,
        body: bytes[split + 4..].to_vec(),
    };
    if let Some(length) = answer.header("Content-Length") {
        let length: usize = length.parse().unwrap();
        answer.body.truncate(length);
    }
    answer
}

fn get(address: SocketAddr, target: &str) -> Answer {
    let answer = exchange(
        address,
        format!("GET {target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n").as_bytes(),
    );
    assert_eq!(
        answer.header("Content-Length"),
        Some(answer.body.len().to_string().as_str()),
        "the whole body arrives, its length announced"
    );
    answer
}

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
fn the_page_and_its_assets_are_served_with_a_strict_policy() {
    let server = start();
    let page = get(server.local_addr(), "/");
    assert_eq!(page.status, 200);
    assert_eq!(
        page.header("Content-Type"),
        Some("text/html; charset=utf-8")
    );
    assert!(
        page.text()
            .contains("<script type=\"module\" src=\"/app.js\"")
    );
    let policy = page.header("Content-Security-Policy").unwrap();
    assert!(policy.contains("default-src 'none'") && policy.contains("connect-src 'self'"));
    assert_eq!(page.header("X-Content-Type-Options"), Some("nosniff"));
    for (path, kind) in [
        ("/app.js", "text/javascript; charset=utf-8"),
        ("/style.css", "text/css; charset=utf-8"),
        ("/api/puzzles", "application/json"),
    ] {
        let answer = get(server.local_addr(), path);
        assert_eq!(answer.status, 200, "{path}");
        assert_eq!(answer.header("Content-Type"), Some(kind), "{path}");
    }
    let catalogue = get(server.local_addr(), "/api/puzzles").json();
    assert_eq!(catalogue["puzzles"][0]["id"], "queens");
    assert_eq!(catalogue["puzzles"][1]["id"], "sudoku");
    assert_eq!(
        catalogue["puzzles"][1]["parameters"][0]["default"],
        puzzles_web::examples::SUDOKU_DEFAULT
    );
    assert_eq!(catalogue["max_events"], MAX_EVENTS);
}

#[test]
fn head_answers_without_a_body() {
    let server = start();
    let answer = exchange(
        server.local_addr(),
        b"HEAD / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
    );
    assert_eq!(answer.status, 200);
    assert!(answer.body.is_empty());
    assert_ne!(answer.header("Content-Length"), Some("0"));
}

#[test]
fn unknown_paths_are_404() {
    let server = start();
    let page = get(server.local_addr(), "/secret/../etc/passwd");
    assert_eq!(page.status, 404);
    assert_eq!(page.text(), "no such page: /secret/../etc/passwd\n");
    let api = get(server.local_addr(), "/api/solve?n=8");
    assert_eq!(api.status, 404);
    assert_eq!(api.json()["error"], "no such page: /api/solve");
}

#[test]
fn bad_parameters_are_400_with_a_message() {
    let server = start();
    for (query, message) in [
        (
            "puzzle=queens&n=13",
            "n must be a whole number from 4 to 12, got \"13\"",
        ),
        (
            "puzzle=queens&n=3&mode=all",
            "n must be a whole number from 4 to 12, got \"3\"",
        ),
        (
            "puzzle=queens&n=8&mode=quick",
            "unknown mode \"quick\" (expected first or all)",
        ),
        (
            "puzzle=kakuro&grid=123",
            "unknown puzzle \"kakuro\" (available: queens, sudoku, crossword)",
        ),
        (
            "puzzle=queens&n=%zz",
            "malformed query: bad percent escape at byte 16 of the query",
        ),
        (
            "",
            "missing parameter puzzle (puzzle=queens, puzzle=sudoku or puzzle=crossword)",
        ),
    ] {
        let answer = get(server.local_addr(), &format!("/api/trace?{query}"));
        assert_eq!(answer.status, 400, "{query}");
        assert_eq!(answer.json()["error"], message, "{query}");
    }
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
            value: None
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
            "invalid grid: bad character 'x' at column 11 (expected a digit (1-9 for 9×9, up to \
             1-9 and A-P for 25×25), or '.' or '0' for an empty cell)",
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
        "invalid grid: bad character '?' at line 3, column 3 (expected a digit (1-9 for 9×9, up \
         to 1-9 and A-P for 25×25), or '.' or '0' for an empty cell)"
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

#[test]
fn other_methods_are_405() {
    let server = start();
    for method in ["POST", "PUT", "DELETE", "OPTIONS"] {
        let answer = exchange(
            server.local_addr(),
            format!(
                "{method} /api/trace?puzzle=queens&n=4 HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
            )
            .as_bytes(),
        );
        assert_eq!(answer.status, 405, "{method}");
        assert_eq!(answer.header("Allow"), Some("GET, HEAD"));
        assert_eq!(
            answer.json()["error"],
            format!("method {method} is not allowed: this server only answers GET and HEAD")
        );
    }
}

#[test]
fn long_urls_are_414() {
    let server = start();
    let target = format!(
        "/api/trace?puzzle=queens&n=4&pad={}",
        "x".repeat(MAX_URL_BYTES)
    );
    let answer = get(server.local_addr(), &target);
    assert_eq!(answer.status, 414);
    assert!(
        answer.json()["error"]
            .as_str()
            .unwrap()
            .contains("at most 2048")
    );
    // Just under the limit is an ordinary request (here a 400 for the
    // unknown parameter).
    let fits = "/api/trace?puzzle=queens&n=4&pad=".to_string();
    let fits = format!("{fits}{}", "x".repeat(MAX_URL_BYTES - fits.len()));
    assert_eq!(get(server.local_addr(), &fits).status, 400);
}

#[test]
fn large_bodies_are_413_without_being_read() {
    let server = start();
    // The body is announced but never sent: the answer must not wait for it.
    let answer = exchange(
        server.local_addr(),
        format!(
            "POST /api/trace HTTP/1.1\r\nHost: localhost\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
            100 * 1024 * 1024
        )
        .as_bytes(),
    );
    assert_eq!(answer.status, 413);
    assert!(
        answer.json()["error"]
            .as_str()
            .unwrap()
            .contains(&format!("at most {MAX_BODY_BYTES}"))
    );
    let chunked = exchange(
        server.local_addr(),
        b"GET / HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n",
    );
    assert_eq!(chunked.status, 413);
}

#[test]
fn absurd_announced_bodies_are_refused_without_harm() {
    let server = start();
    // tiny_http 0.12 allocated the announced length when it dropped an
    // unread body: the first of these aborted the process, the second
    // killed a worker thread. The server must refuse them and carry on.
    for length in [
        "200000000000",
        "18446744073709551615",
        "99999999999999999999999",
    ] {
        let answer = exchange(
            server.local_addr(),
            format!("POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: {length}\r\n\r\nabc")
                .as_bytes(),
        );
        assert_eq!(answer.status, 413, "Content-Length: {length}");
    }
    assert_eq!(get(server.local_addr(), "/").status, 200);
}

#[test]
fn oversized_heads_are_refused_before_they_are_read() {
    let server = start();
    let address = server.local_addr();
    // A request line of a megabyte: refused after its first few kilobytes.
    let mut stream = TcpStream::connect(address).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let line = format!("GET /{} HTTP/1.1\r\n\r\n", "a".repeat(1 << 20));
    // The server stops reading, so the rest of the write may fail.
    let _ = stream.write_all(line.as_bytes());
    let mut bytes = Vec::new();
    let _ = stream.read_to_end(&mut bytes);
    assert!(
        bytes.starts_with(b"HTTP/1.1 414 URI Too Long\r\n"),
        "{:?}",
        String::from_utf8_lossy(&bytes[..bytes.len().min(80)])
    );
    // Too many headers, and too large a head.
    let many: String = (0..40).map(|i| format!("X-Header-{i}: {i}\r\n")).collect();
    let answer = exchange(
        address,
        format!("GET / HTTP/1.1\r\nHost: localhost\r\n{many}\r\n").as_bytes(),
    );
    assert_eq!(answer.status, 431);
    assert_eq!(answer.text(), "a request may carry at most 32 headers\n");
    let big = format!("GET / HTTP/1.1\r\nCookie: {}\r\n\r\n", "c".repeat(10_000));
    assert_eq!(exchange(address, big.as_bytes()).status, 431);
    assert_eq!(get(address, "/").status, 200);
}

#[test]
fn garbage_is_refused_and_the_server_keeps_serving() {
    let server = start();
    let garbage = exchange(server.local_addr(), b"\x00\x01 not http at all\r\n\r\n");
    assert_eq!(garbage.status, 400);
    assert_eq!(get(server.local_addr(), "/").status, 200);
}

#[test]
fn a_slow_client_does_not_block_the_others() {
    let server = start();
    // A client that opens a request and never finishes it.
    let mut idle = TcpStream::connect(server.local_addr()).unwrap();
    idle.write_all(b"GET / HTTP/1.1\r\nHost: loc").unwrap();
    // Several traces at once, while it waits.
    let threads: Vec<_> = (0..6)
        .map(|_| {
            let address = server.local_addr();
            std::thread::spawn(move || get(address, "/api/trace?puzzle=queens&n=9&mode=all").status)
        })
        .collect();
    for thread in threads {
        assert_eq!(thread.join().unwrap(), 200);
    }
    drop(idle);
}

#[test]
fn shutting_down_closes_the_port() {
    let server = start();
    let address = server.local_addr();
    assert_eq!(get(address, "/").status, 200);
    server.shutdown();
    // The workers are gone; tiny_http's listener closes with the last
    // handle, so a new connection is refused or gets no answer.
    let answered = TcpStream::connect(address).ok().and_then(|mut stream| {
        stream
            .set_read_timeout(Some(Duration::from_millis(500)))
            .unwrap();
        stream
            .write_all(b"GET / HTTP/1.1\r\nConnection: close\r\n\r\n")
            .ok()?;
        let mut byte = [0; 1];
        stream.read(&mut byte).ok().filter(|&read| read > 0)
    });
    assert_eq!(answered, None);
}

#[test]
fn a_get_or_head_with_a_body_is_413() {
    let server = start();
    for method in ["GET", "HEAD"] {
        let answer = exchange(
            server.local_addr(),
            format!(
                "{method} /api/trace?puzzle=queens&n=4 HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello"
            )
            .as_bytes(),
        );
        assert_eq!(answer.status, 413, "{method}");
    }
    assert_eq!(get(server.local_addr(), "/").status, 200);
}

/// Issue 13: the server answered any `Host`, so a page of another site could
/// reach it by DNS rebinding.
#[test]
fn only_the_listening_addresses_are_answered() {
    let server = start();
    let address = server.local_addr();
    let with_host = |host: &str| {
        exchange(
            address,
            format!("GET / HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n").as_bytes(),
        )
    };
    let port = address.port();
    assert_eq!(with_host(&format!("127.0.0.1:{port}")).status, 200);
    assert_eq!(with_host(&format!("localhost:{port}")).status, 200);
    let rebound = with_host(&format!("attacker.example:{port}"));
    assert_eq!(rebound.status, 400);
    assert!(
        rebound.text().contains("does not answer for host"),
        "{}",
        rebound.text()
    );
    assert_eq!(
        with_host(&format!("127.0.0.1:{}", port.wrapping_add(1))).status,
        400
    );
    let none = exchange(address, b"GET / HTTP/1.1\r\nConnection: close\r\n\r\n");
    assert_eq!(none.status, 400);
}

/// A client sending `GET / HTTP/1.1` one byte every `pause`, never
/// finishing, reconnecting whenever the server drops it, until `stop`;
/// returns the status of each answer it got (0: closed without one).
fn trickle(address: SocketAddr, pause: Duration, stop: Instant) -> Vec<u16> {
    let mut ends = Vec::new();
    while Instant::now() < stop {
        let Ok(mut stream) = TcpStream::connect(address) else {
            ends.push(0);
            continue;
        };
        let _ = stream.set_read_timeout(Some(pause));
        let mut bytes = Vec::new();
        for &byte in b"GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: "
            .iter()
            .cycle()
        {
            if Instant::now() >= stop || stream.write_all(&[byte]).is_err() {
                break;
            }
            let mut buf = [0u8; 1024];
            match stream.read(&mut buf) {
                Ok(0) => break,
                Ok(read) => bytes.extend_from_slice(&buf[..read]),
                Err(_) => {} // nothing yet: the pause
            }
        }
        if Instant::now() >= stop && bytes.is_empty() {
            break; // still trickling when the test ended
        }
        let _ = stream.set_read_timeout(Some(Duration::from_secs(2)));
        let _ = stream.read_to_end(&mut bytes);
        ends.push(if bytes.is_empty() {
            0
        } else {
            parse(&bytes).status
        });
    }
    ends
}

/// 40 slow clients for 6 s on a server whose head deadline is 2 s, and a
/// normal request every 50 ms among them: how each slow client's
/// connections ended (its statuses, 0 for closed without one), and how
/// long each normal request took.
fn among_slow_clients() -> (Vec<u16>, Vec<Duration>) {
    let limits = Limits {
        head_deadline: Duration::from_secs(2),
        ..Limits::default()
    };
    let server = Server::bind("127.0.0.1", 0)
        .unwrap()
        .with_limits(limits)
        .spawn();
    let address = server.local_addr();
    let stop = Instant::now() + Duration::from_secs(6);
    let slow: Vec<_> = (0..40)
        .map(|_| std::thread::spawn(move || trickle(address, Duration::from_millis(200), stop)))
        .collect();
    wait_until("the slow clients connected", || {
        server.load().connections >= 40
    });
    let mut latencies = Vec::new();
    while Instant::now() < stop {
        let started = Instant::now();
        let answer = get(address, "/");
        latencies.push(started.elapsed());
        assert_eq!(answer.status, 200, "a normal request among slow clients");
        std::thread::sleep(Duration::from_millis(50));
    }
    let ends: Vec<u16> = slow
        .into_iter()
        .flat_map(|thread| thread.join().unwrap())
        .collect();
    (ends, latencies)
}

/// Issue 13: the timeout was per read, so a client sending a byte a second
/// was never dropped, and 32 of them took every connection: 40 such clients
/// made 60 of 60 normal requests fail. Now each must send its whole head
/// within the head deadline (2 s here, to keep the test short), and every
/// normal request among them is answered.
#[test]
fn slow_clients_do_not_lock_the_others_out() {
    let (ends, latencies) = among_slow_clients();
    // Every slow client was dropped at its deadline, with a 408.
    assert!(ends.len() >= 40, "{ends:?}");
    assert!(ends.iter().all(|&status| status == 408), "{ends:?}");
    assert!(!latencies.is_empty());
}

/// And answered at once, on loopback: a median under 100 ms. A timed
/// assertion, so not in plain `cargo test` (a loaded machine fails it);
/// CI runs it with `cargo test -- --ignored`.
#[test]
#[ignore = "timed: run with cargo test -- --ignored on a quiet machine"]
fn slow_clients_do_not_slow_the_others_down() {
    let (_, mut latencies) = among_slow_clients();
    latencies.sort();
    let median = latencies[latencies.len() / 2];
    let slowest = latencies[latencies.len() - 1];
    assert!(
        median < Duration::from_millis(100),
        "median answer {median:?}"
    );
    assert!(
        slowest < Duration::from_secs(5),
        "slowest answer {slowest:?}"
    );
}

/// Over the connection limit, a client gets `503` and `Retry-After`, not a
/// connection closed without a word.
#[test]
fn a_full_server_answers_503_with_retry_after() {
    let limits = Limits {
        connections: 3,
        ..Limits::default()
    };
    let server = Server::bind("127.0.0.1", 0)
        .unwrap()
        .with_limits(limits)
        .spawn();
    let address = server.local_addr();
    let idle: Vec<TcpStream> = (0..3)
        .map(|_| {
            let mut stream = TcpStream::connect(address).unwrap();
            stream.write_all(b"GET / HTTP/1.1\r\n").unwrap();
            stream
        })
        .collect();
    wait_until("three connections open", || server.load().connections == 3);
    let answer = get(address, "/");
    assert_eq!(answer.status, 503);
    assert_eq!(answer.header("Retry-After"), Some("1"));
    drop(idle);
    wait_until("the idle connections closed", || {
        server.load().connections == 0
    });
    assert_eq!(get(address, "/").status, 200);
}

/// Issue 13: 32 clients that asked for a 16 MB trace and never read it held
/// 1.1 GB. Answers held unread are now bounded: past the bound, `503`.
#[test]
fn unread_answers_hold_a_bounded_amount_of_memory() {
    let limits = Limits {
        reply_bytes: 1 << 20,
        ..Limits::default()
    };
    let server = Server::bind("127.0.0.1", 0)
        .unwrap()
        .with_limits(limits)
        .spawn();
    let address = server.local_addr();
    let big = "/api/trace?puzzle=queens&n=12&mode=all";
    // A client that asks for a large trace and never reads it.
    let mut hoarder = TcpStream::connect(address).unwrap();
    write!(
        hoarder,
        "GET {big} HTTP/1.1\r\nHost: localhost:{}\r\nConnection: close\r\n\r\n",
        address.port()
    )
    .unwrap();
    // Its answer is built and held (the socket buffers take only part).
    wait_until("the hoarder's answer held", || {
        server.load().unread_bytes > limits.reply_bytes
    });
    let answer = get(address, big);
    assert_eq!(answer.status, 503);
    assert_eq!(answer.header("Retry-After"), Some("1"));
    assert!(
        answer.text().contains("unread answers"),
        "{}",
        answer.text()
    );
    // Once the hoarder goes, its memory is given back.
    drop(hoarder);
    wait_until("the budget given back", || server.load().unread_bytes == 0);
    assert_eq!(get(address, big).status, 200);
}

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
