//! Throughput of the construction writer and the verifier on a huge board.
//!
//! ```text
//! cargo run --release --example huge_bench -- 100000000 /tmp/sol.txt 5
//! ```
//!
//! For each step, the median of the runs in rows per second (wall clock):
//! formatting alone (into `io::sink`), writing the array format to the file,
//! verifying the file (one pass, O(n) bits), and verifying it as a stream
//! (what a pipe gets: the columns are kept). On a busy machine compare the
//! steps within one run, and look at CPU time too (`perf stat`, `time`).

use std::fs::File;
use std::io::{self, BufReader, Read, Write};
use std::time::Instant;

use puzzles::queens::construct::Construction;
use puzzles::queens::verify::{Verdict, verify, verify_seekable};

/// A reader that hides `Seek`, as a pipe would.
struct Stream<R>(R);

impl<R: Read> Read for Stream<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.0.read(buf)
    }
}

fn median_rate(n: u64, runs: usize, mut step: impl FnMut()) -> f64 {
    let mut seconds: Vec<f64> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            step();
            start.elapsed().as_secs_f64()
        })
        .collect();
    seconds.sort_by(f64::total_cmp);
    n as f64 / seconds[runs / 2]
}

fn main() -> io::Result<()> {
    let mut args = std::env::args().skip(1);
    let n: u64 = args
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or(100_000_000);
    let path = args
        .next()
        .unwrap_or_else(|| "/tmp/huge_bench.txt".to_string());
    let runs: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(3);
    let construction = Construction::queens(n).expect("n ≥ 4");
    let report = |what: &str, rate: f64| println!("{what:<28} {:>8.1} M rows/s", rate / 1e6);

    report(
        "format (to io::sink)",
        median_rate(n, runs, || {
            construction.write_cols(&mut io::sink(), b", ").unwrap();
        }),
    );
    report(
        "write array format to file",
        median_rate(n, runs, || {
            let _ = std::fs::remove_file(&path);
            let mut file = File::create(&path).unwrap();
            construction.write_cols(&mut file, b", ").unwrap();
            file.write_all(b"\n").unwrap();
        }),
    );
    // Let the kernel write the file back before timing the reads, so that
    // its write-back does not compete with them.
    File::open(&path)?.sync_all()?;
    let bytes = std::fs::metadata(&path)?.len();
    println!("{:<28} {bytes} bytes", "file size");
    report(
        "verify file (O(n) bits)",
        median_rate(n, runs, || {
            let verdict = verify_seekable(File::open(&path).unwrap()).unwrap();
            assert_eq!(verdict, Verdict::Valid { n });
        }),
    );
    report(
        "verify stream (keeps cols)",
        median_rate(n, runs, || {
            let file = BufReader::with_capacity(1 << 16, File::open(&path).unwrap());
            let verdict = verify(Stream(file)).unwrap();
            assert_eq!(verdict, Verdict::Valid { n });
        }),
    );
    Ok(())
}
