//! Checkpoints for long counts: a text file recording each finished work
//! unit, so that an interrupted count resumes where it stopped — on this
//! machine or on a cluster, since every driver writes the same format.
//!
//! # Format (version 2)
//!
//! One JSON object per line, each line ending in `\n`:
//!
//! ```text
//! {"format":"puzzles-queens-count","version":2,"scheme":"lexmin-rows-1","n":17,"split":4,"units":5617,"check":"…"}
//! {"n":17,"split":4,"units":5617,"scheme":"lexmin-rows-1","unit":0,"total":133392,"unique":16674,"nodes":2093466,"check":"…"}
//! {"n":17,"split":4,"units":5617,"scheme":"lexmin-rows-1","unit":2,"total":60768,"unique":7596,"nodes":1040193,"check":"…"}
//! ```
//!
//! The first line names the problem: board size, split depth, number of
//! units and the reduction scheme (see [`count`](super::count)), which
//! together fix what each unit id means. Every other line records one
//! finished unit (in the order units finished) and names its problem again,
//! so a line copied in from another count's checkpoint is refused rather
//! than summed. `check` is the FNV-1a 64-bit hash of the line's bytes before
//! `,"check":"`, in 16 lower-case hex digits: an edited or damaged line no
//! longer matches it. (It detects accidents, not forgery.) A file whose last
//! line has no newline was cut short while being written and is refused,
//! like any other damage: the reader never guesses. [`CheckpointFile`]
//! never leaves one: a write that fails part way (a full disk) is cut back
//! to the last whole line, so the same command resumes once there is room.
//! A checkpoint must be a regular file (or not exist yet): a FIFO, a device
//! or a directory is refused before anything is read or written. A line is
//! at most [`MAX_LINE`] bytes; a longer one is refused after reading that
//! much.
//!
//! Version 1 records did not name their problem; this build refuses version
//! 1 files, saying so, rather than trust their records.
//!
//! # Locking
//!
//! [`CheckpointFile`] holds an exclusive lock on the file (`flock`, through
//! [`File::try_lock`]) while it is open: a second count on the same file
//! stops at once with [`CheckpointFileError::InUse`], touching nothing. The
//! operating system drops the lock when the process ends, however it ends,
//! so a crash never leaves a stale lock behind.
//!
//! # Example
//!
//! ```
//! use puzzles::queens::checkpoint::{Checkpoint, CheckpointHeader, CheckpointWriter};
//! use puzzles::queens::count::CountPlan;
//!
//! let plan = CountPlan::new(10, 2)?;
//! let mut writer = CheckpointWriter::create(Vec::new(), &CheckpointHeader::for_plan(&plan))?;
//! writer.record(0, plan.count_unit(0)?)?;
//! let bytes = writer.into_inner();
//!
//! let checkpoint = Checkpoint::read(&bytes[..])?;
//! checkpoint.check_plan(&plan)?;
//! assert_eq!(checkpoint.done().len(), 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::BTreeMap;
use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{self, BufRead, Seek, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde::Deserialize;

use super::count::{CountPlan, SCHEME, Tally, UnitCount, UnitId};
use crate::lines::{Line, read_line_bounded};

/// The `format` field of a header line.
pub const FORMAT: &str = "puzzles-queens-count";

/// The format version this module writes and reads.
pub const VERSION: u32 = 2;

/// The longest checkpoint line, newline excluded, that the reader accepts:
/// a written line is under 200 bytes, so 4 KiB leaves room for any header
/// while a damaged file of one huge line costs 4 KiB, not its size.
pub const MAX_LINE: usize = 4096;

/// What a checkpoint's header line records: the problem its unit ids refer
/// to.
///
/// # Example
///
/// ```
/// use puzzles::queens::checkpoint::CheckpointHeader;
/// use puzzles::queens::count::CountPlan;
///
/// let header = CheckpointHeader::for_plan(&CountPlan::new(8, 2)?);
/// assert_eq!((header.n, header.split, header.units), (8, 2, 16));
/// # Ok::<(), puzzles::queens::count::CountError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CheckpointHeader {
    /// The reduction scheme ([`SCHEME`] for this build).
    pub scheme: String,
    /// The board size.
    pub n: usize,
    /// The split depth.
    pub split: usize,
    /// How many units the plan has.
    pub units: u64,
}

impl CheckpointHeader {
    /// The header for counting `plan`.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::checkpoint::CheckpointHeader;
    /// use puzzles::queens::count::{CountPlan, SCHEME};
    ///
    /// assert_eq!(CheckpointHeader::for_plan(&CountPlan::new(8, 2)?).scheme, SCHEME);
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn for_plan(plan: &CountPlan) -> CheckpointHeader {
        CheckpointHeader {
            scheme: plan.scheme().to_string(),
            n: plan.n(),
            split: plan.split(),
            units: plan.len(),
        }
    }

    /// The header's line, newline included.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::checkpoint::CheckpointHeader;
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let line = CheckpointHeader::for_plan(&CountPlan::new(8, 2)?).line();
    /// assert!(line.starts_with(r#"{"format":"puzzles-queens-count","version":2,"#));
    /// assert!(line.ends_with("\"}\n"));
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn line(&self) -> String {
        let scheme = serde_json::to_string(&self.scheme).expect("a string serializes");
        seal(&format!(
            r#"{{"format":"{FORMAT}","version":{VERSION},"scheme":{scheme},"n":{},"split":{},"units":{}"#,
            self.n, self.split, self.units
        ))
    }

