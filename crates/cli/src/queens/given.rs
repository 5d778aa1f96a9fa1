//! `puzzles queens N --given ROW:COL,...` and `--given-file FILE`: complete a
//! board with queens already placed.

use std::io::{BufReader, Write};
use std::path::Path;

use std::time::Instant;

use anyhow::{Context, bail};
use puzzles::queens::construct::{MAX_ROOK_COUNT_N, known_to_have_none, rook_completions};
use puzzles::queens::given_file::{GivenLine, read_given_lines};
use puzzles::queens::session::{CountRecord, PlanRequest};
use puzzles::queens::{Board, Completion, Piece, QueensError, Rules};

use super::args::QueensArgs;
use super::count;
use super::printer::{Printer, say_none};
use super::trace::{Traced, trace};
use crate::numbers::grouped;
use crate::outcome::Outcome;

/// The given queens in `path` (`-` for standard input, as every other file
/// argument takes it).
fn read_given_file(path: &Path) -> anyhow::Result<Vec<GivenLine>> {
    let name = source_name(path);
    if path.as_os_str() == "-" {
        crate::stdin::reading_from_a_terminal("the given queens");
        return read_given_lines(std::io::stdin().lock())
            .map_err(|err| anyhow::anyhow!("{name}: {err}"));
    }
    let file = std::fs::File::open(path).with_context(|| format!("cannot read {name}"))?;
    read_given_lines(BufReader::new(file)).map_err(|err| anyhow::anyhow!("{name}: {err}"))
}

fn source_name(path: &Path) -> String {
    if path.as_os_str() == "-" {
        "standard input".to_string()
    } else {
        path.display().to_string()
    }
}

/// The board's refusal of a given square, with the file's line of each
/// square it names that came from `--given-file`.
fn located(err: QueensError, path: Option<&Path>, lines: &[GivenLine]) -> anyhow::Error {
    let line_of = |square: (usize, usize)| {
        lines
            .iter()
            .find(|&&(_, given)| given == square)
            .map(|&(line, _)| line)
    };
    let found: Vec<usize> = match &err {
        QueensError::SquareOffBoard { row, col, .. } => line_of((*row, *col)).into_iter().collect(),
        QueensError::Attack { first, second, .. } => line_of(*first)
            .into_iter()
            .chain(line_of(*second))
            .collect(),
        _ => Vec::new(),
    };
    match (path, found.as_slice()) {
        (Some(path), [line]) => anyhow::anyhow!("{}: line {line}: {err}", source_name(path)),
        (Some(path), [a, b]) => anyhow::anyhow!("{}: lines {a} and {b}: {err}", source_name(path)),
        _ => err.into(),
    }
}

pub fn run(args: &QueensArgs, n: usize, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    let mut given = args.given.clone();
    let lines = match &args.given_file {
        Some(path) => read_given_file(path)?,
        None => Vec::new(),
    };
    given.extend(lines.iter().map(|&(_, square)| square));
    let board = Board::with_rules(Rules::new(n, args.piece.into(), args.torus)?)?;
    let completion = board
        .with_given(&given)
        .map_err(|err| located(err, args.given_file.as_deref(), &lines))?;
    if args.trace {
        return trace(Traced::Completion(&completion), args, out);
    }
    // A board without a solution has no completion either: a theorem says
    // at once what the search would take hours to (`--trace` still shows
    // the search).
    let none = known_to_have_none(board.rules());
    if args.count {
        return count_completions(&completion, none, args, out);
    }
    let mut printer = Printer::new(args.format, n, out)?.svg(board.rules(), args);
    let mut printed = 0;
    if none {
        // Nothing to print: the answer below says there is no completion.
    } else if args.first {
        let found = if args.lexicographic {
            completion.first()
        } else {
            completion.find()
        };
        if let Some(solution) = found {
            printer.solution(&solution, None)?;
            printed = 1;
        }
    } else {
        let limit = args.limit.unwrap_or(u64::MAX);
        for solution in completion.solutions() {
            if printed == limit {
                break;
            }
            printer.solution(&solution, None)?;
            printed += 1;
        }
    }
    printer.finish()?;
    if printed > 0 {
        return Ok(Outcome::Answer);
    }
    let none = format!(
        "no completion exists for the given {}s",
        Piece::from(args.piece)
    );
    say_none(args.format, &none, out)?;
    Ok(Outcome::NoSolution)
}

/// `--count` with given pieces: rooks by formula and boards without a
/// solution at once, the rest in work units, as a count of the whole board
/// is (every core, a progress bar, `--checkpoint`, Ctrl-C).
fn count_completions(
    completion: &Completion,
    none: bool,
    args: &QueensArgs,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let rules = completion.rules();
    let n = rules.n();
    let started = Instant::now();
    let mut summary = None;
    let record = if none || rules.piece() == Piece::Rook {
        if let Some(flag) = count::unit_flag(args) {
            let how = if none {
                "have no completion, as a theorem says, so nothing is searched"
            } else {
                "are counted by formula, at once"
            };
            bail!(
                "{flag} works with counts by search; given {}s {how}",
                rules.piece()
            );
        }
        crate::interrupt::leave_on_signal()?;
        let total = if none {
            0
        } else {
            // The search would visit all (N − given)! completions.
            rook_completions(rules, completion.given().len()).with_context(|| {
                format!(
                    "rooks are counted by formula up to {MAX_ROOK_COUNT_N} free rows: past it \
                     (N - given)! outgrows 128 bits"
                )
            })?
        };
        CountRecord::plain(n, total, None, started.elapsed())
            .with_given(completion.given().len())
            .with_piece(rules.piece().name(), rules.torus())
    } else {
        let mut request = PlanRequest::new(n);
        request.piece = rules.piece();
        request.torus = rules.torus();
        request.split = args.split;
        request.checkpoint = args.checkpoint.clone();
        request.given = Some(completion.given().to_vec());
        let plan = request.plan()?;
        if let Some(shard) = args.shard {
            return super::shard::run(plan, shard, args, out);
        }
        let cancel = count::stop_requests()?;
        let Some(counted) = count::count_units(&plan, None, args, &cancel, started)? else {
            return Ok(Outcome::Interrupted);
        };
        let tally = counted.tally;
        summary = count::chatty(args).then(|| {
            format!(
                "{} completions; {} units ({} resumed), {} nodes, {:.2} s",
                grouped(tally.total),
                grouped(plan.len()),
                grouped(counted.resumed.units),
                grouped(tally.nodes),
                counted.elapsed.as_secs_f64()
            )
        });
        CountRecord::of_units(
            &plan,
            &tally,
            &counted.resumed,
            counted.elapsed,
            counted.workers,
        )
    };
    if count::json_wanted(args) {
        writeln!(out, "{}", serde_json::to_string(&record)?)?;
    } else {
        writeln!(out, "{}", record.total)?;
    }
    if let Some(summary) = summary {
        // The answer first, whole, then the summary, as counts of the
        // whole board write them.
        out.flush()?;
        say!("{summary}");
    }
    Ok(if record.total == 0 {
        Outcome::NoSolution
    } else {
        Outcome::Answer
    })
}
