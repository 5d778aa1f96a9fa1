//! Solving a stream of puzzles, one per line, answers in input order.
//!
//! Each line holding a puzzle gets one [`Answer`]: blank lines and lines
//! whose first non-blank character is `#` are skipped. A line that is not a
//! valid puzzle is answered with [`Outcome::Invalid`] and the run goes on.
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

use std::collections::{BTreeMap, VecDeque};
use std::io::{self, BufRead, Read};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use super::{Alphabet, Grid, Puzzle, Solver, SudokuError, bands, parse};
use crate::spread::Spread;

/// The longest line read, in bytes, not counting its line break: a puzzle
/// line needs at most 625 cells (a 25×25 grid), so this leaves room for any
/// spacing while keeping memory bounded.
///
/// # Example
///
/// ```
/// use puzzles::sudoku::batch::{self, MAX_LINE_BYTES, Options, Outcome};
/// use puzzles::sudoku::SudokuError;
///
/// let input = format!("{}\n1...............\n", "1".repeat(MAX_LINE_BYTES + 1));
/// let mut outcomes = Vec::new();
/// batch::run(input.as_bytes(), &Options::default(), |answer| {
///     outcomes.push(answer.outcome.clone());
///     Ok(())
/// })?;
/// assert_eq!(outcomes[0], Outcome::Invalid(SudokuError::LineTooLong { limit: MAX_LINE_BYTES }));
/// assert!(matches!(outcomes[1], Outcome::Solved { .. }));
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

/// How to run a batch.
///
/// # Example
///
/// ```
/// use puzzles::sudoku::batch::Options;
///
/// let options = Options { threads: 2, ..Options::default() };
/// assert_eq!(options.threads, 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
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
}

impl Default for Options {
    fn default() -> Options {
        Options {
            task: Task::Solve,
            threads: 1,
            alphabet: Alphabet::Standard,
            read_ahead: true,
            input_bytes: None,
        }
    }
}

/// The answer for one line.
///
/// # Example
///
/// ```
/// use puzzles::sudoku::batch::{self, Options, Outcome};
///
/// let mut answers = Vec::new();
/// batch::run(&b"1...............\n"[..], &Options::default(), |answer| {
///     answers.push(answer.clone());
///     Ok(())
/// })?;
/// assert_eq!(answers[0].line, 1);
/// assert!(matches!(answers[0].outcome, Outcome::Solved { .. }));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The line of the puzzle in the input, from 1.
    pub line: usize,
    /// What became of it.
    pub outcome: Outcome,
}

/// What became of one puzzle.
///
/// # Example
///
/// ```
/// use puzzles::sudoku::batch::{Answer, Outcome};
/// use puzzles::sudoku::SudokuError;
///
/// let answer = Answer { line: 3, outcome: Outcome::Invalid(SudokuError::WrongLength { cells: 80 }) };
/// assert!(answer.outcome.puzzle().is_none());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The puzzle and its first solution ([`Task::Solve`]).
    Solved {
        /// The puzzle.
        puzzle: Puzzle,
        /// Its first solution.
        solution: Grid,
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

impl Outcome {
    /// The puzzle, unless the line was invalid.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::sudoku::batch::Outcome;
    /// use puzzles::sudoku::Puzzle;
    ///
    /// let puzzle = Puzzle::parse("1...............")?;
    /// let outcome = Outcome::NoSolution { puzzle: puzzle.clone() };
    /// assert_eq!(outcome.puzzle(), Some(&puzzle));
    /// # Ok::<(), puzzles::sudoku::SudokuError>(())
    /// ```
    pub fn puzzle(&self) -> Option<&Puzzle> {
        match self {
            Outcome::Solved { puzzle, .. }
            | Outcome::NoSolution { puzzle }
            | Outcome::Counted { puzzle, .. } => Some(puzzle),
            Outcome::Invalid(_) => None,
        }
    }
}

/// Tallies of a batch.
///
/// # Example
///
/// ```
/// use puzzles::sudoku::batch::{self, Options};
///
/// let input = "# two puzzles\n1...............\n11..............\n";
/// let summary = batch::run(input.as_bytes(), &Options::default(), |_| Ok(()))?;
/// assert_eq!((summary.puzzles, summary.solved, summary.invalid), (2, 1, 1));
/// assert_eq!(summary.first_invalid_line, Some(3));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
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

impl Summary {
    /// Adds the tallies of later lines.
    fn merge(&mut self, later: &Summary) {
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
            Outcome::Solved { .. } => self.solved += 1,
            Outcome::NoSolution { .. } => self.no_solution += 1,
            Outcome::Counted { solutions, .. } => {
                if *solutions == 0 {
                    self.no_solution += 1;
                } else {
                    self.solved += 1;
                }
                if matches!(task, Task::Count { limit } if *solutions >= limit) {
                    self.at_limit += 1;
                }
            }
            Outcome::Invalid(_) => {
                self.invalid += 1;
                self.first_invalid_line.get_or_insert(answer.line);
            }
        }
    }
}

