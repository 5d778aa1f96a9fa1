//! The command line: the top-level parser and its subcommands.

use clap::{Parser, Subcommand};

use crate::crossword::args::CrosswordArgs;
use crate::exact_cover::args::ExactCoverArgs;
use crate::maxsub::args::MaxsubArgs;
use crate::queens::args::QueensArgs;
use crate::queens::merge::MergeArgs;
use crate::shell::{CompletionsArgs, ManArgs};
use crate::sudoku::args::SudokuArgs;

/// Solve, count, trace and draw backtracking puzzles.
#[derive(Debug, Parser)]
#[command(
    name = "puzzles",
    version,
    about = "Solve, count, trace and draw backtracking puzzles: N-Queens and friends.",
    long_about = None,
    after_help = "\
Examples:
  puzzles queens 8                  all 92 solutions of 8-queens as boards
  puzzles queens 8 --count          count them: 92
  puzzles queens 8 --unique         the 12 fundamental solutions
  puzzles queens 4 --trace          watch the backtracking search step by step
  puzzles queens 17 --count --json  count at full speed on every core, as JSON
  puzzles queens 1000000000 --first --format array > sol.txt
                                    one solution of a billion-queens board, at once
  puzzles serve                     a web page that steps through the search
  puzzles maxsub 30 -40 20 40       the maximum subarray: sum 60, from index 2 to 3
  puzzles sudoku --file puzzles.txt solve one Sudoku per line, in order (-j K: on K threads)
  puzzles exact-cover problem.txt   solve an exact cover problem with dancing links
  puzzles crossword grid.txt        fill a crossword grid (--words FILE for your own list)

Exit status: 0 an answer, 1 no solution exists, 2 bad input or usage, 130 interrupted."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// N queens on an N×N board: list, count, find one, fundamental solutions, trace.
    Queens(QueensArgs),
    /// A local web page that steps through the search: board, conflicts, counters.
    #[cfg(feature = "serve")]
    Serve(crate::serve::ServeArgs),
    /// Maximum subarray: the run with the largest sum, its variants, files streamed.
    Maxsub(MaxsubArgs),
    /// Exact cover with dancing links: solve a problem file (items and options).
    ExactCover(ExactCoverArgs),
    /// Sudoku (4×4 to 25×25): solve, count solutions, draw, trace; files on several threads.
    Sudoku(SudokuArgs),
    /// Crosswords: fill a grid from a word list, list or count fills, trace the search.
    Crossword(CrosswordArgs),
    /// Sum the part files of `puzzles queens N --count --shard I/K` (every shard exactly once).
    Merge(MergeArgs),
    /// A completion script for bash, zsh, fish, PowerShell or Elvish.
    Completions(CompletionsArgs),
    /// The man page, as roff: `puzzles man | man -l -`.
    Man(ManArgs),
}
