//! `puzzles-mpi`: counts N-Queens solutions on every rank of an MPI job.
//!
//! Rank 0 coordinates: it reads or creates the checkpoint (the format of
//! `puzzles queens N --count --checkpoint`), hands out unit ids in batches
//! on demand, records every finished unit and prints the result as
//! `puzzles queens N --count` does. Every rank, rank 0 included, counts
//! units on its own threads with the library's kernel; only each rank's
//! main thread calls MPI.
//!
//! ```text
//! mpirun -n 64 puzzles-mpi queens 22 --count --checkpoint q22.ckpt
//! ```

/// `eprintln!` without its panic, which would abort the rank (the `mpi`
/// profile aborts on a panic): a message that standard error cannot take is
/// dropped, and the exit status still says how the job ended.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

mod coordinator;
mod given;
mod link;
mod pool;
mod protocol;
mod worker;

use std::io::Write;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::{ArgAction, Args, Parser, Subcommand};
use mpi::traits::{Communicator, Root};
use puzzles::queens::construct::known_to_have_none;
use puzzles::queens::count::{CountPlan, CountRun, Method, UnitCount, UnitId};
use puzzles::queens::session::{
    CountRecord, CountSession, Done, Ending, PlanRequest, SessionError, SessionStop,
};
use puzzles::queens::{Board, Piece, Rules};
// The `puzzles` command's parser, so `--threads` means the same here.
use puzzles::threads::parse_threads;

use crate::coordinator::{BatchSize, Coordinator};
use crate::link::{Link, MpiLink};
use crate::worker::Worker;

/// Count N-Queens solutions with every rank of an MPI job.
#[derive(Debug, Parser)]
#[command(
    name = "puzzles-mpi",
    version,
    about = "Count N-Queens solutions with every rank of an MPI job (mpirun, srun); \
             resumable from the checkpoints of `puzzles queens N --count`.",
    after_help = "\
Examples:
  mpirun -n 4 puzzles-mpi queens 16 --count
  mpirun -n 64 --hostfile hosts puzzles-mpi queens 22 --count --checkpoint q22.ckpt
  srun puzzles-mpi queens 22 --count --checkpoint q22.ckpt --json
  mpirun -n 64 puzzles-mpi queens 21 --given 10:10 --count --checkpoint c21.ckpt

Rank 0 coordinates and counts; every other rank counts. Run the same command
again to resume from the checkpoint; a checkpoint of `puzzles queens N --count
--checkpoint FILE` resumes here too, and the other way round.

Exit status: 0 an answer, 1 no solution exists, 2 bad input or usage, 130
interrupted (the finished units are in the checkpoint)."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Count the solutions of N queens (or kings, or superqueens; on a
    /// torus too) on an N×N board.
    Queens(QueensArgs),
}

#[derive(Debug, Args)]
struct QueensArgs {
    /// Board size: N queens on an N×N board.
    #[arg(value_name = "N")]
    n: usize,

    /// Count the solutions (the only thing this command does; required so
    /// that the command reads like `puzzles queens N --count`).
    #[arg(short, long, required = true)]
    count: bool,

    /// Print the number of fundamental solutions instead of the total.
    #[arg(short, long)]
    unique: bool,

    /// The piece to place, one per row and column: queen, king or
    /// superqueen (rooks are counted by formula: `puzzles queens N --piece
    /// rook --count`).
    #[arg(long, value_name = "PIECE", default_value = "queen", value_parser = parse_piece)]
    piece: Piece,

    /// Play on a torus: the board wraps around.
    #[arg(long)]
    torus: bool,

    /// Pieces already on the board, as ROW:COL pairs (0-based, separated
    /// by commas; the option may be repeated): count their completions, as
    /// `puzzles queens N --given ROW:COL,... --count` does.
    #[arg(
        long,
        value_name = "ROW:COL",
        value_parser = given::parse_square,
        value_delimiter = ',',
        action = ArgAction::Append,
        // `-1:0` is a bad square, not an unknown option.
        allow_hyphen_values = true,
        conflicts_with = "unique"
    )]
    given: Vec<(usize, usize)>,

    /// Read given pieces from a file (`-` for standard input): one
    /// `ROW:COL` or `ROW COL` a line, `#` starts a comment.
    #[arg(long, value_name = "FILE", conflicts_with = "unique")]
    given_file: Option<PathBuf>,

    /// Print one JSON object: n, total, unique (a backtracking count),
    /// units, elapsed seconds, nodes, split, threads, resumed units, ranks.
    #[arg(long)]
    json: bool,

    /// Record each finished unit in FILE, and resume from it when it exists.
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,

    /// Split the count into work units after D rows (default chosen by N;
    /// a checkpoint is tied to it).
    #[arg(long, value_name = "D")]
    split: Option<usize>,

    /// Counting threads on each rank (default 1: one rank per core).
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = parse_threads)]
    threads: usize,

    /// Units per batch and counting thread (default: adaptive, about a
    /// second of work, smaller towards the end).
    #[arg(long, value_name = "B", value_parser = parse_positive)]
    batch: Option<usize>,

    /// No progress lines or summary on standard error.
    #[arg(short, long)]
    quiet: bool,

    /// Test hook: stop as if interrupted once K units are recorded.
    #[arg(long, value_name = "K", hide = true, value_parser = parse_positive)]
    stop_after_units: Option<usize>,
}

