//! Writes answers in the format `--format` chose: labelled text lines or
//! JSON.

use std::fmt::Display;
use std::io::Write;

use puzzles::subarray::{Best, CircularBest, Element, Excerpt, Matrix, Rect, Sum};
use serde::Serialize;

use super::args::Format;

/// Writes answers in the chosen format.
pub(super) struct Printer {
    pub(super) format: Format,
    pub(super) allow_empty: bool,
    /// `--float`: numbers too long to read are written with an exponent.
    pub(super) float: bool,
}

/// The JSON of a linear run; `null` positions for the empty subarray.
#[derive(Serialize)]
struct RunJson<S> {
    sum: S,
    start: Option<usize>,
    end: Option<usize>,
    len: usize,
}

/// The JSON of a run on the circle; with its `n`, a non-empty one reads
/// back as the library's `CircularBest`.
#[derive(Serialize)]
struct CircularJson<S> {
    sum: S,
    start: Option<usize>,
    end: Option<usize>,
    len: usize,
    n: usize,
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

    pub(super) fn best<T: Element>(
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
                writeln!(out, "sum: {}", number(sum, self.float))?;
                writeln!(out, "start: {}", best.start)?;
                writeln!(out, "end: {}", best.end)?;
                writeln!(out, "len: {}", best.len())?;
                writeln!(out, "elements: {}", show(elements, self.float))?;
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

    pub(super) fn circular<T: Element>(
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
                    n: best.n,
                    wraps: !empty && best.wraps(),
                },
            ),
            Format::Text if empty => self.empty(out),
            Format::Text => {
                writeln!(out, "sum: {}", number(sum, self.float))?;
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
                writeln!(out, "elements: {}", show(elements, self.float))?;
                Ok(())
            }
        }
    }

    pub(super) fn top<T: Element>(
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
        // The columns' widths come from a first pass, so that no more than
        // a row is held as text at a time, whatever the number of runs.
        let header = ["rank", "sum", "start", "end", "len"].map(String::from);
        let row = |index: usize, best: &Best<T::Sum>| {
            [
                (index + 1).to_string(),
                number(best.sum.normalized(), self.float),
                best.start.to_string(),
                best.end.to_string(),
                best.len().to_string(),
            ]
        };
        let mut widths = [0; 5];
        let rows = found
            .iter()
            .enumerate()
            .map(|(index, best)| row(index, best));
        for cells in std::iter::once(header.clone()).chain(rows) {
            for (width, cell) in widths.iter_mut().zip(&cells) {
                *width = (*width).max(cell.chars().count());
            }
        }
        let write_row = |out: &mut dyn Write, cells: [String; 5], elements: &str| {
            let mut line = String::new();
            for (width, cell) in widths.iter().zip(&cells) {
                line.push_str(&format!("{cell:>width$}  "));
            }
            line.push_str(elements);
            writeln!(out, "{line}")
        };
        write_row(out, header, "elements")?;
        for (index, best) in found.iter().enumerate() {
            let elements = show(&Excerpt::of(&values[best.range()]), self.float);
            write_row(out, row(index, best), &elements)?;
        }
        Ok(())
    }

    pub(super) fn rect<T: Element>(
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
                writeln!(out, "sum: {}", number(sum, self.float))?;
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
                            .map(|col| number(matrix.get(row, col), self.float))
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

/// A number as text. A float prints every digit of its decimal expansion
/// (`1e307` as 308 digits), so a long one is written with an exponent where
/// that is shorter (`2e307`, but `0.30000000000000004`); whole numbers
/// (64-bit, and 128-bit sums) keep their digits.
fn number(value: impl Display, float: bool) -> String {
    let text = value.to_string();
    if float && text.len() > 17 {
        // Display writes the shortest decimal that reads back exactly.
        if let Ok(value) = text.parse::<f64>() {
            let exponent = format!("{value:e}");
            if exponent.len() < text.len() {
                return exponent;
            }
        }
    }
    text
}

/// The elements of a run: all of them, or the first and last few around a
/// count of those left out.
fn show<T: Display + Copy + Default>(excerpt: &Excerpt<T>, float: bool) -> String {
    let join = |values: &[T]| {
        values
            .iter()
            .map(|&value| number(value, float))
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
