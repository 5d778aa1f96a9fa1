//! `puzzles queens verify FILE`: checks a claimed solution of any size.

use std::fs::File;
use std::io::{self, Write};

use anyhow::Context;
use puzzles::queens::verify::{Verdict, verify, verify_seekable};
use puzzles::trace::ConflictKind;

use super::args::VerifyArgs;
use crate::outcome::Outcome;

pub fn run(args: VerifyArgs, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    let (name, verdict) = if args.file.as_os_str() == "-" {
        crate::stdin::reading_from_a_terminal("the columns");
        let verdict = match stdin_file() {
            Some(file) => verify_seekable(file),
            None => verify(io::stdin().lock()),
        };
        ("standard input".to_string(), verdict)
    } else {
        let name = args.file.display().to_string();
        let file = File::open(&args.file).with_context(|| format!("cannot open {name}"))?;
        // A pipe by name (`<(...)`, a FIFO) reads once, as standard input does.
        let verdict = if file.metadata().is_ok_and(|meta| meta.is_file()) {
            verify_seekable(file)
        } else {
            verify(io::BufReader::new(file))
        };
        (name, verdict)
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