/// The pieces a count may place, in the order [`Start`] numbers them.
const PIECES: [Piece; 4] = [Piece::Queen, Piece::Rook, Piece::King, Piece::Superqueen];

fn parse_piece(text: &str) -> Result<Piece, String> {
    match text.parse::<Piece>() {
        Ok(Piece::Rook) => Err(
            "rooks are counted by formula, at once: puzzles queens N --piece rook --count"
                .to_string(),
        ),
        Ok(piece) => Ok(piece),
        Err(_) => Err(format!(
            "{text:?} is not a piece this command counts (queen, king or superqueen)"
        )),
    }
}

fn parse_positive(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(0) => Err("must be at least 1".to_string()),
        Ok(value) => Ok(value),
        Err(_) => Err(format!("must be a positive whole number, got {text:?}")),
    }
}

/// How often the main thread of each rank looks for messages when nothing
/// happened. It sleeps in between, leaving the core to the counting threads
/// (MPI's own waiting spins); its counting threads wake it at once when
/// they complete a batch.
const POLL: Duration = Duration::from_millis(1);

/// How often rank 0 prints a progress line on standard error.
const PROGRESS_EVERY: Duration = Duration::from_secs(60);

/// What rank 0 tells every rank before the count: go (with the plan), or
/// leave.
#[derive(Clone, Copy, Debug)]
struct Start {
    go: bool,
    n: usize,
    split: usize,
    threads: usize,
    batch: usize,
    /// 1 when the plan joins quarter-boards, 0 when it backtracks.
    quadrants: bool,
    /// The piece, as its index in [`PIECES`].
    piece: usize,
    torus: bool,
    /// For a count of completions, how many pieces are given (none, from an
    /// empty `--given-file`, still counts completions, as `puzzles` does):
    /// their squares follow in a broadcast of their own.
    given: Option<usize>,
}

impl Start {
    const WORDS: usize = 9;

    fn leave() -> Start {
        Start {
            go: false,
            n: 0,
            split: 0,
            threads: 0,
            batch: 0,
            quadrants: false,
            piece: 0,
            torus: false,
            given: None,
        }
    }

    fn encode(self) -> [u64; Start::WORDS] {
        [
            u64::from(self.go),
            self.n as u64,
            self.split as u64,
            self.threads as u64,
            self.batch as u64,
            u64::from(self.quadrants),
            self.piece as u64,
            u64::from(self.torus),
            // 0 for no count of completions, else one more than the pieces.
            self.given.map_or(0, |given| given as u64 + 1),
        ]
    }

    fn decode(words: [u64; Start::WORDS]) -> Start {
        let [go, n, split, threads, batch, quadrants, piece, torus, given] =
            words.map(|word| word as usize);
        Start {
            go: go == 1,
            n,
            split,
            threads,
            batch,
            quadrants: quadrants == 1,
            piece,
            torus: torus == 1,
            given: given.checked_sub(1),
        }
    }
}

/// What rank 0 prepared: the plan and the session (the checkpoint and the
/// units done), before any work.
struct Prepared {
    args: QueensArgs,
    plan: CountPlan,
    session: CountSession,
    done: Done,
    started: Instant,
}

fn main() -> ExitCode {
    // A panic on any thread ends the process, so that mpirun ends the job
    // instead of the other ranks waiting for this one (the `mpi` profile
    // builds with panic = "abort" as well).
    let report = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        report(info);
        std::process::abort();
    }));
    let Some((universe, _)) = mpi::initialize_with_threading(mpi::Threading::Funneled) else {
        say!("puzzles-mpi: error: MPI was initialized already");
        return ExitCode::from(USAGE_ERROR);
    };
    let world = universe.world();
    let rank = world.rank();
    let status = run(world, rank);
    // Finalizes MPI: every rank gets here, having exchanged its last message.
    drop(universe);
    status
}

