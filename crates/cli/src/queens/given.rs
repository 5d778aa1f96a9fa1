//! `puzzles queens N --given ROW:COL,...` and `--given-file FILE`: complete a
//! board with queens already placed.

use std::io::Write;
use std::path::Path;

use anyhow::Context;
use puzzles::queens::{Board, Rules};
use serde_json::json;

use super::args::{Format, QueensArgs};
use super::printer::Printer;
use super::trace::{Traced, trace};
use crate::outcome::Outcome;

/// Parses a given-queens file: one square a line, `ROW:COL` or `ROW COL`,
/// with blank lines and `#` comments. Errors name the line and column.
pub fn parse_given_lines(text: &str) -> Result<Vec<(usize, usize)>, String> {
    let mut squares = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line_number = index + 1;
        let content = line.split('#').next().unwrap_or("");
        if content.trim().is_empty() {
            continue;
        }
        squares.push(parse_line(content).map_err(|(column, message)| {
            format!("line {line_number}, column {column}: {message}")
        })?);
    }
    Ok(squares)
}

/// One line's square, or the (1-based) column of the trouble and why.
fn parse_line(line: &str) -> Result<(usize, usize), (usize, String)> {
    let chars: Vec<(usize, char)> = line.char_indices().collect();
    let column_of = |index: usize| line[..index].chars().count() + 1;
    let found = |at: usize| match chars.iter().find(|&&(index, _)| index >= at) {
        Some(&(_, ch)) => format!("{ch:?}"),
        None => "the end of the line".to_string(),
    };
    let mut at = 0;
    let skip_spaces = |at: &mut usize| {
        while let Some(ch) = line[*at..].chars().next().filter(|ch| ch.is_whitespace()) {
            *at += ch.len_utf8();
        }
    };
    let number = |at: &mut usize, what: &str| -> Result<usize, (usize, String)> {
        let start = *at;
        while line[*at..].starts_with(|ch: char| ch.is_ascii_digit()) {
            *at += 1;
        }
        if start == *at {
            return Err((
                column_of(start),
                format!("expected the {what}, found {}", found(start)),
            ));
        }
        line[start..*at].parse::<usize>().map_err(|_| {
            (
                column_of(start),
                format!("the {what} {} is too large", &line[start..*at]),
            )
        })
    };
    skip_spaces(&mut at);
    let row = number(&mut at, "row")?;
    let before = at;
    skip_spaces(&mut at);
    if line[at..].starts_with(':') {
        at += 1;
        skip_spaces(&mut at);
    } else if at == before {
        return Err((
            column_of(at),
            format!("expected ':' or a space after the row, found {}", found(at)),
        ));
    }
    let col = number(&mut at, "column")?;
    skip_spaces(&mut at);
    if at < line.len() {
        return Err((
            column_of(at),
            format!(
                "expected the end of the line after the column, found {}",
                found(at)
            ),
        ));
    }
    Ok((row, col))
}

fn read_given_file(path: &Path) -> anyhow::Result<Vec<(usize, usize)>> {
    let name = path.display();
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {name}"))?;
    parse_given_lines(&text).map_err(|message| anyhow::anyhow!("{name}: {message}"))
}

pub fn run(args: &QueensArgs, n: usize, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    let mut given = args.given.clone();
    if let Some(path) = &args.given_file {
        given.extend(read_given_file(path)?);
    }
    let board = Board::with_rules(Rules::new(n, args.piece.into(), args.torus)?)?;
    let completion = board.with_given(&given)?;
    if args.trace {
        return trace(Traced::Completion(&completion), args, out);
    }
    if args.count {
        let total = completion.count();
        match args.format {
            Format::Json => writeln!(out, "{}", json!({ "n": n, "total": total }))?,
            _ => writeln!(out, "{total}")?,
        }
        return Ok(if total == 0 {
            Outcome::NoSolution
        } else {
            Outcome::Answer
        });
    }
    let mut printer = Printer::new(args.format, n, out)?.svg(board.rules(), args);
    let mut printed = 0;
    if args.first {
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
    if matches!(args.format, Format::Board | Format::Array | Format::Unicode) {
        writeln!(out, "no completion exists for the given queens")?;
    }
    Ok(Outcome::NoSolution)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn given_files_parse_or_say_where() {
        let text = "# three queens\n0:3\n\n  6 4  # spaces work too\n2 : 7\n";
        assert_eq!(parse_given_lines(text), Ok(vec![(0, 3), (6, 4), (2, 7)]));
        for (text, message) in [
            (
                "0:3\nx:1\n",
                "line 2, column 1: expected the row, found 'x'",
            ),
            (
                "0;3",
                "line 1, column 2: expected ':' or a space after the row, found ';'",
            ),
            (
                "0:",
                "line 1, column 3: expected the column, found the end of the line",
            ),
            (
                "0:3:4",
                "line 1, column 4: expected the end of the line after the column, found ':'",
            ),
            (
                "0 3 4",
                "line 1, column 5: expected the end of the line after the column, found '4'",
            ),
            (
                "99999999999999999999999:1",
                "line 1, column 1: the row 99999999999999999999999 is too large",
            ),
            ("é:1", "line 1, column 1: expected the row, found 'é'"),
        ] {
            assert_eq!(
                parse_given_lines(text),
                Err(message.to_string()),
                "{text:?}"
            );
        }
    }

    proptest! {
        #[test]
        fn the_given_file_parser_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
            let text = String::from_utf8_lossy(&bytes);
            match parse_given_lines(&text) {
                Ok(squares) => prop_assert!(squares.len() <= text.lines().count()),
                Err(message) => prop_assert!(message.starts_with("line ")),
            }
        }

        #[test]
        fn written_squares_read_back(squares in proptest::collection::vec((0usize..100, 0usize..100), 0..20)) {
            let text: String = squares.iter().map(|(r, c)| format!("{r}:{c}\n")).collect();
            prop_assert_eq!(parse_given_lines(&text), Ok(squares));
        }
    }
}
