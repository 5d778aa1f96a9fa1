//! Benchmarks for the maximum subarray (`puzzles::subarray`).
//!
//! From `bench/` (the bench workspace):
//!
//! ```text
//! cargo run --release -p maxsub-bench -- gen /tmp/maxsub-1e8.txt 100000000
//! cargo run --release -p maxsub-bench -- stream /tmp/maxsub-1e8.txt [runs]
//! cargo run --release -p maxsub-bench -- memory [n] [runs]
//! ```
//!
//! Every figure is the median of `runs` runs (default 5), and every ratio
//! compares figures measured in the same process, interleaved, so that the
//! load other work puts on the machine falls on both sides alike.

use std::fs::File;
use std::io::{BufWriter, Read, Write};
use std::path::Path;
use std::time::{Duration, Instant};

use puzzles::subarray::{self, Best, stream};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize| args.get(i).map(String::as_str);
    let number =
        |i: usize, default: usize| arg(i).map_or(default, |s| s.parse().expect("a number"));
    match arg(0) {
        Some("gen") => generate(Path::new(arg(1).expect("a path")), number(2, 100_000_000)),
        Some("stream") => streaming(Path::new(arg(1).expect("a path")), number(2, 5)),
        Some("memory") => memory(number(1, 10_000_000), number(2, 7)),
        Some("parts") => parts(Path::new(arg(1).expect("a path")), number(2, 5)),
        Some("bandwidth") => bandwidth(number(1, 100_000_000), number(2, 7)),
        _ => {
            eprintln!("usage: maxsub-bench gen PATH [N] | stream PATH [RUNS] | memory [N] [RUNS]");
            std::process::exit(2);
        }
    }
}

/// A small, fast, reproducible generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in `low..=high`.
    fn between(&mut self, low: i64, high: i64) -> i64 {
        low + (self.next() % (high - low + 1) as u64) as i64
    }
}

/// `n` integers, one per line: uniform in ±999 999 (about 7.4 bytes each).
fn generate(path: &Path, n: usize) {
    let mut out = BufWriter::with_capacity(1 << 20, File::create(path).expect("create the file"));
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for _ in 0..n {
        writeln!(out, "{}", rng.between(-999_999, 999_999)).expect("write");
    }
    out.flush().expect("flush");
    let size = std::fs::metadata(path).expect("metadata").len();
    println!("wrote {n} integers, {size} bytes, to {}", path.display());
}

/// Time this thread has spent on a CPU, so that figures measure one core's
/// work even while other processes share the machine.
fn cpu_time() -> Option<Duration> {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a valid timespec for the call to fill in.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    (status == 0).then(|| Duration::new(now.tv_sec as u64, now.tv_nsec as u32))
}

/// CPU time of every thread of this process.
fn process_time() -> Duration {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a valid timespec for the call to fill in.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut now) };
    assert_eq!(status, 0, "a process CPU clock");
    Duration::new(now.tv_sec as u64, now.tv_nsec as u32)
}