    /// The fields that bind a record to this problem, as a record line
    /// starts with them: `"n":17,"split":4,"units":5617,"scheme":"…"`.
    fn record_prefix(&self) -> String {
        let scheme = serde_json::to_string(&self.scheme).expect("a string serializes");
        format!(
            r#""n":{},"split":{},"units":{},"scheme":{scheme}"#,
            self.n, self.split, self.units
        )
    }
}

impl fmt::Display for CheckpointHeader {
    /// Writes `n = 17, split 4 (5617 units, scheme lexmin-rows-1)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "n = {}, split {} ({} units, scheme {})",
            self.n, self.split, self.units, self.scheme
        )
    }
}

/// The line recording that unit `id` of `header`'s problem finished with
/// `count`, newline included.
///
/// # Example
///
/// ```
/// use puzzles::queens::checkpoint::{CheckpointHeader, record_line};
/// use puzzles::queens::count::{CountPlan, UnitCount};
///
/// let header = CheckpointHeader::for_plan(&CountPlan::new(8, 2)?);
/// let line = record_line(&header, 7, UnitCount { total: 16, unique: 2, nodes: 100 });
/// assert!(line.starts_with(
///     r#"{"n":8,"split":2,"units":16,"scheme":"lexmin-rows-1","unit":7,"total":16,"unique":2,"nodes":100,"check":""#
/// ));
/// # Ok::<(), puzzles::queens::count::CountError>(())
/// ```
pub fn record_line(header: &CheckpointHeader, id: UnitId, count: UnitCount) -> String {
    seal(&format!(
        r#"{{{},"unit":{id},"total":{},"unique":{},"nodes":{}"#,
        header.record_prefix(),
        count.total,
        count.unique,
        count.nodes
    ))
}

/// FNV-1a, 64 bits.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

const CHECK_FIELD: &str = ",\"check\":\"";

/// Closes `payload` (an object without its closing brace) with its checksum.
fn seal(payload: &str) -> String {
    format!(
        "{payload}{CHECK_FIELD}{:016x}\"}}\n",
        fnv1a(payload.as_bytes())
    )
}

/// The object of a sealed line (newline removed) with its checksum verified.
fn unseal(line: &str) -> Result<String, Problem> {
    let (payload, rest) = line.rsplit_once(CHECK_FIELD).ok_or(Problem::NoChecksum)?;
    let hex = rest.strip_suffix("\"}").ok_or(Problem::NoChecksum)?;
    let well_formed = hex.len() == 16
        && hex
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    if !well_formed {
        return Err(Problem::NoChecksum);
    }
    let recorded = u64::from_str_radix(hex, 16).map_err(|_| Problem::NoChecksum)?;
    if fnv1a(payload.as_bytes()) != recorded {
        return Err(Problem::BadChecksum);
    }
    Ok(format!("{payload}}}"))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HeaderFields {
    format: String,
    version: u32,
    scheme: String,
    n: usize,
    split: usize,
    units: u64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordFields {
    n: usize,
    split: usize,
    units: u64,
    scheme: String,
    unit: u64,
    total: u64,
    unique: u64,
    nodes: u64,
}

/// Why a checkpoint was refused, with the line where the trouble is (1 for
/// the header; 0 for a read error before any line).
///
/// # Example
///
/// ```
/// use puzzles::queens::checkpoint::{Checkpoint, Problem};
///
/// let err = Checkpoint::read(&b""[..]).unwrap_err();
/// assert!(matches!(err.problem, Problem::Empty));
/// assert_eq!(err.to_string(), "line 1: the file is empty (no header line)");
/// ```
#[derive(Debug, thiserror::Error)]
#[error("line {line}: {problem}")]
pub struct CheckpointError {
    /// The line, counting from 1.
    pub line: usize,
    /// What is wrong with it.
    pub problem: Problem,
}

/// What is wrong with a checkpoint line (see [`CheckpointError`]).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Problem {
    /// Nothing at all in the file.
    #[error("the file is empty (no header line)")]
    Empty,
    /// The last line has no newline: the file was cut short mid-write.
    #[error(
        "the line is cut short (no newline at its end), so the file was truncated; \
         delete that line to resume from the units before it"
    )]
    Truncated,
    /// The bytes are not UTF-8 text.
    #[error("not UTF-8 text")]
    NotText,
    /// A line longer than [`MAX_LINE`] bytes: no checkpoint line is.
    #[error("the line is longer than {MAX_LINE} bytes, so it is no checkpoint line")]
    TooLong,
    /// The line does not end in `,"check":"<16 hex digits>"}`.
    #[error(r#"no checksum (a line ends in ,"check":"<16 lower-case hex digits>"}})"#)]
    NoChecksum,
    /// The checksum does not match the line.
    #[error("checksum mismatch: the line was edited or damaged")]
    BadChecksum,
    /// The first line is not a header of this format.
    #[error("not a queens counting checkpoint header: {0}")]
    NotAHeader(String),
    /// A format version this build cannot read.
    #[error("format version {0} is not supported (this build reads version {VERSION})")]
    Version(u32),
    /// A file in an older format, whose records this build does not trust.
    #[error(
        "format version {0} is an old checkpoint format that this build no longer reads \
         (its records do not name their problem, so lines of another count could mix in); \
         this build reads version {VERSION}: move the file aside and count afresh"
    )]
    OldVersion(u32),
    /// A record of another problem than the header's: a line copied in from
    /// another count's checkpoint.
    #[error(
        "the record is for {found}, but the file's header is for {header}: \
         a line of another count's checkpoint"
    )]
    ForeignRecord {
        /// The header's problem.
        header: CheckpointHeader,
        /// The problem the record names.
        found: CheckpointHeader,
    },
    /// A unit line that does not parse.
    #[error("not a unit record: {0}")]
    NotARecord(String),
    /// A unit id beyond the header's unit count.
    #[error("unit {id} is out of range (the checkpoint has units 0 to {})", units.saturating_sub(1))]
    OutOfRange {
        /// The id recorded.
        id: UnitId,
        /// The header's unit count.
        units: u64,
    },
    /// The same unit twice.
    #[error("unit {id} is recorded twice (first on line {first})")]
    Duplicate {
        /// The unit.
        id: UnitId,
        /// The line of its first record.
        first: usize,
    },
    /// Counts no unit can have: fewer solutions than classes, or more than
    /// eight per class; or classes counted in a quadrant unit, which
    /// records none.
    #[error("unit {id} has impossible counts (total {total}, unique {unique})")]
    Impossible {
        /// The unit.
        id: UnitId,
        /// Its recorded total.
        total: u64,
        /// Its recorded fundamental count.
        unique: u64,
    },
    /// The checkpoint was written for another problem than the one counted.
    #[error("the checkpoint is for {found}, but this count is {expected}")]
    Mismatch {
        /// The count being run.
        expected: CheckpointHeader,
        /// What the checkpoint records.
        found: CheckpointHeader,
    },
    /// Reading failed.
    #[error("cannot read: {0}")]
    Io(#[source] io::Error),
}

