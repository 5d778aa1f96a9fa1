//! The arguments of `puzzles maxsub` (clap). A leaf: the input, the printer
//! and the dispatch read these, nothing here calls them.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  puzzles maxsub 30 -40 20 40               sum 60, start 2, end 3, elements 20 40
  puzzles maxsub 30 -40 20 40 --format json {\"sum\":60,\"start\":2,\"end\":3,\"len\":2}
  puzzles maxsub --file data.txt            numbers from a file, read in one pass
  seq -5 5 | puzzles maxsub                 numbers from standard input (or `-`)
  puzzles maxsub -30 -40 -20 -40            all negative: the largest element, -20
  puzzles maxsub --allow-empty -3 -1        the empty subarray, sum 0
  puzzles maxsub --float 1.5 -4 2.25 2      decimal numbers
  puzzles maxsub --circular 5 -3 5          may wrap round: sum 10, start 2, end 0
  puzzles maxsub --min-len 3 4 -1 -1 5      runs of at least 3 elements
  puzzles maxsub --top 3 4 -9 3 3 -9 5      the 3 best disjoint runs, greedily
  puzzles maxsub --2d -- '1 -2 3' '-4 5 6'  a matrix, one row per argument or line

Numbers are separated by whitespace or commas; `#` starts a comment that runs
to the end of the line. An argument that starts with `-` but is not a single
number (a row such as '-4 5 6') must come after `--`.

Indices are 0-based and inclusive. Among runs with the largest sum the answer
is the one that starts first, then ends first (on the circle: starts first,
then is shortest; with --2d: the smallest top, left, bottom, right). Integers
are 64-bit and sums are exact (128-bit).

--top picks greedily: the best run, then the best run disjoint from it, and
so on (fewer than K when the elements run out). --circular, --min-len and
--max-len, --top and --2d exclude one another; --float works with all of
them, --algorithm parallel with plain runs and --2d. When no run is as long
as --min-len asks, the command says so and exits with status 1.")]
pub struct MaxsubArgs {
    /// The numbers (with --2d, one matrix row per argument). Without numbers
    /// and without --file, or with `-`, they are read from standard input.
    #[arg(value_name = "NUMBER", allow_negative_numbers = true)]
    pub numbers: Vec<String>,

    /// Read the numbers from FILE (with --2d, one matrix row per line).
    #[arg(long, value_name = "FILE", conflicts_with = "numbers")]
    pub file: Option<PathBuf>,

    /// How to print the answer.
    #[arg(short, long, value_enum, default_value_t = Format::Text)]
    pub format: Format,

    /// The method; every method gives the same sum and indices.
    #[arg(short, long, value_enum, default_value_t = Method::Kadane)]
    pub algorithm: Method,

    /// Allow the empty subarray (sum 0): the answer when every element is
    /// negative.
    #[arg(long, conflicts_with_all = ["min_len", "top"])]
    pub allow_empty: bool,

    /// Read decimal numbers (64-bit floats) instead of integers; NaN and
    /// infinities are refused.
    #[arg(long)]
    pub float: bool,

    /// Let the run wrap from the last element round to the first.
    #[arg(long, conflicts_with_all = ["min_len", "max_len", "top", "two_d"])]
    pub circular: bool,

    /// Only runs of at least L elements.
    #[arg(long, value_name = "L", value_parser = parse_count, conflicts_with_all = ["top", "two_d"])]
    pub min_len: Option<usize>,

    /// Only runs of at most U elements.
    #[arg(long, value_name = "U", value_parser = parse_count, conflicts_with_all = ["top", "two_d"])]
    pub max_len: Option<usize>,

    /// The K best pairwise-disjoint runs, chosen greedily, best first.
    #[arg(long, value_name = "K", value_parser = parse_count, conflicts_with = "two_d")]
    pub top: Option<usize>,

    /// Read a matrix, one row per line (or per argument), and find the
    /// maximum-sum rectangle.
    #[arg(long = "2d", id = "two_d")]
    pub two_d: bool,
}

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Labelled lines: the sum, where the run is, its elements.
    Text,
    /// One JSON object ({"sum":60,"start":2,"end":3,"len":2}); one per
    /// line with --top.
    Json,
}

/// The methods of `--algorithm`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Method {
    /// Try every run: O(n²) (for --2d, every rectangle).
    BruteForce,
    /// One pass, vectorised: O(n); files are streamed in constant memory.
    Kadane,
    /// All cores: files split by byte ranges, numbers in memory by chunks
    /// (standard input is parsed by one thread).
    Parallel,
}

fn parse_count(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(0) => Err("must be at least 1".to_string()),
        Ok(count) => Ok(count),
        Err(_) => Err(format!("must be a positive whole number, got {text:?}")),
    }
}
