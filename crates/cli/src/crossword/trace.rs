//! `puzzles crossword GRID --trace`: the fill search, step by step.

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::bail;
use puzzles::crossword::{FillAction, FillEvent, Filler};
use puzzles::trace::TraceMode;

use super::args::{CrosswordArgs, Format};
use crate::outcome::Outcome;

/// Prints the trace of `filler`'s search, stopping (with no summary, and
/// a line on standard error) once `cancel` is set.
pub(super) fn trace(
    filler: &Filler,
    args: &CrosswordArgs,
    cancel: &AtomicBool,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let json = match args.format {
        Format::Text => false,
        Format::Json => true,
        Format::Ipuz => {
            bail!("--trace prints text or JSON lines; --format ipuz is not available with it")
        }
    };
    // The observer stops the search after the fills wanted.
    let stop_after = if args.count {
        args.limit
    } else {
        Some(args.limit.unwrap_or(1))
    };
    if !json {
        writeln!(
            out,
            "# crossword search, slots by number and direction; indented by the number of choices standing"
        )?;
    }
    let mut failure: Option<io::Error> = None;
    let mut solutions = 0;
    let mut written_steps = 0;
    // One fill is the first-solution search, as queens' and Sudoku's
    // `--first --trace` and the web page's: it completes at its fill.
    let mode = if stop_after == Some(1) {
        TraceMode::FirstSolution
    } else {
        TraceMode::AllSolutions
    };
    let summary = filler.trace(mode, &mut |event: &FillEvent| {
        let written = if json {
            serde_json::to_writer(&mut *out, event)
                .map_err(io::Error::from)
                .and_then(|()| writeln!(out))
        } else {
            write_text_event(out, event)
        };
        if let Err(err) = written {
            failure = Some(err);
            return ControlFlow::Break(());
        }
        written_steps = event.step;
        if let FillAction::Solution { .. } = event.action {
            solutions += 1;
            // The first-solution search stops by itself, complete.
            if mode == TraceMode::AllSolutions && stop_after == Some(solutions) {
                return ControlFlow::Break(());
            }
        }
        // Stopping only after an event is written keeps the summary's
        // counters those of the events written.
        if cancel.load(Ordering::Relaxed) {
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    if let Some(err) = failure {
        return Err(err.into());
    }
    if cancel.load(Ordering::Relaxed) {
        if json {
            crate::trace_out::write_summary(out, &summary, json)?;
        }
        out.flush()?;
        say!(
            "puzzles: interrupted after step {} ({} fills found): the trace above is cut short",
            written_steps,
            solutions
        );
        return Ok(Outcome::Interrupted);
    }
    crate::trace_out::write_summary(out, &summary, json)?;
    let counters = summary.counters;
    if counters.solutions == 0 {
        out.flush()?;
        say!("puzzles: no fill exists");
        return Ok(Outcome::NoSolution);
    }
    Ok(Outcome::Answer)
}

fn write_text_event(out: &mut dyn Write, event: &FillEvent) -> io::Result<()> {
    let indent = event.depth * 2;
    write!(out, "{:>6}  {:indent$}", event.step, "")?;
    match &event.action {
        FillAction::Place { slot, word, forced } => {
            let how = if *forced { " (forced)" } else { "" };
            writeln!(out, "place {word} in {slot}{how}")
        }
        FillAction::Conflict { slot, word, with } => {
            writeln!(out, "conflict {word} in {slot}: {with} left without words")
        }
        FillAction::Remove { slot, word, forced } => {
            // As its place line said, so that text and JSON tell the same.
            let how = if *forced { " (forced)" } else { "" };
            writeln!(out, "remove {word} from {slot}{how}")
        }
        FillAction::Backtrack { slot } => writeln!(out, "backtrack: no word left for {slot}"),
        FillAction::Solution { index, grid } => {
            writeln!(out, "solution {index}: {}", grid.join("/"))
        }
    }
}
