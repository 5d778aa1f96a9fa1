//! The answer lines of `puzzles sudoku`, one per puzzle: the solution, `no
//! solution`, a count, or `invalid` (see [`run_lines`](super::run_lines)).

use super::super::alphabet::Alphabet;
use super::super::bands;
use super::super::error::SudokuError;
use super::super::nine_engine::NineEngine;
use super::super::solve::Solver;
use super::chunk::{Item, Written};
use super::input::{SOLO_CHUNK_LINES, quick_cells};
use super::{BatchOptions, BatchOutcome, Task, answer};

/// How [`run_lines`](super::run_lines) answers: the run's options, and what
/// explains an invalid line (given its number and the error).
pub(super) struct LineFormat<'a, E> {
    pub(super) options: &'a BatchOptions,
    pub(super) explain: &'a E,
}

impl<E> LineFormat<'_, E>
where
    E: Fn(usize, &SudokuError, &mut Vec<u8>),
{
    /// Answers one line, appending its output line and any message to
    /// `written`.
    #[inline]
    pub(super) fn answer_line(
        &self,
        solver: &mut Solver,
        item: &Item,
        text: &[u8],
        written: &mut Written,
    ) {
        let options = self.options;
        if !item.too_long
            && let Some(cells) = quick_cells(text, options.alphabet)
        {
            let mut grid = [0u8; 81];
            if let Some(found) = bands::search(&cells, limit_of(options.task), &mut grid) {
                write_found(found, &grid, options, written);
                return;
            }
        }
        self.answer_general(solver, item, text, written);
    }

    /// Answers the lines `items` (their text in `text`) as
    /// [`LineFormat::answer_line`] does, but solves the 81-cell lines side
    /// by side, three at a time (`bands::Searches`): each search is a chain
    /// of dependent steps, and independent chains keep the core busier than
    /// one.
    pub(super) fn answer_lines(
        &self,
        solver: &mut Solver,
        items: &[Item],
        text: &[u8],
        written: &mut Written,
    ) {
        let options = self.options;
        written.out.reserve(items.len() * 82);
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
                NineEngine::FASTEST,
                limit_of(options.task),
                &givens[..quick],
                &mut searched[..quick],
            );
            for (item, &slot) in items.iter().zip(&slots) {
                match searched.get(slot) {
                    Some(bands::Searched {
                        found: Some(found),
                        first,
                    }) => write_found(*found, first, options, written),
                    _ => {
                        let text = &text[item.start..item.end];
                        self.answer_general(solver, item, text, written);
                    }
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
    options: &BatchOptions,
    written: &mut Written,
) {
    let Written { out, summary, .. } = written;
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

impl<E> LineFormat<'_, E>
where
    E: Fn(usize, &SudokuError, &mut Vec<u8>),
{
    /// Answers a line by the general path: parsed (with the messages of the
    /// parser), solved by [`Solver`].
    fn answer_general(&self, solver: &mut Solver, item: &Item, text: &[u8], written: &mut Written) {
        let (options, out) = (self.options, &mut written.out);
        let task = options.task;
        let answer = answer(solver, item, text, options);
        written.summary.record(&answer, task);
        match &answer.outcome {
            BatchOutcome::Solved { solution, .. } => {
                out.extend(
                    solution
                        .cells()
                        .iter()
                        .map(|&digit| options.alphabet.symbol(digit) as u8),
                );
                out.push(b'\n');
            }
            BatchOutcome::NoSolution { .. } => out.extend_from_slice(b"no solution\n"),
            BatchOutcome::Counted { solutions, .. } => {
                let limit = match task {
                    Task::Count { limit } => limit,
                    Task::Solve => u64::MAX,
                };
                write_count(out, *solutions, limit);
            }
            BatchOutcome::Invalid(error) => {
                (self.explain)(answer.line, error, &mut written.err);
                out.extend_from_slice(b"invalid\n");
            }
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

/// The search limit of `task`.
fn limit_of(task: Task) -> u64 {
    match task {
        Task::Solve => 1,
        Task::Count { limit } => limit,
    }
}
