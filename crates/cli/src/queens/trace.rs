//! `puzzles queens N --trace`: the search step by step, as text or JSON lines.

use std::io::Write;

use anyhow::bail;
use clap::ValueEnum;
use puzzles::queens::{Board, Completion};
use puzzles::trace::{Action, Event, TraceMode};

use super::args::{Format, QueensArgs};
use crate::outcome::Outcome;

/// What `--trace` runs: the plain search, or the completion search.
pub(crate) enum Traced<'a> {
    Board(&'a Board),
    Completion(&'a Completion),
}

pub(crate) fn trace(
    traced: Traced<'_>,
    args: &QueensArgs,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let json = match args.format {
        Format::Board => false,
        Format::Json => true,
        other => bail!(
            "--trace prints text or JSON lines; --format {} is not available with it",
            other
                .to_possible_value()
                .expect("no skipped variants")
                .get_name()
        ),
    };
    let mode = if args.first {
        TraceMode::FirstSolution
    } else {
        TraceMode::AllSolutions
    };
    let (rules, given) = match traced {
        Traced::Board(board) => (*board.rules(), &[][..]),
        Traced::Completion(completion) => (*completion.rules(), completion.given()),
    };
    if !json {
        let shape = if rules.torus() { " on a torus" } else { "" };
        let given: Vec<String> = given
            .iter()
            .map(|(row, col)| format!("({row}, {col})"))
            .collect();
        let given = if given.is_empty() {
            String::new()
        } else {
            format!(", given {}", given.join(", "))
        };
        writeln!(
            out,
            "# {n} {piece}s{shape}{given}: search trace, squares as (row, col) from 0, indented by depth",
            n = rules.n(),
            piece = rules.piece(),
        )?;
    }
    let mut path: Vec<usize> = Vec::with_capacity(rules.n());
    crate::trace_out::print_trace(
        out,
        json,
        |observer| match traced {
            Traced::Board(board) => board.trace(mode, observer),
            Traced::Completion(completion) => completion.trace(mode, observer),
        },
        |out, event| write_text_event(out, event, &mut path),
    )
}

fn write_text_event(
    out: &mut dyn Write,
    event: &Event,
    path: &mut Vec<usize>,
) -> std::io::Result<()> {
    let indent = event.depth * 2;
    write!(out, "{:>6}  {:indent$}", event.step, "")?;
    match event.action {
        Action::Place { row, col, .. } => {
            path.truncate(row);
            path.push(col);
            writeln!(out, "place ({row}, {col})")
        }
        Action::Conflict {
            row,
            col,
            with: (with_row, with_col),
            kind,
            ..
        } => {
            writeln!(
                out,
                "conflict ({row}, {col}) with ({with_row}, {with_col}): {kind}"
            )
        }
        Action::Remove { row, col, .. } => {
            path.truncate(row);
            writeln!(out, "remove ({row}, {col})")
        }
        Action::Backtrack { row } => writeln!(out, "backtrack: no column left in row {row}"),
        Action::Solution { index } => writeln!(out, "solution {index}: {path:?}"),
    }
}
