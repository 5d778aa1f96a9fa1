//! `puzzles queens`: list, count, find, classify and trace N-Queens
//! solutions.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, bail};
use clap::{ArgAction, Args, Subcommand, ValueEnum};
use puzzles::queens::svg::{self, SheetEntry, SvgOptions};
use puzzles::queens::{Board, Completion, Fundamental, Piece, Rules, Solution, render};
use puzzles::trace::{Action, Event, TraceMode};
use serde::Serialize;

use crate::Outcome;
use crate::queens_verify::VerifyArgs;

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
  puzzles queens 20 --count --shard 3/8     count one shard, write queens-20-shard-3-of-8.json;
                                        `puzzles merge queens-20-shard-*-of-8.json` sums them
  puzzles queens 4 --trace              every placement, conflict and backtrack
  puzzles queens 4 --trace --format json    the same events as JSON lines
  puzzles queens 6 --piece king --count     6 non-attacking kings, one per row and column: 90
  puzzles queens 5 --torus                  queens on a board that wraps around

Solutions are listed in lexicographic order of their cols array (cols[row] is the
column of the queen in row `row`, 0-based). When no solution exists (n = 2, 3) the
command says so and exits with status 1.

Which solution --first prints: the lexicographically first where the search finds it
at once (queens: n <= 29; on a torus n <= 25; superqueens n <= 26; rooks and kings up
to 64); otherwise an explicit construction (queens: Hoffman, Loessi and Moore 1969 /
Bernhardsson 1991, for every n >= 4; see the README for the others), streamed row by
row for any n; otherwise (some superqueen boards) one found by a search that tries the
most constrained row or column first — fast, except for superqueens on a torus whose
size is divisible by 2 or 3, which may have no solution at all. --lexicographic always
gives the lexicographically first, which can take minutes to hours from n = 30 on.
With --given, --first prints a completion found by the most-constrained-first search.

Beyond n = 64 only --first works; boards are drawn up to n = 1000, so use --format
array (or json) for larger ones."
)]
pub struct QueensArgs {
    /// Board size: N queens on an N×N board (1 to 64 for searching; any size
    /// for --first).
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
    #[arg(long, requires = "first")]
    pub lexicographic: bool,

    /// Queens already on the board, as ROW:COL pairs (0-based, separated by
    /// commas; the option may be repeated): list, count or find the
    /// completions.
    #[arg(
        long,
        value_name = "ROW:COL",
        value_parser = crate::queens_given::parse_square,
        value_delimiter = ',',
        action = ArgAction::Append,
        conflicts_with = "unique"
    )]
    pub given: Vec<(usize, usize)>,

    /// Read given queens from a file: one `ROW:COL` or `ROW COL` a line,
    /// `#` starts a comment.
    #[arg(long, value_name = "FILE", conflicts_with = "unique")]
    pub given_file: Option<PathBuf>,

    /// Fundamental solutions only: one per class under rotation and reflection,
    /// each with the size of its class.
    #[arg(short, long)]
    pub unique: bool,

    /// Stop after K solutions.
    #[arg(short, long, value_name = "K", value_parser = parse_limit, conflicts_with = "count")]
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
    /// knight's reach) continue on the other side.
    #[arg(long)]
    pub torus: bool,

    /// With --count: count on K threads (default: one per core).
    #[arg(long, value_name = "K", requires = "count", value_parser = crate::count::parse_threads)]
    pub threads: Option<usize>,

    /// With --count: record each finished work unit in FILE, and resume from
    /// it when it exists (the same command finishes an interrupted count).
    #[arg(long, value_name = "FILE", requires = "count")]
    pub checkpoint: Option<std::path::PathBuf>,

    /// With --count: split the count into work units after D rows (default
    /// chosen by N; a checkpoint is tied to it).
    #[arg(long, value_name = "D", requires = "count")]
    pub split: Option<usize>,

    /// With --count: print one JSON object with n, total, unique, units,
    /// elapsed seconds and nodes.
    #[arg(long, requires = "count")]
    pub json: bool,

    /// No progress bar or summary on standard error.
    #[arg(short, long)]
    pub quiet: bool,

    /// With --count: count shard I of K (I from 1 to K: the units whose id
    /// leaves remainder I - 1 when divided by K) and write a part file for
    /// `puzzles merge`.
    #[arg(long, value_name = "I/K", requires = "count", conflicts_with_all = ["json", "unique"],
          value_parser = crate::shard::parse_shard)]
    pub shard: Option<crate::shard::Shard>,

    /// With --shard: write the part file to FILE (`-`: standard output)
    /// instead of queens-N-shard-I-of-K.json.
    #[arg(long, value_name = "FILE", requires = "shard")]
    pub part: Option<PathBuf>,

    /// Test hook: stop as if interrupted once K units are recorded.
    #[arg(long, value_name = "K", hide = true, requires = "count")]
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

