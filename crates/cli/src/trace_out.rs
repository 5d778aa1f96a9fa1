//! Printing a traced search, the same way for every puzzle: each event as a
//! text line (the puzzle says how) or a JSON line, then the counters.

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::sync::atomic::Ordering;

use puzzles::trace::{Event, TraceSummary};

use crate::outcome::Outcome;

/// Runs `search` with an observer that prints each event — as JSON when
/// `json`, else with `text` — and closes with the counters (a JSON summary
/// line, or a text line). A write error (a closed pipe) stops the search and
/// is returned. Ctrl-C stops it after the event being written, with a line
/// on standard error; JSON closes with the summary of the events written,
/// `"completed": false`, so that a reader of the lines knows it was cut
/// short, and text with no counters.
pub fn print_trace<S, T>(
    out: &mut dyn Write,
    json: bool,
    search: S,
    mut text: T,
) -> anyhow::Result<Outcome>
where
    S: FnOnce(&mut dyn FnMut(&Event) -> ControlFlow<()>) -> TraceSummary,
    T: FnMut(&mut dyn Write, &Event) -> io::Result<()>,
{
    let cancel = crate::interrupt::on_ctrl_c()?;
    let mut failure: Option<io::Error> = None;
    let mut written_steps = 0;
    let summary = search(&mut |event: &Event| {
        let written = if json {
            serde_json::to_writer(&mut *out, event)
                .map_err(io::Error::from)
                .and_then(|()| writeln!(out))
        } else {
            text(&mut *out, event)
        };
        match written {
            // Stopping only after an event is written keeps the summary's
            // counters those of the events written.
            Ok(()) => {
                written_steps = event.step;
                if cancel.load(Ordering::Relaxed) {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            }
            Err(err) => {
                failure = Some(err);
                ControlFlow::Break(())
            }
        }
    });
    if let Some(err) = failure {
        return Err(err.into());
    }
    if cancel.load(Ordering::Relaxed) {
        if json {
            write_summary(out, &summary, json)?;
        }
        out.flush()?;
        say!("puzzles: interrupted after step {written_steps}: the trace above is cut short");
        return Ok(Outcome::Interrupted);
    }
    write_summary(out, &summary, json)?;
    Ok(if summary.counters.solutions == 0 {
        Outcome::NoSolution
    } else {
        Outcome::Answer
    })
}

/// A trace's closing line: the summary as JSON when `json`, else the
/// counters in words.
pub(crate) fn write_summary(
    out: &mut dyn Write,
    summary: &TraceSummary,
    json: bool,
) -> anyhow::Result<()> {
    let counters = summary.counters;
    if json {
        writeln!(out, "{}", serde_json::to_string(summary)?)?;
    } else {
        writeln!(
            out,
            "placements: {}, conflicts: {}, backtracks: {}, solutions: {} ({} steps)",
            counters.placements,
            counters.conflicts,
            counters.backtracks,
            counters.solutions,
            summary.steps
        )?;
    }
    Ok(())
}
