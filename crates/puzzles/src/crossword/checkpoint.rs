//! Checkpoints of long crossword counts: a text file recording each
//! finished unit of [`Filler::count_units`](super::Filler::count_units),
//! so that an interrupted count resumes where it stopped.
//!
//! # Format (version 1)
//!
//! One JSON object per line, each line ending in `\n`:
//!
//! ```text
//! {"format":"puzzles-crossword-count","version":1,"scheme":"square-rows-1","problem":"5f0c…","units":11366,"check":"…"}
//! {"scheme":"square-rows-1","problem":"5f0c…","unit":0,"fills":0,"nodes":5210,"check":"…"}
//! {"scheme":"square-rows-1","problem":"5f0c…","unit":2,"fills":4,"nodes":871,"check":"…"}
//! ```
//!
//! The first line names the count: its unit scheme (a grid without blocks
//! is shared out by bottom row, another grid by the words of the slot
//! filled first, paired with those of the next slot when it has few);
//! `problem`, a fingerprint of the grid, the words of the grid's lengths
//! with their scores, and the seed, which together fix what each unit
//! number means; and the number of units ([`CountProblem`]). Every other
//! line records one finished unit, in the order units finished, and names
//! the count again, so that a line copied in from another count's
//! checkpoint is refused rather than summed, as is a unit past the count's
//! last or one recorded twice. `check` seals each line as queens
//! checkpoints do ([`record_file`](crate::record_file)): an edited or
//! damaged line, or a last line without its newline, is refused, naming
//! its line; the reader never guesses, and checks each line as it reads
//! it. A checkpoint must be a regular file (or not exist yet), is locked
//! while a count has it open, and never ends in half a line (a write that
//! fails part way is cut back). A line is at most [`MAX_LINE`] bytes.
//!
//! # Example
//!
//! ```
//! use std::ops::ControlFlow;
//! use puzzles::crossword::checkpoint::CountCheckpoint;
//! use puzzles::crossword::{Filler, Grid, WordList};
//!
//! let path = std::env::temp_dir().join(format!("doc-crossword-{}.ckpt", std::process::id()));
//! let _ = std::fs::remove_file(&path);
//! let grid = Grid::parse("..\n..")?;
//! let filler = Filler::new(&grid, &WordList::parse(&b"AB\nCD\nAC\nBD\n"[..])?)?;
//!
//! let (file, done) = CountCheckpoint::open(&path, &filler.count_problem())?;
//! assert!(done.is_empty());
//! let file = std::sync::Mutex::new(file);
//! let run = filler.count_units(&done, &|unit, tally| {
//!     file.lock().unwrap().record(unit, tally).expect("written");
//!     ControlFlow::Continue(())
//! }, &mut |_| ControlFlow::Continue(()));
//! assert_eq!((run.summary.fills, run.summary.complete), (2, true));
//! drop(file);
//!
//! // The same count again finds every unit done.
//! let (_, done) = CountCheckpoint::open(&path, &filler.count_problem())?;
//! assert_eq!(done.values().map(|tally| tally.fills).sum::<u64>(), 2);
//! # std::fs::remove_file(&path)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::BTreeMap;
use std::io::{self, BufRead};
use std::path::{Path, PathBuf};

use serde::Deserialize;

use super::grid::{Cell, Grid};
use crate::record_file::{FNV_START, fnv1a_more, foreign_format, json_problem};
use crate::record_log::{FileFailure, LogError, RecordLog, read_sealed};

/// The `format` field of a header line.
///
/// # Example
///
/// ```
/// use puzzles::crossword::checkpoint::{FORMAT, VERSION};
///
/// assert_eq!((FORMAT, VERSION), ("puzzles-crossword-count", 1));
/// ```
pub const FORMAT: &str = "puzzles-crossword-count";

/// The format version this module writes and reads.
///
/// # Example
///
/// ```
/// assert_eq!(puzzles::crossword::checkpoint::VERSION, 1);
/// ```
pub const VERSION: u32 = 1;

