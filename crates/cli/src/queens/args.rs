//! The arguments of `puzzles queens` (clap). A leaf beside `values`: the
//! command files read these, nothing here calls them.

use std::path::PathBuf;

use clap::{ArgAction, Args, Subcommand, ValueEnum};
use puzzles::queens::Piece;

use super::values::{
    Shard, parse_board_size, parse_limit, parse_sample_size, parse_shard, parse_square,
};
use puzzles::threads::parse_threads;

/// The options that conflict with `--count`. An option that requires
/// `--count` names them too: clap drops a requirement whose argument
/// conflicts with one given, so `--json --first` would otherwise pass and
/// `--json` be ignored.
const NOT_COUNTING: [&str; 3] = ["first", "limit", "trace"];

#[derive(Debug, Args)]
#[command(
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true,
    after_help = "\
Examples:
  puzzles queens 8                      all 92 solutions, as boards of Q and .
  puzzles queens 4 --format array       [1, 3, 0, 2] and [2, 0, 3, 1]
  puzzles queens 6 --format json        one JSON object per line: n, index, cols
  puzzles queens 4 --format leetcode    the LeetCode answer: a list of lists of strings
  puzzles queens 8 --format unicode     checkered boards with ♛
  puzzles queens 8 --first --format svg     one board as an SVG picture
  puzzles queens 8 --unique --format svg --labels    the 12 classes on one sheet, numbered
  puzzles queens 8 --count              92
  puzzles queens 30 --limit 3           the first three solutions of 30-queens
  puzzles queens 8 --first              the lexicographically first solution
  puzzles queens 1000000000 --first --format array > sol.txt
                                        a billion queens, by construction, in seconds
  puzzles queens verify sol.txt         valid, or the first two queens that attack each other
  puzzles queens 40 --first --lexicographic    the lexicographically first, however long it takes
  puzzles queens 12 --given 0:5,3:1     every completion of the queens given as ROW:COL
  puzzles queens 48 --given-file q.txt --first    one completion (one ROW:COL a line)
  puzzles queens 8 --unique             the 12 fundamental solutions, with class sizes
  puzzles queens 8 --unique --count     12
  puzzles queens 17 --count --checkpoint q17.ckpt
                                        count on every core; rerun to resume after Ctrl-C
  puzzles queens 14 --count --json      total, fundamental count, units, nodes, time as JSON
                                        (from N = 16 to 22 joined by quarter-boards: no fundamental count)
  puzzles queens 20 --count --shard 3/8     count one shard, write queens-20-shard-3-of-8.json;
                                        `puzzles merge queens-20-shard-*-of-8.json` sums them
  puzzles queens 4 --trace              every placement, conflict and backtrack
  puzzles queens 4 --trace --format json    the same events as JSON lines
  puzzles queens 27 --count --sample 20    count 20 random subtrees, project the whole count
  puzzles queens 6 --piece king --count     6 non-attacking kings, one per row and column: 90
  puzzles queens 5 --torus                  queens on a board that wraps around

Solutions are listed in lexicographic order of their cols array (cols[row] is the
column of the queen in row `row`, 0-based). When no solution exists (n = 2, 3) the
command says so and exits with status 1.

Which solution --first prints: the lexicographically first where the search finds it
at once (queens: n <= 29; on a torus n <= 25; superqueens n <= 26, on a torus n <= 23;
rooks and kings up to 64); otherwise an explicit construction (queens: Hoffman, Loessi
and Moore 1969 / Bernhardsson 1991, for every n >= 4; see GUIDE.md for the others),
streamed row by row for any n; otherwise (some superqueen boards up to n = 64) one found by a search
that tries the most constrained row or column first, and past 64 (superqueens such as
n = 70, 72) one found by local repair, up to n = 4194304 (the same n gives the same
board). Superqueens on a torus whose size is divisible by 2 or 3 have no solution (they
would be queens on that torus). --lexicographic always gives the lexicographically
first, which can take minutes to hours from n = 30 on.
With --given, --first prints a completion found by the most-constrained-first search,
and --count counts completions in work units (--threads, --split, --checkpoint).

