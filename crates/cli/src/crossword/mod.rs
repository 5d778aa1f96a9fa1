//! `puzzles crossword`: fill a grid from a word list, list or count fills,
//! trace the search.
//!
//! `args`, `input`, `printer` and `meter` are leaves; this file runs the
//! fill search (or hands over to `trace`, or to `checkpoint` for a count
//! that records its units) and says how it ended.

pub mod args;
mod checkpoint;
mod input;
mod meter;
mod printer;
mod trace;

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::sync::atomic::Ordering;

use anyhow::{anyhow, bail};
use puzzles::crossword::{FillOptions, Filler, Progress};
use serde_json::json;

use self::args::{CrosswordArgs, Format};
use self::input::{read_grid, read_words, shown};
use self::printer::print_fill;
use self::trace::trace;
use crate::outcome::Outcome;

pub fn run(args: CrosswordArgs, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    if args.count && !args.trace && args.format == Format::Ipuz {
        bail!("--count prints a number, as text or JSON; --format ipuz is not available with it");
    }
    if args.entries && args.format != Format::Text {
        bail!("--entries lists the answers after a text grid; JSON and ipuz carry them already");
    }
    let from_stdin = |path: &std::path::Path| path.as_os_str() == "-";
    if from_stdin(&args.grid) && args.words.as_deref().is_some_and(from_stdin) {
        bail!("the grid and the word list cannot both be '-' (standard input): give one as a file");
    }
    let (cancel, setup) = crate::interrupt::on_ctrl_c_after_setup(
        "puzzles: interrupted while the grid and the word list were read: no search was run",
    )?;
    let grid = read_grid(&args.grid)?;
    let mut words = read_words(args.words.as_deref())?;
    if let Some(min) = args.min_score {
        words = words.with_min_score(min);
        if words.is_empty() {
            bail!("no word of the list scores {min} or more");
        }
    }
    let mut options = FillOptions::default();
    options.seed = args.seed;
    options.threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from));
    let filler = Filler::with_options(&grid, &words, options)
        .map_err(|err| anyhow!("{}: {err}", shown(&args.grid)))?;
    setup.done();
    if args.trace {
        return trace(&filler, &args, &cancel, out);
    }
    let mut meter = crate::meter::Meter::new(crate::redraw::stderr_redraws());
    if let Some(path) = &args.checkpoint {
        let counted = checkpoint::count(&filler, path, args.stop_after_units, &cancel, &meter);
        meter.clear();
        let Some(counted) = counted? else {
            return Ok(Outcome::Interrupted);
        };
        let record = json!({
            "fills": counted.fills,
            "complete": true,
            "words_tried": counted.nodes,
            "units": counted.units,
            "resumed_units": counted.resumed_units,
        });
        return print_count(out, args.format, counted.fills, false, record);
    }
    let mut progress = |progress: &Progress| {
        if cancel.load(Ordering::Relaxed) {
            return ControlFlow::Break(());
        }
        meter.show(progress);
        ControlFlow::Continue(())
    };
    let (summary, failure) = if args.count {
        (filler.count_with(args.limit, &mut progress), None)
    } else {
        let mut failure: Option<io::Error> = None;
        let mut first = true;
        let limit = Some(args.limit.unwrap_or(1));
        let summary = filler.search(limit, &mut progress, &mut |fill| match meter
            .hidden_while(out, |out| print_fill(out, &fill, &args, first))
        {
            Ok(()) => {
                first = false;
                ControlFlow::Continue(())
            }
            Err(err) => {
                failure = Some(err);
                ControlFlow::Break(())
            }
        });
        (summary, failure)
    };
    meter.clear();
    if let Some(err) = failure {
        return Err(err.into());
    }
    if cancel.load(Ordering::Relaxed) {
        out.flush()?;
        say!(
            "puzzles: interrupted after {} words tried ({} fills found)",
            summary.nodes,
            summary.fills
        );
        return Ok(Outcome::Interrupted);
    }
    if args.count {
        let reached = !summary.complete && args.limit == Some(summary.fills);
        let record = json!({
            "fills": summary.fills,
            "complete": summary.complete,
            "words_tried": summary.nodes,
        });
        return print_count(out, args.format, summary.fills, reached, record);
    }
    if summary.fills == 0 && args.format == Format::Text {
        // The answer, where a fill would have been, as queens says its own.
        writeln!(out, "no fill exists")?;
        return Ok(Outcome::NoSolution);
    }
    ended(out, summary.fills)
}

/// Prints a count: the number (`at least` it when the count `reached` its
/// limit), or `record` as JSON.
fn print_count(
    out: &mut dyn Write,
    format: Format,
    fills: u64,
    reached: bool,
    record: serde_json::Value,
) -> anyhow::Result<Outcome> {
    match (format, reached) {
        (Format::Text, false) => writeln!(out, "{fills}")?,
        (Format::Text, true) => writeln!(out, "at least {fills}")?,
        _ => writeln!(out, "{record}")?,
    }
    ended(out, fills)
}

/// Exit 1 with `no fill exists` on standard error when there are no
/// `fills`: standard output has the count, or data only (JSON, ipuz).
fn ended(out: &mut dyn Write, fills: u64) -> anyhow::Result<Outcome> {
    if fills == 0 {
        out.flush()?;
        say!("puzzles: no fill exists");
        return Ok(Outcome::NoSolution);
    }
    Ok(Outcome::Answer)
}
