//! # puzzles-web
//!
//! `puzzles serve`: a local web page that steps through the real
//! backtracking search of the [`puzzles`] library.
//!
//! The page (one HTML file, its ES modules — the stepper, the search tree,
//! one descriptor per puzzle — and a style sheet, built into the binary; no
//! bundler, no fonts, nothing fetched from elsewhere) asks the server for a trace — `GET /api/trace?puzzle=queens&n=8&mode=first`, or
//! `GET /api/trace?puzzle=sudoku&grid=53..7....6..195…&mode=first`, or
//! `GET /api/trace?puzzle=crossword&example=open-5x5&mode=first` — and
//! replays it: the events are exactly those of
//! `puzzles queens 8 --first --trace --format json` (or
//! `puzzles sudoku --trace --first --format json PUZZLE`, or `puzzles
//! crossword GRID --trace --format json`), so the learner
//! watches what the search really did. Traces are capped at
//! [`trace::MAX_EVENTS`] events; a longer search comes back cut short with
//! `"truncated": true` and a message saying what to choose instead, which
//! the page shows.
//!
//! - [`params`] reads and checks the query string (a Sudoku grid through
//!   the library's own parser, whose errors name the bad cell),
//! - [`crossword`] reads a crossword's parameters and runs its traced fill
//!   (its events carry slots and words, and the candidate counts they
//!   change),
//! - [`trace`] runs the search and builds the reply,
//! - [`bounds`] holds the bounds every trace is held to,
//! - [`examples`] holds the example puzzles the page offers,
//! - [`routes`] answers each request (a pure function, easy to test),
//! - [`Server`] binds the socket and answers each connection on its own
//!   thread, with strict limits on what it reads.
//!
//! ## Adding a puzzle
//!
//! A puzzle that emits [`puzzles::trace`] events joins the page through a
//! variant of [`params::TraceRequest`] (its parameters), of
//! [`trace::PuzzleInfo`] (what its renderer needs), an entry in the
//! catalogue served at `/api/puzzles` (the page builds its form from it) and
//! a descriptor module of the page, registered in `assets/puzzles.js`
//! (whose opening comment describes it) and served from `routes/assets.rs`. A
//! puzzle whose events are not those of [`puzzles::trace`] brings its own
//! reply and a variant of [`trace::Traced`], as [`crossword`] does.
//!
//! ## Example
//!
//! ```
//! use std::io::{Read, Write};
//! use puzzles_web::Server;
//!
//! let running = Server::bind("127.0.0.1", 0)?.spawn();
//! let address = running.local_addr();
//! let mut stream = std::net::TcpStream::connect(address).unwrap();
//! // The Host must be an address the server listens on.
//! let request = format!("GET /api/trace?puzzle=queens&n=4&mode=first HTTP/1.1\r\nHost: {address}\r\n\r\n");
//! stream.write_all(request.as_bytes()).unwrap();
//! let mut answer = String::new();
//! stream.read_to_string(&mut answer).unwrap();
//! assert!(answer.starts_with("HTTP/1.1 200"));
//! assert!(answer.contains(r#""summary":{"counters":{"placements":8,"conflicts":18,"removals":4,"backtracks":4,"solutions":1},"steps":35,"completed":true}"#));
//! # Ok::<(), puzzles_web::ServeError>(())
//! ```

#![warn(missing_docs)]

pub mod bounds;
mod catalogue;
pub mod crossword;
pub mod examples;
pub mod params;
pub mod routes;
mod server;
pub mod trace;

pub use server::{
    Limits, Load, MAX_CONNECTIONS, MAX_HEAD_BYTES, MAX_HEADERS, Running, ServeError, Server,
};
