//! What every test of the server uses: starting it, sending raw bytes, reading the answer.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use puzzles_web::{Running, Server};
use serde_json::Value;

pub(crate) struct Answer {
    pub(crate) status: u16,
    pub(crate) headers: Vec<(String, String)>,
    pub(crate) body: Vec<u8>,
}

impl Answer {
    pub(crate) fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(key, _)| key.eq_ignore_ascii_case(name))
            .map(|(_, value)| value.as_str())
    }

    pub(crate) fn json(&self) -> Value {
        serde_json::from_slice(&self.body).expect("the body is JSON")
    }

    pub(crate) fn text(&self) -> String {
        String::from_utf8(self.body.clone()).expect("the body is UTF-8")
    }
}

/// Waits until `ready()` holds: a readiness signal, polled, in place of a
/// sleep that guesses how long the server needs. Gives up after a minute,
/// which only a hung server takes.
pub(crate) fn wait_until(what: &str, ready: impl Fn() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while !ready() {
        assert!(Instant::now() < deadline, "never came: {what}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

pub(crate) fn start() -> Running {
    Server::bind("127.0.0.1", 0).expect("a free port").spawn()
}

/// Sends `raw` as it is (but for `Host: localhost`, which gets the port:
/// the server answers only for the addresses it listens on) and reads the
/// whole answer (the requests ask the server to close the connection, or
/// are refused, so it ends).
pub(crate) fn exchange(address: SocketAddr, raw: &[u8]) -> Answer {
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

pub(crate) fn parse(bytes: &[u8]) -> Answer {
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

pub(crate) fn get(address: SocketAddr, target: &str) -> Answer {
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