/// The longest checkpoint line, newline excluded: a written line is under
/// 200 bytes, and a damaged file of one huge line costs this much to read,
/// not its size.
///
/// # Example
///
/// ```
/// use puzzles::crossword::checkpoint::{CountCheckpoint, CountProblem, MAX_LINE};
///
/// let path = std::env::temp_dir().join(format!("doc-long-line-{}.ckpt", std::process::id()));
/// std::fs::write(&path, "x".repeat(MAX_LINE + 1))?;
/// let problem = CountProblem { scheme: "slot-words-1".into(), fingerprint: "0".repeat(16), units: 3 };
/// let err = CountCheckpoint::open(&path, &problem).unwrap_err();
/// assert!(err.to_string().ends_with("line 1: the line is longer than 1024 bytes, so it is no line of this file"));
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), std::io::Error>(())
/// ```
pub const MAX_LINE: usize = 1024;

/// What a count's units refer to: the unit scheme and a fingerprint of the
/// grid, the words and the seed ([`Filler::count_problem`](super::Filler::count_problem)).
///
/// # Example
///
/// ```
/// use puzzles::crossword::{Filler, Grid, WordList};
///
/// let words = WordList::parse(&b"AB\nCD\nAC\nBD\n"[..])?;
/// let square = Filler::new(&Grid::parse("..\n..")?, &words)?.count_problem();
/// let blocks = Filler::new(&Grid::parse("..\n.#")?, &words)?.count_problem();
/// assert_eq!((square.scheme.as_str(), blocks.scheme.as_str()), ("square-rows-1", "slot-words-1"));
/// assert_ne!(square.fingerprint, blocks.fingerprint);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CountProblem {
    /// How the count is cut into units: `square-rows-1` (a grid without
    /// blocks, by bottom row) or `slot-words-1` (by the words of the slot
    /// filled first, each with each word of the slot filled next when the
    /// first has fewer than 32).
    pub scheme: String,
    /// The grid, the words of its slots' lengths with their scores, and the
    /// seed, hashed (FNV-1a 64, 16 lower-case hex digits).
    pub fingerprint: String,
    /// How many units the count has: a record of a unit past them is
    /// refused.
    pub units: usize,
}

/// What a finished unit found.
///
/// # Example
///
/// ```
/// use puzzles::crossword::checkpoint::UnitTally;
///
/// let tally = UnitTally { fills: 2, nodes: 30 };
/// assert_eq!(tally, UnitTally { fills: 2, nodes: 30 });
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct UnitTally {
    /// Fills in the unit.
    pub fills: u64,
    /// Choices tried in it (rows, or words).
    pub nodes: u64,
}

/// A checkpoint on disk: an existing file is read and checked against the
/// count (so that a run resumes where it stopped), a missing one is
/// created with its header, and every finished unit is appended as one
/// flushed line, synced to disk about once a second. It holds an exclusive
/// lock on the file while open: a second `open` fails with
/// [`CheckpointError::InUse`].
///
/// # Example
///
/// ```
/// use puzzles::crossword::checkpoint::{CountCheckpoint, CountProblem, UnitTally};
///
/// let path = std::env::temp_dir().join(format!("doc-count-checkpoint-{}.ckpt", std::process::id()));
/// let _ = std::fs::remove_file(&path);
/// let problem = CountProblem {
///     scheme: "square-rows-1".into(),
///     fingerprint: "0123456789abcdef".into(),
///     units: 10,
/// };
/// let (mut file, _) = CountCheckpoint::open(&path, &problem)?;
/// file.record(7, UnitTally { fills: 1, nodes: 9 })?;
/// drop(file);
/// let (_, done) = CountCheckpoint::open(&path, &problem)?;
/// assert_eq!(done[&7], UnitTally { fills: 1, nodes: 9 });
///
/// let other = CountProblem { fingerprint: "fedcba9876543210".into(), ..problem };
/// let err = CountCheckpoint::open(&path, &other).unwrap_err();
/// assert!(err.to_string().contains("line 1: made for another count"));
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct CountCheckpoint {
    path: PathBuf,
    log: RecordLog,
    problem: CountProblem,
}