/// Lines per chunk when solving on several threads: with three searches
/// side by side on each, shorter chunks leave them idle at the end of each
/// chunk more often (two threads on `17-clue.txt`: 1.83× one thread with
/// 256 lines, 1.81× with 128, whole process). Longer ones would leave
/// short files such as `top1465.txt` too few chunks to share.
const CHUNK_LINES: usize = 256;

/// Lines per chunk on one thread, reading ahead: the side-by-side
/// searches run fewer at the end of each chunk, so longer chunks keep them
/// all busy longer (2,048 lines was slower: the stack arrays grow too).
const SOLO_CHUNK_LINES: usize = 256;

/// The most chunks per thread between reading and delivering.
const CHUNKS_PER_THREAD: u64 = 16;

/// The fewest lines in a chunk of several threads near the end of an input
/// of known length (see [`chunk_lines`]).
const TAIL_CHUNK_LINES: usize = 16;

/// The lines of the next chunk on `threads` threads, `read` bytes into an
/// input of `total` bytes (when known) holding `lines` puzzle lines so far:
/// [`CHUNK_LINES`], until the lines left are fewer than 4 chunks a thread;
/// then a quarter of each thread's share of them, down to
/// [`TAIL_CHUNK_LINES`]. The threads then finish within a short chunk of
/// each other, where whole chunks left one thread alone with the last
/// (`top1465.txt`, 1,465 lines, is six chunks of 256).
fn chunk_lines(threads: usize, total: Option<u64>, read: u64, lines: u64) -> usize {
    let Some(total) = total else {
        return CHUNK_LINES;
    };
    // An 81-cell line and its line break, until lines have been read.
    let per_line = if lines == 0 { 82 } else { read.div_ceil(lines) };
    let left = total.saturating_sub(read) / per_line.max(1);
    let share = left / (4 * threads as u64);
    share.clamp(TAIL_CHUNK_LINES as u64, CHUNK_LINES as u64) as usize
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
/// use puzzles::sudoku::batch::{self, Options, Outcome};
///
/// let input = "1...............\n\n..23 .... .... ....\n";
/// let mut lines = Vec::new();
/// let options = Options { threads: 2, ..Options::default() };
/// batch::run(input.as_bytes(), &options, |answer| {
///     let text = match &answer.outcome {
///         Outcome::Solved { solution, .. } => solution.to_string(),
///         other => format!("{other:?}"),
///     };
///     lines.push((answer.line, text));
///     Ok(())
/// })?;
/// assert_eq!(lines.len(), 2);
/// assert_eq!((lines[0].0, lines[1].0), (1, 3));
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn run<R, F>(input: R, options: &Options, mut sink: F) -> io::Result<Summary>
where
    R: BufRead,
    F: FnMut(&Answer) -> io::Result<()>,
{
    let mut summary = Summary::default();
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
/// use puzzles::sudoku::batch::{self, Options, Outcome};
///
/// let input = "1...............\n11..............\n";
/// let (mut out, mut err) = (Vec::new(), Vec::new());
/// let options = Options { threads: 2, ..Options::default() };
/// let summary = batch::run_rendered(
///     input.as_bytes(),
///     &options,
///     |answer, out, err| match &answer.outcome {
///         Outcome::Solved { solution, .. } => out.extend(format!("{solution}\n").bytes()),
///         Outcome::Invalid(why) => err.extend(format!("line {}: {why}\n", answer.line).bytes()),
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
    options: &Options,
    render: G,
    mut sink: F,
) -> io::Result<Summary>
where
    R: BufRead,
    G: Fn(&Answer, &mut Vec<u8>, &mut Vec<u8>) + Sync,
    F: FnMut(&[u8], &[u8]) -> io::Result<()>,
{
    let mut summary = Summary::default();
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
                out,
                err,
                summary,
                ..
            } = chunk;
            for item in items.iter() {
                let answer = answer(solver, item, &text[item.start..item.end], options);
                summary.record(&answer, task);
                render(&answer, out, err);
            }
        };
        run_pooled(input, options, &process, |chunk: &Chunk| {
            summary.merge(&chunk.summary);
            sink(&chunk.out, &chunk.err)
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
/// side, unless [`Options::read_ahead`] is off on one thread), written
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
/// use puzzles::sudoku::batch::{self, Options};
///
/// let input = "1...............\n11..............\n";
/// let (mut out, mut err) = (Vec::new(), Vec::new());
/// let summary = batch::run_lines(
///     input.as_bytes(),
///     &Options { threads: 2, ..Options::default() },
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
    options: &Options,
    explain: E,
    mut sink: F,
) -> io::Result<Summary>
where
    R: BufRead,
    E: Fn(usize, &SudokuError, &mut Vec<u8>) + Sync,
    F: FnMut(&[u8], &[u8]) -> io::Result<()>,
{
    let mut summary = Summary::default();
    // A chunk's answers, on whichever thread holds it.
    let process = |solver: &mut Solver, chunk: &mut Chunk| {
        let Chunk {
            items,
            text,
            out,
            err,
            summary,
            ..
        } = chunk;
        answer_lines(solver, items, text, options, &explain, out, err, summary);
    };
    let mut deliver = |chunk: &Chunk| {
        summary.merge(&chunk.summary);
        sink(&chunk.out, &chunk.err)
    };
    if options.threads <= 1 && options.read_ahead {
        let mut input = input;
        let mut solver = Solver::new();
        let (mut line, mut buffer) = (0, Vec::new());
        loop {
            let mut chunk = read_chunk(&mut input, &mut line, 0, &mut buffer, SOLO_CHUNK_LINES)?;
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
        let (mut out, mut err) = (Vec::with_capacity(128), Vec::new());
        while let Some(too_long) = next_puzzle_line(&mut input, &mut line, &mut buffer)? {
            out.clear();
            err.clear();
            let item = Item::new(line, too_long);
            answer_line(
                &mut solver,
                &item,
                &buffer,
                options,
                &explain,
                &mut out,
                &mut err,
                &mut summary,
            );
            sink(&out, &err)?;
        }
    } else {
        run_pooled(input, options, &process, deliver)?;
    }
    Ok(summary)
}

/// The cells of a line of exactly 81 cells in `alphabet` (a line break at
/// the end allowed), or `None` for anything else.
#[inline]
fn quick_cells(text: &[u8], alphabet: Alphabet) -> Option<[u8; 81]> {
    let text = text.strip_suffix(b"\n").unwrap_or(text);
    let text = text.strip_suffix(b"\r").unwrap_or(text);
    let text: &[u8; 81] = text.try_into().ok()?;
    #[cfg(target_arch = "x86_64")]
    return sse2_cells(text, alphabet);
    #[cfg(not(target_arch = "x86_64"))]
    return portable_cells(text, alphabet);
}

/// [`quick_cells`] of 81 bytes, with SSE2 (part of every x86-64 CPU): six
/// loads of 16 bytes instead of 81 table lookups.
#[cfg(target_arch = "x86_64")]
#[inline]
pub(super) fn sse2_cells(text: &[u8; 81], alphabet: Alphabet) -> Option<[u8; 81]> {
    use std::arch::x86_64::*;
    // The byte of digit value 1, and the largest value past it.
    let (one, top) = match alphabet {
        Alphabet::Standard => (b'1', 8),
        Alphabet::ZeroBased => (b'0', 8),
    };
    let mut cells = [0u8; 81];
    let mut bad = 0;
    // The last load, at 65, overlaps the one before: it adds byte 80.
    for start in [0, 16, 32, 48, 64, 65] {
        // SAFETY: SSE2 is part of x86-64; the loads and stores are
        // unaligned, of 16 bytes within the 81 of `text` and `cells`.
        unsafe {
            let x = _mm_loadu_si128(text[start..start + 16].as_ptr().cast());
            // Digit values 1 to 9 as 0 to 8: above 8, unsigned, is none.
            let v = _mm_sub_epi8(x, _mm_set1_epi8(one as i8));
            let digit = _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(top)), v);
            let empty = _mm_or_si128(
                _mm_cmpeq_epi8(x, _mm_set1_epi8(b'.' as i8)),
                match alphabet {
                    Alphabet::Standard => _mm_cmpeq_epi8(x, _mm_set1_epi8(b'0' as i8)),
                    Alphabet::ZeroBased => _mm_setzero_si128(),
                },
            );
            let value = _mm_and_si128(_mm_add_epi8(v, _mm_set1_epi8(1)), digit);
            _mm_storeu_si128(cells[start..start + 16].as_mut_ptr().cast(), value);
            bad |= !_mm_movemask_epi8(_mm_or_si128(digit, empty)) & 0xffff;
        }
    }
    (bad == 0).then_some(cells)
}

