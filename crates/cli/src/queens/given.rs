//! `puzzles queens N --given ROW:COL,...` and `--given-file FILE`: complete a
//! board with queens already placed.

use std::io::{BufReader, Write};
use std::path::Path;

use anyhow::Context;
use puzzles::queens::construct::known_to_have_none;
use puzzles::queens::given_file::read_given;
use puzzles::queens::{Board, Piece, Rules};
use serde_json::json;

use super::args::{Format, QueensArgs};
use super::printer::Printer;
use super::trace::{Traced, trace};
use crate::outcome::Outcome;

fn read_given_file(path: &Path) -> anyhow::Result<Vec<(usize, usize)>> {
    let name = path.display();
    let file = std::fs::File::open(path).with_context(|| format!("cannot read {name}"))?;
    read_given(BufReader::new(file)).map_err(|err| anyhow::anyhow!("{name}: {err}"))
}

pub fn run(args: &QueensArgs, n: usize, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    let mut given = args.given.clone();
    if let Some(path) = &args.given_file {
        given.extend(read_given_file(path)?);
    }
    let board = Board::with_rules(Rules::new(n, args.piece.into(), args.torus)?)?;
    let completion = board.with_given(&given)?;
    if args.trace {
        return trace(Traced::Completion(&completion), args, out);
    }
    // A board without a solution has no completion either: a theorem says
    // at once what the search would take hours to (`--trace` still shows
    // the search).
    let none = known_to_have_none(board.rules());
    if args.count {
        let total = if none { 0 } else { completion.count() };
        if super::count::json_wanted(args) {
            writeln!(
                out,
                "{}",
                json!({ "n": n, "given": given.len(), "total": total })
            )?;
        } else {
            writeln!(out, "{total}")?;
        }
        return Ok(if total == 0 {
            Outcome::NoSolution
        } else {
            Outcome::Answer
        });
    }
    let mut printer = Printer::new(args.format, n, out)?.svg(board.rules(), args);
    let mut printed = 0;
    if none {
        // Nothing to print: the answer below says there is no completion.
    } else if args.first {
        let found = if args.lexicographic {
            completion.first()
        } else {
            completion.find()
        };
        if let Some(solution) = found {
            printer.solution(&solution, None)?;
            printed = 1;
        }
    } else {
        let limit = args.limit.unwrap_or(u64::MAX);
        for solution in completion.solutions() {
            if printed == limit {
                break;
            }
            printer.solution(&solution, None)?;
            printed += 1;
        }
    }
    printer.finish()?;
    if printed > 0 {
        return Ok(Outcome::Answer);
    }
    if matches!(args.format, Format::Board | Format::Array | Format::Unicode) {
        writeln!(
            out,
            "no completion exists for the given {}s",
            Piece::from(args.piece)
        )?;
    }
    Ok(Outcome::NoSolution)
}