/// Why a [`CountCheckpoint`] could not be opened or written; the message
/// names the file.
///
/// # Example
///
/// ```
/// use puzzles::crossword::checkpoint::{CheckpointError, CountCheckpoint, CountProblem};
///
/// let problem = CountProblem { scheme: "slot-words-1".into(), fingerprint: "0".repeat(16), units: 3 };
/// let err = CountCheckpoint::open(std::env::temp_dir(), &problem).unwrap_err();
/// assert!(matches!(err, CheckpointError::NotAFile { kind: "a directory", .. }));
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CheckpointError {
    /// The file is damaged, or records another count.
    #[error("checkpoint {} line {line}: {problem}", path.display())]
    Invalid {
        /// The checkpoint's path.
        path: PathBuf,
        /// The first bad line, from 1.
        line: usize,
        /// What is wrong with it.
        problem: String,
    },
    /// Another process holds the file's lock: another count is using it.
    #[error(
        "checkpoint {} is in use by another count (pid {}); wait for it to end, or stop it, \
         then run this again",
        path.display(),
        pid.map_or("unknown".to_string(), |pid| pid.to_string())
    )]
    InUse {
        /// The checkpoint's path.
        path: PathBuf,
        /// The process holding the lock, when the system says.
        pid: Option<u32>,
    },
    /// Something other than a regular file is at the path.
    #[error(
        "checkpoint {} is not a regular file but {kind}: a checkpoint must be a regular file, \
         or a path where nothing is yet",
        path.display()
    )]
    NotAFile {
        /// The checkpoint's path.
        path: PathBuf,
        /// What is there instead: `a FIFO`, `a directory`, ….
        kind: &'static str,
    },
    /// Creating, opening, locking, reading or writing the file failed.
    #[error("cannot {action} checkpoint {}: {cause}", path.display())]
    Io {
        /// What was being done.
        action: &'static str,
        /// The checkpoint's path.
        path: PathBuf,
        /// The operating system's error.
        cause: io::Error,
    },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HeaderFields {
    format: String,
    version: u32,
    scheme: String,
    problem: String,
    units: usize,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordFields {
    scheme: String,
    problem: String,
    unit: usize,
    fills: u64,
    nodes: u64,
}

impl CountCheckpoint {
    /// Opens the checkpoint at `path` for the count `problem`: returns the
    /// file, ready to append, and the units it records as finished (none
    /// for a new file). An empty file (what a crash right after creating
    /// one leaves) is a new checkpoint.
    ///
    /// # Errors
    ///
    /// [`CheckpointError::Invalid`] for a damaged file or one of another
    /// count, [`CheckpointError::InUse`], [`CheckpointError::NotAFile`],
    /// [`CheckpointError::Io`].
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::crossword::checkpoint::{CountCheckpoint, CountProblem};
    ///
    /// let path = std::env::temp_dir().join(format!("doc-open-crossword-{}.ckpt", std::process::id()));
    /// let _ = std::fs::remove_file(&path);
    /// let problem = CountProblem { scheme: "slot-words-1".into(), fingerprint: "0".repeat(16), units: 3 };
    /// let (file, done) = CountCheckpoint::open(&path, &problem)?;
    /// assert!(done.is_empty() && file.path() == path);
    /// # std::fs::remove_file(&path)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn open(
        path: impl AsRef<Path>,
        problem: &CountProblem,
    ) -> Result<(CountCheckpoint, BTreeMap<usize, UnitTally>), CheckpointError> {
        let path = path.as_ref().to_path_buf();
        let mut done = BTreeMap::new();
        let mut totals = UnitTally { fills: 0, nodes: 0 };
        let mut each =
            |line, object: &str| take_line(&mut done, &mut totals, problem, line, object);
        let opened = RecordLog::open(&path, MAX_LINE, &mut each);
        let (mut log, lines) = opened.map_err(|err| match err {
            LogError::File(FileFailure::InUse { pid }) => CheckpointError::InUse {
                path: path.clone(),
                pid,
            },
            LogError::File(FileFailure::NotAFile { kind }) => CheckpointError::NotAFile {
                path: path.clone(),
                kind,
            },
            LogError::File(FileFailure::Io { action, cause }) => CheckpointError::Io {
                action,
                path: path.clone(),
                cause,
            },
            LogError::Line { line, problem } => CheckpointError::Invalid {
                path: path.clone(),
                line,
                problem: problem.to_string(),
            },
        })?;
        if lines == 0 {
            log.append(&header_payload(problem))
                .map_err(|cause| CheckpointError::Io {
                    action: "write",
                    path: path.clone(),
                    cause,
                })?;
        }
        let checkpoint = CountCheckpoint {
            path,
            log,
            problem: problem.clone(),
        };
        Ok((checkpoint, done))
    }

    /// Appends that `unit` finished with `tally` (one flushed line).
    ///
    /// # Errors
    ///
    /// [`CheckpointError::Io`] when the line cannot be written or the file
    /// synced.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::crossword::checkpoint::{CountCheckpoint, CountProblem, UnitTally};
    ///
    /// let path = std::env::temp_dir().join(format!("doc-record-crossword-{}.ckpt", std::process::id()));
    /// let _ = std::fs::remove_file(&path);
    /// let problem = CountProblem { scheme: "slot-words-1".into(), fingerprint: "0".repeat(16), units: 3 };
    /// let (mut file, _) = CountCheckpoint::open(&path, &problem)?;
    /// file.record(0, UnitTally { fills: 3, nodes: 40 })?;
    /// assert_eq!(std::fs::read_to_string(&path)?.lines().count(), 2);
    /// # std::fs::remove_file(&path)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn record(&mut self, unit: usize, tally: UnitTally) -> Result<(), CheckpointError> {
        let CountProblem {
            scheme,
            fingerprint,
            units: _,
        } = &self.problem;
        let payload = format!(
            r#"{{"scheme":{},"problem":{},"unit":{unit},"fills":{},"nodes":{}"#,
            serde_json::Value::from(scheme.as_str()),
            serde_json::Value::from(fingerprint.as_str()),
            tally.fills,
            tally.nodes
        );
        self.log
            .append(&payload)
            .map_err(|cause| self.io_error("write", cause))
    }

    /// Asks the disk to keep what is written now; for the end of a run.
    ///
    /// # Errors
    ///
    /// [`CheckpointError::Io`].
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::crossword::checkpoint::{CountCheckpoint, CountProblem};
    ///
    /// let path = std::env::temp_dir().join(format!("doc-sync-crossword-{}.ckpt", std::process::id()));
    /// let _ = std::fs::remove_file(&path);
    /// let problem = CountProblem { scheme: "slot-words-1".into(), fingerprint: "0".repeat(16), units: 3 };
    /// CountCheckpoint::open(&path, &problem)?.0.sync()?;
    /// # std::fs::remove_file(&path)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn sync(&self) -> Result<(), CheckpointError> {
        self.log
            .sync()
            .map_err(|cause| self.io_error("write", cause))
    }

    /// Where the checkpoint is.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::crossword::checkpoint::{CountCheckpoint, CountProblem};
    ///
    /// let path = std::env::temp_dir().join(format!("doc-path-crossword-{}.ckpt", std::process::id()));
    /// let _ = std::fs::remove_file(&path);
    /// let problem = CountProblem { scheme: "slot-words-1".into(), fingerprint: "0".repeat(16), units: 3 };
    /// assert_eq!(CountCheckpoint::open(&path, &problem)?.0.path(), path);
    /// # std::fs::remove_file(&path)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn io_error(&self, action: &'static str, cause: io::Error) -> CheckpointError {
        CheckpointError::Io {
            action,
            path: self.path.clone(),
            cause,
        }
    }
}