/// [`quick_cells`] of 81 bytes, by table.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
pub(super) fn portable_cells(text: &[u8; 81], alphabet: Alphabet) -> Option<[u8; 81]> {
    let table = match alphabet {
        Alphabet::Standard => &STANDARD_CELLS,
        Alphabet::ZeroBased => &ZERO_BASED_CELLS,
    };
    let mut cells = [0u8; 81];
    let mut bad = 0;
    for (cell, &byte) in cells.iter_mut().zip(text) {
        *cell = table[usize::from(byte)];
        bad |= *cell;
    }
    // Anything but a digit 0 to 9 has the high bit set.
    (bad & 0x80 == 0).then_some(cells)
}

/// The cell values of the bytes of a 9×9 line, `0x80` for a byte that is no
/// digit of a 9×9 grid.
const fn cell_table(alphabet: Alphabet) -> [u8; 256] {
    let mut table = [0x80u8; 256];
    table[b'.' as usize] = 0;
    let mut digit = 0;
    while digit <= 9 {
        let value = match alphabet {
            Alphabet::Standard => Some(digit),
            Alphabet::ZeroBased if digit < 9 => Some(digit + 1),
            Alphabet::ZeroBased => None,
        };
        if let Some(value) = value {
            table[(b'0' + digit) as usize] = value;
        }
        digit += 1;
    }
    table
}