/// A checkpoint read back: its header and the units it records as done.
///
/// # Example
///
/// ```
/// use puzzles::queens::checkpoint::{Checkpoint, CheckpointHeader, record_line};
/// use puzzles::queens::count::{CountPlan, UnitCount};
///
/// let plan = CountPlan::new(8, 2)?;
/// let header = CheckpointHeader::for_plan(&plan);
/// let mut text = header.line();
/// text += &record_line(&header, 3, UnitCount { total: 8, unique: 1, nodes: 20 });
/// let checkpoint = Checkpoint::read(text.as_bytes())?;
/// assert_eq!(checkpoint.header().n, 8);
/// assert_eq!(checkpoint.tally().total, 8);
/// assert!(!checkpoint.is_complete());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checkpoint {
    header: CheckpointHeader,
    done: BTreeMap<UnitId, UnitCount>,
}

impl Checkpoint {
    /// Reads and validates a checkpoint: header, checksums, unit ids in
    /// range and not repeated, counts possible, nothing cut short.
    ///
    /// # Errors
    ///
    /// A [`CheckpointError`] naming the first bad line and what is wrong.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::checkpoint::{Checkpoint, CheckpointHeader, Problem};
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let header = CheckpointHeader::for_plan(&CountPlan::new(8, 2)?).line();
    /// let cut = &header.as_bytes()[..header.len() - 1]; // no final newline
    /// let err = Checkpoint::read(cut).unwrap_err();
    /// assert!(matches!(err.problem, Problem::Truncated));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn read(mut reader: impl BufRead) -> Result<Checkpoint, CheckpointError> {
        let mut bytes = Vec::new();
        let mut line_number = 0;
        let mut header: Option<CheckpointHeader> = None;
        let mut done = BTreeMap::new();
        let mut first_seen: BTreeMap<UnitId, usize> = BTreeMap::new();
        loop {
            let read = read_line_bounded(&mut reader, &mut bytes, MAX_LINE).map_err(|err| {
                CheckpointError {
                    line: line_number + 1,
                    problem: Problem::Io(err),
                }
            })?;
            if read == Line::End {
                break;
            }
            line_number += 1;
            let fail = |problem| CheckpointError {
                line: line_number,
                problem,
            };
            if read == Line::TooLong {
                return Err(fail(Problem::TooLong));
            }
            let Some(content) = bytes.strip_suffix(b"\n") else {
                return Err(fail(Problem::Truncated));
            };
            let text = std::str::from_utf8(content).map_err(|_| fail(Problem::NotText))?;
            let object = unseal(text).map_err(fail)?;
            match &header {
                None => header = Some(parse_header(&object).map_err(fail)?),
                Some(header) => {
                    let (id, count) = parse_record(&object, header).map_err(fail)?;
                    if let Some(&first) = first_seen.get(&id) {
                        return Err(fail(Problem::Duplicate { id, first }));
                    }
                    first_seen.insert(id, line_number);
                    done.insert(id, count);
                }
            }
        }
        let header = header.ok_or(CheckpointError {
            line: 1,
            problem: Problem::Empty,
        })?;
        Ok(Checkpoint { header, done })
    }

    /// The header.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::checkpoint::{Checkpoint, CheckpointHeader};
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let line = CheckpointHeader::for_plan(&CountPlan::new(9, 1)?).line();
    /// assert_eq!(Checkpoint::read(line.as_bytes())?.header().split, 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn header(&self) -> &CheckpointHeader {
        &self.header
    }

    /// The finished units and their counts.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::checkpoint::{Checkpoint, CheckpointHeader};
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let line = CheckpointHeader::for_plan(&CountPlan::new(9, 1)?).line();
    /// assert!(Checkpoint::read(line.as_bytes())?.done().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn done(&self) -> &BTreeMap<UnitId, UnitCount> {
        &self.done
    }

    /// The sum of the finished units.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::checkpoint::{Checkpoint, CheckpointHeader};
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let line = CheckpointHeader::for_plan(&CountPlan::new(9, 1)?).line();
    /// assert_eq!(Checkpoint::read(line.as_bytes())?.tally().units, 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn tally(&self) -> Tally {
        self.done.values().copied().collect()
    }

    /// Whether every unit of the header's plan is recorded.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::checkpoint::{Checkpoint, CheckpointHeader, record_line};
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let plan = CountPlan::new(5, 0)?; // one unit
    /// let header = CheckpointHeader::for_plan(&plan);
    /// let text = header.line() + &record_line(&header, 0, plan.count_unit(0)?);
    /// assert!(Checkpoint::read(text.as_bytes())?.is_complete());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_complete(&self) -> bool {
        self.done.len() as u64 == self.header.units
    }

    /// Checks that the checkpoint was written for `plan` (same scheme, board
    /// size, split and unit count).
    ///
    /// # Errors
    ///
    /// [`Problem::Mismatch`] on line 1, naming both problems.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::checkpoint::{Checkpoint, CheckpointHeader};
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let line = CheckpointHeader::for_plan(&CountPlan::new(9, 1)?).line();
    /// let checkpoint = Checkpoint::read(line.as_bytes())?;
    /// let err = checkpoint.check_plan(&CountPlan::new(10, 1)?).unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "line 1: the checkpoint is for n = 9, split 1 (4 units, scheme lexmin-rows-1), \
    ///      but this count is n = 10, split 1 (5 units, scheme lexmin-rows-1)"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check_plan(&self, plan: &CountPlan) -> Result<(), CheckpointError> {
        let expected = CheckpointHeader::for_plan(plan);
        if self.header == expected {
            Ok(())
        } else {
            Err(CheckpointError {
                line: 1,
                problem: Problem::Mismatch {
                    expected,
                    found: self.header.clone(),
                },
            })
        }
    }
}

