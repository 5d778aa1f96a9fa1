//! `puzzles maxsub`: the maximum subarray of numbers from the command line, a
//! file or standard input, and its circular, length-bounded, top-K and 2-D
//! variants.

use std::fmt::Display;
use std::fs::File;
use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::{Context, anyhow, bail};
use clap::{Args, ValueEnum};
use puzzles::subarray::parse::{Parse, read_matrix, read_values};
use puzzles::subarray::stream::{scan, scan_file};
use puzzles::subarray::{
    self, Algorithm, Best, Bounds, CircularBest, Element, Excerpt, Matrix, Rect, SubarrayError,
    Sum, SyntaxErrorKind, brute,
};
use serde::Serialize;

use crate::outcome::Outcome;

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

/// Where the numbers come from.
enum Input {
    /// Command-line arguments, each a line of text.
    Args(Vec<String>),
    File(PathBuf),
    Stdin,
}

impl Input {
    fn of(args: &MaxsubArgs) -> Input {
        match (&args.file, args.numbers.as_slice()) {
            (Some(path), _) => Input::File(path.clone()),
            (None, []) => Input::Stdin,
            (None, [dash]) if dash == "-" => Input::Stdin,
            (None, numbers) => Input::Args(numbers.to_vec()),
        }
    }

    /// Where an error at `line` (and `column`) is, in the user's terms.
    fn locate(&self, line: u64, column: u64) -> String {
        match self {
            Input::Args(_) if column == 1 => format!("argument {line}"),
            Input::Args(_) => format!("argument {line}, column {column}"),
            Input::File(path) => format!("{}: line {line}, column {column}", path.display()),
            Input::Stdin => format!("standard input: line {line}, column {column}"),
        }
    }

    fn name(&self) -> String {
        match self {
            Input::Args(_) => "the arguments".to_string(),
            Input::File(path) => path.display().to_string(),
            Input::Stdin => "standard input".to_string(),
        }
    }

    /// A library error as the user should read it.
    fn explain(&self, err: SubarrayError) -> anyhow::Error {
        match err {
            SubarrayError::Syntax(syntax) => {
                let message = syntax.to_string();
                let what = message
                    .split_once(": ")
                    .map_or(&message[..], |(_, what)| what);
                let hint = if syntax.kind == SyntaxErrorKind::Decimal {
                    "; use --float to read decimal numbers"
                } else {
                    ""
                };
                anyhow!(
                    "{}: {what}{hint}",
                    self.locate(syntax.position.line, syntax.position.column)
                )
            }
            SubarrayError::RaggedRow { line, column, .. } => {
                let message = err.to_string();
                let what = message
                    .split_once(": ")
                    .map_or(&message[..], |(_, what)| what);
                let what = match self {
                    Input::Args(_) => what.replace("(line ", "(argument "),
                    _ => what.to_string(),
                };
                anyhow!("{}: {what}", self.locate(line, column))
            }
            SubarrayError::EmptyInput => anyhow!("no numbers in {}", self.name()),
            SubarrayError::Io(io) => anyhow!("cannot read {}: {io}", self.name()),
            other => anyhow!(other),
        }
    }

    /// Every number, in memory.
    fn values<T: Parse>(&self) -> anyhow::Result<Vec<T>> {
        let read = match self {
            Input::Args(args) => read_values(args.join("\n").as_bytes()),
            Input::File(path) => read_values(open(path)?),
            Input::Stdin => read_values(io::stdin().lock()),
        };
        let values = read.map_err(|err| self.explain(err))?;
        if values.is_empty() {
            return Err(self.explain(SubarrayError::EmptyInput));
        }
        Ok(values)
    }

    /// The matrix, one row per line.
    fn matrix<T: Parse>(&self) -> anyhow::Result<Matrix<T>> {
        let read = match self {
            Input::Args(args) => read_matrix(args.join("\n").as_bytes()),
            Input::File(path) => read_matrix(open(path)?),
            Input::Stdin => read_matrix(io::stdin().lock()),
        };
        read.map_err(|err| self.explain(err))
    }
}

fn open(path: &PathBuf) -> anyhow::Result<File> {
    File::open(path).with_context(|| format!("cannot open {}", path.display()))
}