/// Runs `work`, returning its result with its wall-clock and CPU times.
fn timed<T>(work: impl FnOnce() -> T) -> (T, Duration, Duration) {
    let (wall, cpu) = (Instant::now(), cpu_time());
    let result = work();
    let wall = wall.elapsed();
    let cpu = match (cpu, cpu_time()) {
        (Some(before), Some(after)) => after - before,
        _ => wall,
    };
    (result, wall, cpu)
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// The straightforward way: read it all, split on whitespace, parse each
/// token, one Kadane step per number.
fn baseline(path: &Path) -> Best<i128> {
    let mut text = String::new();
    File::open(path)
        .expect("open")
        .read_to_string(&mut text)
        .expect("read");
    let mut best: Option<Best<i128>> = None;
    let (mut current, mut start) = (0_i128, 0);
    for (index, token) in text.split_ascii_whitespace().enumerate() {
        let value = i128::from(token.parse::<i64>().expect("an integer"));
        if index == 0 || current < 0 {
            current = value;
            start = index;
        } else {
            current += value;
        }
        if best.is_none_or(|b| current > b.sum) {
            best = Some(Best {
                sum: current,
                start,
                end: index,
            });
        }
    }
    best.expect("numbers")
}

fn streaming(path: &Path, runs: usize) {
    let size = std::fs::metadata(path).expect("metadata").len() as f64;
    let threads = rayon::current_num_threads();
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a pool");
    let mut times: [[Vec<Duration>; 2]; 3] = Default::default();
    let mut answers = Vec::new();
    for _ in 0..runs {
        // The one-thread scan runs on this thread, so its CPU time is ours.
        let (scanned, wall, cpu) =
            timed(|| stream::scan::<i64, _>(File::open(path).expect("open")).expect("scan"));
        times[0][0].push(wall);
        times[0][1].push(cpu);
        let (base, wall, cpu) = timed(|| baseline(path));
        times[1][0].push(wall);
        times[1][1].push(cpu);
        let (parallel, wall, _) = timed(|| stream::scan_file::<i64>(path).expect("scan"));
        times[2][0].push(wall);
        let _ = &one;
        answers.push((scanned.best, base, parallel.best));
    }
    for (scanned, base, parallel) in &answers {
        assert_eq!(scanned, base, "the scan and the baseline disagree");
        assert_eq!(scanned, parallel, "the parallel scan disagrees");
    }
    let rate = |t: Duration| size / t.as_secs_f64() / 1e6;
    let [scan, base, par] = times.map(|[wall, cpu]| {
        (
            median(wall),
            if cpu.is_empty() {
                Duration::ZERO
            } else {
                median(cpu)
            },
        )
    });
    println!(
        "file: {} ({:.0} MB), answer {:?}",
        path.display(),
        size / 1e6,
        answers[0].0
    );
    println!("medians of {runs} runs          wall             one core (thread CPU time)");
    for (name, (wall, cpu)) in [("scan, 1 thread", scan), ("baseline split+parse", base)] {
        println!(
            "{name:<24} {:>7.3} s {:>6.0} MB/s   {:>7.3} s {:>6.0} MB/s",
            wall.as_secs_f64(),
            rate(wall),
            cpu.as_secs_f64(),
            rate(cpu)
        );
    }
    println!(
        "{:<24} {:>7.3} s {:>6.0} MB/s",
        format!("scan_file, {threads} threads"),
        par.0.as_secs_f64(),
        rate(par.0)
    );
    println!(
        "scan / baseline: {:.2}x wall, {:.2}x CPU;  scan_file / scan: {:.2}x wall",
        base.0.as_secs_f64() / scan.0.as_secs_f64(),
        base.1.as_secs_f64() / scan.1.as_secs_f64(),
        scan.0.as_secs_f64() / par.0.as_secs_f64()
    );
}

fn memory(n: usize, runs: usize) {
    let mut rng = Rng(42);
    let resetting: Vec<i64> = (0..n).map(|_| rng.between(-1100, 900)).collect();
    let rising: Vec<i64> = (0..n).map(|_| rng.between(-900, 1100)).collect();
    let two = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .expect("a pool");
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a pool");
    type Method<'a> = (&'a str, Box<dyn Fn(&[i64]) -> Best<i128> + 'a>);
    // The sequential methods run on this thread, so their CPU time is ours;
    // the pools' work runs on their own threads and is timed by the clock.
    let methods: Vec<Method> = vec![
        (
            "kadane (vectorised)",
            Box::new(|v| subarray::kadane(v).unwrap()),
        ),
        (
            "kadane_classic (textbook)",
            Box::new(|v| subarray::kadane_classic(v).unwrap()),
        ),
        (
            "parallel, 1 thread",
            Box::new(|v| one.install(|| subarray::parallel(v).unwrap())),
        ),
        (
            "parallel, 2 threads",
            Box::new(|v| two.install(|| subarray::parallel(v).unwrap())),
        ),
    ];
    let kinds = [&resetting, &rising];
    let mut wall = vec![[Vec::new(), Vec::new()]; methods.len()];
    let mut cpu = vec![[Vec::new(), Vec::new()]; methods.len()];
    let mut process = vec![[Vec::new(), Vec::new()]; methods.len()];
    for _ in 0..runs {
        for (kind, values) in kinds.iter().enumerate() {
            let reference = subarray::brute::max_subarray(&values[..2000]).unwrap();
            assert_eq!(subarray::kadane(&values[..2000]).unwrap(), reference);
            let expected = subarray::kadane_classic(values).unwrap();
            for (m, (_, method)) in methods.iter().enumerate() {
                let before = process_time();
                let (best, w, c) = timed(|| method(values));
                process[m][kind].push(process_time() - before);
                assert_eq!(best, expected);
                wall[m][kind].push(w);
                cpu[m][kind].push(c);
            }
        }
    }
    let per = |t: Vec<Duration>| median(t).as_secs_f64() * 1e9 / n as f64;
    println!(
        "n = {n}, medians of {runs} runs, ns per element (wall; thread CPU for the sequential ones)"
    );
    println!(
        "{:<28} {:>10} {:>10} {:>10} {:>10}",
        "", "mean -100", "(cpu)", "mean +100", "(cpu)"
    );
    let mut table = Vec::new();
    for (m, (name, _)) in methods.iter().enumerate() {
        let [w0, w1] = wall[m].clone().map(per);
        let [c0, c1] = cpu[m].clone().map(per);
        table.push([w0, w1]);
        if m < 2 {
            println!("{name:<28} {w0:>10.3} {c0:>10.3} {w1:>10.3} {c1:>10.3}");
        } else {
            println!("{name:<28} {w0:>10.3} {:>10} {w1:>10.3} {:>10}", "", "");
        }
    }
    println!(
        "parallel speedup, 2 threads over 1: {:.2}x (mean -100), {:.2}x (mean +100); over kadane: {:.2}x, {:.2}x",
        table[2][0] / table[3][0],
        table[2][1] / table[3][1],
        table[0][0] / table[3][0],
        table[0][1] / table[3][1]
    );
    // The least disturbed runs: with other work on the machine, the minimum
    // is the estimate least affected by waiting for a core.
    let least = |m: usize, kind: usize| wall[m][kind].iter().min().expect("runs").as_secs_f64();
    println!(
        "fastest runs, 2 threads over 1: {:.2}x (mean -100), {:.2}x (mean +100)",
        least(2, 0) / least(3, 0),
        least(2, 1) / least(3, 1)
    );
    // The work the two threads did, all told, against the one thread's:
    // with two free cores the speedup would be 2 × this ratio.
    let [p1, p2] = [2, 3].map(|m| process[m].clone().map(|t| median(t).as_secs_f64()));
    println!(
        "process CPU time, 1 thread / 2 threads: {:.2} (mean -100), {:.2} (mean +100): \
         on two free cores, {:.2}x and {:.2}x",
        p1[0] / p2[0],
        p1[1] / p2[1],
        2.0 * p1[0] / p2[0],
        2.0 * p1[1] / p2[1]
    );
}

/// Where the time of a scan goes: reading, parsing, summarising (thread CPU
/// time).
fn parts(path: &Path, runs: usize) {
    let size = std::fs::metadata(path).expect("metadata").len() as f64;
    let (mut read, mut parse, mut scan) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..runs {
        let ((), _, cpu) = timed(|| {
            let mut file = File::open(path).expect("open");
            let mut buf = vec![0_u8; 1 << 18];
            while file.read(&mut buf).expect("read") > 0 {}
        });
        read.push(cpu);
        let (sum, _, cpu) = timed(|| {
            let mut sum = 0_i64;
            subarray::parse::for_each_block::<i64, _, _>(
                File::open(path).expect("open"),
                |block| sum = sum.wrapping_add(block.iter().sum::<i64>()),
            )
            .expect("parse");
            sum
        });
        std::hint::black_box(sum);
        parse.push(cpu);
        let (scanned, _, cpu) =
            timed(|| stream::scan::<i64, _>(File::open(path).expect("open")).expect("scan"));
        std::hint::black_box(scanned);
        scan.push(cpu);
    }
    let rate = |t: Duration| size / t.as_secs_f64() / 1e6;
    for (name, times) in [("read only", read), ("parse only", parse), ("scan", scan)] {
        let t = median(times);
        println!(
            "{name:<12} {:>8.3} s {:>8.0} MB/s (CPU time)",
            t.as_secs_f64(),
            rate(t)
        );
    }
}

/// The ceiling for any pass over memory: a plain vectorised sum of `n`
/// integers on 1 and 2 threads, to compare the kernel and its parallel
/// speedup with.
fn bandwidth(n: usize, runs: usize) {
    use rayon::prelude::*;
    let mut rng = Rng(7);
    let values: Vec<i64> = (0..n).map(|_| rng.between(-1100, 900)).collect();
    let sum = |v: &[i64]| v.iter().fold(0_i64, |a, &b| a.wrapping_add(b));
    let mut times = [Vec::new(), Vec::new(), Vec::new()];
    let two = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .expect("a pool");
    for _ in 0..runs {
        let (a, wall, _) = timed(|| sum(&values));
        times[0].push(wall);
        let (b, wall, _) = timed(|| {
            two.install(|| {
                values
                    .par_chunks(n.div_ceil(8))
                    .map(sum)
                    .reduce(|| 0, i64::wrapping_add)
            })
        });
        times[1].push(wall);
        let (c, wall, _) = timed(|| subarray::kadane(&values).unwrap());
        times[2].push(wall);
        assert_eq!(a, b);
        std::hint::black_box(c);
    }
    let [one, two, kadane] = times.map(|t| median(t).as_secs_f64());
    let rate = |t: f64| (n * 8) as f64 / t / 1e9;
    println!("n = {n} ({} MB), medians of {runs}", n * 8 / 1_000_000);
    println!(
        "plain sum, 1 thread:  {:.3} ns/element  {:.1} GB/s",
        one * 1e9 / n as f64,
        rate(one)
    );
    println!(
        "plain sum, 2 threads: {:.3} ns/element  {:.1} GB/s  ({:.2}x)",
        two * 1e9 / n as f64,
        rate(two),
        one / two
    );
    println!(
        "kadane, 1 thread:     {:.3} ns/element  {:.1} GB/s",
        kadane * 1e9 / n as f64,
        rate(kadane)
    );
}
