//! `puzzles serve` through the real binary: the URL on the first line, the
//! traces it serves against `puzzles queens --trace --format json` and
//! `puzzles sudoku --trace --format json`, and start-up errors.

#![cfg(feature = "serve")]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use assert_cmd::prelude::*;
use predicates::prelude::*;

/// A running `puzzles serve`, killed when dropped.
struct Serving {
    child: Child,
    url: String,
}

impl Drop for Serving {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve(args: &[&str]) -> Serving {
    let mut child = Command::cargo_bin("puzzles")
        .unwrap()
        .arg("serve")
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    // Killed on drop even when the line is wrong.
    let mut serving = Serving {
        child,
        url: String::new(),
    };
    serving.url = first
        .strip_prefix("puzzles: serving on ")
        .unwrap_or_else(|| panic!("unexpected first line {first:?}"))
        .trim_end()
        .to_string();
    serving
}

fn get(url: &str, target: &str) -> (u16, String) {
    let address = url
        .strip_prefix("http://")
        .and_then(|rest| rest.strip_suffix('/'))
        .unwrap();
    let mut stream = TcpStream::connect(address).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    write!(
        stream,
        "GET {target} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    let (head, body) = answer.split_once("\r\n\r\n").unwrap();
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    (status, body.to_string())
}

#[test]
fn the_first_line_is_the_url_on_loopback_at_a_free_port() {
    let server = serve(&[]);
    assert!(
        server.url.starts_with("http://127.0.0.1:") && server.url.ends_with('/'),
        "{}",
        server.url
    );
    let port: u16 = server.url["http://127.0.0.1:".len()..server.url.len() - 1]
        .parse()
        .unwrap();
    assert_ne!(port, 0);
    let (status, page) = get(&server.url, "/");
    assert_eq!(status, 200);
    assert!(page.contains("Watch the backtracking search"));
}

#[test]
fn the_served_trace_is_the_json_trace_of_the_cli() {
    let server = serve(&["--host", "127.0.0.1"]);
    let (status, body) = get(&server.url, "/api/trace?puzzle=queens&n=4&mode=all");
    assert_eq!(status, 200);
    let reply: serde_json::Value = serde_json::from_str(&body).unwrap();

    let output = Command::cargo_bin("puzzles")
        .unwrap()
        .args(["queens", "4", "--trace", "--format", "json"])
        .output()
        .unwrap();
    let lines: Vec<serde_json::Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let (summary, events) = lines.split_last().unwrap();
    assert_eq!(reply["events"].as_array().unwrap(), events);
    assert_eq!(&reply["summary"], summary);
    assert_eq!(reply["summary"]["counters"]["solutions"], 2);
}

#[test]
fn the_served_sudoku_trace_is_the_json_trace_of_the_cli() {
    let server = serve(&[]);
    let grid = ".................1..2..3.4..............523..16......7....7......3....2.7...1.6.8";
    for (mode, flags) in [("first", &["--first"][..]), ("all", &[][..])] {
        let (status, body) = get(
            &server.url,
            &format!("/api/trace?puzzle=sudoku&grid={grid}&mode={mode}"),
        );
        assert_eq!(status, 200);
        let reply: serde_json::Value = serde_json::from_str(&body).unwrap();
        let output = Command::cargo_bin("puzzles")
            .unwrap()
            .args(["sudoku", "--trace", "--format", "json", grid])
            .args(flags)
            .output()
            .unwrap();
        let lines: Vec<serde_json::Value> = String::from_utf8(output.stdout)
            .unwrap()
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        let (summary, events) = lines.split_last().unwrap();
        assert_eq!(reply["events"].as_array().unwrap(), events, "{mode}");
        assert_eq!(&reply["summary"], summary, "{mode}");
        assert_eq!(reply["summary"]["counters"]["solutions"], 1);
    }
}

#[test]
fn a_fixed_port_in_use_is_a_clear_error() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    Command::cargo_bin("puzzles")
        .unwrap()
        .args(["serve", "--port", &port])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::starts_with(format!(
            "puzzles: error: cannot start the web server: cannot listen on 127.0.0.1:{port}"
        )));
}

#[test]
fn bad_ports_are_usage_errors() {
    Command::cargo_bin("puzzles")
        .unwrap()
        .args(["serve", "--port", "70000"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--port"));
}
