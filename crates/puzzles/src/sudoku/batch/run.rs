//! Running a batch: the three ways to get the answers (each [`Answer`], the
//! bytes each renders to, the lines `puzzles sudoku` prints), on the calling
//! thread alone or with a pool.

use std::io::{self, BufRead};

use super::super::error::SudokuError;
use super::super::solve::Solver;
use super::chunk::{Chunk, Item, Written};
use super::input::{SOLO_CHUNK_LINES, chunk_lines, next_puzzle_line, read_chunk};
use super::line_format::LineFormat;
use super::pool::Pool;
use super::{Answer, BatchOptions, BatchSummary, answer};

/// Solves every puzzle of `input` (one per line) and hands each [`Answer`]
/// to `sink`, in input order, on the calling thread. The sink borrows the
/// answer: the run drops it on the thread that made it.
///
/// # Errors
///
/// An error reading `input`, or the first error `sink` returns (the run
/// stops there), or a thread pool that cannot be built.
///
/// # Example
///
/// ```
/// use puzzles::sudoku::batch::{self, BatchOptions, BatchOutcome};
///
/// let input = "1...............\n\n..23 .... .... ....\n";
/// let mut lines = Vec::new();
/// let mut options = BatchOptions::default();
/// options.threads = 2;
/// batch::run(input.as_bytes(), &options, |answer| {
///     let text = match &answer.outcome {
///         BatchOutcome::Solved { solution, .. } => solution.to_string(),
///         other => format!("{other:?}"),
///     };
///     lines.push((answer.line, text));
///     Ok(())
/// })?;
/// assert_eq!(lines.len(), 2);
/// assert_eq!((lines[0].0, lines[1].0), (1, 3));
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn run<R, F>(input: R, options: &BatchOptions, mut sink: F) -> io::Result<BatchSummary>
where
    R: BufRead,
    F: FnMut(&Answer) -> io::Result<()>,
{
    let mut summary = BatchSummary::default();
    let task = options.task;
    if options.threads <= 1 {
        run_here(input, options, |answer| {
            summary.record(answer, task);
            sink(answer)
        })?;
    } else {
        let process = |solver: &mut Solver, chunk: &mut Chunk| {
            let Chunk { items, text, .. } = chunk;
            for item in items {
                item.answer = Some(answer(solver, item, &text[item.start..item.end], options));
            }
        };
        run_pooled(input, options, &process, |chunk: &Chunk| {
            for item in &chunk.items {
                let answer = item
                    .answer
                    .as_ref()
                    .expect("every item of a solved chunk has its answer");
                summary.record(answer, task);
                sink(answer)?;
            }
            Ok(())
        })?;
    }
    Ok(summary)
}

/// Solves every puzzle of `input` like [`run`], but turns each answer into
/// bytes on the thread that solved it: `render` appends what the answer
/// should print to `out` (and any message to `err`), and `sink` receives
/// those bytes, in input order, on the calling thread — one answer at a
/// time with one thread, a chunk of consecutive answers at a time with
/// more. Threads then pass each other bytes in one buffer rather than
/// answers scattered over the heap, which keeps the calling thread from
/// becoming the bottleneck of a fast solver.
///
/// # Errors
///
/// As [`run`].
///
/// # Example
///
/// ```
/// use puzzles::sudoku::batch::{self, BatchOptions, BatchOutcome};
///
/// let input = "1...............\n11..............\n";
/// let (mut out, mut err) = (Vec::new(), Vec::new());
/// let mut options = BatchOptions::default();
/// options.threads = 2;
/// let summary = batch::run_rendered(
///     input.as_bytes(),
///     &options,
///     |answer, out, err| match &answer.outcome {
///         BatchOutcome::Solved { solution, .. } => out.extend(format!("{solution}\n").bytes()),
///         BatchOutcome::Invalid(why) => err.extend(format!("line {}: {why}\n", answer.line).bytes()),
///         _ => {}
///     },
///     |bytes, messages| {
///         out.extend_from_slice(bytes);
///         err.extend_from_slice(messages);
///         Ok(())
///     },
/// )?;
/// assert_eq!(summary.puzzles, 2);
/// assert_eq!(out.len(), 17);
/// assert!(String::from_utf8(err).unwrap().starts_with("line 2: the givens clash"));
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn run_rendered<R, G, F>(
    input: R,
    options: &BatchOptions,
    render: G,
    mut sink: F,
) -> io::Result<BatchSummary>
where
    R: BufRead,
    G: Fn(&Answer, &mut Vec<u8>, &mut Vec<u8>) + Sync,
    F: FnMut(&[u8], &[u8]) -> io::Result<()>,
{
    let mut summary = BatchSummary::default();
    let task = options.task;
    if options.threads <= 1 {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        run_here(input, options, |answer| {
            summary.record(answer, task);
            out.clear();
            err.clear();
            render(answer, &mut out, &mut err);
            sink(&out, &err)
        })?;
    } else {
        let process = |solver: &mut Solver, chunk: &mut Chunk| {
            let Chunk {
                items,
                text,
                written,
            } = chunk;
            for item in items.iter() {
                let answer = answer(solver, item, &text[item.start..item.end], options);
                written.summary.record(&answer, task);
                render(&answer, &mut written.out, &mut written.err);
            }
        };
        run_pooled(input, options, &process, |chunk: &Chunk| {
            summary.merge(&chunk.written.summary);
            sink(&chunk.written.out, &chunk.written.err)
        })?;
    }
    Ok(summary)
}

