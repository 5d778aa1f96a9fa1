//! A checkpoint on disk: opened, locked, checked against the plan, resumed,
//! appended to and synced.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, Seek};
use std::path::{Path, PathBuf};

use super::super::count::{CountPlan, SCHEME, UnitCount, UnitId};
use super::format::{CheckpointError, CheckpointHeader, record_line};
use super::read::Checkpoint;
use crate::record_file::not_a_regular_file;
use crate::record_log::{FileFailure, RecordLog};

/// A checkpoint on disk, as a long count keeps it: an existing file is read
/// and checked against the plan (so a run resumes where it stopped), a
/// missing one is created with its header, and every finished unit is
/// appended as one flushed line. The file is synced to disk about once a
/// second, so a crash of the machine loses at most the last second's units
/// and a crash of the program none. While it is open it holds an exclusive
/// lock on the file (see [`lock_exclusive`](crate::record_file::lock_exclusive)): a second `open` of the same
/// file, from any process, fails with [`CheckpointFileError::InUse`].
///
/// # Example
///
/// ```
/// use puzzles::queens::checkpoint::CheckpointFile;
/// use puzzles::queens::count::CountPlan;
///
/// let path = std::env::temp_dir().join(format!("doc-checkpoint-{}.ckpt", std::process::id()));
/// let _ = std::fs::remove_file(&path);
/// let plan = CountPlan::new(8, 2)?;
///
/// let (mut file, done) = CheckpointFile::open(&path, &plan)?;
/// assert!(done.is_empty());
/// file.record(0, plan.count_unit(0)?)?;
/// drop(file);
///
/// // The same command again resumes: unit 0 is done.
/// let (_, done) = CheckpointFile::open(&path, &plan)?;
/// assert_eq!(done.keys().copied().collect::<Vec<_>>(), [0]);
///
/// // A checkpoint of another problem is refused, naming the file.
/// let err = CheckpointFile::open(&path, &CountPlan::new(9, 2)?).unwrap_err();
/// assert!(err.to_string().starts_with(&format!("checkpoint {} line 1:", path.display())));
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct CheckpointFile {
    path: PathBuf,
    log: RecordLog,
    header: CheckpointHeader,
}

/// Why a [`CheckpointFile`] could not be opened or written; the message
/// names the file.
///
/// # Example
///
/// ```
/// use puzzles::queens::checkpoint::{CheckpointFile, CheckpointFileError};
/// use puzzles::queens::count::CountPlan;
///
/// let dir = std::env::temp_dir().join(format!("doc-no-such-dir-{}", std::process::id()));
/// let err = CheckpointFile::open(dir.join("q.ckpt"), &CountPlan::new(8, 2)?).unwrap_err();
/// assert!(matches!(err, CheckpointFileError::Io { action: "create", .. }));
/// assert!(err.to_string().starts_with("cannot create checkpoint "));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CheckpointFileError {
    /// The file exists but is damaged, or is for another problem.
    #[error("checkpoint {} {invalid}", path.display())]
    Invalid {
        /// The checkpoint's path.
        path: PathBuf,
        /// The first bad line and what is wrong with it.
        invalid: Box<CheckpointError>,
    },
    /// Another process holds the file's lock: another count is using it.
    #[error(
        "checkpoint {} is in use by another count ({}); wait for it to end, or stop it, \
         then run this again",
        path.display(),
        holder_text(*pid)
    )]
    InUse {
        /// The checkpoint's path.
        path: PathBuf,
        /// The process holding the lock, when the system says.
        pid: Option<u32>,
    },
    /// Something other than a regular file is at the path (a FIFO, a
    /// device, a directory; a link is followed): it is refused before
    /// anything is read or written, since reading a FIFO waits for ever and
    /// a device keeps nothing.
    #[error(
        "checkpoint {} is not a regular file but {kind}: a checkpoint must be a regular file, \
         or a path where nothing is yet",
        path.display()
    )]
    NotAFile {
        /// The checkpoint's path.
        path: PathBuf,
        /// What is there instead: `a FIFO`, `a character device`, ….
        kind: &'static str,
    },
    /// Reading, creating, opening or writing the file failed.
    #[error("cannot {action} checkpoint {}: {cause}", path.display())]
    Io {
        /// What was being done: `read`, `create`, `open`, `lock`, `write`.
        action: &'static str,
        /// The checkpoint's path.
        path: PathBuf,
        /// The operating system's error.
        cause: io::Error,
    },
}

