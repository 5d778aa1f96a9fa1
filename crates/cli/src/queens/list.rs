//! `puzzles queens N` without --count: list every solution (or the
//! fundamental ones with --unique), or the lexicographically first.

use std::io::Write;

use puzzles::queens::construct::known_to_have_none;
use puzzles::queens::{Board, Fundamental};

use super::args::QueensArgs;
use super::printer::{Printer, no_solution, none_line, say_none};
use crate::outcome::Outcome;

/// Lists `board`'s solutions as `args` ask.
pub fn run(board: &Board, args: &QueensArgs, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    let n = board.n();
    // A theorem answers at once what the search would take hours to.
    let none = known_to_have_none(board.rules());
    if args.first {
        let first = if none { None } else { board.first() };
        return match first {
            Some(solution) => {
                let mut printer = Printer::new(args.format, n, out)?.svg(board.rules(), args);
                printer.solution(&solution, None)?;
                printer.finish()?;
                Ok(Outcome::Answer)
            }
            None => no_solution(args.format, board.rules(), out),
        };
    }
    let limit = args.limit.unwrap_or(u64::MAX);
    let mut printer = Printer::new(args.format, n, out)?.svg(board.rules(), args);
    let printed = if none {
        0
    } else if args.unique {
        let mut printed = 0;
        for Fundamental {
            solution,
            class_size,
        } in board.fundamental_solutions()
        {
            if printed == limit {
                break;
            }
            printer.solution(&solution, Some(class_size))?;
            printed += 1;
        }
        printed
    } else {
        let mut printed = 0;
        for solution in board.solutions() {
            if printed == limit {
                break;
            }
            printer.solution(&solution, None)?;
            printed += 1;
        }
        printed
    };
    printer.finish()?;
    if printed == 0 {
        say_none(args.format, &none_line(board.rules()), out)?;
        return Ok(Outcome::NoSolution);
    }
    Ok(Outcome::Answer)
}