/// Reads a checkpoint of the count `problem` from `reader` (no file, no
/// lock): the units it records, or the first bad line. Empty input records
/// none. [`CountCheckpoint::open`] reads its file the same way.
///
/// # Errors
///
/// A [`LineError`] naming the first bad line and what is wrong with it.
///
/// # Example
///
/// ```
/// use puzzles::crossword::checkpoint::{CountProblem, read_units};
///
/// let problem = CountProblem { scheme: "slot-words-1".into(), fingerprint: "0".repeat(16), units: 3 };
/// assert!(read_units(&b""[..], &problem)?.is_empty());
/// let err = read_units(&b"{\"format\":1}\n"[..], &problem).unwrap_err();
/// assert_eq!(err.line, 1);
/// assert!(err.to_string().starts_with("line 1: no checksum"));
/// # Ok::<(), puzzles::crossword::checkpoint::LineError>(())
/// ```
pub fn read_units(
    reader: impl BufRead,
    problem: &CountProblem,
) -> Result<BTreeMap<usize, UnitTally>, LineError> {
    let mut done = BTreeMap::new();
    let mut totals = UnitTally { fills: 0, nodes: 0 };
    let mut each = |line, object: &str| take_line(&mut done, &mut totals, problem, line, object);
    read_sealed(reader, MAX_LINE, &mut each).map_err(|(line, problem)| LineError {
        line,
        problem: problem.to_string(),
    })?;
    Ok(done)
}

