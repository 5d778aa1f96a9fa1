//! Reading the problem from a file or standard input.

use std::io;
use std::path::PathBuf;

use anyhow::Context;
use puzzles::exact_cover::Problem;

/// The problem in `path` (`-` for standard input).
pub(super) fn read_problem(path: &PathBuf) -> anyhow::Result<Problem> {
    // Read a line at a time, each line at most exact_cover::MAX_LINE bytes.
    let (name, result) = if path.as_os_str() == "-" {
        crate::stdin::reading_from_a_terminal("the problem");
        (
            "standard input".to_string(),
            Problem::read(io::stdin().lock()),
        )
    } else {
        let file =
            std::fs::File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
        // Opening a folder succeeds; reading it fails, which is not a flaw of
        // the problem at line 1.
        if file.metadata().is_ok_and(|metadata| metadata.is_dir()) {
            anyhow::bail!("cannot read {}: it is a directory", path.display());
        }
        (path.display().to_string(), Problem::read(file))
    };
    result.with_context(|| format!("{name} is not a valid exact cover problem"))
}
