//! `puzzles exact-cover`: read an exact cover problem from a file and list,
//! count or trace its solutions.

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::{Context, bail};
use clap::{Args, ValueEnum};
use puzzles::exact_cover::Problem;
use puzzles::trace::{Action, Event, TraceMode};
use serde_json::json;

use crate::outcome::Outcome;

#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  puzzles exact-cover problem.txt               every solution, as its options
  puzzles exact-cover problem.txt --count       the number of solutions
  puzzles exact-cover problem.txt --count --limit 2    0, 1 or 2: is it unique?
  puzzles exact-cover problem.txt --first       the first solution found
  puzzles exact-cover problem.txt --format indices     option numbers, one line each
  puzzles exact-cover problem.txt --trace       every choice, conflict and backtrack
  puzzles exact-cover - < problem.txt           read standard input

The file format: '#' starts a comment; blank lines are ignored. The first line
lists the items, separated by spaces; a '|' separates the primary items
(covered exactly once) from the secondary ones after it (covered at most
once). Every later line is one option: the items it covers. Options are
numbered from 0 in file order. Example (Knuth's):

  a b c d e f g
  c e f
  a d g
  b c f
  a d
  b g
  d e g

A solution is a set of options covering every primary item exactly once and
every secondary item at most once. Exit status: 0 solutions found, 1 none, 2
a malformed file (the message names the line and column).")]
pub struct ExactCoverArgs {
    /// The problem file ('-' for standard input).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// How to print each solution.
    #[arg(short, long, value_enum, default_value_t = Format::Options)]
    pub format: Format,

    /// Print the number of solutions instead of the solutions (with
    /// --limit K, stop counting at K).
    #[arg(short, long)]
    pub count: bool,

    /// Print only the first solution found.
    #[arg(long, conflicts_with_all = ["count", "limit"])]
    pub first: bool,

    /// Stop after K solutions.
    #[arg(short, long, value_name = "K", value_parser = parse_limit)]
    pub limit: Option<u64>,

    /// Print the search step by step: at each level the item chosen and the
    /// options tried for it (placed, or in conflict with an earlier choice),
    /// removals, backtracks and solutions, then the counters (text, or JSON
    /// lines with --format json). With --first, stop at the first solution.
    #[arg(long, conflicts_with_all = ["count", "limit"])]
    pub trace: bool,
}

/// Output formats for solutions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Each option of the solution on its own line, as its items; a blank
    /// line between solutions.
    Options,
    /// One line per solution: its option numbers (from 0, in file order).
    Indices,
    /// One JSON object per solution: index, option numbers and their items.
    Json,
}

fn parse_limit(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(0) => Err("the limit must be at least 1".to_string()),
        Ok(k) => Ok(k),
        Err(_) => Err(format!(
            "the limit must be a positive whole number, got {text:?}"
        )),
    }
}

fn read_problem(path: &PathBuf) -> anyhow::Result<Problem> {
    // Read a line at a time, each line at most exact_cover::MAX_LINE bytes.
    let (name, result) = if path.as_os_str() == "-" {
        crate::reading_from_a_terminal("the problem");
        (
            "standard input".to_string(),
            Problem::read(io::stdin().lock()),
        )
    } else {
        let file =
            std::fs::File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
        (path.display().to_string(), Problem::read(file))
    };
    result.with_context(|| format!("{name} is not a valid exact cover problem"))
}

pub fn run(args: ExactCoverArgs, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    let problem = read_problem(&args.file)?;
    if args.trace {
        return trace(&problem, &args, out);
    }
    if args.count {
        let count = problem.count_up_to(args.limit.unwrap_or(u64::MAX));
        match args.format {
            Format::Json => writeln!(out, "{}", json!({ "solutions": count }))?,
            _ => writeln!(out, "{count}")?,
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
        if args.format != Format::Json {
            writeln!(out, "no solution")?;
        }
        return Ok(Outcome::NoSolution);
    }
    Ok(Outcome::Answer)
}

fn print_solution(
    problem: &Problem,
    solution: &[usize],
    index: u64,
    format: Format,
    out: &mut dyn Write,
) -> io::Result<()> {
    match format {
        Format::Options => {
            if index > 1 {
                writeln!(out)?;
            }
            if solution.is_empty() {
                // Only when there are no primary items: nothing to cover.
                writeln!(out, "(no options: there is no primary item to cover)")?;
            }
            for &option in solution {
                let names: Vec<String> = problem.option_names(option).collect();
                writeln!(out, "{}", names.join(" "))?;
            }
            Ok(())
        }
        Format::Indices => {
            let numbers: Vec<String> = solution.iter().map(usize::to_string).collect();
            writeln!(out, "{}", numbers.join(" "))
        }
        Format::Json => {
            let items: Vec<Vec<String>> = solution
                .iter()
                .map(|&option| problem.option_names(option).collect())
                .collect();
            let object = json!({ "index": index, "options": solution, "items": items });
            writeln!(out, "{object}")
        }
    }
}

fn trace(problem: &Problem, args: &ExactCoverArgs, out: &mut dyn Write) -> anyhow::Result<Outcome> {
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
