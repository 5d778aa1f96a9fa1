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

mod assets;

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

    /// This reply as the API writes it: a refusal in text becomes JSON
    /// `{"error": …}` with the same status and headers; anything else is
    /// kept. The server's own refusals (a malformed head, a busy server) are
    /// made before it knows the route, and pass through this for `/api/`.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles_web::routes::Reply;
    ///
    /// let reply = Reply::refusal(400, "malformed request").for_api();
    /// assert_eq!(reply.text(), r#"{"error":"malformed request"}"#);
    /// ```
    pub fn for_api(self) -> Reply {
        if self.status < 400 || self.content_type != TEXT {
            return self;
        }
        let message = self.text().trim_end().to_string();
        Reply {
            headers: self.headers,
            ..Reply::refuse(self.status, true, message)
        }
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
    let api = is_api(path);
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
        "/" | "/index.html" => Reply::asset(assets::HTML, assets::INDEX_HTML),
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

/// Whether a request's path (its query cut off) is the API's, whose
/// refusals are JSON.
pub(crate) fn is_api(path: &str) -> bool {
    path.starts_with("/api/")
}

#[cfg(test)]
mod tests;
