//! Whether a file named on the command line is also standard output or
//! standard error: `--checkpoint out.txt > out.txt` wrote the answer over
//! the checkpoint's header (and `2>> file` the interruption notice into
//! it), so the next run refused the file. A leaf: the commands call it.

use std::path::Path;

/// The standard stream that `path` is also open as (`"standard output"` or
/// `"standard error"`), when `path` is a regular file: a terminal or a pipe
/// is refused as a checkpoint elsewhere, and a file not yet there is no
/// stream.
pub fn open_as_standard_stream(path: &Path) -> Option<&'static str> {
    #[cfg(unix)]
    {
        use std::io;
        use std::os::fd::AsFd;
        use std::os::unix::fs::MetadataExt;
        let file = std::fs::metadata(path).ok().filter(|meta| meta.is_file())?;
        let is_file = |fd: std::os::fd::BorrowedFd<'_>| {
            fd.try_clone_to_owned()
                .ok()
                .map(std::fs::File::from)
                .and_then(|stream| stream.metadata().ok())
                .is_some_and(|meta| meta.dev() == file.dev() && meta.ino() == file.ino())
        };
        if is_file(io::stdout().as_fd()) {
            return Some("standard output");
        }
        if is_file(io::stderr().as_fd()) {
            return Some("standard error");
        }
        None
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        None
    }
}

/// Refuses a `--checkpoint` that is also standard output or standard error,
/// and `-`, which every file argument of this program reads as standard
/// input, but a checkpoint would have made a file of that name.
pub fn refuse_as_checkpoint(path: &Path) -> anyhow::Result<()> {
    if path.as_os_str() == "-" {
        anyhow::bail!(
            "--checkpoint - names no file: a checkpoint is read and written again, so it cannot \
             be standard input or output (for a file named '-', write ./-)"
        );
    }
    match open_as_standard_stream(path) {
        Some(stream) => anyhow::bail!(
            "--checkpoint {} is also {stream}: what is printed there would be written into the \
             checkpoint; give the checkpoint a file of its own",
            path.display()
        ),
        None => Ok(()),
    }
}