/// The most boards one SVG sheet holds: beyond that it is neither readable
/// nor quick to open.
const MAX_SHEET_BOARDS: usize = 1000;

fn parse_board_size(text: &str) -> Result<u64, String> {
    match text.trim().parse::<i128>() {
        Ok(n) if n >= 1 && n <= i128::from(u64::MAX) => Ok(n as u64),
        Ok(n) if n < 1 => Err(format!("the board size must be at least 1, got {n}")),
        Ok(_) => Err(format!("the board size {text} is too large")),
        Err(_) => Err(format!(
            "the board size must be a whole number, got {text:?}"
        )),
    }
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

pub fn run(args: QueensArgs, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    if let Some(QueensCommand::Verify(verify)) = args.command {
        return crate::queens_verify::run(verify, out);
    }
    let n = args.n.context("the board size N is required")?;
    let n = usize::try_from(n).context("the board size does not fit this machine")?;
    if args.labels && args.format != Format::Svg {
        bail!("--labels numbers the rows and columns of SVG boards; use it with --format svg");
    }
    if !args.given.is_empty() || args.given_file.is_some() {
        for (used, flag) in [
            (args.threads.is_some(), "--threads"),
            (args.checkpoint.is_some(), "--checkpoint"),
            (args.split.is_some(), "--split"),
            (args.stop_after_units.is_some(), "--stop-after-units"),
        ] {
            if used {
                bail!("{flag} works with the whole-board count only, not with given queens");
            }
        }
        return crate::queens_given::run(&args, n, out);
    }
    if args.first && !args.lexicographic && !args.trace {
        return crate::queens_first::run(&args, n, out);
    }
    let board = Board::with_rules(Rules::new(n, args.piece.into(), args.torus)?)?;
    if args.trace {
        return trace(Traced::Board(&board), &args, out);
    }
    if args.count {
        return count(&board, &args, out);
    }
    if args.first {
        return match board.first() {
            Some(solution) => {
                let mut printer = Printer::new(args.format, n, out)?.svg(board.rules(), &args);
                printer.solution(&solution, None)?;
                printer.finish()?;
                Ok(Outcome::Answer)
            }
            None => no_solution(args.format, n, out),
        };
    }
    let limit = args.limit.unwrap_or(u64::MAX);
    let mut printer = Printer::new(args.format, n, out)?.svg(board.rules(), &args);
    let printed = if args.unique {
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
        if matches!(args.format, Format::Board | Format::Array | Format::Unicode) {
            writeln!(out, "no solution exists for n = {n}")?;
        }
        return Ok(Outcome::NoSolution);
    }
    Ok(Outcome::Answer)
}

pub(crate) fn no_solution(
    format: Format,
    n: usize,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    match format {
        Format::Json => {}
        Format::Leetcode => writeln!(out, "[]")?,
        Format::Board | Format::Array | Format::Unicode => {
            writeln!(out, "no solution exists for n = {n}")?
        }
        Format::Svg => svg::write_sheet(
            out,
            Some(&format!("no solution exists for n = {n}")),
            &[],
            &SvgOptions::default(),
        )?,
    }
    Ok(Outcome::NoSolution)
}

fn count(board: &Board, args: &QueensArgs, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    crate::count::run(board, args, out)
}

/// One line of `--format json`, its fields in this order.
#[derive(Serialize)]
struct JsonSolution<'a> {
    n: usize,
    index: u64,
    cols: &'a [usize],
    #[serde(skip_serializing_if = "Option::is_none")]
    class_size: Option<usize>,
}