pub fn run(args: MaxsubArgs, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    let variant = if args.circular {
        Some("--circular")
    } else if args.min_len.is_some() || args.max_len.is_some() {
        Some("--min-len/--max-len")
    } else if args.top.is_some() {
        Some("--top")
    } else {
        None
    };
    if let (Method::Parallel, Some(variant)) = (args.algorithm, variant) {
        bail!("--algorithm parallel is not available with {variant} (use kadane or brute-force)");
    }
    if let (Some(min_len), Some(max_len)) = (args.min_len, args.max_len)
        && min_len > max_len
    {
        bail!("--min-len {min_len} is greater than --max-len {max_len}");
    }
    if let Input::Stdin = Input::of(&args) {
        crate::reading_from_a_terminal("numbers");
    }
    if args.float {
        solve::<f64>(&args, out)
    } else {
        solve::<i64>(&args, out)
    }
}

fn solve<T: Parse>(args: &MaxsubArgs, out: &mut dyn Write) -> anyhow::Result<Outcome>
where
    T::Sum: Serialize,
{
    let input = Input::of(args);
    let printer = Printer {
        format: args.format,
        allow_empty: args.allow_empty,
    };
    if args.two_d {
        let matrix = input.matrix::<T>()?;
        let found = match args.algorithm {
            Method::BruteForce => brute::rect(&matrix),
            Method::Kadane => subarray::rect(&matrix),
            Method::Parallel => subarray::rect_parallel(&matrix),
        }
        .map_err(|err| input.explain(err))?;
        printer.rect(out, &matrix, found)?;
        return Ok(Outcome::Answer);
    }
    if args.circular {
        let values = input.values::<T>()?;
        let found = match args.algorithm {
            Method::BruteForce => brute::circular(&values),
            _ => subarray::circular(&values),
        }
        .map_err(|err| input.explain(err))?;
        let elements: Vec<T> = found.indices().map(|i| values[i]).collect();
        printer.circular(out, found, &Excerpt::of(&elements))?;
        return Ok(Outcome::Answer);
    }
    if let Some(k) = args.top {
        let values = input.values::<T>()?;
        let found = match args.algorithm {
            Method::BruteForce => brute::top_k(&values, k),
            _ => subarray::top_k(&values, k),
        }
        .map_err(|err| input.explain(err))?;
        printer.top(out, &values, &found)?;
        return Ok(Outcome::Answer);
    }
    if args.min_len.is_some() || args.max_len.is_some() {
        let bounds = Bounds::new(
            args.min_len.unwrap_or(1),
            args.max_len.unwrap_or(usize::MAX),
        )?;
        let values = input.values::<T>()?;
        let found = match args.algorithm {
            Method::BruteForce => brute::bounded(&values, bounds).map(|found| {
                found.ok_or(SubarrayError::TooShort {
                    min_len: bounds.min_len(),
                    len: values.len(),
                })
            }),
            _ => Ok(subarray::bounded(&values, bounds)),
        }
        .map_err(|err| input.explain(err))?;
        return match found {
            Ok(best) => {
                printer.best(out, best, &Excerpt::of(&values[best.range()]))?;
                Ok(Outcome::Answer)
            }
            Err(SubarrayError::TooShort { min_len, len }) => {
                if args.format == Format::Text {
                    writeln!(
                        out,
                        "no run of at least {min_len} numbers: the input has only {len}"
                    )?;
                }
                Ok(Outcome::NoSolution)
            }
            Err(err) => Err(input.explain(err)),
        };
    }
    let (best, elements) = match (&input, args.algorithm) {
        // Files and standard input are parsed and scanned in one pass, in
        // constant memory.
        (Input::File(path), Method::Parallel) => {
            let scanned = scan_file::<T>(path).map_err(|err| match err {
                SubarrayError::Io(io) if !path.exists() => {
                    anyhow!("cannot open {}: {io}", path.display())
                }
                err => input.explain(err),
            })?;
            (scanned.best, scanned.elements)
        }
        (Input::File(path), Method::Kadane) => {
            let scanned = scan::<T, _>(open(path)?).map_err(|err| input.explain(err))?;
            (scanned.best, scanned.elements)
        }
        (Input::Stdin, Method::Kadane | Method::Parallel) => {
            let scanned = scan::<T, _>(io::stdin().lock()).map_err(|err| input.explain(err))?;
            (scanned.best, scanned.elements)
        }
        (_, method) => {
            let values = input.values::<T>()?;
            let algorithm = match method {
                Method::BruteForce => Algorithm::BruteForce,
                Method::Kadane => Algorithm::Kadane,
                Method::Parallel => Algorithm::Parallel,
            };
            let best =
                subarray::max_subarray(&values, algorithm).map_err(|err| input.explain(err))?;
            (best, Excerpt::of(&values[best.range()]))
        }
    };
    printer.best(out, best, &elements)?;
    Ok(Outcome::Answer)
}

