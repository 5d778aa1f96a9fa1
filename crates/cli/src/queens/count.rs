//! `puzzles queens N --count`: the symmetry-reduced counter on every core,
//! with a progress bar, a checkpoint to resume from, Ctrl-C and JSON.
//!
//! Classic queens use the library's work units ([`puzzles::queens::count`]);
//! other pieces and the torus are counted by the plain search, without
//! units, so `--threads`, `--checkpoint` and `--split` are refused for them.

use std::io::{IsTerminal, Write};
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use puzzles::queens::Board;
use puzzles::queens::checkpoint::{CheckpointFile, resume_scheme};
use puzzles::queens::count::{CountPlan, Counter, Method, RunEnd, Tally, UnitCount, UnitId};
use serde::Serialize;

use super::args::{Format, MethodArg, QueensArgs};
use super::progress::{Progress, sample_sizes};
use crate::numbers::grouped;
use crate::outcome::Outcome;

/// The result as `--json` prints it, fields in this order.
#[derive(Serialize)]
struct JsonCount {
    n: usize,
    total: u128,
    #[serde(skip_serializing_if = "Option::is_none")]
    unique: Option<u128>,
    #[serde(skip_serializing_if = "Option::is_none")]
    units: Option<u64>,
    elapsed_seconds: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    nodes: Option<u128>,
    #[serde(skip_serializing_if = "Option::is_none")]
    split: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    threads: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    resumed_units: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    piece: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    torus: Option<bool>,
}

/// Counts `board`'s solutions as `args` ask.
pub fn run(board: &Board, args: &QueensArgs, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    if board.rules().is_classic() {
        return classic(board.n(), args, out);
    }
    plain(board, args, out)
}

fn json_wanted(args: &QueensArgs) -> bool {
    args.json || args.format == Format::Json
}

/// Whether standard error may show a progress bar and a summary.
pub(crate) fn chatty(args: &QueensArgs) -> bool {
    !args.quiet && std::io::stderr().is_terminal()
}

/// Other pieces and the torus: the plain search, one thread.
fn plain(board: &Board, args: &QueensArgs, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    let rules = board.rules();
    for (given, flag) in [
        (args.threads.is_some(), "--threads"),
        (args.checkpoint.is_some(), "--checkpoint"),
        (args.split.is_some(), "--split"),
        (args.shard.is_some(), "--shard"),
        (args.sample.is_some(), "--sample"),
    ] {
        if given {
            let shape = if rules.torus() { " on a torus" } else { "" };
            bail!(
                "{flag} works with the classic queens count only; {}s{shape} are counted by the \
                 plain search, in one piece",
                rules.piece()
            );
        }
    }
    let started = Instant::now();
    let json = json_wanted(args);
    let (total, unique) = if json || args.unique {
        // One pass over the solutions gives both numbers.
        let (mut total, mut unique) = (0u128, 0u128);
        for solution in board.solutions() {
            total += 1;
            unique += u128::from(solution.is_canonical());
        }
        (total, Some(unique))
    } else {
        (u128::from(board.count()), None)
    };
    if json {
        let result = JsonCount {
            n: board.n(),
            total,
            unique,
            units: None,
            elapsed_seconds: started.elapsed().as_secs_f64(),
            nodes: None,
            split: None,
            threads: None,
            resumed_units: None,
            piece: Some(rules.piece().to_string()),
            torus: Some(rules.torus()),
        };
        writeln!(out, "{}", serde_json::to_string(&result)?)?;
    } else if args.unique {
        writeln!(out, "{}", unique.unwrap_or_default())?;
    } else {
        writeln!(out, "{total}")?;
    }
    Ok(if total == 0 {
        Outcome::NoSolution
    } else {
        Outcome::Answer
    })
}

/// Why a run stopped before counting every unit.
enum Stop {
    /// Writing the checkpoint failed.
    Failed(anyhow::Error),
    /// The test hook's unit budget ran out.
    Budget,
}