/// A bad line of a checkpoint ([`read_units`]).
///
/// # Example
///
/// ```
/// use puzzles::crossword::checkpoint::LineError;
///
/// let err = LineError { line: 3, problem: "unit 9 is recorded twice".into() };
/// assert_eq!(err.to_string(), "line 3: unit 9 is recorded twice");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {problem}")]
pub struct LineError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub problem: String,
}

/// Reads line `line` of a checkpoint of `problem` (its JSON `object`):
/// the header first, then each unit into `done` and its tally into
/// `totals`, refusing a unit recorded twice and tallies that add up past
/// what a count can reach (a wrapped sum would pass for a count).
fn take_line(
    done: &mut BTreeMap<usize, UnitTally>,
    totals: &mut UnitTally,
    problem: &CountProblem,
    line: usize,
    object: &str,
) -> Result<(), String> {
    if line == 1 {
        return check_header(object, problem);
    }
    let (unit, tally) = read_record(object, problem)?;
    let (Some(fills), Some(nodes)) = (
        totals.fills.checked_add(tally.fills),
        totals.nodes.checked_add(tally.nodes),
    ) else {
        return Err(format!(
            "the units' fills or nodes add up past {} by unit {unit}: no count records that",
            u64::MAX
        ));
    };
    *totals = UnitTally { fills, nodes };
    if done.insert(unit, tally).is_some() {
        return Err(format!("unit {unit} is recorded twice"));
    }
    Ok(())
}

/// FNV-1a of `grid`'s squares and `seed`: where the fingerprint of a
/// count's problem starts (the words follow, hashed as the filler sorts
/// them).
pub(super) fn grid_print(grid: &Grid, seed: Option<u64>) -> u64 {
    let mut print = fnv1a_more(FNV_START, &[grid.rows() as u8, grid.cols() as u8]);
    for row in 0..grid.rows() {
        for col in 0..grid.cols() {
            let square = match grid.cell(row, col) {
                Cell::Block => b'#',
                Cell::Letter(letter) => letter,
                Cell::Empty => b'.',
            };
            print = fnv1a_more(print, &[square]);
        }
    }
    match seed {
        None => fnv1a_more(print, b"-"),
        Some(seed) => fnv1a_more(print, &seed.to_le_bytes()),
    }
}