/// Writes answers in the chosen format.
struct Printer {
    format: Format,
    allow_empty: bool,
}

/// The JSON of a linear run; `null` positions for the empty subarray.
#[derive(Serialize)]
struct RunJson<S> {
    sum: S,
    start: Option<usize>,
    end: Option<usize>,
    len: usize,
}

#[derive(Serialize)]
struct CircularJson<S> {
    sum: S,
    start: Option<usize>,
    end: Option<usize>,
    len: usize,
    wraps: bool,
}

#[derive(Serialize)]
struct RankedJson<S> {
    rank: usize,
    sum: S,
    start: usize,
    end: usize,
    len: usize,
}

#[derive(Serialize)]
struct RectJson<S> {
    sum: S,
    top: Option<usize>,
    left: Option<usize>,
    bottom: Option<usize>,
    right: Option<usize>,
    rows: usize,
    cols: usize,
}

/// The largest rectangle printed cell by cell.
const SHOWN_CELLS: usize = 400;

impl Printer {
    /// Whether the empty subarray replaces an answer with sum `sum`.
    fn empty_wins<S: Sum>(&self, sum: S) -> bool {
        self.allow_empty && sum < S::ZERO
    }

    fn json(&self, out: &mut dyn Write, value: &impl Serialize) -> anyhow::Result<()> {
        serde_json::to_writer(&mut *out, value)?;
        writeln!(out)?;
        Ok(())
    }

    fn best<T: Element>(
        &self,
        out: &mut dyn Write,
        best: Best<T::Sum>,
        elements: &Excerpt<T>,
    ) -> anyhow::Result<()>
    where
        T::Sum: Serialize,
    {
        if self.empty_wins(best.sum) {
            return self.empty(out);
        }
        let sum = best.sum.normalized();
        match self.format {
            Format::Json => self.json(
                out,
                &RunJson {
                    sum,
                    start: Some(best.start),
                    end: Some(best.end),
                    len: best.len(),
                },
            ),
            Format::Text => {
                writeln!(out, "sum: {sum}")?;
                writeln!(out, "start: {}", best.start)?;
                writeln!(out, "end: {}", best.end)?;
                writeln!(out, "len: {}", best.len())?;
                writeln!(out, "elements: {}", show(elements))?;
                Ok(())
            }
        }
    }

    fn empty(&self, out: &mut dyn Write) -> anyhow::Result<()> {
        match self.format {
            Format::Json => self.json(
                out,
                &RunJson {
                    sum: 0,
                    start: None,
                    end: None,
                    len: 0,
                },
            ),
            Format::Text => {
                writeln!(out, "sum: 0")?;
                writeln!(out, "start: none")?;
                writeln!(out, "end: none")?;
                writeln!(out, "len: 0")?;
                writeln!(
                    out,
                    "elements: none (the empty subarray: every element is negative)"
                )?;
                Ok(())
            }
        }
    }

    fn circular<T: Element>(
        &self,
        out: &mut dyn Write,
        best: CircularBest<T::Sum>,
        elements: &Excerpt<T>,
    ) -> anyhow::Result<()>
    where
        T::Sum: Serialize,
    {
        let empty = self.empty_wins(best.sum);
        let sum = if empty {
            T::Sum::ZERO
        } else {
            best.sum.normalized()
        };
        match self.format {
            Format::Json => self.json(
                out,
                &CircularJson {
                    sum,
                    start: (!empty).then_some(best.start),
                    end: (!empty).then_some(best.end),
                    len: if empty { 0 } else { best.len },
                    wraps: !empty && best.wraps(),
                },
            ),
            Format::Text if empty => self.empty(out),
            Format::Text => {
                writeln!(out, "sum: {sum}")?;
                writeln!(out, "start: {}", best.start)?;
                writeln!(out, "end: {}", best.end)?;
                writeln!(out, "len: {}", best.len)?;
                if best.wraps() {
                    writeln!(
                        out,
                        "wraps: yes (indices {}..={} then 0..={})",
                        best.start,
                        best.n - 1,
                        best.end
                    )?;
                } else {
                    writeln!(out, "wraps: no")?;
                }
                writeln!(out, "elements: {}", show(elements))?;
                Ok(())
            }
        }
    }

