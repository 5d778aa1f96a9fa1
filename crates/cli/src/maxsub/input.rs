//! Where the numbers come from (the arguments, a file or standard input),
//! reading them, and saying where a bad one is in the user's terms.

use std::fs::File;
use std::io::{self, Read};
use std::path::PathBuf;

use anyhow::{Context, anyhow, bail};
use puzzles::subarray::parse::{Parse, read_matrix, read_values};
use puzzles::subarray::stream::{ScannedCircular, scan_circular};
use puzzles::subarray::{Matrix, SubarrayError, SyntaxErrorKind};

use super::args::MaxsubArgs;

/// Where the numbers come from.
pub(super) enum Input {
    /// Command-line arguments, each a line of text.
    Args(Vec<String>),
    File(PathBuf),
    Stdin,
}

impl Input {
    pub(super) fn of(args: &MaxsubArgs) -> Input {
        match (&args.file, args.numbers.as_slice()) {
            (Some(path), _) if path.as_os_str() == "-" => Input::Stdin,
            (Some(path), _) => Input::File(path.clone()),
            (None, []) => Input::Stdin,
            (None, [dash]) if dash == "-" => Input::Stdin,
            // An argument is one line of the text read, whatever line
            // breaks it holds: so argument numbers stay right, and with
            // --2d each argument stays one row.
            (None, numbers) => Input::Args(
                numbers
                    .iter()
                    .map(|number| number.replace(['\n', '\r'], " "))
                    .collect(),
            ),
        }
    }

    /// Where an error at `line` (and `column`) is, in the user's terms.
    fn locate(&self, line: u64, column: u64) -> String {
        match self {
            Input::Args(_) if column == 1 => format!("argument {line}"),
            Input::Args(_) => format!("argument {line}, column {column}"),
            Input::File(path) => format!("{}: line {line}, column {column}", path.display()),
            Input::Stdin => format!("standard input: line {line}, column {column}"),
        }
    }

    fn name(&self) -> String {
        match self {
            Input::Args(_) => "the arguments".to_string(),
            Input::File(path) => path.display().to_string(),
            Input::Stdin => "standard input".to_string(),
        }
    }

    /// A library error as the user should read it.
    pub(super) fn explain(&self, err: SubarrayError) -> anyhow::Error {
        match err {
            SubarrayError::Syntax(syntax) => {
                let message = syntax.to_string();
                let what = message
                    .split_once(": ")
                    .map_or(&message[..], |(_, what)| what);
                let hint = if syntax.kind == SyntaxErrorKind::Decimal {
                    "; use --float to read decimal numbers"
                } else {
                    ""
                };
                anyhow!(
                    "{}: {what}{hint}",
                    self.locate(syntax.position.line, syntax.position.column)
                )
            }
            SubarrayError::RaggedRow { line, column, .. } => {
                let message = err.to_string();
                let what = message
                    .split_once(": ")
                    .map_or(&message[..], |(_, what)| what);
                let what = match self {
                    Input::Args(_) => what.replace("(line ", "(argument "),
                    _ => what.to_string(),
                };
                anyhow!("{}: {what}", self.locate(line, column))
            }
            SubarrayError::EmptyInput => anyhow!("no numbers in {}", self.name()),
            too_many @ SubarrayError::TooManyValues { .. } => {
                anyhow!("{}: {too_many}", self.name())
            }
            SubarrayError::Io(io) => anyhow!("cannot read {}: {io}", self.name()),
            other => anyhow!(other),
        }
    }

    /// What `read` makes of the input's text, its errors in the user's
    /// terms.
    fn read_with<V>(
        &self,
        read: impl FnOnce(&mut dyn Read) -> Result<V, SubarrayError>,
    ) -> anyhow::Result<V> {
        let read = match self {
            Input::Args(args) => read(&mut args.join("\n").as_bytes()),
            Input::File(path) => read(&mut open(path)?),
            Input::Stdin => read(&mut io::stdin().lock()),
        };
        read.map_err(|err| self.explain(err))
    }

    /// Every number, in memory.
    pub(super) fn values<T: Parse>(&self) -> anyhow::Result<Vec<T>> {
        let values = self.read_with(|reader| read_values(reader))?;
        if values.is_empty() {
            return Err(self.explain(SubarrayError::EmptyInput));
        }
        Ok(values)
    }

    /// The best circular run, read in one pass without keeping the numbers.
    pub(super) fn scan_circular<T: Parse>(&self) -> anyhow::Result<ScannedCircular<T>> {
        self.read_with(|reader| scan_circular(reader))
    }

    /// The matrix, one row per line (per argument).
    pub(super) fn matrix<T: Parse>(&self) -> anyhow::Result<Matrix<T>> {
        // A blank line of a file is passed over, but an empty argument is
        // a row left out (an unset shell variable, say), not a layout.
        if let Input::Args(args) = self
            && let Some(index) = args.iter().position(|row| row.trim().is_empty())
        {
            bail!(
                "argument {} is empty: with --2d each argument is a row of numbers",
                index + 1
            );
        }
        self.read_with(|reader| read_matrix(reader))
    }
}

pub(super) fn open(path: &PathBuf) -> anyhow::Result<File> {
    File::open(path).with_context(|| format!("cannot open {}", path.display()))
}
