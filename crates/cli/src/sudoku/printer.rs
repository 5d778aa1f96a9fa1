//! Renders answers in the format `--format` chose: grids or JSON (the line
//! format is the library's own).

use puzzles::sudoku::batch::{Answer, BatchOutcome};
use puzzles::sudoku::{Alphabet, render};
use serde_json::json;

use super::args::{Format, SudokuArgs};

/// Drops the separator that precedes the first answer block of the output
/// (grids are separated by a blank line, written before each one).
#[derive(Default)]
pub(super) struct Separator {
    started: bool,
}

impl Separator {
    pub(super) fn strip<'a>(&mut self, bytes: &'a [u8]) -> &'a [u8] {
        if self.started || bytes.is_empty() {
            return bytes;
        }
        self.started = true;
        bytes.strip_prefix(b"\n").unwrap_or(bytes)
    }
}

/// Renders answers in the chosen format. It keeps no state: answers are
/// rendered on whichever thread solved them.
pub(super) struct Printer {
    format: Format,
    alphabet: Alphabet,
    /// Whether JSON objects carry the input line (puzzles from a stream).
    with_lines: bool,
}

impl Printer {
    pub(super) fn new(args: &SudokuArgs, alphabet: Alphabet, with_lines: bool) -> Printer {
        Printer {
            format: args.format,
            alphabet,
            with_lines,
        }
    }

    /// Appends the answer's output to `bytes`.
    pub(super) fn render(&self, answer: &Answer, bytes: &mut Vec<u8>) {
        match self.format {
            Format::Line => unreachable!("line output is written by batch::run_lines"),
            Format::Grid => self.grid(bytes, &answer.outcome),
            Format::Json => self.json(bytes, answer),
        }
    }

    /// A blank line, then the grid (the first blank line of the output is
    /// dropped by [`Separator`]).
    fn grid(&self, bytes: &mut Vec<u8>, outcome: &BatchOutcome) {
        bytes.push(b'\n');
        let (drawing, note) = match outcome {
            BatchOutcome::Solved { puzzle, solution } => (
                Some(render::grid(puzzle, Some(solution), self.alphabet)),
                None,
            ),
            BatchOutcome::NoSolution { puzzle } => (
                Some(render::grid(puzzle, None, self.alphabet)),
                Some("no solution"),
            ),
            BatchOutcome::Counted { puzzle, solutions } => (
                Some(render::grid(puzzle, None, self.alphabet)),
                Some(match solutions {
                    0 => "no solution",
                    1 => "1 solution",
                    _ => "2 or more solutions",
                }),
            ),
            BatchOutcome::Invalid(_) => (None, Some("invalid")),
        };
        if let Some(drawing) = drawing {
            bytes.extend_from_slice(drawing.as_bytes());
        }
        if let Some(note) = note {
            bytes.extend_from_slice(note.as_bytes());
            bytes.push(b'\n');
        }
    }

    fn json(&self, bytes: &mut Vec<u8>, answer: &Answer) {
        let mut object = match &answer.outcome {
            BatchOutcome::Solved { puzzle, solution } => json!({
                "puzzle": puzzle.to_line(self.alphabet),
                "solution": solution.to_line(self.alphabet),
            }),
            BatchOutcome::NoSolution { puzzle } => json!({
                "puzzle": puzzle.to_line(self.alphabet),
                "solution": null,
            }),
            BatchOutcome::Counted { puzzle, solutions } => json!({
                "puzzle": puzzle.to_line(self.alphabet),
                "solutions": solutions,
                "unique": *solutions == 1,
                // The count stops at the second solution: 2 means 2 or more.
                "complete": *solutions < 2,
            }),
            BatchOutcome::Invalid(error) => json!({ "error": error.to_string() }),
        };
        if self.with_lines {
            object["line"] = json!(answer.line);
        }
        bytes.extend_from_slice(object.to_string().as_bytes());
        bytes.push(b'\n');
    }
}
