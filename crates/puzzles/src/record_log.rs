//! An append-only file of sealed lines, as count checkpoints (queens and
//! crossword) keep them: opened (a regular file, created when missing) and locked
//! before anything is read, read back line by line in bounded memory with
//! every seal checked, appended to one flushed line at a time (a write that
//! fails part way is cut back to the last whole line, so the file never
//! ends in half a line) and synced to disk about once a second. What the
//! lines say is the caller's: this file knows only lines and seals.

use std::fs::{File, OpenOptions};
use std::io::{self, BufRead, BufReader, Seek, Write};
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

/// Why a record file could not be opened, locked or read.
#[derive(Debug)]
pub(crate) enum FileFailure {
    /// Another open file (another process, as a rule) holds the lock.
    InUse { pid: Option<u32> },
    /// Something other than a regular file is there.
    NotAFile { kind: &'static str },
    /// Creating, opening, locking or reading failed.
    Io {
        action: &'static str,
        cause: io::Error,
    },
}

/// Why [`RecordLog::open`] did not open a file.
#[derive(Debug)]
pub(crate) enum LogError {
    /// The file itself.
    File(FileFailure),
    /// Line `line` (from 1) is damaged.
    Line { line: usize, problem: LineProblem },
}

/// What is wrong with a line of a record file.
#[derive(Debug)]
pub(crate) enum LineProblem {
    /// Longer than the bound, in bytes.
    TooLong(usize),
    /// The file's last line has no newline: it was cut short.
    Truncated,
    /// Not UTF-8.
    NotText,
    /// No seal, or one that does not match.
    Seal(SealError),
    /// Reading it failed.
    Unreadable(io::Error),
    /// What it says was refused, for this reason.
    Refused(String),
}

impl std::fmt::Display for LineProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LineProblem::TooLong(bound) => write!(
                f,
                "the line is longer than {bound} bytes, so it is no line of this file"
            ),
            LineProblem::Truncated => f.write_str(
                "the line has no newline: the file was cut short while being written; delete \
                     that line to resume from the lines before it",
            ),
            LineProblem::NotText => f.write_str("the line is not UTF-8 text"),
            LineProblem::Seal(err) => write!(f, "{err}"),
            LineProblem::Unreadable(err) => write!(f, "the line cannot be read: {err}"),
            LineProblem::Refused(reason) => f.write_str(reason),
        }
    }
}

impl RecordLog {
    /// Opens (creating it when missing) and locks the file at `path`, and
    /// reads back its lines of at most `max_line` bytes, handing `each` the
    /// JSON object each one seals, in order, as it is read (so that a bad
    /// line stops the reading there, whatever follows): the log and the
    /// number of lines (0 for a new or empty file).
    pub(crate) fn open(
        path: &Path,
        max_line: usize,
        each: &mut dyn FnMut(usize, &str) -> Result<(), String>,
    ) -> Result<(RecordLog, usize), LogError> {
        let log = RecordLog::open_locked(path).map_err(LogError::File)?;
        let lines = log.read_back(max_line, each)?;
        Ok((log, lines))
    }

    /// Opens (creating it when missing) and locks the file at `path`,
    /// reading nothing: [`RecordLog::file`] reads it, and appends go after
    /// its last byte.
    pub(crate) fn open_locked(path: &Path) -> Result<RecordLog, FileFailure> {
        let io_error = |action, cause| FileFailure::Io { action, cause };
        // Checked before opening, since opening a FIFO for reading waits
        // for a writer; and again on the open file, in case the path
        // changed in between.
        if let Some(kind) = not_a_regular_file(path) {
            return Err(FileFailure::NotAFile { kind });
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
            return Err(FileFailure::NotAFile { kind });
        }
        lock_exclusive(&file).map_err(|failure| match failure {
            LockFailure::Held { pid } => FileFailure::InUse { pid },
            LockFailure::Io(err) => io_error("lock", err),
        })?;
        // Read once locked: another process may have written until then.
        let length = file.metadata().map_err(|err| io_error("read", err))?.len();
        Ok(RecordLog {
            file,
            length,
            last_sync: Instant::now(),
        })
    }

    /// The open file, to read from its start.
    pub(crate) fn file(&self) -> &File {
        &self.file
    }

    /// The file's length after its last whole line.
    pub(crate) fn len(&self) -> u64 {
        self.length
    }

    /// Reads the file from its start ([`read_sealed`]).
    fn read_back(
        &self,
        max_line: usize,
        each: &mut dyn FnMut(usize, &str) -> Result<(), String>,
    ) -> Result<usize, LogError> {
        let mut reader = BufReader::new(&self.file);
        reader.rewind().map_err(|cause| {
            LogError::File(FileFailure::Io {
                action: "read",
                cause,
            })
        })?;
        read_sealed(reader, max_line, each)
            .map_err(|(line, problem)| LogError::Line { line, problem })
    }

    /// Appends the JSON object `payload` (its text without the closing
    /// brace) sealed, as one flushed line ([`RecordLog::append_line`]).
    pub(crate) fn append(&mut self, payload: &str) -> io::Result<()> {
        self.append_line(&seal_line(payload))
    }