/// Writes solutions one at a time in the chosen format.
pub(crate) struct Printer<'a> {
    format: Format,
    n: usize,
    out: &'a mut dyn Write,
    printed: u64,
    /// For --format svg: the boards so far, drawn together by `finish`.
    sheet: Vec<SheetEntry>,
    svg: SvgSettings,
}

/// How `--format svg` draws what the printer collects.
#[derive(Default)]
struct SvgSettings {
    options: SvgOptions,
    /// "8 queens", "6 kings on a torus": the start of the sheet's title.
    heading: String,
    /// --first: one board, no sheet.
    single: bool,
    unique: bool,
    limit: Option<u64>,
}

impl<'a> Printer<'a> {
    pub(crate) fn new(
        format: Format,
        n: usize,
        out: &'a mut dyn Write,
    ) -> anyhow::Result<Printer<'a>> {
        if format == Format::Leetcode {
            write!(out, "[")?;
        }
        Ok(Printer {
            format,
            n,
            out,
            printed: 0,
            sheet: Vec::new(),
            svg: SvgSettings::default(),
        })
    }

    /// Takes what `--format svg` needs from the command line.
    pub(crate) fn svg(mut self, rules: &Rules, args: &QueensArgs) -> Printer<'a> {
        self.svg = SvgSettings {
            options: SvgOptions::default().labels(args.labels),
            heading: format!(
                "{} {}s{}",
                rules.n(),
                rules.piece(),
                if rules.torus() { " on a torus" } else { "" }
            ),
            single: args.first,
            unique: args.unique,
            limit: args.limit,
        };
        self
    }

    pub(crate) fn solution(
        &mut self,
        solution: &Solution,
        class_size: Option<usize>,
    ) -> anyhow::Result<()> {
        self.printed += 1;
        let index = self.printed;
        let out = &mut *self.out;
        match self.format {
            Format::Board | Format::Unicode => {
                if index > 1 {
                    writeln!(out)?;
                }
                if let Some(size) = class_size {
                    writeln!(
                        out,
                        "fundamental solution {index} (class of {size}): {solution}"
                    )?;
                }
                let drawing = match self.format {
                    Format::Board => render::board(solution),
                    _ => render::unicode(solution),
                };
                out.write_all(drawing.as_bytes())?;
            }
            Format::Array => match class_size {
                Some(size) => writeln!(out, "{solution}  class of {size}")?,
                None => writeln!(out, "{solution}")?,
            },
            Format::Json => {
                let line = JsonSolution {
                    n: self.n,
                    index,
                    cols: solution.cols(),
                    class_size,
                };
                writeln!(out, "{}", serde_json::to_string(&line)?)?;
            }
            Format::Leetcode => {
                if index > 1 {
                    write!(out, ",")?;
                }
                write!(out, "{}", serde_json::to_string(&render::rows(solution))?)?;
            }
            Format::Svg => {
                if self.sheet.len() == MAX_SHEET_BOARDS {
                    bail!(
                        "more than {MAX_SHEET_BOARDS} boards are too many for one SVG sheet; \
                         add --limit K (at most {MAX_SHEET_BOARDS}), or use --unique or --first"
                    );
                }
                let caption = match class_size {
                    Some(size) => format!("{solution} · class of {size}"),
                    None => format!("{index}: {solution}"),
                };
                self.sheet.push(SheetEntry::new(solution.clone(), caption));
            }
        }
        Ok(())
    }

    pub(crate) fn finish(self) -> anyhow::Result<()> {
        match self.format {
            Format::Leetcode => writeln!(self.out, "]")?,
            Format::Svg => match (&self.sheet[..], self.svg.single) {
                ([only], true) => svg::write_board(self.out, &only.solution, &self.svg.options)?,
                (entries, _) => {
                    let title = sheet_title(&self.svg, entries.len() as u64);
                    svg::write_sheet(self.out, Some(&title), entries, &self.svg.options)?
                }
            },
            _ => {}
        }
        Ok(())
    }
}

/// "8 queens: 12 fundamental solutions, with the sizes of their classes".
fn sheet_title(settings: &SvgSettings, count: u64) -> String {
    let heading = &settings.heading;
    if count == 0 {
        return format!("{heading}: no solution exists");
    }
    let kind = if settings.unique {
        "fundamental solution"
    } else {
        "solution"
    };
    let plural = if count == 1 { "" } else { "s" };
    let classes = match (settings.unique, count) {
        (false, _) => "",
        (true, 1) => ", with the size of its class",
        (true, _) => ", with the sizes of their classes",
    };
    if settings.limit == Some(count) {
        format!("{heading}: the first {count} {kind}{plural}{classes}")
    } else {
        format!("{heading}: {count} {kind}{plural}{classes}")
    }
}

