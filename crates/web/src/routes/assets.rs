//! The page and its assets, built into the binary.

/// The content types of the page's files.
pub const HTML: &str = "text/html; charset=utf-8";
pub const JS: &str = "text/javascript; charset=utf-8";
pub const CSS: &str = "text/css; charset=utf-8";

/// The page itself, served at `/` and `/index.html`.
pub const INDEX_HTML: &str = include_str!("../../assets/index.html");

/// Every file the page loads, by its path: the style sheet and the ES
/// modules `app.js` imports (a new module of the page needs its line
/// here; a test checks that every `import` names one).
pub const FILES: &[(&str, &str, &str)] = &[
    ("/style.css", CSS, include_str!("../../assets/style.css")),
    ("/app.js", JS, include_str!("../../assets/app.js")),
    (
        "/board-marks.js",
        JS,
        include_str!("../../assets/board-marks.js"),
    ),
    (
        "/crossword.js",
        JS,
        include_str!("../../assets/crossword.js"),
    ),
    ("/dom.js", JS, include_str!("../../assets/dom.js")),
    ("/form.js", JS, include_str!("../../assets/form.js")),
    (
        "/own-start.js",
        JS,
        include_str!("../../assets/own-start.js"),
    ),
    ("/panels.js", JS, include_str!("../../assets/panels.js")),
    ("/player.js", JS, include_str!("../../assets/player.js")),
    ("/puzzles.js", JS, include_str!("../../assets/puzzles.js")),
    ("/queens.js", JS, include_str!("../../assets/queens.js")),
    ("/replay.js", JS, include_str!("../../assets/replay.js")),
    (
        "/solutions-panel.js",
        JS,
        include_str!("../../assets/solutions-panel.js"),
    ),
    ("/sudoku.js", JS, include_str!("../../assets/sudoku.js")),
    ("/tree.js", JS, include_str!("../../assets/tree.js")),
    (
        "/tree-build.js",
        JS,
        include_str!("../../assets/tree-build.js"),
    ),
];

/// The file at `path`, with its content type.
pub fn find(path: &str) -> Option<(&'static str, &'static str)> {
    FILES
        .iter()
        .find(|(at, _, _)| *at == path)
        .map(|&(_, kind, text)| (kind, text))
}
