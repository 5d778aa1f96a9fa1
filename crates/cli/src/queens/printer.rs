//! Writes solutions one at a time in the format `--format` chose.

use std::io::Write;

use anyhow::bail;
use puzzles::queens::svg::{self, SheetEntry, SvgOptions};
use puzzles::queens::{Piece, Rules, Solution, render};
use serde::Serialize;

use super::args::{Format, QueensArgs};
use crate::outcome::Outcome;

/// The most boards one SVG sheet holds: beyond that it is neither readable
/// nor quick to open.
const MAX_SHEET_BOARDS: usize = 1000;

/// Says that `rules` have no solution: an empty sheet titled as a listing
/// with none would be, for `--format svg`.
pub(crate) fn no_solution(
    format: Format,
    rules: &Rules,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    match format {
        Format::Leetcode => writeln!(out, "[]")?,
        Format::Svg => {
            let title = format!("{}: no solution exists", heading(rules));
            svg::write_sheet(out, Some(&title), &[], &SvgOptions::default())?
        }
        _ => say_none(format, &none_line(rules), out)?,
    }
    Ok(Outcome::NoSolution)
}

/// "no solution exists for n = 3", naming the piece and the torus where
/// they are not the plain board's queens, so that the answer says which
/// board has none ("n = 4 (queens on a torus)").
pub(crate) fn none_line(rules: &Rules) -> String {
    let n = rules.n();
    let shape = if rules.torus() { " on a torus" } else { "" };
    if rules.piece() == Piece::Queen && !rules.torus() {
        format!("no solution exists for n = {n}")
    } else {
        format!("no solution exists for n = {n} ({}s{shape})", rules.piece())
    }
}

/// "8 queens", "6 kings on a torus", "1 queen": the start of an SVG
/// sheet's title.
fn heading(rules: &Rules) -> String {
    let shape = if rules.torus() { " on a torus" } else { "" };
    let plural = if rules.n() == 1 { "" } else { "s" };
    format!("{} {}{plural}{shape}", rules.n(), rules.piece())
}

/// Says that nothing was found: on standard output in text, and on
/// standard error where standard output carries only data (arrays, JSON
/// lines), so that a reader of the stream still sees it and a file of
/// solutions holds none. An empty LeetCode list or SVG sheet says it by
/// itself.
pub(crate) fn say_none(format: Format, none: &str, out: &mut dyn Write) -> std::io::Result<()> {
    match format {
        Format::Board | Format::Unicode => writeln!(out, "{none}"),
        Format::Array | Format::Json => {
            say!("puzzles: {none}");
            Ok(())
        }
        Format::Leetcode | Format::Svg => Ok(()),
    }
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
    /// Drawn with its letter or symbol on text boards.
    piece: Piece,
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
    /// Completions of given queens, which --unique does not list.
    given: bool,
    /// What a sheet without boards says after the heading, as the text
    /// formats say it.
    none: String,
    /// "the given queens", for completions.
    given_pieces: String,
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
            piece: Piece::Queen,
        })
    }

    /// Takes the piece (drawn on text boards) and what `--format svg` needs from the command line.
    pub(crate) fn svg(mut self, rules: &Rules, args: &QueensArgs) -> Printer<'a> {
        self.piece = rules.piece();
        let given = !args.given.is_empty() || args.given_file.is_some();
        self.svg = SvgSettings {
            options: SvgOptions::default()
                .labels(args.labels)
                .piece(rules.piece()),
            heading: heading(rules),
            single: args.first,
            unique: args.unique,
            given,
            none: if given {
                format!("no completion exists for the given {}s", rules.piece())
            } else {
                "no solution exists".to_owned()
            },
            given_pieces: format!("the given {}s", rules.piece()),
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
                    Format::Board => render::board_of(solution, self.piece),
                    _ => render::unicode_of(solution, self.piece),
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
                write!(
                    out,
                    "{}",
                    serde_json::to_string(&render::rows_of(solution, self.piece))?
                )?;
            }
            Format::Svg => {
                if self.sheet.len() == MAX_SHEET_BOARDS {
                    // Fundamental solutions carry their class sizes.
                    let unique = if class_size.is_some() || self.svg.given {
                        ""
                    } else {
                        "--unique or "
                    };
                    bail!(
                        "more than {MAX_SHEET_BOARDS} boards are too many for one SVG sheet; \
                         add --limit K (at most {MAX_SHEET_BOARDS}), or use {unique}--first"
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
                ([only], true) => {
                    let drawing =
                        svg::titled_board(&only.solution, &self.svg.heading, &self.svg.options);
                    self.out.write_all(drawing.as_bytes())?
                }
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
        return format!("{heading}: {}", settings.none);
    }
    let kind = if settings.unique {
        "fundamental solution"
    } else if settings.given {
        "completion"
    } else {
        "solution"
    };
    let plural = if count == 1 { "" } else { "s" };
    let classes = match (settings.unique, count) {
        (false, _) if settings.given => format!(" of {}", settings.given_pieces),
        (false, _) => String::new(),
        (true, 1) => ", with the size of its class".to_owned(),
        (true, _) => ", with the sizes of their classes".to_owned(),
    };
    if settings.limit == Some(count) {
        format!("{heading}: the first {count} {kind}{plural}{classes}")
    } else {
        format!("{heading}: {count} {kind}{plural}{classes}")
    }
}
