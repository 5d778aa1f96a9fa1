//! `puzzles sudoku`: solve one puzzle, or a stream of them (one per line) on
//! one or more threads, check uniqueness, draw grids, trace the search.

use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, anyhow, bail};
use clap::{Args, ValueEnum};
use puzzles::sudoku::batch::{self, Answer, Outcome as BatchOutcome, Task};
use puzzles::sudoku::{Alphabet, Puzzle, render};
use puzzles::trace::{Action, Event, TraceMode};
use serde_json::json;

use crate::outcome::Outcome;
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
for 4×4, 16×16 and 25×25), '.' or '0' for an empty cell; other whitespace is
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
    /// The puzzle; without it, puzzles are read one per line from --file or
    /// standard input.
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
    #[arg(short = 'j', long, value_name = "K", default_value_t = 1, value_parser = parse_threads)]
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

pub fn run(args: SudokuArgs, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    let alphabet = Alphabet::from(args.alphabet);
    let Some(text) = &args.puzzle else {
        return run_stream(&args, alphabet, out);
    };
    let puzzle = match Puzzle::parse_with(text, alphabet) {
        Ok(puzzle) => puzzle,
        Err(err) if Path::new(text).is_file() => {
            bail!("invalid puzzle: {err}; to read puzzles from the file {text}, use --file {text}")
        }
        Err(err) => return Err(anyhow!(err).context("invalid puzzle")),
    };
    if args.trace {
        return trace(&puzzle, &args, alphabet, out);
    }
    let options = batch::Options {
        task: task(&args),
        threads: 1,
        alphabet,
        read_ahead: true,
        input_bytes: None,
        spread_threads: false,
    };
    // One puzzle is a batch of one line: the same answers, the same output.
    let line = text.replace(['\n', '\r'], " ");
    let summary = if args.format == Format::Line {
        batch::run_lines(
            line.as_bytes(),
            &options,
            |_, _, _| {},
            |bytes, _| out.write_all(bytes),
        )?
    } else {
        let printer = Printer::new(&args, alphabet, false);
        let mut separator = Separator::default();
        batch::run_rendered(
            line.as_bytes(),
            &options,
            |answer, bytes, _| printer.render(answer, bytes),
            |bytes, _| out.write_all(separator.strip(bytes)),
        )?
    };
    Ok(if summary.no_solution > 0 {
        Outcome::NoSolution
    } else {
        Outcome::Answer
    })
}

fn task(args: &SudokuArgs) -> Task {
    if args.count {
        Task::Count { limit: 2 }
    } else {
        Task::Solve
    }
}

