//! Sudoku and exact-cover throughput: `cargo bench -p puzzles --bench sudoku`.
//!
//! Prints, for the shared collections `17-clue.txt` and `top1465.txt`:
//!
//! - the dedicated solver on one thread, every solution checked (valid and
//!   keeping the givens): puzzles per second by wall clock and by the
//!   thread's own CPU time (which other processes on a busy machine do not
//!   inflate);
//! - the batch solver (what `puzzles sudoku --file` runs) on 1 and 2 threads,
//!   solutions checked in the sink, the two alternating; since a wall-clock
//!   speedup means something only when nothing else runs, each run also
//!   measures the CPU other processes used meanwhile (from `/proc/stat`), and
//!   only pairs where they used less than a tenth of a CPU count (when there
//!   are too few such pairs, all count and the line says the machine was
//!   busy);
//! - the exact-cover engine on the same puzzles, against the dedicated solver;
//! - N-Queens counting with the exact-cover engine against the bitboard
//!   solver.
//!
//! Every figure is the median of several runs (`--runs K`, default 7).
//! `--quick` measures less, for a smoke test. The machine load is printed
//! before and after.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Instant;

use puzzles::exact_cover::n_queens;
use puzzles::queens::Board;
use puzzles::sudoku::batch::{self, BatchOutcome};
use puzzles::sudoku::cover::Cover;
use puzzles::sudoku::{Alphabet, Puzzle, Solver};

/// A Sudoku collection: the repository's copy in `data/sudoku/`, else
/// `shared/data/sudoku/` beside the checkout (or a folder further up).
fn data_path(name: &str) -> PathBuf {
    let beside = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/sudoku")
        .join(name);
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .flat_map(|dir| [dir.join("data/sudoku"), dir.join("shared/data/sudoku")])
        .map(|dir| dir.join(name))
        .find(|path| path.exists())
        .unwrap_or_else(|| panic!("{} is missing", beside.display()))
}

fn load(name: &str) -> (Vec<u8>, Vec<Puzzle>) {
    let bytes = std::fs::read(data_path(name)).expect("the shared data is readable");
    let puzzles = String::from_utf8_lossy(&bytes)
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| Puzzle::parse(line).expect("the collections are valid"))
        .collect();
    (bytes, puzzles)
}

/// CPU time of the calling thread in seconds (Linux), if known.
fn thread_cpu() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

/// CPU time of the whole process, finished threads included, in seconds
/// (Linux: user + system time from `/proc/self/stat`, in USER_HZ = 100 ticks
/// per second), if known.
fn process_cpu() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command name: state is field 3, utime 14, stime 15.
    let fields: Vec<&str> = text[text.rfind(')')? + 2..].split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

/// CPU seconds all processes have used, from `/proc/stat` (Linux), if known.
fn machine_busy() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/stat").ok()?;
    let fields: Vec<f64> = text
        .lines()
        .next()?
        .split_whitespace()
        .skip(1)
        .map(|field| field.parse().unwrap_or(0.0))
        .collect();
    // user nice system idle iowait irq softirq steal: all but idle and iowait.
    let busy = fields.iter().take(8).sum::<f64>() - fields.get(3)? - fields.get(4)?;
    Some(busy / 100.0)
}

/// One timed run: wall seconds, this process's CPU seconds, and the CPUs
/// other processes kept busy on average meanwhile.
#[derive(Clone, Copy, Debug)]
struct Sample {
    wall: f64,
    cpu: f64,
    others: f64,
}

