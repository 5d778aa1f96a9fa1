//! An append-only file of sealed lines, as a crossword count's checkpoint
//! keeps it: opened (a regular file, created when missing) and locked
//! before anything is read, read back line by line in bounded memory with
//! every seal checked, appended to one flushed line at a time (a write that
//! fails part way is cut back to the last whole line, so the file never
//! ends in half a line) and synced to disk about once a second. What the
//! lines say is the caller's: this file knows only lines and seals.

use std::fs::{File, OpenOptions};
use std::io::{self, BufReader, Seek, Write};
use std::path::Path;
use std::time::{Duration, Instant};

use crate::lines::{Line, read_line_bounded};
use crate::record_file::{
    LockFailure, SealError, file_kind, lock_exclusive, not_a_regular_file, seal_line, unseal_line,
};

/// How often [`RecordLog::append`] asks the disk to keep the file.
const SYNC_EVERY: Duration = Duration::from_secs(1);

/// An open, locked record file.
#[derive(Debug)]
pub(crate) struct RecordLog {
    file: File,
    /// The file's length after its last whole line.
    length: u64,
    last_sync: Instant,
}

/// Why [`RecordLog::open`] did not open a file.
#[derive(Debug)]
pub(crate) enum LogError {
    /// Another open file (another process, as a rule) holds the lock.
    InUse { pid: Option<u32> },
    /// Something other than a regular file is there.
    NotAFile { kind: &'static str },
    /// Creating, opening, locking or reading failed.
    Io {
        action: &'static str,
        cause: io::Error,
    },
    /// Line `line` (from 1) is damaged.
    Line { line: usize, problem: LineProblem },
}

/// What is wrong with a line of a record file.
#[derive(Debug)]
pub(crate) enum LineProblem {
    /// Longer than the bound.
    TooLong,
    /// The file's last line has no newline: it was cut short.
    Truncated,
    /// Not UTF-8.
    NotText,
    /// No seal, or one that does not match.
    Seal(SealError),
}

impl std::fmt::Display for LineProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LineProblem::TooLong => f.write_str("the line is too long"),
            LineProblem::Truncated => {
                f.write_str("the line has no newline: the file was cut short while being written")
            }
            LineProblem::NotText => f.write_str("the line is not UTF-8 text"),
            LineProblem::Seal(err) => write!(f, "{err}"),
        }
    }
}

impl RecordLog {
    /// Opens (creating it when missing) and locks the file at `path`, and
    /// reads back its lines of at most `max_line` bytes: the JSON objects
    /// they seal, in order (none for a new or empty file).
    pub(crate) fn open(path: &Path, max_line: usize) -> Result<(RecordLog, Vec<String>), LogError> {
        let io_error = |action, cause| LogError::Io { action, cause };
        // Checked before opening, since opening a FIFO for reading waits
        // for a writer; and again on the open file, in case the path
        // changed in between.
        if let Some(kind) = not_a_regular_file(path) {
            return Err(LogError::NotAFile { kind });
        }
        // Created and locked before anything is read or written: of two
        // processes racing on a new file, the one that gets the lock writes
        // the first line, the other stops.
        let file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(path)
            .map_err(|err| {
                let action = if err.kind() == io::ErrorKind::NotFound {
                    "create"
                } else {
                    "open"
                };
                io_error(action, err)
            })?;
        let metadata = file.metadata().map_err(|err| io_error("read", err))?;
        if let Some(kind) = file_kind(&metadata) {
            return Err(LogError::NotAFile { kind });
        }
        lock_exclusive(&file).map_err(|failure| match failure {
            LockFailure::Held { pid } => LogError::InUse { pid },
            LockFailure::Io(err) => io_error("lock", err),
        })?;
        let mut reader = BufReader::new(&file);
        reader.rewind().map_err(|err| io_error("read", err))?;
        let mut objects = Vec::new();
        let mut bytes = Vec::new();
        let mut length = 0;
        loop {
            let line = objects.len() + 1;
            let read = read_line_bounded(&mut reader, &mut bytes, max_line)
                .map_err(|err| io_error("read", err))?;
            let fail = |problem| LogError::Line { line, problem };
            let content = match read {
                Line::End => break,
                Line::TooLong => return Err(fail(LineProblem::TooLong)),
                Line::Read => bytes
                    .strip_suffix(b"\n")
                    .ok_or_else(|| fail(LineProblem::Truncated))?,
            };
            let text = std::str::from_utf8(content).map_err(|_| fail(LineProblem::NotText))?;
            objects.push(unseal_line(text).map_err(|err| fail(LineProblem::Seal(err)))?);
            length += bytes.len() as u64;
        }
        let log = RecordLog {
            file,
            length,
            last_sync: Instant::now(),
        };
        Ok((log, objects))
    }

