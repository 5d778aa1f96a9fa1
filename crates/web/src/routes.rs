//! What the server answers to each request, as a plain function of the
//! method, the URL and the body's size — no sockets, so every rule can be
//! tested directly.
//!
//! | Path            | Answer                                                   |
//! |-----------------|----------------------------------------------------------|
//! | `/`             | the page (`index.html`)                                  |
//! | `/app.js`, `/style.css`, … | its ES modules and style sheet (`assets::FILES`) |
//! | `/api/puzzles`  | the puzzles and parameters the page offers, as JSON      |
//! | `/api/trace?…`  | a [`TraceReply`](crate::trace::TraceReply) (a [`CrosswordReply`](crate::crossword::CrosswordReply) for `puzzle=crossword`) as JSON |
//! | `/api/board.svg?cols=1,3,0,2` | one solution drawn by the library (SVG)    |
//!
//! Anything else is refused with one line saying why: `404` unknown path,
//! `400` bad parameters (JSON `{"error": …}` on `/api/` paths), `405` a
//! method other than `GET` or `HEAD`, `413` a request body over
//! [`MAX_BODY_BYTES`], `414` a URL over [`MAX_URL_BYTES`]. (The server
//! itself refuses malformed request heads with `400`, oversized ones with
//! `414` or `431`, and stalled ones with `408`, before they get here.)

use std::borrow::Cow;

use puzzles::queens::svg::{self, SvgOptions};
use serde::Serialize;
use serde_json::json;

use crate::bounds::MAX_EVENTS;
use crate::catalogue::catalogue;
use crate::params::{self, TraceRequest};
use crate::trace;

/// The longest URL (path and query) accepted. The largest Sudoku grid the
/// page takes, 625 cells, fits with room to spare: even written with a space
/// after every cell and a line break after every row it makes a URL of
/// about 1,400 bytes.
pub const MAX_URL_BYTES: usize = 2048;

/// The largest request body accepted. The server only reads, so a body is
/// never needed; this leaves room for clients that send a small one anyway.
pub const MAX_BODY_BYTES: usize = 1024;

/// What a request asks of the server, as far as routing needs it.
///
/// # Example
///
/// ```
/// use puzzles_web::routes::{Body, Incoming};
///
/// let request = Incoming { method: "GET", url: "/", body: Body::Length(0) };
/// assert_eq!(request.url, "/");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Incoming<'a> {
    /// `GET`, `HEAD`, `POST`, …
    pub method: &'a str,
    /// The request target: path and query, as sent.
    pub url: &'a str,
    /// The body the client announced.
    pub body: Body,
}

/// The request body as announced by the headers.
///
/// # Example
///
/// ```
/// use puzzles_web::routes::Body;
///
/// assert_ne!(Body::Length(0), Body::Chunked);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Body {
    /// `Content-Length` (0 when absent).
    Length(usize),
    /// `Transfer-Encoding: chunked`: a body of unknown size.
    Chunked,
}

/// An answer: status, content type, body and any extra headers.
///
/// # Example
///
/// ```
/// use puzzles_web::routes::{Body, Incoming, respond};
///
/// let reply = respond(&Incoming { method: "GET", url: "/nowhere", body: Body::Length(0) });
/// assert_eq!(reply.status, 404);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The HTTP status code.
    pub status: u16,
    /// The `Content-Type`.
    pub content_type: &'static str,
    /// The body.
    pub body: Cow<'static, [u8]>,
    /// More headers, such as `Allow` for a 405.
    pub headers: Vec<(&'static str, &'static str)>,
}

const HTML: &str = "text/html; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const JSON: &str = "application/json";
const TEXT: &str = "text/plain; charset=utf-8";
const SVG: &str = "image/svg+xml";

impl Reply {
    fn asset(content_type: &'static str, text: &'static str) -> Reply {
        Reply {
            status: 200,
            content_type,
            body: Cow::Borrowed(text.as_bytes()),
            headers: Vec::new(),
        }
    }

    fn json(status: u16, value: &impl Serialize) -> Reply {
        Reply {
            status,
            content_type: JSON,
            body: Cow::Owned(serde_json::to_vec(value).expect("replies serialise")),
            headers: Vec::new(),
        }
    }

    /// A refusal: JSON `{"error": …}` for the API, one line of text
    /// otherwise.
    fn refuse(status: u16, api: bool, message: impl Into<String>) -> Reply {
        let message = message.into();
        if api {
            Reply::json(status, &json!({ "error": message }))
        } else {
            Reply {
                status,
                content_type: TEXT,
                body: Cow::Owned(format!("{message}\n").into_bytes()),
                headers: Vec::new(),
            }
        }
    }

