//! `puzzles queens N --first`: one solution at once, for any N.

use std::io::Write;

use anyhow::bail;
use clap::ValueEnum;
use puzzles::queens::construct::Construction;
use puzzles::queens::{OneSolution, Rules, one_solution};

use super::args::{Format, QueensArgs};
use super::printer::{Printer, no_solution};
use crate::outcome::Outcome;

/// The largest board drawn square by square.
pub const DRAW_LIMIT: usize = 1000;

pub fn run(args: &QueensArgs, n: usize, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    let rules = Rules::new(n, args.piece.into(), args.torus)?;
    let Some(found) = one_solution(&rules)? else {
        return no_solution(args.format, &rules, out);
    };
    match found {
        OneSolution::Constructed(construction) => {
            print_construction(&construction, &rules, args, out)
        }
        OneSolution::Lexicographic(solution)
        | OneSolution::Searched(solution)
        | OneSolution::Repaired(solution) => {
            // A repaired board can be as large as a constructed one.
            if !matches!(args.format, Format::Array | Format::Json) && n > DRAW_LIMIT {
                refuse_to_draw(args.format, n as u64)?;
            }
            let mut printer = Printer::new(args.format, n, out)?.svg(&rules, args);
            printer.solution(&solution, None)?;
            printer.finish()?;
            Ok(Outcome::Answer)
        }
    }
}

/// Streams the array and JSON formats for any size; draws boards up to
/// [`DRAW_LIMIT`].
fn print_construction(
    construction: &Construction,
    rules: &Rules,
    args: &QueensArgs,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let n = construction.n();
    let format = args.format;
    match format {
        Format::Array => {
            construction.write_cols(out, b", ")?;
            writeln!(out)?;
        }
        Format::Json => {
            write!(out, "{{\"n\":{n},\"index\":1,\"cols\":")?;
            construction.write_cols(out, b",")?;
            writeln!(out, "}}")?;
        }
        _ if n <= DRAW_LIMIT as u64 => {
            let mut printer = Printer::new(format, n as usize, out)?.svg(rules, args);
            printer.solution(&construction.to_solution(), None)?;
            printer.finish()?;
        }
        other => refuse_to_draw(other, n)?,
    }
    Ok(Outcome::Answer)
}

/// The error for a board too large to draw in `format`.
fn refuse_to_draw(format: Format, n: u64) -> anyhow::Result<()> {
    bail!(
        "--format {} draws all {n} × {n} squares (boards are drawn up to n = {DRAW_LIMIT}); \
         use --format array or --format json",
        format
            .to_possible_value()
            .expect("no skipped variants")
            .get_name()
    )
}