fn parse_header(object: &str) -> Result<CheckpointHeader, Problem> {
    let fields: HeaderFields =
        serde_json::from_str(object).map_err(|err| Problem::NotAHeader(err.to_string()))?;
    if fields.format != FORMAT {
        return Err(Problem::NotAHeader(format!(
            "format {:?}, expected {FORMAT:?}",
            fields.format
        )));
    }
    if fields.version < VERSION {
        return Err(Problem::OldVersion(fields.version));
    }
    if fields.version != VERSION {
        return Err(Problem::Version(fields.version));
    }
    Ok(CheckpointHeader {
        scheme: fields.scheme,
        n: fields.n,
        split: fields.split,
        units: fields.units,
    })
}

fn parse_record(object: &str, header: &CheckpointHeader) -> Result<(UnitId, UnitCount), Problem> {
    let fields: RecordFields =
        serde_json::from_str(object).map_err(|err| Problem::NotARecord(err.to_string()))?;
    let found = CheckpointHeader {
        scheme: fields.scheme,
        n: fields.n,
        split: fields.split,
        units: fields.units,
    };
    if found != *header {
        return Err(Problem::ForeignRecord {
            header: header.clone(),
            found,
        });
    }
    let units = header.units;
    let id = fields.unit;
    if id >= units {
        return Err(Problem::OutOfRange { id, units });
    }
    let (total, unique) = (fields.total, fields.unique);
    let impossible = if header.scheme == super::quadrants::SCHEME {
        // The quadrant counter does not tell classes apart.
        unique != 0
    } else {
        total < unique || total > unique.saturating_mul(8)
    };
    if impossible {
        return Err(Problem::Impossible { id, total, unique });
    }
    Ok((
        id,
        UnitCount {
            total,
            unique,
            nodes: fields.nodes,
        },
    ))
}

/// Appends unit records to a checkpoint, flushing each so that a crash loses
/// at most the units in flight.
///
/// # Example
///
/// ```
/// use puzzles::queens::checkpoint::{Checkpoint, CheckpointHeader, CheckpointWriter};
/// use puzzles::queens::count::{CountPlan, UnitCount};
///
/// let plan = CountPlan::new(8, 2)?;
/// let header = CheckpointHeader::for_plan(&plan);
/// let mut first = CheckpointWriter::create(Vec::new(), &header)?;
/// first.record(0, plan.count_unit(0)?)?;
/// // A later run appends to the same file.
/// let mut second = CheckpointWriter::resume(first.into_inner(), &header);
/// second.record(1, plan.count_unit(1)?)?;
/// let checkpoint = Checkpoint::read(&second.into_inner()[..])?;
/// assert_eq!(checkpoint.done().len(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct CheckpointWriter<W: Write> {
    out: W,
    header: CheckpointHeader,
}

