//! The `puzzles` command: a thin layer over the `puzzles` library that parses
//! arguments, formats output and maps outcomes to exit codes.

mod cli;
mod exact_cover;
mod maxsub;
mod merge;
mod outcome;
mod queens;
#[cfg(feature = "serve")]
mod serve;
mod sudoku;
mod threads;
mod trace_out;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;

use crate::cli::{Cli, Command};
use crate::outcome::Outcome;

/// Exit status for bad input or usage, as clap uses for its own errors.
const USAGE_ERROR: u8 = 2;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let result = run(cli, &mut out).and_then(|outcome| {
        out.flush()?;
        Ok(outcome)
    });
    match result {
        Ok(outcome) => outcome.into(),
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            // Whatever was buffered is not a result; the message says why.
            eprintln!("puzzles: error: {err:#}");
            ExitCode::from(USAGE_ERROR)
        }
    }
}

fn run(cli: Cli, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    match cli.command {
        Command::Queens(args) => queens::run(args, out),
        #[cfg(feature = "serve")]
        Command::Serve(args) => serve::run(args, out),
        Command::Maxsub(args) => maxsub::run(args, out),
        Command::ExactCover(args) => exact_cover::run(args, out),
        Command::Sudoku(args) => sudoku::run(args, out),
        Command::Merge(args) => merge::run(args, out),
    }
}

/// A reader that went away (`puzzles queens 20 | head`) is not an error.
fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
    })
}
