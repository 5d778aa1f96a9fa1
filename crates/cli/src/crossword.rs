//! `puzzles crossword`: fill a grid from a word list, list or count fills,
//! trace the search.

use std::fs::File;
use std::io::{self, BufReader, IsTerminal, Read, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, anyhow, bail};
use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use puzzles::crossword::{
    Fill, FillAction, FillEvent, Filler, Grid, Options, Progress, WordList, render,
};
use puzzles::trace::TraceMode;
use serde_json::json;

use crate::outcome::Outcome;

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
  puzzles crossword GRID --trace                           every choice, conflict and backtrack

A grid has one row per line: '#' a block, '.' an empty square, A-Z a pre-set
letter; lines starting with '%' are comments. At most 64×64. Every run of two
or more white squares, across or down, takes a word of the list; crossing
words agree, no word is used twice.

A word list has one word per line, optionally followed by ';' and an integer
score (constructors' scored lists); case is folded; blank lines and '#'
comments are passed over; lines that are not words of letters A-Z are skipped
and counted. Words are tried best score first. Without --words, the English
list shipped with puzzles (SCOWL via Debian's wamerican, 63,849 words) is used.

Exit status: 0 a fill (or a count above 0), 1 no fill exists, 2 a bad grid,
list or option, 130 interrupted (Ctrl-C).")]
pub struct CrosswordArgs {
    /// The grid file ('-' for standard input).
    #[arg(value_name = "GRID")]
    pub grid: PathBuf,

    /// The word list (default: the shipped English list).
    #[arg(short, long, value_name = "FILE")]
    pub words: Option<PathBuf>,

    /// After each grid, list the numbered across and down answers (text).
    #[arg(short, long)]
    pub entries: bool,

    /// How to print each fill.
    #[arg(short, long, value_enum, default_value_t = Format::Text)]
    pub format: Format,

    /// Print the number of fills instead (all of them, or up to --limit).
    #[arg(short, long)]
    pub count: bool,

    /// List K different fills (with --count: stop counting at K).
    #[arg(short, long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,

    /// Order words of equal score by this seed, for another fill.
    #[arg(short, long, value_name = "S")]
    pub seed: Option<u64>,

    /// Leave out words scoring below N.
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub min_score: Option<i32>,

    /// Print the search step by step (text, or JSON lines with --format
    /// json): words placed (chosen, or forced by their crossings),
    /// conflicts, removals, backtracks and fills, then the counters. It
    /// stops at the first fill, or after --limit fills, or with --count at
    /// the end of the search.
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

pub fn run(args: CrosswordArgs, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    let grid = read_grid(&args.grid)?;
    let mut words = read_words(args.words.as_deref())?;
    if let Some(min) = args.min_score {
        words = words.with_min_score(min);
        if words.is_empty() {
            bail!("no word of the list scores {min} or more");
        }
    }
    let options = Options { seed: args.seed };
    let filler = Filler::with_options(&grid, &words, options)
        .map_err(|err| anyhow!("{}: {err}", shown(&args.grid)))?;
    if args.trace {
        return trace(&filler, &args, out);
    }
    let cancel = Arc::new(AtomicBool::new(false));
    {
        let cancel = Arc::clone(&cancel);
        // A second Ctrl-C leaves at once.
        ctrlc::set_handler(move || {
            if cancel.swap(true, Ordering::SeqCst) {
                std::process::exit(130);
            }
        })
        .context("cannot install the Ctrl-C handler")?;
    }
    let mut meter = Meter::new(io::stderr().is_terminal());
    let mut progress = |progress: &Progress| {
        if cancel.load(Ordering::Relaxed) {
            return ControlFlow::Break(());
        }
        meter.show(progress);
        ControlFlow::Continue(())
    };
    let (summary, failure) = if args.count {
        (filler.count_with(args.limit, &mut progress), None)
    } else {
        let mut failure: Option<io::Error> = None;
        let mut first = true;
        let limit = Some(args.limit.unwrap_or(1));
        let summary = filler.search(limit, &mut progress, &mut |fill| match print_fill(
            out, &grid, &fill, &args, first,
        ) {
            Ok(()) => {
                first = false;
                ControlFlow::Continue(())
            }
            Err(err) => {
                failure = Some(err);
                ControlFlow::Break(())
            }
        });
        (summary, failure)
    };
    meter.clear();
    if let Some(err) = failure {
        return Err(err.into());
    }
    if cancel.load(Ordering::Relaxed) {
        out.flush()?;
        eprintln!(
            "puzzles: interrupted after {} words tried ({} fills found)",
            summary.nodes, summary.fills
        );
        return Ok(Outcome::Interrupted);
    }
    if args.count {
        let reached = !summary.complete && args.limit == Some(summary.fills);
        match (args.format, reached) {
            (Format::Text, false) => writeln!(out, "{}", summary.fills)?,
            (Format::Text, true) => writeln!(out, "at least {}", summary.fills)?,
            _ => writeln!(
                out,
                "{}",
                json!({
                    "fills": summary.fills,
                    "complete": summary.complete,
                    "words_tried": summary.nodes,
                })
            )?,
        }
    }
    if summary.fills == 0 {
        out.flush()?;
        eprintln!("puzzles: no fill exists");
        return Ok(Outcome::NoSolution);
    }
    Ok(Outcome::Answer)
}

/// The name of a path in messages (`-` is standard input).
fn shown(path: &Path) -> String {
    if path.as_os_str() == "-" {
        "standard input".to_string()
    } else {
        path.display().to_string()
    }
}

/// The largest grid file read: a 64×64 grid is about 4 KB, comments aside.
const MAX_GRID_BYTES: u64 = 1 << 20;

fn read_grid(path: &Path) -> anyhow::Result<Grid> {
    let mut bytes = Vec::new();
    let reader: Box<dyn Read> = if path.as_os_str() == "-" {
        Box::new(io::stdin().lock())
    } else {
        Box::new(File::open(path).with_context(|| format!("cannot read {}", path.display()))?)
    };
    reader
        .take(MAX_GRID_BYTES + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read {}", shown(path)))?;
    if bytes.len() as u64 > MAX_GRID_BYTES {
        bail!("{}: larger than 1 MiB: not a grid", shown(path));
    }
    Grid::parse_bytes(&bytes).map_err(|err| anyhow!("{}: {err}", shown(path)))
}

fn read_words(path: Option<&Path>) -> anyhow::Result<WordList> {
    let Some(path) = path else {
        return Ok(WordList::english());
    };
    let file = File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
    let words = WordList::parse(BufReader::with_capacity(1 << 16, file))
        .map_err(|err| anyhow!("{}: {err}", path.display()))?;
    if words.skipped() > 0 {
        eprintln!(
            "puzzles: {}: {} {} skipped (not words of letters A-Z), the first on line {}",
            path.display(),
            words.skipped(),
            if words.skipped() == 1 {
                "line"
            } else {
                "lines"
            },
            words.first_skipped().unwrap_or(0),
        );
    }
    Ok(words)
}

fn print_fill(
    out: &mut dyn Write,
    grid: &Grid,
    fill: &Fill,
    args: &CrosswordArgs,
    first: bool,
) -> io::Result<()> {
    match args.format {
        Format::Text => {
            if !first {
                writeln!(out)?;
            }
            out.write_all(render::text(fill).as_bytes())?;
            if args.entries {
                writeln!(out)?;
                out.write_all(render::entries(fill).as_bytes())?;
            }
        }
        Format::Json => writeln!(out, "{}", render::json(fill))?,
        Format::Ipuz => writeln!(out, "{}", render::ipuz(grid, fill))?,
    }
    Ok(())
}

/// The line on standard error while a search runs for more than a second.
struct Meter {
    shown: bool,
    started: Instant,
    bar: Option<ProgressBar>,
}

impl Meter {
    fn new(shown: bool) -> Meter {
        Meter {
            shown,
            started: Instant::now(),
            bar: None,
        }
    }

    fn show(&mut self, progress: &Progress) {
        if !self.shown || self.started.elapsed() < Duration::from_secs(1) {
            return;
        }
        let bar = self.bar.get_or_insert_with(|| {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
            bar.set_style(
                ProgressStyle::with_template("{spinner} {elapsed} {msg}")
                    .expect("a valid template"),
            );
            bar.enable_steady_tick(Duration::from_millis(200));
            bar
        });
        bar.set_message(format!(
            "{} words tried, {} of {} slots decided, {} fills (Ctrl-C stops)",
            progress.nodes, progress.decided, progress.slots, progress.fills
        ));
    }

    fn clear(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

fn trace(filler: &Filler, args: &CrosswordArgs, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    let json = match args.format {
        Format::Text => false,
        Format::Json => true,
        Format::Ipuz => {
            bail!("--trace prints text or JSON lines; --format ipuz is not available with it")
        }
    };
    // The observer stops the search after the fills wanted.
    let stop_after = if args.count {
        args.limit
    } else {
        Some(args.limit.unwrap_or(1))
    };
    if !json {
        writeln!(
            out,
            "# crossword search, slots by number and direction; indented by the number of choices standing"
        )?;
    }
    let mut failure: Option<io::Error> = None;
    let mut solutions = 0;
    let summary = filler.trace(TraceMode::AllSolutions, &mut |event: &FillEvent| {
        let written = if json {
            serde_json::to_writer(&mut *out, event)
                .map_err(io::Error::from)
                .and_then(|()| writeln!(out))
        } else {
            write_text_event(out, event)
        };
        if let Err(err) = written {
            failure = Some(err);
            return ControlFlow::Break(());
        }
        if let FillAction::Solution { .. } = event.action {
            solutions += 1;
            if stop_after == Some(solutions) {
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    });
    if let Some(err) = failure {
        return Err(err.into());
    }
    crate::trace_out::write_summary(out, &summary, json)?;
    let counters = summary.counters;
    if counters.solutions == 0 {
        out.flush()?;
        eprintln!("puzzles: no fill exists");
        return Ok(Outcome::NoSolution);
    }
    Ok(Outcome::Answer)
}

fn write_text_event(out: &mut dyn Write, event: &FillEvent) -> io::Result<()> {
    let indent = event.depth * 2;
    write!(out, "{:>6}  {:indent$}", event.step, "")?;
    match &event.action {
        FillAction::Place { slot, word, forced } => {
            let how = if *forced { " (forced)" } else { "" };
            writeln!(out, "place {word} in {slot}{how}")
        }
        FillAction::Conflict { slot, word, with } => {
            writeln!(out, "conflict {word} in {slot}: {with} left without words")
        }
        FillAction::Remove { slot, word, .. } => writeln!(out, "remove {word} from {slot}"),
        FillAction::Backtrack { slot } => writeln!(out, "backtrack: no word left for {slot}"),
        FillAction::Solution { index, grid } => {
            writeln!(out, "solution {index}: {}", grid.join("/"))
        }
    }
}
