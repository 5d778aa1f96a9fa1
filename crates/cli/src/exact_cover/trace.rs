//! `puzzles exact-cover FILE --trace`: the dancing-links search, step by
//! step.

use std::io::{self, Write};

use anyhow::bail;
use puzzles::exact_cover::Problem;
use puzzles::trace::{Action, Event, TraceMode};

use super::args::{ExactCoverArgs, Format};
use crate::outcome::Outcome;

/// Prints the search for `problem` step by step, then its counters.
pub(super) fn trace(
    problem: &Problem,
    args: &ExactCoverArgs,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let json = match args.format {
        Format::Options => false,
        Format::Json => true,
        Format::Indices => {
            bail!("--trace prints text or JSON lines; --format indices is not available with it")
        }
    };
    let mode = if args.first {
        TraceMode::FirstSolution
    } else {
        TraceMode::AllSolutions
    };
    if !json {
        writeln!(
            out,
            "# exact cover search: at each level the item with the fewest options left, and its options (numbered from 0) in order; indented by level"
        )?;
    }
    let mut chosen: Vec<usize> = Vec::new();
    crate::trace_out::print_trace(
        out,
        json,
        |observer| problem.trace(mode, observer),
        |out, event| write_text_event(out, problem, event, &mut chosen),
    )
}

fn write_text_event(
    out: &mut dyn Write,
    problem: &Problem,
    event: &Event,
    chosen: &mut Vec<usize>,
) -> io::Result<()> {
    let indent = event.depth * 2;
    write!(out, "{:>6}  {:indent$}", event.step, "")?;
    let item = |item: usize| match problem.item_name(item) {
        Some(name) => name.to_string(),
        None => item.to_string(),
    };
    let option = |option: usize| problem.option_names(option).collect::<Vec<_>>().join(" ");
    match event.action {
        Action::Place { row, col, .. } => {
            chosen.truncate(event.depth);
            chosen.push(col);
            writeln!(
                out,
                "item {}: choose option {col} [{}]",
                item(row),
                option(col)
            )
        }
        Action::Conflict { row, col, with, .. } => writeln!(
            out,
            "item {}: option {col} [{}] clashes with option {} chosen for item {}",
            item(row),
            option(col),
            with.1,
            item(with.0)
        ),
        Action::Remove { row, col, .. } => {
            chosen.truncate(event.depth);
            writeln!(out, "item {}: undo option {col}", item(row))
        }
        Action::Backtrack { row } => {
            writeln!(out, "backtrack: no option left for item {}", item(row))
        }
        Action::Solution { index } => {
            let mut options = chosen.clone();
            options.sort_unstable();
            writeln!(out, "solution {index}: options {options:?}")
        }
    }
}
