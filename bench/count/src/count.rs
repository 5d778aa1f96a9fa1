//! Counting N-Queens: the symmetry-reduced counter against the plain bitboard
//! backtracker, in one process, interleaved, medians of several rounds.
//!
//! ```text
//! cd bench && cargo run --release -p count-bench --bin count-bench -- [N ...] [--rounds R] [--threads K] [--no-plain]
//! ```
//!
//! Contenders, each round in this order:
//!
//! - `plain`: [`plain_count`], every row, no symmetry, one thread;
//! - `scalar`: the reduced counter, scalar kernel, one thread;
//! - `lanes`: the reduced counter with the AVX-512 lanes (the default
//!   kernel; the same as `scalar` where the processor lacks AVX-512);
//! - `1 thr` and `K thr`: the parallel driver with 1 and K threads, wall time.
//!
//! One-thread contenders are timed by the counting thread's CPU time, which
//! does not grow while other processes hold the cores, so their ratios stay
//! fair on a busy machine; the driver runs are wall time (medians).

use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use puzzles::cpu::Isa;
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

fn median(times: &mut [Duration]) -> f64 {
    times.sort();
    times[times.len() / 2].as_secs_f64()
}

/// This thread's CPU time.
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

fn wall_timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let start = Instant::now();
    let value = f();
    (value, start.elapsed())
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

fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|text| {
            text.split_whitespace()
                .take(3)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_else(|_| "?".into())
}

fn main() {
    let options = options();
    let k = options.threads;
    println!(
        "vector lanes: {}; load average before: {}; {} rounds, medians",
        Isa::best() != Isa::Portable,
        load(),
        options.rounds
    );
    println!(
        "{:>3} {:>8} {:>8} {:>8} {:>8} {:>8} | {:>7} {:>7} {:>6} | {:>6} {:>6} {:>6} | {:>6} {:>6}",
        "n",
        "plain",
        "scalar",
        "lanes",
        "1 thr",
        format!("{k} thr"),
        "pl/scal",
        "pl/lane",
        format!("1/{k}"),
        "plainN",
        "scalN",
        "laneN",
        "pl ns",
        "ln ns",
    );
    for &n in &options.sizes {
        let plan = CountPlan::with_default_split(n).expect("a plan");
        let scalar_plan = plan.clone().with_isa(Isa::Portable);
        let mut times: [Vec<Duration>; 5] = Default::default();
        let mut plain_result = (0u64, 0u64);
        let (mut scalar, mut lanes) = (Tally::default(), Tally::default());
        for _ in 0..options.rounds {
            if options.plain {
                let (result, time) = cpu_timed(|| plain_count(n).unwrap());
                plain_result = result;
                times[0].push(time);
            }
            let (tally, time) = cpu_timed(|| scalar_plan.count_all());
            scalar = tally;
            times[1].push(time);
            let (tally, time) = cpu_timed(|| plan.count_all());
            lanes = tally;
            times[2].push(time);
            let (one, time) = wall_timed(|| parallel(&plan, 1));
            times[3].push(time);
            let (many, time) = wall_timed(|| parallel(&plan, k));
            times[4].push(time);
            assert_eq!((scalar.total, scalar.unique), (lanes.total, lanes.unique));
            assert_eq!((one.total, one.unique), (many.total, many.unique));
            assert_eq!(one.total, lanes.total);
        }
        if options.plain {
            assert_eq!(u128::from(plain_result.0), lanes.total, "n = {n}");
        }
        let [plain_t, scalar_t, lanes_t, one_t, many_t] = times.map(|mut t| {
            if t.is_empty() {
                f64::NAN
            } else {
                median(&mut t)
            }
        });
        let solutions = lanes.total as f64;
        println!(
            "{n:>3} {plain_t:>8.3} {scalar_t:>8.3} {lanes_t:>8.3} {one_t:>8.3} {many_t:>8.3} | {:>7.2} {:>7.2} {:>6.2} | {:>6.1} {:>6.1} {:>6.1} | {:>6.2} {:>6.2}",
            plain_t / scalar_t,
            plain_t / lanes_t,
            one_t / many_t,
            plain_result.1 as f64 / solutions,
            scalar.nodes as f64 / solutions,
            lanes.nodes as f64 / solutions,
            plain_t * 1e9 / plain_result.1 as f64,
            lanes_t * 1e9 / lanes.nodes as f64,
        );
    }
    println!("load average after: {}", load());
    println!(
        "columns: seconds (plain/scalar/lanes: CPU time of one thread; 1 thr/{k} thr: wall time \
         of the parallel driver); speed-ups; nodes per solution; ns per node"
    );
}
