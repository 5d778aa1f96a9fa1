//! Writing a fill: the grid as text, the numbered answers, JSON, and ipuz
//! (the open JSON format crossword software reads, <http://ipuz.org>).

use serde_json::{Value, json};

use super::fill::Fill;
use super::grid::Direction;

/// The filled grid, one row per line, `#` for blocks.
///
/// # Example
///
/// ```
/// use puzzles::crossword::{Filler, Grid, WordList, render};
///
/// let grid = Grid::parse("..\n..")?;
/// let words = WordList::parse(&b"AB\nCD\nAC\nBD\n"[..])?;
/// let fill = Filler::new(&grid, &words)?.first().unwrap();
/// assert_eq!(render::text(&fill), "AB\nCD\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn text(fill: &Fill) -> String {
    let mut out = String::new();
    for line in fill.lines() {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// The answers, numbered, across then down:
///
/// ```text
/// Across
///   1 AB
///   3 CD
/// Down
///   1 AC
///   2 BD
/// ```
///
/// # Example
///
/// ```
/// use puzzles::crossword::{Filler, Grid, WordList, render};
///
/// let grid = Grid::parse("..\n..")?;
/// let words = WordList::parse(&b"AB\nCD\nAC\nBD\n"[..])?;
/// let fill = Filler::new(&grid, &words)?.first().unwrap();
/// assert_eq!(render::entries(&fill), "Across\n  1 AB\n  3 CD\nDown\n  1 AC\n  2 BD\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn entries(fill: &Fill) -> String {
    let width = fill
        .entries()
        .iter()
        .map(|entry| entry.slot.number.to_string().len())
        .max()
        .unwrap_or(1)
        .max(3);
    let mut out = String::new();
    for (direction, title) in [(Direction::Across, "Across"), (Direction::Down, "Down")] {
        let mut entries = fill
            .entries()
            .iter()
            .filter(|e| e.slot.direction == direction)
            .peekable();
        // A grid of one row has no down answers: no empty heading for them.
        if entries.peek().is_none() {
            continue;
        }
        out.push_str(title);
        out.push('\n');
        for entry in entries {
            out.push_str(&format!("{:>width$} {}\n", entry.slot.number, entry.word));
        }
    }
    out
}

/// The fill as one JSON object: `rows`, `cols`, `grid` (the rows, `#` for
/// blocks) and `entries` (number, direction, first square, word, score).
///
/// # Example
///
/// ```
/// use puzzles::crossword::{Filler, Grid, WordList, render};
///
/// let grid = Grid::parse("..")?;
/// let fill = Filler::new(&grid, &WordList::parse(&b"GO\n"[..])?)?.first().unwrap();
/// assert_eq!(
///     render::json(&fill).to_string(),
///     r#"{"cols":2,"entries":[{"col":0,"direction":"across","number":1,"row":0,"score":50,"word":"GO"}],"grid":["GO"],"rows":1}"#
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn json(fill: &Fill) -> Value {
    let entries: Vec<Value> = fill
        .entries()
        .iter()
        .map(|entry| {
            json!({
                "number": entry.slot.number,
                "direction": entry.slot.direction.as_str(),
                "row": entry.slot.row,
                "col": entry.slot.col,
                "word": entry.word,
                "score": entry.score,
            })
        })
        .collect();
    json!({
        "rows": fill.rows(),
        "cols": fill.cols(),
        "grid": fill.lines(),
        "entries": entries,
    })
}

/// The fill as an ipuz crossword (version 2): the numbered grid, the
/// solution, and the across and down clues with their answers (the clue
/// text is left empty for the constructor to write). The squares are
/// numbered as the fill's entries are, so the fill is all it takes.
///
/// # Example
///
/// ```
/// use puzzles::crossword::{Filler, Grid, WordList, render};
///
/// let grid = Grid::parse("..\n.#")?;
/// let words = WordList::parse(&b"AB\nAC\n"[..])?;
/// let fill = Filler::new(&grid, &words)?.first().unwrap();
/// let ipuz = render::ipuz(&fill);
/// assert_eq!(ipuz["puzzle"], serde_json::json!([[1, 0], [0, "#"]]));
/// assert_eq!(ipuz["solution"], serde_json::json!([["A", "B"], ["C", "#"]]));
/// assert_eq!(ipuz["clues"]["Down"][0]["answer"], "AC");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn ipuz(fill: &Fill) -> Value {
    let mut numbers = vec![0; fill.rows() * fill.cols()];
    for entry in fill.entries() {
        numbers[entry.slot.row * fill.cols() + entry.slot.col] = entry.slot.number;
    }
    let puzzle: Vec<Vec<Value>> = (0..fill.rows())
        .map(|row| {
            (0..fill.cols())
                .map(|col| match fill.letter(row, col) {
                    None => json!("#"),
                    Some(_) => json!(numbers[row * fill.cols() + col]),
                })
                .collect()
        })
        .collect();
    let solution: Vec<Vec<Value>> = (0..fill.rows())
        .map(|row| {
            (0..fill.cols())
                .map(|col| match fill.letter(row, col) {
                    None => json!("#"),
                    Some(letter) => json!(letter.to_string()),
                })
                .collect()
        })
        .collect();
    let clues = |direction: Direction| -> Vec<Value> {
        fill.entries()
            .iter()
            .filter(|entry| entry.slot.direction == direction)
            .map(|entry| {
                json!({
                    "number": entry.slot.number,
                    "clue": "",
                    "answer": entry.word,
                })
            })
            .collect()
    };
    json!({
        "version": "http://ipuz.org/v2",
        "kind": ["http://ipuz.org/crossword#1"],
        "dimensions": { "width": fill.cols(), "height": fill.rows() },
        "block": "#",
        "empty": 0,
        "puzzle": puzzle,
        "solution": solution,
        "clues": { "Across": clues(Direction::Across), "Down": clues(Direction::Down) },
    })
}
