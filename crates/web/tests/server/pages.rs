//! The page, its assets, and the answers to paths and parameters it does not know.

use puzzles_web::trace::MAX_EVENTS;

use crate::common::*;

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
