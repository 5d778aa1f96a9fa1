//! `puzzles sudoku --file` against the `sudoku` crate (0.8), side by side:
//!
//! ```text
//! cargo build --release -p puzzles-cli
//! (cd bench && cargo build --release -p sudoku-bench)     # the bench workspace, same target/
//! flock /tmp/bench.lock target/release/sudoku-bench [--runs K] [--quick]
//! ```
//!
//! For `data/sudoku/17-clue.txt` and `top1465.txt`, on one thread:
//!
//! - whole process, solving: `puzzles sudoku --file F` against
//!   `sudoku-crate-file F` (the crate reading the file, solving each line
//!   and writing the solutions, in this crate), the two alternating, output
//!   to `/dev/null`;
//! - whole process, counting up to 2: `--count` against the same with
//!   `solutions_count_up_to(2)`;
//! - `puzzles sudoku --threads 2` against one thread;
//! - the solver loops alone, in this process: `puzzles::sudoku::Solver`
//!   (one puzzle at a time) and `sudoku::Sudoku::some_solution` over
//!   puzzles read beforehand; `batch::run_lines` (the command's path:
//!   parsing, puzzles solved side by side, rendering) over the file's
//!   text read beforehand, on one thread and on two (the pool without the
//!   start of a process, which one thread does alone); and what the whole
//!   process costs beyond them;
//! - the variants of the band engine (`NineEngine::ALL`), in process,
//!   interleaved, with the digits each tries at guesses.
//!
//! `--loops` runs the solver loops only, `--engines` the variants only.
//! `--file F` (repeatable) measures F instead of the two collections (the
//! hardest forum sets, say). `--peer NAME=PATH` (repeatable) also times
//! another solver, whole process, against ours: a command that reads the
//! file named last and writes what `puzzles sudoku --file` writes (one
//! solution per line, or `0`/`1`/`2 or more` with `--count` first), which
//! is checked before it is timed. `tdoku-file.cc` beside this crate is such
//! a command for tdoku (`TdokuSolverDpllTriadSimd`), built against a tdoku
//! checkout (see its first lines); tdoku is not part of this repository.
//! Every figure is the median of K runs (default 9; `--quick`: 3) by wall
//! clock, with the median CPU time (user + system, from `wait4`) beside it,
//! which other work on a busy machine inflates less. Before timing, both
//! commands' outputs are compared: they must agree line for line.

use puzzles::sudoku::{NineEngine, Solver, batch};
use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

/// A Sudoku collection: `data/sudoku/` of the repository, else
/// `shared/data/sudoku/` beside it or further up.
fn data_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .flat_map(|dir| [dir.join("data/sudoku"), dir.join("shared/data/sudoku")])
        .map(|dir| dir.join(name))
        .find(|path| path.exists())
        .unwrap_or_else(|| panic!("data/sudoku/{name} is missing"))
}

/// The binaries built beside this one (`target/release/`).
fn sibling(name: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("the bench knows where it is");
    let path = exe.parent().expect("a folder").join(name);
    assert!(
        path.exists(),
        "{} is missing: cargo build --release -p puzzles-cli, then in bench/: cargo build --release -p sudoku-bench",
        path.display()
    );
    path
}

/// Wall and CPU seconds of one run of `program args`, output to /dev/null.
// The child is reaped by `wait4`, which also gives its CPU time.
#[allow(clippy::zombie_processes)]
fn time_run(program: &Path, args: &[&str]) -> (f64, f64) {
    let start = Instant::now();
    let child = Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .stdout(File::create("/dev/null").expect("/dev/null"))
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the command starts");
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value for wait4 to fill in.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: the pid is our child's, not yet reaped; the pointers are to
    // live locals.
    let pid = unsafe { libc::wait4(child.id() as libc::pid_t, &mut status, 0, &mut usage) };
    let wall = start.elapsed().as_secs_f64();
    assert_eq!(pid, child.id() as libc::pid_t, "wait4 failed");
    assert!(
        libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0,
        "{} {args:?} failed",
        program.display()
    );
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    (wall, seconds(usage.ru_utime) + seconds(usage.ru_stime))
}

