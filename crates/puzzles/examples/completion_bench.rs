//! Completion on random instances near the hardness peak.
//!
//! An instance is `k` queens placed one at a time on squares chosen
//! uniformly among those no earlier queen attacks (rows and columns still
//! free), on an `n`×`n` board; the solver is asked for one completion
//! (`Completion::find`) and, optionally, the number of completions.
//!
//! ```text
//! cargo run --release --example completion_bench -- scan 32          # sweep k
//! cargo run --release --example completion_bench -- report 20 32 48  # 1000 instances each
//! ```
//!
//! `report` finds, for each `n`, the number of given queens `k` at which
//! about half the instances can be completed (the phase transition), then
//! times 1,000 instances there with `find` (one completion) and `count`
//! (all of them), and 1,000 instances with only two queens given, where the
//! search has the most freedom to go wrong. Times are per instance (board
//! set-up included), wall clock, one thread.

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

/// Times `find` (one completion) on one instance, checking its answer.
fn find(n: usize, given: &[(usize, usize)]) -> Outcome {
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

/// Times `first` (the lexicographically first completion, rows in order)
/// on one instance: the comparison without the most-constrained-first
/// ordering.
fn first(n: usize, given: &[(usize, usize)]) -> Outcome {
    let start = Instant::now();
    let found = Board::new(n).unwrap().with_given(given).unwrap().first();
    Outcome {
        time: start.elapsed(),
        completable: found.is_some(),
    }
}

/// Times `count` (every completion) on one instance.
fn count(n: usize, given: &[(usize, usize)]) -> Outcome {
    let start = Instant::now();
    let total = Board::new(n).unwrap().with_given(given).unwrap().count();
    Outcome {
        time: start.elapsed(),
        completable: total > 0,
    }
}

fn instances(n: usize, k: usize, count: usize, seed: u64) -> Vec<Vec<(usize, usize)>> {
    let mut rng = Rng(seed ^ ((n as u64) << 32) ^ k as u64);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        if let Some(given) = random_queens(&mut rng, n, k) {
            out.push(given);
        }
    }
    out
}

fn completable(outcomes: &[Outcome]) -> f64 {
    outcomes.iter().filter(|o| o.completable).count() as f64 / outcomes.len() as f64
}

fn summary(what: &str, n: usize, k: usize, outcomes: &mut [Outcome]) -> String {
    outcomes.sort_by_key(|o| o.time);
    let len = outcomes.len();
    format!(
        "{what:<6} n = {n:2}  k = {k:2}  instances {len}  completable {:5.1}%  median {:>9.1?}  p99 {:>9.1?}  worst {:>9.1?}",
        100.0 * completable(outcomes),
        outcomes[len / 2].time,
        outcomes[len * 99 / 100].time,
        outcomes[len - 1].time,
    )
}

/// The number of given queens at which about half the instances can be
/// completed: the phase transition, where completion is hardest to decide.
fn peak(n: usize) -> usize {
    (n / 2..n)
        .map(|k| {
            let outcomes: Vec<Outcome> = instances(n, k, 200, 7)
                .iter()
                .map(|given| find(n, given))
                .collect();
            (k, (completable(&outcomes) - 0.5).abs())
        })
        .take_while(|&(k, _)| k < n)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(k, _)| k)
        .expect("a range of k")
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
                    .map(|given| find(n, given))
                    .collect();
                println!("{}", summary("find", n, k, &mut outcomes));
            }
        }
        Some("rows") => {
            let n: usize = args[1].parse().expect("n");
            let k: usize = args[2].parse().expect("k");
            let per_k: usize = args.get(3).map_or(100, |a| a.parse().expect("count"));
            let set = instances(n, k, per_k, 2);
            let mut outcomes: Vec<Outcome> = set.iter().map(|given| first(n, given)).collect();
            println!("{}", summary("first", n, k, &mut outcomes));
            let mut outcomes: Vec<Outcome> = set.iter().map(|given| find(n, given)).collect();
            println!("{}", summary("find", n, k, &mut outcomes));
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
                let near_peak = instances(n, k, 1000, 2);
                let few = instances(n, 2, 1000, 3);
                for (what, k, set, solver) in [
                    (
                        "find",
                        k,
                        &near_peak,
                        find as fn(usize, &[(usize, usize)]) -> Outcome,
                    ),
                    ("count", k, &near_peak, count),
                    ("find", 2, &few, find),
                ] {
                    let mut outcomes: Vec<Outcome> =
                        set.iter().map(|given| solver(n, given)).collect();
                    println!("{}", summary(what, n, k, &mut outcomes));
                }
            }
        }
        _ => {
            eprintln!("usage: completion_bench scan N [COUNT] | report N[:K]... | rows N K [COUNT]")
        }
    }
}