/// Solves every puzzle of `input` like [`run_rendered`], writing each
/// answer on one line as `puzzles sudoku` prints it: the solution (in
/// `options.alphabet`), `no solution`, the number of solutions
/// ([`Task::Count`](super::Task::Count); `2 or more` at a limit of 2,
/// `K or more` at a limit of K), or `invalid`. For an invalid line,
/// `explain` appends a message to the second buffer `sink` receives, given
/// the line number and the error.
///
/// A 9×9 line of exactly 81 cells (no spacing) takes a fast path: read into
/// a fixed array, solved by the band engine (two lines at a time, side by
/// side, unless [`BatchOptions::read_ahead`] is off on one thread), written
/// straight into the output buffer — no allocation per puzzle. Other
/// lines, and lines the fast path refuses (givens that clash), take the
/// general path, so messages are the same either way.
///
/// # Errors
///
/// As [`run`].
///
/// # Example
///
/// ```
/// use std::io::Write;
/// use puzzles::sudoku::batch::{self, BatchOptions};
///
/// let input = "1...............\n11..............\n";
/// let (mut out, mut err) = (Vec::new(), Vec::new());
/// let mut options = BatchOptions::default();
/// options.threads = 2;
/// let summary = batch::run_lines(
///     input.as_bytes(),
///     &options,
///     |line, error, messages| writeln!(messages, "line {line}: {error}").unwrap(),
///     |bytes, messages| {
///         out.extend_from_slice(bytes);
///         err.extend_from_slice(messages);
///         Ok(())
///     },
/// )?;
/// assert_eq!(summary.invalid, 1);
/// assert_eq!(String::from_utf8(out).unwrap(), "1234341221434321\ninvalid\n");
/// assert!(String::from_utf8(err).unwrap().starts_with("line 2: the givens clash"));
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn run_lines<R, E, F>(
    input: R,
    options: &BatchOptions,
    explain: E,
    mut sink: F,
) -> io::Result<BatchSummary>
where
    R: BufRead,
    E: Fn(usize, &SudokuError, &mut Vec<u8>) + Sync,
    F: FnMut(&[u8], &[u8]) -> io::Result<()>,
{
    let mut summary = BatchSummary::default();
    let format = LineFormat {
        options,
        explain: &explain,
    };
    // A chunk's answers, on whichever thread holds it.
    let process = |solver: &mut Solver, chunk: &mut Chunk| {
        let Chunk {
            items,
            text,
            written,
        } = chunk;
        format.answer_lines(solver, items, text, written);
    };
    let mut deliver = |chunk: &Chunk| {
        summary.merge(&chunk.written.summary);
        sink(&chunk.written.out, &chunk.written.err)
    };
    if options.threads <= 1 && options.read_ahead {
        let mut input = input;
        let mut solver = Solver::new();
        let (mut line, mut buffer) = (0, Vec::new());
        loop {
            let mut chunk = read_chunk(&mut input, &mut line, &mut buffer, SOLO_CHUNK_LINES)?;
            if chunk.items.is_empty() {
                break;
            }
            process(&mut solver, &mut chunk);
            deliver(&chunk)?;
        }
    } else if options.threads <= 1 {
        let mut input = input;
        let mut solver = Solver::new();
        let (mut line, mut buffer) = (0, Vec::new());
        let mut written = Written {
            out: Vec::with_capacity(128),
            ..Written::default()
        };
        while let Some(too_long) = next_puzzle_line(&mut input, &mut line, &mut buffer)? {
            written.out.clear();
            written.err.clear();
            let item = Item::new(line, too_long);
            format.answer_line(&mut solver, &item, &buffer, &mut written);
            sink(&written.out, &written.err)?;
        }
        summary.merge(&written.summary);
    } else {
        run_pooled(input, options, &process, deliver)?;
    }
    Ok(summary)
}

/// One thread: each line is answered as soon as it is read.
fn run_here<R, F>(mut input: R, options: &BatchOptions, mut deliver: F) -> io::Result<()>
where
    R: BufRead,
    F: FnMut(&Answer) -> io::Result<()>,
{
    let mut solver = Solver::new();
    let mut line = 0;
    let mut buffer = Vec::new();
    while let Some(too_long) = next_puzzle_line(&mut input, &mut line, &mut buffer)? {
        let item = Item::new(line, too_long);
        deliver(&answer(&mut solver, &item, &buffer, options))?;
    }
    Ok(())
}

/// Several threads: the calling thread reads chunks of lines, the pool
/// solves them (`process`), and `deliver` gets them back in input order.
fn run_pooled<R, P, D>(
    mut input: R,
    options: &BatchOptions,
    process: &P,
    deliver: D,
) -> io::Result<()>
where
    R: BufRead,
    P: Fn(&mut Solver, &mut Chunk) + Sync,
    D: FnMut(&Chunk) -> io::Result<()>,
{
    let (mut line, mut buffer) = (0, Vec::new());
    // Bytes and puzzle lines read, for the size of the next chunk.
    let (mut bytes_read, mut lines_read) = (0u64, 0u64);
    let read = || {
        let lines = chunk_lines(options.threads, options.input_bytes, bytes_read, lines_read);
        let chunk = read_chunk(&mut input, &mut line, &mut buffer, lines)?;
        bytes_read += chunk.text.len() as u64;
        lines_read += chunk.items.len() as u64;
        Ok((!chunk.items.is_empty()).then_some(chunk))
    };
    let pool = Pool {
        threads: options.threads,
        spread: options.spread_threads,
        name: "sudoku",
    };
    pool.run(read, Solver::new, process, deliver, Chunk::holds_answers)
}
