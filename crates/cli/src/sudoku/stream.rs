//! `puzzles sudoku --file FILE` (or standard input): a stream of puzzles,
//! one a line, answered in input order on one or more threads.

use std::io::{self, IsTerminal, Write};

use anyhow::{anyhow, bail};
use puzzles::sudoku::Alphabet;
use puzzles::sudoku::batch::{self, BatchOutcome};

use super::args::{Format, SudokuArgs};
use super::input::Source;
use super::printer::{Printer, Separator};
use crate::outcome::Outcome;

/// Answers every puzzle of `--file` (or standard input), one a line.
pub(super) fn run(
    args: &SudokuArgs,
    alphabet: Alphabet,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let Source {
        reader: input,
        name: source,
        interactive,
        bytes: input_bytes,
    } = Source::open(args.file.as_ref())?;
    // A reader at a terminal (typing puzzles, or watching answers arrive)
    // gets each answer as soon as it is found.
    let answer_by_answer = interactive || io::stdout().is_terminal();
    let mut options = batch::BatchOptions::default();
    options.task = args.task();
    // Puzzles typed at a terminal are answered one by one as they come;
    // several threads would wait for a chunk of lines first.
    options.threads = if interactive { 1 } else { args.threads };
    options.alphabet = alphabet;
    // Reading ahead waits for a chunk of lines (or the end) before
    // answering: not while someone watches.
    options.read_ahead = !answer_by_answer;
    options.input_bytes = input_bytes;
    // Each thread starts on a CPU of its own: on a small VM whose
    // scheduler balances seldom, two threads otherwise take turns on
    // one CPU (see `BatchOptions::spread_threads`).
    options.spread_threads = true;
    let place = |line: usize| match &source {
        Some(name) => format!("{name}, line {line}"),
        None => format!("standard input, line {line}"),
    };
    // Answers leave in large writes; messages go out as they come.
    let mut out = io::BufWriter::with_capacity(1 << 16, out);
    let mut separator = Separator::default();
    // The batch hands back the first error of reading or of writing: a
    // failed write must not be reported as a failed read.
    let write_failed = std::cell::Cell::new(false);
    let mut deliver = |bytes: &[u8], messages: &[u8]| -> io::Result<()> {
        let written = (|| {
            if !messages.is_empty() {
                // Whatever came before goes out first, so that the messages
                // follow the answers they concern as closely as possible.
                out.flush()?;
                // A standard error that cannot be written to (closed, full)
                // must not cut the answers short: the exit status still
                // says that some lines were invalid.
                let _ = io::stderr().write_all(messages);
            }
            out.write_all(separator.strip(bytes))?;
            if answer_by_answer {
                out.flush()?;
            }
            Ok(())
        })();
        if written.is_err() {
            write_failed.set(true);
        }
        written
    };
    let summary = if args.format == Format::Line {
        batch::run_lines(
            input,
            &options,
            |line, error, messages| {
                // Writing to a vector cannot fail.
                let _ = writeln!(messages, "puzzles: {}: {error}", place(line));
            },
            &mut deliver,
        )
    } else {
        let printer = Printer::new(args, alphabet, true);
        batch::run_rendered(
            input,
            &options,
            |answer, bytes, messages| {
                if let BatchOutcome::Invalid(error) = &answer.outcome {
                    let _ = writeln!(messages, "puzzles: {}: {error}", place(answer.line));
                }
                printer.render(answer, bytes);
            },
            &mut deliver,
        )
    }
    .map_err(|err| {
        if write_failed.get() || err.kind() == io::ErrorKind::BrokenPipe {
            return anyhow!(err);
        }
        let name = source.as_deref().unwrap_or("standard input");
        anyhow!(err).context(format!("while reading {name}"))
    })?;
    out.flush()?;
    if summary.puzzles == 0 {
        // As for maxsub: an empty input is a mistake (a wrong file, a
        // pipe whose writer failed), not an answer.
        bail!(
            "no puzzles in {}",
            source.as_deref().unwrap_or("standard input")
        );
    }
    if summary.invalid > 0 {
        let first = summary
            .first_invalid_line
            .expect("an invalid line was seen");
        let many = if summary.invalid == 1 {
            "1 invalid puzzle".to_string()
        } else {
            format!("{} invalid puzzles", summary.invalid)
        };
        bail!("{many} (the first on line {first}); see the messages above");
    }
    Ok(if summary.no_solution > 0 {
        Outcome::NoSolution
    } else {
        Outcome::Answer
    })
}