/// Exit status for bad input or usage.
const USAGE_ERROR: u8 = 2;

/// clap's error as one line that starts as every other error of the
/// driver does (`puzzles-mpi: error:`), as `puzzles` prints its own: the
/// message and its items, without the blank lines, the usage and the
/// pointer to `--help`.
fn usage_line(err: &clap::Error) -> String {
    let text = err.render().to_string();
    let text = text.strip_prefix("error: ").unwrap_or(&text);
    let kept = text
        .lines()
        .map(str::trim)
        .take_while(|line| !line.starts_with("Usage:") && !line.starts_with("For more information"))
        .filter(|line| !line.is_empty());
    let mut line = String::new();
    for part in kept {
        // Items follow their heading; a tip is a sentence of its own.
        match line.chars().last() {
            None => {}
            Some(':') => line.push(' '),
            Some(_) => line.push_str("; "),
        }
        line.push_str(part);
    }
    line
}

fn run(world: mpi::topology::SimpleCommunicator, rank: i32) -> ExitCode {
    let root = world.process_at_rank(0);
    let mut early = None;
    let mut prepared = None;
    let mut start = [0u64; Start::WORDS];
    if rank == 0 {
        let began = Instant::now();
        match Cli::try_parse() {
            Err(err) => {
                if err.use_stderr() {
                    say!("puzzles-mpi: error: {}", usage_line(&err));
                } else {
                    // --help and --version.
                    let _ = err.print();
                }
                early = Some(ExitCode::from(if err.use_stderr() {
                    USAGE_ERROR
                } else {
                    0
                }));
                start = Start::leave().encode();
            }
            Ok(Cli {
                command: Command::Queens(args),
            }) => match prepare(args, began) {
                Ok(ready) => {
                    start = Start {
                        go: true,
                        n: ready.plan.n(),
                        split: ready.plan.split(),
                        threads: ready.args.threads,
                        batch: ready.args.batch.unwrap_or(0),
                        quadrants: ready.plan.method() == Method::Quadrants,
                        piece: PIECES
                            .iter()
                            .position(|&piece| piece == ready.plan.rules().piece())
                            .expect("every piece is numbered"),
                        torus: ready.plan.rules().torus(),
                        given: ready.plan.given().map(<[_]>::len),
                    }
                    .encode();
                    prepared = Some(ready);
                }
                Err(err) => {
                    say!("puzzles-mpi: error: {err:#}");
                    early = Some(ExitCode::from(USAGE_ERROR));
                    start = Start::leave().encode();
                }
            },
        }
    }
    root.broadcast_into(&mut start[..]);
    let start = Start::decode(start);
    if !start.go {
        return early.unwrap_or(ExitCode::SUCCESS);
    }
    let mut given = match &prepared {
        Some(ready) => given::encode(ready.plan.given().unwrap_or_default()),
        None => vec![0; 2 * start.given.unwrap_or(0)],
    };
    if !given.is_empty() {
        root.broadcast_into(&mut given[..]);
    }
    let plan = match &prepared {
        Some(ready) => ready.plan.clone(),
        None if start.given.is_some() => Rules::new(start.n, PIECES[start.piece], start.torus)
            .ok()
            .and_then(|rules| Board::with_rules(rules).ok())
            .and_then(|board| board.with_given(&given::decode(&given)).ok())
            .and_then(|completion| CountPlan::completions(&completion, start.split).ok())
            .expect("rank 0 made this plan"),
        None if start.quadrants => CountPlan::quadrants(start.n).expect("rank 0 made this plan"),
        None => Rules::new(start.n, PIECES[start.piece], start.torus)
            .ok()
            .and_then(|rules| CountPlan::pieces(rules, start.split).ok())
            .expect("rank 0 made this plan"),
    };
    let cancel = Arc::new(AtomicBool::new(false));
    {
        let cancel = Arc::clone(&cancel);
        // A second signal leaves at once; every recorded unit is on disk
        // already, one write per line.
        let installed = ctrlc::set_handler(move || {
            if cancel.swap(true, Ordering::SeqCst) {
                std::process::exit(130);
            }
        });
        if let Err(err) = installed {
            say!("puzzles-mpi: warning: rank {rank}: no signal handler: {err}");
        }
    }
    let mut link = MpiLink::new(world);
    let result = match prepared {
        Some(ready) => coordinate(&mut link, ready, start, &cancel),
        // A signal reaches every rank under srun: each then says it was
        // interrupted, so that srun (which exits with the highest status)
        // gives 130, as rank 0 does. One that came after the rank was told
        // to finish stopped nothing: the count is whole, and a 130 beside
        // its answer would say otherwise.
        None => count_only(&mut link, plan, start, &cancel).map(|interrupted| {
            Ok(if interrupted {
                ExitCode::from(Ending::INTERRUPTED_STATUS)
            } else {
                ExitCode::SUCCESS
            })
        }),
    };
    match result {
        Ok(Ok(status)) => status,
        // Every rank has finished its part: a plain error exit.
        Ok(Err(err)) => {
            say!("puzzles-mpi: error: {err:#}");
            ExitCode::from(USAGE_ERROR)
        }
        Err(err) => {
            say!("puzzles-mpi: error: rank {rank}: {err:#}");
            // The other ranks may be waiting for this one: end them all.
            link.abort(i32::from(USAGE_ERROR))
        }
    }
}

