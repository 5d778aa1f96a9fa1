//! The arguments of `puzzles crossword` (clap). A leaf: the other files of
//! the command read these, nothing here calls them.

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use puzzles::threads::parse_threads;

#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  puzzles crossword examples/crossword/5x5.txt             fill a grid with the English list
  puzzles crossword GRID --words /usr/share/dict/words     with another list
  puzzles crossword GRID --entries                         the grid, then the numbered answers
  puzzles crossword GRID --format ipuz > filled.ipuz       for crossword software
  puzzles crossword GRID --limit 3                         three different fills
  puzzles crossword GRID --seed 7                          another fill of the same grid
  puzzles crossword GRID --count --limit 1000              count fills, stopping at 1000
  puzzles crossword GRID --count --threads 1               count on one thread
  puzzles crossword GRID --count --checkpoint c.ckpt       a long count that resumes
  puzzles crossword GRID --trace                           every choice, conflict and backtrack

A grid has one row per line: '#' a block, '.' an empty square, A-Z a pre-set
letter (a-z is folded to it); lines starting with '%' are comments. At most
64×64. Every run of two or more white squares, across or down, takes a word
of the list; crossing words agree, no word is used twice.

A word list has one word per line, optionally followed by ';' and an integer
score (constructors' scored lists); case is folded; blank lines and '#'
comments are passed over; lines that are not words of letters A-Z (or longer
than 64, the longest slot) are skipped and counted; at most 4,194,304 words.
Words are tried best score first. Without --words, the English list shipped
with puzzles (SCOWL via Debian's wamerican, 63,849 words) is used.

Exit status: 0 a fill (or a count above 0), 1 no fill exists, 2 a bad grid,
list or option, 130 interrupted (Ctrl-C).")]
pub struct CrosswordArgs {
    /// The grid file ('-' for standard input).
    #[arg(value_name = "GRID")]
    pub grid: PathBuf,

    /// The word list ('-' for standard input; default: the shipped English list).
    #[arg(short, long, value_name = "FILE")]
    pub words: Option<PathBuf>,

    /// After each grid, list the numbered across and down answers (text).
    #[arg(short, long, conflicts_with_all = ["count", "trace"])]
    pub entries: bool,

    /// How to print each fill.
    #[arg(short, long, value_enum, default_value_t = Format::Text)]
    pub format: Format,

    /// Print the number of fills instead (all of them, or up to --limit).
    #[arg(short, long)]
    pub count: bool,

    /// List K different fills (with --count: stop counting at K).
    #[arg(allow_negative_numbers = true, short, long, value_name = "K", value_parser = crate::numbers::parse_limit)]
    pub limit: Option<u64>,

    /// Order words of equal score by this seed, for another fill.
    #[arg(allow_negative_numbers = true, short, long, value_name = "S")]
    pub seed: Option<u64>,

    /// Count on K threads, and look for one fill of a grid without blocks
    /// on K threads once its row-by-row search takes over (default: one per
    /// core); the same count and the same fill as one thread. With K of 2 or
    /// more, a plain search beside the restarts for one fill may prove
    /// sooner that no fill exists.
    #[arg(allow_negative_numbers = true, long, value_name = "K", value_parser = parse_threads, conflicts_with = "trace")]
    pub threads: Option<usize>,

    /// With --count: record each finished part of the count in FILE, and
    /// resume from it: the same command after Ctrl-C or a crash goes on
    /// where it stopped (the grid, list, --min-score and --seed must be the
    /// same).
    #[arg(long, value_name = "FILE", requires = "count", conflicts_with_all = ["limit", "trace"])]
    pub checkpoint: Option<PathBuf>,

    /// Test hook: stop a count with a checkpoint as if interrupted once K
    /// units are recorded (from [`crate::interrupt::STOP_AFTER_UNITS`] in
    /// the environment).
    #[arg(skip)]
    pub stop_after_units: Option<u64>,

    /// Leave out words scoring below N.
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub min_score: Option<i32>,

    /// Print the search step by step (text, or JSON lines with --format
    /// json): words placed (chosen, or forced by their crossings),
    /// conflicts, removals, backtracks and fills, then the counters. It
    /// stops at the first fill, or after --limit fills, or with --count at
    /// the end of the search. It traces the plain backtracking search (no
    /// restarts, no row-by-row search), which may reach a different first
    /// fill than the command without --trace; it counts the same fills.
    #[arg(long)]
    pub trace: bool,
}

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// The filled grid, '#' for blocks (with --entries, the answers after it).
    Text,
    /// One JSON object per fill: rows, cols, grid, entries.
    Json,
    /// One ipuz crossword (JSON) per fill.
    Ipuz,
}