/// The header line's object, without its closing brace.
fn header_payload(problem: &CountProblem) -> String {
    format!(
        r#"{{"format":"{FORMAT}","version":{VERSION},"scheme":{},"problem":{},"units":{}"#,
        serde_json::Value::from(problem.scheme.as_str()),
        serde_json::Value::from(problem.fingerprint.as_str()),
        problem.units,
    )
}

fn check_header(object: &str, problem: &CountProblem) -> Result<(), String> {
    let fields: HeaderFields = serde_json::from_str(object).map_err(|err| {
        // serde's "unknown field `unit`, expected one of …" does not say
        // what happened.
        let why = if serde_json::from_str::<RecordFields>(object).is_ok() {
            "the first line is a unit record, so the header line was deleted".to_string()
        } else if let Some(foreign) = foreign_format(object, FORMAT) {
            foreign
        } else {
            json_problem(&err)
        };
        format!("not a crossword checkpoint header: {why}")
    })?;
    if fields.format != FORMAT {
        return Err(format!(
            "not a crossword checkpoint header: format {:?}, expected {FORMAT:?}",
            fields.format
        ));
    }
    if fields.version != VERSION {
        return Err(format!(
            "format version {} (this build reads version {VERSION})",
            fields.version
        ));
    }
    let made = (&fields.scheme, &fields.problem, fields.units);
    if made != (&problem.scheme, &problem.fingerprint, problem.units) {
        return Err(format!(
            "made for another count (scheme {}, problem {}, {} units; this one is scheme {}, \
             problem {}, {} units): the grid, the word list, --min-score and --seed must be \
             those of the count that made it",
            fields.scheme,
            fields.problem,
            fields.units,
            problem.scheme,
            problem.fingerprint,
            problem.units
        ));
    }
    Ok(())
}

