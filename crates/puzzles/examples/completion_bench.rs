//! Completion on random instances near the hardness peak.
//!
//! An instance is `k` queens placed one at a time on squares chosen
//! uniformly among those no earlier queen attacks (rows and columns still
//! free), on an `n`×`n` board; the solver is asked for one completion
//! (`Completion::find`) and, optionally, the number of completions.
//!
//! ```text
//! cargo run --release --example completion_bench -- scan 32          # sweep k: where is it hard?
//! cargo run --release --example completion_bench -- report 20 32 48  # 1000 instances at each peak
//! ```
//!
//! Times are per instance, wall clock, one thread.

use std::time::{Duration, Instant};

use puzzles::queens::Board;

/// SplitMix64: a small, well-mixed generator; enough for drawing instances.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, bound: usize) -> usize {
        (self.next() % bound as u64) as usize
    }
}

/// `k` mutually non-attacking queens at random, or `None` if the board ran
/// out of free squares first.
fn random_queens(rng: &mut Rng, n: usize, k: usize) -> Option<Vec<(usize, usize)>> {
    let mut placed: Vec<(usize, usize)> = Vec::with_capacity(k);
    for _ in 0..k {
        let free: Vec<(usize, usize)> = (0..n)
            .flat_map(|r| (0..n).map(move |c| (r, c)))
            .filter(|&(r, c)| {
                placed
                    .iter()
                    .all(|&(pr, pc)| pr != r && pc != c && pr.abs_diff(r) != pc.abs_diff(c))
            })
            .collect();
        if free.is_empty() {
            return None;
        }
        placed.push(free[rng.below(free.len())]);
    }
    Some(placed)
}

struct Outcome {
    time: Duration,
    completable: bool,
}

fn solve(n: usize, given: &[(usize, usize)]) -> Outcome {
    let start = Instant::now();
    let board = Board::new(n).unwrap().with_given(given).unwrap();
    let found = board.find();
    let time = start.elapsed();
    if let Some(solution) = &found {
        assert!(given.iter().all(|&(r, c)| solution.cols()[r] == c));
        assert!(puzzles::queens::Solution::new(solution.cols().to_vec()).is_ok());
    }
    Outcome {
        time,
        completable: found.is_some(),
    }
}

fn instances(n: usize, k: usize, count: usize, seed: u64) -> Vec<Vec<(usize, usize)>> {
    let mut rng = Rng(seed ^ (n as u64) << 32 ^ k as u64);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        if let Some(given) = random_queens(&mut rng, n, k) {
            out.push(given);
        }
    }
    out
}

fn summary(n: usize, k: usize, outcomes: &mut [Outcome]) -> String {
    outcomes.sort_by_key(|o| o.time);
    let len = outcomes.len();
    let completable = outcomes.iter().filter(|o| o.completable).count();
    let total: Duration = outcomes.iter().map(|o| o.time).sum();
    format!(
        "n = {n:2}  k = {k:2}  instances {len}  completable {:5.1}%  median {:>10.1?}  p99 {:>10.1?}  worst {:>10.1?}  total {:>8.2?}",
        100.0 * completable as f64 / len as f64,
        outcomes[len / 2].time,
        outcomes[len * 99 / 100].time,
        outcomes[len - 1].time,
        total,
    )
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("scan") => {
            let n: usize = args[1].parse().expect("n");
            let per_k: usize = args.get(2).map_or(200, |a| a.parse().expect("count"));
            for k in (1..n).step_by((n / 16).max(1)) {
                let mut outcomes: Vec<Outcome> = instances(n, k, per_k, 1)
                    .iter()
                    .map(|given| solve(n, given))
                    .collect();
                println!("{}", summary(n, k, &mut outcomes));
            }
        }
        Some("report") => {
            for spec in &args[1..] {
                let (n, k) = match spec.split_once(':') {
                    Some((n, k)) => (n.parse().expect("n"), k.parse().expect("k")),
                    None => {
                        let n: usize = spec.parse().expect("n");
                        (n, peak(n))
                    }
                };
                let mut outcomes: Vec<Outcome> = instances(n, k, 1000, 2)
                    .iter()
                    .map(|given| solve(n, given))
                    .collect();
                println!("{}", summary(n, k, &mut outcomes));
            }
        }
        _ => eprintln!("usage: completion_bench scan N [COUNT] | report N[:K]..."),
    }
}

/// Where the scan found completion hardest (about half the instances
/// completable).
fn peak(n: usize) -> usize {
    n / 2
}
