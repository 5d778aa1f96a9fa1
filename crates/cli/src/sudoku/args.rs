//! The arguments of `puzzles sudoku` (clap). A leaf: the other files of the
//! command read these, nothing here calls them.

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use puzzles::sudoku::Alphabet;
use puzzles::sudoku::batch::Task;
use puzzles::threads::parse_threads;

#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  puzzles sudoku 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
  puzzles sudoku --format grid PUZZLE        the solved grid, givens in [brackets]
  puzzles sudoku --count PUZZLE              0, 1 or \"2 or more\" solutions
  puzzles sudoku --file puzzles.txt          one solution line per puzzle line
  puzzles sudoku --file puzzles.txt --threads 2
  cat puzzles.txt | puzzles sudoku --count   the same, reading standard input
  puzzles sudoku --trace PUZZLE              every placement, conflict and backtrack

A puzzle lists its cells row by row: 81 characters for 9×9 (16, 256 and 625
for 4×4, 16×16 and 25×25), '.' or '0' for an empty cell; spaces, tabs and line breaks are
ignored, so a grid typed over several lines works too. Digits are 1-9, then
letters: 1-9 and A-G for 16×16, 1-9 and A-P for 25×25 (--alphabet zero-based
reads and writes 0-9 and A-F for 16×16 instead, '.' being the only empty mark).

A file holds one puzzle per line; blank lines and lines starting with '#' are
skipped; a line longer than 64 KiB is answered 'invalid' (unless a comment). Each puzzle gets one answer, in input order: its solution, 'no
solution', or with --count its number of solutions. A line that is not a
valid puzzle (wrong length, a bad character, givens that clash) is answered
'invalid' and explained on standard error with its line number; the run goes
on. Exit status: 2 if any line was invalid, else 1 if any puzzle had no
solution, else 0.")]
pub struct SudokuArgs {
    /// The puzzle; without it, or with '-', puzzles are read one per line
    /// from --file or standard input.
    #[arg(value_name = "PUZZLE", conflicts_with = "file")]
    pub puzzle: Option<String>,

    /// Read puzzles from this file, one per line ('-' for standard input).
    #[arg(long, value_name = "FILE")]
    pub file: Option<PathBuf>,

    /// Print the number of solutions of each puzzle instead: 0, 1 or
    /// "2 or more" (the search stops at the second).
    #[arg(short, long)]
    pub count: bool,

    /// How to print each answer.
    #[arg(short, long, value_enum, default_value_t = Format::Line)]
    pub format: Format,

    /// Solve a file on K threads; answers keep the input order (input is
    /// read in chunks of lines, on any number of threads, except from a
    /// terminal or when the answers go to one).
    #[arg(allow_negative_numbers = true, short = 'j', long, value_name = "K", default_value_t = 1, value_parser = parse_threads, conflicts_with = "trace")]
    pub threads: usize,

    /// How digits are written: standard (1-9, then A, B, …) or zero-based
    /// (0-9, then A, B, …; 0-F for 16×16).
    #[arg(long, value_enum, default_value_t = AlphabetArg::Standard)]
    pub alphabet: AlphabetArg,

    /// Print the search of PUZZLE step by step: placements (guesses and the
    /// digits they force), conflicts, removals, backtracks and solutions,
    /// then the counters (text, or JSON lines with --format json). This is
    /// the general solver's search; 9×9 puzzles are solved and counted by
    /// the band engine, which finds the same solutions another way.
    // `file` named too: clap drops the requirement of `puzzle` when an
    // argument that conflicts with it is given, which would ignore --trace.
    #[arg(long, requires = "puzzle", conflicts_with_all = ["count", "file"])]
    pub trace: bool,

    /// With --trace: stop at the first solution.
    #[arg(long, requires = "trace", conflicts_with_all = ["count", "file"])]
    pub first: bool,
}

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// One line per puzzle: the solution on one line (81 characters for 9×9).
    Line,
    /// The grid with box borders, given digits in [brackets].
    Grid,
    /// One JSON object per puzzle: line, puzzle and solution (or solutions).
    Json,
}

/// The digit alphabets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum AlphabetArg {
    /// 1-9, then A, B, …; '.' or '0' for an empty cell.
    Standard,
    /// 0-9, then A, B, …; '.' for an empty cell.
    ZeroBased,
}

impl From<AlphabetArg> for Alphabet {
    fn from(alphabet: AlphabetArg) -> Alphabet {
        match alphabet {
            AlphabetArg::Standard => Alphabet::Standard,
            AlphabetArg::ZeroBased => Alphabet::ZeroBased,
        }
    }
}

impl SudokuArgs {
    /// What each puzzle asks: its solution, or its number of solutions.
    pub(super) fn task(&self) -> Task {
        if self.count {
            Task::Count { limit: 2 }
        } else {
            Task::Solve
        }
    }
}