impl CheckpointFile {
    /// Opens the checkpoint at `path` for `plan`: returns the file, ready
    /// to append, and the units it already records (none for a new file).
    /// The file is locked before it is read; an empty file (what a crash
    /// right after creating one leaves) is a new checkpoint.
    ///
    /// # Errors
    ///
    /// [`CheckpointFileError::Invalid`] for a damaged file or one written
    /// for another N or split; [`CheckpointFileError::InUse`] when another
    /// process has it open (the file is left as it is);
    /// [`CheckpointFileError::Io`] when the file cannot be read, created or
    /// opened.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::checkpoint::CheckpointFile;
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let path = std::env::temp_dir().join(format!("doc-open-{}.ckpt", std::process::id()));
    /// let _ = std::fs::remove_file(&path);
    /// let (file, done) = CheckpointFile::open(&path, &CountPlan::new(6, 1)?)?;
    /// assert!(done.is_empty() && file.path() == path);
    /// # std::fs::remove_file(&path)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn open(
        path: impl AsRef<Path>,
        plan: &CountPlan,
    ) -> Result<(CheckpointFile, BTreeMap<UnitId, UnitCount>), CheckpointFileError> {
        let path = path.as_ref().to_path_buf();
        let io_error = |action, cause| CheckpointFileError::Io {
            action,
            path: path.clone(),
            cause,
        };
        // Of two processes racing on a new file, the one that gets the lock
        // writes the header (an empty locked file is a new checkpoint), the
        // other stops.
        let mut log = RecordLog::open_locked(&path).map_err(|err| match err {
            FileFailure::InUse { pid } => CheckpointFileError::InUse {
                path: path.clone(),
                pid,
            },
            FileFailure::NotAFile { kind } => CheckpointFileError::NotAFile {
                path: path.clone(),
                kind,
            },
            FileFailure::Io { action, cause } => io_error(action, cause),
        })?;
        let (header, done) = if log.len() == 0 {
            let header = CheckpointHeader::for_plan(plan);
            // A failed write is cut back to empty, a new checkpoint again.
            log.append_line(&header.line())
                .map_err(|err| io_error("write", err))?;
            (header, BTreeMap::new())
        } else {
            let mut reader = io::BufReader::new(log.file());
            reader.rewind().map_err(|err| io_error("read", err))?;
            let checked = Checkpoint::read(reader)
                .and_then(|checkpoint| checkpoint.check_plan(plan).map(|()| checkpoint));
            let checkpoint = checked.map_err(|invalid| CheckpointFileError::Invalid {
                path: path.clone(),
                invalid: Box::new(invalid),
            })?;
            (checkpoint.header, checkpoint.done)
        };
        Ok((CheckpointFile { path, log, header }, done))
    }

    /// Appends that unit `id` finished with `count` (one flushed line), and
    /// syncs the file to disk if the last sync is a second old.
    ///
    /// # Errors
    ///
    /// [`CheckpointFileError::Io`] when the line cannot be written or the
    /// file synced.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::checkpoint::{Checkpoint, CheckpointFile};
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let path = std::env::temp_dir().join(format!("doc-record-{}.ckpt", std::process::id()));
    /// let _ = std::fs::remove_file(&path);
    /// let plan = CountPlan::new(8, 2)?;
    /// let (mut file, _) = CheckpointFile::open(&path, &plan)?;
    /// for id in plan.ids() {
    ///     file.record(id, plan.count_unit(id)?)?;
    /// }
    /// let checkpoint = Checkpoint::read(std::io::BufReader::new(std::fs::File::open(&path)?))?;
    /// assert_eq!(checkpoint.tally().total, 92);
    /// # std::fs::remove_file(&path)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn record(&mut self, id: UnitId, count: UnitCount) -> Result<(), CheckpointFileError> {
        let line = record_line(&self.header, id, count);
        self.log
            .append_line(&line)
            .map_err(|cause| CheckpointFileError::Io {
                action: "write",
                path: self.path.clone(),
                cause,
            })
    }

    /// Asks the disk to keep what is written now (every line is flushed to
    /// the operating system already); for the end of a run.
    ///
    /// # Errors
    ///
    /// The operating system's error.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::checkpoint::CheckpointFile;
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let path = std::env::temp_dir().join(format!("doc-sync-{}.ckpt", std::process::id()));
    /// let _ = std::fs::remove_file(&path);
    /// let (file, _) = CheckpointFile::open(&path, &CountPlan::new(6, 1)?)?;
    /// file.sync()?;
    /// # std::fs::remove_file(&path)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn sync(&self) -> io::Result<()> {
        self.log.sync()
    }

    /// Where the checkpoint is.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::checkpoint::CheckpointFile;
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let path = std::env::temp_dir().join(format!("doc-path-{}.ckpt", std::process::id()));
    /// let _ = std::fs::remove_file(&path);
    /// let (file, _) = CheckpointFile::open(&path, &CountPlan::new(6, 1)?)?;
    /// assert_eq!(file.path(), path);
    /// # std::fs::remove_file(&path)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// `pid 1234`, or `pid unknown`.
