//! Counting N-Queens: the symmetry-reduced counter against the plain bitboard
//! backtracker, in one process, interleaved, medians of several rounds.
//!
//! ```text
//! cargo run --release --manifest-path bench/Cargo.toml -- [N ...] [--rounds R] [--threads K]
//! ```
//!
//! For each N it prints the median time of each contender, the speed-up of
//! the reduced counter over the plain search (one thread) and of K threads
//! over one, nodes per solution and nanoseconds per node. One-thread times
//! are CPU time of the counting thread (robust when other processes share
//! the cores); the K-thread time is wall time.

use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use puzzles::queens::count::{CountPlan, Counter, Tally, plain_count};

struct Options {
    sizes: Vec<usize>,
    rounds: usize,
    threads: usize,
    plain: bool,
}

fn options() -> Options {
    let mut options = Options {
        sizes: Vec::new(),
        rounds: 5,
        threads: 2,
        plain: true,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--rounds" => {
                options.rounds = args
                    .next()
                    .and_then(|r| r.parse().ok())
                    .expect("--rounds R")
            }
            "--threads" => {
                options.threads = args
                    .next()
                    .and_then(|k| k.parse().ok())
                    .expect("--threads K")
            }
            "--no-plain" => options.plain = false,
            n => options.sizes.push(n.parse().expect("a board size")),
        }
    }
    if options.sizes.is_empty() {
        options.sizes = vec![14, 15, 16];
    }
    options
}

fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let start = Instant::now();
    let value = f();
    (value, start.elapsed())
}

/// This thread's CPU time: unlike wall time, it does not grow while other
/// processes hold the cores, so one-thread ratios stay fair on a busy machine.
fn thread_cpu() -> Duration {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes one timespec through a valid pointer.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    assert_eq!(status, 0, "clock_gettime");
    Duration::new(now.tv_sec as u64, now.tv_nsec as u32)
}

fn cpu_timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let start = thread_cpu();
    let value = f();
    (value, thread_cpu() - start)
}

fn parallel(plan: &CountPlan, threads: usize) -> Tally {
    Counter::new(plan)
        .threads(threads)
        .run(&AtomicBool::new(false), |_, _| {
            ControlFlow::<()>::Continue(())
        })
        .expect("the pool starts")
        .tally
}

fn main() {
    let options = options();
    println!(
        "{:>3} {:>10} {:>10} {:>10} {:>8} {:>8} {:>9} {:>9} {:>9} {:>9}",
        "n",
        "plain s",
        "reduced s",
        "K-thr s",
        "speedup",
        "K/1",
        "plain n/s",
        "red. n/s",
        "plain ns",
        "red. ns"
    );
    for &n in &options.sizes {
        let plan = CountPlan::with_default_split(n).expect("a plan");
        let (mut plain_times, mut one_times, mut many_times) = (Vec::new(), Vec::new(), Vec::new());
        let mut plain_result = (0, 0);
        let mut tally = Tally::default();
        for _ in 0..options.rounds {
            if options.plain {
                let (result, time) = cpu_timed(|| plain_count(n).unwrap());
                plain_result = result;
                plain_times.push(time);
            }
            let (one, time) = cpu_timed(|| plan.count_all());
            one_times.push(time);
            let (many, time) = timed(|| parallel(&plan, options.threads));
            many_times.push(time);
            assert_eq!((one.total, one.unique), (many.total, many.unique));
            tally = one;
        }
        if options.plain {
            assert_eq!(u128::from(plain_result.0), tally.total, "n = {n}");
        }
        let one = median(&mut one_times).as_secs_f64();
        let many = median(&mut many_times).as_secs_f64();
        let (plain, speedup, plain_per_solution, plain_ns) = if options.plain {
            let plain = median(&mut plain_times).as_secs_f64();
            (
                format!("{plain:.3}"),
                format!("{:.2}", plain / one),
                format!("{:.1}", plain_result.1 as f64 / plain_result.0 as f64),
                format!("{:.2}", plain * 1e9 / plain_result.1 as f64),
            )
        } else {
            ("-".into(), "-".into(), "-".into(), "-".into())
        };
        println!(
            "{n:>3} {plain:>10} {one:>10.3} {many:>10.3} {speedup:>8} {:>8.2} {plain_per_solution:>9} {:>9.1} {plain_ns:>9} {:>9.2}",
            one / many,
            tally.nodes as f64 / tally.total as f64,
            one * 1e9 / tally.nodes as f64,
        );
    }
}
