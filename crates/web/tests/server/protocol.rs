//! HTTP itself: methods, lengths, heads, garbage, hosts, slow clients and shutdown.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use puzzles_web::routes::{MAX_BODY_BYTES, MAX_URL_BYTES};
use puzzles_web::{ServeError, Server};

use crate::common::*;

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

/// A tester found the server's own refusals of `/api/` requests (a foreign
/// host, a body) in text, where the routes answer JSON; and that any page
/// the user visits could make the browser run searches here.
#[test]
fn the_servers_own_refusals_of_the_api_are_json() {
    let server = start();
    let address = server.local_addr();
    let api = |headers: &str| {
        exchange(
            address,
            format!(
                "GET /api/trace?puzzle=queens&n=4 HTTP/1.1\r\n{headers}Connection: close\r\n\r\n"
            )
            .as_bytes(),
        )
    };
    let error = |answer: &Answer| answer.json()["error"].as_str().unwrap().to_string();
    let foreign = api("Host: attacker.example\r\n");
    assert_eq!(foreign.status, 400);
    assert!(error(&foreign).contains("does not answer for host"));
    let with_body = api("Host: localhost\r\nContent-Length: 5\r\n");
    assert_eq!(with_body.status, 413);
    assert!(error(&with_body).contains("carries no body"));
    let other_site = api("Host: localhost\r\nSec-Fetch-Site: cross-site\r\n");
    assert_eq!(other_site.status, 403);
    assert!(error(&other_site).contains("another site"));
    for site in ["same-origin", "none"] {
        let answer = api(&format!("Host: localhost\r\nSec-Fetch-Site: {site}\r\n"));
        assert_eq!(answer.status, 200, "{site}");
    }
    // The page itself answers in text.
    let page = exchange(
        address,
        b"GET / HTTP/1.1\r\nHost: attacker.example\r\nConnection: close\r\n\r\n",
    );
    assert!(page.text().starts_with("this server does not answer"));
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

/// `[::1]` is how URLs, and the server's own banner, write an IPv6 host:
/// it is the address inside the brackets, never a name to look up.
#[test]
fn a_bracketed_ipv6_host_is_its_address() {
    match Server::bind("[::1]", 0) {
        Ok(server) => assert!(server.local_addr().is_ipv6()),
        // A machine without IPv6 cannot listen there, but it resolved.
        Err(ServeError::Bind { address, .. }) => assert!(address.is_ipv6()),
        Err(other) => panic!("{other}"),
    }
    let Err(err) = Server::bind("[::1", 0) else {
        panic!("[::1 is not an address");
    };
    assert!(
        err.to_string().starts_with("cannot resolve [::1:0"),
        "{err}"
    );
}
