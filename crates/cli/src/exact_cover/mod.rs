//! `puzzles exact-cover`: read an exact cover problem from a file and list,
//! count or trace its solutions.
//!
//! `args`, `input` and `printer` are leaves; this file lists or counts the
//! solutions, or hands over to `trace`.

pub mod args;
mod input;
mod printer;
mod trace;

use std::io::Write;
use std::ops::ControlFlow;
use std::sync::atomic::Ordering;

use serde_json::json;

use self::args::{ExactCoverArgs, Format};
use self::input::read_problem;
use self::printer::print_solution;
use crate::outcome::Outcome;

/// Runs `puzzles exact-cover` as `args` ask.
pub fn run(args: ExactCoverArgs, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    let problem = read_problem(&args.file)?;
    if args.trace {
        return trace::trace(&problem, &args, out);
    }
    if args.count {
        // A count has something to say when stopped: how far it got.
        let cancel = crate::interrupt::on_ctrl_c()?;
        let mut meter = crate::meter::Meter::new(crate::redraw::stderr_redraws());
        let counted = problem.count_with(args.limit.unwrap_or(u64::MAX), &mut |progress| {
            if cancel.load(Ordering::Relaxed) {
                return ControlFlow::Break(());
            }
            meter.say(|| {
                format!(
                    "{} options tried, {} solutions (Ctrl-C stops)",
                    progress.options_tried, progress.solutions
                )
            });
            ControlFlow::Continue(())
        });
        meter.clear();
        if cancel.load(Ordering::Relaxed)
            && !counted.complete
            && args.limit != Some(counted.solutions)
        {
            say!(
                "puzzles: interrupted after {} options tried ({} solutions found)",
                counted.options_tried,
                counted.solutions
            );
            return Ok(Outcome::Interrupted);
        }
        let count = counted.solutions;
        // Counting stopped at the limit: there may be more.
        let complete = args.limit != Some(count);
        match args.format {
            Format::Json => writeln!(
                out,
                "{}",
                json!({ "solutions": count, "complete": complete })
            )?,
            _ if complete => writeln!(out, "{count}")?,
            _ => writeln!(out, "at least {count}")?,
        }
        return Ok(if count == 0 {
            Outcome::NoSolution
        } else {
            Outcome::Answer
        });
    }
    let limit = if args.first {
        1
    } else {
        args.limit.unwrap_or(u64::MAX)
    };
    let mut printed = 0;
    for solution in problem.solutions() {
        if printed == limit {
            break;
        }
        printed += 1;
        print_solution(&problem, &solution, printed, args.format, out)?;
    }
    if printed == 0 {
        // JSON lines and option numbers keep standard output for solutions:
        // the answer goes where a reader of the stream still sees it.
        if args.format != Format::Options {
            say!("puzzles: no solution");
        } else {
            writeln!(out, "no solution")?;
        }
        return Ok(Outcome::NoSolution);
    }
    Ok(Outcome::Answer)
}