    /// A refusal as one line of text, for what the server refuses before
    /// routing (a malformed or oversized request head).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles_web::routes::Reply;
    ///
    /// let reply = Reply::refusal(400, "malformed request");
    /// assert_eq!((reply.status, reply.text().as_ref()), (400, "malformed request\n"));
    /// ```
    pub fn refusal(status: u16, message: impl Into<String>) -> Reply {
        Reply::refuse(status, false, message)
    }

    /// The body as text, for tests and logs.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles_web::routes::{Body, Incoming, respond};
    ///
    /// let reply = respond(&Incoming { method: "DELETE", url: "/", body: Body::Length(0) });
    /// assert_eq!(reply.text(), "method DELETE is not allowed: this server only answers GET and HEAD\n");
    /// ```
    pub fn text(&self) -> Cow<'_, str> {
        String::from_utf8_lossy(&self.body)
    }
}

/// The page and its assets, built into the binary.
mod assets {
    use super::{CSS, JS};

    pub const INDEX_HTML: &str = include_str!("../assets/index.html");

    /// Every file the page loads, by its path: the style sheet and the ES
    /// modules `app.js` imports (a new module of the page needs its line
    /// here; a test checks that every `import` names one).
    pub const FILES: &[(&str, &str, &str)] = &[
        ("/style.css", CSS, include_str!("../assets/style.css")),
        ("/app.js", JS, include_str!("../assets/app.js")),
        (
            "/board-marks.js",
            JS,
            include_str!("../assets/board-marks.js"),
        ),
        ("/crossword.js", JS, include_str!("../assets/crossword.js")),
        ("/dom.js", JS, include_str!("../assets/dom.js")),
        ("/form.js", JS, include_str!("../assets/form.js")),
        ("/own-start.js", JS, include_str!("../assets/own-start.js")),
        ("/panels.js", JS, include_str!("../assets/panels.js")),
        ("/player.js", JS, include_str!("../assets/player.js")),
        ("/puzzles.js", JS, include_str!("../assets/puzzles.js")),
        ("/queens.js", JS, include_str!("../assets/queens.js")),
        ("/replay.js", JS, include_str!("../assets/replay.js")),
        (
            "/solutions-panel.js",
            JS,
            include_str!("../assets/solutions-panel.js"),
        ),
        ("/sudoku.js", JS, include_str!("../assets/sudoku.js")),
        ("/tree.js", JS, include_str!("../assets/tree.js")),
    ];

    /// The file at `path`, with its content type.
    pub fn find(path: &str) -> Option<(&'static str, &'static str)> {
        FILES
            .iter()
            .find(|(at, _, _)| *at == path)
            .map(|&(_, kind, text)| (kind, text))
    }
}