fn sample(work: impl FnOnce()) -> Sample {
    let (cpu, busy) = (process_cpu(), machine_busy());
    let start = Instant::now();
    work();
    let wall = start.elapsed().as_secs_f64();
    let cpu = process_cpu()
        .zip(cpu)
        .map_or(f64::NAN, |(after, before)| after - before);
    let busy = machine_busy()
        .zip(busy)
        .map_or(f64::NAN, |(after, before)| after - before);
    Sample {
        wall,
        cpu,
        others: ((busy - cpu) / wall).max(0.0),
    }
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|text| {
            text.split_whitespace()
                .take(3)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_else(|_| "unknown".to_string())
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    let middle = values.len() / 2;
    if values.len() % 2 == 1 {
        values[middle]
    } else {
        (values[middle - 1] + values[middle]) / 2.0
    }
}

/// Wall and thread-CPU seconds of `work`.
fn timed(work: impl FnOnce()) -> (f64, Option<f64>) {
    let cpu = thread_cpu();
    let start = Instant::now();
    work();
    let wall = start.elapsed().as_secs_f64();
    (
        wall,
        thread_cpu().zip(cpu).map(|(after, before)| after - before),
    )
}

struct Rates {
    wall: Vec<f64>,
    cpu: Vec<f64>,
}

impl Rates {
    fn new() -> Rates {
        Rates {
            wall: Vec::new(),
            cpu: Vec::new(),
        }
    }

    fn add(&mut self, items: usize, (wall, cpu): (f64, Option<f64>)) {
        self.wall.push(items as f64 / wall);
        if let Some(cpu) = cpu {
            self.cpu.push(items as f64 / cpu);
        }
    }

    fn report(&mut self) -> String {
        let wall = median(&mut self.wall);
        if self.cpu.is_empty() {
            format!("{wall:>10.0}/s wall")
        } else {
            format!(
                "{wall:>10.0}/s wall  {:>10.0}/s thread CPU",
                median(&mut self.cpu)
            )
        }
    }
}

fn solve_all_checked(solver: &mut Solver, puzzles: &[Puzzle]) {
    for puzzle in puzzles {
        let solution = solver.solve(puzzle).expect("the collections are solvable");
        assert!(solution.solves(puzzle), "a wrong solution");
    }
}

/// Runs the batch solver over `bytes` on `threads` threads as
/// `puzzles sudoku --file` does: each answer checked (valid, keeping the
/// givens) and rendered as a line on the thread that solved it, the lines
/// handed over in order.
fn batch_checked(bytes: &[u8], threads: usize, expected: usize) {
    let mut options = batch::BatchOptions::default();
    options.threads = threads;
    let mut written = 0;
    let summary = batch::run_rendered(
        bytes,
        &options,
        |answer, out, _| match &answer.outcome {
            BatchOutcome::Solved { puzzle, solution } => {
                assert!(solution.solves(puzzle), "line {}", answer.line);
                out.extend(solution.to_line(Alphabet::Standard).bytes());
                out.push(b'\n');
            }
            other => panic!("line {}: {other:?}", answer.line),
        },
        |out, _| {
            written += black_box(out).len();
            Ok(())
        },
    )
    .expect("in-memory input reads");
    assert_eq!(summary.solved as usize, expected);
    assert!(written > 0);
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let quick = args.iter().any(|arg| arg == "--quick");
    let runs = args
        .iter()
        .position(|arg| arg == "--runs")
        .and_then(|i| args.get(i + 1))
        .and_then(|k| k.parse().ok())
        .unwrap_or(if quick { 1 } else { 7 });
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!("# sudoku benchmark: median of {runs} runs, {cores} cores available");
    println!("# load average at start: {}", load_average());

    for name in ["17-clue.txt", "top1465.txt"] {
        let (bytes, puzzles) = load(name);
        let count = puzzles.len();
        println!("\n## {name}: {count} puzzles");

        let mut solver = Solver::new();
        solve_all_checked(&mut solver, &puzzles); // warm up
        let mut one = Rates::new();
        for _ in 0..runs {
            one.add(count, timed(|| solve_all_checked(&mut solver, &puzzles)));
        }
        println!(
            "dedicated solver, 1 thread, solutions checked:   {}",
            one.report()
        );

        // The batch runs on the file repeated to last a few tenths of a
        // second, 1 and 2 threads alternating; a pair counts only when other
        // processes used less than a tenth of a CPU during both runs.
        let repeat = (30_000 / count).max(1);
        let input = bytes.repeat(repeat);
        let total = count * repeat;
        let mut quiet: Vec<(Sample, Sample)> = Vec::new();
        let mut all: Vec<(Sample, Sample)> = Vec::new();
        let attempts = if quick { 1 } else { 8 * runs };
        for _ in 0..attempts {
            let one = sample(|| batch_checked(&input, 1, total));
            let two = sample(|| batch_checked(&input, 2, total));
            if one.others < 0.1 && two.others < 0.1 {
                quiet.push((one, two));
            }
            all.push((one, two));
            if quiet.len() == runs {
                break;
            }
        }
        let (pairs, note) = if quiet.len() >= runs.min(3) {
            (
                &quiet,
                format!("{} quiet pairs of {} tried", quiet.len(), all.len()),
            )
        } else {
            (
                &all,
                format!(
                    "machine busy: only {} quiet pairs of {}, all {} used",
                    quiet.len(),
                    all.len(),
                    all.len()
                ),
            )
        };
        let pick = |f: &dyn Fn(&(Sample, Sample)) -> f64| {
            median(&mut pairs.iter().map(f).collect::<Vec<_>>())
        };
        let (t1, t2) = (pick(&|p| p.0.wall), pick(&|p| p.1.wall));
        let (c1, c2) = (pick(&|p| p.0.cpu), pick(&|p| p.1.cpu));
        let others = pick(&|p| p.0.others.max(p.1.others));
        let input_note = if repeat > 1 {
            format!(" (the file {repeat} times)")
        } else {
            String::new()
        };
        println!(
            "batch (parse, solve, check, format), 1 thread:  {:>10.0}/s wall{input_note}",
            total as f64 / t1
        );
        println!(
            "batch (parse, solve, check, format), 2 threads: {:>10.0}/s wall   speedup {:.2}x",
            total as f64 / t2,
            t1 / t2,
        );
        println!(
            "  process CPU: 1 thread {c1:.3} s, 2 threads {c2:.3} s ({:+.1}% work), {:.2} CPUs busy; other processes {others:.2} CPUs; {note}",
            (c2 / c1 - 1.0) * 100.0,
            c2 / t2
        );

        // The exact-cover engine is slower: a sample keeps the run short.
        let sample: Vec<&Puzzle> = puzzles
            .iter()
            .step_by(if quick { count / 50 } else { count / 500 }.max(1))
            .collect();
        let mut fast = Rates::new();
        let mut cover = Rates::new();
        for _ in 0..runs {
            fast.add(
                sample.len(),
                timed(|| {
                    for puzzle in &sample {
                        black_box(solver.solve(puzzle));
                    }
                }),
            );
            cover.add(
                sample.len(),
                timed(|| {
                    for puzzle in &sample {
                        let solution = Cover::new(puzzle).solve().expect("solvable");
                        assert!(solution.solves(puzzle));
                    }
                }),
            );
        }
        let ratio = median(&mut fast.wall.clone()) / median(&mut cover.wall.clone());
        println!(
            "exact cover engine on {} of them:               {}   ({ratio:.1}x slower than the dedicated solver)",
            sample.len(),
            cover.report()
        );
    }

    println!("\n## N-Queens counting: exact cover engine against the bitboard solver");
    let sizes = if quick { 8..=9 } else { 8..=11 };
    for n in sizes {
        let board = Board::new(n).expect("a valid size");
        let problem = n_queens(n).expect("a valid size");
        let expected = board.count();
        let mut bitboard = Vec::new();
        let mut cover = Vec::new();
        for _ in 0..runs {
            let (wall, _) = timed(|| assert_eq!(black_box(board.count()), expected));
            bitboard.push(wall);
            let (wall, _) = timed(|| assert_eq!(black_box(problem.count()), expected));
            cover.push(wall);
        }
        let (b, c) = (median(&mut bitboard), median(&mut cover));
        println!(
            "n = {n:>2}: {expected:>7} solutions   bitboard {:>9.3} ms   exact cover {:>9.3} ms   ({:.1}x)",
            b * 1e3,
            c * 1e3,
            c / b
        );
    }
    println!("\n# load average at end: {}", load_average());
}