static STANDARD_CELLS: [u8; 256] = cell_table(Alphabet::Standard);
static ZERO_BASED_CELLS: [u8; 256] = cell_table(Alphabet::ZeroBased);

/// Answers one line for [`run_lines`], appending its output line to `out`
/// and any message to `err`.
#[allow(clippy::too_many_arguments)]
#[inline]
fn answer_line<E>(
    solver: &mut Solver,
    item: &Item,
    text: &[u8],
    options: &Options,
    explain: &E,
    out: &mut Vec<u8>,
    err: &mut Vec<u8>,
    summary: &mut Summary,
) where
    E: Fn(usize, &SudokuError, &mut Vec<u8>),
{
    if !item.too_long
        && let Some(cells) = quick_cells(text, options.alphabet)
    {
        let mut grid = [0u8; 81];
        if let Some(found) = bands::search(&cells, limit_of(options.task), &mut grid) {
            write_found(found, &grid, options, out, summary);
            return;
        }
    }
    answer_general(solver, item, text, options, explain, out, err, summary);
}

/// The search limit of `task`.
fn limit_of(task: Task) -> u64 {
    match task {
        Task::Solve => 1,
        Task::Count { limit } => limit,
    }
}

/// Answers the lines `items` (their text in `text`) as [`answer_line`]
/// does, but solves the 81-cell lines side by side, three at a time
/// (`bands::Searches`): each search is a chain of dependent steps, and
/// independent chains keep the core busier than one.
#[allow(clippy::too_many_arguments)]
fn answer_lines<E>(
    solver: &mut Solver,
    items: &[Item],
    text: &[u8],
    options: &Options,
    explain: &E,
    out: &mut Vec<u8>,
    err: &mut Vec<u8>,
    summary: &mut Summary,
) where
    E: Fn(usize, &SudokuError, &mut Vec<u8>),
{
    out.reserve(items.len() * 82);
    // No chunk is longer than a one-thread chunk, so this loop runs once;
    // it keeps the arrays on the stack bounded for any caller.
    for items in items.chunks(SOLO_CHUNK_LINES) {
        let mut givens = [[0u8; 81]; SOLO_CHUNK_LINES];
        let mut slots = [usize::MAX; SOLO_CHUNK_LINES];
        let mut quick = 0;
        for (item, slot) in items.iter().zip(&mut slots) {
            if !item.too_long
                && let Some(cells) = quick_cells(&text[item.start..item.end], options.alphabet)
            {
                givens[quick] = cells;
                *slot = quick;
                quick += 1;
            }
        }
        let mut searched = [bands::Searched {
            found: None,
            first: [0; 81],
        }; SOLO_CHUNK_LINES];
        solver.searches().search_all(
            super::NineEngine::FASTEST,
            limit_of(options.task),
            &givens[..quick],
            &mut searched[..quick],
        );
        for (item, &slot) in items.iter().zip(&slots) {
            match searched.get(slot) {
                Some(bands::Searched {
                    found: Some(found),
                    first,
                }) => write_found(*found, first, options, out, summary),
                _ => {
                    let text = &text[item.start..item.end];
                    answer_general(solver, item, text, options, explain, out, err, summary);
                }
            }
        }
    }
}