/// Classic queens: the reduced counter in work units.
fn classic(n: usize, args: &QueensArgs, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    let started = Instant::now();
    let plan = plan_for(n, args)?;
    let Some(counted) = count_units(&plan, None, args, started)? else {
        return Ok(Outcome::Interrupted);
    };
    let Counted {
        tally,
        resumed,
        elapsed,
        workers,
    } = counted;
    if json_wanted(args) {
        let result = JsonCount {
            n,
            total: tally.total,
            unique: plan.method().finds_fundamentals().then_some(tally.unique),
            units: Some(plan.len()),
            elapsed_seconds: elapsed.as_secs_f64(),
            nodes: Some(tally.nodes),
            split: Some(plan.split()),
            threads: Some(workers),
            resumed_units: Some(resumed.units),
            piece: None,
            torus: None,
        };
        writeln!(out, "{}", serde_json::to_string(&result)?)?;
    } else if args.unique {
        writeln!(out, "{}", tally.unique)?;
    } else {
        writeln!(out, "{}", tally.total)?;
    }
    if chatty(args) {
        // The answer first, whole, then the summary: on a terminal both
        // streams end up on one screen, in the order written.
        out.flush()?;
        if plan.method().finds_fundamentals() {
            eprintln!(
                "{} solutions, {} fundamental; {} units ({} resumed), {} nodes, {:.2} s",
                grouped(tally.total),
                grouped(tally.unique),
                grouped(plan.len()),
                grouped(resumed.units),
                grouped(tally.nodes),
                elapsed.as_secs_f64()
            );
        } else {
            eprintln!(
                "{} solutions by joining quarter-boards; {} units ({} resumed), {} half-boards joined, {:.2} s",
                grouped(tally.total),
                grouped(plan.len()),
                grouped(resumed.units),
                grouped(tally.nodes),
                elapsed.as_secs_f64()
            );
        }
    }
    Ok(if tally.total == 0 {
        Outcome::NoSolution
    } else {
        Outcome::Answer
    })
}

/// The plan `--split` (or the default for `n`) makes.
///
/// An existing checkpoint is continued with the method and split that made
/// it; `--method` or `--split` that ask for another are refused, naming it.
pub(crate) fn plan_for(n: usize, args: &QueensArgs) -> anyhow::Result<CountPlan> {
    if let Some(split) = args.split {
        let plan = CountPlan::new(n, split)?;
        if let Some(path) = args.checkpoint.as_deref() {
            refuse_other_scheme(path, n, &plan)?;
        }
        return Ok(plan);
    }
    if let Some(path) = args.checkpoint.as_deref()
        && let Some((scheme, split)) = resume_scheme(path, n)
    {
        let plan = CountPlan::for_scheme(&scheme, n, split)?;
        let wanted = args
            .method
            .map(method_of)
            .or(args.unique.then_some(Method::Backtrack));
        if let Some(wanted) = wanted.filter(|&wanted| wanted != plan.method()) {
            anyhow::bail!(
                "{}: this checkpoint was made by the {} counter (scheme {scheme}); \
                 continue it without --method{}, or count with --{} in another file",
                path.display(),
                method_name(plan.method()),
                if args.unique { " or --unique" } else { "" },
                match wanted {
                    Method::Quadrants => "method quadrants",
                    _ => "method backtrack",
                },
            );
        }
        return Ok(plan);
    }
    let plan = match args.method {
        Some(MethodArg::Backtrack) => CountPlan::with_default_split(n)?,
        Some(MethodArg::Quadrants) if args.unique => anyhow::bail!(
            "--method quadrants counts solutions, not fundamental ones: --unique needs --method backtrack"
        ),
        Some(MethodArg::Quadrants) => CountPlan::quadrants(n)?,
        // Classes, and subtrees below the units, are the backtracking
        // counter's alone.
        None if args.unique || args.sample_depth.is_some() => CountPlan::with_default_split(n)?,
        None => CountPlan::best(n)?,
    };
    Ok(plan)
}