fn holder_text(pid: Option<u32>) -> String {
    match pid {
        Some(pid) => format!("pid {pid}"),
        None => "pid unknown".to_string(),
    }
}

/// The split that the checkpoint at `path` was made with, when it is a
/// readable checkpoint of this scheme for `n`; `None` otherwise (no file,
/// another N, damage, an old format: [`CheckpointFile::open`] reports those).
/// A count that is not given a split takes this one, so that the same
/// command resumes a checkpoint even where a later build chose another
/// default split for `n`.
///
/// # Example
///
/// ```
/// use puzzles::queens::checkpoint::{CheckpointFile, resume_split};
/// use puzzles::queens::count::CountPlan;
///
/// let path = std::env::temp_dir().join(format!("resume-split-{}.ckpt", std::process::id()));
/// assert_eq!(resume_split(&path, 9), None);
/// drop(CheckpointFile::open(&path, &CountPlan::new(9, 4)?)?);
/// assert_eq!(resume_split(&path, 9), Some(4));
/// assert_eq!(resume_split(&path, 10), None);
/// std::fs::remove_file(&path).unwrap();
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn resume_split(path: &Path, n: usize) -> Option<usize> {
    // Opening a FIFO to read would wait for a writer: `open` refuses it.
    if not_a_regular_file(path).is_some() {
        return None;
    }
    let file = File::open(path).ok()?;
    let checkpoint = Checkpoint::read(io::BufReader::new(file)).ok()?;
    let header = checkpoint.header();
    (header.n == n && header.scheme == SCHEME).then_some(header.split)
}

/// The unit scheme and split that the checkpoint at `path` was made with,
/// when it is a readable checkpoint for `n`; `None` otherwise (no file,
/// another N, damage, an old format: [`CheckpointFile::open`] reports
/// those). A count continues a checkpoint with its own scheme
/// ([`CountPlan::for_scheme`]), whatever a later build would choose.
///
/// # Example
///
/// ```
/// use puzzles::queens::checkpoint::{CheckpointFile, resume_scheme};
/// use puzzles::queens::count::CountPlan;
///
/// let path = std::env::temp_dir().join(format!("resume-scheme-{}.ckpt", std::process::id()));
/// assert_eq!(resume_scheme(&path, 9), None);
/// drop(CheckpointFile::open(&path, &CountPlan::quadrants(9)?)?);
/// assert_eq!(resume_scheme(&path, 9), Some(("quadrants-1".to_string(), 0)));
/// std::fs::remove_file(&path).unwrap();
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn resume_scheme(path: &Path, n: usize) -> Option<(String, usize)> {
    // Opening a FIFO to read would wait for a writer: `open` refuses it.
    if not_a_regular_file(path).is_some() {
        return None;
    }
    let file = File::open(path).ok()?;
    let checkpoint = Checkpoint::read(io::BufReader::new(file)).ok()?;
    let header = checkpoint.header();
    (header.n == n).then(|| (header.scheme.clone(), header.split))
}