impl<W: Write> CheckpointWriter<W> {
    /// Starts a new checkpoint: writes and flushes the header.
    ///
    /// # Errors
    ///
    /// Any error writing to `out`.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::checkpoint::{CheckpointHeader, CheckpointWriter};
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let header = CheckpointHeader::for_plan(&CountPlan::new(8, 2)?);
    /// let writer = CheckpointWriter::create(Vec::new(), &header)?;
    /// assert_eq!(writer.into_inner(), header.line().into_bytes());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn create(mut out: W, header: &CheckpointHeader) -> io::Result<CheckpointWriter<W>> {
        out.write_all(header.line().as_bytes())?;
        out.flush()?;
        Ok(CheckpointWriter::resume(out, header))
    }

    /// Continues a checkpoint of `header`'s problem whose header line is
    /// already written (`out` opened for appending, after
    /// [`Checkpoint::read`] has validated it).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::checkpoint::{CheckpointHeader, CheckpointWriter};
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let header = CheckpointHeader::for_plan(&CountPlan::new(8, 2)?);
    /// let writer = CheckpointWriter::resume(Vec::<u8>::new(), &header);
    /// assert!(writer.into_inner().is_empty());
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn resume(out: W, header: &CheckpointHeader) -> CheckpointWriter<W> {
        CheckpointWriter {
            out,
            header: header.clone(),
        }
    }

    /// Records that unit `id` finished with `count`, in one write, flushed.
    ///
    /// # Errors
    ///
    /// Any error writing to the output.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::checkpoint::{CheckpointHeader, CheckpointWriter, record_line};
    /// use puzzles::queens::count::{CountPlan, UnitCount};
    ///
    /// let header = CheckpointHeader::for_plan(&CountPlan::new(8, 2)?);
    /// let count = UnitCount { total: 8, unique: 1, nodes: 3 };
    /// let mut writer = CheckpointWriter::resume(Vec::new(), &header);
    /// writer.record(5, count)?;
    /// assert_eq!(writer.into_inner(), record_line(&header, 5, count).into_bytes());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn record(&mut self, id: UnitId, count: UnitCount) -> io::Result<()> {
        self.out
            .write_all(record_line(&self.header, id, count).as_bytes())?;
        self.out.flush()
    }

    /// The output, for instance to sync a file to disk now and then.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::checkpoint::{CheckpointHeader, CheckpointWriter};
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let header = CheckpointHeader::for_plan(&CountPlan::new(8, 2)?);
    /// let writer = CheckpointWriter::resume(Vec::<u8>::new(), &header);
    /// assert!(writer.get_ref().is_empty());
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn get_ref(&self) -> &W {
        &self.out
    }

    /// Gives the output back.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::checkpoint::{CheckpointHeader, CheckpointWriter};
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let header = CheckpointHeader::for_plan(&CountPlan::new(8, 2)?);
    /// assert!(CheckpointWriter::resume(Vec::<u8>::new(), &header).into_inner().is_empty());
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn into_inner(self) -> W {
        self.out
    }
}

/// A checkpoint on disk, as a long count keeps it: an existing file is read
/// and checked against the plan (so a run resumes where it stopped), a
/// missing one is created with its header, and every finished unit is
/// appended as one flushed line. The file is synced to disk about once a
/// second, so a crash of the machine loses at most the last second's units
/// and a crash of the program none. While it is open it holds an exclusive
/// lock on the file (see [`lock_exclusive`]): a second `open` of the same
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
    writer: CheckpointWriter<File>,
    last_sync: Instant,
    /// The file's length after its last whole line: a write that fails
    /// part way (a full disk) is cut back to it.
    length: u64,
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
        let not_a_file = |kind| CheckpointFileError::NotAFile {
            path: path.clone(),
            kind,
        };
        // Checked before opening, since opening a FIFO for reading waits
        // for a writer; and again on the open file, in case the path
        // changed in between.
        if let Some(kind) = not_a_regular_file(&path) {
            return Err(not_a_file(kind));
        }
        // Opened for appending and created if missing in one step, then
        // locked before anything is read or written: of two processes
        // racing on a new file, the one that gets the lock writes the header
        // (an empty locked file is a new checkpoint), the other stops.
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(&path)
            .map_err(|err| {
                let action = if err.kind() == io::ErrorKind::NotFound {
                    "create"
                } else {
                    "open"
                };
                io_error(action, err)
            })?;
        let metadata = file.metadata().map_err(|err| io_error("read", err))?;
        if let Some(kind) = kind_of(&metadata) {
            return Err(not_a_file(kind));
        }
        lock_exclusive(&file).map_err(|failure| match failure {
            LockFailure::Held { pid } => CheckpointFileError::InUse {
                path: path.clone(),
                pid,
            },
            LockFailure::Io(err) => io_error("lock", err),
        })?;
        let length = file.metadata().map_err(|err| io_error("read", err))?.len();
        let (writer, done, length) = if length == 0 {
            let header = CheckpointHeader::for_plan(plan);
            let line = header.line();
            let writer = match CheckpointWriter::create(&file, &header) {
                Ok(_) => CheckpointWriter::resume(file, &header),
                Err(err) => {
                    // Back to empty, which is a new checkpoint again.
                    let _ = file.set_len(0);
                    return Err(io_error("write", err));
                }
            };
            (writer, BTreeMap::new(), line.len() as u64)
        } else {
            file.rewind().map_err(|err| io_error("read", err))?;
            let checked = Checkpoint::read(io::BufReader::new(&file))
                .and_then(|checkpoint| checkpoint.check_plan(plan).map(|()| checkpoint));
            let checkpoint = checked.map_err(|invalid| CheckpointFileError::Invalid {
                path: path.clone(),
                invalid: Box::new(invalid),
            })?;
            (
                CheckpointWriter::resume(file, &checkpoint.header),
                checkpoint.done,
                length,
            )
        };
        Ok((
            CheckpointFile {
                path,
                writer,
                last_sync: Instant::now(),
                length,
            },
            done,
        ))
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
        let line = record_line(&self.writer.header, id, count);
        let written = (&self.writer.out)
            .write_all(line.as_bytes())
            .and_then(|()| (&self.writer.out).flush());
        if let Err(cause) = written {
            // Part of the line may be written (a full disk takes what fits):
            // cut it off, so that the file ends with its last whole line and
            // the same command resumes from it once there is room.
            let _ = self.writer.out.set_len(self.length);
            return Err(CheckpointFileError::Io {
                action: "write",
                path: self.path.clone(),
                cause,
            });
        }
        self.length += line.len() as u64;
        if self.last_sync.elapsed() >= SYNC_EVERY {
            self.writer
                .get_ref()
                .sync_data()
                .map_err(|cause| CheckpointFileError::Io {
                    action: "write",
                    path: self.path.clone(),
                    cause,
                })?;
            self.last_sync = Instant::now();
        }
        Ok(())
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
        self.writer.get_ref().sync_data()
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

