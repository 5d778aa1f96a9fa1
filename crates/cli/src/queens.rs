//! `puzzles queens`: list, count, find, classify and trace N-Queens
//! solutions.

use std::io::Write;
use std::ops::ControlFlow;

use anyhow::{Context, bail};
use clap::{Args, ValueEnum};
use puzzles::queens::{Board, Fundamental, Piece, Rules, Solution, render};
use puzzles::trace::{Action, Event, TraceMode};
use serde::Serialize;

use crate::Outcome;

#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  puzzles queens 8                      all 92 solutions, as boards of Q and .
  puzzles queens 4 --format array       [1, 3, 0, 2] and [2, 0, 3, 1]
  puzzles queens 6 --format json        one JSON object per line: n, index, cols
  puzzles queens 4 --format leetcode    the LeetCode answer: a list of lists of strings
  puzzles queens 8 --format unicode     checkered boards with ♛
  puzzles queens 8 --count              92
  puzzles queens 30 --limit 3           the first three solutions of 30-queens
  puzzles queens 8 --first              the lexicographically first solution
  puzzles queens 8 --unique             the 12 fundamental solutions, with class sizes
  puzzles queens 8 --unique --count     12
  puzzles queens 17 --count --checkpoint q17.ckpt
                                        count on every core; rerun to resume after Ctrl-C
  puzzles queens 14 --count --json      total, fundamental count, units, nodes, time as JSON
  puzzles queens 4 --trace              every placement, conflict and backtrack
  puzzles queens 4 --trace --format json    the same events as JSON lines
  puzzles queens 6 --piece king --count     6 non-attacking kings, one per row and column: 90
  puzzles queens 5 --torus                  queens on a board that wraps around

Solutions are listed in lexicographic order of their cols array (cols[row] is the
column of the queen in row `row`, 0-based). When no solution exists (n = 2, 3) the
command says so and exits with status 1.")]
pub struct QueensArgs {
    /// Board size: N queens on an N×N board (1 to 64 for searching).
    #[arg(value_name = "N", value_parser = parse_board_size, allow_negative_numbers = true)]
    pub n: u64,

    /// How to print each solution.
    #[arg(short, long, value_enum, default_value_t = Format::Board)]
    pub format: Format,

    /// Print the number of solutions instead of the solutions.
    #[arg(short, long)]
    pub count: bool,

    /// Print only the lexicographically first solution.
    #[arg(long, conflicts_with_all = ["count", "limit", "unique"])]
    pub first: bool,

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

    /// Test hook: stop as if interrupted once K units are recorded.
    #[arg(long, value_name = "K", hide = true, requires = "count")]
    pub stop_after_units: Option<u64>,
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
}

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
    let n = usize::try_from(args.n).context("the board size does not fit this machine")?;
    let board = Board::with_rules(Rules::new(n, args.piece.into(), args.torus)?)?;
    if args.trace {
        return trace(&board, &args, out);
    }
    if args.count {
        return count(&board, &args, out);
    }
    if args.first {
        return match board.first() {
            Some(solution) => {
                let mut printer = Printer::new(args.format, n, out)?;
                printer.solution(&solution, None)?;
                printer.finish()?;
                Ok(Outcome::Answer)
            }
            None => no_solution(args.format, n, out),
        };
    }
    let limit = args.limit.unwrap_or(u64::MAX);
    let mut printer = Printer::new(args.format, n, out)?;
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

fn no_solution(format: Format, n: usize, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    match format {
        Format::Json => {}
        Format::Leetcode => writeln!(out, "[]")?,
        Format::Board | Format::Array | Format::Unicode => {
            writeln!(out, "no solution exists for n = {n}")?
        }
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
struct Printer<'a> {
    format: Format,
    n: usize,
    out: &'a mut dyn Write,
    printed: u64,
}

impl<'a> Printer<'a> {
    fn new(format: Format, n: usize, out: &'a mut dyn Write) -> anyhow::Result<Printer<'a>> {
        if format == Format::Leetcode {
            write!(out, "[")?;
        }
        Ok(Printer {
            format,
            n,
            out,
            printed: 0,
        })
    }

    fn solution(&mut self, solution: &Solution, class_size: Option<usize>) -> anyhow::Result<()> {
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
        }
        Ok(())
    }

    fn finish(self) -> anyhow::Result<()> {
        if self.format == Format::Leetcode {
            writeln!(self.out, "]")?;
        }
        Ok(())
    }
}

fn trace(board: &Board, args: &QueensArgs, out: &mut dyn Write) -> anyhow::Result<Outcome> {
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
    if !json {
        let rules = board.rules();
        let shape = if rules.torus() { " on a torus" } else { "" };
        writeln!(
            out,
            "# {n} {piece}s{shape}: search trace, squares as (row, col) from 0, indented by depth",
            n = board.n(),
            piece = rules.piece(),
        )?;
    }
    let mut path: Vec<usize> = Vec::with_capacity(board.n());
    let mut failure: Option<std::io::Error> = None;
    let summary = board.trace(mode, |event| {
        let written = if json {
            serde_json::to_writer(&mut *out, event)
                .map_err(std::io::Error::from)
                .and_then(|()| writeln!(out))
        } else {
            write_text_event(out, event, &mut path)
        };
        match written {
            Ok(()) => ControlFlow::Continue(()),
            Err(err) => {
                failure = Some(err);
                ControlFlow::Break(())
            }
        }
    });
    if let Some(err) = failure {
        return Err(err.into());
    }
    let counters = summary.counters;
    if json {
        writeln!(out, "{}", serde_json::to_string(&summary)?)?;
    } else {
        writeln!(
            out,
            "placements: {}, conflicts: {}, backtracks: {}, solutions: {} ({} steps)",
            counters.placements,
            counters.conflicts,
            counters.backtracks,
            counters.solutions,
            summary.steps
        )?;
    }
    Ok(if counters.solutions == 0 {
        Outcome::NoSolution
    } else {
        Outcome::Answer
    })
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
