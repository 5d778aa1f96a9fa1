//! Where puzzles come from: one from the command line, or a stream of them,
//! one a line, from a file or standard input.

use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal};
use std::path::{Path, PathBuf};

use anyhow::{Context, anyhow, bail};
use puzzles::sudoku::{Alphabet, Puzzle};

/// The puzzle given on the command line; a file's name given there instead
/// is pointed to `--file`.
pub(super) fn puzzle(text: &str, alphabet: Alphabet) -> anyhow::Result<Puzzle> {
    match Puzzle::parse_with(text, alphabet) {
        Ok(puzzle) => Ok(puzzle),
        Err(err) if Path::new(text).is_file() => {
            bail!("invalid puzzle: {err}; to read puzzles from the file {text}, use --file {text}")
        }
        Err(err) => Err(anyhow!(err).context("invalid puzzle")),
    }
}

/// A stream of puzzles, one a line.
pub(super) struct Source {
    pub(super) reader: Box<dyn BufRead>,
    /// The file's name in messages; `None` for standard input.
    pub(super) name: Option<String>,
    /// Whether someone types the puzzles at a terminal.
    pub(super) interactive: bool,
    /// The size of a regular file.
    pub(super) bytes: Option<u64>,
}

impl Source {
    /// `file`, or standard input when there is none or it is `-`.
    pub(super) fn open(file: Option<&PathBuf>) -> anyhow::Result<Source> {
        match file {
            Some(path) if path.as_os_str() != "-" => {
                let file =
                    File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
                // A regular file's size lets several threads finish together.
                let bytes = file
                    .metadata()
                    .ok()
                    .filter(|m| m.is_file())
                    .map(|m| m.len());
                Ok(Source {
                    reader: Box::new(BufReader::with_capacity(1 << 16, file)),
                    name: Some(path.display().to_string()),
                    interactive: false,
                    bytes,
                })
            }
            _ => {
                let stdin = io::stdin();
                let interactive = stdin.is_terminal();
                crate::stdin::reading_from_a_terminal("puzzles, one a line,");
                Ok(Source {
                    reader: Box::new(stdin.lock()),
                    name: None,
                    interactive,
                    bytes: None,
                })
            }
        }
    }
}
