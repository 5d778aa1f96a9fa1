//! `puzzles queens N --count`: the library's work units
//! ([`puzzles::queens::count`]) on every core, with a progress bar, a
//! checkpoint to resume from, Ctrl-C and JSON; for classic queens the
//! symmetry-reduced search, for other pieces and the torus their own
//! ([`CountPlan::pieces`]).
//!
//! Rooks, and boards that a theorem says have no solution, are answered at
//! once, without units, so `--threads`, `--checkpoint` and `--split` are
//! refused for them.

use std::io::{IsTerminal, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use anyhow::bail;
use puzzles::queens::construct::{MAX_ROOK_COUNT_N, known_to_have_none, rook_counts};
use puzzles::queens::count::{CountPlan, Counter, Method, Tally, UnitId};
use puzzles::queens::session::{CountRecord, CountSession, Ending, PlanRequest};
use puzzles::queens::{Board, Piece, Rules};

use super::args::{Format, MethodArg, QueensArgs};
use super::progress::{Progress, sample_sizes};
use crate::numbers::grouped;
use crate::outcome::Outcome;

/// Whether the count of `rules` is known without a search: rooks (a
/// formula) and boards without solutions (a theorem); see [`at_once`].
pub fn answered_at_once(rules: &Rules) -> bool {
    !rules.is_classic() && (rules.piece() == Piece::Rook || known_to_have_none(rules))
}

pub(crate) fn json_wanted(args: &QueensArgs) -> bool {
    args.json || args.format == Format::Json
}

/// Whether standard error may show a progress bar and a summary.
pub(crate) fn chatty(args: &QueensArgs) -> bool {
    !args.quiet && std::io::stderr().is_terminal()
}

/// The first option used that only a count in work units takes, for
/// counts answered without a search.
pub(crate) fn unit_flag(args: &QueensArgs) -> Option<&'static str> {
    [
        // One thread is what these runs use: asking for it is no conflict.
        (args.threads.is_some_and(|threads| threads > 1), "--threads"),
        (args.checkpoint.is_some(), "--checkpoint"),
        (args.split.is_some(), "--split"),
        (args.shard.is_some(), "--shard"),
        (args.sample.is_some(), "--sample"),
        (args.method.is_some(), "--method"),
        (
            args.stop_after_units.is_some(),
            crate::interrupt::STOP_AFTER_UNITS,
        ),
    ]
    .into_iter()
    .find_map(|(used, flag)| used.then_some(flag))
}

