//! `count-one N [KERNEL]`: one count on the calling thread with one kernel
//! (`auto`, `avx512`, `avx2`, `sse2` or `scalar`), printing the total, the fundamental count and the
//! nodes; for whole-process timings and instruction counts per kernel
//! (`valgrind --tool=callgrind target/release/count-one 13 scalar`).

use puzzles::cpu::Isa;
use puzzles::queens::count::CountPlan;

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args
        .next()
        .and_then(|n| n.parse().ok())
        .expect("usage: count-one N [auto|avx512|avx2|sse2|scalar]");
    let isa = match args.next().as_deref() {
        None | Some("auto") => None,
        Some("scalar") => Some(Isa::Portable),
        Some("sse2") => Some(Isa::Sse2),
        Some("avx2") => Some(Isa::Avx2),
        Some("avx512") => Some(Isa::Avx512),
        Some(other) => panic!("unknown kernel {other:?}"),
    };
    let plan = CountPlan::with_default_split(n)
        .expect("a board size")
        .with_isa(isa);
    let tally = plan.count_all();
    println!("{} {} {}", tally.total, tally.unique, tally.nodes);
}