    /// Appends the JSON object `payload` (its text without the closing
    /// brace) sealed, as one flushed line; syncs the file if the last sync
    /// is a second old.
    pub(crate) fn append(&mut self, payload: &str) -> io::Result<()> {
        let line = seal_line(payload);
        let written = (&self.file)
            .write_all(line.as_bytes())
            .and_then(|()| (&self.file).flush());
        if let Err(err) = written {
            // A full disk takes what fits: cut it off, so that the file
            // ends with its last whole line and the same command resumes
            // from it once there is room.
            let _ = self.file.set_len(self.length);
            return Err(err);
        }
        self.length += line.len() as u64;
        if self.last_sync.elapsed() >= SYNC_EVERY {
            self.sync()?;
            self.last_sync = Instant::now();
        }
        Ok(())
    }

    /// Asks the disk to keep what is written now.
    pub(crate) fn sync(&self) -> io::Result<()> {
        self.file.sync_data()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> std::path::PathBuf {
        let path = std::env::temp_dir().join(format!("record-log-{name}-{}", std::process::id()));
        let _ = std::fs::remove_file(&path);
        path
    }

    #[test]
    fn lines_come_back_as_written() {
        let path = scratch("back");
        let (mut log, objects) = RecordLog::open(&path, 100).unwrap();
        assert!(objects.is_empty());
        log.append(r#"{"a":1"#).unwrap();
        log.append(r#"{"b":2"#).unwrap();
        drop(log);
        let (_, objects) = RecordLog::open(&path, 100).unwrap();
        assert_eq!(objects, [r#"{"a":1}"#, r#"{"b":2}"#]);
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn damage_is_named_by_line() {
        let path = scratch("damage");
        let (mut log, _) = RecordLog::open(&path, 100).unwrap();
        log.append(r#"{"a":1"#).unwrap();
        drop(log);
        let good = std::fs::read_to_string(&path).unwrap();
        type IsProblem = fn(&LineProblem) -> bool;
        let cases: [(String, usize, IsProblem); 4] = [
            (good.replace('1', "2"), 1, |p| {
                matches!(p, LineProblem::Seal(SealError::BadChecksum))
            }),
            (format!("{good}{{}}\n"), 2, |p| {
                matches!(p, LineProblem::Seal(SealError::NoChecksum))
            }),
            (good.trim_end().to_string(), 1, |p| {
                matches!(p, LineProblem::Truncated)
            }),
            (format!("{good}{}\n", "x".repeat(101)), 2, |p| {
                matches!(p, LineProblem::TooLong)
            }),
        ];
        for (text, wanted, problem) in cases {
            std::fs::write(&path, text.as_bytes()).unwrap();
            match RecordLog::open(&path, 100) {
                Err(LogError::Line { line, problem: p }) => {
                    assert_eq!(line, wanted, "{text:?}");
                    assert!(problem(&p), "{text:?}: {p}");
                }
                other => panic!("{text:?}: {other:?}"),
            }
        }
        std::fs::write(&path, b"\xff\n").unwrap();
        assert!(matches!(
            RecordLog::open(&path, 100),
            Err(LogError::Line {
                line: 1,
                problem: LineProblem::NotText
            })
        ));
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn a_second_open_is_refused_while_the_first_holds_it() {
        let path = scratch("lock");
        let (first, _) = RecordLog::open(&path, 100).unwrap();
        assert!(matches!(
            RecordLog::open(&path, 100),
            Err(LogError::InUse { .. })
        ));
        drop(first);
        assert!(RecordLog::open(&path, 100).is_ok());
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn a_directory_is_refused() {
        assert!(matches!(
            RecordLog::open(&std::env::temp_dir(), 100),
            Err(LogError::NotAFile {
                kind: "a directory"
            })
        ));
    }
}
