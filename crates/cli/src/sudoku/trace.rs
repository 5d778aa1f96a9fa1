//! `puzzles sudoku PUZZLE --trace`: the general solver's search, step by
//! step.

use std::io::{self, Write};

use anyhow::bail;
use puzzles::sudoku::{Alphabet, Puzzle};
use puzzles::trace::{Action, Event, TraceMode};

use super::args::{Format, SudokuArgs};
use crate::outcome::Outcome;

/// Prints the search for `puzzle` step by step, then its counters.
pub(super) fn trace(
    puzzle: &Puzzle,
    args: &SudokuArgs,
    alphabet: Alphabet,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let json = match args.format {
        Format::Line => false,
        Format::Json => true,
        Format::Grid => {
            bail!("--trace prints text or JSON lines; --format grid is not available with it")
        }
    };
    let mode = if args.first {
        TraceMode::FirstSolution
    } else {
        TraceMode::AllSolutions
    };
    let side = puzzle.side();
    if !json {
        writeln!(
            out,
            "# sudoku search, cells as (row, col) from 0; indented by the number of guesses standing; (forced): placed by propagation, not guessed"
        )?;
    }
    let mut grid = puzzle.cells().to_vec();
    crate::trace_out::print_trace(
        out,
        json,
        |observer| puzzle.trace(mode, observer),
        |out, event| write_text_event(out, event, &mut grid, side, alphabet),
    )
}

fn write_text_event(
    out: &mut dyn Write,
    event: &Event,
    grid: &mut [u8],
    side: usize,
    alphabet: Alphabet,
) -> io::Result<()> {
    let indent = event.depth * 2;
    write!(out, "{:>6}  {:indent$}", event.step, "")?;
    let symbol = |value: Option<u32>| alphabet.symbol(value.map_or(0, |v| v as u8));
    match event.action {
        Action::Place {
            row,
            col,
            value,
            forced,
        } => {
            grid[row * side + col] = value.map_or(0, |v| v as u8);
            writeln!(
                out,
                "place {} at ({row}, {col}){}",
                symbol(value),
                forced_mark(forced)
            )
        }
        Action::Conflict {
            row,
            col,
            value,
            with: (with_row, with_col),
            kind,
        } => {
            if (with_row, with_col) == (row, col) {
                writeln!(
                    out,
                    "conflict {} at ({row}, {col}): the cell already holds {}",
                    symbol(value),
                    alphabet.symbol(grid[row * side + col])
                )
            } else {
                writeln!(
                    out,
                    "conflict {} at ({row}, {col}) with ({with_row}, {with_col}): {kind}",
                    symbol(value)
                )
            }
        }
        Action::Remove {
            row,
            col,
            value,
            forced,
        } => {
            grid[row * side + col] = 0;
            writeln!(
                out,
                "remove {} from ({row}, {col}){}",
                symbol(value),
                forced_mark(forced)
            )
        }
        Action::Backtrack { row } => {
            let cells = side * side;
            if row < cells {
                writeln!(
                    out,
                    "backtrack: no digit left for ({}, {})",
                    row / side,
                    row % side
                )
            } else {
                let (unit, digit) = ((row - cells) / side, (row - cells) % side + 1);
                let (kind, index) = match unit / side {
                    0 => ("row", unit),
                    1 => ("column", unit - side),
                    _ => ("box", unit - 2 * side),
                };
                writeln!(
                    out,
                    "backtrack: no place left for {} in {kind} {index}",
                    alphabet.symbol(digit as u8)
                )
            }
        }
        Action::Solution { index } => {
            let line: String = grid.iter().map(|&d| alphabet.symbol(d)).collect();
            writeln!(out, "solution {index}: {line}")
        }
    }
}

/// What follows a placement or removal that propagation made, as the
/// crossword trace marks its forced words.
fn forced_mark(forced: bool) -> &'static str {
    if forced { " (forced)" } else { "" }
}