fn run_stream(
    args: &SudokuArgs,
    alphabet: Alphabet,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let mut input_bytes = None;
    let (input, source, interactive): (Box<dyn BufRead>, Option<String>, bool) = match &args.file {
        Some(path) if path.as_os_str() != "-" => {
            let file =
                File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
            // A regular file's size lets several threads finish together.
            input_bytes = file
                .metadata()
                .ok()
                .filter(|m| m.is_file())
                .map(|m| m.len());
            (
                Box::new(BufReader::with_capacity(1 << 16, file)),
                Some(path.display().to_string()),
                false,
            )
        }
        _ => {
            let stdin = io::stdin();
            let interactive = stdin.is_terminal();
            crate::reading_from_a_terminal("puzzles, one a line,");
            (Box::new(stdin.lock()), None, interactive)
        }
    };
    // A reader at a terminal (typing puzzles, or watching answers arrive)
    // gets each answer as soon as it is found.
    let answer_by_answer = interactive || io::stdout().is_terminal();
    let options = batch::Options {
        task: task(args),
        // Puzzles typed at a terminal are answered one by one as they come;
        // several threads would wait for a chunk of lines first.
        threads: if interactive { 1 } else { args.threads },
        alphabet,
        // Reading ahead waits for a chunk of lines (or the end) before
        // answering: not while someone watches.
        read_ahead: !answer_by_answer,
        input_bytes,
        // Each thread starts on a CPU of its own: on a small VM whose
        // scheduler balances seldom, two threads otherwise take turns on
        // one CPU (see `Options::spread_threads`).
        spread_threads: true,
    };
    let place = |line: usize| match &source {
        Some(name) => format!("{name}, line {line}"),
        None => format!("line {line}"),
    };
    // Answers leave in large writes; messages go out as they come.
    let mut out = io::BufWriter::with_capacity(1 << 16, out);
    let mut separator = Separator::default();
    let mut deliver = |bytes: &[u8], messages: &[u8]| -> io::Result<()> {
        if !messages.is_empty() {
            // Whatever came before goes out first, so that the messages
            // follow the answers they concern as closely as possible.
            out.flush()?;
            io::stderr().write_all(messages)?;
        }
        out.write_all(separator.strip(bytes))?;
        if answer_by_answer {
            out.flush()?;
        }
        Ok(())
    };
    let summary = if args.format == Format::Line {
        batch::run_lines(
            input,
            &options,
            |line, error, messages| {
                // Writing to a vector cannot fail.
                let _ = writeln!(messages, "puzzles: {}: {error}", place(line));
            },
            &mut deliver,
        )
    } else {
        let printer = Printer::new(args, alphabet, true);
        batch::run_rendered(
            input,
            &options,
            |answer, bytes, messages| {
                if let BatchOutcome::Invalid(error) = &answer.outcome {
                    let _ = writeln!(messages, "puzzles: {}: {error}", place(answer.line));
                }
                printer.render(answer, bytes);
            },
            &mut deliver,
        )
    }
    .map_err(|err| match &source {
        Some(name) if err.kind() != io::ErrorKind::BrokenPipe => {
            anyhow!(err).context(format!("while reading {name}"))
        }
        _ => anyhow!(err),
    })?;
    out.flush()?;
    if summary.puzzles == 0 {
        // As for maxsub: an empty input is a mistake (a wrong file, a
        // pipe whose writer failed), not an answer.
        bail!(
            "no puzzles in {}",
            source.as_deref().unwrap_or("standard input")
        );
    }
    if summary.invalid > 0 {
        let first = summary
            .first_invalid_line
            .expect("an invalid line was seen");
        let many = if summary.invalid == 1 {
            "1 invalid puzzle".to_string()
        } else {
            format!("{} invalid puzzles", summary.invalid)
        };
        bail!("{many} (the first on line {first}); see the messages above");
    }
    Ok(if summary.no_solution > 0 {
        Outcome::NoSolution
    } else {
        Outcome::Answer
    })
}

/// Drops the separator that precedes the first answer block of the output
/// (grids are separated by a blank line, written before each one).
#[derive(Default)]
struct Separator {
    started: bool,
}

impl Separator {
    fn strip<'a>(&mut self, bytes: &'a [u8]) -> &'a [u8] {
        if self.started || bytes.is_empty() {
            return bytes;
        }
        self.started = true;
        bytes.strip_prefix(b"\n").unwrap_or(bytes)
    }
}

/// Renders answers in the chosen format. It keeps no state: answers are
/// rendered on whichever thread solved them.
struct Printer {
    format: Format,
    alphabet: Alphabet,
    /// Whether JSON objects carry the input line (puzzles from a stream).
    with_lines: bool,
}

impl Printer {
    fn new(args: &SudokuArgs, alphabet: Alphabet, with_lines: bool) -> Printer {
        Printer {
            format: args.format,
            alphabet,
            with_lines,
        }
    }

    /// Appends the answer's output to `bytes`.
    fn render(&self, answer: &Answer, bytes: &mut Vec<u8>) {
        match self.format {
            Format::Line => unreachable!("line output is written by batch::run_lines"),
            Format::Grid => self.grid(bytes, &answer.outcome),
            Format::Json => self.json(bytes, answer),
        }
    }

    /// A blank line, then the grid (the first blank line of the output is
    /// dropped by [`Separator`]).
    fn grid(&self, bytes: &mut Vec<u8>, outcome: &BatchOutcome) {
        bytes.push(b'\n');
        let (drawing, note) = match outcome {
            BatchOutcome::Solved { puzzle, solution } => (
                Some(render::grid(puzzle, Some(solution), self.alphabet)),
                None,
            ),
            BatchOutcome::NoSolution { puzzle } => (
                Some(render::grid(puzzle, None, self.alphabet)),
                Some("no solution"),
            ),
            BatchOutcome::Counted { puzzle, solutions } => (
                Some(render::grid(puzzle, None, self.alphabet)),
                Some(match solutions {
                    0 => "no solution",
                    1 => "1 solution",
                    _ => "2 or more solutions",
                }),
            ),
            BatchOutcome::Invalid(_) => (None, Some("invalid")),
        };
        if let Some(drawing) = drawing {
            bytes.extend_from_slice(drawing.as_bytes());
        }
        if let Some(note) = note {
            bytes.extend_from_slice(note.as_bytes());
            bytes.push(b'\n');
        }
    }