/// What `--trace` runs: the plain search, or the completion search.
pub(crate) enum Traced<'a> {
    Board(&'a Board),
    Completion(&'a Completion),
}

pub(crate) fn trace(
    traced: Traced<'_>,
    args: &QueensArgs,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let json = match args.format {
        Format::Board => false,
        Format::Json => true,
        other => bail!(
            "--trace prints text or JSON lines; --format {} is not available with it",
            other
                .to_possible_value()
                .expect("no skipped variants")
                .get_name()
        ),
    };
    let mode = if args.first {
        TraceMode::FirstSolution
    } else {
        TraceMode::AllSolutions
    };
    let (rules, given) = match traced {
        Traced::Board(board) => (*board.rules(), &[][..]),
        Traced::Completion(completion) => (*completion.rules(), completion.given()),
    };
    if !json {
        let shape = if rules.torus() { " on a torus" } else { "" };
        let given: Vec<String> = given
            .iter()
            .map(|(row, col)| format!("({row}, {col})"))
            .collect();
        let given = if given.is_empty() {
            String::new()
        } else {
            format!(", given {}", given.join(", "))
        };
        writeln!(
            out,
            "# {n} {piece}s{shape}{given}: search trace, squares as (row, col) from 0, indented by depth",
            n = rules.n(),
            piece = rules.piece(),
        )?;
    }
    let mut path: Vec<usize> = Vec::with_capacity(rules.n());
    crate::trace_out::print_trace(
        out,
        json,
        |observer| match traced {
            Traced::Board(board) => board.trace(mode, observer),
            Traced::Completion(completion) => completion.trace(mode, observer),
        },
        |out, event| write_text_event(out, event, &mut path),
    )
}

fn write_text_event(
    out: &mut dyn Write,
    event: &Event,
    path: &mut Vec<usize>,
) -> std::io::Result<()> {
    let indent = event.depth * 2;
    write!(out, "{:>6}  {:indent$}", event.step, "")?;
    match event.action {
        Action::Place { row, col, .. } => {
            path.truncate(row);
            path.push(col);
            writeln!(out, "place ({row}, {col})")
        }
        Action::Conflict {
            row,
            col,
            with: (with_row, with_col),
            kind,
            ..
        } => {
            writeln!(
                out,
                "conflict ({row}, {col}) with ({with_row}, {with_col}): {kind}"
            )
        }
        Action::Remove { row, col, .. } => {
            path.truncate(row);
            writeln!(out, "remove ({row}, {col})")
        }
        Action::Backtrack { row } => writeln!(out, "backtrack: no column left in row {row}"),
        Action::Solution { index } => writeln!(out, "solution {index}: {path:?}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn board_sizes_parse_or_say_why() {
        assert_eq!(parse_board_size("8"), Ok(8));
        assert_eq!(parse_board_size(" 12 "), Ok(12));
        assert_eq!(parse_board_size("1000000000"), Ok(1_000_000_000));
        assert!(parse_board_size("0").unwrap_err().contains("at least 1"));
        assert!(parse_board_size("-1").unwrap_err().contains("at least 1"));
        assert!(
            parse_board_size("99999999999999999999999")
                .unwrap_err()
                .contains("too large")
        );
        assert!(
            parse_board_size("0x10")
                .unwrap_err()
                .contains("whole number")
        );
    }

    proptest! {
        #[test]
        fn the_board_size_parser_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..40)) {
            let text = String::from_utf8_lossy(&bytes);
            match parse_board_size(&text) {
                Ok(n) => prop_assert_eq!(Ok(n), text.trim().parse::<u64>()),
                Err(message) => prop_assert!(!message.is_empty()),
            }
        }

        #[test]
        fn the_limit_parser_never_panics(text in "\\PC*") {
            match parse_limit(&text) {
                Ok(k) => prop_assert!(k >= 1),
                Err(message) => prop_assert!(!message.is_empty()),
            }
        }
    }
}