/// Refuses an explicit `--split` against a checkpoint made by the quadrant
/// counter (which has no split).
fn refuse_other_scheme(path: &std::path::Path, n: usize, plan: &CountPlan) -> anyhow::Result<()> {
    if let Some((scheme, _)) = resume_scheme(path, n)
        && scheme != plan.scheme()
    {
        anyhow::bail!(
            "{}: this checkpoint was made by the {} counter (scheme {scheme}), which has no --split; \
             continue it without --split",
            path.display(),
            method_name(Method::Quadrants),
        );
    }
    Ok(())
}

fn method_of(arg: MethodArg) -> Method {
    match arg {
        MethodArg::Backtrack => Method::Backtrack,
        MethodArg::Quadrants => Method::Quadrants,
    }
}

/// The method's name as `--method` spells it.
pub(crate) fn method_name(method: Method) -> &'static str {
    match method {
        Method::Quadrants => "quadrants",
        _ => "backtrack",
    }
}

/// What [`count_units`] counted.
pub(crate) struct Counted {
    /// Every unit asked for: resumed ones and counted ones.
    pub tally: Tally,
    /// The units found in the checkpoint.
    pub resumed: Tally,
    /// Since `started`.
    pub elapsed: Duration,
    /// The threads that counted: `--threads` (or one per core), but no
    /// more than the units this run counted.
    pub workers: usize,
}

