//! Solving a stream of puzzles, one per line, answers in input order.
//!
//! Each line holding a puzzle gets one [`Answer`]: blank lines and lines
//! whose first non-blank character is `#` are skipped. A line that is not a
//! valid puzzle is answered with [`BatchOutcome::Invalid`] and the run goes on.
//!
//! With one thread, lines are read, solved and handed to the caller one at a
//! time, so answers stream as puzzles arrive. With `k` threads, the calling
//! thread reads lines in small chunks into a queue that it and `k - 1`
//! worker threads solve from, and hands the answers to the caller as soon
//! as every earlier chunk is done: answers still come in input order, no
//! more threads run than were asked for, memory stays bounded however long
//! the input, and the caller's sink runs on the calling thread only.
//!
//! A line is never held whole past [`MAX_LINE_BYTES`]: a longer one is
//! answered with [`SudokuError::LineTooLong`] (unless it is a comment) and
//! the rest of it is skipped as it is read.
//!
//! [`run_lines`] writes the answers as `puzzles sudoku` prints them, one line
//! each; for 9×9 puzzles it reads, solves and writes without allocating,
//! with the band engine.

mod chunk;
mod input;
mod line_format;
mod pool;

use std::io::{self, BufRead};

use super::alphabet::Alphabet;
use super::error::SudokuError;
use super::puzzle::{self, Puzzle};
use super::solution::Solution;
use super::solve::Solver;
use chunk::{Chunk, Item, Written};
use input::{SOLO_CHUNK_LINES, chunk_lines, next_puzzle_line, read_chunk};
#[cfg(test)]
pub(super) use input::{portable_cells, sse2_cells};
use line_format::LineFormat;
use pool::Pool;

/// The longest line read, in bytes, not counting its line break: a puzzle
/// line needs at most 625 cells (a 25×25 grid), so this leaves room for any
/// spacing while keeping memory bounded.
///
/// # Example
///
/// ```
/// use puzzles::sudoku::batch::{self, MAX_LINE_BYTES, BatchOptions, BatchOutcome};
/// use puzzles::sudoku::SudokuError;
///
/// let input = format!("{}\n1...............\n", "1".repeat(MAX_LINE_BYTES + 1));
/// let mut outcomes = Vec::new();
/// batch::run(input.as_bytes(), &BatchOptions::default(), |answer| {
///     outcomes.push(answer.outcome.clone());
///     Ok(())
/// })?;
/// assert_eq!(outcomes[0], BatchOutcome::Invalid(SudokuError::LineTooLong { limit: MAX_LINE_BYTES }));
/// assert!(matches!(outcomes[1], BatchOutcome::Solved { .. }));
/// # Ok::<(), std::io::Error>(())
/// ```
pub const MAX_LINE_BYTES: usize = 1 << 16;

/// What to do with each puzzle.
///
/// # Example
///
/// ```
/// use puzzles::sudoku::batch::Task;
///
/// assert_eq!(Task::default(), Task::Solve);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Task {
    /// Find the first solution.
    #[default]
    Solve,
    /// Count solutions, stopping at `limit` (2 tells none, one and many
    /// apart).
    Count {
        /// Where counting stops.
        limit: u64,
    },
}

/// How to run a batch. More options may come: start from
/// [`BatchOptions::default`] and set the fields you need.
///
/// # Example
///
/// ```
/// use puzzles::sudoku::batch::{BatchOptions, Task};
///
/// let mut options = BatchOptions::default();
/// assert_eq!((options.task, options.threads), (Task::Solve, 1));
/// options.threads = 2;
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct BatchOptions {
    /// What to do with each puzzle.
    pub task: Task,
    /// Worker threads; 1 solves on the calling thread.
    pub threads: usize,
    /// How the digits are written.
    pub alphabet: Alphabet,
    /// Whether [`run_lines`] on one thread may read a few lines ahead of
    /// the answers (a file or a pipe; then it solves 9×9 lines three at a
    /// time, side by side, about a fifth faster). `false` answers each line
    /// as soon as it is read, for puzzles typed at a terminal or answers
    /// shown on one. Several threads always read ahead.
    pub read_ahead: bool,
    /// The length of the input in bytes, where known (a file's size). On
    /// several threads, chunks then shrink towards the end of the input so
    /// that the threads finish together; only a hint: any value gives the
    /// same answers.
    pub input_bytes: Option<u64>,
    /// Whether, on several threads, each thread (the calling thread too)
    /// moves once, at its start, to a CPU of its own, and is then free to
    /// run anywhere again (Linux only). A scheduler that balances seldom,
    /// as in small VMs, can leave two threads taking turns on one CPU for
    /// milliseconds; the `puzzles` command turns this on. Off by default:
    /// a library should not move its caller's thread unasked.
    pub spread_threads: bool,
}

impl Default for BatchOptions {
    fn default() -> BatchOptions {
        BatchOptions {
            task: Task::Solve,
            threads: 1,
            alphabet: Alphabet::Standard,
            read_ahead: true,
            input_bytes: None,
            spread_threads: false,
        }
    }
}

/// The answer for one line.
///
/// # Example
///
/// ```
/// use puzzles::sudoku::batch::{self, BatchOptions, BatchOutcome};
///
/// let mut answers = Vec::new();
/// batch::run(&b"1...............\n"[..], &BatchOptions::default(), |answer| {
///     answers.push(answer.clone());
///     Ok(())
/// })?;
/// assert_eq!(answers[0].line, 1);
/// assert!(matches!(answers[0].outcome, BatchOutcome::Solved { .. }));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The line of the puzzle in the input, from 1.
    pub line: usize,
    /// What became of it.
    pub outcome: BatchOutcome,
}

