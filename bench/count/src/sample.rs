//! `count-sample N K [KERNEL] [SEED] [SPLIT] [DEPTH]`: counts K work units of
//! `n`-queens drawn at random (seeded) on one thread with one kernel
//! (`auto`, `avx512`, `avx2`, `sse2` or `scalar`) and prints their nodes, the
//! ns per node and the projection of the whole count (nodes, solutions,
//! core-hours, each with its standard error). With DEPTH deeper than the
//! split, it draws K subtrees that deep below random units instead
//! (`CountPlan::count_sample_below`), for sizes whose units are too large.
//!
//! ```text
//! cd bench && cargo run --release -p count-bench --bin count-sample -- 25 20 avx512 1 5 8
//! ```

use std::time::Duration;

use puzzles::cpu::Isa;
use puzzles::queens::count::CountPlan;

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

fn main() {
    let mut args = std::env::args().skip(1);
    let usage = "usage: count-sample N K [auto|avx512|avx2|sse2|scalar] [SEED] [SPLIT] [DEPTH]";
    let n: usize = args.next().and_then(|n| n.parse().ok()).expect(usage);
    let size: u64 = args.next().and_then(|k| k.parse().ok()).expect(usage);
    let isa = match args.next().as_deref() {
        None | Some("auto") => None,
        Some("scalar") => Some(Isa::Portable),
        Some("sse2") => Some(Isa::Sse2),
        Some("avx2") => Some(Isa::Avx2),
        Some("avx512") => Some(Isa::Avx512),
        Some(other) => panic!("unknown kernel {other:?}"),
    };
    let seed: u64 = args.next().map_or(1, |s| s.parse().expect(usage));
    let split = args
        .next()
        .map_or(CountPlan::default_split(n), |s| s.parse().expect(usage));
    let plan = CountPlan::new(n, split)
        .expect("a board size")
        .with_isa(isa);
    let depth: Option<usize> = args.next().map(|d| d.parse().expect(usage));
    let cpu_start = thread_cpu();
    let sample = match depth {
        Some(depth) if depth > split => plan.count_sample_below(size, seed, depth),
        _ => plan.count_sample(size, seed),
    };
    let cpu = thread_cpu() - cpu_start;
    let p = sample.projection();
    println!(
        "n = {n}, split {split}, depth {depth:?}, kernel {:?}: {} draws, {} units, {} nodes in {:.3} s, {:.3} ns per node",
        isa.map_or_else(Isa::best, Isa::supported),
        p.sampled,
        p.plan_units,
        p.sample_nodes,
        p.sample_seconds,
        p.ns_per_node
    );
    // The thread's CPU time does not grow while other processes hold the
    // core: the figure to compare on a busy machine.
    println!(
        "cpu: {:.3} s, {:.3} ns per node",
        cpu.as_secs_f64(),
        cpu.as_secs_f64() * 1e9 / p.sample_nodes as f64
    );
    println!(
        "projected: {:.4e} ± {:.2e} nodes, {:.4e} ± {:.2e} solutions, {:.4e} ± {:.2e} core-hours",
        p.nodes.value,
        p.nodes.std_error,
        p.total.value,
        p.total.std_error,
        p.core_seconds.value / 3600.0,
        p.core_seconds.std_error / 3600.0
    );
}