fn output_of(program: &Path, args: &[&str]) -> Vec<u8> {
    let output = Command::new(program).args(args).output().expect("runs");
    assert!(
        output.status.success(),
        "{} {args:?} failed",
        program.display()
    );
    output.stdout
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    }
}

/// Two commands timed alternately, `runs` times each.
struct Pair<'a> {
    name: String,
    first: (&'a Path, Vec<&'a str>),
    second: (&'a Path, Vec<&'a str>),
}

/// Medians of (wall, CPU) for the first and the second command.
fn alternate(pair: &Pair, runs: usize) -> ((f64, f64), (f64, f64)) {
    let (mut a_wall, mut a_cpu, mut b_wall, mut b_cpu) = (vec![], vec![], vec![], vec![]);
    for run in 0..runs {
        let mut one = |which: bool| {
            let (program, args) = if which { &pair.first } else { &pair.second };
            let (wall, cpu) = time_run(program, args);
            if which {
                a_wall.push(wall);
                a_cpu.push(cpu);
            } else {
                b_wall.push(wall);
                b_cpu.push(cpu);
            }
        };
        // Alternate which goes first, so neither always runs warm.
        one(run % 2 == 0);
        one(run % 2 == 1);
    }
    (
        (median(&mut a_wall), median(&mut a_cpu)),
        (median(&mut b_wall), median(&mut b_cpu)),
    )
}

fn thread_cpu() -> f64 {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap_or_default();
    text.split_whitespace()
        .next()
        .and_then(|ns| ns.parse::<f64>().ok())
        .map_or(0.0, |ns| ns / 1e9)
}

