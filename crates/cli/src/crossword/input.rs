//! Reading the grid and the word list.

use std::fs::File;
use std::io::{self, BufReader, Read};
use std::path::Path;

use anyhow::{Context, anyhow, bail};
use puzzles::crossword::{Grid, WordList};

/// The name of a path in messages (`-` is standard input).
pub(super) fn shown(path: &Path) -> String {
    if path.as_os_str() == "-" {
        "standard input".to_string()
    } else {
        path.display().to_string()
    }
}

/// The largest grid file read: a 64×64 grid is about 4 KB, comments aside.
const MAX_GRID_BYTES: u64 = 1 << 20;

pub(super) fn read_grid(path: &Path) -> anyhow::Result<Grid> {
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

pub(super) fn read_words(path: Option<&Path>) -> anyhow::Result<WordList> {
    let Some(path) = path else {
        return Ok(WordList::english());
    };
    let reader: Box<dyn Read> = if path.as_os_str() == "-" {
        Box::new(io::stdin().lock())
    } else {
        // Worded as a list that opens but cannot be read (a directory).
        Box::new(
            File::open(path)
                .map_err(|err| anyhow!("{}: cannot read the word list: {err}", shown(path)))?,
        )
    };
    let words = WordList::parse(BufReader::with_capacity(1 << 16, reader))
        .map_err(|err| anyhow!("{}: {err}", shown(path)))?;
    if words.skipped() > 0 {
        say!(
            "puzzles: {}: {} {} skipped (not words of letters A-Z, or longer than 64), the first on line {}",
            shown(path),
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