    fn top<T: Element>(
        &self,
        out: &mut dyn Write,
        values: &[T],
        found: &[Best<T::Sum>],
    ) -> anyhow::Result<()>
    where
        T::Sum: Serialize,
    {
        if self.format == Format::Json {
            for (index, best) in found.iter().enumerate() {
                let ranked = RankedJson {
                    rank: index + 1,
                    sum: best.sum.normalized(),
                    start: best.start,
                    end: best.end,
                    len: best.len(),
                };
                self.json(out, &ranked)?;
            }
            return Ok(());
        }
        let mut rows = vec![["rank", "sum", "start", "end", "len", "elements"].map(String::from)];
        for (index, best) in found.iter().enumerate() {
            rows.push([
                (index + 1).to_string(),
                best.sum.normalized().to_string(),
                best.start.to_string(),
                best.end.to_string(),
                best.len().to_string(),
                show(&Excerpt::of(&values[best.range()])),
            ]);
        }
        let mut widths = [0; 5];
        for row in &rows {
            for (width, cell) in widths.iter_mut().zip(row) {
                *width = (*width).max(cell.chars().count());
            }
        }
        for row in rows {
            let mut line = String::new();
            for (width, cell) in widths.iter().zip(&row) {
                line.push_str(&format!("{cell:>width$}  "));
            }
            line.push_str(&row[5]);
            writeln!(out, "{line}")?;
        }
        Ok(())
    }

    fn rect<T: Element>(
        &self,
        out: &mut dyn Write,
        matrix: &Matrix<T>,
        found: Rect<T::Sum>,
    ) -> anyhow::Result<()>
    where
        T::Sum: Serialize,
    {
        let empty = self.empty_wins(found.sum);
        let sum = if empty {
            T::Sum::ZERO
        } else {
            found.sum.normalized()
        };
        let place = |value: usize| (!empty).then_some(value);
        match self.format {
            Format::Json => self.json(
                out,
                &RectJson {
                    sum,
                    top: place(found.top),
                    left: place(found.left),
                    bottom: place(found.bottom),
                    right: place(found.right),
                    rows: if empty { 0 } else { found.height() },
                    cols: if empty { 0 } else { found.width() },
                },
            ),
            Format::Text if empty => {
                writeln!(out, "sum: 0")?;
                writeln!(
                    out,
                    "rectangle: none (the empty rectangle: every element is negative)"
                )?;
                Ok(())
            }
            Format::Text => {
                writeln!(out, "sum: {sum}")?;
                writeln!(out, "top: {}", found.top)?;
                writeln!(out, "left: {}", found.left)?;
                writeln!(out, "bottom: {}", found.bottom)?;
                writeln!(out, "right: {}", found.right)?;
                writeln!(out, "size: {} × {}", found.height(), found.width())?;
                if found.height() * found.width() > SHOWN_CELLS {
                    writeln!(out, "rectangle: too large to show")?;
                    return Ok(());
                }
                writeln!(out, "rectangle:")?;
                let cells: Vec<Vec<String>> = (found.top..=found.bottom)
                    .map(|row| {
                        (found.left..=found.right)
                            .map(|col| matrix.get(row, col).to_string())
                            .collect()
                    })
                    .collect();
                let width = cells.iter().flatten().map(String::len).max().unwrap_or(1);
                for row in cells {
                    let row: Vec<String> =
                        row.iter().map(|cell| format!("{cell:>width$}")).collect();
                    writeln!(out, "  {}", row.join(" "))?;
                }
                Ok(())
            }
        }
    }
}

/// The elements of a run: all of them, or the first and last few around a
/// count of those left out.
fn show<T: Display + Copy + Default>(excerpt: &Excerpt<T>) -> String {
    let join = |values: &[T]| {
        values
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    };
    if excerpt.omitted() == 0 {
        let all = [excerpt.first(), excerpt.last()].concat();
        join(&all)
    } else {
        format!(
            "{} … ({} more) … {}",
            join(excerpt.first()),
            excerpt.omitted(),
            join(excerpt.last())
        )
    }
}