/// Median (wall, thread CPU) seconds of `body` over `runs` runs.
fn time_loop(runs: usize, mut body: impl FnMut()) -> (f64, f64) {
    let (mut walls, mut cpus) = (vec![], vec![]);
    for _ in 0..runs {
        let (start, cpu) = (Instant::now(), thread_cpu());
        body();
        cpus.push(thread_cpu() - cpu);
        walls.push(start.elapsed().as_secs_f64());
    }
    (median(&mut walls), median(&mut cpus))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let quick = args.iter().any(|arg| arg == "--quick");
    // `--loops`: only the solver loops, in process.
    // `--engines`: only the variants of the band engine, in process.
    let engines_only = args.iter().any(|arg| arg == "--engines");
    let whole = !engines_only && !args.iter().any(|arg| arg == "--loops");
    let runs = args
        .iter()
        .position(|arg| arg == "--runs")
        .and_then(|i| args.get(i + 1))
        .map_or(if quick { 3 } else { 9 }, |k| {
            k.parse().expect("--runs takes a number")
        });
    let ours = sibling("puzzles");
    let crate_peer = ("sudoku crate".to_string(), sibling("sudoku-crate-file"));
    println!(
        "load average: {}",
        std::fs::read_to_string("/proc/loadavg")
            .unwrap_or_default()
            .trim()
    );
    println!("medians of {runs} runs, alternating; wall clock (CPU time in brackets)\n");
    // `--peer NAME=PATH` (repeatable): another solver to time as a command.
    let peers: Vec<(String, PathBuf)> = args
        .iter()
        .zip(args.iter().skip(1))
        .filter(|(flag, _)| *flag == "--peer")
        .map(|(_, peer)| {
            let (name, path) = peer
                .split_once('=')
                .expect("--peer takes NAME=PATH, a command run as PATH [--count] FILE");
            (name.to_string(), PathBuf::from(path))
        })
        .collect();
    // `--file F` (repeatable) measures F instead of the two collections.
    let mut files: Vec<PathBuf> = args
        .iter()
        .zip(args.iter().skip(1))
        .filter(|(flag, _)| *flag == "--file")
        .map(|(_, path)| PathBuf::from(path))
        .collect();
    if files.is_empty() {
        files = ["17-clue.txt", "top1465.txt"].map(data_path).to_vec();
    }
    for path in &files {
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |name| name.to_string_lossy().into_owned(),
        );
        let file = path.to_str().expect("a UTF-8 path");
        let text = std::fs::read_to_string(path).expect("readable");
        let lines: Vec<&str> = text
            .lines()
            .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
            .collect();
        let count = lines.len() as f64;

        println!("{name} ({} puzzles)", lines.len());
        let rate = |seconds: f64| count / seconds;
        let mut whole_solve = (f64::NAN, f64::NAN);
        // The crate, then the other solvers (`--peer NAME=PATH`), each run
        // as `PATH [--count] FILE` and checked to answer as ours does
        // before it is timed.
        let everyone = std::iter::once(&crate_peer).chain(&peers).enumerate();
        for (index, (peer, program)) in everyone.filter(|_| whole) {
            for extra in [None, Some("--count")] {
                let mut our_args = vec!["sudoku", "--file", file];
                let mut their_args: Vec<&str> = extra.into_iter().collect();
                our_args.extend(extra);
                their_args.push(file);
                assert!(
                    output_of(&ours, &our_args) == output_of(program, &their_args),
                    "{peer} answers otherwise on {name} {extra:?}"
                );
                let pair = Pair {
                    name: format!("whole process{}", extra.map_or("", |_| ", --count")),
                    first: (&ours, our_args),
                    second: (program, their_args),
                };
                let ((wall, cpu), (their_wall, their_cpu)) = alternate(&pair, runs);
                if index == 0 && extra.is_none() {
                    whole_solve = (wall, cpu);
                }
                println!(
                    "  {:<24} puzzles {:>8.0}/s ({:>8.0}/s)   {peer:<12} {:>8.0}/s ({:>8.0}/s)   ratio {:.2}× ({:.2}×)",
                    pair.name,
                    rate(wall),
                    rate(cpu),
                    rate(their_wall),
                    rate(their_cpu),
                    their_wall / wall,
                    their_cpu / cpu,
                );
            }
        }
        let pair = Pair {
            name: "--threads 2 against 1".to_string(),
            first: (&ours, vec!["sudoku", "--threads", "2", "--file", file]),
            second: (&ours, vec!["sudoku", "--file", file]),
        };
        let ((two, two_cpu), (one, one_cpu)) = if whole {
            alternate(&pair, runs)
        } else {
            ((f64::NAN, f64::NAN), (f64::NAN, f64::NAN))
        };
        if whole {
            println!(
                "  {:<24} puzzles {:>8.0}/s on 2 threads, {:>8.0}/s on 1: {:.2}× (CPU {:+.0}%)",
                pair.name,
                rate(two),
                rate(one),
                one / two,
                (two_cpu / one_cpu - 1.0) * 100.0
            );
        }

        // The solver loops alone, puzzles read beforehand.
        let puzzles: Vec<puzzles::sudoku::Puzzle> = lines
            .iter()
            .map(|line| line.parse().expect("valid puzzles"))
            .collect();
        let theirs_parsed: Vec<sudoku::Sudoku> = lines
            .iter()
            .map(|line| sudoku::Sudoku::from_str_line(line).expect("valid puzzles"))
            .collect();
        // The variants of the band engine, interleaved run by run.
        let engines = NineEngine::ALL;
        let mut solvers: Vec<Solver> = engines.iter().map(|&e| Solver::with_engine(e)).collect();
        // A small file is solved several times over per sample, so that a
        // sample lasts long enough to time.
        let rounds = 20_000usize.div_ceil(puzzles.len());
        let mut samples = vec![(vec![], vec![]); engines.len()];
        for _ in 0..runs {
            for (solver, (walls, cpus)) in solvers.iter_mut().zip(&mut samples) {
                let (wall, cpu) = time_loop(1, || {
                    for _ in 0..rounds {
                        for puzzle in &puzzles {
                            std::hint::black_box(solver.solve(puzzle));
                        }
                    }
                });
                walls.push(wall / rounds as f64);
                cpus.push(cpu / rounds as f64);
            }
        }
        for ((engine, solver), (walls, cpus)) in engines.iter().zip(&mut solvers).zip(&mut samples)
        {
            let guesses: u64 = puzzles
                .iter()
                .map(|puzzle| solver.solve_counting_guesses(puzzle).1)
                .sum();
            let name = format!(
                "{} {:?}",
                if engine.triads { "triads" } else { "plain" },
                engine.isa
            );
            println!(
                "  engine {:<16} {:>8.0}/s ({:>8.0}/s)   {:.2} digits tried at guesses per puzzle",
                name,
                rate(median(walls)),
                rate(median(cpus)),
                guesses as f64 / count
            );
        }
        if engines_only {
            println!();
            continue;
        }
        let mut solver = Solver::new();
        let (loop_wall, loop_cpu) = time_loop(runs, || {
            for puzzle in &puzzles {
                std::hint::black_box(solver.solve(puzzle));
            }
        });
        let (their_loop_wall, their_loop_cpu) = time_loop(runs, || {
            for sudoku in &theirs_parsed {
                std::hint::black_box(sudoku.some_solution());
            }
        });
        println!(
            "  {:<24} puzzles {:>8.0}/s ({:>8.0}/s)   sudoku crate {:>8.0}/s ({:>8.0}/s)   ratio {:.2}× ({:.2}×)",
            "solver loop, in process",
            rate(loop_wall),
            rate(loop_cpu),
            rate(their_loop_wall),
            rate(their_loop_cpu),
            their_loop_wall / loop_wall,
            their_loop_cpu / loop_cpu,
        );
        // The batch path the command takes (`run_lines`: parsing, solving
        // puzzles side by side, rendering), in process, over the
        // file's text read beforehand, on `threads` threads.
        let batch_loop = |threads: usize| {
            time_loop(runs, || {
                let mut options = batch::BatchOptions::default();
                options.threads = threads;
                // As the `puzzles` command runs.
                options.spread_threads = true;
                batch::run_lines(
                    text.as_bytes(),
                    &options,
                    |_, _, _| {},
                    |out, _| {
                        std::hint::black_box(out);
                        Ok(())
                    },
                )
                .expect("reading from memory cannot fail");
            })
        };
        let (batch_wall, batch_cpu) = batch_loop(1);
        println!(
            "  {:<24} puzzles {:>8.0}/s ({:>8.0}/s)   ratio to the crate's loop {:.2}× ({:.2}×)",
            "run_lines, in process",
            rate(batch_wall),
            rate(batch_cpu),
            their_loop_wall / batch_wall,
            their_loop_cpu / batch_cpu,
        );
        // The same on two threads: how well the pool shares the work,
        // without the start of a process (which one thread does alone).
        let (pooled_wall, _) = batch_loop(2);
        println!(
            "  {:<24} puzzles {:>8.0}/s on 2 threads: {:.2}× one thread",
            "run_lines, in process",
            rate(pooled_wall),
            batch_wall / pooled_wall,
        );
        if whole {
            println!(
                "  whole process / solver loop: {:.2}× wall, {:.2}× CPU; / run_lines in process: {:.2}× wall, {:.2}× CPU",
                whole_solve.0 / loop_wall,
                whole_solve.1 / loop_cpu,
                whole_solve.0 / batch_wall,
                whole_solve.1 / batch_cpu
            );
        }
        println!();
    }
    println!(
        "load average: {}",
        std::fs::read_to_string("/proc/loadavg")
            .unwrap_or_default()
            .trim()
    );
}
