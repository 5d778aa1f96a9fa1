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
mod shell;
mod sudoku;
mod threads;
mod trace_out;

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use clap::Parser;

use crate::cli::{Cli, Command};
use crate::outcome::Outcome;

/// Exit status for bad input or usage, as clap uses for its own errors.
const USAGE_ERROR: u8 = 2;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let stdout = io::stdout();
    // A terminal gets each line as it is written (the standard library's
    // stdout is line-buffered), so solutions appear as they are found; pipes
    // and files get large blocks, which is much faster.
    let lines_or_blocks: Box<dyn Write> = if stdout.is_terminal() {
        Box::new(stdout.lock())
    } else {
        Box::new(io::BufWriter::with_capacity(1 << 16, stdout.lock()))
    };
    let mut out = NamedStdout(lines_or_blocks);
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
        Command::Completions(args) => shell::completions(args, out),
        Command::Man(args) => shell::man(args, out),
    }
}

/// Standard output, whose write errors say that it was standard output that
/// failed: "cannot write to standard output: No space left on device". The
/// error keeps its kind, so a closed pipe is still recognised.
struct NamedStdout<W>(W);

impl<W: Write> NamedStdout<W> {
    fn named(err: io::Error) -> io::Error {
        let reason = err.to_string();
        // "No space left on device (os error 28)": the number tells a user
        // nothing the words do not.
        let reason = match (err.raw_os_error(), reason.rfind(" (os error ")) {
            (Some(_), Some(at)) => &reason[..at],
            _ => &reason,
        };
        io::Error::new(
            err.kind(),
            format!("cannot write to standard output: {reason}"),
        )
    }
}

impl<W: Write> Write for NamedStdout<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf).map_err(Self::named)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.0.write_all(buf).map_err(Self::named)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush().map_err(Self::named)
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