Beyond n = 64 only --first works; boards are drawn up to n = 1000, so use --format
array (or json) for larger ones."
)]
pub struct QueensArgs {
    /// Board size: N queens on an N×N board (1 to 64 for searching; any size
    /// for --first, but for superqueens on a plain board past 4194304 only N
    /// with a construction: see GUIDE.md).
    #[arg(
        value_name = "N",
        value_parser = parse_board_size,
        allow_negative_numbers = true,
        required = true
    )]
    pub n: Option<u64>,

    /// `verify FILE`: check a claimed solution instead of solving.
    #[command(subcommand)]
    pub command: Option<QueensCommand>,

    /// How to print each solution.
    #[arg(short, long, value_enum, default_value_t = Format::Board)]
    pub format: Format,

    /// Print the number of solutions instead of the solutions.
    #[arg(short, long)]
    pub count: bool,

    /// Print one solution, at once for any N: the lexicographically first
    /// where the search finds it quickly, otherwise an explicit
    /// construction (see below). With --given, one completion.
    #[arg(long, conflicts_with_all = ["count", "limit", "unique"])]
    pub first: bool,

    /// With --first: the lexicographically first solution (or completion),
    /// even where the search for it is slow (minutes to hours for some N
    /// from 30 on; N at most 64).
    #[arg(long, requires = "first", conflicts_with_all = ["count", "limit", "unique"])]
    pub lexicographic: bool,

    /// Queens already on the board, as ROW:COL pairs (0-based, separated by
    /// commas; the option may be repeated): list, count or find the
    /// completions.
    #[arg(
        long,
        value_name = "ROW:COL",
        value_parser = parse_square,
        value_delimiter = ',',
        action = ArgAction::Append,
        // `-1:0` is a bad square, not an unknown option.
        allow_hyphen_values = true,
        conflicts_with = "unique"
    )]
    pub given: Vec<(usize, usize)>,

    /// Read given queens from a file (`-` for standard input): one `ROW:COL`
    /// or `ROW COL` a line, `#` starts a comment.
    #[arg(long, value_name = "FILE", conflicts_with = "unique")]
    pub given_file: Option<PathBuf>,

    /// Fundamental solutions only: one per class under rotation and reflection,
    /// each with the size of its class.
    #[arg(short, long)]
    pub unique: bool,

    /// Stop after K solutions.
    #[arg(allow_negative_numbers = true, short, long, value_name = "K", value_parser = parse_limit, conflicts_with = "count")]
    pub limit: Option<u64>,

    /// Print the search step by step: placements, conflicts, removals,
    /// backtracks and solutions, then the counters (text, or JSON lines with
    /// --format json). With --first, stop at the first solution.
    #[arg(long, conflicts_with_all = ["count", "limit", "unique"])]
    pub trace: bool,

    /// The piece to place, one per row and column (with one per row and
    /// column a bishop attacks exactly as a queen does).
    #[arg(long, value_enum, default_value_t = PieceArg::Queen)]
    pub piece: PieceArg,

    /// Play on a torus: the board wraps around, so diagonals (and a king's or
    /// superqueen's reach) continue on the other side.
    #[arg(long)]
    pub torus: bool,

    /// With --count: count on K threads (default: one per core; one up to N = 12,
    /// for other pieces and the torus up to N = 8).
    #[arg(allow_negative_numbers = true, long, value_name = "K", requires = "count", value_parser = parse_threads,
          conflicts_with_all = NOT_COUNTING)]
    pub threads: Option<usize>,

    /// With --count: record each finished work unit in FILE, and resume from
    /// it when it exists (the same command finishes an interrupted count).
    #[arg(long, value_name = "FILE", requires = "count", conflicts_with_all = NOT_COUNTING)]
    pub checkpoint: Option<std::path::PathBuf>,

    /// With --count: split the count into work units after D rows (default
    /// chosen by N; a checkpoint is tied to it).
    #[arg(allow_negative_numbers = true, long, value_name = "D", requires = "count", conflicts_with_all = NOT_COUNTING)]
    pub split: Option<usize>,

    /// With --count: how to count. Without it: join quarter-boards from
    /// N = 16 to 22, backtrack elsewhere and for --unique; a checkpoint
    /// continues with the method that made it.
    #[arg(
        long,
        value_enum,
        value_name = "METHOD",
        requires = "count",
        conflicts_with_all = NOT_COUNTING
    )]
    pub method: Option<MethodArg>,

    /// With --count: print one JSON object with n, total, unique (when
    /// counted by backtracking), units, elapsed seconds, nodes, split,
    /// threads and resumed units.
    #[arg(long, requires = "count", conflicts_with_all = NOT_COUNTING)]
    pub json: bool,

    /// No progress bar or summary on standard error.
    #[arg(short, long)]
    pub quiet: bool,

    /// With --count: count shard I of K (I from 1 to K: the units whose id
    /// leaves remainder I - 1 when divided by K) and write a part file for
    /// `puzzles merge`.
    #[arg(long, value_name = "I/K", requires = "count",
          conflicts_with_all = ["json", "unique", "first", "limit", "trace"],
          value_parser = parse_shard)]
    pub shard: Option<Shard>,

    /// With --shard: write the part file to FILE (`-`: standard output)
    /// instead of queens-N-shard-I-of-K.json (queens-N-completions-shard-I-of-K.json
    /// with --given).
    #[arg(long, value_name = "FILE", requires = "shard", conflicts_with_all = NOT_COUNTING)]
    pub part: Option<PathBuf>,

    /// With --count: instead of counting everything, count K work units
    /// drawn at random on one thread and project the whole count's nodes,
    /// solutions and core-hours, each with its standard error.
    #[arg(allow_negative_numbers = true, long, value_name = "K", requires = "count", value_parser = parse_sample_size,
          conflicts_with_all = ["checkpoint", "shard", "json", "unique", "threads", "first", "limit",
              "trace"])]
    pub sample: Option<u64>,

    /// With --sample: the seed of the draw (default 1); the same seed draws
    /// the same units on every machine.
    #[arg(allow_negative_numbers = true, long, value_name = "S", requires = "sample", conflicts_with_all = NOT_COUNTING)]
    pub seed: Option<u64>,

    /// With --sample: draw subtrees D rows deep below random units (at
    /// least the split; default N - 17, N - 10 for other boards, so that each takes moments), each
    /// weighted by the choices made on the way down (Knuth's estimator).
    #[arg(allow_negative_numbers = true, long, value_name = "D", requires = "sample", conflicts_with_all = NOT_COUNTING)]
    pub sample_depth: Option<usize>,

    /// Test hook: stop a count as if interrupted once K units are recorded
    /// (from [`crate::interrupt::STOP_AFTER_UNITS`] in the environment).
    #[arg(skip)]
    pub stop_after_units: Option<u64>,

    /// Number the rows and columns of SVG boards (--format svg).
    #[arg(long)]
    pub labels: bool,
}