/// Rank 0, before the count: the plan and the checkpoint, as `puzzles
/// queens N --count` chooses and opens them (the library's session).
fn prepare(args: QueensArgs, started: Instant) -> anyhow::Result<Prepared> {
    let rules = Rules::new(args.n, args.piece, args.torus)?;
    if known_to_have_none(&rules) && !rules.is_classic() {
        let (shape, flag) = if rules.torus() {
            (" on a torus", " --torus")
        } else {
            ("", "")
        };
        anyhow::bail!(
            "{piece}s{shape} of size {n} have no solution, as a theorem says: nothing to count \
             (puzzles queens {n} --piece {piece}{flag} --count says 0 at once)",
            piece = rules.piece(),
            n = rules.n(),
        );
    }
    let given = given::given_squares(&args.given, args.given_file.as_deref())?;
    let mut request = PlanRequest::new(args.n);
    if !args.given.is_empty() || args.given_file.is_some() {
        // Off the board or attacking: said here, as `puzzles` says it.
        let completion = Board::with_rules(rules)?.with_given(&given)?;
        request.given = Some(completion.given().to_vec());
    }
    request.piece = args.piece;
    request.torus = args.torus;
    request.split = args.split;
    request.fundamentals = args.unique;
    request.checkpoint = args.checkpoint.clone();
    let plan = match request.plan() {
        Ok(plan) => plan,
        // This command has no --method: the way out is to drop --unique.
        Err(SessionError::OtherMethod {
            made_by: Method::Quadrants,
            ..
        }) => anyhow::bail!(
            "the checkpoint was made by the quadrant counter, which does not find fundamental \
             solutions: continue it without --unique"
        ),
        Err(err) => return Err(err.into()),
    };
    let (session, done) = CountSession::open(&plan, args.checkpoint.as_deref(), None)?;
    let session = session.stop_after_units(args.stop_after_units.map(|units| units as u64));
    Ok(Prepared {
        args,
        plan,
        session,
        done,
        started,
    })
}

/// Runs the main loop of a rank: its worker and, on rank 0, the coordinator.
fn drive<B, F>(
    link: &mut impl Link,
    mut worker: Worker,
    mut coordinator: Option<&mut Coordinator<B, F>>,
) -> anyhow::Result<Worker>
where
    F: FnMut(UnitId, UnitCount) -> ControlFlow<B>,
{
    loop {
        let mut busy = false;
        if let Some(coordinator) = coordinator.as_deref_mut() {
            busy |= coordinator.step(link).map_err(anyhow::Error::msg)?;
        }
        if !worker.is_finished() {
            busy |= worker.step(link).map_err(anyhow::Error::msg)?;
        }
        let coordinated = coordinator.as_deref().is_none_or(Coordinator::is_finished);
        if worker.is_finished() && coordinated {
            return Ok(worker);
        }
        if !busy {
            std::thread::park_timeout(POLL);
        }
    }
}

/// Every rank but 0: count what rank 0 hands out. Returns whether this
/// rank was interrupted before it was told to finish.
fn count_only(
    link: &mut impl Link,
    plan: CountPlan,
    start: Start,
    cancel: &Arc<AtomicBool>,
) -> anyhow::Result<bool> {
    let worker = Worker::start(Arc::new(plan), start.threads, Arc::clone(cancel))
        .context("cannot start the counting threads")?;
    let worker = drive::<(), fn(UnitId, UnitCount) -> ControlFlow<()>>(link, worker, None)?;
    Ok(worker.was_interrupted())
}

