//! `puzzles queens`: list, count, find, classify and trace N-Queens
//! solutions.
//!
//! `args` (with the values it parses into, `values`) and `printer` are
//! leaves; each command file uses them and none uses the file that calls it.
//! This file only picks the command file.

pub mod args;
mod count;
mod first;
mod given;
mod list;
pub mod merge;
mod printer;
mod progress;
mod sample;
pub mod shard;
mod trace;
mod values;
mod verify;

use std::io::Write;

use anyhow::{Context, bail};
use clap::ValueEnum;
use puzzles::queens::{Board, Piece, Rules};

use self::args::{Format, QueensArgs, QueensCommand};
use self::trace::Traced;
use crate::outcome::Outcome;

/// Runs `puzzles queens` as `args` ask.
pub fn run(args: QueensArgs, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    if let Some(QueensCommand::Verify(verify)) = args.command {
        return verify::run(verify, out);
    }
    let n = args.n.context("the board size N is required")?;
    let n = usize::try_from(n).context("the board size does not fit this machine")?;
    if args.labels && args.format != Format::Svg {
        bail!("--labels numbers the rows and columns of SVG boards; use it with --format svg");
    }
    if args.count && !matches!(args.format, Format::Board | Format::Json) {
        let format = args.format.to_possible_value().expect("a named format");
        bail!(
            "--format {} shows solutions, and --count prints a number (--json or --format json \
             print it as JSON)",
            format.get_name()
        );
    }
    if !args.given.is_empty() || args.given_file.is_some() {
        // Completions are counted in work units as whole boards are
        // (--threads, --checkpoint, --split, --shard), but samples record
        // no given squares, and quarter-boards know of none.
        for (used, flag) in [
            (args.sample.is_some(), "--sample"),
            (args.method.is_some(), "--method"),
        ] {
            if used {
                bail!(
                    "{flag} works with the whole-board count only, not with given {}s",
                    Piece::from(args.piece)
                );
            }
        }
        return given::run(&args, n, out);
    }
    if args.first && !args.lexicographic && !args.trace {
        return first::run(&args, n, out);
    }
    let board = Board::with_rules(Rules::new(n, args.piece.into(), args.torus)?)?;
    if args.trace {
        return trace::trace(Traced::Board(&board), &args, out);
    }
    if args.count {
        let rules = *board.rules();
        if count::answered_at_once(&rules) {
            crate::interrupt::leave_on_signal()?;
            return count::at_once(&board, &args, out);
        }
        if let Some(shard) = args.shard {
            return shard::run(count::plan_for(rules, &args)?, shard, &args, out);
        }
        if let Some(size) = args.sample {
            crate::interrupt::leave_on_signal()?;
            return sample::run(rules, size, &args, out);
        }
        return count::run(rules, &args, out);
    }
    list::run(&board, &args, out)
}