/// How often [`CheckpointFile::record`] asks the disk to keep the file.
const SYNC_EVERY: Duration = Duration::from_secs(1);

/// Why [`lock_exclusive`] did not lock a file.
#[derive(Debug)]
pub enum LockFailure {
    /// Another open file (another process, as a rule) holds the lock.
    Held {
        /// That process, when the system says (on Linux, from
        /// `/proc/locks`).
        pid: Option<u32>,
    },
    /// Locking failed for another reason.
    Io(io::Error),
}

/// `pid 1234`, or `pid unknown`.
fn holder_text(pid: Option<u32>) -> String {
    match pid {
        Some(pid) => format!("pid {pid}"),
        None => "pid unknown".to_string(),
    }
}

/// Takes an exclusive advisory lock on `file` without waiting, for as long
/// as `file` stays open. The lock belongs to the open file, so it ends with
/// the process, however the process ends: a crash leaves no stale lock.
/// Other record files (a shard's part file) use it as checkpoints do.
///
/// # Errors
///
/// [`LockFailure::Held`] when another open file holds the lock, naming the
/// holder's pid where the system says; [`LockFailure::Io`] otherwise.
///
/// # Example
///
/// ```
/// use puzzles::queens::checkpoint::{LockFailure, lock_exclusive};
///
/// let path = std::env::temp_dir().join(format!("doc-lock-{}", std::process::id()));
/// let first = std::fs::File::create(&path)?;
/// lock_exclusive(&first).unwrap();
/// let second = std::fs::File::open(&path)?;
/// let Err(LockFailure::Held { pid }) = lock_exclusive(&second) else { panic!() };
/// # #[cfg(target_os = "linux")]
/// assert_eq!(pid, Some(std::process::id()));
/// drop(first);
/// assert!(lock_exclusive(&second).is_ok());
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn lock_exclusive(file: &File) -> Result<(), LockFailure> {
    match file.try_lock() {
        Ok(()) => Ok(()),
        Err(std::fs::TryLockError::WouldBlock) => Err(LockFailure::Held {
            pid: lock_holder(file),
        }),
        Err(std::fs::TryLockError::Error(err)) => Err(LockFailure::Io(err)),
    }
}

/// The process holding a `flock` lock on `file`, from `/proc/locks`, whose
/// lines read `1: FLOCK  ADVISORY  WRITE 2765 fe:00:5455952 0 EOF` (pid,
/// then the device's major and minor number in hex and the inode).
#[cfg(target_os = "linux")]
fn lock_holder(file: &File) -> Option<u32> {
    use std::os::unix::fs::MetadataExt;
    let metadata = file.metadata().ok()?;
    let dev = metadata.dev();
    let major = ((dev >> 8) & 0xfff) | ((dev >> 32) & !0xfff);
    let minor = (dev & 0xff) | ((dev >> 12) & !0xff);
    let wanted = format!("{major:02x}:{minor:02x}:{}", metadata.ino());
    let inode_only = format!(":{}", metadata.ino());
    let locks = std::fs::read_to_string("/proc/locks").ok()?;
    let mut by_inode = None;
    for line in locks.lines() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        // `->` marks a process waiting for the lock, not holding it.
        if fields.get(1) != Some(&"FLOCK") || fields.contains(&"->") {
            continue;
        }
        let (Some(pid), Some(id)) = (fields.get(4), fields.get(5)) else {
            continue;
        };
        let Ok(pid) = pid.parse::<u32>() else {
            continue;
        };
        if *id == wanted {
            return Some(pid);
        }
        // Some file systems (overlays) show another device number.
        if id.ends_with(&inode_only) {
            by_inode = Some(pid);
        }
    }
    by_inode
}

#[cfg(not(target_os = "linux"))]
fn lock_holder(_file: &File) -> Option<u32> {
    None
}

/// What is at `path` when it is there but is no regular file (a link is
/// followed): `a FIFO`, `a character device`, `a directory`, …; `None`
/// for a regular file, or when nothing is there (or the path cannot be
/// looked at: opening it says why). Record files — checkpoints, a
/// shard's part — must be regular files: reading a FIFO waits for ever, a
/// device keeps nothing, and renaming over one replaces it.
///
/// # Example
///
/// ```
/// use puzzles::queens::checkpoint::not_a_regular_file;
///
/// # #[cfg(unix)]
/// assert_eq!(not_a_regular_file("/dev/null".as_ref()), Some("a character device"));
/// assert_eq!(not_a_regular_file(&std::env::temp_dir()), Some("a directory"));
/// assert_eq!(not_a_regular_file("no-such-file.ckpt".as_ref()), None);
/// ```
pub fn not_a_regular_file(path: &Path) -> Option<&'static str> {
    kind_of(&std::fs::metadata(path).ok()?)
}

/// What a file that is not regular is; `None` for a regular one.
fn kind_of(metadata: &std::fs::Metadata) -> Option<&'static str> {
    let kind = metadata.file_type();
    if kind.is_file() {
        return None;
    }
    if kind.is_dir() {
        return Some("a directory");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return Some("a FIFO");
        }
        if kind.is_char_device() {
            return Some("a character device");
        }
        if kind.is_block_device() {
            return Some("a block device");
        }
        if kind.is_socket() {
            return Some("a socket");
        }
    }
    Some("a special file")
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

