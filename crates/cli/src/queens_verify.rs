//! `puzzles queens verify FILE`: checks a claimed solution of any size.

use std::fs::File;
use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;
use puzzles::queens::verify::{Verdict, verify, verify_seekable};
use puzzles::trace::ConflictKind;

use crate::Outcome;

#[derive(Debug, Args)]
#[command(after_help = "\
The input is the list of columns, row 0 first (0-based): decimal numbers separated by
whitespace or by commas, optionally between [ and ] — what `puzzles queens N --first
--format array` writes, a line like 1,3,0,2, or one column per line. N is the number
of columns given.

Output: `valid` (exit status 0), or the first two queens that attack each other (exit
status 1): the first row whose queen an earlier one attacks, and the earliest row that
attacks it. A column given twice is an attack along that column. Input that is not
such a list — anything but digits, separators and brackets, a doubled or dangling
comma, an unclosed [, a column of N or more, no columns at all — is an error (exit
status 2) naming the line and column; for a column off the board, the largest one.

A file (or a file redirected to standard input) is checked in one pass with 5 bits per
row; a pipe keeps its columns (4 bytes per row) to name the attacking pair.

Examples:
  puzzles queens 1000000 --first --format array > sol.txt
  puzzles queens verify sol.txt         valid
  echo 0,2,4,1,3 | puzzles queens verify -")]
pub struct VerifyArgs {
    /// The file holding the claimed solution; `-` reads standard input.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
}

pub fn run(args: VerifyArgs, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    let (name, verdict) = if args.file.as_os_str() == "-" {
        let verdict = match stdin_file() {
            Some(file) => verify_seekable(file),
            None => verify(io::stdin().lock()),
        };
        ("standard input".to_string(), verdict)
    } else {
        let name = args.file.display().to_string();
        let file = File::open(&args.file).with_context(|| format!("cannot open {name}"))?;
        (name, verify_seekable(file))
    };
    match verdict.with_context(|| name.clone())? {
        Verdict::Valid { .. } => {
            writeln!(out, "valid")?;
            Ok(Outcome::Answer)
        }
        Verdict::Attack {
            first: (first_row, first_col),
            second: (second_row, second_col),
            kind,
            ..
        } => {
            let how = match kind {
                ConflictKind::Column => format!("in column {first_col}"),
                _ => format!("on a diagonal (columns {first_col} and {second_col})"),
            };
            writeln!(
                out,
                "rows {first_row} and {second_row} attack each other {how}"
            )?;
            Ok(Outcome::NoSolution)
        }
    }
}

/// Standard input as a file, when it is one (`< sol.txt`): then it can be
/// checked in O(n) bits like a named file.
#[cfg(unix)]
fn stdin_file() -> Option<File> {
    use std::os::fd::AsFd;
    let fd = io::stdin().as_fd().try_clone_to_owned().ok()?;
    let file = File::from(fd);
    file.metadata().ok()?.is_file().then_some(file)
}

#[cfg(not(unix))]
fn stdin_file() -> Option<File> {
    None
}