/// Answers one request.
///
/// # Example
///
/// ```
/// use puzzles_web::routes::{Body, Incoming, respond};
///
/// let get = |url| respond(&Incoming { method: "GET", url, body: Body::Length(0) });
/// assert_eq!(get("/").status, 200);
/// assert_eq!(get("/api/trace?puzzle=queens&n=4&mode=first").status, 200);
/// assert_eq!(get("/api/trace?puzzle=queens&n=40").status, 400);
/// ```
pub fn respond(request: &Incoming) -> Reply {
    let (path, query) = match request.url.split_once('?') {
        Some((path, query)) => (path, Some(query)),
        None => (request.url, None),
    };
    let api = path.starts_with("/api/");
    if request.url.len() > MAX_URL_BYTES {
        return Reply::refuse(
            414,
            api,
            format!(
                "the URL is {} bytes long; this server accepts at most {MAX_URL_BYTES}",
                request.url.len()
            ),
        );
    }
    match request.body {
        Body::Length(length) if length > MAX_BODY_BYTES => {
            return Reply::refuse(
                413,
                api,
                format!(
                    "the request body is {length} bytes; this server accepts at most {MAX_BODY_BYTES}"
                ),
            );
        }
        Body::Chunked => {
            return Reply::refuse(
                413,
                api,
                "request bodies of unknown length (chunked) are not accepted",
            );
        }
        Body::Length(_) => {}
    }
    if !matches!(request.method, "GET" | "HEAD") {
        let mut reply = Reply::refuse(
            405,
            api,
            format!(
                "method {} is not allowed: this server only answers GET and HEAD",
                request.method
            ),
        );
        reply.headers.push(("Allow", "GET, HEAD"));
        return reply;
    }
    match path {
        "/" | "/index.html" => Reply::asset(HTML, assets::INDEX_HTML),
        "/api/puzzles" => Reply::json(200, &catalogue()),
        "/api/trace" => match TraceRequest::from_query(query.unwrap_or("")) {
            Ok(trace_request) => Reply::json(200, &trace::run(&trace_request, MAX_EVENTS)),
            Err(error) => Reply::refuse(400, true, error.to_string()),
        },
        "/api/board.svg" => match params::board_from_query(query.unwrap_or("")) {
            Ok(solution) => {
                let options = SvgOptions::default().labels(true);
                Reply {
                    status: 200,
                    content_type: SVG,
                    body: Cow::Owned(svg::board(&solution, &options).into_bytes()),
                    headers: Vec::new(),
                }
            }
            Err(error) => Reply::refuse(400, true, error.to_string()),
        },
        _ => match assets::find(path) {
            Some((kind, text)) => Reply::asset(kind, text),
            None => Reply::refuse(404, api, format!("no such page: {path}")),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn any_request_gets_a_clear_answer(
            method in "(GET|HEAD|POST|[A-Z]{1,8})",
            url in "/(api/trace\\?|api/|app.js|)\\PC{0,60}",
            length in 0usize..4096,
        ) {
            let reply = respond(&Incoming { method: &method, url: &url, body: Body::Length(length) });
            prop_assert!([200, 400, 404, 405, 413, 414].contains(&reply.status), "{}", reply.status);
            if reply.status != 200 {
                prop_assert!(reply.text().len() > 10);
            }
        }

        /// Any bytes as a crossword's grid, word list or step bound: a
        /// trace, or a 400 whose JSON says why.
        #[test]
        fn any_crossword_parameters_get_a_trace_or_a_reason(
            grid in proptest::collection::vec(any::<u8>(), 0..200),
            words in proptest::option::of(proptest::collection::vec(any::<u8>(), 0..12)),
            steps in proptest::option::of(proptest::collection::vec(any::<u8>(), 0..8)),
        ) {
            let escape = |bytes: &[u8]| -> String { bytes.iter().map(|b| format!("%{b:02X}")).collect() };
            let mut url = format!("/api/trace?puzzle=crossword&mode=first&grid={}", escape(&grid));
            if let Some(words) = &words {
                url.push_str(&format!("&words={}", escape(words)));
            }
            url.push_str(&format!("&steps={}", steps.as_deref().map_or("100".to_string(), escape)));
            let reply = respond(&Incoming { method: "GET", url: &url, body: Body::Length(0) });
            let body: serde_json::Value = serde_json::from_slice(&reply.body).unwrap();
            match reply.status {
                200 => prop_assert_eq!(&body["puzzle"], "crossword"),
                400 => prop_assert!(body["error"].as_str().unwrap().len() > 15),
                414 => prop_assert!(url.len() > MAX_URL_BYTES),
                status => prop_assert!(false, "status {}", status),
            }
        }
    }

    fn get(url: &str) -> Reply {
        respond(&Incoming {
            method: "GET",
            url,
            body: Body::Length(0),
        })
    }

    #[test]
    fn the_page_and_its_assets_are_served() {
        let files = assets::FILES.iter().map(|&(path, kind, _)| (path, kind));
        for (url, kind) in [("/", HTML), ("/index.html", HTML)]
            .into_iter()
            .chain(files)
        {
            let reply = get(url);
            assert_eq!((reply.status, reply.content_type), (200, kind), "{url}");
            assert!(!reply.body.is_empty());
        }
    }

    #[test]
    fn every_module_the_page_imports_is_served() {
        let page = assets::INDEX_HTML;
        assert!(page.contains("<script type=\"module\" src=\"/app.js\">"));
        assert!(page.contains("href=\"/style.css\""));
        let mut imported = 0;
        for &(path, _, text) in assets::FILES {
            for line in text.lines().filter(|line| line.starts_with("import ")) {
                let name = line
                    .split_once("from './")
                    .and_then(|(_, rest)| rest.split_once('\''))
                    .map(|(name, _)| name)
                    .unwrap_or_else(|| {
                        panic!("{path}: an import not of the form from './NAME': {line}")
                    });
                assert!(
                    assets::find(&format!("/{name}")).is_some(),
                    "{path} imports {name}, which is not served"
                );
                imported += 1;
            }
        }
        assert!(imported > 10, "{imported}");
    }

    #[test]
    fn the_page_references_only_its_own_assets() {
        let texts = assets::FILES.iter().map(|&(_, _, text)| text);
        // The SVG namespace is a name, not a place the page goes to.
        for text in [assets::INDEX_HTML].into_iter().chain(texts) {
            let text = text.replace("'http://www.w3.org/2000/svg'", "");
            // A fragment (`url(#attack-hatch)`, the board's hatching) points
            // into the page itself.
            let text = text.replace("url(#", "");
            for needle in ["http://", "https://", "//cdn", "@import", "url("] {
                assert!(!text.contains(needle), "an asset mentions {needle}");
            }
        }
    }

    #[test]
    fn refusals_say_why() {
        assert_eq!(get("/missing").status, 404);
        assert_eq!(get("/missing").text(), "no such page: /missing\n");
        assert_eq!(
            get("/api/missing").text(),
            r#"{"error":"no such page: /api/missing"}"#
        );
        let bad = get("/api/trace?puzzle=queens&n=3");
        assert_eq!(bad.status, 400);
        assert_eq!(
            bad.text(),
            r#"{"error":"n must be a whole number from 4 to 12, got \"3\""}"#
        );
        let attack = get("/api/trace?puzzle=queens&n=8&given=0:0,3:3");
        assert_eq!(attack.status, 400);
        assert_eq!(
            attack.text(),
            r#"{"error":"the pieces at (row 0, col 0) and (row 3, col 3) attack each other (diagonal)"}"#
        );
        let board = get("/api/board.svg?cols=0,0,0,0");
        assert_eq!(board.status, 400);
        assert!(board.text().starts_with(r#"{"error":"cols: the pieces at"#));
        let long = get(&format!("/?{}", "a".repeat(MAX_URL_BYTES)));
        assert_eq!(long.status, 414);
        let post = respond(&Incoming {
            method: "POST",
            url: "/api/trace",
            body: Body::Length(10),
        });
        assert_eq!(post.status, 405);
        assert_eq!(post.headers, [("Allow", "GET, HEAD")]);
        let big = respond(&Incoming {
            method: "POST",
            url: "/",
            body: Body::Length(MAX_BODY_BYTES + 1),
        });
        assert_eq!(big.status, 413);
        let chunked = respond(&Incoming {
            method: "PUT",
            url: "/",
            body: Body::Chunked,
        });
        assert_eq!(chunked.status, 413);
    }

    #[test]
    fn the_catalogue_matches_the_parameter_check() {
        let catalogue = catalogue();
        let queens = &catalogue["puzzles"][0];
        let min = queens["parameters"][0]["min"].as_u64().unwrap();
        let max = queens["parameters"][0]["max"].as_u64().unwrap();
        for n in min - 1..=max + 1 {
            let reply = get(&format!("/api/trace?puzzle=queens&n={n}&mode=first"));
            let expected = if (min..=max).contains(&n) { 200 } else { 400 };
            assert_eq!(reply.status, expected, "n = {n}");
        }
        for puzzle in catalogue["puzzles"].as_array().unwrap() {
            assert!(params::PUZZLES.contains(&puzzle["id"].as_str().unwrap()));
        }
        let ids: Vec<&str> = catalogue["puzzles"]
            .as_array()
            .unwrap()
            .iter()
            .map(|puzzle| puzzle["id"].as_str().unwrap())
            .collect();
        assert_eq!(ids, params::PUZZLES);
    }

    #[test]
    fn a_solution_is_drawn_by_the_library() {
        let reply = get("/api/board.svg?cols=1,3,0,2");
        assert_eq!((reply.status, reply.content_type), (200, SVG));
        let expected = svg::board(
            &puzzles::queens::Solution::new(vec![1, 3, 0, 2]).unwrap(),
            &SvgOptions::default().labels(true),
        );
        assert_eq!(reply.text(), expected);
    }

    #[test]
    fn the_sudoku_default_and_examples_are_served_as_traces() {
        let catalogue = catalogue();
        let sudoku = &catalogue["puzzles"][1];
        assert_eq!(sudoku["id"], "sudoku");
        let grid = &sudoku["parameters"][0];
        assert_eq!(
            (&grid["name"], &grid["kind"]),
            (&json!("grid"), &json!("text"))
        );
        let mut queries = vec![format!(
            "puzzle=sudoku&grid={}&mode={}",
            grid["default"].as_str().unwrap(),
            sudoku["default_mode"].as_str().unwrap()
        )];
        for example in grid["examples"].as_array().unwrap() {
            queries.push(format!(
                "puzzle=sudoku&grid={}&mode={}",
                example["grid"].as_str().unwrap(),
                example["mode"].as_str().unwrap()
            ));
            assert!(!example["label"].as_str().unwrap().is_empty());
            assert!(example["about"].as_str().unwrap().len() > 20);
        }
        for query in queries {
            let url = format!("/api/trace?{query}");
            assert!(url.len() <= MAX_URL_BYTES);
            let reply = get(&url);
            assert_eq!(reply.status, 200, "{query}");
            let body: serde_json::Value = serde_json::from_slice(&reply.body).unwrap();
            assert_eq!(body["truncated"], false, "{query}");
            assert!(body["summary"]["counters"]["solutions"].as_u64().unwrap() >= 1);
        }
        // The sizes the box promises are the sizes the parser takes.
        for cells in grid["cells"].as_array().unwrap() {
            let cells = cells.as_u64().unwrap() as usize;
            let reply = get(&format!(
                "/api/trace?puzzle=sudoku&mode=first&grid={}",
                ".".repeat(cells)
            ));
            assert_eq!(reply.status, 200, "{cells} cells");
        }
    }

    #[test]
    fn the_crossword_default_and_examples_are_served_as_traces() {
        let catalogue = catalogue();
        let crossword = &catalogue["puzzles"][2];
        assert_eq!(crossword["id"], "crossword");
        let grid = &crossword["parameters"][0];
        assert_eq!(
            (&grid["name"], &grid["kind"]),
            (&json!("grid"), &json!("text"))
        );
        let escape = |text: &str| -> String { text.bytes().map(|b| format!("%{b:02X}")).collect() };
        let mut queries = vec![format!(
            "puzzle=crossword&grid={}&mode={}",
            escape(grid["default"].as_str().unwrap()),
            crossword["default_mode"].as_str().unwrap()
        )];
        for example in grid["examples"].as_array().unwrap() {
            let mode = example["mode"].as_str().unwrap();
            queries.push(format!(
                "puzzle=crossword&grid={}&mode={mode}",
                escape(example["grid"].as_str().unwrap())
            ));
            queries.push(format!(
                "puzzle=crossword&example={}&mode={mode}",
                example["name"].as_str().unwrap()
            ));
            assert!(example["about"].as_str().unwrap().len() > 20);
        }
        for query in queries {
            let url = format!("/api/trace?{query}");
            assert!(url.len() <= MAX_URL_BYTES);
            let reply = get(&url);
            assert_eq!(reply.status, 200, "{query}");
            let body: serde_json::Value = serde_json::from_slice(&reply.body).unwrap();
            assert_eq!(
                (&body["puzzle"], &body["truncated"]),
                (&json!("crossword"), &json!(false)),
                "{query}"
            );
        }
        // The word lists offered are those the parameter check takes.
        let words = &crossword["parameters"][1];
        let offered: Vec<&str> = words["options"]
            .as_array()
            .unwrap()
            .iter()
            .map(|option| option["value"].as_str().unwrap())
            .collect();
        assert_eq!(offered, crate::crossword::WORD_LISTS);
        // The largest grid the box promises fits in a URL, typed with a
        // line break after each row, every `#` escaped.
        let side = grid["max_side"].as_u64().unwrap() as usize;
        let row = format!(
            "{}%23{}",
            ".".repeat(side / 2),
            ".".repeat(side - side / 2 - 1)
        );
        let url = format!(
            "/api/trace?puzzle=crossword&mode=first&steps=10&grid={}",
            vec![row; side].join("%0D%0A")
        );
        assert!(url.len() < MAX_URL_BYTES, "{}", url.len());
        assert_eq!(get(&url).status, 200);
    }

    #[test]
    fn the_largest_grid_fits_in_a_url_even_spaced_out() {
        // 625 cells, each followed by a space (`+`), a line break (`%0A`)
        // after each row of 25, as someone might type it.
        let rows: Vec<String> = (0..25).map(|_| "+.".repeat(25)).collect();
        let url = format!(
            "/api/trace?puzzle=sudoku&mode=first&grid={}",
            rows.join("%0A")
        );
        assert!(url.len() < 1400, "{}", url.len());
        assert_eq!(get(&url).status, 200);
    }
}