/// Seals a JSON object the way checkpoint lines are sealed: `payload` is
/// the object's text without its closing brace; the result adds the
/// `check` field (FNV-1a 64 of `payload`), the brace and a newline. Other
/// small record files (a shard's part file, say) use it to catch damage the
/// same way.
///
/// # Example
///
/// ```
/// use puzzles::queens::checkpoint::{seal_line, unseal_line};
///
/// let line = seal_line(r#"{"shard":3"#);
/// assert!(line.starts_with(r#"{"shard":3,"check":""#) && line.ends_with("\"}\n"));
/// assert_eq!(unseal_line(line.trim_end())?, r#"{"shard":3}"#);
/// # Ok::<(), puzzles::queens::checkpoint::Problem>(())
/// ```
pub fn seal_line(payload: &str) -> String {
    seal(payload)
}

/// The JSON object of a line made by [`seal_line`] (given without its
/// newline), once its checksum is verified: the object without the `check`
/// field.
///
/// # Errors
///
/// [`Problem::NoChecksum`] when the line does not end in a `check` field,
/// [`Problem::BadChecksum`] when the line was edited or damaged.
///
/// # Example
///
/// ```
/// use puzzles::queens::checkpoint::{Problem, seal_line, unseal_line};
///
/// let line = seal_line(r#"{"shard":3"#).replacen('3', "4", 1);
/// assert!(matches!(unseal_line(line.trim_end()), Err(Problem::BadChecksum)));
/// assert!(matches!(unseal_line("{}"), Err(Problem::NoChecksum)));
/// ```
pub fn unseal_line(line: &str) -> Result<String, Problem> {
    unseal(line)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn sample() -> (CountPlan, String) {
        let plan = CountPlan::new(9, 2).unwrap();
        let header = CheckpointHeader::for_plan(&plan);
        let mut text = header.line();
        for id in [0, 3, 1] {
            text += &record_line(&header, id, plan.count_unit(id).unwrap());
        }
        (plan, text)
    }

    fn problem(text: &str) -> (usize, Problem) {
        let err = Checkpoint::read(text.as_bytes()).unwrap_err();
        (err.line, err.problem)
    }

    #[test]
    fn a_written_checkpoint_reads_back() {
        let (plan, text) = sample();
        let checkpoint = Checkpoint::read(text.as_bytes()).unwrap();
        checkpoint.check_plan(&plan).unwrap();
        assert_eq!(
            checkpoint.done().keys().copied().collect::<Vec<_>>(),
            [0, 1, 3]
        );
        assert_eq!(checkpoint.done()[&3], plan.count_unit(3).unwrap());
    }

    #[test]
    fn every_single_byte_edit_is_caught() {
        let (_, text) = sample();
        let bytes = text.as_bytes();
        for index in 0..bytes.len() {
            if bytes[index] == b'\n' {
                continue;
            }
            let mut edited = bytes.to_vec();
            edited[index] = if bytes[index] == b'1' { b'2' } else { b'1' };
            assert!(
                Checkpoint::read(&edited[..]).is_err(),
                "edit at byte {index} passed"
            );
        }
    }

    #[test]
    fn a_cut_last_line_is_refused_with_its_number() {
        let (_, text) = sample();
        for cut in 1..text.len() {
            if text.as_bytes()[cut - 1] == b'\n' {
                continue;
            }
            let (line, problem) = problem(&text[..cut]);
            assert_eq!(line, text[..cut].matches('\n').count() + 1);
            assert!(matches!(problem, Problem::Truncated), "{problem}");
        }
    }

    #[test]
    fn repeated_and_out_of_range_units_are_refused() {
        let (plan, text) = sample();
        let header = CheckpointHeader::for_plan(&plan);
        let count = plan.count_unit(3).unwrap();
        let (line, found) = problem(&(text.clone() + &record_line(&header, 3, count)));
        assert_eq!(line, 5);
        assert!(matches!(found, Problem::Duplicate { id: 3, first: 3 }));
        let (line, found) = problem(&(text + &record_line(&header, plan.len(), count)));
        assert_eq!(line, 5);
        assert!(matches!(found, Problem::OutOfRange { .. }));
    }

    #[test]
    fn impossible_counts_are_refused_even_with_a_good_checksum() {
        let (plan, mut text) = sample();
        text += &record_line(
            &CheckpointHeader::for_plan(&plan),
            4,
            UnitCount {
                total: 17,
                unique: 2,
                nodes: 1,
            },
        );
        let (line, found) = problem(&text);
        assert_eq!(line, 5);
        assert!(matches!(found, Problem::Impossible { id: 4, .. }));
        drop(plan);
    }

    #[test]
    fn a_header_for_another_problem_is_a_mismatch() {
        let (_, text) = sample();
        let checkpoint = Checkpoint::read(text.as_bytes()).unwrap();
        for other in [
            CountPlan::new(9, 3).unwrap(),
            CountPlan::new(10, 2).unwrap(),
        ] {
            let err = checkpoint.check_plan(&other).unwrap_err();
            assert_eq!(err.line, 1);
            assert!(matches!(err.problem, Problem::Mismatch { .. }));
        }
    }

    #[test]
    fn other_files_are_not_headers() {
        assert!(matches!(problem("hello\n").1, Problem::NoChecksum));
        let versioned = seal(&format!(
            r#"{{"format":"{FORMAT}","version":3,"scheme":"x","n":8,"split":2,"units":16"#
        ));
        assert!(matches!(problem(&versioned).1, Problem::Version(3)));
        let header = CheckpointHeader::for_plan(&CountPlan::new(8, 2).unwrap());
        let record_first = record_line(&header, 0, UnitCount::default());
        assert!(matches!(problem(&record_first).1, Problem::NotAHeader(_)));
        assert!(matches!(problem("\n").1, Problem::NoChecksum));
    }

    /// Issue 13: a line of another count's checkpoint, checksum intact, was
    /// summed in (version 1 records did not name their problem).
    #[test]
    fn a_record_of_another_count_is_refused_with_its_line() {
        let (plan, text) = sample();
        for other in [
            CountPlan::new(10, 2).unwrap(),
            CountPlan::new(9, 3).unwrap(),
        ] {
            let foreign = CheckpointHeader::for_plan(&other);
            let copied = record_line(&foreign, 2, other.count_unit(2).unwrap());
            let (line, found) = problem(&(text.clone() + &copied));
            assert_eq!(line, 5);
            let Problem::ForeignRecord { header, found } = found else {
                panic!("{found}")
            };
            assert_eq!(
                (header, found),
                (CheckpointHeader::for_plan(&plan), foreign)
            );
        }
        let mut scheme = CheckpointHeader::for_plan(&plan);
        scheme.scheme = "other-scheme".into();
        let copied = record_line(&scheme, 2, plan.count_unit(2).unwrap());
        assert!(matches!(
            problem(&(text + &copied)).1,
            Problem::ForeignRecord { .. }
        ));
    }

    #[test]
    fn version_1_files_are_refused_as_an_old_format() {
        let old = seal(&format!(
            r#"{{"format":"{FORMAT}","version":1,"scheme":"lexmin-rows-1","n":8,"split":2,"units":16"#
        ));
        let (line, found) = problem(&(old + &seal(r#"{"unit":0,"total":8,"unique":1,"nodes":9"#)));
        assert_eq!(line, 1);
        assert!(matches!(found, Problem::OldVersion(1)));
        assert!(
            found.to_string().contains("old checkpoint format"),
            "{found}"
        );
    }

    #[test]
    fn a_long_line_is_refused_after_reading_its_bound() {
        let (_, text) = sample();
        struct Endless(usize);
        impl io::Read for Endless {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                self.0 += buf.len();
                assert!(self.0 < 1 << 20, "read far past the bound");
                buf.fill(b'7');
                Ok(buf.len())
            }
        }
        let long = io::BufReader::new(io::Read::chain(text.as_bytes(), Endless(0)));
        let err = Checkpoint::read(long).unwrap_err();
        assert_eq!(err.line, 5);
        assert!(matches!(err.problem, Problem::TooLong));
        let just_fits = format!("{}{}\n", text, "x".repeat(MAX_LINE));
        assert!(matches!(problem(&just_fits).1, Problem::NoChecksum));
    }

    /// Issue 13: two processes on one checkpoint duplicated and lost lines.
    #[test]
    fn a_second_open_of_one_checkpoint_is_refused_and_changes_nothing() {
        let path = std::env::temp_dir().join(format!("ckpt-lock-{}.ckpt", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let plan = CountPlan::new(8, 2).unwrap();
        let (mut first, _) = CheckpointFile::open(&path, &plan).unwrap();
        first.record(0, plan.count_unit(0).unwrap()).unwrap();
        let before = std::fs::read(&path).unwrap();
        let err = CheckpointFile::open(&path, &plan).unwrap_err();
        let CheckpointFileError::InUse { pid, .. } = &err else {
            panic!("{err}")
        };
        if cfg!(target_os = "linux") {
            assert_eq!(*pid, Some(std::process::id()));
        }
        assert!(
            err.to_string().contains("is in use by another count (pid "),
            "{err}"
        );
        assert_eq!(std::fs::read(&path).unwrap(), before);
        drop(first);
        let (_, done) = CheckpointFile::open(&path, &plan).unwrap();
        assert_eq!(done.len(), 1);
        std::fs::remove_file(&path).unwrap();
    }

    proptest! {
        #[test]
        fn arbitrary_bytes_give_a_checkpoint_or_an_error(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
            match Checkpoint::read(&bytes[..]) {
                Ok(checkpoint) => prop_assert!(checkpoint.done().len() as u64 <= checkpoint.header().units),
                Err(err) => prop_assert!(!err.to_string().is_empty()),
            }
        }

        #[test]
        fn mangled_checkpoints_give_a_checkpoint_or_an_error(
            cut in 0usize..2000,
            insert in proptest::collection::vec(any::<u8>(), 0..8),
        ) {
            let (_, text) = sample();
            let at = cut.min(text.len());
            let mut bytes = text.as_bytes()[..at].to_vec();
            bytes.extend_from_slice(&insert);
            bytes.extend_from_slice(&text.as_bytes()[at..]);
            if let Ok(checkpoint) = Checkpoint::read(&bytes[..]) {
                prop_assert!(checkpoint.done().len() <= 3);
            }
        }

        #[test]
        fn records_round_trip(records in proptest::collection::btree_map(0u64..1000, (1u64..1 << 40, 0u64..u64::MAX), 0..20)) {
            let header = CheckpointHeader { scheme: SCHEME.into(), n: 20, split: 4, units: 1000 };
            let mut writer = CheckpointWriter::create(Vec::new(), &header).unwrap();
            let mut expected = BTreeMap::new();
            for (&id, &(unique, nodes)) in &records {
                let count = UnitCount { total: unique * (1 + id % 8), unique, nodes };
                writer.record(id, count).unwrap();
                expected.insert(id, count);
            }
            let checkpoint = Checkpoint::read(&writer.into_inner()[..]).unwrap();
            prop_assert_eq!(checkpoint.header(), &header);
            prop_assert_eq!(checkpoint.done(), &expected);
        }
    }
}