/// Writes the band engine's answer for a line: `found`, and its first
/// solution `grid` (digits 1 to 9).
#[inline]
fn write_found(
    found: bands::Found,
    grid: &[u8; 81],
    options: &Options,
    out: &mut Vec<u8>,
    summary: &mut Summary,
) {
    summary.puzzles += 1;
    if found.solutions == 0 {
        summary.no_solution += 1;
    } else {
        summary.solved += 1;
    }
    match options.task {
        Task::Solve if found.solutions > 0 => {
            let zero = match options.alphabet {
                Alphabet::Standard => b'0',
                Alphabet::ZeroBased => b'0' - 1,
            };
            let mut text = [b'\n'; 82];
            for (byte, &digit) in text.iter_mut().zip(grid) {
                *byte = zero + digit;
            }
            out.extend_from_slice(&text);
        }
        Task::Solve => out.extend_from_slice(b"no solution\n"),
        Task::Count { limit } => {
            if found.solutions >= limit {
                summary.at_limit += 1;
            }
            write_count(out, found.solutions, limit);
        }
    }
}

/// Answers a line by the general path: parsed (with the messages of the
/// parser), solved by [`Solver`].
#[allow(clippy::too_many_arguments)]
fn answer_general<E>(
    solver: &mut Solver,
    item: &Item,
    text: &[u8],
    options: &Options,
    explain: &E,
    out: &mut Vec<u8>,
    err: &mut Vec<u8>,
    summary: &mut Summary,
) where
    E: Fn(usize, &SudokuError, &mut Vec<u8>),
{
    let task = options.task;
    let answer = answer(solver, item, text, options);
    summary.record(&answer, task);
    match &answer.outcome {
        Outcome::Solved { solution, .. } => {
            out.extend(
                solution
                    .cells()
                    .iter()
                    .map(|&digit| options.alphabet.symbol(digit) as u8),
            );
            out.push(b'\n');
        }
        Outcome::NoSolution { .. } => out.extend_from_slice(b"no solution\n"),
        Outcome::Counted { solutions, .. } => {
            let limit = match task {
                Task::Count { limit } => limit,
                Task::Solve => u64::MAX,
            };
            write_count(out, *solutions, limit);
        }
        Outcome::Invalid(error) => {
            explain(answer.line, error, err);
            out.extend_from_slice(b"invalid\n");
        }
    }
}

/// `N`, or `K or more` at the limit `K`, and a line break.
fn write_count(out: &mut Vec<u8>, solutions: u64, limit: u64) {
    use std::io::Write;
    // Writing to a vector cannot fail.
    let _ = if solutions >= limit {
        writeln!(out, "{limit} or more")
    } else {
        writeln!(out, "{solutions}")
    };
}

/// The next line holding a puzzle, with its number: `Some(too_long)`, where
/// `too_long` says the line was longer than [`MAX_LINE_BYTES`] (`buffer`
/// then holds its beginning and the rest was skipped); `None` at the end.
fn next_puzzle_line<R: BufRead>(
    input: &mut R,
    line: &mut usize,
    buffer: &mut Vec<u8>,
) -> io::Result<Option<bool>> {
    loop {
        buffer.clear();
        let bound = MAX_LINE_BYTES as u64 + 1;
        if (&mut *input).take(bound).read_until(b'\n', buffer)? == 0 {
            return Ok(None);
        }
        *line += 1;
        let too_long = buffer.len() > MAX_LINE_BYTES && buffer.last() != Some(&b'\n');
        if too_long {
            skip_line(input)?;
        }
        match buffer.iter().find(|b| !b.is_ascii_whitespace()) {
            Some(b'#') => continue,
            None if !too_long => continue,
            _ => return Ok(Some(too_long)),
        }
    }
}

/// Reads past the next line break (or to the end), keeping nothing.
fn skip_line<R: BufRead>(input: &mut R) -> io::Result<()> {
    loop {
        let available = match input.fill_buf() {
            Ok(available) => available,
            Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
            Err(err) => return Err(err),
        };
        if available.is_empty() {
            return Ok(());
        }
        match available.iter().position(|&byte| byte == b'\n') {
            Some(end) => {
                input.consume(end + 1);
                return Ok(());
            }
            None => {
                let read = available.len();
                input.consume(read);
            }
        }
    }
}

