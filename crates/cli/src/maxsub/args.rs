//! The arguments of `puzzles maxsub` (clap). A leaf: the input, the printer
//! and the dispatch read these, nothing here calls them.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{Args, ValueEnum};
use puzzles::subarray::MAX_RUNS;
use puzzles::subarray::parse::Parse;

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

Numbers are separated by whitespace or commas; a `#` where a number could start
begins a comment that runs to the end of the line (`1#c` is no number). An argument that starts with `-` but is not a single
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

    /// Read the numbers from FILE (`-`: standard input; with --2d, one
    /// matrix row per line).
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
    /// infinities are refused. Sums are rounded: where a sum is not exact
    /// in 64 bits, methods that add in another order can differ in its last
    /// digits.
    #[arg(long)]
    pub float: bool,

    /// Let the run wrap from the last element round to the first (streamed:
    /// any number of numbers).
    #[arg(long, conflicts_with_all = ["min_len", "max_len", "top", "two_d"])]
    pub circular: bool,

    /// Only runs of at least L elements.
    #[arg(long, value_name = "L", value_parser = parse_count, conflicts_with_all = ["top", "two_d"])]
    pub min_len: Option<usize>,

    /// Only runs of at most U elements.
    #[arg(long, value_name = "U", value_parser = parse_count, conflicts_with_all = ["top", "two_d"])]
    pub max_len: Option<usize>,

    /// The K best pairwise-disjoint runs, chosen greedily, best first (K at
    /// most 1,048,576).
    #[arg(long, value_name = "K", value_parser = parse_runs, conflicts_with = "two_d")]
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
        Err(err) if *err.kind() == std::num::IntErrorKind::PosOverflow => {
            Err(format!("must be at most {}, got {text:?}", usize::MAX))
        }
        Err(_) => Err(format!("must be a positive whole number, got {text:?}")),
    }
}

/// A count of runs for `--top`: from 1 to [`MAX_RUNS`].
fn parse_runs(text: &str) -> Result<usize, String> {
    let too_many = || format!("must be at most {MAX_RUNS}, got {text:?}");
    match text.trim().parse::<usize>() {
        Err(err) if *err.kind() == std::num::IntErrorKind::PosOverflow => Err(too_many()),
        _ => match parse_count(text)? {
            runs if runs > MAX_RUNS => Err(too_many()),
            runs => Ok(runs),
        },
    }
}

/// The command line with `maxsub`'s numbers moved after a `--` when one of
/// them starts with `-` in a form that clap takes for an option: its rule
/// for negative numbers knows digits, one dot and a bare `e`, so `-.5`,
/// `-1e-3` and `-1.5E+3` would be refused as unknown options. Any other
/// command line is handed on as it is.
///
/// ```text
/// puzzles maxsub --float -.5 2 -f json  ->  puzzles maxsub --float -f json -- -.5 2
/// ```
pub fn numbers_after_dashes(args: Vec<OsString>) -> Vec<OsString> {
    if args.get(1).is_none_or(|command| command != "maxsub") {
        return args;
    }
    let maxsub = MaxsubArgs::augment_args(clap::Command::new("maxsub"));
    let takes_value = |matches: &dyn Fn(&clap::Arg) -> bool| {
        maxsub
            .get_arguments()
            .any(|arg| matches(arg) && arg.get_action().takes_values())
    };
    let (mut options, mut numbers) = (Vec::new(), Vec::new());
    let mut shield = false;
    let mut rest = args[2..].iter();
    while let Some(arg) = rest.next() {
        let Some(text) = arg.to_str() else {
            // Not text: clap says so.
            return args;
        };
        if text == "--" {
            numbers.extend(rest.by_ref().cloned());
            break;
        }
        let value_follows = if let Some(long) = text.strip_prefix("--") {
            !long.contains('=') && takes_value(&|arg| arg.get_long() == Some(long))
        } else if text.len() > 1 && text.starts_with('-') {
            if is_one_number(text) {
                shield |= !clap_reads_as_number(&text[1..]);
                numbers.push(arg.clone());
                continue;
            }
            let mut letters = text[1..].chars();
            match (letters.next(), letters.next()) {
                (Some(short), None) => takes_value(&|arg| arg.get_short() == Some(short)),
                _ => false,
            }
        } else {
            numbers.push(arg.clone());
            continue;
        };
        options.push(arg.clone());
        if value_follows && let Some(value) = rest.next() {
            options.push(value.clone());
        }
    }
    if !shield {
        return args;
    }
    let mut moved = args[..2].to_vec();
    moved.extend(options);
    moved.push("--".into());
    moved.extend(numbers);
    moved
}

/// One number as `maxsub` reads it, an integer or a decimal.
fn is_one_number(text: &str) -> bool {
    i64::parse_token(text.as_bytes()).is_ok() || f64::parse_token(text.as_bytes()).is_ok()
}

/// Whether clap, told to allow negative numbers, takes `-` and `digits` for
/// one: digits, at most one dot after the first, at most one `e` after the
/// first and not last.
fn clap_reads_as_number(digits: &str) -> bool {
    let bytes = digits.as_bytes();
    let mut dot = false;
    let mut exponent = None;
    for (i, &byte) in bytes.iter().enumerate() {
        match byte {
            b'0'..=b'9' => {}
            b'.' if !dot && exponent.is_none() && i > 0 => dot = true,
            b'e' if exponent.is_none() && i > 0 => exponent = Some(i),
            _ => return false,
        }
    }
    exponent.is_none_or(|i| i + 1 < bytes.len())
}