/// Counts the units of `plan` (only those in `only`, when given) on
/// `--threads` threads, with `--checkpoint`, the progress bar and Ctrl-C.
/// Units of the checkpoint outside `only` are left out of the sum. Returns
/// `None` when interrupted, after saying so on standard error.
pub(crate) fn count_units(
    plan: &CountPlan,
    only: Option<&[UnitId]>,
    args: &QueensArgs,
    started: Instant,
) -> anyhow::Result<Option<Counted>> {
    let (mut done, mut writer) = match &args.checkpoint {
        Some(path) => {
            let (file, done) = CheckpointFile::open(path, plan)?;
            (done, Some(file))
        }
        None => (Default::default(), None),
    };
    let wanted: Option<std::collections::BTreeSet<UnitId>> =
        only.map(|only| only.iter().copied().collect());
    if let Some(wanted) = &wanted {
        done.retain(|id, _| wanted.contains(id));
    }
    let asked = only.map_or(plan.len(), |only| only.len() as u64);
    let resumed: Tally = done.values().copied().collect();

    let cancel = Arc::new(AtomicBool::new(false));
    {
        let cancel = Arc::clone(&cancel);
        // Ctrl-C, SIGTERM (a batch system's time limit) and SIGHUP stop the
        // count alike. A second one leaves at once; every recorded unit is
        // already on disk, one write per line. SIGTERM or SIGHUP ignored
        // when the command started (`nohup` ignores SIGHUP) stays ignored.
        let still_ignored = ignored_signals();
        ctrlc::set_handler(move || {
            if cancel.swap(true, Ordering::SeqCst) {
                std::process::exit(130);
            }
        })
        .context("cannot install the Ctrl-C handler")?;
        still_ignored.restore();
    }

    let to_count = asked.saturating_sub(resumed.units);
    let workers = args
        .threads
        .unwrap_or_else(rayon_threads)
        .min(usize::try_from(to_count).unwrap_or(usize::MAX));
    let progress = Progress::new(chatty(args), asked, to_count, &resumed);
    let mut tally = resumed;
    let mut recorded_now = 0u64;
    // The pool gets the threads that have work (as `--json` reports them),
    // not all that were asked for.
    let mut counter = Counter::new(plan).threads(workers.max(1)).skip(&done);
    if let Some(only) = only {
        counter = counter.units(only.iter().copied());
    }
    let run_over = AtomicBool::new(false);
    let run = std::thread::scope(|scope| {
        if progress.shown() {
            // The time left is estimated from a sample of the work, counted
            // beside the run (about 1% of it); see `progress`.
            let (progress, run_over, done, wanted) = (&progress, &run_over, &done, &wanted);
            scope.spawn(move || {
                if let Some(mut sizes) = sample_sizes(plan, run_over) {
                    sizes.retain(|id, _| {
                        wanted.as_ref().is_none_or(|wanted| wanted.contains(id))
                            && !done.contains_key(id)
                    });
                    progress.sampled(sizes);
                }
            });
        }
        let run = counter.run(&cancel, |id: UnitId, count: UnitCount| {
            if let Some(file) = &mut writer
                && let Err(err) = file.record(id, count)
            {
                return ControlFlow::Break(Stop::Failed(err.into()));
            }
            tally.add(count);
            recorded_now += 1;
            progress.counted(id, count, &tally, asked);
            if args.stop_after_units == Some(recorded_now) {
                return ControlFlow::Break(Stop::Budget);
            }
            ControlFlow::Continue(())
        });
        run_over.store(true, Ordering::Relaxed);
        run
    })?;
    // Cleared before anything else is written to standard error, so that
    // no frame of it is left above the message.
    progress.clear();
    if let Some(file) = &writer {
        // Best effort: the lines are flushed already; this asks the disk.
        let _ = file.sync();
    }
    let elapsed = started.elapsed();
    let interrupted = match run.end {
        RunEnd::Complete => false,
        RunEnd::Cancelled | RunEnd::Stopped(Stop::Budget) => true,
        RunEnd::Stopped(Stop::Failed(err)) => return Err(err),
    };
    if interrupted {
        let where_ = match &args.checkpoint {
            Some(path) => format!(
                "{} of {} units are recorded in {}; run the same command again to resume",
                grouped(tally.units),
                grouped(asked),
                path.display()
            ),
            None => format!(
                "{} of {} units were counted and are lost (--checkpoint FILE keeps them)",
                grouped(tally.units),
                grouped(asked),
            ),
        };
        eprintln!(
            "puzzles: interrupted after {:.1} s: {where_}",
            elapsed.as_secs_f64()
        );
        return Ok(None);
    }
    Ok(Some(Counted {
        tally,
        resumed,
        elapsed,
        workers,
    }))
}

/// One thread per core, as rayon counts them.
fn rayon_threads() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// SIGTERM and SIGHUP where the command started with them ignored: the
/// Ctrl-C handler takes them over, and [`Ignored::restore`] hands them back.
struct Ignored {
    #[cfg(unix)]
    signals: Vec<libc::c_int>,
}

/// Which of SIGTERM and SIGHUP are ignored now.
#[cfg(unix)]
fn ignored_signals() -> Ignored {
    let ignored = |signal| {
        // SAFETY: a zeroed sigaction is a valid value to be written over;
        // with no new action, sigaction only reads the current one.
        let mut current: libc::sigaction = unsafe { std::mem::zeroed() };
        let read = unsafe { libc::sigaction(signal, std::ptr::null(), &mut current) };
        read == 0 && current.sa_sigaction == libc::SIG_IGN
    };
    Ignored {
        signals: [libc::SIGTERM, libc::SIGHUP]
            .into_iter()
            .filter(|&signal| ignored(signal))
            .collect(),
    }
}

#[cfg(not(unix))]
fn ignored_signals() -> Ignored {
    Ignored {}
}

impl Ignored {
    /// Ignores those signals again.
    fn restore(self) {
        #[cfg(unix)]
        for signal in self.signals {
            // SAFETY: SIG_IGN is a valid disposition for these signals.
            unsafe {
                libc::signal(signal, libc::SIG_IGN);
            }
        }
    }
}