fn answer(solver: &mut Solver, item: &Item, text: &[u8], options: &Options) -> Answer {
    let parsed = if item.too_long {
        Err(SudokuError::LineTooLong {
            limit: MAX_LINE_BYTES,
        })
    } else {
        parse::parse(text, options.alphabet)
    };
    let outcome = match parsed {
        Err(error) => Outcome::Invalid(error),
        Ok(puzzle) => match options.task {
            Task::Solve => match solver.solve(&puzzle) {
                Some(solution) => Outcome::Solved { puzzle, solution },
                None => Outcome::NoSolution { puzzle },
            },
            Task::Count { limit } => Outcome::Counted {
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
fn run_here<R, F>(mut input: R, options: &Options, mut deliver: F) -> io::Result<()>
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

/// A line waiting for its answer: its number and where its text lies in
/// the chunk's buffer.
struct Item {
    line: usize,
    start: usize,
    end: usize,
    /// The line was longer than [`MAX_LINE_BYTES`]; the text is its start.
    too_long: bool,
    answer: Option<Answer>,
}

impl Item {
    /// A line read on its own (not into a chunk).
    fn new(line: usize, too_long: bool) -> Item {
        Item {
            line,
            start: 0,
            end: 0,
            too_long,
            answer: None,
        }
    }
}

/// Consecutive puzzle lines, their text in one buffer, and what became of
/// them.
struct Chunk {
    index: u64,
    text: Vec<u8>,
    items: Vec<Item>,
    /// The worker that solved it (`None`: the calling thread). Answers
    /// still in the chunk when it is delivered go back to that worker to be
    /// dropped: freeing memory another thread allocated is slow with some
    /// allocators (glibc's among them).
    solved_by: Option<usize>,
    /// What [`run_rendered`]'s render step (or [`run_lines`]) wrote.
    out: Vec<u8>,
    err: Vec<u8>,
    /// The tallies of a rendered chunk.
    summary: Summary,
}

impl Chunk {
    fn holds_answers(&self) -> bool {
        self.items.iter().any(|item| item.answer.is_some())
    }
}

/// The next chunk of up to `lines` puzzle lines.
fn read_chunk<R: BufRead>(
    input: &mut R,
    line: &mut usize,
    index: u64,
    buffer: &mut Vec<u8>,
    lines: usize,
) -> io::Result<Chunk> {
    let mut chunk = Chunk {
        index,
        text: Vec::with_capacity(lines * 90),
        items: Vec::with_capacity(lines),
        solved_by: None,
        out: Vec::new(),
        err: Vec::new(),
        summary: Summary::default(),
    };
    while chunk.items.len() < lines {
        let Some(too_long) = next_puzzle_line(input, line, buffer)? else {
            break;
        };
        let start = chunk.text.len();
        chunk.text.extend_from_slice(buffer);
        chunk.items.push(Item {
            line: *line,
            start,
            end: chunk.text.len(),
            too_long,
            answer: None,
        });
    }
    Ok(chunk)
}

/// The chunks between the reading thread and the solving threads.
#[derive(Default)]
struct Queue {
    /// Chunks read and not yet taken by a thread, oldest first.
    todo: VecDeque<Chunk>,
    /// Chunks solved and not yet delivered, by index.
    done: BTreeMap<u64, Chunk>,
    /// Delivered chunks for each worker to drop.
    trash: Vec<Vec<Chunk>>,
    /// No more chunks will come: workers stop when `todo` is empty.
    closed: bool,
    /// A worker panicked: the run cannot finish.
    broken: bool,
    /// Workers waiting for a chunk, and whether the calling thread waits
    /// for a result: a condition variable is signalled only when someone
    /// waits on it, since each signal is a system call.
    idle_workers: usize,
    awaiting_results: bool,
}

struct Shared {
    queue: Mutex<Queue>,
    /// Signalled when a chunk joins `todo` or the queue closes.
    work: Condvar,
    /// Signalled when a chunk joins `done` or a worker breaks.
    results: Condvar,
    /// Counts chunks joining `todo` and the queue closing, so that an idle
    /// worker can watch for work without the lock (see [`Shared::linger`]).
    news: AtomicU64,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Queue> {
        // A worker that panics marks the queue broken and the caller stops,
        // so a poisoned lock holds nothing half-done worth refusing.
        self.queue.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Tells lingering workers that `todo` grew or the queue closed.
    fn publish(&self) {
        self.news.fetch_add(1, Ordering::Release);
    }

    /// Waits up to [`LINGER`] for news after `seen`, spinning, then
    /// yielding the processor.
    ///
    /// A worker that sleeps on the condition variable is woken on the CPU
    /// of the thread that signals it, where the scheduler of a small VM
    /// leaves it: the two threads then took turns on one CPU while the
    /// other idled (seen with `perf sched` on two threads, at every chunk
    /// the calling thread read while a worker had run dry). Lingering a
    /// little keeps the worker where it runs; the calling thread refills
    /// the queue between its own chunks, well within the bound.
    fn linger(&self, seen: u64) {
        let start = Instant::now();
        for round in 0u32.. {
            if self.news.load(Ordering::Acquire) != seen {
                return;
            }
            if round < 16 {
                for _ in 0..(1 << (round / 2)) {
                    std::hint::spin_loop();
                }
            } else if start.elapsed() >= LINGER {
                return;
            } else {
                std::thread::yield_now();
            }
        }
    }
}

/// How long an idle worker watches for new chunks before it sleeps: about
/// the time the calling thread takes to solve a chunk of hard puzzles.
const LINGER: Duration = Duration::from_millis(2);

/// Worker `id`: takes the oldest chunk, solves it, hands it back, until the
/// queue closes.
fn work<P>(id: usize, shared: &Shared, process: &P)
where
    P: Fn(&mut Solver, &mut Chunk) + Sync,
{
    /// Marks the queue broken if the worker unwinds.
    struct Guard<'a>(&'a Shared);
    impl Drop for Guard<'_> {
        fn drop(&mut self) {
            if std::thread::panicking() {
                self.0.lock().broken = true;
                self.0.results.notify_all();
            }
        }
    }
    let _guard = Guard(shared);
    let mut solver = Solver::new();
    loop {
        let (trash, mut chunk) = {
            let mut queue = shared.lock();
            let mut lingered = false;
            loop {
                let trash = std::mem::take(&mut queue.trash[id]);
                if let Some(job) = queue.todo.pop_front() {
                    break (trash, job);
                }
                if queue.closed {
                    return;
                }
                if !trash.is_empty() {
                    // Drop it while not holding the lock.
                    drop(queue);
                    drop(trash);
                    queue = shared.lock();
                    continue;
                }
                if !lingered {
                    lingered = true;
                    let seen = shared.news.load(Ordering::Acquire);
                    drop(queue);
                    shared.linger(seen);
                    queue = shared.lock();
                    continue;
                }
                queue.idle_workers += 1;
                queue = shared
                    .work
                    .wait(queue)
                    .unwrap_or_else(PoisonError::into_inner);
                queue.idle_workers -= 1;
            }
        };
        drop(trash);
        process(&mut solver, &mut chunk);
        chunk.solved_by = Some(id);
        let awaited = {
            let mut queue = shared.lock();
            queue.done.insert(chunk.index, chunk);
            queue.awaiting_results
        };
        if awaited {
            shared.results.notify_one();
        }
    }
}

/// `threads - 1` workers and the calling thread share the solving; the
/// calling thread alone reads, and hands chunks to `deliver` in input
/// order. It keeps a few chunks ready for the workers, solves the oldest
/// waiting chunk itself when it has nothing else to do, and waits only when
/// everything left is being solved elsewhere. So no more threads run than
/// were asked for, and at the end of the input every thread helps until
/// the last chunk.
fn run_pooled<R, P, D>(
    mut input: R,
    options: &Options,
    process: &P,
    mut deliver: D,
) -> io::Result<()>
where
    R: BufRead,
    P: Fn(&mut Solver, &mut Chunk) + Sync,
    D: FnMut(&Chunk) -> io::Result<()>,
{
    let workers = options.threads - 1;
    let shared = Shared {
        queue: Mutex::new(Queue {
            trash: (0..workers).map(|_| Vec::new()).collect(),
            ..Queue::default()
        }),
        work: Condvar::new(),
        results: Condvar::new(),
        news: AtomicU64::new(0),
    };
    // Chunks kept ready beyond those being solved (one per thread: the
    // calling thread solves too, and each chunk more that it reads first
    // is time at the start that only the workers solve; two per thread
    // made two threads 1% slower on `17-clue.txt` and 5% on
    // `top1465.txt`), and the most chunks between reading and delivering
    // (bounding memory on long inputs).
    let ready_target = options.threads;
    let window = CHUNKS_PER_THREAD * options.threads as u64;
    // The calling thread is pool thread 0 and each worker `id` is `id + 1`;
    // the workers start queued on this thread's CPU, so this one moves off.
    let spread = Spread::here();
    std::thread::scope(|scope| {
        for id in 0..workers {
            let (shared, spread) = (&shared, &spread);
            std::thread::Builder::new()
                .name(format!("sudoku-{id}"))
                .spawn_scoped(scope, move || {
                    if let Some(spread) = spread {
                        spread.move_to(id + 2);
                    }
                    work(id, shared, process)
                })?;
        }
        if let Some(spread) = &spread {
            spread.move_to(1);
        }
        let result = (|| {
            let mut solver = Solver::new();
            let mut line = 0;
            let mut buffer = Vec::new();
            let (mut read, mut delivered) = (0u64, 0u64);
            // Bytes and puzzle lines read, for the size of the next chunk.
            let (mut bytes_read, mut lines_read) = (0u64, 0u64);
            let mut at_end = false;
            let mut ready = Vec::new();
            loop {
                // Hand over whatever is solved, in order.
                {
                    let mut queue = shared.lock();
                    if queue.broken {
                        return Err(io::Error::other("a solving thread failed"));
                    }
                    while let Some(chunk) = queue.done.remove(&delivered) {
                        ready.push(chunk);
                        delivered += 1;
                    }
                }
                for chunk in ready.drain(..) {
                    deliver(&chunk)?;
                    if let Some(id) = chunk.solved_by.filter(|_| chunk.holds_answers()) {
                        shared.lock().trash[id].push(chunk);
                    }
                }
                if at_end && delivered == read {
                    return Ok(());
                }
                // Keep the workers supplied.
                let waiting = shared.lock().todo.len();
                if !at_end && waiting < ready_target && read - delivered < window {
                    let lines =
                        chunk_lines(options.threads, options.input_bytes, bytes_read, lines_read);
                    let chunk = read_chunk(&mut input, &mut line, read, &mut buffer, lines)?;
                    bytes_read += chunk.text.len() as u64;
                    lines_read += chunk.items.len() as u64;
                    if chunk.items.is_empty() {
                        at_end = true;
                    } else {
                        let idle = {
                            let mut queue = shared.lock();
                            queue.todo.push_back(chunk);
                            queue.idle_workers > 0
                        };
                        shared.publish();
                        if idle {
                            shared.work.notify_one();
                        }
                        read += 1;
                    }
                    continue;
                }
                // Help with the oldest chunk nobody has taken.
                let job = shared.lock().todo.pop_front();
                if let Some(mut chunk) = job {
                    process(&mut solver, &mut chunk);
                    shared.lock().done.insert(chunk.index, chunk);
                    continue;
                }
                // Everything left is being solved by the workers.
                let mut queue = shared.lock();
                while !queue.done.contains_key(&delivered) && !queue.broken {
                    queue.awaiting_results = true;
                    queue = shared
                        .results
                        .wait(queue)
                        .unwrap_or_else(PoisonError::into_inner);
                    queue.awaiting_results = false;
                }
            }
        })();
        // Stop the workers, whether the run finished or failed.
        {
            let mut queue = shared.lock();
            queue.closed = true;
            queue.todo.clear();
        }
        shared.publish();
        shared.work.notify_all();
        result
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_shrink_towards_the_end_of_an_input_of_known_length() {
        // Unknown length: full chunks throughout.
        assert_eq!(chunk_lines(2, None, 0, 0), CHUNK_LINES);
        assert_eq!(chunk_lines(2, None, 1 << 40, 1), CHUNK_LINES);
        // top1465.txt on two threads: an eighth of the lines left each time.
        let total = 1465 * 82;
        assert_eq!(chunk_lines(2, Some(total), 0, 0), 183);
        assert_eq!(chunk_lines(2, Some(total), 183 * 82, 183), 160);
        // A long file: full chunks until near its end, then down to the
        // floor; past the end (the file grew) and on a one-byte guess too.
        let total = 49_158 * 82;
        assert_eq!(
            chunk_lines(2, Some(total), 82 * 40_000, 40_000),
            CHUNK_LINES
        );
        assert_eq!(
            chunk_lines(2, Some(total), 82 * 49_000, 49_000),
            TAIL_CHUNK_LINES + 3
        );
        assert_eq!(
            chunk_lines(2, Some(total), 82 * 49_150, 49_150),
            TAIL_CHUNK_LINES
        );
        assert_eq!(
            chunk_lines(2, Some(total), 2 * total, 49_158),
            TAIL_CHUNK_LINES
        );
        assert_eq!(chunk_lines(3, Some(1), 0, 0), TAIL_CHUNK_LINES);
        // Long lines: the average line read so far sets the count.
        assert_eq!(chunk_lines(1, Some(1000 * 164), 10 * 164, 10), 247);
    }
}
