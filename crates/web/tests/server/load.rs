//! Many slow clients and a full server: the others are still answered, memory stays bounded.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use puzzles_web::{Limits, Running, Server};

use crate::common::*;

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

/// A client that has asked for `target` and will not read the answer.
fn asking_never_reading(address: SocketAddr, target: &str) -> TcpStream {
    let mut client = TcpStream::connect(address).unwrap();
    write!(
        client,
        "GET {target} HTTP/1.1\r\nHost: localhost:{}\r\nConnection: close\r\n\r\n",
        address.port()
    )
    .unwrap();
    client
}

/// A server whose answers held unread may take `reply_bytes` in all, and
/// its limits.
fn with_unread_budget(reply_bytes: usize) -> (Running, Limits) {
    let limits = Limits {
        reply_bytes,
        ..Limits::default()
    };
    let server = Server::bind("127.0.0.1", 0)
        .unwrap()
        .with_limits(limits)
        .spawn();
    (server, limits)
}

/// Issue 13: 32 clients that asked for a 16 MB trace and never read it held
/// 1.1 GB. Answers held unread are now bounded: past the bound, `503`.
#[test]
fn unread_answers_hold_a_bounded_amount_of_memory() {
    let (server, limits) = with_unread_budget(1 << 20);
    let address = server.local_addr();
    let big = "/api/trace?puzzle=queens&n=12&mode=all";
    // A client that asks for a large trace and never reads it.
    let hoarder = asking_never_reading(address, big);
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

/// Clients that never read their 17 MB traces hold most of the budget for
/// unread answers (three of them the default 64 MiB; here two, 40 MiB). A
/// trace used to need room for the largest answer before it was built, so
/// they locked every other client out of even the smallest trace; now an
/// answer takes the bytes it has, and only an answer that does not fit is
/// refused.
#[test]
fn clients_that_never_read_do_not_lock_out_small_traces() {
    let (server, _) = with_unread_budget(40 << 20);
    let address = server.local_addr();
    let big = "/api/trace?puzzle=queens&n=12&mode=all";
    let hoarders: Vec<TcpStream> = (0..2).map(|_| asking_never_reading(address, big)).collect();
    wait_until("two large answers held", || {
        server.load().unread_bytes > 2 * 16_000_000
    });
    let small = get(address, "/api/trace?puzzle=queens&n=4&mode=first");
    assert_eq!(small.status, 200, "{}", small.text());
    let sudoku = get(
        address,
        "/api/trace?puzzle=sudoku&grid=1.3.....4..1.3..&mode=first",
    );
    assert_eq!(sudoku.status, 200, "{}", sudoku.text());
    // A third large answer does not fit beside them.
    let answer = get(address, big);
    assert_eq!(answer.status, 503);
    assert!(
        answer.text().contains("unread answers"),
        "{}",
        answer.text()
    );
    drop(hoarders);
    wait_until("the budget given back", || server.load().unread_bytes == 0);
}