/// What became of one puzzle.
///
/// # Example
///
/// ```
/// use puzzles::sudoku::batch::{Answer, BatchOutcome};
/// use puzzles::sudoku::SudokuError;
///
/// let answer = Answer { line: 3, outcome: BatchOutcome::Invalid(SudokuError::WrongLength { cells: 80 }) };
/// assert!(answer.outcome.puzzle().is_none());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BatchOutcome {
    /// The puzzle and its first solution ([`Task::Solve`]).
    Solved {
        /// The puzzle.
        puzzle: Puzzle,
        /// Its first solution.
        solution: Solution,
    },
    /// The puzzle has no solution ([`Task::Solve`]).
    NoSolution {
        /// The puzzle.
        puzzle: Puzzle,
    },
    /// The number of solutions, up to the limit ([`Task::Count`]).
    Counted {
        /// The puzzle.
        puzzle: Puzzle,
        /// Solutions found, no more than the limit.
        solutions: u64,
    },
    /// The line is not a valid puzzle.
    Invalid(SudokuError),
}

impl BatchOutcome {
    /// The puzzle, unless the line was invalid.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::sudoku::batch::BatchOutcome;
    /// use puzzles::sudoku::Puzzle;
    ///
    /// let puzzle = Puzzle::parse("1...............")?;
    /// let outcome = BatchOutcome::NoSolution { puzzle: puzzle.clone() };
    /// assert_eq!(outcome.puzzle(), Some(&puzzle));
    /// # Ok::<(), puzzles::sudoku::SudokuError>(())
    /// ```
    pub fn puzzle(&self) -> Option<&Puzzle> {
        match self {
            BatchOutcome::Solved { puzzle, .. }
            | BatchOutcome::NoSolution { puzzle }
            | BatchOutcome::Counted { puzzle, .. } => Some(puzzle),
            BatchOutcome::Invalid(_) => None,
        }
    }
}

/// Tallies of a batch.
///
/// # Example
///
/// ```
/// use puzzles::sudoku::batch::{self, BatchOptions};
///
/// let input = "# two puzzles\n1...............\n11..............\n";
/// let summary = batch::run(input.as_bytes(), &BatchOptions::default(), |_| Ok(()))?;
/// assert_eq!((summary.puzzles, summary.solved, summary.invalid), (2, 1, 1));
/// assert_eq!(summary.first_invalid_line, Some(3));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct BatchSummary {
    /// Lines that held a puzzle (valid or not).
    pub puzzles: u64,
    /// Puzzles solved ([`Task::Solve`]) or with at least one solution
    /// ([`Task::Count`]).
    pub solved: u64,
    /// Puzzles without a solution.
    pub no_solution: u64,
    /// Puzzles that reached the count limit ([`Task::Count`]).
    pub at_limit: u64,
    /// Lines that were not valid puzzles.
    pub invalid: u64,
    /// The line of the first invalid puzzle.
    pub first_invalid_line: Option<usize>,
}

impl BatchSummary {
    /// Adds the tallies of later lines.
    fn merge(&mut self, later: &BatchSummary) {
        self.puzzles += later.puzzles;
        self.solved += later.solved;
        self.no_solution += later.no_solution;
        self.at_limit += later.at_limit;
        self.invalid += later.invalid;
        if self.first_invalid_line.is_none() {
            self.first_invalid_line = later.first_invalid_line;
        }
    }

    fn record(&mut self, answer: &Answer, task: Task) {
        self.puzzles += 1;
        match &answer.outcome {
            BatchOutcome::Solved { .. } => self.solved += 1,
            BatchOutcome::NoSolution { .. } => self.no_solution += 1,
            BatchOutcome::Counted { solutions, .. } => {
                if *solutions == 0 {
                    self.no_solution += 1;
                } else {
                    self.solved += 1;
                }
                if matches!(task, Task::Count { limit } if *solutions >= limit) {
                    self.at_limit += 1;
                }
            }
            BatchOutcome::Invalid(_) => {
                self.invalid += 1;
                self.first_invalid_line.get_or_insert(answer.line);
            }
        }
    }
}

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
/// ([`Task::Count`]; `2 or more` at a limit of 2, `K or more` at a limit of
/// K), or `invalid`. For an invalid line, `explain` appends a message to the
/// second buffer `sink` receives, given the line number and the error.
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

fn answer(solver: &mut Solver, item: &Item, text: &[u8], options: &BatchOptions) -> Answer {
    let parsed = if item.too_long {
        Err(SudokuError::LineTooLong {
            limit: MAX_LINE_BYTES,
        })
    } else {
        puzzle::parse(text, options.alphabet)
    };
    let outcome = match parsed {
        Err(error) => BatchOutcome::Invalid(error),
        Ok(puzzle) => match options.task {
            Task::Solve => match solver.solve(&puzzle) {
                Some(solution) => BatchOutcome::Solved { puzzle, solution },
                None => BatchOutcome::NoSolution { puzzle },
            },
            Task::Count { limit } => BatchOutcome::Counted {
                solutions: solver.count_up_to(&puzzle, limit),
                puzzle,
            },
        },
    };
    Answer {
        line: item.line,
        outcome,
    }
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