fn read_record(object: &str, problem: &CountProblem) -> Result<(usize, UnitTally), String> {
    let fields: RecordFields = serde_json::from_str(object)
        .map_err(|err| format!("not a unit record: {}", json_problem(&err)))?;
    if fields.scheme != problem.scheme || fields.problem != problem.fingerprint {
        return Err(format!(
            "a record of another count (scheme {}, problem {})",
            fields.scheme, fields.problem
        ));
    }
    if fields.unit >= problem.units {
        return Err(format!(
            "unit {} is out of range (the count has units 0 to {})",
            fields.unit,
            problem.units.saturating_sub(1)
        ));
    }
    Ok((
        fields.unit,
        UnitTally {
            fills: fields.fills,
            nodes: fields.nodes,
        },
    ))
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::record_file::seal_line;

    fn problem() -> CountProblem {
        CountProblem {
            scheme: "slot-words-1".to_string(),
            fingerprint: "0123456789abcdef".to_string(),
            units: 8,
        }
    }

    /// Writes `bytes` to a file of its own and opens it as a checkpoint.
    fn opened(bytes: &[u8]) -> Result<BTreeMap<usize, UnitTally>, CheckpointError> {
        let dir = std::env::temp_dir().join(format!(
            "crossword-checkpoint-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("c.ckpt");
        std::fs::write(&path, bytes).unwrap();
        let opened = CountCheckpoint::open(&path, &problem()).map(|(_, done)| done);
        std::fs::remove_dir_all(&dir).unwrap();
        opened
    }

    #[test]
    fn records_of_the_count_are_read_back_and_others_refused() {
        let header = seal_line(&header_payload(&problem()));
        let record = |problem: &str, unit: usize| {
            seal_line(&format!(
                r#"{{"scheme":"slot-words-1","problem":"{problem}","unit":{unit},"fills":2,"nodes":5"#
            ))
        };
        let good = format!(
            "{header}{}{}",
            record("0123456789abcdef", 4),
            record("0123456789abcdef", 1)
        );
        let done = opened(good.as_bytes()).unwrap();
        assert_eq!(done.keys().copied().collect::<Vec<_>>(), [1, 4]);
        assert_eq!(done[&4], UnitTally { fills: 2, nodes: 5 });
        let refusals = [
            (
                format!("{good}{}", record("fedcba9876543210", 7)),
                "line 4: a record of another count",
            ),
            (
                format!("{good}{}", record("0123456789abcdef", 4)),
                "line 4: unit 4 is recorded twice",
            ),
            (
                format!("{good}{}", record("0123456789abcdef", 8)),
                "line 4: unit 8 is out of range (the count has units 0 to 7)",
            ),
            (
                good.replace(r#""version":1"#, r#""version":9"#),
                "line 1: checksum mismatch",
            ),
            (
                format!(
                    "{}{}",
                    seal_line(
                        &header_payload(&problem()).replace(r#""version":1,"#, r#""version":9,"#)
                    ),
                    record("0123456789abcdef", 1)
                ),
                "line 1: format version 9",
            ),
            // A tester's deleted header was "unknown field `unit`".
            (
                record("0123456789abcdef", 1),
                "line 1: not a crossword checkpoint header: the first line is a unit record, so \
                 the header line was deleted",
            ),
            // And a queens checkpoint, "unknown field `n`".
            (
                seal_line(
                    r#"{"format":"puzzles-queens-count","version":2,"scheme":"x","n":8,"split":2,"units":16"#,
                ),
                "line 1: not a crossword checkpoint header: this file is of format \
                 \"puzzles-queens-count\", not \"puzzles-crossword-count\"",
            ),
            (
                format!("{header}{}", seal_line(r#"{"unit":-1"#)),
                "line 2: not a unit record",
            ),
            (
                format!(
                    "{good}{}",
                    seal_line(&format!(
                        r#"{{"scheme":"slot-words-1","problem":"0123456789abcdef","unit":0,"fills":{},"nodes":1"#,
                        u64::MAX - 1
                    ))
                ),
                "line 4: the units' fills or nodes add up past 18446744073709551615 by unit 0",
            ),
        ];
        for (text, message) in refusals {
            let err = opened(text.as_bytes()).unwrap_err().to_string();
            assert!(err.contains(message), "{err}");
        }
    }

    #[test]
    fn the_fuzz_seed_is_a_checkpoint() {
        let seed = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../fuzz/seeds/crossword_checkpoint/three-lines.txt");
        let problem = CountProblem {
            scheme: "square-rows-1".to_string(),
            fingerprint: "0123456789abcdef".to_string(),
            units: 100,
        };
        let done = read_units(&std::fs::read(seed).unwrap()[..], &problem).unwrap();
        assert_eq!(done.keys().copied().collect::<Vec<_>>(), [0, 3]);
    }

    proptest! {
        /// Any bytes read without a file: the units of a checkpoint, or a
        /// line named, never a panic.
        #[test]
        fn bytes_read_give_units_or_a_line(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
            match read_units(&bytes[..], &problem()) {
                Ok(done) => prop_assert!(done.keys().all(|&unit| unit < problem().units)),
                Err(err) => prop_assert!(err.to_string().starts_with("line ")),
            }
        }

        /// Any bytes: the units of a checkpoint, or one line naming what is
        /// wrong, never a panic.
        #[test]
        fn bytes_give_units_or_an_error(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
            match opened(&bytes) {
                Ok(done) => {
                    let header_first = bytes.first() == Some(&b'{');
                    prop_assert!(done.is_empty() || header_first);
                }
                Err(err) => prop_assert!(!err.to_string().contains('\n')),
            }
        }

        /// Sealed lines of any text: the seal passes, the reading of the
        /// fields decides.
        #[test]
        fn sealed_text_gives_units_or_an_error(
            lines in proptest::collection::vec("\\{[\"a-z:0-9,{}-]{0,60}", 0..5),
        ) {
            let header = seal_line(&header_payload(&problem()));
            let text: String = std::iter::once(header)
                .chain(lines.iter().map(|line| seal_line(line)))
                .collect();
            match opened(text.as_bytes()) {
                Ok(done) => prop_assert!(done.len() <= lines.len()),
                Err(err) => prop_assert!(!err.to_string().contains('\n')),
            }
        }
    }
}
