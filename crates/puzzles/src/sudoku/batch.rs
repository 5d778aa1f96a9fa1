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
mod run;

use super::alphabet::Alphabet;
use super::error::SudokuError;
use super::puzzle::{self, Puzzle};
use super::solution::Solution;
use super::solve::Solver;
use chunk::Item;
#[cfg(test)]
pub(super) use input::{portable_cells, sse2_cells};
pub use run::{run, run_lines, run_rendered};

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

/// The answer for the puzzle `item` (whose line is `text`).
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