/// Rank 0: coordinate, count, record, print. An error of the outer result
/// leaves ranks waiting (the job must be aborted); one of the inner result
/// comes once every rank has finished.
fn coordinate(
    link: &mut impl Link,
    ready: Prepared,
    start: Start,
    cancel: &Arc<AtomicBool>,
) -> anyhow::Result<anyhow::Result<ExitCode>> {
    let Prepared {
        args,
        plan,
        mut session,
        done,
        started,
    } = ready;
    let todo: Vec<UnitId> = plan.ids().filter(|id| !done.contains_key(id)).collect();
    let ranks = link.size();
    let batch = match start.batch {
        0 => BatchSize::Adaptive,
        size => BatchSize::Fixed(size),
    };
    let plan = Arc::new(plan);
    let worker = Worker::start(Arc::clone(&plan), start.threads, Arc::clone(cancel))
        .context("cannot start the counting threads")?;

    let mut last_progress = Instant::now();
    let units = plan.len();
    let counted = counted_noun(&plan);
    let mut coordinator = Coordinator::new(
        units,
        todo,
        ranks,
        start.threads,
        batch,
        Arc::clone(cancel),
        |id: UnitId, count: UnitCount| {
            let flow = session.record(id, count);
            if !args.quiet && last_progress.elapsed() >= PROGRESS_EVERY {
                last_progress = Instant::now();
                let tally = session.tally();
                say!(
                    "puzzles-mpi: {} of {units} units, {} {counted} so far, {:.0} s",
                    tally.units,
                    tally.total,
                    started.elapsed().as_secs_f64()
                );
            }
            flow
        },
    );
    coordinator = coordinator.scheme(plan.scheme());
    drive(link, worker, Some(&mut coordinator))?;
    let run = coordinator.into_run();
    let shape = Shape {
        ranks,
        threads: start.threads,
    };
    Ok(report(&args, &plan, session, run, shape, started))
}

/// What `plan` counts: solutions, or completions of given pieces.
fn counted_noun(plan: &CountPlan) -> &'static str {
    if plan.given().is_some() {
        "completions"
    } else {
        "solutions"
    }
}

/// The job's ranks and counting threads per rank.
#[derive(Clone, Copy)]
struct Shape {
    ranks: usize,
    threads: usize,
}

/// Rank 0, once every rank has finished: the result, or why there is none.
fn report(
    args: &QueensArgs,
    plan: &CountPlan,
    session: CountSession,
    run: CountRun<SessionStop>,
    Shape { ranks, threads }: Shape,
    started: Instant,
) -> anyhow::Result<ExitCode> {
    let units = plan.len();
    let resumed = session.resumed();
    let ending = session.finish(run.end)?;
    let elapsed = started.elapsed();
    let tally = match ending {
        Ending::Complete(tally) => tally,
        Ending::Interrupted(tally) => {
            let where_ = match &args.checkpoint {
                Some(path) => format!(
                    "{} of {units} units are recorded in {}; run the same command again to resume",
                    tally.units,
                    path.display()
                ),
                None => format!(
                    "{} of {units} units were counted and are lost (--checkpoint FILE keeps them)",
                    tally.units
                ),
            };
            say!(
                "puzzles-mpi: interrupted after {:.1} s: {where_}",
                elapsed.as_secs_f64()
            );
            return Ok(ExitCode::from(ending.exit_status()));
        }
    };
    assert_eq!(tally.units, units, "a complete run has counted every unit");
    let answer = if args.json {
        // The fields of `puzzles queens N --count --json`, then `ranks`;
        // `threads` counts every rank's.
        let result = CountRecord::of_units(plan, &tally, &resumed, elapsed, ranks * threads)
            .with_ranks(ranks);
        serde_json::to_string(&result)?
    } else if args.unique {
        tally.unique.to_string()
    } else {
        tally.total.to_string()
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    writeln!(out, "{answer}")
        .and_then(|()| out.flush())
        .context("cannot write to standard output")?;
    if !args.quiet {
        let classes = if plan.given().is_some() {
            String::new()
        } else if plan.method().finds_fundamentals() {
            format!(", {} fundamental", tally.unique)
        } else {
            ", by joining quarter-boards".to_string()
        };
        say!(
            "puzzles-mpi: {} {}{classes}; {units} units ({} resumed), {} nodes, \
             {:.2} s on {ranks} {} with {threads} counting {} each",
            tally.total,
            counted_noun(plan),
            resumed.units,
            tally.nodes,
            elapsed.as_secs_f64(),
            if ranks == 1 { "rank" } else { "ranks" },
            if threads == 1 { "thread" } else { "threads" },
        );
    }
    Ok(ExitCode::from(ending.exit_status()))
}

#[cfg(test)]
mod tests;