/// What `puzzles queens` can do besides solving.
#[derive(Debug, Subcommand)]
pub enum QueensCommand {
    /// Check a claimed solution of any size: prints `valid`, or the first two
    /// queens that attack each other (exit status 1).
    Verify(VerifyArgs),
}

/// How `--count` counts classic queens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum MethodArg {
    /// The symmetry-reduced backtracking search (any N; finds fundamental solutions).
    Backtrack,
    /// Join quarter-board placements (N from 4 to 22; total only; the table
    /// takes 11 MiB at N = 17 and 18, 64 MiB at 19 and 20, 552 MiB at 21 and 22).
    Quadrants,
}

/// The pieces `--piece` accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PieceArg {
    /// Attacks along columns and diagonals.
    Queen,
    /// Attacks along columns only.
    Rook,
    /// Attacks the eight neighbouring squares.
    King,
    /// A queen that also moves as a knight.
    Superqueen,
}

impl From<PieceArg> for Piece {
    fn from(piece: PieceArg) -> Piece {
        match piece {
            PieceArg::Queen => Piece::Queen,
            PieceArg::Rook => Piece::Rook,
            PieceArg::King => Piece::King,
            PieceArg::Superqueen => Piece::Superqueen,
        }
    }
}

/// Output formats for solutions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// The board as rows of `Q` and `.`, a blank line between boards.
    Board,
    /// The cols array: `[1, 3, 0, 2]`.
    Array,
    /// One JSON object per line: {"n":4,"index":1,"cols":[1,3,0,2]}.
    Json,
    /// The whole answer as a JSON list of lists of row strings.
    Leetcode,
    /// A checkered board drawn with box-drawing characters and ♛.
    Unicode,
    /// An SVG picture: one board with --first, otherwise a sheet of boards
    /// with captions (at most 1000; --unique captions give class sizes).
    Svg,
}

/// The arguments of `puzzles queens verify`.
#[derive(Debug, Args)]
#[command(after_help = "\
The input is the list of columns, row 0 first (0-based): decimal numbers separated by
whitespace or by commas, optionally between [ and ] — what `puzzles queens N --first
--format array` writes, a line like 1,3,0,2, or one column per line. N is the number
of columns given.

Output: `valid` (exit status 0), or the first two queens that attack each other (exit
status 1): the first row whose queen an earlier one attacks, and the earliest row that
attacks it. A column given twice is an attack along that column. Input that is not
such a list — anything but digits, separators and brackets, a doubled or dangling
comma, an unclosed [, a column of N or more, no columns at all — is an error (exit
status 2) naming the line and column; for a column off the board, the largest one.

A file (or a file redirected to standard input) is checked in one pass with 5 bits per
row; a pipe keeps its columns (4 bytes per row) to name the attacking pair.

Examples:
  puzzles queens 1000000 --first --format array > sol.txt
  puzzles queens verify sol.txt         valid
  echo 0,2,4,1,3 | puzzles queens verify -")]
pub struct VerifyArgs {
    /// The file holding the claimed solution; `-` reads standard input.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
}