    fn json(&self, bytes: &mut Vec<u8>, answer: &Answer) {
        let mut object = match &answer.outcome {
            BatchOutcome::Solved { puzzle, solution } => json!({
                "puzzle": puzzle.to_line(self.alphabet),
                "solution": solution.to_line(self.alphabet),
            }),
            BatchOutcome::NoSolution { puzzle } => json!({
                "puzzle": puzzle.to_line(self.alphabet),
                "solution": null,
            }),
            BatchOutcome::Counted { puzzle, solutions } => json!({
                "puzzle": puzzle.to_line(self.alphabet),
                "solutions": solutions,
                "unique": *solutions == 1,
            }),
            BatchOutcome::Invalid(error) => json!({ "error": error.to_string() }),
        };
        if self.with_lines {
            object["line"] = json!(answer.line);
        }
        bytes.extend_from_slice(object.to_string().as_bytes());
        bytes.push(b'\n');
    }
}

fn trace(
    puzzle: &Puzzle,
    args: &SudokuArgs,
    alphabet: Alphabet,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let json = match args.format {
        Format::Line => false,
        Format::Json => true,
        Format::Grid => {
            bail!("--trace prints text or JSON lines; --format grid is not available with it")
        }
    };
    let mode = if args.first {
        TraceMode::FirstSolution
    } else {
        TraceMode::AllSolutions
    };
    let side = puzzle.side();
    if !json {
        writeln!(
            out,
            "# sudoku search, cells as (row, col) from 0; indented by the number of guesses standing"
        )?;
    }
    let mut grid = puzzle.cells().to_vec();
    crate::trace_out::print_trace(
        out,
        json,
        |observer| puzzle.trace(mode, observer),
        |out, event| write_text_event(out, event, &mut grid, side, alphabet),
    )
}

fn write_text_event(
    out: &mut dyn Write,
    event: &Event,
    grid: &mut [u8],
    side: usize,
    alphabet: Alphabet,
) -> io::Result<()> {
    let indent = event.depth * 2;
    write!(out, "{:>6}  {:indent$}", event.step, "")?;
    let symbol = |value: Option<u32>| alphabet.symbol(value.map_or(0, |v| v as u8));
    match event.action {
        Action::Place { row, col, value } => {
            grid[row * side + col] = value.map_or(0, |v| v as u8);
            writeln!(out, "place {} at ({row}, {col})", symbol(value))
        }
        Action::Conflict {
            row,
            col,
            value,
            with: (with_row, with_col),
            kind,
        } => {
            if (with_row, with_col) == (row, col) {
                writeln!(
                    out,
                    "conflict {} at ({row}, {col}): the cell already holds {}",
                    symbol(value),
                    alphabet.symbol(grid[row * side + col])
                )
            } else {
                writeln!(
                    out,
                    "conflict {} at ({row}, {col}) with ({with_row}, {with_col}): {kind}",
                    symbol(value)
                )
            }
        }
        Action::Remove { row, col, value } => {
            grid[row * side + col] = 0;
            writeln!(out, "remove {} from ({row}, {col})", symbol(value))
        }
        Action::Backtrack { row } => {
            let cells = side * side;
            if row < cells {
                writeln!(
                    out,
                    "backtrack: no digit left for ({}, {})",
                    row / side,
                    row % side
                )
            } else {
                let (unit, digit) = ((row - cells) / side, (row - cells) % side + 1);
                let (kind, index) = match unit / side {
                    0 => ("row", unit),
                    1 => ("column", unit - side),
                    _ => ("box", unit - 2 * side),
                };
                writeln!(
                    out,
                    "backtrack: no place left for {} in {kind} {index}",
                    alphabet.symbol(digit as u8)
                )
            }
        }
        Action::Solution { index } => {
            let line: String = grid.iter().map(|&d| alphabet.symbol(d)).collect();
            writeln!(out, "solution {index}: {line}")
        }
    }
}
