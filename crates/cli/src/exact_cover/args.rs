//! The arguments of `puzzles exact-cover` (clap). A leaf: the other files of
//! the command read these, nothing here calls them.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  puzzles exact-cover problem.txt               every solution, as its options
  puzzles exact-cover problem.txt --count       the number of solutions
  puzzles exact-cover problem.txt --count --limit 2    0, 1 or at least 2: is it unique?
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
    #[arg(allow_negative_numbers = true, short, long, value_name = "K", value_parser = crate::numbers::parse_limit)]
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