/// Rooks and boards without solutions: the count of a formula or a theorem.
pub fn at_once(board: &Board, args: &QueensArgs, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    let rules = board.rules();
    if let Some(flag) = unit_flag(args) {
        let shape = if rules.torus() { " on a torus" } else { "" };
        let how = if known_to_have_none(rules) {
            "have no solution, as a theorem says, so nothing is searched"
        } else {
            "are counted by formula, at once"
        };
        bail!(
            "{flag} works with counts by search; {}s{shape} of size {} {how}",
            rules.piece(),
            rules.n()
        );
    }
    if rules.piece() == Piece::Rook && rook_counts(rules).is_none() {
        // The search would visit all N! placements: it would never end.
        bail!(
            "rooks are counted by formula up to N = {}: past it N! outgrows 128 bits",
            MAX_ROOK_COUNT_N
        );
    }
    let started = Instant::now();
    let json = json_wanted(args);
    let (total, unique) = if known_to_have_none(rules) {
        // A theorem answers at once what the search would take hours to.
        (0, (json || args.unique).then_some(0))
    } else {
        // So do formulas: the search would visit all N! permutations.
        let (total, unique) =
            rook_counts(rules).expect("rooks are counted up to the bound checked");
        (total, (json || args.unique).then_some(unique))
    };
    if json {
        let result = CountRecord::plain(board.n(), total, unique, started.elapsed())
            .with_piece(rules.piece().to_string(), rules.torus());
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

/// Counts in work units: classic queens by the reduced search, other boards
/// by theirs.
pub fn run(rules: Rules, args: &QueensArgs, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    let started = Instant::now();
    let cancel = stop_requests()?;
    let plan = plan_for(rules, args)?;
    let Some(counted) = count_units(&plan, None, args, &cancel, started)? else {
        return Ok(Outcome::Interrupted);
    };
    let Counted {
        tally,
        resumed,
        elapsed,
        workers,
    } = counted;
    if json_wanted(args) {
        let result = CountRecord::of_units(&plan, &tally, &resumed, elapsed, workers);
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
            say!(
                "{} solutions, {} fundamental; {} units ({} resumed), {} nodes, {:.2} s",
                grouped(tally.total),
                grouped(tally.unique),
                grouped(plan.len()),
                grouped(resumed.units),
                grouped(tally.nodes),
                elapsed.as_secs_f64()
            );
        } else {
            say!(
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

/// The plan `--split` (or the default for `n`) makes: the library's choice
/// ([`PlanRequest::plan`]), which continues an existing checkpoint with the
/// method and split that made it.
pub(crate) fn plan_for(rules: Rules, args: &QueensArgs) -> anyhow::Result<CountPlan> {
    if args.split.is_some() && args.method == Some(MethodArg::Quadrants) {
        bail!(
            "--split sets the work units of the backtracking search; --method quadrants joins \
             quarter-boards and has none (use --method backtrack, or leave --split out)"
        );
    }
    let mut request = PlanRequest::new(rules.n());
    request.piece = rules.piece();
    request.torus = rules.torus();
    request.split = args.split;
    request.method = args.method.map(|method| match method {
        MethodArg::Backtrack => Method::Backtrack,
        MethodArg::Quadrants => Method::Quadrants,
    });
    request.fundamentals = args.unique;
    request.subtrees = args.sample_depth.is_some();
    request.checkpoint = args.checkpoint.clone();
    Ok(request.plan()?)
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

/// The flag that Ctrl-C, SIGTERM (a batch system's time limit) and SIGHUP
/// set alike, to stop a count; a second one leaves at once, every recorded
/// unit being already on disk, one write per line. SIGTERM or SIGHUP
/// ignored when the command started (`nohup` ignores SIGHUP) stays
/// ignored. Taken before the plan is built and the checkpoint read: a
/// tester's signal while a plan of 542,244 units was built and 300,000
/// checkpoint lines were read ended the process by the signal, without a
/// word.
pub(crate) fn stop_requests() -> anyhow::Result<Arc<AtomicBool>> {
    // `on_ctrl_c` keeps an ignored SIGTERM or SIGHUP ignored.
    crate::interrupt::on_ctrl_c()
}

/// Counts the units of `plan` (only those in `only`, when given) on
/// `--threads` threads, with `--checkpoint`, the progress bar and `cancel`
/// (from [`stop_requests`]). Units of the checkpoint outside `only` are
/// left out of the sum. Returns `None` when interrupted, after saying so on
/// standard error.
pub(crate) fn count_units(
    plan: &CountPlan,
    only: Option<&[UnitId]>,
    args: &QueensArgs,
    cancel: &AtomicBool,
    started: Instant,
) -> anyhow::Result<Option<Counted>> {
    if let Some(path) = &args.checkpoint {
        crate::standard_streams::refuse_as_checkpoint(path)?;
    }
    let (session, done) = CountSession::open(plan, args.checkpoint.as_deref(), only)?;
    let mut session = session.stop_after_units(args.stop_after_units);
    let asked = session.asked();
    let resumed = session.resumed();

    let to_count = asked.saturating_sub(resumed.units);
    let workers = args
        .threads
        .unwrap_or_else(|| default_threads(plan))
        .min(usize::try_from(to_count).unwrap_or(usize::MAX));
    if chatty(args) {
        // The bar's clock times the counting, not the building of a table
        // (seconds at N = 21), which would swell its first estimates.
        plan.prepare();
    }
    let counted = if plan.given().is_some() {
        "completions"
    } else {
        "solutions"
    };
    let progress = Progress::new(chatty(args), asked, to_count, &resumed, counted);
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
            let (progress, run_over, done) = (&progress, &run_over, &done);
            scope.spawn(move || {
                let Some(mut sample) = sample_sizes(plan, run_over) else {
                    progress.no_sample();
                    return;
                };
                sample
                    .sizes
                    .retain(|id, _| only.is_none_or(|only| only.contains(id)));
                let resumed: f64 = done.keys().filter_map(|id| sample.sizes.remove(id)).sum();
                progress.sampled(sample, resumed);
            });
        }
        let run = counter.run(cancel, |id, count| {
            let flow = session.record(id, count);
            progress.counted(id, count, &session.tally(), asked);
            flow
        });
        run_over.store(true, Ordering::Relaxed);
        run
    })?;
    // Cleared before anything else is written to standard error, so that
    // no frame of it is left above the message.
    progress.clear();
    let ending = session.finish(run.end)?;
    let elapsed = started.elapsed();
    let tally = match ending {
        Ending::Complete(tally) => tally,
        Ending::Interrupted(tally) => {
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
            say!(
                "puzzles: interrupted after {:.1} s: {where_}",
                elapsed.as_secs_f64()
            );
            return Ok(None);
        }
    };
    Ok(Some(Counted {
        tally,
        resumed,
        elapsed,
        workers,
    }))
}

/// One thread per core, as rayon counts them.
/// The largest board counted on one thread unless `--threads` says
/// otherwise: its whole count (N = 12: about a millisecond on one thread)
/// is over before a second thread would pay for its start (a process at
/// N = 12 took 4.8 ms on two threads and 3.2 ms on one, see BENCHMARKS.md).
const ONE_THREAD_UP_TO: usize = 12;

/// [`ONE_THREAD_UP_TO`] for other boards: their searches cut less (kings
/// at N = 10 take a tenth of a second on one thread).
const PIECES_ONE_THREAD_UP_TO: usize = 8;

/// One thread per core, or one for a board small enough to count at once.
fn default_threads(plan: &CountPlan) -> usize {
    let one_thread_up_to = if plan.rules().is_classic() {
        ONE_THREAD_UP_TO
    } else {
        PIECES_ONE_THREAD_UP_TO
    };
    if plan.n() <= one_thread_up_to {
        1
    } else {
        std::thread::available_parallelism().map_or(1, usize::from)
    }
}