    /// Appends `line` (a whole line, its newline included) and flushes it;
    /// syncs the file if the last sync is a second old. A write that fails
    /// part way is cut back, so that the file still ends with its last
    /// whole line.
    pub(crate) fn append_line(&mut self, line: &str) -> io::Result<()> {
        let written = (&self.file)
            .write_all(line.as_bytes())
            .and_then(|()| (&self.file).flush());
        if let Err(err) = written {
            // A full disk takes what fits: cut it off, so that the same
            // command resumes from the last whole line once there is room.
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

/// Hands `each` the JSON object that each line of `reader` (at most
/// `max_line` bytes, ending in a newline) seals, with its line number, and
/// returns the number of lines; memory stays one line's, whatever the
/// input's length. On a bad line (or one `each` refuses), its number (from
/// 1) and what is wrong with it.
pub(crate) fn read_sealed(
    mut reader: impl BufRead,
    max_line: usize,
    each: &mut dyn FnMut(usize, &str) -> Result<(), String>,
) -> Result<usize, (usize, LineProblem)> {
    let mut lines = 0;
    let mut bytes = Vec::new();
    loop {
        let line = lines + 1;
        let fail = |problem| (line, problem);
        let read = read_line_bounded(&mut reader, &mut bytes, max_line)
            .map_err(|err| fail(LineProblem::Unreadable(err)))?;
        let content = match read {
            Line::End => break,
            Line::TooLong => return Err(fail(LineProblem::TooLong(max_line))),
            Line::Read => bytes
                .strip_suffix(b"\n")
                .ok_or_else(|| fail(LineProblem::Truncated))?,
        };
        let text = std::str::from_utf8(content).map_err(|_| fail(LineProblem::NotText))?;
        let object = unseal_line(text).map_err(|err| fail(LineProblem::Seal(err)))?;
        each(line, &object).map_err(|refused| fail(LineProblem::Refused(refused)))?;
        lines = line;
    }
    Ok(lines)
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
        let (mut log, lines) = RecordLog::open(&path, 100, &mut |_, _| Ok(())).unwrap();
        assert_eq!(lines, 0);
        log.append(r#"{"a":1"#).unwrap();
        log.append(r#"{"b":2"#).unwrap();
        drop(log);
        let mut objects = Vec::new();
        RecordLog::open(&path, 100, &mut |line, object| {
            objects.push((line, object.to_string()));
            Ok(())
        })
        .unwrap();
        assert_eq!(
            objects,
            [(1, r#"{"a":1}"#.into()), (2, r#"{"b":2}"#.into())]
        );
        // Refused by the reader: named by its line, and nothing after it read.
        let mut read = 0;
        let refused = RecordLog::open(&path, 100, &mut |line, _| {
            read += 1;
            if line == 1 { Err("no".into()) } else { Ok(()) }
        });
        assert!(matches!(
            refused,
            Err(LogError::Line {
                line: 1,
                problem: LineProblem::Refused(_)
            })
        ));
        assert_eq!(read, 1);
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn damage_is_named_by_line() {
        let path = scratch("damage");
        let (mut log, _) = RecordLog::open(&path, 100, &mut |_, _| Ok(())).unwrap();
        log.append(r#"{"a":1"#).unwrap();
        drop(log);
        let good = std::fs::read_to_string(&path).unwrap();
        type IsProblem = fn(&LineProblem) -> bool;
        let cases: [(String, usize, IsProblem); 6] = [
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
                matches!(p, LineProblem::TooLong(100))
            }),
            // Both were "no checksum".
            (format!("{good}\n"), 2, |p| {
                matches!(p, LineProblem::Seal(SealError::EmptyLine))
            }),
            (good.replace('\n', "\r\n"), 1, |p| {
                matches!(p, LineProblem::Seal(SealError::CarriageReturn))
            }),
        ];
        for (text, wanted, problem) in cases {
            std::fs::write(&path, text.as_bytes()).unwrap();
            match RecordLog::open(&path, 100, &mut |_, _| Ok(())) {
                Err(LogError::Line { line, problem: p }) => {
                    assert_eq!(line, wanted, "{text:?}");
                    assert!(problem(&p), "{text:?}: {p}");
                }
                other => panic!("{text:?}: {other:?}"),
            }
        }
        std::fs::write(&path, b"\xff\n").unwrap();
        assert!(matches!(
            RecordLog::open(&path, 100, &mut |_, _| Ok(())),
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
        let (first, _) = RecordLog::open(&path, 100, &mut |_, _| Ok(())).unwrap();
        assert!(matches!(
            RecordLog::open(&path, 100, &mut |_, _| Ok(())),
            Err(LogError::File(FileFailure::InUse { .. }))
        ));
        drop(first);
        assert!(RecordLog::open(&path, 100, &mut |_, _| Ok(())).is_ok());
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn a_directory_is_refused() {
        assert!(matches!(
            RecordLog::open(&std::env::temp_dir(), 100, &mut |_, _| Ok(())),
            Err(LogError::File(FileFailure::NotAFile {
                kind: "a directory"
            }))
        ));
    }
}
