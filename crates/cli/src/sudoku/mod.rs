//! `puzzles sudoku`: solve one puzzle, or a stream of them (one per line) on
//! one or more threads, check uniqueness, draw grids, trace the search.
//!
//! `args`, `input` and `printer` are leaves; this file answers one puzzle
//! given on the command line, or hands over to `stream` (puzzles one a line)
//! or `trace`.

pub mod args;
mod input;
mod printer;
mod stream;
mod trace;

use std::io::Write;

use anyhow::bail;

use puzzles::sudoku::Alphabet;
use puzzles::sudoku::batch;

use self::args::{Format, SudokuArgs};
use self::printer::{Printer, Separator};
use crate::outcome::Outcome;

/// Runs `puzzles sudoku` as `args` ask.
pub fn run(args: SudokuArgs, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    let alphabet = Alphabet::from(args.alphabet);
    let text = match args.puzzle.as_deref() {
        // As for maxsub and exact-cover, `-` is standard input.
        Some("-") if args.trace => bail!("--trace follows one puzzle given on the command line"),
        None | Some("-") => return stream::run(&args, alphabet, out),
        Some(text) => text,
    };
    let puzzle = input::puzzle(text, alphabet)?;
    if args.trace {
        return trace::trace(&puzzle, &args, alphabet, out);
    }
    let mut options = batch::BatchOptions::default();
    options.task = args.task();
    options.threads = 1;
    options.alphabet = alphabet;
    options.read_ahead = true;
    options.input_bytes = None;
    options.spread_threads = false;
    // One puzzle is a batch of one line: the same answers, the same output.
    // The line is the parsed puzzle's, not the argument's, whose spaces may
    // pass the batch's bound on a line.
    let line = puzzle.to_line(alphabet);
    let summary = if args.format == Format::Line {
        batch::run_lines(
            line.as_bytes(),
            &options,
            |_, _, _| {},
            |bytes, _| out.write_all(bytes),
        )?
    } else {
        let printer = Printer::new(&args, alphabet, false);
        let mut separator = Separator::default();
        batch::run_rendered(
            line.as_bytes(),
            &options,
            |answer, bytes, _| printer.render(answer, bytes),
            |bytes, _| out.write_all(separator.strip(bytes)),
        )?
    };
    Ok(if summary.no_solution > 0 {
        Outcome::NoSolution
    } else {
        Outcome::Answer
    })
}
